// Array creation with NumPy's names and defaults (float64, C order, current device).
#pragma once
#include <complex>
#include <optional>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

ndarray empty(const Shape& shape, DType dtype = float64, Order order = Order::C);
ndarray empty(const Shape& shape, DType dtype, Order order, Device device);
ndarray zeros(const Shape& shape, DType dtype = float64, Order order = Order::C);
ndarray ones(const Shape& shape, DType dtype = float64, Order order = Order::C);
// dtype defaults to the value's own dtype (int64, float64, complex128 or bool).
ndarray full(const Shape& shape, const Scalar& value, std::optional<DType> dtype = std::nullopt,
             Order order = Order::C);

// The *_like forms keep a's dtype, layout (order K) and device unless overridden.
ndarray empty_like(const ndarray& a, std::optional<DType> dtype = std::nullopt,
                   Order order = Order::K, std::optional<Shape> shape = std::nullopt);
ndarray zeros_like(const ndarray& a, std::optional<DType> dtype = std::nullopt,
                   Order order = Order::K, std::optional<Shape> shape = std::nullopt);
ndarray ones_like(const ndarray& a, std::optional<DType> dtype = std::nullopt,
                  Order order = Order::K, std::optional<Shape> shape = std::nullopt);
ndarray full_like(const ndarray& a, const Scalar& value, std::optional<DType> dtype = std::nullopt,
                  Order order = Order::K, std::optional<Shape> shape = std::nullopt);

// Values start, start+step, ... below stop, computed as NumPy computes them (the first two
// values in the result dtype, then start + i * delta). dtype defaults from the arguments.
ndarray arange(const Scalar& start, const Scalar& stop, const Scalar& step = Scalar(1),
               std::optional<DType> dtype = std::nullopt);
ndarray arange(const Scalar& stop, std::optional<DType> dtype = std::nullopt);
// NumPy's arange fill of `length` values in `dtype`: first and second stored (cast to
// dtype), then first + i * (second - first). What arange computes after its length; the
// Python binding calls it with NumPy's length and second value of NumPy scalar bounds.
ndarray arange_from(const Scalar& first, const Scalar& second, int64_t length, DType dtype);
// num values from start to stop; `step_out` receives the spacing when given.
ndarray linspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                 std::optional<DType> dtype = std::nullopt, double* step_out = nullptr);
ndarray logspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                 double base = 10.0, std::optional<DType> dtype = std::nullopt);
ndarray eye(int64_t n, std::optional<int64_t> m = std::nullopt, int64_t k = 0,
            DType dtype = float64, Order order = Order::C);
ndarray identity(int64_t n, DType dtype = float64);
ndarray tri(int64_t n, std::optional<int64_t> m = std::nullopt, int64_t k = 0, DType dtype = float64);
// m with the entries above (tril) or below (triu) the k-th diagonal of the last two axes
// zeroed; a 1-d m is taken as a row repeated (NumPy's rule). Computed on m's device.
ndarray tril(const ndarray& m, int64_t k = 0);
ndarray triu(const ndarray& m, int64_t k = 0);

// A new array on `device` holding a copy of host memory laid out with `strides` (bytes).
ndarray array_from_host(const void* data, const Shape& shape, const Strides& strides, DType dtype,
                        Device device);
// `a` on the current device (or `device`), with `dtype`; copies only when needed unless
// copy is true.
ndarray asarray(const ndarray& a, std::optional<DType> dtype = std::nullopt, bool copy = false,
                std::optional<Device> device = std::nullopt);
ndarray ascontiguousarray(const ndarray& a, std::optional<DType> dtype = std::nullopt);
ndarray asfortranarray(const ndarray& a, std::optional<DType> dtype = std::nullopt);

}  // namespace cunumpy
