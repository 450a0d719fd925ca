// The CUDA backend's random-number executor (random_cuda.cpp).
#pragma once
#include "core/backend_tasks_random.hpp"

namespace cunumpy::detail {

void run_random_cuda(int device, const RandomTask& task);

}  // namespace cunumpy::detail
