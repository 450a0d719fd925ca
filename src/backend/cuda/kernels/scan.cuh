// Scans (cumsum, cumprod, ...): the kernels after Acc, CN_COMBINE, CN_IDENTITY and the CN_LB_* tuning (scan_cuda_source.cpp).
#define CN_TILE (256 * CN_ITEMS)
#define CN_PAD(i) ((i) + ((i) >> 5))

extern "C" __global__ void cn_scan_reduce(const char* in, Acc* partial, long long K,
    long long stride_m, long long stride_k, long long per_chunk, int chunks) {
  __shared__ Acc sh[256];
  CN_ROW_CHUNK
  Acc acc = CN_IDENTITY;
  for (long long k = k0 + tid; k < k1; k += 256) acc = CN_COMBINE(acc, *(const Acc*)(row + k * stride_k));
  sh[tid] = acc;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (tid < s) sh[tid] = CN_COMBINE(sh[tid], sh[tid + s]);
    __syncthreads();
  }
  if (tid == 0) partial[b] = sh[0];
}

extern "C" __global__ void cn_scan_carry(Acc* partial, long long M, int chunks) {
  const long long m = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= M) return;
  Acc run = CN_IDENTITY;
  for (int c = 0; c < chunks; ++c) {
    Acc t = partial[m * chunks + c];
    partial[m * chunks + c] = run;
    run = CN_COMBINE(run, t);
  }
}

// Scans the tile [t0, t1) of `row` in shared memory (coalesced loads): afterwards tile
// holds each thread's inclusive prefixes of its CN_ITEMS consecutive elements, and sums
// the inclusive scan of the thread totals within each warp.
__device__ __forceinline__ void cn_tile_scan(const char* row, long long stride_k, long long t0,
                                             long long t1, Acc* tile, Acc* sums) {
  const int tid = threadIdx.x, lane = tid & 31;
  for (int i = 0; i < CN_ITEMS; ++i) {
    const long long k = t0 + i * 256 + tid;
    tile[CN_PAD(i * 256 + tid)] = k < t1 ? *(const Acc*)(row + k * stride_k) : CN_IDENTITY;
  }
  __syncthreads();
  Acc run = CN_IDENTITY;
  for (int i = 0; i < CN_ITEMS; ++i) {
    run = CN_COMBINE(run, tile[CN_PAD(tid * CN_ITEMS + i)]);
    tile[CN_PAD(tid * CN_ITEMS + i)] = run;
  }
  sums[tid] = run;
  __syncwarp();
  for (int off = 1; off < 32; off <<= 1) {
    const Acc t = lane >= off ? sums[tid - off] : CN_IDENTITY;
    __syncwarp();
    if (lane >= off) sums[tid] = CN_COMBINE(t, sums[tid]);
    __syncwarp();
  }
  __syncthreads();
}

// The whole tile's total, from the warp totals of cn_tile_scan.
__device__ __forceinline__ Acc cn_tile_total(const Acc* sums) {
  Acc total = CN_IDENTITY;
  for (int w = 0; w < 8; ++w) total = CN_COMBINE(total, sums[w * 32 + 31]);
  return total;
}

// Stores the scanned tile to orow[t0, t1), every element combined with `carry` (all that
// comes before the tile) and the totals of the earlier threads.
__device__ __forceinline__ void cn_tile_store(Acc* orow, long long t0, long long t1, Acc* tile,
                                              const Acc* sums, Acc carry) {
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  Acc prefix = carry;
  for (int w = 0; w < warp; ++w) prefix = CN_COMBINE(prefix, sums[w * 32 + 31]);
  if (lane > 0) prefix = CN_COMBINE(prefix, sums[tid - 1]);
  for (int i = 0; i < CN_ITEMS; ++i)
    tile[CN_PAD(tid * CN_ITEMS + i)] = CN_COMBINE(prefix, tile[CN_PAD(tid * CN_ITEMS + i)]);
  __syncthreads();
  for (int i = 0; i < CN_ITEMS; ++i) {  // coalesced store
    const long long k = t0 + i * 256 + tid;
    if (k < t1) orow[k] = tile[CN_PAD(i * 256 + tid)];
  }
  __syncthreads();
}

