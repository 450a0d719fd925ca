#!/usr/bin/env python3
"""Runs histogram's and bincount's CUDA kernels (cn_hist, cn_minmax in
src/backend/cuda/kernels/histogram.cuh) on the CPU, without a GPU: each source is compiled by the
host compiler with a small emulation of CUDA (every thread of a block a std::thread,
__syncthreads a barrier, __shared__ memory one buffer per block, blocks in sequence, atomics
as host atomics), launched with the arguments histogram/bincount would pass (several grid
sizes, shared and global counting, aligned and misaligned data) and compared with NumPy's
bincount and histogram: dtypes, NaN, +-inf, values on edges, out of range, weights.

    python3 scripts/emulate_hist_kernels.py [--quick]

Every distinct kernel is a host build (about a second). --quick (the test command's
selection): bincount and min/max of bool, int8, uint32 and int64 data (the integer kinds:
narrow, unsigned, 64-bit), the NaN rule of min/max for float32, and histograms (equal bins,
edges) of float32 data with NaN/inf/edge values and of uint64 data beyond 2**63 against
float64, integer and uint64 edges: the full run adds the other integer widths, float64
and int8/uint16/int32/int64 histograms and three more edge arrays.

A check of the kernels' logic; it says nothing about speed or hardware-only races.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

from check_hist_nvrtc import hist_source


def equal_bins(x, nbins, rg):
    """(edges, (first, last, n)) as NumPy's _get_bin_edges makes them for a count of bins."""
    from numpy.lib import _histograms_impl as hi
    first, last = hi._get_outer_edges(x, rg)
    return np.histogram_bin_edges(x, nbins, rg), (first, last, nbins)


def equal_types(x, edges_h, first, last, n):
    """The dtypes of NumPy's equal-bin expression and the kernel's scalar arguments, as
    src/ops/histograms/histogram.cpp resolves them, or None where it uses ufuncs instead."""
    from numpy.lib import _histograms_impl as hi
    probe = np.zeros(1, edges_h.dtype)
    with np.errstate(all='ignore'):
        width = hi._unsigned_subtract(last, first)
        K = np.result_type(np.zeros(1, x.dtype), first, last)
        S = np.result_type(probe, first)
        D = (np.subtract(probe, first, dtype=S) / width * n).dtype
    fast = (np.float32, np.float64)
    if not (x.dtype.kind in 'iuf' and x.dtype != np.float16 and K != np.float16
            and all(t in fast for t in (edges_h.dtype, S, D))
            and K == np.result_type(x.dtype, first) and K == np.result_type(x.dtype, last)):
        return None
    try:
        bounds = K.type(first), K.type(last)
    except OverflowError:
        return None
    return K, S, D, bounds, S.type(first), D.type(width)

PRELUDE = r"""
#include <atomic>
#include <barrier>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>
struct Dim3 { unsigned x = 0, y = 0, z = 0; };
thread_local Dim3 threadIdx, blockIdx;
Dim3 blockDim, gridDim;
std::barrier<>* g_bar;
inline void __syncthreads() { g_bar->arrive_and_wait(); }
template <class T> T atomicAdd(T* p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline double atomicAdd(double* p, double v) {
  std::atomic_ref<double> r(*p);
  return r.fetch_add(v);
}
alignas(16) unsigned char g_smem[64 * 1024];
#define __global__
#define __launch_bounds__(...)
#define __device__
#define __forceinline__ inline
#define __align__(n) alignas(n)
#define __shared__ static
"""

# Blocks one after another, each block's threads as std::threads.
LAUNCH = r"""
template <class F> void launch(unsigned grid, unsigned block, F f) {
  for (unsigned b = 0; b < grid; ++b) {
    std::barrier<> bar(block);
    g_bar = &bar;
    blockDim.x = block;
    gridDim.x = grid;
    std::vector<std::thread> ts;
    for (unsigned t = 0; t < block; ++t) ts.emplace_back([=] { blockIdx.x = b; threadIdx.x = t; f(); });
    for (auto& t : ts) t.join();
  }
}
"""

