#!/usr/bin/env python3
"""Runs tests/python/test_histograms.py through histogram's and bincount's CUDA path
(_histograms._gpu_hist/_gpu_minmax and their RawKernels) on the CPU backend: the RawKernel
is replaced by the same source compiled by the host compiler with a small CUDA emulation
(threads of a block as std::threads, blocks in sequence, host atomics) and launched with
the parameter bytes the real RawKernel binding would pass (RawKernel._pack_args), on the
CPU arrays' memory. The device is said to have 2 SMs to keep grids small.

    CUNUMPY_DEVICE=cpu python3 scripts/emulate_hist_e2e.py [pytest args]

Checks the Python glue (argument order and sizes, grid and shared-memory choices, dtype
plumbing, density/weights/complex handling) together with the kernels; not speed.
"""
import ctypes
import hashlib
import os
import subprocess
import sys
import tempfile

os.environ.setdefault("CUNUMPY_DEVICE", "cpu")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from emulate_hist_kernels import LAUNCH, PRELUDE  # noqa: E402

RUNNERS = LAUNCH + r"""
// params[i] points at argument i's bytes, as cuLaunchKernel's kernelParams.
extern "C" void run_cn_hist(unsigned grid, unsigned block, void** p) {
  launch(grid, block, [&] {
    cn_hist(*(const TA**)p[0], *(const double**)p[1], *(long long*)p[2], *(const TE**)p[3],
            *(long long*)p[4], *(TK*)p[5], *(TK*)p[6], *(TS*)p[7], *(TD*)p[8], *(long long*)p[9],
            *(OT**)p[10], *(long long*)p[11]);
  });
}
extern "C" void run_cn_minmax(unsigned grid, unsigned block, void** p) {
  launch(grid, block, [&] { cn_minmax(*(const TA**)p[0], *(long long*)p[1], *(TA**)p[2]); });
}
"""
NARGS = {"cn_hist": 12, "cn_minmax": 3}
_libs = {}
_tmp = tempfile.mkdtemp(prefix="hist_e2e_")
launches = []


class FakeRawKernel:
    def __init__(self, code, name):
        self.code, self.name = code, name

    num_regs = 40  # a value that leaves 3 blocks of 512 per SM, as some real kernels do

    def _lib(self):
        key = hashlib.sha1(self.code.encode()).hexdigest()[:16]
        if key not in _libs:
            src = self.code.replace("extern __shared__ __align__(16) unsigned char cn_smem[];",
                                    "unsigned char* cn_smem = g_smem;")
            path = os.path.join(_tmp, key)
            open(path + ".cpp", "w").write(PRELUDE + src + RUNNERS)
            subprocess.check_call(["g++", "-std=c++20", "-O1", "-w", "-shared", "-fPIC",
                                   "-pthread", path + ".cpp", "-o", path + ".so"])
            _libs[key] = ctypes.CDLL(path + ".so")
        return _libs[key]

    def __call__(self, grid, block, args, shared_mem=0):
        from cunumpy import _core
        assert len(args) == NARGS[self.name], (self.name, len(args))
        assert shared_mem <= 48 * 1024
        packed = _core.RawKernel._pack_args(args)
        # Each argument padded, so a size mismatch reads zeros/garbage, not past the buffer.
        bufs = [ctypes.create_string_buffer(b + b"\x5a" * (16 - len(b)), 16) for b in packed]
        params = (ctypes.c_void_p * len(bufs))(*[ctypes.addressof(b) for b in bufs])
        launches.append((self.name, grid, block, shared_mem))
        getattr(self._lib(), "run_" + self.name)(grid[0], block[0], params)


def install():
    from cunumpy import _histograms as h
    h._gpu_ok = lambda a: h._ctype(a.dtype) is not None
    h._sm_count = lambda a: 2
    kernels = {}

    def raw(name, *key):  # cached, as the real _raw_kernel (occupancy is keyed by kernel)
        if (name,) + key not in kernels:
            kernels[(name,) + key] = FakeRawKernel(h._hist_source(*key), name)
        return kernels[(name,) + key]
    h._raw_kernel = raw


def main():
    import pytest
    install()
    args = sys.argv[1:] or [os.path.join(HERE, "..", "tests", "python", "test_histograms.py"),
                            "-q", "-p", "no:cacheprovider", "-x"]
    sys.path.insert(0, os.path.join(HERE, "..", "tests", "python"))
    rc = pytest.main(args)
    names = {}
    for n, *_ in launches:
        names[n] = names.get(n, 0) + 1
    print("emulated launches:", names, "shared-memory sizes:",
          sorted({s for *_, s in launches})[:5], "...", max((s for *_, s in launches), default=0))
    return rc


if __name__ == "__main__":
    sys.exit(main())
