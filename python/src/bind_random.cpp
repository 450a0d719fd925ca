// Python face of cunumpy::random (include/cunumpy/ops/random.hpp): one class wrapping a
// Generator; python/cunumpy/random builds CuPy's RandomState and NumPy's Generator on it.
// Parameters arrive as Python numbers (kept exact for integers), cunumpy arrays, or other
// array_likes (converted with cunumpy.asarray); size as None, an int or a sequence.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/random.hpp"
#include "py_convert.hpp"
#include "py_operand.hpp"

namespace nb = nanobind;
using namespace cunumpy;
using cunumpy::random::Generator;
using cunumpy::random::Param;
using cunumpy::random::Size;

namespace {

Param to_param(nb::handle o) {
  if (nb::isinstance<ndarray>(o)) return Param(nb::cast<ndarray>(o));
  if (PyBool_Check(o.ptr())) return Param(o.ptr() == Py_True ? 1 : 0);
  if (PyLong_Check(o.ptr())) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(o.ptr(), &overflow);
    if (!overflow) return Param(v);
    if (overflow > 0) {
      const unsigned long long u = PyLong_AsUnsignedLongLong(o.ptr());
      if (!PyErr_Occurred()) return Param(u);
      PyErr_Clear();
      // Past 2^64: exact bounds are out of range of every dtype; keep the magnitude.
      return Param(PyLong_AsDouble(o.ptr()));
    }
    PyErr_Clear();
    return Param(PyLong_AsDouble(o.ptr()));
  }
  if (PyFloat_Check(o.ptr())) return Param(PyFloat_AsDouble(o.ptr()));
  if (py::is_numpy_scalar(o)) {
    const Scalar s = py::to_scalar(o);
    if (s.dtype().is_complex()) throw TypeError("random: complex parameters are not supported");
    if (s.dtype().is_signed_integer() || s.dtype().is_bool()) return Param(static_cast<long long>(s.to_int64()));
    if (s.dtype().is_unsigned_integer()) return Param(static_cast<unsigned long long>(s.to_int64()));
    return Param(s.to_double());
  }
  return Param(py::array_like(o));
}

Size to_size(nb::handle o) {
  if (o.is_none()) return std::nullopt;
  return py::to_shape(o);
}

using Dist = std::function<ndarray(Generator&, const std::vector<Param>&, const Size&, DType)>;

