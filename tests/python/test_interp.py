"""interp (NumPy's one-dimensional piecewise-linear interpolation) against NumPy: x of every
layout and dtype, xp/fp dtypes and strides, left/right, period, NaN and inf samples, and
NumPy's exception types."""

import numpy as np
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, DTYPE_IDS, LAYOUT_NAMES, assert_same, check_same_outcome, make_pair

XP = np.array([-2.0, -0.5, 0.0, 0.25, 1.0, 3.0])
FP = np.array([4.0, -1.0, 0.5, 0.5, 2.0, -3.0])


def _close(got, exp):
    assert_same(got, exp, rtol=1e-12)


@pytest.mark.parametrize("layout", LAYOUT_NAMES)
@pytest.mark.parametrize("dtype", [d for d in ALL_DTYPES if d.kind != "c"],
                         ids=[n for d, n in zip(ALL_DTYPES, DTYPE_IDS) if d.kind != "c"])
def test_interp_x_layouts_and_dtypes(layout, dtype):
    x_np, x_cp = make_pair(layout, dtype, seed=4)
    _close(cp.interp(x_cp, cp.asarray(XP), cp.asarray(FP)), np.interp(x_np, XP, FP))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_interp_fp_dtypes(dtype):
    fp = (FP * 3).astype(dtype) if dtype.kind != "b" else FP > 0
    if dtype.kind == "c":
        fp = fp + 1j * fp[::-1]
    x = np.linspace(-3, 4, 29)
    _close(cp.interp(cp.asarray(x), cp.asarray(XP), cp.asarray(fp)), np.interp(x, XP, fp))


@pytest.mark.parametrize("dtype", ["int16", "uint8", "float32", "float16"])
def test_interp_xp_dtypes(dtype):
    xp = np.array([0, 1, 2, 5, 9], dtype=dtype)
    fp = np.array([1.0, -2.0, 3.5, 0.0, 8.0])
    x = np.linspace(-1, 10, 23)
    _close(cp.interp(cp.asarray(x), cp.asarray(xp), cp.asarray(fp)), np.interp(x, xp, fp))


def test_interp_strided_samples():
    xp = np.linspace(0, 10, 41)
    fp = np.cos(xp)
    x = np.linspace(-1, 11, 37).reshape(37, 1)[::-2]
    xp_cp = cp.asarray(np.ascontiguousarray(xp[::-1]))[::-1]  # a negative-stride view
    fp_cp = cp.asarray(np.stack([fp, fp]).T)[:, 1]           # a strided column
    _close(cp.interp(cp.asarray(x), xp_cp, fp_cp), np.interp(x, xp, fp))


def test_interp_scalar_x_gives_0d():
    r = cp.interp(0.25, cp.asarray([0.0, 1.0]), cp.asarray([0.0, 4.0]))
    assert isinstance(r, cp.ndarray) and r.shape == ()
    assert float(r) == 1.0


@pytest.mark.parametrize("left,right", [(None, None), (-7.0, 9.0), (np.float32(2), None),
                                        (None, np.array(5.0)), (np.nan, np.inf)])
def test_interp_left_right(left, right):
    x = np.array([-5.0, -2.0, 0.1, 3.0, 4.0, np.nan])
    _close(cp.interp(cp.asarray(x), cp.asarray(XP), cp.asarray(FP), left=left, right=right),
           np.interp(x, XP, FP, left=left, right=right))


def test_interp_complex_left_right():
    fp = FP + 2j
    x = np.array([-5.0, 0.1, 4.0])
    _close(cp.interp(cp.asarray(x), cp.asarray(XP), cp.asarray(fp), left=1j, right=2 - 1j),
           np.interp(x, XP, fp, left=1j, right=2 - 1j))


@pytest.mark.parametrize("case", [
    ([np.nan, 0.5, 1.0, 3.0, -1.0], [0, 1, 2], [1, 1, 1]),
    ([0.5, 1.5, 1.0, 2.0], [0, 1, 1, 2], [0, 10, 20, 30]),       # repeated sample
    ([0.5, 0.0, 1.0], [0, 1], [np.inf, 0]),                      # infinite samples
    ([0.5], [0, 1], [np.inf, np.inf]),
    ([0.5, 0.25], [0, 1], [-np.inf, np.inf]),
    ([0.5], [0, 1e-320], [1, 2]),                                # subnormal step
    ([np.nan, 0, 2, 1], [1], [5]),                               # one sample
    ([np.inf, -np.inf, np.nan], [0, 1], [3, 4]),
], ids=["flat", "repeated", "inf", "inf2", "infs", "tiny", "one", "xinf"])
def test_interp_special_values(case):
    x, xp, fp = (np.array(v, dtype=float) for v in case)
    _close(cp.interp(cp.asarray(x), cp.asarray(xp), cp.asarray(fp)), np.interp(x, xp, fp))


