// Python objects as ufunc operands (CuPy's and NEP 50's rules), shared by the ufunc
// bindings and the functions built on ufuncs (where, clip, searchsorted, ...): Python
// bool/int/float/complex are weak scalars, NumPy scalars strong 0-d values, a cunumpy
// ndarray itself; a numpy.ndarray raises TypeError (no implicit host-to-device copy).
#pragma once
#include <nanobind/nanobind.h>

#include "cunumpy/core/op_types.hpp"

namespace cunumpy::py {
namespace nb = nanobind;

enum class Convert { Ok, Unknown };

// Converts one operand; Unknown for objects that are none of the above (lists, ...).
Convert to_operand(nb::handle obj, Operand* out);
// The same, TypeError for Unknown.
Operand require_operand(nb::handle obj);
// The same, with anything else (lists, tuples, numpy arrays) through cunumpy.asarray.
Operand array_like_operand(nb::handle obj);
// obj as an ndarray: itself, or cunumpy.asarray(obj).
ndarray array_like(nb::handle obj);

}  // namespace cunumpy::py
