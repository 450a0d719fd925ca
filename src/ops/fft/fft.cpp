// numpy.fft in C++: NumPy's argument handling (n/s/axes/norm), then each transform as a
// sequence of steps (axis, length) in NumPy's order, consecutive steps over distinct axes
// grouped into one backend FftTask of up to three axes (moved last as a view; the result
// is C-contiguous in that order and handed back transposed).
#include "cunumpy/ops/fft.hpp"

#include <cmath>
#include <string>

#include "core/backend.hpp"
#include "core/backend_tasks_fft.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/elementwise.hpp"

namespace cunumpy::fft {
namespace {

using detail::FftKind;
using detail::FftTask;

struct Step {
  int axis;
  int64_t n;
};

void check_n(int64_t n) {
  if (n < 1) throw ValueError("Invalid number of FFT data points (" + std::to_string(n) + ") specified.");
}

bool single(DType t) { return t == float16 || t == float32 || t == complex64; }

// The dtype a complex transform works in (CuPy's and NumPy 2's: single precision stays).
DType fft_complex_dtype(DType t) { return single(t) ? complex64 : complex128; }
DType fft_real_dtype(DType t) {
  if (t.is_complex()) throw TypeError("ufunc 'rfft' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''");
  return single(t) ? float32 : float64;
}

// Factor of a transform over `count` points: forward-direction transforms (fft, rfft)
// scale by 1 / 1/sqrt(N) / 1/N for backward / ortho / forward; inverse ones the other way.
double norm_scale(Norm norm, double count, bool forward_direction) {
  if (norm == Norm::Ortho) return 1.0 / std::sqrt(count);
  const bool divide = (norm == Norm::Forward) == forward_direction;
  return divide ? 1.0 / count : 1.0;
}

// `a` cut or zero-padded to `n` along `axis`.
ndarray resize_axis(const ndarray& a, int axis, int64_t n) {
  const int64_t m = a.shape()[axis];
  if (m == n) return a;
  std::vector<Index> index(a.ndim(), Slice{});
  index[axis] = Slice{std::nullopt, std::min(m, n), std::nullopt};
  ndarray part = a[index];
  if (n < m) return part;
  Shape shape = a.shape();
  shape[axis] = n;
  ndarray out(shape, a.dtype(), Order::C, a.device());
  out.fill(Scalar(0));
  out[index].assign(part);
  return out;
}

// One backend task over `axes` (distinct, the real axis last for R2C/C2R). `x` already has
// the right dtype and extents along `axes` (the complex side n/2+1 for the real axis).
ndarray run_task(const ndarray& x, const std::vector<int>& axes_in, const std::vector<int64_t>& lengths_in,
                 FftKind kind, bool forward, double scale, DType out_dtype) {
  // A transform of length 1 is the identity: unit axes leave the task (cuFFT does not plan
  // them); a unit real axis makes R2C a cast then C2C, and C2R a C2C then the real part.
  std::vector<int> axes;
  std::vector<int64_t> lengths;
  const std::size_t last = axes_in.size() - 1;
  for (std::size_t i = 0; i < axes_in.size(); ++i)
    if (lengths_in[i] != 1 || (i == last && kind != FftKind::C2C)) {
      axes.push_back(axes_in[i]);
      lengths.push_back(lengths_in[i]);
    }
  if (kind != FftKind::C2C && lengths.back() == 1) {
    axes.pop_back();
    lengths.pop_back();
    const DType cx = kind == FftKind::R2C ? out_dtype : x.dtype();
    ndarray y = x.astype(cx, Order::K, Casting::Unsafe, false);
    y = axes.empty() ? y.copy() : run_task(y, axes, lengths, FftKind::C2C, forward, scale, cx);
    return kind == FftKind::R2C ? y : y.astype(out_dtype);  // C2R: the real part
  }
  if (axes.empty()) return x.astype(out_dtype, Order::K, Casting::Unsafe, true);
  const int D = x.ndim();
  std::vector<bool> moved(D, false);
  std::vector<int64_t> perm;
  for (int a : axes) moved[a] = true;
  for (int d = 0; d < D; ++d)
    if (!moved[d]) perm.push_back(d);
  for (int a : axes) perm.push_back(a);
  std::vector<int64_t> inverse(D);
  for (int d = 0; d < D; ++d) inverse[perm[d]] = d;
  const ndarray in = x.transpose(perm);
  Shape out_shape = in.shape();
  if (kind == FftKind::R2C) out_shape[D - 1] = lengths.back() / 2 + 1;
  if (kind == FftKind::C2R) out_shape[D - 1] = lengths.back();
  ndarray out(out_shape, out_dtype, Order::C, x.device());
  if (out.size() > 0) {
    FftTask task;
    task.kind = kind;
    task.forward = forward;
    task.scale = scale;
    for (int64_t n : lengths) task.n.push_back(n);
    task.in = in;
    task.out = out;
    backend_for(x.device()).fft(task);
  }
  return out.transpose(inverse);
}

// Groups of consecutive steps over distinct axes, at most `limit` each.
std::vector<std::vector<Step>> group_steps(const std::vector<Step>& steps, std::size_t limit = 3) {
  std::vector<std::vector<Step>> groups;
  for (const Step& s : steps) {
    bool fits = !groups.empty() && groups.back().size() < limit;
    if (fits)
      for (const Step& o : groups.back())
        if (o.axis == s.axis) fits = false;
    if (!fits) groups.emplace_back();
    groups.back().push_back(s);
  }
  return groups;
}

double product(const std::vector<Step>& g) {
  double p = 1;
  for (const Step& s : g) p *= static_cast<double>(s.n);
  return p;
}

// Complex transforms along `steps` (in the order applied).
ndarray c2c_steps(ndarray x, const std::vector<Step>& steps, bool forward, Norm norm) {
  x = x.astype(fft_complex_dtype(x.dtype()), Order::K, Casting::Unsafe, false);
  for (const auto& g : group_steps(steps)) {
    std::vector<int> axes;
    std::vector<int64_t> lengths;
    for (const Step& s : g) {
      check_n(s.n);
      x = resize_axis(x, s.axis, s.n);
      axes.push_back(s.axis);
      lengths.push_back(s.n);
    }
    x = run_task(x, axes, lengths, FftKind::C2C, forward, norm_scale(norm, product(g), forward), x.dtype());
  }
  return x;
}

// rfft along steps[0] (the real axis), then complex transforms along the rest.
ndarray r2c_steps(const ndarray& a, const std::vector<Step>& steps, Norm norm) {
  ndarray x = a.astype(fft_real_dtype(a.dtype()), Order::K, Casting::Unsafe, false);
  // The real step and up to two following steps over other distinct axes: one task.
  std::vector<Step> group{steps[0]};
  std::size_t k = 1;
  while (k < steps.size() && group.size() < 3) {
    bool distinct = true;
    for (const Step& o : group) distinct = distinct && o.axis != steps[k].axis;
    if (!distinct) break;
    group.push_back(steps[k++]);
  }
  std::vector<int> axes;
  std::vector<int64_t> lengths;
  for (auto it = group.rbegin(); it != group.rend(); ++it) {  // the real axis last
    check_n(it->n);
    x = resize_axis(x, it->axis, it->n);
    axes.push_back(it->axis);
    lengths.push_back(it->n);
  }
  x = run_task(x, axes, lengths, FftKind::R2C, true, norm_scale(norm, product(group), true),
               fft_complex_dtype(x.dtype()));
  if (k < steps.size()) x = c2c_steps(x, std::vector<Step>(steps.begin() + k, steps.end()), true, norm);
  return x;
}

// Inverse complex transforms along steps[0..-1), then the inverse real one along the last.
ndarray c2r_steps(const ndarray& a, const std::vector<Step>& steps, Norm norm) {
  ndarray x = a.astype(fft_complex_dtype(a.dtype()), Order::K, Casting::Unsafe, false);
  const Step real = steps.back();
  check_n(real.n);
  // Up to two complex steps right before the real one, over distinct axes, join its task.
  std::size_t first = steps.size() - 1;
  while (first > 0 && steps.size() - first < 3) {
    bool distinct = true;
    for (std::size_t j = first; j < steps.size(); ++j) distinct = distinct && steps[j].axis != steps[first - 1].axis;
    if (!distinct) break;
    --first;
  }
  if (first > 0) x = c2c_steps(x, std::vector<Step>(steps.begin(), steps.begin() + first), false, norm);
  std::vector<int> axes;
  std::vector<int64_t> lengths;
  double count = 1;
  for (std::size_t j = first; j < steps.size(); ++j) {
    const Step& s = steps[j];
    check_n(s.n);
    const bool is_real = j + 1 == steps.size();
    x = resize_axis(x, s.axis, is_real ? s.n / 2 + 1 : s.n);
    axes.push_back(s.axis);
    lengths.push_back(s.n);
    count *= static_cast<double>(s.n);
  }
  return run_task(x, axes, lengths, FftKind::C2R, false, norm_scale(norm, count, false),
                  x.dtype() == complex64 ? float32 : float64);
}

void check_defined(const ndarray& a) {
  if (!a.defined()) throw ValueError("fft of an undefined array");
}

Step one_axis(const ndarray& a, std::optional<int64_t> n, int64_t axis, bool inverse_real) {
  check_defined(a);
  const int ax = normalize_axis(axis, a.ndim());
  const int64_t m = a.shape()[ax];
  const int64_t len = n ? *n : inverse_real ? 2 * (m - 1) : m;
  check_n(len);
  return {ax, len};
}

// NumPy's _cook_nd_args: the steps of an n-d transform, in the order NumPy applies them
// (the last axis first for fftn/ifftn/rfftn; irfftn applies them first to last).
std::vector<Step> cook(const ndarray& a, const Sizes& s, const Axes& axes_in, bool inverse_real) {
  check_defined(a);
  std::vector<int64_t> axes;
  if (axes_in) {
    axes = *axes_in;
  } else {
    const int64_t k = s ? static_cast<int64_t>(s->size()) : a.ndim();
    for (int64_t i = -k; i < 0; ++i) axes.push_back(i);
  }
  if (s && s->size() != axes.size()) throw ValueError("Shape and axes have different lengths.");
  std::vector<Step> steps;
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const int ax = normalize_axis(axes[i], a.ndim());
    int64_t n = a.shape()[ax];
    if (s && (*s)[i] != -1) n = (*s)[i];
    steps.push_back({ax, n});
  }
  if (inverse_real && !s && !steps.empty()) steps.back().n = 2 * (a.shape()[steps.back().axis] - 1);
  return steps;
}

ndarray nd_c2c(const ndarray& a, const Sizes& s, const Axes& axes, Norm norm, bool forward) {
  std::vector<Step> steps = cook(a, s, axes, false);
  if (steps.empty()) return a;
  for (const Step& st : steps) check_n(st.n);
  return c2c_steps(a, std::vector<Step>(steps.rbegin(), steps.rend()), forward, norm);
}

Norm swap(Norm n) { return n == Norm::Backward ? Norm::Forward : n == Norm::Forward ? Norm::Backward : n; }

}  // namespace

