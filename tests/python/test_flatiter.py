"""ndarray.flat (cunumpy.flatiter) against NumPy's flatiter: iteration, len, indexing by
int, slice, integer and boolean arrays, assignment through each (values repeat
cyclically), copy() and base, on contiguous and strided arrays."""
import numpy as np
import pytest

import cunumpy as cp
import _helpers


def _layouts():
    a = np.arange(24, dtype=np.float64).reshape(4, 6)
    return {
        "c": lambda x: x,
        "T": lambda x: x.T,
        "step": lambda x: x[::2, 1::2],
        "neg": lambda x: x[::-1, ::-2],
        "0d": lambda x: x[1, 2],
        "empty": lambda x: x[:0],
    }, a


LAYOUTS, BASE = _layouts()
IDS = list(LAYOUTS)


def _pair(layout, dtype=np.float64):
    a = BASE.astype(dtype)
    x = cp.asarray(a)
    return LAYOUTS[layout](a), LAYOUTS[layout](x)


@pytest.mark.parametrize("layout", IDS)
def test_len_iter_copy_base(layout):
    a, x = _pair(layout)
    f = x.flat
    assert isinstance(f, cp.flatiter) if hasattr(cp, "flatiter") else True
    assert len(f) == len(a.flat) == a.size
    assert f.base is x
    assert [float(v) for v in x.flat] == [float(v) for v in a.flat]
    c = x.flat.copy()
    assert c.shape == (a.size,) and c.ndim == 1
    np.testing.assert_array_equal(cp.asnumpy(c), a.flat.copy())
    if x.size:
        c[0] = -1
        assert float(x.flat[0]) != -1  # a copy


def test_iterator_protocol():
    a = np.arange(6).reshape(2, 3)
    x = cp.asarray(a)
    it, ref = x.flat, a.flat
    assert iter(it) is it
    assert (it.index, it.coords) == (ref.index, ref.coords)
    assert int(next(it)) == next(ref)
    assert int(next(it)) == next(ref)
    assert (it.index, it.coords) == (ref.index, ref.coords)
    assert [int(v) for v in it] == list(ref)
    with pytest.raises(StopIteration):
        next(it)


INT_KEYS = [0, 3, -1, -5, np.int64(2)]
SLICE_KEYS = [slice(None), slice(2, 9), slice(None, None, 3), slice(None, None, -2),
              slice(7, 1, -1), slice(30, 40), Ellipsis]
FANCY_KEYS = [[0, 2, 2], [-1, 0], np.array([[1, 3], [0, 4]]), []]


@pytest.mark.parametrize("layout", ["c", "T", "step", "neg"])
@pytest.mark.parametrize("key", INT_KEYS + SLICE_KEYS + FANCY_KEYS,
                         ids=[repr(k) for k in INT_KEYS + SLICE_KEYS + FANCY_KEYS])
def test_getitem(layout, key):
    a, x = _pair(layout)
    want = a.flat[key]
    xkey = cp.asarray(key) if isinstance(key, np.ndarray) else key
    got = x.flat[xkey]
    np.testing.assert_array_equal(cp.asnumpy(got), want)
    assert cp.asarray(got).shape == np.shape(want)
    assert got.dtype == a.dtype


@pytest.mark.parametrize("layout", ["c", "T", "neg"])
def test_getitem_boolean(layout):
    a, x = _pair(layout)
    mask = (np.arange(a.size) % 3) == 1
    np.testing.assert_array_equal(cp.asnumpy(x.flat[cp.asarray(mask)]), a.flat[mask])
    np.testing.assert_array_equal(cp.asnumpy(x.flat[mask]), a.flat[mask])
    m2 = mask.reshape(a.shape)  # NumPy: a boolean index of a flat iterator is 1-D
    with pytest.raises(IndexError):
        a.flat[m2]
    with pytest.raises(IndexError):
        x.flat[cp.asarray(m2)]


def test_getitem_0d():
    a, x = _pair("0d")
    assert float(x.flat[0]) == a.flat[0]
    np.testing.assert_array_equal(cp.asnumpy(x.flat[:]), a.flat[:])


