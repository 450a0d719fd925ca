"""The Python array API standard (2024.12) on cunumpy: every constant, data type and
function of the standard exists with its signature and behaves as the standard says,
checked against NumPy 2 used as an array API namespace (``np.__array_namespace_info__``,
``np.__array_api_version__`` == '2024.12'). This file is our own conformance check
(docs/interop.md says what it covers); the official suite (data-apis/array-api-tests) runs
beside it through scripts/array_api_tests.sh, and the regressions it found are pinned at the
end of this file.
"""
import inspect
import math
import operator
import warnings

import numpy as np
import pytest

import cunumpy as cp

# ---- the standard's names -------------------------------------------------------------
CONSTANTS = ["e", "inf", "nan", "newaxis", "pi"]
DTYPE_NAMES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
               "uint64", "float32", "float64", "complex64", "complex128"]
UNARY = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bitwise_invert", "ceil",
         "conj", "cos", "cosh", "exp", "expm1", "floor", "imag", "isfinite", "isinf", "isnan",
         "log", "log1p", "log2", "log10", "logical_not", "negative", "positive", "real",
         "reciprocal", "round", "sign", "signbit", "sin", "sinh", "square", "sqrt", "tan",
         "tanh", "trunc"]
BINARY = ["add", "atan2", "bitwise_and", "bitwise_left_shift", "bitwise_or",
          "bitwise_right_shift", "bitwise_xor", "copysign", "divide", "equal", "floor_divide",
          "greater", "greater_equal", "hypot", "less", "less_equal", "logaddexp", "logical_and",
          "logical_or", "logical_xor", "maximum", "minimum", "multiply", "nextafter",
          "not_equal", "pow", "remainder", "subtract"]

# Every function of the 2024.12 namespace with its standard signature: the positional
# parameters (how many the standard makes positional) and the keyword names (each must be
# accepted by name). Elementwise functions are checked by their arity instead.
SIGNATURES = {
    # creation
    "arange": (1, ["stop", "step", "dtype", "device"]),
    "asarray": (1, ["dtype", "device", "copy"]),
    "empty": (1, ["dtype", "device"]),
    "empty_like": (1, ["dtype", "device"]),
    "eye": (2, ["k", "dtype", "device"]),
    "from_dlpack": (1, ["device", "copy"]),
    "full": (2, ["dtype", "device"]),
    "full_like": (2, ["dtype", "device"]),
    "linspace": (3, ["dtype", "device", "endpoint"]),
    "meshgrid": (0, ["indexing"]),
    "ones": (1, ["dtype", "device"]),
    "ones_like": (1, ["dtype", "device"]),
    "tril": (1, ["k"]),
    "triu": (1, ["k"]),
    "zeros": (1, ["dtype", "device"]),
    "zeros_like": (1, ["dtype", "device"]),
    # data type functions
    "astype": (2, ["copy", "device"]),
    "can_cast": (2, []),
    "finfo": (1, []),
    "iinfo": (1, []),
    "isdtype": (2, []),
    "result_type": (0, []),
    # elementwise functions that are not ufuncs
    "clip": (1, ["min", "max"]),
    # indexing
    "take": (2, ["axis"]),
    "take_along_axis": (2, ["axis"]),
    # linear algebra
    "matmul": (2, []),
    "matrix_transpose": (1, []),
    "tensordot": (2, ["axes"]),
    "vecdot": (2, ["axis"]),
    # manipulation
    "broadcast_arrays": (0, []),
    "broadcast_to": (2, []),
    "concat": (1, ["axis"]),
    "expand_dims": (1, ["axis"]),
    "flip": (1, ["axis"]),
    "moveaxis": (3, []),
    "permute_dims": (2, []),
    "repeat": (2, ["axis"]),
    "reshape": (2, ["copy"]),
    "roll": (2, ["axis"]),
    "squeeze": (2, []),
    "stack": (1, ["axis"]),
    "tile": (2, []),
    "unstack": (1, ["axis"]),
    # searching
    "argmax": (1, ["axis", "keepdims"]),
    "argmin": (1, ["axis", "keepdims"]),
    "count_nonzero": (1, ["axis", "keepdims"]),
    "nonzero": (1, []),
    "searchsorted": (2, ["side", "sorter"]),
    "where": (3, []),
    # sets
    "unique_all": (1, []),
    "unique_counts": (1, []),
    "unique_inverse": (1, []),
    "unique_values": (1, []),
    # sorting
    "argsort": (1, ["axis", "descending", "stable"]),
    "sort": (1, ["axis", "descending", "stable"]),
    # statistics
    "cumulative_prod": (1, ["axis", "dtype", "include_initial"]),
    "cumulative_sum": (1, ["axis", "dtype", "include_initial"]),
    "max": (1, ["axis", "keepdims"]),
    "mean": (1, ["axis", "keepdims"]),
    "min": (1, ["axis", "keepdims"]),
    "prod": (1, ["axis", "dtype", "keepdims"]),
    "std": (1, ["axis", "correction", "keepdims"]),
    "sum": (1, ["axis", "dtype", "keepdims"]),
    "var": (1, ["axis", "correction", "keepdims"]),
    # utility
    "all": (1, ["axis", "keepdims"]),
    "any": (1, ["axis", "keepdims"]),
    "diff": (1, ["axis", "n", "prepend", "append"]),
}
LINALG = {
    "cholesky": (1, ["upper"]), "cross": (2, ["axis"]), "det": (1, []), "diagonal": (1, ["offset"]),
    "eigh": (1, []), "eigvalsh": (1, []), "inv": (1, []), "matmul": (2, []),
    "matrix_norm": (1, ["keepdims", "ord"]), "matrix_power": (2, []),
    "matrix_rank": (1, ["rtol"]), "matrix_transpose": (1, []), "outer": (2, []),
    "pinv": (1, ["rtol"]), "qr": (1, ["mode"]), "slogdet": (1, []), "solve": (2, []),
    "svd": (1, ["full_matrices"]), "svdvals": (1, []), "tensordot": (2, ["axes"]),
    "trace": (1, ["offset", "dtype"]), "vecdot": (2, ["axis"]),
    "vector_norm": (1, ["axis", "keepdims", "ord"]),
}
FFT = {
    "fft": (1, ["n", "axis", "norm"]), "ifft": (1, ["n", "axis", "norm"]),
    "fftn": (1, ["s", "axes", "norm"]), "ifftn": (1, ["s", "axes", "norm"]),
    "rfft": (1, ["n", "axis", "norm"]), "irfft": (1, ["n", "axis", "norm"]),
    "rfftn": (1, ["s", "axes", "norm"]), "irfftn": (1, ["s", "axes", "norm"]),
    "hfft": (1, ["n", "axis", "norm"]), "ihfft": (1, ["n", "axis", "norm"]),
    "fftfreq": (1, ["d", "dtype", "device"]), "rfftfreq": (1, ["d", "dtype", "device"]),
    "fftshift": (1, ["axes"]), "ifftshift": (1, ["axes"]),
}
ARRAY_ATTRIBUTES = ["dtype", "device", "mT", "ndim", "shape", "size", "T"]
ARRAY_METHODS = [
    "__abs__", "__add__", "__and__", "__array_namespace__", "__bool__", "__complex__",
    "__dlpack__", "__dlpack_device__", "__eq__", "__float__", "__floordiv__", "__ge__",
    "__getitem__", "__gt__", "__index__", "__int__", "__invert__", "__le__", "__lshift__",
    "__lt__", "__matmul__", "__mod__", "__mul__", "__ne__", "__neg__", "__or__", "__pos__",
    "__pow__", "__rshift__", "__setitem__", "__sub__", "__truediv__", "__xor__", "to_device",
    "__iadd__", "__radd__", "__isub__", "__rsub__", "__imul__", "__rmul__", "__itruediv__",
    "__rtruediv__", "__ifloordiv__", "__rfloordiv__", "__ipow__", "__rpow__", "__imod__",
    "__rmod__", "__imatmul__", "__rmatmul__", "__iand__", "__rand__", "__ior__", "__ror__",
    "__ixor__", "__rxor__", "__ilshift__", "__rlshift__", "__irshift__", "__rrshift__",
]


