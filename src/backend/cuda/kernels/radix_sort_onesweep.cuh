// Onesweep radix sort of one row (after the passes and CN_OS_ITEMS; radix_sort_cuda_source.cpp).
// Onesweep (Adinets & Merrill 2022) for one row: cn_os_hist counts every digit position
// in one read of the input, cn_os_scan turns the counts into each digit's first output
// position, then one cn_os_pass_* kernel per digit position ranks a tile, finds the tile's
// output offsets by decoupled look-back over the preceding tiles, and scatters.
#define CN_OS_TILE (256 * CN_OS_ITEMS)
// Look-back status word per (tile, digit): 2-bit flag over a 30-bit count (N < 2^30).
// 0 = not yet published; AGG = the tile's own count; PREFIX = count of all tiles up to and
// including this one. One 32-bit word carries flag and count, so a reader that sees the
// flag sees its count: no fence is needed between them.
#define CN_OS_AGG (1u << 30)
#define CN_OS_PREFIX (2u << 30)
#define CN_OS_COUNT ((1u << 30) - 1u)
#define CN_OS_DIGITS ((int)sizeof(KT))
#ifndef CN_OS_HOLD_PREFIX
// scripts/emulate_sort_kernels.py withholds some tiles' prefixes to make look-backs long.
#define CN_OS_HOLD_PREFIX(tile) false
#endif

// Lanes of the warp whose digit equals this lane's (d in [-1, 256)), as CUB's
// WARP_MATCH_ATOMIC_OR: each lane ORs its bit into the warp's word for d + 1, reads the
// word back, and the word is cleared for the next key. One shared atomic a key instead of
// cn_match_digit's nine ballots: 1.01 against 1.09 ms a middle pass at 12 keys a thread
// (2^27 float32, H200).
__device__ __forceinline__ unsigned cn_os_match(unsigned* mask, int d, int lane) {
  unsigned* m = mask + d + 1;
  atomicOr(m, 1u << lane);
  __syncwarp();
  const unsigned peers = *(volatile unsigned*)m;
  __syncwarp();
  *m = 0;
  __syncwarp();
  return peers;
}

// Exclusive scan over the block's 256 threads (warp shuffles, one barrier). warp_tot is
// written once: the caller must not call it twice on one warp_tot without a barrier.
__device__ __forceinline__ unsigned os_block_exclusive_scan(unsigned v, unsigned* warp_tot) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  unsigned x = v;
  for (int o = 1; o < 32; o <<= 1) {
    const unsigned y = __shfl_up_sync(0xffffffffu, x, o);
    if (lane >= o) x += y;
  }
  if (lane == 31) warp_tot[warp] = x;
  __syncthreads();
  unsigned before = 0;
  for (int w = 0; w < warp; ++w) before += warp_tot[w];
  return before + x - v;
}

// Loads and stores of a pass. The first pass keys the input on the fly (any stride of one
// row), and its payload is the element's number.
// fetch() reads, key() makes the key: the pass issues all of a tile's fetches before the
// first key() (made in one expression, the loads waited one by one: 1.46 ms against 0.99
// for the first pass of 2^27 float32 on the H200).
struct OsRaw {
  typedef T Raw;
  const char* p;
  long long sk;
  int exact;
  __device__ __forceinline__ T fetch(long long i) const { return *(const T*)(p + i * sk); }
  __device__ __forceinline__ KT key(const T& x) const { return key_of(x, 0, exact); }
  __device__ __forceinline__ KT operator()(long long i) const { return key(fetch(i)); }
};
struct OsIota {
  __device__ __forceinline__ VT operator()(long long i) const { return (VT)i; }
};
template <class X>
struct OsArr {
  typedef X Raw;
  const X* p;
  __device__ __forceinline__ X fetch(long long i) const { return p[i]; }
  __device__ __forceinline__ X key(X x) const { return x; }
  __device__ __forceinline__ X operator()(long long i) const { return p[i]; }
};
template <class X>
struct OsPut {
  X* p;
  __device__ __forceinline__ void operator()(long long i, X x) const { p[i] = x; }
};
struct OsNone {
  template <class X>
  __device__ __forceinline__ void operator()(long long, X) const {}
};
struct OsValues {  // last keys-only pass: the values rebuilt from exact keys
  T* p;
  __device__ __forceinline__ void operator()(long long i, KT k) const { p[i] = value_of(k); }
};
struct OsFinish {  // last payload pass: the element (read back from the input) and its index
  const char* in;
  long long sk;
  T* values;
  long long* indices;
  __device__ __forceinline__ void operator()(long long i, VT v) const {
    if (values) values[i] = *(const T*)(in + (long long)v * sk);
    if (indices) indices[i] = (long long)v;
  }
};

