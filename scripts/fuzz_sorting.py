"""Differential fuzzer: cunumpy's sorting, searching, set and histogram functions against
NumPy (the oracle): values, dtype, shape, and the exception type for bad input.

    CUNUMPY_DEVICE=cpu python3 scripts/fuzz_sorting.py [--seed S] [--cases N] [--only NAME]

Each case is a line of code over arrays A, B, ... evaluated once with xp=numpy and once with
xp=cunumpy; every mismatch is printed as a self-contained repro. Comparison reuses
tests/python/_helpers.py (check_same_outcome, assert_same)."""
import argparse
import os
import random
import sys
import traceback

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests",
                                "python"))
import cunumpy as cp  # noqa: E402
from _helpers import ALL_DTYPES, assert_same, assert_values_equal, check_same_outcome  # noqa: E402

FLOAT_SPECIALS = [np.nan, np.inf, -np.inf, -0.0, 0.0]
VIEWS = ["", "[::-1]", "[::2]", "[1::2]", ".T", "[..., ::-1]", "[::-2]"]


class Gen:
    """Random inputs with ties, specials and views, kept as source text for the repro."""

    def __init__(self, rng):
        self.r = rng

    def dtype(self, kinds="biufc"):
        return self.r.choice([d for d in ALL_DTYPES if d.kind in kinds])

    def shape(self, max_nd=3, allow_0d=True):
        nd = self.r.choice(([0] if allow_0d else []) + list(range(1, max_nd + 1)))
        return tuple(self.r.choice([0, 1, 2, 3, 4, 5, 7]) if self.r.random() < 0.1
                     else self.r.randint(1, 6) for _ in range(nd))

    def values(self, n, dt):
        r = self.r
        pool = r.randint(1, 8)  # few distinct values: ties
        if dt.kind == "b":
            return [bool(r.getrandbits(1)) for _ in range(n)]
        if dt.kind in "iu":
            info = np.iinfo(dt)
            base = [r.randint(0 if dt.kind == "u" else -5, 5) for _ in range(pool)]
            if r.random() < 0.2:
                base += [int(info.min), int(info.max)]
            return [r.choice(base) for _ in range(n)]
        base = [r.randint(-8, 8) / 2 for _ in range(pool)]
        if r.random() < 0.5:
            base += r.sample(FLOAT_SPECIALS, r.randint(1, 3))
        if dt.kind == "f":
            return [r.choice(base) for _ in range(n)]
        ims = [r.randint(-2, 2) / 2 for _ in range(pool)] + ([np.nan] if r.random() < .3 else [])
        return [complex(r.choice(base), r.choice(ims)) for _ in range(n)]

    def array(self, shape=None, dt=None, kinds="biufc", view=True, max_nd=3, allow_0d=True):
        dt = np.dtype(dt) if dt is not None else self.dtype(kinds)
        shape = self.shape(max_nd, allow_0d) if shape is None else shape
        n = int(np.prod(shape, dtype=np.int64))
        vals = self.values(n, dt)
        lit = "[" + ", ".join(f"complex({v.real!r}, {v.imag!r})" if isinstance(v, complex) else repr(v)
                              for v in vals) + "]"
        src = f"np.array({lit}, dtype='{dt.name}').reshape({shape!r})"
        v = self.r.choice(VIEWS) if view and len(shape) >= 1 else ""
        if v in ("[..., ::-1]",) and len(shape) < 1:
            v = ""
        return f"xp.asarray({src}){v}"

    def axis(self, ndim, none=True):
        choices = list(range(-ndim, ndim)) + ([None] if none else [])
        if self.r.random() < 0.05:
            choices = [ndim, -ndim - 1]
        return self.r.choice(choices) if choices else None


def ns(xp):
    return {"xp": xp, "np": np, "nan": float("nan"), "inf": float("inf")}


def evaluate(code, env_arrays, xp):
    g = ns(xp)
    for k, v in env_arrays.items():
        g[k] = eval(v, g)
    return eval(code, g)


def same(c, n):
    """Recursive comparison of tuples / named tuples / Python scalars / arrays."""
    if isinstance(n, tuple):
        assert isinstance(c, tuple) and len(c) == len(n), (type(c), len(c) if isinstance(c, tuple) else None)
        for x, y in zip(c, n):
            same(x, y)
        return
    if isinstance(n, np.ndarray):
        assert_same(c, n)
        return
    # NumPy scalar or Python scalar: cunumpy may return a 0-d array for a NumPy scalar
    if isinstance(n, np.generic):
        if isinstance(c, cp.ndarray):
            assert_same(c, np.asarray(n))
        else:
            assert np.asarray(c).dtype == n.dtype, (type(c), type(n))
            assert_values_equal(np.asarray(c), np.asarray(n))
        return
    assert type(c) is type(n), (type(c), type(n))
    assert c == n or (c != c and n != n), (c, n)


