"""Pickling cunumpy arrays (pickle at every protocol, copy.copy/deepcopy, multiprocessing
with the spawn start method) and weak references to them."""
import copy
import gc
import multiprocessing
import operator
import pickle
import weakref

import numpy as np
import pytest

import cunumpy as cp

DTYPES = ["bool", "int8", "uint16", "int32", "int64", "uint64", "float16", "float32",
          "float64", "complex64", "complex128"]


def _values(dtype, shape=(3, 4)):
    a = (np.arange(int(np.prod(shape))) % 7 - 3).reshape(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * a[::-1]
    return a.astype(dtype)


def _same(got, want):
    assert isinstance(got, cp.ndarray)
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_array_equal(cp.asnumpy(got), cp.asnumpy(want))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_roundtrip(dtype, protocol):
    x = cp.asarray(_values(dtype))
    y = pickle.loads(pickle.dumps(x, protocol=protocol))
    _same(y, x)
    assert y.device == x.device
    assert y.data.ptr != x.data.ptr  # a new array


@pytest.mark.parametrize("view", ["0d", "empty", "T", "step", "neg", "fortran", "bcast"])
def test_pickle_layouts(view):
    base = cp.asarray(_values("float32", (4, 6)))
    x = {"0d": base[1, 2], "empty": base[:0], "T": base.T, "step": base[::2, 1::3],
         "neg": base[::-1, ::-2], "fortran": cp.asfortranarray(base),
         "bcast": cp.broadcast_to(base[:1], (3, 4, 6))}[view]
    y = pickle.loads(pickle.dumps(x))
    _same(y, x)
    if view == "fortran":
        assert y.flags.f_contiguous  # the memory order survives, as NumPy's pickles keep it
    before = cp.asnumpy(x).copy()
    y[...] = 0  # writeable, with memory of its own
    np.testing.assert_array_equal(cp.asnumpy(x), before)


def test_pickle_inside_containers():
    x = cp.arange(5)
    obj = {"a": x, "b": [x, x[1:]], "c": (1, "s")}
    back = pickle.loads(pickle.dumps(obj))
    _same(back["a"], x)
    _same(back["b"][1], x[1:])
    assert back["b"][0] is back["a"]


def test_unpickle_on_the_array_device():
    x = cp.arange(3)
    y = pickle.loads(pickle.dumps(x))
    assert y.device == x.device
    cpu = cp.zeros(2, device="cpu")
    assert str(pickle.loads(pickle.dumps(cpu)).device) == "cpu"


@pytest.mark.parametrize("fn", [copy.copy, copy.deepcopy])
def test_copy_module(fn):
    x = cp.asarray(_values("int32"))
    y = fn(x)
    _same(y, x)
    y[0, 0] = 100
    assert int(x[0, 0]) != 100
    f = fn(cp.asfortranarray(x))
    assert f.flags.f_contiguous


def test_deepcopy_memo():
    x = cp.arange(4.0)
    a, b = copy.deepcopy([x, x])
    _same(a, x)
    assert a is b  # deepcopy's memo: one copy for one object


def test_multiprocessing_spawn():
    # A child process started by spawn unpickles the array, computes on its current
    # device, and sends back a cunumpy array.
    x = cp.asarray(_values("float64"))
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(1) as pool:
        y = pool.apply(operator.neg, (x,))
    _same(y, -x)
    assert y.device == x.device


def test_weakref():
    x = cp.arange(3)
    r = weakref.ref(x)
    assert r() is x
    proxy = weakref.proxy(x)
    assert int(proxy.sum()) == 3
    d = weakref.WeakValueDictionary()
    d["x"] = x
    del x, proxy
    gc.collect()
    assert r() is None and "x" not in d


def test_weakref_callback():
    x = cp.arange(6)
    seen = []
    r = weakref.ref(x, lambda ref: seen.append(ref))
    del x
    gc.collect()
    assert r() is None and len(seen) == 1


def test_weakref_to_a_view():
    x = cp.arange(6)
    v = x[1:]
    r = weakref.ref(v)
    np.testing.assert_array_equal(cp.asnumpy(r()), np.arange(1, 6))
    del v
    gc.collect()
    assert r() is None
    np.testing.assert_array_equal(cp.asnumpy(x), np.arange(6))