extern "C" __global__ void cn_scan_chunks(const char* in, Acc* out, const Acc* carry_in,
    long long K, long long stride_m, long long stride_k, long long per_chunk, int chunks) {
  __shared__ Acc tile[CN_TILE + CN_TILE / 32];
  __shared__ Acc sums[256];
  CN_ROW_CHUNK
  Acc* orow = out + m * K;
  Acc carry = chunks > 1 ? carry_in[b] : CN_IDENTITY;
  for (long long t0 = k0; t0 < k1; t0 += CN_TILE) {
    const long long t1 = t0 + CN_TILE < k1 ? t0 + CN_TILE : k1;
    cn_tile_scan(row, stride_k, t0, t1, tile, sums);
    const Acc next = CN_COMBINE(carry, cn_tile_total(sums));
    cn_tile_store(orow, t0, t1, tile, sums, carry);
    carry = next;
  }
}

// ---- Single pass with decoupled look-back (Merrill and Garland, as in CUB) ----
// CN_LB_BYTES (128) bytes of Acc per thread, 16 items for 1- and 2-byte types:
// scan_lookback_items() on the host says the same. The tile sits in shared memory as
// 16-byte vectors whose column within each 128-byte row is XORed with the row number
// (cn_lb_swz): the blocked accesses (a thread's CN_LB_ITEMS consecutive items, as
// vectors), the striped ones and the cp.async writes are then all free of bank conflicts
// without padding, so that a 16-byte cp.async lands aligned.
#define CN_LB_ITEMS ((int)(sizeof(Acc) >= 4 ? CN_LB_BYTES / sizeof(Acc) : 16))
#define CN_LB_TILE (256 * CN_LB_ITEMS)
#define CN_LB_VN ((int)(sizeof(Acc) < 16 ? 16 / sizeof(Acc) : 1))  // items per vector
#define CN_LB_VT (CN_LB_ITEMS / CN_LB_VN)                           // vectors per thread
#define CN_LB_WORDS ((int)((sizeof(Acc) + 3) / 4))
// Acc of 4 bytes or less travels with its flag in one 64-bit status word (one store, no
// fence); larger Acc goes to aggregate[]/inclusive[], ordered by fences around the flag.
#define CN_LB_PACKED (sizeof(Acc) <= 4)
// cp.async (sm_80 on) copies global memory to shared memory without passing through
// registers: a block's whole tile is in flight while the block holds few registers, so
// that six blocks fit on an SM and the loads of some overlap the look-backs of others.
#if CN_LB_ASYNC && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define CN_LB_CP_ASYNC 1
#else
#define CN_LB_CP_ASYNC 0
#endif

struct __align__(16) CnLbVec { Acc v[CN_LB_VN]; };
__device__ __forceinline__ int cn_lb_swz(int v) { return v ^ ((v >> 3) & 7); }

union CnWords { Acc a; unsigned w[CN_LB_WORDS]; };

__device__ __forceinline__ Acc cn_shfl_up(Acc v, int d) {
  CnWords u;
  for (int i = 0; i < CN_LB_WORDS; ++i) u.w[i] = 0;
  u.a = v;
  for (int i = 0; i < CN_LB_WORDS; ++i) u.w[i] = __shfl_up_sync(0xffffffffu, u.w[i], d);
  return u.a;
}

__device__ __forceinline__ Acc cn_shfl_idx(Acc v, int src) {
  CnWords u;
  for (int i = 0; i < CN_LB_WORDS; ++i) u.w[i] = 0;
  u.a = v;
  for (int i = 0; i < CN_LB_WORDS; ++i) u.w[i] = __shfl_sync(0xffffffffu, u.w[i], src);
  return u.a;
}

// Inclusive scan over the warp's lanes; combines only lower lanes into higher ones, in
// order (deterministic for floats). All 32 lanes must call it.
__device__ __forceinline__ Acc cn_warp_inclusive(Acc v, int lane) {
  for (int d = 1; d < 32; d <<= 1) {
    const Acc t = cn_shfl_up(v, d);
    if (lane >= d) v = CN_COMBINE(t, v);
  }
  return v;
}

// Tile b's status: word[b] = flag << 32 | value bits (packed) or just the flag. Flags:
// 0 nothing yet, 1 the tile's own total (aggregate), 2 all up to and including the tile.
__device__ __forceinline__ void cn_publish(unsigned long long* word, Acc* aggregate, Acc* inclusive,
                                           long long b, int flag, Acc v) {
  if constexpr (CN_LB_PACKED) {
    CnWords u;
    u.w[0] = 0;
    u.a = v;
    *(volatile unsigned long long*)(word + b) = ((unsigned long long)flag << 32) | u.w[0];
  } else {
    (flag == 2 ? inclusive : aggregate)[b] = v;
    __threadfence();  // the value before the flag
    *(volatile unsigned long long*)(word + b) = (unsigned long long)flag;
  }
}