// Zeroes p[0, n) (one block): the histograms and tile counters before cn_os_hist.
#if CN_WANT(cn_os_init)
extern "C" __global__ void cn_os_init(unsigned* p, int n) {
  for (int i = threadIdx.x; i < n; i += 256) p[i] = 0;
}
#endif

// Histograms of all CN_OS_DIGITS digit positions of the keys of one row, one read:
// hist[b * 256 + d] += keys with digit d at byte b (zeroed by cn_os_init). Block-private
// shared counters, one plain atomic per key and byte (a skewed byte, e.g. a float's
// exponent, serializes on one counter, yet that costs less than matching lanes first:
// 0.37 ms against 3.1 for 2^27 float32 on the H200). Also zeroes zero[0, zero_n) (the first pass's status words: cn_os_pass_* run after this kernel).
#if CN_WANT(cn_os_hist)
extern "C" __global__ void cn_os_hist(const char* in, long long sk, long long N, int exact, unsigned* hist,
                                      unsigned* zero, long long zero_n) {
  __shared__ unsigned h[CN_OS_DIGITS][256];
  const int tid = threadIdx.x;
  for (int b = 0; b < CN_OS_DIGITS; ++b) h[b][tid] = 0;
  for (long long i = blockIdx.x * 256ll + tid; i < zero_n; i += (long long)gridDim.x * 256) zero[i] = 0;
  __syncthreads();
  const OsRaw load{in, sk, exact};
  // 4 loads in flight per thread; base is block-uniform, so every lane reaches the votes.
  for (long long base = blockIdx.x * 1024ll; base < N; base += (long long)gridDim.x * 1024) {
    KT k[4];
    for (int j = 0; j < 4; ++j) {
      const long long i = base + j * 256 + tid;
      k[j] = i < N ? load(i) : (KT)0;
    }
    for (int j = 0; j < 4; ++j) {
      const bool ok = base + j * 256 + tid < N;
      if (ok)
        for (int b = 0; b < CN_OS_DIGITS; ++b) atomicAdd(&h[b][(int)((k[j] >> (8 * b)) & 255)], 1u);
    }
  }
  __syncthreads();
  for (int b = 0; b < CN_OS_DIGITS; ++b)
    if (h[b][tid]) atomicAdd(&hist[b * 256 + tid], h[b][tid]);
}
#endif

// One block per digit position b: bins[b * 256 + d] = how many keys have a digit below d
// at byte b (the first output position of digit d in that pass).
#if CN_WANT(cn_os_scan)
extern "C" __global__ void cn_os_scan(const unsigned* hist, unsigned* bins) {
  __shared__ unsigned warp_tot[8];
  const int b = blockIdx.x, tid = threadIdx.x;
  bins[b * 256 + tid] = os_block_exclusive_scan(hist[b * 256 + tid], warp_tot);
}
#endif

