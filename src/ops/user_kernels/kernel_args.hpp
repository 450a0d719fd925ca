// Building the argument array of a generated user kernel (what cuLaunchKernel takes, and
// what the host-compiled functions unpack): values are copied into one aligned buffer and
// addressed by pointer. Internal header.
#pragma once
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/core/scalar.hpp"
#include "cunumpy/core/launch_plan.hpp"
#include "cunumpy/runtime/device.hpp"
#include "ops/user_kernels/user_kernel.hpp"

namespace cunumpy::user {

// Host image of CRawDesc in cn_user.h (same layout).
struct RawDesc {
  char* data;
  long long size;
  int ndim;
  int contiguous;
  long long shape[8];
  long long strides[8];
};

class KernelArgs {
 public:
  void add_pointer(void* p) { add(&p, sizeof p); }
  template <class T> void add_value(T v) { add(&v, sizeof v); }
  void add_scalar(const Scalar& s) {
    alignas(16) unsigned char b[16] = {};
    s.store(b);
    add(b, static_cast<std::size_t>(s.dtype().itemsize()));
  }
  void add_raw(const ndarray& a) {
    if (a.ndim() > 8) throw NotImplementedError("raw parameters support at most 8 dimensions");
    RawDesc d{};
    d.data = static_cast<char*>(a.data());
    d.size = a.size();
    d.ndim = a.ndim();
    d.contiguous = a.c_contiguous() ? 1 : 0;
    for (int k = 0; k < a.ndim(); ++k) {
      d.shape[k] = a.shape()[k];
      d.strides[k] = a.strides()[k];
    }
    add(&d, sizeof d);
  }
  // The strided plan's parameter block: shape, then each operand's strides.
  void add_plan_params(const LaunchPlan& plan, bool index32) {
    std::vector<long long> v;
    for (int64_t e : plan.shape) v.push_back(e);
    for (const PlanOperand& op : plan.ops)
      for (int64_t s : op.strides) v.push_back(s);
    if (index32) {
      std::vector<int32_t> w(v.begin(), v.end());
      add(w.data(), w.size() * sizeof(int32_t));
    } else {
      add(v.data(), v.size() * sizeof(long long));
    }
  }
  void add_bytes(const void* p, std::size_t n) { add(p, n); }
  void** pointers() {
    ptrs_.clear();
    for (std::size_t off : offsets_) ptrs_.push_back(buf_.data() + off);
    return ptrs_.data();
  }

 private:
  void add(const void* p, std::size_t n) {
    std::size_t off = (buf_.size() + 15) & ~std::size_t{15};
    buf_.resize(off + n);
    std::memcpy(buf_.data() + off, p, n);
    offsets_.push_back(off);
  }
  // 16-byte aligned storage (vector<long double> keeps the base aligned).
  struct Buf {
    std::vector<long double> v;
    std::size_t n = 0;
    std::size_t size() const { return n; }
    void resize(std::size_t m) { n = m; v.resize((m + sizeof(long double) - 1) / sizeof(long double)); }
    unsigned char* data() { return reinterpret_cast<unsigned char*>(v.data()); }
  } buf_;
  std::vector<std::size_t> offsets_;
  std::vector<void*> ptrs_;
};

}  // namespace cunumpy::user