@pytest.mark.parametrize("key", [24, -25, 100])
def test_getitem_out_of_bounds(key):
    a, x = _pair("c")
    with pytest.raises(IndexError):
        a.flat[key]
    with pytest.raises(IndexError):
        x.flat[key]
    with pytest.raises(IndexError):
        x.flat[key] = 1


def test_bad_keys():
    x = cp.arange(6)
    with pytest.raises(IndexError):
        x.flat[1, 2]
    with pytest.raises(IndexError):
        x.flat[cp.asarray([0.5])]
    with pytest.raises(IndexError):
        x.flat[cp.asarray([True, False])]  # the mask must have the array's size
    with pytest.raises(IndexError):
        x.flat[[6]]


SET_CASES = [
    (3, 7.5), (-1, 2), (slice(None), 1.0), (slice(1, 20, 4), [9, 8]),
    (slice(None, None, -3), np.arange(8.0)), (slice(None), np.arange(24.0)),
    ([0, 5, 5, 23], [1, 2, 3, 4]), ([2, 4, 6], 7), (np.array([[0, 1], [2, 3]]), [5]),
    (Ellipsis, [1, 2, 3]), (slice(5, 5), 3), ([], [1]),
]


@pytest.mark.parametrize("layout", ["c", "T", "step", "neg"])
@pytest.mark.parametrize("key,value", SET_CASES, ids=[f"{k!r}={v!r}"[:40] for k, v in SET_CASES])
def test_setitem(layout, key, value):
    full, x_full = BASE.copy(), cp.asarray(BASE)
    a, x = LAYOUTS[layout](full), LAYOUTS[layout](x_full)
    if np.size(key) and not isinstance(key, slice) and key is not Ellipsis \
            and np.max(key) >= a.size:
        pytest.skip("index beyond this layout's size")
    if isinstance(key, list) and len(set(key)) < len(key) and \
            _helpers.device_kind() == "cuda":
        pytest.skip("repeated indices: which write wins is undefined on CUDA (as CuPy's)")
    a.flat[key] = value
    x.flat[cp.asarray(key) if isinstance(key, np.ndarray) else key] = \
        cp.asarray(value) if isinstance(value, np.ndarray) else value
    np.testing.assert_array_equal(cp.asnumpy(x_full), full)  # written into the base


@pytest.mark.parametrize("layout", ["c", "T", "neg"])
def test_setitem_boolean(layout):
    full = BASE.copy()
    a = LAYOUTS[layout](full)
    x = LAYOUTS[layout](cp.asarray(BASE))
    mask = (np.arange(a.size) % 4) == 0
    a.flat[mask] = [-1, -2]
    x.flat[cp.asarray(mask)] = cp.asarray([-1.0, -2.0])
    np.testing.assert_array_equal(cp.asnumpy(x), a)


def test_setitem_writes_into_base_and_casts():
    full = np.zeros((3, 4), dtype=np.int32)
    x_full = cp.zeros((3, 4), dtype=cp.int32)
    full[:, 1:3].flat[[0, 3]] = 2.9
    x_full[:, 1:3].flat[[0, 3]] = 2.9
    np.testing.assert_array_equal(cp.asnumpy(x_full), full)


def test_flat_attribute_assignment():
    a = np.zeros((2, 3))
    x = cp.zeros((2, 3))
    a.flat = [1, 2]
    x.flat = [1, 2]
    np.testing.assert_array_equal(cp.asnumpy(x), a)


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "float16", "float32", "complex64"])
def test_dtypes(dtype):
    a = (np.arange(12) % 5).astype(dtype).reshape(3, 4)
    x = cp.asarray(a)
    np.testing.assert_array_equal(cp.asnumpy(x.T.flat[1::2]), a.T.flat[1::2])
    a.T.flat[[1, 2]] = a.flat[5]
    x.T.flat[[1, 2]] = x.flat[5]
    np.testing.assert_array_equal(cp.asnumpy(x), a)
