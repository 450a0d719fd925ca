"""Every public function cunumpy shares with NumPy accepts NumPy's parameter names.

For each name of numpy's main namespace that cunumpy also has, the parameters of
inspect.signature(numpy.<name>) that can be passed by keyword must appear in cunumpy's signature (or cunumpy's function
takes **kwargs). The exceptions are listed below, each with its reason.
"""
import inspect

import numpy as np
import pytest

import cunumpy as cp

# Parameter names cunumpy leaves out everywhere (none now; kept for the next one).
EVERYWHERE = {}

# Parameter names left out of one function.
PER_FUNCTION = {
    "array": {"object": "cunumpy.array's first parameter is CuPy's `obj`",
              "ndmax": "NumPy 2.4's new ndmax= (object arrays' depth limit; cunumpy has no "
                       "object arrays)"},
    "show_config": {"mode": "cunumpy's configuration report is its own text (no 'dicts' mode)"},
    "matmul": {"keepdims": "cunumpy.matmul is not a gufunc object with keepdims (CuPy's neither)"},
    "matvec": {k: "a plain function, not a gufunc: no gufunc keywords (CuPy's neither)"
               for k in ["axes", "axis", "keepdims", "casting", "order", "dtype", "subok", "signature"]},
    "vecmat": {k: "a plain function, not a gufunc: no gufunc keywords (CuPy's neither)"
               for k in ["axes", "axis", "keepdims", "casting", "order", "dtype", "subok", "signature"]},
    "vecdot": {k: "a plain function, not a gufunc: no gufunc keywords (CuPy's neither)"
               for k in ["axes", "keepdims", "casting", "order", "dtype", "subok", "signature"]},
}


def _shared_functions():
    out = []
    for name in sorted(set(dir(np)) & set(dir(cp))):
        if name.startswith("_"):
            continue
        f, g = getattr(np, name), getattr(cp, name)
        if isinstance(f, type) or not callable(f) or isinstance(g, cp.ufunc):
            continue  # classes and scalar types; ufunc objects (keywords: test_ufunc_*.py)
        if isinstance(f, np.ufunc):
            continue
        try:
            inspect.signature(f)
        except (ValueError, TypeError):
            continue  # NumPy's C functions without a signature: nothing to compare
        out.append(name)
    return out


SHARED = _shared_functions()


def _missing(name):
    sn = inspect.signature(getattr(np, name))
    try:
        sc = inspect.signature(getattr(cp, name))
    except (ValueError, TypeError):
        return ["<no signature>"]
    params = sc.parameters
    if any(p.kind == p.VAR_KEYWORD for p in params.values()):
        return []
    allowed = PER_FUNCTION.get(name, {})
    return [p.name for p in sn.parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.POSITIONAL_ONLY) and p.name not in params
            and p.name not in EVERYWHERE and p.name not in allowed]


def test_enough_functions_compared():
    assert len(SHARED) > 200


@pytest.mark.parametrize("name", SHARED)
def test_numpy_parameter_names_accepted(name):
    assert _missing(name) == [], f"cunumpy.{name} lacks NumPy's parameters {_missing(name)}"


def test_exceptions_are_still_needed():
    """An exception that no function needs any more is removed from the list."""
    for name, params in PER_FUNCTION.items():
        sc = inspect.signature(getattr(cp, name))
        assert any(p not in sc.parameters for p in params), name


CREATORS = {
    "empty": lambda **kw: cp.empty(3, **kw), "zeros": lambda **kw: cp.zeros((2, 2), **kw),
    "ones": lambda **kw: cp.ones(2, **kw), "full": lambda **kw: cp.full(2, 7, **kw),
    "arange": lambda **kw: cp.arange(4, **kw), "linspace": lambda **kw: cp.linspace(0, 1, 3, **kw),
    "eye": lambda **kw: cp.eye(2, **kw), "asarray": lambda **kw: cp.asarray([1, 2], **kw),
    "zeros_like": lambda **kw: cp.zeros_like(cp.ones(2), **kw),
    "full_like": lambda **kw: cp.full_like(cp.ones(2), 3, **kw),
}


@pytest.mark.parametrize("name", list(CREATORS))
def test_device_keyword_creates_there(name):
    from cunumpy._dlpack import _as_device  # "cpu" or "cuda:N" of a device object
    here = cp.zeros(1).device
    for device in (here, _as_device(here), "cpu"):
        r = CREATORS[name](device=device)
        assert _as_device(r.device) == _as_device(device)
        expected = CREATORS[name]()
        assert r.shape == expected.shape and r.dtype == expected.dtype
        if name != "empty":
            np.testing.assert_array_equal(r.get(), expected.get())
    assert _as_device(cp.zeros(1).device) == _as_device(here)  # the current device is restored


@pytest.mark.parametrize("name", ["empty", "zeros", "ones", "full", "arange", "eye", "asarray"])
def test_like_keyword_accepted(name):
    r = CREATORS[name](like=cp.ones(1))
    assert isinstance(r, cp.ndarray)
    assert isinstance(np.zeros(3, like=cp.ones(1)), cp.ndarray)  # NEP 35 through __array_function__
