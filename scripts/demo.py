"""sin(x) + cos(x) on 10 million float32 values with cunumpy, checked against NumPy.

Runs on cunumpy's default device: the GPU when one is usable, else the CPU backend
(CUNUMPY_DEVICE=cpu|cuda forces one).
"""
import os
import sys
import time

import numpy as np

import cunumpy as cp

N = 10_000_000
REPEAT = 10


def synchronize():
    try:
        cp.cuda.Stream.null.synchronize()
    except Exception:
        pass  # the CPU backend runs synchronously


def device_name(x):
    dev = getattr(x, "device", None)
    name = str(dev) if dev is not None else "unknown"
    if "cuda" in name.lower():
        try:
            props = cp.cuda.runtime.getDeviceProperties(0)
            gpu = props.get("name", b"")
            gpu = gpu.decode() if isinstance(gpu, bytes) else str(gpu)
            if gpu:
                name += f" ({gpu})"
        except Exception:
            pass
    elif name == "cpu":
        forced = os.environ.get("CUNUMPY_DEVICE", "")
        name += " (CPU backend: " + ("CUNUMPY_DEVICE=" + forced if forced else "no usable GPU found") + ")"
    return name


def main():
    x_np = np.random.default_rng(0).random(N, dtype=np.float32)
    x = cp.asarray(x_np)
    if not hasattr(cp, "sin") or not hasattr(cp, "cos"):
        print("cunumpy has no sin/cos yet: the demo cannot run", file=sys.stderr)
        return 1

    y = cp.sin(x) + cp.cos(x)  # warm-up: compiles (or loads from the cache) the kernels
    synchronize()
    t0 = time.perf_counter()
    for _ in range(REPEAT):
        y = cp.sin(x) + cp.cos(x)
    synchronize()
    t_cn = (time.perf_counter() - t0) / REPEAT

    t0 = time.perf_counter()
    for _ in range(3):
        y_np = np.sin(x_np) + np.cos(x_np)
    t_np = (time.perf_counter() - t0) / 3

    got = cp.asnumpy(y)
    np.testing.assert_allclose(got, y_np, rtol=1e-5, atol=1e-6)
    print(f"sin(x) + cos(x) on {N:,} float32 values")
    print(f"  device:  {device_name(x)}")
    print(f"  cunumpy: {t_cn * 1e3:9.3f} ms per call (mean of {REPEAT})")
    print(f"  numpy:   {t_np * 1e3:9.3f} ms per call (mean of 3)")
    print(f"  speed-up vs NumPy: {t_np / t_cn:.1f}x")
    print("  result matches NumPy (rtol 1e-5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
