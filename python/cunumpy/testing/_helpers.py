"""CuPy's test helpers: dtype and order loops, parameter products, shaped arrays, markers.

The dtype loops run the decorated test once per dtype, passing it as the keyword `name`;
a failure names the dtype. Semantics and keywords follow cupy.testing.
"""

import functools
import importlib.metadata
import inspect
import itertools
import os
import warnings

import numpy as _np

__all__ = [
    "for_dtypes", "for_all_dtypes", "for_float_dtypes", "for_signed_dtypes",
    "for_unsigned_dtypes", "for_int_dtypes", "for_complex_dtypes", "for_dtypes_combination",
    "for_all_dtypes_combination", "for_signed_dtypes_combination",
    "for_unsigned_dtypes_combination", "for_int_dtypes_combination", "for_orders",
    "for_CF_orders", "product", "product_dict", "parameterize", "shaped_arange",
    "shaped_reverse_arange", "shaped_random", "with_requires", "installed", "slow",
    "multi_gpu", "fix_random",
]

_float_dtypes = (_np.float64, _np.float32, _np.float16)
_complex_dtypes = (_np.complex64, _np.complex128)
_signed_dtypes = tuple(_np.dtype(c).type for c in "bhilq")
_unsigned_dtypes = tuple(_np.dtype(c).type for c in "BHILQ")
_int_dtypes = _signed_dtypes + _unsigned_dtypes
_int_bool_dtypes = _int_dtypes + (_np.bool_,)
_regular_float_dtypes = (_np.float64, _np.float32)


def _without_param(fn, names):
    sig = inspect.signature(fn)
    return sig.replace(parameters=[p for p in sig.parameters.values() if p.name not in names])


def _loop(params_list, names, impl):
    """Calls impl once per parameter tuple (as keywords `names`); a failure names them."""
    @functools.wraps(impl)
    def test_func(*args, **kw):
        for params in params_list:
            extra = dict(zip(names, params))
            try:
                impl(*args, **kw, **extra)
            except Exception as e:
                shown = ", ".join(f"{k}={getattr(v, '__name__', v)}" for k, v in extra.items())
                e.args = (f"[{shown}] " + (str(e.args[0]) if e.args else ""),) + tuple(e.args[1:])
                raise
    test_func.__signature__ = _without_param(impl, set(names))
    return test_func


def for_dtypes(dtypes, name="dtype"):
    """Runs the test once per dtype in `dtypes`, passed as keyword `name`."""
    return lambda impl: _loop([(d,) for d in dtypes], (name,), impl)


def _make_all(no_float16, no_bool, no_complex):
    ds = list(_regular_float_dtypes if no_float16 else _float_dtypes)
    if not no_complex:
        ds += list(_complex_dtypes)
    ds += list(_int_dtypes)
    if not no_bool:
        ds.append(_np.bool_)
    return ds


def for_all_dtypes(name="dtype", no_float16=False, no_bool=False, no_complex=False):
    return for_dtypes(_make_all(no_float16, no_bool, no_complex), name=name)


def for_float_dtypes(name="dtype", no_float16=False):
    return for_dtypes(_regular_float_dtypes if no_float16 else _float_dtypes, name=name)


def for_signed_dtypes(name="dtype"):
    return for_dtypes(_signed_dtypes, name=name)


def for_unsigned_dtypes(name="dtype"):
    return for_dtypes(_unsigned_dtypes, name=name)


def for_int_dtypes(name="dtype", no_bool=False):
    return for_dtypes(_int_dtypes if no_bool else _int_bool_dtypes, name=name)


def for_complex_dtypes(name="dtype"):
    return for_dtypes(_complex_dtypes, name=name)


def for_dtypes_combination(types, names=("dtype",), full=None):
    """Every combination of `types` over `names` (full=True, or CUPY_TEST_FULL_COMBINATION=1),
    else a reduced set in which each dtype still appears for every name."""
    if full is None:
        full = int(os.environ.get("CUPY_TEST_FULL_COMBINATION", "0")) != 0
    if full:
        combos = list(itertools.product(types, repeat=len(names)))
    else:
        n = len(types)
        combos = [tuple(types[(i + k * j) % n] for k in range(len(names)))
                  for i in range(n) for j in range(min(n, 2))]
        combos = list(dict.fromkeys(combos))
    return lambda impl: _loop(combos, tuple(names), impl)


def for_all_dtypes_combination(names=("dtyes",), no_float16=False, no_bool=False, full=None,
                               no_complex=False):
    return for_dtypes_combination(_make_all(no_float16, no_bool, no_complex), names, full)


def for_signed_dtypes_combination(names=("dtype",), full=None):
    return for_dtypes_combination(_signed_dtypes, names, full)


def for_unsigned_dtypes_combination(names=("dtype",), full=None):
    return for_dtypes_combination(_unsigned_dtypes, names, full)


def for_int_dtypes_combination(names=("dtype",), no_bool=False, full=None):
    return for_dtypes_combination(_int_dtypes if no_bool else _int_bool_dtypes, names, full)


def for_orders(orders, name="order"):
    return lambda impl: _loop([(o,) for o in orders], (name,), impl)


