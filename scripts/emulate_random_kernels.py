#!/usr/bin/env python3
"""Runs the CUDA random-number kernels (cn_random_fill and cn_whole_group, the first raw string
in src/backend/cuda/random_cuda.cpp, and cn_random_fill_plain, the second, which the host
side picks for Random/Normal (0, 1) and Exponential (1) with scalar parameters into a
16-byte aligned output, as this emulation does; around src/scalar/cn_random.h) on the CPU, without a GPU:
the kernel text is read from the C++ source, compiled by the host compiler (-O1,
-ffp-contract=off) under a small emulation of CUDA (the threads of a small grid run one
after another, so the grid-stride loop gives each thread several groups) and its output
BYTES compared with the CPU backend's path (random_cpu.cpp's fill_range: group_values<D, T,
true> per whole group, fill_group for the last, partial one) built into the same library.

Every distribution of cn::rnd's enum with every output dtype the backends accept for it
(the types of check_random_nvrtc.py / random_cpu.cpp's run_dist), Integers with wide = 0 and
1 (and per-element bounds), lengths that are not multiples of the group size (n < G, n = 0,
one whole group, several groups per thread), an output at a 16-byte boundary (the vector
stores) and one element past it (the scalar path), counter offsets that carry into the
counter's high word, scalar and per-element (array) parameters, one thread or more threads
than groups as well as 3 x 4. The emulation also counts the vector stores (one per whole
group at a 16-byte boundary, two for 32 bytes, none otherwise) and those whose address is
not a multiple of the stored size (a fault on the GPU), and checks that the bytes around
the output stay untouched.

    python3 scripts/emulate_random_kernels.py [--quick] [--source FILE] [DIST ...]

--quick (the test command's selection): every distribution, the dtypes whose group
packings differ (every dtype for Integers; float32 and float64 for the grouped floats;
elsewhere one dtype per distribution, alternating between the item sizes): 44 kernels,
336 cases, about 1.5 s on 2 cores; the full run: all 112 (distribution, dtype) kernels,
1266 cases (more lengths, launch shapes and both alignments of every setting), about 2 s.
The kernels are compiled together, each in its own namespace, one translation unit per core
(at most 4).
--source: read the kernel from another copy of random_cuda.cpp (to check that a broken
packing is caught). DIST names (Integers, Normal, ...) restrict the run to those.

The host compiler sees the kernel as host code (cn_scalar.h without __CUDACC_RTC__), with
three textual changes: NVRTC's int64_t is long long and the host's is long, so the kernel
text's `unsigned long long` and `long long` become uint64_t and int64_t (the same types on
the device); its reinterpret_cast<X*> goes through the store counter; `extern "C"` goes (one
cn_random_fill per namespace). A check of the kernel's logic (indexing, packing, alignment); it says nothing about
speed or hardware-only races.
"""
import concurrent.futures
import ctypes
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "src")
REAL = ["float", "double"]
INTS = ["int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t"]
NP = {"float": "f4", "double": "f8", "int8_t": "i1", "int16_t": "i2", "int32_t": "i4", "int64_t": "i8",
      "uint8_t": "u1", "uint16_t": "u2", "uint32_t": "u4", "uint64_t": "u8"}
INT_DISTS = ("Integers", "Poisson", "Binomial", "Geometric", "NegBinomial", "Logseries", "Zipf",
             "Hypergeometric")

