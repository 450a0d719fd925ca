"""How the installed NumPy orders a non-reorderable ufunc.reduce (power, arctan2) along
the last axis, against left-to-right folds (NumPy 2.5 gave results no left fold gives)."""
import numpy as np
rng = np.random.default_rng(7)
a = rng.uniform(0.5, 2, (3, 5)).astype(np.float32)
print("numpy", np.__version__)
for uf in (np.power, np.arctan2, np.subtract, np.true_divide):
    r1 = uf.reduce(a, axis=1)
    seq = a[:, 0].copy()
    for i in range(1, 5):
        seq = uf(seq, a[:, i])
    rows = np.array([uf.reduce(a[i].copy()) for i in range(3)])
    print(uf.__name__, "axis1", r1, "left fold", seq, "row by row", rows, "axis0", uf.reduce(a, axis=0))
    print("   axis1 of a.T.copy().T", uf.reduce(np.asfortranarray(a), axis=1), "keepdims", uf.reduce(a, axis=1, keepdims=True).ravel())
