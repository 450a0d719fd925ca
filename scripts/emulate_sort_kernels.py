#!/usr/bin/env python3
"""Runs the generated CUDA radix sort kernels on the CPU, without a GPU: each source (from
scripts/dump_sort_kernels.cpp) is compiled by the host compiler with a small emulation of
CUDA's execution model (every thread of a block is a std::thread, __syncthreads and
__syncwarp are barriers, __ballot_sync and __match_any_sync gather the warp's values between two warp barriers,
__shared__ is a static shared by the block's threads, blocks run one after another), then
driven exactly as src/backend/cuda/radix_sort_cuda.cpp drives them (several blocks and
several tiles per block, payload and keys-only paths, row passes, complex fields) and
compared with NumPy's stable sort.

    python3 scripts/emulate_sort_kernels.py [dtype ...]

A check of the kernels' logic (ranking, stability, digit extraction, NaN/-0.0 keys, row
segmentation), not of speed or of races that only real hardware shows.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

from check_sort_nvrtc import dump_sources
from emulate_reduction_kernels import DRIVER as BASE_DRIVER, PRELUDE as BASE_PRELUDE

# The reduction emulator's prelude and launch(), plus what the sort kernels use besides.
PRELUDE = BASE_PRELUDE + r"""
#include <utility>
unsigned g_votes[8][32];
inline unsigned __ballot_sync(unsigned, bool p) {
  const int w = threadIdx.x / 32, l = threadIdx.x % 32;
  g_votes[w][l] = p ? 1u : 0u;
  __syncwarp();
  unsigned m = 0;
  for (int i = 0; i < 32; ++i) m |= g_votes[w][i] << i;
  __syncwarp();
  return m;
}
inline unsigned __match_any_sync(unsigned, int v) {
  const int w = threadIdx.x / 32, l = threadIdx.x % 32;
  g_votes[w][l] = (unsigned)v;
  __syncwarp();
  unsigned m = 0;
  for (int i = 0; i < 32; ++i) m |= (g_votes[w][i] == (unsigned)v ? 1u : 0u) << i;
  __syncwarp();
  return m;
}
inline int __popc(unsigned v) { return __builtin_popcount(v); }
inline unsigned atomicAdd(unsigned* p, unsigned v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
"""

DRIVER = BASE_DRIVER + r"""
template <class F>
void launch(unsigned grid, F f) { launch(grid, 256u, f); }
static std::vector<char> read_file(const char* p) {
  FILE* f = std::fopen(p, "rb");
  std::fseek(f, 0, SEEK_END);
  long n = std::ftell(f);
  std::fseek(f, 0, SEEK_SET);
  std::vector<char> v(n);
  if (n && std::fread(v.data(), 1, n, f) != (size_t)n) std::exit(3);
  std::fclose(f);
  return v;
}
// argv: input file, M, K, stride_m, stride_k, want_indices, blocks wanted, output file.
int main(int argc, char** argv) {
  std::vector<char> base = read_file(argv[1]);
  long long M = atoll(argv[2]), K = atoll(argv[3]), sm = atoll(argv[4]), sk = atoll(argv[5]);
  const bool want_idx = atoi(argv[6]);
  const long long want_blocks_max = atoll(argv[7]);
  long long N = M * K;
  const char* in = base.data();
  const bool complex = sizeof(T) == 2 * sizeof(KT);
  const int kb = sizeof(KT);
  const long long tiles = (N + CN_TILE - 1) / CN_TILE;
  const long long want_blocks = tiles < want_blocks_max ? tiles : want_blocks_max;
  const long long per_block = (tiles + want_blocks - 1) / want_blocks * CN_TILE;
  const unsigned blocks = (unsigned)((N + per_block - 1) / per_block);
  const long long total = 256ll * blocks;
  std::vector<unsigned long long> counts(total);
  std::vector<KT> ka_(N), kb_(N);
  std::vector<VT> va_(N), vb_(N);
  std::vector<T> out_values(N);
  std::vector<long long> out_indices(N, -1);
  KT* ka = ka_.data(); KT* kbp = kb_.data(); VT* va = va_.data(); VT* vb = vb_.data();
  auto pass = [&](auto hist, auto scatter, auto*& keys, auto*& keys2, VT*& vals, VT*& vals2, int shift) {
    auto* k1 = keys;
    launch(blocks, [&] { hist(k1, N, per_block, shift, counts.data()); });
    launch(1, [&] { cn_radix_scan(counts.data(), total); });
    auto* k2 = keys2; VT* v1 = vals; VT* v2 = vals2;
    launch(blocks, [&] { scatter(k1, v1, k2, v2, N, per_block, shift, counts.data()); });
    std::swap(keys, keys2);
    std::swap(vals, vals2);
  };
  if (!want_idx && M == 1 && !complex && sk == (long long)sizeof(T)) {
    // The fused values-only passes of one contiguous row.
    const T* raw = (const T*)in;
    KT* src = ka; KT* dst = kbp;
    for (int s = 0; s < kb * 8; s += 8) {
      const bool first = s == 0, last = s + 8 == kb * 8;
      if (first) launch(blocks, [&] { cn_radix_hist_raw(raw, N, per_block, s, counts.data(), 1); });
      else launch(blocks, [&] { cn_radix_hist_key(src, N, per_block, s, counts.data()); });
      launch(1, [&] { cn_radix_scan(counts.data(), total); });
      if (first && last) launch(blocks, [&] { cn_radix_scatter_raw_out_n(raw, out_values.data(), N, per_block, s, counts.data(), 1); });
      else if (first) launch(blocks, [&] { cn_radix_scatter_raw_n(raw, dst, N, per_block, s, counts.data(), 1); });
      else if (last) launch(blocks, [&] { cn_radix_scatter_out_n(src, out_values.data(), N, per_block, s, counts.data()); });
      else launch(blocks, [&] { cn_radix_scatter_key_n(src, nullptr, dst, nullptr, N, per_block, s, counts.data()); });
      if (!first) std::swap(src, dst);
      else src = dst, dst = ka;
    }
  } else if (!want_idx && M == 1 && !complex) {
    launch(1, [&] { cn_sort_make_keys(in, K, sm, sk, N, ka, nullptr, 0, 1); });
    VT* n1 = nullptr; VT* n2 = nullptr;
    for (int s = 0; s < kb * 8; s += 8) pass(cn_radix_hist_key, cn_radix_scatter_key_n, ka, kbp, n1, n2, s);
    launch(1, [&] { cn_sort_finish_keys(ka, N, out_values.data()); });
  } else {
    launch(1, [&] { cn_sort_make_keys(in, K, sm, sk, N, ka, va, complex ? 1 : 0, 0); });
    for (int s = 0; s < kb * 8; s += 8) pass(cn_radix_hist_key, cn_radix_scatter_key_v, ka, kbp, va, vb, s);
    if (complex) {
      launch(1, [&] { cn_sort_gather_keys(in, K, sm, sk, N, va, ka, 0); });
      for (int s = 0; s < kb * 8; s += 8) pass(cn_radix_hist_key, cn_radix_scatter_key_v, ka, kbp, va, vb, s);
    }
    const unsigned long long top = ((unsigned long long)(M - 1) << 2) | (complex ? 3u : 0u);
    int row_bits = 0;
    while ((top >> row_bits) != 0) ++row_bits;
    if (row_bits > 0) {
      std::vector<unsigned> ra_(N), rb_(N);
      unsigned* ra = ra_.data(); unsigned* rb = rb_.data();
      launch(1, [&] { cn_sort_row_keys(in, K, sm, sk, N, va, ra); });
      for (int s = 0; s < row_bits; s += 8) pass(cn_radix_hist_row, cn_radix_scatter_row_v, ra, rb, va, vb, s);
    }
    launch(1, [&] { cn_sort_finish(in, K, sm, sk, N, va, out_values.data(), want_idx ? out_indices.data() : nullptr); });
  }
  FILE* f = std::fopen(argv[8], "wb");
  std::fwrite(out_values.data(), sizeof(T), N, f);
  std::fwrite(out_indices.data(), 8, N, f);
  std::fclose(f);
  return 0;
}
"""


def sample(dtype, n, rng):
    dtype = np.dtype(dtype)
    if dtype.kind == 'b':
        return rng.integers(0, 2, n).astype(bool)
    if dtype.kind in 'iu':
        info = np.iinfo(dtype)
        a = rng.integers(-20, 20, n).astype(dtype)  # negatives wrap for unsigned types
        a[rng.integers(0, n, 5)] = info.max
        a[rng.integers(0, n, 5)] = info.min
        return a
    special = np.array([np.nan, -np.nan, -0.0, 0.0, np.inf, -np.inf, 1.5, -1.5, 1e-30, -2.0])
    if dtype.kind == 'f':
        a = rng.standard_normal(n).round(1)
        pick = rng.random(n) < 0.2
        a[pick] = rng.choice(special, pick.sum())
        return a.astype(dtype)
    re = sample(np.float64, n, rng)
    im = sample(np.float64, n, rng)
    return np.array([complex(r, i) for r, i in zip(re, im)], dtype=dtype)


def check(exe, dtype, M, K, transposed, want_idx, blocks, tmp):
    rng = np.random.default_rng(M * 1000 + K)
    a = sample(dtype, M * K, rng)
    if transposed == 'step':
        base = np.repeat(a.reshape(M, K), 2, axis=1)
        view = base[:, ::2]
    elif transposed:
        base = np.ascontiguousarray(a.reshape(K, M))
        view = base.T
    else:
        base = a.reshape(M, K)
        view = base
    inp = os.path.join(tmp, "in.bin")
    out = os.path.join(tmp, "out.bin")
    base.tofile(inp)
    subprocess.check_call([exe, inp, str(M), str(K), str(view.strides[0]), str(view.strides[1]),
                           str(int(want_idx)), str(blocks), out])
    raw = np.fromfile(out, dtype=np.uint8)
    n = M * K
    vals = raw[:n * a.itemsize].view(a.dtype).reshape(M, K)
    idx = raw[n * a.itemsize:].view(np.int64).reshape(M, K)
    ref_idx = np.argsort(view, axis=1, kind='stable')
    ref_vals = np.take_along_axis(view, ref_idx, axis=1)
    what = f"{np.dtype(dtype).name} M={M} K={K} transposed={transposed} indices={want_idx} blocks={blocks}"
    if want_idx:
        if not np.array_equal(idx, ref_idx):
            bad = np.argwhere(idx != ref_idx)[:5]
            return f"{what}: indices differ at {bad.tolist()}"
    if np.dtype(dtype).kind in 'fc':
        same = (vals == ref_vals) | (np.isnan(vals) & np.isnan(ref_vals))
        if np.dtype(dtype).kind == 'c':
            same = ((vals.real == ref_vals.real) | (np.isnan(vals.real) & np.isnan(ref_vals.real))) & \
                   ((vals.imag == ref_vals.imag) | (np.isnan(vals.imag) & np.isnan(ref_vals.imag)))
    else:
        same = vals == ref_vals
    if not same.all():
        return f"{what}: values differ at {np.argwhere(~same)[:5].tolist()}"
    return None


def main():
    only = set(sys.argv[1:])
    sources = dump_sources()
    failures = 0
    runs = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, src in sources:
            _, dname, width = name.split()
            if only and dname not in only:
                continue
            if width == "8" and dname not in ("float32", "complex64"):
                continue  # the 64-bit payload is the same code: two dtypes suffice
            path = os.path.join(tmp, f"{dname}_{width}.cpp")
            exe = os.path.join(tmp, f"{dname}_{width}")
            with open(path, "w") as f:
                f.write(PRELUDE + src + DRIVER)
            subprocess.check_call(["g++", "-std=c++20", "-O1", "-w", "-pthread", path, "-o", exe])
            cases = [(1, 5000, False, False, 2), (1, 5000, False, True, 2), (1, 300, False, True, 1),
                     (7, 400, True, True, 2), (7, 400, True, False, 3), (300, 9, False, True, 1),
                     (1, 1, False, True, 1), (1, 5000, 'step', False, 2), (1, 3000, 'step', True, 2),
                     (1, 1, False, False, 1)]
            for M, K, tr, idx, blocks in cases:
                err = check(exe, dname, M, K, tr, idx, blocks, tmp)
                runs += 1
                if err:
                    failures += 1
                    print("MISMATCH", err)
            print(f"{name}: done")
    print(f"{runs} emulated sorts, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