def same_sorted_values(c, n):
    """Same values, order free (NumPy leaves it open, e.g. unique_values)."""
    assert_same(c, n) if c.shape != n.shape or c.dtype != n.dtype else None
    assert_values_equal(np.sort(cp.asnumpy(c), axis=None), np.sort(n, axis=None), exact_zero_sign=False)


def nan_collapsed(x):
    """Any complex value with a NaN part as complex(nan, nan): which NaN np.unique keeps
    when it collapses them is an implementation detail (its hash path keeps the first in
    input order, the sort path the first in sort order)."""
    x = np.array(x, copy=True)
    if x.dtype.kind == "c":
        x[np.isnan(x)] = complex(np.nan, np.nan)
    return x


def unique_cmp(c, n):
    """Tuples of unique's results; NaN representatives free (see nan_collapsed), and an
    inverse without return_index checked by reconstruction (NumPy's quicksort orders
    equal-looking NaNs, each its own unique value, arbitrarily)."""
    c = c if isinstance(c, tuple) else (c,)
    n = n if isinstance(n, tuple) else (n,)
    assert len(c) == len(n)
    v_c = cp.asnumpy(c[0])
    # which of -0.0 and 0.0 is kept is an implementation detail too (NumPy's hash path)
    assert c[0].dtype == n[0].dtype and c[0].shape == n[0].shape, (c[0].dtype, c[0].shape)
    assert_values_equal(nan_collapsed(v_c), nan_collapsed(n[0]), exact_zero_sign=False)
    for x, y in zip(c[1:], n[1:]):
        assert_same(x, y)


def partition_property(inp_np, kth, axis, arg=False):
    """Compare what NumPy promises: each kth element is the sorted one, and the elements
    before / after it are the smaller / larger ones (as multisets)."""
    def cmp(c, n):
        assert c.dtype == n.dtype and c.shape == n.shape, (c.dtype, n.dtype, c.shape, n.shape)
        got = cp.asnumpy(c)
        a, ax = (inp_np.ravel(), -1) if axis is None or (arg and inp_np.ndim == 0) \
            else (inp_np, axis)
        if arg:
            srt_idx = np.sort(got, axis=ax)
            assert np.array_equal(srt_idx, np.broadcast_to(
                np.arange(a.shape[ax]).reshape([-1 if i == ax % a.ndim else 1 for i in range(a.ndim)]),
                a.shape)), "argpartition result is not a permutation"
            got = np.take_along_axis(a, got, ax)
        srt = np.sort(a, axis=ax)
        m = a.shape[ax]
        for k in np.atleast_1d(kth).tolist() if m else []:
            k %= m
            sl = lambda s: tuple(s if i == ax % a.ndim else slice(None) for i in range(a.ndim))  # noqa: E731
            assert_values_equal(got[sl(slice(k, k + 1))], srt[sl(slice(k, k + 1))], exact_zero_sign=False)
            assert_values_equal(np.sort(got[sl(slice(0, k))], axis=ax), srt[sl(slice(0, k))],
                                exact_zero_sign=False)
    return cmp


# ---------------------------------------------------------------------------------------------
# Case generators: each returns (code, {name: source}, compare or None, extra label)

def c_sort(g):
    A = g.array()
    nd = eval(A, ns(np)).ndim
    ax = g.axis(nd)
    fn = g.r.choice(["sort", "argsort"])
    return f"xp.{fn}(A, axis={ax!r}, kind='stable')", {"A": A}, None


def c_method_sort(g):
    A = g.array(max_nd=2, allow_0d=False)
    nd = eval(A, ns(np)).ndim
    ax = g.axis(nd, none=False)
    return f"(lambda a: (a.sort(axis={ax}, kind='stable'), a)[1])(A.copy())", {"A": A}, None


def c_lexsort(g):
    dt = g.dtype("biuf")
    shape = g.shape(2, allow_0d=g.r.random() < 0.1)
    nk = g.r.randint(1, 3)
    keys = {f"K{i}": g.array(shape, g.dtype("biuf") if g.r.random() < .5 else dt, view=False)
            for i in range(nk)}
    ax = g.r.choice([-1, 0]) if shape else -1
    ks = ", ".join(keys)
    if g.r.random() < 0.2 and shape:  # keys as one 2-D array
        return f"xp.lexsort(xp.stack([{ks}]), axis={ax})", keys, None
    return f"xp.lexsort(({ks},), axis={ax})", keys, None


