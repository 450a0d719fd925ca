// The on-disk kernel cache: compiled images stored under a 128-bit hash of everything that
// determines them. Files are written atomically (temporary file + rename) and carry a
// header (magic, payload length, payload checksum), so a truncated or corrupt file is
// detected on load and treated as a miss. Any file-system failure (read-only or missing
// directory, full disk) makes the cache silently behave as empty: it is only a speed-up.
// Internal header; independent of CUDA so it is testable anywhere.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/kernel_cache_files.hpp"

namespace cunumpy::cuda {

// The hash naming a cached file, shared with the host compiler's cache.
using cunumpy::Hash128;
using cunumpy::fnv1a_128;
using cunumpy::fnv1a_64;

class DiskCache {
 public:
  // `dir` == "" disables the cache. The directory is created on first store.
  explicit DiskCache(std::string dir) : dir_(std::move(dir)) {}
  // kernel_cache_dir(): CUNUMPY_CACHE_DIR, else $XDG_CACHE_HOME/cunumpy/kernels, else ~/.cache/...
  static std::string default_dir() { return kernel_cache_dir(); }

  const std::string& dir() const { return dir_; }
  std::string path_of(const Hash128& key) const;

  // The stored image, or nothing when absent, unreadable, truncated or corrupt.
  std::optional<std::vector<char>> load(const Hash128& key) const;
  // Stores the image; returns false (and leaves no partial file) on any failure.
  bool store(const Hash128& key, const std::vector<char>& image) const noexcept;

 private:
  std::string dir_;
};

}  // namespace cunumpy::cuda
