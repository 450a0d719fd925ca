"""Argument handling of cunumpy.fft (types of n/s/axes, NumPy 2's deprecations, out=, the
plan of a ``with plan:`` block); the transforms themselves are cunumpy._core.fft_* (C++).
one_axis/many_axes are shared with cunumpyx.scipy.fft, which passes plan= too."""
import operator
import warnings

import numpy as _np

import cunumpy as _cp
from cunumpy._array_like import axis_index as _axis_index
from cunumpy import _core
from cunumpy._core import ndarray as _ndarray
from cunumpy._array_api import on_device
from cunumpy.fft import _plan as _plans


def _out(result, out):
    if out is None:
        return result
    if not isinstance(out, _cp.ndarray):
        raise TypeError("out must be a cunumpy.ndarray")
    if out.shape != result.shape:
        raise ValueError(f"output array has wrong shape: expected {result.shape}, got {out.shape}")
    out[...] = result
    return out


def _s_axes(a, s, axes, inverse_real=False):
    """NumPy 2's _cook_nd_args checks and warnings: s/axes as int lists (None in s: the
    1-D default, -1 the input's extent), the 'axes should not be None' deprecation."""
    if axes is not None:
        try:
            axes = [operator.index(ax) for ax in axes]
        except TypeError:
            axes = [operator.index(axes)]
    if s is not None:
        try:
            s = list(s)
        except TypeError:
            s = [s]
        if axes is None:
            warnings.warn(
                "`axes` should not be `None` if `s` is not `None` (Deprecated in NumPy 2.0). "
                "In a future version of NumPy, this will raise an error and `s[i]` will "
                "correspond to the size along the transformed axis specified by `axes[i]`. "
                "To retain current behaviour, pass a sequence [0, ..., k-1] to `axes` for "
                "an array of dimension k.", DeprecationWarning, stacklevel=4)
        if any(v is None for v in s):
            warnings.warn(
                "Passing an array containing `None` values to `s` is deprecated in NumPy 2.0 "
                "and will raise an error in a future version of NumPy. To use the default "
                "behaviour of the corresponding 1-D transform, pass the value matching the "
                "default for its `n` parameter. To use the default behaviour for every axis, "
                "the `s` argument can be omitted.", DeprecationWarning, stacklevel=4)
            ax = axes if axes is not None else list(range(-len(s), 0))
            if inverse_real and s[-1] is None and len(ax) == len(s):
                s[-1] = 2 * (a.shape[ax[-1]] - 1)
        s = [-1 if v is None else operator.index(v) for v in s]
    return s, axes


_I64_MIN, _I64_MAX = -(1 << 63), (1 << 63) - 1


def _bad_norm(norm):
    raise ValueError(f'Invalid norm value {norm}; should be "backward","ortho" or "forward".')


def one_axis(name):
    """cunumpy._core.fft_<name> with NumPy's argument checks, taking a plan (None: the
    current one of a ``with plan:`` block, if any): run(a, n, axis, norm, plan)."""
    core = getattr(_core, "fft_" + name)

    def run(a, n, axis, norm, plan):
        # The common call (an ndarray, int axis, no plan) checks with no function calls.
        if type(a) is not _ndarray:
            a = _cp.asarray(a)
        if n is not None:
            n = operator.index(n)
        if type(axis) is not int or not _I64_MIN <= axis <= _I64_MAX:
            axis = _axis_index(axis)
        if norm is not None and type(norm) is not str:
            _bad_norm(norm)
        if plan is None and not _plans.entered:
            return core(a, n, axis, norm)
        return core(a, n, axis, norm, _plans.resolve(plan))

    return run


def many_axes(name, inverse_real=False):
    """The n-d counterpart of one_axis: run(a, s, axes, norm, plan), NumPy's s/axes rules."""
    core = getattr(_core, "fft_" + name.replace("2", "n"))

    def run(a, s, axes, norm, plan):
        a = _cp.asarray(a)
        s, axes = _s_axes(a, s, axes, inverse_real)
        if norm is not None and type(norm) is not str:
            _bad_norm(norm)
        return core(a, s, axes, norm, _plans.resolve(plan))

    return run


