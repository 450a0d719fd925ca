// CPU scans of an (M, K) view along its last axis: rows on the thread pool, each row
// serial (the order NumPy's accumulate adds in, so float results match it exactly).
#include <algorithm>

#include "backend/cpu/parallel.hpp"
#include "cunumpy/base/errors.hpp"
#include "core/dtype_dispatch.hpp"
#include "scalar/cn_ops.h"
#include "backend/cpu/cpu_executors.hpp"

namespace cunumpy::cpu {
namespace {

// Flags: cumulative sums and products flag what NumPy's accumulate reports; max/min do not.
template <class Op, class T, bool Flags>
void scan_rows(const detail::ScanTask& t) {
  const int64_t M = t.in.shape()[0], K = t.in.shape()[1];
  const int64_t sm = t.in.strides()[0], sk = t.in.strides()[1];
  const char* base = static_cast<const char*>(t.in.data());
  T* out = static_cast<T*>(t.out.data());
  auto rows = [&](int64_t b, int64_t e) {
    for (int64_t m = b; m < e; ++m) {
      const char* row = base + m * sm;
      T* o = out + m * K;
      T acc = *reinterpret_cast<const T*>(row);
      o[0] = acc;
      for (int64_t k = 1; k < K; ++k) {
        acc = Op::call(acc, *reinterpret_cast<const T*>(row + k * sk));
        o[k] = acc;
      }
    }
  };
  const int64_t grain = std::max<int64_t>(1, (1 << 16) / K);
  if constexpr (Flags) parallel_for_fp(M, grain, rows);
  else parallel_for(M, grain, rows);
}

}  // namespace
}  // namespace cunumpy::cpu

namespace cunumpy::detail {

void run_scan_cpu(const ScanTask& task) {
  dispatch_dtype(task.in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, cn::half>) {
      throw NotImplementedError("float16 scans accumulate in float32 (ops layer bug)");
    } else {
      switch (task.op) {
        case ReduceOp::Sum: return cpu::scan_rows<cn::op::add, T, true>(task);
        case ReduceOp::Prod: return cpu::scan_rows<cn::op::multiply, T, true>(task);
        case ReduceOp::Max: return cpu::scan_rows<cn::op::maximum, T, false>(task);
        case ReduceOp::Min: return cpu::scan_rows<cn::op::minimum, T, false>(task);
        default: throw ValueError("scans take sum, prod, max and min");
      }
    }
  });
}

}  // namespace cunumpy::detail