def _dev_kind():
    return "cpu" if "cpu" in str(cp.zeros(1).device) else "cuda"


def _dev_name(dev):
    """A device's name as the array API's device= takes it ("cpu", "cuda:N")."""
    return "cpu" if "cpu" in str(dev) else f"cuda:{dev.id}"


def _check_signature(func, n_positional, keywords, name):
    """The function takes `n_positional` arguments by position and each of `keywords` by
    name (a parameter of NumPy's that is positional-or-keyword passes both ways)."""
    sig = inspect.signature(func)
    params = list(sig.parameters.values())
    var_pos = any(p.kind is p.VAR_POSITIONAL for p in params)
    var_kw = any(p.kind is p.VAR_KEYWORD for p in params)
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    assert var_pos or len(positional) >= n_positional, f"{name}{sig}: {n_positional} positional"
    names = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    for k in keywords:
        assert k in names or var_kw, f"{name}{sig} lacks the keyword {k!r}"


# ---- namespace, version, inspection ----------------------------------------------------
def test_array_namespace_is_cunumpy():
    x = cp.arange(3)
    assert x.__array_namespace__() is cp
    assert x.__array_namespace__(api_version="2024.12") is cp
    assert x.__array_namespace__(api_version="2023.12") is cp
    with pytest.raises(ValueError):
        x.__array_namespace__(api_version="2099.01")
    assert cp.__array_api_version__ == "2024.12"  # NumPy 2.5's is 2025.12


@pytest.mark.parametrize("name", CONSTANTS + DTYPE_NAMES + UNARY + BINARY + list(SIGNATURES)
                         + ["__array_namespace_info__", "linalg", "fft"])
def test_name_exists(name):
    assert hasattr(cp, name), f"cunumpy.{name} is missing"
    assert hasattr(np, name)  # the oracle has it too


def test_constants_and_dtypes():
    for n in ["e", "inf", "pi"]:
        assert getattr(cp, n) == getattr(np, n) and isinstance(getattr(cp, n), float)
    assert math.isnan(cp.nan) and cp.newaxis is None
    for n in DTYPE_NAMES:
        assert np.dtype(getattr(cp, n)) == np.dtype(getattr(np, n))
        assert cp.zeros(2, dtype=getattr(cp, n)).dtype == np.dtype(n)


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_signature(name):
    _check_signature(getattr(cp, name), *SIGNATURES[name], name)


