// The CUDA side of RawModule and RawKernel (the Backend raw_* entries): modules through
// kernels/cuda/user_module, functions and globals from the driver, launches on the current
// or a given stream. Internal header of backend/cuda.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "core/backend_tasks_raw.hpp"

namespace cunumpy::cuda {

std::shared_ptr<const detail::RawModuleImage> raw_module_load(int device, const detail::RawModuleLoad& task);
void* raw_function(int device, const detail::RawModuleImage& module, const std::string& name);
int raw_param_count(const detail::RawModuleImage& module, const std::string& name, void* function);
std::pair<void*, std::size_t> raw_global(int device, const detail::RawModuleImage& module, const std::string& name);
void raw_launch(int device, const detail::RawLaunch& launch);
int raw_attribute(int device, void* function, detail::RawAttribute attribute);
void raw_set_attribute(int device, void* function, detail::RawAttribute attribute, int value);

}  // namespace cunumpy::cuda