Norm norm_from_string(std::string_view norm) {
  if (norm == "backward") return Norm::Backward;
  if (norm == "ortho") return Norm::Ortho;
  if (norm == "forward") return Norm::Forward;
  throw ValueError("Invalid norm value " + std::string(norm) + "; should be \"backward\",\"ortho\" or \"forward\".");
}

ndarray fft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm) {
  return c2c_steps(a, {one_axis(a, n, axis, false)}, true, norm);
}
ndarray ifft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm) {
  return c2c_steps(a, {one_axis(a, n, axis, false)}, false, norm);
}
ndarray rfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm) {
  check_defined(a);
  fft_real_dtype(a.dtype());
  return r2c_steps(a, {one_axis(a, n, axis, false)}, norm);
}
ndarray irfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm) {
  return c2r_steps(a, {one_axis(a, n, axis, true)}, norm);
}

// NumPy: hfft(a) = irfft(conj(a)) and ihfft(a) = conj(rfft(a)), with the norm swapped.
ndarray hfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm) {
  const Step st = one_axis(a, n, axis, true);
  const ndarray x = a.astype(fft_complex_dtype(a.dtype()), Order::K, Casting::Unsafe, false);
  return c2r_steps(conjugate(x), {st}, swap(norm));
}
ndarray ihfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm) {
  check_defined(a);
  fft_real_dtype(a.dtype());
  return conjugate(r2c_steps(a, {one_axis(a, n, axis, false)}, swap(norm)));
}

