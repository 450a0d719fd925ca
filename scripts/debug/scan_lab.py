"""An experimental single-pass scan (cumsum) next to the library's, for the GPU machine:
persistent blocks that load their next tile while the current one looks back, so that an
SM keeps loads in flight while its blocks wait (ncu, 2026-11-30: the library's look-back
kernel spent 17 of 28 cycles per instruction at the barrier behind warp 0's look-back, at
45 % of DRAM peak). Each variant is checked exactly on int32 data against NumPy, then
timed on 2^28 float32 (CUDA events, median of 9), beside the library's cumsum and a copy.

    CUNUMPY_DEVICE=cuda python3 scripts/debug/scan_lab.py [items:blocks_per_sm ...]
    python3 scripts/debug/scan_lab.py --check     (compiles the source with NVRTC; no GPU)

Measurement only: what wins goes into src/backend/cuda/kernels/scan.cuh."""
import os
import sys

import numpy as np

N = int(os.environ.get("SCAN_LAB_N", 2**28))

SOURCE = r"""
typedef CN_T T;
#define ITEMS CN_ITEMS
#define TILE (256 * ITEMS)
#define NV (ITEMS / 4)
#define PAD(i) ((i) + (i) / 32)
struct __align__(16) V4 { T v[4]; };

__device__ __forceinline__ unsigned t_bits(T x) { union { T t; unsigned u; } c; c.t = x; return c.u; }
__device__ __forceinline__ T bits_t(unsigned u) { union { T t; unsigned u; } c; c.u = u; return c.t; }

__device__ __forceinline__ T warp_inclusive(T v, int lane) {
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    const T y = __shfl_up_sync(0xffffffffu, v, o);
    if (lane >= o) v += y;
  }
  return v;
}

// Tile t's word: flag << 32 | value bits; flag 1 = the tile's total, 2 = inclusive prefix.
__device__ __forceinline__ void publish(unsigned long long* w, long long t, unsigned flag, T v) {
  *(volatile unsigned long long*)(w + t) = ((unsigned long long)flag << 32) | t_bits(v);
}

// Warp 0: the sum of every tile before t (t > 0), 32 predecessors per step; a window is
// used once the lanes from its nearest inclusive prefix up are all published.
__device__ __forceinline__ T look_back(unsigned long long* w, long long t, int lane) {
  T prefix = 0;
  for (long long hi = t - 1;; hi -= 32) {
    const long long j = hi - 31 + lane;
    unsigned long long v;
    unsigned incl;
    for (;;) {
      v = j >= 0 ? *(volatile unsigned long long*)(w + j) : (2ull << 32);
      const unsigned f = (unsigned)(v >> 32);
      incl = __ballot_sync(0xffffffffu, f == 2);
      const unsigned unset = __ballot_sync(0xffffffffu, f == 0);
      const unsigned need = incl ? 0xffffffffu << (31 - __clz(incl)) : 0xffffffffu;
      if (!(unset & need)) break;
    }
    T x = (!incl || lane >= 31 - __clz(incl)) ? bits_t((unsigned)v) : (T)0;
    // Lanes in order (a deterministic order for floats).
    x = warp_inclusive(x, lane);
    prefix += __shfl_sync(0xffffffffu, x, 31);
    if (incl) return prefix;
  }
}

__device__ __forceinline__ void load_tile(const T* in, long long N, long long t, V4 (&r)[NV]) {
  const long long t0 = t * TILE;
  const int tid = threadIdx.x;
  if (t0 + TILE <= N) {
#pragma unroll
    for (int q = 0; q < NV; ++q) r[q] = ((const V4*)(in + t0))[q * 256 + tid];
  } else {
#pragma unroll
    for (int q = 0; q < NV; ++q)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const long long i = t0 + (q * 256 + tid) * 4 + e;
        r[q].v[e] = i < N ? in[i] : (T)0;
      }
  }
}

// status[0]: tile counter; status[1 + t]: tile t's word (all zero before the launch).
extern "C" __global__ void __launch_bounds__(256, CN_MINB)
lab_scan_persist(const T* in, T* out, unsigned long long* status, long long N, long long tiles) {
  __shared__ T sh[TILE + TILE / 32];
  __shared__ T warp_tot[8];
  __shared__ T s_prefix;
  __shared__ long long s_tile[2];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  unsigned long long* w = status + 1;
  if (tid == 0) s_tile[0] = (long long)atomicAdd(status, 1ull);
  __syncthreads();
  long long t = s_tile[0];
  V4 cur[NV], nxt[NV];
  if (t < tiles) load_tile(in, N, t, cur);
  int par = 0;
  while (t < tiles) {
    // The next tile is claimed now: a block holds at most its current tile and the next,
    // both above every tile it waits for, so the smallest unfinished tile always runs.
    if (tid == 0) s_tile[par ^ 1] = (long long)atomicAdd(status, 1ull);
#pragma unroll
    for (int q = 0; q < NV; ++q)
#pragma unroll
      for (int e = 0; e < 4; ++e) sh[PAD((q * 256 + tid) * 4 + e)] = cur[q].v[e];
    __syncthreads();
    const long long nt = s_tile[par ^ 1];
    if (nt < tiles) load_tile(in, N, nt, nxt);  // in flight during the scan and the look-back
    T x[ITEMS];
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) x[i] = sh[PAD(tid * ITEMS + i)];
#pragma unroll
    for (int i = 1; i < ITEMS; ++i) x[i] += x[i - 1];
    const T ti = warp_inclusive(x[ITEMS - 1], lane);
    T lp = __shfl_up_sync(0xffffffffu, ti, 1);
    if (lane == 0) lp = 0;
    if (lane == 31) warp_tot[warp] = ti;
    __syncthreads();
    T wp = 0, total = 0;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      if (k == warp) wp = total;
      total += warp_tot[k];
    }
    if (warp == 0) {
      T prefix = 0;
      if (t == 0) {
        if (lane == 0) publish(w, t, 2, total);
      } else {
        if (lane == 0) publish(w, t, 1, total);
        prefix = look_back(w, t, lane);
        if (lane == 0) publish(w, t, 2, prefix + total);
      }
      if (lane == 0) s_prefix = prefix;
    }
    __syncthreads();
    const T p = s_prefix + wp + lp;
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) sh[PAD(tid * ITEMS + i)] = p + x[i];
    __syncthreads();
    const long long t0 = t * TILE;
    if (t0 + TILE <= N) {
#pragma unroll
      for (int q = 0; q < NV; ++q) {
        V4 r;
#pragma unroll
        for (int e = 0; e < 4; ++e) r.v[e] = sh[PAD((q * 256 + tid) * 4 + e)];
        ((V4*)(out + t0))[q * 256 + tid] = r;
      }
    } else {
      for (int k = tid; k < TILE; k += 256)
        if (t0 + k < N) out[t0 + k] = sh[PAD(k)];
    }
    __syncthreads();  // sh and warp_tot are reused
#pragma unroll
    for (int q = 0; q < NV; ++q) cur[q] = nxt[q];
    t = nt;
    par ^= 1;
  }
}

extern "C" __global__ void lab_copy(const V4* in, V4* out, long long n4) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n4; i += (long long)gridDim.x * 256) out[i] = in[i];
}
"""


