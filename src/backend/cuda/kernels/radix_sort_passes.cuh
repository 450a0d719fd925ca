// Radix sort passes, templated over key and payload types (after T, KT, VT, key_of; radix_sort_cuda_source.cpp).
#define CN_ITEMS 8
#define CN_TILE (256 * CN_ITEMS)

__device__ __forceinline__ const T& elem(const char* in, long long p, long long K, long long sm, long long sk) {
  return *(const T*)(in + (p / K) * sm + (p % K) * sk);
}

// Lanes of the warp whose digit equals this lane's (d in [-1, 256): -1, a position past the
// end, matches only other -1s). Nine ballots, one per bit of d + 1: on the H200 this is
// several times faster than __match_any_sync, whose cost grows with the number of distinct
// values in the warp (a random digit has ~25 of 32).
__device__ __forceinline__ unsigned cn_match_digit(int d) {
  unsigned peers = 0xffffffffu;
#pragma unroll
  for (int bit = 0; bit < 9; ++bit) {
    const bool on = ((d + 1) >> bit) & 1;
    const unsigned b = __ballot_sync(0xffffffffu, on);
    peers &= on ? b : ~b;
  }
  return peers;
}

#if CN_WANT(cn_sort_make_keys)
extern "C" __global__ void cn_sort_make_keys(const char* in, long long K, long long sm, long long sk,
                                             long long N, KT* keys, VT* vals, int field, int exact) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < N; i += (long long)gridDim.x * 256) {
    keys[i] = key_of(elem(in, i, K, sm, sk), field, exact);
    if (vals) vals[i] = (VT)i;
  }
}
#endif

#if CN_WANT(cn_sort_gather_keys)
extern "C" __global__ void cn_sort_gather_keys(const char* in, long long K, long long sm, long long sk,
                                               long long N, const VT* vals, KT* keys, int field) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < N; i += (long long)gridDim.x * 256)
    keys[i] = key_of(elem(in, (long long)vals[i], K, sm, sk), field, 0);
}
#endif

#if CN_WANT(cn_sort_row_keys)
extern "C" __global__ void cn_sort_row_keys(const char* in, long long K, long long sm, long long sk,
                                            long long N, const VT* vals, unsigned* rkeys) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < N; i += (long long)gridDim.x * 256) {
    const long long p = (long long)vals[i];
    rkeys[i] = (unsigned)(p / K) << 2 | class_of(elem(in, p, K, sm, sk));
  }
}
#endif

#if CN_WANT(cn_sort_finish)
extern "C" __global__ void cn_sort_finish(const char* in, long long K, long long sm, long long sk,
                                          long long N, const VT* vals, T* out_values, long long* out_indices) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < N; i += (long long)gridDim.x * 256) {
    const long long p = (long long)vals[i];
    if (out_values) out_values[i] = elem(in, p, K, sm, sk);
    if (out_indices) out_indices[i] = p % K;
  }
}
#endif

#if CN_WANT(cn_sort_finish_keys)
extern "C" __global__ void cn_sort_finish_keys(const KT* keys, long long N, T* out_values) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < N; i += (long long)gridDim.x * 256)
    out_values[i] = value_of(keys[i]);
}
#endif

// Where a pass reads its keys and writes its results: key arrays, or (first pass of a
// values-only sort) the contiguous input, keyed on the fly, and (last pass) the output
// values rebuilt from the keys, so that path makes no separate key and value passes.
template <class K>
struct KeyLoad {
  const K* p;
  __device__ __forceinline__ K operator()(long long i) const { return p[i]; }
};
struct RawLoad {
  const T* p;
  int exact;
  __device__ __forceinline__ KT operator()(long long i) const { return key_of(p[i], 0, exact); }
};
template <class K>
struct KeyStore {
  K* p;
  __device__ __forceinline__ void operator()(long long i, K k) const { p[i] = k; }
};
struct ValueStore {
  T* p;
  __device__ __forceinline__ void operator()(long long i, KT k) const { p[i] = value_of(k); }
};

template <class K, class Load>
__device__ __forceinline__ void radix_hist(Load keys, long long N, long long per_block, int shift,
                                           unsigned long long* counts) {
  __shared__ unsigned hist[256];
  const int tid = threadIdx.x;
  hist[tid] = 0;
  __syncthreads();
  const long long b0 = blockIdx.x * per_block;
  const long long b1 = b0 + per_block < N ? b0 + per_block : N;
  // Plain shared atomics: even a float's skewed top byte costs less than matching lanes.
  for (long long i = b0 + tid; i < b1; i += 256) atomicAdd(&hist[(int)((keys(i) >> shift) & 255)], 1u);
  __syncthreads();
  counts[(long long)tid * gridDim.x + blockIdx.x] = hist[tid];
}

