// What the two on-disk kernel caches share (the NVRTC images of kernels/cuda/disk_cache.cpp
// and the host-compiled libraries of backend/cpu/host_compiler.cpp): the hash that names
// a cached file and the folder that holds them. Internal header.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace cunumpy {

struct Hash128 {
  uint64_t hi = 0, lo = 0;
  std::string hex() const;  // 32 lowercase hex digits
};

// FNV-1a 128 over the parts, each prefixed by its length so ("ab","c") != ("a","bc").
Hash128 fnv1a_128(std::initializer_list<std::string_view> parts);
// FNV-1a 64 of a byte range (a payload checksum).
uint64_t fnv1a_64(const void* data, std::size_t n);

// The kernel cache folder: CUNUMPY_CACHE_DIR, else $XDG_CACHE_HOME/cunumpy/kernels, else
// ~/.cache/cunumpy/kernels; "" (no disk cache) when none of them is set.
std::string kernel_cache_dir();

}  // namespace cunumpy
