// cunumpy: NumPy's API on NVIDIA GPUs (and on the CPU when there is none), from C++.
// The one public header: it includes every other header under cunumpy/.
//
//   #include <cunumpy/cunumpy.hpp>
//   cunumpy::ndarray a = cunumpy::arange(cunumpy::Scalar(6), cunumpy::float32).reshape({2, 3});
//
// With CMake: find_package(cunumpy CONFIG REQUIRED) and link cunumpy::cunumpy.
// (A ctest in tests/cpp checks that this list names every installed header.)
#pragma once

#include "cunumpy/base/errors.hpp"
#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/launch_plan.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"
#include "cunumpy/core/scalar.hpp"
#include "cunumpy/core/shape.hpp"
#include "cunumpy/core/small_vector.hpp"
#include "cunumpy/runtime/build_info.hpp"
#include "cunumpy/runtime/cuda_info.hpp"
#include "cunumpy/runtime/device.hpp"
#include "cunumpy/runtime/stream.hpp"
#include "cunumpy/memory/async_pool.hpp"
#include "cunumpy/memory/memory.hpp"
#include "cunumpy/memory/pool.hpp"
#include "cunumpy/ops/clip.hpp"
#include "cunumpy/ops/copying.hpp"
#include "cunumpy/ops/correlation.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/differences.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/elementwise_kernel.hpp"
#include "cunumpy/ops/fft.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/linalg.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/nan_reductions.hpp"
#include "cunumpy/ops/op_warnings.hpp"
#include "cunumpy/ops/order_statistics.hpp"
#include "cunumpy/ops/padding.hpp"
#include "cunumpy/ops/raw_kernel.hpp"
#include "cunumpy/ops/rearranging.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/reduction_kernel.hpp"
#include "cunumpy/ops/scan.hpp"
#include "cunumpy/ops/searching.hpp"
#include "cunumpy/ops/sets.hpp"
#include "cunumpy/ops/sorting.hpp"
#include "cunumpy/ops/statistics.hpp"
#include "cunumpy/ops/stride_tricks.hpp"
#include "cunumpy/ops/ufunc_methods.hpp"
#include "cunumpy/base/errors.hpp"