#if CN_WANT(cn_radix_scan)
extern "C" __global__ void cn_radix_scan(unsigned long long* counts, long long total) {
  __shared__ unsigned long long sums[256];
  const int tid = threadIdx.x;
  const long long per = (total + 255) / 256;
  const long long c0 = tid * per;
  const long long c1 = c0 + per < total ? c0 + per : total;
  unsigned long long s = 0;
  for (long long i = c0; i < c1; ++i) s += counts[i];
  sums[tid] = s;
  __syncthreads();
  if (tid == 0) {
    unsigned long long run = 0;
    for (int t = 0; t < 256; ++t) {
      const unsigned long long v = sums[t];
      sums[t] = run;
      run += v;
    }
  }
  __syncthreads();
  s = sums[tid];
  for (long long i = c0; i < c1; ++i) {
    const unsigned long long v = counts[i];
    counts[i] = s;
    s += v;
  }
}
#endif

// Exclusive scan of v over the block's 256 threads (thread t holds digit t's value).
__device__ __forceinline__ unsigned block_exclusive_scan(unsigned v, unsigned* tmp) {
  const int tid = threadIdx.x;
  tmp[tid] = v;
  __syncthreads();
  for (int o = 1; o < 256; o <<= 1) {
    const unsigned add = tid >= o ? tmp[tid - o] : 0u;
    __syncthreads();
    tmp[tid] += add;
    __syncthreads();
  }
  const unsigned r = tmp[tid] - v;
  __syncthreads();
  return r;
}

// Stable scatter of the block's range: tiles of CN_TILE keys, each ranked in CN_ITEMS
// rounds of 256 (round j holds tile positions j * 256 + thread, so loads are coalesced and
// rounds in order keep the sort stable). Within a round a warp finds the lanes sharing
// its digit (cn_match_digit); per-warp counts give each key its rank in the tile. The tile
// is then laid out digit by digit in shared memory and written out in runs per digit.
// The wider of two types (what the staging buffer holds: keys, then payload).
template <class A, class B, bool AWider = (sizeof(A) >= sizeof(B))>
struct Wider {
  typedef A type;
};
template <class A, class B>
struct Wider<A, B, false> {
  typedef B type;
};

template <class K, class V, bool HasVals, class Load, class Store>
__device__ __forceinline__ void radix_scatter(Load keys_in, const V* vals_in, Store keys_out, V* vals_out,
                                              long long N, long long per_block, int shift,
                                              const unsigned long long* counts) {
  __shared__ unsigned long long run[256];         // where digit d's next key goes (global)
  __shared__ unsigned tile_start[256];            // first tile slot of digit d
  __shared__ unsigned short warp_cnt[2][8][256];  // by round parity: keys of digit d in warp w, then offsets
  __shared__ unsigned tmp[256];
  __shared__ typename Wider<K, V>::type stage[CN_TILE];
  __shared__ unsigned char stage_digit[CN_TILE];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const unsigned lt_mask = (1u << lane) - 1u;
  run[tid] = counts[(long long)tid * gridDim.x + blockIdx.x];
  for (int w = 0; w < 8; ++w) warp_cnt[0][w][tid] = warp_cnt[1][w][tid] = 0;
  const long long b0 = blockIdx.x * per_block;
  const long long b1 = b0 + per_block < N ? b0 + per_block : N;
  int round = 0;
  __syncthreads();
  for (long long t0 = b0; t0 < b1; t0 += CN_TILE) {
    const int n = (int)(b1 - t0 < CN_TILE ? b1 - t0 : CN_TILE);
    K key[CN_ITEMS];
    unsigned short rank[CN_ITEMS];
    int dig[CN_ITEMS];
    unsigned tile_run = 0;  // thread tid counts digit tid's keys in this tile so far
    for (int j = 0; j < CN_ITEMS; ++j) {
      const int p = round++ & 1;
      const int pos = j * 256 + tid;
      const bool valid = pos < n;
      key[j] = valid ? keys_in(t0 + pos) : (K)0;
      const int d = valid ? (int)((key[j] >> shift) & 255) : -1;
      dig[j] = d;
      // Lanes of this warp with the same digit (invalid lanes only match each other).
      const unsigned peers = cn_match_digit(d);
      const unsigned before = __popc(peers & lt_mask);
      if (valid && before == 0) warp_cnt[p][warp][d] = (unsigned short)__popc(peers);
      __syncthreads();
      // Thread tid as digit tid: the warps' offsets within the tile. The other parity's
      // counters are cleared for the next round (their last readers passed the barrier).
      for (int w = 0; w < 8; ++w) {
        const unsigned c = warp_cnt[p][w][tid];
        warp_cnt[p][w][tid] = (unsigned short)tile_run;
        warp_cnt[p ^ 1][w][tid] = 0;
        tile_run += c;
      }
      __syncthreads();
      if (valid) rank[j] = (unsigned short)(warp_cnt[p][warp][d] + before);
    }
    const unsigned count = tile_run;
    tile_start[tid] = block_exclusive_scan(count, tmp);
    __syncthreads();
    for (int j = 0; j < CN_ITEMS; ++j)
      if (dig[j] >= 0) {
        const unsigned slot = tile_start[dig[j]] + rank[j];
        stage[slot] = key[j];
        stage_digit[slot] = (unsigned char)dig[j];
      }
    __syncthreads();
    for (int i = tid; i < n; i += 256) {
      const int d = stage_digit[i];
      keys_out(run[d] + (i - tile_start[d]), (K)stage[i]);
    }
    if (HasVals) {
      __syncthreads();
      for (int j = 0; j < CN_ITEMS; ++j)
        if (dig[j] >= 0) stage[tile_start[dig[j]] + rank[j]] = vals_in[t0 + j * 256 + tid];
      __syncthreads();
      for (int i = tid; i < n; i += 256) {
        const int d = stage_digit[i];
        vals_out[run[d] + (i - tile_start[d])] = (V)stage[i];
      }
    }
    __syncthreads();
    run[tid] += count;
    __syncthreads();
  }
}

