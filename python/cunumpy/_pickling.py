"""Pickling cunumpy arrays (pickle, multiprocessing, copy's fallbacks): the values travel
as a NumPy array with the device's name; they come back on that device when the
unpickling process has it, else on its current device (CuPy's arrays come back on the
current device). ``copy.copy`` and ``copy.deepcopy`` copy on the device, without pickling.
"""
from cunumpy import _core


def _device_available(spec):
    if spec == "cpu":
        return True
    try:
        return int(spec.split(":")[1]) < _core.cuda.get_device_count()
    except (ValueError, IndexError):
        return False


def _reconstruct(host, device_spec):
    """The array a pickle holds: `host` (a NumPy array) uploaded to `device_spec` when this
    process has that device, else to the current device."""
    from cunumpy._array_api import on_device
    from cunumpy._creation import asarray
    with on_device(device_spec if _device_available(device_spec) else None):
        return asarray(host)


def reduce(self):
    """ndarray.__reduce__: the values (in the array's memory order) and its device."""
    from cunumpy._array_api import device_spec
    order = "F" if self.flags.f_contiguous and not self.flags.c_contiguous else "C"
    return _reconstruct, (self.get(order=order), device_spec(self.device))
