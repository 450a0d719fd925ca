"""cunumpy.cuda.memory: memory pools and allocators (CuPy's ``cupy.cuda.memory``)."""

import contextlib as _contextlib
import threading as _threading

from cunumpy.cuda._core_access import core, core_cuda

_c = core_cuda()
OutOfMemoryError = core().OutOfMemoryError
Memory = _c.Memory
MemoryPointer = _c.MemoryPointer
MemoryAsyncPool = _c.MemoryAsyncPool
UnownedMemory = _c.UnownedMemory
_Pool = _c.MemoryPool


def malloc_managed(size):
    """``size`` bytes of managed (unified) memory on the current device, as a MemoryPointer
    (host memory on the CPU backend). Use as ``MemoryPool(malloc_managed)``."""
    return _c.malloc_managed(size)


class MemoryPool(_Pool):
    """A caching pool of device memory (CuPy's ``MemoryPool``).

    ``MemoryPool()`` takes memory of the current device from the driver;
    ``MemoryPool(allocator)`` takes its segments from ``allocator(nbytes)`` (which returns
    a Memory or MemoryPointer, e.g. ``malloc_managed``) and caches them the same way.
    ``set_allocator(pool.malloc)`` routes cunumpy's allocations through the pool.
    """

    def __init__(self, allocator=None, *, device=None):
        super().__init__(device, False, allocator)


class PinnedMemoryPool(_Pool):
    """A caching pool of pinned host memory (CuPy's ``PinnedMemoryPool``)."""

    def __init__(self, allocator=None):
        if allocator is not None:
            raise NotImplementedError("PinnedMemoryPool(allocator=...) is not supported; "
                                      "use set_pinned_memory_allocator")
        super().__init__(None, True)


_current_allocator = None  # None: the default pools
_NONE = object()  # no using_allocator block on this thread


def set_allocator(allocator=None):
    """Routes every cunumpy allocation through ``allocator``.

    None: no caching (every block comes from and returns to the driver, CuPy's meaning).
    A callable ``allocator(nbytes) -> MemoryPointer`` (e.g. ``pool.malloc``) is called
    instead of the default pool. The default pool's malloc restores the default.
    """
    global _current_allocator
    default = _c.get_default_memory_pool()
    if allocator is not None and getattr(allocator, "__self__", None) is default:
        _c.reset_allocator()
        _current_allocator = None
        return
    _c.set_allocator(allocator)
    _current_allocator = allocator if allocator is not None else _c.alloc


def get_allocator():
    """This thread's using_allocator allocator, else the one set by set_allocator (the
    default pool's malloc by default)."""
    mine = getattr(_thread, "allocator", _NONE)
    if mine is not _NONE:
        return mine
    if _current_allocator is None:
        return _c.get_default_memory_pool().malloc
    return _current_allocator


_thread = _threading.local()  # using_allocator's allocator of this thread, if any


@_contextlib.contextmanager
def using_allocator(allocator=None):
    """Routes this thread's cunumpy allocations through ``allocator`` inside the ``with``
    block (None: no pool, as set_allocator(None)); other threads keep theirs. Blocks nest;
    the allocator in use before comes back after."""
    prev = getattr(_thread, "allocator", _NONE)
    _c.set_thread_allocator(allocator, True)
    _thread.allocator = _c.alloc if allocator is None else allocator
    try:
        yield
    finally:
        if prev is _NONE:
            _c.set_thread_allocator(None, False)
            del _thread.allocator
        else:
            _c.set_thread_allocator(None if prev is _c.alloc else prev, True)
            _thread.allocator = prev


def alloc(size):
    """``size`` bytes on the current device through the current allocator (a MemoryPointer)."""
    return _c.alloc(size)


_current_pinned_allocator = None


def alloc_pinned_memory(size):
    """``size`` bytes of pinned host memory through the current pinned allocator; the
    result supports the buffer protocol (``numpy.frombuffer``)."""
    return _c.alloc_pinned_memory(size)


def set_pinned_memory_allocator(allocator=None):
    """None: pinned memory is not cached. A callable ``allocator(nbytes)`` (e.g.
    ``PinnedMemoryPool().malloc``) is used instead of the default pinned pool; the default
    pool's malloc restores the default."""
    global _current_pinned_allocator
    default = _c.get_default_pinned_memory_pool()
    if allocator is not None and getattr(allocator, "__self__", None) is default:
        _c.reset_pinned_memory_allocator()
        _current_pinned_allocator = None
        return
    _c.set_pinned_memory_allocator(allocator)
    _current_pinned_allocator = allocator


def get_pinned_memory_allocator():
    if _current_pinned_allocator is None:
        return _c.get_default_pinned_memory_pool().malloc
    return _current_pinned_allocator
