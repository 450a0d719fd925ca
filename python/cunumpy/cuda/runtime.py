"""cunumpy.cuda.runtime: CuPy's ``cupy.cuda.runtime`` functions (CUDA runtime names)."""

from cunumpy.cuda._core_access import core, core_cuda

is_hip = False
CUDARuntimeError = core().CUDADriverError


def getDeviceCount():
    return core_cuda().get_device_count()


def getDevice():
    return core_cuda().get_device_id()


def setDevice(device):
    core_cuda().set_device(int(device))


def getDeviceProperties(device):
    """A dict of the device's properties (``name`` is bytes, as in CuPy)."""
    return core_cuda().device_properties(int(device))


def deviceSynchronize():
    core_cuda().device_synchronize()


def memGetInfo():
    """(free, total) bytes of the current device."""
    return core_cuda().mem_get_info()


def runtimeGetVersion():
    return core_cuda().runtime_version()


def driverGetVersion():
    return core_cuda().driver_version()


def deviceCanAccessPeer(device, peer_device):
    return int(core_cuda().device_can_access_peer(int(device), int(peer_device)))


def deviceEnablePeerAccess(peer_device):
    core_cuda().device_enable_peer_access(int(peer_device))
