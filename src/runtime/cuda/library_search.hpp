// Where cunumpy looks for NVIDIA's shared libraries (cuBLAS, cuSOLVER, NCCL, ...): the
// loader's own search, $CUDA_PATH / $CUDA_HOME / /usr/local/cuda, then NVIDIA's pip wheels
// in the site-packages this library was installed into. Internal header (not installed).
#pragma once
#include <initializer_list>
#include <string>

namespace cunumpy::cuda {

// site-packages (or dist-packages) holding this library, or "" when not installed there.
std::string site_packages_dir();

// dlopen (RTLD_NOW | RTLD_LOCAL) of the first of `names` found by the loader's search, in
// the toolkit's lib64, then site-packages/nvidia/<wheel_dir>/lib and the CUDA 13 wheels'
// site-packages/nvidia/cu13/lib. nullptr when none loads.
void* open_nvidia_library(std::initializer_list<const char*> names, const char* wheel_dir);

}  // namespace cunumpy::cuda