@pytest.mark.parametrize("name", sorted(LINALG))
def test_linalg_signature(name):
    _check_signature(getattr(cp.linalg, name), *LINALG[name], "linalg." + name)


@pytest.mark.parametrize("name", sorted(FFT))
def test_fft_signature(name):
    _check_signature(getattr(cp.fft, name), *FFT[name], "fft." + name)


@pytest.mark.parametrize("name", UNARY + BINARY)
def test_elementwise_arity(name):
    f = getattr(cp, name)
    nin = 2 if name in BINARY else 1
    if hasattr(f, "nin"):
        assert f.nin == nin
    else:  # real, imag, round: Python functions
        _check_signature(f, nin, [], name)


def test_array_object_members():
    x = cp.ones((2, 3))
    for a in ARRAY_ATTRIBUTES:
        getattr(x, a)
    for m in ARRAY_METHODS:
        assert callable(getattr(x, m)), m
    assert x.mT.shape == (3, 2) and x.T.shape == (3, 2)
    assert x.to_device(x.device) is x
    assert x.__dlpack_device__() == np.ones(1).__dlpack_device__() or _dev_kind() == "cuda"


def test_namespace_info():
    info = cp.__array_namespace_info__()
    ref = np.__array_namespace_info__()
    assert info.capabilities() == ref.capabilities()
    assert info.default_device() == cp.zeros(1).device
    assert cp.zeros(1).device in info.devices()
    assert info.default_dtypes() == ref.default_dtypes()
    assert info.default_dtypes(device=info.default_device()) == ref.default_dtypes()
    assert info.dtypes() == ref.dtypes()
    for kind in ["bool", "signed integer", "unsigned integer", "integral", "real floating",
                 "complex floating", "numeric", ("bool", "real floating")]:
        assert info.dtypes(kind=kind) == ref.dtypes(kind=kind), kind
    with pytest.raises(ValueError):
        info.dtypes(kind="not a kind")
    # the default dtypes are those the creation functions use
    assert cp.asarray(1.0).dtype == info.default_dtypes()["real floating"]
    assert cp.asarray(1).dtype == info.default_dtypes()["integral"]
    assert cp.asarray(1j).dtype == info.default_dtypes()["complex floating"]
    assert cp.nonzero(cp.ones(3))[0].dtype == info.default_dtypes()["indexing"]


# ---- creation functions with device= --------------------------------------------------
CREATION_CALLS = [
    ("arange", (5,), {}), ("arange", (1, 7), {"step": 2, "dtype": "float32"}),
    ("asarray", ([1, 2, 3],), {"dtype": "int32"}), ("empty", ((2, 3),), {}),
    ("eye", (3, 4), {"k": 1}), ("full", ((2, 2), 7), {"dtype": "int16"}),
    ("linspace", (0, 1, 5), {"endpoint": False}), ("ones", (3,), {"dtype": "complex64"}),
    ("zeros", ((0, 2),), {}),
]


@pytest.mark.parametrize("name,args,kwargs", CREATION_CALLS, ids=[c[0] + str(i) for i, c in enumerate(CREATION_CALLS)])
def test_creation_device(name, args, kwargs):
    dev = cp.zeros(1).device
    got = getattr(cp, name)(*args, device=dev, **kwargs)
    want = getattr(np, name)(*args, device="cpu", **kwargs)
    assert got.device == dev and got.shape == want.shape and got.dtype == want.dtype
    if name != "empty":
        np.testing.assert_array_equal(cp.asnumpy(got), want)
    assert getattr(cp, name)(*args, device=_dev_name(dev), **kwargs).device == dev


@pytest.mark.parametrize("name", ["empty_like", "zeros_like", "ones_like", "full_like"])
def test_like_functions_device(name):
    x = cp.arange(6, dtype=cp.float32).reshape(2, 3)
    args = (x, 4) if name == "full_like" else (x,)
    for dev in [None, x.device, _dev_name(x.device)]:
        y = getattr(cp, name)(*args, dtype=cp.int8, device=dev)
        assert y.device == x.device and y.dtype == np.int8 and y.shape == (2, 3)
        if name != "empty_like":
            want = getattr(np, name)(*((cp.asnumpy(x),) + args[1:]), dtype=np.int8)
            np.testing.assert_array_equal(cp.asnumpy(y), want)


def test_device_cpu_everywhere():
    # "cpu" is a device on every machine: the CPU backend
    y = cp.zeros(3, device="cpu")
    assert str(y.device) == "cpu"
    z = cp.asarray(cp.arange(3), device="cpu")
    assert str(z.device) == "cpu"
    np.testing.assert_array_equal(cp.asnumpy(z), [0, 1, 2])
    w = cp.astype(cp.arange(3), cp.float32, device="cpu")
    assert str(w.device) == "cpu" and w.dtype == np.float32
    assert str(cp.zeros_like(cp.arange(3), device="cpu").device) == "cpu"
    if _dev_kind() == "cuda":
        with pytest.raises(ValueError):
            cp.asarray(cp.arange(3), device="cpu", copy=False)


