// Whether two arrays can touch the same bytes (NumPy's shares_memory / may_share_memory).
#pragma once
#include <cstdint>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

enum class MemoryOverlap { none, overlap, too_hard };

// On the arrays' metadata only (no device work). max_work < 0: the exact answer (a bounded
// integer search over the index spaces of both arrays); 0: only whether the byte extents
// intersect; > 0: exact within that many search steps, else too_hard. Arrays on different
// devices or with no elements never overlap.
MemoryOverlap memory_overlap(const ndarray& a, const ndarray& b, int64_t max_work = -1);

}  // namespace cunumpy
