"""dask.array with cunumpy chunks (issue 21): every operation is the same dask graph built
once over NumPy chunks and once over cunumpy chunks; the cunumpy result, its `_meta` and
every one of its chunks must be cunumpy arrays on the default device, with NumPy's values.
Then the 'cunumpy' array backend, the registrations' laziness, serialization, and a
2-process LocalCluster of dask.distributed."""

import operator
import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

import cunumpy as cp

da = pytest.importorskip("dask.array", reason="dask is not installed (pip install dask)")
import dask  # noqa: E402

DEVICE = cp.empty(0).device  # the default device, where every chunk must be
RTOL = 1e-9


def _data(shape, seed=0, nan=False):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if nan:
        a[rng.random(shape) < 0.2] = np.nan
    return a


def _pair(host, chunks):
    """The same dask array over NumPy chunks and over cunumpy chunks."""
    return da.from_array(host, chunks=chunks), da.from_array(cp.asarray(host), chunks=chunks)


def _check_chunks(arr, meta=True):
    if meta:
        assert isinstance(arr._meta, cp.ndarray), type(arr._meta)
    blocks = dask.compute(*arr.to_delayed().ravel(), scheduler="threads")
    for b in blocks:
        assert isinstance(b, cp.ndarray), type(b)
        assert b.device == DEVICE


def _compare(got, exp, rtol=RTOL, check_dtype=True):
    assert isinstance(got, cp.ndarray), type(got)
    assert got.device == DEVICE
    exp = np.asarray(exp)
    if check_dtype:
        assert got.dtype == exp.dtype, (got.dtype, exp.dtype)
    assert got.shape == exp.shape, (got.shape, exp.shape)
    np.testing.assert_allclose(cp.asnumpy(got), exp, rtol=rtol, atol=1e-12, equal_nan=True)


def _run(fn, d_np, d_cp, rtol=RTOL, chunks=True, meta=True):
    exp = fn(d_np)
    got = fn(d_cp)
    if chunks and isinstance(got, da.Array):
        _check_chunks(got, meta)
    exp_v, got_v = dask.compute(exp, got, scheduler="threads")
    _compare(got_v, exp_v, rtol)
    return got_v


X_SHAPE, X_CHUNKS = (12, 10), (5, 4)   # uneven edge chunks on purpose

