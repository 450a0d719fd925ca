// The caching allocator behind every MemoryPool, independent of where memory comes from:
// a RawSource supplies and takes back segments (cuMemAlloc, aligned host memory, pinned
// host memory); the pool carves blocks out of them.
//
// - Sizes are rounded up to 512 bytes. Requests up to 1 MiB come from 2 MiB segments
//   ("small" blocks, packed together); larger ones from 20 MiB segments below 10 MiB, or
//   from a segment of their own size (2 MiB granularity) above.
// - Free blocks are kept per stream in best-fit order; a larger block is split and the
//   rest stays free; freed neighbours in a segment are merged back.
// - Blocks are reused only by the stream they were allocated on, so reuse never needs
//   synchronization (CuPy's rule).
// Internal header.
#pragma once
#include <cstddef>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "cunumpy/memory/memory.hpp"

namespace cunumpy::detail {

class RawSource {
 public:
  virtual ~RawSource() = default;
  virtual Device device() const = 0;   // the device the memory belongs to
  virtual void* alloc(std::size_t n) = 0;  // nullptr when the system is out of memory
  virtual void free(void* p, std::size_t n) = 0;
  virtual std::size_t capacity() const = 0;  // the device's memory size (for fractions)
  virtual void* current_stream() const { return nullptr; }  // blocks are reused per stream
  virtual std::string name() const = 0;  // for messages: "cuda:0", "cpu", "pinned host"
};

std::unique_ptr<RawSource> make_host_source();            // host_pool.cpp
std::unique_ptr<RawSource> make_pinned_source();          // cuda_pool.cpp (host fallback)
std::unique_ptr<RawSource> make_cuda_source(int device);  // cuda_pool.cpp

class CachingPool {
 public:
  explicit CachingPool(std::unique_ptr<RawSource> source);
  ~CachingPool();  // releases the cached segments (call only when nothing is in use)

  MemoryPtr malloc(std::size_t nbytes);

  std::size_t used_bytes() const;
  std::size_t total_bytes() const;
  std::size_t n_free_blocks() const;
  void free_all_blocks();
  void set_limit(std::size_t bytes);
  std::size_t get_limit() const;
  const RawSource& source() const { return *source_; }

  // Set by ~MemoryPool when blocks are still out: the last free deletes the pool.
  void delete_when_unused();

 private:
  struct Block {
    char* ptr;
    std::size_t size;
    void* stream;
    bool small;        // from a small (2 MiB) segment
    bool allocated = false;
    Block* prev = nullptr;  // neighbours inside the same segment
    Block* next = nullptr;
  };
  struct BySize {  // best fit: stream, then size, then address
    bool operator()(const Block* a, const Block* b) const;
  };
  using FreeSet = std::set<Block*, BySize>;

  Block* find_free(FreeSet& set, std::size_t size, void* stream);
  Block* new_segment(std::size_t segment_size, std::size_t size, bool small, void* stream);
  void release(Block* b);  // the Memory deleter
  void release_cached_locked();
  std::string oom_message(std::size_t requested) const;

  std::unique_ptr<RawSource> source_;
  mutable std::mutex mu_;
  FreeSet small_free_, large_free_;
  std::size_t used_ = 0, total_ = 0, limit_ = 0;
  std::size_t live_blocks_ = 0;
  bool delete_when_unused_ = false;
};

}  // namespace cunumpy::detail