def c_partition(g):
    A = g.array(kinds="biuf" if g.r.random() < .8 else "biufc")
    a = eval(A, ns(np))
    ax = g.axis(a.ndim) if a.ndim else g.r.choice([None, 0, -1])
    m = a.size if ax is None else (a.shape[ax] if a.ndim and -a.ndim <= ax < a.ndim else 1)
    if g.r.random() < 0.1:
        kth = g.r.choice([m, -m - 1, 1.0, [0, m + 3]])
    elif g.r.random() < 0.4 and m:
        kth = sorted({g.r.randrange(-m, m) for _ in range(g.r.randint(1, 3))})
    else:
        kth = g.r.randrange(-m, m) if m else 0
    fn = g.r.choice(["partition", "argpartition"])
    return (f"xp.{fn}(A, {kth!r}, axis={ax!r})", {"A": A},
            partition_property(a, kth, ax, fn == "argpartition"))


def c_sort_complex(g):
    return "xp.sort_complex(A)", {"A": g.array()}, None


def c_searchsorted(g):
    dt = g.dtype("biufc")
    n = g.r.randint(0, 8)
    A = f"xp.sort({g.array((n,), dt, view=False)})"
    side = g.r.choice(["left", "right", "'x'"]) if g.r.random() < .05 else g.r.choice(["left", "right"])
    side = side if side.startswith("'") else repr(side)
    mode = g.r.random()
    env = {"A": A}
    if mode < 0.3:
        r = g.r
        vals = [r.randint(-6, 6), r.randint(-6, 6) / 2, float("nan"), True, complex(1, r.randint(-1, 1)),
                -1, 300, 2 ** 40]
        v = repr(r.choice(vals))
        if v == "nan":
            v = "float('nan')"
    else:
        env["V"] = g.array(kinds=g.r.choice(["biufc", dt.kind]))
        v = "V"
    if g.r.random() < 0.3:  # unsorted a with sorter
        env["A"] = g.array((n,), dt, view=g.r.random() < .5)
        return f"xp.searchsorted(A, {v}, side={side}, sorter=xp.argsort(A, kind='stable'))", env, None
    return f"xp.searchsorted(A, {v}, side={side})", env, None


def c_nonzero(g):
    A = g.array()
    fn = g.r.choice(["nonzero", "flatnonzero", "argwhere", "where"])
    return f"xp.{fn}(A)", {"A": A}, None


def c_where3(g):
    r = g.r
    C = g.array(kinds="b" if r.random() < .7 else "biuf", max_nd=2)
    env = {"C": C}
    ops = []
    for name in ("X", "Y"):
        if r.random() < 0.35:
            ops.append(repr(r.choice([0, 1, -3, 2.5, True, 1 + 2j, 300, -129, 70000, 2 ** 40,
                                      float("inf")])).replace("inf", "float('inf')"))
        elif r.random() < 0.1:
            ops.append(r.choice(["np.float32(1.5)", "np.int8(-3)", "np.uint16(7)", "np.complex64(1j)"]))
        else:
            env[name] = g.array(kinds="biufc", max_nd=2)
            ops.append(name)
    return f"xp.where(C, {ops[0]}, {ops[1]})", env, None


def c_extract(g):
    A = g.array(max_nd=2)
    a = eval(A, ns(np))
    C = g.array(a.shape, kinds="biuf", view=False)
    return "xp.extract(C, A)", {"A": A, "C": C}, None


def c_count_nonzero(g):
    A = g.array()
    a = eval(A, ns(np))
    if g.r.random() < 0.5:
        return "xp.count_nonzero(A)", {"A": A}, None
    ax = g.axis(a.ndim)
    if g.r.random() < 0.2 and a.ndim >= 2:
        ax = (0, -1)
    return f"xp.count_nonzero(A, axis={ax!r})", {"A": A}, None


def c_unique(g):
    r = g.r
    A = g.array()
    a = eval(A, ns(np))
    kw = []
    for k in ("return_index", "return_inverse", "return_counts"):
        if r.random() < 0.4:
            kw.append(f"{k}=True")
    if r.random() < 0.3 and a.ndim:
        kw.append(f"axis={g.axis(a.ndim, none=False)}")
    if r.random() < 0.3:
        kw.append(f"equal_nan={r.random() < .5}")
    cmp = unique_cmp
    if "return_inverse" in "".join(kw) and "return_index" not in "".join(kw):
        cmp = inverse_cmp
    return f"xp.unique(A, {', '.join(kw)})", {"A": A}, cmp


