// ndarray: attributes, views (indexing, reshape, transpose, squeeze, dtype views),
// copies, casts, fills and host transfers. Element work goes to the device's Backend.
#include "cunumpy/core/ndarray.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "cunumpy/base/errors.hpp"
#include "core/backend.hpp"
#include "cunumpy/core/launch_plan.hpp"
#include "cunumpy/runtime/synchronize_policy.hpp"

namespace cunumpy {

struct ndarray::Impl {
  MemoryPtr mem;
  int64_t offset = 0;
  Shape shape;
  Strides strides;
  DType dtype;
  std::shared_ptr<Impl> base;  // the array owning the memory; null when this one does
  int64_t size = 1;
  bool c_contig = true;
  bool f_contig = true;
  bool writeable = true;  // NumPy's WRITEABLE flag

  void update_flags() {
    size = shape_size(shape);
    c_contig = is_c_contiguous(shape, strides, dtype.itemsize());
    f_contig = is_f_contiguous(shape, strides, dtype.itemsize());
  }
};

namespace {

void check_shape(const Shape& shape) {
  if (shape.size() > 64)
    throw ValueError("maximum supported dimension for an ndarray is currently 64, found " +
                     std::to_string(shape.size()));
  for (int64_t d : shape)
    if (d < 0) throw ValueError("negative dimensions are not allowed");
}

// Element count times itemsize must fit in a signed 64-bit byte count. As NumPy, the
// nonzero dimensions count even when another one is 0.
void check_size(const Shape& shape, int itemsize) {
  int64_t n = itemsize;
  for (int64_t d : shape)
    if (d != 0 && __builtin_mul_overflow(n, d, &n))
      throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
}

// A view's element count must fit in int64 (its bytes may not: strides can be 0).
void check_count(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (d != 0 && __builtin_mul_overflow(n, d, &n)) throw ValueError("array is too big: its size does not fit in int64");
}

// Python's slice.indices() followed by the resulting length.
void adjust_slice(const Slice& s, int64_t n, int64_t& start, int64_t& stop, int64_t& step,
                  int64_t& len) {
  step = s.step.value_or(1);
  if (step == 0) throw ValueError("slice step cannot be zero");
  const int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? n - 1 : n;
  auto clamp = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t x = *v;
    if (x < 0) {
      x += n;
      if (x < lower) x = lower;
    } else if (x > upper) {
      x = upper;
    }
    return x;
  };
  start = clamp(s.start, step < 0 ? upper : lower);
  stop = clamp(s.stop, step < 0 ? lower : upper);
  if (step < 0)
    len = stop < start ? (start - stop - 1) / (-step) + 1 : 0;
  else
    len = start < stop ? (stop - start - 1) / step + 1 : 0;
}

// NumPy's _attempt_nocopy_reshape: strides for `newshape` viewing the same memory, or
// false when a copy is required.
bool reshape_strides(const Shape& oshape, const Strides& ostrides, const Shape& nshape,
                     bool f_order, int itemsize, Strides& nstrides) {
  Shape od;
  Strides os;
  for (std::size_t i = 0; i < oshape.size(); ++i)
    if (oshape[i] != 1) {
      od.push_back(oshape[i]);
      os.push_back(ostrides[i]);
    }
  const int oldnd = static_cast<int>(od.size()), newnd = static_cast<int>(nshape.size());
  nstrides = Strides(newnd, 0);
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < newnd && oi < oldnd) {
    int64_t np_ = nshape[ni], op = od[oi];
    while (np_ != op) {
      if (np_ < op) np_ *= nshape[nj++];
      else op *= od[oj++];
    }
    for (int ok = oi; ok < oj - 1; ++ok) {
      if (f_order ? os[ok + 1] != od[ok] * os[ok] : os[ok] != od[ok + 1] * os[ok + 1]) return false;
    }
    if (f_order) {
      nstrides[ni] = os[oi];
      for (int nk = ni + 1; nk < nj; ++nk) nstrides[nk] = nstrides[nk - 1] * nshape[nk - 1];
    } else {
      nstrides[nj - 1] = os[oj - 1];
      for (int nk = nj - 1; nk > ni; --nk) nstrides[nk - 1] = nstrides[nk] * nshape[nk];
    }
    ni = nj++;
    oi = oj++;
  }
  int64_t last = itemsize;
  if (ni >= 1) last = f_order ? nstrides[ni - 1] * nshape[ni - 1] : nstrides[ni - 1];
  for (int nk = ni; nk < newnd; ++nk) nstrides[nk] = last;
  return true;
}

}  // namespace