// Run by all of warp 0 of tile b (tile c > 0 of its row): the combination of every tile
// before b in the row. Lane l looks at tile hi - 31 + l (lane 31 the nearest); a window is
// used once the lanes from its nearest inclusive prefix up are all published (all lanes
// when there is none), then combined in order; with no inclusive prefix in it, the window
// slides 32 tiles back. Tiles before the row's first count as inclusive identities (the
// first tile publishes an inclusive prefix, so the walk ends there at the latest).
__device__ __forceinline__ Acc cn_lookback(unsigned long long* word, const Acc* aggregate,
                                           const Acc* inclusive, long long b, long long c, int lane) {
  const long long first = b - c;
  Acc prefix = CN_IDENTITY;
  for (long long hi = b - 1;; hi -= 32) {
    const long long j = hi - 31 + lane;
    const int shift = CN_LB_PACKED ? 32 : 0;  // where the flag sits in the word
    unsigned long long w = 2ull << shift;
    unsigned incl;
    for (int spin = 0;; ++spin) {
      if (j >= first) w = *(volatile unsigned long long*)(word + j);
      const int f = (int)(w >> shift);
      incl = __ballot_sync(0xffffffffu, f == 2);
      const unsigned invalid = __ballot_sync(0xffffffffu, f == 0);
      const unsigned need = incl ? 0xffffffffu << (31 - __clz(incl)) : 0xffffffffu;
      if (!(invalid & need)) break;
      if (CN_LB_SLEEP && spin > 2) __nanosleep(64);  // a predecessor still loading: ease off L2
    }
    Acc v = CN_IDENTITY;
    if (j >= first && (!incl || lane >= 31 - __clz(incl))) {
      if constexpr (CN_LB_PACKED) {
        CnWords u;
        u.w[0] = (unsigned)w;
        v = u.a;
      } else {
        __threadfence();  // the flag before the value (pairs with cn_publish's fence)
        const volatile unsigned* src = (const volatile unsigned*)((w == 2ull ? inclusive : aggregate) + j);
        CnWords u;
        for (int i = 0; i < CN_LB_WORDS; ++i) u.w[i] = src[i];
        v = u.a;
      }
    }
    v = cn_warp_inclusive(v, lane);
    prefix = CN_COMBINE(cn_shfl_idx(v, 31), prefix);
    if (incl) return prefix;
  }
}

