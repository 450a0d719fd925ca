// The hash and folder shared by the kernel caches (see kernel_cache_files.hpp).
#include "runtime/kernel_cache_files.hpp"

#include <cstdio>
#include <cstdlib>

namespace cunumpy {

std::string Hash128::hex() const {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(hi),
                static_cast<unsigned long long>(lo));
  return buf;
}

Hash128 fnv1a_128(std::initializer_list<std::string_view> parts) {
  using u128 = unsigned __int128;
  const u128 prime = (static_cast<u128>(1) << 88) | 0x13B;
  u128 h = (static_cast<u128>(0x6c62272e07bb0142ull) << 64) | 0x62b821756295c58dull;
  auto feed = [&](const void* data, std::size_t n) {
    const unsigned char* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
      h ^= p[i];
      h *= prime;
    }
  };
  for (std::string_view part : parts) {
    uint64_t n = part.size();
    feed(&n, sizeof n);
    feed(part.data(), part.size());
  }
  return Hash128{static_cast<uint64_t>(h >> 64), static_cast<uint64_t>(h)};
}

uint64_t fnv1a_64(const void* data, std::size_t n) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string kernel_cache_dir() {
  if (const char* d = std::getenv("CUNUMPY_CACHE_DIR")) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/cunumpy/kernels";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/cunumpy/kernels";
  return "";
}

}  // namespace cunumpy
