// The shared launch plan: broadcast, drop unit dimensions, order by the output's strides,
// coalesce, then decide index width and vector width.
#include "cunumpy/core/launch_plan.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <numeric>

#include "cunumpy/base/errors.hpp"

namespace cunumpy {

LaunchPlan make_launch_plan(const Shape& shape, std::span<const ndarray> operands,
                            bool keep_c_order) {
  LaunchPlan plan;
  const int nd = static_cast<int>(shape.size());
  plan.size = shape_size(shape);

  // The common case first (x + 1.0 on whole arrays): every operand C-contiguous with the
  // full shape is one dense dimension, whatever the general path below would sort.
  bool dense = true;
  for (const ndarray& a : operands) dense = dense && a.shape() == shape && a.c_contiguous();
  if (dense && plan.size > 0) {
    plan.shape = Shape{plan.size};
    int max_item = 1;
    bool aligned = true, same_size = true;
    for (const ndarray& a : operands) {
      PlanOperand op;
      op.data = static_cast<char*>(a.data());
      op.dtype = a.dtype();
      op.strides = Strides{a.itemsize()};
      same_size = same_size && (plan.ops.empty() || op.dtype.itemsize() == max_item);
      max_item = std::max(max_item, op.dtype.itemsize());
      aligned = aligned && reinterpret_cast<uintptr_t>(op.data) % 16 == 0;
      plan.ops.push_back(std::move(op));
    }
    plan.contiguous = true;
    constexpr int64_t kMax32 = std::numeric_limits<int32_t>::max();
    plan.index32 = plan.size <= kMax32 / max_item;
    plan.vector_width = !operands.empty() && aligned && same_size && max_item <= 8 ? 16 / max_item : 1;
    return plan;
  }

  // Broadcast every operand's strides to `shape` (stride 0 along broadcast dimensions).
  SmallVector<Strides, 4> bstrides;
  for (const ndarray& a : operands) {
    const int and_ = a.ndim();
    if (and_ > nd)
      throw ValueError("cannot broadcast an array of shape " + shape_str(a.shape()) +
                       " to shape " + shape_str(shape));
    Strides s(nd, 0);
    for (int i = 0; i < and_; ++i) {
      const int j = nd - and_ + i;
      const int64_t d = a.shape()[i];
      if (d == shape[j]) {
        s[j] = a.strides()[i];
      } else if (d != 1) {
        throw ValueError("could not broadcast input array from shape " + shape_str(a.shape()) +
                         " into shape " + shape_str(shape));
      }
    }
    bstrides.push_back(std::move(s));
    PlanOperand op;
    op.data = static_cast<char*>(a.data());
    op.dtype = a.dtype();
    plan.ops.push_back(std::move(op));
  }
  const std::size_t nops = operands.size();

  // Keep dimensions longer than 1, ordered outermost first by the output's stride size.
  SmallVector<int, 8> dims;
  for (int i = 0; i < nd; ++i)
    if (shape[i] != 1) dims.push_back(i);
  if (nops > 0 && !keep_c_order) {
    const Strides& s0 = bstrides[0];
    std::stable_sort(dims.begin(), dims.end(), [&](int a, int b) {
      return std::llabs(s0[a]) > std::llabs(s0[b]);
    });
  }

  // Coalesce neighbours that are contiguous with each other for every operand.
  Shape cshape;
  SmallVector<Strides, 4> cstrides(nops);
  for (int d : dims) {
    if (!cshape.empty()) {
      const int64_t n = shape[d];
      bool mergeable = true;
      for (std::size_t k = 0; k < nops && mergeable; ++k)
        mergeable = cstrides[k].back() == bstrides[k][d] * n;
      if (mergeable) {
        cshape.back() *= n;
        for (std::size_t k = 0; k < nops; ++k) cstrides[k].back() = bstrides[k][d];
        continue;
      }
    }
    cshape.push_back(shape[d]);
    for (std::size_t k = 0; k < nops; ++k) cstrides[k].push_back(bstrides[k][d]);
  }
  if (cshape.empty()) {  // a single element (or 0-d): one unit-stride dimension
    cshape.push_back(plan.size);
    for (std::size_t k = 0; k < nops; ++k) cstrides[k].push_back(plan.ops[k].dtype.itemsize());
  }
  plan.shape = cshape;
  for (std::size_t k = 0; k < nops; ++k) plan.ops[k].strides = std::move(cstrides[k]);

  // Dense when one dimension remains and every operand walks it with unit stride.
  plan.contiguous = plan.ndim() == 1;
  for (std::size_t k = 0; k < nops && plan.contiguous; ++k)
    plan.contiguous = plan.ops[k].strides[0] == plan.ops[k].dtype.itemsize() || plan.size <= 1;

  // 32-bit indexing when every element index and byte offset fits.
  constexpr int64_t kMax32 = std::numeric_limits<int32_t>::max();
  plan.index32 = plan.size <= kMax32;
  for (std::size_t k = 0; k < nops && plan.index32; ++k) {
    int64_t span = 0;
    for (int i = 0; i < plan.ndim(); ++i)
      span += std::llabs(plan.ops[k].strides[i]) * (plan.shape[i] > 0 ? plan.shape[i] - 1 : 0);
    plan.index32 = span + plan.ops[k].dtype.itemsize() <= kMax32;
  }

  // Vector width: elements per 16-byte access when every operand is 16-byte aligned.
  plan.vector_width = 1;
  if (plan.contiguous && nops > 0) {
    int max_item = 1;
    bool aligned = true;
    for (const PlanOperand& op : plan.ops) {
      max_item = std::max(max_item, op.dtype.itemsize());
      aligned = aligned && reinterpret_cast<uintptr_t>(op.data) % 16 == 0;
    }
    bool same_size = std::all_of(plan.ops.begin(), plan.ops.end(),
                                 [&](const PlanOperand& op) { return op.dtype.itemsize() == max_item; });
    if (aligned && same_size && max_item <= 8) plan.vector_width = 16 / max_item;
  }
  return plan;
}

}  // namespace cunumpy
