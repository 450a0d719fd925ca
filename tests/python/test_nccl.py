"""cunumpy.cuda.nccl (CuPy's cupy.cuda.nccl).

Without NCCL (the CPU machine, or a GPU machine without libnccl.so.2) the module imports,
``available()`` is False and every call raises NcclError naming the call. With a GPU and
NCCL, one-rank communicators run every collective; with one rank each result equals NumPy's
reduction over a single contribution (the input itself), for every op and several dtypes.
The 2-rank runs (docs/multi_gpu.md) need two GPUs."""

import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import cunumpy as cp
from cunumpy.cuda import nccl

NO_NCCL = not nccl.available()
NCCL_REASON = f"NCCL is not available here: {nccl.unavailable_reason()}" if NO_NCCL else ""


def _on_cuda():
    return not NO_NCCL and hasattr(cp.zeros(1), "__cuda_array_interface__")


needs_nccl = pytest.mark.skipif(
    not _on_cuda(),
    reason=NCCL_REASON or "NCCL needs arrays on a CUDA device; the default device is cpu (CUNUMPY_DEVICE)")

DTYPES = ["float32", "float64", "float16", "int32", "int64", "uint8", "int8", "uint32", "uint64"]
OPS = {"sum": nccl.NCCL_SUM, "prod": nccl.NCCL_PROD, "max": nccl.NCCL_MAX, "min": nccl.NCCL_MIN}


# --- everywhere -------------------------------------------------------------------------

def test_constants_are_ncclS_values():
    assert (nccl.NCCL_INT8, nccl.NCCL_UINT8, nccl.NCCL_INT32, nccl.NCCL_UINT32, nccl.NCCL_INT64,
            nccl.NCCL_UINT64, nccl.NCCL_FLOAT16, nccl.NCCL_FLOAT32, nccl.NCCL_FLOAT64) == tuple(range(9))
    assert nccl.NCCL_FLOAT == nccl.NCCL_FLOAT32 and nccl.NCCL_DOUBLE == nccl.NCCL_FLOAT64
    assert nccl.NCCL_INT == nccl.NCCL_INT32 and nccl.NCCL_HALF == nccl.NCCL_FLOAT16
    assert nccl.NCCL_CHAR == nccl.NCCL_INT8 and nccl.NCCL_BFLOAT16 == 9
    assert (nccl.NCCL_SUM, nccl.NCCL_PROD, nccl.NCCL_MAX, nccl.NCCL_MIN, nccl.NCCL_AVG) == (0, 1, 2, 3, 4)


def test_nccl_error_is_a_runtime_error():
    assert issubclass(nccl.NcclError, RuntimeError)
    assert isinstance(nccl.available(), bool)
    if nccl.available():
        assert nccl.unavailable_reason() == ""
    else:
        assert "NCCL" in nccl.unavailable_reason()


