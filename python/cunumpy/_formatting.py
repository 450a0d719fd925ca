"""Printing of cunumpy arrays: exactly what NumPy prints for the same values.

The values are copied to the host (this synchronizes) and handed to NumPy's own printing,
so numpy.set_printoptions / numpy.printoptions apply unchanged. CuPy does the same.
"""

import numpy as _np

__all__ = ["array_repr", "array_str", "array2string", "format_array", "to_host"]


def to_host(a):
    """A NumPy array with the values of ``a`` (a cunumpy array, or anything NumPy takes)."""
    mod = getattr(type(a), "__module__", "") or ""
    get = getattr(a, "get", None)
    if get is not None and mod.startswith("cunumpy"):
        host = get()
        if type(host) is _np.ndarray:
            return host
        return _np.asarray(host)
    if isinstance(a, _np.ndarray):
        return a
    return _np.asarray(a)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """``repr`` of a cunumpy array: numpy.array_repr of the same values."""
    return _np.array_repr(
        to_host(arr),
        max_line_width=max_line_width,
        precision=precision,
        suppress_small=suppress_small,
    )


def array_str(arr, max_line_width=None, precision=None, suppress_small=None):
    """``str`` of a cunumpy array: numpy.array_str of the same values."""
    return _np.array_str(
        to_host(arr),
        max_line_width=max_line_width,
        precision=precision,
        suppress_small=suppress_small,
    )


def array2string(a, *args, **kwargs):
    """numpy.array2string of the values of ``a``."""
    return _np.array2string(to_host(a), *args, **kwargs)


def format_array(a, format_spec=""):
    """``format(a, spec)`` as NumPy does it.

    NumPy formats a 0-d array as its scalar; any other array only with an empty spec
    (giving ``str``), and raises TypeError for a non-empty spec.
    """
    return format(to_host(a), format_spec)