def for_CF_orders(name="order"):
    return for_orders([None, "C", "F", "c", "f"], name)


def product(parameter):
    """{'a': [1, 2], 'b': [3]} -> [{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]."""
    keys = sorted(parameter)
    return [dict(zip(keys, vals)) for vals in itertools.product(*(parameter[k] for k in keys))]


def product_dict(*parameters):
    """Merged dicts of every combination of one dict from each list."""
    return [{k: v for d in ds for k, v in d.items()} for ds in itertools.product(*parameters)]


def parameterize(*params):
    """Class decorator: one subclass per parameter dict, the values as class attributes."""
    def decorator(cls):
        import sys
        module = sys.modules[cls.__module__]
        for i, p in enumerate(params):
            name = f"{cls.__name__}_param_{i}_{'_'.join(f'{k}' for k in sorted(p))}"
            sub = type(name, (cls,), dict(p, __test__=True))
            sub.__module__ = cls.__module__
            setattr(module, name, sub)
        cls.__test__ = False  # the template itself is not collected
        return cls
    return decorator


def _module(xp):
    if xp is None:
        import cunumpy
        return cunumpy
    return xp


def shaped_arange(shape, xp=None, dtype=_np.float32, order="C"):
    """1, 2, ... prod(shape) in `shape` (bool: True at odd positions), as CuPy's."""
    xp = _module(xp)
    dtype = _np.dtype(dtype)
    a = _np.arange(1, int(_np.prod(shape)) + 1, 1)
    if dtype == "?":
        a = a % 2 == 0
    elif dtype.kind == "c":
        a = a + a * 1j
    if a.size > 0:
        a = a.astype(dtype).reshape(shape)
    else:
        a = _np.empty(shape, dtype=dtype)
    return xp.array(a, order=order)


def shaped_reverse_arange(shape, xp=None, dtype=_np.float32):
    """prod(shape), ..., 1 in `shape` (bool: True at odd positions)."""
    xp = _module(xp)
    dtype = _np.dtype(dtype)
    size = int(_np.prod(shape))
    a = _np.arange(size, 0, -1)
    if dtype == "?":
        a = a % 2 == 0
    elif dtype.kind == "c":
        a = a + a * 1j
    return xp.array(a.astype(dtype).reshape(shape) if size else _np.empty(shape, dtype))


def shaped_random(shape, xp=None, dtype=_np.float32, scale=10, seed=0, order="C"):
    """Values from numpy.random.RandomState(seed) in [0, scale) (bool: 0/1), as CuPy's."""
    xp = _module(xp)
    rs = _np.random.RandomState(seed)
    dtype = _np.dtype(dtype)
    if dtype == "?":
        a = rs.randint(2, size=shape)
    elif dtype.kind == "c":
        a = rs.rand(*shape) + 1j * rs.rand(*shape)
        a = a * scale
    else:
        a = rs.rand(*shape) * scale
    return xp.asarray(_np.asarray(a, dtype=dtype, order=order))


def installed(*specifiers):
    """True when every requirement ("scipy>=1.10", "numpy") is installed."""
    try:
        from packaging.requirements import Requirement
    except ImportError:  # packaging missing: names only
        Requirement = None
    for spec in specifiers:
        if Requirement is None:
            name, req = spec.split(">")[0].split("=")[0].split("<")[0].strip(), None
        else:
            req = Requirement(spec)
            name = req.name
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            return False
        if req is not None and req.specifier and version not in req.specifier:
            return False
    return True


def with_requires(*requirements):
    """Skips the test unless every requirement is installed."""
    import pytest
    msg = "requires: " + ",".join(requirements)
    return pytest.mark.skipif(not installed(*requirements), reason=msg)


def _slow():
    import pytest
    return pytest.mark.slow


class _LazyMark:
    """`testing.slow` as a pytest mark, created when first used (no pytest import at load)."""

    def __call__(self, fn):
        return _slow()(fn)

    def __getattr__(self, item):
        return getattr(_slow(), item)


slow = _LazyMark()


def multi_gpu(gpu_num):
    """Skips the test unless at least `gpu_num` CUDA devices exist."""
    import pytest

    def count():
        try:
            import cunumpy
            return cunumpy.cuda.runtime.getDeviceCount()
        except Exception:
            return 0
    return pytest.mark.skipif(count() < gpu_num, reason=f"requires {gpu_num} GPUs")


def fix_random():
    """Decorator: the test runs with numpy.random (and cunumpy.random, when it exists)
    seeded with 0, and the previous states are restored afterwards."""
    def decorator(impl):
        @functools.wraps(impl)
        def test_func(*args, **kw):
            state = _np.random.get_state()
            _np.random.seed(0)
            cp_random = None
            try:
                import cunumpy
                cp_random = getattr(cunumpy, "random", None)
                if cp_random is not None and hasattr(cp_random, "get_random_state"):
                    cp_state = cp_random.get_random_state()
                    cp_random.seed(0)
                else:
                    cp_random = None
            except Exception:
                cp_random = None
            try:
                return impl(*args, **kw)
            finally:
                _np.random.set_state(state)
                if cp_random is not None:
                    cp_random.set_random_state(cp_state)
        return test_func
    return decorator
