// Conversions between Python objects and core values (dtypes, scalars, shapes, axes),
// shared by every binding file. Each is on the per-call path: keep them cheap.
#pragma once
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>  // every TU must see the same std::string caster (ODR)

#include <functional>
#include <memory>
#include <optional>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/scalar.hpp"
#include "cunumpy/core/shape.hpp"

namespace cunumpy::py {
namespace nb = nanobind;

// Must run once at import: caches numpy and its dtype objects.
void init_convert();

// Accepts numpy dtype objects, scalar types (np.float32, float, int, bool, complex),
// strings and char codes. TypeError for anything cunumpy does not support.
DType to_dtype(nb::handle obj);
std::optional<DType> to_optional_dtype(nb::handle obj);  // None -> nullopt
// The numpy.dtype object for `d` (cached).
nb::object dtype_object(DType d);
nb::handle numpy_module();

// Python bool/int/float/complex and NumPy scalars. `weak` reports a Python scalar
// (NEP 50). TypeError for anything else.
bool is_python_scalar(nb::handle obj);
bool is_numpy_scalar(nb::handle obj);
Scalar to_scalar(nb::handle obj, bool* weak = nullptr);
nb::object scalar_to_python(const Scalar& s);

// An int or a sequence of ints.
Shape to_shape(nb::handle obj);
nb::object shape_to_tuple(const Shape& s);
// An int or a sequence of ints, as axes.
SmallVector<int64_t, 8> to_axes(nb::handle obj);
Order to_order(nb::handle obj, Order dflt);
Casting to_casting(nb::handle obj);
// order= of empty/zeros/ones/full: 'C' or 'F' only (NumPy's ValueError for 'A' and 'K').
Order to_creation_order(nb::handle obj);

// Raises as NumPy does when Python scalar `value` (converted to `s`) is stored into an
// array of dtype `d`: complex into a real type, NaN/inf into an integer, ints out of range.
void check_python_scalar_store(nb::handle value, const Scalar& s, DType d);

// A Python int (or __index__ object) as int64; OverflowError when it does not fit.
int64_t to_int64(nb::handle obj);
// NumPy's TypeError for a non-integer where an integer (an axis, a count) belongs:
// "'tuple' object cannot be interpreted as an integer".
[[noreturn]] void throw_not_an_integer(nb::handle obj);

bool is_ndarray(nb::handle obj);
ndarray& as_ndarray(nb::handle obj);

// Nested lists and tuples that hold cunumpy arrays (mixed with scalars and host arrays):
// `holds_device_array` says whether `obj` is one; `nested_to_device_array` builds the array
// on the current device, each array copied into its place (no host round trip), with
// NumPy's shape discovery, dtype promotion and ValueError for ragged input. `host_leaf`
// converts any other element (a NumPy array, ...) to a cunumpy array.
using HostLeafConverter = std::function<ndarray(nb::handle)>;
bool holds_device_array(nb::handle obj);
ndarray nested_to_device_array(nb::handle obj, std::optional<DType> dtype, const HostLeafConverter& host_leaf);
// Anything that is not one of our arrays, as an array on the current device: an object
// exposing __cuda_array_interface__ (Numba, PyTorch, CuPy) as a view of its memory (a copy
// with `copy_views`), nested sequences holding cunumpy arrays through the host, the rest
// through numpy.asarray and one upload (bind_ndarray.cpp).
ndarray from_python(nb::handle obj, std::optional<DType> dtype, bool copy_views = false);
// The producer's memory as an array, ordered after its stream (bind_dlpack.cpp).
ndarray from_cuda_array_interface(nb::handle obj);

// Keeps a Python object alive from C++ (e.g. as a Memory's owner) and drops the reference
// with the GIL taken, from whichever thread releases it; nothing at interpreter shutdown.
std::shared_ptr<void> hold_python(nb::handle obj);

}  // namespace cunumpy::py
