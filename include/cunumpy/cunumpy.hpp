// cunumpy: NumPy's API on NVIDIA GPUs (and on the CPU when there is none), from C++.
// The one public header: it includes every other header under cunumpy/.
//
//   #include <cunumpy/cunumpy.hpp>
//   cunumpy::ndarray a({2, 3}, cunumpy::float32);   // on the current device
//
// With CMake: find_package(cunumpy CONFIG REQUIRED) and link cunumpy::cunumpy.
// (tests/cpp checks that this list names every installed header.)
#pragma once

#include "cunumpy/core/small_vector.hpp"
#include "cunumpy/core/errors.hpp"
#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/scalar.hpp"
#include "cunumpy/core/shape.hpp"
#include "cunumpy/runtime/device.hpp"
#include "cunumpy/memory/memory.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/kernels/launch_plan.hpp"
#include "cunumpy/kernels/backend.hpp"
