#!/usr/bin/env python3
"""Compiles histogram's and bincount's CUDA kernels (cn_hist, cn_minmax in
src/backend/cuda/kernels/histogram.cuh, as src/backend/cuda/histogram_cuda.cpp prefixes it) with NVRTC for every data dtype, mode (bincount, equal bins,
edges) and weighting, on a machine without a GPU. With --sm 90 it builds a cubin and prints
each kernel's register count (from the cubin's ELF section flags).

    python3 scripts/check_hist_nvrtc.py [--sm 90] [--quick]

--quick (the test command's selection, 34 of the 82 sources): every mode and weighting for
the data dtypes of QUICK_DATA (bool, a narrow signed, an unsigned and a 64-bit integer, and
float64; float32 data differs from float64 only in the C type the generator writes).

Exits 1 with NVRTC's log for the first source that does not compile.
"""
import ctypes
import os
import sys

from check_ops_nvrtc import load_nvrtc

DATA = ['b1', 'i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f4', 'f8']
QUICK_DATA = ['b1', 'i1', 'u4', 'i8', 'f8']

_C = {'b1': 'bool', 'i1': 'signed char', 'u1': 'unsigned char', 'i2': 'short',
      'u2': 'unsigned short', 'i4': 'int', 'u4': 'unsigned int', 'i8': 'long long',
      'u8': 'unsigned long long', 'f4': 'float', 'f8': 'double'}
_BLOCK = 512  # histogram_cuda.cpp's kBlock
KERNEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "backend", "cuda",
                      "kernels", "histogram.cuh")


# The library's own spelling (DType::c_type, with cn_scalar.h), as histogram_cuda.cpp writes it.
_CN = {'b1': 'bool', 'i1': 'int8_t', 'u1': 'uint8_t', 'i2': 'int16_t', 'u2': 'uint16_t',
       'i4': 'int32_t', 'u4': 'uint32_t', 'i8': 'int64_t', 'u8': 'uint64_t', 'f4': 'float',
       'f8': 'double'}


def library_source(ta, te='f8', tk='i8', ts='f8', td='f8', mode=0, weighted=False):
    """The source exactly as src/backend/cuda/histogram_cuda.cpp builds it."""
    head = '#include "cn_scalar.h"\n' + "".join(
        f"typedef {_CN[t]} {n};\n" for n, t in (("TA", ta), ("TE", te), ("TK", tk), ("TS", ts), ("TD", td)))
    head += f"#define CN_MODE {mode}\n#define CN_WEIGHTED {int(weighted)}\n#define CN_BLOCK {_BLOCK}\n"
    with open(KERNEL) as f:
        return head + f.read()


def hist_source(ta, te='f8', tk='i8', ts='f8', td='f8', mode=0, weighted=False):
    """histogram.cuh with the typedefs and defines histogram_cuda.cpp puts before it (plain C
    type names here, so that NVRTC and the host emulation need no cn_scalar.h)."""
    head = "".join(f"typedef {_C[t]} {n};\n" for n, t in
                   (("TA", ta), ("TE", te), ("TK", tk), ("TS", ts), ("TD", td)))
    head += f"#define CN_MODE {mode}\n#define CN_WEIGHTED {int(weighted)}\n#define CN_BLOCK {_BLOCK}\n"
    with open(KERNEL) as f:
        return head + f.read()


def compile_src(lib, src, arch, extra=()):
    prog = ctypes.c_void_p()
    if lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), b"h.cu", 0, None, None):
        return False, "nvrtcCreateProgram failed", None
    args = [b"-std=c++17", arch.encode()] + [e.encode() for e in extra]
    opts = (ctypes.c_char_p * len(args))(*args)
    r = lib.nvrtcCompileProgram(prog, len(args), opts)
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, log)
    cubin = None
    if r == 0 and arch.startswith("-arch=sm_"):
        lib.nvrtcGetCUBINSize(prog, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetCUBIN(prog, buf)
        cubin = buf.raw
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return r == 0, log.value.decode(), cubin


def registers(cubin):
    """{kernel: registers} from a cubin: the EIATTR_REGCOUNT (0x2f) entries of .nv.info,
    (symbol index, count), named through .symtab."""
    import struct
    shoff, = struct.unpack_from("<Q", cubin, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", cubin, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", cubin, shoff + i * shentsize) for i in range(shnum)]

    def name(strtab, off):
        o = secs[strtab][4] + off
        return cubin[o:cubin.index(b"\0", o)].decode()
    names = [name(shstrndx, sec[0]) for sec in secs]
    sym = names.index(".symtab")
    _, _, _, _, off, size, link, _, _, ent = secs[sym]
    syms = [name(link, struct.unpack_from("<I", cubin, off + i * ent)[0]) for i in range(size // ent)]
    out = {}
    info = secs[names.index(".nv.info")]
    o, end = info[4], info[4] + info[5]
    while o + 4 <= end:
        fmt, attr, sz = struct.unpack_from("<BBH", cubin, o)
        if fmt == 0x04 and attr == 0x2F:
            idx, regs = struct.unpack_from("<II", cubin, o + 4)
            out[syms[idx]] = regs
        elif fmt == 0x04 and attr == 0x11:  # EIATTR_FRAME_SIZE: bytes of local memory (spills)
            idx, frame = struct.unpack_from("<II", cubin, o + 4)
            if frame:
                out[syms[idx] + ":frame"] = frame
        o += 4 + (sz if fmt == 0x04 else 0)
    return out


def configs(data=DATA):
    import numpy as np
    for ta in data:
        yield dict(ta=ta, mode=0, weighted=False)
        yield dict(ta=ta, mode=0, weighted=True)
        if ta == 'b1':
            continue
        for te in ('f4', 'f8'):
            tk = np.result_type(np.dtype(ta), np.float64 if te == 'f8' else np.float32).str[1:]
            yield dict(ta=ta, te=te, tk=tk, ts=te, td=te, mode=1, weighted=False)
            yield dict(ta=ta, te=te, tk=tk, ts=te, td=te, mode=1, weighted=True)
        yield dict(ta=ta, te=np.result_type(np.dtype(ta), np.int64).str[1:], mode=2,
                   weighted=False)
        yield dict(ta=ta, te=np.result_type(np.dtype(ta), np.float64).str[1:], mode=2,
                   weighted=True)


def main():
    sm = sys.argv[sys.argv.index("--sm") + 1] if "--sm" in sys.argv else None
    arch = f"-arch=sm_{sm}" if sm else "-arch=compute_80"
    lib = load_nvrtc()
    n = 0
    for c in configs(QUICK_DATA if "--quick" in sys.argv[1:] else DATA):
        ok, log, cubin = compile_src(lib, hist_source(**c), arch)
        if not ok:
            print(f"{c}: FAILED\n{log}")
            return 1
        if cubin is not None:
            print(c, registers(cubin))
        n += 1
    scalar_dir = os.path.join(os.path.dirname(KERNEL), "..", "..", "..", "scalar")
    for c in list(configs())[::7]:  # a sample, as the library spells the types
        ok, log, _ = compile_src(lib, library_source(**c), arch, ["-I" + scalar_dir])
        if not ok:
            print(f"{c} (library spelling): FAILED\n{log}")
            return 1
        n += 1
    print(f"{n} histogram kernel sources: compiled ({arch})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