MAIN = LAUNCH + r"""
static std::vector<char> slurp(const char* path) {
  FILE* f = std::fopen(path, "rb");
  std::vector<char> v;
  char buf[65536];
  size_t k;
  while ((k = std::fread(buf, 1, sizeof buf, f)) > 0) v.insert(v.end(), buf, buf + k);
  std::fclose(f);
  return v;
}
// std::vector<bool> has no data(): a plain buffer for every element type.
template <class T> struct Buf {
  T* p;
  explicit Buf(size_t n) : p(new T[n]()) {}
  ~Buf() { delete[] p; }
  T* data() { return p; }
};
int main(int argc, char** argv) {
  // argv: kernel (hist|minmax) grid block use_shared offset size n n_edges weighted; files in.bin out.bin
  const bool hist = std::strcmp(argv[1], "hist") == 0;
  const unsigned grid = std::atoi(argv[2]), block = std::atoi(argv[3]);
  const int use_shared = std::atoi(argv[4]), offset = std::atoi(argv[5]);
  const long long size = std::atoll(argv[6]), n = std::atoll(argv[7]), n_edges = std::atoll(argv[8]);
  const int weighted = std::atoi(argv[9]);
  std::vector<char> in = slurp(argv[10]);
  const char* p = in.data();
  TK lo, hi; TS first; TD width;
  std::memcpy(&lo, p, sizeof lo); p += sizeof lo;
  std::memcpy(&hi, p, sizeof hi); p += sizeof hi;
  std::memcpy(&first, p, sizeof first); p += sizeof first;
  std::memcpy(&width, p, sizeof width); p += sizeof width;
  // x at `offset` elements past a 16-byte boundary (the kernels' vector path needs alignment).
  Buf<TA> xs(size + 16 / sizeof(TA) + 1);
  TA* base = (TA*)(((unsigned long long)xs.data() + 15) / 16 * 16);
  TA* x = base + offset;
  std::memcpy(x, p, size * sizeof(TA)); p += size * sizeof(TA);
  std::vector<double> w(weighted ? size : 0);
  if (weighted) { std::memcpy(w.data(), p, size * 8); p += size * 8; }
  std::vector<TE> e(n_edges + 1);
  std::memcpy(e.data(), p, n_edges * sizeof(TE));
  FILE* f = std::fopen(argv[11], "wb");
  if (hist) {
    std::vector<OT> out(n);
    const double* wp = weighted ? w.data() : nullptr;
    OT* op = out.data();
    const TE* ep = e.data();
    launch(grid, block, [&] { cn_hist(x, wp, size, ep, n_edges, lo, hi, first, width, n, op, use_shared); });
    std::fwrite(out.data(), sizeof(OT), n, f);
  } else {
    Buf<TA> part(2 * grid);
    TA* pp = part.data();
    launch(grid, block, [&] { cn_minmax(x, size, pp); });
    std::fwrite(part.data(), sizeof(TA), 2 * grid, f);
  }
  std::fclose(f);
  return 0;
}
"""


def build(h, tmp, cache, **key):
    k = tuple(sorted(key.items()))
    if k in cache:
        return cache[k]
    src = hist_source(**key)
    src = src.replace("extern __shared__ __align__(16) unsigned char cn_smem[];",
                      "unsigned char* cn_smem = g_smem;")
    flags = ["-std=c++20", "-O1", "-w", "-pthread"]
    prelude = os.path.join(tmp, "prelude.h")
    if not os.path.exists(prelude + ".gch"):
        # The prelude's standard headers are most of a build's time: parsed once into a
        # precompiled header (a compiler that cannot use it reads prelude.h instead).
        open(prelude, "w").write(PRELUDE)
        subprocess.check_call(["g++", *flags, "-x", "c++-header", prelude, "-o", prelude + ".gch"])
    path = os.path.join(tmp, f"k{len(cache)}")
    open(path + ".cpp", "w").write('#include "prelude.h"\n' + src + MAIN)
    subprocess.check_call(["g++", *flags, "-I", tmp, path + ".cpp", "-o", path])
    cache[k] = path
    return path


