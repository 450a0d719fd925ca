// Source generation for the indexing kernels of the CUDA backend (internal header; pure
// string building, testable without a GPU): the indexed copy (advanced-index gather and
// scatter) and the three compaction kernels (nonzero, boolean-mask selection).
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "kernels/cuda/kernel_cache.hpp"

namespace cunumpy::cuda {

// The kernel for a packed structural key on `device`: `load` (which builds the source and
// calls get_kernel) runs only the first time, so a repeated call builds no string.
Function indexing_kernel(int device, uint64_t key, const std::function<Function()>& load);

// `typedef ... T;`: the type a kernel moves elements of `itemsize` bytes as, made of units
// of `unit` bytes (the alignment every address and stride it touches has).
std::string element_type(int itemsize, int unit);
// The largest unit (1, 2, 4, 8 or 16, at most itemsize) dividing every one of `values`.
int element_unit(int itemsize, std::initializer_list<int64_t> values);

// Number of long longs in the indexed copy's parameter block for ndim result dimensions
// and naxes index arrays: shape, indexed strides, plain strides, per-axis index strides,
// then axis lengths, axis strides and index array addresses.
inline int indexed_copy_param_count(int ndim, int naxes) { return 3 * ndim + naxes * ndim + 3 * naxes; }

// extern "C" __global__ void cn_indexed_copy(char* indexed, char* plain, long long n,
//     unsigned long long* err, Params p). mode: 0 raise (err[0] = 1 + the failing axis's
//     number in the task, err[1] = the index; the element is skipped), 1 wrap, 2 clip.
// plain_contiguous: plain's offset is i * itemsize (plain strides unused).
std::string indexed_copy_source(int itemsize, int unit, int ndim, int naxes, bool scatter, bool plain_contiguous, int mode);
inline constexpr const char* kIndexedCopyKernelName = "cn_indexed_copy";

// Compaction over a byte mask in chunks of kCompactChunk elements, one block of
// kCompactBlock threads per chunk:
//   cn_compact_count(const unsigned char* mask, long long n, unsigned int* counts)
//   cn_compact_scan(const unsigned int* counts, unsigned long long* offsets, long long nchunks)
//     (one block of 1024 threads; offsets[nchunks] = the total)
// and, from compact_write_source:
//   data mode (itemsize > 0; elements moved in units of `unit` bytes): cn_compact_write(mask, n, offsets, const T* data, T* out)
//   coordinate mode (ndim > 0): cn_compact_write(mask, n, offsets, long long* coords,
//     long long total, Shape shape): coords[d * total + k] = coordinate d of the k-th true.
std::string compact_scan_source();
std::string compact_write_source(int itemsize, int unit, int ndim);
inline constexpr int kCompactBlock = 256;
inline constexpr int kCompactChunk = kCompactBlock * 16;

}  // namespace cunumpy::cuda