def test_import_does_not_load_nccl():
    code = ("import cunumpy, cunumpy.cuda.nccl as n\n"
            "print('libnccl' in open('/proc/self/maps').read())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ))
    assert out.stdout.strip() == "False"


@pytest.mark.skipif(not NO_NCCL, reason="NCCL is available here; the no-NCCL errors cannot be seen")
@pytest.mark.parametrize("call,name", [
    (lambda: nccl.get_unique_id(), "ncclGetUniqueId"),
    (lambda: nccl.get_version(), "ncclGetVersion"),
    (lambda: nccl.groupStart(), "ncclGroupStart"),
    (lambda: nccl.groupEnd(), "ncclGroupEnd"),
    (lambda: nccl.NcclCommunicator(1, (0,) * 128, 0), "ncclCommInitRank"),
    (lambda: nccl.NcclCommunicator.initAll(1), "ncclCommInitAll"),
])
def test_without_nccl_calls_raise_nccl_error(call, name):
    with pytest.raises(nccl.NcclError, match=name) as info:
        call()
    assert info.value.status == -1
    assert "NCCL" in str(info.value)


def test_bad_unique_id_is_rejected_before_nccl():
    with pytest.raises(ValueError, match="128"):
        nccl.NcclCommunicator(1, (0,) * 5, 0)
    with pytest.raises(ValueError, match="bytes"):
        nccl.NcclCommunicator(1, (300,) * 128, 0)
    with pytest.raises(TypeError, match="commId"):
        nccl.NcclCommunicator(1, 7, 0)


def test_buffer_and_stream_conversion():
    assert nccl._buffer_ptr(1234, "sendbuf") == 1234
    with pytest.raises(TypeError, match="sendbuf"):
        nccl._buffer_ptr("x", "sendbuf")
    with pytest.raises(TypeError, match="bool"):
        nccl._buffer_ptr(True, "sendbuf")
    host = cp.zeros(3)
    if not hasattr(host, "__cuda_array_interface__"):
        with pytest.raises(ValueError, match="device memory"):
            nccl._buffer_ptr(host, "recvbuf")
    assert nccl._stream_ptr(0, 0) == 0
    assert nccl._stream_ptr(cp.cuda.Stream.null, 0) == 0
    with pytest.raises(TypeError, match="stream"):
        nccl._stream_ptr("s", 0)


def test_numpy_dtypes_map_to_nccl_types():
    assert nccl._to_nccl_dtype(np.float32) == (nccl.NCCL_FLOAT32, 1)
    assert nccl._to_nccl_dtype("complex128") == (nccl.NCCL_FLOAT64, 2)
    assert nccl._to_nccl_dtype(np.bool_) == (nccl.NCCL_UINT8, 1)
    with pytest.raises(TypeError, match="int16"):
        nccl._to_nccl_dtype(np.int16)


# --- with a GPU and NCCL: one-rank communicators ----------------------------------------

def _sample(dtype, n=37):
    rng = np.random.default_rng(5)
    if np.dtype(dtype).kind == "f":
        return rng.standard_normal(n).astype(dtype)
    return rng.integers(0, 100, n).astype(dtype)


def _nccl_type(a):
    t, per = nccl._to_nccl_dtype(a.dtype)
    return t, a.size * per


def _sync():
    cp.cuda.get_current_stream().synchronize()


@pytest.fixture
def comm():
    c = nccl.NcclCommunicator(1, nccl.get_unique_id(), 0)
    yield c
    c.destroy()


@needs_nccl
def test_version_and_unique_id():
    assert nccl.get_version() >= 20000
    uid = nccl.get_unique_id()
    assert isinstance(uid, tuple) and len(uid) == 128
    assert all(-128 <= v <= 127 for v in uid)


@needs_nccl
def test_communicator_queries(comm):
    assert comm.rank_id() == 0
    assert comm.size() == 1
    assert comm.device_id() == cp.cuda.get_device_id()
    assert comm.comm != 0
    assert "rank 0 of 1" in repr(comm)


@needs_nccl
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", list(OPS))
def test_all_reduce_one_rank(comm, dtype, op):
    x = _sample(dtype)
    expected = getattr(np, op)(x[None, :], axis=0)  # the reduction over the single rank
    a = cp.asarray(x)
    out = cp.zeros_like(a)
    t, n = _nccl_type(a)
    comm.allReduce(a, out, n, t, OPS[op], cp.cuda.get_current_stream())
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out), expected)
    np.testing.assert_array_equal(cp.asnumpy(a), x)  # the input is left alone


@needs_nccl
def test_all_reduce_in_place_avg_and_pointers(comm):
    x = _sample("float64")
    a = cp.asarray(x)
    comm.allReduce(a.data.ptr, a.data.ptr, a.size, nccl.NCCL_FLOAT64, nccl.NCCL_AVG, 0)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(a), x)


