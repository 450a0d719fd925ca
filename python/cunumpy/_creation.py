"""Creation functions with NumPy's and CuPy's signatures, over cunumpy._core."""
import math
import operator
import warnings as _warnings

import numpy as _numpy

from cunumpy import _core
from cunumpy._array_api import device_spec, on_device

ndarray = _core.ndarray

__all__ = [
    'empty', 'zeros', 'ones', 'full', 'empty_like', 'zeros_like', 'ones_like', 'full_like',
    'arange', 'linspace', 'logspace', 'geomspace', 'eye', 'identity', 'tri',
    'array', 'asarray', 'asanyarray', 'ascontiguousarray', 'asfortranarray', 'asnumpy',
]


def _order(order):
    if order is None:
        return 'C'
    if not isinstance(order, str):
        raise TypeError(f"order must be str, not {type(order).__name__}")
    if order.upper() not in ('C', 'F', 'A', 'K'):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    return order.upper()


def empty(shape, dtype=float, order='C', *, device=None, like=None) -> ndarray:
    if device is not None or like is not None:
        with on_device(_target_device(device, like)):
            return _core.empty(shape, dtype, _order(order))
    return _core.empty(shape, dtype, 'C' if order == 'C' else _order(order))


def zeros(shape, dtype=float, order='C', *, device=None, like=None) -> ndarray:
    if device is not None or like is not None:
        with on_device(_target_device(device, like)):
            return _core.zeros(shape, dtype, _order(order))
    return _core.zeros(shape, dtype, 'C' if order == 'C' else _order(order))


def ones(shape, dtype=float, order='C', *, device=None, like=None) -> ndarray:
    if device is not None or like is not None:
        with on_device(_target_device(device, like)):
            return _core.ones(shape, dtype, _order(order))
    return _core.ones(shape, dtype, 'C' if order == 'C' else _order(order))


def _target_device(device, like):
    """The device of a new array: `device` when given, else that of a cunumpy `like`
    (NEP 35: an array like that one), else None (the current device)."""
    if device is not None:
        return device
    return like.device if isinstance(like, ndarray) else None


def _array_fill(fill_value, dtype):
    """A sequence or NumPy array fill value as a cunumpy array (broadcast into the result);
    a Python int beyond 64 bits as a float for a float or complex result."""
    if isinstance(fill_value, (list, tuple, _numpy.ndarray)):
        return asarray(fill_value)
    if type(fill_value) is int and not -2**63 <= fill_value < 2**64 and dtype is not None \
            and _numpy.dtype(dtype).kind in 'fc':
        return float(fill_value)
    return fill_value


def full(shape, fill_value, dtype=None, order='C', *, device=None, like=None) -> ndarray:
    if device is not None or like is not None:
        with on_device(_target_device(device, like)):
            return full(shape, fill_value, dtype, order)
    fill_value = _array_fill(fill_value, dtype)
    if isinstance(fill_value, ndarray) and fill_value.ndim > 0:
        out = empty(shape, fill_value.dtype if dtype is None else dtype, order)
        out[...] = fill_value
        return out
    return _core.full(shape, fill_value, dtype, _order(order))


def _elsewhere(a, device):
    """True when `device` names a device other than prototype `a`'s (the _like functions
    create on a's device otherwise, as the array API says)."""
    return device is not None and device_spec(device) != device_spec(a.device)


def _empty_on(a, dtype, order, shape, device):
    """empty_like(a) on another device: a's shape and dtype, C or F order as a's."""
    o = _order(order)
    if o in ('A', 'K'):
        o = 'F' if a.flags.f_contiguous and not a.flags.c_contiguous and shape is None else 'C'
    with on_device(device):
        return _core.empty(a.shape if shape is None else shape,
                           a.dtype if dtype is None else dtype, o)


def empty_like(prototype, dtype=None, order='K', subok=None, shape=None, *, device=None) -> ndarray:
    prototype = _as_array(prototype)
    if _elsewhere(prototype, device):
        return _empty_on(prototype, dtype, order, shape, device)
    return _core.empty_like(prototype, dtype, _order(order), shape)


