"""``cunumpy.show_config()``: how cunumpy was built and what it finds on this machine.

Modelled on ``cupy.show_config()``: one ``name : value`` line each, so that a bug report can
paste it. Nothing here raises: a query that fails prints why instead.
"""
from __future__ import annotations

import os
import platform
import sys


def _try(fn):
    try:
        return fn()
    except Exception as e:  # a diagnostic reports failures, never raises them
        return f"unavailable ({type(e).__name__}: {e})"


def _cuda_version(v: int) -> str:
    return f"{v // 1000}.{v % 1000 // 10}" if v else "none"


def _size(n) -> str:
    if not isinstance(n, int):
        return str(n)
    if n == 0:
        return "0 (no limit)"
    return f"{n} bytes ({n / 2**30:.2f} GiB)"


def _nccl_version() -> str:
    """NCCL's version (2.28.9 from its code 22809), or "not found"; loads NCCL if needed."""
    from cunumpy.cuda import nccl

    if not nccl.available():
        return "not found"
    v = nccl.get_version()
    return f"{v // 10000}.{v % 10000 // 100}.{v % 100}" if v >= 10000 else f"{v // 1000}.{v % 1000 // 100}.{v % 100}"


def config_rows() -> list[tuple[str, str]]:
    """The rows show_config() prints, as (name, value) pairs of strings."""
    import numpy
    import cunumpy
    from cunumpy import _core, _paths

    rows: list[tuple[str, str]] = []
    add = lambda k, v: rows.append((k, str(v)))  # noqa: E731
    add("OS", platform.platform())
    add("Python Version", platform.python_version())
    add("NumPy Version", numpy.__version__)
    add("cunumpy Version", cunumpy.__version__)
    add("cunumpy Path", _paths.package_dir())
    add("libcunumpy Dir", _try(_paths.get_lib_dir))
    add("CMake Package Dir", _try(_paths.get_cmake_dir))

    b = _core._build_info()
    add("Build Version (libcunumpy)", b["version"])
    add("Build Type", b["build_type"])
    add("Compiler", b["compiler"])
    add("CUDA Backend Compiled In", "yes" if b["cuda"] else "no (built without the CUDA toolkit)")
    add("CUDA Build Version", _cuda_version(b["cuda_toolkit_version"]))

    if b["cuda"]:
        for lib in _try(_core._cuda_libraries) or []:
            if isinstance(lib, str):  # the query itself failed
                add("CUDA Libraries", lib)
                break
            name = lib["name"]
            if lib["found"]:
                add(f"{name} Version", lib["version"] or "unknown")
                add(f"{name} Path", lib["path"] or "unknown")
            else:
                add(f"{name} Version", "not found")
                add(f"{name} Error", lib["error"])

    if b["cuda"]:
        add("NCCL Version", _try(_nccl_version))
        from cunumpy.cuda import nccl

        if _try(nccl.available) is not True:
            add("NCCL Error", _try(nccl.unavailable_reason))

    add("Default Device", _try(lambda: cunumpy.cuda._c.current_device()))
    add("CUNUMPY_DEVICE", os.environ.get("CUNUMPY_DEVICE", "(unset)"))
    ndev = _try(cunumpy.cuda.runtime.getDeviceCount) if b["cuda"] else 0
    add("CUDA Device Count", ndev)
    if isinstance(ndev, int):
        for i in range(ndev):
            def props(i=i):
                p = cunumpy.cuda.runtime.getDeviceProperties(i)
                name = p["name"].decode() if isinstance(p["name"], bytes) else p["name"]
                return (f"{name}, compute capability {p['major']}.{p['minor']}, "
                        f"{p['totalGlobalMem'] / 2**30:.1f} GiB")
            add(f"Device {i}", _try(props))

    add("Kernel Cache Dir", _core._kernel_cache_dir() or "(none: no disk cache)")
    add("CUNUMPY_CACHE_DIR", os.environ.get("CUNUMPY_CACHE_DIR", "(unset)"))
    add("CPU Backend Threads", _core._cpu_num_threads())
    add("CUNUMPY_NUM_THREADS", os.environ.get("CUNUMPY_NUM_THREADS", "(unset)"))
    add("CUNUMPY_GPU_MEMORY_LIMIT", os.environ.get("CUNUMPY_GPU_MEMORY_LIMIT", "(unset)"))
    add("Memory Pool Limit (current device)",
        _try(lambda: _size(cunumpy.get_default_memory_pool().get_limit())))
    return rows


def show_config(*, file=None) -> None:
    """Prints the build options, the CUDA libraries found (path and version), the devices,
    the kernel cache folder, the CPU thread count and the memory limits.

    Counterpart of ``cupy.show_config()``; ``python -m cunumpy --config`` prints the same.
    """
    rows = config_rows()
    width = max(len(k) for k, _ in rows)
    out = file if file is not None else sys.stdout
    for k, v in rows:
        print(f"{k:<{width}} : {v}", file=out)
