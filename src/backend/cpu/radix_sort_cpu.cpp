// The CPU radix sort. 11-bit digits for 32- and 64-bit keys (3 passes for 32 bits instead
// of 4; 2048 buckets still scatter well with huge pages, see host_pool.cpp), 8-bit ones for
// narrower keys. One read of the input computes every digit's histogram (per chunk); a
// digit all keys share is skipped. The key transform is fused into the first pass (which
// reads the row as stored and, for positions, makes them up) and its inverse into the last
// (which writes the output), so no pass exists only to convert. The row is cut into chunks
// (one per thread): offsets digit-major then chunk by chunk, a scatter per chunk (chunks
// in input order keep equal keys in order); after the first pass the chunks' histograms
// are counted again (a sequential read, cheap next to a scatter).
#include "backend/cpu/radix_sort_cpu.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <limits>
#include <utility>
#include <vector>

#include "backend/cpu/parallel.hpp"

namespace cunumpy::cpu {
namespace {

// Chunks under this many elements are not worth a thread (waking one costs about what a
// 64K-key chunk does, and far more on a busy machine).
constexpr int64_t kMinChunk = 1 << 16;
// Values-only rows this long may take the MSD-first path (Radix::msd); measured here.
constexpr int64_t kMsdMinDefault = 1 << 21;
// ... and only when no bucket of its first split holds more than 1/64 of the row.
constexpr int64_t kMsdMaxBucketShare = 64;
// CUNUMPY_SORT_MSD_MIN overrides it (0: never), to measure one path against the other.
int64_t msd_min() {
  static const int64_t v = [] {
    const char* e = std::getenv("CUNUMPY_SORT_MSD_MIN");
    if (!e || !*e) return kMsdMinDefault;
    const long long x = std::atoll(e);
    return x <= 0 ? std::numeric_limits<int64_t>::max() : static_cast<int64_t>(x);
  }();
  return v;
}

template <class T>
struct Radix {
  using RK = RadixKey<T>;
  using U = typename RK::U;
  static constexpr int kKeyBits = static_cast<int>(sizeof(U) * 8);
  static constexpr int kB = sizeof(U) >= 4 ? 11 : 8;
  static constexpr int kR = 1 << kB;
  static constexpr int kP = (kKeyBits + kB - 1) / kB;

  static T load(const char* in, int64_t stride, int64_t i) {
    T v;
    std::memcpy(&v, in + i * stride, sizeof(T));
    return v;
  }

  // One chunk [b, e) of one pass. First: keys from the row (and positions made up); Last:
  // writes values (exact keys turned back) or, with positions, the positions only.
  template <bool First, bool Last, bool Pos>
  static void scatter(const char* in, int64_t stride, const U* src, U* dst, const int64_t* isrc, int64_t* idst,
                      int64_t b, int64_t e, int shift, const int64_t* off0) {
    int64_t off[kR];
    std::memcpy(off, off0, sizeof(off));
    for (int64_t i = b; i < e; ++i) {
      U k;
      if constexpr (First) k = RK::key(load(in, stride, i), !Pos);
      else k = src[i];
      const int64_t at = off[(k >> shift) & (kR - 1)]++;
      if constexpr (Pos) {
        idst[at] = First ? i : isrc[i];
        if constexpr (!Last) dst[at] = k;
      } else {
        dst[at] = Last ? RK::unkey(k) : k;
      }
    }
  }


  // Values only, after the first pass: keys a[0, n) agree on every digit above p; sorts
  // them by digits p..0 into out (exact keys turned back into values; out may be a or b,
  // b is scratch). A range that fits in L2 is LSD sorted there; a larger one is split by
  // digit p (MSD) and each bucket sorted the same way, so only the first pass or two touch
  // main memory (the float exponent skews the top digits, so one split is not enough).
  // `live`: bit p set when digit p varies anywhere in the row.
  static constexpr int64_t kCacheKeys = (int64_t(128) << 10) / sizeof(U);
  static constexpr int64_t kTiny = 192;  // below: std::sort (equal keys are the same value)

