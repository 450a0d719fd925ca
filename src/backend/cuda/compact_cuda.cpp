// CUDA compaction (nonzero, boolean-mask selection) in three launches: per-chunk counts,
// an exclusive scan of the counts in one block, then each chunk writes its elements at its
// offset. The total is read back between the scan and the write (the output's size).
#include <string>

#include "backend/cuda/indexing_kernels.hpp"
#include "cunumpy/base/errors.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "backend/cuda/cuda_executors.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::detail {

ndarray compact_cuda(const ndarray& mask, const ndarray* data) {
  const Device dev = mask.device();
  const int device = dev.index;
  const int nd = mask.ndim();
  const long long n = mask.size();
  if (n == 0)
    return data ? ndarray(Shape{0}, data->dtype(), Order::C, dev) : ndarray(Shape{nd, 0}, int64, Order::C, dev);
  cuda::ensure_context(device);
  cuda::StreamHandle stream = cuda::current_stream(device);
  long long nchunks = (n + cuda::kCompactChunk - 1) / cuda::kCompactChunk;
  ndarray counts(Shape{nchunks}, uint32, Order::C, dev);
  ndarray offsets(Shape{nchunks + 1}, uint64, Order::C, dev);
  cuda::Function count_fn = cuda::indexing_kernel(device, 2, [&] {
    return cuda::get_kernel(device, "compact|count", cuda::compact_scan_source(), "cn_compact_count");
  });
  cuda::Function scan_fn = cuda::indexing_kernel(device, 3, [&] {
    return cuda::get_kernel(device, "compact|scan", cuda::compact_scan_source(), "cn_compact_scan");
  });
  const void* m = mask.data();
  void* counts_ptr = counts.data();
  void* offsets_ptr = offsets.data();
  long long count = n;
  void* count_args[] = {&m, &count, &counts_ptr};
  cuda::launch(count_fn, static_cast<unsigned>(nchunks), cuda::kCompactBlock, count_args, 0, stream);
  void* scan_args[] = {&counts_ptr, &offsets_ptr, &nchunks};
  cuda::launch(scan_fn, 1, 1024, scan_args, 0, stream);
  unsigned long long total = 0;
  offsets[{nchunks}].copy_to_host(&total);
  const long long total_ll = static_cast<long long>(total);

  const int itemsize = data ? data->itemsize() : 0;
  ndarray out = data ? ndarray(Shape{total_ll}, data->dtype(), Order::C, dev)
                     : ndarray(Shape{nd, total_ll}, int64, Order::C, dev);
  if (total == 0) return out;
  const int unit = data ? cuda::element_unit(itemsize, {reinterpret_cast<intptr_t>(data->data())}) : 0;
  const uint64_t packed = data ? static_cast<uint64_t>(unit) << 6 | static_cast<uint64_t>(itemsize) << 1
                               : static_cast<uint64_t>(nd) << 1 | 1u;
  cuda::Function write_fn = cuda::indexing_kernel(device, packed << 4 | 4u, [&] {
    const std::string key = data ? "compact|write|d" + std::to_string(itemsize) + "u" + std::to_string(unit)
                                 : "compact|write|c" + std::to_string(nd);
    return cuda::get_kernel(device, key, cuda::compact_write_source(itemsize, unit, data ? 0 : nd),
                            "cn_compact_write");
  });
  void* out_ptr = out.data();
  if (data) {
    const void* src = data->data();
    void* args[] = {&m, &count, &offsets_ptr, &src, &out_ptr};
    cuda::launch(write_fn, static_cast<unsigned>(nchunks), cuda::kCompactBlock, args, 0, stream);
  } else {
    std::vector<long long> shape(mask.shape().begin(), mask.shape().end());
    long long tot = total_ll;
    void* args[] = {&m, &count, &offsets_ptr, &out_ptr, &tot, shape.data()};
    cuda::launch(write_fn, static_cast<unsigned>(nchunks), cuda::kCompactBlock, args, 0, stream);
  }
  return out;
}

}  // namespace cunumpy::detail
