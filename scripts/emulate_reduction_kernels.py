#!/usr/bin/env python3
"""Runs generated CUDA reduction, argmax and scan kernels on the CPU, without a GPU: each
source (from scripts/dump_reduction_kernels.cpp) is compiled by the host compiler with a
small emulation of CUDA's execution model (every thread of a block is a std::thread,
__syncthreads/__syncwarp are barriers, __shared__ is a static shared by the block's
threads, blocks run one after another), then launched as the backend launches it (one and
several chunks per row, the two-pass forms) and compared with a serial reference. The
single-pass scan (cn_scan_lookback) has its own: scripts/emulate_scan_kernels.py.

    python3 scripts/emulate_reduction_kernels.py

A check of the kernels' logic (indexing, chunking, carries, ties, NaN) where no GPU is
at hand; it says nothing about speed or about races that only real hardware shows.
"""
import os
import subprocess
import sys
import tempfile

from check_reduction_nvrtc import dump_sources

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")

PRELUDE = r"""
#include <barrier>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>
struct Dim3 { unsigned x = 0, y = 0, z = 0; };
thread_local Dim3 threadIdx, blockIdx;
Dim3 blockDim, gridDim;
std::barrier<>* g_block_barrier;
std::barrier<>* g_warp_barrier[32];
inline void __syncthreads() { g_block_barrier->arrive_and_wait(); }
inline void __syncwarp() { g_warp_barrier[threadIdx.x / 32]->arrive_and_wait(); }
inline double __longlong_as_double(long long v) { double d; std::memcpy(&d, &v, 8); return d; }
inline unsigned long long atomicAdd(unsigned long long* p, unsigned long long v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
#define __global__
#define __launch_bounds__(...)
#define __device__
#define __forceinline__ inline
#define __align__(n) alignas(n)
#define __shared__ static
"""

# The warp intrinsics of the scan source's cn_scan_lookback (emulate_scan_kernels.py runs it).
WARP_PRELUDE = r"""
#include <atomic>
#include <chrono>
#include <random>
unsigned g_lanes[8][32];
// Each lane posts its value between two warp barriers, then reads the one it wants.
inline unsigned cn_exchange(unsigned v, int src_lane) {
  const int w = threadIdx.x / 32, l = threadIdx.x % 32;
  g_lanes[w][l] = v;
  __syncwarp();
  const unsigned r = g_lanes[w][src_lane & 31];
  __syncwarp();
  return r;
}
inline unsigned __shfl_up_sync(unsigned, unsigned v, int d) {
  const int l = threadIdx.x % 32;
  return cn_exchange(v, l >= d ? l - d : l);
}
inline unsigned __shfl_sync(unsigned, unsigned v, int src) { return cn_exchange(v, src); }
inline unsigned __ballot_sync(unsigned, bool p) {
  const int w = threadIdx.x / 32, l = threadIdx.x % 32;
  g_lanes[w][l] = p ? 1u : 0u;
  __syncwarp();
  unsigned m = 0;
  for (int i = 0; i < 32; ++i) m |= g_lanes[w][i] << i;
  __syncwarp();
  return m;
}
inline int __clz(unsigned v) { return v ? __builtin_clz(v) : 32; }
inline void __nanosleep(unsigned) { std::this_thread::yield(); }
#define __launch_bounds__(...)
"""

DRIVER = r"""
template <class F>
void launch(unsigned grid, unsigned block, F f) {
  for (unsigned b = 0; b < grid; ++b) {
    std::barrier<> bar(block);
    std::vector<std::barrier<>*> warps;
    for (unsigned w = 0; w < block / 32; ++w) warps.push_back(g_warp_barrier[w] = new std::barrier<>(32));
    g_block_barrier = &bar;
    blockDim.x = block;
    gridDim.x = grid;
    std::vector<std::thread> ts;
    for (unsigned t = 0; t < block; ++t)
      ts.emplace_back([=] { blockIdx.x = b; threadIdx.x = t; f(); });
    for (auto& t : ts) t.join();
    for (auto* w : warps) delete w;
  }
}
// std::vector<bool> has no data(): a plain buffer for every element type.
template <class T>
struct Buf {
  T* p;
  explicit Buf(size_t n) : p(new T[n]()) {}
  ~Buf() { delete[] p; }
  T* data() { return p; }
  T& operator[](size_t i) { return p[i]; }
};
// cn_reduce_cols's launch: blockIdx.y picks the chunk (one 256-thread block covers M here).
template <class F>
void launch_cols(long long M, int chunks, F f) {
  for (int y = 0; y < chunks; ++y) {
    std::barrier<> bar(256);
    g_block_barrier = &bar;
    blockDim.x = 256;
    gridDim.x = 1;
    gridDim.y = chunks;
    std::vector<std::thread> ts;
    for (unsigned t = 0; t < 256; ++t)
      ts.emplace_back([=] { blockIdx.x = 0; blockIdx.y = y; threadIdx.x = t; f(); });
    for (auto& t : ts) t.join();
  }
}
// The backend's split of a row into chunks (reduction_cuda.hpp).
static long long chunk_length(long long K, int* chunks) {
  long long per = (K + *chunks - 1) / *chunks;
  if (*chunks > 1) {
    per = (per + 15) / 16 * 16;
    *chunks = (int)((K + per - 1) / per);
  }
  return per;
}
static int failures = 0;
static void expect(bool ok, const char* what, long long at) {
  if (!ok && failures++ < 5) std::printf("MISMATCH %s at %lld\n", what, at);
}
static double val(long long m, long long k) { return (double)(((m * 7 + k * 13) % 11) - 5); }
"""

