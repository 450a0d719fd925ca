// Scalar conversions; element casts go through the shared cn_scalar.h semantics so that a
// fill value matches what astype would produce on either backend.
#include "cunumpy/core/scalar.hpp"

#include <cstring>
#include <cstdio>

#include "cunumpy/base/errors.hpp"
#include "scalar/cn_scalar.h"
#include "core/dtype_dispatch.hpp"

namespace cunumpy {

bool Scalar::to_bool() const {
  switch (dtype_.kind()) {
    case 'b': return v_.b;
    case 'i': return v_.i != 0;
    case 'u': return v_.u != 0;
    case 'f': return v_.f != 0;
    default: return v_.c[0] != 0 || v_.c[1] != 0;
  }
}
int64_t Scalar::to_int64() const {
  switch (dtype_.kind()) {
    case 'b': return v_.b;
    case 'i': return v_.i;
    case 'u': return static_cast<int64_t>(v_.u);
    case 'f': return cn::f2i64(v_.f);
    default: return cn::f2i64(v_.c[0]);
  }
}
uint64_t Scalar::to_uint64() const {
  switch (dtype_.kind()) {
    case 'b': return v_.b;
    case 'i': return static_cast<uint64_t>(v_.i);
    case 'u': return v_.u;
    case 'f': return cn::f2u64(v_.f);
    default: return cn::f2u64(v_.c[0]);
  }
}
double Scalar::to_double() const {
  switch (dtype_.kind()) {
    case 'b': return v_.b;
    case 'i': return static_cast<double>(v_.i);
    case 'u': return static_cast<double>(v_.u);
    case 'f': return v_.f;
    default: return v_.c[0];
  }
}
std::complex<double> Scalar::to_complex() const {
  if (dtype_.kind() == 'c') return {v_.c[0], v_.c[1]};
  return {to_double(), 0.0};
}

void Scalar::store(void* dst) const {
  // The value is held in its widest form; narrow it to dtype_ with the shared cast.
  dispatch_dtype(dtype_, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T out;
    switch (dtype_.kind()) {
      case 'b': out = cn::cast<T>(v_.b); break;
      case 'i': out = cn::cast<T>(v_.i); break;
      case 'u': out = cn::cast<T>(v_.u); break;
      case 'f': out = cn::cast<T>(v_.f); break;
      default: out = cn::cast<T>(cn::complex128{v_.c[0], v_.c[1]}); break;
    }
    std::memcpy(dst, &out, sizeof(T));
  });
}

Scalar Scalar::load(const void* src, DType d) {
  Scalar s;
  s.dtype_ = d;
  if (d.kind() == 'b') {  // any nonzero byte is True, as NumPy reads a bool (a bool object
    unsigned char byte;   // holding another byte would be undefined behaviour)
    std::memcpy(&byte, src, 1);
    s.v_.b = byte != 0;
    return s;
  }
  dispatch_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T v;
    std::memcpy(&v, src, sizeof(T));
    switch (d.kind()) {
      case 'b': s.v_.b = cn::cast<bool>(v); break;
      case 'i': s.v_.i = cn::cast<int64_t>(v); break;
      case 'u': s.v_.u = cn::cast<uint64_t>(v); break;
      case 'f': s.v_.f = cn::cast<double>(v); break;
      default: {
        auto c = cn::cast<cn::complex128>(v);
        s.v_.c[0] = c.re;
        s.v_.c[1] = c.im;
      }
    }
  });
  return s;
}

Scalar Scalar::cast(DType d) const {
  alignas(16) unsigned char buf[16];
  // Store in our own dtype, then cast element-wise exactly as astype does.
  Scalar src = *this;
  alignas(16) unsigned char tmp[16];
  src.store(tmp);
  dispatch_dtype(dtype_, [&](auto from_tag) {
    using F = typename decltype(from_tag)::type;
    F f;
    std::memcpy(&f, tmp, sizeof(F));
    dispatch_dtype(d, [&](auto to_tag) {
      using T = typename decltype(to_tag)::type;
      T t = cn::cast<T>(f);
      std::memcpy(buf, &t, sizeof(T));
    });
  });
  return load(buf, d);
}

// Plain snprintf, not iostreams: iostreams crashed inside host processes that had loaded
// another libstdc++ first (seen under PyTorch's Python on the GPU machine).
std::string Scalar::repr() const {
  char buf[96];
  switch (dtype_.kind()) {
    case 'b': return v_.b ? "True" : "False";
    case 'i': std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v_.i)); break;
    case 'u': std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(v_.u)); break;
    case 'f': std::snprintf(buf, sizeof buf, "%.17g", v_.f); break;
    default: std::snprintf(buf, sizeof buf, "(%.17g%+.17gj)", v_.c[0], v_.c[1]); break;
  }
  return buf;
}

}  // namespace cunumpy
