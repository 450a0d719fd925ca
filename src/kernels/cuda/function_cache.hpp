// FunctionCache: the one in-memory cache of compiled functions that every kernel family
// uses (elementwise, reductions, arg-reductions, scans, sort, indexing, copies, user
// kernels). A key is a family tag plus a few 64-bit words packed from the structural
// identity of a kernel (op, dtype ids, layout, device), so a lookup builds no string and
// allocates nothing; hits take a shared lock, so concurrent callers do not serialize.
// Values are small copyable handles (a CUfunction, a host function, a pointer to a set of
// kernels kept for the life of the process). Device-neutral: the user kernels keep their
// CPU host functions here too. Internal header.
#pragma once
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <unordered_map>
#include <vector>

namespace cunumpy::cuda {

// Which family a key belongs to: two families may pack the same words.
enum class KernelFamily : uint16_t {
  Elementwise, UfuncAt, Reduce, ArgReduce, Scan, Sort, Indexing, Copy, UserElementwise,
  UserReduction, Histogram, Random,
};

// A packed structural key. `push` appends a field of `bits` bits; the first kInline words
// live inline. A field set that outgrows them (a user kernel with dozens of parameters)
// continues in `more`, which stays empty, and so unallocated, in every built-in family.
class FunctionKey {
 public:
  static constexpr int kInline = 4;

  explicit FunctionKey(KernelFamily family, int device = 0)
      : family_(static_cast<uint16_t>(family)), device_(static_cast<uint16_t>(device)) {}

  // Appends the low `bits` (1..64) bits of `value`.
  FunctionKey& push(uint64_t value, int bits) {
    if (bits < 64) value &= (uint64_t{1} << bits) - 1;
    while (bits > 0) {
      const int room = 64 - used_;
      const int take = bits < room ? bits : room;
      const uint64_t part = take == 64 ? value : value & ((uint64_t{1} << take) - 1);
      word(word_) |= part << used_;
      value = take == 64 ? 0 : value >> take;
      bits -= take;
      used_ += take;
      if (used_ == 64) {
        used_ = 0;
        ++word_;
      }
    }
    return *this;
  }

  bool operator==(const FunctionKey& o) const {
    return family_ == o.family_ && device_ == o.device_ && word_ == o.word_ && used_ == o.used_ &&
           std::memcmp(w_, o.w_, sizeof w_) == 0 && more_ == o.more_;
  }

  std::size_t hash() const {
    uint64_t h = mix(uint64_t{family_} << 16 | device_ | uint64_t(word_) << 32 | uint64_t(used_) << 48);
    for (uint64_t x : w_) h = mix(h ^ x);
    for (uint64_t x : more_) h = mix(h ^ x);
    return static_cast<std::size_t>(h);
  }

 private:
  // splitmix64's finalizer: every input bit reaches every output bit.
  static uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
  }
  uint64_t& word(int i) {
    if (i < kInline) return w_[i];
    const auto j = static_cast<std::size_t>(i - kInline);
    if (more_.size() <= j) more_.resize(j + 1, 0);
    return more_[j];
  }

  uint16_t family_;
  uint16_t device_;
  int word_ = 0;  // the word being filled
  int used_ = 0;  // bits of it already used
  uint64_t w_[kInline] = {};
  std::vector<uint64_t> more_;
};

struct FunctionKeyHash {
  std::size_t operator()(const FunctionKey& k) const { return k.hash(); }
};

template <class Value>
class FunctionCache {
 public:
  // The value stored under `key`, if any (shared lock: hits run concurrently).
  std::optional<Value> find(const FunctionKey& key) const {
    std::shared_lock<std::shared_mutex> lock(mu_);
    auto it = map_.find(key);
    if (it == map_.end()) return std::nullopt;
    return it->second;
  }

  // Stores `value` unless another thread stored one first; returns the stored value.
  Value insert(const FunctionKey& key, Value value) {
    std::unique_lock<std::shared_mutex> lock(mu_);
    return map_.emplace(key, std::move(value)).first->second;
  }

  // The value under `key`, made by `make()` on a miss. `make` runs outside the lock (it may
  // compile for seconds): two threads racing on a new key may both make one, and the first
  // stored serves every later call (compilation is deterministic, so both are the same).
  template <class Make>
  Value get(const FunctionKey& key, Make&& make) {
    if (auto v = find(key)) return *v;
    return insert(key, make());
  }

 private:
  mutable std::shared_mutex mu_;
  std::unordered_map<FunctionKey, Value, FunctionKeyHash> map_;
};

}  // namespace cunumpy::cuda
