#!/usr/bin/env python3
"""Runs the generated CUDA radix sort kernels on the CPU, without a GPU: each source (from
scripts/dump_sort_kernels.cpp) is compiled by the host compiler with a small emulation of
CUDA's execution model (every thread of a block is a std::thread, __syncthreads and
__syncwarp are barriers, __ballot_sync and __match_any_sync gather the warp's values between two warp barriers,
__shared__ is a static shared by the block's threads, blocks run one after another), then
driven exactly as src/backend/cuda/radix_sort_cuda.cpp drives them (several blocks and
several tiles per block, payload and keys-only paths, row passes, complex fields; and the
onesweep path for one row, with its tiles handed out by the atomic counter to blocks run in
reverse blockIdx order and some tiles' inclusive prefixes withheld so that look-backs add
aggregates) and compared with NumPy's stable sort.

    python3 scripts/emulate_sort_kernels.py [--quick] [dtype ...]
    python3 scripts/emulate_sort_kernels.py --radix-paths 65536 random float16 [--concurrent]

--quick (the test command's selection): the 32-bit payload source of each dtype only (the
64-bit payload one is the same code with a wider index type), and 15 of its 28 cases: one
and many rows, transposed and strided rows, one element, and on the onesweep path a tiny
row, one past a tile, several tiles with withheld prefixes, the wide form and strided
input, with indices (the full run adds the keys-only twins and more lengths); uint32/uint64
also sort keys whose low bytes are skipped (SortTask::skip_low_bytes), for every pass count.

The second form runs one case of test_radix_paths (perf-cpusort's tests/python/test_sort.py:
same input; sort, argsort, sort of a[::-2], argsort of a[::3]) on the onesweep path only.
--concurrent runs all blocks of each onesweep pass at once, each a forked process (its own
__shared__ statics) over a MAP_SHARED arena, so look-backs really wait on running tiles
(x86 memory order, not the GPU's). EMULATE_CXXFLAGS adds compiler flags to that build, e.g.
"-fsanitize=address,undefined -g" (with ASAN_OPTIONS=detect_leaks=0). The kernel sources are
generated from this checkout's src/backend/cuda/radix_sort_cuda_source.cpp.

A check of the kernels' logic (ranking, stability, digit extraction, NaN/-0.0 keys, row
segmentation), not of speed or of races that only real hardware shows.
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

from check_reduction_nvrtc import ROOT
from emulate_reduction_kernels import DRIVER as BASE_DRIVER, PRELUDE as BASE_PRELUDE, WARP_PRELUDE
from embed_text import write_kernels_cpp

sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
from _sort_inputs import radix_input  # noqa: E402  (test_radix_paths' inputs)

# The reduction emulator's prelude, warp intrinsics and launch(), plus what the sort kernels
# use besides.
PRELUDE = BASE_PRELUDE + WARP_PRELUDE + r"""
#include <algorithm>
#include <type_traits>
#include <utility>
#include <sched.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
// Called in the look-back's spin (--concurrent): let the tile being waited on run.
unsigned long long* g_spins = nullptr;  // look-back waits seen (shared by the blocks)
inline void cn_emu_spin() { __atomic_fetch_add(g_spins, 1ull, __ATOMIC_RELAXED); sched_yield(); }
// Tiles 1, 2 mod 3 publish only their aggregates: successors must add several of them.
#define CN_OS_HOLD_PREFIX(tile) ((tile) % 3 != 0)
inline unsigned __match_any_sync(unsigned, int v) {
  const int w = threadIdx.x / 32, l = threadIdx.x % 32;
  g_lanes[w][l] = (unsigned)v;
  __syncwarp();
  unsigned m = 0;
  for (int i = 0; i < 32; ++i) m |= (g_lanes[w][i] == (unsigned)v ? 1u : 0u) << i;
  __syncwarp();
  return m;
}
inline int __popc(unsigned v) { return __builtin_popcount(v); }
inline unsigned atomicAdd(unsigned* p, unsigned v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline unsigned atomicOr(unsigned* p, unsigned v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }
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
// Launch with blocks taken in reverse blockIdx order: the onesweep passes must get their
// tile from the counter, not from blockIdx (tiles still come in execution order, as on the
// GPU, so a tile's predecessors have always finished here).
// Concurrent blocks (emulate_sort_kernels.py --concurrent): each block of a onesweep pass
// is a forked process (its own __shared__ statics and warp votes) and global memory is a
// MAP_SHARED arena, so tiles run at once and their look-backs really wait on each other.
bool g_concurrent = false;
char* g_arena = nullptr;
size_t g_arena_used = 0, g_arena_size = 0;
template <class X>
X* arena_alloc(size_t n, X fill) {
  if (!g_concurrent) {  // separate heap blocks: a sanitizer build sees overruns
    X* p = new X[n];
    for (size_t i = 0; i < n; ++i) p[i] = fill;
    return p;
  }
  g_arena_used = (g_arena_used + 15) & ~(size_t)15;
  X* p = (X*)(g_arena + g_arena_used);
  g_arena_used += n * sizeof(X);
  if (g_arena_used > g_arena_size) std::exit(4);
  for (size_t i = 0; i < n; ++i) p[i] = fill;
  return p;
}
template <class F>
void run_block(unsigned grid, unsigned b, F& f) {
  std::barrier<> bar(256);
  std::vector<std::barrier<>*> warps;
  for (unsigned w = 0; w < 8; ++w) warps.push_back(g_warp_barrier[w] = new std::barrier<>(32));
  g_block_barrier = &bar;
  blockDim.x = 256;
  gridDim.x = grid;
  std::vector<std::thread> ts;
  for (unsigned t = 0; t < 256; ++t)
    ts.emplace_back([=] { blockIdx.x = b; threadIdx.x = t; f(); });
  for (auto& t : ts) t.join();
  for (auto* w : warps) delete w;
}
// Launch with blocks taken in reverse blockIdx order: the onesweep passes must get their
// tile from the counter, not from blockIdx (tiles still come in execution order, as on the
// GPU, so a tile's predecessors have always finished here).
template <class F>
void launch_rev(unsigned grid, F f) {
  if (!g_concurrent) {
    for (unsigned b = grid; b-- > 0;) run_block(grid, b, f);
    return;
  }
  std::vector<pid_t> kids;
  for (unsigned b = grid; b-- > 0;) {
    const pid_t pid = fork();
    if (pid == 0) {
      usleep((b * 7919u) % 5000u);  // blocks start in a scrambled order
      run_block(grid, b, f);
      _exit(0);
    }
    kids.push_back(pid);
  }
  for (pid_t k : kids) {
    int st = 0;
    waitpid(k, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) std::exit(5);
  }
}
// The onesweep path of radix_sort_cuda.cpp's run_onesweep (one row at byte stride sk).
static void run_onesweep(const char* in, long long N, long long sk, bool want_idx, T* out_values,
                         long long* out_indices, unsigned hblocks_max, int skip = 0) {
  const int kb = sizeof(KT);
  // SortTask::skip_low_bytes: values-only unsigned keys start their passes at digit lo.
  const bool skippable = !want_idx && std::is_unsigned<T>::value && sizeof(T) >= 4;
  const int lo = skippable ? std::max(0, std::min(skip, kb - 1)) : 0;
  const long long tiles = (N + CN_OS_TILE - 1) / CN_OS_TILE;
  const long long hist_n = kb * 256ll, ctr_off = 2 * hist_n, a_off = ctr_off + 64, b_off = a_off + tiles * 256;
  // Garbage, not zeros: the kernels must zero what they rely on.
  unsigned* base = arena_alloc<unsigned>(b_off + tiles * 256, 0xdeadbeefu);
  unsigned* hist = base;
  unsigned* bins = base + hist_n;
  int exact = want_idx ? 0 : 1;
  launch(1, [&] { cn_os_init(hist, (int)hist_n); });
  const unsigned hblocks = (unsigned)std::min<long long>((N + 1023) / 1024, hblocks_max);
  launch(hblocks, [&] { cn_os_hist(in, sk, N, exact, hist, base + ctr_off, 64 + tiles * 256); });
  launch(kb, [&] { cn_os_scan(hist, bins); });
  T* const values_host = out_values;
  long long* const indices_host = out_indices;
  out_values = arena_alloc<T>(N, T());
  if (out_indices) out_indices = arena_alloc<long long>(N, -1);
  KT* ka = arena_alloc<KT>(N, (KT)0x5a); KT* kbuf = want_idx ? arena_alloc<KT>(N, (KT)0x5a) : (KT*)out_values;
  if (!want_idx && (kb - lo) % 2 == 1 && kb - lo > 1) kbuf = arena_alloc<KT>(N, (KT)0x5a);  // odd pass count
  VT* va = arena_alloc<VT>(N, (VT)7); VT* vb = arena_alloc<VT>(N, (VT)7);
  const unsigned grid = (unsigned)tiles;
  for (int pass = lo; pass < kb; ++pass) {
    const bool first = pass == lo, last = pass == kb - 1;
    const int shift = 8 * pass;
    const unsigned* pb = bins + 256 * pass;
    const int parity = (pass - lo) & 1;
    unsigned* st = base + (parity ? b_off : a_off);
    unsigned* nx = last ? nullptr : base + (parity ? a_off : b_off);
    unsigned* ctr = base + ctr_off + pass;
    if (!want_idx) {
      if (first && last) launch_rev(grid, [&] { cn_os_pass_raw_out(in, sk, exact, out_values, N, shift, pb, st, nx, ctr); });
      else if (first) launch_rev(grid, [&] { cn_os_pass_raw_k(in, sk, exact, ka, N, shift, pb, st, nx, ctr); });
      else if (last) launch_rev(grid, [&] { cn_os_pass_k_out(ka, out_values, N, shift, pb, st, nx, ctr); });
      else launch_rev(grid, [&] { cn_os_pass_k_k(ka, kbuf, N, shift, pb, st, nx, ctr); });
    } else {
      if (first && last) launch_rev(grid, [&] { cn_os_pass_raw_fin(in, sk, exact, out_values, out_indices, N, shift, pb, st, nx, ctr); });
      else if (first) launch_rev(grid, [&] { cn_os_pass_raw_kv(in, sk, exact, ka, va, N, shift, pb, st, nx, ctr); });
      else if (last) launch_rev(grid, [&] { cn_os_pass_kv_fin(ka, va, in, sk, out_values, out_indices, N, shift, pb, st, nx, ctr); });
      else launch_rev(grid, [&] { cn_os_pass_kv_kv(ka, va, kbuf, vb, N, shift, pb, st, nx, ctr); });
    }
    if (!first) { std::swap(ka, kbuf); std::swap(va, vb); }
  }
  std::copy(out_values, out_values + N, values_host);
  if (indices_host) std::copy(out_indices, out_indices + N, indices_host);
}
// argv: input file, M, K, stride_m, stride_k, want_indices, blocks wanted, output file,
// onesweep (1: the driver's default path for one row), byte offset of the view's first
// element in the file (optional; negative strides).
int main(int argc, char** argv) {
  std::vector<char> base = read_file(argv[1]);
  long long M = atoll(argv[2]), K = atoll(argv[3]), sm = atoll(argv[4]), sk = atoll(argv[5]);
  const bool want_idx = atoi(argv[6]);
  const long long want_blocks_max = atoll(argv[7]);
  long long N = M * K;
  const char* in = base.data() + (argc > 10 ? atoll(argv[10]) : 0);
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
  const bool onesweep = argc > 9 && atoi(argv[9]);
  g_concurrent = argc > 11 && atoi(argv[11]);
  g_arena_size = 64ull << 20;
  if (g_concurrent) {
    g_arena = (char*)mmap(nullptr, g_arena_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    g_spins = arena_alloc<unsigned long long>(1, 0ull);
  }
  auto pass = [&](auto hist, auto scatter, auto*& keys, auto*& keys2, VT*& vals, VT*& vals2, int shift) {
    auto* k1 = keys;
    launch(blocks, [&] { hist(k1, N, per_block, shift, counts.data()); });
    launch(1, [&] { cn_radix_scan(counts.data(), total); });
    auto* k2 = keys2; VT* v1 = vals; VT* v2 = vals2;
    launch(blocks, [&] { scatter(k1, v1, k2, v2, N, per_block, shift, counts.data()); });
    std::swap(keys, keys2);
    std::swap(vals, vals2);
  };
  if (onesweep && M == 1 && !complex && N < (1ll << 30)) {
    run_onesweep(in, N, sk, want_idx, out_values.data(), want_idx ? out_indices.data() : nullptr,
                 (unsigned)want_blocks_max, argc > 12 ? atoi(argv[12]) : 0);
  } else if (!want_idx && M == 1 && !complex && sk == (long long)sizeof(T)) {
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
  if (g_concurrent) std::fprintf(stderr, "look-back reads: %llu\n", *g_spins);
  FILE* f = std::fopen(argv[8], "wb");
  std::fwrite(out_values.data(), sizeof(T), N, f);
  std::fwrite(out_indices.data(), 8, N, f);
  std::fclose(f);
  return 0;
}
"""


def dump_sources():
    """(name, source) pairs of scripts/dump_sort_kernels.cpp, with the generator
    (src/backend/cuda/radix_sort_cuda_source.cpp) compiled from this checkout, not taken from
    the installed libcunumpy (which may be older than the kernels being checked)."""
    import cunumpy
    lib_dir = os.path.join(os.path.dirname(cunumpy.__file__), "lib")
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "dump")
        subprocess.check_call(["g++", "-std=c++20", "-O0", "-I", os.path.join(ROOT, "include"),
                               "-I", os.path.join(ROOT, "src"), "-I", "/usr/local/cuda/include",
                               os.path.join(ROOT, "scripts", "dump_sort_kernels.cpp"),
                               os.path.join(ROOT, "src", "backend", "cuda", "radix_sort_cuda_source.cpp"),
                               write_kernels_cpp(os.path.join(tmp, "embedded_kernels.cpp")),
                               "-L", lib_dir, "-lcunumpy", "-Wl,-rpath," + lib_dir, "-o", exe])
        text = subprocess.check_output([exe]).decode()
    parts = text.split("//==== ")[1:]
    return [(p.split("\n", 1)[0], p.split("\n", 1)[1]) for p in parts]


def build(name, src, tmp, flags=()):
    _, dname, width = name.split()
    path = os.path.join(tmp, f"{dname}_{width}.cpp")
    exe = os.path.join(tmp, f"{dname}_{width}")
    with open(path, "w") as f:
        f.write(PRELUDE + src + DRIVER)
    subprocess.check_call(["g++", "-std=c++20", "-O1", "-w", "-pthread", *flags, path, "-o", exe])
    return exe


def check_view(exe, base, view, want_idx, tmp, exact_zero_sign, concurrent=False):
    """Sorts one row `view` of the contiguous 1-D `base` on the onesweep path (any stride,
    negative included) and compares with NumPy's stable sort; an error text or None."""
    inp = os.path.join(tmp, "in.bin")
    out = os.path.join(tmp, "out.bin")
    base.tofile(inp)
    offset = view.__array_interface__['data'][0] - base.__array_interface__['data'][0]
    K = view.shape[0]
    subprocess.check_call([exe, inp, "1", str(K), str(K * view.strides[0]), str(view.strides[0]),
                           str(int(want_idx)), "1056", out, "1", str(offset),
                           str(int(concurrent))], timeout=1800)  # 1056: sms * 8 histogram blocks at most, as on the H200
    raw = np.fromfile(out, dtype=np.uint8)
    vals = raw[:K * base.itemsize].view(base.dtype)
    idx = raw[K * base.itemsize:].view(np.int64)
    ref_idx = np.argsort(view, kind='stable')
    ref_vals = view[ref_idx]
    if want_idx and not np.array_equal(idx, ref_idx):
        bad = np.flatnonzero(idx != ref_idx)
        return f"indices differ at {bad.size} positions, first {bad[:5].tolist()}"
    if base.dtype.kind == 'f':
        same = (vals == ref_vals) | (np.isnan(vals) & np.isnan(ref_vals))
        if exact_zero_sign:
            same &= np.signbit(vals) == np.signbit(ref_vals)
    else:
        same = vals == ref_vals
    if not same.all():
        bad = np.flatnonzero(~same)
        return f"values differ at {bad.size} positions, first {bad[:5].tolist()}"
    return None


def radix_paths(n, kind, dtype, concurrent=False):
    """test_radix_paths[n-kind-dtype] on the onesweep path: sort and argsort of the row, sort
    of a[::-2], argsort of a[::3]."""
    a = radix_input(kind, dtype, n, np.random.default_rng(n))
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        name, src = next((nm, s) for nm, s in dump_sources() if nm == f"sort {np.dtype(dtype).name} 4")
        if concurrent:  # yield in the look-back's spin: 2 CPUs run all the blocks' threads
            src = src.replace("v = *s;", "v = *s;\n        cn_emu_spin();")
        exe = build(name, src, tmp, os.environ.get("EMULATE_CXXFLAGS", "").split())
        for what, view, idx, zs in (("sort(a)", a, False, False), ("argsort(a)", a, True, True),
                                    ("sort(a[::-2])", a[::-2], False, False),
                                    ("argsort(a[::3])", a[::3], True, True)):
            err = check_view(exe, a, view, idx, tmp, zs, concurrent)
            print(f"{n}-{kind}-{np.dtype(dtype).name} {what}: {err or 'ok'}", flush=True)
            failures += err is not None
    return failures


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


def sample_wide(dtype, n, rng):
    """Every bit random (all 256 values of every digit), plus the float specials."""
    dtype = np.dtype(dtype)
    if dtype.kind == 'b':
        return rng.integers(0, 2, n).astype(bool)
    a = rng.integers(0, 256, n * dtype.itemsize, dtype=np.uint8).view(dtype).copy()
    if dtype.kind == 'f':
        special = np.array([np.nan, -np.nan, -0.0, 0.0, np.inf, -np.inf], dtype=dtype)
        pick = rng.random(n) < 0.05
        a[pick] = rng.choice(special, pick.sum())
    return a


def check(exe, dtype, M, K, transposed, want_idx, blocks, tmp, onesweep=0, wide=False, skip=0):
    rng = np.random.default_rng(M * 1000 + K)
    a = (sample_wide if wide else sample)(dtype, M * K, rng)
    if skip:
        # SortTask::skip_low_bytes' promise (random permutations' keys): the low bytes grow
        # with the position, so keys tying above them come in their order; few high parts.
        bits, n = 8 * np.dtype(dtype).itemsize, M * K
        high = rng.integers(0, 1 << min(12, bits - 8 * skip), n).astype(np.uint64)
        high[rng.integers(0, n, 3)] = (1 << (bits - 8 * skip)) - 1
        low = np.array([i * ((1 << (8 * skip)) - 1) // max(n - 1, 1) for i in range(n)], dtype=np.uint64)
        a = ((high << np.uint64(8 * skip)) | low).astype(dtype)
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
                           str(int(want_idx)), str(blocks), out, str(onesweep), "0", "0", str(skip)],
                          timeout=600)
    raw = np.fromfile(out, dtype=np.uint8)
    n = M * K
    vals = raw[:n * a.itemsize].view(a.dtype).reshape(M, K)
    idx = raw[n * a.itemsize:].view(np.int64).reshape(M, K)
    ref_idx = np.argsort(view, axis=1, kind='stable')
    ref_vals = np.take_along_axis(view, ref_idx, axis=1)
    what = (f"{np.dtype(dtype).name} M={M} K={K} transposed={transposed} indices={want_idx} blocks={blocks} "
            f"onesweep={onesweep} wide={wide} skip={skip}")
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
    if sys.argv[1:2] == ["--radix-paths"]:
        # --radix-paths N KIND DTYPE [--concurrent]: one test_radix_paths case (e.g. 65536
        # random float16); --concurrent runs each pass's blocks at once (forked processes).
        return 1 if radix_paths(int(sys.argv[2]), sys.argv[3], sys.argv[4], "--concurrent" in sys.argv[5:]) else 0
    quick = "--quick" in sys.argv[1:]
    only = set(sys.argv[1:]) - {"--quick"}
    sources = dump_sources()
    failures = 0
    runs = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, src in sources:
            _, dname, width = name.split()
            if only and dname not in only:
                continue
            if width == "8" and (quick or dname not in ("float32", "complex64")):
                continue  # the 64-bit payload is the same code: two dtypes suffice
            exe = build(name, src, tmp)
            cases = [(1, 5000, False, False, 2), (1, 5000, False, True, 2), (1, 300, False, True, 1),
                     (7, 400, True, True, 2), (7, 400, True, False, 3), (300, 9, False, True, 1),
                     (1, 1, False, True, 1), (1, 5000, 'step', False, 2), (1, 3000, 'step', True, 2),
                     (1, 1, False, False, 1)]
            if quick:  # one row and many rows, transposed, strided, a single element, both paths
                cases = [cases[i] for i in (0, 1, 3, 5, 6, 8)]
            cases = [c + (0, False) for c in cases]
            # The onesweep path (one row): tiny, one partial tile, exactly one tile, one past,
            # several tiles (CN_OS_HOLD_PREFIX above makes look-backs cross aggregates), strided.
            tile = 256 * int(re.search(r"#define CN_OS_ITEMS (\d+)", src).group(1))
            lengths = (2, tile + 1, 3 * tile + 77) if quick else (1, 2, 300, tile, tile + 1, 3 * tile + 77)
            for K in lengths if dname[0] != 'c' else ():  # complex: old path
                for idx in (False, True):
                    cases.append((1, K, False, idx, 3, 1, False))
            for idx in ((True,) if quick else (False, True)) if dname[0] != 'c' else ():
                cases.append((1, 2 * tile + 5, False, idx, 2, 1, True))
                cases.append((1, 5000, 'step', idx, 2, 1, False))
                cases.append((1, 5000, 'step', idx, 2, 1, True))
            cases = [c + (0,) for c in cases]
            # Skipped low digits (values only, unsigned 32/64-bit keys): every pass count.
            if dname in ("uint32", "uint64"):
                for skip in range(1, np.dtype(dname).itemsize):
                    cases.append((1, 3 * tile + 77, False, False, 3, 1, False, skip))
            for M, K, tr, idx, blocks, os_, wide, skip in cases:
                err = check(exe, dname, M, K, tr, idx, blocks, tmp, os_, wide, skip)
                runs += 1
                if err:
                    failures += 1
                    print("MISMATCH", err)
            print(f"{name}: done")
    print(f"{runs} emulated sorts, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
