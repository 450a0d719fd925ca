// einsum: the subscripts parsed once (explicit "->" or NumPy's implicit output: the
// letters seen once, sorted, after the broadcast "..." dimensions), then each operand
// reduced alone (repeated letters become diagonals, letters no other operand or the
// output needs are summed), and the operands contracted pairwise, each pair one batched
// GEMM (letters shared by both and kept: batch; shared and not kept: contracted; the rest:
// rows and columns). greedy picks, at each step, the pair with the smallest result.
#include <algorithm>
#include <map>
#include <numeric>

#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/linalg.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "ops/linalg/linalg_common.hpp"

namespace cunumpy {
namespace {
using namespace detail;

// An operand as labels (one per axis; letters as chars, broadcast dims as 1, 2, ...).
struct Term {
  ndarray a;
  std::vector<int> labels;
};

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Parses one operand's (or the output's) subscripts; "..." expands to `ell` labels 1..ell
// right-aligned (labels 1..max_ell name the broadcast dims from the left).
std::vector<int> parse_labels(const std::string& s, int ndim, int max_ell, bool output, int* ell_out) {
  std::vector<int> before, after;
  bool seen_ell = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (seen_ell || s.compare(i, 3, "...") != 0)
        throw ValueError("einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...')");
      seen_ell = true;
      i += 2;
      continue;
    }
    if (!is_letter(c)) throw ValueError(std::string("invalid subscript '") + c + "' in einstein sum subscripts string, subscripts must be letters");
    (seen_ell ? after : before).push_back(c);
  }
  const int named = static_cast<int>(before.size() + after.size());
  int ell = 0;
  if (!output) {
    if (seen_ell) {
      ell = ndim - named;
      if (ell < 0) throw ValueError("einstein sum subscripts string contains too many subscripts for the operand");
    } else if (named != ndim) {
      throw ValueError("operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions.");
    }
  } else {
    ell = seen_ell ? max_ell : 0;
  }
  if (ell_out) *ell_out = seen_ell ? ell : -1;
  std::vector<int> r = before;
  for (int e = 0; e < ell; ++e) r.push_back(max_ell - ell + 1 + e);
  r.insert(r.end(), after.begin(), after.end());
  return r;
}

// Takes the diagonal of repeated labels and sums labels in `drop`.
Term reduce_term(Term t, const std::vector<int>& keep_elsewhere, std::map<int, int64_t>& sizes) {
  // Repeated labels: diagonal of the two axes, the label moved last.
  for (bool again = true; again;) {
    again = false;
    for (std::size_t i = 0; i < t.labels.size() && !again; ++i)
      for (std::size_t j = i + 1; j < t.labels.size() && !again; ++j)
        if (t.labels[i] == t.labels[j]) {
          if (t.a.shape()[i] != t.a.shape()[j])
            throw ValueError("dimensions in operand for collapsing index '" + std::string(1, char(t.labels[i])) +
                             "' don't match (" + std::to_string(t.a.shape()[i]) + " != " +
                             std::to_string(t.a.shape()[j]) + ")");
          const int lab = t.labels[i];
          t.a = diagonal(t.a, 0, static_cast<int64_t>(i), static_cast<int64_t>(j));
          t.labels.erase(t.labels.begin() + j);
          t.labels.erase(t.labels.begin() + i);
          t.labels.push_back(lab);
          again = true;
        }
  }
  // Labels nothing else needs: summed here.
  SmallVector<int64_t, 8> axes;
  std::vector<int> rest;
  for (std::size_t i = 0; i < t.labels.size(); ++i) {
    const bool needed = std::find(keep_elsewhere.begin(), keep_elsewhere.end(), t.labels[i]) != keep_elsewhere.end();
    if (needed) rest.push_back(t.labels[i]);
    else axes.push_back(static_cast<int64_t>(i));
  }
  if (!axes.empty()) {
    t.a = sum(t.a, Axes(axes), t.a.dtype());
    t.labels = rest;
  }
  return t;
}

