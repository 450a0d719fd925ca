// Where cunumpy looks for the vendor libraries it opens with dlopen (NVRTC, cuBLAS,
// cuSOLVER, cuFFT; the CPU backend's OpenBLAS wheel): the loader's own search, then
// CUDA_PATH / CUDA_HOME / /usr/local/cuda (lib64), then the pip wheels' folders in the
// site-packages this library was installed into. One search for all of them, so they are
// found (or reported missing) alike. Internal header.
#pragma once
#include <string>
#include <vector>

namespace cunumpy::runtime {

// The site-packages (or dist-packages) folder holding libcunumpy, or "" when it is not
// installed in one.
std::string site_packages_dir();

struct LibrarySearch {
  std::vector<std::string> names;       // file names, preferred first (libnvrtc.so.13, ...)
  std::vector<std::string> wheel_dirs;  // folders under site-packages/nvidia/ holding lib/
  // The first two names are the CUDA 13 and CUDA 12 generations: with a driver older than
  // 13.0 (driver_version > 0, as cuDriverGetVersion encodes it) the CUDA 12 one goes first.
  bool prefer_driver_generation = false;
  int driver_version = 0;
};

// Every path to try, in order: the bare names, then each folder with each name.
std::vector<std::string> library_candidates(const LibrarySearch& search);
// dlopen (RTLD_NOW | RTLD_LOCAL) of the first candidate that opens; nullptr when none does.
void* open_library(const LibrarySearch& search);

}  // namespace cunumpy::runtime
