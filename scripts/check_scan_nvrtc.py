#!/usr/bin/env python3
"""Compiles every generated scan kernel source (op x accumulation dtype) with NVRTC for
sm_90, without a GPU, and runs ptxas -v on the PTX to show cn_scan_lookback's registers,
spills and shared memory (spills or local memory there would cost bandwidth).

    python3 scripts/check_scan_nvrtc.py [-v] [--quick]

--quick (the test command's selection): the scan sources of check_reduction_nvrtc.py's
quick_pick (every op, one dtype of each C type kind: 8 of the 52).

Exits 1 with NVRTC's or ptxas's log for the first source that does not compile.
"""
import ctypes
import os
import re
import subprocess
import sys
import tempfile

from check_ops_nvrtc import load_nvrtc
from check_reduction_nvrtc import dump_sources, quick_pick

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
PTXAS = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "ptxas")


def nvrtc_ptx(lib, src, headers, arch="compute_90"):
    prog = ctypes.c_void_p()
    texts = (ctypes.c_char_p * len(headers))(*[t.encode() for t in headers.values()])
    names = (ctypes.c_char_p * len(headers))(*[n.encode() for n in headers])
    if lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), b"k.cu", len(headers), texts, names):
        return None, "nvrtcCreateProgram failed"
    opts = (ctypes.c_char_p * 2)(b"-std=c++17", ("-arch=" + arch).encode())
    r = lib.nvrtcCompileProgram(prog, 2, opts)
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, log)
    ptx = None
    if r == 0:
        lib.nvrtcGetPTXSize(prog, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetPTX(prog, buf)
        ptx = buf.value.decode()
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return ptx, log.value.decode()


def main():
    verbose = "-v" in sys.argv
    lib = load_nvrtc()
    header = {"cn_scalar.h": open(os.path.join(ROOT, "src", "scalar", "cn_scalar.h")).read()}
    sources = [(n, s) for n, s in dump_sources() if n.startswith("scan ")]
    if "--quick" in sys.argv[1:]:
        pick = quick_pick([n for n, _ in sources])
        sources = [(n, s) for n, s in sources if n in pick]
    with tempfile.TemporaryDirectory() as tmp:
        for name, src in sources:
            ptx, log = nvrtc_ptx(lib, src, header)
            if ptx is None:
                print(f"{name}: FAILED\n{log}")
                return 1
            path = os.path.join(tmp, "k.ptx")
            open(path, "w").write(ptx)
            r = subprocess.run([PTXAS, "-arch=sm_90", "-v", path, "-o", os.devnull], capture_output=True, text=True)
            if r.returncode:
                print(f"{name}: ptxas FAILED\n{r.stderr}")
                return 1
            # ptxas -v: "Compiling entry function 'X'" then its resource lines.
            info = r.stderr.split("Compiling entry function 'cn_scan_lookback'")[1].split("Compiling entry")[0]
            regs = re.search(r"Used (\d+) registers", info).group(1)
            smem = re.search(r"(\d+) bytes smem", info).group(1)
            spill = re.search(r"(\d+) bytes spill stores", info).group(1)
            stack = re.search(r"(\d+) bytes stack frame", info).group(1)
            local = "ld.local" in ptx.split(".entry cn_scan_lookback")[1].split(".entry")[0]
            if verbose or spill != "0" or stack != "0":
                print(f"{name}: cn_scan_lookback {regs} registers, {smem} B smem, stack {stack}, spills {spill}"
                      + (", PTX uses local memory" if local else ""))
    print(f"{len(sources)} scan sources: compiled for sm_90")
    return 0


if __name__ == "__main__":
    sys.exit(main())
