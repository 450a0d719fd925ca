"""scipy.fftpack's transforms over cunumpy.fft's (C++) ones."""
import operator

import cunumpy as _cp
from cunumpy.fft import _fft as _f_impl
from cunumpyx.scipy import fft as _sfft

_fft_run = _f_impl.one_axis("fft")
_ifft_run = _f_impl.one_axis("ifft")
_rfft_run = _f_impl.one_axis("rfft")
_irfft_run = _f_impl.one_axis("irfft")
_fftn_run = _f_impl.many_axes("fftn")
_ifftn_run = _f_impl.many_axes("ifftn")


def fft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """scipy.fftpack.fft: the unnormalized DFT along `axis`, cut or zero-padded to n."""
    return _fft_run(x, n, axis, None, plan)


def ifft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """scipy.fftpack.ifft: the inverse DFT (scaled by 1/n)."""
    return _ifft_run(x, n, axis, None, plan)


def _shape_axes(x, shape, axes):
    s = _sfft._sizes(shape)
    if s is not None and axes is None and len(s) != x.ndim:  # scipy.fftpack's rule
        raise ValueError("when given, axes and shape arguments have to be of the same length")
    axes = _sfft._axes(x, s, axes)
    if s is not None and len(s) != len(axes):
        raise ValueError("when given, axes and shape arguments have to be of the same length")
    return s, axes


def fftn(x, shape=None, axes=None, overwrite_x=False, plan=None):
    """scipy.fftpack.fftn: `shape` the lengths of the transformed axes (-1: x's extent),
    `axes` default all axes (then `shape` must name every axis)."""
    x = _cp.asarray(x)
    s, axes = _shape_axes(x, shape, axes)
    return _fftn_run(x, s, axes, None, plan)


def ifftn(x, shape=None, axes=None, overwrite_x=False, plan=None):
    """scipy.fftpack.ifftn (scaled by 1 / the product of the lengths)."""
    x = _cp.asarray(x)
    s, axes = _shape_axes(x, shape, axes)
    return _ifftn_run(x, s, axes, None, plan)


def fft2(x, shape=None, axes=(-2, -1), overwrite_x=False, plan=None):
    """scipy.fftpack.fft2: fftn over two axes."""
    return fftn(x, shape, axes, overwrite_x, plan)


def ifft2(x, shape=None, axes=(-2, -1), overwrite_x=False, plan=None):
    """scipy.fftpack.ifft2: ifftn over two axes."""
    return ifftn(x, shape, axes, overwrite_x, plan)


def _real_sequence(x):
    x = _cp.asarray(x)
    if x.dtype.kind == "c":
        raise TypeError("x must be a real sequence")
    return x


def rfft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """scipy.fftpack.rfft: the DFT of real x in the packed real format
    [y(0), Re y(1), Im y(1), ..., Re y(n/2)] (n odd: ends with Im y((n-1)/2)). plan: an
    R2C plan of x."""
    x = _real_sequence(x)
    f = _rfft_run(x, n, axis, None, plan)
    ax = operator.index(axis)
    f = _cp.moveaxis(f, ax, -1)
    length = x.shape[ax] if n is None else operator.index(n)
    z = _cp.empty(f.shape[:-1] + (length,), dtype=f.real.dtype)
    z[..., 0] = f[..., 0].real
    z[..., 1::2] = f[..., 1:length // 2 + 1].real
    z[..., 2::2] = f[..., 1:(length - 1) // 2 + 1].imag
    return _cp.moveaxis(z, -1, ax)


def irfft(x, n=None, axis=-1, overwrite_x=False):
    """scipy.fftpack.irfft: the inverse of rfft, x in the packed real format (cut or
    zero-padded to n first), scaled by 1/n."""
    x = _real_sequence(x)
    if x.dtype not in (_cp.float32, _cp.float64):
        x = x.astype(_cp.float32 if x.dtype == _cp.float16 else _cp.float64)
    ax = operator.index(axis)
    x = _cp.moveaxis(x, ax, -1)
    length = x.shape[-1] if n is None else operator.index(n)
    if length < 1:
        raise ValueError(f"invalid number of data points ({length}) specified")
    m = x.shape[-1]
    if length < m:
        x = x[..., :length]
    elif length > m:
        x = _cp.concatenate([x, _cp.zeros(x.shape[:-1] + (length - m,), dtype=x.dtype)], axis=-1)
    cdtype = _cp.complex64 if x.dtype == _cp.float32 else _cp.complex128
    f = _cp.zeros(x.shape[:-1] + (length // 2 + 1,), dtype=cdtype)
    f.real[..., 0] = x[..., 0]
    f.real[..., 1:length // 2 + 1] = x[..., 1::2]
    f.imag[..., 1:(length - 1) // 2 + 1] = x[..., 2::2]
    y = _irfft_run(f, length, -1, None, None)
    return _cp.moveaxis(y, -1, ax)


_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}


def _check_norm(norm):
    if norm not in (None, "ortho", "backward", "forward"):
        raise ValueError(f'Invalid norm value {norm!r}, should be None or "ortho"')


def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """scipy.fftpack.dct: the DCT of type 1-4 (scipy.fft.dct's definitions)."""
    _check_norm(norm)
    return _sfft.dct(x, type, n, axis, norm)


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """scipy.fftpack.idct: the DCT of the inverse type (1->1, 2->3, 3->2, 4->4),
    unnormalized unless norm='ortho'."""
    _check_norm(norm)
    if type not in _INVERSE_TYPE:
        raise ValueError(f"invalid number of DCT type (must be 1, 2, 3 or 4): {type}")
    return _sfft.dct(x, _INVERSE_TYPE[type], n, axis, norm)


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """scipy.fftpack.dst: the DST of type 1-4 (scipy.fft.dst's definitions)."""
    _check_norm(norm)
    return _sfft.dst(x, type, n, axis, norm)


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """scipy.fftpack.idst: the DST of the inverse type, unnormalized unless norm='ortho'."""
    _check_norm(norm)
    if type not in _INVERSE_TYPE:
        raise ValueError(f"invalid number of DST type (must be 1, 2, 3 or 4): {type}")
    return _sfft.dst(x, _INVERSE_TYPE[type], n, axis, norm)
