// The caching allocator (see caching_pool.hpp for the policy).
#include "memory/caching_pool.hpp"

#include <limits>

#include "cunumpy/base/errors.hpp"

namespace cunumpy::detail {
namespace {

constexpr std::size_t kRound = 512;                 // every block is a multiple of this
constexpr std::size_t kSmallMax = 1 << 20;          // requests up to 1 MiB are "small"
constexpr std::size_t kSmallSegment = 2 << 20;      // small blocks are carved from 2 MiB
constexpr std::size_t kMediumMax = 10 << 20;        // below 10 MiB: shared 20 MiB segments
constexpr std::size_t kMediumSegment = 20 << 20;
constexpr std::size_t kLargeRound = 2 << 20;        // larger: own segment, 2 MiB steps

std::size_t round_up(std::size_t n, std::size_t m) { return (n + m - 1) / m * m; }

// "1,048,576", as CuPy prints byte counts.
std::string with_commas(std::size_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// Every live pool, so that a stream being destroyed can be announced to the pools that
// hold its blocks.
std::mutex& registry_mu() {
  static auto* mu = new std::mutex();
  return *mu;
}
std::set<CachingPool*>& registry() {
  static auto* pools = new std::set<CachingPool*>();
  return *pools;
}

}  // namespace

bool CachingPool::BySize::operator()(const Block* a, const Block* b) const {
  if (a->stream != b->stream) return a->stream < b->stream;
  if (a->size != b->size) return a->size < b->size;
  return a->ptr < b->ptr;
}

CachingPool::CachingPool(std::unique_ptr<RawSource> source) : source_(std::move(source)) {
  std::lock_guard<std::mutex> lock(registry_mu());
  registry().insert(this);
}

CachingPool::~CachingPool() {
  {
    std::lock_guard<std::mutex> lock(registry_mu());
    registry().erase(this);
  }
  std::lock_guard<std::mutex> lock(mu_);
  release_cached_locked();
}

CachingPool::Block* CachingPool::find_free(FreeSet& set, std::size_t size, uint64_t stream) {
  Block key{nullptr, size, stream, false};
  auto it = set.lower_bound(&key);
  if (it == set.end() || (*it)->stream != stream) return nullptr;
  Block* b = *it;
  set.erase(it);
  return b;
}

CachingPool::Block* CachingPool::take_from_other_stream(FreeSet& set, std::size_t size,
                                                       const StreamKey& to) {
  // The set is ordered by stream first: visit each other stream's run of blocks from the
  // first one large enough, and take the first that is a whole segment.
  auto it = set.begin();
  while (it != set.end()) {
    const uint64_t sid = (*it)->stream;
    if (sid != to.id) {
      Block key{nullptr, size, sid, false};
      for (auto j = set.lower_bound(&key); j != set.end() && (*j)->stream == sid; ++j) {
        Block* b = *j;
        if (b->prev || b->next) continue;  // part of a segment still partly in use
        set.erase(j);
        if (!retired_.count(sid)) source_->order_after({sid, streams_[sid]}, to);
        b->stream = to.id;
        streams_.emplace(to.id, to.handle);
        return b;
      }
    }
    if (sid == std::numeric_limits<uint64_t>::max()) break;
    Block next_stream{nullptr, 0, sid + 1, false};
    it = set.lower_bound(&next_stream);
  }
  return nullptr;
}

CachingPool::Block* CachingPool::new_segment(std::size_t segment_size, std::size_t size,
                                             bool small, const StreamKey& stream) {
  if (segment_size < size) return nullptr;
  if (limit_ && total_ + segment_size > limit_) return nullptr;
  void* p = source_->alloc(segment_size);
  if (!p) return nullptr;
  total_ += segment_size;
  streams_.emplace(stream.id, stream.handle);
  // The whole segment is one block of the stream that caused it; splits inherit the
  // stream, so merging never mixes streams.
  return new Block{static_cast<char*>(p), segment_size, stream.id, small};
}

MemoryPtr CachingPool::malloc(std::size_t nbytes) {
  Device device = source_->device();
  if (nbytes == 0) return std::make_shared<Memory>(nullptr, 0, device, nullptr);
  if (nbytes > (std::size_t{1} << 62)) throw OutOfMemoryError(oom_message(nbytes));
  const std::size_t size = round_up(nbytes, kRound);
  const bool small = size <= kSmallMax;
  const StreamKey stream = source_->current_stream();

  Block* b = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    FreeSet& set = small ? small_free_ : large_free_;
    b = find_free(set, size, stream.id);
    if (!b) {
      std::size_t segment = small ? kSmallSegment
                            : size < kMediumMax ? kMediumSegment
                                                : round_up(size, kLargeRound);
      // A shared segment when it fits, else exactly what is needed, else (the OOM ladder)
      // the same after returning every cached segment to the system.
      b = new_segment(segment, size, small, stream);
      if (!b) b = new_segment(size, size, small, stream);
      // Under memory pressure only: another stream's free segment, stream-ordered. Taking
      // them eagerly would chain independent streams together through the events.
      if (!b) b = take_from_other_stream(set, size, stream);
      if (!b) {
        release_cached_locked();
        b = new_segment(segment, size, small, stream);
        if (!b) b = new_segment(size, size, small, stream);
      }
      if (!b) throw OutOfMemoryError(oom_message(nbytes));
    }
    // Split off the tail when it is worth keeping as a separate free block.
    std::size_t rest = b->size - size;
    if (small ? rest >= kRound : rest > kSmallMax) {
      Block* tail = new Block{b->ptr + size, rest, b->stream, b->small};
      tail->prev = b;
      tail->next = b->next;
      if (b->next) b->next->prev = tail;
      b->next = tail;
      b->size = size;
      set.insert(tail);
    }
    b->allocated = true;
    used_ += b->size;
    ++live_blocks_;
  }
  return std::make_shared<Memory>(b->ptr, nbytes, device,
                                  [this, b](void*, std::size_t) { release(b); });
}

void CachingPool::release(Block* b) {
  bool destroy = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    FreeSet& set = b->small ? small_free_ : large_free_;
    b->allocated = false;
    used_ -= b->size;
    --live_blocks_;
    // Merge with free neighbours of the same segment.
    if (Block* p = b->prev; p && !p->allocated) {
      set.erase(p);
      p->size += b->size;
      p->next = b->next;
      if (b->next) b->next->prev = p;
      delete b;
      b = p;
    }
    if (Block* n = b->next; n && !n->allocated) {
      set.erase(n);
      b->size += n->size;
      b->next = n->next;
      if (n->next) n->next->prev = b;
      delete n;
    }
    set.insert(b);
    destroy = delete_when_unused_ && live_blocks_ == 0;
  }
  if (destroy) delete this;
}

