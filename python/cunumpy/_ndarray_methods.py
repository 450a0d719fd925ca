"""Every Python-level attribute of cunumpy.ndarray, installed in one place.

The class and most methods are C++ (cunumpy._core.ndarray, python/src/bind_ndarray.cpp and
the bind_*.cpp of each family). Here: host transfers, printing and iteration (they make
NumPy arrays and Python objects, which is what Python is good at), and the methods that
forward to a module-level function with NumPy's signature (take, clip, searchsorted, ...).
Those functions are imported when first called, so this module installs everything at
import time without depending on the import order of the package's modules.
"""
import builtins as _builtins

import numpy as _numpy

from cunumpy import _array_api
from cunumpy import _core
from cunumpy import _dlpack
from cunumpy import _flatiter
from cunumpy import _formatting
from cunumpy import _interop
from cunumpy import _pickling

ndarray = _core.ndarray


def _get(self, stream=None, order='C', out=None, blocking=True):
    """Copies the array to the host and returns a numpy.ndarray (or fills `out`).

    The copy runs on `stream` (the current stream by default). With ``blocking=False``
    and a pinned `out` (cunumpyx.empty_pinned) it is asynchronous: synchronize the stream
    before reading `out`. Otherwise it returns when the data is on the host.
    """
    if stream is not None:
        with stream:
            return _get(self, None, order, out, blocking)
    if out is not None:
        if not isinstance(out, _numpy.ndarray):
            raise TypeError('Only numpy.ndarray can be obtained from cunumpy.ndarray')
        self._copy_to_numpy(out, bool(blocking))
        return out
    if order not in ('C', 'F', 'A', 'K', 'c', 'f', 'a', 'k'):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got '{order}')")
    o = order.upper()
    if o in ('A', 'K'):
        o = 'F' if (self.flags.f_contiguous and not self.flags.c_contiguous) else 'C'
    host = _numpy.empty(self.shape, dtype=self.dtype, order=o)
    self._copy_to_numpy(host)
    return host


def _set(self, arr, stream=None):
    """Copies a numpy.ndarray of the same shape and dtype into this array."""
    if not isinstance(arr, _numpy.ndarray):
        raise TypeError('Only numpy.ndarray can be set to cunumpy.ndarray')
    if stream is not None:
        with stream:
            self._copy_from_numpy(arr)
        return
    self._copy_from_numpy(arr)


def _tolist(self):
    return _get(self).tolist()


def _iter(self):
    if self.ndim == 0:
        raise TypeError('iteration over a 0-d array')
    for i in range(self.shape[0]):
        yield self[i]


def _format(self, spec):
    if self.ndim == 0:
        return format(self.item(), spec)
    if spec:
        raise TypeError('unsupported format string passed to cunumpy.ndarray.__format__')
    return str(self)


class _CPUDevice:
    """The device of arrays on the CPU backend (CUDA arrays report cunumpy.cuda.Device)."""
    id = -1

    def __repr__(self):
        return '<CPU Device>'

    def __str__(self):
        return 'cpu'

    def __eq__(self, other):
        return isinstance(other, _CPUDevice) or other == 'cpu'

    def __hash__(self):
        return hash('cpu')

    def synchronize(self):
        pass


_cpu_device = _CPUDevice()


def _device(self):
    if self._device_kind == 'cpu':
        return _cpu_device
    from cunumpy import cuda
    return cuda.Device(self._device_index)


def _real_get(self):
    return self._complex_part(False) if self.dtype.kind == 'c' else self


def _real_set(self, value):
    _real_get(self)[...] = value


def _imag_get(self):
    if self.dtype.kind == 'c':
        return self._complex_part(True)
    from cunumpy._creation import zeros
    return zeros(self.shape, self.dtype)


def _imag_set(self, value):
    if self.dtype.kind != 'c':
        raise TypeError('array does not have imaginary part to set')
    self._complex_part(True)[...] = value


def _clip(self, min=None, max=None, out=None, **kwargs):
    from cunumpy._ufunc_functions import clip
    return clip(self, min, max, out=out, **kwargs)


def _round(self, decimals=0, out=None):
    from cunumpy._ufunc_functions import around
    return around(self, decimals, out)


def __round__(self, ndigits=None):
    if not self.ndim:
        return _builtins.round(self.item(), ndigits)
    from cunumpy._ufunc_functions import around
    return around(self, ndigits or 0)


def _conj(self):
    # ndarray.conj of a real array is the array itself (NumPy's array_conjugate).
    if self.dtype.kind != 'c':
        return self
    from cunumpy import _ufuncs
    return _ufuncs.conjugate(self)


def _take(self, indices, axis=None, out=None, mode='raise'):
    from cunumpy._indexing import take
    return take(self, indices, axis, out, mode)


def _put(self, indices, values, mode='raise'):
    from cunumpy._indexing import put
    put(self, indices, values, mode)


def _nonzero(self):
    return _core.nonzero(self)


def _compress(self, condition, axis=None, out=None):
    from cunumpy._indexing import compress
    return compress(condition, self, axis, out)


def _choose(self, choices, out=None, mode='raise'):
    from cunumpy._indexing import choose
    return choose(self, choices, out, mode)


def _searchsorted(self, v, side='left', sorter=None):
    from cunumpy._searching import searchsorted
    return searchsorted(self, v, side=side, sorter=sorter)


def _partition(self, kth, axis=-1, kind='introselect', order=None):
    """Partitions the array in place (ndarray.partition)."""
    from cunumpy._sorting import partition
    self[...] = partition(self, kth, axis, kind, order)


def _argpartition(self, kth, axis=-1, kind='introselect', order=None):
    from cunumpy._sorting import argpartition
    return argpartition(self, kth, axis, kind, order)


def _repeat(self, repeats, axis=None):
    from cunumpy._editing import repeat
    return repeat(self, repeats, axis)


_METHODS = {
    'get': _get, 'set': _set, 'tolist': _tolist, '__iter__': _iter,
    '__repr__': _formatting.array_repr, '__str__': _formatting.array_str, '__format__': _format,
    'device': property(_device),
    'real': property(_real_get, _real_set), 'imag': property(_imag_get, _imag_set),
    'clip': _clip, 'round': _round, '__round__': __round__, 'conj': _conj, 'conjugate': _conj,
    'take': _take, 'put': _put, 'nonzero': _nonzero, 'compress': _compress, 'choose': _choose,
    'searchsorted': _searchsorted, 'partition': _partition, 'argpartition': _argpartition,
    'repeat': _repeat,
    '__reduce__': _pickling.reduce,
    'flat': property(_flatiter._flat_get, _flatiter._flat_set, doc=_flatiter.flatiter.__doc__),
    # NumPy's dispatch protocols (NEP 13, NEP 18) and the exchange protocols
    '__array_ufunc__': _interop.array_ufunc, '__array_function__': _interop.array_function,
    '__array_namespace__': _array_api.array_namespace,
    '__dlpack__': _dlpack.__dlpack__, 'toDlpack': _dlpack.to_dlpack, 'to_device': _dlpack.to_device,
    '__cuda_array_interface__': property(_dlpack.cuda_array_interface, doc=_dlpack.CAI_DOC),
}
for _name, _value in _METHODS.items():
    setattr(ndarray, _name, _value)
