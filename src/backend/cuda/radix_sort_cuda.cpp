// CUDA sort of an (M, K) view along its last axis: an LSD radix sort of order-preserving
// unsigned keys, 8 bits per pass (per-block histograms, one exclusive scan, a stable
// scatter). Rows become the most significant digits: after the data key's passes, the
// row number (with complex NumPy's NaN class below it) is sorted on, stably, so each row
// ends up contiguous and sorted. The payload is the element's number in the C-order view;
// the last kernel reads the values through it and turns it into the index within the row.
// A single row sorted for its values alone carries no payload: its first pass keys the
// input on the fly and its last rebuilds the values from the keys (a float32 sort is 4
// passes, each reading 4 bytes per element for the histogram and 4 + 4 for the scatter).
// A single row (sort or argsort, any dtype but complex, N < 2^30) takes the onesweep path
// instead: one kernel counts all digit positions in one read, then each pass
// is a single kernel whose tiles find their output offsets by decoupled look-back (a float32
// sort reads the input once for the histograms and then 4 + 4 bytes per element per pass).
// CUNUMPY_SORT_ONESWEEP=0 turns it off (see onesweep_enabled). SortTask::skip_low_bytes
// starts its passes above the low digits (random permutations: random_perm.cpp).
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <mutex>

#include "backend/cuda/radix_sort_cuda.hpp"
#include "cunumpy/base/errors.hpp"
#include "kernels/cuda/function_cache.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "backend/cuda/cuda_executors.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::cuda {
namespace {

// The radix sort source of one (device, dtype, payload width); its kernels compile one by
// one at their first launch (a float32 sort of one row needs 6 of the 26: ~1.5 s of NVRTC
// on a cold cache instead of ~7 s for the whole source).
struct SortSource {
  int device;
  std::string key, src;
};

class SortKernel {
 public:
  SortKernel(const SortSource* s, const char* fn) : s_(s), fn_(fn) {}
  operator Function() const {  // NOLINT: used where a Function is launched
    Function f = f_.load(std::memory_order_acquire);
    if (!f) {
      f = get_kernel(s_->device, s_->key + "|" + fn_, s_->src, fn_, {"-DCN_ONLY", std::string("-DCN_ONLY_") + fn_ + "=1"});
      f_.store(f, std::memory_order_release);
    }
    return f;
  }

