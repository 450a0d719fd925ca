// Array creation. Fills and diagonals run on the device through the backend; arange,
// linspace and tri are generated on the host with NumPy's exact arithmetic, then uploaded.
#include "cunumpy/base/fp_errors.hpp"
#include "cunumpy/ops/creation.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <complex>
#include <cstring>
#include <type_traits>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "core/backend.hpp"
#include "core/dtype_dispatch.hpp"
#include "scalar/cn_scalar.h"

namespace cunumpy {
namespace {

// Kind of the layout *_like functions keep: F when `a` is F- but not C-contiguous.
Order like_order(const ndarray& a, Order order) {
  if (order == Order::K || order == Order::A) return (a.f_contiguous() && !a.c_contiguous()) ? Order::F : Order::C;
  return order;
}

ndarray upload(const std::vector<unsigned char>& host, const Shape& shape, DType dtype) {
  ndarray out(shape, dtype, Order::C, current_device());
  out.copy_from_host(host.data());
  return out;
}

int64_t ceil_to_length(double v) {
  if (std::isnan(v)) throw ValueError("arange: cannot compute length");
  if (!(v < 9.2e18)) throw ValueError("Maximum allowed size exceeded");
  const double c = std::ceil(v);
  return c > 0 ? static_cast<int64_t>(c) : 0;
}

// NumPy's length of a float arange: (stop - start) / step, except that a quotient that
// underflows to 0 (or a step of +-inf) from a nonzero distance still gives one element
// when it has the distance's sign.
int64_t float_length(double delta, double step) {
  const double q = delta / step;
  if (q == 0.0 && delta != 0.0) return std::signbit(q) ? 0 : 1;
  return ceil_to_length(q);
}

// An integer bound as a 128-bit value: uint64 bounds above INT64_MAX keep their value.
__int128 wide_int(const Scalar& s) {
  if (s.dtype().is_unsigned_integer()) return static_cast<__int128>(s.to_uint64());
  return s.to_int64();
}

// NumPy's length of an integer arange: the ceiling of (stop - start) / step as Python's true
// division of the ints gives it, correctly rounded to a double, not of the exact quotient.
// They differ when the quotient's fraction is below half a unit in the last place (NumPy
// makes 2 values of arange(5, -2**63, -2**62), whose quotient is 2 + 5 / 2**62), and for
// quotients beyond 2^53, which round to the double grid.
int64_t int_length(__int128 d, __int128 st) {
  if (d == 0 || (d > 0) != (st > 0)) return 0;
  using u128 = unsigned __int128;
  const u128 ad = d < 0 ? -d : d, as = st < 0 ? -st : st;
  const u128 q = ad / as, r = ad % as;
  if (q == 0) return 1;  // 0 < quotient < 1
  const uint64_t hi = static_cast<uint64_t>(q >> 64);
  const int k = hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(static_cast<uint64_t>(q));  // q in [2^k, 2^(k+1))
  u128 value;
  if (k <= 52) {
    // The doubles next to q are q and q + 2^(k-52) (at most 1 apart): the quotient rounds
    // down to q when the fraction r / as is below half that spacing (a tie goes to the
    // even one: q when k < 52); the ceiling is then q, else q + 1.
    const u128 scaled = r << (53 - k);  // r 2^(53-k) against as: r < as <= 2^65
    const bool down = scaled < as || (scaled == as && (k < 52 || (q & 1) == 0));
    value = q + (down ? 0 : 1);
  } else {
    // Spacing u = 2^(k-52) >= 2: q - low is on the grid, low + r / as is rounded against u/2.
    const u128 u = u128{1} << (k - 52), low = q & (u - 1);
    const u128 twice = 2 * (low * as + r), span = u * as;
    const bool up = twice > span || (twice == span && ((q - low) / u) % 2 == 1);
    value = q - low + (up ? u : 0);
  }
  if (value > static_cast<u128>(INT64_MAX)) throw ValueError("Maximum allowed size exceeded");
  return static_cast<int64_t>(value);
}

// One step of host arithmetic done: its IEEE flags recorded under NumPy's name for it,
// then cleared for the next step.
void fp_step(const char* name) {
  record_thread_fp_flags();
  label_fp_errors(name);
  clear_thread_fp_flags();
}

// Bytes of a host buffer of `n` elements, refusing counts whose bytes overflow int64.
std::size_t host_bytes(int64_t n, int itemsize) {
  int64_t bytes;
  if (n < 0 || __builtin_mul_overflow(n, static_cast<int64_t>(itemsize), &bytes))
    throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  return static_cast<std::size_t>(bytes);
}

}  // namespace

ndarray empty(const Shape& shape, DType dtype, Order order) {
  return ndarray(shape, dtype, order, current_device());
}
ndarray empty(const Shape& shape, DType dtype, Order order, Device device) {
  return ndarray(shape, dtype, order, device);
}
ndarray zeros(const Shape& shape, DType dtype, Order order) {
  ndarray a = empty(shape, dtype, order);
  a.fill(Scalar(0));
  return a;
}
ndarray ones(const Shape& shape, DType dtype, Order order) {
  ndarray a = empty(shape, dtype, order);
  a.fill(Scalar(1));
  return a;
}
ndarray full(const Shape& shape, const Scalar& value, std::optional<DType> dtype, Order order) {
  ndarray a = empty(shape, dtype.value_or(value.dtype()), order);
  a.fill(value);
  return a;
}

ndarray empty_like(const ndarray& a, std::optional<DType> dtype, Order order, std::optional<Shape> shape) {
  const DType dt = dtype.value_or(a.dtype());
  if (order == Order::K && !shape && !a.c_contiguous() && !a.f_contiguous()) {
    // Keep a's memory order (NumPy's 'K' for non-contiguous prototypes).
    const Strides strides = strides_like(a.shape(), a.strides(), dt.itemsize());
    MemoryPtr mem = allocate(a.device(), static_cast<std::size_t>(a.size() * dt.itemsize()));
    return ndarray(std::move(mem), 0, a.shape(), strides, dt);
  }
  const Shape& s = shape ? *shape : a.shape();
  const Order o = shape && shape->size() != a.shape().size() ? Order::C : like_order(a, order);
  return ndarray(s, dt, o, a.device());
}
ndarray zeros_like(const ndarray& a, std::optional<DType> dtype, Order order, std::optional<Shape> shape) {
  ndarray r = empty_like(a, dtype, order, shape);
  r.fill(Scalar(0));
  return r;
}
ndarray ones_like(const ndarray& a, std::optional<DType> dtype, Order order, std::optional<Shape> shape) {
  ndarray r = empty_like(a, dtype, order, shape);
  r.fill(Scalar(1));
  return r;
}
ndarray full_like(const ndarray& a, const Scalar& value, std::optional<DType> dtype, Order order,
                  std::optional<Shape> shape) {
  ndarray r = empty_like(a, dtype, order, shape);
  r.fill(value);
  return r;
}

ndarray arange(const Scalar& stop, std::optional<DType> dtype) {
  return arange(Scalar(0), stop, Scalar(1), dtype);
}

ndarray arange(const Scalar& start, const Scalar& stop, const Scalar& step, std::optional<DType> dtype_in) {
  const bool is_complex = start.dtype().is_complex() || stop.dtype().is_complex() || step.dtype().is_complex();
  const bool is_float = start.dtype().is_floating() || stop.dtype().is_floating() || step.dtype().is_floating();
  if (step.to_complex() == std::complex<double>(0.0, 0.0)) throw ZeroDivisionError("division by zero");
  int64_t len;
  Scalar first = start, second;
  if (is_complex) {
    // NumPy's length: both parts of the complex quotient for a complex result, the real
    // part alone for a real dtype (whose values are the bounds' real parts).
    const std::complex<double> q = (stop.to_complex() - start.to_complex()) / step.to_complex();
    const bool complex_result = !dtype_in || dtype_in->is_complex();
    len = complex_result ? std::min(ceil_to_length(q.real()), ceil_to_length(q.imag())) : ceil_to_length(q.real());
    second = Scalar(start.to_complex() + step.to_complex());
  } else if (is_float) {
    len = float_length(stop.to_double() - start.to_double(), step.to_double());
    second = Scalar(start.to_double() + step.to_double());
  } else {
    // Integers: 128-bit differences (no overflow), NumPy's rounding of the quotient, and the
    // exact sum start + step (as int64, uint64, or a double beyond both).
    len = int_length(wide_int(stop) - wide_int(start), wide_int(step));
    const __int128 sum = wide_int(start) + wide_int(step);
    if (sum >= INT64_MIN && sum <= INT64_MAX) second = Scalar(static_cast<int64_t>(sum));
    else if (sum > 0 && sum <= static_cast<__int128>(UINT64_MAX)) second = Scalar(static_cast<uint64_t>(sum));
    else second = Scalar(static_cast<double>(sum));
  }
  // NumPy's default: intp promoted with each bound's type, so a uint64 bound (a Python int
  // in [2^63, 2^64) too) makes float64.
  const bool has_uint64 = start.dtype() == uint64 || stop.dtype() == uint64 || step.dtype() == uint64;
  const DType dtype = dtype_in.value_or(is_complex ? complex128 : is_float || has_uint64 ? float64 : int64);
  return arange_from(first, second, len, dtype);
}

ndarray arange_from(const Scalar& first, const Scalar& second, int64_t length, DType dtype) {
  if (length < 0) length = 0;
  if (dtype.is_bool() && length > 2)
    throw TypeError("arange() is only supported for booleans when the result has at most length 2.");
  (void)host_bytes(length, dtype.itemsize());  // refuses byte sizes that overflow
  // Filled where it lives (NumPy's formula, src/scalar/cn_scalar.h): no host buffer.
  ndarray out(Shape{length}, dtype, Order::C, current_device());
  backend_for(out.device()).arange_fill(out, first, second);
  return out;
}

ndarray linspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                 std::optional<DType> dtype_in, double* step_out) {
  if (num < 0) throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  const bool is_complex = start.dtype().is_complex() || stop.dtype().is_complex();
  const DType dtype = dtype_in.value_or(is_complex ? complex128 : float64);
  const int64_t div = endpoint ? num - 1 : num;
  std::vector<std::complex<double>> y(static_cast<std::size_t>(num));
  // NumPy's steps, each one's floating-point errors under its name (np.errstate):
  // subtract, divide, multiply, add, then the cast to the result dtype.
  clear_thread_fp_flags();
  const std::complex<double> s = start.to_complex(), e = stop.to_complex(), delta = e - s;
  fp_step("subtract");
  std::complex<double> step(std::nan(""), 0.0);
  if (div > 0) {
    step = delta / static_cast<double>(div);
    const bool step_zero = step == std::complex<double>(0.0, 0.0);
    fp_step("divide");
    for (int64_t i = 0; i < num; ++i) {
      const double fi = static_cast<double>(i);
      y[i] = step_zero ? (fi / static_cast<double>(div)) * delta : fi * step;
    }
  } else {
    for (int64_t i = 0; i < num; ++i) y[i] = static_cast<double>(i) * delta;
  }
  fp_step("multiply");
  for (auto& v : y) v += s;
  fp_step("add");
  if (endpoint && num > 1) y[num - 1] = e;
  if (step_out) *step_out = step.real();
  std::vector<unsigned char> host(host_bytes(num, dtype.itemsize()));
  dispatch_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* buf = reinterpret_cast<T*>(host.data());
    for (int64_t i = 0; i < num; ++i) {
      if (dtype.is_integer())
        buf[i] = cn::cast<T>(std::floor(y[i].real()));
      else if (is_complex)
        buf[i] = cn::cast<T>(cn::complex128{y[i].real(), y[i].imag()});
      else
        buf[i] = cn::cast<T>(y[i].real());
    }
  });
  fp_step("cast");
  return upload(host, Shape{num}, dtype);
}

