"""Host transfer against NumPy: asnumpy, .get() (stream=, out=), .set(), the TypeError of
numpy.asarray(device_array), repr/str/format equal to NumPy's, and cross-device asarray."""

import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, assert_values_equal, make_pair, sample


# ---------------------------------------------------------------- asnumpy / get
def test_asnumpy_and_get(dtype, layout):
    a_np, a_cp = make_pair(layout, dtype)
    for got in (cp.asnumpy(a_cp), a_cp.get(), a_cp.get(stream=None)):
        assert type(got) is np.ndarray
        assert got.dtype == a_np.dtype and got.shape == a_np.shape
        assert_values_equal(got, a_np)
        assert got.flags.owndata or got.base is not None  # a real host array
        assert got.flags.writeable


def test_asnumpy_of_host_objects():
    a = np.arange(4)
    assert cp.asnumpy(a) is a or np.shares_memory(cp.asnumpy(a), a)
    np.testing.assert_array_equal(cp.asnumpy([1, 2, 3]), np.asarray([1, 2, 3]))
    assert cp.asnumpy(5) == np.asarray(5)


@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_get_order(order, layout):
    a_np, a_cp = make_pair(layout, np.int16)
    for h in (a_cp.get(order=order), cp.asnumpy(a_cp, order=order)):
        assert type(h) is np.ndarray
        assert_values_equal(h, a_np)
        if order == "C":
            assert h.flags.c_contiguous
        elif order == "F":
            assert h.flags.f_contiguous


def test_get_returns_a_copy():
    a_np, a_cp = make_pair("contig", np.float64)
    h = a_cp.get()
    h[...] = 0
    assert_same(a_cp, a_np)


def test_get_with_stream_of_current_device():
    a_np, a_cp = make_pair("contig", np.float32)
    stream = cp.cuda.get_current_stream() if hasattr(cp.cuda, "get_current_stream") else None
    assert_values_equal(a_cp.get(stream=stream), a_np)


@pytest.mark.parametrize("out_order", ["C", "F"])
def test_get_out(dtype, layout, out_order):
    a_np, a_cp = make_pair(layout, dtype)
    out = np.empty(a_np.shape, dtype=dtype, order=out_order)
    r = a_cp.get(out=out)
    assert r is out
    assert_values_equal(out, a_np)
    out2 = np.empty(a_np.shape, dtype=dtype, order=out_order)
    r2 = cp.asnumpy(a_cp, out=out2)
    assert r2 is out2
    assert_values_equal(out2, a_np)


def test_get_out_errors():
    a_cp = cp.zeros((2, 3), dtype=np.float32)
    with pytest.raises(TypeError):
        a_cp.get(out=np.empty((2, 3), dtype=np.float64))  # dtype mismatch
    with pytest.raises(ValueError):
        a_cp.get(out=np.empty((3, 2), dtype=np.float32))  # shape mismatch
    with pytest.raises(TypeError):
        a_cp.get(out=[0] * 6)  # not a numpy array


# ---------------------------------------------------------------- set
@pytest.mark.parametrize("src_layout", ["contig", "fortran", "noncontig", "negstride",
                                        "broadcast"])
def test_set(dtype, src_layout):
    src_np, _ = make_pair(src_layout, dtype, seed=7)
    dst = cp.zeros(src_np.shape, dtype=dtype)
    r = dst.set(src_np)
    assert r is None
    assert_same(dst, src_np)
    f_dst = cp.zeros(src_np.shape, dtype=dtype, order="F")
    f_dst.set(src_np)
    assert_same(f_dst, src_np)


def test_set_0d_and_empty(dtype):
    for shape in ((), (0,), (2, 0)):
        src = sample(shape, dtype, 2)
        dst = cp.empty(shape, dtype=dtype)
        dst.set(src)
        assert_same(dst, src)


def test_set_errors():
    dst = cp.zeros((2, 3), dtype=np.float32)
    with pytest.raises(TypeError):
        dst.set(np.zeros((2, 3), dtype=np.float64))  # dtype mismatch
    with pytest.raises(ValueError):
        dst.set(np.zeros((3, 2), dtype=np.float32))  # shape mismatch
    with pytest.raises(TypeError):
        dst.set([[0.0] * 3] * 2)  # not a numpy array


# ---------------------------------------------------------------- implicit conversion
@pytest.mark.parametrize("conv", ["asarray", "array", "ascontiguousarray", "asanyarray"])
def test_numpy_implicit_conversion_raises_typeerror(conv):
    x = cp.arange(4) if hasattr(cp, "arange") else cp.asarray(np.arange(4))
    with pytest.raises(TypeError) as exc:
        getattr(np, conv)(x)
    assert ".get()" in str(exc.value), f"message should tell the user to call .get(): {exc.value}"


