// NVRTC, loaded with dlopen on first use (libnvrtc.so.13, .so.12, .so, then the toolkit's
// lib64 folders and the pip wheel nvidia/cuda_nvrtc/lib), compiles generated CUDA C++ to a
// CUBIN for one architecture. Internal header (not installed).
#pragma once
#include <string>
#include <vector>

namespace cunumpy::cuda::nvrtc {

// True when NVRTC could be loaded. Never throws.
bool is_available();
// "major.minor" of the loaded NVRTC (part of the disk-cache key); CompileError if absent.
std::string version();
// The file NVRTC was loaded from, or "" when it is absent. Never throws.
std::string library_path();
// Why NVRTC could not be loaded, or "" when it was. Never throws.
std::string load_error();

struct Program {
  std::vector<char> image;  // CUBIN, or PTX (NUL-terminated) when `is_ptx`
  bool is_ptx = false;
  std::string log;          // compiler warnings, if any
  std::vector<std::string> lowered_names;  // one per name expression, in order
};

// A header supplied in memory: `#include <name>` finds it without touching the disk.
struct Header {
  const char* name;
  const char* source;
};

// Compiles `source` for compute capability `arch` (e.g. 90 for sm_90). The shared scalar
// header is available as #include "cn_scalar.h", and so is each of `headers`. Options
// always include -std=c++17 and -arch=sm_<arch> (unless `options` give their own -std or
// -arch); `options` are appended. When NVRTC does not know `arch` (a GPU newer than the
// toolkit) PTX for the newest architecture it supports is produced instead, for the
// driver to compile. Each of `name_expressions` (e.g. "add<float>") is registered and its
// lowered (mangled) name returned in Program::lowered_names. Throws CompileError with the
// log and the numbered source.
Program compile(const std::string& source, const std::string& name, int arch,
                const std::vector<std::string>& options = {},
                const std::vector<Header>& headers = {},
                const std::vector<std::string>& name_expressions = {});

// -I options for the CUDA toolkit's include folder (CUDA_PATH, CUDA_HOME, /usr/local/cuda,
// or the NVIDIA pip wheels next to this library) and its cccl/ folder (libcu++ in CUDA 13);
// empty when none is found. User kernels get them so that headers NVRTC does not build in
// (cooperative_groups.h, cuComplex.h, cuda/std/...) work.
const std::vector<std::string>& toolkit_include_options();

// The architecture compile() really targets for a device of compute capability `arch`,
// and whether that gives PTX. Part of the disk-cache key.
int target_arch(int arch, bool* is_ptx = nullptr);

}  // namespace cunumpy::cuda::nvrtc
