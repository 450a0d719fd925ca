"""NEP 35: NumPy's creation functions called with ``like=<cunumpy array>`` dispatch to
cunumpy through ``__array_function__`` and return cunumpy arrays equal to NumPy's own
results; cunumpy's functions take ``like=`` themselves."""
import io

import numpy as np
import pytest

import cunumpy as cp

LIKE = cp.zeros(1)


def _text():
    return io.StringIO("1 2 3\n4 5 6\n")


# (name, positional arguments, keywords): each run by NumPy with like= and without.
CALLS = [
    ("array", ([[1, 2], [3, 4]],), {}), ("array", ([1.5, 2],), {"dtype": np.float32}),
    ("asarray", ([1, 2, 3],), {}), ("asarray", (np.arange(4.0),), {"dtype": np.int16}),
    ("asanyarray", ([1, 2],), {}), ("ascontiguousarray", (np.ones((2, 3)).T,), {}),
    ("asfortranarray", (np.ones((2, 3)),), {}),
    ("arange", (5,), {}), ("arange", (1, 7, 2), {"dtype": np.float32}),
    ("empty", ((2, 3),), {}), ("zeros", ((2, 3),), {"dtype": np.int8}),
    ("ones", (4,), {}), ("full", ((2, 2), 7), {}), ("full", (3, 1.5), {"dtype": np.float32}),
    ("identity", (3,), {}), ("identity", (2,), {"dtype": np.int32}),
    ("eye", (3,), {}), ("eye", (2, 4), {"k": 1}), ("tri", (3, 4), {"k": -1}),
    ("fromfunction", (lambda i, j: i * 10 + j, (3, 4)), {}),
    ("fromfunction", (lambda i: i * 2, (5,)), {"dtype": np.int64}),
    ("fromiter", (range(5), np.int32), {}), ("fromiter", ([0, 1, 4, 9], float), {"count": 3}),
    ("frombuffer", (b"\x01\x02\x03\x04", np.uint8), {}),
    ("frombuffer", (np.arange(3.0).tobytes(),), {}),
    ("fromstring", ("1 2 3",), {"sep": " "}), ("fromstring", ("1,2", np.int16), {"sep": ","}),
    ("require", (np.ones((2, 3)),), {"requirements": "F"}),
]


@pytest.mark.parametrize("name,args,kwargs", CALLS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CALLS)])
def test_numpy_dispatches_to_cunumpy(name, args, kwargs):
    want = getattr(np, name)(*args, **kwargs)
    got = getattr(np, name)(*args, like=LIKE, **kwargs)
    assert isinstance(got, cp.ndarray), type(got)
    assert got.shape == want.shape and got.dtype == want.dtype
    if name != "empty":
        np.testing.assert_array_equal(cp.asnumpy(got), want)
    assert got.device == LIKE.device
    # cunumpy's own function takes like= too
    got2 = getattr(cp, name)(*args, like=LIKE, **kwargs)
    assert isinstance(got2, cp.ndarray) and got2.shape == want.shape and got2.dtype == want.dtype


@pytest.mark.parametrize("fn", ["loadtxt", "genfromtxt"])
def test_text_readers(fn):
    want = getattr(np, fn)(_text())
    got = getattr(np, fn)(_text(), like=LIKE)
    assert isinstance(got, cp.ndarray) and got.dtype == want.dtype
    np.testing.assert_array_equal(cp.asnumpy(got), want)
    got = getattr(cp, fn)(_text(), dtype=np.int32, like=LIKE)
    np.testing.assert_array_equal(cp.asnumpy(got), getattr(np, fn)(_text(), dtype=np.int32))
    a, b, c = cp.loadtxt(_text(), unpack=True)
    np.testing.assert_array_equal(cp.asnumpy(a), [1, 4])


def test_loadtxt_keywords():
    text = "# header\n1,2,3\n4,5,6\n7,8,9\n"
    want = np.loadtxt(io.StringIO(text), delimiter=",", usecols=(0, 2), skiprows=1, max_rows=2)
    got = np.loadtxt(io.StringIO(text), delimiter=",", usecols=(0, 2), skiprows=1, max_rows=2, like=LIKE)
    np.testing.assert_array_equal(cp.asnumpy(got), want)


def test_fromfile(tmp_path):
    p = tmp_path / "values.bin"
    np.arange(6, dtype=np.float32).tofile(p)
    got = np.fromfile(p, dtype=np.float32, like=LIKE)
    assert isinstance(got, cp.ndarray)
    np.testing.assert_array_equal(cp.asnumpy(got), np.arange(6, dtype=np.float32))
    np.testing.assert_array_equal(cp.asnumpy(cp.fromfile(p, dtype=np.float32, count=2, offset=4)),
                                  np.fromfile(p, dtype=np.float32, count=2, offset=4))


def test_fromfunction_runs_on_the_device():
    seen = []

    def f(i, j):
        seen.append(type(i))
        return i + j

    out = cp.fromfunction(f, (2, 3))
    assert seen == [cp.ndarray]
    np.testing.assert_array_equal(cp.asnumpy(out), np.fromfunction(lambda i, j: i + j, (2, 3)))


def test_like_numpy_array_stays_numpy():
    # like= a NumPy array: NumPy's own function, a NumPy result
    assert type(np.asarray([1, 2], like=np.zeros(1))) is np.ndarray


def test_like_errors_are_numpy_errors():
    with pytest.raises(TypeError):
        np.arange(like=LIKE)  # NumPy's own argument check, before dispatch
    with pytest.raises(ValueError):
        cp.asarray([1, 2], copy=False, like=LIKE)  # a list cannot be used without a copy
