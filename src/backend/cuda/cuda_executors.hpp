// The CUDA backend's executors, one per task family; CudaBackend (cuda_backend.cpp)
// forwards the Backend entries to them. Internal header of backend/cuda.
#pragma once
#include <span>

#include "core/backend.hpp"
#include "core/backend_tasks.hpp"

namespace cunumpy::detail {

void run_elementwise_cuda(const ElementwiseTask& task);
void run_ufunc_at_cuda(const Ufunc& uf, const UfuncLoop& loop, ndarray& target,
                       std::span<const int64_t> positions, const ndarray& b_array,
                       const Scalar& b_scalar);
void run_reduce_cuda(const ReduceTask& task);
void run_argreduce_cuda(const ArgReduceTask& task);
void run_scan_cuda(const ScanTask& task);
void run_sort_cuda(const SortTask& task);
void run_indexed_copy_cuda(int device, const IndexedCopy& task);
ndarray compact_cuda(const ndarray& mask, const ndarray* data);

// ---- FFT (fft_cuda.cpp, on cuFFT) ----------------------------------------------------------
void run_fft_cuda(int device, const FftTask& task);
FftPlanCacheState fft_plan_cache_state_cuda(int device);
void fft_plan_cache_set_limits_cuda(int device, int64_t max_size, int64_t max_memsize);
void fft_plan_cache_clear_cuda(int device);

// ---- interp (interp_cuda.cpp), packbits (packbits_cuda.cpp) -------------------------------
void run_interp_cuda(int device, const InterpTask& task);
void run_packbits_cuda(int device, const PackBitsTask& task);
// ---- histogram (histogram_cuda.cpp, tasks in core/backend_tasks_histogram.hpp) ----------
void run_histogram_cuda(int device, const HistogramTask& task);
void run_min_max_cuda(int device, const MinMaxTask& task);

}  // namespace cunumpy::detail
