// CUDA executor of indexed copies: one generated kernel per (item size, dimensions, index
// arrays, direction, mode). In raise mode the kernel skips an out-of-range element and
// records the first one in a two-word device flag, read back once after the launch (the
// call's one synchronization); a failing scatter may have written the valid elements.
#include <algorithm>
#include <string>
#include <vector>

#include "backend/cuda/indexing_kernels.hpp"
#include "cunumpy/base/errors.hpp"
#include "core/backend.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "backend/cuda/cuda_executors.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::detail {

void run_indexed_copy_cuda(int device, const IndexedCopy& t) {
  const int nd = static_cast<int>(t.shape.size());
  const int na = static_cast<int>(t.axes.size());
  int64_t n = 1;
  for (int64_t e : t.shape) n *= e;
  if (n == 0) return;
  const int nparams = cuda::indexed_copy_param_count(nd, na);
  if (nparams * 8 > 4000)
    throw NotImplementedError("advanced indexing on CUDA: too many dimensions (" + std::to_string(nd) +
                              ") and index arrays (" + std::to_string(na) + ")");
  cuda::ensure_context(device);
  const bool plain_contiguous = t.plain_strides == contiguous_strides(t.shape, t.itemsize);
  const int mode = t.mode == IndexMode::Raise ? 0 : t.mode == IndexMode::Wrap ? 1 : 2;

  std::vector<long long> p;
  p.reserve(static_cast<std::size_t>(nparams));
  for (int64_t e : t.shape) p.push_back(e);
  for (int64_t s : t.indexed_strides) p.push_back(s);
  for (int64_t s : t.plain_strides) p.push_back(s);
  for (const IndexedAxis& a : t.axes)
    for (int64_t s : a.strides) p.push_back(s);
  for (const IndexedAxis& a : t.axes) p.push_back(a.length);
  for (const IndexedAxis& a : t.axes) p.push_back(a.stride);
  for (const IndexedAxis& a : t.axes) p.push_back(static_cast<long long>(reinterpret_cast<uintptr_t>(a.data)));

  // Misaligned views (e.g. complex64 over float32 at an odd offset) move smaller units
  // (there a repeated-index scatter may mix the parts of two writes).
  int unit = cuda::element_unit(t.itemsize, {reinterpret_cast<intptr_t>(t.indexed),
                                             reinterpret_cast<intptr_t>(t.plain)});
  for (int d = 0; d < nd; ++d) unit = cuda::element_unit(unit, {t.indexed_strides[d], t.plain_strides[d]});
  for (const IndexedAxis& a : t.axes) unit = cuda::element_unit(unit, {a.stride});
  // unit and item size (5 + 5 bits), result ndim and index arrays (7 bits each), direction,
  // layout, mode
  const uint64_t packed = static_cast<uint64_t>(unit) << 25 | static_cast<uint64_t>(t.itemsize) << 20 |
                          static_cast<uint64_t>(nd) << 13 | static_cast<uint64_t>(na) << 6 |
                          (t.scatter ? 1u : 0u) << 5 | (plain_contiguous ? 1u : 0u) << 4 |
                          static_cast<uint64_t>(mode);
  cuda::Function f = cuda::indexing_kernel(device, packed << 4 | 1u, [&] {
    const std::string key = "idxcopy|" + std::to_string(t.itemsize) + "u" + std::to_string(unit) + "|" +
                            std::to_string(nd) + "|" + std::to_string(na) + "|" + (t.scatter ? "s" : "g") +
                            (plain_contiguous ? "c" : "n") + std::to_string(mode);
    return cuda::get_kernel(device, key,
                            cuda::indexed_copy_source(t.itemsize, unit, nd, na, t.scatter, plain_contiguous, mode),
                            cuda::kIndexedCopyKernelName);
  });

  const Device dev = Device::cuda(device);
  ndarray err;
  void* err_ptr = nullptr;
  if (mode == 0) {
    const uint64_t zeros[2] = {0, 0};
    err = ndarray(Shape{2}, uint64, Order::C, dev);
    err.copy_from_host(zeros);
    err_ptr = err.data();
  }
  char* indexed = t.indexed;
  char* plain = t.plain;
  long long count = n;
  void* args[] = {&indexed, &plain, &count, &err_ptr, p.data()};
  const long long blocks =
      std::min<long long>((n + 255) / 256, static_cast<long long>(cuda::multiprocessor_count(device)) * 32);
  cuda::launch(f, static_cast<unsigned>(std::max<long long>(blocks, 1)), 256, args, 0, cuda::current_stream(device));
  if (mode == 0) {
    uint64_t flag[2];
    err.copy_to_host(flag);
    if (flag[0] != 0) {
      const IndexedAxis& a = t.axes[flag[0] - 1];
      throw_out_of_bounds(static_cast<int64_t>(flag[1]), a.axis, a.length);
    }
  }
}

}  // namespace cunumpy::detail
