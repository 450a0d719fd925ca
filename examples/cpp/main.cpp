// cunumpy from C++: create an array on the default device (the GPU when there is one),
// view it with another shape, cast it, and copy it back to the host.
#include <cunumpy/cunumpy.hpp>

#include <cstdio>
#include <vector>

namespace cn = cunumpy;

int main() {
  try {
    std::printf("device: %s\n", cn::current_device().str().c_str());

    cn::ndarray a = cn::arange(cn::Scalar(12), cn::float32);  // 0, 1, ..., 11
    cn::ndarray m = a.reshape({3, 4});                         // a view, no copy
    cn::ndarray t = m.T();                                     // (4, 3), strides swapped
    cn::ndarray d = t.astype(cn::float64);                     // a C-contiguous copy

    std::printf("a: shape %s dtype %s\n", cn::shape_str(a.shape()).c_str(), a.dtype().name());
    std::printf("m: shape %s strides %s\n", cn::shape_str(m.shape()).c_str(),
                cn::shape_str(m.strides()).c_str());
    std::printf("d = m.T.astype(float64): shape %s dtype %s\n",
                cn::shape_str(d.shape()).c_str(), d.dtype().name());

    std::vector<double> host = d.to_vector<double>();  // waits for the device
    for (int64_t i = 0; i < d.shape()[0]; ++i) {
      std::printf("  [");
      for (int64_t j = 0; j < d.shape()[1]; ++j)
        std::printf("%s%4.1f", j ? ", " : "", host[static_cast<size_t>(i * d.shape()[1] + j)]);
      std::printf("]\n");
    }

    // Expected: d[i][j] == 4 * j + i.
    for (int64_t i = 0; i < 4; ++i)
      for (int64_t j = 0; j < 3; ++j)
        if (host[static_cast<size_t>(i * 3 + j)] != static_cast<double>(4 * j + i)) {
          std::fprintf(stderr, "wrong value at (%lld, %lld)\n", (long long)i, (long long)j);
          return 1;
        }

    // NumPy functions that are C++ functions of their own: unique, quantile, histogram, pad,
    // where.
    cn::ndarray v = cn::arange(cn::Scalar(6), cn::float64).reshape({2, 3});  // [[0 1 2] [3 4 5]]
    cn::ndarray u = cn::unique(cn::remainder(v, 3.0));                      // [0 1 2]
    const double qs[] = {0.5};
    cn::ndarray q = cn::quantile(v, qs);                                   // [2.5]
    auto [counts, edges] = cn::histogram(v, 3);                            // [2 2 2], [0 5/3 10/3 5]
    const std::pair<int64_t, int64_t> widths[] = {{0, 0}, {1, 1}};
    cn::ndarray p = cn::pad(v, widths);                                    // zeros around the columns
    cn::ndarray w = cn::where(cn::greater(v, 2.0), v, cn::Operand(-1.0));  // [[-1 -1 -1] [3 4 5]]
    const std::vector<double> uh = u.to_vector<double>(), qh = q.to_vector<double>();
    const std::vector<double> ph = p.to_vector<double>(), wh = w.to_vector<double>();
    const std::vector<int64_t> ch = counts.to_vector<int64_t>();
    const std::vector<double> eh = edges.to_vector<double>();
    std::printf("unique %zu values, median %.1f, histogram [%lld %lld %lld], pad shape (%lld, %lld), where sum %.0f\n",
                uh.size(), qh[0], (long long)ch[0], (long long)ch[1], (long long)ch[2], (long long)p.shape()[0],
                (long long)p.shape()[1], wh[0] + wh[1] + wh[2] + wh[3] + wh[4] + wh[5]);
    if (uh != std::vector<double>{0, 1, 2} || qh[0] != 2.5 || ch != std::vector<int64_t>{2, 2, 2} ||
        eh.size() != 4 || eh[3] != 5 || p.shape()[1] != 5 || ph[3] != 2 || ph[4] != 0 || wh[0] != -1 || wh[5] != 5) {
      std::fprintf(stderr, "wrong results from unique/quantile/histogram/pad/where\n");
      return 1;
    }

    try {
      a.reshape({5, 5});
    } catch (const cn::ValueError& e) {
      std::printf("reshape error, as NumPy: %s\n", e.what());
    }
    std::printf("ok\n");
    return 0;
  } catch (const cn::Error& e) {
    std::fprintf(stderr, "cunumpy error: %s\n", e.what());
    return 1;
  }
}
