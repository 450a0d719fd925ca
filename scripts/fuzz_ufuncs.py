"""Differential fuzzer: cunumpy's ufuncs and array creation against NumPy.

Each case is a small program text run twice, once with ``xp = numpy`` and once with
``xp = cunumpy``; results (values, dtype, shape, also of out=) and exception types must
agree. Every mismatch is printed as a self-contained repro. Array building, running and
comparing are shared with scripts/fuzz_reductions.py.

    CUNUMPY_DEVICE=cpu python3 scripts/fuzz_ufuncs.py [--seed S] [--cases N] [--op NAME]
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_reductions  # noqa: E402
from fuzz_reductions import DTYPES, make_array, pick  # noqa: E402

# ---- ufuncs -----------------------------------------------------------------------------
TRANSCENDENTAL = {
    "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "cbrt", "sin", "cos",
    "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh",
    "arctanh", "arctan2", "hypot", "power", "float_power", "logaddexp", "logaddexp2",
    "degrees", "radians", "deg2rad", "rad2deg", "true_divide", "reciprocal"}
UNARY = [
    "negative", "positive", "absolute", "fabs", "sign", "reciprocal", "exp", "exp2", "expm1",
    "log", "log2", "log10", "log1p", "sqrt", "cbrt", "square", "sin", "cos", "tan", "arcsin",
    "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "degrees",
    "radians", "deg2rad", "rad2deg", "floor", "ceil", "trunc", "rint", "logical_not",
    "invert", "isnan", "isinf", "isfinite", "signbit", "spacing", "conjugate", "frexp",
    "modf", "bitwise_count"]
BINARY = [
    "add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "fmod",
    "divmod", "power", "float_power", "arctan2", "hypot", "equal", "not_equal", "less",
    "less_equal", "greater", "greater_equal", "logical_and", "logical_or", "logical_xor",
    "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "copysign",
    "nextafter", "maximum", "minimum", "fmax", "fmin", "gcd", "lcm", "heaviside", "ldexp",
    "logaddexp", "logaddexp2"]
PY_SCALARS = ["0", "1", "-1", "2", "3", "-7", "255", "256", "-129", "2**31", "2**63 - 1",
              "2**64", "-2**63", "-2**70", "0.5", "-2.5", "3.0", "-0.0", "1e300",
              "float('nan')", "float('inf')", "-float('inf')", "1j", "(2-3j)", "True",
              "False"]
NP_SCALARS = ["np.int8(-3)", "np.uint8(200)", "np.int64(5)", "np.uint64(2**63)",
              "np.float16(1.5)", "np.float32(-2.25)", "np.float64(0.1)",
              "np.complex64(1+2j)", "np.bool_(True)", "np.int32(0)"]
COMPARISONS = {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"}
CASTINGS = ["'no'", "'equiv'", "'safe'", "'same_kind'", "'unsafe'"]


def operand(rng, name, shape=None):
    """(code, is_array) for one ufunc input."""
    r = rng.random()
    if r < 0.62 or name == "a":
        dtype = pick(rng, DTYPES)
        code, _ = make_array(rng, dtype, rng.random() < 0.3, shape=shape, name=name)
        if rng.random() < 0.08:  # int min values for abs/negative/floor_divide by -1
            code = f"{code}\n{name} = {name} * 0 + xp.iinfo('int64').min if " \
                   f"{name}.dtype == 'int64' else {name}"
        return code, True
    if r < 0.87:
        return f"{name} = {pick(rng, PY_SCALARS)}", False
    return f"{name} = {pick(rng, NP_SCALARS)}", False


def gen_ufunc_case(rng, op):
    uf = op.split(".", 1)[1]
    lines = []
    code, _ = operand(rng, "a")
    lines.append(code)
    args = ["a"]
    if uf in BINARY:
        r = rng.random()
        shape = None
        if r < 0.35:  # broadcast-compatible shapes (or deliberately not)
            ns = {"np": np, "xp": np}
            exec(code, ns)
            s = ns["a"].shape
            shape = pick(rng, [s, s[1:], s[-1:] if s else (), (1,) + s, (3,) + s,
                               s[:-1] + (1,) if s else ()])
            shape = shape if len(shape) <= 3 else s
        code, _ = operand(rng, "b", shape)
        lines.append(code)
        args.append("b")
        if rng.random() < 0.15:
            args = args[::-1]
    kw = {}
    if rng.random() < 0.15:
        kw["dtype"] = repr(pick(rng, DTYPES))
    if rng.random() < 0.12:
        kw["casting"] = pick(rng, CASTINGS)
    nout = 2 if uf in ("divmod", "frexp", "modf") else 1
    if rng.random() < 0.2:
        ns = {"np": np, "xp": np}
        try:
            exec("\n".join(lines), ns)
            with np.errstate(all="ignore"):
                shp = np.broadcast(*[ns[x] for x in args]).shape
                r0 = getattr(np, uf)(*[ns[x] for x in args])
            dt = (r0[0] if nout == 2 else r0).dtype.name
        except Exception:  # noqa: BLE001
            shp, dt = (3,), "float64"
        if rng.random() < 0.4:
            dt = pick(rng, DTYPES)
        if rng.random() < 0.05:
            shp = shp + (2,)
        lines.append(f"out = xp.zeros({shp}, dtype='{dt}')")
        if nout == 2:
            lines.append(f"out2 = xp.zeros({shp}, dtype='{dt}')")
            kw["out"] = "(out, out2)"
        else:
            kw["out"] = pick(rng, ["out", "(out,)"])
        # NumPy 2.4.6 segfaults on less(int8_array, 2**31, out=..., where=mask): no where=
        # masks for comparisons.
        if rng.random() < 0.4 and uf not in COMPARISONS:
            m = rng.integers(0, 2, int(np.prod(shp))).astype(bool).tolist()
            lines.append(f"w = xp.asarray(np.array({m}, dtype=bool).reshape({shp}))")
            kw["where"] = "w"
        elif rng.random() < 0.2:  # not without out=: NumPy leaves such results uninitialized
            kw["where"] = pick(rng, ["True", "False", "np.True_", "[True]"])
    kws = "".join(f", {k}={v}" for k, v in kw.items())
    lines.append(f"res = xp.{uf}({', '.join(args)}{kws})")
    if "out" in kw:
        lines.append("out = out")
    tol = "sum" if uf in TRANSCENDENTAL else "exact"
    # |z| of a complex z is a hypot: NumPy's SIMD loop is not correctly rounded (1 ulp off
    # in about a third of complex64 values; cunumpy's CPU loop is), so compared as the
    # transcendentals are.
    if uf == "absolute" and "complex" in lines[0]:
        tol = "sum"
    return "\n".join(lines), tol


# ---- creation ---------------------------------------------------------------------------
SHAPES = ["()", "0", "3", "(2, 3)", "(0, 2)", "[2, 1]", "(2, -1)", "2.0", "np.int64(2)"]
DT_OPT = ["", ", dtype=None", ", dtype=int", ", dtype=float", ", dtype=bool",
          ", dtype=complex", ", dtype='int8'", ", dtype='uint16'", ", dtype='float32'",
          ", dtype='complex64'", ", dtype=np.float16"]
FILLS = ["0", "7", "-1", "2.5", "True", "1j", "float('nan')", "300", "2**70", "np.int8(3)",
         "[1, 2, 3]", "[1.5, 2]"]
NESTED = ["[1, 2, 3]", "[1, 2.0]", "[True, 2]", "[1, 2j]", "[[1, 2], [3, 4]]",
          "[[1], [2, 3]]", "[]", "[[]]", "[2**63]", "[2**64]", "[-1, 2**63]", "[1.0, True]",
          "[np.float32(1), 2]", "[np.int8(1), 300]", "[np.uint8(1), -1]", "[[1.5, 2], [3, 4]]",
          "5", "2.5", "True", "(1, 2)", "[(1, 2), (3, 4)]", "[np.float16(1), 1.5]",
          "[np.int64(1), np.uint64(1)]", "[np.float32(1), 1j]"]


def gen_creation_case(rng, op):
    f = op.split(".", 1)[1]
    dt = pick(rng, DT_OPT)
    if f in ("zeros", "ones", "empty"):
        code = f"res = xp.{f}({pick(rng, SHAPES)}{dt})"
        if f == "empty":
            code += "\nres = xp.zeros(res.shape, dtype=res.dtype)"
        return code, "exact"
    if f == "full":
        return f"res = xp.full({pick(rng, SHAPES)}, {pick(rng, FILLS)}{dt})", "exact"
    if f.endswith("_like"):
        code, _ = make_array(rng, pick(rng, DTYPES), False, name="a")
        extra = dt
        if rng.random() < 0.4:
            extra += f", shape={pick(rng, SHAPES)}"
        fill = f", {pick(rng, FILLS)}" if f == "full_like" else ""
        code += f"\nres = xp.{f}(a{fill}{extra})"
        if f == "empty_like":
            code += "\nres = xp.zeros(res.shape, dtype=res.dtype)"
        return code, "exact"
    if f == "arange":
        nums = ["0", "1", "-3", "5", "10", "2.5", "-1.5", "0.1", "0.3", "1j", "True", "np.int8(4)",
                "np.float32(0.5)", "np.uint8(3)"]
        k = rng.integers(1, 4)
        args = [pick(rng, nums) for _ in range(k)]
        return f"res = xp.arange({', '.join(args)}{dt})", "sum"
    if f in ("linspace", "logspace", "geomspace"):
        pts = ["0", "1", "-2", "10", "2.5", "-1e3", "1j", "(1+1j)", "True", "8", "np.float32(3)",
               "xp.asarray(np.array([1.0, 2.0]))", "xp.asarray(np.array([1, 4]))"]
        num = pick(rng, ["", ", 0", ", 1", ", 2", ", 5", ", 7", ", -1", ", 2.0"])
        kw = num + pick(rng, ["", ", endpoint=False", ", endpoint=True"])
        if f == "linspace" and rng.random() < 0.3:
            kw += ", retstep=True"
            return (f"res = xp.linspace({pick(rng, pts)}, {pick(rng, pts)}{kw}{dt})\n"
                    "res = (res[0], xp.asarray(res[1]))"), "sum"
        if f == "logspace" and rng.random() < 0.3:
            kw += pick(rng, [", base=2", ", base=2.0", ", base=10"])
        if rng.random() < 0.3:
            kw += pick(rng, [", axis=1", ", axis=-1", ", axis=0"])
        kw += dt
        return f"res = xp.{f}({pick(rng, pts)}, {pick(rng, pts)}{kw})", "sum"
    if f in ("eye", "tri"):
        n = pick(rng, ["0", "1", "3", "4", "-1"])
        m = pick(rng, ["", ", None", ", 2", ", 5", ", M=0"])
        k = pick(rng, ["", ", k=1", ", k=-2", ", k=5", ", -1"])
        return f"res = xp.{f}({n}{m}{k}{dt})", "exact"
    if f == "identity":
        return f"res = xp.identity({pick(rng, ['0', '1', '3'])}{dt})", "exact"
    if f in ("diag", "diagflat"):
        code, _ = make_array(rng, pick(rng, DTYPES), False, name="a")
        k = pick(rng, ["", ", 1", ", -1", ", k=3", ", -5"])
        return f"{code}\nres = xp.{f}(a{k})", "exact"
    if f in ("array", "asarray"):
        obj = pick(rng, NESTED)
        kw = dt
        if f == "array" and rng.random() < 0.3:
            kw += pick(rng, [", ndmin=0", ", ndmin=2", ", ndmin=3", ", copy=False",
                             ", copy=True", ", copy=None"])
        if f == "asarray" and rng.random() < 0.2:
            kw += pick(rng, [", copy=False", ", copy=True"])
        return f"res = xp.{f}({obj}{kw})", "exact"
    if f == "meshgrid":
        code1, _ = make_array(rng, pick(rng, DTYPES), False, shape=(3,), view="", name="x")
        code2, _ = make_array(rng, pick(rng, DTYPES), False, shape=(2,), view="", name="y")
        kw = pick(rng, ["", ", indexing='ij'", ", indexing='xy'", ", sparse=True",
                        ", copy=False", ", indexing='bad'"])
        return f"{code1}\n{code2}\nres = tuple(xp.meshgrid(x, y{kw}))", "exact"
    if f == "indices":
        dims = pick(rng, ["(2, 3)", "(0, 2)", "()", "(3,)", "[2, 2]"])
        kw = pick(rng, ["", ", dtype=float", ", dtype='int8'", ", sparse=True"])
        return f"res = xp.indices({dims}{kw})\nres = tuple(res) if isinstance(res, tuple) " \
               f"else res", "exact"
    raise AssertionError(f)


CREATION = ["zeros", "ones", "empty", "full", "zeros_like", "ones_like", "empty_like",
            "full_like", "arange", "linspace", "logspace", "eye", "identity",
            "tri", "diag", "diagflat", "array", "asarray", "meshgrid", "indices"]
ALL_OPS = [f"ufunc.{u}" for u in UNARY + BINARY] + [f"create.{c}" for c in CREATION]


def gen_case(rng, op):
    return gen_ufunc_case(rng, op) if op.startswith("ufunc.") else gen_creation_case(rng, op)


if __name__ == "__main__":
    # Python ints beyond 64 bits (full(3, 2**70), array([2**64])): NumPy makes object
    # arrays, which cunumpy does not have (an OverflowError or TypeError instead).
    fuzz_reductions.NUMPY_QUIRKS.append(
        ("dtype=object)", "", "NumPy's object dtype for an int beyond 64 bits, which cunumpy lacks"))
    sys.exit(fuzz_reductions.main(ALL_OPS, gen_case))