ndarray fftn(const ndarray& a, Sizes s, Axes axes, Norm norm) { return nd_c2c(a, s, axes, norm, true); }
ndarray ifftn(const ndarray& a, Sizes s, Axes axes, Norm norm) { return nd_c2c(a, s, axes, norm, false); }
ndarray rfftn(const ndarray& a, Sizes s, Axes axes, Norm norm) {
  check_defined(a);
  fft_real_dtype(a.dtype());
  std::vector<Step> steps = cook(a, s, axes, false);
  if (steps.empty()) throw ValueError("at least 1 axis must be transformed");
  for (const Step& st : steps) check_n(st.n);
  return r2c_steps(a, std::vector<Step>(steps.rbegin(), steps.rend()), norm);
}
ndarray irfftn(const ndarray& a, Sizes s, Axes axes, Norm norm) {
  std::vector<Step> steps = cook(a, s, axes, true);
  if (steps.empty()) throw ValueError("at least 1 axis must be transformed");
  for (const Step& st : steps) check_n(st.n);
  return c2r_steps(a, steps, norm);
}
ndarray fft2(const ndarray& a, Sizes s, Axes axes, Norm norm) { return fftn(a, s, axes, norm); }
ndarray ifft2(const ndarray& a, Sizes s, Axes axes, Norm norm) { return ifftn(a, s, axes, norm); }
ndarray rfft2(const ndarray& a, Sizes s, Axes axes, Norm norm) { return rfftn(a, s, axes, norm); }
ndarray irfft2(const ndarray& a, Sizes s, Axes axes, Norm norm) { return irfftn(a, s, axes, norm); }