def test_bad_device():
    with pytest.raises(ValueError):
        cp.zeros(3, device="tpu")


def test_asarray_copy_semantics():
    x = cp.arange(4)
    assert cp.asarray(x) is x
    y = cp.asarray(x, copy=True)
    y[0] = 9
    assert int(x[0]) == 0
    with pytest.raises(ValueError):
        cp.asarray(x, dtype=cp.float32, copy=False)
    with pytest.raises(ValueError):
        cp.asarray([1, 2], copy=False)


# ---- astype ---------------------------------------------------------------------------
@pytest.mark.parametrize("src", ["bool", "int8", "uint16", "int64", "float32", "float64", "complex64"])
@pytest.mark.parametrize("dst", ["bool", "int32", "uint8", "float32", "float64", "complex128"])
def test_astype_function(src, dst):
    a = np.array([0, 1, 2, 3], dtype=src)
    x = cp.asarray(a)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = np.astype(a, np.dtype(dst))
        got = cp.astype(x, getattr(cp, dst))
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(cp.asnumpy(got), want)
    same = cp.astype(x, x.dtype, copy=False)
    assert same is x or same.data.ptr == x.data.ptr
    fresh = cp.astype(x, x.dtype)
    assert fresh.data.ptr != x.data.ptr


# ---- behaviour of the standard's calls, compared with NumPy ----------------------------
def _pair(values, dtype=None):
    a = np.asarray(values, dtype=dtype)
    return a, cp.asarray(a)


def _same(got, want, name):
    if isinstance(want, np.generic):
        want = np.asarray(want)
    if isinstance(want, list) or (isinstance(want, tuple) and isinstance(got, list)):
        # broadcast_arrays: NumPy 2 returns a tuple, CuPy (and cunumpy) a list
        assert len(got) == len(want), name
        for g, w in zip(got, want):
            _same(g, w, name)
        return
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want), name
        if hasattr(want, "_fields"):
            assert getattr(got, "_fields", None) == want._fields, name
        for g, w in zip(got, want):
            _same(g, w, name)
        return
    if isinstance(want, np.ndarray):
        assert isinstance(got, cp.ndarray), f"{name}: {type(got)}"
        assert got.shape == want.shape, f"{name}: {got.shape} != {want.shape}"
        assert got.dtype == want.dtype, f"{name}: {got.dtype} != {want.dtype}"
        g = cp.asnumpy(got)
        if want.dtype.kind in "fc":
            np.testing.assert_allclose(g, want, rtol=1e-6 if want.dtype.itemsize >= 8 else 1e-5,
                                       atol=1e-12, equal_nan=True, err_msg=name)
        else:
            np.testing.assert_array_equal(g, want, err_msg=name)
        return
    assert got == want, name


M = np.arange(12, dtype=np.float64).reshape(3, 4) - 5.5
V = np.array([3, 1, 2, 3, 1, 5, 0], dtype=np.int32)
F = np.array([2.5, -1.0, np.nan, 0.0, -0.0, 7.0, 2.5], dtype=np.float32)
SQ = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.25], [0.5, 0.25, 2.0]])

