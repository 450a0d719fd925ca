// Generated CUDA C++ for the LSD radix sort: pure string building. The source is
// self-contained (no cn_scalar.h): elements are read as raw bits.
#include "backend/cuda/radix_sort_cuda.hpp"

#include "cunumpy/core/errors.hpp"

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

extern "C" __global__ void cn_sort_make_keys(const char* in, long long K, long long sm, long long sk,
                                             long long N, KT* keys, VT* vals, int field, int exact) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < N; i += (long long)gridDim.x * 256) {
    keys[i] = key_of(elem(in, i, K, sm, sk), field, exact);
    if (vals) vals[i] = (VT)i;
  }
}

extern "C" __global__ void cn_sort_gather_keys(const char* in, long long K, long long sm, long long sk,
                                               long long N, const VT* vals, KT* keys, int field) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < N; i += (long long)gridDim.x * 256)
    keys[i] = key_of(elem(in, (long long)vals[i], K, sm, sk), field, 0);
}

extern "C" __global__ void cn_sort_row_keys(const char* in, long long K, long long sm, long long sk,
                                            long long N, const VT* vals, unsigned* rkeys) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < N; i += (long long)gridDim.x * 256) {
    const long long p = (long long)vals[i];
    rkeys[i] = (unsigned)(p / K) << 2 | class_of(elem(in, p, K, sm, sk));
  }
}

extern "C" __global__ void cn_sort_finish(const char* in, long long K, long long sm, long long sk,
                                          long long N, const VT* vals, T* out_values, long long* out_indices) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < N; i += (long long)gridDim.x * 256) {
    const long long p = (long long)vals[i];
    if (out_values) out_values[i] = elem(in, p, K, sm, sk);
    if (out_indices) out_indices[i] = p % K;
  }
}

extern "C" __global__ void cn_sort_finish_keys(const KT* keys, long long N, T* out_values) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < N; i += (long long)gridDim.x * 256)
    out_values[i] = value_of(keys[i]);
}

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
  // Lanes with the same digit add once (skewed digits, e.g. a float's top byte, would
  // otherwise serialize on one shared counter).
  const unsigned lt_mask = (1u << (tid & 31)) - 1u;
  for (long long base = b0; base < b1; base += 256) {
    const long long i = base + tid;
    const int d = i < b1 ? (int)((keys(i) >> shift) & 255) : -1;
    const unsigned peers = __match_any_sync(0xffffffffu, d);
    if (d >= 0 && (peers & lt_mask) == 0) atomicAdd(&hist[d], (unsigned)__popc(peers));
  }
  __syncthreads();
  counts[(long long)tid * gridDim.x + blockIdx.x] = hist[tid];
}

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
// its digit with __match_any_sync; per-warp counts give each key its rank in the tile. The tile
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
      const unsigned peers = __match_any_sync(0xffffffffu, d);
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

extern "C" __global__ void cn_radix_hist_key(const KT* keys, long long N, long long per_block, int shift,
                                             unsigned long long* counts) {
  radix_hist<KT>(KeyLoad<KT>{keys}, N, per_block, shift, counts);
}
extern "C" __global__ void cn_radix_hist_row(const unsigned* keys, long long N, long long per_block, int shift,
                                             unsigned long long* counts) {
  radix_hist<unsigned>(KeyLoad<unsigned>{keys}, N, per_block, shift, counts);
}
extern "C" __global__ void cn_radix_hist_raw(const T* in, long long N, long long per_block, int shift,
                                             unsigned long long* counts, int exact) {
  radix_hist<KT>(RawLoad{in, exact}, N, per_block, shift, counts);
}
extern "C" __global__ void cn_radix_scatter_key_v(const KT* ki, const VT* vi, KT* ko, VT* vo, long long N,
                                                  long long per_block, int shift, const unsigned long long* counts) {
  radix_scatter<KT, VT, true>(KeyLoad<KT>{ki}, vi, KeyStore<KT>{ko}, vo, N, per_block, shift, counts);
}
extern "C" __global__ void cn_radix_scatter_key_n(const KT* ki, const VT* vi, KT* ko, VT* vo, long long N,
                                                  long long per_block, int shift, const unsigned long long* counts) {
  radix_scatter<KT, VT, false>(KeyLoad<KT>{ki}, vi, KeyStore<KT>{ko}, vo, N, per_block, shift, counts);
}
extern "C" __global__ void cn_radix_scatter_row_v(const unsigned* ki, const VT* vi, unsigned* ko, VT* vo, long long N,
                                                  long long per_block, int shift, const unsigned long long* counts) {
  radix_scatter<unsigned, VT, true>(KeyLoad<unsigned>{ki}, vi, KeyStore<unsigned>{ko}, vo, N, per_block, shift, counts);
}
// Values-only passes of one contiguous row: first (input -> keys), last (keys -> values),
// and both at once for one-byte keys.
extern "C" __global__ void cn_radix_scatter_raw_n(const T* in, KT* ko, long long N, long long per_block, int shift,
                                                  const unsigned long long* counts, int exact) {
  radix_scatter<KT, VT, false>(RawLoad{in, exact}, (const VT*)0, KeyStore<KT>{ko}, (VT*)0, N, per_block, shift, counts);
}
extern "C" __global__ void cn_radix_scatter_out_n(const KT* ki, T* out, long long N, long long per_block, int shift,
                                                  const unsigned long long* counts) {
  radix_scatter<KT, VT, false>(KeyLoad<KT>{ki}, (const VT*)0, ValueStore{out}, (VT*)0, N, per_block, shift, counts);
}
extern "C" __global__ void cn_radix_scatter_raw_out_n(const T* in, T* out, long long N, long long per_block, int shift,
                                                      const unsigned long long* counts, int exact) {
  radix_scatter<KT, VT, false>(RawLoad{in, exact}, (const VT*)0, ValueStore{out}, (VT*)0, N, per_block, shift, counts);
}
)";

}  // namespace

int sort_key_bytes(DType d) {
  if (d.is_complex()) return static_cast<int>(d.itemsize() / 2);
  return static_cast<int>(d.itemsize());
}

std::string radix_sort_kernel_source(DType d, bool wide_payload) {
  std::string s = "// cunumpy radix sort: " + std::string(d.name()) + "\n";
  s += std::string("typedef ") + (wide_payload ? "unsigned long long" : "unsigned int") + " VT;\n";
  s += element_part(d);
  s += kPasses;
  return s;
}

}  // namespace cunumpy::cuda
