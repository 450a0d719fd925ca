"""Differential fuzzer: cunumpy's reductions, scans and statistics against NumPy.

Each case is a small program text run twice, once with ``xp = numpy`` and once with
``xp = cunumpy``; results (values, dtype, shape) and exception types must agree. Every
mismatch is printed as a self-contained repro.

    CUNUMPY_DEVICE=cpu python3 scripts/fuzz_reductions.py [--seed S] [--cases N] [--op NAME]
"""
import argparse
import os
import re
import sys
import traceback
import warnings

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "python"))
import cunumpy as cp  # noqa: E402
from _helpers import ALL_DTYPES, assert_values_equal, outcome  # noqa: E402
from _reduction_helpers import RTOL  # noqa: E402

DTYPES = [d.name for d in ALL_DTYPES]

# ---- inputs -----------------------------------------------------------------------------
BASE_SHAPES = [(), (0,), (0, 3), (3, 0), (1,), (5,), (7,), (2, 3), (3, 4), (4, 1), (1, 4),
               (2, 3, 4), (3, 1, 2), (2, 0, 2)]
# views applied to the base (text, applicable when ndim matches)
VIEWS = {0: [""], 1: ["", "[::-1]", "[::2]", "[1:]"],
         2: ["", ".T", "[::-1]", "[:, ::-2]", "[::-1, ::-1]"],
         3: ["", ".transpose(2, 0, 1)", "[::-1, :, ::2]", "[:, ::-1]"]}


