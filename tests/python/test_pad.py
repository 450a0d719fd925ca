"""cunumpy.pad against numpy.pad: every mode, per-axis widths and values, odd and even
reflections wider than the array, stat_length, integer rounding, errors."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome, sample

WIDTHS = [1, (2, 3), ((1, 0), (0, 2)), ((0, 0), (5, 7)), ((9, 4), (3, 11))]


def _check(a, width, mode, **kw):
    # A float mean may differ from NumPy's pairwise sum in the last bits (summation order).
    rtol = 2e-15 if mode == 'mean' and np.asarray(a).dtype.kind == 'f' else None
    check_same_outcome(lambda: cp.pad(cp.asarray(a), width, mode, **kw),
                       lambda: np.pad(a, width, mode, **kw),
                       compare=lambda g, e: assert_same(g, e, rtol=rtol))


@pytest.mark.parametrize('mode', ['edge', 'wrap', 'reflect', 'symmetric', 'maximum', 'minimum',
                                  'mean', 'median', 'linear_ramp'])
@pytest.mark.parametrize('width', WIDTHS)
@pytest.mark.parametrize('dtype', [np.float64, np.float32, np.int16, np.uint8])
def test_modes(mode, width, dtype):
    _check(sample((3, 4), dtype), width, mode)


@pytest.mark.parametrize('width', WIDTHS)
@pytest.mark.parametrize('values', [0, 7, (1, 2), ((1, 2), (3, 4)), 2.5])
def test_constant(width, values):
    _check(sample((3, 4), np.float32), width, 'constant', constant_values=values)
    _check(sample((3, 4), np.int32), width, 'constant', constant_values=values)


@pytest.mark.parametrize('mode', ['reflect', 'symmetric'])
@pytest.mark.parametrize('n', [1, 2, 3, 5])
@pytest.mark.parametrize('width', [(0, 1), (4, 0), (7, 13), (20, 20)])
def test_odd_reflections_wider_than_the_array(mode, n, width):
    a = np.array([1.5, -2.25, 3.125, 0.1, 7.0][:n])
    _check(a, width, mode, reflect_type='odd')
    _check(a, width, mode, reflect_type='even')
    _check(np.arange(n, dtype=np.int8) * 37, width, mode, reflect_type='odd')


@pytest.mark.parametrize('mode', ['maximum', 'minimum', 'mean', 'median'])
@pytest.mark.parametrize('stat_length', [1, 2, (1, 3), ((2, 1), (1, 2)), 100])
def test_stat_length(mode, stat_length):
    _check(sample((5, 6), np.float64), ((2, 3), (1, 4)), mode, stat_length=stat_length)
    _check(sample((5, 6), np.int32), 2, mode, stat_length=stat_length)


@pytest.mark.parametrize('end_values', [0, 5, (-3, 10), ((1, 2), (3, 4))])
def test_linear_ramp_end_values(end_values):
    _check(sample((4, 5), np.float64), ((3, 2), (4, 1)), 'linear_ramp', end_values=end_values)
    _check(sample((4, 5), np.int16), ((3, 2), (4, 1)), 'linear_ramp', end_values=end_values)


def test_empty_mode_and_empty_arrays():
    got = cp.pad(cp.asarray(sample((2, 3), np.float32)), 2, 'empty')
    exp = np.pad(sample((2, 3), np.float32), 2, 'empty')
    assert got.shape == exp.shape and got.dtype == exp.dtype
    assert_same(got[2:-2, 2:-2], exp[2:-2, 2:-2])
    _check(np.zeros((0, 3)), ((0, 0), (1, 1)), 'edge')
    assert cp.pad(cp.zeros((0, 3)), ((0, 0), (1, 1)), 'edge').shape == (0, 5)
    _check(np.zeros((0, 3)), 1, 'edge')  # can't extend an empty axis
    _check(np.zeros((0, 3)), 2, 'constant', constant_values=4)


def test_noncontiguous_0d_and_callable():
    a = sample((6, 8), np.float64)[::2, ::-3]
    _check(a, ((1, 2), (3, 1)), 'reflect')
    _check(np.float32(3.0), 2, 'constant')

    def mode(vector, width, iaxis, kwargs):
        vector[:width[0]] = -1
        vector[vector.size - width[1]:] = -2
    _check(sample((3, 3), np.int32), 1, mode)


def test_errors():
    a = sample((3, 4), np.float64)
    _check(a, 1, 'nope')
    _check(a, 1, 'edge', constant_values=3)
    _check(a, -1, 'edge')
    _check(a, 1.5, 'edge')
    _check(a, ((1, 2, 3),), 'edge')
    _check(a, 1, 'maximum', stat_length=0)
