// numpy.fft in C++: NumPy's argument handling (n/s/axes/norm), then each transform as a
// sequence of steps (axis, length) in NumPy's order; with nd_planning() consecutive steps
// over distinct axes are grouped into one backend FftTask of up to three axes (moved last
// as a view, in the input's memory order; the result laid out in that order too), else one
// task per step. The norm= factor is applied once, by the last task. A Plan made ahead
// hands its backend plans to the tasks in order (make_plan records them).
#include "cunumpy/ops/fft.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <span>
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

// How one call runs: whether consecutive axes share one task (nd_planning), the backend
// plans of a Plan handed to its tasks in order, or, for make_plan, where the tasks' plans
// are collected (the tasks are then planned, not run).
struct Run {
  bool joint = true;
  const std::vector<std::shared_ptr<detail::FftBackendPlan>>* pinned = nullptr;
  std::vector<std::shared_ptr<detail::FftBackendPlan>>* record = nullptr;
  std::size_t next = 0;
  std::size_t group_limit() const { return joint ? 3 : 1; }
};

using AxisList = SmallVector<int64_t, 4>;

// Axes of `x` from the largest stride to the smallest (ties in axis order): its memory order.
Shape memory_order(const ndarray& x) {
  // An insertion sort: a few axes, and no temporary buffer (std::stable_sort allocates one).
  Shape order;
  const Strides& st = x.strides();
  for (int d = 0; d < x.ndim(); ++d) {
    std::size_t i = order.size();
    order.push_back(d);
    for (; i > 0 && std::abs(st[order[i - 1]]) < std::abs(st[d]); --i) order[i] = order[i - 1];
    order[i] = d;
  }
  return order;
}

bool is_identity(const Shape& perm) {
  for (std::size_t d = 0; d < perm.size(); ++d)
    if (perm[d] != static_cast<int64_t>(d)) return false;
  return true;
}

Shape inverse_of(const Shape& perm) {
  Shape inv(perm.size());
  for (std::size_t d = 0; d < perm.size(); ++d) inv[perm[d]] = static_cast<int64_t>(d);
  return inv;
}

ndarray permuted(const ndarray& x, const Shape& perm) {
  return is_identity(perm) ? x : x.transpose(std::span<const int64_t>(perm.data(), perm.size()));
}

// A new array of `shape` laid out in memory in the axis order `order` (C-contiguous in it).
ndarray empty_in_order(const Shape& shape, DType dtype, const Shape& order, Device device) {
  if (is_identity(order)) return ndarray(shape, dtype, Order::C, device);
  Shape s(order.size());
  for (std::size_t d = 0; d < order.size(); ++d) s[d] = shape[order[d]];
  return ndarray(s, dtype, Order::C, device).transpose(std::span<const int64_t>(inverse_of(order).data(), order.size()));
}

// `y` times `scale` (the norm= factor of a task that is an identity: unit lengths only).
ndarray scaled(const ndarray& y, double scale) {
  if (scale == 1.0) return y;
  const DType real = y.dtype() == complex64 || y.dtype() == float32 ? float32 : float64;
  ndarray factor(Shape{}, real, Order::C, y.device());
  factor.fill(Scalar(scale));
  return multiply(y, factor);
}

