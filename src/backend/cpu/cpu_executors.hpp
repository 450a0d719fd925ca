// The CPU backend's executors, one per task family; CpuBackend (cpu_backend.cpp) forwards
// the Backend entries to them. Internal header of backend/cpu.
#pragma once
#include <span>
#include <string>

#include "core/backend.hpp"
#include "core/backend_tasks.hpp"

namespace cunumpy::detail {

void run_elementwise_cpu(const ElementwiseTask& task);
void run_ufunc_at_cpu(const Ufunc& uf, const UfuncLoop& loop, ndarray& target,
                      std::span<const int64_t> positions, const ndarray& b_array,
                      const Scalar& b_scalar);
void run_reduce_cpu(const ReduceTask& task);
void run_argreduce_cpu(const ArgReduceTask& task);
void run_scan_cpu(const ScanTask& task);
void run_sort_cpu(const SortTask& task);
void run_indexed_copy_cpu(const IndexedCopy& task);
ndarray compact_cpu(const ndarray& mask, const ndarray* data);

// ---- FFT (fft_cpu.cpp) -------------------------------------------------------------------
void run_fft_cpu(const FftTask& task);
FftPlanCacheState fft_plan_cache_state_cpu();
void fft_plan_cache_set_limits_cpu(int64_t max_size, int64_t max_memsize);
void fft_plan_cache_clear_cpu();

// ---- interp (interp_cpu.cpp), packbits (packbits_cpu.cpp) ---------------------------------
void run_interp_cpu(const InterpTask& task);
void run_packbits_cpu(const PackBitsTask& task);
// ---- histogram (histogram_cpu.cpp, tasks in core/backend_tasks_histogram.hpp) -----------
void run_histogram_cpu(const HistogramTask& task);
void run_min_max_cpu(const MinMaxTask& task);

}  // namespace cunumpy::detail