namespace {
// NumPy's frequencies: k * (1 / (n d)) in float64, k the integer frequency index.
ndarray frequencies(const std::vector<int64_t>& k, double val, std::optional<Device> device) {
  std::vector<double> v(k.size());
  for (std::size_t i = 0; i < k.size(); ++i) v[i] = static_cast<double>(k[i]) * val;
  ndarray out(Shape{static_cast<int64_t>(v.size())}, float64, Order::C, device ? *device : current_device());
  if (!v.empty()) out.copy_from_host(v.data());
  return out;
}

// x rolled by shift(n) along each axis (fftshift: n/2, ifftshift: -(n/2)).
ndarray shift_axes(const ndarray& x, const Axes& axes_in, bool inverse) {
  if (!x.defined()) throw ValueError("fftshift of an undefined array");
  std::vector<int64_t> axes;
  if (axes_in) axes = *axes_in;
  else
    for (int d = 0; d < x.ndim(); ++d) axes.push_back(d);
  ndarray cur = x;
  bool copied = false;
  for (int64_t a : axes) {
    const int ax = normalize_axis(a, x.ndim());
    const int64_t n = cur.shape()[ax];
    if (n <= 1) continue;
    const int64_t k = ((inverse ? -(n / 2) : n / 2) % n + n) % n;  // out[(i + k) % n] = in[i]
    if (k == 0) continue;
    ndarray out(cur.shape(), cur.dtype(), Order::C, cur.device());
    std::vector<Index> src(cur.ndim(), Slice{}), dst(cur.ndim(), Slice{});
    src[ax] = Slice{std::nullopt, n - k, std::nullopt};
    dst[ax] = Slice{k, std::nullopt, std::nullopt};
    out[dst].assign(cur[src]);
    src[ax] = Slice{n - k, std::nullopt, std::nullopt};
    dst[ax] = Slice{std::nullopt, k, std::nullopt};
    out[dst].assign(cur[src]);
    cur = out;
    copied = true;
  }
  return copied ? cur : x.copy();
}
}  // namespace

ndarray fftfreq(int64_t n, double d, std::optional<Device> device) {
  if (n == 0) throw ZeroDivisionError("float division by zero");
  const double val = 1.0 / (static_cast<double>(n) * d);
  std::vector<int64_t> k;
  const int64_t N = (n - 1) / 2 + 1;
  for (int64_t i = 0; i < N; ++i) k.push_back(i);
  for (int64_t i = -(n / 2); i < 0; ++i) k.push_back(i);
  return frequencies(k, val, device);
}
ndarray rfftfreq(int64_t n, double d, std::optional<Device> device) {
  if (n == 0) throw ZeroDivisionError("float division by zero");
  const double val = 1.0 / (static_cast<double>(n) * d);
  std::vector<int64_t> k;
  for (int64_t i = 0; i < n / 2 + 1; ++i) k.push_back(i);
  return frequencies(k, val, device);
}
ndarray fftshift(const ndarray& x, Axes axes) { return shift_axes(x, axes, false); }
ndarray ifftshift(const ndarray& x, Axes axes) { return shift_axes(x, axes, true); }

PlanCacheInfo plan_cache_info(Device device) {
  const FftPlanCacheState s = backend_for(device).fft_plan_cache_state();
  return {s.size, s.max_size, s.memsize, s.max_memsize, s.hits, s.misses};
}
void set_plan_cache_limits(Device device, std::optional<int64_t> max_size, std::optional<int64_t> max_memsize) {
  if (max_size && *max_size < 0) throw ValueError("the plan cache size must be non-negative");
  if (max_memsize && *max_memsize < -1) throw ValueError("the plan cache memory size must be -1 or non-negative");
  backend_for(device).fft_plan_cache_set_limits(max_size ? *max_size : -2, max_memsize ? *max_memsize : -2);
}
void clear_plan_cache(Device device) { backend_for(device).fft_plan_cache_clear(); }

}  // namespace cunumpy::fft
