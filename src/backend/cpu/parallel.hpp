// parallel_for: splits [0, n) into contiguous chunks run on a small persistent thread
// pool. Small ranges run inline on the caller (threads cost more than they save there).
#pragma once
#include <cstdint>
#include <functional>

namespace cunumpy::cpu {

// Number of worker threads (CUNUMPY_NUM_THREADS, default: hardware concurrency).
int num_threads();

// Calls body(begin, end) on disjoint chunks covering [0, n); chunks are at least `grain`
// long. Returns after every chunk finished; rethrows the first exception of a chunk.
void parallel_for(int64_t n, int64_t grain,
                  const std::function<void(int64_t begin, int64_t end)>& body);

// parallel_for for float work: each chunk runs with the IEEE exception flags of its thread
// cleared and its flags read afterwards; the union over all chunks is recorded for the
// calling thread (cunumpy/base/fp_errors.hpp), where NumPy's error state acts on it.
void parallel_for_fp(int64_t n, int64_t grain,
                     const std::function<void(int64_t begin, int64_t end)>& body);

}  // namespace cunumpy::cpu
