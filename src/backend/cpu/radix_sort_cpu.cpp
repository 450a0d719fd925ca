// The CPU radix sort: the data cut into chunks (one per thread), a histogram per chunk,
// offsets digit-major then chunk by chunk, a scatter per chunk (chunks in input order keep
// equal keys in order). Each scatter also counts the next pass's digits per destination
// chunk, so after the first pass every pass reads its input once.
#include "backend/cpu/radix_sort_cpu.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "backend/cpu/parallel.hpp"

namespace cunumpy::cpu {
namespace {

template <class U>
void radix_sort_impl(U* keys, U* tmp, int64_t* idx, int64_t* idx_tmp, int64_t n, bool parallel) {
  const int C = parallel ? static_cast<int>(std::clamp<int64_t>(n / (1 << 16), 1, num_threads())) : 1;
  constexpr int kBits = static_cast<int>(sizeof(U) * 8);
  std::vector<int64_t> bound(C + 1);
  for (int c = 0; c <= C; ++c) bound[c] = n * c / C;
  // hist[c][d]: keys of digit d in chunk c; next[w][c][d]: the same for the next pass,
  // counted by the scatter of chunk w (summed over w afterwards).
  std::vector<int64_t> hist(static_cast<size_t>(C) * 256), next(static_cast<size_t>(C) * C * 256);
  U* src = keys;
  U* dst = tmp;
  int64_t* isrc = idx;
  int64_t* idst = idx_tmp;
  auto each_chunk = [&](auto&& body) {
    if (C == 1) return body(0);
    parallel_for(C, 1, [&](int64_t b, int64_t e) {
      for (int64_t c = b; c < e; ++c) body(static_cast<int>(c));
    });
  };
  auto count = [&](int shift) {
    std::fill(hist.begin(), hist.end(), 0);
    each_chunk([&](int c) {
      int64_t* h = hist.data() + c * 256;
      for (int64_t i = bound[c]; i < bound[c + 1]; ++i) ++h[(src[i] >> shift) & 255];
    });
  };
  count(0);
  for (int shift = 0; shift < kBits; shift += 8) {
    const int nshift = shift + 8;
    const bool more = nshift < kBits;
    // A digit every key shares moves nothing.
    bool trivial = false;
    for (int d = 0; d < 256 && !trivial; ++d) {
      int64_t t = 0;
      for (int c = 0; c < C; ++c) t += hist[c * 256 + d];
      trivial = t == n;
    }
    if (trivial) {
      if (more) count(nshift);
      continue;
    }
    int64_t run = 0;
    for (int d = 0; d < 256; ++d)
      for (int c = 0; c < C; ++c) {
        const int64_t v = hist[c * 256 + d];
        hist[c * 256 + d] = run;
        run += v;
      }
    std::fill(next.begin(), next.end(), 0);
    each_chunk([&](int w) {
      int64_t* h = hist.data() + w * 256;
      int64_t* nx = next.data() + static_cast<size_t>(w) * C * 256;
      for (int64_t i = bound[w]; i < bound[w + 1]; ++i) {
        const U k = src[i];
        const int64_t at = h[(k >> shift) & 255]++;
        dst[at] = k;
        if (isrc) idst[at] = isrc[i];
        if (more) {
          int c = 0;
          while (at >= bound[c + 1]) ++c;
          ++nx[c * 256 + ((k >> (nshift & (kBits - 1))) & 255)];
        }
      }
    });
    if (more) {
      std::fill(hist.begin(), hist.end(), 0);
      for (int w = 0; w < C; ++w)
        for (size_t j = 0; j < static_cast<size_t>(C) * 256; ++j) hist[j] += next[w * C * 256 + j];
    }
    std::swap(src, dst);
    std::swap(isrc, idst);
  }
  if (src != keys) {
    std::copy(src, src + n, keys);
    if (idx) std::copy(isrc, isrc + n, idx);
  }
}

}  // namespace

void radix_sort_u8(uint8_t* k, uint8_t* t, int64_t* i, int64_t* it, int64_t n, bool p) { radix_sort_impl(k, t, i, it, n, p); }
void radix_sort_u16(uint16_t* k, uint16_t* t, int64_t* i, int64_t* it, int64_t n, bool p) { radix_sort_impl(k, t, i, it, n, p); }
void radix_sort_u32(uint32_t* k, uint32_t* t, int64_t* i, int64_t* it, int64_t n, bool p) { radix_sort_impl(k, t, i, it, n, p); }
void radix_sort_u64(uint64_t* k, uint64_t* t, int64_t* i, int64_t* it, int64_t n, bool p) { radix_sort_impl(k, t, i, it, n, p); }

}  // namespace cunumpy::cpu
