"""cunumpy.ReductionKernel against NumPy on the current device: CuPy's l2norm example,
axis (int, tuple, None, negative) and keepdims, several inputs with broadcasting, views,
reduce_type, scalars, outputs passed in, identity, errors."""
import numpy as np
import pytest

import cunumpy as cp

L2NORM = cp.ReductionKernel(
    'T x',  # input params
    'T y',  # output params
    'x * x',  # map
    'a + b',  # reduce
    'y = sqrt(a)',  # post-reduction map
    '0',  # identity value
    'l2norm')  # kernel name


def test_user_guide_l2norm():
    xn = np.arange(10, dtype=np.float32).reshape(2, 5)
    y = L2NORM(cp.asarray(xn), axis=1)
    assert y.dtype == np.float32 and y.shape == (2,)
    np.testing.assert_allclose(cp.asnumpy(y), np.linalg.norm(xn, axis=1), rtol=1e-6)


@pytest.mark.parametrize('axis', [None, 0, 1, 2, -1, (0, 2), (1, 2), (0, 1, 2)])
@pytest.mark.parametrize('keepdims', [False, True])
def test_axis_and_keepdims(axis, keepdims):
    xn = (np.arange(60, dtype=np.float64).reshape(3, 4, 5) - 20) / 7
    y = L2NORM(cp.asarray(xn), axis=axis, keepdims=keepdims)
    expected = np.sqrt(np.sum(xn * xn, axis=axis, keepdims=keepdims))
    assert y.shape == expected.shape
    np.testing.assert_allclose(cp.asnumpy(y), expected, rtol=1e-12)


def test_large_full_reduction_uses_chunks():
    xn = np.random.default_rng(0).random(1_000_003).astype(np.float64)
    y = L2NORM(cp.asarray(xn))
    assert y.shape == ()
    np.testing.assert_allclose(float(y), np.sqrt(np.sum(xn * xn)), rtol=1e-10)


@pytest.mark.parametrize('shape,axis', [((5, 3000), 1), ((5, 3000), 0), ((1, 100), None),
                                        ((70000, 3), 1), ((4, 20000), 1)])
def test_launch_shapes(shape, axis):
    # Covers each launch form: a block per output (one chunk or several, then a combining
    # pass) and a thread per output, on CUDA; rows and chunks on the CPU.
    xn = np.random.default_rng(1).random(shape)
    y = L2NORM(cp.asarray(xn), axis=axis)
    np.testing.assert_allclose(cp.asnumpy(y), np.sqrt(np.sum(xn * xn, axis=axis)), rtol=1e-12)


def test_views_as_inputs():
    base = np.arange(48, dtype=np.float64).reshape(6, 8)
    b = cp.asarray(base)
    for xn, xc in [(base.T, b.T), (base[::2, 1::3], b[::2, 1::3]), (base[::-1], b[::-1])]:
        for axis in (0, 1, None):
            np.testing.assert_allclose(cp.asnumpy(L2NORM(xc, axis=axis)),
                                       np.sqrt(np.sum(xn * xn, axis=axis)), rtol=1e-12)


def test_two_inputs_broadcast_and_reduce_type():
    dot = cp.ReductionKernel('T x, T y', 'T z', 'x * y', 'a + b', 'z = a', '0', 'rowdot',
                             reduce_type='double')
    xn = np.arange(12, dtype=np.float32).reshape(3, 4)
    yn = np.arange(4, dtype=np.float32)
    z = dot(cp.asarray(xn), cp.asarray(yn), axis=1)
    assert z.dtype == np.float32
    np.testing.assert_allclose(cp.asnumpy(z), xn @ yn)


def test_max_with_identity_and_int_types():
    kmax = cp.ReductionKernel('T x', 'T y', 'x', 'max(a, b)', 'y = a', '-1000000', 'my_max')
    xn = np.array([[3, -7, 12], [5, 100, -2]], dtype=np.int32)
    np.testing.assert_array_equal(cp.asnumpy(kmax(cp.asarray(xn), axis=1)), xn.max(axis=1))
    np.testing.assert_array_equal(cp.asnumpy(kmax(cp.asarray(xn), axis=0)), xn.max(axis=0))


def test_typed_params_with_scalar_and_index_variables():
    # map uses a scalar parameter; post_map writes two outputs and uses _i (CuPy's output
    # index).
    k = cp.ReductionKernel('float64 x, float64 s', 'float64 total, int64 row', 'x * s', 'a + b',
                           'total = a; row = _i', '0', 'scaled_sum')
    xn = np.arange(12, dtype=np.float64).reshape(3, 4)
    total, row = k(cp.asarray(xn), 0.5, axis=1)
    np.testing.assert_allclose(cp.asnumpy(total), xn.sum(axis=1) * 0.5)
    np.testing.assert_array_equal(cp.asnumpy(row), [0, 1, 2])


def test_index_names_in_map_expr():
    # CuPy: _i is the output index, _J the index among the reduced elements, _j the input
    # index with the reduced axes outermost (_J * outputs + _i).
    k = cp.ReductionKernel('T x', 'int64 y', '_i * 1000000 + _J * 1000 + _j', 'max(a, b)',
                           'y = a', '-1', 'index_names', reduce_type='long long')
    y = k(cp.zeros((3, 4), dtype=np.float32), axis=1)
    np.testing.assert_array_equal(cp.asnumpy(y), [i * 1000000 + 3 * 1000 + 3 * 3 + i for i in range(3)])


def test_sum_of_int8_into_int64_output():
    k = cp.ReductionKernel('T x', 'int64 y', 'x', 'a + b', 'y = a', '0', 'sum_i8', reduce_type='long long')
    xn = np.full((1000,), 100, dtype=np.int8)
    assert int(k(cp.asarray(xn))) == 100000


def test_output_passed_in():
    xn = np.arange(10, dtype=np.float32).reshape(2, 5)
    out = cp.zeros((2,), dtype=np.float32)
    r = L2NORM(cp.asarray(xn), axis=1, out=out)
    assert r is out
    np.testing.assert_allclose(cp.asnumpy(out), np.linalg.norm(xn, axis=1), rtol=1e-6)
    out2 = cp.zeros((2,), dtype=np.float32)
    assert L2NORM(cp.asarray(xn), out2, axis=1) is out2
    with pytest.raises(ValueError):
        L2NORM(cp.asarray(xn), axis=1, out=cp.zeros((5,), dtype=np.float32))


def test_empty_reduction_gives_identity():
    y = L2NORM(cp.zeros((3, 0), dtype=np.float64), axis=1)
    np.testing.assert_array_equal(cp.asnumpy(y), [0, 0, 0])


def test_errors():
    with pytest.raises(TypeError):
        L2NORM()
    with pytest.raises(TypeError):
        L2NORM(cp.zeros(3), cp.zeros(3), cp.zeros(3))
    with pytest.raises(np.exceptions.AxisError):
        L2NORM(cp.zeros((2, 3)), axis=2)
    with pytest.raises(ValueError):
        L2NORM(cp.zeros((2, 3)), axis=(0, 0))
    with pytest.raises(TypeError):
        cp.ReductionKernel('T x, T y', 'T z', 'x * y', 'a + b', 'z = a', '0', 'mm')(
            cp.zeros(3, dtype=np.float32), cp.zeros(3, dtype=np.float64))
    broken = cp.ReductionKernel('T x', 'T y', 'x', 'a +* b', 'y = a', '0', 'broken_reduce')
    with pytest.raises(cp.cuda.compiler.CompileException, match='broken_reduce'):
        broken(cp.zeros(3))