ndarray logspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint, double base,
                 std::optional<DType> dtype_in) {
  ndarray lin = linspace(start, stop, num, endpoint, float64).to(Device::cpu());
  const double* y = static_cast<const double*>(lin.data());
  std::vector<double> host(static_cast<std::size_t>(num));
  clear_thread_fp_flags();  // NumPy reports its power(base, y): "overflow encountered in power"
  for (int64_t i = 0; i < num; ++i) host[i] = std::pow(base, y[i]);
  record_thread_fp_flags();
  label_fp_errors("power");
  ndarray out = array_from_host(host.data(), Shape{num}, Strides{8}, float64, current_device());
  const DType dtype = dtype_in.value_or(float64);
  return dtype == float64 ? out : out.astype(dtype);
}

ndarray eye(int64_t n, std::optional<int64_t> m_in, int64_t k, DType dtype, Order order) {
  const int64_t m = m_in.value_or(n);
  ndarray out = zeros(Shape{n, m}, dtype, order);
  const int64_t len = k >= 0 ? std::min(n, m - k) : std::min(n + k, m);
  if (len > 0) {
    const int64_t s0 = out.strides()[0], s1 = out.strides()[1];
    const int64_t off = out.offset() + (k >= 0 ? k * s1 : -k * s0);
    ndarray diag(out.memory(), off, Shape{len}, Strides{s0 + s1}, dtype, out);
    diag.fill(Scalar(1));
  }
  return out;
}

