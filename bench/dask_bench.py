#!/usr/bin/env python3
"""dask.array over cunumpy chunks, side by side with dask over CuPy chunks (issue 21).

    python3 bench/dask_bench.py [--scale 1.0] [--repeat 5] [--libs cunumpy,cupy,numpy]
                                [--out dask_bench.md]

Rows (one GPU, dask's threaded scheduler):
  sum     (x + 1).sum().compute()       x: 2**30 float32 elements, (32768, 32768) in 4x4 = 16 chunks
  mean0   x.mean(axis=0).compute()
  matmul  (y @ y.T).compute()           y: 16384 x 16384 float32 in 4x4 blocks
Each row is timed through dask and as the same work on one whole array of the same library
("direct"); "dask/direct" is Dask's overhead as a ratio. `--scale` shrinks every dimension
(0.25: a 1/16 of the elements) for a quick run or a small GPU. Timings are wall clock
around compute() with a device synchronize after it: a warm-up, then the median of
--repeat calls. A library that is missing, or cannot run a row, prints n/a with the reason.
Nothing here asserts a speed.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import statistics
import sys
import time
import traceback


def _lib(name):
    try:
        return importlib.import_module(name)
    except Exception as e:  # pragma: no cover - a missing library is reported, not fatal
        return e


class Backend:
    """One array library: how to synchronize, free memory and make the inputs."""

    def __init__(self, name, mod):
        self.name, self.m = name, mod

    def sync(self):
        if self.name in ("cunumpy", "cupy"):
            self.m.cuda.runtime.deviceSynchronize()

    def free(self):
        gc.collect()
        if self.name in ("cunumpy", "cupy"):
            self.m.get_default_memory_pool().free_all_blocks()

    def square(self, n):
        """An n x n float32 array with values in [-1, 1], made on the library's device."""
        m = self.m
        x = m.arange(n * n, dtype=m.float32).reshape(n, n)
        x *= m.float32(1.0 / (n * n))
        return m.sin(x * m.float32(1e4))


def _time(fn, sync, repeat):
    fn()
    sync()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        sync()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def run(libs, scale, repeat):
    import dask
    import dask.array as da

    n_x = max(4, int(32768 * scale)) // 4 * 4
    n_y = max(4, int(16384 * scale)) // 4 * 4
    rows = {}      # (row, lib) -> (dask ms, direct ms)
    notes = []
    with dask.config.set(scheduler="threads"):
        for name in libs:
            mod = _lib(name)
            if isinstance(mod, Exception):
                notes.append(f"{name}: not importable ({mod})")
                continue
            b = Backend(name, mod)
            try:
                x = b.square(n_x)
                # name=False: no hash of the whole array for the graph's name
                dx = da.from_array(x, chunks=(n_x // 4, n_x // 4), name=False, asarray=False)
                cases = {
                    "sum": (lambda: (dx + 1).sum().compute(), lambda: (x + 1).sum()),
                    "mean0": (lambda: dx.mean(axis=0).compute(), lambda: x.mean(axis=0)),
                }
                for row, (fd, fx) in cases.items():
                    rows[(row, name)] = (_time(fd, b.sync, repeat), _time(fx, b.sync, repeat))
                del x, dx
                b.free()
                y = b.square(n_y)
                dy = da.from_array(y, chunks=(n_y // 4, n_y // 4), name=False, asarray=False)
                rows[("matmul", name)] = (_time(lambda: (dy @ dy.T).compute(), b.sync, repeat),
                                          _time(lambda: y @ y.T, b.sync, repeat))
                del y, dy
                b.free()
            except Exception as e:
                notes.append(f"{name}: {type(e).__name__}: {e}")
                traceback.print_exc(file=sys.stderr)
                b.free()
    return rows, notes, (n_x, n_y)


def table(rows, notes, sizes, libs):
    n_x, n_y = sizes
    out = [f"x: ({n_x}, {n_x}) float32 in 16 chunks; y: ({n_y}, {n_y}) float32 in 4x4 blocks",
           "",
           "| row | library | dask ms | direct ms | dask/direct | vs CuPy (dask) |",
           "| --- | --- | ---: | ---: | ---: | ---: |"]
    for row in ("sum", "mean0", "matmul"):
        ref = rows.get((row, "cupy"))
        for lib in libs:
            r = rows.get((row, lib))
            if r is None:
                out.append(f"| {row} | {lib} | n/a | n/a | n/a | n/a |")
                continue
            vs = f"{ref[0] / r[0]:.2f}x" if ref else "n/a"
            out.append(f"| {row} | {lib} | {r[0]:.2f} | {r[1]:.2f} | {r[0] / r[1]:.2f} | {vs} |")
    if notes:
        out += ["", "Notes:"] + [f"- {n}" for n in notes]
    return "\n".join(out)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--libs", default="cunumpy,cupy")
    p.add_argument("--out")
    a = p.parse_args()
    libs = [s.strip() for s in a.libs.split(",") if s.strip()]
    rows, notes, sizes = run(libs, a.scale, a.repeat)
    text = table(rows, notes, sizes, libs)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