// ---- construction ----------------------------------------------------------------

ndarray::ndarray(const Shape& shape, DType dtype, Order order)
    : ndarray(shape, dtype, order, current_device()) {}

ndarray::ndarray(const Shape& shape, DType dtype, Order order, Device device) {
  check_shape(shape);
  check_size(shape, dtype.itemsize());
  auto impl = std::make_shared<Impl>();
  impl->shape = shape;
  impl->dtype = dtype;
  impl->strides = contiguous_strides(shape, dtype.itemsize(), order == Order::F ? Order::F : Order::C);
  impl->update_flags();
  impl->mem = allocate(device, static_cast<std::size_t>(impl->size * dtype.itemsize()));
  impl_ = std::move(impl);
}

ndarray::ndarray(MemoryPtr memory, int64_t offset, const Shape& shape, const Strides& strides,
                 DType dtype, const ndarray& base) {
  check_shape(shape);
  check_count(shape);
  if (shape.size() != strides.size())
    throw ValueError("strides " + shape_str(strides) + " do not match shape " + shape_str(shape));
  auto [lo, hi] = byte_extent(shape, strides, dtype.itemsize());
  if (hi > lo && (offset + lo < 0 || offset + hi > static_cast<int64_t>(memory->size())))
    throw ValueError("strides " + shape_str(strides) + " and offset " + std::to_string(offset) +
                     " are out of bounds for a buffer of " + std::to_string(memory->size()) + " bytes");
  auto impl = std::make_shared<Impl>();
  impl->mem = std::move(memory);
  impl->offset = offset;
  impl->shape = shape;
  impl->strides = strides;
  impl->dtype = dtype;
  if (base.defined()) {
    impl->base = base.impl_->base ? base.impl_->base : base.impl_;
    impl->writeable = base.impl_->writeable;  // a view of a read-only array is read-only
  }
  impl->update_flags();
  impl_ = std::move(impl);
}

const ndarray::Impl& ndarray::impl() const {
  if (!impl_) throw ValueError("operation on an undefined ndarray handle");
  return *impl_;
}

// ---- attributes --------------------------------------------------------------------

const Shape& ndarray::shape() const { return impl().shape; }
const Strides& ndarray::strides() const { return impl().strides; }
int ndarray::ndim() const { return static_cast<int>(impl().shape.size()); }
int64_t ndarray::size() const { return impl().size; }
int ndarray::itemsize() const { return impl().dtype.itemsize(); }
int64_t ndarray::nbytes() const { return impl().size * impl().dtype.itemsize(); }
DType ndarray::dtype() const { return impl().dtype; }
Device ndarray::device() const { return impl().mem->device(); }
bool ndarray::c_contiguous() const { return impl().c_contig; }
bool ndarray::f_contiguous() const { return impl().f_contig; }
bool ndarray::owndata() const { return impl().base == nullptr; }
ndarray ndarray::base() const { return impl().base ? ndarray(impl().base) : ndarray(); }
void* ndarray::data() const { return static_cast<char*>(impl().mem->ptr()) + impl().offset; }
const MemoryPtr& ndarray::memory() const { return impl().mem; }
int64_t ndarray::offset() const { return impl().offset; }
bool ndarray::writeable() const { return impl().writeable; }
void ndarray::set_writeable(bool on) {
  Impl& a = const_cast<Impl&>(impl());
  if (on && a.base && !a.base->writeable) throw ValueError("cannot set WRITEABLE flag to True of this array");
  a.writeable = on;
}
void ndarray::check_writeable() const {
  if (!impl().writeable) throw ValueError("assignment destination is read-only");
}

