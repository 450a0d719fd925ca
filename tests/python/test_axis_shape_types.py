"""A bool or a str is never a shape or an axis (NumPy's TypeError), whichever function
reads it: the conversion is one place (python/src/py_convert.cpp, and axis_index in
python/cunumpy/_array_like.py for the Python-level functions)."""
import numpy as np
import pytest

import cunumpy as cp

A2 = np.ones((2, 3))

SHAPE_CALLS = {
    "zeros(True)": lambda xp: xp.zeros(True),
    "ones((True, 2))": lambda xp: xp.ones((True, 2)),
    "empty(False)": lambda xp: xp.empty(False),
    "full(True, 1)": lambda xp: xp.full(True, 1),
    "reshape(True, 6)": lambda xp: xp.asarray(A2).reshape(True, 6),
    "broadcast_to": lambda xp: xp.broadcast_to(xp.asarray(1.0), (True,)),
    "zeros('3')": lambda xp: xp.zeros("3"),
    "zeros(2.0)": lambda xp: xp.zeros(2.0),
}

AXIS_CALLS = {
    "flip('0')": lambda xp: xp.flip(xp.asarray(A2), axis="0"),
    "flip(1.0)": lambda xp: xp.flip(xp.asarray(A2), axis=1.0),
    "sum(True)": lambda xp: xp.sum(xp.asarray(A2), axis=True),
    "sum((True,))": lambda xp: xp.sum(xp.asarray(A2), axis=(True,)),
    "max(True)": lambda xp: xp.asarray(A2).max(axis=True),
    "argmax(True)": lambda xp: xp.argmax(xp.asarray(A2), axis=True),
    "cumsum(True)": lambda xp: xp.cumsum(xp.asarray(A2), axis=True),
    "squeeze(True)": lambda xp: xp.squeeze(xp.ones((1, 2)), axis=True),
    "concatenate(True)": lambda xp: xp.concatenate([xp.asarray(A2)], axis=True),
    "take(True)": lambda xp: xp.take(xp.asarray(A2), [0], axis=True),
    "transpose((True, 0))": lambda xp: xp.transpose(xp.asarray(A2), (True, 0)),
    "sum('0')": lambda xp: xp.sum(xp.asarray(A2), axis="0"),
    "mean(True)": lambda xp: xp.mean(xp.asarray(A2), axis=True),
}

# NumPy itself takes True as axis 1 in these (or fails with AxisError); cunumpy refuses a
# bool axis everywhere, with the TypeError NumPy's reductions give.
STRICTER = {
    "flip(True)": lambda xp: xp.flip(xp.asarray(A2), axis=True),
    "roll(axis=True)": lambda xp: xp.roll(xp.asarray(A2), 1, axis=True),
    "sort(True)": lambda xp: xp.sort(xp.asarray(A2), axis=True),
    "repeat(axis=True)": lambda xp: xp.repeat(xp.asarray(A2), 2, axis=True),
    "stack(axis=True)": lambda xp: xp.stack([xp.asarray(A2)], axis=True),
    "moveaxis(True, 0)": lambda xp: xp.moveaxis(xp.asarray(A2), True, 0),
    "expand_dims(True)": lambda xp: xp.expand_dims(xp.asarray(A2), True),
}


@pytest.mark.parametrize("name", list(SHAPE_CALLS) + list(AXIS_CALLS))
def test_bool_and_str_are_type_errors_as_numpy(name):
    call = {**SHAPE_CALLS, **AXIS_CALLS}[name]
    with pytest.raises(TypeError):
        call(np)
    with pytest.raises(TypeError):
        call(cp)


@pytest.mark.parametrize("name", list(STRICTER))
def test_bool_axis_refused_everywhere(name):
    with pytest.raises(TypeError):
        STRICTER[name](cp)


def test_integers_still_accepted():
    a = cp.asarray(A2)
    assert cp.flip(a, axis=np.int64(1)).shape == (2, 3)
    assert cp.zeros(np.int32(3)).shape == (3,)
    assert cp.sum(a, axis=np.int8(0)).shape == (3,)
    assert cp.flip(a, axis=(0, -1)).shape == (2, 3)


def test_eye_identity_bool_size_and_huge_axis():
    for call in (lambda xp: xp.eye(True), lambda xp: xp.identity(True)):
        with pytest.raises(TypeError):
            call(np)
        with pytest.raises(TypeError):
            call(cp)
    with pytest.raises(OverflowError):
        cp.stack([cp.ones(3)] * 2, axis=np.uint64(2**64 - 1))


MORE_STRICT = {
    "swapaxes": lambda: cp.swapaxes(cp.ones((2, 2)), True, 0),
    "rot90": lambda: cp.rot90(cp.ones((2, 2)), axes=(True, 0)),
    "delete": lambda: cp.delete(cp.ones(4), 0, axis=True),
    "insert": lambda: cp.insert(cp.ones(4), 0, 1, axis=True),
    "median": lambda: cp.median(cp.ones((2, 2)), axis=True),
    "quantile": lambda: cp.quantile(cp.ones((2, 2)), 0.5, axis=(True,)),
    "unique": lambda: cp.unique(cp.ones((2, 2)), axis=True),
    "fft": lambda: cp.fft.fft(cp.ones(4), axis=True),
    "array_split": lambda: cp.array_split(cp.ones(4), 2, axis=True),
}


@pytest.mark.parametrize("name", list(MORE_STRICT))
def test_bool_axis_refused_in_the_rest(name):
    with pytest.raises(TypeError):
        MORE_STRICT[name]()