const std::unordered_map<std::string, Dist>& distributions() {
  using P = const std::vector<Param>&;
  static const auto* table = new std::unordered_map<std::string, Dist>{
      {"random", [](Generator& g, P, const Size& s, DType d) { return g.random(s, d); }},
      {"standard_normal", [](Generator& g, P, const Size& s, DType d) { return g.standard_normal(s, d); }},
      {"normal", [](Generator& g, P p, const Size& s, DType d) { return g.normal(p[0], p[1], s, d); }},
      {"uniform", [](Generator& g, P p, const Size& s, DType d) { return g.uniform(p[0], p[1], s, d); }},
      {"uniform_legacy", [](Generator& g, P p, const Size& s, DType d) { return g.uniform(p[0], p[1], s, d, true); }},
      {"standard_exponential", [](Generator& g, P, const Size& s, DType d) { return g.standard_exponential(s, d); }},
      {"exponential", [](Generator& g, P p, const Size& s, DType d) { return g.exponential(p[0], s, d); }},
      {"standard_gamma", [](Generator& g, P p, const Size& s, DType d) { return g.standard_gamma(p[0], s, d); }},
      {"gamma", [](Generator& g, P p, const Size& s, DType d) { return g.gamma(p[0], p[1], s, d); }},
      {"beta", [](Generator& g, P p, const Size& s, DType d) { return g.beta(p[0], p[1], s, d); }},
      {"chisquare", [](Generator& g, P p, const Size& s, DType d) { return g.chisquare(p[0], s, d); }},
      {"f", [](Generator& g, P p, const Size& s, DType d) { return g.f(p[0], p[1], s, d); }},
      {"standard_t", [](Generator& g, P p, const Size& s, DType d) { return g.standard_t(p[0], s, d); }},
      {"standard_cauchy", [](Generator& g, P, const Size& s, DType d) { return g.standard_cauchy(s, d); }},
      {"lognormal", [](Generator& g, P p, const Size& s, DType d) { return g.lognormal(p[0], p[1], s, d); }},
      {"laplace", [](Generator& g, P p, const Size& s, DType d) { return g.laplace(p[0], p[1], s, d); }},
      {"logistic", [](Generator& g, P p, const Size& s, DType d) { return g.logistic(p[0], p[1], s, d); }},
      {"gumbel", [](Generator& g, P p, const Size& s, DType d) { return g.gumbel(p[0], p[1], s, d); }},
      {"rayleigh", [](Generator& g, P p, const Size& s, DType d) { return g.rayleigh(p[0], s, d); }},
      {"weibull", [](Generator& g, P p, const Size& s, DType d) { return g.weibull(p[0], s, d); }},
      {"pareto", [](Generator& g, P p, const Size& s, DType d) { return g.pareto(p[0], s, d); }},
      {"power", [](Generator& g, P p, const Size& s, DType d) { return g.power(p[0], s, d); }},
      {"triangular", [](Generator& g, P p, const Size& s, DType d) { return g.triangular(p[0], p[1], p[2], s, d); }},
      {"wald", [](Generator& g, P p, const Size& s, DType d) { return g.wald(p[0], p[1], s, d); }},
      {"poisson", [](Generator& g, P p, const Size& s, DType d) { return g.poisson(p[0], s, d); }},
      {"binomial", [](Generator& g, P p, const Size& s, DType d) { return g.binomial(p[0], p[1], s, d); }},
      {"geometric", [](Generator& g, P p, const Size& s, DType d) { return g.geometric(p[0], s, d); }},
      {"negative_binomial", [](Generator& g, P p, const Size& s, DType d) { return g.negative_binomial(p[0], p[1], s, d); }},
      {"negative_binomial_legacy",
       [](Generator& g, P p, const Size& s, DType d) { return g.negative_binomial(p[0], p[1], s, d, true); }},
      {"noncentral_chisquare", [](Generator& g, P p, const Size& s, DType d) { return g.noncentral_chisquare(p[0], p[1], s, d); }},
      {"noncentral_f", [](Generator& g, P p, const Size& s, DType d) { return g.noncentral_f(p[0], p[1], p[2], s, d); }},
      {"vonmises", [](Generator& g, P p, const Size& s, DType d) { return g.vonmises(p[0], p[1], s, d); }},
      {"logseries", [](Generator& g, P p, const Size& s, DType d) { return g.logseries(p[0], s, d); }},
      {"zipf", [](Generator& g, P p, const Size& s, DType d) { return g.zipf(p[0], s, d); }},
      {"hypergeometric", [](Generator& g, P p, const Size& s, DType d) { return g.hypergeometric(p[0], p[1], p[2], s, d); }},
      {"hypergeometric_legacy",
       [](Generator& g, P p, const Size& s, DType d) { return g.hypergeometric(p[0], p[1], p[2], s, d, true); }},
      {"random_raw", [](Generator& g, P, const Size& s, DType d) { return g.random_raw(s, d); }},
  };
  return *table;
}

random::Messages messages(bool legacy) {
  return legacy ? random::Messages::Legacy : random::Messages::Generator;
}

}  // namespace

