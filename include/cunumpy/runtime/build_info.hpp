// How this libcunumpy was built, and which of the CUDA libraries it opens at run time were
// found (cunumpy.show_config() prints both). Safe on any machine: nothing here throws or
// creates a GPU context.
#pragma once
#include <string>
#include <vector>

namespace cunumpy {

struct BuildInfo {
  std::string version;        // the package version (python/cunumpy/_version.py)
  std::string compiler;       // e.g. "GNU 12.2.0"
  std::string build_type;     // CMake's build type, e.g. "Release"
  bool cuda = false;          // CUDA backend compiled in
  int cuda_toolkit_version = 0;  // CUDA_VERSION of the headers built against (13000), 0 without CUDA
};

BuildInfo build_info();

struct LibraryInfo {
  std::string name;     // "CUDA driver", "NVRTC"
  bool found = false;
  std::string path;     // the file dlopen loaded, when found
  std::string version;  // e.g. "13.0", when found
  std::string error;    // why it is not usable, when not found (or the driver failed cuInit)
};

// The CUDA libraries cunumpy loads lazily (the driver, NVRTC), each loaded now if it was not
// yet. Empty when the CUDA backend is not compiled in.
std::vector<LibraryInfo> cuda_libraries();

}  // namespace cunumpy