PRELUDE = r"""
#include <cstdint>
#include <cstring>
// CUDA's launch coordinates, set by the launcher before each thread's call
struct Dim3 { unsigned x = 0, y = 1, z = 1; };
static Dim3 threadIdx, blockIdx, blockDim, gridDim;
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __restrict__
struct alignas(16) ulonglong2 { unsigned long long x, y; };
static inline ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y) { return {x, y}; }
static inline unsigned int __float_as_uint(float f) { unsigned int u; std::memcpy(&u, &f, 4); return u; }
static inline long long __double_as_longlong(double d) { long long u; std::memcpy(&u, &d, 8); return u; }
// NVRTC's int64_t is long long, the host's long: the kernel text's (unsigned) long long is
// rewritten to these, so it relates to cn_random.h's types as on the device.
typedef uint64_t cn_ull;
typedef int64_t cn_ll;
// The kernel's reinterpret_cast<X*>(p) goes through here: a store through an X* must be
// aligned to X's size on the GPU (a misaligned vector store faults); counted, not trapped.
static unsigned long long g_misaligned = 0, g_vector = 0;
template <class X, class P> static inline X* cn_emu_cast(P* p) {
  ++g_vector;
  if (((uintptr_t)p) % sizeof(X)) ++g_misaligned;
  return reinterpret_cast<X*>(p);
}
// The casts (vector stores) since the last call, and how many of them were misaligned.
extern "C" void cn_emu_stores(unsigned long long* r) { r[0] = g_vector; r[1] = g_misaligned; g_vector = g_misaligned = 0; }
#include "cn_random.h"

// The CPU backend's path (random_cpu.cpp's fill_range over all groups of the draw).
template <int D, class T>
static void cn_ref_fill(T* out, int64_t n, const cn::rnd::Key& key, uint64_t offset,
                        const cn::rnd::Params& P, int wide) {
  const int G = cn::rnd::group_size(D, static_cast<int>(sizeof(T)), wide);
  const int64_t whole = n / G, groups = (n + G - 1) / G;
  int64_t g = 0;
  for (; g < whole; ++g) {
    T v[4];
    cn::rnd::group_values<D, T, true>(v, n, g, key, offset, P, wide);
    for (int l = 0; l < G; ++l) out[g * G + l] = v[l];
  }
  for (; g < groups; ++g) cn::rnd::fill_group<D, T>(out, n, g, key, offset, P, wide);
}
#define CN_EMU_PARAMS void* out, long long n, unsigned k0, unsigned k1, unsigned long long offset, \
    int wide, const double* a0, const double* a1, const double* a2, double d0, double d1, double d2, \
    const long long* ia0, const long long* ia1, long long i0, long long i1
"""

KERNEL = r"""
namespace k{idx} {{
typedef {t} cn_out_t;
#define CN_RANDOM_DIST {d}
{body}
#undef CN_RANDOM_DIST
}}
extern "C" void emu_{idx}(unsigned grid, unsigned block, CN_EMU_PARAMS) {{
  gridDim.x = grid; blockDim.x = block;
{plain_launch}
  for (unsigned b = 0; b < grid; ++b)
    for (unsigned t = 0; t < block; ++t) {{
      blockIdx.x = b; threadIdx.x = t;
      k{idx}::cn_random_fill((k{idx}::cn_out_t*)out, n, k0, k1, offset, wide, a0, a1, a2, d0, d1, d2,
                             (const cn_ll*)ia0, (const cn_ll*)ia1, i0, i1);
    }}
}}
extern "C" void ref_{idx}(CN_EMU_PARAMS) {{
  cn::rnd::Params P;
  P.a[0] = a0; P.a[1] = a1; P.a[2] = a2;
  P.d[0] = d0; P.d[1] = d1; P.d[2] = d2;
  P.ia[0] = (const int64_t*)ia0; P.ia[1] = (const int64_t*)ia1;
  P.i[0] = i0; P.i[1] = i1;
  const cn::rnd::Key key = {{k0, k1}};
  cn_ref_fill<{d}, {t}>(({t}*)out, n, key, offset, P, wide);
}}
"""


# random_cuda.cpp's host side (plain_draw): the plain kernel where cn::rnd::identity_params
# holds (Random/Normal (0, 1), Exponential (1), scalar parameters), into a 16-byte aligned
# output.
PLAIN_LAUNCH = r"""
  cn::rnd::Params plain_p = {{}};
  plain_p.a[0] = a0; plain_p.a[1] = a1; plain_p.d[0] = d0; plain_p.d[1] = d1;
  if (cn::rnd::identity_params({d}, plain_p) && ((uintptr_t)out & 15) == 0) {{
    const cn::rnd::RoundKeys rk = cn::rnd::round_keys(k0, k1);
    for (unsigned b = 0; b < grid; ++b)
      for (unsigned t = 0; t < block; ++t) {{
        blockIdx.x = b; threadIdx.x = t;
        k{idx}::cn_random_fill_plain((k{idx}::cn_out_t*)out, n, rk, offset);
      }}
    return;
  }}"""


