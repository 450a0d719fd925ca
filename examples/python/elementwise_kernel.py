"""ElementwiseKernel and ReductionKernel: a loop body in C++ with type placeholders, compiled
for each dtype it meets (NVRTC on CUDA, the host compiler on the CPU backend), so the same
code runs on both backends.
"""
import numpy as np

import cunumpy as cp

squared_diff = cp.ElementwiseKernel('T x, T y', 'T z', 'z = (x - y) * (x - y)', 'squared_diff')
x = cp.arange(10, dtype=cp.float64).reshape(2, 5)
y = cp.arange(5, dtype=cp.float64)
np.testing.assert_allclose(squared_diff(x, y).get(), (x.get() - y.get()) ** 2)  # broadcast

l2 = cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')
np.testing.assert_allclose(l2(x, axis=1).get(), np.linalg.norm(x.get(), axis=1))
print("ok")
