// CPU executor of resolved ufunc calls: converts operands to the loop's dtypes (a cast
// copy for now; the CUDA path fuses casts into the kernel), builds the launch plan over the
// array operands, and runs the registered inner loop over it on the thread pool. Scalar
// operands are passed as a pointer with stride 0.
#include <mutex>
#include <string>
#include <unordered_map>

#include "backend/cpu/elementwise_cpu_loops.hpp"
#include "backend/cpu/parallel.hpp"
#include "backend/cpu/strided_iter.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/core/launch_plan.hpp"
#include "backend/cpu/cpu_executors.hpp"

namespace cunumpy::cpu {
namespace {

std::unordered_map<std::string, UfuncInnerLoop>& loop_table() {
  static std::unordered_map<std::string, UfuncInnerLoop> table;
  return table;
}

std::string loop_key(std::string_view ufunc, std::string_view signature) {
  std::string k(ufunc);
  k += '|';
  k += signature;
  return k;
}

void register_all_loops() {
  static std::once_flag once;
  std::call_once(once, [] {
    register_arithmetic_loops();
    register_math_loops();
    register_logic_loops();
    register_fp_function_loops();
  });
}

// Below this many elements a call runs on the calling thread only.
constexpr int64_t kParallelGrain = 1 << 15;

}  // namespace

void register_ufunc_loop(std::string_view ufunc, std::string_view signature, UfuncInnerLoop fn) {
  loop_table()[loop_key(ufunc, signature)] = fn;
}

UfuncInnerLoop find_ufunc_loop(std::string_view ufunc, std::string_view signature) {
  register_all_loops();
  auto it = loop_table().find(loop_key(ufunc, signature));
  return it == loop_table().end() ? nullptr : it->second;
}

}  // namespace cunumpy::cpu

namespace cunumpy::detail {

void run_elementwise_cpu(const ElementwiseTask& task) {
  const Ufunc& uf = *task.ufunc;
  const UfuncLoop& loop = *task.loop;
  const int nin = uf.nin, nout = uf.nout;
  cpu::UfuncInnerLoop fn = cpu::find_ufunc_loop(uf.name, loop.signature);
  if (!fn)
    throw NotImplementedError("ufunc '" + uf.name + "': no CPU loop for " + loop.signature);

  // Array operands of the plan: outputs (a temporary where the dtype differs), then the
  // array inputs (cast copies where the dtype differs).
  SmallVector<ndarray, 4> arrays;
  SmallVector<ndarray, 4> temps(nout);
  for (int o = 0; o < nout; ++o) {
    const ndarray& out = task.outputs[o];
    DType want = loop.types[nin + o];
    if (out.dtype() != want) temps[o] = ndarray(task.shape, want, Order::C, out.device());
    arrays.push_back(temps[o].defined() ? temps[o] : out);
  }
  // slot[i]: index of input i in `arrays`, or -1 for a scalar.
  int slot[8];
  alignas(16) unsigned char scalar_buf[8][16];
  for (int i = 0; i < nin; ++i) {
    const auto& in = task.inputs[i];
    if (in.is_scalar()) {
      slot[i] = -1;
      in.value.store(scalar_buf[i]);
      continue;
    }
    DType want = loop.types[i];
    slot[i] = static_cast<int>(arrays.size());
    arrays.push_back(in.array.dtype() == want ? in.array : in.array.astype(want));
  }
  LaunchPlan plan = make_launch_plan(task.shape, std::span<const ndarray>(arrays.data(), arrays.size()));

  // Full argument lists for the inner loop: outputs, then inputs in call order.
  auto run = [&](char* const* plan_ptrs, const int64_t* plan_steps, int64_t n) {
    char* ptrs[8];
    int64_t steps[8];
    for (int o = 0; o < nout; ++o) {
      ptrs[o] = plan_ptrs[o];
      steps[o] = plan_steps[o];
    }
    for (int i = 0; i < nin; ++i) {
      if (slot[i] < 0) {
        ptrs[nout + i] = reinterpret_cast<char*>(scalar_buf[i]);
        steps[nout + i] = 0;
      } else {
        ptrs[nout + i] = plan_ptrs[slot[i]];
        steps[nout + i] = plan_steps[slot[i]];
      }
    }
    fn(ptrs, steps, n);
  };
  auto chunk = [&](int64_t begin, int64_t end) {
    switch (plan.ops.size()) {
      case 1: cpu::for_each_run<1>(plan, begin, end, run); break;
      case 2: cpu::for_each_run<2>(plan, begin, end, run); break;
      case 3: cpu::for_each_run<3>(plan, begin, end, run); break;
      case 4: cpu::for_each_run<4>(plan, begin, end, run); break;
      default: throw NotImplementedError("ufunc '" + uf.name + "': too many operands");
    }
  };
  // NumPy's complex ordering (its CLT/CLE macros, C's signalling `<` on the real and
  // imaginary parts) flags invalid on NaN, unlike its float comparisons.
  const bool complex_order = uf.comparison && loop.types[0].is_complex() && uf.name != "equal" &&
                             uf.name != "not_equal";
  if (uf.fp_quiet && !complex_order) cpu::parallel_for(plan.size, cpu::kParallelGrain, chunk);
  else cpu::parallel_for_fp(plan.size, cpu::kParallelGrain, chunk);

  for (int o = 0; o < nout; ++o)
    if (temps[o].defined()) {
      ndarray out = task.outputs[o];  // a handle: assign writes the caller's array
      out.assign(temps[o]);
    }
}

}  // namespace cunumpy::detail