def zeros_like(a, dtype=None, order='K', subok=None, shape=None, *, device=None) -> ndarray:
    a = _as_array(a)
    if _elsewhere(a, device):
        out = _empty_on(a, dtype, order, shape, device)
        out.fill(0)
        return out
    return _core.zeros_like(a, dtype, _order(order), shape)


def ones_like(a, dtype=None, order='K', subok=None, shape=None, *, device=None) -> ndarray:
    a = _as_array(a)
    if _elsewhere(a, device):
        out = _empty_on(a, dtype, order, shape, device)
        out.fill(1)
        return out
    return _core.ones_like(a, dtype, _order(order), shape)


def full_like(a, fill_value, dtype=None, order='K', subok=None, shape=None, *, device=None) -> ndarray:
    a = _as_array(a)
    if _elsewhere(a, device):
        out = _empty_on(a, dtype, order, shape, device)
        out[...] = _array_fill(fill_value, out.dtype)
        return out
    fill_value = _array_fill(fill_value, a.dtype if dtype is None else dtype)
    if isinstance(fill_value, ndarray) and fill_value.ndim > 0:
        out = empty_like(a, dtype, order, shape=shape)
        out[...] = fill_value
        return out
    return _core.full_like(a, fill_value, dtype, _order(order), shape)


def _as_array(a):
    return a if isinstance(a, ndarray) else asarray(a)


def arange(start=None, stop=None, step=None, dtype=None, *, device=None, like=None) -> ndarray:
    if device is not None or like is not None:
        with on_device(_target_device(device, like)):
            return arange(start, stop, step, dtype)
    if start is None and stop is None:
        raise TypeError("arange() requires stop to be specified.")
    if stop is None:
        start, stop = 0, start
    if start is None:
        start = 0
    if step is None:
        step = 1
    bounds = (start, stop, step)
    for v in bounds:
        if isinstance(v, ndarray):
            raise TypeError('arange does not accept cunumpy arrays as bounds; pass Python scalars')
        if isinstance(v, list):
            _numpy.asarray(v)  # NumPy converts a list bound first: a ragged one is its ValueError
    beyond_int64 = any(type(v) is int and not -2**63 <= v < 2**63 for v in bounds)
    if type(start) in _PY_REAL and type(stop) in _PY_REAL and type(step) in _PY_REAL:
        # Python ints and floats (the common call): C++ computes what NumPy does from them.
        length = _arange_length(start, stop, step)
        if beyond_int64:
            return _arange_big_ints(start, stop, step, dtype, length)
        if dtype is not None and _numpy.dtype(dtype).kind in 'iu':
            # NumPy stores the Python sums start and start + step (exact for ints also when a
            # float bound makes C++ take its float branch), after it allocates the result,
            # and nothing for an empty one.
            dt = _numpy.dtype(dtype)
            if length <= 0:
                return empty((0,), dt)
            _check_arange_size(length, dt.itemsize)
            second = start + step if length > 1 else start
            _check_stores_after_allocation(start, second, length, dt)
            return _core._arange_from(start, second, length, dt)
        return _core.arange(start, stop, step, dtype)  # its length and size checks are NumPy's
    if not beyond_int64 and all(isinstance(v, _NUMBERS) for v in bounds):
        return _arange_numpy_scalars(start, stop, step, dtype)
    if beyond_int64:
        # C++ cannot take the big int: NumPy's own error (a TypeError) from here.
        if any(isinstance(v, (complex, _numpy.complexfloating)) for v in bounds):
            raise TypeError('must be real number, not complex')
        _arange_length(start, stop, step)  # NumPy's errors: a length beyond intp is its ValueError
    return _core.arange(start, stop, step, dtype)  # other objects: C++ raises NumPy's TypeError


