"""cunumpyx.distributed (CuPy's cupyx.distributed): the TCP store everywhere, and a one-rank
NCCL process group on a GPU with NCCL (every method against NumPy). The 2-process runs need
two GPUs (docs/multi_gpu.md)."""

import socket
import threading

import numpy as np
import pytest

import cunumpy as cp
import cunumpyx.distributed as dist
from cunumpy.cuda import nccl
from cunumpyx.distributed._store import Barrier, StoreClient, StoreServer


def _on_cuda():
    return nccl.available() and hasattr(cp.zeros(1), "__cuda_array_interface__")


needs_nccl = pytest.mark.skipif(
    not _on_cuda(),
    reason=(f"NCCL is not available here: {nccl.unavailable_reason()}" if not nccl.available()
            else "NCCL needs arrays on a CUDA device; the default device is cpu (CUNUMPY_DEVICE)"))


@pytest.fixture
def server():
    s = StoreServer("127.0.0.1", 0)
    yield s
    s.stop()


# --- the store (everywhere) -------------------------------------------------------------

def test_store_set_get_add(server):
    c = StoreClient("127.0.0.1", server.port, timeout=10)
    c.set("a", [1, -2, 3])
    assert c.get("a") == [1, -2, 3]
    assert c.add("n", 2) == 2 and c.add("n") == 3
    assert c.wait("n", 3) == 3
    c.close()


def test_store_get_waits_for_another_client(server):
    got = []
    reader = StoreClient("127.0.0.1", server.port, timeout=30)
    t = threading.Thread(target=lambda: got.append(reader.get("late")))
    t.start()
    writer = StoreClient("127.0.0.1", server.port, timeout=30)
    writer.set("late", "here")
    t.join(30)
    assert got == ["here"]
    reader.close(), writer.close()


def test_store_barrier_of_three(server):
    n, passed, errors = 3, [], []

    def rank(r):
        try:
            c = StoreClient("127.0.0.1", server.port, timeout=30)
            b = Barrier(c, n)
            for gen in range(2):
                c.add(f"before/{gen}")
                b()
                # Nobody passes generation `gen` before all n arrived at it.
                passed.append(c.wait(f"before/{gen}", n))
            c.close()
        except Exception as e:  # noqa: BLE001 - checked below
            errors.append(e)

    threads = [threading.Thread(target=rank, args=(r,)) for r in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    assert passed == [n] * (2 * n)


def test_store_timeouts(server):
    c = StoreClient("127.0.0.1", server.port, timeout=0.2)
    with pytest.raises(TimeoutError, match="'never'"):
        c.get("never")
    with pytest.raises(TimeoutError, match="every rank"):
        c.wait("count", 5)
    c.close()
    with socket.socket() as s:  # a port nobody serves
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    with pytest.raises(TimeoutError, match="no cunumpyx.distributed store"):
        StoreClient("127.0.0.1", free, timeout=0.3)


def test_init_process_group_arguments():
    with pytest.raises(ValueError, match="backend"):
        dist.init_process_group(1, 0, backend="mpi")
    with pytest.raises(NotImplementedError, match="use_mpi"):
        dist.init_process_group(1, 0, use_mpi=True)
    with pytest.raises(ValueError, match="rank"):
        dist.init_process_group(2, 2)
    with pytest.raises(ValueError, match="n_devices"):
        dist.init_process_group(0, 0)


@pytest.mark.skipif(nccl.available(), reason="NCCL is available here; its absence cannot be seen")
def test_without_nccl_the_group_fails_cleanly():
    for _ in range(2):  # the store's port is released after the failure
        with pytest.raises(nccl.NcclError, match="ncclGetUniqueId"):
            dist.init_process_group(1, 0, port=0)


# --- one rank over NCCL -----------------------------------------------------------------

@pytest.fixture
def group():
    g = dist.init_process_group(1, 0, port=0)
    yield g
    g.stop()


def _sync():
    cp.cuda.get_current_stream().synchronize()


def _x(dtype, shape=(6,)):
    x = (np.arange(int(np.prod(shape))) % 7 + 1).reshape(shape).astype(dtype)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * x[::-1]
    return x


@needs_nccl
@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64", "complex128"])
def test_one_rank_collectives(group, dtype):
    assert group.rank == 0 and group.n_devices == 1
    x = _x(dtype, (2, 3))
    a = cp.asarray(x)
    ops = ["sum"] if np.dtype(dtype).kind == "c" else ["sum", "prod", "max", "min"]
    for op in ops:
        out = cp.zeros_like(a)
        group.all_reduce(a, out, op)
        _sync()
        np.testing.assert_array_equal(cp.asnumpy(out), getattr(np, op)(x[None], axis=0))
    out = cp.zeros_like(a)
    group.reduce(a, out, 0, "sum")
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out), x)
    b = cp.asarray(x)
    group.broadcast(b, 0)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(b), x)
    out = cp.zeros(x.size, dtype=dtype)
    group.reduce_scatter(a.reshape(-1), out, x.size)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out), x.reshape(-1))
    out = cp.zeros(x.size, dtype=dtype)
    group.all_gather(a.reshape(-1), out, x.size)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out), x.reshape(-1))


@needs_nccl
def test_one_rank_point_to_point(group):
    x = _x("float64", (1, 4))
    a = cp.asarray(x)
    out = cp.zeros_like(a)
    group.send_recv(a, out, 0)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out), x)
    out = cp.zeros((4,))
    group.scatter(a, out, 0)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out), x[0])
    out = cp.zeros_like(a)
    group.gather(a[0], out, 0)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out), x)
    out = cp.zeros_like(a)
    group.all_to_all(a, out)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out), x)
    group.barrier()
    group.barrier()


@needs_nccl
def test_one_rank_errors(group):
    a = cp.zeros((2, 3), dtype=cp.float32)
    with pytest.raises(ValueError, match="op"):
        group.all_reduce(a, a, "mean")
    with pytest.raises(ValueError, match="complex"):
        c = cp.zeros(3, dtype=cp.complex64)
        group.all_reduce(c, c, "max")
    with pytest.raises(TypeError, match="one dtype"):
        group.all_reduce(a, cp.zeros((2, 3), dtype=cp.float64))
    with pytest.raises(ValueError, match="C-contiguous"):
        group.all_reduce(a[:, ::2], cp.zeros((2, 2), dtype=cp.float32))
    with pytest.raises(ValueError, match="peer"):
        group.send(a, 1)
    with pytest.raises(ValueError, match=r"shape \(1, \.\.\.\)"):
        group.all_to_all(a, a)
    with pytest.raises(TypeError, match="int16"):
        group.all_reduce(cp.zeros(3, dtype=cp.int16), cp.zeros(3, dtype=cp.int16))
    with pytest.raises(TypeError, match="cunumpy.ndarray"):
        group.broadcast(np.zeros(3))