// Contracts two terms over their shared labels not in `keep`; the result's labels are the
// batch labels, then a's free ones, then b's.
Term contract(const Term& x, const Term& y, const std::vector<int>& keep, std::map<int, int64_t>& sizes) {
  auto has = [](const std::vector<int>& v, int l) { return std::find(v.begin(), v.end(), l) != v.end(); };
  std::vector<int> batch, sumd, fa, fb;
  for (int l : x.labels) {
    if (has(y.labels, l)) (has(keep, l) ? batch : sumd).push_back(l);
    else fa.push_back(l);
  }
  for (int l : y.labels)
    if (!has(x.labels, l)) fb.push_back(l);
  auto axis_of = [](const Term& t, int l) {
    return static_cast<int64_t>(std::find(t.labels.begin(), t.labels.end(), l) - t.labels.begin());
  };
  auto size_of = [&](const Term& t, int l) { return t.a.shape()[axis_of(t, l)]; };
  std::vector<int64_t> pa, pb;
  Shape bshape, out_shape;
  int64_t M = 1, N = 1, K = 1;
  for (int l : batch) {
    pa.push_back(axis_of(x, l));
    pb.push_back(axis_of(y, l));
    const int64_t sx = size_of(x, l), sy = size_of(y, l);
    if (sx != sy && sx != 1 && sy != 1)
      throw ValueError("operands could not be broadcast together with remapped shapes");
    bshape.push_back(std::max(sx, sy));
  }
  // Broadcast batch dims of size 1 on one side.
  ndarray A = x.a, B = y.a;
  for (int l : fa) { pa.push_back(axis_of(x, l)); M *= size_of(x, l); }
  for (int l : sumd) {
    pa.push_back(axis_of(x, l));
    pb.push_back(axis_of(y, l));
    const int64_t sx = size_of(x, l), sy = size_of(y, l);
    if (sx != sy) throw ValueError("operands could not be broadcast together with remapped shapes [original->remapped]");
    K *= sx;
  }
  for (int l : fb) { pb.push_back(axis_of(y, l)); N *= size_of(y, l); }
  A = A.transpose(pa);
  B = B.transpose(pb);
  Shape ash = bshape, bsh = bshape;
  for (int l : fa) ash.push_back(size_of(x, l));
  for (int l : sumd) ash.push_back(size_of(x, l));
  for (int l : sumd) bsh.push_back(size_of(y, l));
  for (int l : fb) bsh.push_back(size_of(y, l));
  A = broadcast_to(A, ash).reshape(shape_concat(bshape, Shape{M, K}));
  B = broadcast_to(B, bsh).reshape(shape_concat(bshape, Shape{K, N}));
  ndarray r = matmul(A, B);
  Shape rs = bshape;
  Term t;
  t.labels = batch;
  for (int l : fa) { rs.push_back(size_of(x, l)); t.labels.push_back(l); }
  for (int l : fb) { rs.push_back(size_of(y, l)); t.labels.push_back(l); }
  t.a = r.reshape(rs);
  return t;
}

}  // namespace

