"""Reductions and scans with NumPy's keywords (axis, keepdims, dtype, out, where).

A full reduction returns a 0-d array on the device (as CuPy); ``.item()`` or ``float()``
brings the value to the host.
"""
import numpy as np

import cunumpy as cp

h = np.random.default_rng(0).standard_normal((4, 5))
a = cp.asarray(h)

np.testing.assert_allclose(a.sum(axis=0).get(), h.sum(axis=0))
np.testing.assert_allclose(cp.mean(a, axis=1, keepdims=True).get(), h.mean(axis=1, keepdims=True))
np.testing.assert_allclose(float(a.std()), h.std())
assert int(cp.argmax(a)) == int(np.argmax(h))
assert a.max().ndim == 0                    # a 0-d device array, not a Python float

i = cp.arange(1, 6, dtype=cp.int8)
assert i.sum().dtype == cp.int64            # NumPy's widening of small integers
np.testing.assert_array_equal(cp.cumsum(i).get(), np.cumsum(np.arange(1, 6, dtype=np.int8)))
np.testing.assert_allclose(cp.nanmean(cp.asarray([1.0, np.nan, 3.0])).item(), 2.0)
np.testing.assert_allclose(cp.median(a, axis=0).get(), np.median(h, axis=0))
print("ok")
