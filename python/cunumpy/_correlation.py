"""Correlation with NumPy's signatures: cov, corrcoef, correlate and convolve (1-D).

The computations are C++ (include/cunumpy/ops/correlation.hpp: cov follows NumPy's formula
line by line; correlate/convolve are one ElementwiseKernel, a thread per output position);
this module converts the arguments and keeps NumPy's deprecation warning. The RuntimeWarnings
(degrees of freedom <= 0) are issued by the binding from flags the C++ functions set.
"""
import warnings

import numpy as _numpy

from cunumpy import _core
from cunumpy._creation import asarray
from cunumpy._array_like import as_ndarray as _arr

ndarray = _core.ndarray

__all__ = ['cov', 'corrcoef', 'correlate', 'convolve']


def _opt(a):
    return None if a is None else _arr(a)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    return _core.cov(_arr(m), _opt(y), bool(rowvar), bool(bias), None if ddof is None else int(ddof),
                     _opt(fweights), _opt(aweights), dtype)


def corrcoef(x, y=None, rowvar=True, bias=_numpy._NoValue, ddof=_numpy._NoValue, *,
             dtype=None):
    if bias is not _numpy._NoValue or ddof is not _numpy._NoValue:
        warnings.warn('bias and ddof have no effect and are deprecated',
                      DeprecationWarning, stacklevel=2)
    return _core.corrcoef(_arr(x), _opt(y), bool(rowvar), dtype)


def _kernel_specs():
    """The correlate kernel with the dtypes it takes, for scripts/check_stats_nvrtc.py."""
    names = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
             'float16', 'float32', 'float64', 'complex64', 'complex128']
    params, out, body, preamble = _core._correlate_kernel_spec()
    yield 'cn_correlate', params, out, body, preamble, 'n_a,n_w,n_off', names


def _mode(mode):
    modes = {'valid': 0, 'same': 1, 'full': 2, 'v': 0, 's': 1, 'f': 2, 0: 0, 1: 1, 2: 2}
    try:
        return modes[mode]
    except (KeyError, TypeError):
        raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})") \
            from None


def correlate(a, v, mode='valid'):
    mode = _mode(mode)
    return _core.correlate(_arr(a), _arr(v), mode)


def convolve(a, v, mode='full'):
    a, v = _arr(a), _arr(v)
    return _core.convolve(a, v, _mode(mode))
