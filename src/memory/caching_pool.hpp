// The caching allocator behind every MemoryPool, independent of where memory comes from:
// a RawSource supplies and takes back segments (cuMemAlloc, aligned host memory, pinned
// host memory); the pool carves blocks out of them.
//
// - Sizes are rounded up to 512 bytes. Requests up to 1 MiB come from 2 MiB segments
//   ("small" blocks, packed together); larger ones from 20 MiB segments below 10 MiB, or
//   from a segment of their own size (2 MiB granularity) above.
// - Free blocks are kept per stream in best-fit order; a larger block is split and the
//   rest stays free; freed neighbours in a segment are merged back.
// - Free blocks are reused by the stream they were used on (no synchronization). When that
//   stream has none that fits and no new segment can be had (the limit or the device is
//   exhausted), a wholly free segment of another stream is handed over stream-ordered: an
//   event recorded on the old stream is waited for by the new one (on the GPU; the host
//   never blocks), then the segment belongs to the new stream. Only then are cached
//   segments released (the OOM ladder). Handing over eagerly would make independent
//   streams wait for each other.
// - Streams are identified by a serial number that is never reused (a CUstream handle may
//   be); a stream destroyed while the pool holds its blocks is synchronized first, so its
//   blocks need no wait afterwards.
// Internal header.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "cunumpy/memory/memory.hpp"
#include "runtime/stream_key.hpp"

namespace cunumpy::detail {

class RawSource {
 public:
  virtual ~RawSource() = default;
  virtual Device device() const = 0;   // the device the memory belongs to
  virtual void* alloc(std::size_t n) = 0;  // nullptr when the system is out of memory
  virtual void free(void* p, std::size_t n) = 0;
  virtual std::size_t capacity() const = 0;  // the device's memory size (for fractions)
  virtual StreamKey current_stream() const { return {}; }  // blocks are reused per stream
  // Makes later work on `to` wait for the work queued so far on `from` (stream-ordered
  // hand-over of a block between streams). Nothing to do on the CPU.
  virtual void order_after(const StreamKey& from, const StreamKey& to) { (void)from, (void)to; }
  // Waits for the work queued on `s` (before the stream is destroyed).
  virtual void synchronize(const StreamKey& s) { (void)s; }
  virtual std::string name() const = 0;  // for messages: "cuda:0", "cpu", "pinned host"
};

std::unique_ptr<RawSource> make_host_source();            // host_pool.cpp
std::unique_ptr<RawSource> make_pinned_source();          // cuda_pool.cpp (host fallback)
std::unique_ptr<RawSource> make_cuda_source(int device);  // cuda_pool.cpp
// Segments from a user allocator; stream handling from `base` (upstream_source.cpp).
std::unique_ptr<RawSource> make_upstream_source(std::unique_ptr<RawSource> base,
                                                std::function<MemoryPtr(Device, std::size_t)> upstream);

class CachingPool {
 public:
  explicit CachingPool(std::unique_ptr<RawSource> source);
  ~CachingPool();  // releases the cached segments (call only when nothing is in use)

  MemoryPtr malloc(std::size_t nbytes);

  std::size_t used_bytes() const;
  std::size_t total_bytes() const;
  std::size_t n_free_blocks() const;
  void free_all_blocks(std::optional<uint64_t> stream = std::nullopt);  // of one stream, or all
  void set_limit(std::size_t bytes);
  std::size_t get_limit() const;
  const RawSource& source() const { return *source_; }

  // Set by ~MemoryPool when blocks are still out: the last free deletes the pool.
  void delete_when_unused();

  // Before the stream `id` of `device` is destroyed (retire_stream_in_pools).
  static void retire_stream(Device device, uint64_t id, void* handle);

 private:
  struct Block {
    char* ptr;
    std::size_t size;
    uint64_t stream;   // StreamKey::id of the stream the block belongs to
    bool small;        // from a small (2 MiB) segment
    bool allocated = false;
    Block* prev = nullptr;  // neighbours inside the same segment
    Block* next = nullptr;
  };
  struct BySize {  // best fit: stream, then size, then address
    bool operator()(const Block* a, const Block* b) const;
  };
  using FreeSet = std::set<Block*, BySize>;

  Block* find_free(FreeSet& set, std::size_t size, uint64_t stream);
  // A wholly free segment of another stream, handed over to `to` (see the header comment).
  Block* take_from_other_stream(FreeSet& set, std::size_t size, const StreamKey& to);
  Block* new_segment(std::size_t segment_size, std::size_t size, bool small, const StreamKey& stream);
  bool uses_stream(uint64_t id) const;
  void mark_retired(uint64_t id);
  void release(Block* b);  // the Memory deleter
  void release_cached_locked(std::optional<uint64_t> stream = std::nullopt);
  std::string oom_message(std::size_t requested) const;

  std::unique_ptr<RawSource> source_;
  mutable std::mutex mu_;
  FreeSet small_free_, large_free_;
  std::size_t used_ = 0, total_ = 0, limit_ = 0;
  std::size_t live_blocks_ = 0;
  bool delete_when_unused_ = false;
  // Live streams that own blocks here (id -> CUstream), and destroyed ones (no wait needed).
  std::unordered_map<uint64_t, void*> streams_;
  std::unordered_set<uint64_t> retired_;
};

}  // namespace cunumpy::detail
