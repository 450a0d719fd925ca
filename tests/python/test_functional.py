"""apply_along_axis, apply_over_axes, piecewise and vectorize against NumPy."""
from math import floor, sqrt

import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome, make_pair


@pytest.mark.parametrize("layout", ["contig1d", "contig", "contig3d", "fortran", "noncontig",
                                    "negstride", "broadcast"])
@pytest.mark.parametrize("axis", [0, -1, 1])
@pytest.mark.parametrize("fn", ["sum", "double", "outer", "first"])
def test_apply_along_axis(layout, axis, fn):
    a_np, a_cp = make_pair(layout, np.float64)
    funcs = {"sum": lambda xp: (lambda r: r.sum()),
             "double": lambda xp: (lambda r: r * 2),
             "outer": lambda xp: (lambda r: xp.outer(r, r[:2])),
             "first": lambda xp: (lambda r: r[0])}
    check_same_outcome(lambda: cp.apply_along_axis(funcs[fn](cp), axis, a_cp),
                       lambda: np.apply_along_axis(funcs[fn](np), axis, a_np),
                       lambda g, e: assert_same(g, e, check_strides=True))


def test_apply_along_axis_args_kwargs():
    a = np.arange(12.).reshape(3, 4)
    assert_same(cp.apply_along_axis(lambda r, k, *, scale: r[:k] * scale, 1, cp.asarray(a), 2, scale=3.0),
                np.apply_along_axis(lambda r, k, *, scale: r[:k] * scale, 1, a, 2, scale=3.0))


def test_apply_along_axis_first_result_sets_dtype_and_shape():
    def make(xp):
        calls = []

        def f(r):
            calls.append(1)
            return r.sum() if len(calls) == 1 else r.sum() + 0.5
        return f
    a = np.arange(6).reshape(2, 3)
    r_cp = cp.apply_along_axis(make(cp), 0, cp.asarray(a))
    r_np = np.apply_along_axis(make(np), 0, a)
    assert_same(r_cp, r_np, check_strides=True)


@pytest.mark.parametrize("shape,axis", [((2, 0), 0), ((0, 3), 1), ((), 0), ((3,), 2), ((2, 3), 1.0)])
def test_apply_along_axis_errors(shape, axis):
    a = np.ones(shape)
    check_same_outcome(lambda: cp.apply_along_axis(lambda r: r, axis, cp.asarray(a)),
                       lambda: np.apply_along_axis(lambda r: r, axis, a))


@pytest.mark.parametrize("axes", [0, 1, [0, 2], (2, 0), [-1], []])
@pytest.mark.parametrize("fn", ["sum", "max"])
def test_apply_over_axes(axes, fn):
    a_np, a_cp = make_pair("contig3d", np.int32)
    check_same_outcome(lambda: cp.apply_over_axes(getattr(cp, fn), a_cp, axes),
                       lambda: np.apply_over_axes(getattr(np, fn), a_np, axes))


def test_apply_over_axes_bad_function():
    a = np.ones((2, 3, 4))
    check_same_outcome(lambda: cp.apply_over_axes(lambda x, ax: x.sum(), cp.asarray(a), [0]),
                       lambda: np.apply_over_axes(lambda x, ax: x.sum(), a, [0]))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.complex128])
def test_piecewise_constants_and_callables(dtype):
    x_np = np.linspace(-2.5, 2.5, 11).astype(dtype)
    x_cp = cp.asarray(x_np)

    def run(xp, x):
        return xp.piecewise(x, [x.real < 0, x.real > 1], [-1, lambda v: v * 2, 7])
    assert_same(run(cp, x_cp), run(np, x_np))


@pytest.mark.parametrize("layout", ["0d", "empty", "contig", "noncontig", "negstride"])
def test_piecewise_layouts(layout):
    x_np, x_cp = make_pair(layout, np.float64)
    assert_same(cp.piecewise(x_cp, [x_cp > 0], [lambda v: v + 1, lambda v: -v]),
                np.piecewise(x_np, [x_np > 0], [lambda v: v + 1, lambda v: -v]))
    check_same_outcome(lambda: cp.piecewise(x_cp, x_cp > 0, [1, 2]),
                       lambda: np.piecewise(x_np, x_np > 0, [1, 2]))


