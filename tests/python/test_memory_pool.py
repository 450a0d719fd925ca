"""Memory: the caching pool API (CuPy's names), allocators, managed and async pools,
foreign memory, pinned memory. Runs on the CPU backend (host pool) and on CUDA."""

import gc
import threading

import numpy as np
import pytest

import cunumpy as cp
import cunumpyx
from _helpers import device_kind

ON_CUDA = device_kind() == "cuda"
needs_cuda = pytest.mark.skipif(not ON_CUDA, reason="needs a CUDA device")
MiB = 1 << 20


@pytest.fixture
def pool():
    """A fresh pool of the current device, made the allocator for the test."""
    p = cp.cuda.MemoryPool()
    cp.cuda.set_allocator(p.malloc)
    yield p
    cp.cuda.set_allocator(cp.get_default_memory_pool().malloc)
    p.free_all_blocks()


def test_used_and_total_bytes_through_alloc_free_and_free_all(pool):
    assert (pool.used_bytes(), pool.total_bytes(), pool.n_free_blocks()) == (0, 0, 0)
    a = cp.empty(1000, dtype=np.float32)  # 4000 bytes -> one 512-byte-rounded block
    assert pool.used_bytes() == 4096
    assert pool.total_bytes() == 2 * MiB  # small blocks are carved from 2 MiB segments
    assert pool.free_bytes() == pool.total_bytes() - pool.used_bytes()
    del a
    assert pool.used_bytes() == 0
    assert pool.total_bytes() == 2 * MiB  # cached, not returned
    assert pool.n_free_blocks() == 1
    pool.free_all_blocks()
    assert (pool.total_bytes(), pool.n_free_blocks()) == (0, 0)


def test_free_all_blocks_of_one_stream(pool):
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        a = cp.empty(3 * MiB, dtype=np.uint8)
    b = cp.empty(3 * MiB, dtype=np.uint8)
    del a, b
    total = pool.total_bytes()
    pool.free_all_blocks(stream=s)
    # On CUDA only s's segment goes; the CPU keys every block under its one stream.
    assert pool.total_bytes() == (total - 20 * MiB if ON_CUDA else 0)
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


def test_freed_block_is_reused(pool):
    a = cp.empty(3 * MiB, dtype=np.uint8)
    ptr = a.data.ptr
    del a
    b = cp.empty(3 * MiB, dtype=np.uint8)
    assert b.data.ptr == ptr
    assert pool.total_bytes() == 20 * MiB  # one medium segment serves both


def test_splitting_and_merging(pool):
    blocks = [pool.malloc(512) for _ in range(4)]
    ptrs = [b.ptr for b in blocks]
    assert ptrs == sorted(ptrs) and ptrs[-1] - ptrs[0] == 3 * 512  # split from one segment
    assert pool.n_free_blocks() == 1  # the segment's tail
    del blocks[1]
    assert pool.n_free_blocks() == 2  # a hole and the tail
    del blocks[1]  # the old blocks[2]: merges with the hole
    assert pool.n_free_blocks() == 2
    del blocks[1]  # the old blocks[3]: merges hole, itself and the tail
    assert pool.n_free_blocks() == 1
    del blocks[0]
    assert pool.n_free_blocks() == 1 and pool.used_bytes() == 0
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


def test_large_blocks_get_their_own_segment(pool):
    a = pool.malloc(30 * MiB)
    assert pool.total_bytes() == 30 * MiB
    b = pool.malloc(30 * MiB + 1)
    assert pool.total_bytes() == 30 * MiB + 32 * MiB  # 2 MiB granularity above 10 MiB
    del a, b
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


