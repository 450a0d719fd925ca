"""CuPy's legacy API: RandomState and the module functions on a global RandomState per
device (seed, get_random_state, set_random_state, reset_states, rand, randn, ...).

A RandomState draws from the same counter-based Philox core as Generator (C++,
cunumpy::random::Generator), so a seed gives the same numbers on the CPU backend and on
CUDA; ``method`` picks one of the three bit-generator names (see _bit_generator). The
sequences are not CuPy's: CuPy's RandomState draws through cuRAND's host API."""
import operator as _operator
import os as _os
import threading as _threading
import warnings as _warnings

import numpy as _numpy

from cunumpy import _core

# cuRAND's generator ids, which CuPy's RandomState takes as method=.
CURAND_RNG_PSEUDO_DEFAULT = 100
CURAND_RNG_PSEUDO_XORWOW = 101
CURAND_RNG_PSEUDO_MRG32K3A = 121
CURAND_RNG_PSEUDO_MT19937 = 141
CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161
_METHOD_KINDS = {CURAND_RNG_PSEUDO_DEFAULT: 1, CURAND_RNG_PSEUDO_XORWOW: 1,
                 CURAND_RNG_PSEUDO_MRG32K3A: 2, CURAND_RNG_PSEUDO_PHILOX4_32_10: 0,
                 'XORWOW': 1, 'MRG32k3a': 2, 'Philox4x3210': 0}


def _asarray(x):
    import cunumpy
    return x if isinstance(x, _core.ndarray) else cunumpy.asarray(x)


def _seed_words(seed):
    """A 64-bit seed: an int (taken modulo 2**64), None (OS entropy), or array_like of
    ints (hashed through numpy's SeedSequence)."""
    if seed is None:
        return int.from_bytes(_os.urandom(8), 'little')
    if isinstance(seed, (int, _numpy.integer)) and not isinstance(seed, bool):
        seed = int(seed)
        if seed < 0:
            raise ValueError('Seed must be between 0 and 2**64 - 1')
        return seed % (2 ** 64)
    words = _numpy.random.SeedSequence(_numpy.asarray(seed).astype(_numpy.uint64).ravel().tolist())
    return int(words.generate_state(1, _numpy.uint64)[0])


