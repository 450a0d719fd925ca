// Host memory for the CPU backend: 64-byte aligned (cache lines, AVX-512 loads), cached by
// the same pool as device memory so the pool API behaves alike on both backends.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>

#include "memory/caching_pool.hpp"

namespace cunumpy::detail {
namespace {

class HostSource final : public RawSource {
 public:
  Device device() const override { return Device::cpu(); }
  void* alloc(std::size_t n) override {
    // Large segments: 2 MiB aligned and marked for transparent huge pages. Scattering
    // kernels (radix sort, take/put) touch many pages at once; with 4 KiB pages they miss
    // the TLB on almost every store (a CPU radix pass got ~2x faster).
    constexpr std::size_t kHuge = std::size_t(2) << 20;
    if (n >= 2 * kHuge) {
      const std::size_t bytes = (n + kHuge - 1) / kHuge * kHuge;
      void* p = std::aligned_alloc(kHuge, bytes);
#ifdef MADV_HUGEPAGE
      if (p) ::madvise(p, bytes, MADV_HUGEPAGE);  // advice only: failure is harmless
#endif
      return p;
    }
    // aligned_alloc wants a multiple of the alignment (pool segments already are).
    return std::aligned_alloc(64, (n + 63) / 64 * 64);
  }
  void free(void* p, std::size_t) override { std::free(p); }
  std::size_t capacity() const override {
    long pages = ::sysconf(_SC_PHYS_PAGES);
    long page = ::sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) : 0;
  }
  std::string name() const override { return "cpu"; }
};

}  // namespace

std::unique_ptr<RawSource> make_host_source() { return std::make_unique<HostSource>(); }

}  // namespace cunumpy::detail