def test_limit_gives_out_of_memory_error_and_process_stays_usable(pool):
    pool.set_limit(size=4 * MiB)
    assert pool.get_limit() == 4 * MiB
    keep = cp.ones(MiB // 4, dtype=np.float32)  # 1 MiB
    with pytest.raises(cp.cuda.memory.OutOfMemoryError) as info:
        cp.empty(16 * MiB, dtype=np.uint8)
    msg = str(info.value)
    assert "16,777,216 bytes" in msg and "limit: 4,194,304 bytes" in msg, msg
    assert "in use: 1,048,576 bytes" in msg, msg
    assert isinstance(info.value, MemoryError)
    # The pool keeps working and the data is intact.
    y = keep + 1
    assert float(y.sum()) == 2.0 * (MiB // 4)
    pool.set_limit(size=0)
    z = cp.empty(16 * MiB, dtype=np.uint8)
    assert z.nbytes == 16 * MiB


def test_oom_frees_cached_blocks_and_retries(pool):
    pool.set_limit(size=24 * MiB)
    a = cp.empty(8 * MiB, dtype=np.uint8)
    del a  # its 20 MiB segment stays cached
    assert pool.total_bytes() == 20 * MiB
    b = cp.empty(22 * MiB, dtype=np.uint8)  # fits only after the cache is released
    assert pool.total_bytes() == 22 * MiB and b.nbytes == 22 * MiB


def test_set_limit_fraction_and_errors(pool):
    pool.set_limit(fraction=0.5)
    assert pool.get_limit() > 0
    with pytest.raises(ValueError, match="between 0 and 1"):
        pool.set_limit(fraction=1.5)
    with pytest.raises(ValueError, match="size or fraction"):
        pool.set_limit(size=1, fraction=0.5)
    pool.set_limit(size=0)
    assert pool.get_limit() == 0


def test_swapping_allocators():
    default = cp.get_default_memory_pool()
    mine = cp.cuda.MemoryPool()
    try:
        cp.cuda.set_allocator(mine.malloc)
        assert cp.cuda.get_allocator().__self__ is mine
        before = default.used_bytes()
        a = cp.ones(1000)
        assert mine.used_bytes() >= a.nbytes and default.used_bytes() == before
        cp.cuda.set_allocator(None)  # no pool at all
        b = cp.ones(1000)
        assert default.used_bytes() == before and mine.used_bytes() == 4096 * 2
        calls = []

        def counting(n):
            calls.append(n)
            return mine.malloc(n)

        cp.cuda.set_allocator(counting)
        c = cp.zeros(7, dtype=np.int8)
        assert calls == [7]
        np.testing.assert_array_equal(c.get(), np.zeros(7, np.int8))
    finally:
        cp.cuda.set_allocator(default.malloc)
    d = cp.ones(10)
    assert default.used_bytes() >= d.nbytes
    assert float(a.sum() + b.sum()) == 2000.0


def test_allocator_returning_garbage_raises_type_error():
    try:
        cp.cuda.set_allocator(lambda n: "not memory")
        with pytest.raises(TypeError, match="must return a Memory or MemoryPointer, not 'str'"):
            cp.empty(4)
        cp.cuda.set_allocator(lambda n: None)
        with pytest.raises(cp.cuda.memory.OutOfMemoryError):
            cp.empty(4)
    finally:
        cp.cuda.set_allocator(cp.get_default_memory_pool().malloc)
    assert cp.ones(3).sum() == 3


def test_memory_pool_over_a_user_allocator():
    requested = []

    def upstream(n):
        requested.append(n)
        return cp.cuda.malloc_managed(n)

    p = cp.cuda.MemoryPool(upstream)
    a = p.malloc(1000)
    b = p.malloc(1000)
    assert requested == [2 * MiB]  # one segment, split for both
    assert p.used_bytes() == 2048 and p.total_bytes() == 2 * MiB
    del a, b
    p.free_all_blocks()
    assert p.total_bytes() == 0
    # The managed pool as cunumpy's allocator.
    try:
        cp.cuda.set_allocator(cp.cuda.MemoryPool(cp.cuda.malloc_managed).malloc)
        x = cp.arange(10, dtype=np.float32)
        np.testing.assert_array_equal((x * 2).get(), np.arange(10, dtype=np.float32) * 2)
    finally:
        cp.cuda.set_allocator(cp.get_default_memory_pool().malloc)


def test_multithreaded_alloc_free_never_hands_out_a_block_twice(pool):
    live = {}
    lock = threading.Lock()
    errors = []

    def worker(seed):
        rng = np.random.default_rng(seed)
        mine = []
        try:
            for _ in range(400):
                if mine and rng.random() < 0.45:
                    m = mine.pop(int(rng.integers(len(mine))))
                    with lock:
                        for off in range(0, m.mem.size, 512):
                            del live[m.ptr + off]
                    del m
                else:
                    n = int(rng.choice([100, 512, 5000, 70000, 2 * MiB + 3]))
                    m = pool.malloc(n)
                    with lock:
                        for off in range(0, m.mem.size, 512):
                            if m.ptr + off in live:
                                errors.append(f"block at {m.ptr + off:#x} handed out twice")
                            live[m.ptr + off] = seed
                    mine.append(m)
            with lock:
                for m in mine:
                    for off in range(0, m.mem.size, 512):
                        del live[m.ptr + off]
            mine.clear()
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(repr(e))

    threads = [threading.Thread(target=worker, args=(s,)) for s in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:5]
    assert pool.used_bytes() == 0


def test_memory_pointer_and_unowned_memory():
    host = np.arange(8, dtype=np.float64)
    mem = cp.cuda.UnownedMemory(host.ctypes.data, host.nbytes, host, device_id=-1 if not ON_CUDA else None) \
        if not ON_CUDA else None
    if ON_CUDA:
        src = cp.arange(8, dtype=np.float64)
        mem = cp.cuda.UnownedMemory(src.data.ptr, src.nbytes, src)
    mp = cp.cuda.MemoryPointer(mem, 0)
    assert mp.ptr == int(mp) and (mp + 16).ptr == mp.ptr + 16 and (mp + 16).offset == 16
    view = cp.ndarray((3,), np.float64, memptr=mp + 16)  # elements 2, 3, 4
    np.testing.assert_array_equal(view.get(), [2.0, 3.0, 4.0])
    view[...] = -1
    expect = np.arange(8, dtype=np.float64)
    expect[2:5] = -1
    got = host if not ON_CUDA else src.get()
    np.testing.assert_array_equal(got, expect)
    strided = cp.ndarray((4,), np.float64, memptr=mp, strides=(16,))
    np.testing.assert_array_equal(strided.get(), expect[::2])
    with pytest.raises(ValueError):
        cp.ndarray((9,), np.float64, memptr=mp)  # past the end of the memory
    with pytest.raises(ValueError, match="outside"):
        cp.cuda.MemoryPointer(mem, 65)
    with pytest.raises(ValueError, match="memptr"):
        cp.ndarray((2,), np.float64, strides=(8,))


def test_ndarray_data_is_a_memory_pointer_at_the_view_offset():
    x = cp.arange(10, dtype=np.int32)
    y = x[3:]
    assert y.data.ptr == x.data.ptr + 12 and y.data.offset == x.data.offset + 12
    assert y.data.mem is not None
    z = cp.ndarray((7,), np.int32, memptr=y.data)
    np.testing.assert_array_equal(z.get(), np.arange(3, 10, dtype=np.int32))


def test_async_pool_api():
    p = cp.cuda.MemoryAsyncPool()
    a = p.malloc(1 << 20)
    assert p.used_bytes() >= 1 << 20
    assert p.total_bytes() >= p.used_bytes()
    del a
    cp.cuda.get_current_stream().synchronize()
    assert p.used_bytes() == 0
    p.free_all_blocks()
    p.set_limit(size=1 << 20)
    assert p.get_limit() == 1 << 20
    with pytest.raises(cp.cuda.memory.OutOfMemoryError):
        p.malloc(2 << 20)
    with pytest.raises(NotImplementedError):
        cp.cuda.MemoryAsyncPool(pool_handles=[0])
    try:
        cp.cuda.set_allocator(cp.cuda.MemoryAsyncPool().malloc)
        x = cp.arange(100, dtype=np.float32)
        assert float((x + 1).sum()) == 5050.0
    finally:
        cp.cuda.set_allocator(cp.get_default_memory_pool().malloc)


@pytest.mark.parametrize("maker", ["empty", "zeros", "empty_like", "zeros_like"])
def test_pinned_arrays(maker):
    like = np.ones((3, 5), dtype=np.float32, order="F")
    fn = getattr(cunumpyx, maker + "_pinned")
    a = fn(like) if "like" in maker else fn((3, 5), dtype=np.float32, order="F")
    assert isinstance(a, np.ndarray) and a.shape == (3, 5) and a.dtype == np.float32
    assert a.flags.f_contiguous
    if maker.startswith("zeros"):
        assert not a.any()
    a[...] = np.arange(15, dtype=np.float32).reshape(3, 5)
    x = cp.asarray(a, blocking=True)
    np.testing.assert_array_equal(x.get(), a)


def test_pinned_pool_and_allocator():
    # The default pinned pool is process-wide: pinned arrays of earlier tests may still be
    # alive (pytest keeps the frames of failed tests, and under compute-sanitizer earlier
    # tests fail or finish differently), so the test measures its own blocks only.
    gc.collect()
    pinned = cp.get_default_pinned_memory_pool()
    pinned.free_all_blocks()
    used0 = pinned.used_bytes()
    a = cunumpyx.empty_pinned(1000, dtype=np.uint8)
    assert pinned.used_bytes() >= used0 + 1000
    del a
    assert pinned.used_bytes() == used0 and pinned.n_free_blocks() >= 1
    mem = cp.cuda.alloc_pinned_memory(64)
    view = np.frombuffer(mem, dtype=np.uint8, count=64)
    view[:] = 7
    assert view.sum() == 7 * 64
    try:
        cp.cuda.set_pinned_memory_allocator(None)  # uncached: the pool stays empty
        before = pinned.total_bytes()
        b = cunumpyx.zeros_pinned(5000)
        assert pinned.total_bytes() == before and b.sum() == 0
        mine = cp.cuda.PinnedMemoryPool()
        cp.cuda.set_pinned_memory_allocator(mine.malloc)
        c = cunumpyx.empty_pinned(10)
        assert mine.used_bytes() >= 80
        del c
    finally:
        cp.cuda.set_pinned_memory_allocator(pinned.malloc)


def test_async_get_into_pinned_memory():
    out = cunumpyx.empty_like_pinned(np.empty((1 << 16,), np.float32))
    s = cp.cuda.Stream(non_blocking=True)
    with s:  # x made on s too: a non-blocking stream does not wait for the default one
        x = cp.arange(1 << 16, dtype=np.float32)
        y = x * 3
    got = y.get(stream=s, out=out, blocking=False)
    assert got is out
    s.synchronize()
    np.testing.assert_array_equal(out, np.arange(1 << 16, dtype=np.float32) * 3)


def test_device_memory_has_no_host_buffer():
    if not ON_CUDA:
        pytest.skip("on the CPU every block is host memory")
    mp = cp.get_default_memory_pool().malloc(64)
    with pytest.raises(BufferError, match="not host memory"):
        np.frombuffer(mp.mem, dtype=np.uint8)


@needs_cuda
def test_fragmentation_stays_bounded():
    """Mixed-size temporaries in a long loop reuse cached blocks: total_bytes stops growing."""
    p = cp.cuda.MemoryPool()
    try:
        cp.cuda.set_allocator(p.malloc)
        rng = np.random.default_rng(0)
        x = cp.ones(1 << 20, dtype=np.float32)
        peak = 0
        for i in range(3000):
            n = int(rng.choice([1000, 30_000, 700_000, 3_000_000, 9_000_000]))
            t = cp.empty(n, dtype=np.float32)
            u = x[: min(n, x.size)] * 2
            del t, u
            if i == 500:
                peak = p.total_bytes()
        assert p.total_bytes() <= max(peak, 1) * 1.25, (peak, p.total_bytes())
        assert p.total_bytes() < 512 * MiB
    finally:
        cp.cuda.set_allocator(cp.get_default_memory_pool().malloc)
        p.free_all_blocks()


def test_independent_streams_do_not_share_blocks_without_pressure(pool):
    """Without memory pressure each stream keeps its own blocks, so no stream waits for
    another through the pool."""
    s1, s2 = cp.cuda.Stream(non_blocking=True), cp.cuda.Stream(non_blocking=True)
    with s1:
        a = cp.empty(16 << 20, dtype=np.uint8)
        pa = a.data.ptr
        del a
    with s2:
        b = cp.empty(16 << 20, dtype=np.uint8)
    if ON_CUDA:
        assert b.data.ptr != pa and pool.total_bytes() == 32 << 20
    # The CPU backend has one (already completed) stream: the block is simply reused.
    else:
        assert b.data.ptr == pa


@needs_cuda
def test_block_freed_on_one_stream_is_reused_by_another_in_stream_order():
    p = cp.cuda.MemoryPool()
    try:
        cp.cuda.set_allocator(p.malloc)
        s1 = cp.cuda.Stream(non_blocking=True)
        s2 = cp.cuda.Stream(non_blocking=True)
        big = cp.ones(1 << 24, dtype=np.float32)
        with s1:
            t = cp.empty(16 << 20, dtype=np.uint8)  # a whole large segment of s1
            for _ in range(20):  # keep s1 busy writing the block (and a temporary)
                t.view(np.float32)[...] = big[: t.nbytes // 4] + 1
            del t
        assert p.total_bytes() >= 16 << 20
        before = p.total_bytes()
        p.set_limit(size=before)  # no new segment: s2 must take one of s1's
        with s2:
            # One of s1's free segments, reused only after s1's queued writes: no new
            # memory, and s2's value is not overwritten by s1's late writes.
            u = cp.empty(16 << 20, dtype=np.uint8)
            assert p.total_bytes() == before
            u.view(np.float32)[...] = 5
            total = float(u.view(np.float32).sum())
        assert total == 5.0 * (4 << 20)
    finally:
        cp.cuda.set_allocator(cp.get_default_memory_pool().malloc)
        p.free_all_blocks()


@needs_cuda
def test_destroying_a_stream_keeps_its_blocks_usable():
    p = cp.cuda.MemoryPool()
    try:
        cp.cuda.set_allocator(p.malloc)
        s = cp.cuda.Stream(non_blocking=True)
        with s:
            a = cp.ones(1 << 22, dtype=np.float32) * 2
            del a
        del s  # synchronized before its id dies
        p.set_limit(size=p.total_bytes())  # the null stream must reuse the dead stream's
        b = cp.ones(1 << 22, dtype=np.float32)
        assert float(b.sum()) == float(1 << 22)
    finally:
        cp.cuda.set_allocator(cp.get_default_memory_pool().malloc)
        p.free_all_blocks()
