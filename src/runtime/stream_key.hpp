// How the memory pools see streams: a serial number that is never reused (CUstream handles
// may be, once a stream is destroyed) plus the handle to record events on.
// Internal header.
#pragma once
#include <cstdint>

namespace cunumpy::detail {

struct StreamKey {
  uint64_t id = 0;        // 0: the legacy null stream; 1: the per-thread default stream
  void* handle = nullptr;  // CUstream
};

// The calling thread's current stream on CUDA device `device` (stream.cpp).
StreamKey current_stream_key(int device);

// Told by ~Stream before a CUDA stream is destroyed: pools that hold blocks of it wait for
// its work, so those blocks need no stream ordering afterwards (caching_pool.cpp).
void retire_stream_in_pools(int device, uint64_t id, void* handle);

}  // namespace cunumpy::detail
