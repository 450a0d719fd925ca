"""The dask.array backend "cunumpy": under `dask.config.set({"array.backend": "cunumpy"})`
dask's creation functions (da.ones, da.zeros, da.empty, da.full, da.arange, da.random)
make cunumpy chunks, and `x.to_backend("cunumpy")` converts a collection's chunks.

Dask finds it through the entry point in pyproject.toml (group dask.array.backends), or
through cunumpy._dask_hook when cunumpy was imported first. Importing this module imports
dask.array.backends.
"""
import numpy as _np

import dask.array as _da
from dask import config as _config
from dask.array.backends import ArrayBackendEntrypoint as _ArrayBackendEntrypoint

import cunumpy as _cp
from cunumpy import _dask


def _meta():
    return _cp.empty((0,))


def _with_cunumpy_meta(name, *args, meta=None, **kwargs):
    # dask's creation functions build the graph; the meta decides the chunk type. The
    # numpy backend is selected meanwhile so that dask does not dispatch back here.
    with _config.set({"array.backend": "numpy"}):
        return getattr(_da, name)(*args, meta=_meta() if meta is None else meta, **kwargs)


def _random():
    rnd = getattr(_cp, "random", None)
    if rnd is None:
        raise NotImplementedError(
            "dask.array.random on the 'cunumpy' backend needs cunumpy.random, which this "
            "build of cunumpy does not have")
    return rnd


class CunumpyBackendEntrypoint(_ArrayBackendEntrypoint):
    @classmethod
    def to_backend_dispatch(cls):
        return _dask.to_cunumpy_dispatch()

    @classmethod
    def to_backend(cls, data, **kwargs):
        if isinstance(data._meta, _cp.ndarray):
            return data
        return data.map_blocks(cls.to_backend_dispatch(), meta=_meta().astype(data.dtype),
                               **kwargs)

    @property
    def RandomState(self):
        return _random().RandomState

    @property
    def default_bit_generator(self):
        """What da.random.default_rng(seed) calls: a cunumpy bit generator made from a
        SeedSequence, because dask spawns one child generator per chunk from the parent's
        `_seed_seq` and rebuilds each as `type(parent)(child_seed_seq)`."""
        rnd = _random()
        cls = getattr(rnd, "Philox4x3210", None) or getattr(rnd, "XORWOW", None)
        if cls is None:
            raise NotImplementedError("cunumpy.random has no bit generator for dask's Generator")

        def bit_generator(seed=None):
            if not isinstance(seed, _np.random.SeedSequence):
                seed = _np.random.SeedSequence(seed)
            return cls(seed)
        return bit_generator

    @staticmethod
    def ones(*args, **kwargs):
        return _with_cunumpy_meta("ones", *args, **kwargs)

    @staticmethod
    def zeros(*args, **kwargs):
        return _with_cunumpy_meta("zeros", *args, **kwargs)

    @staticmethod
    def empty(*args, **kwargs):
        return _with_cunumpy_meta("empty", *args, **kwargs)

    @staticmethod
    def full(*args, **kwargs):
        return _with_cunumpy_meta("full", *args, **kwargs)

    @staticmethod
    def arange(*args, like=None, **kwargs):
        with _config.set({"array.backend": "numpy"}):
            return _da.arange(*args, like=_meta() if like is None else like, **kwargs)


def hook_array_backends(module):
    """dask.array.backends was loaded: register the backend for this process (the entry
    point does it for an installed cunumpy; this covers a source tree on PYTHONPATH)."""
    module.array_creation_dispatch.register_backend("cunumpy", CunumpyBackendEntrypoint())