OPERATIONS = {
    "elementwise": lambda d: (d + 1) * d - 2.5,
    "ufuncs": lambda d: da.sin(d) + np.exp(d / 4) - abs(d),
    "comparison": lambda d: (d > 0.1) & (d < 1.0),
    "where": lambda d: da.where(d > 0, d, -d * 2),
    "astype": lambda d: d.astype(np.float32),
    "map_blocks": lambda d: d.map_blocks(lambda b: b * 2 + b[:1], dtype=d.dtype),
    "blockwise": lambda d: da.blockwise(operator.mul, "ij", d, "ij", d[0], "j",
                                        dtype=d.dtype),
    "sum": lambda d: d.sum(),
    "sum_axis0": lambda d: d.sum(axis=0),
    "prod_axis1": lambda d: (d / 2 + 1).prod(axis=1),
    "mean": lambda d: d.mean(),
    "mean_axis1": lambda d: d.mean(axis=1),
    "var": lambda d: d.var(),
    "var_axis0_ddof1": lambda d: d.var(axis=0, ddof=1),
    "std_axis1": lambda d: d.std(axis=1),
    "min": lambda d: d.min(),
    "max_axis0": lambda d: d.max(axis=0),
    "argmin": lambda d: d.argmin(),
    "argmin_axis0": lambda d: d.argmin(axis=0),
    "argmax_axis1": lambda d: d.argmax(axis=1),
    "any_all": lambda d: da.stack([(d > 2).any(axis=0), (d > -3).all(axis=0)]),
    "sum_split_every": lambda d: d.sum(axis=0, split_every=2),
    "reduction_tree": lambda d: da.reduction(
        d, chunk=lambda x, axis, keepdims: (x * x).sum(axis=axis, keepdims=keepdims),
        aggregate=lambda x, axis, keepdims: x.sum(axis=axis, keepdims=keepdims),
        axis=1, split_every=2, dtype=d.dtype),
    "cumsum_axis0": lambda d: d.cumsum(axis=0),
    "cumsum_axis1": lambda d: d.cumsum(axis=1),
    "cumprod": lambda d: (d / 4 + 1).cumprod(axis=1),
    "rechunk": lambda d: d.rechunk((3, 7)),
    "slicing": lambda d: d[1:-2, ::3],
    "negative_step": lambda d: d[::-2, 7:1:-2],
    "fancy_index": lambda d: d[[0, 11, 3, 3], 1:],
    "take_axis1": lambda d: da.take(d, [9, 0, 4], axis=1),
    "boolean_index": lambda d: d[d > 0.5],
    "concatenate": lambda d: da.concatenate([d, d[:, :3] * 2], axis=1),
    "stack": lambda d: da.stack([d, d + 1], axis=1),
    "transpose": lambda d: d.T,
    "moveaxis": lambda d: da.moveaxis(d.reshape(12, 5, 2), 0, -1),
    "reshape": lambda d: d.rechunk((5, 10)).reshape(6, 2, 10),
    "ravel": lambda d: d.ravel(),
    "dot": lambda d: d.dot(d.T),
    "matmul": lambda d: d.T @ d,
    "tensordot": lambda d: da.tensordot(d, d, axes=([0], [0])),
    "einsum": lambda d: da.einsum("ij,ik->jk", d, d),
    "outer": lambda d: da.outer(d[0], d[:, 1]),
    "histogram": lambda d: da.histogram(d, bins=7, range=(-3, 3))[0],
    "percentile": lambda d: da.percentile(d.ravel(), [5, 25, 50, 99]),
    "percentile_lower": lambda d: da.percentile(d.ravel(), [10, 70], method="lower"),
    "clip_round": lambda d: da.round(da.clip(d, -1, 1), 2),
    "diff": lambda d: da.diff(d, axis=1),
    "topk": lambda d: da.topk(d.ravel(), 5),
    "pad": lambda d: da.pad(d, ((1, 2), (0, 3)), mode="reflect"),
    "map_overlap": lambda d: d.map_overlap(lambda b: b - b.mean(), depth=1, boundary="reflect"),
    "coarsen": lambda d: da.coarsen(np.sum, d.rechunk((6, 5)), {0: 2, 1: 5}),
    "fft": lambda d: da.fft.fft(d.rechunk((5, 10)), axis=1),
    "quantile": lambda d: da.nanpercentile(d, 30, axis=0),
    "norm": lambda d: da.linalg.norm(d, axis=1),
}


# dask builds these results without a meta (Array(graph, name, chunks, dtype), or a
# map_blocks whose function fails on an empty chunk), so their _meta is NumPy's whatever
# the chunk type (CuPy's chunks too); their chunks are cunumpy arrays.
META_FROM_DASK = {"boolean_index", "histogram", "coarsen", "fft", "quantile"}


@pytest.mark.parametrize("name", list(OPERATIONS))
def test_operation_matches_numpy_chunks(name):
    d_np, d_cp = _pair(_data(X_SHAPE), X_CHUNKS)
    _run(OPERATIONS[name], d_np, d_cp, meta=name not in META_FROM_DASK)


NAN_OPERATIONS = {
    "nansum": lambda d: da.nansum(d, axis=0),
    "nanmean": lambda d: da.nanmean(d, axis=1),
    "nanmean_all": lambda d: da.nanmean(d),
    "nanvar": lambda d: da.nanvar(d, axis=0),
    "nanstd": lambda d: da.nanstd(d),
    "nanmin": lambda d: da.nanmin(d, axis=1),
    "nanmax": lambda d: da.nanmax(d),
    "nanargmin": lambda d: da.nanargmin(d, axis=0),
    "nanargmax": lambda d: da.nanargmax(d, axis=1),
    "nancumsum": lambda d: da.nancumsum(d, axis=0),
    "isnan_sum": lambda d: da.isnan(d).sum(axis=0),
}


