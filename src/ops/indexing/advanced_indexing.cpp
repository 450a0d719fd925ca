// Advanced indexing (NumPy's rules): boolean masks become their nonzero() coordinate
// arrays; the basic items are applied first as a view (each array's axis kept whole);
// the index arrays are broadcast together and their dimensions replace the indexed axes in
// place when the advanced items are adjacent (integers count as advanced there), else they
// go first. The result is then one indexed copy (gather or scatter) on the backend.
#include <atomic>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "core/backend.hpp"

namespace cunumpy {
namespace {

std::atomic<bool> g_cuda_index_checks{true};

// An index item after masks became coordinate arrays. `axis`: the axis of the indexed
// array the item applies to; for Ellipsis, `span` is the number of axes it stands for.
struct Item {
  enum Kind { Int, Slc, Ell, New, Array, NewAxisArray } kind;
  int64_t value = 0;
  Slice slice{};
  ndarray array;
  int axis = 0;
  int span = 0;
};

ndarray int64_index_on(const ndarray& arr, Device device) {
  if (!arr.dtype().is_integer())
    throw IndexError("arrays used as indices must be of integer (or boolean) type");
  ndarray r = arr.device() == device ? arr : arr.to(device);
  return r.dtype() == int64 ? r : r.astype(int64);
}

std::vector<Item> expand_items(const ndarray& a, std::span<const IndexItem> items, bool& any_array) {
  int consumed = 0, ellipses = 0;
  for (const IndexItem& it : items) {
    if (std::holds_alternative<int64_t>(it) || std::holds_alternative<Slice>(it)) ++consumed;
    else if (std::holds_alternative<Ellipsis>(it)) ++ellipses;
    else if (const ndarray* arr = std::get_if<ndarray>(&it)) consumed += arr->dtype().is_bool() ? arr->ndim() : 1;
  }
  if (ellipses > 1) throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > a.ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(a.ndim()) +
                     "-dimensional, but " + std::to_string(consumed) + " were indexed");
  any_array = false;
  std::vector<Item> out;
  int ax = 0;
  for (const IndexItem& it : items) {
    Item item{};
    if (const int64_t* v = std::get_if<int64_t>(&it)) {
      item = Item{Item::Int, *v};
      item.axis = ax++;
    } else if (const Slice* s = std::get_if<Slice>(&it)) {
      item.kind = Item::Slc;
      item.slice = *s;
      item.axis = ax++;
    } else if (std::holds_alternative<Ellipsis>(it)) {
      item.kind = Item::Ell;
      item.span = a.ndim() - consumed;
      ax += item.span;
    } else if (std::holds_alternative<NewAxis>(it)) {
      item.kind = Item::New;
    } else {
      const ndarray& arr = std::get<ndarray>(it);
      any_array = true;
      if (!arr.dtype().is_bool()) {
        item.kind = Item::Array;
        item.array = int64_index_on(arr, a.device());
        item.axis = ax++;
      } else if (arr.ndim() == 0) {  // a 0-d mask adds an axis of length 1 (true) or 0 (false)
        item.kind = Item::NewAxisArray;
        const bool v = arr.item().to_bool();
        item.array = ndarray(Shape{v ? 1 : 0}, int64, Order::C, a.device());
        if (v) item.array.fill(Scalar(0));
        item.axis = ax;
      } else {
        for (int j = 0; j < arr.ndim(); ++j)  // NumPy lets a mask axis of length 0 pass
          if (arr.shape()[j] != a.shape()[ax + j] && arr.shape()[j] != 0)
            throw IndexError("boolean index did not match indexed array along axis " + std::to_string(ax + j) +
                             "; size of axis is " + std::to_string(a.shape()[ax + j]) +
                             " but size of corresponding boolean axis is " + std::to_string(arr.shape()[j]));
        std::vector<ndarray> coords = nonzero(arr.device() == a.device() ? arr : arr.to(a.device()));
        for (ndarray& c : coords) {
          Item ci{Item::Array};
          ci.array = std::move(c);
          ci.axis = ax++;
          out.push_back(std::move(ci));
        }
        continue;
      }
    }
    out.push_back(std::move(item));
  }
  return out;
}

// a[items] as a basic view plus, when arrays take part, the indexed copy that finishes it
// (task.plain and task.plain_strides still to fill).
struct IndexPlan {
  ndarray view;
  bool advanced = false;
  detail::IndexedCopy task;
  std::vector<ndarray> keep_alive;  // the index arrays task.axes point into
};

IndexPlan plan_index(const ndarray& a, std::span<const IndexItem> items, IndexMode mode) {
  IndexPlan p;
  bool any_array = false;
  std::vector<Item> its = expand_items(a, items, any_array);
  SmallVector<Index, 8> basic;
  std::vector<int> adv_positions;
  std::vector<int> array_vdims;
  int vdims = 0, insert_at = -1;
  for (int i = 0; i < static_cast<int>(its.size()); ++i) {
    Item& it = its[i];
    switch (it.kind) {
      case Item::Int:
        basic.push_back(it.value);
        if (any_array) {
          adv_positions.push_back(i);
          if (insert_at < 0) insert_at = vdims;
        }
        break;
      case Item::Slc: basic.push_back(it.slice); ++vdims; break;
      case Item::Ell: basic.push_back(ellipsis); vdims += it.span; break;
      case Item::New: basic.push_back(newaxis); ++vdims; break;
      case Item::Array:
      case Item::NewAxisArray:
        if (it.kind == Item::Array) basic.push_back(Slice{});
        else basic.push_back(newaxis);
        adv_positions.push_back(i);
        if (insert_at < 0) insert_at = vdims;
        array_vdims.push_back(vdims++);
        p.keep_alive.push_back(it.array);
        break;
    }
  }
  p.view = a[std::span<const Index>(basic.data(), basic.size())];
  if (!any_array) return p;
  vdims = p.view.ndim();  // the axes no item named follow at the end
  p.advanced = true;
  const bool adjacent = adv_positions.back() - adv_positions.front() + 1 == static_cast<int>(adv_positions.size());

  Shape bshape;
  try {
    for (const ndarray& arr : p.keep_alive) bshape = broadcast_shapes(bshape, arr.shape());
  } catch (const ValueError&) {
    std::string shapes;
    for (const ndarray& arr : p.keep_alive) shapes += shape_str(arr.shape()) + " ";
    throw IndexError("shape mismatch: indexing arrays could not be broadcast together with shapes " + shapes);
  }

  detail::IndexedCopy& t = p.task;
  std::vector<int> bdim;  // per result dimension: its dimension in bshape, or -1
  auto push_bshape = [&] {
    for (std::size_t j = 0; j < bshape.size(); ++j) {
      t.shape.push_back(bshape[j]);
      t.indexed_strides.push_back(0);
      bdim.push_back(static_cast<int>(j));
    }
  };
  std::vector<bool> is_array_vdim(static_cast<std::size_t>(vdims), false);
  for (int v : array_vdims) is_array_vdim[v] = true;
  if (!adjacent) push_bshape();
  for (int v = 0; v < vdims; ++v) {
    if (adjacent && v == insert_at) push_bshape();
    if (is_array_vdim[v]) continue;
    t.shape.push_back(p.view.shape()[v]);
    t.indexed_strides.push_back(p.view.strides()[v]);
    bdim.push_back(-1);
  }
  if (adjacent && insert_at == vdims) push_bshape();

  int k = 0;
  for (const Item& it : its) {
    if (it.kind != Item::Array && it.kind != Item::NewAxisArray) continue;
    const ndarray& arr = it.array;
    const int vdim = array_vdims[k++];
    detail::IndexedAxis ax{static_cast<const int64_t*>(arr.data()), {}, p.view.shape()[vdim],
                           p.view.strides()[vdim], it.axis};
    const int lead = static_cast<int>(bshape.size()) - arr.ndim();
    for (int j : bdim) {
      const int aj = j - lead;
      ax.strides.push_back(j < 0 || aj < 0 || arr.shape()[aj] != bshape[j] ? 0 : arr.strides()[aj]);
    }
    t.axes.push_back(std::move(ax));
  }
  t.indexed = static_cast<char*>(p.view.data());
  t.itemsize = a.itemsize();
  t.mode = mode;
  return p;
}

// NumPy checks the indices also when other axes leave the result empty (the copy itself
// then visits nothing); a rare case, checked on the host. Index arrays that broadcast to
// nothing select nothing and are not checked.
void check_indices_of_empty_result(const IndexPlan& p) {
  if (p.task.mode != IndexMode::Raise) return;
  for (const ndarray& ind : p.keep_alive)
    if (ind.size() == 0) return;
  for (std::size_t k = 0; k < p.keep_alive.size(); ++k) {
    const detail::IndexedAxis& ax = p.task.axes[k];
    for (int64_t v : p.keep_alive[k].to_vector<int64_t>())
      if (v < -ax.length || v >= ax.length) detail::throw_out_of_bounds(v, ax.axis, ax.length);
  }
}

void run_task(const detail::IndexedCopy& task, Device device) {
  // set_cuda_index_checks(false): CuPy's unchecked GPU indexing (out-of-range wraps).
  if (device.is_cuda() && task.mode == IndexMode::Raise && !cuda_index_checks()) {
    detail::IndexedCopy wrapped = task;
    wrapped.mode = IndexMode::Wrap;
    return backend_for(device).indexed_copy(wrapped);
  }
  backend_for(device).indexed_copy(task);
}

// A single boolean mask with the array's own shape: one compaction of the values.
const ndarray* whole_mask(const ndarray& a, std::span<const IndexItem> items) {
  if (items.size() != 1) return nullptr;
  const ndarray* m = std::get_if<ndarray>(&items[0]);
  if (!m || !m->dtype().is_bool() || m->ndim() == 0 || m->shape() != a.shape() || m->device() != a.device())
    return nullptr;
  return m;
}

}  // namespace

