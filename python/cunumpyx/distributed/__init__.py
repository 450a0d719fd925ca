"""cunumpyx.distributed: CuPy's cupyx.distributed (NCCL communicators on cunumpy arrays).

``init_process_group(n_devices, rank)`` is called by every rank (one process, or thread,
per GPU, each with its device current); rank 0 serves a TCP store on ``host:port``
(``CUNUMPYX_DISTRIBUTED_HOST`` / ``_PORT``, or CuPy's ``CUPYX_DISTRIBUTED_*``; default
127.0.0.1:13333) through which the others receive NCCL's unique id. NCCL is opened then,
not at import (docs/multi_gpu.md).
"""

from cunumpyx.distributed._nccl_comm import NCCLBackend
from cunumpyx.distributed._store import StoreClient, StoreServer  # noqa: F401

__all__ = ["NCCLBackend", "init_process_group"]


def init_process_group(n_devices, rank, *, backend="nccl", host=None, port=None, use_mpi=False):
    """Joins rank ``rank`` of ``n_devices`` ranks and returns its communicator
    (:class:`NCCLBackend`), on the calling thread's current CUDA device."""
    if backend != "nccl":
        raise ValueError(f"backend must be 'nccl', got {backend!r}")
    if use_mpi:
        raise NotImplementedError("use_mpi=True (an MPI rendezvous through mpi4py) is not supported; "
                                  "the TCP store is used")
    return NCCLBackend(n_devices, rank, host=host, port=port)
