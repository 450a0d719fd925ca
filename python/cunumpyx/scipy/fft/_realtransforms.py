"""DCT and DST of types 1-4 (scipy.fft's definitions and norms) computed through FFTs of
the same (or a doubled) length along the last axis; `xp` is cunumpy (numpy in the
derivation checks). Unnormalized forms ('backward'):
  DCT-I   y_k = x_0 + (-1)^k x_{N-1} + 2 sum_{n=1}^{N-2} x_n cos(pi k n / (N-1))
  DCT-II  y_k = 2 sum x_n cos(pi k (2n+1) / (2N))
  DCT-III y_k = x_0 + 2 sum_{n>=1} x_n cos(pi n (2k+1) / (2N))
  DCT-IV  y_k = 2 sum x_n cos(pi (2n+1)(2k+1) / (4N))
  DST-I   y_k = 2 sum x_n sin(pi (k+1)(n+1) / (N+1))
  DST-II  y_k = 2 sum x_n sin(pi (k+1)(2n+1) / (2N))
  DST-III y_k = (-1)^k x_{N-1} + 2 sum_{n<N-1} x_n sin(pi (n+1)(2k+1) / (2N))
  DST-IV  y_k = 2 sum x_n sin(pi (2n+1)(2k+1) / (4N))"""
import math


def _phase(xp, N, num, den, dtype):
    """exp(-i pi k num / den) for k < N, in `dtype` (complex)."""
    k = xp.arange(N, dtype=xp.float64)
    return xp.exp((-1j * math.pi * num / den) * k).astype(dtype)


def _cdtype(xp, x):
    return xp.complex64 if x.dtype == xp.float32 else xp.complex128


def _dct2(xp, fft, x):
    N = x.shape[-1]
    v = xp.concatenate([x[..., ::2], x[..., 1::2][..., ::-1]], axis=-1)
    V = fft.fft(v, axis=-1)
    return 2 * (V * _phase(xp, N, 1, 2 * N, _cdtype(xp, x))).real


def _dct3(xp, fft, x):
    # The inverse of Makhoul's DCT-II algorithm, times 2N.
    N = x.shape[-1]
    cd = _cdtype(xp, x)
    xr = xp.concatenate([xp.zeros_like(x[..., :1]), x[..., :0:-1]], axis=-1)
    V = (x - 1j * xr) * _phase(xp, N, -1, 2 * N, cd)
    v = fft.ifft(V, axis=-1).real * N
    out = xp.empty_like(v)
    half = (N + 1) // 2
    out[..., ::2] = v[..., :half]
    out[..., 1::2] = v[..., half:][..., ::-1]
    return out


def _dct1(xp, fft, x):
    N = x.shape[-1]
    if N < 2:
        raise ValueError("DCT-I is not defined for size < 2")
    ext = xp.concatenate([x, x[..., -2:0:-1]], axis=-1)
    return fft.rfft(ext, axis=-1).real


def _dct4(xp, fft, x):
    N = x.shape[-1]
    cd = _cdtype(xp, x)
    z = x * _phase(xp, N, 1, 2 * N, cd)
    Z = fft.fft(z, n=2 * N, axis=-1)[..., :N]
    k = xp.arange(N, dtype=xp.float64)
    c = xp.exp((-1j * math.pi / (4 * N)) * (2 * k + 1)).astype(cd)
    return 2 * (Z * c).real


def _dst1(xp, fft, x):
    zero = xp.zeros_like(x[..., :1])
    ext = xp.concatenate([zero, x, zero, -x[..., ::-1]], axis=-1)
    return -fft.fft(ext, axis=-1)[..., 1:x.shape[-1] + 1].imag


def _alternate(xp, N, dtype):
    s = xp.ones(N, dtype=dtype)
    s[1::2] = -1
    return s


def _dst2(xp, fft, x):
    return _dct2(xp, fft, x * _alternate(xp, x.shape[-1], x.dtype))[..., ::-1]


def _dst3(xp, fft, x):
    return _dct3(xp, fft, x[..., ::-1]) * _alternate(xp, x.shape[-1], x.dtype)


def _dst4(xp, fft, x):
    return _dct4(xp, fft, x[..., ::-1]) * _alternate(xp, x.shape[-1], x.dtype)


_RAW = {("dct", 1): _dct1, ("dct", 2): _dct2, ("dct", 3): _dct3, ("dct", 4): _dct4,
        ("dst", 1): _dst1, ("dst", 2): _dst2, ("dst", 3): _dst3, ("dst", 4): _dst4}
_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}


def _factor(kind, t, N):
    """The 'forward'/'backward' divisor (the unnormalized transform's inverse factor)."""
    if t == 1:
        return 2 * (N - 1) if kind == "dct" else 2 * (N + 1)
    return 2 * N


def _ortho(xp, fft, kind, t, x):
    """scipy's orthonormal forms (orthogonalize=True)."""
    N = x.shape[-1]
    raw = _RAW[(kind, t)]
    if t == 1:
        if kind == "dst":
            return raw(xp, fft, x) * math.sqrt(1 / (2 * (N + 1)))
        x = x.copy()
        x[..., 0] *= math.sqrt(2)
        x[..., -1] *= math.sqrt(2)
        y = raw(xp, fft, x) * math.sqrt(1 / (2 * (N - 1)))
        y[..., 0] /= math.sqrt(2)
        y[..., -1] /= math.sqrt(2)
        return y
    if t == 4:
        return raw(xp, fft, x) * math.sqrt(1 / (2 * N))
    edge = 0 if kind == "dct" else -1
    if t == 2:
        y = raw(xp, fft, x) * math.sqrt(1 / (2 * N))
        y[..., edge] /= math.sqrt(2)
        return y
    x = x * math.sqrt(1 / (2 * N))
    x[..., edge] *= math.sqrt(2)
    return raw(xp, fft, x)


def transform(xp, fft, kind, t, x, norm, inverse):
    """x along its last axis, x real (float32 or float64)."""
    if t not in (1, 2, 3, 4):
        raise ValueError(f"invalid number of {kind.upper()} type (must be 1, 2, 3 or 4): {t}")
    if norm not in (None, "backward", "ortho", "forward"):
        raise ValueError(f'Invalid norm value {norm!r}, should be "backward", "ortho" or "forward"')
    tt = _INVERSE_TYPE[t] if inverse else t
    if norm == "ortho":
        return _ortho(xp, fft, kind, tt, x)
    y = _RAW[(kind, tt)](xp, fft, x)
    divide = (norm == "forward") != inverse
    if divide:
        y = y / _factor(kind, tt, x.shape[-1])
    return y
