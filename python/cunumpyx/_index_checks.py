"""The CUDA bounds check of integer array indices (see docs/architecture.md, Indexing)."""
from cunumpy import _core


def set_cuda_index_checks(enabled):
    """On (default): an out-of-range index raises IndexError on CUDA too, at the cost of one
    synchronization per indexing call. Off: indices wrap as in CuPy and nothing waits."""
    _core._set_cuda_index_checks(bool(enabled))


def cuda_index_checks():
    return _core._cuda_index_checks()
