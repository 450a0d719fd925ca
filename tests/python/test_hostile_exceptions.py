"""NumPy's exception types for hostile arguments, found by scripts/fuzz_hostile.py: keywords
of the wrong type, Python ints beyond C int / int64 as axes and indices, the order in which
NumPy checks a call's arguments, and the C++ bugs the sanitizers found on the same paths."""
import os
import subprocess
import sys

import numpy as np
import pytest

import cunumpy as cp


def same_error(fn_np, fn_cp):
    """Both raise, and cunumpy's exception is (a subclass of) NumPy's public type."""
    with pytest.raises(Exception) as e_np:
        fn_np()
    want = next(c for c in type(e_np.value).__mro__ if not c.__name__.startswith("_"))
    with pytest.raises(want):
        fn_cp()


def same_result(fn_np, fn_cp):
    want, got = fn_np(), fn_cp()
    assert got.shape == want.shape
    np.testing.assert_array_equal(got.get(), want)


class IndexHuge:
    def __index__(self):
        return 2**70


class IndexRaises:
    def __index__(self):
        raise RuntimeError("__index__ fails")


# ---- keywords that must be strings ------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda xp: xp.zeros(3, order=3),
    lambda xp: xp.arange(6.0).reshape(2, 3).ravel(order=3),
    lambda xp: xp.arange(6.0).reshape(2, 3).copy(order=1.5),
    lambda xp: xp.concatenate([xp.zeros(2), xp.zeros(2)], casting=1),
    lambda xp: xp.eye(3, "a"),  # an nb::cast that fails is a TypeError, not RuntimeError
])
def test_wrong_keyword_type_is_type_error(call):
    same_error(lambda: call(np), lambda: call(cp))


@pytest.mark.parametrize("fn", ["zeros", "empty", "ones"])
@pytest.mark.parametrize("order", ["A", "K", "a", "k"])
def test_creation_order_must_be_c_or_f(fn, order):
    same_error(lambda: getattr(np, fn)(3, order=order), lambda: getattr(cp, fn)(3, order=order))
    same_error(lambda: np.full(3, 1, order=order), lambda: cp.full(3, 1, order=order))


@pytest.mark.parametrize("method", ["ravel", "copy", "flatten"])
def test_order_none_is_accepted(method):
    a = np.arange(6.0).reshape(2, 3)
    same_result(lambda: getattr(a, method)(order=None), lambda: getattr(cp.asarray(a), method)(order=None))


def test_astype_none_is_float64():
    a = cp.arange(4, dtype=cp.int32)
    assert a.astype(None).dtype == np.arange(4, dtype=np.int32).astype(None).dtype == np.float64


# ---- the shape is checked before the dtype and the fill value ----------------------------

@pytest.mark.parametrize("call", [
    lambda xp: xp.ones(-2**100, dtype=3),
    lambda xp: xp.zeros((2**64, 1), dtype="bogus"),
    lambda xp: xp.empty(-1, order="Z"),
    lambda xp: xp.full(2**64, object()),
    lambda xp: xp.full(-2, 2**64),
    lambda xp: xp.full((2**62, 4), 1.0),
])
def test_shape_error_comes_first(call):
    same_error(lambda: call(np), lambda: call(cp))


# ---- axes ---------------------------------------------------------------------------------

@pytest.mark.parametrize("axis", [b"x", "1", bytearray(b"\x01")])
def test_str_and_bytes_are_not_axes(axis):
    a_np = np.zeros((1, 3))
    same_error(lambda: np.expand_dims(a_np, axis), lambda: cp.expand_dims(cp.asarray(a_np), axis))
    same_error(lambda: np.squeeze(a_np, axis), lambda: cp.squeeze(cp.asarray(a_np), axis))


@pytest.mark.parametrize("axis", [2**100, -2**100, 2**64 - 1, 2**61, -2**31 - 1])
def test_axes_beyond_c_int(axis):
    a_np = np.arange(6.0).reshape(2, 3)
    a_cp = cp.asarray(a_np)
    same_error(lambda: np.stack([a_np, a_np], axis=axis), lambda: cp.stack([a_cp, a_cp], axis=axis))
    same_error(lambda: np.sort(a_np, axis=axis), lambda: cp.sort(a_cp, axis=axis))
    same_error(lambda: np.expand_dims(a_np, axis), lambda: cp.expand_dims(a_cp, axis))
    same_error(lambda: np.moveaxis(a_np, axis, 0), lambda: cp.moveaxis(a_cp, axis, 0))


@pytest.mark.parametrize("axes", [(2**64 - 1, 0), (2**63, 0), (-2**100, 0), (IndexHuge(), 0)])
def test_transpose_axes_read_as_a_shape(axes):
    a_np = np.arange(6.0).reshape(2, 3)
    same_error(lambda: a_np.transpose(*axes), lambda: cp.asarray(a_np).transpose(*axes))