// One tile of CN_LB_TILE elements per block, tiles numbered in the order blocks start (an
// atomic counter), so that every tile a block waits for belongs to a block already
// running. A tile is loaded coalesced (cp.async of 16-byte vectors when the row is
// contiguous and aligned) into shared memory; each thread combines its CN_LB_ITEMS
// consecutive items, warp shuffles and the warps' totals give the tile's total; warp 0
// publishes it and looks back for the tile's prefix; each thread then combines its items
// again, from its prefix, into shared memory, and the result leaves coalesced. The
// items are read twice from shared memory instead of held in registers. `status` (zeroed
// before the launch): a tile counter, then one 64-bit word per tile;
// aggregate/inclusive: one Acc per tile when Acc is over 4 bytes (else unused).
extern "C" __global__ void CN_LB_BOUNDS cn_scan_lookback(const char* in, Acc* out,
    Acc* aggregate, Acc* inclusive, unsigned long long* status, long long K, long long stride_m,
    long long stride_k, int tiles) {
  __shared__ CnLbVec tile[CN_LB_TILE / CN_LB_VN];
  __shared__ Acc warp_total[8];
  __shared__ Acc tile_prefix;
  __shared__ long long tile_id;
  Acc* tile_items = (Acc*)tile;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  if (tid == 0) tile_id = (long long)atomicAdd(status, 1ull);
  __syncthreads();
  unsigned long long* word = status + 1;
  const long long b = tile_id;
  const long long m = b / tiles, c = b % tiles;
  const long long t0 = c * CN_LB_TILE;
  const int n = K - t0 < CN_LB_TILE ? (int)(K - t0) : CN_LB_TILE;
  const char* row = in + m * stride_m + t0 * stride_k;
  Acc* orow = out + m * K + t0;
  constexpr int V = CN_LB_TILE / CN_LB_VN / 256;  // striped vectors per thread
  if (n == CN_LB_TILE && CN_VEC_OK(row, stride_k)) {
#if CN_LB_CP_ASYNC
#pragma unroll
    for (int q = 0; q < V; ++q) {
      const unsigned dst = (unsigned)__cvta_generic_to_shared(&tile[cn_lb_swz(q * 256 + tid)]);
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"((const CnLbVec*)row + q * 256 + tid));
    }
    asm volatile("cp.async.wait_all;\n" ::: "memory");
#else
    CnLbVec r[V];  // all loads issued before the first use
#pragma unroll
    for (int q = 0; q < V; ++q) r[q] = ((const CnLbVec*)row)[q * 256 + tid];
#pragma unroll
    for (int q = 0; q < V; ++q) tile[cn_lb_swz(q * 256 + tid)] = r[q];
#endif
  } else {  // eight loads in flight at a time: registers for all items would spill
#pragma unroll
    for (int i0 = 0; i0 < CN_LB_ITEMS; i0 += 8) {
      Acc r[8];
#pragma unroll
      for (int i = 0; i < 8 && i0 + i < CN_LB_ITEMS; ++i) {
        const int k = (i0 + i) * 256 + tid;
        r[i] = k < n ? *(const Acc*)(row + k * stride_k) : CN_IDENTITY;
      }
#pragma unroll
      for (int i = 0; i < 8 && i0 + i < CN_LB_ITEMS; ++i) {
        const int k = (i0 + i) * 256 + tid;
        tile_items[cn_lb_swz(k / CN_LB_VN) * CN_LB_VN + k % CN_LB_VN] = r[i];
      }
    }
  }
  __syncthreads();
  // The thread's items in order: their combination (the same order as the second pass).
  Acc run = CN_IDENTITY;
#pragma unroll
  for (int j = 0; j < CN_LB_VT; ++j) {
    const CnLbVec x = tile[cn_lb_swz(tid * CN_LB_VT + j)];
#pragma unroll
    for (int e = 0; e < CN_LB_VN; ++e) run = (j == 0 && e == 0) ? x.v[0] : CN_COMBINE(run, x.v[e]);
  }
  const Acc thread_incl = cn_warp_inclusive(run, lane);
  Acc lane_prefix = cn_shfl_up(thread_incl, 1);
  if (lane == 31) warp_total[warp] = thread_incl;
  __syncthreads();
  Acc warp_prefix = CN_IDENTITY, total = CN_IDENTITY;
  for (int w = 0; w < 8; ++w) {
    if (w == warp) warp_prefix = total;
    total = CN_COMBINE(total, warp_total[w]);
  }
  if (warp == 0) {
    Acc prefix = CN_IDENTITY;
    if (c == 0) {
      if (lane == 0) cn_publish(word, aggregate, inclusive, b, 2, total);
    } else {
      if (lane == 0) cn_publish(word, aggregate, inclusive, b, 1, total);
      prefix = cn_lookback(word, aggregate, inclusive, b, c, lane);
      if (lane == 0) cn_publish(word, aggregate, inclusive, b, 2, CN_COMBINE(prefix, total));
    }
    if (lane == 0) tile_prefix = prefix;
  }
  __syncthreads();
  Acc p = CN_COMBINE(tile_prefix, warp_prefix);
  if (lane != 0) p = CN_COMBINE(p, lane_prefix);
  // Each result is p combined with the thread's running combination, as in a scan held
  // in registers (the same roundings for floats).
  run = CN_IDENTITY;
#pragma unroll
  for (int j = 0; j < CN_LB_VT; ++j) {
    CnLbVec x = tile[cn_lb_swz(tid * CN_LB_VT + j)];
#pragma unroll
    for (int e = 0; e < CN_LB_VN; ++e) {
      run = (j == 0 && e == 0) ? x.v[0] : CN_COMBINE(run, x.v[e]);
      x.v[e] = CN_COMBINE(p, run);
    }
    tile[cn_lb_swz(tid * CN_LB_VT + j)] = x;
  }
  __syncthreads();
  if (n == CN_LB_TILE && CN_VEC_OK(orow, (long long)sizeof(Acc))) {
#pragma unroll
    for (int q = 0; q < V; ++q) ((CnLbVec*)orow)[q * 256 + tid] = tile[cn_lb_swz(q * 256 + tid)];
  } else {
#pragma unroll
    for (int i = 0; i < CN_LB_ITEMS; ++i) {
      const int k = i * 256 + tid;
      if (k < n) orow[k] = tile_items[cn_lb_swz(k / CN_LB_VN) * CN_LB_VN + k % CN_LB_VN];
    }
  }
}
