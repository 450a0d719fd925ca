// CPU executor of packbits (task in core/backend_tasks_bits.hpp): one output byte per
// step, rows of output bytes on the thread pool.
#include <cstdint>
#include <cstring>

#include "backend/cpu/cpu_executors.hpp"
#include "backend/cpu/parallel.hpp"
#include "core/backend_tasks_bits.hpp"

namespace cunumpy::detail {
namespace {

template <class U>
void pack_range(const PackBitsTask& t, int64_t begin, int64_t end) {
  const U* in = static_cast<const U*>(t.in.data());
  uint8_t* out = static_cast<uint8_t*>(t.out.data());
  const int64_t nb = (t.n + 7) / 8, inner = t.inner;
  for (int64_t q = begin; q < end; ++q) {  // q = (o * nb + b) * inner + i
    const int64_t i = q % inner, ob = q / inner, b = ob % nb, o = ob / nb;
    const U* src = in + (o * t.n + b * 8) * inner + i;
    const int count = static_cast<int>(t.n - b * 8 < 8 ? t.n - b * 8 : 8);
    unsigned byte = 0;
    for (int k = 0; k < count; ++k)
      if (src[k * inner] != 0) byte |= t.little ? 1u << k : 0x80u >> k;
    out[q] = static_cast<uint8_t>(byte);
  }
}

}  // namespace

void run_packbits_cpu(const PackBitsTask& t) {
  const int64_t total = t.out.size();
  cpu::parallel_for(total, 1 << 14, [&](int64_t b, int64_t e) {
    switch (t.in.itemsize()) {
      case 1: pack_range<uint8_t>(t, b, e); break;
      case 2: pack_range<uint16_t>(t, b, e); break;
      case 4: pack_range<uint32_t>(t, b, e); break;
      default: pack_range<uint64_t>(t, b, e); break;
    }
  });
}

}  // namespace cunumpy::detail