  static void msd(U* a, U* b, int64_t n, int p, unsigned live, U* out) {
    while (p >= 0 && !((live >> p) & 1)) --p;
    if (p < 0 || n <= kTiny) {
      if (p >= 0) std::sort(a, a + n);
      for (int64_t i = 0; i < n; ++i) out[i] = RK::unkey(a[i]);
      return;
    }
    if (n <= 4 * kCacheKeys) return lsd_small(a, b, n, p, live, out);
    const int shift = p * kB;
    int64_t cnt[kR] = {}, off[kR];
    for (int64_t i = 0; i < n; ++i) ++cnt[(a[i] >> shift) & (kR - 1)];
    int64_t run = 0;
    for (int d = 0; d < kR; ++d) {
      if (cnt[d] == n) return msd(a, b, n, p - 1, live, out);  // this digit is constant here
      off[d] = run;
      run += cnt[d];
    }
    scatter<false, false, false>(nullptr, 0, a, b, nullptr, nullptr, 0, n, shift, off);
    for (int d = 0; d < kR; ++d)
      if (cnt[d]) msd(b + off[d], a + off[d], cnt[d], p - 1, live, out + off[d]);
  }

  // LSD of keys a[0, n) over digits p..0 in cache (b: scratch), values into out.
  static void lsd_small(U* a, U* b, int64_t n, int p, unsigned live, U* out) {
    uint32_t h[kP][kR];
    for (int q = 0; q <= p; ++q)
      if ((live >> q) & 1) std::fill(h[q], h[q] + kR, 0u);
    for (int64_t i = 0; i < n; ++i) {
      const U k = a[i];
      for (int q = 0; q <= p; ++q)
        if ((live >> q) & 1) ++h[q][(k >> (q * kB)) & (kR - 1)];
    }
    int passes[kP], np = 0;
    for (int q = 0; q <= p; ++q) {
      if (!((live >> q) & 1)) continue;
      bool trivial = false;
      for (int d = 0; d < kR && !trivial; ++d) trivial = h[q][d] == n;
      if (!trivial) passes[np++] = q;
    }
    U* src = a;
    for (int j = 0; j < np; ++j) {
      const int q = passes[j];
      int64_t off[kR];
      int64_t run = 0;
      for (int d = 0; d < kR; ++d) {
        off[d] = run;
        run += h[q][d];
      }
      U* dst = src == a ? b : a;
      if (j == np - 1) scatter<false, true, false>(nullptr, 0, src, dst, nullptr, nullptr, 0, n, q * kB, off);
      else scatter<false, false, false>(nullptr, 0, src, dst, nullptr, nullptr, 0, n, q * kB, off);
      src = dst;
    }
    if (np == 0) {
      for (int64_t i = 0; i < n; ++i) out[i] = RK::unkey(a[i]);
    } else if (src != out) {
      std::memcpy(out, src, n * sizeof(U));
    }
  }

