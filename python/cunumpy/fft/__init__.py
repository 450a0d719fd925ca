"""Discrete Fourier transforms (``numpy.fft`` / ``cupy.fft``).

NumPy 2's signatures and semantics (``n``/``s``, ``axis``/``axes``, ``norm``, ``out=``),
computed by the C++ engine (``cunumpy::fft``): cuFFT on CUDA devices, the library's own
mixed-radix FFT on the CPU backend. float16/float32/complex64 inputs are transformed in
single precision, as CuPy (and NumPy 2) do. ``config`` holds CuPy's plan-cache controls.
"""
from cunumpy.fft._fft import (  # noqa: F401
    fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, rfft2, irfft2, rfftn, irfftn,
    hfft, ihfft, fftfreq, rfftfreq, fftshift, ifftshift,
)
from cunumpy.fft import config  # noqa: F401

__all__ = [
    "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2",
    "rfftn", "irfftn", "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]