_PY_REAL = (int, float)  # exact types: not bool
_NUMBERS = (int, float, complex, _numpy.number, _numpy.bool_)


def _arange_big_ints(start, stop, step, dtype, length):
    """arange of Python ints and floats among which an int is beyond int64. NumPy discovers
    uint64 for an int in [2^63, 2^64), which intp promotes to float64, and an object array
    for one further out (which cunumpy does not have: OverflowError, unless dtype= says
    what to make); the length (given) is float((stop - start) / step) on the Python numbers,
    the result is allocated (NumPy's size check), then the exact Python sums start and
    start + step are stored in it and the rest filled from them (PyArray_ArangeObj)."""
    huge = any(type(v) is int and not -2**63 <= v < 2**64 for v in (start, stop, step))
    if dtype is None and huge:
        if length <= 0:
            return empty((0,), _numpy.result_type(start, stop, step))
        _check_arange_size(length, 8)  # the object array's pointers
        empty((length,), _numpy.int64)  # NumPy allocates it: its MemoryError comes first
        raise OverflowError('arange: a bound beyond the 64-bit integers makes an object array, '
                            'which cunumpy does not have (pass dtype=)')
    dt = _numpy.dtype(dtype) if dtype is not None else _numpy.dtype(_numpy.float64)
    if length <= 0:
        return empty((0,), dt)
    _check_arange_size(length, dt.itemsize)
    second = start + step if length > 1 else start  # NumPy stores only what the length needs
    if dt.kind in 'iu':
        _check_stores_after_allocation(start, second, length, dt)
        return _core._arange_from(start, second, length, dt)
    if dt.kind == 'b':
        return _core._arange_from(bool(start), bool(second), length, dt)
    conv = complex if dt.kind == 'c' else float
    return _core._arange_from(conv(start), conv(second), length, dt)


def _check_stores_after_allocation(first, second, length, dt):
    """_check_arange_stores in NumPy's order: a value that does not fit raises only once the
    result is allocated, so an allocation that fails (MemoryError) is the error first."""
    try:
        _check_arange_stores(first, second, length, dt)
    except OverflowError:
        empty((length,), dt)
        raise


def _check_arange_size(length, itemsize):
    if length * itemsize > 2**63 - 1:
        raise ValueError('array is too big; `arr.size * arr.dtype.itemsize` is larger than the '
                         'maximum possible size.')


def _arange_numpy_scalars(start, stop, step, dtype):
    """NumPy's arange (PyArray_ArangeObj) for bounds among which are NumPy scalars, bools or
    complex numbers: the dtype (intp promoted with each bound's), the length and the second
    value come from the bound objects' own arithmetic (NEP 50: arange(np.uint8(3), 0) wraps
    to 253 values, arange(np.float32(0.5), 5, 0.3) steps by float32(0.8) - 0.5), then C++
    fills first + i * (second - first) in that dtype."""
    if dtype is None:
        dt = _numpy.dtype(_numpy.intp)
        for v in (start, stop, step):
            dt = _numpy.promote_types(dt, _numpy.asarray(v).dtype)
    else:
        dt = _numpy.dtype(dtype)
    length = _arange_length(start, stop, step, complex_result=dt.kind == 'c')
    if length <= 0:
        return empty((0,), dt)
    try:
        second = start + step  # NumPy computes it with the length, for any positive one
    except OverflowError:
        raise ValueError("Maximum allowed size exceeded") from None
    _check_arange_stores(start, second, length, dt)
    return _core._arange_from(start, second, length, dt)


