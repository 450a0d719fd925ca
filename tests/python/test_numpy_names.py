"""cunumpy has every public name of NumPy 2's main namespace that CuPy 14 also has.

data/cupy14_numpy_names.txt is that list, written on the GPU machine (CuPy 14 installed):
the names in dir(numpy) that dir(cupy) also holds. A name cunumpy lacks must be listed
below with its reason.
"""
import pathlib

import pytest

import cunumpy as cp

NAMES = [n.strip() for n in (pathlib.Path(__file__).parent / "data" / "cupy14_numpy_names.txt")
         .read_text().splitlines() if n.strip() and not n.startswith("#")]

MISSING_ON_PURPOSE: dict = {}


def test_list_is_complete_enough():
    assert len(NAMES) > 400
    assert len(set(NAMES)) == len(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_cunumpy_has_name(name):
    if name in MISSING_ON_PURPOSE:
        pytest.skip(MISSING_ON_PURPOSE[name])
    assert hasattr(cp, name), f"cunumpy has no {name!r} (numpy and cupy 14 both do)"


def test_exception_lists_are_current():
    assert not (set(MISSING_ON_PURPOSE) - set(NAMES))


def test_typing_and_scalar_names():
    import numpy as np
    assert cp.typing.ArrayLike is np.typing.ArrayLike and cp.typing.NBitBase is np.typing.NBitBase
    alias = cp.typing.NDArray[np.float32]
    assert alias.__origin__ is cp.ndarray and alias.__args__ == (np.float32,)
    assert cp.bool is np.bool and cp.long is np.long and cp.ulong is np.ulong
    assert cp.typename("f") == np.typename("f")
    x = cp.arange(3)
    assert cp.astype(x, np.float32).dtype == np.float32
    assert cp.astype(x, x.dtype, copy=False) is x
    with pytest.raises(TypeError):
        cp.astype([1, 2], np.float32)