def kernel_bodies(path):
    """The general kernel's raw string and the plain kernel's, as host code (see the module
    docstring)."""
    with open(path) as f:
        texts = re.findall(r'R"\((.*?)\)"', f.read(), re.S)
    if len(texts) != 2:
        sys.exit("emulate_random_kernels: random_cuda.cpp should hold two kernel texts (general, plain)")
    out, casts = [], 0
    for body in texts:
        body = body.replace('extern "C" __global__', "__global__")  # one per namespace: C++ linkage
        body = re.sub(r"\bunsigned long long\b", "cn_ull", body)
        body = re.sub(r"\blong long\b", "cn_ll", body)
        body, n = re.subn(r"reinterpret_cast<([\w ]+)\*>", r"cn_emu_cast<\1>", body)
        casts += n
        if 'extern "C"' in body:
            sys.exit("emulate_random_kernels: random_cuda.cpp's kernel text is not in the expected form")
        out.append(body)
    if not casts:  # the vector stores (cn_store_group, which both kernels call)
        sys.exit("emulate_random_kernels: random_cuda.cpp's kernel text is not in the expected form")
    return tuple(out)


def dists():
    with open(os.path.join(SRC, "scalar", "cn_random.h")) as f:
        text = f.read()
    return {name: int(v) for name, v in re.findall(r"^\s+k(\w+) = (\d+),", text, re.M) if name != "DistCount"}


def dist_types(name):
    if name == "Bits":
        return ["uint32_t"]
    if name in ("Bits64", "PermKeys"):
        return ["uint64_t"]
    if name == "PermOrder":
        return ["int64_t"]
    if name in INT_DISTS:
        return INTS
    return REAL


def quick_types(name, d):
    """The --quick dtypes: all where the packing differs by dtype, else one, alternating."""
    types = dist_types(name)
    if name == "Integers" or name in ("Random", "Normal", "Exponential") or len(types) == 1:
        return types
    if types is REAL:
        return [REAL[d % 2]]
    return [("int8_t", "uint16_t", "int32_t", "uint64_t", "uint8_t", "int16_t", "uint32_t", "int64_t")[d % 8]]


# Scalar parameters (d0, d1, d2, i0, i1) per distribution, and the per-element arrays of an
# array case (a function of n and a generator: {"a0": ..., "ia1": ...}).
def params(name, t):
    s = {  # each a list of scalar settings: (d0, d1, d2), (i0, i1)
        "Integers": [],
        "Random": [((0.0, 1.0, 0), (0, 0)), ((-2.0, 5.0, 0), (0, 0))],
        "Normal": [((0.0, 1.0, 0), (0, 0)), ((1.5, 2.0, 0), (0, 0))],
        "Exponential": [((1.0, 0, 0), (0, 0)), ((2.5, 0, 0), (0, 0))],
        "Gamma": [((0.5, 2.0, 0), (0, 0)), ((3.0, 1.5, 0), (0, 0))],
        "Beta": [((0.5, 0.7, 0), (0, 0)), ((2.0, 3.0, 0), (0, 0))],
        "Poisson": [((3.0, 0, 0), (0, 0)), ((25.0, 0, 0), (0, 0))],
        "Binomial": [((0, 0.3, 0), (20, 0)), ((0, 0.6, 0), (1000, 0))],
        "Geometric": [((0.2, 0, 0), (0, 0))],
        "Lognormal": [((0.5, 0.25, 0), (0, 0))],
        "Laplace": [((1.0, 2.0, 0), (0, 0))],
        "Logistic": [((1.0, 2.0, 0), (0, 0))],
        "Gumbel": [((1.0, 2.0, 0), (0, 0))],
        "Rayleigh": [((2.0, 0, 0), (0, 0))],
        "Weibull": [((1.5, 0, 0), (0, 0))],
        "Pareto": [((3.0, 0, 0), (0, 0))],
        "Power": [((2.0, 0, 0), (0, 0))],
        "Cauchy": [((0, 0, 0), (0, 0))],
        "StandardT": [((5.0, 0, 0), (0, 0))],
        "Chisquare": [((3.0, 0, 0), (0, 0))],
        "F": [((4.0, 7.0, 0), (0, 0))],
        "NegBinomial": [((5.0, 0.4, 0), (0, 0))],
        "Triangular": [((0.0, 1.0, 3.0), (0, 0))],
        "Wald": [((1.0, 2.0, 0), (0, 0))],
        "Bits": [((0, 0, 0), (0, 0))],
        "Bits64": [((0, 0, 0), (0, 0))],
        "NoncentralChisquare": [((3.0, 1.5, 0), (0, 0)), ((0.5, 2.0, 0), (0, 0))],
        "NoncentralF": [((3.0, 5.0, 1.5), (0, 0))],
        "Vonmises": [((0.5, 2.0, 0), (0, 0)), ((-1.0, 1e7, 0), (0, 0))],
        "Logseries": [((0.6, 0, 0), (0, 0))],
        "Zipf": [((2.0, 0, 0), (0, 0))],
        "Hypergeometric": [((12.0, 0, 0), (10, 15))],
        "PermKeys": [((0, 0, 0), (48, 0)), ((0, 0, 0), (60, 0))],
        "PermOrder": [((0, 0, 0), (60, 0))],  # few top bits: many runs of equal keys
    }[name]
    if name == "Integers":
        bits = 8 * np.dtype(NP[t]).itemsize
        signed = NP[t][0] == "i"
        lo = -(1 << (bits - 1)) if signed else 0
        full = 1 << bits  # the dtype's whole range: 2^32 and 2^64 wrap to 0
        narrow = [(lo + 3, 17), (lo, full & 0xFFFFFFFF if bits <= 32 else 0)]
        if bits >= 32:
            narrow.append((lo + 1, (1 << 31) + 1))  # rejections nearly half the time
        wide = [(lo, (1 << 40) + 3), (lo, (1 << 63) + 1), (lo, 0)]  # 2^64 wraps to 0
        s = [((0, 0, 0), (i0, i1), 0) for i0, i1 in narrow] + [((0, 0, 0), (i0, i1), 1) for i0, i1 in wide]
        as_i64 = lambda v: (v & ((1 << 64) - 1)) - ((1 << 64) if v & (1 << 63) else 0)  # noqa: E731
        return [(d, tuple(as_i64(v) for v in i), w) for d, i, w in s]
    return [(d, i, 0) for d, i in s]


