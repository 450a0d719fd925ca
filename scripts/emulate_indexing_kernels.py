#!/usr/bin/env python3
"""Runs the generated CUDA indexing kernels as host C++ on small cases and compares the
results with NumPy: a check of their logic on a machine without a GPU (with g++).

    python3 scripts/emulate_indexing_kernels.py [--quick]

Each CUDA thread is a host thread (one block at a time): __syncthreads is a barrier, warp
shuffles go through per-warp slots and barriers, __shared__ variables are statics. The
indexed copy runs on one thread (its grid-stride loop covers everything). Exits 1 on a
mismatch. (NVRTC validity is scripts/check_indexing_nvrtc.py's job.)

Every case is a host C++ program compiled with g++ (about a second each). --quick (the
test command's selection, 19 of the 33 cases): each index mode with a 1-D and a broadcast
index, the raise-mode flag, item units 16, 4 and 1 (one per branch of the unit loop), the
broadcast scatter, and five compactions (1-D and 3-D masks, strided data with an offset,
complex data, a uint8 mask); the full set adds more index forms, units 8 and 2, and more
mask shapes.
"""
import concurrent.futures
import itertools
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from embed_text import write_kernels_cpp  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

DRIVER = r'''
#include <cstdio>
#include <cstdlib>
#include "backend/cuda/indexing_kernels.hpp"
using namespace cunumpy::cuda;
int main(int argc, char** argv) {
  auto arg = [&](int i) { return std::atoi(argv[i]); };
  if (argv[1][0] == 'g') std::fputs(indexed_copy_source(arg(2), arg(3), arg(4), arg(5), arg(6), arg(7), arg(8)).c_str(), stdout);
  if (argv[1][0] == 's') std::fputs(compact_scan_source().c_str(), stdout);
  if (argv[1][0] == 'w') std::fputs(compact_write_source(arg(2), arg(3), arg(4)).c_str(), stdout);
}
'''

# The CUDA built-ins the kernels use, emulated with host threads.
PRELUDE = r'''
#include <barrier>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <thread>
#include <vector>
struct uint4 { unsigned x, y, z, w; };
struct ulonglong2 { unsigned long long x, y; };
struct D3 { unsigned x; };
static D3 blockIdx{0}, gridDim{1}, blockDim{1};
static thread_local D3 threadIdx{0};
static std::barrier<>* block_barrier;
static std::barrier<>* warp_barrier[32];
static unsigned long long warp_slot[1024];
#define __global__
#define __device__
#define __forceinline__ inline
#define __shared__ static
static void __syncthreads() { block_barrier->arrive_and_wait(); }
static int __popc(unsigned v) { return __builtin_popcount(v); }
static unsigned long long atomicCAS(unsigned long long* p, unsigned long long c, unsigned long long v) {
  const unsigned long long old = *p;
  if (old == c) *p = v;
  return old;
}
template <class T> static T shuffle(T v, int delta) {
  const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  warp_slot[threadIdx.x] = (unsigned long long)v;
  warp_barrier[warp]->arrive_and_wait();
  const int src = (int)lane + delta;
  const T r = src >= 0 && src < 32 ? (T)warp_slot[warp * 32 + src] : v;
  warp_barrier[warp]->arrive_and_wait();
  return r;
}
template <class T> static T __shfl_up_sync(unsigned, T v, unsigned d) { return shuffle(v, -(int)d); }
template <class T> static T __shfl_down_sync(unsigned, T v, int d) { return shuffle(v, d); }
static void run_grid(unsigned blocks, unsigned threads, const std::function<void()>& body) {
  gridDim.x = blocks;
  blockDim.x = threads;
  for (unsigned b = 0; b < blocks; ++b) {
    blockIdx.x = b;
    std::barrier<> bar(threads);
    block_barrier = &bar;
    for (unsigned w = 0; w < (threads + 31) / 32; ++w) warp_barrier[w] = new std::barrier<>(threads < 32 ? threads : 32);
    std::vector<std::thread> ts;
    for (unsigned t = 0; t < threads; ++t) ts.emplace_back([&, t] { threadIdx.x = t; body(); });
    for (auto& t : ts) t.join();
    for (unsigned w = 0; w < (threads + 31) / 32; ++w) delete warp_barrier[w];
  }
}
'''


CASE_FLAGS = ["-std=c++20", "-O1", "-w", "-pthread"]


