// Python face of cunumpy::fft (include/cunumpy/ops/fft.hpp): the transforms take ndarrays
// (python/cunumpy/fft converts array_likes and checks n/s/axes types), norm as None or a
// string, plan as None or an FftPlan (fft::Plan, made by fft_make_plan); the plan cache
// functions act on the current device, as CuPy's config does.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/fft.hpp"
#include "cunumpy/runtime/device.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;

namespace {

fft::Norm to_norm(const std::optional<std::string>& norm) {
  return norm ? fft::norm_from_string(*norm) : fft::Norm::Backward;
}

using OneAxis = ndarray (*)(const ndarray&, std::optional<int64_t>, int64_t, fft::Norm, const fft::Plan*);
using ManyAxes = ndarray (*)(const ndarray&, fft::Sizes, fft::Axes, fft::Norm, const fft::Plan*);

void def_one(nb::module_& m, const char* name, OneAxis f) {
  m.def(name, [f](const ndarray& a, std::optional<int64_t> n, int64_t axis, std::optional<std::string> norm,
                  const fft::Plan* plan) { return f(a, n, axis, to_norm(norm), plan); },
        nb::arg("a"), nb::arg("n").none() = nb::none(), nb::arg("axis") = -1, nb::arg("norm").none() = nb::none(),
        nb::arg("plan").none() = nb::none());
}

void def_many(nb::module_& m, const char* name, ManyAxes f) {
  m.def(name, [f](const ndarray& a, fft::Sizes s, fft::Axes axes, std::optional<std::string> norm,
                  const fft::Plan* plan) { return f(a, std::move(s), std::move(axes), to_norm(norm), plan); },
        nb::arg("a"), nb::arg("s").none() = nb::none(), nb::arg("axes").none() = nb::none(),
        nb::arg("norm").none() = nb::none(), nb::arg("plan").none() = nb::none());
}

const char* transform_name(fft::Transform t) {
  return t == fft::Transform::C2C ? "C2C" : t == fft::Transform::R2C ? "R2C" : "C2R";
}

fft::Transform transform_of(const std::string& v) {
  if (v == "C2C") return fft::Transform::C2C;
  if (v == "R2C") return fft::Transform::R2C;
  if (v == "C2R") return fft::Transform::C2R;
  throw ValueError("value_type must be 'C2C', 'R2C' or 'C2R', got '" + v + "'");
}

nb::tuple tuple_of(const std::vector<int64_t>& v) {
  nb::list l;
  for (int64_t x : v) l.append(x);
  return nb::tuple(l);
}

}  // namespace

void bind_fft(nb::module_& m) {
  def_one(m, "fft_fft", fft::fft);
  def_one(m, "fft_ifft", fft::ifft);
  def_one(m, "fft_rfft", fft::rfft);
  def_one(m, "fft_irfft", fft::irfft);
  def_one(m, "fft_hfft", fft::hfft);
  def_one(m, "fft_ihfft", fft::ihfft);
  def_many(m, "fft_fftn", fft::fftn);
  def_many(m, "fft_ifftn", fft::ifftn);
  def_many(m, "fft_rfftn", fft::rfftn);
  def_many(m, "fft_irfftn", fft::irfftn);
  nb::class_<fft::Plan>(m, "FftPlan", "A plan made ahead for one transform (cunumpy::fft::Plan).")
      .def_prop_ro("value_type", [](const fft::Plan& p) { return transform_name(p.transform()); })
      .def_prop_ro("dtype", [](const fft::Plan& p) { return py::dtype_object(p.dtype()); })
      .def_prop_ro("device", [](const fft::Plan& p) { return p.device().str(); })
      .def_prop_ro("shape", [](const fft::Plan& p) { return tuple_of(p.shape().to_vector()); })
      .def_prop_ro("axes", [](const fft::Plan& p) { return tuple_of(p.axes()); })
      .def_prop_ro("lengths", [](const fft::Plan& p) { return tuple_of(p.lengths()); })
      .def_prop_ro("nd_planning", &fft::Plan::nd_planning)
      .def_prop_ro("backend_plan_count", [](const fft::Plan& p) { return p.backend_plans().size(); });
  m.def("fft_make_plan", [](const ndarray& a, fft::Sizes s, fft::Axes axes, const std::string& value_type) {
    return fft::make_plan(a, std::move(s), std::move(axes), transform_of(value_type));
  }, nb::arg("a"), nb::arg("s").none() = nb::none(), nb::arg("axes").none() = nb::none(),
     nb::arg("value_type") = "C2C");
  m.def("fft_set_nd_planning", &fft::set_nd_planning, nb::arg("enabled"));
  m.def("fft_nd_planning", &fft::nd_planning);
  m.def("fft_fftfreq", [](int64_t n, double d) { return fft::fftfreq(n, d); }, nb::arg("n"), nb::arg("d") = 1.0);
  m.def("fft_rfftfreq", [](int64_t n, double d) { return fft::rfftfreq(n, d); }, nb::arg("n"), nb::arg("d") = 1.0);
  m.def("fft_fftshift", [](const ndarray& x, fft::Axes axes) { return fft::fftshift(x, std::move(axes)); },
        nb::arg("x"), nb::arg("axes").none() = nb::none());
  m.def("fft_ifftshift", [](const ndarray& x, fft::Axes axes) { return fft::ifftshift(x, std::move(axes)); },
        nb::arg("x"), nb::arg("axes").none() = nb::none());
  // (size, max_size, memsize, max_memsize, hits, misses) of the current device's cache.
  m.def("fft_plan_cache_info", [] {
    const fft::PlanCacheInfo i = fft::plan_cache_info(current_device());
    return nb::make_tuple(i.size, i.max_size, i.memsize, i.max_memsize, i.hits, i.misses);
  });
  m.def("fft_set_plan_cache_limits", [](std::optional<int64_t> size, std::optional<int64_t> memsize) {
    fft::set_plan_cache_limits(current_device(), size, memsize);
  }, nb::arg("size").none() = nb::none(), nb::arg("memsize").none() = nb::none());
  m.def("fft_clear_plan_cache", [] { fft::clear_plan_cache(current_device()); });
}
