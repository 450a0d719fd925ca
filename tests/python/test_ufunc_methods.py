"""ufunc methods against NumPy: outer, at (unbuffered: repeated indices accumulate; on CUDA
through atomic compare-and-swap, so the values here are exact in any update order),
reduce (add, multiply, maximum, minimum, logical_and, logical_or); the other reductions,
reduceat and accumulate are in test_reductions.py and test_scans.py."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, device_kind, sample

BINARY = ['add', 'subtract', 'multiply', 'true_divide', 'maximum', 'minimum', 'power',
          'less', 'equal', 'logical_and', 'arctan2', 'divmod', 'gcd']


@pytest.mark.parametrize('name', BINARY)
@pytest.mark.parametrize('shapes', [((3,), (4,)), ((2, 3), (4,)), ((), (3,)), ((0,), (2, 2)),
                                    ((2,), ())])
def test_outer(name, shapes):
    dt = np.int32 if name in ('gcd',) else np.float64
    a, b = sample(shapes[0], dt, 1), sample(shapes[1], dt, 2)
    if name == 'power':
        a = np.abs(a)
    with np.errstate(all='ignore'):
        expected = getattr(np, name).outer(a, b)
    got = getattr(cp, name).outer(cp.asarray(a), cp.asarray(b))
    if isinstance(expected, tuple):
        for g, e in zip(got, expected):
            assert_same(g, e)
    else:
        # CUDA's pow and atan2 are not correctly rounded: within a few ULP of NumPy's.
        assert_same(got, expected, rtol=1e-15 if name in ('arctan2', 'power') else None)


def test_outer_unary_raises_and_kwargs():
    with pytest.raises(ValueError):
        cp.sin.outer(cp.arange(3), cp.arange(3))
    a = np.arange(3, dtype=np.int16)
    assert_same(cp.add.outer(cp.asarray(a), cp.asarray(a), dtype=np.float32),
                np.add.outer(a, a, dtype=np.float32))


AT_CASES = [
    ('add', np.float64, [0, 1, 1, 4, 0, 0], 1.5),
    ('add', np.int32, [0, -1, -1, 2], np.array([1, 2, 3, 4], np.int32)),
    ('subtract', np.int8, [3, 3, 3], 100),
    ('multiply', np.float32, [1, 1, 2], np.array([2.0, 3.0, -1.0], np.float32)),
    ('maximum', np.float64, [0, 0, 5], np.array([np.nan, 2.0, 7.0])),
    ('minimum', np.uint16, [5, 5, 1], np.array([1, 0, 3], np.uint16)),
    ('bitwise_or', np.uint8, [0, 0, 2], np.array([1, 2, 4], np.uint8)),
    ('true_divide', np.float64, [2, 2], 2.0),
    ('power', np.int64, [1, 1, 1], 2),
    ('add', np.complex128, [0, 0], 1 + 2j),
    ('subtract', np.complex128, [0, 0, 3], np.array([1 + 2j, 0.5j, -4])),
    ('add', np.complex64, [1, 1], 1 - 2j),
    ('add', np.float16, [1, 1, 1], 0.5),
    ('add', np.float64, [], 1.0),
    ('add', np.int8, list(range(6)) * 50, 1),  # many updates of the same 32-bit word
    ('maximum', np.float16, [0, 1, 1, 0], np.array([9.0, -9.0, 100.0, 1.0], np.float16)),
]


@pytest.mark.parametrize('name,dtype,idx,b', AT_CASES)
def test_at_1d(name, dtype, idx, b):
    base = sample((6,), dtype, 3)
    if dtype == np.int8:
        base = np.arange(6, dtype=np.int8)
    if name == 'power':
        base = np.arange(6, dtype=dtype)
    a_np, a_cp = base.copy(), cp.asarray(base)
    idx_np = np.array(idx, np.int64)
    b_cp = cp.asarray(b) if isinstance(b, np.ndarray) else b
    with np.errstate(all='ignore'):
        getattr(np, name).at(a_np, idx_np, b)
    r = getattr(cp, name).at(a_cp, cp.asarray(idx_np), b_cp)
    assert r is None
    assert_same(a_cp, a_np)


def test_at_multidimensional_and_views():
    a = np.zeros((3, 4))
    ac = cp.asarray(a)
    rows, cols = np.array([0, 0, 2, 0]), np.array([1, 1, 3, 1])
    np.add.at(a, (rows, cols), np.array([1.0, 2.0, 3.0, 4.0]))
    cp.add.at(ac, (cp.asarray(rows), cp.asarray(cols)), cp.asarray(np.array([1.0, 2.0, 3.0, 4.0])))
    assert_same(ac, a)
    np.add.at(a, [0, 0, 2], 1.0)  # whole rows, row 0 twice
    cp.add.at(ac, [0, 0, 2], 1.0)
    assert_same(ac, a)
    np.add.at(a, (slice(None), [1, 1]), np.array([10.0, 20.0]))  # broadcast b
    cp.add.at(ac, (slice(None), [1, 1]), cp.asarray(np.array([10.0, 20.0])))
    assert_same(ac, a)
    # A non-contiguous view is updated in place, its parent sees it.
    p = np.arange(12, dtype=np.int64).reshape(3, 4)
    pc = cp.asarray(p)
    v, vc = p[:, ::-2], pc[:, ::-2]
    np.multiply.at(v, (np.array([0, 0, 2]), np.array([1, 1, 0])), 3)
    cp.multiply.at(vc, (cp.asarray(np.array([0, 0, 2])), cp.asarray(np.array([1, 1, 0]))), 3)
    assert_same(pc, p)


def test_at_complex128_multiply():
    a = np.array([1 + 1j, 2 - 1j])
    ac = cp.asarray(a)
    if device_kind() == 'cuda':
        with pytest.raises(NotImplementedError):  # no 16-byte atomic compare-and-swap
            cp.multiply.at(ac, [0, 0], 2j)
        return
    np.multiply.at(a, [0, 0], 2j)
    cp.multiply.at(ac, [0, 0], 2j)
    assert_same(ac, a)


def test_at_integer_and_negative_indices():
    a = np.zeros((3, 4), np.int64)
    ac = cp.asarray(a)
    for idx in [(0, [1, -1, -1]), 2, (np.array([[0, 1], [2, 2]]), np.array([3, -4])), -1,
                (slice(1, None), 0), (Ellipsis, [0, 0])]:
        np.add.at(a, idx, 7)
        cp.add.at(ac, idx, 7)
        assert_same(ac, a)
    for bad in [([5], [0]), (0, [-5]), 3]:
        with pytest.raises(IndexError):
            cp.add.at(ac, bad, 1)


def test_at_unary_and_errors():
    a = np.array([1.0, -2.0, 3.0])
    ac = cp.asarray(a)
    np.negative.at(a, [0, 0, 2])
    cp.negative.at(ac, [0, 0, 2])
    assert_same(ac, a)
    with pytest.raises(IndexError):
        cp.add.at(cp.asarray(np.zeros(3)), [3], 1.0)
    with pytest.raises(TypeError):  # float64 result into int64 under same_kind
        cp.add.at(cp.asarray(np.zeros(3, np.int64)), [0], 1.5)
    with pytest.raises(TypeError):
        cp.add.at(cp.asarray(np.zeros(3)), [0])
    i = np.zeros(3, np.int32)
    ic = cp.asarray(i)
    np.add.at(i, [1, 1], np.int16(2))
    cp.add.at(ic, [1, 1], np.int16(2))
    assert_same(ic, i)
    f = np.zeros(3, np.float32)
    fc = cp.asarray(f)
    np.add.at(f, [2, 2], np.array([1.5, 2.5]))  # float64 values into float32: same_kind
    cp.add.at(fc, [2, 2], cp.asarray(np.array([1.5, 2.5])))
    assert_same(fc, f)


@pytest.mark.parametrize('name', ['add', 'multiply', 'maximum', 'minimum', 'logical_and',
                                  'logical_or'])
@pytest.mark.parametrize('dtype', [np.bool_, np.int32, np.float64])
@pytest.mark.parametrize('axis', [0, 1, None, (0, 1)])
def test_reduce(name, dtype, axis):
    x = sample((3, 4), dtype, 4)
    expected = getattr(np, name).reduce(x, axis=axis)
    got = getattr(cp, name).reduce(cp.asarray(x), axis=axis)
    assert_same(got, expected, rtol=1e-13 if dtype == np.float64 else None)


@pytest.mark.parametrize('name', ['logical_and', 'logical_or'])
def test_logical_reduce_empty_keepdims_complex(name):
    e = np.zeros((0, 3), np.float32)
    assert_same(getattr(cp, name).reduce(cp.asarray(e)), getattr(np, name).reduce(e))
    z = np.array([[1 + 0j, 0j], [0j, 0j]])
    assert_same(getattr(cp, name).reduce(cp.asarray(z), axis=1, keepdims=True),
                getattr(np, name).reduce(z, axis=1, keepdims=True))


def test_methods_of_unary_ufuncs():
    x = cp.arange(4)
    with pytest.raises(ValueError):
        cp.sin.reduceat(x, [0, 2])
    with pytest.raises(ValueError):
        cp.sin.reduce(x)
    with pytest.raises(ValueError):
        cp.sin.accumulate(x)


# Found by scripts/fuzz_reductions.py: reduce/accumulate with dtype= need a loop
# (dtype, dtype) -> dtype, else TypeError (logical and comparison ufuncs give bool).
@pytest.mark.parametrize('name', ['logical_or', 'logical_xor', 'less', 'equal', 'true_divide',
                                  'subtract', 'bitwise_and'])
@pytest.mark.parametrize('dtype', ['bool', 'int16', 'float16', 'uint64', 'complex128'])
@pytest.mark.parametrize('method', ['reduce', 'accumulate'])
def test_reduce_accumulate_dtype_needs_a_loop(name, dtype, method):
    from _reduction_helpers import same
    a = np.array([[1, 2, 0], [3, 1, 2]], dtype=np.int32)
    for x in (a, a[:0]):
        same(lambda: getattr(getattr(cp, name), method)(cp.asarray(x), axis=0, dtype=dtype),
             lambda: getattr(getattr(np, name), method)(x, axis=0, dtype=dtype))
