#!/usr/bin/env python3
"""Runs the generated single-pass scan kernel (cn_scan_lookback) on the CPU, without a GPU:
each source (from scripts/dump_reduction_kernels.cpp) is compiled by the host compiler with
the small emulation of CUDA's execution model of emulate_reduction_kernels.py (threads of a
block as std::threads, barriers, blocks one after another) plus warp shuffles and ballots,
then launched as src/backend/cuda/scan_cuda.cpp launches it, over tile-boundary lengths,
several rows, aligned/unaligned/strided/transposed inputs, and compared with a serial
scan; one case is also compared with NumPy's cumsum/cumprod/maximum/minimum.accumulate.

Blocks running one after another find every predecessor done, so a second test runs one
block of a long row while another thread publishes its predecessors' statuses in random
order and at random times (aggregates, some inclusive prefixes, the row's first last):
the look-back's waits, windows and sliding.

    python3 scripts/emulate_scan_kernels.py [name ...]   (names as "scan 0 float32"; default all)

A check of logic, not of speed or of the memory ordering real hardware may show.
"""
import concurrent.futures
import os
import subprocess
import sys
import tempfile

import numpy as np

from check_reduction_nvrtc import dump_sources
from emulate_reduction_kernels import DRIVER, PRELUDE as BASE_PRELUDE, WARP_PRELUDE

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")

PRELUDE = BASE_PRELUDE + WARP_PRELUDE

MAIN = r"""
static int g_op = OP;
static Acc value_at(long long m, long long k) {
  double v = (double)((m * 7 + k * 13) % 11 - 3);  // tile totals far from 0
  if (g_op == 1) v = (v > 0) ? 1 : -1;  // products stay exact
  return cn::cast<Acc>(v);
}
static bool same(Acc a, Acc b) {
  return std::memcmp(&a, &b, sizeof(Acc)) == 0 || cn::cast<double>(a) == cn::cast<double>(b);
}
static void write_file(const char* path, const void* p, size_t n) {
  FILE* f = std::fopen(path, "wb");
  std::fwrite(p, 1, n, f);
  std::fclose(f);
}
// One launch as the backend makes it; layout 0: C-contiguous aligned, 1: contiguous rows
// one element off 16-byte alignment, 2: every other element, 3: the transpose of (K, M).
static void run_case(long long M, long long K, int layout, const char* dump) {
  const long long tile = CN_LB_TILE, item = sizeof(Acc);
  const long long span = layout == 2 ? 2 * M * K : M * K;
  Buf<Acc> buf(span + 1), out(M * K);
  Acc* base = buf.data() + (layout == 1 ? 1 : 0);
  long long sm = K * item, sk = item;
  if (layout == 2) sm = 2 * K * item, sk = 2 * item;
  if (layout == 3) sm = item, sk = M * item;
  for (long long m = 0; m < M; ++m)
    for (long long k = 0; k < K; ++k) *(Acc*)((char*)base + m * sm + k * sk) = value_at(m, k);
  int tiles = (int)((K + tile - 1) / tile);
  Buf<unsigned long long> status(1 + M * tiles);
  Buf<Acc> agg(M * tiles), incl(M * tiles);
  const char* inp = (const char*)base;
  launch(M * tiles, 256, [&] { cn_scan_lookback(inp, out.data(), agg.data(), incl.data(), status.data(), K, sm, sk, tiles); });
  for (long long m = 0; m < M; ++m) {
    Acc acc = value_at(m, 0);
    for (long long k = 0; k < K; ++k) {
      if (k) acc = CN_COMBINE(acc, value_at(m, k));
      if (!same(acc, out[m * K + k]) && failures < 5)
        std::printf("  M=%lld K=%lld layout=%d: row %lld element %lld\n", M, K, layout, m, k);
      expect(same(acc, out[m * K + k]), "scan", m * K + k);
    }
  }
  for (long long b = 0; b < M * tiles; ++b) expect((status[1 + b] >> (CN_LB_PACKED ? 32 : 0)) == 2, "every tile publishes", b);
  expect(status[0] == (unsigned long long)(M * tiles), "tile counter", 0);
  if (dump) {
    std::string p(dump);
    Buf<Acc> in2(M * K);  // not std::vector: vector<bool> has no data()
    for (long long i = 0; i < M * K; ++i) in2[i] = value_at(i / K, i % K);
    write_file((p + ".in").c_str(), in2.data(), M * K * item);
    write_file((p + ".out").c_str(), out.data(), M * K * item);
  }
}
// The last tile of a row of `tiles` tiles runs while another thread publishes the
// predecessors' statuses: every tile its aggregate (in random order, at random times),
// then some of them their inclusive prefixes; the row's first tile (inclusive) at `first_at`
// of the way through. The block must wait, combine windows in order and slide back.
static void run_race(int tiles, unsigned seed, double inclusive_share, double first_at) {
  const long long tile = CN_LB_TILE, K = tiles * tile - 5;
  Buf<Acc> in(K), out(K), agg(tiles), incl(tiles);
  for (long long k = 0; k < K; ++k) in[k] = value_at(0, k);
  std::vector<Acc> total(tiles), prefix(tiles);
  for (int c = 0; c < tiles; ++c) {
    Acc t = CN_IDENTITY;
    for (long long k = c * tile; k < (c + 1) * tile && k < K; ++k) t = CN_COMBINE(t, in[k]);
    total[c] = t;
    prefix[c] = c ? CN_COMBINE(prefix[c - 1], t) : t;
  }
  Buf<unsigned long long> status(1 + tiles);
  status[0] = tiles - 1;  // the counter hands this block the last tile
  unsigned long long* word = status.data() + 1;
  std::mt19937 rng(seed);
  std::vector<std::pair<int, int>> events;  // (tile, flag)
  for (int c = 1; c < tiles - 1; ++c) events.push_back({c, 1});
  std::shuffle(events.begin(), events.end(), rng);
  for (int c = 1; c < tiles - 1; ++c)
    if (std::uniform_real_distribution<>(0, 1)(rng) < inclusive_share) events.push_back({c, 2});
  events.insert(events.begin() + (size_t)(first_at * events.size()), {0, 2});
  std::thread publisher([&] {
    while (!*(volatile unsigned long long*)(word + tiles - 1)) std::this_thread::yield();  // its aggregate: look-back begins
    for (auto [c, f] : events) {
      std::this_thread::sleep_for(std::chrono::microseconds(rng() % 200));
      cn_publish(word, agg.data(), incl.data(), c, f, f == 2 ? prefix[c] : total[c]);
    }
  });
  const char* inp = (const char*)in.data();
  const long long item = sizeof(Acc);
  launch(1, 256, [&] { cn_scan_lookback(inp, out.data(), agg.data(), incl.data(), status.data(), K, K * item, item, tiles); });
  publisher.join();
  Acc acc = CN_IDENTITY;
  for (long long k = 0; k < K; ++k) {
    acc = CN_COMBINE(acc, in[k]);
    if (k >= (tiles - 1) * tile) expect(same(acc, out[k]), "look-back race", k);
  }
  const unsigned long long w = word[tiles - 1];
  expect((w >> (CN_LB_PACKED ? 32 : 0)) == 2, "race: last tile publishes", tiles - 1);
  if (!CN_LB_PACKED) expect(same(incl[tiles - 1], prefix[tiles - 1]), "race: inclusive value", tiles - 1);
}
int main(int argc, char** argv) {
  const long long T = CN_LB_TILE;
  for (long long M : {1LL, 3LL})
    for (long long K : {1LL, 7LL, T - 1, T, T + 1, 2 * T, 3 * T + 17, 37 * T + 3})
      for (int layout = 0; layout < 4; ++layout)
        if (!(K > 3 * T + 17 && layout)) run_case(M, K, layout, nullptr);
  run_case(3, 3 * T + 17, 0, argv[1]);
  for (unsigned seed = 1; seed <= 6; ++seed) {
    run_race(70, seed, seed % 3 == 0 ? 0.0 : 0.1, seed % 2 ? 1.0 : 0.5);
    run_race(5, seed, 0.3, 0.5);
  }
  std::printf(failures ? "FAILED\n" : "ok\n");
  return failures ? 1 : 0;
}
"""

