"""cunumpy.cuda.memory: memory pools and allocators (CuPy's ``cupy.cuda.memory``)."""

from cunumpy.cuda._core_access import core, core_cuda

OutOfMemoryError = core().OutOfMemoryError
Memory = core_cuda().Memory
_Pool = core_cuda().MemoryPool


class MemoryPool(_Pool):
    """A caching pool of device memory (CuPy's ``MemoryPool``).

    ``MemoryPool()`` pools memory of the current device; ``allocator`` is accepted for
    CuPy compatibility and must be None (the pool always takes memory from the driver).
    Use ``set_allocator(pool.malloc)`` to route cunumpy's allocations through it.
    """

    def __init__(self, allocator=None, *, device=None):
        if allocator is not None:
            raise NotImplementedError("MemoryPool(allocator=...) is not supported yet")
        super().__init__(device)


class PinnedMemoryPool(_Pool):
    """A caching pool of pinned host memory (CuPy's ``PinnedMemoryPool``)."""

    def __init__(self, allocator=None):
        if allocator is not None:
            raise NotImplementedError("PinnedMemoryPool(allocator=...) is not supported yet")
        super().__init__(None, True)


_current_allocator = None  # None: the default pools


def set_allocator(allocator=None):
    """Routes every cunumpy allocation through ``allocator``.

    None: no caching (every block comes from and returns to the driver, CuPy's meaning).
    A callable ``allocator(nbytes) -> Memory`` (e.g. ``pool.malloc``) is called instead of
    the default pool. The default pools' malloc restores the default.
    """
    global _current_allocator
    c = core_cuda()
    default = c.get_default_memory_pool()
    if allocator is not None and getattr(allocator, "__self__", None) is default:
        c.reset_allocator()
        _current_allocator = None
        return
    c.set_allocator(allocator)
    _current_allocator = allocator if allocator is not None else c.alloc


def get_allocator():
    """The allocator set by set_allocator (the default pool's malloc by default)."""
    if _current_allocator is None:
        return core_cuda().get_default_memory_pool().malloc
    return _current_allocator


def alloc(size):
    """Allocates ``size`` bytes on the current device through the current allocator."""
    return core_cuda().alloc(size)
