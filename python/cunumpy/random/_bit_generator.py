"""Bit generators (CuPy's names: Philox4x3210, XORWOW, MRG32k3a).

All three run one counter-based core, Philox4x32-10, written once in C++ for the CPU
backend and the CUDA kernels, so a seed gives the same numbers on every device. They
differ only in how a seed becomes the Philox key, so each name gives its own stream; none
reproduces CuPy's (cuRAND's) sequence for a seed. The state is (key, counter): a draw of n
values uses ceil(n / k) counters (k = 4 for 32-bit uniform, normal, exponential and
integer values, 2 for 64-bit ones, 1 for rejection-sampled distributions).
"""
import numpy as _numpy

from cunumpy import _core

_KINDS = {'Philox4x3210': 0, 'XORWOW': 1, 'MRG32k3a': 2}


def _key_from_seed(seed, kind):
    """The Philox key (two uint32 words) of a seed: an int, None (OS entropy), a
    numpy SeedSequence or a sequence of ints."""
    if isinstance(seed, _numpy.random.SeedSequence):
        seq = seed
    elif isinstance(seed, (int, _numpy.integer)) and not isinstance(seed, bool):
        seed = int(seed)
        if seed < 0:
            raise ValueError('Seed must be non-negative')
        if seed < 2 ** 64 and kind == 0:
            return _core.RandomGenerator.default_rng_key(seed)
        seq = _numpy.random.SeedSequence([seed, kind])
    elif seed is None:
        seq = _numpy.random.SeedSequence()
    else:
        seq = _numpy.random.SeedSequence(seed)
    words = seq.generate_state(2, _numpy.uint32)
    return int(words[0]), int(words[1])


class BitGenerator:
    """Base class of the bit generators: holds the (key, counter) state."""

    _kind = 0

    def __init__(self, seed=None):
        key0, key1 = _key_from_seed(seed, self._kind)
        self._gen = _core.RandomGenerator(key0, key1, 0, self._kind)
        self._seed_seq = seed if isinstance(seed, _numpy.random.SeedSequence) else None

    @property
    def seed_seq(self):
        return self._seed_seq

    @property
    def state(self):
        key0, key1, counter = self._gen.state()
        return {'bit_generator': type(self).__name__,
                'state': {'key': (key0, key1), 'counter': counter}}

    @state.setter
    def state(self, value):
        if value.get('bit_generator') != type(self).__name__:
            raise ValueError('state must be for a {} PRNG'.format(type(self).__name__))
        key0, key1 = value['state']['key']
        self._gen.set_state(int(key0), int(key1), int(value['state']['counter']))

    def random_raw(self, size=None, output=True):
        """Raw 64-bit words of the generator (uint64)."""
        out = self._gen.draw('random_raw', [], size, _numpy.uint64)
        return out if output else None

    def __repr__(self):
        return '{}()'.format(type(self).__name__)


class Philox4x3210(BitGenerator):
    """Philox4x32-10 (Salmon et al. 2011): key from the seed (an int seed below 2**64
    through splitmix64; others through numpy's SeedSequence)."""
    _kind = 0


class XORWOW(BitGenerator):
    """CuPy's name; here the Philox core with the key SeedSequence([seed, 1]) gives."""
    _kind = 1


class MRG32k3a(BitGenerator):
    """CuPy's name; here the Philox core with the key SeedSequence([seed, 2]) gives."""
    _kind = 2