def _arange_length(start, stop, step, complex_result=False):
    """NumPy's length of arange (its _calc_length), computed as it does, on the Python
    objects: q = (stop - start) / step first, so a zero step is Python's ZeroDivisionError
    for Python numbers, and inf or nan (its ValueError) for NumPy scalars, whose division
    does not raise; for a complex result and a Python complex q (np.complex128 included)
    the shorter of both parts' lengths, else float(q) (a Python complex q is its
    TypeError, another complex its ComplexWarning); an OverflowError on the way, or a
    length beyond intp, is its ValueError."""
    try:
        delta = stop - start
        q = delta / step  # ZeroDivisionError for Python numbers, as NumPy's
        if complex_result and isinstance(q, complex):
            return min(_ceil_length(q.real), _ceil_length(q.imag))
        if type(q) is complex:
            raise TypeError('must be real number, not complex')
        value = float(q)
    except OverflowError:  # NumPy's length computation turns it into its ValueError
        raise ValueError("Maximum allowed size exceeded") from None
    if q == 0 and delta != 0:  # underflow: (0, 1) by the sign, as NumPy (q itself: 4j is not 0)
        return 0 if math.copysign(1.0, value) < 0 else 1
    return _ceil_length(value)


def _ceil_length(value):
    if value != value:
        raise ValueError("arange: cannot compute length")
    if value in (float('inf'), -float('inf')) or not -2**63 <= math.ceil(value) < 2**63:
        raise ValueError("Maximum allowed size exceeded")
    return max(math.ceil(value), 0)


def _check_arange_stores(first, second, length, dt):
    """NumPy stores first and second (start and start + step) into the result before it
    fills the rest, as many as the length needs, as its setitem does: a Python int or float
    (a float truncated) outside an integer dtype is OverflowError, a nonfinite float there
    int()'s error, a Python complex in a real dtype TypeError, a NumPy complex there a
    ComplexWarning."""
    for v in (first, second)[:max(0, min(length, 2))]:
        if dt.kind in 'iu' and isinstance(v, (int, float)):  # np.float64 too: a float subclass
            i = int(v)  # a nonfinite float: int()'s ValueError or OverflowError, as NumPy's
            if not _numpy.iinfo(dt).min <= i <= _numpy.iinfo(dt).max:
                raise OverflowError(f"Python integer {i} out of bounds for {dt}")
        if dt.kind in 'iuf':
            if type(v) is complex:
                raise TypeError("float() argument must be a string or a real number, not 'complex'")
            if isinstance(v, _numpy.complexfloating):
                _warnings.warn('Casting complex values to real discards the imaginary part',
                               _numpy.exceptions.ComplexWarning, stacklevel=4)


def _check_num(num):
    if not isinstance(num, int) and not (hasattr(num, '__index__') and not isinstance(num, (float, bool))):
        raise TypeError(f"'{type(num).__name__}' object cannot be interpreted as an integer")
    num = operator.index(num)
    if num >= 2**63:  # NumPy's message; the C++ side takes an int64
        raise ValueError("Maximum allowed size exceeded")
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    return num


def _dimension(n):
    """An eye/identity size as NumPy takes it: an integer within int64."""
    if isinstance(n, (bool, _numpy.bool_)):
        raise TypeError("an integer is required")
    n = operator.index(n)
    if not -2**63 <= n < 2**63:
        raise ValueError("Maximum allowed dimension exceeded")
    return n


def _on_host(bounds, dtype, axis, complex_ok):
    """True when NumPy's own algorithm (on the host) must run: array bounds, NumPy scalar
    bounds (their dtype sets the result's and the step's), an axis other than 0/-1 (NumPy's
    AxisError for scalar bounds), complex bounds that the device version does not handle."""
    if axis not in (0, -1) or any(isinstance(v, (ndarray, _numpy.ndarray, _numpy.generic, list, tuple))
                                  for v in bounds):
        return True
    cplx = any(isinstance(v, (complex, _numpy.complexfloating)) for v in bounds)
    return cplx and not (complex_ok and (dtype is None or _numpy.dtype(dtype).kind == 'c'))