# ---- take's indices ---------------------------------------------------------------------

@pytest.mark.parametrize("ind", [2**63, 2**64 - 1, 2**100, -2**100, [2**63], float("nan"), float("inf"),
                                 (1, "a"), 4, -5])
def test_take_bad_indices(ind):
    same_error(lambda: np.take(np.arange(4.0), ind), lambda: cp.take(cp.arange(4.0), ind))


@pytest.mark.parametrize("ind", [1.5, "3", [1.5, 2], [True], np.uint64(2**64 - 1), -4, [[0, 3]]])
def test_take_converts_indices_as_numpy(ind):
    same_result(lambda: np.take(np.arange(4.0), ind), lambda: cp.take(cp.arange(4.0), ind))


# ---- concatenate's inputs ---------------------------------------------------------------

@pytest.mark.parametrize("arrays", ["3", b"ab", (1, "a"), [1, 2], {}, {"a": 1}, 5])
def test_concatenate_bad_inputs(arrays):
    same_error(lambda: np.concatenate(arrays), lambda: cp.concatenate(arrays))


def test_concatenate_scalar_among_arrays():
    same_error(lambda: np.concatenate([np.zeros(2), 5]), lambda: cp.concatenate([cp.zeros(2), 5]))


# ---- sizes ------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [(2**64,), (2**100,), (-2**100,), (0, 2**64 - 1, -1), (0, 2**100, 2.0)])
def test_arange_bounds_beyond_int64_too_long(args):
    same_error(lambda: np.arange(*args), lambda: cp.arange(*args))


@pytest.mark.parametrize("args", [(-2**63 - 1,), (0, -2**63 - 1, 2.0), (0, -2**63 - 1, 2**100)])
def test_arange_bounds_beyond_int64_empty(args):
    assert cp.arange(*args).shape == np.arange(*args).shape == (0,)


@pytest.mark.parametrize("dims", [(2**32, 2**32), (2**31, 2**31, 4), [2, IndexHuge()], (IndexRaises(), 2),
                                  (2**64, 1), (2, 2.0), (-1, 2), (True, 2)])
def test_indices_checks_its_shape_as_numpy(dims):
    same_error(lambda: np.indices(dims), lambda: cp.indices(dims))


@pytest.mark.parametrize("dims", [(2, 3), (0, 4), (3,), ()])
@pytest.mark.parametrize("dtype", [int, np.int32, float])
def test_indices_values(dims, dtype):
    same_result(lambda: np.indices(dims, dtype=dtype), lambda: cp.indices(dims, dtype=dtype))


@pytest.mark.parametrize("shape", [2**62, (2**61, 2), (2**31, 2**31, 2), (IndexRaises(), 2), [2, IndexHuge()],
                                   (-1, 3), (3, None)])
def test_broadcast_to_checks_as_numpy(shape):
    same_error(lambda: np.broadcast_to(1, shape), lambda: cp.broadcast_to(1, shape))


@pytest.mark.parametrize("shape", [{}, (), [3, 2], range(1, 3)])
def test_broadcast_to_takes_any_iterable(shape):
    same_result(lambda: np.broadcast_to(np.float32(2), shape), lambda: cp.broadcast_to(cp.float32(2), shape))


@pytest.mark.parametrize("n", [1.5, np.float64(2.0), float("nan")])
def test_tri_float_size_is_cupys_type_error(n):
    # CuPy's tri takes integer sizes (NumPy's float N goes through arange): kept on purpose.
    with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
        cp.tri(n)


@pytest.mark.parametrize("count", [2**62, 2**63 - 1, np.int64(2**62)])
def test_repeat_length_overflow_is_value_error(count):
    # n * count overflowed int64 in C++ (UBSan: signed-integer-overflow in repeat.cpp).
    with pytest.raises(ValueError, match="too big"):
        cp.repeat(cp.arange(4.0), count)


# ---- the C++ bugs the sanitizers found on these paths -----------------------------------

def test_default_rng_key_is_stable():
    # The key was read through a reference into a destroyed temporary (ASan:
    # stack-use-after-scope in bind_random.cpp's default_rng_key).
    keys = {cp._core.RandomGenerator.default_rng_key(12345) for _ in range(20)}
    assert len(keys) == 1
    np.testing.assert_array_equal(cp.random.default_rng(7).random(5).get(), cp.random.default_rng(7).random(5).get())


def test_failed_cuinit_falls_back_to_cpu_without_hanging():
    """A CUDA driver whose cuInit fails (here: no visible device) made the driver's one-time
    initialization re-enter itself and deadlock at the first array. On a machine without a
    driver this checks only the CPU fallback; on a GPU machine it checks the deadlock."""
    env = {k: v for k, v in os.environ.items() if k != "CUNUMPY_DEVICE"}
    env["CUDA_VISIBLE_DEVICES"] = "-1"
    code = "import cunumpy as cp; a = cp.arange(3.0); print(a.device, float(a.sum()))"
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split()[-1] == "3.0"