 private:
  const SortSource* s_;
  const char* fn_;
  mutable std::atomic<Function> f_{nullptr};
};

struct SortKernels {
  explicit SortKernels(const SortSource* s) : src(s) {}
  const SortSource* src;
#define CN_SORT_KERNEL(member, fn) SortKernel member{src, fn};
  CN_SORT_KERNEL(make_keys, "cn_sort_make_keys")
  CN_SORT_KERNEL(gather_keys, "cn_sort_gather_keys")
  CN_SORT_KERNEL(row_keys, "cn_sort_row_keys")
  CN_SORT_KERNEL(hist_key, "cn_radix_hist_key")
  CN_SORT_KERNEL(hist_row, "cn_radix_hist_row")
  CN_SORT_KERNEL(scan, "cn_radix_scan")
  CN_SORT_KERNEL(scatter_key_v, "cn_radix_scatter_key_v")
  CN_SORT_KERNEL(scatter_key_n, "cn_radix_scatter_key_n")
  CN_SORT_KERNEL(scatter_row_v, "cn_radix_scatter_row_v")
  CN_SORT_KERNEL(finish, "cn_sort_finish")
  CN_SORT_KERNEL(finish_keys, "cn_sort_finish_keys")
  CN_SORT_KERNEL(hist_raw, "cn_radix_hist_raw")
  CN_SORT_KERNEL(scatter_raw_n, "cn_radix_scatter_raw_n")
  CN_SORT_KERNEL(scatter_out_n, "cn_radix_scatter_out_n")
  CN_SORT_KERNEL(scatter_raw_out_n, "cn_radix_scatter_raw_out_n")
  CN_SORT_KERNEL(os_init, "cn_os_init")
  CN_SORT_KERNEL(os_hist, "cn_os_hist")
  CN_SORT_KERNEL(os_scan, "cn_os_scan")
  CN_SORT_KERNEL(os_raw_k, "cn_os_pass_raw_k")
  CN_SORT_KERNEL(os_k_k, "cn_os_pass_k_k")
  CN_SORT_KERNEL(os_k_out, "cn_os_pass_k_out")
  CN_SORT_KERNEL(os_raw_out, "cn_os_pass_raw_out")
  CN_SORT_KERNEL(os_raw_kv, "cn_os_pass_raw_kv")
  CN_SORT_KERNEL(os_kv_kv, "cn_os_pass_kv_kv")
  CN_SORT_KERNEL(os_kv_fin, "cn_os_pass_kv_fin")
  CN_SORT_KERNEL(os_raw_fin, "cn_os_pass_raw_fin")
#undef CN_SORT_KERNEL
  // resident_blocks of the LSD path's scatter kernels: contiguous values row, strided
  // values row, general with one row, general with row passes (0: not yet known).
  mutable std::atomic<int> resident[4] = {0, 0, 0, 0};
};

// How many 256-thread blocks of every given scatter kernel fit on an SM at once
// (registers, static shared memory, threads): each block owns a fixed range, so a grid
// larger than one wave would leave a second, mostly idle wave.
int resident_blocks(int device, std::initializer_list<Function> fs) {
  CUdevice dev;
  CN_CU(cuDeviceGet, &dev, device);
  int regs_sm = 0, smem_sm = 0, threads_sm = 0;
  CN_CU(cuDeviceGetAttribute, &regs_sm, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, dev);
  CN_CU(cuDeviceGetAttribute, &smem_sm, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, dev);
  CN_CU(cuDeviceGetAttribute, &threads_sm, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, dev);
  int best = std::max(1, threads_sm / 256);
  for (Function f : fs) {
    int regs = 0, smem = 0;
    CN_CU(cuFuncGetAttribute, &regs, CU_FUNC_ATTRIBUTE_NUM_REGS, static_cast<CUfunction>(f));
    CN_CU(cuFuncGetAttribute, &smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, static_cast<CUfunction>(f));
    const int per_block_regs = ((std::max(regs, 1) + 7) / 8 * 8) * 256;
    best = std::min(best, regs_sm / per_block_regs);
    best = std::min(best, smem_sm / (smem + 1024));  // 1 KB per block reserved by the system
  }
  return std::max(best, 1);
}

const SortKernels& sort_kernels(int device, DType d, bool wide) {
  // Values: sources and kernel sets made once per key and kept for the life of the process.
  static auto* cache = new FunctionCache<const SortKernels*>();
  static std::mutex build;  // held while a source is generated: once per key
  FunctionKey key(KernelFamily::Sort, device);
  key.push(static_cast<uint64_t>(d.id()), 8).push(wide ? 1 : 0, 1);
  if (auto k = cache->find(key)) return **k;
  std::lock_guard<std::mutex> lock(build);
  if (auto k = cache->find(key)) return **k;
  auto* src = new SortSource{device, std::string("radix_sort|") + d.name() + (wide ? "|v8" : "|v4"),
                             radix_sort_kernel_source(d, wide)};
  return *cache->insert(key, new SortKernels(src));
}

DType unsigned_of(int bytes) {
  return bytes == 1 ? uint8 : bytes == 2 ? uint16 : bytes == 4 ? uint32 : uint64;
}

// On unless CUNUMPY_SORT_ONESWEEP=0 (read per call: both paths in one process, for tests and
// measurements). H200, 2^27 float32: 5.0 ms against the per-pass path's 7.7.
bool onesweep_enabled() {
  const char* e = std::getenv("CUNUMPY_SORT_ONESWEEP");
  return !(e && e[0] == '0' && e[1] == 0);
}

// Onesweep sort of one row of N (< 2^30) elements at byte stride sk: values only (exact
// keys, the values rebuilt from them) or with element numbers (argsort: the values read
// back through them). Launches: init, histogram of all digits, scan, one kernel per digit.
void run_onesweep(const SortKernels& k, const detail::SortTask& task, StreamHandle stream, int sms) {
  const DType dt = task.in.dtype();
  const Device dev = task.in.device();
  long long N = task.in.shape()[1], sk = task.in.strides()[1];
  const int kb = sort_key_bytes(dt);
  const bool payload = task.indices.defined();
  int exact = payload ? 0 : 1;  // argsort: -0.0 ties with 0.0 (kept in input order)
  // The first digit sorted on: above the low bytes that already come in order among ties
  // (unsigned keys are the values unchanged, so the skipped passes would change nothing).
  const bool skippable = !payload && (dt == uint64 || dt == uint32);
  const int lo = skippable ? std::max(0, std::min(task.skip_low_bytes, kb - 1)) : 0;
  const long long tile = 256ll * onesweep_items(kb);
  const long long tiles = (N + tile - 1) / tile;
  // Scratch (uint32): hist[kb][256], bins[kb][256], tile counters[64], status A, status B
  // (tiles x 256 each; pass p uses A or B by parity and zeroes the other for pass p + 1).
  const long long hist_n = kb * 256ll, ctr_off = 2 * hist_n, a_off = ctr_off + 64, b_off = a_off + tiles * 256;
  ndarray scratch(Shape{b_off + tiles * 256}, uint32, Order::C, dev);
  unsigned* base = static_cast<unsigned*>(scratch.data());
  void* hist = base;
  void* bins = base + hist_n;
  void* status_a = base + a_off;
  void* status_b = base + b_off;
  const void* in = task.in.data();
  {
    void* p = hist;
    int n = static_cast<int>(hist_n);
    void* a[] = {&p, &n};
    launch(k.os_init, 1, 256, a, 0, stream);
    void* ctr = base + ctr_off;
    long long zero_n = 64 + tiles * 256;  // the tile counters and status A, adjacent
    const unsigned hblocks = static_cast<unsigned>(std::max<long long>(1, std::min<long long>((N + 1023) / 1024, sms * 8ll)));
    void* h[] = {const_cast<void**>(&in), &sk, &N, &exact, &hist, &ctr, &zero_n};
    launch(k.os_hist, hblocks, 256, h, 0, stream);
    void* sc[] = {&hist, &bins};
    launch(k.os_scan, static_cast<unsigned>(kb), 256, sc, 0, stream);
  }
  void* out_values = task.values.defined() ? task.values.data() : nullptr;
  void* out_indices = payload ? task.indices.data() : nullptr;
  ndarray keys_a(Shape{N}, unsigned_of(kb), Order::C, dev), keys_b, vals_a, vals_b;
  void* ka = keys_a.data();
  void* kbuf = out_values;  // keys only: the output (same size as a key) is the second buffer;
  void* va = nullptr;       // with an even number of passes the last reads keys_a, writes values
  void* vb = nullptr;
  if (!payload && (kb - lo) % 2 == 1 && kb - lo > 1) {  // odd: a second key buffer instead
    keys_b = ndarray(Shape{N}, unsigned_of(kb), Order::C, dev);
    kbuf = keys_b.data();
  }
  if (payload) {
    keys_b = ndarray(Shape{N}, unsigned_of(kb), Order::C, dev);
    vals_a = ndarray(Shape{N}, uint32, Order::C, dev);
    vals_b = ndarray(Shape{N}, uint32, Order::C, dev);
    kbuf = keys_b.data();
    va = vals_a.data();
    vb = vals_b.data();
  }
  const unsigned grid = static_cast<unsigned>(tiles);
  for (int pass = lo; pass < kb; ++pass) {
    const bool first = pass == lo, last = pass == kb - 1;
    int shift = 8 * pass;
    void* pbins = base + hist_n + 256ll * pass;
    const int parity = (pass - lo) & 1;  // the first pass uses status A, which os_hist zeroed
    void* status = parity ? status_b : status_a;
    void* status_next = last ? nullptr : (parity ? status_a : status_b);
    void* counter = base + ctr_off + pass;
    // Shared tail of every pass kernel's arguments.
#define CN_OS_TAIL &N, &shift, &pbins, &status, &status_next, &counter
    if (!payload) {
      if (first && last) {
        void* a[] = {const_cast<void**>(&in), &sk, &exact, &out_values, CN_OS_TAIL};
        launch(k.os_raw_out, grid, 256, a, 0, stream);
      } else if (first) {
        void* a[] = {const_cast<void**>(&in), &sk, &exact, &ka, CN_OS_TAIL};
        launch(k.os_raw_k, grid, 256, a, 0, stream);
      } else if (last) {
        void* a[] = {&ka, &out_values, CN_OS_TAIL};
        launch(k.os_k_out, grid, 256, a, 0, stream);
      } else {
        void* a[] = {&ka, &kbuf, CN_OS_TAIL};
        launch(k.os_k_k, grid, 256, a, 0, stream);
      }
    } else {
      if (first && last) {
        void* a[] = {const_cast<void**>(&in), &sk, &exact, &out_values, &out_indices, CN_OS_TAIL};
        launch(k.os_raw_fin, grid, 256, a, 0, stream);
      } else if (first) {
        void* a[] = {const_cast<void**>(&in), &sk, &exact, &ka, &va, CN_OS_TAIL};
        launch(k.os_raw_kv, grid, 256, a, 0, stream);
      } else if (last) {
        void* a[] = {&ka, &va, const_cast<void**>(&in), &sk, &out_values, &out_indices, CN_OS_TAIL};
        launch(k.os_kv_fin, grid, 256, a, 0, stream);
      } else {
        void* a[] = {&ka, &va, &kbuf, &vb, CN_OS_TAIL};
        launch(k.os_kv_kv, grid, 256, a, 0, stream);
      }
    }
#undef CN_OS_TAIL
    // The first pass wrote into ka (from the input); later ones read ka and write kbuf.
    if (!first) {
      std::swap(ka, kbuf);
      std::swap(va, vb);
    }
  }
}

}  // namespace
}  // namespace cunumpy::cuda

