"""DLPack and the CUDA array interface: zero-copy exchange in both directions. On the CPU
backend the partner is NumPy (and PyTorch's CPU tensors when installed); on CUDA,
PyTorch and CuPy when installed."""

import numpy as np
import pytest

import cunumpy as cp

DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
          np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128]


@pytest.mark.parametrize("dtype", DTYPES)
def test_roundtrip_through_capsule(dtype):
    x = cp.asarray(np.arange(12).reshape(3, 4).astype(dtype))
    y = cp.from_dlpack(x)
    assert y.dtype == x.dtype and y.shape == x.shape
    np.testing.assert_array_equal(cp.asnumpy(y), cp.asnumpy(x))
    assert y.data.ptr == x.data.ptr  # no copy


@pytest.mark.parametrize("view", ["T", "step", "neg", "offset", "empty", "0d"])
def test_views_keep_layout(view):
    x = cp.arange(24, dtype=cp.float32).reshape(4, 6)
    v = {"T": x.T, "step": x[:, ::2], "neg": x[::-1], "offset": x[1:, 2:],
         "empty": x[:0], "0d": x[1, 2]}[view]
    y = cp.from_dlpack(v)
    assert y.shape == v.shape and y.strides == v.strides
    np.testing.assert_array_equal(cp.asnumpy(y), cp.asnumpy(v))


def test_versioned_and_legacy_capsules():
    x = cp.arange(5)
    legacy = x.__dlpack__()
    assert "dltensor" in repr(legacy) and "versioned" not in repr(legacy)
    versioned = x.__dlpack__(max_version=(1, 0))
    assert "dltensor_versioned" in repr(versioned)
    for cap in (legacy, versioned):
        np.testing.assert_array_equal(cp.asnumpy(cp.from_dlpack(cap)), np.arange(5))
    # a capsule is consumed once
    with pytest.raises(ValueError):
        cp.from_dlpack(legacy)
    # and an unconsumed one frees its tensor without error
    del versioned


def test_lifetime_producer_deleted_first():
    x = cp.arange(1000, dtype=cp.float64)
    y = cp.from_dlpack(x.__dlpack__(max_version=(1, 0)))
    del x
    import gc
    gc.collect()
    np.testing.assert_array_equal(cp.asnumpy(y), np.arange(1000.0))


def test_copy_keyword():
    x = cp.arange(4)
    y = cp.from_dlpack(x, copy=True)
    assert y.data.ptr != x.data.ptr
    np.testing.assert_array_equal(cp.asnumpy(y), [0, 1, 2, 3])
    with pytest.raises(TypeError):
        x.__dlpack__(unknown=1)


def test_dlpack_device():
    x = cp.arange(3)
    t, i = x.__dlpack_device__()
    if x._device_kind == "cpu":
        assert (t, i) == (1, 0)
    else:
        assert (t, i) == (2, x._device_index)


def test_legacy_names():
    x = cp.arange(6).reshape(2, 3)
    y = cp.fromDlpack(x.toDlpack())
    np.testing.assert_array_equal(cp.asnumpy(y), cp.asnumpy(x))


def test_to_device():
    x = cp.arange(5)
    assert x.to_device(x.device) is x
    h = x.to_device("cpu")
    assert h._device_kind == "cpu"
    np.testing.assert_array_equal(cp.asnumpy(h), np.arange(5))


def test_numpy_exchange_on_cpu():
    x = cp.arange(10, dtype=cp.float32)
    if x._device_kind != "cpu":
        # NumPy consumes only CPU tensors: a CUDA export to NumPy needs dl_device and a copy
        with pytest.raises(Exception):
            np.from_dlpack(x)
        h = x.__dlpack__(dl_device=(1, 0), copy=True, max_version=(1, 0))
        np.testing.assert_array_equal(cp.asnumpy(cp.from_dlpack(h)), np.arange(10))
        return
    n = np.from_dlpack(x)  # NumPy consumes ours
    np.testing.assert_array_equal(n, np.arange(10, dtype=np.float32))
    assert n.__array_interface__["data"][0] == x.data.ptr
    a = np.arange(6.0).reshape(2, 3)[:, ::-1]
    y = cp.from_dlpack(a)  # we consume NumPy's
    np.testing.assert_array_equal(cp.asnumpy(y), a)
    # the view starts at its first element, a[0, 2], and reads with a negative stride
    assert y.data.ptr == a.__array_interface__["data"][0] and y.strides == a.strides


