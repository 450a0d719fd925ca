"""Window functions with NumPy's signatures: bartlett, blackman, hamming, hanning, kaiser.

The work is C++ (include/cunumpy/ops/windows.hpp): arange and ufuncs on the current device,
float64 as NumPy's.
"""
from cunumpy import _core

__all__ = ['bartlett', 'blackman', 'hamming', 'hanning', 'kaiser']


def _points(M):
    # NumPy reads M through a float64 array: numbers only
    if isinstance(M, (str, bytes)):
        raise TypeError(f"'<' not supported between instances of '{type(M).__name__}' and 'int'")
    return float(M)


def bartlett(M):
    """The Bartlett (triangular) window of M points (numpy.bartlett)."""
    return _core.bartlett(_points(M))


def blackman(M):
    """The Blackman window of M points (numpy.blackman)."""
    return _core.blackman(_points(M))


def hamming(M):
    """The Hamming window of M points (numpy.hamming)."""
    return _core.hamming(_points(M))


def hanning(M):
    """The Hann window of M points (numpy.hanning)."""
    return _core.hanning(_points(M))


def kaiser(M, beta):
    """The Kaiser window of M points with shape parameter beta (numpy.kaiser)."""
    if isinstance(beta, complex) or getattr(getattr(beta, 'dtype', None), 'kind', '') == 'c':
        raise TypeError('i0 not supported for complex values')
    return _core.kaiser(_points(M), float(beta))