def hyper(rng, n):
    """Per-element ngood, nbad and nsample <= ngood + nbad."""
    good, bad = rng.integers(0, 40, n), rng.integers(1, 40, n)
    return {"ia0": good, "ia1": bad, "a0": (rng.random(n) * (good + bad + 1)).astype(np.int64) * 1.0}


def array_params(name, t, n, rng):
    """Per-element parameters (for the distributions that read any), or None."""
    u = lambda lo, hi: rng.uniform(lo, hi, n)  # noqa: E731
    f = {
        "Random": lambda: {"a0": u(-3, 3), "a1": u(0.5, 4)},
        "Normal": lambda: {"a0": u(-3, 3), "a1": u(0.5, 4)},
        "Exponential": lambda: {"a0": u(0.5, 4)},
        "Gamma": lambda: {"a0": np.where(np.arange(n) % 3 == 0, 1.0, u(0.2, 5)), "a1": u(0.5, 2)},
        "Beta": lambda: {"a0": u(0.3, 3), "a1": u(0.3, 3)},
        "Poisson": lambda: {"a0": u(0, 40)},
        "Binomial": lambda: {"ia0": rng.integers(0, 300, n), "a1": u(0, 1)},
        "Hypergeometric": lambda: hyper(rng, n),
        "Triangular": lambda: {"a0": u(-2, 0), "a1": u(0, 1), "a2": u(1, 3)},
        "Vonmises": lambda: {"a0": u(-3, 3), "a1": u(0.1, 10)},
        "Zipf": lambda: {"a0": u(1.5, 4)},
        "NegBinomial": lambda: {"a0": u(0.5, 10), "a1": u(0.1, 1)},
    }.get(name)
    if name == "Integers":
        info = np.iinfo(NP[t])
        lo = rng.integers(max(info.min, -(1 << 62)), min(info.max, 1 << 62) // 2, n, dtype=np.int64)
        hi = min(int(info.max), 1 << 62)
        rg = np.array([rng.integers(1, hi - int(x) + 1) for x in lo], dtype=np.int64)
        return {"ia0": lo, "ia1": rg}
    return f() if f else None


def group_size(name, t, wide):
    s = np.dtype(NP[t]).itemsize
    if name == "Bits":
        return 4
    if name in ("Bits64", "PermKeys"):
        return 2
    if name in ("Random", "Normal", "Exponential"):
        return 4 if s <= 4 else 2
    if name == "Integers":
        return 2 if wide else 4
    return 1


def build(tmp, items, body, jobs):
    """Shared libraries holding emu_<i>/ref_<i> of every (i, dist id, C type) in items, in
    `jobs` translation units compiled at once; {i: library}."""
    chunks = [items[k::jobs] for k in range(jobs) if items[k::jobs]]
    cxx = os.environ.get("CXX", "c++")

    def one(k, chunk):
        cpp = os.path.join(tmp, f"random_{k}.cpp")
        so = os.path.join(tmp, f"random_{k}.so")
        with open(cpp, "w") as f:
            f.write(PRELUDE + "".join(
                KERNEL.format(idx=i, d=d, t=t, body=body[0] + (body[1] if d <= 2 else ""),
                              plain_launch=PLAIN_LAUNCH.format(idx=i, d=d) if d <= 2 else "")
                for i, d, t in chunk))
        subprocess.run([cxx, "-std=c++17", "-O1", "-ffp-contract=off", "-fno-strict-aliasing", "-shared",
                        "-fPIC", "-I", os.path.join(SRC, "scalar"), cpp, "-o", so], check=True)
        return so

    with concurrent.futures.ThreadPoolExecutor(len(chunks)) as pool:
        sos = list(pool.map(lambda kc: one(*kc), enumerate(chunks)))
    libs = {}
    for chunk, so in zip(chunks, sos):
        lib = ctypes.CDLL(so)
        for i, _, _ in chunk:
            libs[i] = lib
    return libs


KEY = (0x243F6A88, 0x85A308D3)
PAD = 64  # guard bytes on each side of the output


def run_case(lib, i, name, t, n, shift, offset, dvals, ivals, wide, arrays, grid, block):
    """Error text or None: the kernel's bytes (and their surroundings) against the CPU path's."""
    itemsize = np.dtype(NP[t]).itemsize
    nbytes = n * itemsize
    bufs = []
    for _ in range(2):
        raw = np.full(nbytes + 3 * PAD, 0xA5, dtype=np.uint8)
        start = (-raw.ctypes.data) % 16 + PAD + shift * itemsize  # 16-aligned, then shift elements
        bufs.append((raw, start))
    keep = {k: np.ascontiguousarray(v, dtype=np.int64 if k.startswith("i") else np.float64)
            for k, v in (arrays or {}).items()}
    P = ctypes.c_void_p
    ptr = lambda k: keep[k].ctypes.data_as(P) if k in keep else None  # noqa: E731
    args = [ctypes.c_longlong(n), ctypes.c_uint(KEY[0]), ctypes.c_uint(KEY[1]), ctypes.c_ulonglong(offset),
            ctypes.c_int(wide), ptr("a0"), ptr("a1"), ptr("a2"),
            *(ctypes.c_double(v) for v in dvals), ptr("ia0"), ptr("ia1"), *(ctypes.c_longlong(int(v)) for v in ivals)]
    (er, es), (rr, rs) = bufs
    getattr(lib, f"emu_{i}")(ctypes.c_uint(grid), ctypes.c_uint(block), P(er.ctypes.data + es), *args)
    stores = (ctypes.c_ulonglong * 2)()
    lib.cn_emu_stores(stores)
    vector, misaligned = stores
    getattr(lib, f"ref_{i}")(P(rr.ctypes.data + rs), *args)
    got, want = er[es:es + nbytes], rr[rs:rs + nbytes]
    errs = []
    # The kernel's design: every whole group of 4, 8, 16 or 32 bytes in one vector store (two
    # for 32) when the output is 16-byte aligned, every other group element by element.
    G = group_size(name, t, wide)
    vec = shift == 0 and G * itemsize in (4, 8, 16, 32)
    expect = (n // G) * (2 if G * itemsize == 32 else 1) if vec else 0
    if vector != expect:
        errs.append(f"{vector} vector stores, {expect} expected")
    if misaligned:
        errs.append(f"{misaligned} misaligned vector stores")
    if not (np.all(er[:es] == 0xA5) and np.all(er[es + nbytes:] == 0xA5)):
        errs.append("bytes outside the output written")
    if not np.array_equal(got, want):
        bad = np.nonzero(got != want)[0]
        el = sorted(set((bad // itemsize).tolist()))
        g = got.view(NP[t])
        w = want.view(NP[t])
        errs.append(f"{len(el)} of {n} elements differ, first at {el[:6]}: {g[el[:3]]} != {w[el[:3]]}")
    return "; ".join(errs) or None


def cases(name, t, quick, rng):
    """(n, shift, offset, dvals, ivals, wide, arrays, grid, block) of one kernel."""
    out = []
    settings = params(name, t)
    for k, (dv, iv, wide) in enumerate(settings):
        G = group_size(name, t, wide)
        threads = 12
        many = G * threads * 3 + (G - 1 if G > 1 else 0)  # each thread several groups, a partial last
        lens = [(many, 0, 0, 3, 4), (many + (1 if G > 2 else 0), 1, (1 << 32) - 7, 3, 4)]  # aligned / one past
        if k == 0:  # (the aligned carry case: the plain kernel's counters cross 2^32 too)
            lens += [(G - 1 if G > 1 else 1, 0, 5, 3, 4), (0, 0, 0, 3, 4), (G, 0, 9, 1, 1),
                     (many, 0, (1 << 32) - 5, 3, 4)]
            if not quick:
                lens += [(G * 5, 0, 2, 2, 256), (G * threads * 2 + 1, 1, 1 << 40, 1, 5),
                         (G - 1 if G > 1 else 1, 1, 0, 3, 4)]
        elif quick:
            lens = lens[:1]
        for n, shift, off, grid, block in lens:
            out.append((n, shift, off, dv, iv, wide, None, grid, block))
    if name == "PermOrder":  # the keys: a PermKeys draw of the same counters, sorted
        return out
    n = group_size(name, t, 0) * 12 * 2 + 1
    arr = array_params(name, t, n, rng)
    if arr is not None:
        dv, iv, _ = settings[-1]
        wide = 1 if name == "Integers" and np.dtype(NP[t]).itemsize == 8 else 0
        out.append((n, 0, 3, dv, iv, wide, arr, 3, 4))
        if not quick:
            out.append((n, 1, 3, dv, iv, wide, arr, 2, 3))
    return out


def main():
    argv = sys.argv[1:]
    quick = "--quick" in argv
    source = os.path.join(SRC, "backend", "cuda", "random_cuda.cpp")
    if "--source" in argv:
        source = argv[argv.index("--source") + 1]
        argv = [a for a in argv if a not in ("--source", source)]
    only = set(argv) - {"--quick"}
    if "PermOrder" in only:
        only.add("PermKeys")  # its keys
    table = dists()
    if only - set(table):
        sys.exit(f"unknown distributions: {sorted(only - set(table))}")
    body = kernel_bodies(source)
    items, meta = [], {}
    for name, d in sorted(table.items(), key=lambda kv: kv[1]):
        if only and name not in only:
            continue
        for t in (quick_types(name, d) if quick else dist_types(name)):
            meta[len(items)] = (name, t)
            items.append((len(items), d, t))
    rng = np.random.default_rng(11)
    failures = ncases = 0
    with tempfile.TemporaryDirectory() as tmp:
        libs = build(tmp, items, body, max(1, min(4, os.cpu_count() or 1)))
        for i, (name, t) in meta.items():
            perm_keys = None
            for c in cases(name, t, quick, rng):
                n, shift, off, dv, iv, wide, arr, grid, block = c
                if name == "PermOrder":  # sorted PermKeys of the same draw, as sampling.cpp
                    keys = np.zeros(n, dtype=np.uint64)
                    pk = [j for j, (nm, _) in meta.items() if nm == "PermKeys"]
                    if not pk:
                        continue
                    if perm_keys is None:
                        perm_keys = pk[0]
                    libs[perm_keys][f"ref_{perm_keys}"](
                        ctypes.c_void_p(keys.ctypes.data), ctypes.c_longlong(n), ctypes.c_uint(KEY[0]),
                        ctypes.c_uint(KEY[1]), ctypes.c_ulonglong(off), ctypes.c_int(0), None, None, None,
                        *(ctypes.c_double(0),) * 3, None, None, ctypes.c_longlong(iv[0]), ctypes.c_longlong(0))
                    arr = {"ia0": np.sort(keys).view(np.int64)}
                err = run_case(libs[i], i, name, t, n, shift, off, dv, iv, wide, arr, grid, block)
                ncases += 1
                if err:
                    failures += 1
                    print(f"MISMATCH {name} {t} n={n} {'aligned' if not shift else 'offset by one'} "
                          f"offset={off} wide={wide} params={'arrays' if arr is not None else (dv, iv)} "
                          f"grid={grid}x{block}: {err}", flush=True)
    print(f"{len(items)} random kernels emulated ({ncases} cases): "
          + (f"{failures} FAILED" if failures else "all match the CPU path"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
