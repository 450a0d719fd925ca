// Run-time compiled CUDA kernels: NVRTC compiles generated source for the device's
// architecture (sm_XY), and the result is kept in two caches: in memory under the caller's
// cheap structural key, and on disk (CUNUMPY_CACHE_DIR, default ~/.cache/cunumpy/kernels)
// under a hash of source + options + arch + NVRTC version + cunumpy version, written
// atomically and checked on load (a corrupt or truncated file is recompiled).
// Internal header (not installed): only the CUDA backend and ops include it.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "runtime/cuda/driver.hpp"  // StreamHandle, current_stream

namespace cunumpy::cuda {

using Function = void*;  // CUfunction

// Returns the `extern "C" __global__` function `name` of `source` compiled for `device`.
// `key` identifies the source cheaply (e.g. "copy|f4|f8|nd2|c|i32"); when it was seen
// before on this device, neither the source nor the disk is touched. `source` may
// `#include "cn_scalar.h"` (the shared scalar header). Throws CompileError with the NVRTC
// log and the numbered source when compilation fails.
Function get_kernel(int device, const std::string& key, const std::string& source,
                    const std::string& name, const std::vector<std::string>& options = {});

// Compile options of the library's own ufunc kernels: no contraction of a*b+c into one
// fused multiply-add, so that each operation rounds as NumPy's C loops do (complex divide and
// pow, hypot, ... agree with NumPy to the bit). Memory-bound kernels run as fast either way.
const std::vector<std::string>& numpy_exact_options();

// Launches `f` on `stream` (nullptr = the device's current stream).
void launch(Function f, unsigned grid_x, unsigned block_x, void** args,
            std::size_t shared_mem = 0, StreamHandle stream = nullptr);
void launch(Function f, const unsigned grid[3], const unsigned block[3], void** args,
            std::size_t shared_mem, StreamHandle stream);


// Number of streaming multiprocessors of `device` (to size grid-stride launches).
int multiprocessor_count(int device);
// Compute capability of `device` as major * 10 + minor (what compilation targets).
int compute_capability(int device);

}  // namespace cunumpy::cuda
