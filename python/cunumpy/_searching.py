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

__all__ = ['where', 'searchsorted', 'digitize']

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


def searchsorted(a, v, side='left', sorter=None):
    return _core.searchsorted(a, v, side, sorter)


def digitize(x, bins, right=False):
    return _core.digitize(x, bins, bool(right))
