#!/usr/bin/env python3
"""The CUDA kernel checks that need no GPU, as the test command runs them: NVRTC compiles
of the generated kernels (scripts/check_*_nvrtc.py) and host emulations of them against
NumPy (scripts/emulate_*.py), a selection sized for a 2-core CI machine. One line per
script (PASS, FAIL, SKIP with the reason, or TIMEOUT), then a summary line.

    python3 scripts/kernel_checks.py [--budget SECONDS] [--strict] [--only NAME,...] [--jobs N]

What is sampled, and why it suffices: each script's full run compiles every op x dtype (x
layout) its generator can emit, which takes minutes; the generators branch by op and by
the kind of C type (bool, narrow/64-bit signed, unsigned, half, float, double, complex),
not by each width, so the selection below (each script's --quick, described in its
docstring, or named cases) compiles or runs every op and one dtype of each kind, and each
emulation keeps the cases that reach every code path (tile and chunk boundaries, look-back,
NaN, offsets). The full runs remain the scripts without arguments. Scripts run N at once
(default: the cores, at most 4), so two cores check two scripts at a time.

Needs the installed cunumpy (several generators are called through libcunumpy) and a host
C++ compiler; the NVRTC checks are skipped, saying why, when libnvrtc cannot be loaded
(CUDA toolkit, CUDA_HOME, or NVIDIA's nvidia-cuda-nvrtc wheel). A script still running at
its time limit, or when the budget is spent, is reported as TIMEOUT: a failure with
--strict, otherwise not (a busy CI machine must not fail a correct kernel).
Exit status: 1 when a check failed.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# (script, arguments, needs NVRTC, time limit in seconds): the quick selection.
CHECKS = [  # in order of value per second: when the budget runs out, the last ones wait
    # all ufunc loops in one NVRTC program (one compile: cheap enough whole)
    ("check_ops_nvrtc.py", [], True, 90),
    # every (item size, unit) pair, each copy variant once: 25 of 200 sources
    ("check_indexing_nvrtc.py", ["--quick"], True, 60),
    # gathers in every mode, units 16/4/1, broadcast scatter, five compactions: 19 of 33
    ("emulate_indexing_kernels.py", ["--quick"], False, 90),
    # every reduce/argreduce/scan op and one dtype of each kind: 25 of 158 sources
    ("check_reduction_nvrtc.py", ["--quick"], True, 90),
    # the one- and several-chunk and two-pass launches of a float sum, argmin of float32 and
    # argmax of complex64 (NaN and tie rules); the other ops differ only in the functor
    ("emulate_reduction_kernels.py", ["reduce 0 float32", "argreduce 0 float32", "argreduce 1 complex64"],
     False, 90),
    # sm_90 registers/spills of the scans of check_reduction_nvrtc's selection: 8 of 52
    ("check_scan_nvrtc.py", ["--quick"], True, 90),
    # the look-back scan of a float and a 64-bit integer sum
    ("emulate_scan_kernels.py", ["scan 0 float32", "scan 0 int64"], False, 90),
    # float32 and complex64 sort sources, four float32 kernels alone
    ("check_sort_nvrtc.py", ["--quick"], True, 90),
    # float32 keys: every pass, row and onesweep path (15 of 56 runs)
    ("emulate_sort_kernels.py", ["--quick", "float32"], False, 120),
    # searchsorted/bincount/histogram/correlate, one dtype of each kind: 23 of 78 kernel x dtype pairs
    ("check_stats_nvrtc.py", ["--quick"], True, 60),
    ("emulate_stats_kernels.py", [], False, 60),
    # every histogram mode and weighting for five data dtypes: 34 of 82 sources
    ("check_hist_nvrtc.py", ["--quick"], True, 60),
    # bincount/minmax of four integer kinds, float32 NaN, float32 and uint64 histograms
    ("emulate_hist_kernels.py", ["--quick"], False, 90),
    ("check_random_nvrtc.py", ["--quick"], True, 60),
    # every distribution and output dtype (Integers wide and narrow), both store paths: 112
    # kernels, 1266 cases, in a few host compiles (about 2 s)
    ("emulate_random_kernels.py", [], False, 60),
    # the float32 normal's and exponential's log, radius and sincos over all 2^24 inputs
    ("check_random_accuracy.py", [], False, 60),
    ("check_breadth_nvrtc.py", [], True, 30),
    ("emulate_breadth_kernels.py", [], False, 60),
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


def run_check(script, script_args, needs_nvrtc, limit, no_nvrtc, deadline, budget):
    """(status, detail, output to show) of one script."""
    left = deadline - time.monotonic()
    if needs_nvrtc and no_nvrtc:
        return "SKIP", no_nvrtc, None
    if left < 5:
        return "TIMEOUT", f"not started: the budget of {budget:.0f} s is spent", None
    t0 = time.monotonic()
    try:
        r = subprocess.run([sys.executable, os.path.join(HERE, script), *script_args],
                           capture_output=True, text=True, timeout=min(limit, left), cwd=HERE)
    except subprocess.TimeoutExpired:
        return "TIMEOUT", f"stopped at its limit of {min(limit, left):.0f} s", None
    out = (r.stdout + r.stderr).strip()
    last = out.splitlines()[-1] if out else ""
    detail = f"{time.monotonic() - t0:.1f} s: {last[:160]}"
    if r.returncode != 0:
        return "FAIL", detail, f"---- {script} output ----\n{out[-6000:]}\n---- end of {script} ----"
    return "PASS", detail, None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--budget", type=float, default=float(os.environ.get("CUNUMPY_KERNEL_CHECK_BUDGET", 170)),
                    help="seconds for all scripts together (default 170)")
    ap.add_argument("--strict", action="store_true", help="count a TIMEOUT as a failure")
    ap.add_argument("--only", type=lambda s: set(s.split(",")), default=None, help="script names to run")
    ap.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1), help="scripts run at once")
    args = ap.parse_args()

    no_nvrtc = nvrtc_missing()
    t_start = time.monotonic()
    deadline = t_start + args.budget
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0, "TIMEOUT": 0}
    chosen = [c for c in CHECKS
              if not args.only or c[0] in args.only or c[0].removesuffix(".py") in args.only]
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = [pool.submit(run_check, *c, no_nvrtc, deadline, args.budget) for c in chosen]
        for (script, script_args, _, _), future in zip(chosen, futures):  # reported in CHECKS order
            status, detail, output = future.result()
            if output:
                print(output, flush=True)
            counts[status] += 1
            print(f"  {status:<7} {script} {' '.join(script_args)}  ({detail})", flush=True)
    failed = counts["FAIL"] + (counts["TIMEOUT"] if args.strict else 0)
    ran = counts["PASS"] + counts["FAIL"]
    print(f"kernel checks: {ran} of {len(chosen)} ran: {counts['PASS']} passed, {counts['FAIL']} failed, "
          f"{counts['SKIP']} skipped, {counts['TIMEOUT']} timed out in {time.monotonic() - t_start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