@pytest.mark.parametrize("name", list(NAN_OPERATIONS))
def test_nan_operation_matches_numpy_chunks(name):
    d_np, d_cp = _pair(_data(X_SHAPE, seed=3, nan=True), X_CHUNKS)
    _run(NAN_OPERATIONS[name], d_np, d_cp)


@pytest.mark.parametrize("dtype", ["int32", "float32", "complex64", "bool"])
def test_dtypes_sum_mean_concatenate(dtype):
    host = (_data((9, 6), seed=5) * 10).astype(dtype)
    d_np, d_cp = _pair(host, (4, 4))
    # float32 sums are grouped differently by the two libraries: a float32 tolerance
    rtol = 1e-5 if dtype in ("float32", "complex64") else RTOL
    _run(lambda d: d.sum(axis=0), d_np, d_cp, rtol)
    _run(lambda d: d.mean(axis=1), d_np, d_cp, rtol)
    _run(lambda d: da.concatenate([d, d], axis=0), d_np, d_cp, rtol)


def test_integer_operations():
    host = np.random.default_rng(7).integers(0, 9, size=40)
    d_np, d_cp = _pair(host, 9)
    _run(lambda d: da.bincount(d, minlength=12), d_np, d_cp)
    _run(lambda d: da.unique(d), d_np, d_cp, chunks=False)
    _run(lambda d: d.argmax(), d_np, d_cp)
    _run(lambda d: d.cumsum(axis=0), d_np, d_cp)
    _run(lambda d: d[d > 4], d_np, d_cp, meta=False)
    _run(lambda d: da.percentile(d, [10, 50, 95]), d_np, d_cp)
    _run(lambda d: da.percentile(d > 4, [10, 50, 90]), d_np, d_cp)   # bool: 'nearest'


def test_linalg_tsqr_qr_svd():
    host = _data((40, 5), seed=11)
    d_np, d_cp = _pair(host, (10, 5))
    q, r = dask.compute(*da.linalg.tsqr(d_cp))
    q_np, r_np = dask.compute(*da.linalg.tsqr(d_np))
    # Q and R are unique up to the signs of R's rows: compare |R| and the factorization
    _compare(abs(r), abs(r_np))
    _compare(q @ r, host)
    _compare(q.T @ q, np.eye(5))
    q2, r2 = dask.compute(*da.linalg.qr(d_cp))
    _compare(q2 @ r2, host)
    _compare(abs(r2), abs(r_np))
    u, s, vt = dask.compute(*da.linalg.svd(d_cp))
    s_np = np.linalg.svd(host, compute_uv=False)
    _compare(s, s_np)
    _compare((u * s) @ vt, host)
    for part in da.linalg.tsqr(d_cp):
        _check_chunks(part)


def test_compute_returns_cunumpy_and_to_numpy():
    d_np, d_cp = _pair(_data(X_SHAPE, seed=2), X_CHUNKS)
    got = d_cp.compute()
    _compare(got, d_np.compute(), rtol=0)
    as_numpy = d_cp.map_blocks(cp.asnumpy)
    assert type(as_numpy.compute()) is np.ndarray
    back = d_cp.to_backend("numpy")
    assert type(back._meta) is np.ndarray and type(back.compute()) is np.ndarray
    np.testing.assert_array_equal(back.compute(), d_np.compute())
    moved = d_np.to_backend("cunumpy")
    _check_chunks(moved)
    _compare(moved.compute(), d_np.compute(), rtol=0)


def test_store_into_cunumpy_array():
    d_np, d_cp = _pair(_data(X_SHAPE, seed=9), X_CHUNKS)
    target = cp.zeros(X_SHAPE)
    da.store(d_cp * 2, target, scheduler="threads")
    _compare(target, d_np.compute() * 2)


def test_from_array_keeps_cunumpy_meta_and_dtype():
    x = cp.arange(24, dtype=cp.int16).reshape(4, 6)
    d = da.from_array(x, chunks=(2, 3))
    assert isinstance(d._meta, cp.ndarray) and d._meta.dtype == np.int16 and d.dtype == np.int16
    assert isinstance((d + 1)._meta, cp.ndarray)
    assert isinstance(d.sum()._meta, cp.ndarray)


