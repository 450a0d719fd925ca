// The CPU backend's FFT task: every transformed axis is a pass over the array's lines along
// that axis (a line gathered into a contiguous buffer, transformed by a cached 1-D plan of
// fft_cpu_plan.hpp, scattered with the scale), lines spread over the thread pool. The first
// pass reads `in`, the others work in place on `out` (C2R tasks are 1-D). 1-D plans come
// from the cache or from a plan made ahead (CpuTaskPlan).
#include <algorithm>
#include <cstring>
#include <memory>
#include <tuple>
#include <vector>

#include "backend/cpu/cpu_executors.hpp"
#include "backend/cpu/fft_cpu_plan.hpp"
#include "backend/cpu/parallel.hpp"
#include "backend/fft_plan_cache.hpp"
#include "core/backend_tasks_fft.hpp"
#include "cunumpy/base/errors.hpp"

namespace cunumpy::detail {
namespace {

using cpu::fft::ComplexPlan;
using cpu::fft::Cx;
using cpu::fft::RealPlan;

// One cached plan: complex or real, single or double precision (one member set).
struct CpuFftPlan {
  std::unique_ptr<ComplexPlan<float>> cf;
  std::unique_ptr<ComplexPlan<double>> cd;
  std::unique_ptr<RealPlan<float>> rf;
  std::unique_ptr<RealPlan<double>> rd;
  int64_t memsize() const {
    return cf ? cf->memsize() : cd ? cd->memsize() : rf ? rf->memsize() : rd->memsize();
  }
  template <class P>
  const P& get() const {
    if constexpr (std::is_same_v<P, ComplexPlan<float>>) return *cf;
    else if constexpr (std::is_same_v<P, ComplexPlan<double>>) return *cd;
    else if constexpr (std::is_same_v<P, RealPlan<float>>) return *rf;
    else return *rd;
  }
};

// (real?, double?, n)
using PlanKey = std::tuple<bool, bool, int64_t>;

FftPlanCache<PlanKey, CpuFftPlan>& plan_cache() {
  static FftPlanCache<PlanKey, CpuFftPlan> cache(16, -1);
  return cache;
}

template <class P>
constexpr PlanKey key_of(int64_t n) {
  constexpr bool real = std::is_same_v<P, RealPlan<float>> || std::is_same_v<P, RealPlan<double>>;
  constexpr bool dbl = std::is_same_v<P, RealPlan<double>> || std::is_same_v<P, ComplexPlan<double>>;
  return PlanKey{real, dbl, n};
}

// A task's plans made ahead (cunumpy::fft::Plan): the 1-D plan of each pass.
struct CpuTaskPlan final : FftBackendPlan {
  std::vector<std::pair<PlanKey, std::shared_ptr<CpuFftPlan>>> plans;
};

// Where a task's 1-D plans come from: the plan made ahead when it has the one asked for,
// else the cache; when the task is only planned, what was found is collected (the cache
// is not added to).
struct PlanSource {
  const FftTask& task;
  std::shared_ptr<CpuTaskPlan> made;