# (function, positional arguments as NumPy arrays, keyword arguments), each called in the
# standard's spelling on cunumpy and on NumPy.
CALLS = [
    ("tril", (M,), {"k": -1}), ("triu", (M,), {"k": 1}),
    ("meshgrid", (V[:3], F[:2]), {"indexing": "ij"}), ("meshgrid", (V[:3], F[:2]), {}),
    ("clip", (M,), {"min": -2.0, "max": 3.0}), ("clip", (V,), {"min": 1}),
    ("clip", (M,), {"max": 0.5}),
    ("take", (M, np.array([2, 0])), {"axis": 1}), ("take", (V, np.array([6, 0, 0])), {}),
    ("take_along_axis", (M, np.array([[0], [3], [1]])), {"axis": 1}),
    ("take_along_axis", (F, np.array([3, 1])), {}),
    ("matmul", (M, M.T), {}), ("matrix_transpose", (M[None],), {}),
    ("tensordot", (M, M.T), {"axes": 1}), ("tensordot", (M, M), {"axes": ([0, 1], [0, 1])}),
    ("vecdot", (M, M), {}), ("vecdot", (M, M), {"axis": 0}),
    ("broadcast_arrays", (M, V[:4]), {}), ("broadcast_to", (V[:4], (2, 4)), {}),
    ("concat", ([M, M],), {"axis": 1}), ("concat", ([M, M],), {"axis": None}),
    ("expand_dims", (M,), {"axis": -1}),
    ("flip", (M,), {}), ("flip", (M,), {"axis": 0}), ("flip", (M,), {"axis": (0, 1)}),
    ("moveaxis", (M[None], 0, -1), {}), ("permute_dims", (M[None], (2, 0, 1)), {}),
    ("repeat", (V, 2), {}), ("repeat", (M, np.array([1, 0, 2])), {"axis": 0}),
    ("reshape", (M, (4, 3)), {}), ("reshape", (M, (-1,)), {"copy": True}),
    ("roll", (M, 1), {}), ("roll", (M, (1, -1)), {"axis": (0, 1)}),
    ("squeeze", (M[None], 0), {}), ("stack", ([V, V],), {"axis": 1}),
    ("tile", (V[:2], (2, 3)), {}), ("unstack", (M,), {}), ("unstack", (M,), {"axis": 1}),
    ("argmax", (M,), {"axis": 1, "keepdims": True}), ("argmin", (F,), {}),
    ("argmax", (V,), {"axis": 0}),
    ("count_nonzero", (M,), {"axis": 0, "keepdims": True}), ("count_nonzero", (V,), {}),
    ("nonzero", (M,), {}), ("searchsorted", (np.sort(V), V), {"side": "right"}),
    ("searchsorted", (V, np.array([1, 4])), {"sorter": np.argsort(V, stable=True)}),
    ("where", (M > 0, M, 0.0), {}), ("where", (V > 1, V, V * 2), {}),
    ("unique_values", (V,), {}), ("unique_counts", (V,), {}),
    ("unique_inverse", (M.astype(np.int64) // 3,), {}), ("unique_all", (V,), {}),
    ("sort", (V,), {}), ("sort", (V,), {"stable": False}), ("sort", (F,), {"axis": 0}),
    ("argsort", (V,), {"stable": True}), ("argsort", (F,), {}),
    ("cumulative_sum", (V,), {"include_initial": True}), ("cumulative_sum", (M,), {"axis": 1}),
    ("cumulative_prod", (V[:4],), {"dtype": np.float64}),
    ("cumulative_prod", (M,), {"axis": 0, "include_initial": True}),
    ("max", (M,), {"axis": 1, "keepdims": True}), ("min", (F,), {}),
    ("mean", (M,), {"axis": (0, 1)}), ("prod", (V,), {"dtype": np.int64}),
    ("std", (M,), {"correction": 1}), ("var", (M,), {"axis": 0, "correction": 0.5}),
    ("sum", (V,), {"dtype": np.int8}), ("sum", (M,), {"axis": 0, "keepdims": True}),
    ("all", (M,), {"axis": 1}), ("any", (V > 4,), {"keepdims": True}),
    ("diff", (V,), {}), ("diff", (M,), {"axis": 0, "n": 2}),
    ("diff", (V,), {"prepend": np.array([1]), "append": np.array([7, 8])}),
    ("can_cast", (np.dtype(np.int8), np.dtype(np.float32)), {}),
    ("can_cast", (np.dtype(np.float64), np.dtype(np.int64)), {}),
    ("isdtype", (np.dtype(np.float32), "real floating"), {}),
    ("isdtype", (np.dtype(np.int8), ("unsigned integer", "bool")), {}),
    ("isdtype", (np.dtype(np.complex64), "numeric"), {}),
    ("result_type", (np.dtype(np.int8), np.dtype(np.uint8)), {}),
    ("result_type", (V, np.dtype(np.float32)), {}), ("result_type", (F, 1.0), {}),
]


def _to_cp(v):
    if isinstance(v, np.ndarray):
        return cp.asarray(v)
    if isinstance(v, list):
        return [_to_cp(e) for e in v]
    return v


@pytest.mark.parametrize("name,args,kwargs", CALLS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CALLS)])
def test_call_matches_numpy(name, args, kwargs):
    want = getattr(np, name)(*args, **kwargs)
    got = getattr(cp, name)(*[_to_cp(a) for a in args], **kwargs)
    if name == "unique_values":  # the standard leaves the order open (NumPy's is not sorted)
        want, got = np.sort(want), cp.sort(got)
    if isinstance(want, (np.bool_, bool)):
        assert bool(got) == bool(want)
    elif isinstance(want, np.dtype):
        assert np.dtype(got) == want
    else:
        _same(got, want, name)


def test_unique_results_are_named():
    x = cp.asarray(V)
    r = cp.unique_all(x)
    assert r._fields == ("values", "indices", "inverse_indices", "counts")
    assert r.inverse_indices.shape == x.shape
    np.testing.assert_array_equal(cp.asnumpy(r.values[r.inverse_indices]), V)
    assert cp.unique_counts(x)._fields == ("values", "counts")
    assert cp.unique_inverse(x)._fields == ("values", "inverse_indices")


def test_unique_nan_are_distinct():
    # The standard: each NaN is its own unique value (NumPy 2 follows with equal_nan=False).
    a = np.array([np.nan, 1.0, np.nan, 1.0])
    got = cp.unique_counts(cp.asarray(a))
    want = np.unique_counts(a)
    np.testing.assert_array_equal(cp.asnumpy(got.values), want.values)
    np.testing.assert_array_equal(cp.asnumpy(got.counts), want.counts)


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int64", "float32", "float64"])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_sort_descending_stable(dtype, axis):
    rng = np.random.default_rng(1)
    a = rng.integers(0, 4, (5, 7)).astype(dtype)
    x = cp.asarray(a)
    idx = cp.asnumpy(cp.argsort(x, axis=axis, descending=True, stable=True))
    srt = cp.asnumpy(cp.sort(x, axis=axis, descending=True))
    np.testing.assert_array_equal(np.take_along_axis(a, idx, axis), srt)
    np.testing.assert_array_equal(srt, np.flip(np.sort(a, axis=axis), axis=axis))
    # stable: equal keys keep increasing positions
    pos = np.moveaxis(idx, axis, -1)
    keys = np.moveaxis(srt, axis, -1)
    same = keys[..., 1:] == keys[..., :-1]
    assert np.all(pos[..., 1:][same] > pos[..., :-1][same])
    with pytest.raises(np.exceptions.AxisError):
        cp.argsort(x, axis=2, descending=True)