@pytest.mark.parametrize("name", ["ones", "zeros", "empty", "full", "arange"])
def test_array_backend_creation(name):
    make = {"ones": lambda: da.ones((7, 5), chunks=3, dtype=np.float32),
            "zeros": lambda: da.zeros((7, 5), chunks=3),
            "empty": lambda: da.empty((7, 5), chunks=3),
            "full": lambda: da.full((7, 5), 2.5, chunks=3),
            "arange": lambda: da.arange(3, 40, 2, chunks=5)}[name]
    expect = make()  # the numpy backend
    with dask.config.set({"array.backend": "cunumpy"}):
        d = make()
    assert isinstance(d._meta, cp.ndarray)
    _check_chunks(d)
    got = d.compute()
    if name == "empty":
        assert got.shape == expect.shape and got.dtype == expect.dtype
    else:
        _compare(got, expect.compute(), rtol=0)


def _needs_random():
    if not hasattr(cp, "random"):
        pytest.skip("cunumpy.random does not exist yet in this build: da.random on the "
                    "'cunumpy' backend waits for it")


def test_array_backend_random_state():
    _needs_random()
    with dask.config.set({"array.backend": "cunumpy"}):
        rs = da.random.RandomState(7)
        x = rs.random_sample((50, 4), chunks=(20, 4))
        n = rs.normal(2.0, 0.5, size=(40,), chunks=15)
        u = da.random.random((30,), chunks=10)        # the module's global RandomState
    for d in (x, n, u):
        _check_chunks(d)
    xv = x.compute()
    assert float(xv.min()) >= 0 and float(xv.max()) < 1
    # the same seed gives the same chunks
    with dask.config.set({"array.backend": "cunumpy"}):
        again = da.random.RandomState(7).random_sample((50, 4), chunks=(20, 4)).compute()
    np.testing.assert_array_equal(cp.asnumpy(again), cp.asnumpy(xv))


def test_array_backend_generator():
    _needs_random()
    with dask.config.set({"array.backend": "cunumpy"}):
        rng = da.random.default_rng(42)
        y = rng.standard_normal((3000,), chunks=1000)
        i = rng.integers(0, 10, size=(25,), chunks=10)
        again = da.random.default_rng(42).standard_normal((3000,), chunks=1000)
    for d in (y, i):
        _check_chunks(d)
    yv, iv, av = dask.compute(y, i, again)
    blocks = [cp.asnumpy(b) for b in dask.compute(*y.to_delayed().ravel())]
    assert not np.array_equal(blocks[0], blocks[1])   # each chunk has its own stream
    np.testing.assert_array_equal(cp.asnumpy(yv), cp.asnumpy(av))
    assert abs(float(yv.mean())) < 0.2 and 0.8 < float(yv.std()) < 1.2
    ih = cp.asnumpy(iv)
    assert ih.min() >= 0 and ih.max() < 10


def test_mixing_dask_and_cunumpy_arrays():
    # cunumpy.ndarray is a registered chunk type: dask's arrays take over the operators
    # and NumPy functions that mix them with cunumpy arrays, whichever side they are on.
    host = _data((6, 4), seed=12)
    x = cp.asarray(host)
    d = da.from_array(x, chunks=(3, 2))
    for got, exp in [(d + x, host + host), (x * d, host * host), (x @ d.T, host @ host.T),
                     (np.add(x, d), host + host), (x < d, host < host),
                     (np.concatenate([d, x]), np.concatenate([host, host]))]:
        assert isinstance(got, da.Array) and isinstance(got._meta, cp.ndarray)
        _compare(got.compute(), exp)


def test_tokenize_is_deterministic_and_typed():
    from dask.base import tokenize
    host = np.arange(12.0).reshape(3, 4)
    a, b = cp.asarray(host), cp.asarray(host)
    assert tokenize(a) == tokenize(b)
    assert tokenize(a) != tokenize(host)                 # never a NumPy array's key
    assert tokenize(a) != tokenize(cp.asarray(host + 1))
    assert tokenize(a) != tokenize(a.astype(np.float32))
    assert tokenize(a) != tokenize(a.reshape(4, 3))
    assert tokenize(a.T) == tokenize(cp.asarray(np.ascontiguousarray(host.T)))
    assert da.from_array(a, chunks=2).name == da.from_array(b, chunks=2).name
    assert da.from_array(a, chunks=2).name != da.from_array(host, chunks=2).name


