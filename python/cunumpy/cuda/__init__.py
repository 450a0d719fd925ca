"""cunumpy.cuda: CuPy's ``cupy.cuda`` API (devices, streams, events, memory pools).

Everything is backed by ``cunumpy._core.cuda`` (C++). On a machine without a GPU the
module imports and works on the CPU backend: ``is_available()`` is False, streams and
events behave as already completed, and the memory pool API runs over the host pool.
"""

import atexit
import threading

from cunumpy.cuda import compiler, driver, memory, nccl, runtime  # noqa: F401
from cunumpy.cuda import _core_access
from cunumpy.cuda._core_access import core_cuda as _core_cuda

_c = _core_cuda()

Stream = _c.Stream
Event = _c.Event
MemoryPool = memory.MemoryPool
PinnedMemoryPool = memory.PinnedMemoryPool
MemoryAsyncPool = memory.MemoryAsyncPool
Memory = _c.Memory
MemoryPointer = memory.MemoryPointer
UnownedMemory = memory.UnownedMemory
# CuPy also offers its user-kernel classes here.
RawKernel = _core_access.core().RawKernel
RawModule = _core_access.core().RawModule
OutOfMemoryError = memory.OutOfMemoryError
malloc_managed = memory.malloc_managed
alloc_pinned_memory = memory.alloc_pinned_memory
set_pinned_memory_allocator = memory.set_pinned_memory_allocator


def is_available():
    """True when a usable CUDA device exists."""
    return _c.is_available()


def get_device_id():
    """Index of the calling thread's current device (0 on the CPU)."""
    return _c.get_device_id()


def get_current_stream(device_id=-1):
    """The calling thread's current stream of the device (the current one by default)."""
    return _c.get_current_stream(device_id)


def get_elapsed_time(start_event, end_event):
    """Milliseconds between two recorded events."""
    return _c.get_elapsed_time(start_event, end_event)


def ExternalStream(ptr, device_id=-1):
    """A Stream over a CUstream created elsewhere (not destroyed by cunumpy)."""
    return _c.Stream.from_external_ptr(int(ptr), device_id)


def _from_external(obj):
    """Stream.from_external(obj): any object with ``__cuda_stream__`` (e.g. a PyTorch
    stream) -> a cunumpy Stream over the same CUstream."""
    proto = getattr(obj, "__cuda_stream__", None)
    if proto is None:
        raise TypeError(f"{type(obj).__name__} does not implement __cuda_stream__")
    version, ptr = proto() if callable(proto) else proto
    return ExternalStream(ptr)


Stream.from_external = staticmethod(_from_external)
# Both follow the current device; creating them touches no driver, so importing stays fast
# and works without a GPU.
Stream.null = Stream(null=True)
Stream.ptds = Stream(ptds=True)


@atexit.register
def _detach_class_streams():
    # Instances stored on their own (extension) type would outlive it at shutdown.
    for name in ("null", "ptds", "from_external"):
        try:
            delattr(Stream, name)
        except AttributeError:
            pass


_tls = threading.local()


def _device_stack():
    """The devices that ``with Device(...)`` blocks of this thread replaced."""
    stack = getattr(_tls, "devices", None)
    if stack is None:
        stack = _tls.devices = []
    return stack


class Device:
    """A CUDA device (CuPy's ``cupy.cuda.Device``); a context manager that makes it the
    calling thread's current device.

    ``Device()`` is the current device. On a machine without CUDA devices ``Device(0)``
    names the CPU, so CuPy code written for one GPU runs unchanged on the CPU backend.
    """

    __slots__ = ("_spec",)

    def __init__(self, device=None):
        if device is None:
            self._spec = _c.current_device()
        elif isinstance(device, Device):
            self._spec = device._spec
        else:
            index = int(device)
            if index == 0 and _c.get_device_count() == 0:
                self._spec = "cpu"
            else:
                if index < 0 or index >= _c.get_device_count():
                    raise ValueError(
                        f"invalid device id {index} ({_c.get_device_count()} CUDA device(s) available)")
                self._spec = f"cuda:{index}"

    @property
    def id(self):
        return 0 if self._spec == "cpu" else int(self._spec.split(":")[1])

    @property
    def compute_capability(self):
        """The compute capability as a string, e.g. '90'."""
        if self._spec == "cpu":
            raise RuntimeError("the CPU device has no compute capability")
        return _c.compute_capability(self.id)

    @property
    def mem_info(self):
        return _c.mem_get_info(self.id)

    def use(self):
        """Makes this device current for the calling thread."""
        _c.set_current_device(self._spec)

    def synchronize(self):
        """Waits for all work queued on this device."""
        if self._spec != "cpu":
            _c.device_synchronize(self.id)

    def __enter__(self):
        _device_stack().append(_c.current_device())
        _c.set_current_device(self._spec)
        return self

    def __exit__(self, *exc):
        _c.set_current_device(_device_stack().pop())

    @property
    def cublas_handle(self):
        """This thread's cuBLAS handle of the device (an int), as CuPy's."""
        return _core_access.core()._cublas_handle(self.id)

    @property
    def cusolver_handle(self):
        """This thread's cuSOLVER dense handle of the device (an int), as CuPy's."""
        return _core_access.core()._cusolver_handle(self.id)

    def __int__(self):
        return self.id

    def __index__(self):
        return self.id

    def __eq__(self, other):
        if isinstance(other, Device):
            return self._spec == other._spec
        return NotImplemented

    def __hash__(self):
        return hash(self._spec)

    def __repr__(self):
        return "<CPU Device>" if self._spec == "cpu" else f"<CUDA Device {self.id}>"


def get_default_memory_pool():
    """The current device's default memory pool."""
    return _c.get_default_memory_pool()


def get_default_pinned_memory_pool():
    """The default pool of pinned (page-locked) host memory."""
    return _c.get_default_pinned_memory_pool()


set_allocator = memory.set_allocator
get_allocator = memory.get_allocator
using_allocator = memory.using_allocator
alloc = memory.alloc
