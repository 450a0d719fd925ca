// CPU executor of ufunc.at: one inner-loop call per position, in order, so repeated
// positions see each other's updates (NumPy's unbuffered semantics).
#include "backend/cpu/elementwise_cpu_loops.hpp"
#include "backend/cpu/parallel.hpp"
#include "cunumpy/base/errors.hpp"
#include "backend/cpu/cpu_executors.hpp"

namespace cunumpy::detail {

void run_ufunc_at_cpu(const Ufunc& uf, const UfuncLoop& loop, ndarray& target,
                      std::span<const int64_t> positions, const ndarray& b_array,
                      const Scalar& b_scalar) {
  cpu::UfuncInnerLoop fn = cpu::find_ufunc_loop(uf.name, loop.signature);
  if (!fn) throw NotImplementedError("ufunc '" + uf.name + "': no CPU loop for " + loop.signature);
  const int nd = target.ndim();
  const Shape& shape = target.shape();
  const Strides& strides = target.strides();
  char* base = static_cast<char*>(target.data());
  alignas(16) unsigned char scalar_buf[16];
  const char* bptr = nullptr;
  int64_t bstep = 0;
  if (uf.nin == 2) {
    if (b_array.defined()) {
      bptr = static_cast<const char*>(b_array.data());
      bstep = b_array.size() == 1 ? 0 : b_array.itemsize();
    } else {
      b_scalar.store(scalar_buf);
      bptr = reinterpret_cast<const char*>(scalar_buf);
    }
  }
  const int64_t steps[3] = {0, 0, 0};
  // One chunk on this thread (the order matters), for its floating-point flags.
  cpu::parallel_for_fp(1, 1, [&](int64_t, int64_t) {
  for (std::size_t k = 0; k < positions.size(); ++k) {
    int64_t rem = positions[k], off = 0;
    for (int d = nd - 1; d >= 0; --d) {
      off += (rem % shape[d]) * strides[d];
      rem /= shape[d];
    }
    char* el = base + off;
    char* ptrs[3] = {el, el, const_cast<char*>(bptr ? bptr + static_cast<int64_t>(k) * bstep : nullptr)};
    fn(ptrs, steps, 1);
  }
  });
}

}  // namespace cunumpy::detail
