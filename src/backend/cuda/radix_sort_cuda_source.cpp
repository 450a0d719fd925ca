// Generated CUDA C++ for the LSD radix sort: pure string building. The source is
// self-contained (no cn_scalar.h): elements are read as raw bits.
#include "backend/cuda/radix_sort_cuda.hpp"

#include "cunumpy/base/errors.hpp"

namespace cunumpy::cuda {
namespace {

const char* key_type(int bytes) {
  switch (bytes) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    default: return "unsigned long long";
  }
}

// T (storage), KT (key), key_of / class_of / value_of for the dtype.
std::string element_part(DType d) {
  const int kb = sort_key_bytes(d);
  std::string s = std::string("typedef ") + key_type(kb) + " KT;\n";
  if (d.is_bool() || d.is_unsigned_integer() || d.is_signed_integer()) {
    s += std::string("typedef ") + key_type(kb) + " T;\n";
    const std::string flip = d.is_signed_integer() ? "((KT)1 << " + std::to_string(kb * 8 - 1) + ")" : "(KT)0";
    s += "__device__ __forceinline__ KT key_of(const T& x, int, int) { return (KT)(x ^ " + flip + "); }\n";
    s += "__device__ __forceinline__ T value_of(KT k) { return (T)(k ^ " + flip + "); }\n";
    s += "__device__ __forceinline__ unsigned class_of(const T&) { return 0; }\n";
    return s;
  }
  // Floats by their bits: negative values reversed, NaN (any sign or payload) the largest key.
  const char* exp_mask = kb == 2 ? "(KT)0x7c00" : kb == 4 ? "(KT)0x7f800000u" : "(KT)0x7ff0000000000000ull";
  s += "#define CN_SIGN ((KT)1 << " + std::to_string(kb * 8 - 1) + ")\n";
  s += std::string("#define CN_EXP ") + exp_mask + "\n";
  s += R"(__device__ __forceinline__ bool bits_nan(KT b) { return (KT)(b & ~CN_SIGN) > CN_EXP; }
__device__ __forceinline__ KT float_key(KT b, int exact) {
  if (bits_nan(b)) return (KT)~(KT)0;
  if (!exact && b == CN_SIGN) b = 0;  // -0.0 sorts as 0.0 (ties keep input order)
  return (b & CN_SIGN) ? (KT)~b : (KT)(b | CN_SIGN);
}
)";
  if (d.is_complex()) {
    s += std::string("struct T { KT re, im; };\n");
    s += "__device__ __forceinline__ KT key_of(const T& x, int field, int exact) { return float_key(field ? x.im : x.re, exact); }\n";
    // NumPy's complex order puts every value with a NaN part after all others: R+Rj, R+nanj
    // (by real), nan+Rj (by imaginary), nan+nanj.
    s += "__device__ __forceinline__ unsigned class_of(const T& x) { return (bits_nan(x.re) ? 2u : 0u) | (bits_nan(x.im) ? 1u : 0u); }\n";
    s += "__device__ __forceinline__ T value_of(KT) { T t; t.re = t.im = 0; return t; }\n";
  } else {
    s += "typedef KT T;\n";
    s += "__device__ __forceinline__ KT key_of(const T& x, int, int exact) { return float_key(x, exact); }\n";
    s += "__device__ __forceinline__ T value_of(KT k) { return (k & CN_SIGN) ? (KT)(k ^ CN_SIGN) : (KT)~k; }\n";
    s += "__device__ __forceinline__ unsigned class_of(const T&) { return 0; }\n";
  }
  return s;
}

// The radix passes, templated over key and payload types; extern "C" instances below.
const char* kPasses = R"(
#define CN_ITEMS )" "8" R"(
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
)";

// Onesweep (Adinets & Merrill 2022) for one row: cn_os_hist counts every digit position
// in one read of the input, cn_os_scan turns the counts into each digit's first output
// position, then one cn_os_pass_* kernel per digit position ranks a tile, finds the tile's
// output offsets by decoupled look-back over the preceding tiles, and scatters.
const char* kOnesweep = R"(
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
)";

}  // namespace

int sort_key_bytes(DType d) {
  if (d.is_complex()) return static_cast<int>(d.itemsize() / 2);
  return static_cast<int>(d.itemsize());
}

std::string radix_sort_kernel_source(DType d, bool wide_payload) {
  std::string s = "// cunumpy radix sort: " + std::string(d.name()) + "\n";
  // Every kernel, or with -DCN_ONLY -DCN_ONLY_<name>=1 only that one (a path's first use
  // compiles what it launches: the whole source takes NVRTC ~7 s, one pass kernel ~0.3 s).
  s += "#ifdef CN_ONLY\n#define CN_WANT(name) CN_ONLY_##name\n#else\n#define CN_WANT(name) 1\n#endif\n";
  s += std::string("typedef ") + (wide_payload ? "unsigned long long" : "unsigned int") + " VT;\n";
  s += element_part(d);
  s += kPasses;
  s += "#define CN_OS_ITEMS " + std::to_string(onesweep_items(sort_key_bytes(d))) + "\n";
  s += kOnesweep;
  return s;
}

}  // namespace cunumpy::cuda
