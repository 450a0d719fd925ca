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
