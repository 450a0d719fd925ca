"""Arrays: create them on the current device, view and index them, bring them back.

``cp.asarray`` copies a NumPy array to the device; reshape, transpose and basic indexing
are views (no copy); ``cp.asnumpy`` (or ``.get()``) copies back to the host.
"""
import numpy as np

import cunumpy as cp

a_np = np.arange(12, dtype=np.float32).reshape(3, 4)
a = cp.asarray(a_np)                      # host -> device
print(a.device, a.shape, a.dtype)

v = a.T[1:, ::2]                          # a view: same memory, other strides
assert v.base is a
assert cp.asnumpy(v).tolist() == a_np.T[1:, ::2].tolist()

a[0, :] = -1                              # writes through to the views too
assert float(v[0, 0]) == -1.0

z = cp.zeros((2, 3), dtype=cp.int64)
z[:, 1] = cp.arange(2)                    # broadcast and cast on assignment
np.testing.assert_array_equal(z.get(), [[0, 0, 0], [0, 1, 0]])

mask = a > 5                              # boolean masks and integer arrays index too
np.testing.assert_array_equal(a[mask].get(), a.get()[a.get() > 5])
print("ok")