void bind_random(nb::module_& m) {
  nb::class_<Generator>(m, "RandomGenerator")
      .def("__init__",
           [](Generator* self, uint32_t key0, uint32_t key1, uint64_t counter, int kind) {
             new (self) Generator(random::BitGenerator(key0, key1, counter, static_cast<random::BitGeneratorKind>(kind)));
           },
           nb::arg("key0"), nb::arg("key1"), nb::arg("counter") = 0, nb::arg("kind") = 0)
      .def_static("from_seed",
                  [](uint64_t seed, int kind) {
                    return Generator(random::BitGenerator(seed, static_cast<random::BitGeneratorKind>(kind)));
                  },
                  nb::arg("seed"), nb::arg("kind") = 0)
      .def_static("default_rng_key",
                  [](uint64_t seed) {
                    // Hold the Generator: default_rng returns it by value, and a reference
                    // into the temporary dangled (ASan: stack-use-after-scope).
                    const Generator g = random::default_rng(seed);
                    const random::BitGenerator& b = g.bit_generator();
                    return std::make_tuple(b.key0(), b.key1());
                  })
      .def("state",
           [](const Generator& g) {
             const auto& b = g.bit_generator();
             return std::make_tuple(b.key0(), b.key1(), b.counter());
           })
      .def("set_state",
           [](Generator& g, uint32_t key0, uint32_t key1, uint64_t counter) {
             g.bit_generator().set_state(key0, key1, counter);
           })
      .def("draw",
           [](Generator& g, const std::string& name, nb::list params, nb::handle size, nb::handle dtype) {
             auto it = distributions().find(name);
             if (it == distributions().end()) throw ValueError("unknown distribution " + name);
             std::vector<Param> ps;
             for (nb::handle p : params) ps.push_back(to_param(p));
             while (ps.size() < 3) ps.emplace_back(0.0);
             return it->second(g, ps, to_size(size), py::to_dtype(dtype));
           },
           nb::arg("name"), nb::arg("params"), nb::arg("size").none(), nb::arg("dtype"))
      .def("integers",
           [](Generator& g, nb::handle low, nb::handle high, nb::handle size, nb::handle dtype, bool endpoint,
              bool legacy) {
             std::optional<Param> hi;
             if (!high.is_none()) hi = to_param(high);
             const DType dt = py::to_dtype(dtype);
             (void)legacy;
             return g.integers(to_param(low), hi, to_size(size), dt, endpoint);
           },
           nb::arg("low").none(), nb::arg("high").none(), nb::arg("size").none(), nb::arg("dtype"),
           nb::arg("endpoint") = false, nb::arg("legacy") = false)
      .def("permutation_n", [](Generator& g, int64_t n) { return g.permutation(n); })
      .def("permutation",
           [](Generator& g, const ndarray& x, int64_t axis, bool legacy) { return g.permutation(x, axis, messages(legacy)); })
      .def("shuffle", [](Generator& g, ndarray& x, int64_t axis) { g.shuffle(x, axis); })
      .def("permuted", [](Generator& g, const ndarray& x, std::optional<int64_t> axis) { return g.permuted(x, axis); },
           nb::arg("x"), nb::arg("axis").none())
      .def("choice_n",
           [](Generator& g, int64_t n, nb::handle size, bool replace, std::optional<ndarray> p, bool legacy) {
             return g.choice(n, to_size(size), replace, p, messages(legacy));
           },
           nb::arg("n"), nb::arg("size").none(), nb::arg("replace"), nb::arg("p").none(), nb::arg("legacy"))
      .def("choice",
           [](Generator& g, const ndarray& a, nb::handle size, bool replace, std::optional<ndarray> p, int64_t axis,
              bool legacy) { return g.choice(a, to_size(size), replace, p, axis, messages(legacy)); },
           nb::arg("a"), nb::arg("size").none(), nb::arg("replace"), nb::arg("p").none(), nb::arg("axis"),
           nb::arg("legacy"))
      .def("multivariate_normal",
           [](Generator& g, const ndarray& mean, const ndarray& cov, nb::handle size, nb::handle dtype) {
             return g.multivariate_normal(mean, cov, to_size(size), py::to_dtype(dtype));
           },
           nb::arg("mean"), nb::arg("cov"), nb::arg("size").none(), nb::arg("dtype"))
      .def("multinomial",
           [](Generator& g, nb::handle n, const ndarray& pvals, nb::handle size, nb::handle dtype) {
             return g.multinomial(to_param(n), pvals, to_size(size), py::to_dtype(dtype));
           },
           nb::arg("n"), nb::arg("pvals"), nb::arg("size").none(), nb::arg("dtype"))
      .def("bytes", [](Generator& g, int64_t n) {
        const std::vector<uint8_t> b = g.bytes(n);
        return nb::bytes(reinterpret_cast<const char*>(b.data()), b.size());
      });
}
