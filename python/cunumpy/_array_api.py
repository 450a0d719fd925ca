"""The Python array API standard (2024.12) on cunumpy's own namespace, as CuPy does it:
``x.__array_namespace__()`` is the cunumpy module, whose functions take the standard's
arguments next to NumPy's (``device=`` on the creation functions, ``descending=`` on
sort/argsort, ``astype`` as a function) and whose ``__array_namespace_info__()`` describes
the devices and data types.

Devices are spelled as everywhere in cunumpy: ``"cpu"``, ``"cuda:N"``, a
``cunumpy.cuda.Device`` or an array's ``.device``.
"""
import contextlib

import numpy as _numpy

from cunumpy import _core

__all__ = ['astype', '__array_namespace_info__', '__array_api_version__']

__array_api_version__ = '2024.12'
_SUPPORTED_VERSIONS = ('2021.12', '2022.12', '2023.12', '2024.12')


def device_spec(device):
    """A device as cunumpy's C++ side names it ("cpu", "cuda:N")."""
    if isinstance(device, tuple) and len(device) == 2:  # a DLPack (type, id) pair
        t, i = device
        return 'cpu' if int(t) in (1, 3) else f'cuda:{int(i)}'
    spec = getattr(device, '_spec', None)
    if spec is not None:
        return spec
    if isinstance(device, int) and not isinstance(device, bool):  # a CUDA device id, as CuPy's
        from cunumpy import cuda
        return cuda.Device(device)._spec
    s = str(device)
    if s == 'cpu' or s.startswith('cuda'):
        return 'cuda:0' if s == 'cuda' else s
    raise ValueError(f"unsupported device {device!r} (expected 'cpu', 'cuda:N', a CUDA "
                     "device id, a cunumpy.cuda.Device or an array's .device)")


@contextlib.contextmanager
def on_device(device):
    """Makes `device` current for the block (nothing when it is None)."""
    if device is None:
        yield
        return
    spec = device_spec(device)
    before = _core.current_device()
    if spec == before:
        yield
        return
    _core._set_current_device(spec)
    try:
        yield
    finally:
        _core._set_current_device(before)


def device_object(spec):
    """The object that ``ndarray.device`` returns for a device named `spec`."""
    if spec == 'cpu':
        from cunumpy._ndarray_methods import _cpu_device
        return _cpu_device
    from cunumpy import cuda
    return cuda.Device(int(spec.split(':')[1]))


def astype(x, dtype, /, *, copy=True, device=None):
    """`x` cast to `dtype` (the array API's function form of ``ndarray.astype``); on
    `device` when given (a copy when it is another device)."""
    from cunumpy._creation import asarray
    x = asarray(x) if not isinstance(x, _core.ndarray) else x
    if device is not None and device_spec(device) != device_spec(x.device):
        x = x.to_device(device)
        copy = False  # the transfer made the copy
    return x.astype(dtype, copy=bool(copy))


def array_namespace(self, /, *, api_version=None):
    """The array API namespace of the array: the cunumpy module."""
    if api_version is not None and api_version not in _SUPPORTED_VERSIONS:
        raise ValueError(f'Unrecognized array API version: {api_version!r}; cunumpy supports '
                         + ', '.join(_SUPPORTED_VERSIONS))
    import cunumpy
    return cunumpy


_KIND_NAMES = {
    'bool': ('bool',),
    'signed integer': ('int8', 'int16', 'int32', 'int64'),
    'unsigned integer': ('uint8', 'uint16', 'uint32', 'uint64'),
    'real floating': ('float32', 'float64'),
    'complex floating': ('complex64', 'complex128'),
}
_KIND_NAMES['integral'] = _KIND_NAMES['signed integer'] + _KIND_NAMES['unsigned integer']
_KIND_NAMES['numeric'] = (_KIND_NAMES['integral'] + _KIND_NAMES['real floating']
                          + _KIND_NAMES['complex floating'])


class ArrayNamespaceInfo:
    """What ``cunumpy.__array_namespace_info__()`` returns: the array API's inspection
    object (capabilities, default device and data types, devices, data types)."""

    __module__ = 'cunumpy'

    def capabilities(self):
        return {'boolean indexing': True, 'data-dependent shapes': True, 'max dimensions': 64}

    def default_device(self):
        return device_object(_core.current_device())

    def devices(self):
        """The CUDA devices, then the CPU (the CPU backend runs everywhere)."""
        n = _core.cuda.get_device_count()
        return [device_object(f'cuda:{i}') for i in range(n)] + [device_object('cpu')]

    def _check_device(self, device):
        if device is not None:
            spec = device_spec(device)
            if spec not in [device_spec(d) for d in self.devices()]:
                raise ValueError(f'device {device!r} is not one of {self.devices()}')

    def default_dtypes(self, *, device=None):
        self._check_device(device)
        return {'real floating': _numpy.dtype(_numpy.float64),
                'complex floating': _numpy.dtype(_numpy.complex128),
                'integral': _numpy.dtype(_numpy.int64),
                'indexing': _numpy.dtype(_numpy.int64)}

    def dtypes(self, *, device=None, kind=None):
        self._check_device(device)
        if kind is None:
            names = ('bool',) + _KIND_NAMES['numeric']
        else:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            names = []
            for k in kinds:
                if isinstance(k, str):
                    if k not in _KIND_NAMES:
                        raise ValueError(f'unsupported data type kind {k!r}')
                    names.extend(n for n in _KIND_NAMES[k] if n not in names)
                else:
                    n = _numpy.dtype(k).name
                    if n not in names:
                        names.append(n)
        return {n: _numpy.dtype(n) for n in names}


def __array_namespace_info__():
    """The array API's inspection object for cunumpy."""
    return ArrayNamespaceInfo()