// One backend task over `axes` (distinct, the real axis last for R2C/C2R). `x` already has
// the right dtype and extents along `axes` (the complex side n/2+1 for the real axis).
// in_scratch: `x` is a temporary of this call (the backend may overwrite it).
ndarray run_task(const ndarray& x, const AxisList& axes_in, const AxisList& lengths_in, FftKind kind, bool forward,
                 double scale, DType out_dtype, Run& run, bool in_scratch = false) {
  // A transform of length 1 is the identity: unit axes leave the task (cuFFT does not plan
  // them); a unit real axis makes R2C a cast then C2C, and C2R a C2C then the real part.
  AxisList axes, lengths;
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
    y = axes.empty() ? scaled(y.copy(), scale) : run_task(y, axes, lengths, FftKind::C2C, forward, scale, cx, run);
    return kind == FftKind::R2C ? y : y.astype(out_dtype);  // C2R: the real part
  }
  if (axes.empty()) return scaled(x.astype(out_dtype, Order::K, Casting::Unsafe, true), scale);
  if (x.ndim() > 64) throw ValueError("fft: at most 64 dimensions");
  // The task's axis order: the batch axes, then the transformed ones (the real axis kept
  // last), each in the input's memory order, so that an input laid out in any axis order
  // maps onto cuFFT's advanced layout (a C-contiguous fft2 over the last two axes: the
  // identity) with no copy. Transforms over distinct axes commute.
  const Shape mem = memory_order(x);
  bool moved[64] = {};
  for (int64_t a : axes) moved[a] = true;
  Shape perm;
  for (int64_t d : mem)
    if (!moved[d]) perm.push_back(d);
  const int64_t fixed_last = kind == FftKind::C2C ? -1 : axes.back();
  AxisList task_lengths;
  for (int64_t d : mem)
    if (moved[d] && d != fixed_last) {
      perm.push_back(d);
      for (std::size_t i = 0; i < axes.size(); ++i)
        if (axes[i] == d) task_lengths.push_back(lengths[i]);
    }
  if (fixed_last >= 0) {
    perm.push_back(fixed_last);
    task_lengths.push_back(lengths.back());
  }
  // The result is laid out in the input's memory order (C-contiguous for a C input).
  Shape out_shape = x.shape();
  if (kind == FftKind::R2C) out_shape[axes.back()] = lengths.back() / 2 + 1;
  if (kind == FftKind::C2R) out_shape[axes.back()] = lengths.back();
  ndarray result = empty_in_order(out_shape, out_dtype, mem, x.device());
  FftTask task;
  task.kind = kind;
  task.forward = forward;
  task.scale = scale;
  for (int64_t n : task_lengths) task.n.push_back(n);
  task.in = permuted(x, perm);
  task.out = permuted(result, perm);
  task.in_scratch = in_scratch;
  std::shared_ptr<detail::FftBackendPlan> made;
  if (run.pinned && run.next < run.pinned->size()) task.plan = (*run.pinned)[run.next].get();
  if (run.record) task.made = &made;
  ++run.next;
  if (result.size() > 0) backend_for(x.device()).fft(task);
  if (run.record) run.record->push_back(std::move(made));
  return result;
}

