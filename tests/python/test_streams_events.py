"""Streams, events and devices with CuPy's names. On the CPU backend they exist and behave
as already-completed, in-order work; on CUDA the ordering and timing are real."""

import threading
import time

import numpy as np
import pytest

import cunumpy as cp
import cunumpyx
from _helpers import device_kind

ON_CUDA = device_kind() == "cuda"
needs_cuda = pytest.mark.skipif(not ON_CUDA, reason="needs a CUDA device")
needs_two = pytest.mark.skipif(not ON_CUDA or cp.cuda.runtime.getDeviceCount() < 2,
                               reason="needs two CUDA devices")


def test_stream_api_surface():
    s = cp.cuda.Stream(non_blocking=True)
    assert s.non_blocking is True
    assert isinstance(s.ptr, int) and s.done is True
    s.synchronize()
    assert cp.cuda.Stream.null.ptr == 0
    assert cp.cuda.Stream(null=True) == cp.cuda.Stream.null
    assert cp.cuda.Stream.ptds.ptr == (2 if ON_CUDA else 0)
    assert cp.cuda.Stream(priority=0).priority == 0
    e = s.record()
    e.synchronize()
    assert isinstance(e, cp.cuda.Event) and e.done
    e2 = cp.cuda.Event()
    assert s.record(e2) is not None
    s.wait_event(e2)


def test_with_stream_nests_and_restores():
    s1, s2 = cp.cuda.Stream(), cp.cuda.Stream()
    null = cp.cuda.get_current_stream()
    with s1:
        assert cp.cuda.get_current_stream() == s1
        with s2:
            assert cp.cuda.get_current_stream() == s2
        assert cp.cuda.get_current_stream() == s1
    assert cp.cuda.get_current_stream() == null
    s1.use()
    try:
        assert cp.cuda.get_current_stream() == s1
    finally:
        cp.cuda.Stream.null.use()
    assert cp.cuda.get_current_stream() == cp.cuda.Stream.null


def test_current_stream_is_thread_local():
    s = cp.cuda.Stream()
    seen = {}
    barrier = threading.Barrier(2)

    def other():
        barrier.wait()
        seen["other"] = cp.cuda.get_current_stream()
        barrier.wait()

    t = threading.Thread(target=other)
    t.start()
    with s:
        barrier.wait()  # the other thread looks while this one is inside `with s`
        barrier.wait()
    t.join()
    assert seen["other"] == cp.cuda.Stream.null


def test_device_context_nests_and_is_thread_local():
    d0 = cp.cuda.Device()
    seen = {}

    def other():
        seen["id"] = cp.cuda.Device().id
    with cp.cuda.Device(0):
        with cp.cuda.Device(0) as inner:
            assert cp.cuda.Device() == inner
            t = threading.Thread(target=other)
            t.start()
            t.join()
    assert seen["id"] == d0.id
    assert cp.cuda.Device() == d0


def test_work_inside_a_stream_is_correct():
    x = cp.arange(10000, dtype=np.float32)
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        y = cp.sin(x) * 2 + 1
        e = s.record()
    e.synchronize()
    np.testing.assert_allclose(y.get(), np.sin(np.arange(10000, dtype=np.float32)) * 2 + 1,
                               rtol=1e-5, atol=1e-6)


def test_event_api_and_elapsed_time():
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    x = cp.ones(1 << 20, dtype=np.float32)
    for _ in range(5):
        x = x * 1.0001
    stop.record()
    stop.synchronize()
    assert stop.done
    ms = cp.cuda.get_elapsed_time(start, stop)
    assert isinstance(ms, float) and ms >= 0.0
    nt = cp.cuda.Event(disable_timing=True)
    nt.record()
    with pytest.raises(ValueError, match="disable_timing"):
        cp.cuda.get_elapsed_time(start, nt)
    with pytest.raises(ValueError, match="recorded"):
        cp.cuda.get_elapsed_time(cp.cuda.Event(), stop)
    blocking = cp.cuda.Event(block=True)
    blocking.record()
    blocking.synchronize()
    ipc = cp.cuda.Event(disable_timing=True, interprocess=True)
    ipc.record()
    with pytest.raises(ValueError, match="disable_timing=True"):
        cp.cuda.Event(interprocess=True)


def test_cpu_events_time_host_work():
    if ON_CUDA:
        pytest.skip("on CUDA events time GPU work, not host sleeps")
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    time.sleep(0.02)
    stop.record()
    assert cp.cuda.get_elapsed_time(start, stop) >= 15.0


def test_launch_host_func_runs_after_queued_work():
    s = cp.cuda.Stream(non_blocking=True)
    x = cp.zeros(1 << 20, dtype=np.float32)
    # zeros ran on the default stream, which a non-blocking stream does not wait for: without
    # this the first add may run before the fill (seen once on the H200: 9.0).
    cp.cuda.Device().synchronize()
    seen = []
    with s:
        for _ in range(10):
            x += 1
        s.launch_host_func(lambda arg: seen.append(arg), "done")
    s.synchronize()
    for _ in range(200):  # the driver thread may still be returning from the call
        if seen:
            break
        time.sleep(0.005)
    assert seen == ["done"]
    assert float(x[0]) == 10.0


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_launch_host_func_exception_does_not_break_the_stream():
    # The exception is reported as unraisable (CuPy does the same) and the stream goes on.
    s = cp.cuda.Stream()

    def bad(_):
        raise RuntimeError("inside a host function")
    s.launch_host_func(bad, None)
    s.synchronize()
    assert float(cp.ones(4).sum()) == 4.0