NP_TYPES = {"bool": np.bool_, "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
            "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32, "uint64": np.uint64,
            "float32": np.float32, "float64": np.float64, "complex64": np.complex64,
            "complex128": np.complex128}


def numpy_scan(op, a):
    if op == 0:
        return np.cumsum(a, axis=1, dtype=a.dtype)
    if op == 1:
        return np.cumprod(a, axis=1, dtype=a.dtype)
    return (np.maximum if op == 2 else np.minimum).accumulate(a, axis=1)


def run_one(name, src, scalar_h, tmp):
    op, dt = int(name.split()[1]), name.split()[2]
    body = src.replace('#include "cn_scalar.h"', scalar_h, 1).replace('#include "cn_scalar.h"', '')
    d = os.path.join(tmp, name.replace(" ", "_"))
    os.makedirs(d)
    path = os.path.join(d, "k.cpp")
    with open(path, "w") as f:
        f.write(PRELUDE + body + DRIVER + MAIN.replace("OP", str(op)))
    exe = os.path.join(d, "k")
    r = subprocess.run(["g++", "-std=c++20", "-O1", "-pthread", "-w", path, "-o", exe], capture_output=True, text=True)
    if r.returncode:
        return False, f"{name}: does not compile on the host\n{r.stderr[:3000]}"
    dump = os.path.join(d, "case")
    r = subprocess.run([exe, dump], capture_output=True, text=True, timeout=1200)
    ok = r.returncode == 0
    msg = r.stdout.strip()
    t = NP_TYPES[dt]
    a = np.fromfile(dump + ".in", dtype=t).reshape(3, -1)
    got = np.fromfile(dump + ".out", dtype=t).reshape(3, -1)
    with np.errstate(over="ignore"):
        want = numpy_scan(op, a)
    if not np.array_equal(want, got):
        ok = False
        msg += f"; differs from NumPy at {np.argwhere(want != got)[:3].tolist()}"
    else:
        msg += ", = NumPy"
    return ok, f"{name}: {msg}"


def main():
    only = set(sys.argv[1:])
    scalar_h = open(os.path.join(ROOT, "src", "scalar", "cn_scalar.h")).read()
    sources = [(n, s) for n, s in dump_sources() if n.startswith("scan ") and (not only or n in only)]
    failed = 0
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(min(4, os.cpu_count() or 1)) as pool:
        for ok, msg in pool.map(lambda ns: run_one(ns[0], ns[1], scalar_h, tmp), sources):
            print(msg, flush=True)
            failed += not ok
    print(f"{len(sources) - failed} of {len(sources)} sources pass")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