def test_numpy_function_on_device_array_raises_typeerror():
    x = cp.zeros(3)
    with pytest.raises(TypeError):
        np.asarray([x, x])
    with pytest.raises(TypeError):
        np.array(x, dtype=np.float32)


# ---------------------------------------------------------------- printing
PRINT_SHAPES = [(), (0,), (1,), (5,), (2, 3), (0, 3), (3, 0), (2, 3, 4), (1, 1, 1, 2),
                (2000,), (40, 40)]


@pytest.mark.parametrize("shape", PRINT_SHAPES, ids=repr)
def test_repr_and_str_equal_numpy(dtype, shape):
    a_np = sample(shape, dtype, seed=11)
    a_cp = cp.asarray(a_np)
    assert repr(a_cp) == repr(a_np)
    assert str(a_cp) == str(a_np)


def test_repr_of_views(dtype, layout):
    a_np, a_cp = make_pair(layout, dtype)
    assert repr(a_cp) == repr(a_np)
    assert str(a_cp) == str(a_np)


SPECIAL_PRINT = [
    np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-300, 1e300]),
    np.array([1e-8, 1.0, 123456789.0], dtype=np.float32),
    np.array([0.1, 0.25], dtype=np.float16),
    np.array([1 + 2j, np.nan + 1j, -0.0 - 0.0j], dtype=np.complex64),
    np.array([2**63, 2**64 - 1], dtype=np.uint64),
    np.array([-2**63, 2**63 - 1], dtype=np.int64),
    np.array([True, False]),
    np.array(3.5, dtype=np.float32), np.array(-0.0), np.array(7, dtype=np.uint8),
    np.array(1j, dtype=np.complex128), np.array(True),
    np.zeros((0,), dtype=np.float32), np.zeros((2, 0), dtype=np.int8),
    np.zeros((0,), dtype=np.complex64), np.zeros((), dtype=np.int64),
]


@pytest.mark.parametrize("a_np", SPECIAL_PRINT, ids=lambda a: f"{a.dtype}-{a.shape}")
def test_repr_special_values(a_np):
    a_cp = cp.asarray(a_np)
    assert repr(a_cp) == repr(a_np)
    assert str(a_cp) == str(a_np)


def test_printoptions_are_honoured():
    a_np = np.linspace(0, 1, 7) * np.pi
    a_cp = cp.asarray(a_np)
    with np.printoptions(precision=3, suppress=True, linewidth=30):
        assert repr(a_cp) == repr(a_np)
        assert str(a_cp) == str(a_np)
    with np.printoptions(threshold=5, edgeitems=1):
        big_np = sample((20, 20), np.int32)
        assert repr(cp.asarray(big_np)) == repr(big_np)
    assert repr(a_cp) == repr(a_np)  # options restored


def test_array_repr_and_array_str_functions():
    a_np = sample((3, 4), np.float64)
    a_cp = cp.asarray(a_np)
    if hasattr(cp, "array_repr"):
        assert cp.array_repr(a_cp) == np.array_repr(a_np)
        assert cp.array_repr(a_cp, precision=2) == np.array_repr(a_np, precision=2)
    if hasattr(cp, "array_str"):
        assert cp.array_str(a_cp) == np.array_str(a_np)
        assert cp.array_str(a_cp, max_line_width=20) == np.array_str(a_np, max_line_width=20)
    if not (hasattr(cp, "array_repr") and hasattr(cp, "array_str")):
        pytest.skip("cunumpy.array_repr / array_str are not exported (issue 2 asks for "
                    "repr/str; the functions are CuPy API)")


@pytest.mark.parametrize("spec", ["", ".2f", "10.3e", ">12"])
def test_format(spec):
    for a_np in (np.array(3.14159), np.array(2.5, dtype=np.float32), np.array(7),
                 np.array([1.5, 2.5])):
        a_cp = cp.asarray(a_np)
        try:
            exp = format(a_np, spec)
        except TypeError:
            with pytest.raises(TypeError):
                format(a_cp, spec)
            continue
        assert format(a_cp, spec) == exp
        assert f"{a_cp}" == f"{a_np}"


# ---------------------------------------------------------------- devices
def _device_count():
    try:
        return int(cp.cuda.runtime.getDeviceCount())
    except Exception:
        return 0


@pytest.mark.skipif(_device_count() < 2, reason="cross-device asarray needs 2 or more GPUs "
                    "(cunumpy.cuda.runtime.getDeviceCount() < 2 here)")
def test_asarray_across_devices(dtype):
    a_np = sample((3, 5), dtype)
    with cp.cuda.Device(0):
        a0 = cp.asarray(a_np)
    with cp.cuda.Device(1):
        a1 = cp.asarray(a0)
        assert a1.device.id == 1
        assert_same(a1, a_np)
        b1 = cp.array(a0[:, ::-2])
        assert b1.device.id == 1
        assert_same(b1, a_np[:, ::-2])
    assert a0.device.id == 0
    assert_same(a0, a_np)