def run(exe, tmp, kernel, grid, block, use_shared, offset, x, n, edges, weights, scalars, out_dt):
    blob = b"".join(np.asarray(s).tobytes() for s in scalars) + x.tobytes()
    if weights is not None:
        blob += weights.astype(np.float64).tobytes()
    if edges is not None:
        blob += edges.tobytes()
    with open(os.path.join(tmp, "in.bin"), "wb") as f:
        f.write(blob)
    o = os.path.join(tmp, "out.bin")
    subprocess.check_call([exe, kernel, str(grid), str(block), str(int(use_shared)), str(offset),
                           str(x.size), str(n), str(0 if edges is None else edges.size),
                           str(int(weights is not None)), os.path.join(tmp, "in.bin"), o])
    return np.fromfile(o, out_dt)


LAUNCHES = [(1, 64, True, 0), (3, 64, True, 1), (5, 32, False, 0), (2, 128, False, 3)]


def main():
    quick = "--quick" in sys.argv[1:]
    h = None  # the kernels come from the .cuh file (build() takes no module)
    rng = np.random.default_rng(7)
    fails = 0
    cache = {}

    def check(what, got, want):
        nonlocal fails
        ok = got.shape == want.shape and (np.array_equal(got, want) if got.dtype.kind != 'f'
                                          else np.allclose(got, want, rtol=1e-12, atol=0))
        if not ok:
            fails += 1
            print("MISMATCH", what, got[:20], want[:20])

    with tempfile.TemporaryDirectory() as tmp:
        # bincount (mode 0) and the fused min/max.
        for dt in ['b1', 'i1', 'u4', 'i8'] if quick else ['b1', 'i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8']:
            for size in (1, 37, 1000):
                x = rng.integers(0, 2 if dt == 'b1' else 100, size).astype(dt)
                w = rng.standard_normal(size)
                for grid, block, sh, off in LAUNCHES:
                    for weights in (None, w):
                        exe = build(h, tmp, cache, ta=dt, mode=0, weighted=weights is not None)
                        nb = int(x.max()) + 1 + (grid % 2) * 3
                        got = run(exe, tmp, "hist", grid, block, sh, off, x, nb, None, weights,
                                  (np.int64(0), np.int64(0), np.float64(0), np.float64(0)),
                                  np.float64 if weights is not None else np.int64)
                        check(f"bincount {dt} {size} {grid} {sh} {off} w={weights is not None}",
                              got, np.bincount(x, weights, minlength=nb))
                    part = run(exe, tmp, "minmax", grid, block, sh, off, x, 0, None, None,
                               (np.int64(0), np.int64(0), np.float64(0), np.float64(0)), dt)
                    check(f"minmax {dt} {size} {grid}", np.array([part[0::2].min(), part[1::2].max()]),
                          np.array([x.min(), x.max()]))
        # min/max of floats with NaN: NaN wins.
        for dt in ['f4'] if quick else ['f4', 'f8']:
            x = rng.standard_normal(300).astype(dt)
            for nan_at in (None, 0, 299, 150):
                y = x.copy()
                if nan_at is not None:
                    y[nan_at] = np.nan
                exe = build(h, tmp, cache, ta=dt, mode=0, weighted=False)
                for grid, block, sh, off in LAUNCHES:
                    part = run(exe, tmp, "minmax", grid, block, sh, off, y, 0, None, None,
                               (np.int64(0), np.int64(0), np.float64(0), np.float64(0)), dt)
                    got = np.array([part[0::2].min(), part[1::2].max()])
                    want = np.array([y.min(), y.max()])
                    if not np.array_equal(got, want, equal_nan=True):
                        fails += 1
                        print("MISMATCH minmax nan", dt, nan_at, got, want)
        # histogram: equal bins (mode 1) and explicit edges (mode 2).
        datas = {
            'f4': lambda: np.concatenate([rng.standard_normal(500), [np.nan, np.inf, -np.inf, 0.5,
                                                                     1.0, -1.0, 2.0, 1e-8]]).astype('f4'),
            'f8': lambda: np.concatenate([rng.standard_normal(500) * 3, [np.nan, np.inf, -np.inf,
                                                                         0.1, 0.7, 1.0, -1.0]]),
            'i1': lambda: rng.integers(-128, 128, 300).astype('i1'),
            'u2': lambda: rng.integers(0, 1000, 300).astype('u2'),
            'i4': lambda: rng.integers(-50, 50, 400).astype('i4'),
            'i8': lambda: np.concatenate([rng.integers(-2**40, 2**40, 300), [2**62, -2**62]]),
            'u8': lambda: np.concatenate([rng.integers(0, 2**40, 300).astype('u8'),
                                          np.array([2**63 + 5], 'u8')]),
        }
        for dt, make in datas.items():
            if quick and dt not in ('f4', 'u8'):
                continue
            x = make()
            w = rng.standard_normal(x.size)
            specs = [(10, (-1.0, 1.0)), (7, (-2, 3)), (1, (0.0, 0.0)), (100, (-3.0, 2.5)),
                     (3, (np.float32(-1), np.float32(1)))]
            if dt[0] in 'iu':
                specs += [(13, (0, 1000)), (5, (-2**40, 2**41))]
            for nbins, rg in specs:
                for weights in (None, w):
                    try:
                        edges_h, uniform = equal_bins(x, nbins, rg)
                    except ValueError:
                        continue
                    first, last, n = uniform
                    t = equal_types(x, edges_h, first, last, n)
                    if t is None:
                        continue
                    K, S, D, (lo, hi), f, width = t
                    key = dict(ta=dt, te=edges_h.dtype.str[1:], tk=K.str[1:], ts=S.str[1:],
                               td=D.str[1:], mode=1, weighted=weights is not None)
                    exe = build(h, tmp, cache, **key)
                    want = np.histogram(x, nbins, rg, weights=weights)[0]
                    for grid, block, sh, off in LAUNCHES[:2 if weights is not None else 4]:
                        got = run(exe, tmp, "hist", grid, block, sh, off, x, n, edges_h, weights,
                                  (lo, hi, f, width), np.float64 if weights is not None else np.int64)
                        check(f"equal {dt} {nbins} {rg} {grid} {sh} {off} w={weights is not None}",
                              got, want)
            all_edges = (np.array([-1.0, -0.5, 0.0, 0.1, 1.0, 2.0]), np.array([-5, 0, 3, 100]),
                         np.array([0.0, 0.0, 1.0]), np.array([-1.5, 2.5], 'f4'),
                         np.array([-2**41, 0, 2**41]), np.array([1, 2**63 + 9], 'u8'))
            for edges in [all_edges[i] for i in (0, 1, 5)] if quick else all_edges:
                for weights in (None, w):
                    C = np.result_type(x.dtype, edges.dtype)
                    key = dict(ta=dt, te=C.str[1:], mode=2, weighted=weights is not None)
                    exe = build(h, tmp, cache, **key)
                    want = np.histogram(x, edges, weights=weights)[0]
                    for grid, block, sh, off in LAUNCHES[:2 if weights is not None else 4]:
                        got = run(exe, tmp, "hist", grid, block, sh, off, x, edges.size - 1,
                                  edges.astype(C), weights,
                                  (np.int64(0), np.int64(0), np.float64(0), np.float64(0)),
                                  np.float64 if weights is not None else np.int64)
                        check(f"edges {dt} {edges} {grid} {sh} {off} w={weights is not None}",
                              got, want)
    print(f"{len(cache)} kernels built; {'FAILED: %d' % fails if fails else 'all match NumPy'}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
