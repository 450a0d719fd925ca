"""What dask.array needs to know about cunumpy chunks: the registrations Dask makes for
CuPy in dask/array/backends.py, made here for cunumpy.ndarray.

Nothing here imports dask at module level: cunumpy._dask_hook calls the hook_* functions
once Dask's modules are loaded, and they hand `register_dispatch` to Dask's
`register_lazy`, which runs it on the first dispatch on a cunumpy array.
"""
import math

import numpy as _np

import cunumpy as _cp

_LOOKUPS = ("concatenate_lookup", "take_lookup", "tensordot_lookup", "einsum_lookup",
            "empty_lookup", "divide_lookup", "percentile_lookup", "numel_lookup",
            "nannumel_lookup", "to_numpy_dispatch")
_to_cunumpy_dispatch = None


def to_cunumpy_dispatch():
    """Dask's Dispatch that converts one chunk to a cunumpy array (the analogue of
    dask.array.dispatch.to_cupy_dispatch; the backend's `to_backend` maps it over blocks)."""
    global _to_cunumpy_dispatch
    if _to_cunumpy_dispatch is None:
        from dask.utils import Dispatch
        d = Dispatch("to_cunumpy_dispatch")
        d.register(_cp.ndarray, _same_array)
        d.register(_np.ndarray, _numpy_to_cunumpy)
        d.register(object, _numpy_to_cunumpy)
        _to_cunumpy_dispatch = d
    return _to_cunumpy_dispatch


def _same_array(data, **kwargs):
    return data


def _numpy_to_cunumpy(data, **kwargs):
    return _cp.asarray(data, **kwargs)


def _cunumpy_to_numpy(data, **kwargs):
    return _cp.asnumpy(data, **kwargs)


def _divide(x1, x2, out=None, dtype=None):
    """dask's divide for reductions' aggregation steps (mean, var): x1 / x2 in `dtype`."""
    result = _cp.divide(x1, x2, out=out)
    if dtype is not None and result.dtype != dtype:
        result = result.astype(dtype, copy=False)
    return result


def _percentile(a, q, method="linear"):
    """One chunk's percentiles and its length, as dask's merge_percentiles wants them
    (None for an empty chunk, which merge_percentiles drops)."""
    n = len(a)
    if n == 0:
        return None, n
    if a.dtype.kind not in "iufc":  # bool too, as dask does for NumPy's non-numbers
        method = "nearest"
    return _cp.percentile(a, q, method=method), n


def _reduced_shape(shape, axis, keepdims):
    if axis is None:
        axes = tuple(range(len(shape)))
    else:
        axes = axis if isinstance(axis, (tuple, list)) else (axis,)
        axes = tuple(a % len(shape) if len(shape) else a for a in axes)
    count = math.prod(shape[a] for a in axes)
    if keepdims:
        kept = tuple(1 if d in axes else n for d, n in enumerate(shape))
    else:
        kept = tuple(n for d, n in enumerate(shape) if d not in axes)
    return count, kept


def _numel(x, axis=None, keepdims=False, dtype=None, **kwargs):
    """The number of elements a reduction over `axis` sees, as a cunumpy array of the
    reduced shape on the chunk's device (mean's and var's counts)."""
    count, shape = _reduced_shape(x.shape, axis, keepdims)
    return _cp.full(shape, count, dtype=_np.float64 if dtype is None else dtype)


def _nannumel(x, axis=None, keepdims=False, dtype=None, **kwargs):
    """The number of non-NaN elements a reduction over `axis` sees (nanmean's counts)."""
    return _cp.sum(~_cp.isnan(x), axis=axis, keepdims=keepdims,
                   dtype=_np.float64 if dtype is None else dtype)


def register_dispatch():
    """Registers cunumpy.ndarray in dask.array's dispatch tables (run by register_lazy)."""
    from dask.array import dispatch as d

    d.concatenate_lookup.register(_cp.ndarray, _cp.concatenate)
    d.take_lookup.register(_cp.ndarray, _cp.take)
    d.tensordot_lookup.register(_cp.ndarray, _cp.tensordot)
    d.einsum_lookup.register(_cp.ndarray, _cp.einsum)  # takes NumPy's casting=/order=
    d.empty_lookup.register(_cp.ndarray, _cp.empty)
    d.divide_lookup.register(_cp.ndarray, _divide)
    d.percentile_lookup.register(_cp.ndarray, _percentile)
    d.numel_lookup.register(_cp.ndarray, _numel)
    d.nannumel_lookup.register(_cp.ndarray, _nannumel)
    d.to_numpy_dispatch.register(_cp.ndarray, _cunumpy_to_numpy)


def hook_chunk_types(module):
    """dask.array.chunk_types was loaded: cunumpy.ndarray is a chunk type, so that dask's
    arrays take over operators and NumPy functions that mix them with cunumpy arrays (as
    dask does for cupy.ndarray)."""
    module.register_chunk_type(_cp.ndarray)


def hook_array_dispatch(module):
    """dask.array.dispatch was loaded: hand register_dispatch to its register_lazy."""
    for name in _LOOKUPS:
        getattr(module, name).register_lazy("cunumpy", register_dispatch)


def _sizeof(x):
    return int(x.nbytes)


def hook_sizeof(module):
    """dask.sizeof was loaded: a cunumpy array's size is its buffer's (nbytes), which the
    distributed scheduler uses for memory accounting and spilling decisions."""
    def register(sizeof=module.sizeof):
        sizeof.register(_cp.ndarray, _sizeof)
    module.sizeof.register_lazy("cunumpy", register)


def _token(x):
    """A cunumpy array's token: its bytes' hash from one host copy (dask would otherwise
    pickle it, three host copies), with the type and device, so that a NumPy array or an
    array on another device with the same values never shares a graph key with it."""
    from dask.hashing import hash_buffer_hex
    host = _cp.asnumpy(_cp.ascontiguousarray(x)).reshape(-1).view(_np.uint8)
    return ("cunumpy.ndarray", str(x.device), x.dtype.str, tuple(x.shape),
            hash_buffer_hex(host))


def hook_tokenize(module):
    """dask.tokenize was loaded: deterministic tokens for cunumpy arrays (from_array's
    names, graph keys)."""
    def register(normalize_token=module.normalize_token):
        normalize_token.register(_cp.ndarray, _token)
    module.normalize_token.register_lazy("cunumpy", register)
