"""cunumpy.cuda.driver: CUDA driver errors (CuPy's ``cupy.cuda.driver``)."""

from cunumpy.cuda._core_access import core, core_cuda

CUDADriverError = core().CUDADriverError


def get_build_version():
    return core_cuda().runtime_version()


def driverGetVersion():
    return core_cuda().driver_version()
