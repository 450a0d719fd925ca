"""Sort inputs that hit the radix sorts' special cases, shared by test_sort.py and
scripts/emulate_sort_kernels.py (which runs a test_radix_paths case in emulation). NumPy
only, so the emulator can import it without cunumpy."""
import numpy as np


def radix_input(kind, dtype, n, rng):
    """Inputs that hit the CPU radix sort's special cases: every digit varying, a constant low
    digit (integers times 2048), a constant high part (floats in [1, 2), small integers), all
    equal, and NaN/inf/-0.0 mixed into random values."""
    dt = np.dtype(dtype)
    if dt.kind == 'b':
        return rng.integers(0, 2, n).astype(dt) if kind != 'equal' else np.ones(n, dt)
    if kind == 'equal':
        return np.full(n, 3, dt)
    if kind == 'random':
        if dt.kind == 'f':
            return (rng.standard_normal(n) * 1e3).astype(dt)
        info = np.iinfo(dt)
        return rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
    if kind == 'lowconst':
        if dt.kind == 'f':
            return (rng.integers(-50, 50, n) * 2.0 ** 20).astype(dt) if dt.itemsize > 2 else \
                rng.integers(-50, 50, n).astype(dt)
        info = np.iinfo(dt)
        step = 2048 if dt.itemsize >= 4 else 256 if dt.itemsize == 2 else 1
        return (rng.integers(info.min // step, info.max // step, n) * step).astype(dt)
    if kind == 'unit':  # floats in [0, 1): sign and top exponent bits shared, skewed exponents
        return rng.random(n).astype(dt) if dt.kind == 'f' else rng.integers(0, 2 ** 20, n).astype(dt)
    if kind == 'highconst':
        if dt.kind == 'f':
            return (1 + rng.random(n)).astype(dt)
        return rng.integers(0, 100, n).astype(dt)
    assert kind == 'special'
    if dt.kind != 'f':
        return rng.integers(-3, 3, n).astype(dt) if dt.kind == 'i' else rng.integers(0, 3, n).astype(dt)
    special = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0], dt)
    a = rng.standard_normal(n).astype(dt)
    pick = rng.random(n) < 0.3
    a[pick] = rng.choice(special, size=int(pick.sum()))
    return a
