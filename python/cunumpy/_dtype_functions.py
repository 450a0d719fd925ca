"""dtype functions of cunumpy: NumPy 2's rules, restricted to the dtypes cunumpy supports.

Every function here delegates to NumPy after replacing each cunumpy array by its dtype.
That is exactly NumPy 2's behaviour (NEP 50): an array, 0-d or not, takes part through its
dtype ("strong"); a Python bool/int/float/complex is "weak" and only contributes its kind.
Results that would be a dtype cunumpy cannot hold (strings, object, longdouble, datetime...)
raise TypeError naming that dtype.
"""

import numpy as _np

__all__ = [
    "SUPPORTED_DTYPES",
    "is_supported_dtype",
    "check_supported_dtype",
    "result_type",
    "promote_types",
    "can_cast",
    "min_scalar_type",
    "finfo",
    "iinfo",
    "isdtype",
    "issubdtype",
    "common_type",
    "mintypecode",
]

# The 14 dtypes cunumpy supports, in NumPy's type-number order.
SUPPORTED_DTYPES = tuple(
    _np.dtype(name)
    for name in (
        "bool",
        "int8", "int16", "int32", "int64",
        "uint8", "uint16", "uint32", "uint64",
        "float16", "float32", "float64",
        "complex64", "complex128",
    )
)
_SUPPORTED = frozenset(SUPPORTED_DTYPES)


def _is_cunumpy_array(x):
    t = type(x)
    mod = getattr(t, "__module__", "") or ""
    if not mod.startswith("cunumpy"):
        return False
    try:
        import cunumpy
    except Exception:  # pragma: no cover - partial builds
        return hasattr(x, "dtype") and hasattr(x, "shape")
    nd = getattr(cunumpy, "ndarray", None)
    if isinstance(nd, type) and isinstance(x, nd):
        return True
    return hasattr(x, "dtype") and hasattr(x, "shape")


def _unwrap(x):
    """A cunumpy array becomes its dtype (NumPy 2 treats any array through its dtype)."""
    if _is_cunumpy_array(x):
        return x.dtype
    return x


def is_supported_dtype(dtype):
    """True when ``dtype`` (anything numpy.dtype accepts) is one of cunumpy's 14 dtypes."""
    try:
        d = _np.dtype(dtype)
        return (d if d.isnative else d.newbyteorder("=")) in _SUPPORTED
    except TypeError:
        return False


def check_supported_dtype(dtype, what="dtype"):
    """numpy.dtype(dtype), or TypeError naming it when cunumpy does not support it."""
    d = _np.dtype(dtype)  # TypeError from NumPy for unknown spellings
    # Byte order is a property of host data, not a different type ('>i4' is int32).
    if (d if d.isnative else d.newbyteorder("=")) not in _SUPPORTED:
        raise TypeError(
            f"cunumpy does not support {what} {d!r} (dtype {str(d)!r}, char {d.char!r}); "
            "supported: bool, int8..int64, uint8..uint64, float16, float32, float64, "
            "complex64, complex128"
        )
    return d


def _check_arg(x):
    """Reject an explicit dtype argument (not a Python scalar) that cunumpy cannot hold."""
    if isinstance(x, (bool, int, float, complex)):
        return x
    if isinstance(x, _np.ndarray) or isinstance(x, _np.generic):
        check_supported_dtype(x.dtype)
        return x
    if isinstance(x, _np.dtype) or isinstance(x, type) or isinstance(x, str):
        check_supported_dtype(x)
        return x
    return x


def result_type(*arrays_and_dtypes):
    """numpy.result_type with cunumpy arrays taking part through their dtypes."""
    args = [_check_arg(_unwrap(a)) for a in arrays_and_dtypes]
    return check_supported_dtype(_np.result_type(*args), "result dtype")


def _no_array(x):
    """A dtype argument: NumPy refuses arrays there (TypeError), cunumpy's too."""
    if _is_cunumpy_array(x):
        raise TypeError("Cannot construct a dtype from an array")
    return x


def promote_types(type1, type2):
    """numpy.promote_types restricted to cunumpy's dtypes."""
    res = _np.promote_types(_no_array(type1), _no_array(type2))  # NumPy's errors first
    check_supported_dtype(type1)
    check_supported_dtype(type2)
    return check_supported_dtype(res, "result dtype")


def can_cast(from_, to, casting="safe"):
    """numpy.can_cast; a Python int/float/complex ``from_`` raises TypeError as in NumPy 2."""
    from_ = _unwrap(from_)
    if not isinstance(from_, (bool, int, float, complex)):
        _check_arg(from_)
    check_supported_dtype(_no_array(to))
    return _np.can_cast(from_, to, casting=casting)


def min_scalar_type(a):
    """numpy.min_scalar_type; a cunumpy array gives its own dtype unless 0-d (value based).

    For a 0-d cunumpy array the value is fetched (this synchronizes), as NumPy inspects it.
    """
    if _is_cunumpy_array(a):
        if a.ndim == 0:
            a = a.item()
        else:
            return _np.dtype(a.dtype)
    return check_supported_dtype(_np.min_scalar_type(a), "result dtype")


def _host_proxy(x):
    """An empty NumPy array for a cunumpy array, so NumPy rejects it as it does its own."""
    return _np.empty(0, dtype=x.dtype) if _is_cunumpy_array(x) else x


def finfo(dtype):
    """numpy.finfo for float16/32/64 and complex64/128 (complex gives its real part's info)."""
    res = _np.finfo(_host_proxy(dtype))  # NumPy's errors (ValueError) first
    check_supported_dtype(res.dtype)
    return res


def iinfo(int_type):
    """numpy.iinfo for the 8 integer dtypes."""
    res = _np.iinfo(_host_proxy(int_type))
    check_supported_dtype(res.dtype)
    return res


def isdtype(dtype, kind):
    """numpy.isdtype (array API): ``dtype`` must be a dtype, not an array."""
    if _is_cunumpy_array(dtype):
        raise TypeError(
            f"dtype argument must be a NumPy dtype, but it is a {type(dtype)}."
        )
    return _np.isdtype(dtype, kind)


def issubdtype(arg1, arg2):
    """numpy.issubdtype."""
    return _np.issubdtype(_no_array(arg1), _no_array(arg2))


def common_type(*arrays):
    """numpy.common_type over cunumpy (or NumPy) arrays: a scalar type, float64 for ints."""
    proxies = []
    for a in arrays:
        if _is_cunumpy_array(a):
            proxies.append(_np.empty(0, dtype=a.dtype))
        else:
            proxies.append(a)
    return _np.common_type(*proxies)


def mintypecode(typechars, typeset="GDFgdf", default="d"):
    """numpy.mintypecode."""
    return _np.mintypecode(typechars, typeset=typeset, default=default)
