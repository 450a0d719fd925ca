"""NumPy's dispatch protocols on cunumpy.ndarray: NEP 13 (__array_ufunc__) and NEP 18
(__array_function__; installed on the class by _ndarray_methods), so that NumPy's functions called on cunumpy arrays run cunumpy's
function and return cunumpy arrays, as CuPy's arrays do.

A NumPy function `numpy.<sub>.<name>` maps to `cunumpy.<sub>.<name>`; when cunumpy has no
such function, the protocol returns NotImplemented and NumPy raises its TypeError ("no
implementation found for 'numpy.<name>' on types that implement __array_function__").
"""

import numpy as _np

import cunumpy as _cp
from cunumpy._core import ndarray as _ndarray

_UFUNC_METHODS = ("__call__", "reduce", "accumulate", "reduceat", "outer", "at")
_lookup_cache = {}


def _cunumpy_function(func):
    """cunumpy's counterpart of the NumPy function `func`, or None."""
    key = id(func)
    hit = _lookup_cache.get(key)
    if hit is not None:
        return hit[1] if hit[0] is func else None
    found = None
    mod = getattr(func, "__module__", None) or ""
    name = getattr(func, "__name__", None)
    if name and (mod == "numpy" or mod.startswith("numpy.")):
        target = _cp
        for part in mod.split(".")[1:]:
            if part.startswith("_"):  # numpy._core.fromnumeric -> the top level
                target = _cp
                break
            target = getattr(target, part, None)
            if target is None:
                break
        found = getattr(target, name, None) if target is not None else None
        if found is func:
            found = None
    _lookup_cache[key] = (func, found)
    return found


def array_function(self, func, types, args, kwargs):
    impl = _cunumpy_function(func)
    if impl is None:
        return NotImplemented
    for t in types:
        if not (issubclass(t, _ndarray) or issubclass(t, _np.ndarray)):
            return NotImplemented
    return impl(*args, **kwargs)


def array_ufunc(self, ufunc, method, *inputs, **kwargs):
    cp_ufunc = getattr(_cp, ufunc.__name__, None)
    if cp_ufunc is None or method not in _UFUNC_METHODS:
        return NotImplemented
    for x in inputs + tuple(kwargs.get("out", ()) or ()):
        if not isinstance(x, (_ndarray, _np.ndarray, _np.generic, int, float, complex, bool)):
            if x is not None and hasattr(x, "__array_ufunc__"):
                return NotImplemented
    out = kwargs.get("out")
    if isinstance(out, tuple) and len(out) == 1 and method != "__call__":
        kwargs["out"] = out[0]
    elif isinstance(out, tuple) and ufunc.nout == 1 and method == "__call__":
        kwargs["out"] = out[0]
    if method == "__call__":
        return cp_ufunc(*inputs, **kwargs)
    return getattr(cp_ufunc, method)(*inputs, **kwargs)
