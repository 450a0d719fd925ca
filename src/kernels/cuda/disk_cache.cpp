// On-disk kernel cache (see disk_cache.hpp for the guarantees).
#include "kernels/cuda/disk_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cunumpy::cuda {
namespace {

// File layout: header, then `length` payload bytes.
constexpr char kMagic[8] = {'C', 'N', 'K', 'C', 'A', 'C', 'H', '1'};
struct Header {
  char magic[8];
  uint64_t length;    // payload bytes
  uint64_t checksum;  // fnv1a_64 of the payload
  uint64_t reserved;  // 0
};
static_assert(sizeof(Header) == 32);

// mkdir -p; true when the directory exists afterwards.
bool make_dirs(const std::string& path) {
  if (path.empty()) return false;
  for (std::size_t i = 1; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      std::string part = path.substr(0, i);
      if (::mkdir(part.c_str(), 0755) != 0 && errno != EEXIST) return false;
    }
  }
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool write_all(int fd, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

}  // namespace

std::string DiskCache::path_of(const Hash128& key) const { return dir_ + "/" + key.hex() + ".bin"; }

std::optional<std::vector<char>> DiskCache::load(const Hash128& key) const {
  if (dir_.empty()) return std::nullopt;
  std::FILE* f = std::fopen(path_of(key).c_str(), "rb");
  if (!f) return std::nullopt;
  std::optional<std::vector<char>> out;
  Header h;
  if (std::fread(&h, sizeof h, 1, f) == 1 && std::memcmp(h.magic, kMagic, 8) == 0 &&
      h.length > 0 && h.length < (uint64_t{1} << 32)) {
    std::vector<char> image(static_cast<std::size_t>(h.length));
    char extra;
    // Exactly `length` bytes must follow: a shorter or longer file is not ours.
    if (std::fread(image.data(), 1, image.size(), f) == image.size() &&
        std::fread(&extra, 1, 1, f) == 0 && fnv1a_64(image.data(), image.size()) == h.checksum)
      out = std::move(image);
  }
  std::fclose(f);
  return out;
}

bool DiskCache::store(const Hash128& key, const std::vector<char>& image) const noexcept {
  try {
    if (dir_.empty() || image.empty() || !make_dirs(dir_)) return false;
    // A name unique to this process and call, so concurrent writers never share a file;
    // rename() then publishes the complete file atomically.
    static std::atomic<unsigned> counter{0};
    std::string final_path = path_of(key);
    std::string tmp = final_path + ".tmp." + std::to_string(::getpid()) + "." +
                      std::to_string(counter.fetch_add(1));
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) return false;
    Header h{};
    std::memcpy(h.magic, kMagic, 8);
    h.length = image.size();
    h.checksum = fnv1a_64(image.data(), image.size());
    bool ok = write_all(fd, &h, sizeof h) && write_all(fd, image.data(), image.size());
    ok = (::close(fd) == 0) && ok;
    if (ok) ok = ::rename(tmp.c_str(), final_path.c_str()) == 0;
    if (!ok) ::unlink(tmp.c_str());
    return ok;
  } catch (...) {
    return false;
  }
}

}  // namespace cunumpy::cuda