def test_interp_complex_special_values():
    x = np.array([np.nan, 0.5, 0.0])
    fp = np.array([np.inf + 1j, 2 - 1j])
    _close(cp.interp(cp.asarray(x), cp.asarray([0.0, 1.0]), cp.asarray(fp)),
           np.interp(x, [0.0, 1.0], fp))


@pytest.mark.parametrize("period", [360, -360, 7.5])
def test_interp_period(period):
    x = np.array([-180, -170, -185, 185, -10, -5, 0, 365, 720.5])
    xp = np.array([190, -190, 350, -350])
    fp = np.array([5.0, 10.0, 3.0, 4.0])
    _close(cp.interp(cp.asarray(x), cp.asarray(xp), cp.asarray(fp), period=period),
           np.interp(x, xp, fp, period=period))
    _close(cp.interp(cp.asarray(x), cp.asarray(xp), cp.asarray(fp + 1j), period=period, left=0),
           np.interp(x, xp, fp + 1j, period=period, left=0))


@pytest.mark.parametrize("args,kwargs", [
    (([1.0, 2.0], [[0.0, 1.0]], [1.0, 2.0]), {}),   # xp 2-D
    (([1.0], [0.0, 1.0], [[1.0, 2.0]]), {}),        # fp 2-D
    ((1.0, 0.0, 1.0), {}),                          # 0-d xp
    (([1.0], [0.0, 1.0], [1.0]), {}),               # lengths differ
    (([1.0], [], []), {}),                          # no samples
    (([1j], [0.0, 1.0], [0.0, 1.0]), {}),           # complex x
    (([1.0], [0.0, 1j], [0.0, 1.0]), {}),           # complex xp
    (([1.0], [0.0, 1.0], [0.0, 1.0]), {"left": 1j}),  # complex left for a real fp
    (([1.0], [0.0, 1.0], [0.0, 1.0]), {"period": 0}),
    (([1.0], [[0.0, 1.0]], [0.0, 1.0]), {"period": 2}),
    (([1.0], [0.0, 1.0], [1.0]), {"period": 2}),
], ids=["xp2d", "fp2d", "xp0d", "lengths", "empty", "complex-x", "complex-xp", "complex-left",
        "period0", "period-2d", "period-lengths"])
def test_interp_errors(args, kwargs):
    args_np = [np.array(a) for a in args]
    check_same_outcome(lambda: cp.interp(*[cp.asarray(a) for a in args_np], **kwargs),
                       lambda: np.interp(*args_np, **kwargs))


def test_interp_through_numpy_dispatch():
    x = cp.asarray(np.linspace(-1, 4, 11))
    r = np.interp(x, cp.asarray(XP), cp.asarray(FP))
    assert isinstance(r, cp.ndarray)
    _close(r, np.interp(np.linspace(-1, 4, 11), XP, FP))


# NumPy's periodic interp converts x (and xp) to float64 first: a complex x's real part,
# with a ComplexWarning; a zero period is refused before that.
@pytest.mark.parametrize("period", [2, -3])
def test_periodic_interp_of_complex_x_like_numpy(period):
    x = np.array([1 + 2j, 0.5, 7.0])
    with pytest.warns(np.exceptions.ComplexWarning):
        got = cp.interp(cp.asarray(x), cp.asarray([0.0, 1.0, 2.0]), cp.asarray([5.0, 6.0, 7.0]), period=period)
    with pytest.warns(np.exceptions.ComplexWarning):
        want = np.interp(x, [0.0, 1.0, 2.0], [5.0, 6.0, 7.0], period=period)
    np.testing.assert_allclose(cp.asnumpy(got), want)
    with pytest.raises(ValueError, match="period must be a non-zero value"):
        cp.interp(cp.asarray(x), cp.asarray([0.0, 1.0]), cp.asarray([5.0, 6.0]), period=0)
