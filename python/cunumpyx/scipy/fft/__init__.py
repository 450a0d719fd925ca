"""``scipy.fft`` on cunumpy arrays (CuPy's ``cupyx.scipy.fft``): SciPy's signatures over
cunumpy.fft's transforms. ``overwrite_x`` and ``workers`` are accepted (the transforms
never write their input; the CPU backend sizes its own thread pool); ``plan`` may be None
or a plan from ``get_fft_plan`` (checked against the call, then run on; ``with plan:``
applies it to every transform of the block). ``fftn`` with ``s`` and no ``axes`` transforms the last
len(s) axes, as SciPy does (no NumPy 2 deprecation warning). DCT/DST types 1-4 are FFTs of
the same or a doubled length (``_realtransforms.py``)."""
import operator

import cunumpy as _cp
from cunumpy import _core
from cunumpy.fft import _fft as _f_impl
from cunumpy.fft import _plan as _plans
from cunumpy.fft import fftfreq, rfftfreq, fftshift, ifftshift  # noqa: F401
from cunumpyx.scipy.fft import _realtransforms as _rt

__all__ = [
    "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2",
    "rfftn", "irfftn", "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn", "fftfreq",
    "rfftfreq", "fftshift", "ifftshift", "next_fast_len", "prev_fast_len", "dct", "idct",
    "dst", "idst", "dctn", "idctn", "dstn", "idstn", "get_fft_plan",
]


def get_fft_plan(a, shape=None, axes=None, value_type="C2C"):
    """A plan for transforming `a` (CuPy's cupyx.scipy.fft.get_fft_plan): `shape` is the
    lengths of the transformed axes (SciPy's/NumPy's s; for 'C2R' the real output's),
    `axes` default to all axes (the last len(shape) with `shape`), value_type 'C2C',
    'R2C' or 'C2R'. Pass it as plan= or use ``with plan:`` around cunumpy.fft and
    cunumpyx.scipy.fft calls; a call the plan was not made for is a ValueError naming the
    difference. Unlike CuPy's, any layout and any number of axes are accepted."""
    if value_type not in ("C2C", "R2C", "C2R"):
        raise ValueError(f"value_type must be 'C2C', 'R2C' or 'C2R', got {value_type!r}")
    a = _cp.asarray(a)
    s = _sizes(shape)
    if axes is not None:
        axes = _axes(a, s, axes)
    if s is not None and axes is not None and len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    return _plans.make(a, s, axes, value_type)


def _axes(x, s, axes):
    """SciPy: axes default to the last len(s) axes (all without s)."""
    if axes is None:
        k = len(s) if s is not None else x.ndim
        return list(range(-k, 0)) if k else []
    try:
        return [operator.index(a) for a in axes]
    except TypeError:
        return [operator.index(axes)]


def _sizes(s):
    if s is None:
        return None
    try:
        return [operator.index(v) for v in s]
    except TypeError:
        return [operator.index(s)]


def _one(name):
    run = _f_impl.one_axis(name)

    def g(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
        return run(x, n, axis, norm, plan)

    g.__name__ = g.__qualname__ = name
    g.__doc__ = f"scipy.fft.{name} (see cunumpy.fft.{name}); plan: from get_fft_plan, or None."
    return g


def _many(name, default_axes=None):
    run = _f_impl.many_axes(name)

    def g(x, s=None, axes=default_axes, norm=None, overwrite_x=False, workers=None, *, plan=None):
        x = _cp.asarray(x)
        s = _sizes(s)
        axes = _axes(x, s, axes)
        if name.startswith("irfft") and s is None and axes:
            s = [x.shape[a] for a in axes[:-1]] + [2 * (x.shape[axes[-1]] - 1)]
        return run(x, s, axes, norm, plan)

    g.__name__ = g.__qualname__ = name
    g.__doc__ = f"scipy.fft.{name} (see cunumpy.fft.{name}); plan: from get_fft_plan, or None."
    return g


fft, ifft, rfft, irfft, hfft, ihfft = (_one(n) for n in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"))
fftn, ifftn, rfftn, irfftn = (_many(n) for n in ("fftn", "ifftn", "rfftn", "irfftn"))
fft2, ifft2, rfft2, irfft2 = (_many(n, (-2, -1)) for n in ("fft2", "ifft2", "rfft2", "irfft2"))

_irfftn_run = _f_impl.many_axes("irfftn", inverse_real=True)
_rfftn_run = _f_impl.many_axes("rfftn")


def _swap(norm):
    return {None: "forward", "backward": "forward", "forward": "backward", "ortho": "ortho"}[norm]


def hfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """scipy.fft.hfftn: irfftn of the conjugate with the norm swapped (plan: a C2R plan of x)."""
    x = _cp.asarray(x)
    s = _sizes(s)
    axes = _axes(x, s, axes)
    if s is None:
        s = [x.shape[a] for a in axes[:-1]] + [2 * (x.shape[axes[-1]] - 1)]
    return _irfftn_run(_cp.conj(x), s, axes, _swap(norm), plan)


def ihfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """scipy.fft.ihfftn: the conjugate of rfftn with the norm swapped (plan: an R2C plan of x)."""
    x = _cp.asarray(x)
    s = _sizes(s)
    return _cp.conj(_rfftn_run(x, s, _axes(x, s, axes), _swap(norm), plan))


def hfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False, workers=None, *, plan=None):
    return hfftn(x, s, axes, norm, plan=plan)


def ihfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False, workers=None, *, plan=None):
    return ihfftn(x, s, axes, norm, plan=plan)