def _host(v):
    return asnumpy(v) if isinstance(v, ndarray) else v  # scalars keep their (weak) type


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *, device=None):
    if device is not None:
        with on_device(device):
            return linspace(start, stop, num, endpoint, retstep, dtype, axis)
    num = _check_num(num)
    if _on_host((start, stop), dtype, axis, True):
        # Array bounds: NumPy's own algorithm on the host, then one upload (rarely hot).
        res = _numpy.linspace(_host(start), _host(stop), num, endpoint, retstep, dtype, axis)
        return (asarray(res[0]), res[1]) if retstep else asarray(res)
    out, step = _core.linspace(start, stop, num, bool(endpoint), dtype)
    if retstep:
        if isinstance(start, complex) or isinstance(stop, complex):
            step = (complex(stop) - complex(start)) / ((num - 1) if endpoint else num) if \
                ((num - 1) if endpoint else num) > 0 else float('nan')
        return out, step
    return out


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0) -> ndarray:
    """numpy.geomspace: NumPy's own algorithm on the host (its handling of negative and
    complex bounds and of exact endpoints), then one upload."""
    num = _check_num(num)
    return asarray(_numpy.geomspace(_host(start), _host(stop), num, endpoint, dtype, axis))


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0) -> ndarray:
    num = _check_num(num)
    if _on_host((start, stop, base), dtype, axis, False):
        return asarray(_numpy.logspace(_host(start), _host(stop), num, endpoint, _host(base), dtype, axis))
    return _core.logspace(start, stop, int(num), bool(endpoint), float(base), dtype)


def eye(N, M=None, k=0, dtype=float, order='C', *, device=None, like=None) -> ndarray:
    if device is not None or like is not None:
        with on_device(_target_device(device, like)):
            return eye(N, M, k, dtype, order)
    N = _dimension(N)
    M = None if M is None else _dimension(M)
    if not isinstance(k, (int, _numpy.integer)) and k >= (N if M is None else M):
        # NumPy compares k with M before it reads k as an int: a diagonal at or past the
        # last column (k=inf) is an empty one, and a k that cannot be compared a TypeError.
        return zeros((N, N if M is None else M), dtype, order)
    k = operator.index(k)
    k = max(min(k, 2**62), -2**62)  # a diagonal beyond the matrix (any |k| that large) is empty
    return _core.eye(N, M, k, dtype, _order(order))


def identity(n, dtype=float, *, like=None) -> ndarray:
    if like is not None:
        with on_device(_target_device(None, like)):
            return identity(n, dtype)
    return _core.eye(_dimension(n), None, 0, dtype, 'C')


def tri(N, M=None, k=0, dtype=float, *, like=None) -> ndarray:
    if like is not None:
        with on_device(_target_device(None, like)):
            return tri(N, M, k, dtype)
    # CuPy's tri takes integer sizes only (NumPy's float N goes through arange): a
    # TypeError here, not nanobind's "incompatible function arguments".
    for n in (N, M):
        if isinstance(n, (float, _numpy.floating)):
            raise TypeError(f"'{type(n).__name__}' object cannot be interpreted as an integer")
    # NumPy's tri builds its mask from aranges: negative sizes give empty axes, but an int
    # too large for 64 bits either way is arange's ValueError (-2**100 as 2**100).
    for n in (N, M):
        if isinstance(n, int) and n <= -2**64:
            raise ValueError("Maximum allowed size exceeded")
    N = max(_numpy.asarray(N).item(), 0) if isinstance(N, (int, _numpy.integer)) else N
    M = max(_numpy.asarray(M).item(), 0) if isinstance(M, (int, _numpy.integer)) else M
    for n in (N, M):
        if isinstance(n, int) and n >= 2**63:
            raise ValueError("Maximum allowed size exceeded")
    if isinstance(k, (int, _numpy.integer)):
        k = max(min(int(k), 2**62), -2**62)  # beyond the matrix: all ones or all zeros
    return _core.tri(N, M, k, dtype)


