"""Creation functions that read text, bytes, files or Python iterables (NumPy's
fromfunction, fromiter, frombuffer, fromfile, fromstring, loadtxt, genfromtxt), as CuPy
has them: NumPy parses on the host (what it is made for), then one upload. fromfunction
calls the function on device index arrays instead.

Each takes NumPy's ``like=`` (NEP 35), so that ``numpy.loadtxt(f, like=x)`` with a
cunumpy array `x` dispatches here through ``__array_function__``; the result is on
`like`'s device when `like` is a cunumpy array, else on the current device.
"""
import numpy as _numpy

from cunumpy import _core
from cunumpy._array_api import on_device

__all__ = ['fromfunction', 'fromiter', 'frombuffer', 'fromfile', 'fromstring', 'loadtxt',
           'genfromtxt']


def _upload(host, like):
    from cunumpy._creation import asarray
    with on_device(like.device if isinstance(like, _core.ndarray) else None):
        if isinstance(host, tuple):  # loadtxt/genfromtxt with unpack=True
            return tuple(asarray(h) for h in host)
        return asarray(host)


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """``function(*indices)`` on index arrays of `shape` (cunumpy arrays of `dtype`),
    as numpy.fromfunction: the function computes on the device."""
    from cunumpy._indexing import indices
    with on_device(like.device if isinstance(like, _core.ndarray) else None):
        return function(*indices(shape, dtype=dtype), **kwargs)


def fromiter(iter, dtype, count=-1, *, like=None):
    """numpy.fromiter, then one upload."""
    return _upload(_numpy.fromiter(iter, dtype, count), like)


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    """numpy.frombuffer (a copy on the device: the buffer is host memory)."""
    return _upload(_numpy.frombuffer(buffer, dtype, count, offset), like)


def fromfile(file, dtype=float, count=-1, sep='', offset=0, *, like=None):
    """numpy.fromfile, then one upload."""
    return _upload(_numpy.fromfile(file, dtype, count, sep, offset), like)


def fromstring(string, dtype=float, count=-1, *, sep, like=None):
    """numpy.fromstring (text with a separator), then one upload."""
    return _upload(_numpy.fromstring(string, dtype, count, sep=sep), like)


def loadtxt(fname, dtype=float, comments='#', delimiter=None, converters=None, skiprows=0,
            usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None, *,
            quotechar=None, like=None):
    """numpy.loadtxt, then one upload (a tuple of arrays with ``unpack=True``)."""
    host = _numpy.loadtxt(fname, dtype, comments, delimiter, converters, skiprows, usecols,
                          unpack, ndmin, encoding, max_rows, quotechar=quotechar)
    return _upload(host, like)


def genfromtxt(fname, dtype=float, *args, like=None, **kwargs):
    """numpy.genfromtxt (NumPy's keywords), then one upload."""
    return _upload(_numpy.genfromtxt(fname, dtype, *args, **kwargs), like)