// ---- views ---------------------------------------------------------------------------

ndarray ndarray::operator[](std::span<const Index> index) const {
  const Impl& a = impl();
  const int nd = ndim();
  int consumed = 0, ellipses = 0;
  for (const Index& it : index) {
    if (std::holds_alternative<int64_t>(it) || std::holds_alternative<Slice>(it)) ++consumed;
    if (std::holds_alternative<Ellipsis>(it)) ++ellipses;
  }
  if (ellipses > 1) throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > nd)
    throw IndexError("too many indices for array: array is " + std::to_string(nd) +
                     "-dimensional, but " + std::to_string(consumed) + " were indexed");
  Shape shape;
  Strides strides;
  int64_t offset = a.offset;
  int axis = 0;
  for (const Index& it : index) {
    if (const int64_t* i = std::get_if<int64_t>(&it)) {
      const int64_t n = a.shape[axis];
      const int64_t k = *i < 0 ? *i + n : *i;
      if (k < 0 || k >= n)
        throw IndexError("index " + std::to_string(*i) + " is out of bounds for axis " +
                         std::to_string(axis) + " with size " + std::to_string(n));
      offset += k * a.strides[axis];
      ++axis;
    } else if (const Slice* s = std::get_if<Slice>(&it)) {
      int64_t start, stop, step, len;
      adjust_slice(*s, a.shape[axis], start, stop, step, len);
      if (len > 0) offset += start * a.strides[axis];
      shape.push_back(len);
      // stride * step wraps as NumPy's does for a huge step (x[::2**70] is one element,
      // whose stride is never used): in unsigned arithmetic, where wrapping is defined.
      strides.push_back(static_cast<int64_t>(static_cast<uint64_t>(a.strides[axis]) * static_cast<uint64_t>(step)));
      ++axis;
    } else if (std::holds_alternative<Ellipsis>(it)) {
      for (int k = 0; k < nd - consumed; ++k, ++axis) {
        shape.push_back(a.shape[axis]);
        strides.push_back(a.strides[axis]);
      }
    } else {  // newaxis
      shape.push_back(1);
      strides.push_back(0);
    }
  }
  for (; axis < nd; ++axis) {
    shape.push_back(a.shape[axis]);
    strides.push_back(a.strides[axis]);
  }
  return ndarray(a.mem, offset, shape, strides, a.dtype, *this);
}

ndarray ndarray::reshape(const Shape& shape_in, Order order) const {
  const Impl& a = impl();
  Shape shape = shape_in;
  int unknown = -1;
  int64_t known = 1;
  check_size(shape_in, 1);  // a product of the given sizes that overflows: NumPy's ValueError
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] < 0) {  // as NumPy, any negative size (not only -1) is the unknown one
      if (unknown >= 0) throw ValueError("can only specify one unknown dimension");
      unknown = static_cast<int>(i);
    } else if (__builtin_mul_overflow(known, shape[i], &known)) {
      throw ValueError("cannot reshape array of size " + std::to_string(a.size) + " into shape " +
                       shape_str(shape_in));
    }
  }
  if (unknown >= 0) {
    if (known == 0 || a.size % known != 0)
      throw ValueError("cannot reshape array of size " + std::to_string(a.size) + " into shape " +
                       shape_str(shape_in));
    shape[unknown] = a.size / known;
  } else if (known != a.size) {
    throw ValueError("cannot reshape array of size " + std::to_string(a.size) + " into shape " +
                     shape_str(shape_in));
  }
  if (order == Order::A) order = (a.f_contig && !a.c_contig) ? Order::F : Order::C;
  if (order == Order::K) throw ValueError("order 'K' is not permitted for reshaping");
  const bool f = order == Order::F;
  Strides strides;
  if (a.size == 0) {
    strides = contiguous_strides(shape, a.dtype.itemsize(), order);
    return ndarray(a.mem, a.offset, shape, strides, a.dtype, *this);
  }
  if (reshape_strides(a.shape, a.strides, shape, f, a.dtype.itemsize(), strides))
    return ndarray(a.mem, a.offset, shape, strides, a.dtype, *this);
  return copy(order).reshape(shape, order);
}

