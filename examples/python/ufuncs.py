"""Elementwise functions (ufuncs): NumPy's type promotion, broadcasting and keywords.

Every CuPy ufunc is a ``cp.ufunc`` object (``out=``, ``where=``, ``dtype=``, ``casting=``,
``reduce``, ``accumulate``, ``outer``, ``at``); Python operators call the same ufuncs.
"""
import numpy as np

import cunumpy as cp

x = cp.linspace(0, np.pi, 5, dtype=cp.float32)
y = cp.sin(x) ** 2 + cp.cos(x) ** 2
np.testing.assert_allclose(y.get(), np.ones(5, np.float32), rtol=1e-6)

i = cp.arange(4, dtype=cp.int8)
assert (i + 1.5).dtype == cp.float64       # NumPy 2 (NEP 50): the Python float is weak
assert (i + np.float32(1)).dtype == cp.float32

out = cp.empty(4, dtype=cp.float64)
cp.multiply(i, 2, out=out, where=i > 1)    # only where the mask is True
np.testing.assert_array_equal(out.get()[2:], [4.0, 6.0])

table = cp.add.outer(cp.arange(3), cp.arange(4))
np.testing.assert_array_equal(table.get(), np.add.outer(np.arange(3), np.arange(4)))
counts = cp.zeros(3, dtype=cp.int64)
cp.add.at(counts, cp.asarray([0, 2, 2]), 1)  # repeated indices all count
np.testing.assert_array_equal(counts.get(), [1, 0, 2])
print("ok")
