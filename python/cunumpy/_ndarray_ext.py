"""Python-level parts of cunumpy.ndarray: host transfer wrappers, printing and iteration.

The class itself is defined in C++ (cunumpy._core.ndarray); the methods here allocate
NumPy arrays or produce Python objects, which is what Python is good at.
"""
import numpy as _numpy

from cunumpy import _core
from cunumpy import _formatting

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


ndarray.get = _get
ndarray.set = _set
ndarray.tolist = _tolist
ndarray.__iter__ = _iter
ndarray.__repr__ = _formatting.array_repr
ndarray.__str__ = _formatting.array_str
ndarray.__format__ = _format
ndarray.device = property(_device)