SCAN_MAIN = r"""
int main() {
  const int op = OP;
  for (long long K : {1LL, 100LL, 2048LL, 2049LL, 9000LL, 20000LL}) {
    for (int chunks_wanted : {1, 3}) {
      const long long M = 2;
      Buf<Acc> in(M * K), out(M * K);
      for (long long m = 0; m < M; ++m)
        for (long long k = 0; k < K; ++k) {
          double v = val(m, k);
          if (op == 1) v = (v > 0) ? 1 : -1;  // products stay exact
          in[m * K + k] = cn::cast<Acc>(v);
        }
      const long long tile = 256 * CN_ITEMS;
      long long per = (K + chunks_wanted - 1) / chunks_wanted;
      per = (per + tile - 1) / tile * tile;
      int chunks = (int)((K + per - 1) / per);
      Buf<Acc> carry(M * chunks);
      const char* inp = (const char*)in.data();
      long long sm = K * sizeof(Acc), sk = sizeof(Acc);
      if (chunks > 1) {
        launch(M * chunks, 256, [&] { cn_scan_reduce(inp, carry.data(), K, sm, sk, per, chunks); });
        launch(1, 256, [&] { cn_scan_carry(carry.data(), M, chunks); });
      }
      launch(M * chunks, 256, [&] { cn_scan_chunks(inp, out.data(), carry.data(), K, sm, sk, per, chunks); });
      for (long long m = 0; m < M; ++m) {
        Acc acc = in[m * K];
        for (long long k = 0; k < K; ++k) {
          if (k) acc = CN_COMBINE(acc, in[m * K + k]);
          expect(std::memcmp(&acc, &out[m * K + k], sizeof(Acc)) == 0 ||
                 cn::cast<double>(acc) == cn::cast<double>(out[m * K + k]), "scan", m * K + k);
        }
      }
    }
  }
  std::printf(failures ? "FAILED\n" : "ok\n");
  return failures ? 1 : 0;
}
"""

REDUCE_MAIN = r"""
int main() {
  for (long long K : {1LL, 5LL, 1000LL, 70000LL}) {
    for (int chunks_wanted : {1, 4}) for (int offset : {0, 1}) {
      const long long M = 3;
      int chunks = chunks_wanted;
      long long per = chunk_length(K, &chunks);
      // offset 1: rows that start off the 16-byte alignment (no vector loads)
      Buf<Acc> buf(M * K + 1), out(M), partial(M * chunks);
      Acc* in = buf.data() + offset;
      for (long long m = 0; m < M; ++m)
        for (long long k = 0; k < K; ++k) in[m * K + k] = cn::cast<Acc>(val(m, k));
      const char* inp = (const char*)in;
      long long sm = K * sizeof(Acc), sk = sizeof(Acc), item = sizeof(Acc);
      if (chunks == 1) {
        launch(M, 256, [&] { cn_reduce(inp, out.data(), K, sm, sk, K, 1); });
      } else {
        launch(M * chunks, 256, [&] { cn_reduce(inp, partial.data(), K, sm, sk, per, chunks); });
        long long K2 = chunks, per2 = chunks;
        launch(M, 256, [&] { cn_reduce((const char*)partial.data(), out.data(), K2, chunks * item, item, per2, 1); });
      }
      // The column form over the transposed layout (kept axis contiguous): out2[m].
      Buf<Acc> out2(M), partial2(M * chunks);
      const long long per_c = (K + chunks - 1) / chunks;  // the column form's own split
      launch_cols(M, chunks, [&] { cn_reduce_cols(inp, chunks == 1 ? out2.data() : partial2.data(), M, K, sm, sk, per_c); });
      if (chunks > 1) {
        long long K2 = chunks;
        launch_cols(M, 1, [&] { cn_reduce_cols((const char*)partial2.data(), out2.data(), M, K2, item, M * item, K2); });
      }
      for (long long m = 0; m < M; ++m) {
        Acc acc = in[m * K];
        for (long long k = 1; k < K; ++k) acc = CN_COMBINE(acc, in[m * K + k]);
        expect(cn::cast<double>(acc) == cn::cast<double>(out2[m]), "reduce_cols", m);
        expect(cn::cast<double>(acc) == cn::cast<double>(out[m]), "reduce", m);
        if (cn::cast<double>(acc) != cn::cast<double>(out[m]))
          std::printf("  K=%lld chunks=%d expected %g got %g\n", K, chunks, cn::cast<double>(acc), cn::cast<double>(out[m]));
      }
    }
  }
  std::printf(failures ? "FAILED\n" : "ok\n");
  return failures ? 1 : 0;
}
"""