ndarray identity(int64_t n, DType dtype) { return eye(n, n, 0, dtype); }

namespace {
// The (n, m) boolean mask j <= i + k on `device`: one broadcast comparison of two short
// aranges where the array lives (no n*m host buffer, no upload). k is clamped to [-n, m],
// which changes no entry and keeps the aranges in range.
ndarray tri_mask(int64_t n, int64_t m, int64_t k, Device device) {
  if (n < 0 || m < 0) throw ValueError("negative dimensions are not allowed");
  int64_t count;
  if (__builtin_mul_overflow(n, m, &count)) throw ValueError("Maximum allowed dimension exceeded");
  (void)host_bytes(count, 1);
  const int64_t kc = std::clamp<int64_t>(k, -n, m);
  const Scalar one(int64_t(1));
  ndarray rows = arange(Scalar(int64_t(0)), Scalar(n), one, int64).reshape(Shape{n, 1});
  ndarray cols = arange(Scalar(-kc), Scalar(m - kc), one, int64).reshape(Shape{1, m});
  if (!(rows.device() == device)) rows = rows.to(device), cols = cols.to(device);
  return greater_equal(rows, cols);  // i >= j - k
}

// m where on/below (upper: on/above) the k-th diagonal of the last two axes, else 0; a
// 1-d m is a row repeated, as in NumPy.
ndarray tri_select(const ndarray& m0, int64_t k, bool upper) {
  if (m0.ndim() == 0) throw TypeError("tri() missing 1 required positional argument: 'N'");
  const ndarray m = m0.ndim() == 1 ? broadcast_to(m0, Shape{m0.size(), m0.size()}) : m0;
  const int nd = m.ndim();
  ndarray mask = tri_mask(m.shape()[nd - 2], m.shape()[nd - 1],
                          upper ? (k == INT64_MIN ? k : k - 1) : k, m.device());
  if (upper) mask = logical_not(mask);
  const Operand ops[] = {mask, m, Operand(Scalar(0).cast(m.dtype()))};
  return ufunc_call("_where", ops)[0];
}
}  // namespace

