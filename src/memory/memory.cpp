// allocate() and the MemoryPool API: each device's default pool, the process-wide
// allocator hook and wrapping of foreign memory.
#include <array>
#include <atomic>
#include <cstdlib>
#include <mutex>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/memory/memory.hpp"
#include "cunumpy/memory/pool.hpp"
#include "cunumpy/memory/thread_allocator.hpp"
#include "memory/caching_pool.hpp"

namespace cunumpy {
namespace {

std::unique_ptr<detail::RawSource> make_source(Device device, bool pinned) {
  if (pinned) {
    if (!device.is_cpu()) throw ValueError("pinned memory pools belong to the cpu device");
    return detail::make_pinned_source();
  }
  if (device.is_cpu()) return detail::make_host_source();
  if (device.index < 0 || device.index >= cuda_device_count())
    throw ValueError("invalid device " + device.str() + " (" +
                     std::to_string(cuda_device_count()) + " CUDA device(s) available)");
  return detail::make_cuda_source(device.index);
}

// CUNUMPY_GPU_MEMORY_LIMIT: a byte count ("1073741824") or a percentage ("50%") of the
// device memory. Malformed values are ignored rather than breaking every allocation.
void apply_env_limit(MemoryPool& pool) {
  const char* env = std::getenv("CUNUMPY_GPU_MEMORY_LIMIT");
  if (!env || !*env) return;
  char* end = nullptr;
  double v = std::strtod(env, &end);
  if (end == env || !(v >= 0)) return;
  if (*end == '%' && end[1] == '\0' && v <= 100)
    pool.set_limit_fraction(v / 100.0);
  else if (*end == '\0')
    pool.set_limit(static_cast<std::size_t>(v));
}

constexpr int kMaxDevices = 64;
std::atomic<MemoryPool*> g_cuda_pools[kMaxDevices];
std::mutex g_pools_mu;

// The allocator hook; the flag keeps the default path free of std::function calls.
std::atomic<bool> g_custom_allocator{false};
Allocator* g_allocator = new Allocator();  // guarded by g_allocator_mu
std::mutex g_allocator_mu;

// using_allocator's: this thread's allocator, ahead of the process's.
thread_local bool t_has_allocator = false;
// Heap-held and never destroyed (like the pools above): a thread-exit destructor could run
// after the interpreter that owns a Python allocator has finalized.
thread_local Allocator* t_allocator = nullptr;

}  // namespace

void set_thread_allocator(std::optional<Allocator> allocator) {
  if (!allocator) {
    t_has_allocator = false;
    if (t_allocator) *t_allocator = Allocator();  // drops the allocator now, on this thread
    return;
  }
  if (!t_allocator) t_allocator = new Allocator();
  *t_allocator = std::move(*allocator);
  t_has_allocator = true;
}

bool has_thread_allocator() noexcept { return t_has_allocator; }

// ---- MemoryPool -------------------------------------------------------------------------
MemoryPool::MemoryPool(Device device, bool pinned)
    : impl_(new detail::CachingPool(make_source(device, pinned))) {}

MemoryPool::MemoryPool(Device device, Allocator upstream) {
  if (!upstream) throw ValueError("MemoryPool: the upstream allocator is empty");
  impl_ = new detail::CachingPool(detail::make_upstream_source(make_source(device, false), std::move(upstream)));
}

// Blocks still handed out point back into the pool, so its storage lives until the last
// one is freed.
MemoryPool::~MemoryPool() { impl_->delete_when_unused(); }

Device MemoryPool::device() const { return impl_->source().device(); }
bool MemoryPool::pinned() const { return impl_->source().name() == "pinned host memory"; }
MemoryPtr MemoryPool::malloc(std::size_t nbytes) { return impl_->malloc(nbytes); }
std::size_t MemoryPool::used_bytes() const { return impl_->used_bytes(); }
std::size_t MemoryPool::total_bytes() const { return impl_->total_bytes(); }
std::size_t MemoryPool::free_bytes() const {
  std::size_t total = impl_->total_bytes(), used = impl_->used_bytes();
  return total > used ? total - used : 0;
}
std::size_t MemoryPool::n_free_blocks() const { return impl_->n_free_blocks(); }
void MemoryPool::free_all_blocks() { impl_->free_all_blocks(); }
void MemoryPool::free_all_blocks(const Stream& stream) {
  // The CPU's pools key everything under the null stream (its work is always complete).
  impl_->free_all_blocks(device().is_cpu() ? 0 : stream.id());
}
void MemoryPool::set_limit(std::size_t bytes) { impl_->set_limit(bytes); }
void MemoryPool::set_limit_fraction(double fraction) {
  if (!(fraction >= 0.0 && fraction <= 1.0))
    throw ValueError("memory limit fraction must be between 0 and 1, got " + std::to_string(fraction));
  impl_->set_limit(static_cast<std::size_t>(static_cast<double>(impl_->source().capacity()) * fraction));
}
std::size_t MemoryPool::get_limit() const { return impl_->get_limit(); }

// ---- default pools ----------------------------------------------------------------------
MemoryPool& default_memory_pool(Device device) {
  if (device.is_cpu()) {
    static auto* cpu = new MemoryPool(Device::cpu());  // never destroyed: blocks outlive exit
    return *cpu;
  }
  if (device.index < 0 || device.index >= kMaxDevices || device.index >= cuda_device_count())
    throw ValueError("invalid device " + device.str() + " (" +
                     std::to_string(cuda_device_count()) + " CUDA device(s) available)");
  std::atomic<MemoryPool*>& slot = g_cuda_pools[device.index];
  if (MemoryPool* p = slot.load(std::memory_order_acquire)) return *p;
  std::lock_guard<std::mutex> lock(g_pools_mu);
  if (MemoryPool* p = slot.load(std::memory_order_relaxed)) return *p;
  auto* pool = new MemoryPool(device);  // never destroyed: blocks outlive exit
  apply_env_limit(*pool);
  slot.store(pool, std::memory_order_release);
  return *pool;
}

MemoryPool& default_memory_pool() { return default_memory_pool(current_device()); }

MemoryPool& default_pinned_memory_pool() {
  static auto* pool = new MemoryPool(Device::cpu(), /*pinned=*/true);
  return *pool;
}

// ---- allocate ---------------------------------------------------------------------------
MemoryPtr allocate(Device device, std::size_t nbytes) {
  if (t_has_allocator && *t_allocator) {
    MemoryPtr m = (*t_allocator)(device, nbytes);
    if (!m) throw OutOfMemoryError("the allocator set by using_allocator returned no memory for " +
                                   std::to_string(nbytes) + " bytes on " + device.str());
    return m;
  }
  if (g_custom_allocator.load(std::memory_order_acquire)) {
    Allocator a;
    {
      std::lock_guard<std::mutex> lock(g_allocator_mu);
      a = *g_allocator;
    }
    if (a) {
      MemoryPtr m = a(device, nbytes);
      if (!m) throw OutOfMemoryError("the allocator set by set_allocator returned no memory for " +
                                     std::to_string(nbytes) + " bytes on " + device.str());
      return m;
    }
  }
  return default_memory_pool(device).malloc(nbytes);
}

void set_allocator(Allocator allocator) {
  std::lock_guard<std::mutex> lock(g_allocator_mu);
  bool custom = static_cast<bool>(allocator);
  *g_allocator = std::move(allocator);
  g_custom_allocator.store(custom, std::memory_order_release);
}

Allocator uncached_allocator() {
  return [](Device device, std::size_t nbytes) -> MemoryPtr {
    if (nbytes == 0) return std::make_shared<Memory>(nullptr, 0, device, nullptr);
    // One source per call is cheap (no driver work beyond the allocation itself).
    std::shared_ptr<detail::RawSource> src = make_source(device, false);
    void* p = src->alloc(nbytes);
    if (!p)
      throw OutOfMemoryError("Out of memory allocating " + std::to_string(nbytes) +
                             " bytes on " + device.str() + " (no memory pool in use)");
    return std::make_shared<Memory>(p, nbytes, device,
                                    [src](void* q, std::size_t n) { src->free(q, n); });
  };
}

// ---- pinned staging memory ------------------------------------------------------------
namespace {
std::atomic<bool> g_custom_pinned{false};
PinnedAllocator* g_pinned_allocator = new PinnedAllocator();  // guarded by g_allocator_mu
}  // namespace

MemoryPtr allocate_pinned(std::size_t nbytes) {
  if (g_custom_pinned.load(std::memory_order_acquire)) {
    PinnedAllocator a;
    {
      std::lock_guard<std::mutex> lock(g_allocator_mu);
      a = *g_pinned_allocator;
    }
    if (a) {
      MemoryPtr m = a(nbytes);
      if (!m) throw OutOfMemoryError("the pinned memory allocator returned no memory for " +
                                     std::to_string(nbytes) + " bytes");
      return m;
    }
  }
  return default_pinned_memory_pool().malloc(nbytes);
}

void set_pinned_allocator(PinnedAllocator allocator) {
  std::lock_guard<std::mutex> lock(g_allocator_mu);
  bool custom = static_cast<bool>(allocator);
  *g_pinned_allocator = std::move(allocator);
  g_custom_pinned.store(custom, std::memory_order_release);
}

PinnedAllocator uncached_pinned_allocator() {
  return [](std::size_t nbytes) -> MemoryPtr {
    if (nbytes == 0) return std::make_shared<Memory>(nullptr, 0, Device::cpu(), nullptr);
    std::shared_ptr<detail::RawSource> src = detail::make_pinned_source();
    void* p = src->alloc(nbytes);
    if (!p) throw OutOfMemoryError("Out of memory allocating " + std::to_string(nbytes) + " bytes of pinned memory");
    return std::make_shared<Memory>(p, nbytes, Device::cpu(), [src](void* q, std::size_t n) { src->free(q, n); });
  };
}

MemoryPtr wrap_memory(void* ptr, std::size_t size, Device device, std::shared_ptr<void> owner) {
  return std::make_shared<Memory>(ptr, size, device,
                                  [owner = std::move(owner)](void*, std::size_t) {});
}

}  // namespace cunumpy