class Emulator:
    def __init__(self, tmp):
        self.tmp = tmp
        # The prelude's standard headers are most of each case's compile time: parsed once
        # into a precompiled header that every case includes (a compiler that cannot use it
        # reads prelude.h instead).
        prelude = os.path.join(tmp, "prelude.h")
        with open(prelude, "w") as f:
            f.write(PRELUDE)
        subprocess.run([os.environ.get("CXX", "c++"), *CASE_FLAGS, "-x", "c++-header", prelude,
                        "-o", prelude + ".gch"], check=True)
        self.gen = os.path.join(tmp, "gen")
        with open(self.gen + ".cpp", "w") as f:
            f.write(DRIVER)
        subprocess.run([os.environ.get("CXX", "c++"), "-std=c++20", "-I", os.path.join(ROOT, "src"),
                        "-I", os.path.join(ROOT, "include"), self.gen + ".cpp",
                        os.path.join(ROOT, "src", "backend", "cuda", "indexing_kernels_source.cpp"),
                        write_kernels_cpp(os.path.join(tmp, "embedded_kernels.cpp")),
                        "-o", self.gen], check=True)

    def source(self, *args):
        return subprocess.run([self.gen, *map(str, args)], capture_output=True, check=True).stdout.decode()

    _serial = itertools.count()  # one file per case: cases build in parallel

    def run(self, code):
        exe = os.path.join(self.tmp, f"case{next(self._serial)}")
        with open(exe + ".cpp", "w") as f:
            f.write('#include "prelude.h"\n' + code)
        subprocess.run([os.environ.get("CXX", "c++"), *CASE_FLAGS, "-I", self.tmp, exe + ".cpp", "-o", exe],
                       check=True)
        return subprocess.run([exe], capture_output=True, check=True).stdout


def c_bytes(name, arr):
    b = np.ascontiguousarray(arr).view(np.uint8).ravel()
    return f"alignas(16) static unsigned char {name}[] = {{{','.join(map(str, b)) or '0'}}};\n"


def indexed_copy(emu, a, index, mode, value=None, unit=None):
    """a[index] (integer arrays on the leading axes) gathered, or a[index] = value scattered,
    with the task laid out as plan_index and gather_cuda.cpp lay it out. Returns (a after,
    gathered result, error flag)."""
    arrays = [np.asarray(i, dtype=np.int64) for i in index]
    bshape = np.broadcast_shapes(*[x.shape for x in arrays])
    k = len(arrays)
    rshape = tuple(bshape) + a.shape[k:]
    scatter = value is not None
    istr = [0] * len(bshape) + list(a.strides[k:])
    if scatter:
        plain = np.ascontiguousarray(value)
        pstr = list(np.broadcast_to(plain, rshape).strides)
    else:
        plain = np.zeros(rshape, a.dtype)
        pstr = list(plain.strides)
    contiguous = int(pstr == list(np.zeros(rshape, a.dtype).strides))
    params = list(rshape) + istr + pstr
    for x in arrays:
        params += list(np.broadcast_to(x, bshape).strides) + [0] * (len(rshape) - len(bshape))
    params += [a.shape[j] for j in range(k)] + [a.strides[j] for j in range(k)]
    src = emu.source("g", a.itemsize, unit or min(a.itemsize, 16), len(rshape), k, int(scatter), contiguous, mode)
    code = src + c_bytes("A", a) + c_bytes("P", plain)
    code += "".join(c_bytes(f"X{j}", x) for j, x in enumerate(arrays))
    code += "int main() {\n  Params p;\n"
    code += "".join(f"  p.v[{i}] = {v}LL;\n" for i, v in enumerate(params))
    code += "".join(f"  p.v[{len(params) + j}] = (long long)(unsigned long long)X{j};\n" for j in range(k))
    code += "  unsigned long long err[2] = {0, 0};\n  run_grid(1, 1, [&] {\n"
    code += f"    cn_indexed_copy((char*)A, (char*)P, {int(np.prod(rshape))}LL, err, p);\n  }});\n"
    code += "  fwrite(A, 1, sizeof(A), stdout); fwrite(P, 1, sizeof(P), stdout); fwrite(err, 8, 2, stdout);\n}\n"
    out = emu.run(code)
    na, np_ = max(1, a.nbytes), max(1, plain.nbytes)
    after = np.frombuffer(out[:a.nbytes], a.dtype).reshape(a.shape)
    got = np.frombuffer(out[na:na + plain.nbytes], a.dtype).reshape(plain.shape)
    return after, got, np.frombuffer(out[na + np_:], np.uint64)


def compaction(emu, mask, data=None, offset=0):
    """The three compaction launches as compact_cuda.cpp makes them: (total, output)."""
    n = mask.size
    chunks = (n + 4095) // 4096
    m = np.zeros(n + offset, np.uint8)
    m[offset:] = mask.ravel().astype(np.uint8) if mask.dtype == bool else mask.ravel()
    scan = emu.source("s")
    write = emu.source("w", *((data.itemsize, min(data.itemsize, 16), 0) if data is not None else (0, 0, mask.ndim)))
    code = scan + write[len(os.path.commonprefix([scan, write])):] + c_bytes("M", m)
    total = int(np.count_nonzero(mask))
    if data is not None:
        code += c_bytes("Data", data) + f"static unsigned char Out[{max(1, total * data.itemsize)}];\n"
    else:
        code += f"static long long Out[{max(1, total * mask.ndim)}];\n"
    code += f"static unsigned int counts[{chunks}]; static unsigned long long offs[{chunks + 1}];\n"
    code += f"int main() {{\n  const unsigned char* mp = M + {offset}; long long n = {n}, nch = {chunks};\n"
    code += f"  run_grid({chunks}, 256, [&] {{ cn_compact_count(mp, n, counts); }});\n"
    code += "  run_grid(1, 1024, [&] { cn_compact_scan(counts, offs, nch); });\n"
    if data is not None:
        launch = "cn_compact_write(mp, n, offs, (const T*)Data, (T*)Out)"
    else:
        code += f"  Shape sh{{{{{','.join(f'{s}LL' for s in mask.shape)}}}}};\n"
        launch = f"cn_compact_write(mp, n, offs, Out, {total}LL, sh)"
    code += f"  run_grid({chunks}, 256, [&] {{ {launch}; }});\n"
    code += "  fwrite(&offs[nch], 8, 1, stdout); fwrite(Out, 1, sizeof(Out), stdout);\n}\n"
    out = emu.run(code)
    got_total = int(np.frombuffer(out[:8], np.uint64)[0])
    if data is not None:
        return got_total, np.frombuffer(out[8:8 + total * data.itemsize], data.dtype)
    return got_total, np.frombuffer(out[8:8 + total * 8 * mask.ndim], np.int64).reshape(mask.ndim, total)


