"""Devices: cunumpy.cuda.is_available(), getDeviceCount(), x.device and the Device
context manager, on whichever backend CUNUMPY_DEVICE selects."""

import os

import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, device_kind, sample


def test_is_available_is_bool():
    assert type(cp.cuda.is_available()) is bool


def test_device_count_is_int():
    n = cp.cuda.runtime.getDeviceCount()
    assert type(n) is int and n >= 0
    assert cp.cuda.is_available() == (n > 0)


def test_selected_backend():
    env = os.environ.get("CUNUMPY_DEVICE", "").strip().lower()
    x = cp.zeros(3)
    text = (str(x.device) + " " + repr(x.device)).lower()
    if env == "cpu":
        assert "cpu" in text, text
    elif env.startswith("cuda"):
        assert cp.cuda.is_available(), "CUNUMPY_DEVICE=cuda needs a GPU"
        assert "cpu" not in text, text
    elif not cp.cuda.is_available():
        assert "cpu" in text, "with no GPU the default device must be the CPU"
    else:
        assert "cpu" not in text, "with a GPU the default device must be cuda:0"


def test_every_array_is_on_the_current_device():
    x = cp.zeros(3)
    for y in (cp.ones(2), cp.asarray(np.arange(3)), x[1:], x.copy(), x.astype(np.int8),
              cp.empty_like(x), x.reshape(3, 1)):
        assert str(y.device) == str(x.device)


def test_device_context_manager():
    if device_kind() != "cuda" or cp.cuda.runtime.getDeviceCount() < 1:
        pytest.skip("with cunumpy.cuda.Device(0) needs a GPU (running on the CPU backend)")
    with cp.cuda.Device(0) as d:
        x = cp.asarray(sample((3,), np.float32))
        assert x.device.id == 0
        assert getattr(d, "id", 0) == 0
        assert cp.cuda.Device().id == 0
    assert_same(x, sample((3,), np.float32))


def test_bad_device_index_raises():
    if device_kind() != "cuda":
        pytest.skip("CUDA device indices exist only with a GPU (running on the CPU backend)")
    n = cp.cuda.runtime.getDeviceCount()
    with pytest.raises(Exception) as exc:  # CuPy raises CUDARuntimeError / ValueError
        with cp.cuda.Device(n + 5):
            cp.zeros(1)
    assert str(n + 5) in str(exc.value) or "device" in str(exc.value).lower()