def source(ctype, items, minb):
    return f"#define CN_T {ctype}\n#define CN_ITEMS {items}\n#define CN_MINB {minb}\n" + SOURCE


def check():
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from check_ops_nvrtc import load_nvrtc, nvrtc_compile
    lib = load_nvrtc()
    for ctype in ("float", "int"):
        for items in (8, 16, 32):
            ok, log = nvrtc_compile(lib, source(ctype, items, 2), "scan_lab.cu")
            print(ctype, items, "compiled" if ok else "FAILED\n" + log)
            if not ok:
                return 1
    return 0


def main():
    if sys.argv[1:] == ["--check"]:
        raise SystemExit(check())
    import cunumpy as cp
    variants = sys.argv[1:] or ["16:4", "16:3", "16:2", "32:2", "8:6", "8:4"]
    sms = int(cp.cuda.runtime.getDeviceProperties(0)["multiProcessorCount"])
    rng = np.random.default_rng(0)
    xf = cp.asarray(rng.random(N, dtype=np.float32))
    xi_h = rng.integers(0, 4, N, dtype=np.int32)
    xi = cp.asarray(xi_h)
    want_i = np.cumsum(xi_h, dtype=np.int32)
    out = cp.empty(N, dtype=cp.float32)
    outi = cp.empty(N, dtype=cp.int32)

    def timed(f, reps=9):
        f()
        ts = []
        for _ in range(reps):
            s, e = cp.cuda.Event(), cp.cuda.Event()
            s.record()
            f()
            e.record()
            e.synchronize()
            ts.append(cp.cuda.get_elapsed_time(s, e))
        return float(np.median(ts))

    gbs = lambda ms: 8 * N / ms / 1e6  # noqa: E731  (bytes read + written per ms -> GB/s)
    copy = cp.RawModule(code=source("float", 16, 2)).get_function("lab_copy")
    t = timed(lambda: copy((sms * 8,), (256,), (xf, out, np.int64(N // 4))))
    print(f"copy                 {t:7.3f} ms {gbs(t):7.0f} GB/s")
    t = timed(lambda: xf.cumsum(0))
    print(f"library cumsum       {t:7.3f} ms {gbs(t):7.0f} GB/s")
    for v in variants:
        items, minb = (int(p) for p in v.split(":"))
        try:
            tiles = -(-N // (256 * items))
            status = cp.zeros(1 + tiles, dtype=cp.uint64)
            fi = cp.RawModule(code=source("int", items, minb)).get_function("lab_scan_persist")
            ff = cp.RawModule(code=source("float", items, minb)).get_function("lab_scan_persist")
            grid = min(tiles, sms * minb)

            def run(f, x, o):
                status.fill(0)
                f((grid,), (256,), (x, o, status, np.int64(N), np.int64(tiles)))

            run(fi, xi, outi)
            ok = np.array_equal(cp.asnumpy(outi), want_i)
            t = timed(lambda: run(ff, xf, out))
            print(f"persist {items:2d} items, {minb} blocks/SM  {t:7.3f} ms {gbs(t):7.0f} GB/s"
                  + ("" if ok else "  WRONG (int32 check)"), flush=True)
        except Exception as e:  # one bad variant must not stop the others
            print(f"{v}: failed: {type(e).__name__}: {str(e)[:300]}", flush=True)


if __name__ == "__main__":
    main()