// One onesweep pass over the digit at `shift`. Each block takes the next tile number from
// *counter (so a tile's predecessors belong to blocks already running: the look-back always
// makes progress), ranks its CN_OS_TILE keys, publishes its per-digit counts, looks back
// for the counts of all earlier tiles, and scatters through shared memory so that a digit's
// keys go out as one contiguous run. bins: this pass's 256 digit starts; status: this
// pass's words (zero on entry); status_next: the next pass's, zeroed here (null if none).
template <class K, class V, bool HasVals, class Load, class VLoad, class KStore, class VStore>
__device__ __forceinline__ void onesweep_pass(Load load, VLoad vload, KStore kstore, VStore vstore, long long N,
                                              int shift, const unsigned* bins, unsigned* status,
                                              unsigned* status_next, unsigned* counter) {
  __shared__ unsigned s_tile;
  __shared__ unsigned warp_off[8][256];  // keys of digit d in warp w so far, then warp w's first staging slot for d
  __shared__ unsigned match_mask[8][257];  // per warp and digit + 1: the lanes holding it (cn_os_match)
  __shared__ int global_off[256];        // output position of staging slot i of digit d, minus i
  __shared__ unsigned warp_tot[8];
  __shared__ typename Wider<K, V>::type stage[CN_OS_TILE];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  if (tid == 0) s_tile = atomicAdd(counter, 1u);
  for (int w = 0; w < 8; ++w) warp_off[w][tid] = match_mask[w][tid] = 0;
  if (tid < 8) match_mask[tid][256] = 0;
  __syncthreads();
  const unsigned tile = s_tile;
  // The previous pass (the last reader of these words) has finished: stream order.
  if (status_next) status_next[(long long)tile * 256 + tid] = 0;
  const long long t0 = (long long)tile * CN_OS_TILE;
  const int n = N - t0 < CN_OS_TILE ? (int)(N - t0) : CN_OS_TILE;
  // Warp-striped: warp w owns tile positions [w * 32 * ITEMS, (w + 1) * 32 * ITEMS), item j
  // of lane l is position w * 32 * ITEMS + j * 32 + l. Loads are coalesced, and (warp, item,
  // lane) order is input order, which keeps the ranking stable.
  const int w0 = warp * 32 * CN_OS_ITEMS + lane;
  K key[CN_OS_ITEMS];
  V val[CN_OS_ITEMS];
  {
    typename Load::Raw raw[CN_OS_ITEMS];
#pragma unroll
    for (int j = 0; j < CN_OS_ITEMS; ++j) {
      const int p = w0 + j * 32;
      if (p < n) raw[j] = load.fetch(t0 + p);
      if (HasVals) val[j] = p < n ? vload(t0 + p) : (V)0;
    }
#pragma unroll
    for (int j = 0; j < CN_OS_ITEMS; ++j) key[j] = w0 + j * 32 < n ? load.key(raw[j]) : (K)0;
  }
  // Rank within the warp's run of each digit in one go: the lanes holding a digit find
  // each other, and their highest lane advances the warp's counter for it (positions past
  // the end, d = -1, only match each other and count nowhere).
  const unsigned le_mask = 0xffffffffu >> (31 - lane);
  unsigned rank[CN_OS_ITEMS];
#pragma unroll
  for (int j = 0; j < CN_OS_ITEMS; ++j) {
    const int d = w0 + j * 32 < n ? (int)((key[j] >> shift) & 255) : -1;
    const unsigned peers = cn_os_match(match_mask[warp], d, lane);  // ends with __syncwarp
    const int leader = 31 - __clz(peers);
    const unsigned pre = (unsigned)__popc(peers & le_mask);  // 1-based; the leader's is the group size
    unsigned off = 0;
    if (d >= 0 && lane == leader) {
      off = warp_off[warp][d];
      warp_off[warp][d] = off + pre;
    }
    off = __shfl_sync(0xffffffffu, off, leader);
    rank[j] = off + pre - 1;
  }
  __syncthreads();
  // Thread tid as digit tid from here: the tile's count of it, published, then its first
  // staging slot and each warp's first slot in its run (one shared read a key below).
  unsigned wc[8], count = 0;
#pragma unroll
  for (int w = 0; w < 8; ++w) count += wc[w] = warp_off[w][tid];
  volatile unsigned* mine = status + (long long)tile * 256 + tid;
  *mine = (tile == 0 ? CN_OS_PREFIX : CN_OS_AGG) | count;
  const unsigned start = os_block_exclusive_scan(count, warp_tot);
  {
    unsigned run = start;
#pragma unroll
    for (int w = 0; w < 8; ++w) {
      warp_off[w][tid] = run;
      run += wc[w];
    }
  }
  __syncthreads();
  // Staged in digit order before the look-back, which then has had longer to be answered.
#pragma unroll
  for (int j = 0; j < CN_OS_ITEMS; ++j)
    if (w0 + j * 32 < n) {
      const int d = (int)((key[j] >> shift) & 255);
      rank[j] += warp_off[warp][d];
      stage[rank[j]] = key[j];
    }
  // Decoupled look-back, one thread per digit (each step reads 256 adjacent words, one per
  // thread): add predecessors' counts until one carries an inclusive prefix. Tile 0 ends
  // every chain, and it publishes its prefix without waiting on anyone.
  unsigned excl = 0;
  if (tile > 0) {
    for (long long p = (long long)tile - 1;; --p) {
      const volatile unsigned* s = status + p * 256 + tid;
      unsigned v;
      do {
        v = *s;
      } while (v == 0);
      excl += v & CN_OS_COUNT;
      if (v & CN_OS_PREFIX) break;
    }
    if (!CN_OS_HOLD_PREFIX(tile)) *mine = CN_OS_PREFIX | (excl + count);
  }
  global_off[tid] = (int)(bins[tid] + excl) - (int)start;
  __syncthreads();
  // Slot i holds the tile's i-th key in digit order: consecutive threads write consecutive
  // addresses within each digit's run.
  int dig[CN_OS_ITEMS];
#pragma unroll
  for (int j = 0; j < CN_OS_ITEMS; ++j) {
    const int i = j * 256 + tid;
    if (i < n) {
      const K k = (K)stage[i];
      dig[j] = (int)((k >> shift) & 255);
      kstore(global_off[dig[j]] + i, k);
    }
  }
  if (HasVals) {
    __syncthreads();  // every key has left the staging buffer
#pragma unroll
    for (int j = 0; j < CN_OS_ITEMS; ++j)
      if (w0 + j * 32 < n) stage[rank[j]] = val[j];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < CN_OS_ITEMS; ++j) {
      const int i = j * 256 + tid;
      if (i < n) vstore(global_off[dig[j]] + i, (V)stage[i]);
    }
  }
}