namespace cunumpy::detail {

void run_sort_cuda(const SortTask& task) {
  using namespace cunumpy::cuda;
  const int device = task.in.device().index;
  ensure_context(device);
  const DType dt = task.in.dtype();
  long long M = task.in.shape()[0], K = task.in.shape()[1];
  long long sm = task.in.strides()[0], sk = task.in.strides()[1];
  long long N = M * K;
  if (M >= (1ll << 30)) throw NotImplementedError("CUDA sort of 2^30 or more rows");
  const bool wide = N >= (1ll << 32);
  const bool complex = dt.is_complex();
  const SortKernels& k = sort_kernels(device, dt, wide);
  StreamHandle stream = current_stream(device);
  const Device dev = task.in.device();
  const int sms = multiprocessor_count(device);
  if (M == 1 && !complex && N < (1ll << 30) && onesweep_enabled()) {
    run_onesweep(k, task, stream, sms);
    return;
  }
  const unsigned ew_grid = static_cast<unsigned>(std::min<long long>((N + 255) / 256, sms * 32ll));
  const long long tiles = (N + kSortTile - 1) / kSortTile;
  const int kb = sort_key_bytes(dt);
  const bool values_row = !task.indices.defined() && M == 1 && !complex;
  const bool contiguous_row = values_row && sk == static_cast<long long>(dt.itemsize());
  // Blocks of the scatter kernels this path launches that fit on an SM together (only
  // those kernels are compiled), found once per path.
  std::atomic<int>& resident_slot = contiguous_row ? k.resident[0] : values_row ? k.resident[1] : k.resident[2 + (M > 1 || complex)];
  int resident = resident_slot.load(std::memory_order_relaxed);
  if (!resident) {
    if (contiguous_row)
      resident = kb == 1   ? resident_blocks(device, {k.scatter_raw_out_n})
                 : kb == 2 ? resident_blocks(device, {k.scatter_raw_n, k.scatter_out_n})
                           : resident_blocks(device, {k.scatter_raw_n, k.scatter_key_n, k.scatter_out_n});
    else if (values_row)
      resident = resident_blocks(device, {k.scatter_key_n});
    else
      resident = M > 1 || complex ? resident_blocks(device, {k.scatter_key_v, k.scatter_row_v})
                                  : resident_blocks(device, {k.scatter_key_v});
    resident_slot.store(resident, std::memory_order_relaxed);
  }
  const long long want_blocks = std::min<long long>(tiles, static_cast<long long>(sms) * resident);
  const long long per_block = (tiles + want_blocks - 1) / want_blocks * kSortTile;
  const unsigned blocks = static_cast<unsigned>((N + per_block - 1) / per_block);
  long long total = 256ll * blocks;
  ndarray counts(Shape{total}, uint64, Order::C, dev);
  void* counts_ptr = counts.data();
  const void* in = task.in.data();
  ndarray keys_a(Shape{N}, unsigned_of(kb), Order::C, dev), keys_b(Shape{N}, unsigned_of(kb), Order::C, dev);
  void* ka = keys_a.data();
  void* kb_ptr = keys_b.data();
  void* null = nullptr;

  // One pass: histogram, scan, scatter from (*keys, *vals) into (*keys2, *vals2), then swap.
  auto pass = [&](Function hist, Function scatter, void** keys, void** keys2, void** vals, void** vals2, int shift) {
    void* a1[] = {keys, &N, const_cast<long long*>(&per_block), &shift, &counts_ptr};
    launch(hist, blocks, 256, a1, 0, stream);
    void* a2[] = {&counts_ptr, &total};
    launch(k.scan, 1, 256, a2, 0, stream);
    void* a3[] = {keys, vals, keys2, vals2, &N, const_cast<long long*>(&per_block), &shift, &counts_ptr};
    launch(scatter, blocks, 256, a3, 0, stream);
    std::swap(*keys, *keys2);
    std::swap(*vals, *vals2);
  };

  if (contiguous_row) {
    // Values of one contiguous row: exact keys (-0.0 stays apart from 0.0), no payload; the
    // first pass reads the input and the last writes the values (8 bytes per element per
    // pass for float32, plus the histogram's 4).
    const void* src_keys = ka;
    void* out = task.values.data();
    int exact = 1;
    for (int shift = 0; shift < kb * 8; shift += 8) {
      const bool first = shift == 0, last = shift + 8 == kb * 8;
      int sh = shift;
      if (first) {
        void* a1[] = {const_cast<void**>(&in), &N, const_cast<long long*>(&per_block), &sh, &counts_ptr, &exact};
        launch(k.hist_raw, blocks, 256, a1, 0, stream);
      } else {
        void* a1[] = {const_cast<void**>(&src_keys), &N, const_cast<long long*>(&per_block), &sh, &counts_ptr};
        launch(k.hist_key, blocks, 256, a1, 0, stream);
      }
      void* a2[] = {&counts_ptr, &total};
      launch(k.scan, 1, 256, a2, 0, stream);
      void* dst_keys = src_keys == ka ? kb_ptr : ka;
      if (first && last) {
        void* a3[] = {const_cast<void**>(&in), &out, &N, const_cast<long long*>(&per_block), &sh, &counts_ptr, &exact};
        launch(k.scatter_raw_out_n, blocks, 256, a3, 0, stream);
      } else if (first) {
        void* a3[] = {const_cast<void**>(&in), &dst_keys, &N, const_cast<long long*>(&per_block), &sh, &counts_ptr, &exact};
        launch(k.scatter_raw_n, blocks, 256, a3, 0, stream);
      } else if (last) {
        void* a3[] = {const_cast<void**>(&src_keys), &out, &N, const_cast<long long*>(&per_block), &sh, &counts_ptr};
        launch(k.scatter_out_n, blocks, 256, a3, 0, stream);
      } else {
        void* null_v = nullptr;
        void* a3[] = {const_cast<void**>(&src_keys), &null_v, &dst_keys, &null_v, &N, const_cast<long long*>(&per_block),
                      &sh, &counts_ptr};
        launch(k.scatter_key_n, blocks, 256, a3, 0, stream);
      }
      src_keys = dst_keys;
    }
    return;
  }
  if (values_row) {
    // Values of one strided row: keys first, then the same passes through key buffers.
    int field = 0, exact = 1;
    void* a[] = {const_cast<void**>(&in), &K, &sm, &sk, &N, &ka, &null, &field, &exact};
    launch(k.make_keys, ew_grid, 256, a, 0, stream);
    void* v1 = nullptr;
    void* v2 = nullptr;
    for (int shift = 0; shift < kb * 8; shift += 8) pass(k.hist_key, k.scatter_key_n, &ka, &kb_ptr, &v1, &v2, shift);
    void* out = task.values.data();
    void* f[] = {&ka, &N, &out};
    launch(k.finish_keys, ew_grid, 256, f, 0, stream);
    return;
  }
  const DType vt = wide ? uint64 : uint32;
  ndarray vals_a(Shape{N}, vt, Order::C, dev), vals_b(Shape{N}, vt, Order::C, dev);
  void* va = vals_a.data();
  void* vb = vals_b.data();
  {
    // The least significant field first: the imaginary part of complex values.
    int field = complex ? 1 : 0, exact = 0;
    void* a[] = {const_cast<void**>(&in), &K, &sm, &sk, &N, &ka, &va, &field, &exact};
    launch(k.make_keys, ew_grid, 256, a, 0, stream);
    for (int shift = 0; shift < kb * 8; shift += 8) pass(k.hist_key, k.scatter_key_v, &ka, &kb_ptr, &va, &vb, shift);
  }
  if (complex) {
    int field = 0;
    void* a[] = {const_cast<void**>(&in), &K, &sm, &sk, &N, &va, &ka, &field};
    launch(k.gather_keys, ew_grid, 256, a, 0, stream);
    for (int shift = 0; shift < kb * 8; shift += 8) pass(k.hist_key, k.scatter_key_v, &ka, &kb_ptr, &va, &vb, shift);
  }
  const unsigned long long top = (static_cast<unsigned long long>(M - 1) << 2) | (complex ? 3u : 0u);
  int row_bits = 0;
  while ((top >> row_bits) != 0) ++row_bits;
  if (row_bits > 0) {
    ndarray rows_a(Shape{N}, uint32, Order::C, dev), rows_b(Shape{N}, uint32, Order::C, dev);
    void* ra = rows_a.data();
    void* rb = rows_b.data();
    void* a[] = {const_cast<void**>(&in), &K, &sm, &sk, &N, &va, &ra};
    launch(k.row_keys, ew_grid, 256, a, 0, stream);
    for (int shift = 0; shift < row_bits; shift += 8) pass(k.hist_row, k.scatter_row_v, &ra, &rb, &va, &vb, shift);
  }
  void* out_values = task.values.defined() ? task.values.data() : nullptr;
  void* out_indices = task.indices.defined() ? task.indices.data() : nullptr;
  void* f[] = {const_cast<void**>(&in), &K, &sm, &sk, &N, &va, &out_values, &out_indices};
  launch(k.finish, ew_grid, 256, f, 0, stream);
}

}  // namespace cunumpy::detail
