// Shared by the random ops files (distributions.cpp, sampling.cpp): shapes, parameter
// checks with NumPy's messages, and the one function that builds a RandomTask. Internal.
#pragma once
#include <initializer_list>
#include <optional>
#include <string>

#include "core/backend_tasks_random.hpp"
#include "cunumpy/ops/random.hpp"

namespace cunumpy::random::detail_random {

// "(2, 3)" as NumPy prints a shape.
std::string shape_text(const Shape& s);
// `size` when given (every array parameter must broadcast to it: ValueError with NumPy's
// "shape mismatch" message), else the broadcast shape of the array parameters.
Shape result_shape(std::initializer_list<const Param*> params, const Size& size);
// `a` on `device`, broadcast to `shape`, C-contiguous, of `dtype`.
ndarray param_array(const ndarray& a, const Shape& shape, DType dtype, Device device);

enum class Check { Negative, NonPositive, NegativeOrNaN, Probability, OpenProbability };
// ValueError(message) when a value of `p` fails the check (arrays: any element).
void check(const Param& p, Check c, const char* message);
// TypeError "Unsupported dtype dtype('int32') for random" unless float32/float64.
void check_float_dtype(DType dtype, const char* method);

// Draws `shape` values of `dist` into a new array of `dtype` on the current device and
// advances bg's counter by the counters the draw used.
ndarray run_draw(BitGenerator& bg, detail::RandomDist dist, DType dtype, const Shape& shape,
                 std::initializer_list<const Param*> fparams, const ndarray* iparams,
                 const int64_t* iscalars, bool wide);

// Generator.integers / RandomState.randint (method names the dtype error); as_bool: a
// uint8 draw within bool's bounds [0, 1] (the caller casts it).
ndarray integers_impl(BitGenerator& bg, const Param& low, const std::optional<Param>& high,
                      const Size& size, DType dtype, bool endpoint, const char* method, bool as_bool = false);

}  // namespace cunumpy::random::detail_random