@needs_nccl
@pytest.mark.parametrize("dtype", ["float32", "int64", "uint8"])
def test_reduce_broadcast_bcast(comm, dtype):
    x = _sample(dtype)
    a = cp.asarray(x)
    t, n = _nccl_type(a)
    out = cp.zeros_like(a)
    comm.reduce(a, out, n, t, nccl.NCCL_SUM, 0)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out), np.sum(x[None, :], axis=0))
    out2 = cp.zeros_like(a)
    comm.broadcast(a, out2, n, t, 0)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out2), x)
    b = cp.asarray(x)
    comm.bcast(b, n, t, 0)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(b), x)


@needs_nccl
@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "complex64"])
def test_all_gather_and_reduce_scatter(comm, dtype):
    x = _sample("float32" if dtype == "complex64" else dtype).astype(dtype)
    if dtype == "complex64":
        x = x + 1j * x[::-1]
    a = cp.asarray(x)
    t, n = _nccl_type(a)
    gathered = cp.zeros(comm.size() * a.size, dtype=a.dtype)
    comm.allGather(a, gathered, n, t)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(gathered), np.concatenate([x] * comm.size()))
    scattered = cp.zeros_like(a)
    comm.reduceScatter(a, scattered, n, t, nccl.NCCL_SUM)
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(scattered), x)


@needs_nccl
def test_streams_as_int_stream_and_current(comm):
    x = _sample("float32")
    s = cp.cuda.Stream(non_blocking=True)
    for stream in (s, s.ptr, None):
        a = cp.asarray(x)
        out = cp.zeros_like(a)
        s.synchronize()
        _sync()
        comm.allReduce(a, out, a.size, nccl.NCCL_FLOAT32, nccl.NCCL_MAX, stream)
        s.synchronize()
        _sync()
        np.testing.assert_array_equal(cp.asnumpy(out), x)


@needs_nccl
def test_group_of_collectives(comm):
    x, y = _sample("float32"), _sample("int64")
    a, b = cp.asarray(x), cp.asarray(y)
    oa, ob = cp.zeros_like(a), cp.zeros_like(b)
    nccl.groupStart()
    comm.allReduce(a, oa, a.size, nccl.NCCL_FLOAT32, nccl.NCCL_SUM)
    comm.allReduce(b, ob, b.size, nccl.NCCL_INT64, nccl.NCCL_MIN)
    nccl.groupEnd()
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(oa), x)
    np.testing.assert_array_equal(cp.asnumpy(ob), y)


@needs_nccl
@pytest.mark.parametrize("dtype", ["float32", "float64", "uint8"])
def test_send_recv_to_self_in_a_group(comm, dtype):
    x = _sample(dtype)
    a = cp.asarray(x)
    out = cp.zeros_like(a)
    t, n = _nccl_type(a)
    nccl.groupStart()
    comm.send(a, n, t, 0)
    comm.recv(out, n, t, 0)
    nccl.groupEnd()
    _sync()
    np.testing.assert_array_equal(cp.asnumpy(out), x)


@needs_nccl
def test_init_all_one_device():
    comms = nccl.NcclCommunicator.initAll([cp.cuda.get_device_id()])
    try:
        assert len(comms) == 1
        assert comms[0].rank_id() == 0 and comms[0].size() == 1
        x = _sample("float32")
        a = cp.asarray(x)
        out = cp.zeros_like(a)
        comms[0].allReduce(a, out, a.size, nccl.NCCL_FLOAT32, nccl.NCCL_SUM)
        _sync()
        np.testing.assert_array_equal(cp.asnumpy(out), x)
    finally:
        for c in comms:
            c.destroy()