def test_expand_dims_default_axis():
    # the standard's default axis=0 (NumPy requires the argument)
    assert cp.expand_dims(cp.ones((2, 3))).shape == (1, 2, 3)


def test_sort_descending_0d_and_empty():
    want = np.argsort(np.asarray(3.0)).shape
    assert cp.argsort(cp.asarray(3.0), descending=True).shape == want
    assert cp.argsort(cp.zeros((0, 3)), descending=True, axis=0).shape == (0, 3)
    assert cp.sort(cp.zeros((2, 0)), descending=True).shape == (2, 0)


def test_finfo_iinfo():
    for t in [cp.float32, cp.float64, cp.complex64, cp.complex128]:
        f, g = cp.finfo(t), np.finfo(t)
        for attr in ["bits", "eps", "max", "min", "smallest_normal", "dtype"]:
            assert getattr(f, attr) == getattr(g, attr), (t, attr)
    # finfo(array): the standard allows it, NumPy 2 refuses it (ValueError); NumPy's kept
    with pytest.raises(ValueError):
        np.finfo(np.ones(1, dtype=np.float32))
    with pytest.raises(ValueError):
        cp.finfo(cp.ones(1, dtype=cp.float32))
    for t in [cp.int8, cp.uint16, cp.int32, cp.uint64]:
        i, j = cp.iinfo(t), np.iinfo(t)
        assert (i.bits, i.max, i.min, i.dtype) == (j.bits, j.max, j.min, j.dtype)


# ---- the array object ------------------------------------------------------------------
def test_python_scalars_with_arrays():
    # The standard's scalar rules (NEP 50 in NumPy 2): a Python scalar takes the array's dtype.
    for dt in ["int8", "uint8", "float32", "complex64"]:
        a = np.ones(3, dtype=dt)
        x = cp.asarray(a)
        for op in [operator.add, operator.sub, operator.mul, operator.truediv, operator.pow]:
            for s in ([2] if dt[0] in "iu" else [2, 2.5]):
                want, got = op(a, s), op(x, s)
                assert got.dtype == want.dtype, (dt, op, s)
                want, got = op(s, a), op(s, x)
                assert got.dtype == want.dtype, (dt, op, s, "reflected")


def test_conversions():
    assert bool(cp.asarray(True)) is True
    assert int(cp.asarray(7)) == 7
    assert float(cp.asarray(2.5)) == 2.5
    assert complex(cp.asarray(1 + 2j)) == 1 + 2j
    assert operator.index(cp.asarray(5)) == 5
    with pytest.raises(TypeError):
        operator.index(cp.asarray(5.0))
    with pytest.raises((TypeError, ValueError)):
        bool(cp.ones(2))


def test_indexing_forms():
    a = np.arange(24).reshape(2, 3, 4)
    x = cp.asarray(a)
    for key in [(0, slice(None), -1), (Ellipsis, 1), (None, 1), (slice(None, None, -1),),
                (1, slice(1, None), slice(None, None, 2)), ()]:
        np.testing.assert_array_equal(cp.asnumpy(x[key]), a[key])
    mask = a > 10
    np.testing.assert_array_equal(cp.asnumpy(x[cp.asarray(mask)]), a[mask])
    x[cp.asarray(mask)] = -1
    a[mask] = -1
    np.testing.assert_array_equal(cp.asnumpy(x), a)
    # integer array indexing (the standard's 2024.12 form)
    idx = np.array([1, 0, 1])
    np.testing.assert_array_equal(cp.asnumpy(x[0, cp.asarray(idx)]), a[0, idx])


def test_dlpack_exchange_with_numpy():
    if _dev_kind() != "cpu":
        pytest.skip("NumPy imports DLPack only from host memory; the CPU backend's case")
    x = cp.arange(6.0).reshape(2, 3)[:, 1:]
    a = np.from_dlpack(x)
    np.testing.assert_array_equal(a, cp.asnumpy(x))
    y = cp.from_dlpack(a)
    np.testing.assert_array_equal(cp.asnumpy(y), a)


# ---- special cases of the elementwise functions ----------------------------------------
# The standard lists results for NaN, infinities, signed zeros and the like; NumPy 2
# follows them for the functions below (the few where it does not are left out, with the
# reason). Each is checked on every pair of the special values, with signed zeros told apart.
SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.5, -3.5,
           1e-40, 1e300, -1e300]
UNARY_FLOAT = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh",
               "exp", "expm1", "floor", "isfinite", "isinf", "isnan", "log", "log1p", "log2",
               "log10", "negative", "positive", "reciprocal", "round", "sign", "signbit", "sin",
               "sinh", "square", "sqrt", "tan", "tanh", "trunc"]