// Groups of consecutive steps over distinct axes, at most `limit` each.
std::vector<std::vector<Step>> group_steps(const std::vector<Step>& steps, std::size_t limit) {
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

// A complex transform along one axis.
// `scale`: the norm= factor, applied by the (last) task itself.
ndarray c2c_one(ndarray x, Step s, bool forward, double scale, Run& run) {
  x = x.astype(fft_complex_dtype(x.dtype()), Order::K, Casting::Unsafe, false);
  check_n(s.n);
  x = resize_axis(x, s.axis, s.n);
  return run_task(x, AxisList{s.axis}, AxisList{s.n}, FftKind::C2C, forward, scale, x.dtype(), run);
}

// Complex transforms along `steps` (in the order applied); the last task applies `scale`
// (the whole call's norm= factor: one scaling, not one per task).
ndarray c2c_steps(ndarray x, const std::vector<Step>& steps, bool forward, double scale, Run& run) {
  if (steps.size() == 1) return c2c_one(x, steps[0], forward, scale, run);  // no grouping
  x = x.astype(fft_complex_dtype(x.dtype()), Order::K, Casting::Unsafe, false);
  const auto groups = group_steps(steps, run.group_limit());
  for (const auto& g : groups) {
    AxisList axes, lengths;
    for (const Step& s : g) {
      check_n(s.n);
      x = resize_axis(x, s.axis, s.n);
      axes.push_back(s.axis);
      lengths.push_back(s.n);
    }
    x = run_task(x, axes, lengths, FftKind::C2C, forward, &g == &groups.back() ? scale : 1.0, x.dtype(), run);
  }
  return x;
}

// rfft along steps[0] (the real axis), then complex transforms along the rest.
ndarray r2c_steps(const ndarray& a, const std::vector<Step>& steps, Norm norm, Run& run) {
  ndarray x = a.astype(fft_real_dtype(a.dtype()), Order::K, Casting::Unsafe, false);
  // The real step and up to two following steps over other distinct axes: one task.
  std::vector<Step> group{steps[0]};
  std::size_t k = 1;
  while (k < steps.size() && group.size() < run.group_limit()) {
    bool distinct = true;
    for (const Step& o : group) distinct = distinct && o.axis != steps[k].axis;
    if (!distinct) break;
    group.push_back(steps[k++]);
  }
  AxisList axes, lengths;
  for (auto it = group.rbegin(); it != group.rend(); ++it) {  // the real axis last
    check_n(it->n);
    x = resize_axis(x, it->axis, it->n);
    axes.push_back(it->axis);
    lengths.push_back(it->n);
  }
  const double scale = norm_scale(norm, product(steps), true);
  const bool more = k < steps.size();
  x = run_task(x, axes, lengths, FftKind::R2C, true, more ? 1.0 : scale, fft_complex_dtype(x.dtype()), run);
  if (more) x = c2c_steps(x, std::vector<Step>(steps.begin() + k, steps.end()), true, scale, run);
  return x;
}

// NumPy's irfftn: inverse complex transforms along steps[0..-1) (C2C tasks), then the
// inverse real one along the last (a 1-D C2R task: cuFFT's n-D C2R does not ignore the
// imaginary parts NumPy ignores). `owned`: `a` is already a temporary of this call.
ndarray c2r_steps(const ndarray& a, const std::vector<Step>& steps, Norm norm, Run& run, bool owned = false) {
  ndarray x = a.astype(fft_complex_dtype(a.dtype()), Order::K, Casting::Unsafe, false);
  owned = owned || x.dtype() != a.dtype();
  const Step real = steps.back();
  check_n(real.n);
  if (steps.size() > 1) {
    x = c2c_steps(x, std::vector<Step>(steps.begin(), steps.end() - 1), false, 1.0, run);
    owned = true;
  }
  const int64_t m = x.shape()[real.axis], half = real.n / 2 + 1;
  x = resize_axis(x, real.axis, half);
  if (half > m) owned = true;  // zero-padded: a new array (a cut of ours stays ours)
  return run_task(x, AxisList{real.axis}, AxisList{real.n}, FftKind::C2R, false,
                  norm_scale(norm, product(steps), false), x.dtype() == complex64 ? float32 : float64,
                  run, owned);
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

// NumPy's _cook_nd_args: the steps of an n-d transform, in the order the axes are given.
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
  for (const Step& st : steps) check_n(st.n);
  return steps;
}

Norm swap(Norm n) { return n == Norm::Backward ? Norm::Forward : n == Norm::Forward ? Norm::Backward : n; }

const char* transform_name(Transform t) { return t == Transform::C2C ? "C2C" : t == Transform::R2C ? "R2C" : "C2R"; }

// The dtype the transform `t` reads: complex for C2C and C2R, real for R2C.
DType input_dtype(Transform t, DType d) { return t == Transform::R2C ? fft_real_dtype(d) : fft_complex_dtype(d); }

// The shape a transform of `steps` reads: the transformed axes at their lengths.
Shape read_shape(const ndarray& a, const std::vector<Step>& steps, Transform t) {
  Shape shape = a.shape();
  for (const Step& s : steps) shape[s.axis] = s.n;
  if (t == Transform::C2R && !steps.empty()) shape[steps.back().axis] = steps.back().n / 2 + 1;
  return shape;
}

std::string text(const Shape& s) {
  std::string r = "(";
  for (std::size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + (s.size() == 1 ? ",)" : ")");
}
std::string text(const std::vector<int64_t>& v) { return text(Shape(v)); }

// ValueError unless `plan` was made for transform `t` of `a` along `steps` (CuPy's checks).
void check_plan(const Plan& plan, Transform t, const ndarray& a, const std::vector<Step>& steps) {
  const std::string what = "the FFT plan was made for ";
  if (plan.transform() != t)
    throw ValueError(what + transform_name(plan.transform()) + " transforms, this one is " + transform_name(t));
  if (plan.device() != a.device())
    throw ValueError(what + "device " + plan.device().str() + ", the input is on " + a.device().str());
  const DType d = input_dtype(t, a.dtype());
  if (plan.dtype() != d)
    throw ValueError(what + std::string(plan.dtype().name()) + " input, this transform reads " + std::string(d.name()));
  std::vector<int64_t> axes, lengths;
  for (const Step& s : steps) axes.push_back(s.axis), lengths.push_back(s.n);
  if (plan.axes() != axes) throw ValueError(what + "axes " + text(plan.axes()) + ", this transform is along " + text(axes));
  if (plan.lengths() != lengths)
    throw ValueError(what + "lengths " + text(plan.lengths()) + ", this transform has " + text(lengths));
  const Shape shape = read_shape(a, steps, t);
  if (plan.shape() != shape)
    throw ValueError(what + "an input of shape " + text(plan.shape()) + ", this transform reads one of shape " +
                     text(shape));
}

// Runs transform `t` of `a` along `steps` (in the order given), on `plan` when one is given.
// owned: `a` is a temporary of this call (hfft's conjugate).
ndarray run_transform(Transform t, const ndarray& a, const std::vector<Step>& steps, Norm norm, bool forward,
                      const Plan* plan, Run run = {}, bool owned = false) {
  if (plan) {
    check_plan(*plan, t, a, steps);
    run.pinned = &plan->backend_plans();
    run.joint = plan->nd_planning();
  } else if (!run.record) {
    run.joint = nd_planning();
  }
  switch (t) {
    case Transform::C2C:
      if (steps.empty()) return a;
      return c2c_steps(a, std::vector<Step>(steps.rbegin(), steps.rend()), forward,
                       norm_scale(norm, product(steps), forward), run);
    case Transform::R2C:  // (NumPy's rfftn/irfftn index their last axis: an IndexError)
      if (steps.empty()) throw IndexError("at least 1 axis must be transformed");
      return r2c_steps(a, std::vector<Step>(steps.rbegin(), steps.rend()), norm, run);
    default:
      if (steps.empty()) throw IndexError("at least 1 axis must be transformed");
      return c2r_steps(a, steps, norm, run, owned);
  }
}

std::atomic<bool> g_nd_planning{true};

}  // namespace

Norm norm_from_string(std::string_view norm) {
  if (norm == "backward") return Norm::Backward;
  if (norm == "ortho") return Norm::Ortho;
  if (norm == "forward") return Norm::Forward;
  throw ValueError("Invalid norm value " + std::string(norm) + "; should be \"backward\",\"ortho\" or \"forward\".");
}

void set_nd_planning(bool enabled) { g_nd_planning.store(enabled, std::memory_order_relaxed); }
bool nd_planning() { return g_nd_planning.load(std::memory_order_relaxed); }

ndarray fft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm, const Plan* plan) {
  const Step st = one_axis(a, n, axis, false);
  if (!plan) {  // the common call, without the vectors of the general path
    Run run;
    return c2c_one(a, st, true, norm_scale(norm, static_cast<double>(st.n), true), run);
  }
  return run_transform(Transform::C2C, a, {st}, norm, true, plan);
}
ndarray ifft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm, const Plan* plan) {
  return run_transform(Transform::C2C, a, {one_axis(a, n, axis, false)}, norm, false, plan);
}
// (The real transforms check n and the axis before the dtype, as NumPy.)
ndarray rfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm, const Plan* plan) {
  check_defined(a);
  const Step st = one_axis(a, n, axis, false);
  fft_real_dtype(a.dtype());
  return run_transform(Transform::R2C, a, {st}, norm, true, plan);
}
ndarray irfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm, const Plan* plan) {
  return run_transform(Transform::C2R, a, {one_axis(a, n, axis, true)}, norm, false, plan);
}