  explicit PlanSource(const FftTask& t) : task(t) {
    if (t.made) made = std::make_shared<CpuTaskPlan>();
  }
  template <class P>
  std::shared_ptr<CpuFftPlan> get(int64_t n) {
    const PlanKey key = key_of<P>(n);
    if (const auto* own = dynamic_cast<const CpuTaskPlan*>(task.plan))
      for (const auto& [k, p] : own->plans)
        if (k == key) return p;
    auto p = plan_cache().get(key, [n] {
      auto p = std::make_shared<CpuFftPlan>();
      if constexpr (std::is_same_v<P, ComplexPlan<float>>) p->cf = std::make_unique<P>(n);
      else if constexpr (std::is_same_v<P, ComplexPlan<double>>) p->cd = std::make_unique<P>(n);
      else if constexpr (std::is_same_v<P, RealPlan<float>>) p->rf = std::make_unique<P>(n);
      else p->rd = std::make_unique<P>(n);
      return p;
    }, /*insert=*/!made);
    if (made) made->plans.emplace_back(key, p);
    return p;
  }
};

// The lines of `shape` along `axis`: line L's first element offsets in both arrays.
struct Lines {
  int nd = 0;
  int64_t ext[64], in_st[64], out_st[64];
  int64_t count = 1;
  Lines(const Shape& shape, const Strides& in_strides, const Strides& out_strides, int axis) {
    for (int d = 0; d < static_cast<int>(shape.size()); ++d) {
      if (d == axis || shape[d] == 1) continue;
      ext[nd] = shape[d], in_st[nd] = in_strides[d], out_st[nd] = out_strides[d];
      count *= shape[d];
      ++nd;
    }
  }
  void offsets(int64_t line, int64_t& in_off, int64_t& out_off) const {
    in_off = out_off = 0;
    for (int d = nd - 1; d >= 0; --d) {
      const int64_t i = line % ext[d];
      line /= ext[d];
      in_off += i * in_st[d];
      out_off += i * out_st[d];
    }
  }
};

// One pass along `axis`: in lines of n_in elements of In, out lines of n_out of Out.
// body(const In* line_in (contiguous), Out* line_out (contiguous), scratch). Lines along a
// strided axis are moved in groups of up to kGroup neighbours along the innermost other
// axis, so that each row of the group is read and written as one run of memory.
template <class In, class Out, class Body>
void pass(const char* in, const Strides& in_strides, char* out, const Strides& out_strides,
          const Shape& iter_shape, int axis, int64_t n_in, int64_t n_out, int64_t scratch_n, Body&& body) {
  constexpr int64_t kGroup = 8;
  const Lines lines(iter_shape, in_strides, out_strides, axis);
  const int64_t is = in_strides[axis], os = out_strides[axis];
  const bool in_packed = is == static_cast<int64_t>(sizeof(In));
  const bool out_packed = os == static_cast<int64_t>(sizeof(Out));
  const int64_t inner_ext = lines.nd ? lines.ext[lines.nd - 1] : 1;
  const int64_t in_inner = lines.nd ? lines.in_st[lines.nd - 1] : 0;
  const int64_t out_inner = lines.nd ? lines.out_st[lines.nd - 1] : 0;
  const bool grouped = !(in_packed && out_packed) && inner_ext > 1;
  const int64_t group = grouped ? kGroup : 1;
  const int64_t work = std::max<int64_t>(n_in, n_out);
  const int64_t grain = std::max<int64_t>(1, (int64_t(1) << 15) / std::max<int64_t>(work, 1));
  using C = std::conditional_t<std::is_same_v<In, float> || std::is_same_v<Out, float> ||
                                   std::is_same_v<In, Cx<float>>,
                               Cx<float>, Cx<double>>;
  cpu::parallel_for(lines.count, grain, [&](int64_t begin, int64_t end) {
    std::vector<In> buf_in(in_packed ? 0 : n_in * group);
    std::vector<Out> buf_out(n_out * group);
    std::vector<C> scratch(scratch_n);
    for (int64_t line = begin; line < end;) {
      // lines line .. line+g-1 are neighbours along the innermost other axis
      const int64_t g = std::min({group, end - line, inner_ext - line % inner_ext});
      int64_t io, oo;
      lines.offsets(line, io, oo);
      const char* src = in + io;
      if (!in_packed)
        for (int64_t j = 0; j < n_in; ++j)
          for (int64_t k = 0; k < g; ++k) std::memcpy(&buf_in[k * n_in + j], src + j * is + k * in_inner, sizeof(In));
      for (int64_t k = 0; k < g; ++k) {
        const In* line_in = in_packed ? reinterpret_cast<const In*>(src + k * in_inner) : buf_in.data() + k * n_in;
        body(line_in, buf_out.data() + k * n_out, scratch.data());
      }
      char* dst = out + oo;
      if (out_packed)
        for (int64_t k = 0; k < g; ++k) std::memcpy(dst + k * out_inner, buf_out.data() + k * n_out, sizeof(Out) * n_out);
      else
        for (int64_t j = 0; j < n_out; ++j)
          for (int64_t k = 0; k < g; ++k) std::memcpy(dst + j * os + k * out_inner, &buf_out[k * n_out + j], sizeof(Out));
      line += g;
    }
  });
}

template <class T>
void c2c_pass(PlanSource& plans, const char* in, const Strides& is, char* out, const Strides& os, const Shape& shape,
              int axis, bool forward, T scale) {
  const int64_t n = shape[axis];
  const auto holder = plans.get<ComplexPlan<T>>(n);
  const ComplexPlan<T>& plan = holder->template get<ComplexPlan<T>>();
  // The plan works in place on the output buffer: copy the line there first.
  pass<Cx<T>, Cx<T>>(in, is, out, os, shape, axis, n, n, plan.scratch_size(),
                     [&](const Cx<T>* src, Cx<T>* dst, Cx<T>* scratch) {
                       std::memcpy(static_cast<void*>(dst), src, sizeof(Cx<T>) * n);
                       plan.exec(dst, scratch, forward);
                       if (scale != T(1))
                         for (int64_t j = 0; j < n; ++j) dst[j].re *= scale, dst[j].im *= scale;
                     });
}

// Planning only: the 1-D plans the passes of `t` take, collected in order.
template <class T>
void plan_task(const FftTask& t) {
  PlanSource plans(t);
  const int D = t.in.ndim(), r = t.rank();
  const Shape& shape = t.kind == FftKind::C2R ? t.out.shape() : t.in.shape();
  for (int ax = D - 1; ax >= D - r; --ax) {
    if (t.kind != FftKind::C2C && ax == D - 1) plans.get<RealPlan<T>>(shape[ax]);
    else plans.get<ComplexPlan<T>>(shape[ax]);
  }
  *t.made = plans.made;
}

template <class T>
void run_fft_typed(const FftTask& t) {
  if (t.made) return plan_task<T>(t);
  PlanSource plans(t);
  const int D = t.in.ndim(), r = t.rank();
  const int last = D - 1;
  const T scale = static_cast<T>(t.scale);
  char* out = static_cast<char*>(t.out.data());
  const char* in = static_cast<const char*>(t.in.data());
  if (t.kind == FftKind::C2C) {
    for (int ax = last; ax >= D - r; --ax) {
      const bool first = ax == last;
      c2c_pass<T>(plans, first ? in : out, first ? t.in.strides() : t.out.strides(), out, t.out.strides(),
                  t.out.shape(), ax, t.forward, ax == D - r ? scale : T(1));
    }
    return;
  }
  if (t.kind == FftKind::R2C) {
    const int64_t n = t.n[r - 1];
    const auto holder = plans.get<RealPlan<T>>(n);
    const RealPlan<T>& plan = holder->template get<RealPlan<T>>();
    const T s0 = r == 1 ? scale : T(1);
    pass<T, Cx<T>>(in, t.in.strides(), out, t.out.strides(), t.in.shape(), last, n, n / 2 + 1,
                   plan.scratch_size(), [&](const T* src, Cx<T>* dst, Cx<T>* scratch) {
                     plan.forward(src, dst, scratch, s0);
                   });
    for (int ax = last - 1; ax >= D - r; --ax)
      c2c_pass<T>(plans, out, t.out.strides(), out, t.out.strides(), t.out.shape(), ax, true,
                  ax == D - r ? scale : T(1));
    return;
  }
  // C2R (rank 1: the op runs the complex axes first as C2C tasks); `in` is never written.
  const int64_t n = t.n[r - 1];
  const auto holder = plans.get<RealPlan<T>>(n);
  const RealPlan<T>& plan = holder->template get<RealPlan<T>>();
  pass<Cx<T>, T>(in, t.in.strides(), out, t.out.strides(), t.out.shape(), last, n / 2 + 1, n,
                 plan.scratch_size(), [&](const Cx<T>* s, T* dst, Cx<T>* scratch) {
                   plan.backward(s, dst, scratch, scale);
                 });
}

}  // namespace

void run_fft_cpu(const FftTask& task) {
  if (task.kind == FftKind::C2R && task.rank() != 1)
    throw NotImplementedError("the CPU FFT runs C2R tasks of rank 1 only (the op splits them)");
  const DType real = task.kind == FftKind::R2C ? task.in.dtype() : task.kind == FftKind::C2R ? task.out.dtype()
                                                                                             : task.in.dtype();
  if (real == float32 || real == complex64)
    run_fft_typed<float>(task);
  else
    run_fft_typed<double>(task);
}

FftPlanCacheState fft_plan_cache_state_cpu() { return plan_cache().state(); }
void fft_plan_cache_set_limits_cpu(int64_t max_size, int64_t max_memsize) {
  plan_cache().set_limits(max_size, max_memsize);
}
void fft_plan_cache_clear_cpu() { plan_cache().clear(); }

}  // namespace cunumpy::detail