# ---- more of NumPy's orders and conversions ----------------------------------------------

@pytest.mark.parametrize("call", [
    lambda xp: xp.full((2**62, 4), None),
    lambda xp: xp.full(2**64, None),
    lambda xp: xp.full((2**32, 2**32), -2**63 - 1),
    lambda xp: xp.eye(3, k=IndexHuge()),
    lambda xp: xp.eye(3, k=IndexRaises()),
    lambda xp: xp.eye(3, k=1.5),
    lambda xp: xp.arange(0, [1, [2, 3]], 1),
    lambda xp: xp.arange(0, slice(1), -2**63 - 1),
    lambda xp: xp.arange(0, -2**63 - 1, 1j),
    lambda xp: xp.repeat(xp.arange(4.0), [[1]]),
    lambda xp: xp.arange(4.0)[IndexRaises()],
])
def test_more_errors_as_numpy(call):
    same_error(lambda: call(np), lambda: call(cp))


def test_eye_diagonal_at_infinity_is_empty():
    same_result(lambda: np.eye(3, k=float("inf")), lambda: cp.eye(3, k=float("inf")))
    same_result(lambda: np.eye(2, 4, k=4.0), lambda: cp.eye(2, 4, k=4.0))


def test_bytes_shape_is_its_character_codes_as_numpy():
    assert cp.empty(b"x").shape == np.empty(b"x").shape == (120,)
    same_error(lambda: np.zeros(6).reshape(b"x"), lambda: cp.zeros(6).reshape(b"x"))


@pytest.mark.parametrize("n", [-2**100, -2**64, 2**64, 2**100])
def test_tri_sizes_beyond_64_bits(n):
    same_error(lambda: np.tri(n), lambda: cp.tri(n))


@pytest.mark.parametrize("n", [-2**63 - 1, -2**63, -5])
def test_tri_negative_sizes_are_empty(n):
    same_result(lambda: np.tri(n), lambda: cp.tri(n))


# ---- moveaxis reads its axes as NumPy's normalize_axis_tuple ------------------------------

class Axes120:
    """An iterable that is no sequence: NumPy takes its elements as the axes."""
    def __iter__(self):
        return iter([1, 120])


@pytest.mark.parametrize("source", [b"x", {}, 1.5, None, 1j, object(), slice(1), np.float64(2.0),
                                    [1, 5], (0, 0), (1, "a"), [[1]], Axes120(), range(2), 2**100, 2**31])
def test_moveaxis_axes_as_numpy(source):
    a_np = np.arange(6.0).reshape(2, 3)
    same_error(lambda: np.moveaxis(a_np, source, 0), lambda: cp.moveaxis(cp.asarray(a_np), source, 0))
    same_error(lambda: np.moveaxis(a_np, 0, source), lambda: cp.moveaxis(cp.asarray(a_np), 0, source))


def test_moveaxis_error_names_the_argument_and_axis():
    with pytest.raises(np.exceptions.AxisError, match="source: axis 120 is out of bounds for array of dimension 2"):
        cp.moveaxis(cp.zeros((2, 3)), b"x", 0)
    with pytest.raises(np.exceptions.AxisError, match="destination: axis 2 is out of bounds"):
        cp.moveaxis(cp.zeros((2, 3)), 0, [1, 2, object()])  # the first bad element decides


@pytest.mark.parametrize("source,dest", [({1: 2}, [0]), (range(1, 2), (0,)), ((np.int64(-1),), 0), ([1, 0], [0, 1]),
                                         (b"\x01", 0)])
def test_moveaxis_iterable_axes_results(source, dest):
    a = np.arange(24.0).reshape(2, 3, 4)
    same_result(lambda: np.moveaxis(a, source, dest), lambda: cp.moveaxis(cp.asarray(a), source, dest))


# ---- squeeze: a tuple or one integer; reshape(None) ---------------------------------------

@pytest.mark.parametrize("axis", [[], [0], [2**100], {}])
def test_squeeze_list_axis_is_type_error(axis):
    a_np = np.zeros((1, 3))
    same_error(lambda: np.squeeze(a_np, axis), lambda: cp.squeeze(cp.asarray(a_np), axis))
    same_error(lambda: a_np.squeeze(axis), lambda: cp.asarray(a_np).squeeze(axis))
    with pytest.raises(TypeError, match="'list' object cannot be interpreted as an integer"):
        cp.squeeze(cp.zeros((1, 3)), [])