@needs_nccl
def test_one_thread_per_gpu_pattern():
    # The seed's pattern with one device: a thread with its own stream and communicator.
    uid = nccl.get_unique_id()
    x = _sample("float64")
    result, errors = {}, []

    def rank0():
        try:
            s = cp.cuda.Stream(non_blocking=True)
            with s:
                c = nccl.NcclCommunicator(1, uid, 0)
                a = cp.asarray(x)
                out = cp.zeros_like(a)
                c.allReduce(a, out, a.size, nccl.NCCL_FLOAT64, nccl.NCCL_SUM, s)
                s.synchronize()
                result["out"] = cp.asnumpy(out)
                c.destroy()
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    t = threading.Thread(target=rank0)
    t.start()
    t.join()
    assert not errors, errors
    np.testing.assert_array_equal(result["out"], x)


@needs_nccl
def test_bad_rank_is_nccl_error():
    uid = nccl.get_unique_id()
    for ndev, rank in ((1, 1), (1, -1), (0, 0)):
        with pytest.raises(nccl.NcclError, match="ncclCommInitRank") as info:
            nccl.NcclCommunicator(ndev, uid, rank)
        assert info.value.status == nccl.NCCL_ERROR_INVALID_ARGUMENT


@needs_nccl
def test_bad_dtype_and_op_are_nccl_errors(comm):
    a = cp.zeros(4, dtype=cp.float32)
    with pytest.raises(nccl.NcclError, match="ncclAllReduce.*data type 99") as info:
        comm.allReduce(a, a, 4, 99, nccl.NCCL_SUM)
    assert info.value.status == nccl.NCCL_ERROR_INVALID_ARGUMENT
    with pytest.raises(nccl.NcclError, match="ncclReduce.*reduction 42"):
        comm.reduce(a, a, 4, nccl.NCCL_FLOAT32, 42, 0)
    with pytest.raises(nccl.NcclError, match="ncclSend"):
        comm.send(a, 4, -1, 0)
    with pytest.raises(ValueError, match="device memory"):
        comm.allReduce(np.zeros(4, np.float32), a, 4, nccl.NCCL_FLOAT32, nccl.NCCL_SUM)


@needs_nccl
@pytest.mark.parametrize("end", ["destroy", "abort"])
def test_destroy_and_abort(end):
    c = nccl.NcclCommunicator(1, nccl.get_unique_id(), 0)
    getattr(c, end)()
    assert c.comm == 0
    a = cp.zeros(4, dtype=cp.float32)
    with pytest.raises(nccl.NcclError, match="ncclAllReduce.*destroyed"):
        c.allReduce(a, a, 4, nccl.NCCL_FLOAT32, nccl.NCCL_SUM)
    with pytest.raises(nccl.NcclError, match="ncclCommCount"):
        c.size()
    c.destroy()  # a second end is a no-op
    c.abort()
    assert "destroyed" in repr(c)


@pytest.mark.parametrize("preset", [None, "1"])
def test_nvls_is_off_unless_the_user_set_it(preset):
    if preset == "1" and cp.cuda.is_available():
        pytest.skip("a GPU machine keeps NVLink multicast off in every process (its rules); "
                    "the user's value is checked where there is no GPU")
    env = {k: v for k, v in os.environ.items() if k != "NCCL_NVLS_ENABLE"}
    if preset is not None:
        env["NCCL_NVLS_ENABLE"] = preset
    code = ("import os, cunumpy.cuda.nccl as n\n"
            "n.available()\n"
            "print(os.environ.get('NCCL_NVLS_ENABLE'))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == (preset or "0")


def test_show_config_reports_nccl():
    from cunumpy._show_config import config_rows

    from cunumpy import _core

    rows = dict(config_rows())
    if not _core._build_info()["cuda"]:
        assert "NCCL Version" not in rows
        return
    if nccl.available():
        v = nccl.get_version()
        assert rows["NCCL Version"] == f"{v // 10000}.{v % 10000 // 100}.{v % 100}"
        assert "NCCL Error" not in rows
    else:
        assert rows["NCCL Version"] == "not found"
        assert rows["NCCL Error"] == nccl.unavailable_reason()
