"""CuPy's ``cupy.fft.config``: the FFT plan cache of each device.

Plans (cuFFT handles on CUDA, twiddle tables on the CPU) are cached per device, least
recently used dropped first past ``size`` plans or ``memsize`` bytes (-1: no byte limit;
size 0 disables caching).

``enable_nd_planning`` (True by default, as in CuPy): the n-d transforms (fftn, ifftn,
rfftn, irfftn and the 2-D forms) run up to three consecutive distinct axes as one n-D plan
(cuFFT's cufftMakePlanMany of rank 2 or 3); False runs every axis as its own batched 1-D
plan. Process-wide, held by the C++ engine (cunumpy::fft::set_nd_planning), so that the
setting costs a call nothing. A plan from get_fft_plan keeps the setting it was made with.
"""
import sys
import types

import cunumpy as _cp
from cunumpy import _core

use_multi_gpus = False


class _ConfigModule(types.ModuleType):
    """This module's class: enable_nd_planning reads and sets the engine's switch."""

    @property
    def enable_nd_planning(self):
        return _core.fft_nd_planning()

    @enable_nd_planning.setter
    def enable_nd_planning(self, value):
        _core.fft_set_nd_planning(bool(value))


sys.modules[__name__].__class__ = _ConfigModule


class PlanCache:
    """The plan cache of one device (``get_plan_cache()`` returns the current device's)."""

    def __init__(self, device=None):
        self._device = _cp.cuda.Device(device)

    def _info(self):
        with self._device:
            return _core.fft_plan_cache_info()

    def get_curr_size(self):
        return self._info()[0]

    def get_size(self):
        return self._info()[1]

    def set_size(self, size):
        with self._device:
            _core.fft_set_plan_cache_limits(int(size), None)

    def get_curr_memsize(self):
        return self._info()[2]

    def get_memsize(self):
        return self._info()[3]

    def set_memsize(self, size):
        with self._device:
            _core.fft_set_plan_cache_limits(None, int(size))

    @property
    def hits(self):
        return self._info()[4]

    @property
    def misses(self):
        return self._info()[5]

    def clear(self):
        with self._device:
            _core.fft_clear_plan_cache()

    def __len__(self):
        return self.get_curr_size()

    def show_info(self):
        size, max_size, mem, max_mem, hits, misses = self._info()
        print(f"------------------- cuFFT plan cache (device {self._device.id}) -------------------")
        print(f"cache enabled? {max_size != 0}")
        print(f"current / max size   : {size} / {max_size} (counts)")
        print(f"current / max memsize: {mem} / {'(unlimited)' if max_mem < 0 else max_mem} (bytes)")
        print(f"hits / misses: {hits} / {misses} (counts)")

    def __repr__(self):
        size, max_size, mem, max_mem, hits, misses = self._info()
        return (f"<PlanCache device={self._device.id} size={size}/{max_size} "
                f"memsize={mem}/{max_mem} hits={hits} misses={misses}>")


def get_plan_cache():
    """The current device's plan cache."""
    return PlanCache()


def get_plan_cache_size():
    return get_plan_cache().get_size()


def set_plan_cache_size(size):
    get_plan_cache().set_size(size)


def get_plan_cache_max_memsize():
    return get_plan_cache().get_memsize()


def set_plan_cache_max_memsize(size):
    get_plan_cache().set_memsize(size)


def clear_plan_cache():
    get_plan_cache().clear()


def show_plan_cache_info():
    get_plan_cache().show_info()


def set_cufft_gpus(gpus):
    raise NotImplementedError("multi-GPU FFT (set_cufft_gpus) is not supported")


def set_cufft_callbacks(*args, **kwargs):
    raise NotImplementedError("cuFFT callbacks are not supported")