def main():
    quick = "--quick" in sys.argv[1:]
    cases = []  # (name, function returning whether the kernels matched NumPy)

    def case(name, fn):
        cases.append((name, fn))

    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as tmp:
        emu = Emulator(tmp)
        a = np.arange(4 * 5 * 6, dtype=np.float32).reshape(4, 5, 6)
        for mode in (0, 1, 2):
            forms = (([1, -1, 3],), ([[0], [3]], [4, -5]), ([0, 1], [1, 2], [5, 0]),
                     ([7, -9],) if mode else ([2],))
            for idx in forms[:2] if quick else forms:
                norm = tuple(np.asarray(x) % n if mode == 1 else np.clip(x, 0, n - 1) if mode == 2 else np.asarray(x)
                             for x, n in zip(idx, a.shape))

                def gather(idx=idx, mode=mode, norm=norm):
                    _, got, err = indexed_copy(emu, a, idx, mode)
                    return np.array_equal(got, a[norm]) and err[0] == 0
                case(f"gather mode {mode} {idx}", gather)
        case("raise mode flags the bad index", lambda: list(indexed_copy(emu, a, ([1, 9],), 0)[2]) == [1, 9])
        units = ((np.complex128, 16), (np.complex128, 8), (np.float64, 4), (np.int16, 2), (np.uint8, 1))
        for dtype, unit in units[::2] if quick else units:
            def in_units(dtype=dtype, unit=unit):
                b = (np.arange(24) * 3 + 1).astype(dtype).reshape(4, 6)
                _, got, _ = indexed_copy(emu, b, ([3, 0],), 0, unit=unit)
                v = (np.arange(6) + 100).astype(dtype)
                after, _, _ = indexed_copy(emu, b.copy(), ([2, -4],), 0, value=v, unit=unit)
                exp = b.copy()
                exp[[2, -4]] = v
                return np.array_equal(got, b[[3, 0]]) and np.array_equal(after, exp)
            case(f"{np.dtype(dtype).name} in units of {unit}", in_units)

        def broadcast_scatter():
            c = np.arange(30, dtype=np.int32).reshape(5, 6)
            v = np.array([7, 8, 9], np.int32)
            after, _, _ = indexed_copy(emu, c.copy(), ([[0], [4]], [1, 2, -1]), 0, value=v)
            exp = c.copy()
            exp[[[0], [4]], [1, 2, -1]] = v
            return np.array_equal(after, exp)
        case("scatter of a broadcast value", broadcast_scatter)

        x = rng.standard_normal(9000).astype(np.float32)
        z = (rng.standard_normal(5000) + 1j).astype(np.complex128)
        masks = [(rng.random(10000) > 0.5, None, 0), (rng.random((37, 300)) > 0.3, None, 0),
                 (rng.random((5, 7, 300)) > 0.9, None, 0), (x > 0, x, 0), (x > 0, x, 3),
                 (z.real > 0, z, 0), (np.zeros(100, bool), None, 0),
                 (np.ones(8193, bool), np.arange(8193, dtype=np.int16), 0),
                 (rng.integers(0, 3, 6000).astype(np.uint8), None, 0)]
        for mask, data, offset in [masks[i] for i in (0, 2, 4, 5, 8)] if quick else masks:
            def compact(mask=mask, data=data, offset=offset):
                total, got = compaction(emu, mask, data, offset)
                exp = data.ravel()[mask.ravel() != 0] if data is not None else \
                    np.array(np.nonzero(mask)).reshape(mask.ndim, -1)
                return total == np.count_nonzero(mask) and np.array_equal(got, exp)
            case(f"compaction {mask.shape} {mask.dtype} data={None if data is None else data.dtype} offset={offset}",
                 compact)
        # Each case is a host compile and a run: as many at once as there are cores.
        failures = []
        with concurrent.futures.ThreadPoolExecutor(min(4, os.cpu_count() or 1)) as pool:
            for name, good in zip([n for n, _ in cases], pool.map(lambda c: c[1](), cases)):
                print(f"{'ok  ' if good else 'FAIL'} {name}", flush=True)
                if not good:
                    failures.append(name)
    print("all kernels match NumPy" if not failures else f"{len(failures)} FAILED")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
