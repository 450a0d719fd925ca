"""Linear algebra: matmul and ``@``, solve, factorizations and norms (cuBLAS/cuSOLVER on
CUDA, OpenBLAS on the CPU), batched over leading dimensions as in NumPy.
"""
import numpy as np

import cunumpy as cp

rng = np.random.default_rng(2)
h = rng.standard_normal((3, 4, 4)) + 4 * np.eye(4)     # a batch of 3 well-conditioned matrices
b = rng.standard_normal((3, 4, 1))
a = cp.asarray(h)

x = cp.linalg.solve(a, cp.asarray(b))
np.testing.assert_allclose((a @ x).get(), b, atol=1e-10)

spd = a @ a.mT                                          # symmetric positive definite
l = cp.linalg.cholesky(spd)
np.testing.assert_allclose((l @ l.mT).get(), spd.get(), atol=1e-10)

w = cp.linalg.eigvalsh(spd)
np.testing.assert_allclose(w.get(), np.linalg.eigvalsh(spd.get()), rtol=1e-10)
np.testing.assert_allclose(float(cp.linalg.norm(a[0])), np.linalg.norm(h[0]))
np.testing.assert_allclose(cp.linalg.det(a).get(), np.linalg.det(h))
print("ok")
