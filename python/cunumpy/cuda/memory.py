"""cunumpy.cuda.memory: memory pools and allocators (CuPy's ``cupy.cuda.memory``)."""

import contextlib as _contextlib

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
    """The allocator set by set_allocator (the default pool's malloc by default)."""
    if _current_allocator is None:
        return _c.get_default_memory_pool().malloc
    return _current_allocator


@_contextlib.contextmanager
def using_allocator(allocator=None):
    """Routes cunumpy allocations through ``allocator`` inside the ``with`` block (None:
    no pool, as set_allocator(None)), then restores the allocator in use before.

    Unlike CuPy, where the block's allocator is the calling thread's, the allocator is the
    process's (set_allocator's), so other threads see it while the block runs.
    """
    global _current_allocator
    saved = _current_allocator
    set_allocator(allocator)
    try:
        yield
    finally:
        if saved is None:
            _c.reset_allocator()
            _current_allocator = None
        elif saved is _c.alloc:
            set_allocator(None)
        else:
            set_allocator(saved)


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
