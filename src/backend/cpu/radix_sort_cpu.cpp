// The CPU radix sort: per pass, a histogram per chunk, offsets digit-major then chunk by
// chunk, a scatter per chunk (chunks in input order keep equal keys in order).
#include "backend/cpu/radix_sort_cpu.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "backend/cpu/parallel.hpp"

namespace cunumpy::cpu {
namespace {

template <class U>
void radix_sort_impl(U* keys, U* tmp, int64_t* idx, int64_t* idx_tmp, int64_t n, bool parallel) {
  const int chunks = parallel ? static_cast<int>(std::clamp<int64_t>(n / (1 << 16), 1, num_threads())) : 1;
  std::vector<int64_t> hist(static_cast<size_t>(chunks) * 256);
  U* src = keys;
  U* dst = tmp;
  int64_t* isrc = idx;
  int64_t* idst = idx_tmp;
  auto chunk_range = [&](int64_t c) { return std::pair<int64_t, int64_t>(n * c / chunks, n * (c + 1) / chunks); };
  auto each_chunk = [&](auto&& body) {
    if (chunks == 1) return body(0);
    parallel_for(chunks, 1, [&](int64_t b, int64_t e) {
      for (int64_t c = b; c < e; ++c) body(c);
    });
  };
  for (int shift = 0; shift < static_cast<int>(sizeof(U) * 8); shift += 8) {
    std::fill(hist.begin(), hist.end(), 0);
    each_chunk([&](int64_t c) {
      int64_t* h = hist.data() + c * 256;
      auto [b, e] = chunk_range(c);
      for (int64_t i = b; i < e; ++i) ++h[(src[i] >> shift) & 255];
    });
    // A digit every key shares moves nothing.
    bool trivial = false;
    for (int d = 0; d < 256 && !trivial; ++d) {
      int64_t t = 0;
      for (int c = 0; c < chunks; ++c) t += hist[c * 256 + d];
      trivial = t == n;
    }
    if (trivial) continue;
    int64_t run = 0;
    for (int d = 0; d < 256; ++d)
      for (int c = 0; c < chunks; ++c) {
        const int64_t v = hist[c * 256 + d];
        hist[c * 256 + d] = run;
        run += v;
      }
    each_chunk([&](int64_t c) {
      int64_t* h = hist.data() + c * 256;
      auto [b, e] = chunk_range(c);
      for (int64_t i = b; i < e; ++i) {
        const int64_t at = h[(src[i] >> shift) & 255]++;
        dst[at] = src[i];
        if (isrc) idst[at] = isrc[i];
      }
    });
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
