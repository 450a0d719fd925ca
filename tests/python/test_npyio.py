"""fromfunction, frombuffer, fromiter, fromstring, fromfile, loadtxt, genfromtxt, save,
load, savez, savez_compressed, savetxt against NumPy."""
import io

import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome, make_pair


@pytest.mark.parametrize("dtype", [float, int, np.float32, np.int16])
@pytest.mark.parametrize("shape", [(3, 4), (0, 2), (5,), ()])
def test_fromfunction(dtype, shape):
    got = cp.fromfunction(lambda *ix: sum(ix) + 1 if ix else 1, shape, dtype=dtype)
    exp = np.fromfunction(lambda *ix: sum(ix) + 1 if ix else 1, shape, dtype=dtype)
    if isinstance(exp, np.ndarray):
        assert_same(got, exp)
    else:
        assert got == exp


def test_fromfunction_kwargs_and_device():
    got = cp.fromfunction(lambda i, j, scale: (i - j) * scale, (3, 3), scale=2.0)
    assert isinstance(got, cp.ndarray)
    assert_same(got, np.fromfunction(lambda i, j, scale: (i - j) * scale, (3, 3), scale=2.0))


@pytest.mark.parametrize("dtype,count,offset", [(np.float32, -1, 0), (np.int16, 3, 2), (np.uint8, -1, 5),
                                                (np.float64, 1, 8), (np.float64, -1, 3)])
def test_frombuffer(dtype, count, offset):
    buf = np.arange(8, dtype=np.float64).tobytes()
    check_same_outcome(lambda: cp.frombuffer(buf, dtype=dtype, count=count, offset=offset),
                       lambda: np.frombuffer(buf, dtype=dtype, count=count, offset=offset))


def test_fromiter():
    assert_same(cp.fromiter((i * i for i in range(5)), dtype=np.int32),
                np.fromiter((i * i for i in range(5)), dtype=np.int32))
    assert_same(cp.fromiter(range(10), float, count=4), np.fromiter(range(10), float, count=4))
    check_same_outcome(lambda: cp.fromiter(range(2), float, count=4),
                       lambda: np.fromiter(range(2), float, count=4))


def test_fromstring():
    assert_same(cp.fromstring("1 2 3.5", sep=" "), np.fromstring("1 2 3.5", sep=" "))
    assert_same(cp.fromstring("1,2,3", dtype=np.int64, sep=","), np.fromstring("1,2,3", dtype=np.int64, sep=","))
    check_same_outcome(lambda: cp.fromstring("1 2", sep=""), lambda: np.fromstring("1 2", sep=""))


