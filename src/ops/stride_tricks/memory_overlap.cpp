// memory_overlap: does some element of `a` share a byte with some element of `b`?
//
// An element of an array starts at base + sum_k i_k * stride_k (0 <= i_k < n_k) and is
// itemsize bytes long. Two elements overlap when their starts differ by less than the
// other's itemsize, so the question is whether a bounded integer combination of the
// strides of both arrays falls in a small interval. Each negative stride is flipped
// (counting its index from the other end), which leaves a sum of positive coefficients
// c_j * x_j, 0 <= x_j <= u_j, that must land in [L, U]: a depth-first search over the
// coefficients, largest first, pruned by the reachable maximum and by their gcd.
#include "cunumpy/ops/memory_overlap.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

namespace cunumpy {
namespace {

struct Term {
  int64_t coef;   // > 0
  int64_t bound;  // x in [0, bound]
};

int64_t floor_div(int64_t a, int64_t b) {  // b > 0
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}
int64_t ceil_div(int64_t a, int64_t b) { return -floor_div(-a, b); }

struct TooHard {};

class Search {
 public:
  Search(std::vector<Term> terms, int64_t max_work) : terms_(std::move(terms)), max_work_(max_work) {
    const std::size_t n = terms_.size();
    reach_.assign(n + 1, 0);
    gcd_.assign(n + 1, 0);
    for (std::size_t k = n; k-- > 0;) {
      reach_[k] = reach_[k + 1] + terms_[k].coef * terms_[k].bound;
      gcd_[k] = std::gcd(gcd_[k + 1], terms_[k].coef);
    }
  }

  // Some sum over terms k.. lies in [lo, hi].
  bool run(std::size_t k, int64_t lo, int64_t hi) {
    if (hi < 0 || lo > reach_[k]) return false;
    if (lo <= 0) return true;  // every x = 0 gives 0, which is in [lo, hi]
    if (k == terms_.size()) return false;
    const int64_t g = gcd_[k];
    if (floor_div(hi, g) * g < lo) return false;  // no multiple of the gcd in range
    const Term& t = terms_[k];
    const int64_t first = std::min(t.bound, floor_div(hi, t.coef));
    const int64_t last = std::max<int64_t>(0, ceil_div(lo - reach_[k + 1], t.coef));
    for (int64_t x = first; x >= last; --x) {
      if (max_work_ > 0 && ++work_ > max_work_) throw TooHard{};
      if (run(k + 1, lo - x * t.coef, hi - x * t.coef)) return true;
    }
    return false;
  }

 private:
  std::vector<Term> terms_;
  std::vector<int64_t> reach_, gcd_;
  int64_t max_work_;
  int64_t work_ = 0;
};

// The lowest byte address any element starts at, and the terms of its index space.
int64_t lowest_start(const ndarray& a, std::vector<Term>& terms, int64_t* highest_start) {
  auto base = static_cast<int64_t>(reinterpret_cast<std::intptr_t>(a.data()));
  int64_t low = base, high = base;
  for (int d = 0; d < a.ndim(); ++d) {
    const int64_t n = a.shape()[d], s = a.strides()[d];
    if (n <= 1 || s == 0) continue;
    const int64_t span = (n - 1) * s;
    (span < 0 ? low : high) += span;
    terms.push_back({s < 0 ? -s : s, n - 1});
  }
  *highest_start = high;
  return low;
}

}  // namespace

MemoryOverlap memory_overlap(const ndarray& a, const ndarray& b, int64_t max_work) {
  if (!a.defined() || !b.defined() || a.size() == 0 || b.size() == 0) return MemoryOverlap::none;
  if (a.device() != b.device()) return MemoryOverlap::none;
  std::vector<Term> ta, tb;
  int64_t a_high = 0, b_high = 0;
  const int64_t a_low = lowest_start(a, ta, &a_high), b_low = lowest_start(b, tb, &b_high);
  const int64_t isa = a.itemsize(), isb = b.itemsize();
  if (a_high + isa <= b_low || b_high + isb <= a_low) return MemoryOverlap::none;
  if (max_work == 0) return MemoryOverlap::overlap;

  // A - B for starts A of a and B of b must lie in [-(isa - 1), isb - 1]. With b's indices
  // counted from the top (y' = bound - y), A - B = K + sum(a terms) + sum(b terms).
  int64_t k_const = a_low - b_high;
  std::vector<Term> terms = ta;
  terms.insert(terms.end(), tb.begin(), tb.end());
  // Equal coefficients merge: x1 + x2 over [0, u1] x [0, u2] is every value of [0, u1 + u2].
  std::sort(terms.begin(), terms.end(), [](const Term& p, const Term& q) { return p.coef > q.coef; });
  std::vector<Term> merged;
  for (const Term& t : terms) {
    if (!merged.empty() && merged.back().coef == t.coef) merged.back().bound += t.bound;
    else merged.push_back(t);
  }
  try {
    Search s(std::move(merged), max_work);
    return s.run(0, -(isa - 1) - k_const, (isb - 1) - k_const) ? MemoryOverlap::overlap : MemoryOverlap::none;
  } catch (const TooHard&) {
    return MemoryOverlap::too_hard;
  }
}

}  // namespace cunumpy