def test_piecewise_overlapping_later_wins_and_args():
    x_np = np.arange(6.)
    x_cp = cp.asarray(x_np)
    assert_same(cp.piecewise(x_cp, [x_cp > 1, x_cp > 3], [lambda v, a: v * a, 0.5], 10),
                np.piecewise(x_np, [x_np > 1, x_np > 3], [lambda v, a: v * a, 0.5], 10))
    assert_same(cp.piecewise(x_cp, True, [3]), np.piecewise(x_np, True, [3]))
    check_same_outcome(lambda: cp.piecewise(x_cp, [True], [3]), lambda: np.piecewise(x_np, [True], [3]))


def test_piecewise_wrong_count():
    x = np.arange(4.)
    check_same_outcome(lambda: cp.piecewise(cp.asarray(x), [x > 1], [1, 2, 3]),
                       lambda: np.piecewise(x, [x > 1], [1, 2, 3]))


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32, np.float64, np.complex64, np.bool_])
def test_vectorize_arithmetic(dtype):
    def f(x, y):
        return x * y + 1

    x_np = (np.arange(6).reshape(2, 3) % 3).astype(dtype)
    y_np = np.array([1, 0, 1]).astype(dtype)
    r_cp = cp.vectorize(f)(cp.asarray(x_np), cp.asarray(y_np))
    r_np = np.vectorize(f)(x_np, y_np)
    assert_same(r_cp, r_np)


def test_vectorize_ufuncs_where_and_scalars():
    def f(x, a):
        return cp.where(x > a, cp.sin(x), x * a)

    def g(x, a):
        return np.where(x > a, np.sin(x), x * a)
    x_np = np.linspace(-1, 3, 9)
    assert_same(cp.vectorize(f)(cp.asarray(x_np), 0.5), g(x_np, 0.5), rtol=1e-15)


@pytest.mark.parametrize("layout", ["0d", "empty", "noncontig", "negstride", "broadcast"])
def test_vectorize_layouts_and_otypes(layout):
    x_np, x_cp = make_pair(layout, np.float64)
    vf = cp.vectorize(lambda v: v * 3 - 1, otypes=[np.float32])
    assert_same(vf(x_cp), np.vectorize(lambda v: v * 3 - 1, otypes=[np.float32])(x_np))


def test_vectorize_tuple_result_and_lists():
    vf = cp.vectorize(lambda a, b: (a + b, a - b))
    s, d = vf([1, 2, 3], cp.asarray([3, 2, 1]))
    assert_same(s, np.array([4, 4, 4]))
    assert_same(d, np.array([-2, 0, 2]))


def test_vectorize_keeps_doc_and_name():
    def f(x):
        """Doc of f."""
        return x + 1
    vf = cp.vectorize(f)
    assert vf.__doc__ == "Doc of f." and vf.__name__ == "f"
    assert cp.vectorize(f, doc="other").__doc__ == "other"


@pytest.mark.parametrize("body,what", [
    (lambda x: bool(x), "truth value"),
    (lambda x: x[0], "indexing"),
    (lambda x: x.sum(), "reduction"),
    (lambda x: 3, "not computed from the arguments"),
    (lambda x: len(x), "len()"),
])
def test_vectorize_untranslatable_is_a_clear_error(body, what):
    with pytest.raises(TypeError, match="could not translate") as e:
        cp.vectorize(body)(cp.arange(3))
    assert what in str(e.value)


def test_vectorize_unsupported_options():
    with pytest.raises(NotImplementedError):
        cp.vectorize(lambda x: x, signature="(n)->()")
    with pytest.raises(NotImplementedError):
        cp.vectorize(lambda x: x, excluded={1})
    with pytest.raises(TypeError):
        cp.vectorize(np.sin)(cp.arange(3.))


