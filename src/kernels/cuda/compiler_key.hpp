// The part of every disk-cache key that names the compiler: "<target>|<NVRTC version>",
// e.g. "sm_90|13.0". Asking NVRTC means loading it, a library of 100+ MB (tens of
// milliseconds), which a process whose kernels are all on disk never needs otherwise. So
// the answer is kept in a small file in the cache folder (one per device architecture)
// and NVRTC is loaded only to compile. A file written by an older NVRTC is corrected by
// the next compile, which stores its image under the true key.
// Internal header (CUDA backend).
#pragma once
#include <string>

#include "kernels/cuda/disk_cache.hpp"

namespace cunumpy::cuda {

// The compiler key for devices of compute capability `arch` (e.g. 90), from this process's
// memory, else the cache folder's file, else NVRTC (then written to the file).
std::string compiler_key(const DiskCache& disk, int arch);

// NVRTC's own answer (call after compiling: NVRTC is loaded then). Rewrites the file and
// this process's memory when they differed.
std::string refresh_compiler_key(const DiskCache& disk, int arch);

}  // namespace cunumpy::cuda