  static void sort(const char* in, int64_t stride, int64_t n, T* vals, int64_t* idx, bool parallel, char* scratch) {
    const bool pos = idx != nullptr;
    const int C = parallel ? static_cast<int>(std::clamp<int64_t>(n / kMinChunk, 1, num_threads())) : 1;
    std::vector<int64_t> bound(C + 1);
    for (int c = 0; c <= C; ++c) bound[c] = n * c / C;
    auto each_chunk = [&](auto&& body) {
      if (C == 1) return body(0);
      parallel_for(C, 1, [&](int64_t b, int64_t e) {
        for (int64_t c = b; c < e; ++c) body(static_cast<int>(c));
      });
    };
    // hist[c][p][d]: keys of chunk c whose digit p is d.
    std::vector<int64_t> hist(static_cast<size_t>(C) * kP * kR, 0);
    auto H = [&](int c, int p) { return hist.data() + (static_cast<size_t>(c) * kP + p) * kR; };
    each_chunk([&](int c) {
      // Counts in 32 bits while they cannot overflow (half the cache footprint).
      std::vector<uint32_t> h32(static_cast<size_t>(kP) * kR, 0);
      int64_t i = bound[c];
      while (i < bound[c + 1]) {
        const int64_t e = std::min(bound[c + 1], i + (int64_t(1) << 31));
        for (; i < e; ++i) {
          const U k = RK::key(load(in, stride, i), !pos);
          for (int p = 0; p < kP; ++p) ++h32[p * kR + ((k >> (p * kB)) & (kR - 1))];
        }
        for (int p = 0; p < kP; ++p)
          for (int d = 0; d < kR; ++d) H(c, p)[d] += std::exchange(h32[p * kR + d], 0);
      }
    });
    // The digits that move something: a digit every key shares is left out.
    int passes[kP], np = 0;
    for (int p = 0; p < kP; ++p) {
      bool trivial = false;
      for (int d = 0; d < kR && !trivial; ++d) {
        int64_t t = 0;
        for (int c = 0; c < C; ++c) t += H(c, p)[d];
        trivial = t == n;
      }
      if (!trivial) passes[np++] = p;
    }
    if (np == 0) {  // all keys equal: the values as they are, positions in order
      each_chunk([&](int c) {
        for (int64_t i = bound[c]; i < bound[c + 1]; ++i) {
          if (vals) vals[i] = load(in, stride, i);
          if (idx) idx[i] = i;
        }
      });
      return;
    }
    // Values only, long rows: one MSD pass first, on the kB bits just below the bits all
    // keys share (from the row into scratch, chunks in parallel), then each bucket sorted
    // on its own (msd above; buckets grouped into one task per thread by their sizes), so
    // only that pass goes through main memory. The window sits below the common prefix,
    // not on a digit boundary: floats in [0, 1) share sign and exponent high bits, and a
    // digit-aligned top digit would leave a quarter of the row in one bucket. Short rows
    // keep the LSD passes (they mostly hit cache; many tiny buckets cost more).
    if (!pos && np >= 2 && n >= msd_min()) {
      // The highest bit where keys differ: where the smallest and largest bucket of the
      // top varying digit differ.
      const int P = passes[np - 1];
      int lo = -1, hi = 0;
      int64_t top_max = 0;
      for (int d = 0; d < kR; ++d) {
        int64_t t = 0;
        for (int c = 0; c < C; ++c) t += H(c, P)[d];
        top_max = std::max(top_max, t);
        if (t) {
          if (lo < 0) lo = d;
          hi = d;
        }
      }
      const int top_bit = P * kB + std::bit_width(static_cast<unsigned>(lo ^ hi));  // one past it
      const int shift = std::max(0, top_bit - kB);
      // A bucket of digit P spreads over at most 2^(P*kB - shift) window buckets: when even
      // that leaves one too large, skip the window's counting pass (skewed, see below).
      const bool maybe_spread = (top_max >> (P * kB - shift)) <= n / kMsdMaxBucketShare;
      std::vector<int64_t> wh;  // per-chunk counts of the window, when not digit P itself
      if (shift != P * kB && maybe_spread) {
        wh.assign(static_cast<size_t>(C) * kR, 0);
        each_chunk([&](int c) {
          int64_t* h = wh.data() + static_cast<size_t>(c) * kR;
          for (int64_t i = bound[c]; i < bound[c + 1]; ++i) ++h[(RK::key(load(in, stride, i), true) >> shift) & (kR - 1)];
        });
      }
      auto W = [&](int c) { return wh.empty() ? H(c, P) : wh.data() + static_cast<size_t>(c) * kR; };
      // Only when the window spreads the keys: skewed data (normal floats put most keys in
      // a few exponent buckets) leaves buckets too large for cache, and the LSD passes
      // below are then faster (measured on 10^7 float32: N(0, 1e3) 2x faster with LSD).
      int64_t largest = maybe_spread ? 0 : n;
      for (int d = 0; d < kR && maybe_spread; ++d) {
        int64_t t = 0;
        for (int c = 0; c < C; ++c) t += W(c)[d];
        largest = std::max(largest, t);
      }
      if (largest <= n / kMsdMaxBucketShare) {
      unsigned live = 0;  // the varying digits below the window
      for (int q = 0; q < np; ++q)
        if (passes[q] * kB < shift) live |= 1u << passes[q];
      U* keys = reinterpret_cast<U*>(scratch);
      U* out = reinterpret_cast<U*>(vals);
      std::vector<int64_t> off(static_cast<size_t>(C) * kR), start(kR + 1);
      int64_t run = 0;
      for (int d = 0; d < kR; ++d) {
        start[d] = run;
        for (int c = 0; c < C; ++c) {
          off[static_cast<size_t>(c) * kR + d] = run;
          run += W(c)[d];
        }
      }
      start[kR] = n;
      each_chunk([&](int c) {
        scatter<true, false, false>(in, stride, nullptr, keys, nullptr, nullptr, bound[c], bound[c + 1], shift,
                                    off.data() + static_cast<size_t>(c) * kR);
      });
      // Task t takes the buckets that start in [n * t / C, n * (t + 1) / C).
      std::vector<int> first(C + 1);
      for (int t = 0, d = 0; t <= C; ++t) {
        while (d < kR && start[d] < n * t / C) ++d;
        first[t] = t == C ? kR : d;
      }
      // Digits below the window (the lowest may reach into it: those bits are constant
      // within a bucket, so sorting by them changes nothing).
      const int below = shift > 0 ? (shift - 1) / kB : -1;
      each_chunk([&](int t) {
        for (int d = first[t]; d < first[t + 1]; ++d) {
          const int64_t s = start[d], m = start[d + 1] - s;
          if (m) msd(keys + s, out + s, m, below, live, out + s);
        }
      });
      return;
      }
    }
    // Buffers: values only, the passes alternate between vals and one scratch array so
    // that the last lands in vals; with positions, keys alternate between two scratch
    // arrays (the last pass writes none) and positions between scratch and idx.
    U* kv = reinterpret_cast<U*>(vals);
    U* k0 = reinterpret_cast<U*>(scratch);
    U* k1 = k0 + n;
    int64_t* itmp = reinterpret_cast<int64_t*>(scratch + ((2 * n * sizeof(U) + 63) & ~size_t(63)));
    const U* src = nullptr;
    const int64_t* isrc = nullptr;
    std::vector<int64_t> off(static_cast<size_t>(C) * kR);
    for (int q = 0; q < np; ++q) {
      const int p = passes[q];
      const bool first = q == 0, last = q == np - 1;
      const bool to_out = (np - 1 - q) % 2 == 0;
      U* dst = pos ? (q % 2 ? k1 : k0) : (to_out ? kv : k0);
      int64_t* idst = pos ? (to_out ? idx : itmp) : nullptr;
      if (!first && C > 1) {
        // The chunks hold other keys now: count this digit again.
        each_chunk([&](int c) {
          int64_t* h = H(c, p);
          std::fill(h, h + kR, 0);
          for (int64_t i = bound[c]; i < bound[c + 1]; ++i) ++h[(src[i] >> (p * kB)) & (kR - 1)];
        });
      }
      int64_t run = 0;
      for (int d = 0; d < kR; ++d)
        for (int c = 0; c < C; ++c) {
          off[static_cast<size_t>(c) * kR + d] = run;
          run += H(c, p)[d];
        }
      const int shift = p * kB;
      each_chunk([&](int c) {
        const int64_t b = bound[c], e = bound[c + 1];
        const int64_t* o = off.data() + static_cast<size_t>(c) * kR;
        if (pos) {
          if (first && last) scatter<true, true, true>(in, stride, src, dst, isrc, idst, b, e, shift, o);
          else if (first) scatter<true, false, true>(in, stride, src, dst, isrc, idst, b, e, shift, o);
          else if (last) scatter<false, true, true>(in, stride, src, dst, isrc, idst, b, e, shift, o);
          else scatter<false, false, true>(in, stride, src, dst, isrc, idst, b, e, shift, o);
        } else {
          if (first && last) scatter<true, true, false>(in, stride, src, dst, isrc, idst, b, e, shift, o);
          else if (first) scatter<true, false, false>(in, stride, src, dst, isrc, idst, b, e, shift, o);
          else if (last) scatter<false, true, false>(in, stride, src, dst, isrc, idst, b, e, shift, o);
          else scatter<false, false, false>(in, stride, src, dst, isrc, idst, b, e, shift, o);
        }
      });
      src = dst;
      isrc = idst;
    }
    if (pos && vals) {
      // Values through the positions (with -0.0 keyed as 0.0 the keys do not give them).
      each_chunk([&](int c) {
        for (int64_t i = bound[c]; i < bound[c + 1]; ++i) vals[i] = load(in, stride, idx[i]);
      });
    }
  }
};

}  // namespace

template <class T>
void radix_sort_row(const char* in, int64_t stride, int64_t n, T* vals, int64_t* idx, bool parallel, char* scratch) {
  Radix<T>::sort(in, stride, n, vals, idx, parallel, scratch);
}

#define CN_RADIX_ROW(T) template void radix_sort_row<T>(const char*, int64_t, int64_t, T*, int64_t*, bool, char*);
CN_RADIX_ROW(bool)
CN_RADIX_ROW(int8_t)
CN_RADIX_ROW(int16_t)
CN_RADIX_ROW(int32_t)
CN_RADIX_ROW(int64_t)
CN_RADIX_ROW(uint8_t)
CN_RADIX_ROW(uint16_t)
CN_RADIX_ROW(uint32_t)
CN_RADIX_ROW(uint64_t)
CN_RADIX_ROW(cn::half)
CN_RADIX_ROW(float)
CN_RADIX_ROW(double)
#undef CN_RADIX_ROW

}  // namespace cunumpy::cpu