namespace {
// The array's axes in memory order, NumPy's order 'K' as its iterator decides it: an
// insertion sort by |stride| (largest outermost) in which a pair involving a zero stride
// or a length-1 axis is ambiguous and keeps C order. Negative strides are kept as they are.
ndarray memory_order_view(const ndarray& a) {
  const int nd = a.ndim();
  SmallVector<int64_t, 8> perm;
  for (int i = 0; i < nd; ++i) {
    int pos = static_cast<int>(perm.size());
    const int64_t si = std::llabs(a.strides()[i]);
    for (int j = static_cast<int>(perm.size()) - 1; j >= 0; --j) {
      const int64_t sj = std::llabs(a.strides()[perm[j]]);
      if (si == 0 || sj == 0 || a.shape()[i] == 1 || a.shape()[perm[j]] == 1) continue;  // ambiguous
      if (si > sj) pos = j;
      else break;
    }
    perm.insert(static_cast<std::size_t>(pos), i);
  }
  return a.transpose(std::span<const int64_t>(perm.data(), perm.size()));
}
}  // namespace

// NumPy's ravel: a view only when the data is already contiguous in the requested order.
ndarray ndarray::ravel(Order order) const {
  const Impl& a = impl();
  if (order == Order::A) order = (a.f_contig && !a.c_contig) ? Order::F : Order::C;
  if (order == Order::C && a.c_contig) return reshape(Shape{a.size}, Order::C);
  if (order == Order::F && a.f_contig) return reshape(Shape{a.size}, Order::F);
  if (order == Order::K) {
    if (a.c_contig) return reshape(Shape{a.size}, Order::C);
    if (a.f_contig) return reshape(Shape{a.size}, Order::F);
    ndarray v = memory_order_view(*this);
    if (v.c_contiguous()) return v.reshape(Shape{a.size}, Order::C);
  }
  return flatten(order);
}

// Always a new array that owns its data, filled in the requested order.
ndarray ndarray::flatten(Order order) const {
  const Impl& a = impl();
  if (order == Order::A) order = (a.f_contig && !a.c_contig) ? Order::F : Order::C;
  ndarray out(Shape{a.size}, a.dtype, Order::C, device());
  if (order == Order::K) {
    ndarray v = memory_order_view(*this);
    out.reshape(v.shape(), Order::C).assign(v);
  } else {
    out.reshape(a.shape, order).assign(*this);
  }
  return out;
}

ndarray ndarray::transpose() const {
  SmallVector<int64_t, 8> axes(ndim());
  for (int i = 0; i < ndim(); ++i) axes[i] = ndim() - 1 - i;
  return transpose(std::span<const int64_t>(axes.data(), axes.size()));
}

ndarray ndarray::transpose(std::span<const int64_t> axes) const {
  const Impl& a = impl();
  const int nd = ndim();
  if (static_cast<int>(axes.size()) != nd) throw ValueError("axes don't match array");
  Shape shape(nd);
  Strides strides(nd);
  SmallVector<bool, 8> seen(nd, false);
  for (int i = 0; i < nd; ++i) {
    const int ax = normalize_axis(axes[i], nd);
    if (seen[ax]) throw ValueError("repeated axis in transpose");
    seen[ax] = true;
    shape[i] = a.shape[ax];
    strides[i] = a.strides[ax];
  }
  return ndarray(a.mem, a.offset, shape, strides, a.dtype, *this);
}

ndarray ndarray::mT() const {
  if (ndim() < 2)
    throw ValueError("matrix transpose with ndim < 2 is undefined");
  return swapaxes(-2, -1);
}

ndarray ndarray::swapaxes(int64_t a1, int64_t a2) const {
  const int nd = ndim();
  const int i = normalize_axis(a1, nd), j = normalize_axis(a2, nd);
  SmallVector<int64_t, 8> axes(nd);
  std::iota(axes.begin(), axes.end(), 0);
  std::swap(axes[i], axes[j]);
  return transpose(std::span<const int64_t>(axes.data(), axes.size()));
}

