"""_core.ufunc_resolve (the engine's NumPy 2 type resolution, without a call) against the
dtypes NumPy's ufuncs give for the same input dtypes."""
import numpy as np
import pytest

import cunumpy as cp
from cunumpy import _core

DTYPES = [np.bool_, np.int8, np.uint8, np.int16, np.int32, np.uint32, np.int64, np.uint64,
          np.float16, np.float32, np.float64, np.complex64, np.complex128]


@pytest.mark.parametrize('name', ['add', 'true_divide', 'floor_divide', 'power', 'equal',
                                  'logical_and', 'maximum', 'arctan2', 'left_shift'])
@pytest.mark.parametrize('dt', DTYPES)
def test_binary_matches_numpy(name, dt):
    np_uf, cp_uf = getattr(np, name), getattr(cp, name)
    for other in (dt, np.int8, np.float32):
        e1, e2 = np.empty(0, dt), np.empty(0, other)
        try:
            expected = np_uf(e1, e2).dtype
        except TypeError:
            with pytest.raises(TypeError):
                _core.ufunc_resolve(cp_uf._index, (np.dtype(dt), np.dtype(other)))
            continue
        got = _core.ufunc_resolve(cp_uf._index, (np.dtype(dt), np.dtype(other)))
        assert got == (expected,), (name, dt, other)


@pytest.mark.parametrize('dt', DTYPES)
def test_unary_two_outputs_and_dtype_keyword(dt):
    if np.dtype(dt).kind in 'fc':
        assert _core.ufunc_resolve(cp.sqrt._index, (np.dtype(dt),)) == (np.sqrt(np.empty(0, dt)).dtype,)
    if np.dtype(dt).kind in 'iuf':
        expected = tuple(r.dtype for r in np.divmod(np.empty(0, dt), np.empty(0, dt)))
        assert _core.ufunc_resolve(cp.divmod._index, (np.dtype(dt), np.dtype(dt))) == expected
    e = np.empty(0, dt)
    if np.dtype(dt).kind == 'c':  # NumPy: complex inputs do not cast to float64 same_kind
        with pytest.raises(TypeError):
            np.add(e, e, dtype=np.float64)
        with pytest.raises(TypeError):
            _core.ufunc_resolve(cp.add._index, (np.dtype(dt), np.dtype(dt)), np.float64)
    else:
        got = _core.ufunc_resolve(cp.add._index, (np.dtype(dt), np.dtype(dt)), np.float64)
        assert got == (np.add(e, e, dtype=np.float64).dtype,)
