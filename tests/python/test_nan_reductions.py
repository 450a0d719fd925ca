"""The nan-skipping reductions against NumPy: nansum, nanprod, nanmax, nanmin, nanargmax,
nanargmin, nanmean, nanvar, nanstd (and average), with NaN placed in some slices and
filling others, across dtypes and axes; NumPy's RuntimeWarnings for all-NaN slices and
its ValueError for nanargmax/nanargmin of one."""
import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, DTYPE_IDS, make_pair
from _reduction_helpers import close, same

NAN_FUNCS = ['nansum', 'nanprod', 'nanmax', 'nanmin', 'nanargmax', 'nanargmin', 'nanmean',
             'nanvar', 'nanstd']


def with_nans(dtype):
    """A (4, 5) array with NaN in some places (none in row 0, all of column 3 but row 0)."""
    a = np.random.default_rng(9).uniform(-2, 2, (4, 5)).astype(dtype)
    if np.dtype(dtype).kind in 'fc':
        a[1, 2] = np.nan
        a[1:, 3] = np.nan
        a[3, 0] = np.nan
    return a


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('name', NAN_FUNCS)
def test_nan_functions(name, dtype):
    if dtype.kind in 'biu':
        a, c = make_pair('contig', dtype)
    else:
        a = with_nans(dtype)
        c = cp.asarray(a)
    if name == 'nanprod':
        a = np.where(np.isnan(a), a, np.sign(a)).astype(dtype) if dtype.kind in 'fc' else (a != 0).astype(dtype)
        c = cp.asarray(a)
    for axis in (None, 0, 1, -1):
        for keepdims in (False, True):
            same(lambda: getattr(cp, name)(c, axis=axis, keepdims=keepdims),
                 lambda: getattr(np, name)(a, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize('dtype', ['float32', 'float64', 'complex128'])
def test_all_nan_slices(dtype):
    a = np.full((2, 3), np.nan, dtype=dtype)
    a[0] = 1
    c = cp.asarray(a)
    for name in ('nanmax', 'nanmin', 'nanmean', 'nanvar', 'nanstd'):
        with pytest.warns(RuntimeWarning):
            r = getattr(cp, name)(c, axis=1)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            close(r, getattr(np, name)(a, axis=1))
    for name in ('nanargmax', 'nanargmin'):
        with pytest.raises(ValueError, match='All-NaN slice encountered'):
            getattr(cp, name)(c, axis=1)
        same(lambda: getattr(cp, name)(c, axis=0), lambda: getattr(np, name)(a, axis=0))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        cp.nansum(c, axis=1)  # no warning: an all-NaN sum is 0
        close(cp.nansum(c, axis=1), np.nansum(a, axis=1))


def test_nan_keywords():
    a = with_nans(np.float64)
    c = cp.asarray(a)
    same(lambda: cp.nansum(c, axis=0, dtype=np.float32), lambda: np.nansum(a, axis=0, dtype=np.float32))
    same(lambda: cp.nansum(c, axis=1, initial=2.0), lambda: np.nansum(a, axis=1, initial=2.0))
    same(lambda: cp.nanmax(c, axis=1, initial=10.0), lambda: np.nanmax(a, axis=1, initial=10.0))
    same(lambda: cp.nanvar(c[:1], axis=1, ddof=1), lambda: np.nanvar(a[:1], axis=1, ddof=1))
    same(lambda: cp.nanstd(c[:1], ddof=2), lambda: np.nanstd(a[:1], ddof=2))
    same(lambda: cp.nanmean(c[:2], axis=0, dtype=np.float32), lambda: np.nanmean(a[:2], axis=0, dtype=np.float32))
    o = cp.zeros(5)
    assert cp.nansum(c, axis=0, out=o) is o
    close(o, np.nansum(a, axis=0))
    w = np.array([True, False, True, True, False])
    same(lambda: cp.nansum(c, axis=1, where=cp.asarray(w)), lambda: np.nansum(a, axis=1, where=w))


def test_nan_empty():
    e = np.zeros((0, 3))
    c = cp.asarray(e)
    same(lambda: cp.nansum(c), lambda: np.nansum(e))
    same(lambda: cp.nanprod(c, axis=0), lambda: np.nanprod(e, axis=0))
    with pytest.raises(ValueError):
        cp.nanmax(c, axis=0)
    with pytest.raises(ValueError):
        cp.nanargmin(c, axis=0)


@pytest.mark.parametrize('dtype', ['int8', 'int64', 'float32', 'float64', 'complex128'])
def test_average(dtype):
    a = np.random.default_rng(2).integers(0, 9, (3, 4)).astype(dtype)
    c = cp.asarray(a)
    w1 = np.array([1.0, 2.0, 0.5, 3.0])
    w2 = np.random.default_rng(3).integers(1, 5, (3, 4)).astype(np.int32)
    same(lambda: cp.average(c), lambda: np.average(a))
    same(lambda: cp.average(c, axis=0), lambda: np.average(a, axis=0))
    same(lambda: cp.average(c, axis=1, weights=cp.asarray(w1)), lambda: np.average(a, axis=1, weights=w1))
    same(lambda: cp.average(c, weights=cp.asarray(w2)), lambda: np.average(a, weights=w2))
    same(lambda: cp.average(c, axis=0, weights=cp.asarray(w2), keepdims=True),
         lambda: np.average(a, axis=0, weights=w2, keepdims=True))
    r_cp = cp.average(c, axis=1, weights=cp.asarray(w1), returned=True)
    r_np = np.average(a, axis=1, weights=w1, returned=True)
    close(r_cp[0], r_np[0])
    close(r_cp[1], r_np[1])
    r_cp = cp.average(c, axis=0, returned=True)
    r_np = np.average(a, axis=0, returned=True)
    close(r_cp[1], r_np[1])
    with pytest.raises(ZeroDivisionError):
        cp.average(c, axis=1, weights=cp.zeros(4))
    with pytest.raises(TypeError):
        cp.average(c, weights=cp.asarray(w1))
    with pytest.raises(ValueError):
        cp.average(c, axis=0, weights=cp.asarray(w1))


# Found by scripts/fuzz_reductions.py.
def test_nanvar_nanstd_0d_axis():
    # inexact: NumPy's sums allow axis 0/-1 of a 0-d array; other dtypes go to mean/var/std,
    # where that axis is an AxisError
    for dtype in ('float16', 'complex64', 'float64', 'int16', 'uint32', 'bool'):
        a = np.array(3, dtype=dtype)
        for name in ('nanvar', 'nanstd', 'nanmean', 'nansum'):
            for kw in ({'axis': -1}, {'axis': 0, 'ddof': 2}, {'axis': 0, 'keepdims': True}):
                if name in ('nanmean', 'nansum'):
                    kw = {k: v for k, v in kw.items() if k != 'ddof'}
                same(lambda: getattr(cp, name)(cp.asarray(a), **kw), lambda: getattr(np, name)(a, **kw))


# nanstd of integers is NumPy's std of var's result: the integer dtype= is kept for a
# scalar result, and sqrt in place into an integer array raises (UFuncTypeError).
@pytest.mark.parametrize('dtype', ['uint16', 'int32', 'float32'])
def test_nanstd_integer_dtype_and_out(dtype):
    a = np.array([[-3, 9, -4], [-7, 8, -7]], dtype=np.int64)
    c = cp.asarray(a)
    for name in ('nanstd', 'nanvar'):
        same(lambda: getattr(cp, name)(c, dtype=dtype, ddof=1), lambda: getattr(np, name)(a, dtype=dtype, ddof=1))
        same(lambda: getattr(cp, name)(c, axis=0, dtype=dtype), lambda: getattr(np, name)(a, axis=0, dtype=dtype))
    f = a.astype(np.float64)
    same(lambda: cp.nanstd(cp.asarray(f), axis=1, out=cp.zeros(2, dtype)),
         lambda: np.nanstd(f, axis=1, out=np.zeros(2, dtype)))


# average: NumPy checks axis first (no 0-d leniency) and divides a.size by an empty
# result's size (ZeroDivisionError).
def test_average_axis_check_and_empty_result():
    a = np.array(9, dtype=np.uint32)
    for kw in ({'axis': 0}, {'axis': -1, 'weights': np.array(2)}, {'axis': (0,)}, {}):
        cw = {k: cp.asarray(v) if isinstance(v, np.ndarray) else v for k, v in kw.items()}
        same(lambda: cp.average(cp.asarray(a), **cw), lambda: np.average(a, **kw))
    e = np.zeros((0, 3), dtype=np.float16)
    for kw in ({'axis': -1}, {'axis': 0}, {'axis': ()}, {'axis': -1, 'returned': True}):
        same(lambda: cp.average(cp.asarray(e), **kw), lambda: np.average(e, **kw))


# NumPy's nanvar subtracts the mean in place, in the input's dtype, also with a wider
# dtype= (float16 data with dtype=complex64 rounds the deviations to float16).
@pytest.mark.parametrize('dtype,wide', [('float16', 'complex64'), ('float16', 'float64'),
                                        ('float32', 'float64')])
def test_nanvar_deviations_in_input_dtype(dtype, wide):
    a = np.array([[-2.25, -0.5, -1.75, 2.5], [1.5, -0.25, 1.75, 2.25], [1.5, -2.25, 0.75, -0.5]],
                 dtype=dtype).T
    for name in ('nanvar', 'nanstd'):
        same(lambda: getattr(cp, name)(cp.asarray(a), axis=(0, 1), dtype=wide, ddof=1),
             lambda: getattr(np, name)(a, axis=(0, 1), dtype=wide, ddof=1))


@pytest.mark.parametrize("name", ["nanargmin", "nanargmax"])
@pytest.mark.parametrize("case", [
    (np.array(np.nan), ()), (np.array(1.0), ()), (np.array([[1, np.nan], [np.nan, np.nan]]), (0,)),
    (np.array([[1, np.nan], [2, np.nan]]), (1,)), (np.array([[1, 2.0], [3, 4]]), (0, 1)),
    (np.array([1, 2], dtype=np.int16), ()), (np.array([np.nan], dtype=np.complex64), ()),
    (np.array([1.0]), (3,)), (np.array([np.nan]), [0]), (np.array([1.0], dtype=np.float32), (1.5,)),
    (np.zeros((0, 2)), (0,))], ids=str)
def test_nanarg_tuple_axis_errors_in_numpys_order(name, case):
    # NumPy reduces the NaN mask over a tuple of axes first: an all-NaN slice raises
    # ValueError (a bad axis AxisError) before argmin refuses the tuple with TypeError.
    a, axis = case
    with pytest.raises(Exception) as want:
        getattr(np, name)(a, axis=axis)
    with pytest.raises(type(want.value)) as got:
        getattr(cp, name)(cp.asarray(a), axis=axis)
    if type(want.value) is TypeError:  # cunumpy may add what the integer was for
        assert str(got.value).startswith(str(want.value))


@pytest.mark.parametrize("call", [lambda xp, a: xp.sort(a, axis=(0,)), lambda xp, a: xp.unique(a, axis='0'),
                                  lambda xp, a: xp.squeeze(a, axis=[0]), lambda xp, a: xp.sum(a, axis=1.0)])
def test_non_integer_axis_message_names_the_type(call):
    a = np.ones((1, 2))
    with pytest.raises(TypeError) as want:
        call(np, a)
    with pytest.raises(TypeError) as got:
        call(cp, cp.asarray(a))
    assert str(got.value) == str(want.value)