ndarray ndarray::squeeze() const {
  const Impl& a = impl();
  Shape shape;
  Strides strides;
  for (int i = 0; i < ndim(); ++i)
    if (a.shape[i] != 1) {
      shape.push_back(a.shape[i]);
      strides.push_back(a.strides[i]);
    }
  return ndarray(a.mem, a.offset, shape, strides, a.dtype, *this);
}

ndarray ndarray::squeeze(std::span<const int64_t> axes) const {
  const Impl& a = impl();
  const int nd = ndim();
  SmallVector<bool, 8> drop(nd, false);
  for (int64_t ax : axes) normalize_axis(ax, nd);  // AxisError first, as NumPy
  for (int64_t ax : axes) {
    const int k = normalize_axis(ax, nd);
    if (drop[k]) throw ValueError("repeated axis in squeeze");
    if (a.shape[k] != 1)
      throw ValueError("cannot select an axis to squeeze out which has size not equal to one");
    drop[k] = true;
  }
  Shape shape;
  Strides strides;
  for (int i = 0; i < nd; ++i)
    if (!drop[i]) {
      shape.push_back(a.shape[i]);
      strides.push_back(a.strides[i]);
    }
  return ndarray(a.mem, a.offset, shape, strides, a.dtype, *this);
}

ndarray ndarray::view(DType dtype) const {
  const Impl& a = impl();
  const int old_size = a.dtype.itemsize(), new_size = dtype.itemsize();
  Shape shape = a.shape;
  Strides strides = a.strides;
  if (old_size != new_size) {
    if (ndim() == 0)
      throw ValueError("Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
    const int last = ndim() - 1;
    if (a.shape[last] != 1 && a.size != 0 && a.strides[last] != old_size)
      throw ValueError("To change to a dtype of a different size, the last axis must be contiguous");
    const int64_t bytes = a.shape[last] * old_size;
    if (bytes % new_size != 0) {
      if (new_size < old_size)
        throw ValueError("When changing to a smaller dtype, its size must be a divisor of the size of original dtype");
      throw ValueError("When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array.");
    }
    shape[last] = bytes / new_size;
    strides[last] = new_size;
  }
  return ndarray(a.mem, a.offset, shape, strides, dtype, *this);
}

// ---- copies, casts, fills ------------------------------------------------------------

namespace {
// A new array shaped like `a` whose memory order follows a's strides (order 'K').
ndarray empty_k_order(const ndarray& a, DType dtype) {
  const Strides strides = strides_like(a.shape(), a.strides(), dtype.itemsize());
  MemoryPtr mem = allocate(a.device(), static_cast<std::size_t>(a.size() * dtype.itemsize()));
  return ndarray(std::move(mem), 0, a.shape(), strides, dtype);
}
}  // namespace

ndarray ndarray::copy(Order order) const {
  const Impl& a = impl();
  if (order == Order::A) order = (a.f_contig && !a.c_contig) ? Order::F : Order::C;
  ndarray out = order == Order::K ? empty_k_order(*this, a.dtype) : ndarray(a.shape, a.dtype, order, device());
  out.assign(*this);
  return out;
}

ndarray ndarray::astype(DType dtype, Order order, Casting casting, bool copy_always) const {
  const Impl& a = impl();
  if (!can_cast(a.dtype, dtype, casting))
    throw TypeError(std::string("Cannot cast array data from dtype('") + a.dtype.name() +
                    "') to dtype('" + dtype.name() + "') according to the rule '" +
                    casting_name(casting) + "'");
  if (order == Order::A) order = (a.f_contig && !a.c_contig) ? Order::F : Order::C;
  if (!copy_always && dtype == a.dtype &&
      (order == Order::K || (order == Order::C && a.c_contig) || (order == Order::F && a.f_contig)))
    return *this;
  ndarray out = order == Order::K ? empty_k_order(*this, dtype) : ndarray(a.shape, dtype, order, device());
  out.assign(*this);
  return out;
}

ndarray ndarray::to(Device target) const {
  if (device() == target) return *this;
  const Impl& a = impl();
  ndarray src = a.c_contig ? *this : copy(Order::C);
  ndarray out(a.shape, a.dtype, Order::C, target);
  const std::size_t n = static_cast<std::size_t>(nbytes());
  if (n == 0) return out;
  if (target.is_cpu()) {
    declare_synchronize();  // the host waits for this array's values
    backend_for(device()).copy_to_host(out.data(), src.data(), n);
  } else if (device().is_cpu()) {
    backend_for(target).copy_from_host(out.data(), src.data(), n);
  } else {
    // Between two GPUs: peer to peer where the backend can, else through the host.
    if (!backend_for(target).copy_from_peer(out.data(), src.data(), device(), n)) {
      std::vector<unsigned char> staging(n);
      backend_for(device()).copy_to_host(staging.data(), src.data(), n);
      backend_for(target).copy_from_host(out.data(), staging.data(), n);
    }
  }
  return out;
}

void ndarray::fill(const Scalar& value) {
  const Impl& a = impl();
  check_writeable();
  if (a.size == 0) return;
  const ndarray ops[1] = {*this};
  LaunchPlan plan = make_launch_plan(a.shape, ops);
  backend_for(device()).fill(plan, value.cast(a.dtype));
}

void ndarray::assign(const ndarray& src_in) {
  const Impl& a = impl();
  check_writeable();
  ndarray src = src_in.device() == device() ? src_in : src_in.to(device());
  // NumPy accepts extra leading length-1 dimensions in the source (a[0] = b[None]).
  while (src.ndim() > ndim() && src.shape()[0] == 1) src = src[{int64_t(0)}];
  if (src.ndim() > ndim() ||
      broadcast_shapes(a.shape, src.shape()) != a.shape)
    throw ValueError("could not broadcast input array from shape " + shape_str(src.shape()) +
                     " into shape " + shape_str(a.shape));
  if (a.size == 0) return;
  // Overlapping source and destination (a[1:] = a[:-1]): read from a private copy first.
  if (src.memory() == a.mem && !src.same_handle(*this)) {
    auto [dlo, dhi] = byte_extent(a.shape, a.strides, a.dtype.itemsize());
    auto [slo, shi] = byte_extent(src.shape(), src.strides(), src.itemsize());
    if (a.offset + dlo < src.offset() + shi && src.offset() + slo < a.offset + dhi)
      src = src.copy(Order::K);
  }
  const ndarray ops[2] = {*this, src};
  LaunchPlan plan = make_launch_plan(a.shape, ops);
  backend_for(device()).copy(plan);
}

void ndarray::set_item(std::span<const Index> index, const ndarray& value) {
  (*this)[index].assign(value);
}

void ndarray::set_item(std::span<const Index> index, const Scalar& value) {
  (*this)[index].fill(value);
}

// ---- host transfer ----------------------------------------------------------------

void ndarray::copy_to_host(void* dst, bool blocking) const {
  const std::size_t n = static_cast<std::size_t>(nbytes());
  if (n == 0) return;
  ndarray src = c_contiguous() ? *this : copy(Order::C);
  Backend& be = backend_for(device());
  if (blocking) {
    declare_synchronize();
    be.copy_to_host(dst, src.data(), n);
  }
  else
    be.copy_to_host_async(dst, src.data(), n);
}

void ndarray::copy_from_host(const void* src) {
  check_writeable();
  const std::size_t n = static_cast<std::size_t>(nbytes());
  if (n == 0) return;
  if (c_contiguous()) {
    backend_for(device()).copy_from_host(data(), src, n);
    return;
  }
  ndarray tmp(shape(), dtype(), Order::C, device());
  backend_for(device()).copy_from_host(tmp.data(), src, n);
  assign(tmp);
}

Scalar ndarray::item() const {
  if (size() != 1)
    throw ValueError("can only convert an array of size 1 to a Python scalar");
  alignas(16) unsigned char buf[16];
  declare_synchronize();
  backend_for(device()).copy_to_host(buf, data(), static_cast<std::size_t>(itemsize()));
  return Scalar::load(buf, dtype());
}

}  // namespace cunumpy