# ---- fast lengths ----------------------------------------------------------------------


def _smooth(n, primes):
    for p in primes:
        while n % p == 0:
            n //= p
    return n == 1


def next_fast_len(target, real=False):
    """The smallest length >= target whose factors are 2, 3, 5 (real) or 2, 3, 5, 7, 11
    (complex): SciPy's rule for pocketfft, which cuFFT and the CPU FFT also favour."""
    target = operator.index(target)
    if target < 0:
        raise ValueError("Target cannot be negative")
    if target <= 1:
        return 1 if target == 1 else 0
    primes = (2, 3, 5) if real else (2, 3, 5, 7, 11)
    n = target
    while not _smooth(n, primes):
        n += 1
    return n


def prev_fast_len(target, real=False):
    """The largest length <= target with only the next_fast_len factors."""
    target = operator.index(target)
    if target < 1:
        raise ValueError("Target cannot be negative or zero")
    primes = (2, 3, 5) if real else (2, 3, 5, 7, 11)
    n = target
    while not _smooth(n, primes):
        n -= 1
    return n


# ---- DCT / DST -------------------------------------------------------------------------


class _InnerFFT:
    """The FFTs inside the DCTs/DSTs: never a plan of an enclosing ``with plan:`` block
    (that plan is for the caller's own transforms, of other shapes)."""

    @staticmethod
    def fft(a, n=None, axis=-1):
        return _core.fft_fft(a, n, axis, None)

    @staticmethod
    def ifft(a, n=None, axis=-1):
        return _core.fft_ifft(a, n, axis, None)

    @staticmethod
    def rfft(a, n=None, axis=-1):
        return _core.fft_rfft(a, n, axis, None)


def _real_input(x):
    x = _cp.asarray(x)
    if x.dtype.kind == "c":
        return None, x
    if x.dtype not in (_cp.float32, _cp.float64):
        x = x.astype(_cp.float32 if x.dtype == _cp.float16 else _cp.float64)
    return x, None


def _r2r(kind, t, x, n, axis, norm, inverse, orthogonalize):
    xr, xc = _real_input(x)
    if xc is not None:  # SciPy transforms real and imaginary parts separately
        re = _r2r(kind, t, xc.real, n, axis, norm, inverse, orthogonalize)
        im = _r2r(kind, t, xc.imag, n, axis, norm, inverse, orthogonalize)
        return re + 1j * im
    x = _cp.moveaxis(xr, operator.index(axis), -1)
    if n is not None:
        n = operator.index(n)
        if n < 1:
            raise ValueError(f"invalid number of data points ({n}) specified")
        m = x.shape[-1]
        if n < m:
            x = x[..., :n]
        elif n > m:
            pad = _cp.zeros(x.shape[:-1] + (n - m,), dtype=x.dtype)
            x = _cp.concatenate([x, pad], axis=-1)
    if x.shape[-1] < 1:
        raise ValueError(f"invalid number of data points ({x.shape[-1]}) specified")
    if orthogonalize is not None and orthogonalize != (norm == "ortho"):
        raise NotImplementedError("orthogonalize= different from norm='ortho' is not supported")
    y = _rt.transform(_cp, _InnerFFT, kind, t, x, norm, inverse)
    return _cp.moveaxis(y.astype(x.dtype, copy=False), -1, operator.index(axis))


def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.dct: discrete cosine transform of type 1-4 along `axis`."""
    return _r2r("dct", type, x, n, axis, norm, False, orthogonalize)


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.idct: the inverse DCT (a DCT of the inverse type, scaled)."""
    return _r2r("dct", type, x, n, axis, norm, True, orthogonalize)


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.dst: discrete sine transform of type 1-4 along `axis`."""
    return _r2r("dst", type, x, n, axis, norm, False, orthogonalize)


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.idst: the inverse DST."""
    return _r2r("dst", type, x, n, axis, norm, True, orthogonalize)


def _nd(one, x, type, s, axes, norm, orthogonalize):
    x = _cp.asarray(x)
    s = _sizes(s)
    axes = _axes(x, s, axes)
    if s is not None and len(s) != len(axes):
        raise ValueError("when given, axes and shape arguments have to be of the same length")
    for i, ax in enumerate(axes):
        x = one(x, type, None if s is None else s[i], ax, norm, orthogonalize=orthogonalize)
    return x


def dctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    return _nd(dct, x, type, s, axes, norm, orthogonalize)


def idctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    return _nd(idct, x, type, s, axes, norm, orthogonalize)


def dstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    return _nd(dst, x, type, s, axes, norm, orthogonalize)


def idstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    return _nd(idst, x, type, s, axes, norm, orthogonalize)
