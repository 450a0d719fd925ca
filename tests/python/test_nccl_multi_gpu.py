"""NCCL across two GPUs: every collective and a send/recv ring across 2 ranks, as 2 threads
(one per GPU, each with its own stream), as 2 spawned processes, and with initAll from one
thread in a group; cunumpyx.distributed across 2 processes. Results against NumPy. Needs 2
CUDA devices and NCCL (the lent nvidia-h200-x2 machine, docs/multi_gpu.md); skipped
elsewhere with the reason."""

import multiprocessing
import os
import queue as queue_module
import sys
import threading

import numpy as np
import pytest

import cunumpy as cp
from cunumpy.cuda import nccl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _nccl_ranks  # noqa: E402

NRANKS = 2


def _skip_reason():
    if not nccl.available():
        return f"NCCL is not available here: {nccl.unavailable_reason()}"
    if cp.cuda.runtime.getDeviceCount() < NRANKS:
        return f"needs {NRANKS} CUDA devices, found {cp.cuda.runtime.getDeviceCount()}"
    if not hasattr(cp.zeros(1), "__cuda_array_interface__"):
        return "NCCL needs arrays on a CUDA device; the default device is cpu (CUNUMPY_DEVICE)"
    return ""


pytestmark = pytest.mark.skipif(bool(_skip_reason()), reason=_skip_reason() or "runs")

# A hang guard (NCCL waits for every rank), not a timed assertion.
JOIN_S = 300


def _check(results, dtype):
    assert sorted(results) == list(range(NRANKS))
    for rank, got in results.items():
        assert not isinstance(got, str), f"rank {rank} failed: {got}"
        want = _nccl_ranks.expected(NRANKS, rank, dtype)
        for key, value in want.items():
            np.testing.assert_array_equal(got[key], value, err_msg=f"rank {rank}: {key}")


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64"])
def test_two_threads_one_gpu_each(dtype):
    uid = nccl.get_unique_id()
    results = {}

    def work(rank):
        try:
            results[rank] = _nccl_ranks.run_rank(rank, NRANKS, uid, dtype)
        except BaseException as e:  # noqa: BLE001 - checked below
            results[rank] = f"{type(e).__name__}: {e}"

    threads = [threading.Thread(target=work, args=(r,), daemon=True) for r in range(NRANKS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(JOIN_S)
    assert not any(t.is_alive() for t in threads), "a rank thread hung"
    _check(results, dtype)


@pytest.mark.parametrize("dtype", ["float32", "int64"])
def test_two_processes_one_gpu_each(dtype):
    ctx = multiprocessing.get_context("spawn")
    uid = nccl.get_unique_id()
    q = ctx.Queue()
    procs = [ctx.Process(target=_nccl_ranks.process_main, args=(r, NRANKS, uid, dtype, q)) for r in range(NRANKS)]
    for p in procs:
        p.start()
    results = {}
    try:
        for _ in range(NRANKS):
            rank, got = q.get(timeout=JOIN_S)
            results[rank] = got
    except queue_module.Empty:
        pytest.fail(f"rank processes hung; got {sorted(results)}")
    finally:
        for p in procs:
            p.join(30)
            if p.is_alive():
                p.kill()
    _check(results, dtype)


def test_init_all_two_devices_in_a_group():
    comms = nccl.NcclCommunicator.initAll(NRANKS)
    try:
        assert [c.rank_id() for c in comms] == list(range(NRANKS))
        assert [c.device_id() for c in comms] == list(range(NRANKS))
        xs = [_nccl_ranks.rank_input(r, "float64") for r in range(NRANKS)]
        ins, outs = [], []
        for r in range(NRANKS):
            with cp.cuda.Device(r):
                ins.append(cp.asarray(xs[r]))
                outs.append(cp.zeros_like(ins[r]))
                cp.cuda.get_current_stream().synchronize()
        nccl.groupStart()  # one thread driving several ranks must group their calls
        for r, c in enumerate(comms):
            c.allReduce(ins[r], outs[r], ins[r].size, nccl.NCCL_FLOAT64, nccl.NCCL_SUM, 0)
        nccl.groupEnd()
        for r in range(NRANKS):
            with cp.cuda.Device(r):
                cp.cuda.get_current_stream().synchronize()
                np.testing.assert_array_equal(cp.asnumpy(outs[r]), np.sum(xs, axis=0))
    finally:
        for c in comms:
            c.destroy()


def test_cunumpyx_distributed_two_processes():
    import socket

    with socket.socket() as s:  # a free port for rank 0's store
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ctx = multiprocessing.get_context("spawn")
    q = ctx.Queue()
    procs = [ctx.Process(target=_nccl_ranks.distributed_main, args=(r, NRANKS, port, q)) for r in range(NRANKS)]
    for p in procs:
        p.start()
    results = {}
    try:
        for _ in range(NRANKS):
            rank, got = q.get(timeout=JOIN_S)
            results[rank] = got
    except queue_module.Empty:
        pytest.fail(f"rank processes hung; got {sorted(results)}")
    finally:
        for p in procs:
            p.join(30)
            if p.is_alive():
                p.kill()
    xs = [_nccl_ranks.rank_input(r, "float64") for r in range(NRANKS)]
    for rank, got in results.items():
        assert not isinstance(got, str), f"rank {rank} failed: {got}"
        np.testing.assert_array_equal(got["total"], np.sum(xs, axis=0))
        # Block i of rank r's result is what rank i sent to r: xs[i] + 100 * r.
        np.testing.assert_array_equal(got["swapped"], np.stack([xs[i] + 100 * rank for i in range(NRANKS)]))
        np.testing.assert_array_equal(got["from_peer"], xs[got["peer"]])