void set_cuda_index_checks(bool on) { g_cuda_index_checks.store(on); }
bool cuda_index_checks() { return g_cuda_index_checks.load(); }

ndarray index(const ndarray& a, std::span<const IndexItem> items, IndexMode mode) {
  if (const ndarray* mask = whole_mask(a, items)) return extract(*mask, a);
  IndexPlan p = plan_index(a, items, mode);
  if (!p.advanced) return p.view;
  ndarray out(p.task.shape, a.dtype(), Order::C, a.device());
  p.task.plain = static_cast<char*>(out.data());
  p.task.plain_strides = contiguous_strides(p.task.shape, a.itemsize());
  if (out.size() > 0) run_task(p.task, a.device());
  else check_indices_of_empty_result(p);
  return out;
}

void index_assign(ndarray& a, std::span<const IndexItem> items, const ndarray& value, IndexMode mode) {
  a.check_writeable();
  const ndarray* mask = whole_mask(a, items);
  if (mask && value.ndim() > 1)
    throw TypeError("NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has " +
                    std::to_string(value.ndim()) + " dimensions");
  // x[mask] = one value: a single elementwise select, no coordinates and no wait.
  if (mask && value.size() == 1 && value.device() == a.device()) {
    const ndarray v = value.reshape(Shape{}).astype(a.dtype());
    UfuncOptions o;
    o.out = {a};
    o.casting = Casting::Unsafe;
    const Operand ops[3] = {*mask, v, a};
    ufunc_call("_where", ops, o);
    return;
  }
  IndexPlan p = plan_index(a, items, mode);
  if (!p.advanced) {
    p.view.assign(value);
    return;
  }
  const Shape& rshape = p.task.shape;
  ndarray v = value.device() == a.device() ? value : value.to(a.device());
  // NumPy drops the value's leading length-1 dimensions the indexing result lacks.
  while (v.ndim() > static_cast<int>(rshape.size()) && v.shape()[0] == 1) v = v[{int64_t{0}}];
  bool fits = v.ndim() <= static_cast<int>(rshape.size());
  const int lead = static_cast<int>(rshape.size()) - v.ndim();
  for (int d = 0; fits && d < v.ndim(); ++d) fits = v.shape()[d] == 1 || v.shape()[d] == rshape[lead + d];
  if (!fits)
    throw ValueError("shape mismatch: value array of shape " + shape_str(value.shape()) +
                     " could not be broadcast to indexing result of shape " + shape_str(rshape));
  // A value that shares memory with `a` is read before anything is written.
  if (v.dtype() != a.dtype() || v.memory() == a.memory()) v = v.astype(a.dtype());
  for (std::size_t d = 0; d < rshape.size(); ++d) {
    const int vd = static_cast<int>(d) - lead;
    p.task.plain_strides.push_back(vd < 0 || v.shape()[vd] != rshape[d] ? 0 : v.strides()[vd]);
  }
  p.task.plain = static_cast<char*>(v.data());
  p.task.scatter = true;
  int64_t n = 1;
  for (int64_t e : rshape) n *= e;
  if (n > 0) run_task(p.task, a.device());
  else check_indices_of_empty_result(p);
}

}  // namespace cunumpy