BINARY_FLOAT = ["add", "atan2", "copysign", "divide", "equal", "floor_divide", "greater",
                "greater_equal", "hypot", "less", "less_equal", "logaddexp", "maximum",
                "minimum", "multiply", "nextafter", "not_equal", "pow", "remainder",
                "subtract"]


def _assert_same_special(got, want, name):
    got = cp.asnumpy(got)
    assert got.dtype == want.dtype, name
    if want.dtype.kind == "f":
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want), err_msg=name)
        ok = ~np.isnan(want)
        bad = np.flatnonzero(ok & ((got != want) | (np.signbit(got) != np.signbit(want))))
        # transcendental functions may differ in the last bit; exact values (0, inf,
        # signed zeros, exact results) must match exactly
        close = np.isclose(got, want, rtol=4 * np.finfo(want.dtype).eps, atol=0)
        bad = [i for i in bad if not (close.flat[i] and np.signbit(got.flat[i]) == np.signbit(want.flat[i])
                                      and np.isfinite(want.flat[i]) and want.flat[i] != 0)]
        assert not bad, f"{name}: at {bad[:5]} got {got.flat[bad[:5]]} want {want.flat[bad[:5]]}"
    else:
        np.testing.assert_array_equal(got, want, err_msg=name)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", UNARY_FLOAT)
def test_special_cases_unary(name, dtype):
    a = np.array(SPECIAL, dtype=dtype)
    with np.errstate(all="ignore"):
        want = getattr(np, name)(a)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = getattr(cp, name)(cp.asarray(a))
    _assert_same_special(got, want, name)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", BINARY_FLOAT)
def test_special_cases_binary(name, dtype):
    s = np.array(SPECIAL, dtype=dtype)
    a, b = np.repeat(s, len(s)), np.tile(s, len(s))
    with np.errstate(all="ignore"):
        want = getattr(np, name)(a, b)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = getattr(cp, name)(cp.asarray(a), cp.asarray(b))
    _assert_same_special(got, want, name)


COMPLEX_SPECIAL = [complex(r, i) for r in [0.0, -0.0, 1.0, -2.0, np.inf, -np.inf, np.nan]
                   for i in [0.0, -0.0, 1.5, -1.0, np.inf, -np.inf, np.nan]]
UNARY_COMPLEX = ["abs", "conj", "exp", "expm1", "isfinite", "isinf", "isnan", "log", "log1p",
                 "negative", "positive", "sign", "sqrt", "square", "real", "imag",
                 "sin", "cos", "tan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
                 "asin", "acos", "atan", "reciprocal", "log2", "log10"]


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("name", UNARY_COMPLEX)
def test_special_cases_complex(name, dtype):
    a = np.array(COMPLEX_SPECIAL, dtype=dtype)
    with np.errstate(all="ignore"):
        want = getattr(np, name)(a)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = cp.asnumpy(getattr(cp, name)(cp.asarray(a)))
    assert got.dtype == want.dtype
    if want.dtype.kind != "c":
        _assert_same_special(cp.asarray(got), want, name)
        return
    for part in (np.real, np.imag):
        w, g = part(want), part(got)
        np.testing.assert_array_equal(np.isnan(g), np.isnan(w), err_msg=f"{name} {part.__name__}: {a}")
        ok = ~np.isnan(w)
        np.testing.assert_allclose(g[ok], w[ok], rtol=1e-13 if dtype == "complex128" else 1e-6, atol=0,
                                   err_msg=f"{name} {part.__name__}")
        inf_or_zero = ok & (np.isinf(w) | (w == 0))
        np.testing.assert_array_equal(np.signbit(g[inf_or_zero]), np.signbit(w[inf_or_zero]),
                                      err_msg=f"{name} {part.__name__} sign: {a[inf_or_zero]}")


def test_integer_special_cases():
    # floor_divide and remainder by zero (NumPy returns 0 with a warning), shifts past the
    # width (the standard: as if shifted one bit at a time), negative powers.
    a = np.array([-7, -1, 0, 1, 7, 127, -128], dtype=np.int8)
    b = np.array([0, 3, -3, 8, 9, 1, -1], dtype=np.int8)
    for name in ["floor_divide", "remainder", "bitwise_left_shift", "bitwise_right_shift",
                 "bitwise_and", "bitwise_or", "bitwise_xor", "maximum", "minimum"]:
        with np.errstate(all="ignore"):
            want = getattr(np, name)(a, b)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = getattr(cp, name)(cp.asarray(a), cp.asarray(b))
        np.testing.assert_array_equal(cp.asnumpy(got), want, err_msg=name)
    np.testing.assert_array_equal(cp.asnumpy(cp.bitwise_invert(cp.asarray(a))), np.bitwise_invert(a))


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide", "pow", "equal",
                                  "not_equal"])