def test_vectorize_math_module_functions():
    import math

    def f(x, y):
        return math.sqrt(x * x + y * y) + math.sin(x) * math.pi - math.log(y + 3, 2)

    x_np = np.linspace(-2, 2, 7)
    y_np = np.linspace(0, 1, 7)
    exp = np.sqrt(x_np * x_np + y_np * y_np) + np.sin(x_np) * np.pi - np.log(y_np + 3) / np.log(2)
    assert_same(cp.vectorize(f)(cp.asarray(x_np), cp.asarray(y_np)), exp, rtol=1e-14)
    with pytest.raises(TypeError, match="math.factorial"):
        cp.vectorize(lambda v: math.factorial(v))(cp.arange(3))


def _relu(x):
    return x if x > 0 else 0.0


def _piecewise_scalar(x, lo):
    t = x * 2
    if t < lo:
        return lo
    elif t > 4:
        if x > 10:
            return 10.0
        return t - 4
    return t


def test_vectorize_conditionals():
    x_np = np.linspace(-3, 12, 16)
    x_cp = cp.asarray(x_np)
    assert_same(cp.vectorize(_relu)(x_cp), np.vectorize(_relu)(x_np))
    assert_same(cp.vectorize(_piecewise_scalar)(x_cp, -1.0), np.vectorize(_piecewise_scalar)(x_np, -1.0))
    scale = 3.0
    vf = cp.vectorize(lambda v: v * scale if v < 1 else -v)  # a closure, a lambda
    assert_same(vf(x_cp), np.where(x_np < 1, x_np * scale, -x_np))


def _loop(x):
    total = 0
    for _ in range(int(x)):
        total += 1
    return total


def test_vectorize_untranslatable_control_flow():
    with pytest.raises(TypeError, match="could not translate"):
        cp.vectorize(_loop)(cp.arange(3.0))


def test_fuse_where_with_python_scalar_argument():
    # The tracer typed a Python scalar argument of where() as an object (found by vectorize).
    f = cp.fuse(lambda x, a: cp.where(x > a, x, a))
    x = np.linspace(-1, 1, 5)
    assert_same(f(cp.asarray(x), 0.5), np.where(x > 0.5, x, 0.5))


def test_vectorize_math_imported_names_and_int_results():
    x_np = np.linspace(0.5, 7.5, 8)
    vf = cp.vectorize(_floor_sqrt)
    assert_same(vf(cp.asarray(x_np)), np.vectorize(_floor_sqrt)(x_np))


def _floor_sqrt(v):
    return floor(sqrt(v) * 3)  # names imported from math at the top of this file


def _clamp(x, lo, hi):
    return float(min(max(x, lo), hi)) + int(x) * 0


def test_vectorize_builtins_max_min_float_int():
    x_np = np.array([-3.5, -0.5, 0.25, 2.0, 7.75, np.nan])
    got = cp.vectorize(_clamp)(cp.asarray(x_np), -1.0, 3.0)
    exp = np.array([_clamp(v, -1.0, 3.0) if not np.isnan(v) else np.nan for v in x_np])
    assert_same(got, exp)
    assert_same(cp.vectorize(lambda v: int(v))(cp.asarray([1.7, -2.5])), np.array([1, -2]))
    with pytest.raises(TypeError, match="max"):
        cp.vectorize(lambda v: max(v, 1, 2))(cp.arange(3))


# ---- vectorize: and/or/not, chained comparisons, if statements, for loops ---------------
# (module-level functions: the rewrite reads their source)

def _vf_and(a, b):
    return a and b


def _vf_or(a, b):
    return a or b


def _vf_and_or_chain(a, b):
    return a and b or a - b


def _vf_not(a):
    return not a


def _vf_bool_mix(a, b):
    return (a > 0 and b > 0) or not b


def _vf_chained(a):
    return 0 < a <= 2


def _vf_chained_two(a, b):
    return a < b <= 3 != a


def _vf_if_assign(a, b):
    if a > b:
        r = a - b
    else:
        r = b * 2
    return r + 1


def _vf_elif_augassign(a, b):
    s = b
    if a > 2:
        s = a
    elif a > 0:
        s += 3
    else:
        s = a
        s *= 2
    return s


