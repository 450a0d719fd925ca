// Host memory for the CPU backend: 64-byte aligned (cache lines, AVX-512 loads), cached by
// the same pool as device memory so the pool API behaves alike on both backends.
#include <unistd.h>

#include <cstdlib>

#include "memory/caching_pool.hpp"

namespace cunumpy::detail {
namespace {

class HostSource final : public RawSource {
 public:
  Device device() const override { return Device::cpu(); }
  void* alloc(std::size_t n) override {
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