def test_torch_exchange():
    torch = pytest.importorskip("torch", reason="PyTorch is not installed here")
    x = cp.arange(12, dtype=cp.float32).reshape(3, 4)
    if x._device_kind == "cuda" and not torch.cuda.is_available():
        pytest.skip("PyTorch has no CUDA here")
    t = torch.from_dlpack(x)
    assert t.data_ptr() == x.data.ptr
    t.mul_(2)  # shared memory: cunumpy sees the change
    np.testing.assert_array_equal(cp.asnumpy(x), np.arange(12).reshape(3, 4) * 2)
    back = cp.from_dlpack(t[:, 1:])
    np.testing.assert_array_equal(cp.asnumpy(back), (np.arange(12).reshape(3, 4) * 2)[:, 1:])
    if x._device_kind == "cuda":
        cai = cp.asarray(t)  # __cuda_array_interface__
        assert cai.data.ptr == t.data_ptr()


def test_cuda_array_interface():
    x = cp.arange(6, dtype=cp.float64).reshape(2, 3)
    if x._device_kind == "cpu":
        assert not hasattr(x, "__cuda_array_interface__")
        return
    d = x.__cuda_array_interface__
    assert d["version"] == 3 and d["shape"] == (2, 3) and d["typestr"] == "<f8"
    assert d["data"] == (x.data.ptr, False) and d["strides"] is None and "stream" in d
    assert x.T.__cuda_array_interface__["strides"] == (8, 24)

    class Foreign:
        def __init__(self, a):
            self.a = a
            self.__cuda_array_interface__ = a.__cuda_array_interface__
    f = Foreign(x.T)
    v = cp.asarray(f)
    assert v.data.ptr == x.data.ptr and v.shape == (3, 2)
    np.testing.assert_array_equal(cp.asnumpy(v), cp.asnumpy(x).T)
    c = cp.array(f)
    assert c.data.ptr != x.data.ptr


def test_cupy_exchange():
    cupy = pytest.importorskip("cupy", reason="CuPy is not installed here")
    x = cp.arange(8, dtype=cp.int32)
    if x._device_kind != "cuda":
        pytest.skip("CuPy arrays live on a GPU; this run is on the CPU backend")
    c = cupy.from_dlpack(x)
    assert c.data.ptr == x.data.ptr
    y = cp.from_dlpack(c * 3)
    np.testing.assert_array_equal(cp.asnumpy(y), np.arange(8) * 3)
    z = cp.asarray(c)  # CUDA array interface
    assert z.data.ptr == c.data.ptr


def test_dlpack_signature_is_the_standards():
    # A Python function, so inspect sees the array API's keyword-only parameters (the
    # array API suite's signature test on Python 3.12 read a builtin's (*args, **kwargs)).
    import inspect
    sig = inspect.signature(cp.ndarray.__dlpack__)
    params = list(sig.parameters.values())
    assert [p.name for p in params] == ["self", "stream", "max_version", "dl_device", "copy"]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY and p.default is None for p in params[1:])
    x = cp.arange(3)
    with pytest.raises(TypeError, match="unexpected keyword argument 'unknown'"):
        x.__dlpack__(unknown=1)
    with pytest.raises(TypeError):
        x.__dlpack__(None)  # keyword-only, as the standard says
    np.testing.assert_array_equal(cp.asnumpy(cp.from_dlpack(x)), [0, 1, 2])


def test_dtypes_module_is_numpys():
    import numpy.dtypes
    assert cp.dtypes.Float64DType is numpy.dtypes.Float64DType
    assert type(cp.asarray([1.0]).dtype) is cp.dtypes.Float64DType
    assert set(cp.dtypes.__all__) == set(numpy.dtypes.__all__)
