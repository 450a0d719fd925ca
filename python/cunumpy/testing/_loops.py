"""CuPy's NumPy-vs-cunumpy comparison decorators (cupy.testing's names and keywords).

A decorated test takes the array module as a keyword argument (``xp`` by default): the
decorator calls it once with numpy and once with cunumpy and compares the two results with
the matching assertion of cunumpy.testing, so a CuPy project's tests written with
``cupy.testing`` run against cunumpy after ``import cunumpy as cupy``. With ``sp_name``
(``scipy_name``) the test also receives scipy / cunumpyx.scipy under that keyword.
"""

import functools
import inspect

import numpy as _np

from cunumpy.testing._convert import is_cunumpy_array, to_numpy

__all__ = [
    "numpy_cupy_allclose", "numpy_cupy_array_almost_equal",
    "numpy_cupy_array_almost_equal_nulp", "numpy_cupy_array_max_ulp",
    "numpy_cupy_array_equal", "numpy_cupy_array_list_equal", "numpy_cupy_array_less",
    "numpy_cupy_equal", "numpy_cupy_raises",
]


def _modules(name, sp_name, scipy_name):
    """The keyword sets of the NumPy call and of the cunumpy call."""
    import cunumpy
    np_kw, cp_kw = {name: _np}, {name: cunumpy}
    sp = sp_name or scipy_name
    if sp:
        import scipy
        import cunumpyx.scipy as cpx_scipy
        np_kw[sp], cp_kw[sp] = scipy, cpx_scipy
    return np_kw, cp_kw


def _hide_module_params(test_func, impl, *names):
    """pytest must not see the module keywords (xp, sp_name) as fixtures to provide."""
    sig = inspect.signature(impl)
    drop = set(names) - {None}
    test_func.__signature__ = sig.replace(
        parameters=[p for p in sig.parameters.values() if p.name not in drop])
    return test_func


def _call(impl, args, kw, extra):
    try:
        return impl(*args, **kw, **extra), None
    except Exception as e:  # compared below
        return None, e


def _accepted(accept_error):
    if accept_error is True:
        return (Exception,)
    if accept_error is False or accept_error is None:
        return ()
    return accept_error if isinstance(accept_error, tuple) else (accept_error,)


def _check_errors(np_err, cp_err, accept_error, name):
    """Both raised: pass when the types agree and are accepted; one raised: fail."""
    if np_err is None and cp_err is None:
        return False
    accepted = _accepted(accept_error)
    if np_err is not None and cp_err is not None:
        if accepted and isinstance(np_err, accepted) and isinstance(cp_err, accepted):
            if isinstance(cp_err, type(np_err)) or isinstance(np_err, type(cp_err)):
                return True
            raise AssertionError(
                f"numpy and cunumpy raise different errors: numpy {type(np_err).__name__}: "
                f"{np_err}; cunumpy {type(cp_err).__name__}: {cp_err}") from cp_err
        raise cp_err
    if np_err is not None:
        raise AssertionError(f"numpy raised {type(np_err).__name__} ({np_err}) but cunumpy "
                             f"returned a result ({name}=cunumpy)") from np_err
    raise cp_err


def _per_dtype(tol, dtype):
    """rtol/atol given as a dict per dtype (None: the default entry)."""
    if not isinstance(tol, dict):
        return tol
    d = _np.dtype(dtype) if dtype is not None else None
    for k, v in tol.items():
        if k is not None and k != "default" and d is not None and _np.dtype(k) == d:
            return v
    return tol.get("default", tol.get(None, 0))


def _comparing(check, *, name="xp", type_check=True, accept_error=False, sp_name=None,
               scipy_name=None, contiguous_check=True, strides_check=False):
    def decorator(impl):
        @functools.wraps(impl)
        def test_func(*args, **kw):
            np_kw, cp_kw = _modules(name, sp_name, scipy_name)
            cp_result, cp_err = _call(impl, args, kw, cp_kw)
            np_result, np_err = _call(impl, args, kw, np_kw)
            if _check_errors(np_err, cp_err, accept_error, name):
                return
            if is_cunumpy_array(np_result):
                raise AssertionError("the numpy run returned a cunumpy array")
            cp_host = to_numpy(cp_result) if is_cunumpy_array(cp_result) else cp_result
            if is_cunumpy_array(cp_result):
                if type_check and _np.asarray(np_result).dtype != cp_result.dtype:
                    raise AssertionError(f"dtypes differ: numpy {_np.asarray(np_result).dtype}, "
                                         f"cunumpy {cp_result.dtype}")
                if (contiguous_check and isinstance(np_result, _np.ndarray)
                        and np_result.flags.c_contiguous and not cp_result.flags.c_contiguous):
                    raise AssertionError("numpy's result is C-contiguous but cunumpy's is not")
                if strides_check and isinstance(np_result, _np.ndarray) \
                        and np_result.strides != cp_result.strides:
                    raise AssertionError(f"strides differ: numpy {np_result.strides}, "
                                         f"cunumpy {cp_result.strides}")
            elif type_check and isinstance(np_result, _np.generic) \
                    and _np.asarray(cp_host).dtype != np_result.dtype:
                raise AssertionError(f"dtypes differ: numpy {np_result.dtype}, "
                                     f"cunumpy {_np.asarray(cp_host).dtype}")
            check(cp_host, np_result)
        return _hide_module_params(test_func, impl, name, sp_name, scipy_name)
    return decorator


