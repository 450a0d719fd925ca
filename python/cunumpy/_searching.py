"""Searching with NumPy's signatures: where (one and three arguments), searchsorted
(also as ndarray.searchsorted), digitize and interp.

The work is C++ (include/cunumpy/ops/searching.hpp): where(c, x, y) is the engine's 3-input
ufunc `_where` after NumPy 2's promotion (Python scalars weak); searchsorted is one binary
search per needle (an ElementwiseKernel: the same body on the CPU backend and, through
NVRTC, one CUDA thread per needle), ordering as NumPy's sort does. This module keeps the
signatures and the argument checks NumPy makes first.
"""
import numpy as _numpy

from cunumpy import _core
from cunumpy._creation import asarray

ndarray = _core.ndarray

__all__ = ['where', 'searchsorted', 'digitize', 'interp']

_NoValue = _numpy._NoValue
_where3 = _core.where
# NumPy's where wrapped a Python int out of the result dtype's range before 2.5 and raises
# OverflowError since (as every ufunc): follow the installed NumPy, the oracle.
_WRAP_PYTHON_INTS = _numpy.lib.NumpyVersion(_numpy.__version__) < '2.5.0.dev0'


def where(condition, x=_NoValue, y=_NoValue):
    if x is _NoValue and y is _NoValue:
        return _core.nonzero(condition if isinstance(condition, ndarray) else asarray(condition))
    if x is _NoValue or y is _NoValue:
        raise ValueError("either both or neither of x and y should be given")
    return _where3(condition, x, y, _WRAP_PYTHON_INTS)


def _kernel_specs():
    """Every search kernel with the dtypes it takes, for scripts/check_stats_nvrtc.py."""
    names = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
             'float16', 'float32', 'float64', 'complex64', 'complex128']
    for name, ins, outs, body, preamble in _core._searchsorted_kernel_texts():
        yield name, ins, outs, body, preamble, 'n', names
    name, ins, outs, body, preamble = _core._interp_kernel_text()
    yield name, ins, outs, body, preamble, 'n', ['float64', 'complex128']


def searchsorted(a, v, side='left', sorter=None):
    return _core.searchsorted(a, v, side, sorter)


def digitize(x, bins, right=False):
    return _core.digitize(x, bins, bool(right))


def _bound(value):
    """interp's left/right: None, a scalar, or a size-1 array's value (NumPy takes those)."""
    if value is None or isinstance(value, (int, float, complex, _numpy.generic)):
        return value
    if isinstance(value, (ndarray, _numpy.ndarray)):
        if value.size != 1:
            raise TypeError("only length-1 arrays can be converted to Python scalars")
        return value.item()
    return complex(value) if isinstance(value, complex) else float(value)


def interp(x, xp, fp, left=None, right=None, period=None):
    """One-dimensional piecewise-linear interpolation, as numpy.interp.

    Returns a float64 array (complex128 for a complex `fp`) of x's shape: a 0-d array for a
    scalar `x`, as CuPy's. `xp` must be increasing (with `period`, it need not be sorted).
    """
    if period is not None:
        period = float(period)
    return _core.interp(x, xp, fp, _bound(left), _bound(right), period)
