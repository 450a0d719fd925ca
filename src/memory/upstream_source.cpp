// Segments for a MemoryPool built over a user allocator (CuPy's MemoryPool(allocator=...)):
// each segment is a Memory the allocator returned, kept alive until the pool gives it back.
// Streams, capacity and naming come from the device's ordinary source.
#include <mutex>
#include <unordered_map>

#include "cunumpy/base/errors.hpp"
#include "memory/caching_pool.hpp"

namespace cunumpy::detail {
namespace {

class UpstreamSource final : public RawSource {
 public:
  UpstreamSource(std::unique_ptr<RawSource> base, std::function<MemoryPtr(Device, std::size_t)> upstream)
      : base_(std::move(base)), upstream_(std::move(upstream)) {}

  Device device() const override { return base_->device(); }
  void* alloc(std::size_t n) override {
    MemoryPtr m;
    try {
      m = upstream_(base_->device(), n);
    } catch (const OutOfMemoryError&) {
      return nullptr;  // the pool's OOM ladder takes over
    }
    if (!m || !m->ptr()) return nullptr;
    if (m->size() < n)
      throw ValueError("the pool's allocator returned " + std::to_string(m->size()) +
                       " bytes when " + std::to_string(n) + " were requested");
    std::lock_guard<std::mutex> lock(mu_);
    void* p = m->ptr();
    blocks_.emplace(p, std::move(m));
    return p;
  }
  void free(void* p, std::size_t) override {
    MemoryPtr m;  // released outside the lock: its deleter may call back into Python
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = blocks_.find(p);
      if (it == blocks_.end()) return;
      m = std::move(it->second);
      blocks_.erase(it);
    }
  }
  std::size_t capacity() const override { return base_->capacity(); }
  StreamKey current_stream() const override { return base_->current_stream(); }
  void order_after(const StreamKey& from, const StreamKey& to) override { base_->order_after(from, to); }
  void synchronize(const StreamKey& s) override { base_->synchronize(s); }
  std::string name() const override { return base_->name() + " (user allocator)"; }

 private:
  std::unique_ptr<RawSource> base_;
  std::function<MemoryPtr(Device, std::size_t)> upstream_;
  std::mutex mu_;
  std::unordered_map<void*, MemoryPtr> blocks_;
};

}  // namespace

std::unique_ptr<RawSource> make_upstream_source(std::unique_ptr<RawSource> base,
                                                std::function<MemoryPtr(Device, std::size_t)> upstream) {
  return std::make_unique<UpstreamSource>(std::move(base), std::move(upstream));
}

}  // namespace cunumpy::detail
