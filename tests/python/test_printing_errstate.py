"""Print options honoured by repr/str/array2string, the scalar formatters, NumPy's
floating-point error state, cunumpyx.errstate and cunumpy.cuda.using_allocator."""
import warnings

import numpy as np
import pytest

import cunumpy as cp
import cunumpyx
from _helpers import make_pair


@pytest.mark.parametrize("opts", [dict(precision=3), dict(threshold=10, edgeitems=2), dict(suppress=True),
                                  dict(linewidth=30), dict(sign="+"), dict(floatmode="fixed", precision=2),
                                  dict(threshold=5, edgeitems=1, linewidth=40),
                                  dict(formatter={"float": lambda v: f"<{v:.1f}>"})])
@pytest.mark.parametrize("shape", [(7,), (40,), (30, 30), (3, 50, 4), ()])
def test_printoptions_honoured(opts, shape):
    base = np.asarray(np.linspace(-3, 3, int(np.prod(shape))).reshape(shape) / 7)
    d = cp.asarray(base)
    with cp.printoptions(**opts):
        assert repr(d) == repr(base)
        assert str(d) == str(base)
        assert cp.array2string(d) == np.array2string(base)
        assert cp.array2string(d, separator=", ", prefix="x(") == np.array2string(base, separator=", ", prefix="x(")
    assert cp.get_printoptions() == np.get_printoptions()


def test_set_printoptions_and_array2string_keywords():
    base = np.arange(2000, dtype=np.float32)
    d = cp.asarray(base)
    old = cp.get_printoptions()
    try:
        cp.set_printoptions(edgeitems=4, threshold=100)
        assert np.get_printoptions()["edgeitems"] == 4
        assert repr(d) == repr(base)
    finally:
        cp.set_printoptions(**old)
    for kw in [dict(threshold=10), dict(threshold=10, edgeitems=0), dict(edgeitems=5, threshold=3000),
               dict(max_line_width=20, precision=1), dict(suffix="!", legacy="1.25")]:
        assert cp.array2string(d, **kw) == np.array2string(base, **kw), kw


def test_array2string_layouts():
    for layout in ["0d", "empty", "noncontig", "negstride", "broadcast"]:
        a_np, a_cp = make_pair(layout, np.float64)
        assert cp.array2string(a_cp) == np.array2string(a_np)


def test_scalar_formatters_are_numpys():
    assert cp.base_repr(255, 16) == np.base_repr(255, 16)
    assert cp.base_repr(-7, 2, padding=3) == np.base_repr(-7, 2, padding=3)
    assert cp.binary_repr(-5, width=8) == np.binary_repr(-5, width=8)
    assert cp.format_float_positional(1 / 3, precision=4) == np.format_float_positional(1 / 3, precision=4)
    assert cp.format_float_scientific(np.float32(1e-7), unique=False, precision=3) == \
        np.format_float_scientific(np.float32(1e-7), unique=False, precision=3)


def test_errstate_is_numpys_state():
    old = cp.geterr()
    assert old == np.geterr()
    with cp.errstate(divide="raise", invalid="ignore"):
        assert np.geterr()["divide"] == "raise" and cp.geterr()["invalid"] == "ignore"
        with pytest.raises(FloatingPointError):
            np.float64(1) / np.float64(0)
    assert cp.geterr() == old
    prev = cp.seterr(over="warn")
    try:
        assert cp.geterr()["over"] == "warn"
    finally:
        cp.seterr(**prev)
    calls = []
    prev_call = cp.seterrcall(lambda kind, flag: calls.append(flag))
    try:
        assert cp.geterrcall() is not None
    finally:
        cp.seterrcall(prev_call)


