// The CPU backend's random-number executor (random_cpu.cpp).
#pragma once
#include "core/backend_tasks_random.hpp"

namespace cunumpy::detail {

void run_random_cpu(const RandomTask& task);

}  // namespace cunumpy::detail