def test_sizeof_is_nbytes():
    from dask.sizeof import sizeof
    x = cp.ones((100, 3), dtype=np.float32)
    assert sizeof(x) == x.nbytes == 1200


# -------------------------------------------------------------- registration is lazy

def _python(code, script=None):
    """Runs `code` (or the file `script`) in a fresh interpreter that imports this cunumpy."""
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.abspath(cp.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in [root, env.get("PYTHONPATH", "")] if p)
    args = [sys.executable, script] if script else [sys.executable, "-c", code]
    r = subprocess.run(args, env=env, capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_import_cunumpy_does_not_import_dask():
    out = _python("import sys, cunumpy\n"
                  "print(sorted(m for m in sys.modules if m.split('.')[0] in "
                  "('dask', 'distributed')))")
    assert out.strip() == "[]"


@pytest.mark.parametrize("order", ["cunumpy_first", "dask_first"])
def test_registrations_in_either_import_order(order):
    first, second = ("import cunumpy as cp", "import dask.array as da")
    if order == "dask_first":
        first, second = second, first
    out = _python(f"{first}\n{second}\n"
                  "import dask\n"
                  "from dask.array.dispatch import concatenate_lookup, numel_lookup\n"
                  "x = da.from_array(cp.arange(12.0).reshape(3, 4), chunks=2)\n"
                  "m = x.mean(axis=0).compute(scheduler='sync')\n"
                  "assert isinstance(m, cp.ndarray), type(m)\n"
                  "assert concatenate_lookup.dispatch(cp.ndarray) is cp.concatenate\n"
                  "with dask.config.set({'array.backend': 'cunumpy'}):\n"
                  "    o = da.ones(4, chunks=2)\n"
                  "assert isinstance(o._meta, cp.ndarray)\n"
                  "print('ok')")
    assert out.strip() == "ok"


def test_dask_does_not_import_cunumpy():
    out = _python("import sys, dask.array, dask.sizeof\n"
                  "print('cunumpy' in sys.modules)")
    assert out.strip() == "False"


def test_backend_entry_point_without_importing_cunumpy():
    from importlib import metadata
    eps = [ep for ep in metadata.entry_points(group="dask.array.backends")
           if ep.name == "cunumpy"]
    if not eps:
        pytest.skip("cunumpy is not installed with its entry points (a source tree on "
                    "PYTHONPATH): scripts/test.sh tests the installed package")
    out = _python("import dask, dask.array as da\n"
                  "with dask.config.set({'array.backend': 'cunumpy'}):\n"
                  "    x = da.zeros((4, 4), chunks=2)\n"
                  "print(type(x._meta).__module__, type(x.compute()).__module__)")
    assert out.split() == ["cunumpy", "cunumpy"]


def test_docs_example_runs(tmp_path):
    pytest.importorskip("distributed", reason="distributed is not installed")
    import re
    doc = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "dask.md")
    with open(doc) as f:
        code = re.search(r"```python\n(.*?)```", f.read(), re.S).group(1)
    script = tmp_path / "dask_example.py"
    script.write_text(code)
    out = _python(None, script=str(script))
    assert "chunktype=cunumpy.ndarray" in out
    assert out.strip().splitlines()[-1].startswith("<class 'cunumpy.ndarray'>")


# -------------------------------------------------------------- serialization

SER_CASES = {
    "contig": lambda: cp.arange(12, dtype=cp.float32).reshape(3, 4),
    "fortran": lambda: cp.arange(12, dtype=cp.int64).reshape(3, 4).T,
    "noncontig": lambda: cp.arange(48, dtype=cp.float64).reshape(6, 8)[::2, 1::3],
    "negstride": lambda: cp.arange(30, dtype=cp.int16).reshape(5, 6)[::-1, ::-2],
    "0d": lambda: cp.asarray(np.complex128(1.5 - 2j)),
    "empty": lambda: cp.empty((0, 3), dtype=cp.uint8),
    "bool": lambda: cp.arange(7) % 3 == 0,
    "float16": lambda: cp.linspace(-1, 1, 9, dtype=cp.float16),
}


