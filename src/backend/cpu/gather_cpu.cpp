// CPU executor of indexed copies (advanced-index gathers and scatters). Raise mode
// validates every index first, so a failing assignment writes nothing.
#include <cstring>
#include <string>

#include "backend/cpu/parallel.hpp"
#include "cunumpy/base/errors.hpp"
#include "backend/cpu/cpu_executors.hpp"

namespace cunumpy::detail {

namespace {

// Visits the positions [begin, end) of task.shape in C order with their byte offsets:
// visit(indexed_offset_without_advanced_terms, plain_offset, index_offsets[k]).
template <class Visit>
void walk(const IndexedCopy& t, int64_t begin, int64_t end, Visit&& visit) {
  const int nd = static_cast<int>(t.shape.size());
  const int na = static_cast<int>(t.axes.size());
  int64_t pos[64] = {0};
  int64_t ioff = 0, poff = 0, xoff[64] = {0};
  int64_t rem = begin;
  for (int d = nd - 1; d >= 0; --d) {
    pos[d] = rem % t.shape[d];
    rem /= t.shape[d];
    ioff += pos[d] * t.indexed_strides[d];
    poff += pos[d] * t.plain_strides[d];
    for (int k = 0; k < na; ++k) xoff[k] += pos[d] * t.axes[k].strides[d];
  }
  for (int64_t i = begin; i < end; ++i) {
    visit(ioff, poff, xoff);
    for (int d = nd - 1; d >= 0; --d) {  // next position: carry through the dimensions
      if (++pos[d] < t.shape[d]) {
        ioff += t.indexed_strides[d];
        poff += t.plain_strides[d];
        for (int k = 0; k < na; ++k) xoff[k] += t.axes[k].strides[d];
        break;
      }
      const int64_t back = t.shape[d] - 1;
      pos[d] = 0;
      ioff -= back * t.indexed_strides[d];
      poff -= back * t.plain_strides[d];
      for (int k = 0; k < na; ++k) xoff[k] -= back * t.axes[k].strides[d];
    }
  }
}

int64_t read_index(const IndexedAxis& a, int64_t off) {
  int64_t v;
  std::memcpy(&v, reinterpret_cast<const char*>(a.data) + off, sizeof v);
  return v;
}

// The element number along the axis (already validated in Raise mode).
int64_t resolve(const IndexedAxis& a, int64_t v, IndexMode mode) {
  switch (mode) {
    case IndexMode::Raise: return v < 0 ? v + a.length : v;
    case IndexMode::Wrap: {
      const int64_t r = v % a.length;
      return r < 0 ? r + a.length : r;
    }
    case IndexMode::Clip: return v < 0 ? 0 : (v >= a.length ? a.length - 1 : v);
  }
  return v;
}

// Gathers run in parallel; scatters in order on one thread, so that with repeated indices
// the last write wins, as in NumPy, and no element is written by two threads at once.
template <int Size>
void copy_all(const IndexedCopy& t, int64_t n) {
  auto copy_range = [&](int64_t b, int64_t e) {
    walk(t, b, e, [&](int64_t ioff, int64_t poff, const int64_t* xoff) {
      for (std::size_t k = 0; k < t.axes.size(); ++k)
        ioff += resolve(t.axes[k], read_index(t.axes[k], xoff[k]), t.mode) * t.axes[k].stride;
      if (t.scatter)
        std::memcpy(t.indexed + ioff, t.plain + poff, Size);
      else
        std::memcpy(t.plain + poff, t.indexed + ioff, Size);
    });
  };
  if (t.scatter)
    copy_range(0, n);
  else
    cpu::parallel_for(n, 1 << 14, copy_range);
}

}  // namespace

void run_indexed_copy_cpu(const IndexedCopy& t) {
  int64_t n = 1;
  for (int64_t e : t.shape) n *= e;
  if (n == 0) return;
  if (t.mode == IndexMode::Raise) {
    walk(t, 0, n, [&](int64_t, int64_t, const int64_t* xoff) {
      for (std::size_t k = 0; k < t.axes.size(); ++k) {
        const IndexedAxis& a = t.axes[k];
        const int64_t v = read_index(a, xoff[k]);
        if (v < -a.length || v >= a.length) throw_out_of_bounds(v, a.axis, a.length);
      }
    });
  }
  switch (t.itemsize) {
    case 1: return copy_all<1>(t, n);
    case 2: return copy_all<2>(t, n);
    case 4: return copy_all<4>(t, n);
    case 8: return copy_all<8>(t, n);
    case 16: return copy_all<16>(t, n);
    default: throw ValueError("indexed copy: unsupported item size " + std::to_string(t.itemsize));
  }
}

}  // namespace cunumpy::detail