ARG_MAIN = r"""
int main() {
  const bool is_float = cn::op::isnan::call(cn::cast<T>(__longlong_as_double(0x7ff8000000000000LL)));
  for (long long K : {1LL, 7LL, 3000LL, 50000LL}) {
    for (int chunks_wanted : {1, 5}) for (int offset : {0, 1}) {
      for (int nan_case = 0; nan_case < (is_float ? 4 : 3); ++nan_case) {
        const long long M = 2;
        int chunks = chunks_wanted;
        long long per = chunk_length(K, &chunks);
        Buf<T> buf(M * K + 1), values(M * chunks);
        T* in = buf.data() + offset;
        Buf<long long> out(M), index(M * chunks);
        for (long long m = 0; m < M; ++m)
          for (long long k = 0; k < K; ++k) in[m * K + k] = cn::cast<T>(val(m, k));  // many ties
        // Case 1, 2: the extremes alone at scattered positions (every lane of a vector,
        // either vector of a pair, the tail); a few small ties of them too. 3: NaNs.
        if (nan_case == 1 || nan_case == 2) {
          for (long long m = 0; m < M; ++m) {
            const long long at = (K * (m + 3) * 37 / 101 + nan_case) % K;
            in[m * K + at] = cn::cast<T>(nan_case == 1 ? 100.0 : -100.0);
            if (at + 5 < K) in[m * K + at + 5] = cn::cast<T>(nan_case == 1 ? 100.0 : -100.0);
          }
        }
        if (nan_case == 3)
          for (long long m = 0; m < M; ++m)
            for (long long k = K / 3 + m; k < K; k += K / 2 + 1) in[m * K + k] = cn::cast<T>(__longlong_as_double(0x7ff8000000000000LL));
        const char* inp = (const char*)in;
        long long sm = K * sizeof(T), sk = sizeof(T), item = sizeof(T);
        if (chunks == 1) {
          launch(M, 256, [&] { cn_argreduce(inp, nullptr, nullptr, out.data(), K, sm, sk, K, 1); });
        } else {
          launch(M * chunks, 256, [&] { cn_argreduce(inp, nullptr, values.data(), index.data(), K, sm, sk, per, chunks); });
          long long K2 = chunks, per2 = chunks;
          launch(M, 256, [&] { cn_argreduce((const char*)values.data(), index.data(), nullptr, out.data(), K2, chunks * item, item, per2, 1); });
        }
        for (long long m = 0; m < M; ++m) {
          T best = in[m * K];
          long long bi = 0;
          for (long long k = 1; k < K; ++k)
            if (CN_BEATS(best, in[m * K + k])) { best = in[m * K + k]; bi = k; }
          expect(bi == out[m], "argreduce", m);
        }
      }
    }
  }
  std::printf(failures ? "FAILED\n" : "ok\n");
  return failures ? 1 : 0;
}
"""

PICK = ["scan 0 int64", "scan 0 float64", "scan 0 complex64", "scan 1 float32", "scan 2 float32",
        "scan 3 int8", "scan 2 bool", "reduce 0 float32", "reduce 4 float64", "reduce 2 int16",
        "argreduce 1 float32", "argreduce 0 float64", "argreduce 1 float16", "argreduce 1 complex128",
        "argreduce 0 int32", "argreduce 1 bool", "argreduce 0 float32", "argreduce 1 int8",
        "argreduce 0 uint8", "argreduce 1 complex64", "argreduce 1 int64"]


def main():
    only = set(sys.argv[1:]) or set(PICK)
    scalar_h = open(os.path.join(ROOT, "src", "scalar", "cn_scalar.h")).read()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, src in dump_sources():
            if name not in only:
                continue
            kind = name.split()[0]
            body = src.replace('#include "cn_scalar.h"', scalar_h, 1).replace('#include "cn_scalar.h"', '')
            main_src = {"scan": SCAN_MAIN, "reduce": REDUCE_MAIN, "argreduce": ARG_MAIN}[kind]
            if kind == "scan":
                main_src = main_src.replace("OP", name.split()[1])
                body = WARP_PRELUDE + body
            path = os.path.join(tmp, "k.cpp")
            with open(path, "w") as f:
                f.write(PRELUDE + body + DRIVER + main_src)
            exe = os.path.join(tmp, "k")
            r = subprocess.run(["g++", "-std=c++20", "-O1", "-pthread", "-w", path, "-o", exe],
                               capture_output=True, text=True)
            if r.returncode:
                print(f"{name}: does not compile on the host\n{r.stderr[:3000]}")
                failed += 1
                continue
            r = subprocess.run([exe], capture_output=True, text=True, timeout=600)
            print(f"{name}: {r.stdout.strip()}")
            failed += r.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