def numpy_cupy_allclose(rtol=1e-7, atol=0, err_msg="", verbose=True, name="xp", type_check=True,
                        accept_error=False, sp_name=None, scipy_name=None, contiguous_check=True,
                        *, _check_sparse_format=True):
    """The cunumpy result equals NumPy's within rtol/atol (dicts per dtype allowed)."""
    def check(c, n):
        dt = _np.asarray(n).dtype
        _np.testing.assert_allclose(c, n, _per_dtype(rtol, dt), _per_dtype(atol, dt),
                                    err_msg=err_msg, verbose=verbose)
    return _comparing(check, name=name, type_check=type_check, accept_error=accept_error,
                      sp_name=sp_name, scipy_name=scipy_name, contiguous_check=contiguous_check)


def numpy_cupy_array_almost_equal(decimal=6, err_msg="", verbose=True, name="xp", type_check=True,
                                  accept_error=False, sp_name=None, scipy_name=None):
    def check(c, n):
        _np.testing.assert_array_almost_equal(c, n, decimal, err_msg, verbose)
    return _comparing(check, name=name, type_check=type_check, accept_error=accept_error,
                      sp_name=sp_name, scipy_name=scipy_name)


def numpy_cupy_array_almost_equal_nulp(nulp=1, name="xp", type_check=True, accept_error=False,
                                       sp_name=None, scipy_name=None):
    def check(c, n):
        _np.testing.assert_array_almost_equal_nulp(c, n, nulp)
    return _comparing(check, name=name, type_check=type_check, accept_error=accept_error,
                      sp_name=sp_name, scipy_name=scipy_name)


def numpy_cupy_array_max_ulp(maxulp=1, dtype=None, name="xp", type_check=True, accept_error=False,
                             sp_name=None, scipy_name=None):
    def check(c, n):
        _np.testing.assert_array_max_ulp(c, n, maxulp, dtype)
    return _comparing(check, name=name, type_check=type_check, accept_error=accept_error,
                      sp_name=sp_name, scipy_name=scipy_name)


def numpy_cupy_array_equal(err_msg="", verbose=True, name="xp", type_check=True,
                           accept_error=False, sp_name=None, scipy_name=None,
                           strides_check=False):
    def check(c, n):
        _np.testing.assert_array_equal(c, n, err_msg, verbose)
    return _comparing(check, name=name, type_check=type_check, accept_error=accept_error,
                      sp_name=sp_name, scipy_name=scipy_name, strides_check=strides_check,
                      contiguous_check=False)


def numpy_cupy_array_list_equal(err_msg="", verbose=True, name="xp", sp_name=None,
                                scipy_name=None):
    def check(c, n):
        c = [to_numpy(v) for v in c]
        if len(c) != len(n):
            raise AssertionError(f"lengths differ: cunumpy {len(c)}, numpy {len(n)}")
        for a, b in zip(c, n):
            _np.testing.assert_array_equal(a, b, err_msg, verbose)
    return _comparing(check, name=name, type_check=False, sp_name=sp_name,
                      scipy_name=scipy_name, contiguous_check=False)


def numpy_cupy_array_less(err_msg="", verbose=True, name="xp", type_check=True,
                          accept_error=False, sp_name=None, scipy_name=None):
    def check(c, n):
        _np.testing.assert_array_less(c, n, err_msg, verbose)
    return _comparing(check, name=name, type_check=type_check, accept_error=accept_error,
                      sp_name=sp_name, scipy_name=scipy_name)


def numpy_cupy_equal(name="xp", sp_name=None, scipy_name=None):
    """Plain Python values (not arrays) compare equal with ==."""
    def check(c, n):
        if c != n:
            raise AssertionError(f"results differ: cunumpy {c!r}, numpy {n!r}")
    return _comparing(check, name=name, type_check=False, sp_name=sp_name,
                      scipy_name=scipy_name, contiguous_check=False)


def numpy_cupy_raises(name="xp", sp_name=None, scipy_name=None, accept_error=Exception):
    """Both calls raise, errors of the same type (one of accept_error)."""
    def decorator(impl):
        @functools.wraps(impl)
        def test_func(*args, **kw):
            np_kw, cp_kw = _modules(name, sp_name, scipy_name)
            _, cp_err = _call(impl, args, kw, cp_kw)
            _, np_err = _call(impl, args, kw, np_kw)
            if cp_err is None or np_err is None:
                raise AssertionError(f"expected both to raise: numpy raised {np_err!r}, "
                                     f"cunumpy raised {cp_err!r}")
            _check_errors(np_err, cp_err, accept_error, name)
        return _hide_module_params(test_func, impl, name, sp_name, scipy_name)
    return decorator
