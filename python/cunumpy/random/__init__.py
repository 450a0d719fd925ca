"""Random numbers (cupy.random / numpy.random): CuPy's legacy functions on a global
RandomState per device, and NumPy's Generator API (default_rng, Generator, the bit
generators Philox4x3210, XORWOW, MRG32k3a).

Everything draws from one counter-based generator, Philox4x32-10, whose transforms are
written once in C++ (src/scalar/cn_random.h) for the CPU backend and the CUDA kernels: the
same seed gives bit-identical arrays on every device and for any launch configuration.
The streams are cunumpy's own: none equals CuPy's (cuRAND) or NumPy's for the same seed.
"""
from cunumpy.random._bit_generator import (  # noqa: F401
    BitGenerator, Philox4x3210, XORWOW, MRG32k3a)
from cunumpy.random._generator import Generator, default_rng  # noqa: F401
from cunumpy.random._legacy import (  # noqa: F401
    RandomState, get_random_state, set_random_state, reset_states, seed)

import numpy as _numpy

SeedSequence = _numpy.random.SeedSequence


def _legacy(name):
    def f(*args, **kwargs):
        return getattr(get_random_state(), name)(*args, **kwargs)
    f.__name__ = name
    f.__qualname__ = name
    f.__doc__ = getattr(RandomState, name).__doc__ or (
        'Draws from the current device\'s RandomState (RandomState.{}).'.format(name))
    return f


_LEGACY = ['rand', 'randn', 'randint', 'random_integers', 'random_sample', 'choice',
           'shuffle', 'permutation', 'bytes', 'standard_normal', 'normal', 'uniform',
           'standard_exponential', 'exponential', 'standard_gamma', 'gamma', 'beta',
           'chisquare', 'f', 'standard_t', 'standard_cauchy', 'lognormal', 'laplace',
           'logistic', 'gumbel', 'rayleigh', 'weibull', 'pareto', 'power', 'triangular',
           'wald', 'poisson', 'binomial', 'geometric', 'negative_binomial', 'dirichlet',
           'noncentral_chisquare', 'noncentral_f', 'vonmises', 'logseries', 'zipf',
           'hypergeometric', 'multinomial', 'multivariate_normal']
for _name in _LEGACY:
    globals()[_name] = _legacy(_name)
random = _legacy('random_sample')
random.__name__ = 'random'
ranf = random_sample = globals()['random_sample']  # noqa: F821
sample = random_sample
del _name

__all__ = ['BitGenerator', 'Philox4x3210', 'XORWOW', 'MRG32k3a', 'Generator', 'default_rng',
           'RandomState', 'get_random_state', 'set_random_state', 'reset_states', 'seed',
           'SeedSequence', 'random', 'ranf', 'sample'] + _LEGACY
