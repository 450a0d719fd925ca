"""cunumpy.array(x, copy=, order=) on cunumpy arrays: which calls copy, the layout of the
result and the errors, as numpy.array on NumPy arrays."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same

LAYOUTS = {
    'c': lambda xp: xp.arange(24.0).reshape(4, 6),
    'f': lambda xp: xp.asfortranarray(xp.arange(24.0).reshape(4, 6)),
    'strided': lambda xp: xp.arange(48.0).reshape(4, 12)[:, ::2],
    'transposed': lambda xp: xp.arange(24.0).reshape(6, 4).T,
}


@pytest.mark.parametrize('layout', sorted(LAYOUTS))
@pytest.mark.parametrize('copy', [True, None, False])
@pytest.mark.parametrize('order', ['K', 'A', 'C', 'F'])
def test_copy_and_order_like_numpy(layout, copy, order):
    a_np, a_cp = LAYOUTS[layout](np), LAYOUTS[layout](cp)

    def run(xp, a):
        try:
            r = xp.array(a, copy=copy, order=order)
        except ValueError:
            return 'ValueError'
        return r, r is a, r.flags.c_contiguous, r.flags.f_contiguous
    exp, got = run(np, a_np), run(cp, a_cp)
    if exp == 'ValueError':
        assert got == 'ValueError'
        return
    assert got != 'ValueError', f"NumPy returned {exp[1:]}, cunumpy raised"
    assert got[1:] == exp[1:], (got[1:], exp[1:])
    assert_same(got[0], exp[0])
