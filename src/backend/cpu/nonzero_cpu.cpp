// CPU compaction (nonzero, boolean-mask selection): per-chunk counts in parallel, an
// exclusive scan of the counts, then each chunk writes its part in parallel.
#include <cstring>
#include <vector>

#include "backend/cpu/parallel.hpp"
#include "backend/cpu/cpu_executors.hpp"

namespace cunumpy::detail {

ndarray compact_cpu(const ndarray& mask, const ndarray* data) {
  const int64_t n = mask.size();
  const auto* m = static_cast<const unsigned char*>(mask.data());
  const int64_t chunk = 1 << 16;
  const int64_t nchunks = (n + chunk - 1) / chunk;
  std::vector<int64_t> offs(static_cast<std::size_t>(nchunks) + 1, 0);
  cpu::parallel_for(nchunks, 1, [&](int64_t b, int64_t e) {
    for (int64_t c = b; c < e; ++c) {
      int64_t cnt = 0;
      for (int64_t i = c * chunk, end = std::min(n, (c + 1) * chunk); i < end; ++i) cnt += m[i] != 0;
      offs[c + 1] = cnt;
    }
  });
  for (int64_t c = 0; c < nchunks; ++c) offs[c + 1] += offs[c];
  const int64_t total = offs[nchunks];
  const Shape& shape = mask.shape();
  const int nd = mask.ndim();
  ndarray out = data ? ndarray(Shape{total}, data->dtype(), Order::C, mask.device())
                     : ndarray(Shape{nd, total}, int64, Order::C, mask.device());
  char* o = static_cast<char*>(out.data());
  const char* src = data ? static_cast<const char*>(data->data()) : nullptr;
  const int64_t item = data ? data->itemsize() : 0;
  cpu::parallel_for(nchunks, 1, [&](int64_t b, int64_t e) {
    for (int64_t c = b; c < e; ++c) {
      int64_t p = offs[c];
      for (int64_t i = c * chunk, end = std::min(n, (c + 1) * chunk); i < end; ++i) {
        if (!m[i]) continue;
        if (src) {
          std::memcpy(o + p * item, src + i * item, static_cast<std::size_t>(item));
        } else {
          int64_t rem = i;
          auto* idx = reinterpret_cast<int64_t*>(o);
          for (int d = nd - 1; d >= 0; --d) {
            idx[d * total + p] = rem % shape[d];
            rem /= shape[d];
          }
        }
        ++p;
      }
    }
  });
  return out;
}

}  // namespace cunumpy::detail