// Three blocks per SM at 16 keys a thread or more (80 registers: 20 keys and their ranks
// fit without spilling in the keys-only passes), four at 12.
#define CN_OS_BOUNDS __launch_bounds__(256, CN_OS_ITEMS >= 16 ? 3 : 4)
#define CN_OS_ARGS long long N, int shift, const unsigned* bins, unsigned* status, unsigned* status_next, unsigned* counter
#define CN_OS_PASS N, shift, bins, status, status_next, counter
// Keys only (sort of one row): first (input -> keys), middle, last (keys -> values), and
// first-and-last for one-byte keys. exact = 1: -0.0 keeps its own key.
#if CN_WANT(cn_os_pass_raw_k)
extern "C" __global__ void CN_OS_BOUNDS cn_os_pass_raw_k(const char* in, long long sk, int exact, KT* ko, CN_OS_ARGS) {
  onesweep_pass<KT, KT, false>(OsRaw{in, sk, exact}, OsIota{}, OsPut<KT>{ko}, OsNone{}, CN_OS_PASS);
}
#endif
#if CN_WANT(cn_os_pass_k_k)
extern "C" __global__ void CN_OS_BOUNDS cn_os_pass_k_k(const KT* ki, KT* ko, CN_OS_ARGS) {
  onesweep_pass<KT, KT, false>(OsArr<KT>{ki}, OsIota{}, OsPut<KT>{ko}, OsNone{}, CN_OS_PASS);
}
#endif
#if CN_WANT(cn_os_pass_k_out)
extern "C" __global__ void CN_OS_BOUNDS cn_os_pass_k_out(const KT* ki, T* out, CN_OS_ARGS) {
  onesweep_pass<KT, KT, false>(OsArr<KT>{ki}, OsIota{}, OsValues{out}, OsNone{}, CN_OS_PASS);
}
#endif
#if CN_WANT(cn_os_pass_raw_out)
extern "C" __global__ void CN_OS_BOUNDS cn_os_pass_raw_out(const char* in, long long sk, int exact, T* out, CN_OS_ARGS) {
  onesweep_pass<KT, KT, false>(OsRaw{in, sk, exact}, OsIota{}, OsValues{out}, OsNone{}, CN_OS_PASS);
}
#endif
// Keys and element numbers (argsort of one row): first (input -> keys + iota), middle, last
// (element numbers -> values read back from the input, and indices), both for one-byte keys.
#if CN_WANT(cn_os_pass_raw_kv)
extern "C" __global__ void CN_OS_BOUNDS cn_os_pass_raw_kv(const char* in, long long sk, int exact, KT* ko, VT* vo, CN_OS_ARGS) {
  onesweep_pass<KT, VT, true>(OsRaw{in, sk, exact}, OsIota{}, OsPut<KT>{ko}, OsPut<VT>{vo}, CN_OS_PASS);
}
#endif
#if CN_WANT(cn_os_pass_kv_kv)
extern "C" __global__ void CN_OS_BOUNDS cn_os_pass_kv_kv(const KT* ki, const VT* vi, KT* ko, VT* vo, CN_OS_ARGS) {
  onesweep_pass<KT, VT, true>(OsArr<KT>{ki}, OsArr<VT>{vi}, OsPut<KT>{ko}, OsPut<VT>{vo}, CN_OS_PASS);
}
#endif
#if CN_WANT(cn_os_pass_kv_fin)
extern "C" __global__ void CN_OS_BOUNDS cn_os_pass_kv_fin(const KT* ki, const VT* vi, const char* in, long long sk, T* values,
                                             long long* indices, CN_OS_ARGS) {
  onesweep_pass<KT, VT, true>(OsArr<KT>{ki}, OsArr<VT>{vi}, OsNone{}, OsFinish{in, sk, values, indices}, CN_OS_PASS);
}
#endif
#if CN_WANT(cn_os_pass_raw_fin)
extern "C" __global__ void CN_OS_BOUNDS cn_os_pass_raw_fin(const char* in, long long sk, int exact, T* values, long long* indices,
                                              CN_OS_ARGS) {
  onesweep_pass<KT, VT, true>(OsRaw{in, sk, exact}, OsIota{}, OsNone{}, OsFinish{in, sk, values, indices}, CN_OS_PASS);
}
#endif