def test_external_streams():
    s = cp.cuda.Stream()
    ext = cp.cuda.ExternalStream(s.ptr)
    assert ext.ptr == s.ptr

    class Foreign:
        def __cuda_stream__(self):
            return (0, s.ptr)
    f = cp.cuda.Stream.from_external(Foreign())
    assert f.ptr == s.ptr
    with f:
        y = cp.arange(5) + 1
    f.synchronize()
    np.testing.assert_array_equal(y.get(), np.arange(5) + 1)
    with pytest.raises(TypeError, match="__cuda_stream__"):
        cp.cuda.Stream.from_external(object())


@needs_cuda
def test_wait_event_orders_work_across_streams():
    """A long computation on s1; s2 waits for its event and then reads the result."""
    s1 = cp.cuda.Stream(non_blocking=True)
    s2 = cp.cuda.Stream(non_blocking=True)
    n = 1 << 24
    x = cp.zeros(n, dtype=np.float32)
    cp.cuda.Stream.null.synchronize()
    with s1:
        for _ in range(50):  # tens of milliseconds of work
            x += 1
        done = s1.record()
    s2.wait_event(done)
    with s2:
        y = x * 2
    s2.synchronize()
    assert float(y[0].get()) == 100.0 and float(y[-1].get()) == 100.0


@needs_cuda
def test_event_timing_measures_gpu_work():
    x = cp.ones(1 << 26, dtype=np.float32)
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    for _ in range(10):
        x = x + 1
    stop.record()
    stop.synchronize()
    ms = cp.cuda.get_elapsed_time(start, stop)
    # 10 passes over 2 x 256 MiB: at least ~0.5 ms even at the memory-bandwidth limit.
    assert 0.3 < ms < 5000, ms


@needs_cuda
def test_pinned_async_copy_overlaps_compute():
    """An upload from pinned memory on one stream runs while a kernel runs on another. The
    overlap is read from the order of the streams' events on the GPU clock (each interval
    starts before the other ends), not from wall-clock durations."""
    n = 1 << 26
    host = cunumpyx.empty_pinned((n,), np.float32)
    host[...] = 1
    dev = cp.empty(n, dtype=np.float32)
    work = cp.ones(n, dtype=np.float32)
    copy_s = cp.cuda.Stream(non_blocking=True)
    comp_s = cp.cuda.Stream(non_blocking=True)

    def compute():
        with comp_s:
            w = work
            for _ in range(40):
                w = w * 1.0
        return w

    def copy():
        with copy_s:
            dev.set(host)

    for _ in range(2):  # warm up kernels and the pinned path
        compute()
        copy()
    cp.cuda.Device().synchronize()
    overlapped = False
    for _ in range(3):  # a busy GPU may serialize one try; overlap must show in one of them
        ev = [cp.cuda.Event() for _ in range(4)]
        ev[0].record(copy_s)
        copy()
        ev[1].record(copy_s)
        ev[2].record(comp_s)
        compute()
        ev[3].record(comp_s)
        cp.cuda.Device().synchronize()
        copy_start, copy_end, comp_start, comp_end = ev
        # Intervals [copy_start, copy_end] and [comp_start, comp_end] intersect.
        if (cp.cuda.get_elapsed_time(comp_start, copy_end) > 0 and
                cp.cuda.get_elapsed_time(copy_start, comp_end) > 0):
            overlapped = True
            break
    assert overlapped, "the pinned upload never ran while the compute stream was busy"
    np.testing.assert_array_equal(dev[:5].get(), np.ones(5, np.float32))


@needs_two
def test_arrays_remember_their_device_and_copy_peer_to_peer():
    with cp.cuda.Device(1):
        b = cp.arange(1000, dtype=np.float64)
        assert b.device.id == 1
    with cp.cuda.Device(0):
        a = cp.asarray(b)  # device 1 -> device 0
        assert a.device.id == 0
        np.testing.assert_array_equal(a.get(), np.arange(1000, dtype=np.float64))
        c = b * 2  # b lives on device 1: computed there
    assert c.device.id == 1


@needs_two
def test_mixing_devices_in_one_operation_raises():
    a = cp.ones(10)
    with cp.cuda.Device(1):
        b = cp.ones(10)
    # b (device 1) first: the peer-access test enables only device 0 -> device 1.
    with pytest.raises(ValueError, match="is on cuda:0 but the other operands are on cuda:1"):
        b + a


@needs_two
def test_peer_access_lets_kernels_read_another_devices_array():
    if not cp.cuda.runtime.deviceCanAccessPeer(0, 1):
        pytest.skip("these GPUs cannot access each other's memory")
    a = cp.arange(10, dtype=np.float32)
    with cp.cuda.Device(1):
        b = cp.ones(10, dtype=np.float32)
    with cp.cuda.Device(0):
        cp.cuda.runtime.deviceEnablePeerAccess(1)
        c = a + b  # runs on device 0, reading b over the peer link
    assert c.device.id == 0
    np.testing.assert_array_equal(c.get(), np.arange(10, dtype=np.float32) + 1)


@needs_two
def test_allocation_follows_the_current_device_per_thread():
    p1 = cp.get_default_memory_pool  # noqa: F841 - documents the per-device pools
    seen = {}

    def worker():
        with cp.cuda.Device(1):
            seen["dev"] = cp.zeros(3).device.id
    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert seen["dev"] == 1
    assert cp.zeros(3).device.id == 0
