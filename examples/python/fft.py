"""FFT: numpy.fft's functions (cuFFT on CUDA, the CPU backend's own FFT), with NumPy's
n/axes/norm arguments and CuPy's dtype rules (float32 in, complex64 out).
"""
import numpy as np

import cunumpy as cp

t = np.arange(256) / 256
signal = np.sin(2 * np.pi * 8 * t) + 0.5 * np.sin(2 * np.pi * 32 * t)
s = cp.asarray(signal)

spectrum = cp.fft.rfft(s)
peaks = np.argsort(np.abs(spectrum.get()))[-2:]
assert sorted(peaks.tolist()) == [8, 32]
np.testing.assert_allclose(cp.fft.irfft(spectrum, n=256).get(), signal, atol=1e-12)

img = cp.asarray(np.random.default_rng(1).standard_normal((16, 32)).astype(np.float32))
f2 = cp.fft.fft2(img, norm="ortho")
assert f2.dtype == cp.complex64
np.testing.assert_allclose(f2.get(), np.fft.fft2(img.get(), norm="ortho"), rtol=1e-4, atol=1e-4)
print("ok")
