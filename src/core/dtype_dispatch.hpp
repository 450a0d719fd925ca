// Calls a generic lambda with a tag carrying the C++ element type of a run-time DType:
// the one place where run-time dtypes become compile-time types on the host.
#pragma once
#include "cunumpy/core/dtype.hpp"
#include "cunumpy/base/errors.hpp"
#include "scalar/cn_scalar.h"

namespace cunumpy {

template <class T>
struct TypeTag {
  using type = T;
};

template <class F>
decltype(auto) dispatch_dtype(DType d, F&& f) {
  switch (d.id()) {
    case DTypeId::Bool: return f(TypeTag<bool>{});
    case DTypeId::Int8: return f(TypeTag<int8_t>{});
    case DTypeId::Int16: return f(TypeTag<int16_t>{});
    case DTypeId::Int32: return f(TypeTag<int32_t>{});
    case DTypeId::Int64: return f(TypeTag<int64_t>{});
    case DTypeId::UInt8: return f(TypeTag<uint8_t>{});
    case DTypeId::UInt16: return f(TypeTag<uint16_t>{});
    case DTypeId::UInt32: return f(TypeTag<uint32_t>{});
    case DTypeId::UInt64: return f(TypeTag<uint64_t>{});
    case DTypeId::Float16: return f(TypeTag<cn::half>{});
    case DTypeId::Float32: return f(TypeTag<float>{});
    case DTypeId::Float64: return f(TypeTag<double>{});
    case DTypeId::Complex64: return f(TypeTag<cn::complex64>{});
    case DTypeId::Complex128: return f(TypeTag<cn::complex128>{});
  }
  throw ValueError("invalid dtype id");
}

}  // namespace cunumpy