class RandomState:
    """Portable container of a pseudo-random number generator (CuPy's RandomState)."""

    def __init__(self, seed=None, method=CURAND_RNG_PSEUDO_DEFAULT):
        if method not in _METHOD_KINDS:
            raise ValueError('method must be one of the cuRAND generator ids 100, 101, 121 or 161')
        self._kind = _METHOD_KINDS[method]
        self._gen = _core.RandomGenerator.from_seed(_seed_words(seed), self._kind)

    def seed(self, seed=None):
        """Resets the state from ``seed``."""
        self._gen = _core.RandomGenerator.from_seed(_seed_words(seed), self._kind)

    def _draw(self, name, params, size, dtype):
        return self._gen.draw(name, list(params), size, dtype)

    @staticmethod
    def _float_dtype(dtype):
        dt = _numpy.dtype(dtype)
        if dt.char not in 'fd':
            raise TypeError('cunumpy.random only supports float32 and float64')
        return dt

    # ---- uniform and normal -------------------------------------------------------------
    def random_sample(self, size=None, dtype=float):
        return self._draw('random', [], size, self._float_dtype(dtype))

    def rand(self, *size, **kwarg):
        dtype = kwarg.pop('dtype', float)
        if kwarg:
            raise TypeError('rand() got unexpected keyword arguments %s' % ', '.join(kwarg))
        return self.random_sample(size=size, dtype=dtype)

    def randn(self, *size, **kwarg):
        dtype = kwarg.pop('dtype', float)
        if kwarg:
            raise TypeError('randn() got unexpected keyword arguments %s' % ', '.join(kwarg))
        return self.standard_normal(size=size, dtype=dtype)

    def standard_normal(self, size=None, dtype=float):
        return self._draw('standard_normal', [], size, self._float_dtype(dtype))

    def normal(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return self._draw('normal', [loc, scale], size, self._float_dtype(dtype))

    def uniform(self, low=0.0, high=1.0, size=None, dtype=float):
        return self._draw('uniform_legacy', [low, high], size, self._float_dtype(dtype))

    def randint(self, low, high=None, size=None, dtype='l'):
        dt = _numpy.dtype(dtype)
        if dt.kind not in 'iub':
            raise TypeError("Unsupported dtype dtype('{}') for randint".format(dt))
        return self._gen.integers(low, high, size, dt, False, True)

    def random_integers(self, low, high=None, size=None):
        if high is None:
            high, low = low, 1
        _warnings.warn('This function is deprecated, please use cunumpy.random.randint '
                       'instead', DeprecationWarning, stacklevel=2)
        return self._gen.integers(low, high, size, _numpy.int64, True, True)

    # ---- permutations and sampling ------------------------------------------------------
    def choice(self, a, size=None, replace=True, p=None):
        if p is not None:
            p = _asarray(p)
        if isinstance(a, (int, _numpy.integer)) and not isinstance(a, bool):
            return self._gen.choice_n(int(a), size, bool(replace), p, True)
        a = _asarray(a)
        if a.ndim != 1:
            raise ValueError('a must be 1-dimensional or an integer')
        return self._gen.choice(a, size, bool(replace), p, 0, True)

    def shuffle(self, a):
        if not isinstance(a, _core.ndarray):
            raise TypeError('The array must be cunumpy.ndarray')
        self._gen.shuffle(a, 0)

    def permutation(self, a):
        if isinstance(a, (int, _numpy.integer)) and not isinstance(a, bool):
            return self._gen.permutation_n(int(a))
        return self._gen.permutation(_asarray(a), 0, True)

    def bytes(self, length):
        return self._gen.bytes(_operator.index(length))

    def tomaxint(self, size=None):
        return self.randint(0, _numpy.iinfo(_numpy.int64).max, size)

    # ---- the distributions --------------------------------------------------------------
    def standard_exponential(self, size=None, dtype=float):
        return self._draw('standard_exponential', [], size, self._float_dtype(dtype))

    def exponential(self, scale=1.0, size=None, dtype=float):
        return self._draw('exponential', [scale], size, self._float_dtype(dtype))

    def standard_gamma(self, shape, size=None, dtype=float):
        return self._draw('standard_gamma', [shape], size, self._float_dtype(dtype))

    def gamma(self, shape, scale=1.0, size=None, dtype=float):
        return self._draw('gamma', [shape, scale], size, self._float_dtype(dtype))

    def beta(self, a, b, size=None, dtype=float):
        return self._draw('beta', [a, b], size, self._float_dtype(dtype))

    def chisquare(self, df, size=None, dtype=float):
        return self._draw('chisquare', [df], size, self._float_dtype(dtype))

    def f(self, dfnum, dfden, size=None, dtype=float):
        return self._draw('f', [dfnum, dfden], size, self._float_dtype(dtype))

    def standard_t(self, df, size=None, dtype=float):
        return self._draw('standard_t', [df], size, self._float_dtype(dtype))

    def standard_cauchy(self, size=None, dtype=float):
        return self._draw('standard_cauchy', [], size, self._float_dtype(dtype))

    def lognormal(self, mean=0.0, sigma=1.0, size=None, dtype=float):
        return self._draw('lognormal', [mean, sigma], size, self._float_dtype(dtype))

    def laplace(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return self._draw('laplace', [loc, scale], size, self._float_dtype(dtype))

    def logistic(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return self._draw('logistic', [loc, scale], size, self._float_dtype(dtype))

    def gumbel(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return self._draw('gumbel', [loc, scale], size, self._float_dtype(dtype))

    def rayleigh(self, scale=1.0, size=None, dtype=float):
        return self._draw('rayleigh', [scale], size, self._float_dtype(dtype))

    def weibull(self, a, size=None, dtype=float):
        return self._draw('weibull', [a], size, self._float_dtype(dtype))

    def pareto(self, a, size=None, dtype=float):
        return self._draw('pareto', [a], size, self._float_dtype(dtype))

    def power(self, a, size=None, dtype=float):
        return self._draw('power', [a], size, self._float_dtype(dtype))

    def triangular(self, left, mode, right, size=None, dtype=float):
        return self._draw('triangular', [left, mode, right], size, self._float_dtype(dtype))

    def wald(self, mean, scale, size=None, dtype=float):
        return self._draw('wald', [mean, scale], size, self._float_dtype(dtype))

    def poisson(self, lam=1.0, size=None, dtype='l'):
        return self._draw('poisson', [lam], size, dtype)

    def binomial(self, n, p, size=None, dtype=int):
        return self._draw('binomial', [n, p], size, dtype)

    def geometric(self, p, size=None, dtype=int):
        return self._draw('geometric', [p], size, dtype)

    def negative_binomial(self, n, p, size=None, dtype=int):
        return self._draw('negative_binomial_legacy', [n, p], size, dtype)

    def noncentral_chisquare(self, df, nonc, size=None, dtype=float):
        return self._draw('noncentral_chisquare', [df, nonc], size, self._float_dtype(dtype))

    def noncentral_f(self, dfnum, dfden, nonc, size=None, dtype=float):
        return self._draw('noncentral_f', [dfnum, dfden, nonc], size, self._float_dtype(dtype))

    def vonmises(self, mu, kappa, size=None, dtype=float):
        return self._draw('vonmises', [mu, kappa], size, self._float_dtype(dtype))

    def logseries(self, p, size=None, dtype=int):
        return self._draw('logseries', [p], size, dtype)

    def zipf(self, a, size=None, dtype=int):
        return self._draw('zipf', [a], size, dtype)

    def hypergeometric(self, ngood, nbad, nsample, size=None, dtype=int):
        return self._draw('hypergeometric_legacy', [ngood, nbad, nsample], size, dtype)

    def multinomial(self, n, pvals, size=None):
        return self._gen.multinomial(n, _asarray(pvals), size, _numpy.int64)

    def multivariate_normal(self, mean, cov, size=None, check_valid='ignore', tol=1e-08,
                            method='cholesky', dtype=float):
        """N(mean, cov) through cov's eigendecomposition (method= is accepted for CuPy's
        signature; every method gives the same distribution)."""
        return self._gen.multivariate_normal(_asarray(mean), _asarray(cov), size, self._float_dtype(dtype))

    def dirichlet(self, alpha, size=None, dtype=float):
        from cunumpy.random._generator import Generator  # the same composition
        g = Generator.__new__(Generator)
        g._gen = self._gen
        return g.dirichlet(alpha, size).astype(self._float_dtype(dtype), copy=False)


# ---- the global RandomState of each device ----------------------------------------------
_random_states = {}
_lock = _threading.Lock()


def _device_key():
    return _core.current_device()  # "cpu" or "cuda:N"


def get_random_state():
    """The RandomState of the current device, created on first use (seeded from
    CUNUMPY_SEED, or CUPY_SEED, when set, as CuPy does with CUPY_SEED)."""
    key = _device_key()
    with _lock:
        rs = _random_states.get(key)
        if rs is None:
            env = _os.getenv('CUNUMPY_SEED', _os.getenv('CUPY_SEED'))
            rs = RandomState(None if env is None else int(env))
            _random_states[key] = rs
        return rs


def set_random_state(rs):
    """Sets the RandomState of the current device."""
    if not isinstance(rs, RandomState):
        raise TypeError('Random state must be an instance of RandomState. Actual: {}'.format(type(rs)))
    with _lock:
        _random_states[_device_key()] = rs


def reset_states():
    """Forgets every device's RandomState."""
    with _lock:
        _random_states.clear()


def seed(seed=None):
    """Resets the state of the current device's RandomState."""
    get_random_state().seed(seed)