@pytest.mark.parametrize("layout", ["contig", "noncontig", "negstride", "0d", "empty", "broadcast"])
@pytest.mark.parametrize("dtype", [np.float64, np.int8, np.complex64, np.bool_])
def test_save_load_npy(tmp_path, layout, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    path = tmp_path / "a.npy"
    cp.save(path, a_cp)
    assert_same(cp.load(path), np.load(path))
    assert_same(cp.load(path), a_np)
    f = io.BytesIO()
    cp.save(f, a_cp, allow_pickle=False)
    f.seek(0)
    assert_same(cp.load(f), a_np)


@pytest.mark.parametrize("fn", ["savez", "savez_compressed"])
def test_savez_load_npz(tmp_path, fn):
    a_np, a_cp = make_pair("noncontig", np.float32)
    b_np, b_cp = make_pair("contig1d", np.int64)
    path = tmp_path / "a.npz"
    getattr(cp, fn)(path, a_cp, named=b_cp, allow_pickle=False)
    with cp.load(path) as z:
        assert sorted(z.files) == ["arr_0", "named"] and "named" in z and len(z) == 2
        assert_same(z["arr_0"], a_np)
        assert_same(z["named"], b_np)
    with np.load(path) as z:
        np.testing.assert_array_equal(z["arr_0"], a_np)


def test_load_pickle_and_mmap(tmp_path):
    path = tmp_path / "o.npy"
    np.save(path, np.array([{"a": 1}], dtype=object), allow_pickle=True)
    check_same_outcome(lambda: cp.load(path), lambda: np.load(path))
    p2 = tmp_path / "m.npy"
    np.save(p2, np.arange(6.))
    assert_same(cp.load(p2, mmap_mode="r"), np.arange(6.))


@pytest.mark.parametrize("kw", [{}, {"fmt": "%d", "delimiter": ","}, {"header": "h", "footer": "f", "comments": "// "},
                                {"fmt": "%.3f", "newline": ";"}])
def test_savetxt(kw):
    a_np, a_cp = make_pair("noncontig", np.float64)
    if kw.get("fmt") == "%d":
        a_np, a_cp = a_np.astype(np.int64), a_cp.astype(np.int64)
    f1, f2 = io.StringIO(), io.StringIO()
    cp.savetxt(f1, a_cp, **kw)
    np.savetxt(f2, a_np, **kw)
    assert f1.getvalue() == f2.getvalue()


TEXT = "# c\n1,2,3\n4,5,6\n7,8,9\n"


@pytest.mark.parametrize("kw", [{"delimiter": ","}, {"delimiter": ",", "usecols": (0, 2)},
                                {"delimiter": ",", "skiprows": 2}, {"delimiter": ",", "max_rows": 1},
                                {"delimiter": ",", "dtype": np.int32, "ndmin": 2},
                                {"delimiter": ",", "unpack": True}, {"delimiter": ";"}])
def test_loadtxt(kw):
    check_same_outcome(lambda: cp.loadtxt(io.StringIO(TEXT), **kw), lambda: np.loadtxt(io.StringIO(TEXT), **kw),
                       compare=_same_nested)


@pytest.mark.parametrize("kw", [{"delimiter": ","}, {"delimiter": ",", "skip_header": 2},
                                {"delimiter": ",", "skip_footer": 1, "usecols": [1]},
                                {"delimiter": ",", "filling_values": -1}, {"delimiter": ",", "unpack": True}])
def test_genfromtxt(kw):
    text = "1,2,3\n4,,6\n7,8,9\n"
    check_same_outcome(lambda: cp.genfromtxt(io.StringIO(text), **kw),
                       lambda: np.genfromtxt(io.StringIO(text), **kw), compare=_same_nested)


def test_genfromtxt_masked_is_refused():
    with pytest.raises(TypeError):
        cp.genfromtxt(io.StringIO("1,2\n"), delimiter=",", usemask=True)


def test_fromfile(tmp_path):
    path = tmp_path / "raw.bin"
    np.arange(10, dtype=np.int32).tofile(path)
    assert_same(cp.fromfile(path, dtype=np.int32), np.fromfile(path, dtype=np.int32))
    assert_same(cp.fromfile(path, dtype=np.int32, count=3, offset=8),
                np.fromfile(path, dtype=np.int32, count=3, offset=8))
    t = tmp_path / "t.txt"
    t.write_text("1 2 3")
    assert_same(cp.fromfile(t, sep=" "), np.fromfile(t, sep=" "))


def _same_nested(g, e):
    if isinstance(e, np.ndarray):
        assert_same(g, e)
    else:
        assert type(g) is type(e) and len(g) == len(e)
        for x, y in zip(g, e):
            assert_same(x, y)


@pytest.mark.parametrize("kw", [
    {"comments": "%", "delimiter": ","},
    {"converters": {0: lambda s: float(s) * 10}, "delimiter": ","},
    {"quotechar": '"', "delimiter": ","},
    {"encoding": "utf-8", "delimiter": ","},
    {"dtype": np.complex128, "delimiter": ","},
    {"delimiter": ",", "usecols": 5},
])
def test_loadtxt_more_keywords(kw):
    text = '% head\n1,"2",3\n4,5,6\n'
    check_same_outcome(lambda: cp.loadtxt(io.StringIO(text), **kw), lambda: np.loadtxt(io.StringIO(text), **kw),
                       compare=_same_nested)


@pytest.mark.parametrize("kw", [
    {"delimiter": ",", "missing_values": "x", "filling_values": 0},
    {"delimiter": ",", "max_rows": 1},
    {"delimiter": ",", "dtype": np.int32, "invalid_raise": False},
    {"delimiter": ",", "names": True},  # structured: no cunumpy form
    {"delimiter": ",", "ndmin": 2, "usecols": [0]},
])
def test_genfromtxt_more_keywords(kw):
    text = "a,b\n1,x\n3,4\n"
    got, exp = None, None
    try:
        exp = np.genfromtxt(io.StringIO(text), **kw)
    except Exception as e:  # noqa: BLE001
        with pytest.raises(type(e)):
            cp.genfromtxt(io.StringIO(text), **kw)
        return
    if exp.dtype.names:
        with pytest.raises(TypeError):
            cp.genfromtxt(io.StringIO(text), **kw)
        return
    got = cp.genfromtxt(io.StringIO(text), **kw)
    assert_same(got, exp)


def test_savetxt_1d_complex_and_errors():
    a = np.array([1 + 2j, 3 - 4j])
    f1, f2 = io.StringIO(), io.StringIO()
    cp.savetxt(f1, cp.asarray(a))
    np.savetxt(f2, a)
    assert f1.getvalue() == f2.getvalue()
    check_same_outcome(lambda: cp.savetxt(io.StringIO(), cp.zeros((2, 2, 2))),
                       lambda: np.savetxt(io.StringIO(), np.zeros((2, 2, 2))), compare=lambda g, e: None)


def test_fromfunction_errors_and_shapes():
    check_same_outcome(lambda: cp.fromfunction(lambda i: i, (-1,)), lambda: np.fromfunction(lambda i: i, (-1,)))
    check_same_outcome(lambda: cp.fromfunction(lambda i, j: i, (2, True)),
                       lambda: np.fromfunction(lambda i, j: i, (2, True)))