#if CN_WANT(cn_radix_hist_key)
extern "C" __global__ void cn_radix_hist_key(const KT* keys, long long N, long long per_block, int shift,
                                             unsigned long long* counts) {
  radix_hist<KT>(KeyLoad<KT>{keys}, N, per_block, shift, counts);
}
#endif
#if CN_WANT(cn_radix_hist_row)
extern "C" __global__ void cn_radix_hist_row(const unsigned* keys, long long N, long long per_block, int shift,
                                             unsigned long long* counts) {
  radix_hist<unsigned>(KeyLoad<unsigned>{keys}, N, per_block, shift, counts);
}
#endif
#if CN_WANT(cn_radix_hist_raw)
extern "C" __global__ void cn_radix_hist_raw(const T* in, long long N, long long per_block, int shift,
                                             unsigned long long* counts, int exact) {
  radix_hist<KT>(RawLoad{in, exact}, N, per_block, shift, counts);
}
#endif
#if CN_WANT(cn_radix_scatter_key_v)
extern "C" __global__ void cn_radix_scatter_key_v(const KT* ki, const VT* vi, KT* ko, VT* vo, long long N,
                                                  long long per_block, int shift, const unsigned long long* counts) {
  radix_scatter<KT, VT, true>(KeyLoad<KT>{ki}, vi, KeyStore<KT>{ko}, vo, N, per_block, shift, counts);
}
#endif
#if CN_WANT(cn_radix_scatter_key_n)
extern "C" __global__ void cn_radix_scatter_key_n(const KT* ki, const VT* vi, KT* ko, VT* vo, long long N,
                                                  long long per_block, int shift, const unsigned long long* counts) {
  radix_scatter<KT, VT, false>(KeyLoad<KT>{ki}, vi, KeyStore<KT>{ko}, vo, N, per_block, shift, counts);
}
#endif
#if CN_WANT(cn_radix_scatter_row_v)
extern "C" __global__ void cn_radix_scatter_row_v(const unsigned* ki, const VT* vi, unsigned* ko, VT* vo, long long N,
                                                  long long per_block, int shift, const unsigned long long* counts) {
  radix_scatter<unsigned, VT, true>(KeyLoad<unsigned>{ki}, vi, KeyStore<unsigned>{ko}, vo, N, per_block, shift, counts);
}
#endif
// Values-only passes of one contiguous row: first (input -> keys), last (keys -> values),
// and both at once for one-byte keys.
#if CN_WANT(cn_radix_scatter_raw_n)
extern "C" __global__ void cn_radix_scatter_raw_n(const T* in, KT* ko, long long N, long long per_block, int shift,
                                                  const unsigned long long* counts, int exact) {
  radix_scatter<KT, VT, false>(RawLoad{in, exact}, (const VT*)0, KeyStore<KT>{ko}, (VT*)0, N, per_block, shift, counts);
}
#endif
#if CN_WANT(cn_radix_scatter_out_n)
extern "C" __global__ void cn_radix_scatter_out_n(const KT* ki, T* out, long long N, long long per_block, int shift,
                                                  const unsigned long long* counts) {
  radix_scatter<KT, VT, false>(KeyLoad<KT>{ki}, (const VT*)0, ValueStore{out}, (VT*)0, N, per_block, shift, counts);
}
#endif
#if CN_WANT(cn_radix_scatter_raw_out_n)
extern "C" __global__ void cn_radix_scatter_raw_out_n(const T* in, T* out, long long N, long long per_block, int shift,
                                                      const unsigned long long* counts, int exact) {
  radix_scatter<KT, VT, false>(RawLoad{in, exact}, (const VT*)0, ValueStore{out}, (VT*)0, N, per_block, shift, counts);
}
#endif