ndarray tri(int64_t n, std::optional<int64_t> m_in, int64_t k, DType dtype) {
  const int64_t m = m_in.value_or(n);
  int64_t count;
  if (n >= 0 && m >= 0 && !__builtin_mul_overflow(n, m, &count)) (void)host_bytes(count, dtype.itemsize());
  const ndarray t = tri_mask(n, m, k, current_device());
  return dtype == bool_ ? t : t.astype(dtype);
}

ndarray tril(const ndarray& m, int64_t k) { return tri_select(m, k, false); }
ndarray triu(const ndarray& m, int64_t k) { return tri_select(m, k, true); }

// Keeps the host layout as NumPy's order 'K' does: C and F stay as they are; any other
// layout is gathered on the host into memory order (axes by decreasing |stride|), then
// uploaded as one block.
ndarray array_from_host(const void* data, const Shape& shape, const Strides& strides, DType dtype,
                        Device device) {
  const int itemsize = dtype.itemsize();
  const bool c = is_c_contiguous(shape, strides, itemsize);
  const bool f = !c && is_f_contiguous(shape, strides, itemsize);
  if (c || f) {
    ndarray out(shape, dtype, f ? Order::F : Order::C, device);
    if (out.size() > 0)
      backend_for(device).copy_from_host(out.data(), data, static_cast<std::size_t>(out.nbytes()));
    return out;
  }
  const auto [lo, hi] = byte_extent(shape, strides, itemsize);
  auto mem = wrap_memory(const_cast<char*>(static_cast<const char*>(data)) + lo,
                         static_cast<std::size_t>(hi - lo), Device::cpu(), nullptr);
  ndarray host_view(mem, -lo, shape, strides, dtype);
  ndarray packed = host_view.copy(Order::K);  // dense, in the source's memory order
  ndarray out(allocate(device, static_cast<std::size_t>(packed.nbytes())), 0, shape, packed.strides(), dtype);
  if (out.size() > 0)
    backend_for(device).copy_from_host(out.data(), packed.data(), static_cast<std::size_t>(packed.nbytes()));
  return out;
}

ndarray asarray(const ndarray& a, std::optional<DType> dtype, bool copy, std::optional<Device> device) {
  const Device target = device.value_or(current_device());
  ndarray r = a;
  bool copied = false;
  if (r.device() != target) {
    r = r.to(target);
    copied = true;
  }
  if (dtype && *dtype != r.dtype()) return r.astype(*dtype);
  if (copy && !copied) return r.copy(Order::K);
  return r;
}

ndarray ascontiguousarray(const ndarray& a, std::optional<DType> dtype) {
  ndarray r = asarray(a, dtype);
  if (r.ndim() == 0) r = r.reshape(Shape{1});
  return r.c_contiguous() ? r : r.copy(Order::C);
}

ndarray asfortranarray(const ndarray& a, std::optional<DType> dtype) {
  ndarray r = asarray(a, dtype);
  if (r.ndim() == 0) r = r.reshape(Shape{1});
  return r.f_contiguous() ? r : r.copy(Order::F);
}

}  // namespace cunumpy