@pytest.mark.parametrize("mode", ["ignore", "warn", "raise", "call"])
def test_cunumpy_fp_warnings_follow_errstate(mode):
    # cov with ddof making the normalization 0 divides by zero on the host, which NumPy reports
    x_np = np.array([1.0, 2.0])
    calls_np, calls_cp = [], []

    def run(xp, calls):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            with np.errstate(divide=mode, invalid="ignore", call=lambda k, f: calls.append(f)):
                try:
                    xp.cov(xp.asarray(x_np), ddof=2)
                    outcome = "ok"
                except FloatingPointError:
                    outcome = "raise"
        return outcome, [str(v.message) for v in w if "divide" in str(v.message)]
    assert run(cp, calls_cp) == run(np, calls_np)
    assert bool(calls_cp) == bool(calls_np)


def test_cunumpyx_errstate_linalg():
    old = cunumpyx.geterr()
    assert old == {"linalg": "raise"}
    with cunumpyx.errstate(linalg="ignore"):
        assert cunumpyx.geterr() == {"linalg": "ignore"}
        assert not cunumpyx.linalg_error_checks()
        cp.linalg.inv(cp.zeros((2, 2)))  # singular: no LinAlgError while ignored
    assert cunumpyx.geterr() == old
    with pytest.raises(cp.linalg.LinAlgError):
        cp.linalg.inv(cp.zeros((2, 2)))
    assert cunumpyx.seterr(linalg="raise") == old
    with pytest.raises(NotImplementedError):
        cunumpyx.seterr(linalg="warn")


def test_using_allocator():
    pool = cp.cuda.MemoryPool()
    def is_default():
        return getattr(cp.cuda.get_allocator(), "__self__", None) is cp.get_default_memory_pool()
    assert is_default()
    with cp.cuda.using_allocator(pool.malloc):
        a = cp.arange(1000)
        assert pool.used_bytes() >= a.nbytes
    assert is_default()
    with cp.cuda.using_allocator(None):
        b = cp.ones(10)
    assert is_default()
    assert int(b.sum()) == 10 and int(a[-1]) == 999


def test_using_allocator_nests_and_is_per_thread():
    import threading
    outer, inner = cp.cuda.MemoryPool(), cp.cuda.MemoryPool()
    seen = {}
    with cp.cuda.using_allocator(outer.malloc):
        x = cp.zeros(256)
        with cp.cuda.using_allocator(inner.malloc):
            y = cp.zeros(512)
            assert cp.cuda.get_allocator().__self__ is inner
        z = cp.zeros(128)
        assert outer.used_bytes() >= x.nbytes + z.nbytes and inner.used_bytes() >= y.nbytes

        def other():
            before = outer.used_bytes()
            w = cp.zeros(1024)
            seen["other"] = outer.used_bytes() - before, inner.used_bytes(), w.nbytes
        t = threading.Thread(target=other)
        t.start()
        t.join()
    grown, _, _ = seen["other"]
    assert grown == 0  # the other thread allocated from its own (default) allocator
    assert getattr(cp.cuda.get_allocator(), "__self__", None) is cp.get_default_memory_pool()
    del x, y, z


def test_allow_synchronize_refuses_host_reads():
    from _helpers import device_kind
    a = cp.arange(10)
    assert issubclass(cunumpyx.DeviceSynchronized, RuntimeError)
    with cunumpyx.allow_synchronize(False):
        b = a * 2 + 1  # launching work is fine
        for read in (lambda: b.get(), lambda: cp.asnumpy(b), lambda: b[3].item(),
                     lambda: float(b[0]), lambda: repr(b), lambda: b.tolist()):
            with pytest.raises(cunumpyx.DeviceSynchronized):
                read()
        with cunumpyx.allow_synchronize(True):
            assert int(b[1]) == 3
        if device_kind() == "cuda":  # the CUDA backend reads nonzero's count back
            with pytest.raises(cunumpyx.DeviceSynchronized):
                cp.nonzero(b > 4)
    assert b.get().tolist() == list(range(1, 20, 2))


def test_allow_synchronize_is_per_thread():
    import threading
    seen = []
    with cunumpyx.allow_synchronize(False):
        t = threading.Thread(target=lambda: seen.append(int(cp.arange(3).sum())))
        t.start()
        t.join()
    assert seen == [3]
