// Compiler keys kept beside the kernel cache (see compiler_key.hpp).
#include "kernels/cuda/compiler_key.hpp"

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <map>
#include <mutex>

#include "runtime/cuda/nvrtc.hpp"

namespace cunumpy::cuda {
namespace {

std::mutex& memo_mu() {
  static auto* mu = new std::mutex();
  return *mu;
}
std::map<int, std::string>& memo() {
  static auto* m = new std::map<int, std::string>();
  return *m;
}

std::string file_of(const DiskCache& disk, int arch) {
  return disk.dir().empty() ? std::string() : disk.dir() + "/compiler-sm" + std::to_string(arch) + ".txt";
}

// "<target>|<major.minor>": short, one line, made of these characters only.
bool well_formed(const std::string& k) {
  if (k.empty() || k.size() > 64 || k.find('|') == std::string::npos) return false;
  for (char c : k)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '|')) return false;
  return true;
}

std::string read_key(const std::string& path) {
  if (path.empty()) return {};
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return {};
  char buf[80];
  const std::size_t n = std::fread(buf, 1, sizeof buf, f);
  std::fclose(f);
  std::string k(buf, n);
  return well_formed(k) ? k : std::string();
}

// Atomic replace (write a temporary, rename), as the image files are; failures are ignored:
// the key is then asked of NVRTC again next time.
void write_key(const std::string& path, const std::string& key) {
  if (path.empty()) return;
  const std::string tmp = path + ".tmp" + std::to_string(::getpid());
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return;
  const bool ok = std::fwrite(key.data(), 1, key.size(), f) == key.size();
  if (std::fclose(f) != 0 || !ok || std::rename(tmp.c_str(), path.c_str()) != 0) std::remove(tmp.c_str());
}

std::string ask_nvrtc(int arch) {
  bool ptx = false;
  const int target = nvrtc::target_arch(arch, &ptx);
  return (ptx ? "compute_" : "sm_") + std::to_string(target) + "|" + nvrtc::version();
}

}  // namespace

std::string compiler_key(const DiskCache& disk, int arch) {
  {
    std::lock_guard<std::mutex> lock(memo_mu());
    auto it = memo().find(arch);
    if (it != memo().end()) return it->second;
  }
  const std::string path = file_of(disk, arch);
  std::string key = read_key(path);
  if (key.empty()) {
    key = ask_nvrtc(arch);
    write_key(path, key);
  }
  std::lock_guard<std::mutex> lock(memo_mu());
  return memo().emplace(arch, key).first->second;
}

std::string refresh_compiler_key(const DiskCache& disk, int arch) {
  const std::string key = ask_nvrtc(arch);
  std::lock_guard<std::mutex> lock(memo_mu());
  std::string& known = memo()[arch];
  if (known != key) {
    known = key;
    write_key(file_of(disk, arch), key);
  }
  return key;
}

}  // namespace cunumpy::cuda