def _vf_nested_if(a, b):
    r = a
    if a > 0:
        if b > 0:
            r = a + b
        else:
            t = a * b
            r = t - 1
    return r


def _vf_for(a, b):
    acc = b
    for i in range(4):
        acc = acc * a + i
    return acc


def _vf_for_if(a, b):
    acc = a
    for _ in range(3):
        if acc > b:
            acc = acc - b
        else:
            acc = acc + 1
    return acc


def _vf_if_then_return(a, b):
    c = a + b
    if c > 2:
        d = c * 2
    else:
        d = c
    if d > 5:
        return d
    return -d


VECTORIZE_CASES = [_vf_and, _vf_or, _vf_and_or_chain, _vf_bool_mix, _vf_chained_two, _vf_if_assign,
                   _vf_elif_augassign, _vf_nested_if, _vf_for, _vf_for_if, _vf_if_then_return]


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32, np.float64])
@pytest.mark.parametrize("f", VECTORIZE_CASES, ids=lambda f: f.__name__)
def test_vectorize_control_flow_like_numpy(f, dtype):
    x_np = np.array([[-2, -1, 0, 1], [2, 3, 4, 0]]).astype(dtype)
    y_np = np.array([1, 0, 2, 3]).astype(dtype)
    r_np = np.vectorize(f)(x_np, y_np)
    assert_same(cp.vectorize(f)(cp.asarray(x_np), cp.asarray(y_np)), r_np)
    # strided and 0-d operands
    assert_same(cp.vectorize(f)(cp.asarray(x_np)[:, ::-2], cp.asarray(y_np)[::2]),
                np.vectorize(f)(x_np[:, ::-2], y_np[::2]))
    assert_same(cp.vectorize(f)(cp.asarray(x_np[0, 3]), cp.asarray(y_np[1])),
                np.asarray(np.vectorize(f)(x_np[0, 3], y_np[1])))


@pytest.mark.parametrize("dtype", [np.int64, np.float64, np.bool_])
@pytest.mark.parametrize("f", [_vf_not, _vf_chained], ids=lambda f: f.__name__)
def test_vectorize_unary_bool_ops_like_numpy(f, dtype):
    x_np = np.array([-1, 0, 1, 2, 3]).astype(dtype)
    assert_same(cp.vectorize(f)(cp.asarray(x_np)), np.vectorize(f)(x_np))
    if dtype == np.float64:
        x_np = np.array([np.nan, np.inf, -0.0, 0.5])
        assert_same(cp.vectorize(f)(cp.asarray(x_np)), np.vectorize(f)(x_np))


def test_vectorize_bool_ops_on_python_values_short_circuit():
    calls = []

    def side(v):
        calls.append(v)
        return v

    def f(a):
        return a + (1 if (False and side(1)) or (True or side(2)) else 0)
    assert_same(cp.vectorize(f)(cp.arange(3)), np.vectorize(f)(np.arange(3)))
    assert calls == []  # Python's short-circuit: side() never ran while tracing


def _vf_while(a):
    while a > 1:
        a = a / 2
    return a


def _vf_break(a):
    for i in range(3):
        if i > 1:
            break
        a = a + 1
    return a


def _vf_return_in_assigning_if(a):
    r = a
    if a > 0:
        r = 2 * a
        return r
    return r


def _vf_for_in_if(a):
    if a > 0:
        for i in range(2):
            a = a + i
    return a


def _vf_subscript_in_branch(a):
    r = [a]
    if a > 0:
        r[0] = a
    return r[0]


@pytest.mark.parametrize("f,what", [
    (_vf_while, "'while' loop"),
    (_vf_break, "'break'"),
    (_vf_return_in_assigning_if, "'return' inside an 'if'"),
    (_vf_for_in_if, "'for' loop inside an if branch"),
    (_vf_subscript_in_branch, "something other than a name"),
], ids=lambda v: v if isinstance(v, str) else v.__name__)
def test_vectorize_unsupported_control_flow_names_the_construct(f, what):
    with pytest.raises(TypeError, match="could not translate") as e:
        cp.vectorize(f)(cp.arange(3.0))
    assert what in str(e.value)
