"""cunumpy.cuda.device: CuPy's ``cupy.cuda.device`` module (Device and the library handles)."""
from cunumpy import _core
from cunumpy.cuda import Device  # noqa: F401


def _device_id(device=None):
    return Device(device).id if device is not None else Device().id


def get_cublas_handle():
    """The current device's cuBLAS handle (an int, this thread's; the current stream set)."""
    return _core._cublas_handle(_device_id())


def get_cusolver_handle():
    """The current device's cuSOLVER dense handle (an int, this thread's)."""
    return _core._cusolver_handle(_device_id())
