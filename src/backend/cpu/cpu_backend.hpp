// The CPU backend: multi-threaded host loops over launch plans.
#pragma once
#include "core/backend.hpp"

namespace cunumpy {
Backend& cpu_backend();
}  // namespace cunumpy