void CachingPool::release_cached_locked(std::optional<uint64_t> stream) {
  for (FreeSet* set : {&small_free_, &large_free_}) {
    for (auto it = set->begin(); it != set->end();) {
      Block* b = *it;
      if (!b->prev && !b->next && (!stream || b->stream == *stream)) {  // a whole segment
        source_->free(b->ptr, b->size);
        total_ -= b->size;
        delete b;
        it = set->erase(it);
      } else {
        ++it;
      }
    }
  }
}

std::string CachingPool::oom_message(std::size_t requested) const {
  // Called with or without mu_ held; reads plain counters only.
  return "Out of memory allocating " + with_commas(requested) + " bytes on " +
         source_->name() + " (in use: " + with_commas(used_) + " bytes, cached: " +
         with_commas(total_ - used_) + " bytes, limit: " +
         (limit_ ? with_commas(limit_) + " bytes" : std::string("none")) + ")";
}

std::size_t CachingPool::used_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return used_;
}
std::size_t CachingPool::total_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return total_;
}
std::size_t CachingPool::n_free_blocks() const {
  std::lock_guard<std::mutex> lock(mu_);
  return small_free_.size() + large_free_.size();
}
void CachingPool::free_all_blocks(std::optional<uint64_t> stream) {
  std::lock_guard<std::mutex> lock(mu_);
  release_cached_locked(stream);
}
void CachingPool::set_limit(std::size_t bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  limit_ = bytes;
}
std::size_t CachingPool::get_limit() const {
  std::lock_guard<std::mutex> lock(mu_);
  return limit_;
}

bool CachingPool::uses_stream(uint64_t id) const { return streams_.count(id) != 0; }

void CachingPool::mark_retired(uint64_t id) {
  if (streams_.erase(id)) retired_.insert(id);
}

void CachingPool::retire_stream(Device device, uint64_t id, void* handle) {
  std::lock_guard<std::mutex> reg(registry_mu());
  CachingPool* user = nullptr;
  for (CachingPool* p : registry()) {
    if (p->source_->device() != device) continue;
    std::lock_guard<std::mutex> lock(p->mu_);
    if (p->uses_stream(id)) user = p;
  }
  if (!user) return;
  // Its blocks become usable by any stream once the stream's queued work is done.
  user->source_->synchronize({id, handle});
  for (CachingPool* p : registry()) {
    if (p->source_->device() != device) continue;
    std::lock_guard<std::mutex> lock(p->mu_);
    p->mark_retired(id);
  }
}

void retire_stream_in_pools(int device, uint64_t id, void* handle) {
  CachingPool::retire_stream(Device::cuda(device), id, handle);
}

void CachingPool::delete_when_unused() {
  bool destroy = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    delete_when_unused_ = true;
    destroy = live_blocks_ == 0;
  }
  if (destroy) delete this;
}

}  // namespace cunumpy::detail
