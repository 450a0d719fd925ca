#!/usr/bin/env python3
"""Compiles every ufunc loop's scalar op (src/scalar/cn_ops.h) with NVRTC, called
as the CUDA backend's generated kernels call it, on a machine with the CUDA toolkit and no
GPU: a quick check that new scalar code is valid for NVRTC.

    python3 scripts/check_ops_nvrtc.py [ufunc names...]

Needs the installed cunumpy (for the registry) and libnvrtc (CUDA_HOME, /usr/local/cuda or
the loader's path). Exits 1 with NVRTC's log when the source does not compile.
"""
import ctypes
import glob
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "scalar")
C = {'?': 'bool', 'b': 'int8_t', 'h': 'int16_t', 'i': 'int32_t', 'l': 'int64_t',
     'B': 'uint8_t', 'H': 'uint16_t', 'I': 'uint32_t', 'L': 'uint64_t', 'e': 'cn::half',
     'f': 'float', 'd': 'double', 'F': 'cn::complex64', 'D': 'cn::complex128'}


def nvrtc_candidates():
    """Where libnvrtc may be: CUDA_HOME, /usr/local/cuda, then NVIDIA's PyPI wheels
    (nvidia-cuda-nvrtc-cu12/-cu13 install it under site-packages/nvidia/.../lib)."""
    import site
    dirs = [os.path.join(h, "lib*") for h in (os.environ.get("CUDA_HOME", ""), "/usr/local/cuda") if h]
    for sp in site.getsitepackages() + [site.getusersitepackages()]:
        dirs += [os.path.join(sp, "nvidia", "cuda_nvrtc", "lib"), os.path.join(sp, "nvidia", "cu*", "lib")]
    found = []
    for d in dirs:
        found += [p for p in sorted(glob.glob(os.path.join(d, "libnvrtc.so*"))) if "builtins" not in p]
    return found


def load_nvrtc():
    for p in nvrtc_candidates():
        try:
            return ctypes.CDLL(p)
        except OSError:
            continue
    return ctypes.CDLL("libnvrtc.so")  # the loader's path; OSError when there is none


def nvrtc_compile(lib, src, name, headers=None, options=()):
    """(compiled, NVRTC's log) for CUDA source `src`; headers: {include name: text};
    options: more NVRTC options (e.g. -D definitions)."""
    headers = headers or {}
    prog = ctypes.c_void_p()
    texts = (ctypes.c_char_p * max(1, len(headers)))(*[t.encode() for t in headers.values()])
    names = (ctypes.c_char_p * max(1, len(headers)))(*[n.encode() for n in headers])
    if lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), name.encode(), len(headers), texts, names):
        return False, "nvrtcCreateProgram failed"
    all_opts = [b"-std=c++17", b"-arch=compute_80"] + [o.encode() for o in options]
    opts = (ctypes.c_char_p * len(all_opts))(*all_opts)
    r = lib.nvrtcCompileProgram(prog, len(all_opts), opts)
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, log)
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return r == 0, log.value.decode()


def source(only):
    import cunumpy._core as core  # the ufunc registry (only this check needs the package)
    src = '#include "cn_scalar.h"\n' + open(os.path.join(ROOT, "cn_ops.h")).read() + "\n"
    k = 0
    for name, nin, nout, _identity, types, functor in core.ufunc_infos():
        if only and name not in only:
            continue
        for sig in types:
            ins, outs = sig.split("->")
            params = [f"{C[c]}* o{j}" for j, c in enumerate(outs)] + \
                     [f"const {C[c]}* a{j}" for j, c in enumerate(ins)]
            args = ", ".join(f"a{j}[i]" for j in range(len(ins)))
            if len(outs) == 1:
                body = f"o0[i] = cn::cast<{C[outs[0]]}>(cn::op::{functor}::call({args}));"
            else:
                body = (f"{C[outs[1]]} y1; {C[outs[0]]} y0 = cn::op::{functor}::call({args}, &y1); "
                        "o0[i] = y0; o1[i] = y1;")
            src += (f'extern "C" __global__ void k{k}({", ".join(params)}) '
                    f"{{ unsigned i = threadIdx.x; {body} }}\n")
            k += 1
    return src, k


def main():
    only = set(sys.argv[1:])
    src, count = source(only)
    lib = load_nvrtc()
    hdr = open(os.path.join(ROOT, "cn_scalar.h")).read()
    ok, log = nvrtc_compile(lib, src, "ops_check.cu", {"cn_scalar.h": hdr})
    print(f"{count} loops: {'compiled' if ok else 'FAILED'}")
    if log.strip():
        print(log)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
