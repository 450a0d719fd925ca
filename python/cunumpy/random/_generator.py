"""NumPy's Generator API (numpy.random.Generator / cupy.random.Generator) over the
counter-based bit generators of _bit_generator.py. Every method is one call into C++
(cunumpy::random::Generator); arguments are converted there (numbers, cunumpy arrays,
array_likes), results are cunumpy arrays on the current device (0-d when size is None and
every parameter is a scalar, as CuPy returns)."""
import operator as _operator

import numpy as _numpy

from cunumpy import _core
from cunumpy.random._bit_generator import BitGenerator, Philox4x3210


def _asarray(x):
    import cunumpy
    return x if isinstance(x, _core.ndarray) else cunumpy.asarray(x)


def _write_out(result, out):
    if out is None:
        return result
    if out.dtype != result.dtype:
        raise TypeError('Supplied output array has the wrong type. Expected {}, got {}'.format(
            result.dtype, out.dtype))
    out[...] = result
    return out


def _size_for_out(size, out):
    if out is None:
        return size
    if size is not None and tuple(_numpy.atleast_1d(size)) != out.shape:
        raise ValueError('size must match out.shape when used together')
    return out.shape


class Generator:
    """Container of the distributions, drawing from ``bit_generator``."""

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError('bit_generator must be a cunumpy.random.BitGenerator')
        self._bit_generator = bit_generator
        self._gen = bit_generator._gen

    @property
    def bit_generator(self):
        return self._bit_generator

    def __repr__(self):
        return 'Generator({})'.format(type(self._bit_generator).__name__)

    def _draw(self, name, params, size, dtype):
        return self._gen.draw(name, list(params), size, dtype)

    # ---- uniform, normal, exponential, gamma (dtype= and out=) --------------------------
    def random(self, size=None, dtype=_numpy.float64, out=None):
        size = _size_for_out(size, out)
        return _write_out(self._draw('random', [], size, dtype), out)

    def standard_normal(self, size=None, dtype=_numpy.float64, out=None):
        size = _size_for_out(size, out)
        return _write_out(self._draw('standard_normal', [], size, dtype), out)

    def standard_exponential(self, size=None, dtype=_numpy.float64, method='zig', out=None):
        if method not in ('zig', 'inv'):
            raise ValueError("method must be either 'zig' or 'inv'")
        size = _size_for_out(size, out)
        return _write_out(self._draw('standard_exponential', [], size, dtype), out)

    def standard_gamma(self, shape, size=None, dtype=_numpy.float64, out=None):
        size = _size_for_out(size, out)
        return _write_out(self._draw('standard_gamma', [shape], size, dtype), out)

    def integers(self, low, high=None, size=None, dtype=_numpy.int64, endpoint=False):
        return self._gen.integers(low, high, size, dtype, bool(endpoint))

    # ---- the other distributions --------------------------------------------------------
    def normal(self, loc=0.0, scale=1.0, size=None):
        return self._draw('normal', [loc, scale], size, _numpy.float64)

    def uniform(self, low=0.0, high=1.0, size=None):
        return self._draw('uniform', [low, high], size, _numpy.float64)

    def exponential(self, scale=1.0, size=None):
        return self._draw('exponential', [scale], size, _numpy.float64)

    def gamma(self, shape, scale=1.0, size=None):
        return self._draw('gamma', [shape, scale], size, _numpy.float64)

    def beta(self, a, b, size=None):
        return self._draw('beta', [a, b], size, _numpy.float64)

    def chisquare(self, df, size=None):
        return self._draw('chisquare', [df], size, _numpy.float64)

    def f(self, dfnum, dfden, size=None):
        return self._draw('f', [dfnum, dfden], size, _numpy.float64)

    def standard_t(self, df, size=None):
        return self._draw('standard_t', [df], size, _numpy.float64)

    def standard_cauchy(self, size=None):
        return self._draw('standard_cauchy', [], size, _numpy.float64)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        return self._draw('lognormal', [mean, sigma], size, _numpy.float64)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        return self._draw('laplace', [loc, scale], size, _numpy.float64)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        return self._draw('logistic', [loc, scale], size, _numpy.float64)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        return self._draw('gumbel', [loc, scale], size, _numpy.float64)

    def rayleigh(self, scale=1.0, size=None):
        return self._draw('rayleigh', [scale], size, _numpy.float64)

    def weibull(self, a, size=None):
        return self._draw('weibull', [a], size, _numpy.float64)

    def pareto(self, a, size=None):
        return self._draw('pareto', [a], size, _numpy.float64)

    def power(self, a, size=None):
        return self._draw('power', [a], size, _numpy.float64)

    def triangular(self, left, mode, right, size=None):
        return self._draw('triangular', [left, mode, right], size, _numpy.float64)

    def wald(self, mean, scale, size=None):
        return self._draw('wald', [mean, scale], size, _numpy.float64)

    def poisson(self, lam=1.0, size=None):
        return self._draw('poisson', [lam], size, _numpy.int64)

    def binomial(self, n, p, size=None):
        return self._draw('binomial', [n, p], size, _numpy.int64)

    def geometric(self, p, size=None):
        return self._draw('geometric', [p], size, _numpy.int64)

    def negative_binomial(self, n, p, size=None):
        return self._draw('negative_binomial', [n, p], size, _numpy.int64)

    def noncentral_chisquare(self, df, nonc, size=None):
        return self._draw('noncentral_chisquare', [df, nonc], size, _numpy.float64)

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        return self._draw('noncentral_f', [dfnum, dfden, nonc], size, _numpy.float64)

    def vonmises(self, mu, kappa, size=None):
        return self._draw('vonmises', [mu, kappa], size, _numpy.float64)

    def logseries(self, p, size=None):
        return self._draw('logseries', [p], size, _numpy.int64)

    def zipf(self, a, size=None):
        return self._draw('zipf', [a], size, _numpy.int64)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        return self._draw('hypergeometric', [ngood, nbad, nsample], size, _numpy.int64)

    def multinomial(self, n, pvals, size=None):
        return self._gen.multinomial(n, _asarray(pvals), size, _numpy.int64)

    def multivariate_normal(self, mean, cov, size=None, check_valid='warn', tol=1e-8, *,
                            method='eigh'):
        """N(mean, cov) through cov's eigendecomposition (any method= gives the same
        distribution; check_valid/tol are accepted for NumPy's signature)."""
        return self._gen.multivariate_normal(_asarray(mean), _asarray(cov), size, _numpy.float64)

    def dirichlet(self, alpha, size=None):
        """Normalized independent gammas, one per component (alpha: 1-D, all > 0)."""
        import cunumpy
        len(alpha)  # NumPy's first step: a scalar (or a 0-d array) is len()'s TypeError
        alpha = _asarray(alpha).astype(_numpy.float64)
        if alpha.ndim != 1:
            raise ValueError('alpha must be a one-dimensional sequence of floats')
        if bool((alpha <= 0).any()):
            raise ValueError('alpha <= 0')
        shape = () if size is None else tuple(_numpy.atleast_1d(size))
        g = self._draw('standard_gamma', [cunumpy.broadcast_to(alpha, shape + alpha.shape)],
                       shape + alpha.shape, _numpy.float64)
        return g / g.sum(axis=-1, keepdims=True)

    # ---- permutations and sampling ------------------------------------------------------
    def permutation(self, x, axis=0):
        if isinstance(x, (int, _numpy.integer)) and not isinstance(x, bool):
            return self._gen.permutation_n(int(x))
        return self._gen.permutation(_asarray(x), _operator.index(axis), False)

    def shuffle(self, x, axis=0):
        if not isinstance(x, _core.ndarray):
            raise TypeError('x must be a cunumpy.ndarray')
        self._gen.shuffle(x, _operator.index(axis))

    def permuted(self, x, axis=None, out=None):
        r = self._gen.permuted(_asarray(x), None if axis is None else _operator.index(axis))
        return _write_out(r, out)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        if p is not None:
            p = _asarray(p)
        if isinstance(a, (int, _numpy.integer)) and not isinstance(a, bool):
            return self._gen.choice_n(int(a), size, bool(replace), p, False)
        return self._gen.choice(_asarray(a), size, bool(replace), p, _operator.index(axis), False)

    def bytes(self, length):
        return self._gen.bytes(_operator.index(length))


def default_rng(seed=None):
    """A Generator over Philox4x3210 (CuPy's default_rng uses XORWOW; see _bit_generator
    for why every name shares the Philox core here). A Generator passes through, a
    BitGenerator is wrapped."""
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(Philox4x3210(seed))