def inverse_cmp(c, n):
    """unique's values / counts as NumPy's; the inverse must rebuild the input."""
    c = c if isinstance(c, tuple) else (c,)
    n = n if isinstance(n, tuple) else (n,)
    unique_cmp(c[:1] + c[2:], n[:1] + n[2:])
    inv_c, inv_n = cp.asnumpy(c[1]), n[1]
    assert inv_c.dtype == inv_n.dtype and inv_c.shape == inv_n.shape, (inv_c.dtype, inv_c.shape)
    vals = n[0]
    if vals.size:
        assert_values_equal(np.take(vals, inv_c), np.take(vals, inv_n), exact_zero_sign=False)


def c_unique_api(g):
    fn = g.r.choice(["unique_values", "unique_counts", "unique_inverse", "unique_all"])
    A = g.array()
    if fn == "unique_values":
        return f"xp.{fn}(A)", {"A": A}, same_sorted_values
    return f"tuple(xp.{fn}(A))", {"A": A}, inverse_cmp if fn == "unique_inverse" else unique_cmp


def c_sets(g):
    r = g.r
    kinds = r.choice(["biu", "f", "biufc", "iu"])
    A, B = g.array(kinds=kinds, max_nd=2), g.array(kinds=kinds, max_nd=2)
    env = {"A": A, "B": B}
    fn = r.choice(["isin", "intersect1d", "union1d", "setdiff1d", "setxor1d", "isin"])
    if fn == "isin":
        kw = ", ".join(f"{k}=True" for k in ("invert", "kind='sort'") if r.random() < .4).replace(
            "kind='sort'=True", "kind='sort'")
        return f"xp.isin(A, B{', ' + kw if kw else ''})", env, None
    if fn == "intersect1d":
        ri = r.random() < .5
        return f"tuple(xp.intersect1d(A, B, return_indices={ri}))" if ri else \
            "xp.intersect1d(A, B)", env, unique_cmp
    if fn == "union1d":
        return "xp.union1d(A, B)", env, unique_cmp
    au = r.random() < .3
    if au:  # assume_unique with really unique input
        env = {"A": f"xp.unique({A})", "B": f"xp.unique({B})"}
    return f"xp.{fn}(A, B, assume_unique={au})", env, unique_cmp


def c_bincount(g):
    r = g.r
    n = r.randint(0, 8)
    dt = r.choice(["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool"]
                  + (["float64", "int64"] if r.random() < .05 else []))
    # Not the int64 maximum: NumPy's own bincount overflows max + 1 and corrupts the heap.
    vals = [r.choice([0, 1, 2, 3, 5, 9]) for _ in range(n)]
    if n and r.random() < 0.05:
        vals[r.randrange(n)] = -1 if dt[0] in "if" else 1
    if n and r.random() < 0.05:
        vals[r.randrange(n)] = 1000
    X = f"xp.asarray(np.array({vals!r}).astype('{dt}'))" + (r.choice(VIEWS[:4]) if r.random() < .5 else "")
    if r.random() < 0.03:
        X = g.array(kinds="i")
    env = {"X": X}
    args = ["X"]
    if r.random() < 0.4:
        env["W"] = g.array((n,), kinds=r.choice(["biuf", "f", "c"]), view=False)
        args.append("weights=W")
    if r.random() < 0.4:
        args.append(f"minlength={r.choice([0, 1, 3, 10, -1])}")
    return f"xp.bincount({', '.join(args)})", env, None


def c_histogram(g):
    r = g.r
    A = g.array(kinds=r.choice(["iu", "f", "biuf"]))
    env = {"A": A}
    args = ["A"]
    if r.random() < 0.5:
        args.append(f"bins={r.choice([1, 2, 3, 5, 10, 0, -1])}")
    elif r.random() < 0.7:
        edges = sorted(r.randint(-8, 8) / 2 for _ in range(r.randint(0, 6)))
        if r.random() < .1:
            edges = edges[::-1]
        args.append(f"bins=np.array({edges!r})")
    if r.random() < 0.4:
        lo = r.randint(-6, 3) / 2
        hi = lo + r.choice([0, 0.5, 3, -1])
        args.append(f"range=({lo}, {hi})")
    if r.random() < 0.3:
        env["W"] = f"{g.array(eval(A, ns(np)).shape, kinds='iuf', view=False)}"
        if "bins=np.array" not in "".join(args):
            # equal bins: NumPy sums in float64 and casts back, so integer sums past the
            # weights' range are an undefined float -> int cast there; keep them small
            env["W"] = f"({env['W']} % 100)"
        args.append("weights=W")
    if r.random() < 0.3:
        args.append("density=True")
    code = f"xp.histogram({', '.join(args)})"
    return code.replace("bins=np.array", "bins=xp.asarray"), env, None


