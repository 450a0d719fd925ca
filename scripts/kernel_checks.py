#!/usr/bin/env python3
"""The CUDA kernel checks that need no GPU, as the test command runs them: NVRTC compiles
of the generated kernels (scripts/check_*_nvrtc.py) and host emulations of them against
NumPy (scripts/emulate_*.py), a selection sized for a 2-core CI machine. One line per
script (PASS, FAIL, SKIP with the reason, or TIMEOUT), then a summary line.

    python3 scripts/kernel_checks.py [--budget SECONDS] [--strict] [--only NAME,...]

Needs the installed cunumpy (several generators are called through libcunumpy) and a host
C++ compiler; the NVRTC checks are skipped, saying why, when libnvrtc cannot be loaded
(CUDA toolkit, CUDA_HOME, or NVIDIA's nvidia-cuda-nvrtc wheel). A script still running at
its time limit, or when the budget is spent, is reported as TIMEOUT: a failure with
--strict, otherwise not (a busy CI machine must not fail a correct kernel).
Exit status: 1 when a check failed.
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# (script, arguments, needs NVRTC, time limit in seconds): the quick selection.
CHECKS = [  # in order of value per second: when the budget runs out, the last ones wait
    ("check_ops_nvrtc.py", [], True, 90),
    ("check_indexing_nvrtc.py", [], True, 60),
    ("emulate_indexing_kernels.py", [], False, 90),
    ("check_reduction_nvrtc.py", [], True, 90),
    ("emulate_reduction_kernels.py", ["reduce 0 float32", "reduce 2 int32", "argreduce 0 float32",
                                      "argreduce 1 complex64"], False, 90),
    ("check_scan_nvrtc.py", [], True, 90),
    ("emulate_scan_kernels.py", ["scan 0 float32", "scan 0 int64"], False, 90),
    ("check_sort_nvrtc.py", ["--quick"], True, 90),
    ("emulate_sort_kernels.py", ["float32"], False, 120),
    ("check_stats_nvrtc.py", [], True, 60),
    ("emulate_stats_kernels.py", [], False, 60),
    ("check_hist_nvrtc.py", [], True, 60),
    ("check_random_nvrtc.py", ["--quick"], True, 60),
    ("emulate_hist_kernels.py", [], False, 90),
]


def nvrtc_missing():
    """None when libnvrtc loads, else why not."""
    sys.path.insert(0, HERE)
    try:
        from check_ops_nvrtc import load_nvrtc
        load_nvrtc()
        return None
    except OSError as e:
        return f"NVRTC not found ({e}); install the CUDA toolkit or nvidia-cuda-nvrtc-cu12"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--budget", type=float, default=float(os.environ.get("CUNUMPY_KERNEL_CHECK_BUDGET", 170)),
                    help="seconds for all scripts together (default 170)")
    ap.add_argument("--strict", action="store_true", help="count a TIMEOUT as a failure")
    ap.add_argument("--only", type=lambda s: set(s.split(",")), default=None, help="script names to run")
    args = ap.parse_args()

    no_nvrtc = nvrtc_missing()
    t_start = time.monotonic()
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0, "TIMEOUT": 0}
    lines = []
    for script, script_args, needs_nvrtc, limit in CHECKS:
        if args.only and script not in args.only and script.removesuffix(".py") not in args.only:
            continue
        left = args.budget - (time.monotonic() - t_start)
        if needs_nvrtc and no_nvrtc:
            status, detail = "SKIP", no_nvrtc
        elif left < 5:
            status, detail = "TIMEOUT", f"not started: the budget of {args.budget:.0f} s is spent"
        else:
            t0 = time.monotonic()
            try:
                r = subprocess.run([sys.executable, os.path.join(HERE, script), *script_args],
                                   capture_output=True, text=True, timeout=min(limit, left), cwd=HERE)
                out = (r.stdout + r.stderr).strip()
                status = "PASS" if r.returncode == 0 else "FAIL"
                last = out.splitlines()[-1] if out else ""
                detail = f"{time.monotonic() - t0:.1f} s: {last[:160]}"
                if r.returncode != 0:
                    print(f"---- {script} output ----\n{out[-6000:]}\n---- end of {script} ----", flush=True)
            except subprocess.TimeoutExpired:
                status, detail = "TIMEOUT", f"stopped at its limit of {min(limit, left):.0f} s"
        counts[status] += 1
        line = f"  {status:<7} {script} {' '.join(script_args)}  ({detail})"
        lines.append(line)
        print(line, flush=True)
    failed = counts["FAIL"] + (counts["TIMEOUT"] if args.strict else 0)
    print(f"kernel checks: {counts['PASS']} passed, {counts['FAIL']} failed, {counts['SKIP']} skipped, "
          f"{counts['TIMEOUT']} timed out in {time.monotonic() - t_start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
