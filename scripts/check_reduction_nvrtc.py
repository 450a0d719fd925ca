#!/usr/bin/env python3
"""Compiles every generated reduction, argmax/argmin and scan kernel source (each op x
dtype) with NVRTC, on a machine with the CUDA toolkit and no GPU: builds
scripts/dump_reduction_kernels.cpp against the installed libcunumpy, runs it, and hands
each source to NVRTC as the CUDA backend does.

    python3 scripts/check_reduction_nvrtc.py [--quick] [--sm 90 [NAME...]]

--quick (the test command's selection, 25 of the 158 sources): per kind (reduce, argreduce,
scan) every op and every dtype of QUICK_DTYPES at least once. The generators differ by
op and by the C type's kind only, and the nine dtypes are one of each kind (bool, narrow
and 64-bit signed, unsigned, half, float, double, both complex), so the omitted sources
repeat code the selection compiles with another integer width.

With --sm, builds sm_XX cubins and prints the register count (and any local-memory frame)
of each kernel whose name contains one of NAMEs (e.g. "argreduce 1 float32").

Exits 1 with NVRTC's log for the first source that does not compile.
"""
import os
import subprocess
import sys
import tempfile

from check_ops_nvrtc import load_nvrtc, nvrtc_compile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")


def dump_sources(program="dump_reduction_kernels.cpp"):
    """(name, source) pairs printed by scripts/<program>, built against the installed library."""
    import cunumpy
    lib_dir = os.path.join(os.path.dirname(cunumpy.__file__), "lib")
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "dump")
        subprocess.check_call(["g++", "-std=c++20", "-O0", "-I", os.path.join(ROOT, "include"),
                               "-I", os.path.join(ROOT, "src"), "-I", "/usr/local/cuda/include",
                               os.path.join(HERE, program), "-L", lib_dir,
                               "-lcunumpy", "-Wl,-rpath," + lib_dir, "-o", exe])
        text = subprocess.check_output([exe]).decode()
    parts = text.split("//==== ")[1:]
    return [(p.split("\n", 1)[0], p.split("\n", 1)[1]) for p in parts]


# One dtype of each kind of C type the generators distinguish (float16 exists for argreduce
# only: reductions and scans accumulate it in float32).
QUICK_DTYPES = ["bool", "int8", "int64", "uint32", "float16", "float32", "float64", "complex64", "complex128"]


def quick_pick(names):
    """The quick selection of source names "kind op dtype": per kind, op i paired with
    dtype i (each list repeated as needed), so every op and every QUICK_DTYPES entry of the
    kind is compiled at least once."""
    present = set(names)
    picked = []
    for kind in dict.fromkeys(n.split()[0] for n in names):
        ops = list(dict.fromkeys(n.split()[1] for n in names if n.split()[0] == kind))
        dts = [d for d in QUICK_DTYPES if any(f"{kind} {op} {d}" in present for op in ops)]
        for i in range(max(len(ops), len(dts))):
            name = f"{kind} {ops[i % len(ops)]} {dts[i % len(dts)]}"
            if name in present:
                picked.append(name)
    return set(picked)


def registers_main(sm, want):
    import ctypes
    from check_hist_nvrtc import registers
    lib = load_nvrtc()
    header = open(os.path.join(ROOT, "src", "scalar", "cn_scalar.h")).read()
    for name, src in dump_sources():
        if want and not any(w in name for w in want):
            continue
        prog = ctypes.c_void_p()
        lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), b"k.cu", 1,
                               (ctypes.c_char_p * 1)(header.encode()),
                               (ctypes.c_char_p * 1)(b"cn_scalar.h"))
        opts = (ctypes.c_char_p * 2)(b"-std=c++17", f"-arch=sm_{sm}".encode())
        size = ctypes.c_size_t()
        if lib.nvrtcCompileProgram(prog, 2, opts):
            print(f"{name}: FAILED")
            return 1
        lib.nvrtcGetCUBINSize(prog, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetCUBIN(prog, buf)
        lib.nvrtcDestroyProgram(ctypes.byref(prog))
        print(name, registers(buf.raw))
    return 0


def main():
    if "--sm" in sys.argv:
        i = sys.argv.index("--sm")
        return registers_main(sys.argv[i + 1], sys.argv[i + 2:])
    lib = load_nvrtc()
    header = open(os.path.join(ROOT, "src", "scalar", "cn_scalar.h")).read()
    sources = dump_sources()
    if "--quick" in sys.argv[1:]:
        pick = quick_pick([n for n, _ in sources])
        sources = [(n, s) for n, s in sources if n in pick]
    for name, src in sources:
        ok, log = nvrtc_compile(lib, src, "k.cu", {"cn_scalar.h": header})
        if not ok:
            print(f"{name}: FAILED\n{log}")
            return 1
    print(f"{len(sources)} kernel sources: compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