def c_histogramdd(g):
    r = g.r
    n = r.randint(0, 7)
    fn = r.choice(["histogram2d", "histogramdd"])
    env = {"X": g.array((n,), kinds="iuf", view=False), "Y": g.array((n,), kinds="iuf", view=False)}
    args = ["X, Y" if fn == "histogram2d" else "xp.stack([X, Y], axis=1)"]
    if r.random() < .5:
        args.append(f"bins={r.choice([1, 2, 3, [2, 3]])!r}")
    if r.random() < .3:
        args.append("range=[(-2, 2), (0, 3)]")
    if r.random() < .3:
        env["W"] = g.array((n,), kinds="f", view=False)
        args.append("weights=W")
    if r.random() < .3:
        args.append("density=True")
    return f"tuple(xp.{fn}({', '.join(args)}))", env, hist_cmp


def hist_cmp(c, n):
    # (H, edges) or (H, [edges...]) -- edges of histogramdd are a list
    assert len(c) == len(n)
    for x, y in zip(c, n):
        if isinstance(y, list):
            assert len(x) == len(y)
            for p, q in zip(x, y):
                assert_same(p, q, rtol=1e-12)
        else:
            assert_same(x, y, rtol=1e-12)


def c_digitize(g):
    r = g.r
    X = g.array(kinds=r.choice(["iu", "f", "biuf"]))
    edges = sorted(r.randint(-8, 8) / 2 for _ in range(r.randint(0, 6)))
    if r.random() < .4:
        edges = edges[::-1]
    if r.random() < .05:
        edges = [1, 0, 2]
    bdt = r.choice(["float64", "int64", "float32", "uint8"])
    if bdt == "uint8":
        edges = [abs(int(e)) for e in edges]
        edges = sorted(edges, reverse=r.random() < .4)
    return (f"xp.digitize(X, xp.asarray(np.array({edges!r}, dtype='{bdt}')), right={r.random() < .5})",
            {"X": X}, None)


CASES = {n[2:]: f for n, f in globals().items() if n.startswith("c_")}


# Known, reported, not fixed: (case name, text in the repro, text in the message).
KNOWN = [
    # NumPy's histogram with bin edges and float weights takes differences of cumulative
    # sums: an infinite or NaN weight makes NaN of the later bins; cunumpy sums per bin.
    ("histogram", "inf", "NaN positions differ"),
    ("histogram", "nan", "NaN positions differ"),  # the same with a NaN weight
]


def is_known(name, code, env, msg):
    text = code + repr(env)
    return any(n == name and t in text and m in "\n".join(msg) for n, t, m in KNOWN)


def run_case(code, env, cmp):
    try:
        check_same_outcome(lambda: evaluate(code, env, cp), lambda: evaluate(code, env, np),
                           cmp or same)
        return None
    except AssertionError as e:
        return str(e).strip().splitlines()[:6]
    except Exception:  # noqa: BLE001 - a crash inside the comparison itself
        return ["comparison crashed:"] + traceback.format_exc().splitlines()[-3:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--only", default=None)
    ap.add_argument("--max-print", type=int, default=200)
    ap.add_argument("--start", type=int, default=0, help="generate but skip cases before this")
    ap.add_argument("--trace", action="store_true", help="print each case first (find crashes)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    g = Gen(rng)
    names = [args.only] if args.only else sorted(CASES)
    fails, known, seen = 0, 0, set()
    for i in range(args.cases):
        name = names[i % len(names)]
        code, env, cmp = CASES[name](g)
        if i < args.start:
            continue
        if args.trace:
            print(f"case {i}: {env!r} {code}", flush=True)
        msg = run_case(code, env, cmp)
        if msg is None:
            continue
        if is_known(name, code, env, msg):
            known += 1
            continue
        fails += 1
        key = (name, msg[0][:60])
        if fails <= args.max_print:
            print(f"--- MISMATCH #{fails} [{name}] case {i}{' (dup sig)' if key in seen else ''}")
            for k, v in env.items():
                print(f"{k} = {v.replace('xp.', 'cp.')}")
            print(code.replace("xp.", "cp."), "   # vs numpy")
            print("   " + "\n   ".join(msg))
        seen.add(key)
    print(f"{args.cases} cases, {fails} mismatches, {len(seen)} distinct signatures, "
          f"{known} known (KNOWN)")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