@pytest.mark.parametrize("axis", [(), (0,), 0, np.int64(-2)])
def test_squeeze_tuple_and_int_axes(axis):
    a = np.zeros((1, 3))
    same_result(lambda: np.squeeze(a, axis), lambda: cp.squeeze(cp.asarray(a), axis))


@pytest.mark.parametrize("make", [lambda xp: xp.arange(6.0).reshape(2, 3), lambda xp: xp.arange(6.0).reshape(2, 3).T,
                                  lambda xp: xp.arange(6.0)[::-2], lambda xp: xp.asarray(5.0)])
def test_reshape_none_is_the_same_shape(make):
    a_np, a_cp = make(np), make(cp)
    same_result(lambda: a_np.reshape(None), lambda: a_cp.reshape(None))
    same_result(lambda: np.reshape(a_np, None), lambda: cp.reshape(a_cp, None))
    r = a_cp.reshape(None)
    assert r is not a_cp and r.flags.c_contiguous == a_np.reshape(None).flags.c_contiguous
    c = a_cp.reshape(None, copy=True)
    c[...] = -1
    assert (a_cp.get() == make(np)).all()
    same_error(lambda: a_np.reshape(None, 2), lambda: a_cp.reshape(None, 2))
    same_error(lambda: a_np.reshape((None,)), lambda: a_cp.reshape((None,)))


# ---- arange computes its length as NumPy, before its zero-step check ----------------------

@pytest.mark.parametrize("args", [(0, np.uint64(2**64 - 1), 0), (0, np.int64(2**62), 0), (np.int64(0), 5, 0),
                                  (0, 5, np.uint64(0)), (0, 5, np.float64(0)), (0, np.int64(0), 0),
                                  (0, np.float64("nan"), 1), (0, np.uint64(2**64 - 1), -1), (0, 2**100, 0),
                                  (0, 2**64 - 1, 0), (0, 5, 0), (0, 0, 0), (0, 1.5, 0), (0, 5, False),
                                  (0, -2**100, 1), (0, "a", -2**100), (0, 1, 1e-320),
                                  # an OverflowError computing the length is NumPy's ValueError
                                  (-3, np.uint8(3)), (-3, np.uint8(3), 1), (0, 10**400, 1.0)])
def test_arange_length_errors_as_numpy(args):
    with np.errstate(all="ignore"):
        same_error(lambda: np.arange(*args), lambda: cp.arange(*args))


@pytest.mark.parametrize("args", [(0, 1, -2**100), (0, np.int64(2**62), -1), (0, 2**64 - 1, np.uint64(2**64 - 1)),
                                  (0, 1, 2**100 * 1.0), (0, -1e-300, float("inf")), (0, 5, 2)])
def test_arange_lengths_as_numpy(args):
    got = cp.arange(*args)
    want = np.arange(*args)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got.get(), want)


def test_arange_zero_step_message():
    with pytest.raises(ValueError, match="arange: cannot compute length"), np.errstate(all="ignore"):
        cp.arange(0, np.int64(0), 0)
    with pytest.raises(ZeroDivisionError):
        cp.arange(0, 2**100, 0)


# ---- repeat converts a NumPy count to intp as NumPy ---------------------------------------

def test_repeat_unsigned_counts_as_numpy():
    a_np = np.arange(4.0)
    a_cp = cp.asarray(a_np)
    same_error(lambda: np.repeat(a_np, np.uint64(2**64 - 1)), lambda: cp.repeat(a_cp, np.uint64(2**64 - 1)))
    for reps in (np.array([3], np.uint64), np.array(3, np.uint64), np.array([1, 2, 0, 1], np.uint64),
                 np.array([2.0])):
        same_error(lambda: np.repeat(a_np, reps), lambda: cp.repeat(a_cp, reps))
    with pytest.raises(TypeError, match="Cannot cast array data from dtype\\('uint64'\\)"):
        cp.repeat(a_cp, np.array([3], np.uint64))
    for reps in (np.uint64(3), np.uint8(2), np.array([1, 2, 0, 1], np.int32), np.array([True])):
        same_result(lambda: np.repeat(a_np, reps), lambda: cp.repeat(a_cp, reps))


# ---- the fuzzer's own measurement --------------------------------------------------------

def test_fuzzer_frees_each_result_before_the_other_library_runs():
    """Under the fuzzer's 4 GiB address-space limit, NumPy's 2 GiB result held while
    cunumpy allocated (or cunumpy's pool caching its block while NumPy allocated) made
    ones(2**31, 'int8') a MemoryError on one side only."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
    try:
        import fuzz_hostile
    finally:
        sys.path.pop(0)
    case = "xp.ones(2**31, dtype='int8')"
    got, rc, err = fuzz_hostile.run_batch([case, case], timeout=300)
    assert rc == 0, err[-2000:]
    assert [o for pair in got for o in pair] == [["ok", "(2147483648,)"]] * 4
