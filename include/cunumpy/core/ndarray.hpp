// ndarray: an n-dimensional view (shape, byte strides, dtype, byte offset) of a Memory
// block on one device. Copying an ndarray copies the handle, not the data, as in NumPy and
// CuPy Python code: `ndarray b = a;` makes b another name for the same array.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/core/scalar.hpp"
#include "cunumpy/core/shape.hpp"
#include "cunumpy/memory/memory.hpp"
#include "cunumpy/runtime/device.hpp"

namespace cunumpy {

// Basic index items: an integer, a slice, Ellipsis (...) and newaxis (None).
struct Slice {
  std::optional<int64_t> start, stop, step;
};
struct Ellipsis {};
struct NewAxis {};
inline constexpr Ellipsis ellipsis{};
inline constexpr NewAxis newaxis{};
using Index = std::variant<int64_t, Slice, Ellipsis, NewAxis>;

class ndarray {
 public:
  // An empty handle (no array); most functions throw ValueError on it.
  ndarray() = default;
  // A fresh, uninitialized array on `device` (the current device by default).
  ndarray(const Shape& shape, DType dtype, Order order = Order::C);
  ndarray(const Shape& shape, DType dtype, Order order, Device device);
  // A view of existing memory (offset and strides in bytes); checked against its size.
  ndarray(MemoryPtr memory, int64_t offset, const Shape& shape, const Strides& strides,
          DType dtype, const ndarray& base = ndarray());

  bool defined() const { return impl_ != nullptr; }

  // Attributes, as NumPy names them.
  const Shape& shape() const;
  const Strides& strides() const;
  int ndim() const;
  int64_t size() const;
  int itemsize() const;
  int64_t nbytes() const;
  DType dtype() const;
  Device device() const;
  bool c_contiguous() const;
  bool f_contiguous() const;
  bool owndata() const;                  // true when no base array
  ndarray base() const;                  // the array this one views, or an empty handle
  void* data() const;                    // address of the first element
  const MemoryPtr& memory() const;
  int64_t offset() const;                // bytes from memory()->ptr() to data()
  bool same_handle(const ndarray& o) const { return impl_ == o.impl_; }
  // NumPy's WRITEABLE flag. Views start with the flag of the array they view;
  // broadcast_to views start read-only. Every write (fill, assign, set_item, copy_from_host,
  // ufunc out=, index_assign, put, in-place sorts) calls check_writeable first.
  bool writeable() const;
  // ValueError when turning it on for a view of a read-only owner, as NumPy.
  void set_writeable(bool on);
  // ValueError("assignment destination is read-only") unless writeable().
  void check_writeable() const;

  // Views (no data copied).
  ndarray operator[](std::span<const Index> index) const;
  ndarray operator[](std::initializer_list<Index> index) const {
    return (*this)[std::span<const Index>(index.begin(), index.size())];
  }
  ndarray reshape(const Shape& shape, Order order = Order::C) const;  // copies when it must
  ndarray ravel(Order order = Order::C) const;                        // view when possible
  ndarray flatten(Order order = Order::C) const;                      // always a copy
  ndarray transpose() const;
  ndarray transpose(std::span<const int64_t> axes) const;
  ndarray T() const { return transpose(); }
  ndarray mT() const;  // swaps the last two axes; ValueError below 2-D
  ndarray swapaxes(int64_t a, int64_t b) const;
  ndarray squeeze() const;
  ndarray squeeze(std::span<const int64_t> axes) const;
  ndarray view(DType dtype) const;  // reinterpret the bytes (last axis must be contiguous)

  // Copies and conversions.
  ndarray copy(Order order = Order::C) const;
  ndarray astype(DType dtype, Order order = Order::K, Casting casting = Casting::Unsafe,
                 bool copy = true) const;
  ndarray to(Device device) const;  // copy to another device (itself when already there)
  void fill(const Scalar& value);
  // Copies `src` into this array, broadcasting and casting it (unsafe casting).
  void assign(const ndarray& src);
  void set_item(std::span<const Index> index, const ndarray& value);
  void set_item(std::span<const Index> index, const Scalar& value);

  // Host transfer (these wait for the array's pending work).
  // Writes the elements in C order to `dst`, which holds nbytes() bytes. blocking=false:
  // when `dst` is pinned the copy may still be running on return (synchronize the
  // current stream before reading dst); pageable destinations are always complete.
  void copy_to_host(void* dst, bool blocking = true) const;
  // Reads nbytes() bytes in C order from `src` into this array.
  void copy_from_host(const void* src);
  Scalar item() const;  // ValueError unless size() == 1
  template <class T>
  std::vector<T> to_vector() const;  // T must match dtype's size; C order

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
  explicit ndarray(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  const Impl& impl() const;
};

template <class T>
std::vector<T> ndarray::to_vector() const {
  if (static_cast<int>(sizeof(T)) != itemsize())
    throw TypeError(std::string("to_vector: element size does not match dtype ") +
                    dtype().name());
  std::vector<T> out(static_cast<std::size_t>(size()));
  copy_to_host(out.data());
  return out;
}

}  // namespace cunumpy