def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None, blocking=False) -> ndarray:
    """Converts `a` to a cunumpy array on the current device (NumPy arrays, scalars,
    nested sequences, objects with __cuda_array_interface__, cunumpy arrays from any
    device); a cunumpy array that needs no change comes back as the same object.

    ``device=`` (the array API): the array's device; a cunumpy array elsewhere is copied
    there (which ``copy=False`` refuses). ``like=`` (NEP 35): the result is a cunumpy
    array, on `like`'s device when `like` is one and `device` is not given."""
    if device is not None or like is not None:
        target = _target_device(device, like)
        if isinstance(a, ndarray) and target is not None and \
                device_spec(target) != device_spec(a.device):
            if copy is False:
                raise ValueError('Unable to avoid copy while creating an array as requested: '
                                 f'the array is on {a.device}, not {target}')
            a = a.to_device(target)
            copy = None  # the transfer made the copy
        with on_device(target):
            out = asarray(a, dtype, order, copy=copy, blocking=blocking)
        if target is not None and device_spec(out.device) != device_spec(target):
            # a view of another library's device memory (CUDA array interface)
            if copy is False:
                raise ValueError('Unable to avoid copy while creating an array as requested: '
                                 f'the data is on {out.device}, not {target}')
            out = out.to_device(target)
        return out
    return _core.asarray(a, dtype, order, copy, blocking)


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None, blocking=False):
    """asarray (cunumpy has no ndarray subclasses)."""
    return asarray(a, dtype, order, device=device, copy=copy, like=like, blocking=blocking)


def array(obj, dtype=None, copy=True, order='K', subok=False, ndmin=0, *, like=None,
          blocking=False) -> ndarray:
    if like is not None:
        with on_device(_target_device(None, like)):
            return array(obj, dtype, copy, order, subok, ndmin, blocking=blocking)
    if isinstance(obj, ndarray):
        if copy is False:
            out = _core.asarray_ndarray(obj, dtype, False)
        else:
            out = _core.asarray_ndarray(obj, dtype, True if copy else None)
        if _core.same_array(out, obj):
            out = obj  # no copy made: the same object, as NumPy returns
    else:
        if copy is False:
            raise ValueError('Unable to avoid copy while creating an array as requested.')
        # the interface gives a view; array() copies by default
        out = _core.from_python(obj, dtype, bool(copy))
        if blocking:
            _core.cuda.get_current_stream().synchronize()
    o = _order(order)
    # Without a copy (copy=None or False returned the array itself), 'A' and 'K' ask for
    # nothing: NumPy hands the array back whatever its layout.
    kept = isinstance(obj, ndarray) and copy is not True and _core.same_array(out, obj)
    if o == 'A':  # Fortran only when the source is Fortran-contiguous (and not C), else C
        src = getattr(obj, 'flags', None)
        o = 'F' if src is not None and src.f_contiguous and not src.c_contiguous else 'C'
        if kept:
            o = 'K'
    if o in ('C', 'F') and not (out.flags.c_contiguous if o == 'C' else out.flags.f_contiguous):
        if copy is False:
            raise ValueError('Unable to avoid copy while creating an array as requested.')
        out = out.copy(o)
    if ndmin > out.ndim:
        out = out.reshape((1,) * (ndmin - out.ndim) + out.shape)
    return out


def ascontiguousarray(a, dtype=None, *, like=None) -> ndarray:
    if like is not None:
        with on_device(_target_device(None, like)):
            return ascontiguousarray(a, dtype)
    return _core.ascontiguousarray(_as_array(a) if dtype is None else asarray(a, dtype), None)


def asfortranarray(a, dtype=None, *, like=None) -> ndarray:
    if like is not None:
        with on_device(_target_device(None, like)):
            return asfortranarray(a, dtype)
    return _core.asfortranarray(_as_array(a) if dtype is None else asarray(a, dtype), None)


def asnumpy(a, stream=None, order='C', out=None, *, blocking=True) -> _numpy.ndarray:
    """Returns a NumPy array holding the values of `a` (copied from the device)."""
    if isinstance(a, ndarray):
        return a.get(stream=stream, order=order, out=out, blocking=blocking)
    if out is not None:
        out[...] = a
        return out
    return _numpy.asarray(a, order=order)