def _one(name, doc):
    core = getattr(_core, "fft_" + name)
    run = one_axis(name)

    def f(a, n=None, axis=-1, norm=None, out=None):
        # one_axis's checks inline: the common call makes no Python function call but core's.
        if (type(a) is _ndarray and n is None and type(axis) is int and norm is None and out is None
                and not _plans.entered):
            try:
                return core(a, None, axis, None)
            except TypeError:
                pass  # an axis beyond int64: run's checks raise NumPy's error
        r = run(a, n, axis, norm, None)
        return r if out is None else _out(r, out)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


def _many(name, doc, default_axes=None, inverse_real=False):
    run = many_axes(name, inverse_real)

    def f(a, s=None, axes=default_axes, norm=None, out=None):
        return _out(run(a, s, axes, norm, None), out)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


fft = _one("fft", "One-dimensional discrete Fourier transform (numpy.fft.fft).")
ifft = _one("ifft", "One-dimensional inverse discrete Fourier transform (numpy.fft.ifft).")
rfft = _one("rfft", "One-dimensional transform of real input: the n//2+1 non-negative frequencies.")
irfft = _one("irfft", "Inverse of rfft: n real values (default n = 2*(m-1)).")
hfft = _one("hfft", "Transform of a Hermitian-symmetric signal given by its first half: real output.")
ihfft = _one("ihfft", "Inverse of hfft: the first half of a Hermitian spectrum of real input.")
fftn = _many("fftn", "N-dimensional discrete Fourier transform (numpy.fft.fftn).")
ifftn = _many("ifftn", "N-dimensional inverse discrete Fourier transform.")
rfftn = _many("rfftn", "N-dimensional transform of real input (the last axis halved).")
irfftn = _many("irfftn", "Inverse of rfftn.", inverse_real=True)
fft2 = _many("fft2", "Two-dimensional discrete Fourier transform.", (-2, -1))
ifft2 = _many("ifft2", "Two-dimensional inverse discrete Fourier transform.", (-2, -1))
rfft2 = _many("rfft2", "Two-dimensional transform of real input.", (-2, -1))
irfft2 = _many("irfft2", "Inverse of rfft2.", (-2, -1), inverse_real=True)


def _freq_n(n):
    if isinstance(n, bool) or not isinstance(n, (int, _np.integer)):
        raise ValueError("n should be an integer")
    if n < 0:
        raise ValueError("negative dimensions are not allowed")
    return int(n)


def fftfreq(n, d=1.0, device=None, *, dtype=None):
    """Sample frequencies of an n-point transform with spacing d: [0, 1, ..., -1] / (d*n).
    ``dtype`` (the array API's 2024.12 keyword): a real floating dtype for the result (float64 by default); ``device``: where it is made (the current device by default)."""
    n = _freq_n(n)
    with on_device(device):
        out = _core.fft_fftfreq(operator.index(n), float(d))
    if dtype is not None:
        if _np.dtype(dtype).kind != 'f':
            raise ValueError(f"fftfreq: dtype must be a real floating dtype, got {_np.dtype(dtype)}")
        out = out.astype(dtype, copy=False)
    return out


def rfftfreq(n, d=1.0, device=None, *, dtype=None):
    """Sample frequencies of rfft's output: [0, 1, ..., n//2] / (d*n).
    ``dtype`` (the array API's 2024.12 keyword): a real floating dtype for the result (float64 by default); ``device``: where it is made (the current device by default)."""
    n = _freq_n(n)
    with on_device(device):
        out = _core.fft_rfftfreq(operator.index(n), float(d))
    if dtype is not None:
        if _np.dtype(dtype).kind != 'f':
            raise ValueError(f"rfftfreq: dtype must be a real floating dtype, got {_np.dtype(dtype)}")
        out = out.astype(dtype, copy=False)
    return out


def _shift_axes(axes):
    if axes is None:
        return None
    try:
        return [operator.index(ax) for ax in axes]
    except TypeError:
        return [operator.index(axes)]


def fftshift(x, axes=None):
    """Moves the zero-frequency term to the centre (numpy.fft.fftshift)."""
    return _core.fft_fftshift(_cp.asarray(x), _shift_axes(axes))


def ifftshift(x, axes=None):
    """The inverse of fftshift."""
    return _core.fft_ifftshift(_cp.asarray(x), _shift_axes(axes))
