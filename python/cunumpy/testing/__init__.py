"""cunumpy.testing: NumPy's array assertions, accepting cunumpy and NumPy arrays alike.

Each function converts cunumpy arrays to NumPy arrays (cunumpy.asnumpy, which copies to the
host and synchronizes) and calls numpy.testing's function of the same name with the same
arguments, so messages, tolerances and ``strict=`` behave exactly as in NumPy.
"""

import numpy as _np
import numpy.testing as _npt

from cunumpy.testing._convert import is_cunumpy_array, to_numpy, to_numpy_deep
from cunumpy.testing._helpers import *  # noqa: F401,F403  (CuPy's loops, shaped arrays, marks)
from cunumpy.testing._helpers import __all__ as _helpers_all
from cunumpy.testing._loops import *  # noqa: F401,F403  (CuPy's numpy_cupy_* decorators)
from cunumpy.testing._loops import __all__ as _loops_all

__all__ = [
    "assert_allclose",
    "assert_array_almost_equal",
    "assert_array_almost_equal_nulp",
    "assert_array_max_ulp",
    "assert_array_equal",
    "assert_array_less",
    "assert_array_list_equal",
    "assert_equal",
    "assert_almost_equal",
    "assert_raises",
    "assert_warns",
    "assert_",
] + _helpers_all + _loops_all


def _host(x):
    """An array argument on the host: cunumpy arrays copied back, sequences as arrays."""
    x = to_numpy(x)
    if isinstance(x, (list, tuple)):
        return _np.asarray(to_numpy_deep(x))
    return x


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg="",
                    verbose=True, *, strict=False):
    """numpy.testing.assert_allclose on the values of cunumpy or NumPy arrays."""
    _npt.assert_allclose(_host(actual), _host(desired), rtol=rtol, atol=atol,
                         equal_nan=equal_nan, err_msg=err_msg, verbose=verbose,
                         strict=strict)


def assert_array_equal(actual, desired, err_msg="", verbose=True, *, strict=False,
                       strides_check=False):
    """numpy.testing.assert_array_equal; ``strides_check=True`` (CuPy's option) also
    requires equal strides when both arguments are arrays."""
    if strides_check:
        sa = getattr(actual, "strides", None)
        sd = getattr(desired, "strides", None)
        if sa is not None and sd is not None and tuple(sa) != tuple(sd):
            msg = f"strides are not equal:\n actual: {tuple(sa)}\n desired: {tuple(sd)}"
            if err_msg:
                msg = f"{msg}\n{err_msg}"
            raise AssertionError(msg)
    _npt.assert_array_equal(_host(actual), _host(desired), err_msg=err_msg,
                            verbose=verbose, strict=strict)


def assert_array_almost_equal(actual, desired, decimal=6, err_msg="", verbose=True):
    """numpy.testing.assert_array_almost_equal."""
    _npt.assert_array_almost_equal(_host(actual), _host(desired), decimal=decimal,
                                   err_msg=err_msg, verbose=verbose)


def assert_array_less(x, y, err_msg="", verbose=True, *, strict=False):
    """numpy.testing.assert_array_less."""
    _npt.assert_array_less(_host(x), _host(y), err_msg=err_msg, verbose=verbose,
                           strict=strict)


def assert_array_max_ulp(a, b, maxulp=1, dtype=None):
    """numpy.testing.assert_array_max_ulp; returns the ULP differences as NumPy does."""
    return _npt.assert_array_max_ulp(_host(a), _host(b), maxulp=maxulp, dtype=dtype)


def assert_array_almost_equal_nulp(x, y, nulp=1):
    """numpy.testing.assert_array_almost_equal_nulp."""
    _npt.assert_array_almost_equal_nulp(_host(x), _host(y), nulp=nulp)


def assert_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    """numpy.testing.assert_equal (recurses into lists, tuples and dicts)."""
    _npt.assert_equal(to_numpy_deep(actual), to_numpy_deep(desired), err_msg=err_msg,
                      verbose=verbose, strict=strict)


def assert_almost_equal(actual, desired, decimal=7, err_msg="", verbose=True):
    """numpy.testing.assert_almost_equal."""
    _npt.assert_almost_equal(to_numpy_deep(actual), to_numpy_deep(desired),
                             decimal=decimal, err_msg=err_msg, verbose=verbose)


def assert_array_list_equal(xlist, ylist, err_msg="", verbose=True):
    """CuPy's assert_array_list_equal: two sequences of arrays, compared pairwise."""
    xlist = list(xlist)
    ylist = list(ylist)
    if len(xlist) != len(ylist):
        raise AssertionError(
            f"List size is different: {len(xlist)} != {len(ylist)}"
            + (f"\n{err_msg}" if err_msg else ""))
    for i, (x, y) in enumerate(zip(xlist, ylist)):
        _npt.assert_array_equal(_host(x), _host(y), err_msg=f"Elements {i} differ. {err_msg}",
                                verbose=verbose)


assert_raises = _npt.assert_raises
assert_warns = _npt.assert_warns
assert_ = _npt.assert_
