// Module-level creation and shape functions of cunumpy._core.
#include <nanobind/nanobind.h>
#include <nanobind/stl/vector.h>

#include <cctype>
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/runtime/stream.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"

namespace nb = nanobind;

namespace cunumpy::py {

namespace {

std::optional<Shape> optional_shape(nb::handle s) {
  if (s.is_none()) return std::nullopt;
  return to_shape(s);
}

Scalar fill_scalar(nb::handle v, std::optional<DType> dtype) {
  Scalar s = to_scalar(v);
  // full() copies with unsafe casting: only Python ints out of range raise (NEP 50).
  if (PyLong_Check(v.ptr()) && !PyBool_Check(v.ptr())) check_python_scalar_store(v, s, dtype.value_or(s.dtype()));
  return s;
}

// asarray on our arrays; copy: None (when needed), True (always), False (never). A dtype
// change is a cast NumPy reports on ("invalid value encountered in cast" for NaN to int).
ndarray asarray_ndarray(const ndarray& a, nb::handle dtype, nb::handle copy) {
  std::optional<DType> dt = to_optional_dtype(dtype);
  const bool must_copy = !copy.is_none() && nb::cast<bool>(copy);
  if (!copy.is_none() && !nb::cast<bool>(copy)) {
    if ((dt && *dt != a.dtype()) || a.device() != current_device())
      throw ValueError("Unable to avoid copy while creating an array as requested.");
  }
  if (!dt || *dt == a.dtype()) return asarray(a, dt, must_copy);
  begin_fp_errors();
  ndarray out = asarray(a, dt, must_copy);
  report_fp_errors("cast");
  return out;
}

// asarray's order=: 'C'/'F' copy unless the array already is; 'A' keeps either layout,
// else C; 'K' keeps it (case-insensitive, as NumPy).
ndarray with_asarray_order(const ndarray& out, nb::handle order) {
  std::string o;
  if (nb::isinstance<nb::str>(order)) o = nb::cast<std::string>(order);
  for (char& c : o) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (o != "C" && o != "F" && o != "A" && o != "K")
    throw ValueError("order must be one of 'C', 'F', 'A', or 'K' (got " +
                     nb::cast<std::string>(nb::repr(order)) + ")");
  if (o == "F" && !out.f_contiguous()) return out.copy(Order::F);
  if (o == "C" && !out.c_contiguous()) return out.copy(Order::C);
  if (o == "A" && !(out.c_contiguous() || out.f_contiguous())) return out.copy(Order::C);
  return out;
}

}  // namespace

void bind_creation(nb::module_& m) {
  m.def("empty", [](nb::handle shape, nb::handle dtype, nb::handle order) {
    // Converted in NumPy's order (shape, dtype, order): C++ leaves the order of a call's
    // argument evaluation unspecified, and the first bad argument names the error.
    Shape s = to_shape(shape);
    const DType dt = to_dtype(dtype);
    return empty(s, dt, to_creation_order(order));
  }, nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("order").none() = "C");
  m.def("zeros", [](nb::handle shape, nb::handle dtype, nb::handle order) {
    Shape s = to_shape(shape);  // shape, dtype, order: NumPy's order (see empty)
    const DType dt = to_dtype(dtype);
    return zeros(s, dt, to_creation_order(order));
  }, nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("order").none() = "C");
  m.def("ones", [](nb::handle shape, nb::handle dtype, nb::handle order) {
    Shape s = to_shape(shape);  // shape, dtype, order: NumPy's order (see empty)
    const DType dt = to_dtype(dtype);
    return ones(s, dt, to_creation_order(order));
  }, nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("order").none() = "C");
  m.def("full", [](nb::handle shape, nb::handle value, nb::handle dtype, nb::handle order) {
    Shape s = to_shape(shape);  // shape, dtype, fill value, order: NumPy's order (see empty)
    // NumPy allocates the result before it converts the fill value: a negative or an
    // overflowing shape is its error first.
    int64_t count = 1;
    for (int64_t d : s)
      if (d < 0) throw ValueError("negative dimensions are not allowed");
    for (int64_t d : s)
      if (__builtin_mul_overflow(count, d, &count))
        throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
    auto dt = to_optional_dtype(dtype);
    Scalar fill = fill_scalar(value, dt);
    return full(s, fill, dt, to_creation_order(order));
  }, nb::arg("shape"), nb::arg("fill_value").none(), nb::arg("dtype") = nb::none(), nb::arg("order").none() = "C");

  m.def("empty_like", [](const ndarray& a, nb::handle dtype, nb::handle order, nb::handle shape) {
    return empty_like(a, to_optional_dtype(dtype), to_order(order, Order::K), optional_shape(shape));
  }, nb::arg("a"), nb::arg("dtype") = nb::none(), nb::arg("order").none() = "K", nb::arg("shape") = nb::none());
  m.def("zeros_like", [](const ndarray& a, nb::handle dtype, nb::handle order, nb::handle shape) {
    return zeros_like(a, to_optional_dtype(dtype), to_order(order, Order::K), optional_shape(shape));
  }, nb::arg("a"), nb::arg("dtype") = nb::none(), nb::arg("order").none() = "K", nb::arg("shape") = nb::none());
  m.def("ones_like", [](const ndarray& a, nb::handle dtype, nb::handle order, nb::handle shape) {
    return ones_like(a, to_optional_dtype(dtype), to_order(order, Order::K), optional_shape(shape));
  }, nb::arg("a"), nb::arg("dtype") = nb::none(), nb::arg("order").none() = "K", nb::arg("shape") = nb::none());
  m.def("full_like", [](const ndarray& a, nb::handle value, nb::handle dtype, nb::handle order, nb::handle shape) {
    auto dt = to_optional_dtype(dtype);
    return full_like(a, fill_scalar(value, dt.value_or(a.dtype())), dt, to_order(order, Order::K), optional_shape(shape));
  }, nb::arg("a"), nb::arg("fill_value"), nb::arg("dtype") = nb::none(), nb::arg("order").none() = "K",
     nb::arg("shape") = nb::none());

  m.def("arange", [](nb::handle start, nb::handle stop, nb::handle step, nb::handle dtype) {
    const std::optional<DType> dt = to_optional_dtype(dtype);
    const Scalar first = to_scalar(start);
    // NumPy stores start into the result first: a Python int out of range raises there.
    if (dt && PyLong_Check(start.ptr()) && !PyBool_Check(start.ptr())) check_python_scalar_store(start, first, *dt);
    return arange(first, to_scalar(stop), to_scalar(step), dt);
  }, nb::arg("start"), nb::arg("stop"), nb::arg("step"), nb::arg("dtype") = nb::none());
  m.def("_arange_from", [](nb::handle first, nb::handle second, int64_t length, nb::handle dtype) {
    return arange_from(to_scalar(first), to_scalar(second), length, to_dtype(dtype));
  }, nb::arg("first"), nb::arg("second"), nb::arg("length"), nb::arg("dtype"));
  m.def("linspace", [](nb::handle start, nb::handle stop, int64_t num, bool endpoint, nb::handle dtype) {
    double step = 0;
    const Scalar first = to_scalar(start), last = to_scalar(stop);
    const auto dt = to_optional_dtype(dtype);
    // Its steps' errors under NumPy's names (subtract, divide, multiply, add, cast).
    ndarray r = fp_reported("linspace", [&] { return linspace(first, last, num, endpoint, dt, &step); });
    return nb::make_tuple(r, step);
  }, nb::arg("start"), nb::arg("stop"), nb::arg("num"), nb::arg("endpoint"), nb::arg("dtype") = nb::none());
  m.def("logspace", [](nb::handle start, nb::handle stop, int64_t num, bool endpoint, double base, nb::handle dtype) {
    return fp_reported("power", [&] {
      return logspace(to_scalar(start), to_scalar(stop), num, endpoint, base, to_optional_dtype(dtype));
    });
  }, nb::arg("start"), nb::arg("stop"), nb::arg("num"), nb::arg("endpoint"), nb::arg("base"), nb::arg("dtype") = nb::none());
  m.def("eye", [](int64_t n, nb::handle mm, int64_t k, nb::handle dtype, nb::handle order) {
    std::optional<int64_t> M;
    if (!mm.is_none()) M = nb::cast<int64_t>(mm);
    return eye(n, M, k, to_dtype(dtype), to_order(order, Order::C));
  }, nb::arg("N"), nb::arg("M") = nb::none(), nb::arg("k") = 0, nb::arg("dtype") = nb::none(), nb::arg("order").none() = "C");
  m.def("tri", [](int64_t n, nb::handle mm, int64_t k, nb::handle dtype) {
    std::optional<int64_t> M;
    if (!mm.is_none()) M = nb::cast<int64_t>(mm);
    return tri(n, M, k, to_dtype(dtype));
  }, nb::arg("N"), nb::arg("M") = nb::none(), nb::arg("k") = 0, nb::arg("dtype") = nb::none());
  m.def("tril", [](const ndarray& a, int64_t k) { return tril(a, k); }, nb::arg("m"), nb::arg("k") = 0);
  m.def("triu", [](const ndarray& a, int64_t k) { return triu(a, k); }, nb::arg("m"), nb::arg("k") = 0);

  // asarray on our arrays; copy: None (when needed), True (always), False (never).
  m.def("asarray_ndarray", &asarray_ndarray, nb::arg("a"), nb::arg("dtype") = nb::none(),
        nb::arg("copy") = nb::none());
  // cunumpy.asarray whole: an array of ours comes back as the very object when nothing
  // had to change, so that asarray(x) of a cunumpy array costs one call and no Python work.
  m.def("asarray", [](nb::handle a, nb::handle dtype, nb::handle order, nb::handle copy, bool blocking) -> nb::object {
    ndarray out;
    if (is_ndarray(a)) {
      out = asarray_ndarray(as_ndarray(a), dtype, copy);
    } else {
      if (!copy.is_none() && !nb::cast<bool>(copy))
        throw ValueError("Unable to avoid copy while creating an array as requested.");
      out = from_python(a, to_optional_dtype(dtype));
      // From pinned memory the upload is asynchronous unless asked.
      if (blocking) current_stream().synchronize();
    }
    if (!order.is_none()) out = with_asarray_order(out, order);
    if (is_ndarray(a) && out.same_handle(as_ndarray(a))) return nb::borrow(a);
    return nb::cast(std::move(out));
  }, nb::arg("a"), nb::arg("dtype").none() = nb::none(), nb::arg("order").none() = nb::none(),
     nb::arg("copy").none() = nb::none(), nb::arg("blocking") = false);
  m.def("ascontiguousarray", [](const ndarray& a, nb::handle dtype) {
    return ascontiguousarray(a, to_optional_dtype(dtype));
  }, nb::arg("a"), nb::arg("dtype") = nb::none());
  m.def("asfortranarray", [](const ndarray& a, nb::handle dtype) {
    return asfortranarray(a, to_optional_dtype(dtype));
  }, nb::arg("a"), nb::arg("dtype") = nb::none());

  m.def("moveaxis", [](const ndarray& a, nb::handle src, nb::handle dst) {
    auto s = to_axes(src), d = to_axes(dst);
    return moveaxis(a, std::span<const int64_t>(s.data(), s.size()), std::span<const int64_t>(d.data(), d.size()));
  });
  m.def("expand_dims", [](const ndarray& a, nb::handle axis) {
    auto ax = to_axes(axis);
    return expand_dims(a, std::span<const int64_t>(ax.data(), ax.size()));
  });
  m.def("broadcast_to", [](const ndarray& a, nb::handle shape) { return broadcast_to(a, to_shape(shape)); });
  m.def("broadcast_arrays", [](std::vector<ndarray> arrays) {
    return broadcast_arrays(std::span<const ndarray>(arrays.data(), arrays.size()));
  });
  m.def("broadcast_shapes", [](nb::args shapes) {
    std::vector<Shape> v;
    for (nb::handle s : shapes) v.push_back(to_shape(s));
    return shape_to_tuple(broadcast_shapes(std::span<const Shape>(v.data(), v.size())));
  });
  m.def("concatenate", [](std::vector<ndarray> arrays, nb::handle axis, nb::handle dtype, nb::handle casting) {
    std::optional<int64_t> ax;
    if (!axis.is_none()) ax = to_int64(axis);
    return concatenate(std::span<const ndarray>(arrays.data(), arrays.size()), ax, to_optional_dtype(dtype),
                       to_casting(casting));
  }, nb::arg("arrays"), nb::arg("axis").none() = 0, nb::arg("dtype") = nb::none(), nb::arg("casting") = "same_kind");
  m.def("stack", [](std::vector<ndarray> arrays, int64_t axis, nb::handle dtype, nb::handle casting) {
    return stack(std::span<const ndarray>(arrays.data(), arrays.size()), axis, to_optional_dtype(dtype),
                 to_casting(casting));
  }, nb::arg("arrays"), nb::arg("axis") = 0, nb::arg("dtype") = nb::none(), nb::arg("casting") = "same_kind");
  m.def("atleast_1d", &atleast_1d);
  m.def("atleast_2d", &atleast_2d);
  m.def("atleast_3d", &atleast_3d);

  m.def("default_device", [] { return default_device().str(); });
  m.def("current_device", [] { return current_device().str(); });
  m.def("_set_current_device", [](const std::string& d) { set_current_device(Device::parse(d)); });
}

}  // namespace cunumpy::py