def values(rng, dtype, n, special):
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    if dt.kind == "u":
        return rng.integers(0, min(int(np.iinfo(dt).max), 9) + 1, n).astype(dt)
    if dt.kind == "i":
        return rng.integers(-9, 10, n).astype(dt)
    v = rng.integers(-12, 13, n) / 4.0
    if dt.kind == "c":
        v = v + 1j * (rng.integers(-12, 13, n) / 4.0)
    v = v.astype(dt)
    if special and n:
        specials = [np.nan, np.inf, -np.inf, -0.0]
        for i in rng.choice(n, size=rng.integers(1, max(2, n // 2) + 1), replace=True):
            s = specials[rng.integers(0, 4)]
            if dt.kind == "c" and rng.integers(0, 2):
                v[i] = complex(v[i].real, s)
            else:
                v[i] = s
    return v


def lit(v):
    """A Python literal for a NumPy value list (nan/inf spelled via float())."""
    def one(x):
        if isinstance(x, (bool, np.bool_)):
            return repr(bool(x))
        if isinstance(x, (np.integer,)):
            return repr(int(x))
        if isinstance(x, (np.complexfloating, complex)):
            return f"complex({one(float(x.real))}, {one(float(x.imag))})"
        x = float(x)
        if np.isnan(x) or np.isinf(x):
            return f"float('{x}')"
        return repr(x)
    return "[" + ", ".join(one(x) for x in v) + "]"


def make_array(rng, dtype, special, shape=None, view=None, name="a"):
    if shape is None:
        shape = BASE_SHAPES[rng.integers(0, len(BASE_SHAPES))]
    n = int(np.prod(shape))
    v = values(rng, dtype, n, special)
    if view is None:
        opts = VIEWS[len(shape)]
        view = opts[rng.integers(0, len(opts))]
    code = f"{name} = xp.asarray(np.array({lit(v)}, dtype='{dtype}').reshape({shape})){view}"
    ns = {"np": np, "xp": np}
    exec(code, ns)
    return code, ns[name]


def pick(rng, seq):
    return seq[rng.integers(0, len(seq))]


def axis_arg(rng, a, tuples=True, allow_none=True):
    nd = a.ndim
    r = rng.random()
    if allow_none and r < 0.25:
        return None
    if r < 0.30:
        return pick(rng, [nd, -nd - 1, 5, 1.0, "'0'", "[0]"])  # out of range or not an axis
    if nd == 0:
        return pick(rng, [0, -1, None, ()])
    if tuples and r < 0.5:
        k = rng.integers(0, nd + 1)
        ax = tuple(int(x) for x in rng.choice(nd, size=k, replace=False))
        if ax and rng.random() < 0.3:
            ax = (ax[0] - nd,) + ax[1:]
        if ax and rng.random() < 0.05:
            ax = ax + (ax[0],)  # duplicate
        return ax
    return int(rng.integers(-nd, nd))


def axis_text(axis):
    return axis if isinstance(axis, str) else repr(axis)


def red_shape(a, axis, keepdims):
    if not isinstance(axis, (int, tuple, type(None))):
        return a.shape  # not an axis: the call raises anyway
    if axis is None:
        axes = tuple(range(a.ndim))
    else:
        axes = axis if isinstance(axis, tuple) else (axis,)
        try:
            axes = tuple(x % a.ndim for x in axes) if a.ndim else ()
        except ZeroDivisionError:
            axes = ()
    if keepdims:
        return tuple(1 if d in axes else n for d, n in enumerate(a.shape))
    return tuple(n for d, n in enumerate(a.shape) if d not in axes)


def where_code(rng, a):
    """A boolean where= mask broadcastable against a (text)."""
    shp = a.shape
    if shp and rng.random() < 0.4:
        shp = shp[-1:]
    m = rng.integers(0, 2, int(np.prod(shp))).astype(bool)
    if rng.random() < 0.1:
        return pick(rng, ["False", "True"])
    return f"xp.asarray(np.array({lit(m)}, dtype=bool).reshape({shp}))"


# ---- op specs: each returns (code lines, tolerance kind) --------------------------------
SUMS = ["sum", "prod", "nansum", "nanprod"]
EXTREMA = ["max", "min", "amax", "amin", "nanmax", "nanmin"]
ARGS = ["argmax", "argmin", "nanargmax", "nanargmin"]
MEANS = ["mean", "nanmean"]
MOMENTS = ["var", "std", "nanvar", "nanstd"]
LOGIC = ["all", "any"]
SCANS = ["cumsum", "cumprod", "nancumsum", "nancumprod"]
QUANT = ["median", "nanmedian", "percentile", "nanpercentile", "quantile", "nanquantile"]
METHODS = ["sum", "prod", "max", "min", "argmax", "argmin", "mean", "var", "std", "all",
           "any", "cumsum", "cumprod"]
UFUNCS = ["add", "multiply", "maximum", "minimum", "fmax", "fmin", "logical_and",
          "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "subtract",
          "true_divide", "equal", "less"]
QMETHODS = ["linear", "lower", "higher", "nearest", "midpoint", "inverted_cdf",
            "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf",
            "hazen", "weibull", "median_unbiased", "normal_unbiased"]


def out_code(rng, shape, dtype_hint):
    dt = dtype_hint if rng.random() < 0.7 else pick(rng, DTYPES)
    if rng.random() < 0.1 and shape:
        shape = shape[:-1] + (shape[-1] + 1,)  # wrong shape
    return f"out = xp.zeros({shape}, dtype='{dt}')"


def np_dtype_of(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return np.asarray(fn()).dtype.name
        except Exception:  # noqa: BLE001
            return "float64"


def dtype_kw(rng, in_dtype, special):
    """A dtype= value; no integer dtype for NaN/inf inputs (casting those is undefined)."""
    dt = pick(rng, DTYPES)
    if special and np.dtype(in_dtype).kind in "fc" and np.dtype(dt).kind in "biu":
        dt = "float64"
    return repr(dt)


def kw_text(kw):
    return ", ".join(f"{k}={v}" for k, v in kw.items())


def gen_case(rng, op):
    """(code, tolerance): code defines `res` (and possibly `out`)."""
    dtype = pick(rng, DTYPES)
    special = rng.random() < 0.35
    acode, a = make_array(rng, dtype, special)
    lines = [acode]
    kw = {}
    tol = "exact"
    call = None
    if op in SUMS + EXTREMA + MEANS + MOMENTS + LOGIC + ["count_nonzero", "ptp"]:
        axis = axis_arg(rng, a)
        if axis is not None or rng.random() < 0.5:
            kw["axis"] = axis_text(axis)
        keepdims = bool(rng.random() < 0.3)
        if keepdims:
            kw["keepdims"] = "True"
        if op in SUMS + MEANS + MOMENTS and rng.random() < 0.3:
            kw["dtype"] = dtype_kw(rng, dtype, special)
        if op in MOMENTS and rng.random() < 0.5:
            kw["ddof"] = repr(int(rng.integers(0, 3)))
        if op in SUMS + EXTREMA and rng.random() < 0.25:
            iv = pick(rng, ["0", "1", "-3", "2.5", "True", "float('nan')", "float('-inf')"])
            kw["initial"] = iv
        if op in SUMS + EXTREMA + MEANS + MOMENTS + LOGIC and rng.random() < 0.25:
            lines.append(f"w = {where_code(rng, a)}")
            kw["where"] = "w"
            if op in EXTREMA and "initial" not in kw and rng.random() < 0.7:
                kw["initial"] = "0"
        if op not in ("count_nonzero",) and rng.random() < 0.15:
            # out= with NumPy's result dtype (mostly)
            trial = dict(kw)
            fn = f"np.{op}(a, {kw_text(trial)})"
            ns = {"np": np, "xp": np, "a": a}
            if "w" in kw.values():
                exec(lines[-1], ns)
            dth = np_dtype_of(lambda: eval(fn, ns))
            ax = None if kw.get("axis") in (None, "None") else eval(kw["axis"])
            lines.append(out_code(rng, red_shape(a, ax, keepdims), dth))
            kw["out"] = "out"
        if op in SUMS + MEANS + MOMENTS:
            tol = "sum"
        if op in ("ptp",) and dtype in ("float16", "float32", "float64", "complex64",
                                         "complex128"):
            tol = "exact"
    elif op in ARGS:
        axis = axis_arg(rng, a, tuples=False)
        if axis is not None or rng.random() < 0.5:
            kw["axis"] = axis_text(axis)
        if rng.random() < 0.3:
            kw["keepdims"] = "True"
        if rng.random() < 0.1:
            ax = None if kw.get("axis") in (None, "None") else eval(kw["axis"])
            lines.append(out_code(rng, red_shape(a, ax, kw.get("keepdims") == "True"),
                                  "int64"))
            kw["out"] = "out"
    elif op in SCANS or op in ("cumulative_sum", "cumulative_prod"):
        axis = axis_arg(rng, a, tuples=False)
        if axis is not None or rng.random() < 0.5:
            kw["axis"] = axis_text(axis)
        if rng.random() < 0.3:
            kw["dtype"] = dtype_kw(rng, dtype, special)
        if op.startswith("cumulative") and rng.random() < 0.4:
            kw["include_initial"] = "True"
        tol = "sum"
    elif op == "average":
        axis = axis_arg(rng, a)
        if axis is not None or rng.random() < 0.5:
            kw["axis"] = axis_text(axis)
        r = rng.random()
        if r < 0.6:
            wdt = pick(rng, ["float64", "int64", "float32", "bool", "int8", "complex128"])
            ax = None if kw.get("axis") in (None, "None") else eval(kw["axis"])
            if rng.random() < 0.6 or ax is None or isinstance(ax, tuple) and not ax:
                wshape = a.shape
            else:
                axes = ax if isinstance(ax, tuple) else (ax,)
                try:
                    wshape = tuple(a.shape[x] for x in axes)
                except (IndexError, TypeError):
                    wshape = a.shape
            wc, _ = make_array(rng, wdt, False, shape=wshape, view="", name="wt")
            wc = wc.replace("xp.asarray(np.array", "xp.abs(xp.asarray(np.array") + ")"
            lines.append(wc)
            kw["weights"] = "wt"
        if rng.random() < 0.4:
            kw["returned"] = "True"
        if rng.random() < 0.2:
            kw["keepdims"] = "True"
        tol = "sum"
    elif op in QUANT:
        if op not in ("median", "nanmedian"):
            scale = 100 if "percentile" in op else 1
            if rng.random() < 0.6:
                q = round(float(rng.integers(0, 21)) / 20 * scale, 4)
                kw_q = repr(q)
            else:
                qs = [round(float(x) / 20 * scale, 4) for x in rng.integers(0, 21, 3)]
                kw_q = repr(qs)
            if rng.random() < 0.05:
                kw_q = repr(1.5 * scale)
            call = f"xp.{op}(a, {kw_q}"
            if rng.random() < 0.6:
                kw["method"] = repr(pick(rng, QMETHODS + ["bogus"] if rng.random() < 0.05
                                         else QMETHODS))
        axis = axis_arg(rng, a)
        if axis is not None or rng.random() < 0.5:
            kw["axis"] = axis_text(axis)
        if rng.random() < 0.3:
            kw["keepdims"] = "True"
        tol = "sum"
    elif op == "diff":
        if rng.random() < 0.7:
            kw["n"] = repr(int(rng.integers(0, 4)) if rng.random() < 0.95 else -1)
        axis = axis_arg(rng, a, tuples=False, allow_none=False)
        if rng.random() < 0.7:
            kw["axis"] = axis_text(axis)
        for k in ("prepend", "append"):
            if rng.random() < 0.25:
                kw[k] = pick(rng, ["0", "1.5", "True", "xp.asarray(a)[..., :1]"
                                   if a.ndim else "0"])
        tol = "sum"
    elif op == "ediff1d":
        for k in ("to_begin", "to_end"):
            if rng.random() < 0.3:
                kw[k] = pick(rng, ["0", "[1, 2]", "1.5", "True", "-1"])
        tol = "sum"
    elif op.startswith("reduce.") or op.startswith("accumulate."):
        meth, uf = op.split(".")
        call = f"xp.{uf}.{meth}(a"
        axis = axis_arg(rng, a, tuples=(meth == "reduce"))
        if axis is not None or rng.random() < 0.5:
            kw["axis"] = axis_text(axis)
        if rng.random() < 0.2:
            kw["dtype"] = dtype_kw(rng, dtype, special)
        if meth == "reduce":
            if rng.random() < 0.2:
                kw["keepdims"] = "True"
            if rng.random() < 0.2:
                kw["initial"] = pick(rng, ["0", "1", "True", "2.5"])
            if rng.random() < 0.15:
                lines.append(f"w = {where_code(rng, a)}")
                kw["where"] = "w"
                if "initial" not in kw and rng.random() < 0.5:
                    kw["initial"] = "1"
        tol = "sum"
    elif op.startswith("method."):
        m = op.split(".")[1]
        call = f"a.{m}("
        axis = axis_arg(rng, a, tuples=m not in ("argmax", "argmin", "cumsum", "cumprod"))
        if axis is not None or rng.random() < 0.5:
            kw["axis"] = axis_text(axis)
        if m in ("sum", "prod", "mean", "var", "std", "cumsum", "cumprod") and \
                rng.random() < 0.25:
            kw["dtype"] = dtype_kw(rng, dtype, special)
        if m not in ("cumsum", "cumprod") and rng.random() < 0.25:
            kw["keepdims"] = "True"
        if m in ("var", "std") and rng.random() < 0.4:
            kw["ddof"] = "1"
        tol = "sum" if m in ("sum", "prod", "mean", "var", "std", "cumsum", "cumprod") \
            else "exact"
        lines.append(f"res = a.{m}({kw_text(kw)})")
        return "\n".join(lines), tol
    elif op in ("cov", "corrcoef"):
        lines = []
        shape = pick(rng, [(3,), (2, 4), (3, 5), (4, 2), (1, 5), (2, 1), (0, 3)])
        acode, a = make_array(rng, dtype, special and rng.random() < 0.3, shape=shape)
        lines.append(acode)
        if rng.random() < 0.25:
            ycode, _ = make_array(rng, pick(rng, DTYPES), False, shape=shape, view="",
                                  name="y")
            lines.append(ycode)
            kw["y"] = "y"
        if rng.random() < 0.3:
            kw["rowvar"] = "False"
        if op == "cov":
            if rng.random() < 0.2:
                kw["bias"] = "True"
            if rng.random() < 0.2:
                kw["ddof"] = repr(int(rng.integers(0, 3)))
            if rng.random() < 0.15 and shape and len(shape) >= 1:
                nobs = shape[-1] if len(shape) == 1 or kw.get("rowvar") != "False" \
                    else shape[0]
                fw = list(rng.integers(0, 3, nobs))
                lines.append(f"fw = xp.asarray(np.array({fw}))")
                kw["fweights"] = "fw"
            if rng.random() < 0.15 and shape:
                nobs = shape[-1] if len(shape) == 1 or kw.get("rowvar") != "False" \
                    else shape[0]
                aw = [float(x) for x in rng.integers(1, 4, nobs)]
                lines.append(f"aw = xp.asarray(np.array({aw}))")
                kw["aweights"] = "aw"
        if rng.random() < 0.15:
            kw["dtype"] = repr(pick(rng, ["float32", "float64", "complex128"]))
        tol = "stat"
    elif op == "correlate":
        lines = []
        n1, n2 = int(rng.integers(1, 7)), int(rng.integers(1, 7))
        if rng.random() < 0.05:
            n2 = 0
        acode, _ = make_array(rng, dtype, special and rng.random() < 0.3, shape=(n1,))
        vcode, _ = make_array(rng, pick(rng, DTYPES), False, shape=(n2,), name="v")
        lines += [acode, vcode]
        call = "xp.correlate(a, v"
        if rng.random() < 0.7:
            kw["mode"] = repr(pick(rng, ["valid", "same", "full", "bogus"]))
        tol = "sum"
    if call is None:
        call = f"xp.{op}(a"
    sep = ", " if kw and not call.endswith("(") else ""
    lines.append(f"res = {call}{sep}{kw_text(kw)})")
    return "\n".join(lines), tol


ALL_OPS = (SUMS + EXTREMA + ARGS + MEANS + MOMENTS + LOGIC + ["count_nonzero", "ptp",
           "average", "diff", "ediff1d", "cumulative_sum", "cumulative_prod",
           "cov", "corrcoef", "correlate"] + SCANS + QUANT
           + [f"reduce.{u}" for u in UFUNCS] + [f"accumulate.{u}" for u in UFUNCS]
           + [f"method.{m}" for m in METHODS])


# ---- running and comparing --------------------------------------------------------------
def run(code, xp):
    ns = {"np": np, "xp": xp}

    def go():
        exec(code, ns)
        return ns["res"], ns.get("out")
    return outcome(go)


def compare_one(got, exp, tol, what):
    if isinstance(exp, tuple):
        assert isinstance(got, tuple) and len(got) == len(exp), (what, type(got))
        for i, (g, e) in enumerate(zip(got, exp)):
            compare_one(g, e, tol, f"{what}[{i}]")
        return
    if type(got) is int:  # count_nonzero over everything: a Python int (NumPy < 2.4's
        # type; NumPy 2.4 returns np.intp, a version difference reported, not fuzzed)
        assert np.ndim(exp) == 0 and np.asarray(exp).dtype.kind in "iu" and got == exp, (
            what, got, exp)
        return
    assert isinstance(got, cp.ndarray), f"{what}: expected a cunumpy ndarray, got {type(got)!r}"
    exp = np.asarray(exp)
    assert got.dtype == exp.dtype, f"{what}: dtype {got.dtype} != NumPy {exp.dtype}"
    assert got.shape == exp.shape, f"{what}: shape {got.shape} != NumPy {exp.shape}"
    g = cp.asnumpy(got)
    if tol == "exact" or exp.dtype.kind not in "fc":
        assert_values_equal(g, exp, exact_zero_sign=False)
    else:
        r = RTOL[exp.dtype.char] * (100 if tol == "stat" else 1)
        with np.errstate(all="ignore"):
            np.testing.assert_allclose(g, exp, rtol=r, atol=10 * r, equal_nan=True,
                                       err_msg=what)


# Mismatches that come from NumPy itself (reported, not cunumpy bugs): (text in the
# message, text in the code, label).
NUMPY_QUIRKS = [
    ("cannot reshape array of size 0", "", "NumPy bug: median/percentile of an empty array "
     "with axis=() raises ValueError"),
    ("!= NumPy float", r"xp\.nan(quantile|percentile|median)\(", "NumPy: nanquantile's "
     "dtype comes from its first slice (apply_along_axis; an all-NaN slice gives the input "
     "dtype)"),
    ("nan location mismatch", r"(?s)complex\(.*inf.*xp\.nan(median|quantile|percentile)\(",
     "NumPy: nanmedian/nanquantile of complex infinities interpolate to NaN components"),
    ("nan location mismatch", r"(?s)(?=.*complex\()(?=.*inf)(?=.*(prod|correlate)\()",
     "complex infinities: products/sums in another order give other NaN/inf components"),
    ("", r"(var|std|mean)\(.*dtype='(u?int|bool)", "an integer dtype= in mean/var/std: negative "
     "or fractional intermediates cast to integers (garbage in NumPy too)"),
    ("AxisError: axis", "where=w", "NumPy: mean/var/std accept axis 0/-1 of a 0-d array "
     "only with where="),
]


def quirk(code, msg):
    for in_msg, in_code, label in NUMPY_QUIRKS:
        if in_msg in msg and re.search(in_code, code):
            return label
    return None


def check(code, tol):
    """None if cunumpy agrees with NumPy, else a message."""
    kn, rn = run(code, np)
    kc, rc = run(code, cp)
    if kn == "raise":
        if kc != "raise":
            return f"NumPy raised {type(rn).__name__}: {rn}; cunumpy returned {rc[0]!r}"
        if not isinstance(rc, type(rn)) and not (
                isinstance(rn, TypeError) and isinstance(rc, TypeError)):
            return (f"NumPy raised {type(rn).__name__}: {rn}; cunumpy raised "
                    f"{type(rc).__name__}: {rc}")
        return None
    if kc == "raise":
        return f"cunumpy raised {type(rc).__name__}: {rc}; NumPy returned {rn[0]!r}"
    try:
        compare_one(rc[0], rn[0], tol, "res")
        if rn[1] is not None:
            compare_one(rc[1], rn[1], tol, "out")
            if rn[0] is rn[1] and rc[0] is not rc[1]:
                return "NumPy returns out itself; cunumpy returns another object"
    except AssertionError as e:
        return f"{str(e).strip()[:600]}\n  NumPy: {rn[0]!r}\n  cunumpy: {rc[0]!r}"
    except Exception:  # noqa: BLE001
        return "comparison crashed:\n" + traceback.format_exc(limit=3)
    return None


def main(all_ops=None, gen=None):
    """Runs the fuzzer; scripts/fuzz_ufuncs.py passes its own ops and case generator."""
    all_ops, gen = all_ops or ALL_OPS, gen or gen_case
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--op", default=None, help="only ops whose name contains this")
    ap.add_argument("--quiet", action="store_true", help="one line per mismatch")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    ops = [o for o in all_ops if args.op is None or args.op in o]
    bad = {}
    quirks = {}
    for i in range(args.cases):
        op = pick(rng, ops)
        code, tol = gen(rng, op)
        msg = check(code, tol)
        q = quirk(code, msg) if msg is not None else None
        if q is not None:
            quirks[q] = quirks.get(q, 0) + 1
        elif msg is not None:
            bad.setdefault(op, 0)
            bad[op] += 1
            if args.quiet:
                print(f"[{i}] {op}: {msg.splitlines()[0][:200]}")
            else:
                print(f"==== case {i} ({op})\n{code}\n---> {msg}\n")
    print(f"{args.cases} cases, {sum(bad.values())} mismatches", dict(sorted(bad.items())))
    for label, n in quirks.items():
        print(f"  NumPy quirk ({n} cases, not counted): {label}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
