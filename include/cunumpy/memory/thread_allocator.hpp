// An allocator for the calling thread only (CuPy's cupy.cuda.using_allocator), consulted by
// allocate() before the process's (set_allocator) and the default pools.
#pragma once
#include <optional>

#include "cunumpy/memory/pool.hpp"

namespace cunumpy {

// nullopt: no thread allocator (the process's applies). An allocator: this thread's
// allocations go through it (uncached_allocator() for "no pool").
void set_thread_allocator(std::optional<Allocator> allocator);
bool has_thread_allocator() noexcept;

}  // namespace cunumpy
