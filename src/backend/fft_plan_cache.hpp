// A least-recently-used cache of FFT plans, shared by the CPU and CUDA backends (one cache
// per device): CuPy's PlanCache semantics (at most max_size plans, at most max_memsize bytes
// held by them, -1 for no byte limit, max_size 0 caches nothing). Plans are handed out as
// shared_ptr, so one evicted while a transform runs stays alive until that call is done.
// Internal header of backend/.
#pragma once
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "core/backend.hpp"

namespace cunumpy::detail {

// Plan must have `int64_t memsize() const`.
template <class Key, class Plan>
class FftPlanCache {
 public:
  explicit FftPlanCache(int64_t max_size = 16, int64_t max_memsize = -1)
      : max_size_(max_size), max_memsize_(max_memsize) {}

  // The cached plan of `key`, else make() (called without the lock held), cached unless
  // `insert` is false (a plan made ahead, cunumpy::fft::make_plan, is the caller's own).
  template <class Make>
  std::shared_ptr<Plan> get(const Key& key, Make&& make, bool insert = true) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      // The most recent plan first: a loop of one transform finds it with one comparison.
      if (!lru_.empty() && lru_.front().first == key) {
        ++hits_;
        return lru_.front().second;
      }
      auto it = index_.find(key);
      if (it != index_.end()) {
        ++hits_;
        lru_.splice(lru_.begin(), lru_, it->second);
        return it->second->second;
      }
      ++misses_;
    }
    std::shared_ptr<Plan> plan = make();
    if (!insert) return plan;
    std::lock_guard<std::mutex> lock(mutex_);
    if (max_size_ == 0 || index_.count(key)) return plan;
    lru_.emplace_front(key, plan);
    index_[key] = lru_.begin();
    memsize_ += plan->memsize();
    trim();
    return plan;
  }
  FftPlanCacheState state() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return {static_cast<int64_t>(lru_.size()), max_size_, memsize_, max_memsize_, hits_, misses_};
  }
  void set_limits(int64_t max_size, int64_t max_memsize) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (max_size != -2) max_size_ = max_size;
    if (max_memsize != -2) max_memsize_ = max_memsize;
    trim();
  }
  void clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    lru_.clear();
    index_.clear();
    memsize_ = 0;
  }

 private:
  void trim() {
    while (!lru_.empty() && (static_cast<int64_t>(lru_.size()) > max_size_ ||
                             (max_memsize_ >= 0 && memsize_ > max_memsize_))) {
      memsize_ -= lru_.back().second->memsize();
      index_.erase(lru_.back().first);
      lru_.pop_back();
    }
  }
  using Entry = std::pair<Key, std::shared_ptr<Plan>>;
  mutable std::mutex mutex_;
  std::list<Entry> lru_;
  std::map<Key, typename std::list<Entry>::iterator> index_;
  int64_t max_size_, max_memsize_, memsize_ = 0, hits_ = 0, misses_ = 0;
};

}  // namespace cunumpy::detail
