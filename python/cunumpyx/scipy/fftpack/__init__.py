"""``scipy.fftpack`` on cunumpy arrays: the names CuPy's ``cupyx.scipy.fftpack`` keeps
(fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, get_fft_plan) and dct/idct/dst/idst,
with scipy.fftpack's semantics: no ``norm`` on the FFTs (forward unscaled, inverse 1/n),
``shape`` instead of ``s``, and rfft/irfft in fftpack's packed real format
``[y(0), Re y(1), Im y(1), ..., Re y(n/2) (even n)]``; single precision stays single.
``plan`` (positional, as in CuPy): a plan from get_fft_plan, or None. idct/idst of type t
are the DCT/DST of the inverse type, unnormalized unless norm='ortho'."""
from cunumpyx.scipy.fft import get_fft_plan  # noqa: F401
from cunumpyx.scipy.fftpack._fftpack import (  # noqa: F401
    fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, dct, idct, dst, idst,
)

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "dct", "idct", "dst", "idst",
           "get_fft_plan"]