// NumPy: hfft(a) = irfft(conj(a)) and ihfft(a) = conj(rfft(a)), with the norm swapped.
ndarray hfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm, const Plan* plan) {
  const Step st = one_axis(a, n, axis, true);
  const ndarray x = a.astype(fft_complex_dtype(a.dtype()), Order::K, Casting::Unsafe, false);
  return run_transform(Transform::C2R, conjugate(x), {st}, swap(norm), false, plan, {}, true);
}
ndarray ihfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, Norm norm, const Plan* plan) {
  check_defined(a);
  const Step st = one_axis(a, n, axis, false);
  fft_real_dtype(a.dtype());
  return conjugate(run_transform(Transform::R2C, a, {st}, swap(norm), true, plan));
}

ndarray fftn(const ndarray& a, Sizes s, Axes axes, Norm norm, const Plan* plan) {
  return run_transform(Transform::C2C, a, cook(a, s, axes, false), norm, true, plan);
}
ndarray ifftn(const ndarray& a, Sizes s, Axes axes, Norm norm, const Plan* plan) {
  return run_transform(Transform::C2C, a, cook(a, s, axes, false), norm, false, plan);
}
ndarray rfftn(const ndarray& a, Sizes s, Axes axes, Norm norm, const Plan* plan) {
  check_defined(a);
  if (a.dtype().is_complex()) {
    // NumPy's rfftn runs rfft over its last axis first: that axis and its size are checked,
    // then the dtype (TypeError), before the other axes.
    if (s && axes && s->size() != axes->size()) throw ValueError("Shape and axes have different lengths.");
    // (NumPy takes the lengths of the axes without a given size first)
    if (!s && axes)
      for (int64_t ax : *axes) normalize_axis(ax, a.ndim());
    if (s)
      for (std::size_t i = 0; i < s->size(); ++i)
        if ((*s)[i] == -1) normalize_axis(axes ? (*axes)[i] : static_cast<int64_t>(i) - static_cast<int64_t>(s->size()), a.ndim());
    const std::size_t k = axes ? axes->size() : s ? s->size() : static_cast<std::size_t>(a.ndim());
    if (k == 0) throw IndexError("at least 1 axis must be transformed");
    const int ax = normalize_axis(axes ? axes->back() : -1, a.ndim());
    check_n(s && s->back() != -1 ? s->back() : a.shape()[ax]);
    fft_real_dtype(a.dtype());
  }
  return run_transform(Transform::R2C, a, cook(a, s, axes, false), norm, true, plan);
}
ndarray irfftn(const ndarray& a, Sizes s, Axes axes, Norm norm, const Plan* plan) {
  return run_transform(Transform::C2R, a, cook(a, s, axes, true), norm, false, plan);
}
ndarray fft2(const ndarray& a, Sizes s, Axes axes, Norm norm, const Plan* plan) { return fftn(a, s, axes, norm, plan); }
ndarray ifft2(const ndarray& a, Sizes s, Axes axes, Norm norm, const Plan* plan) {
  return ifftn(a, s, axes, norm, plan);
}
ndarray rfft2(const ndarray& a, Sizes s, Axes axes, Norm norm, const Plan* plan) {
  return rfftn(a, s, axes, norm, plan);
}
ndarray irfft2(const ndarray& a, Sizes s, Axes axes, Norm norm, const Plan* plan) {
  return irfftn(a, s, axes, norm, plan);
}

Plan make_plan(const ndarray& a, Sizes s, Axes axes, Transform t) {
  check_defined(a);
  if (t == Transform::R2C) fft_real_dtype(a.dtype());
  const std::vector<Step> steps = cook(a, s, axes, t == Transform::C2R);
  if (steps.empty()) throw ValueError("at least 1 axis must be transformed");
  Plan p;
  p.transform_ = t;
  p.dtype_ = input_dtype(t, a.dtype());
  p.device_ = a.device();
  p.shape_ = read_shape(a, steps, t);
  for (const Step& st : steps) p.axes_.push_back(st.axis), p.lengths_.push_back(st.n);
  p.nd_planning_ = nd_planning();
  Run run;
  run.joint = p.nd_planning_;
  run.record = &p.backend_;
  run_transform(t, a, steps, Norm::Backward, true, nullptr, run);
  return p;
}


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
