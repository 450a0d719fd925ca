// Source generation for the CUDA radix sort (pure string building, testable without a
// GPU). One self-contained source per (element dtype, payload width) holds:
//   cn_sort_make_keys(in, K, stride_m, stride_k, N, keys, vals, field, exact):
//     keys[i] = order-preserving unsigned key of element i of the (M, K) view (C order),
//     of its field `field` (0 real part, 1 imaginary part);
//     vals[i] = i when vals is not null. exact = 0 maps -0.0 to +0.0's key (stable
//     argsort keeps -0.0 and 0.0 in input order, as NumPy); 1 keeps them apart (values only).
//   cn_sort_gather_keys(in, K, stride_m, stride_k, N, vals, keys, field): the key of field
//     `field` (0 real part, 1 imaginary part) of the element vals[i] names.
//   cn_sort_row_keys(in, K, stride_m, stride_k, N, vals, rkeys): (row << 2 | NaN class),
//     the most significant digits of a segmented sort (class: complex NumPy's NaN rules).
//   cn_radix_hist_{key,row}(keys, N, per_block, shift, counts): counts[d * gridDim + b] =
//     how many keys of block b's range [b * per_block, ...) have digit d at `shift`.
//   cn_radix_scan(counts, total): exclusive scan of `total` counts in place (one block).
//   cn_radix_scatter_{key,row}_{v,n}(keys_in, vals_in, keys_out, vals_out, N, per_block,
//     shift, counts): stable scatter of each block's range, in tiles of 256 x kSortItems
//     ranked through warp matches (__match_any_sync) and staged through shared memory so that writes are
//     runs per digit (v: with payload, n: keys only).
//   cn_sort_finish(in, K, stride_m, stride_k, N, vals, out_values, out_indices): the
//     element vals[i] names and its position in its row (either output may be null).
//   cn_sort_finish_keys(keys, N, out_values): values back from exact keys (keys-only path).
//   cn_radix_hist_raw(in, N, per_block, shift, counts, exact),
//   cn_radix_scatter_raw_n(in, keys_out, N, per_block, shift, counts, exact),
//   cn_radix_scatter_out_n(keys_in, out_values, N, per_block, shift, counts),
//   cn_radix_scatter_raw_out_n(in, out_values, N, per_block, shift, counts, exact): the
//     values-only sort of one contiguous row with the key transform fused into the first
//     pass and the values rebuilt by the last (both for one-byte keys).
// Onesweep path (one row, N < 2^30; the driver's default, CUNUMPY_SORT_ONESWEEP=0 turns it off):
//   cn_os_init(p, n): p[0, n) = 0 (one block).
//   cn_os_hist(in, stride, N, exact, hist, zero, zero_n): hist[b * 256 + d] += keys with
//     digit d at byte b, for every byte b of the key (one read); also zeroes zero[0, zero_n).
//   cn_os_scan(hist, bins): one block per digit position b, bins[b * 256 + d] = exclusive
//     scan of hist[b * 256 + .].
//   cn_os_pass_{raw_k,k_k,k_out,raw_out}(..., N, shift, bins, status, status_next, counter):
//     keys-only passes (first, middle, last, only), and cn_os_pass_{raw_kv,kv_kv,kv_fin,
//     raw_fin} with the element number as payload: tile = atomicAdd(counter), rank in tile,
//     decoupled look-back on status[tile * 256 + d], scatter; status_next zeroed per tile.
//     Grid: one block per tile of 256 x onesweep_items(key bytes) keys.
// 256 threads per block everywhere.
#pragma once
#include <string>

#include "cunumpy/core/dtype.hpp"

namespace cunumpy::cuda {

// Bytes of the data key of `d` (complex: of one part).
int sort_key_bytes(DType d);
// wide_payload: 64-bit element numbers (N >= 2^32), else 32-bit.
std::string radix_sort_kernel_source(DType d, bool wide_payload);
inline constexpr int kSortItems = 8;
inline constexpr int kSortTile = 256 * kSortItems;
// Keys per thread of the onesweep passes, by key bytes: 20 with __launch_bounds__(256, 3)
// for keys of 4 bytes or less (3.48 ms for 2^27 float32 on the H200, against 3.70 at 16,
// 3.87 at 12 with (256, 4), 3.81 at 24 and 4.12 at 20 with (256, 2)); 12 for 8-byte keys,
// whose payload passes would spill more.
inline constexpr int onesweep_items(int key_bytes) { return key_bytes <= 4 ? 20 : 12; }

}  // namespace cunumpy::cuda