ndarray einsum(const std::string& subscripts, std::span<const ndarray> operands, std::optional<DType> dtype,
               bool greedy) {
  if (operands.empty()) throw ValueError("No input operands");
  std::string lhs = subscripts, rhs;
  const auto arrow = subscripts.find("->");
  const bool explicit_out = arrow != std::string::npos;
  if (explicit_out) {
    lhs = subscripts.substr(0, arrow);
    rhs = subscripts.substr(arrow + 2);
  }
  std::vector<std::string> parts;
  for (std::size_t b = 0;;) {
    const auto c = lhs.find(',', b);
    parts.push_back(lhs.substr(b, c == std::string::npos ? std::string::npos : c - b));
    if (c == std::string::npos) break;
    b = c + 1;
  }
  if (parts.size() != operands.size())
    throw ValueError("more operands provided to einstein sum function than specified in the subscripts string");
  // Broadcast dims: the most any operand's "..." covers.
  int max_ell = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    int named = 0;
    bool ell = false;
    for (std::size_t k = 0; k < parts[i].size(); ++k) {
      if (is_letter(parts[i][k])) ++named;
      if (parts[i][k] == '.') ell = true;
    }
    if (ell) max_ell = std::max(max_ell, operands[i].ndim() - named);
  }
  DType dt = operands[0].dtype();
  for (const auto& o : operands) dt = promote_types(dt, o.dtype());
  if (dtype) dt = *dtype;
  std::vector<Term> terms;
  std::map<int, int64_t> sizes;
  std::map<int, int> counts;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    Term t;
    t.a = operands[i].dtype() == dt ? operands[i] : operands[i].astype(dt);
    t.labels = parse_labels(parts[i], operands[i].ndim(), max_ell, false, nullptr);
    for (int l : t.labels) ++counts[l];
    for (std::size_t d = 0; d < t.labels.size(); ++d) {
      const int64_t s = t.a.shape()[d];
      auto it = sizes.find(t.labels[d]);
      if (it == sizes.end() || it->second == 1) sizes[t.labels[d]] = s;
      else if (s != 1 && s != it->second)
        throw ValueError("operands could not be broadcast together with remapped shapes [original->remapped]");
    }
    terms.push_back(t);
  }
  std::vector<int> out;
  if (explicit_out) {
    out = parse_labels(rhs, 0, max_ell, true, nullptr);
    for (int l : out) {
      if (l >= 'A' && !counts.count(l))
        throw ValueError(std::string("einstein sum subscripts string included output subscript '") + char(l) +
                         "' which never appeared in an input");
      if (std::count(out.begin(), out.end(), l) > 1)
        throw ValueError(std::string("einstein sum subscripts string includes output subscript '") + char(l) + "' multiple times");
    }
  } else {
    for (int e = 1; e <= max_ell; ++e) out.push_back(e);
    std::vector<int> once;
    for (const auto& [l, c] : counts)
      if (c == 1 && l >= 'A') once.push_back(l);
    std::sort(once.begin(), once.end());  // NumPy: alphabetical (uppercase first, as ASCII)
    out.insert(out.end(), once.begin(), once.end());
  }
  // Labels each term must keep: the output's and any other term's.
  auto needed_except = [&](std::size_t skip) {
    std::vector<int> v = out;
    for (std::size_t j = 0; j < terms.size(); ++j)
      if (j != skip) v.insert(v.end(), terms[j].labels.begin(), terms[j].labels.end());
    return v;
  };
  for (std::size_t i = 0; i < terms.size(); ++i) terms[i] = reduce_term(terms[i], needed_except(i), sizes);
  while (terms.size() > 1) {
    std::size_t bi = 0, bj = 1;
    if (greedy) {
      double best = -1;
      for (std::size_t i = 0; i < terms.size(); ++i)
        for (std::size_t j = i + 1; j < terms.size(); ++j) {
          double size = 1;
          for (int l : terms[i].labels) size *= static_cast<double>(sizes[l]);
          for (int l : terms[j].labels)
            if (std::find(terms[i].labels.begin(), terms[i].labels.end(), l) == terms[i].labels.end())
              size *= static_cast<double>(sizes[l]);
          if (best < 0 || size < best) { best = size; bi = i; bj = j; }
        }
    }
    std::vector<int> keep = out;
    for (std::size_t j = 0; j < terms.size(); ++j)
      if (j != bi && j != bj) keep.insert(keep.end(), terms[j].labels.begin(), terms[j].labels.end());
    Term merged = contract(terms[bi], terms[bj], keep, sizes);
    terms.erase(terms.begin() + bj);
    terms[bi] = merged;
  }
  Term t = reduce_term(terms[0], out, sizes);
  // Order as the output (broadcasting size-1 dims of repeated broadcast labels).
  std::vector<int64_t> perm;
  for (int l : out) {
    const auto it = std::find(t.labels.begin(), t.labels.end(), l);
    if (it == t.labels.end()) throw ValueError("einsum: output subscript not found in the operands");
    perm.push_back(it - t.labels.begin());
  }
  ndarray r = t.a.transpose(perm);
  Shape final_shape;
  for (int l : out) final_shape.push_back(sizes[l]);
  if (!(r.shape() == final_shape)) r = broadcast_to(r, final_shape);
  return r.copy(Order::C);
}

}  // namespace cunumpy
