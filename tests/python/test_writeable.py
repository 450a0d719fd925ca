"""NumPy's WRITEABLE flag: broadcast_to views are read-only, every write path refuses a
read-only array with ValueError, and flags.writeable is settable as NumPy allows."""
import numpy as np
import pytest

import cunumpy as cp


def test_broadcast_to_is_read_only():
    b = cp.broadcast_to(cp.arange(3), (3, 3))
    assert b.flags.writeable is False and b.flags["WRITEABLE"] is False
    for write in (lambda: b.__setitem__(0, 1), lambda: b.fill(1), lambda: cp.add(b, 1, out=b),
                  lambda: b.__setitem__(cp.asarray([0, 1]), 5), lambda: b.sort(),
                  lambda: b[1:].__setitem__(..., 7), lambda: cp.put(b, [0], [9])):
        with pytest.raises(ValueError, match="read-only"):
            write()
    np.testing.assert_array_equal(b.get(), np.broadcast_to(np.arange(3), (3, 3)))


def test_read_only_view_of_writeable_array_can_be_made_writeable():
    a = cp.arange(3)
    b = cp.broadcast_to(a, (3,))
    b.flags.writeable = True  # allowed by NumPy: the owner is writeable
    b[0] = 5
    assert int(a[0]) == 5


def test_writeable_flag_is_settable_and_inherited():
    a = cp.arange(6)
    a.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        a[0] = 1
    v = a[1:]
    assert v.flags.writeable is False
    with pytest.raises(ValueError):
        v.flags.writeable = True  # NumPy: not for a view of a read-only owner
    a.flags.writeable = True
    a[0] = 7
    assert int(a[0]) == 7
    assert a.copy().flags.writeable and cp.broadcast_to(a, (2, 6)).copy().flags.writeable


def test_ufunc_out_refuses_read_only_and_leaves_it():
    a = cp.zeros(3)
    a.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        cp.add(cp.ones(3), 1, out=a)
    with pytest.raises(ValueError, match="read-only"):
        cp.sum(cp.ones((2, 3)), axis=0, out=a)
    np.testing.assert_array_equal(a.get(), np.zeros(3))


def test_broadcast_arrays_stay_writeable_as_numpy():
    x, _ = cp.broadcast_arrays(cp.arange(3), cp.zeros((2, 3)))
    assert x.flags.writeable  # NumPy 2 warns on write but allows it
