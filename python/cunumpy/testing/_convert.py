"""Conversion of cunumpy arrays (and containers holding them) to NumPy for comparison."""

import numpy as _np


def is_cunumpy_array(x):
    """True for a cunumpy ndarray. cunumpy is imported lazily (no import cycle)."""
    mod = getattr(type(x), "__module__", "") or ""
    if not mod.startswith("cunumpy"):
        return False
    try:
        import cunumpy
    except Exception:  # pragma: no cover - partial builds
        return hasattr(x, "get")
    nd = getattr(cunumpy, "ndarray", None)
    if isinstance(nd, type):
        return isinstance(x, nd)
    return hasattr(x, "get")


def to_numpy(x):
    """A cunumpy array becomes a NumPy array (cunumpy.asnumpy); anything else is unchanged."""
    if not is_cunumpy_array(x):
        return x
    import cunumpy

    asnumpy = getattr(cunumpy, "asnumpy", None)
    if asnumpy is not None:
        return asnumpy(x)
    return x.get()


def to_numpy_deep(x):
    """Like to_numpy, also inside lists, tuples and dicts (for assert_equal)."""
    if is_cunumpy_array(x):
        return to_numpy(x)
    if isinstance(x, list):
        return [to_numpy_deep(v) for v in x]
    if isinstance(x, tuple) and type(x) is tuple:
        return tuple(to_numpy_deep(v) for v in x)
    if isinstance(x, dict) and type(x) is dict:
        return {k: to_numpy_deep(v) for k, v in x.items()}
    return x


def as_numpy_array(x):
    """to_numpy, then numpy.asarray for lists (not for scalars)."""
    x = to_numpy(x)
    if isinstance(x, (list, tuple)):
        return _np.asarray(to_numpy_deep(x))
    return x