def test_special_cases_complex_binary(name, dtype):
    # every pair of the 49 special complex values; pow is NumPy 2's (0**z is 0 for
    # Re(z) > 0; non-finite operands as exp(z * log(x)) with C99's complex product)
    s = np.array(COMPLEX_SPECIAL, dtype=dtype)
    a, b = np.repeat(s, len(s)), np.tile(s, len(s))
    with np.errstate(all="ignore"):
        want = getattr(np, name)(a, b)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = cp.asnumpy(getattr(cp, name)(cp.asarray(a), cp.asarray(b)))
    assert got.dtype == want.dtype
    if want.dtype.kind != "c":
        np.testing.assert_array_equal(got, want)
        return
    # The library's ufunc kernels are compiled without fused multiply-adds on CUDA
    # (kernels/cuda/kernel_cache.hpp), so both backends round as NumPy does: the special
    # values (inf, nan, signed zeros) are exact, the finite parts within rtol. complex64 pow
    # composes float32 exp, log, sin and cos, each within a few ULP on CUDA (libdevice,
    # not glibc): 2e-5 relative was seen on the H200, hence its wider bound.
    rtol = 1e-13 if dtype == "complex128" else 1e-4 if name == "pow" else 1e-5
    # A zero power whose exponent b*log(a) has a NaN part takes its sign from that NaN
    # (C99's cexp: exp(-inf + i*NaN) is 0 + i*copysign(0, NaN)), and IEEE 754 leaves the
    # sign of a generated NaN to the machine: x86 makes it negative (NumPy's -0j here),
    # CUDA's float32 arithmetic positive (+0j; its float64 matches x86, and so does NumPy
    # on x86). There the sign of such a zero is the platform's, not a defect: its value is
    # still checked.
    nan_signed = None
    if name == "pow" and dtype == "complex64" and _dev_kind() == "cuda":
        with np.errstate(all="ignore"):
            t = b.astype(np.complex128) * np.log(a.astype(np.complex128))
        nan_signed = (want == 0) & (np.isnan(t.real) | np.isnan(t.imag))
    for part in (np.real, np.imag):
        w, g = part(want), part(got)
        np.testing.assert_array_equal(np.isnan(g), np.isnan(w), err_msg=f"{name} {part.__name__}")
        ok = ~np.isnan(w)
        np.testing.assert_allclose(g[ok], w[ok], rtol=rtol, atol=0, err_msg=f"{name} {part.__name__}")
        exact = ok & (np.isinf(w) | (w == 0))
        if nan_signed is not None:
            exact &= ~nan_signed
        np.testing.assert_array_equal(np.signbit(g[exact]), np.signbit(w[exact]),
                                      err_msg=f"{name} {part.__name__} sign")


# ---- regressions found by the official suite (scripts/array_api_tests.sh) ---------------
_COUNT_CASES = [
    ("float64", (3, 4), None), ("int8", (7,), None), ("bool", (2, 3), None),
    ("complex64", (5,), None), ("uint16", (), None), ("float32", (0, 3), None),
    ("int64", (4, 6), "transposed"), ("int32", (9,), "reversed"),
]


@pytest.mark.parametrize("dtype,shape,layout", _COUNT_CASES)
def test_count_nonzero_over_the_whole_array_is_a_0d_array(dtype, shape, layout):
    # The standard (and CuPy) return a 0-d array; NumPy's scalar would need a device read.
    rng = np.random.default_rng(7)
    a = (rng.integers(-2, 3, size=shape) * (rng.random(shape) < 0.6)).astype(dtype)
    x = cp.asarray(a)
    if layout == "transposed":
        a, x = a.T, x.T
    elif layout == "reversed":
        a, x = a[::-1], x[::-1]
    got = cp.count_nonzero(x)
    assert isinstance(got, cp.ndarray) and got.shape == () and got.dtype == cp.int64
    assert int(got) == np.count_nonzero(a)
    kept = cp.count_nonzero(x, keepdims=True)
    want = np.count_nonzero(a, keepdims=True)
    assert kept.shape == want.shape
    np.testing.assert_array_equal(cp.asnumpy(kept), want)
    if a.ndim:
        _same(cp.count_nonzero(x, axis=-1), np.count_nonzero(a, axis=-1), "count_nonzero axis")


_UFUNCS = sorted(n for n in dir(cp) if isinstance(getattr(cp, n), cp.ufunc))


@pytest.mark.parametrize("name", _UFUNCS)
def test_ufunc_signature_is_inspectable_and_true(name):
    # inspect.signature works on every ufunc (NumPy's too), with the inputs positional-only
    # and only keywords the call really accepts.
    f = getattr(cp, name)
    sig = inspect.signature(f)
    params = list(sig.parameters.values())
    inputs = params[:f.nin]
    assert all(p.kind is p.POSITIONAL_ONLY for p in inputs)
    assert [p.name for p in inputs] == (["x"] if f.nin == 1 else [f"x{i + 1}" for i in range(f.nin)])
    assert params[f.nin].name == "out" and params[f.nin].default is None
    loop = next((t for t in f.types if set(t[:f.nin]) == {"d"}), f.types[-1])
    args = [cp.ones(3, dtype=np.dtype(c)) for c in loop[:f.nin]]
    kwargs = {p.name: p.default for p in params[f.nin + 1:]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        r = f(*args, **kwargs)
    first = r[0] if f.nout > 1 else r
    assert isinstance(first, cp.ndarray) and first.shape == (3,)
    with pytest.raises(TypeError, match="invalid keyword"):
        f(*args, not_an_option=1)