def _same_array(got, exp):
    assert isinstance(got, cp.ndarray) and got.device == DEVICE
    assert got.dtype == exp.dtype and got.shape == exp.shape
    np.testing.assert_array_equal(cp.asnumpy(got), cp.asnumpy(exp))


@pytest.mark.parametrize("case", list(SER_CASES))
def test_pickle_roundtrip(case):
    x = SER_CASES[case]()
    for protocol in (2, 5):
        _same_array(pickle.loads(pickle.dumps(x, protocol=protocol)), x)
    buffers = []
    data = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    _same_array(pickle.loads(data, buffers=buffers), x)


@pytest.mark.parametrize("family", ["dask", "cuda", "pickle"])
@pytest.mark.parametrize("case", list(SER_CASES))
def test_distributed_serialization_roundtrip(case, family):
    protocol = pytest.importorskip("distributed.protocol",
                                   reason="distributed is not installed")
    x = SER_CASES[case]()
    header, frames = protocol.serialize(x, serializers=[family])
    assert header["serializer"] == family
    if family == "dask":
        # device buffers travel as host frames
        assert all(isinstance(f, (bytes, bytearray, memoryview)) for f in frames)
    _same_array(protocol.deserialize(header, frames), x)


def test_distributed_message_roundtrip():
    protocol = pytest.importorskip("distributed.protocol",
                                   reason="distributed is not installed")
    x = cp.arange(20.0).reshape(4, 5)[:, 1:]
    msg = {"data": x, "more": [x.T, 3]}
    frames = protocol.dumps(msg)
    out = protocol.loads(frames)
    _same_array(out["data"], x)
    _same_array(out["more"][0], x.T)


# -------------------------------------------------------------- dask.distributed

def _check_block(b):
    # runs in a worker: every chunk there is a cunumpy array on the worker's default device
    import cunumpy
    assert isinstance(b, cunumpy.ndarray), type(b)
    assert b.device == cunumpy.empty(0).device
    return b


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed", reason="distributed is not installed")
    # loopback only: the scheduler, the workers and their dashboards on 127.0.0.1
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                  worker_dashboard_address="127.0.0.1:0",
                                  silence_logs=40) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def test_local_cluster_two_processes(client):
    host = _data((16, 12), seed=21)
    d_np, d_cp = _pair(host, (4, 6))
    d_cp = d_cp.map_blocks(_check_block, dtype=d_cp.dtype)
    cases = [lambda d: (d + 1).sum(),
             lambda d: d.mean(axis=0),
             lambda d: d @ d.T,
             lambda d: d.T.rechunk((12, 2)).std(axis=1),
             lambda d: d[d > 0.2].sum(),
             lambda d: da.percentile(d.ravel(), [20, 80])]
    for fn in cases:
        got = client.compute(fn(d_cp)).result()
        exp = fn(d_np).compute(scheduler="threads")
        _compare(got, exp)
    assert len(client.scheduler_info()["workers"]) == 2
    # the workers send cunumpy chunks with cunumpy's "dask" serializer, not by pickling
    found = client.run(_worker_serializer)
    assert sorted(found.values()) == ["cunumpy._dask_serialize"] * 2


def _worker_serializer():
    import cunumpy
    from distributed.protocol.serialize import dask_serialize
    return dask_serialize.dispatch(cunumpy.ndarray).__module__


def test_local_cluster_persist_and_gather(client):
    d = da.from_array(cp.arange(40.0).reshape(8, 5), chunks=(2, 5)).map_blocks(
        _check_block, dtype=np.float64)
    d = client.persist(d * 3)
    parts = client.gather(client.compute(d.to_delayed().ravel().tolist()))
    for p in parts:
        assert isinstance(p, cp.ndarray) and p.device == DEVICE
    _compare(cp.concatenate(parts), np.arange(40.0).reshape(8, 5) * 3)
