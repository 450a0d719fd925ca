"""Differential fuzzer: cunumpy's dtype functions, conversions (astype, view, copy) and
ndarray methods/attributes/operators against NumPy.

Each case is a small program text run twice, once with ``xp = numpy`` and once with
``xp = cunumpy``; results (values, dtype, shape; Python scalars and lists by type and value;
dtypes; finfo/iinfo fields) and exception types must agree. Every mismatch is printed as a
self-contained repro. Array building, running and comparing are shared with
scripts/fuzz_reductions.py.

    CUNUMPY_DEVICE=cpu python3 scripts/fuzz_dtypes.py [--seed S] [--cases N] [--op NAME]
"""
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cunumpy as cp  # noqa: E402
import fuzz_reductions  # noqa: E402
from fuzz_reductions import DTYPES, make_array, pick  # noqa: E402

_compare_arrays = fuzz_reductions.compare_one
PY_TYPES = (bool, int, float, complex, str, type(None))


def _same_py(got, exp, what):
    # NumPy scalars subclass float/complex (float64, complex128): compare as Python values
    assert type(got) is type(exp) or (
        isinstance(exp, np.generic) and type(got) is type(exp.item())) or (
        isinstance(got, np.generic) and type(exp) is type(got.item())), (
        f"{what}: type {type(got).__name__} != NumPy {type(exp).__name__} ({got!r} vs {exp!r})")
    if isinstance(exp, (float, complex)) or isinstance(got, (float, complex)):
        g, e = complex(got), complex(exp)
        for x, y in ((g.real, e.real), (g.imag, e.imag)):
            assert (math.isnan(x) and math.isnan(y)) or x == y, f"{what}: {got!r} != {exp!r}"
        return
    assert got == exp, f"{what}: {got!r} != NumPy {exp!r}"


def compare_one(got, exp, tol, what):
    """fuzz_reductions.compare_one, also for Python scalars, lists, dtypes and finfo/iinfo."""
    if isinstance(exp, PY_TYPES) and not isinstance(exp, np.generic):
        _same_py(got, exp, what)
        return
    if isinstance(exp, list):
        assert isinstance(got, list) and len(got) == len(exp), f"{what}: {got!r} != {exp!r}"
        for i, (g, e) in enumerate(zip(got, exp)):
            compare_one(g, e, tol, f"{what}[{i}]")
        return
    if isinstance(exp, np.dtype):
        assert isinstance(got, np.dtype) and got == exp, f"{what}: {got!r} != NumPy {exp!r}"
        return
    if isinstance(exp, (np.finfo, np.iinfo)):
        assert type(got) is type(exp) and repr(got) == repr(exp), f"{what}: {got!r} != {exp!r}"
        return
    if isinstance(exp, np.generic) and not isinstance(got, cp.ndarray):
        assert type(got) is type(exp) and _same_py(got.item(), exp.item(), what) is None
        return
    if isinstance(exp, type):
        assert got is exp, f"{what}: {got!r} != NumPy {exp!r}"
        return
    _compare_arrays(got, exp, tol, what)


fuzz_reductions.compare_one = compare_one
# cunumpy has no matmul (no @ operator): not generated.
fuzz_reductions.NUMPY_QUIRKS += [
    ("cunumpy does not support result dtype dtype('O')", "min_scalar_type",
     "min_scalar_type of an int beyond 64 bits: NumPy's object dtype, which cunumpy lacks"),
    ("NumPy raised UFuncTypeError", r"clip\(.*out=",
     "clip with out= of a bad dtype and operands that do not broadcast: NumPy reports the "
     "cast, cunumpy the shapes"),
    ("cunumpy does not support result dtype dtype('O')", "result_type",
     "result_type of an int beyond 64 bits: NumPy's object dtype, which cunumpy lacks"),
    ("dtype int64 != NumPy int8", r"(?s)dtype='bool'.*a \*\* 2$",
     "NumPy's fast path for array ** 2 is square(): int8 for bool arrays (power gives int64)"),
]


def strides_of(x):
    """Strides as NumPy fixes them: none for empty arrays, none of length-1 axes (NumPy's
    copies choose those freely)."""
    if x.size == 0:
        return None
    return tuple(s if n != 1 else None for s, n in zip(x.strides, x.shape))


SPELLINGS = ["'f4'", "'float32'", "np.float32", "float", "'int'", "int", "bool", "complex",
             "'i1'", "'u2'", "'<i8'", "'=c8'", "'?'", "'b'", "'B'", "'h'", "'H'",
             "'l'", "'L'", "'q'", "'Q'", "'e'", "'d'", "'D'", "'F'", "'uint64'",
             "np.dtype('int16')", "'complex128'", "'half'", "'double'", "'float'", "'bogus'",
             "None", "np.int8", "np.complex64", "'bool_'",
             "'intp'", "'uintp'", "np.uint32"]
# cunumpy holds 14 native-byte-order dtypes only: other dtypes raise TypeError by design
# (NumPy accepts them), so they are not generated.
CASTINGS = ["'no'", "'equiv'", "'safe'", "'same_kind'", "'unsafe'", "'bogus'"]
SCALARS = ["0", "1", "-1", "2", "300", "-129", "2**63", "2**64", "0.5", "-2.5",
           "float('nan')", "float('inf')", "1j", "(2-3j)", "True", "np.int8(3)",
           "np.float32(1.5)", "np.uint64(7)", "np.float64(-0.0)", "np.complex64(1j)"]


PRELUDE = ("def strides_of(x):\n"
           "    if x.size == 0: return None\n"
           "    return tuple(s if n != 1 else None for s, n in zip(x.strides, x.shape))\n")


def dt(rng):
    return repr(pick(rng, DTYPES))


def arr(rng, dtype=None, special=None, shape=None, view=None, name="a"):
    dtype = dtype or pick(rng, DTYPES)
    if special is None:
        special = rng.random() < 0.2
    return make_array(rng, dtype, special, shape=shape, view=view, name=name)


def nan_free(code, a):
    """code, plus a line replacing NaN/inf (float->int casts of them are undefined)."""
    if a.dtype.kind in "fc" and not np.isfinite(a).all():
        return code + "\na = xp.where(xp.isfinite(a), a, 0)"
    return code


def gen_case(rng, op):
    kind, name = op.split(".", 1)
    if kind == "dtypefn":
        return gen_dtypefn(rng, name), "exact"
    code, a = arr(rng)
    lines = [code]
    if name == "astype":
        to = pick(rng, DTYPES) if rng.random() < 0.85 else None
        if to and np.dtype(to).kind in "biu":
            lines = [nan_free(code, a)]
        if to is None:
            to_txt = pick(rng, SPELLINGS)
        else:
            to_txt = repr(to)
        kw = ""
        if rng.random() < 0.4:
            kw += f", casting={pick(rng, CASTINGS)}"
        if rng.random() < 0.4:
            kw += f", copy={pick(rng, ['True', 'False'])}"
        if rng.random() < 0.2:
            kw += ", order=" + pick(rng, ["'C'", "'F'", "'A'", "'K'"])
        lines.append(f"res = a.astype({to_txt}{kw})")
        if "copy=False" in kw:
            lines.append("res = (res, res is a)")
        if rng.random() < 0.1 and a.dtype.kind == "c" and to and np.dtype(to).kind in "fiu":
            lines = [nan_free(code, a), "import warnings",
                     "with warnings.catch_warnings():",
                     "    warnings.simplefilter('error', np.exceptions.ComplexWarning)",
                     f"    res = a.astype({to_txt})"]
    elif name == "copy":
        o = pick(rng, ["", "'C'", "'F'", "'A'", "'K'", "order='F'", "'X'"])
        lines.append(f"c = a.copy({o})")
        lines.append("res = (c, c.flags['C_CONTIGUOUS'], c.flags['F_CONTIGUOUS'], "
                     "strides_of(c))")
    elif name == "view":
        to = pick(rng, DTYPES + ["int8", "uint8", "int16", "complex128"])
        lines = [nan_free(code, a)] if np.dtype(to).kind in "biu" or a.dtype.kind == "b" \
            else lines
        if rng.random() < 0.3:
            lines.append(pick(rng, ["a = a.copy()", "a = xp.ascontiguousarray(a)",
                                    "a = xp.asfortranarray(a)"]))
        lines.append(f"v = a.view({to!r})")
        if np.dtype(to).kind == "b" or np.dtype(to).kind in "fc":
            lines.append("res = (v.shape, v.dtype, strides_of(v))")  # bit patterns
        else:
            lines.append("res = (v, strides_of(v))")
    elif name == "fill":
        lines.append(f"a.fill({pick(rng, SCALARS)})")
        lines.append("res = a")
    elif name == "item":
        args = pick(rng, ["", "0", "-1", "1", "5", "(0,)", "(0, 0)", "(1, 2)", "2, 1", "(-1, -1)",
                          "0, 0, 0", "np.int64(1)", "1.0", "None"])
        lines.append(f"res = a.item({args})")
    elif name == "tolist":
        lines.append("res = a.tolist()")
    elif name == "clip":
        lo = pick(rng, ["None", "0", "-1", "1.5", "2", "float('nan')", "xp.asarray(1)",
                        "True"])
        hi = pick(rng, ["None", "3", "0", "-2.5", "300", "xp.asarray([1, 2])"])
        kw = ""
        if rng.random() < 0.3:
            lines.append(f"out = xp.zeros(a.shape, dtype={dt(rng)})")
            kw = ", out=out"
        form = pick(rng, ["a.clip({lo}, {hi}{kw})", "xp.clip(a, {lo}, {hi}{kw})",
                          "a.clip(min={lo}{kw})", "a.clip(max={hi}{kw})"])
        lines.append("res = " + form.format(lo=lo, hi=hi, kw=kw))
    elif name == "round":
        d = pick(rng, ["", "0", "1", "2", "-1", "-2", "decimals=-3", "3"])
        f = pick(rng, ["a.round({d})", "xp.round(a, {d})", "xp.around(a, {d})"])
        if rng.random() < 0.2:
            lines.append(f"out = xp.zeros(a.shape, dtype={dt(rng)})")
            d = (d + ", " if d else "") + "out=out"
        lines.append("res = " + f.format(d=d).replace(", )", ")").replace("(, ", "("))
    elif name == "complexparts":
        what = pick(rng, ["res = a.conj()", "res = a.conjugate()", "res = a.real",
                          "res = a.imag", "res = xp.real(a)", "res = xp.imag(a)",
                          "a.real = 7\nres = a", "a.imag = 2\nres = a",
                          "a.real = a.imag\nres = a", "r = a.real\nr[...] = 3\nres = a",
                          "res = (a.real is a)"])
        # not generated: writing into a.imag of a real array (NumPy: a read-only array;
        # cunumpy has no read-only arrays, the write goes to a temporary)
        lines.append(what)
    elif name == "nonzero":
        lines.append(pick(rng, ["res = a.nonzero()", "res = xp.nonzero(a)",
                                "res = xp.flatnonzero(a)", "res = xp.argwhere(a)"]))
    elif name == "anyall":
        m = pick(rng, ["any", "all"])
        ax = pick(rng, ["", "axis=0", "axis=-1", "axis=None", "keepdims=True", "axis=(0,)",
                        "axis=5"])
        lines.append(f"res = a.{m}({ax})")
    elif name == "pyconv":
        if rng.random() < 0.5:
            code, a = arr(rng, shape=pick(rng, [(), (1,), (1, 1), (2,), (0,)]), view="")
            lines = [code]
        conv = pick(rng, ["bool", "int", "float", "complex", "operator.index", "len"])
        lines.append("import operator")
        lines.append(f"res = {conv}(a)")
        if conv in ("int", "float") and a.dtype.kind in "fc":
            lines[0] = nan_free(code, a)
    elif name == "attrs":
        ex = pick(rng, ["", "[::2]", "[..., ::-1]", ".T", "[None]", "[..., None]"])
        lines.append(f"b = a{ex}" if a.ndim or ex in ("", ".T", "[None]", "[..., None]")
                     else "b = a")
        lines.append("res = (b.ndim, b.size, b.itemsize, b.nbytes, strides_of(b), b.shape,"
                     " b.T.shape, b.dtype, len(b.flags.__repr__()) > 0, b.flags['C_CONTIGUOUS'],"
                     " b.flags['F_CONTIGUOUS'])")
    elif name == "mT":
        lines.append(pick(rng, ["res = a.mT", "res = a.T", "res = a.transpose()",
                                "res = xp.matrix_transpose(a)", "res = a.swapaxes(0, -1)"]))
    elif name == "reshape":
        n = a.size
        sh = pick(rng, ["-1", "(-1,)", f"({n},)", "(-1, 1)", "(1, -1)", "(2, -1)", "(-1, -1)",
                        f"({n + 1},)", "()", "(0, -1)", "(-1, 0)", "(3, -1)", "[-1]",
                        "(-2,)", "1", "(1, 1, -1)"])
        o = pick(rng, ["", ", order='F'", ", order='C'", ", order='A'"])
        lines.append(f"res = a.reshape({sh}{o})")
    elif name == "flat":
        lines.append(pick(rng, ["res = a.ravel()", "res = a.ravel('F')", "res = a.flatten()",
                                "res = a.flatten('F')", "res = a.ravel('K')",
                                "res = a.flatten('A')"]))
    elif name == "array_protocol":
        # cunumpy refuses implicit conversion (np.asarray(a), a.__array__()) by design and
        # has no __array_namespace__ (reported): what is left is explicit conversion.
        lines.append(pick(rng, ["res = xp.asarray(xp.asnumpy(a) if xp is not np else a)",
                                "res = xp.asarray(a, dtype='complex128')",
                                "res = xp.array(a, copy=True)", "res = xp.asarray(a, order='F')"]))
    elif name == "compare":
        code2, _ = arr(rng, shape=pick(rng, [a.shape, (3,), (2, 2), (5,), (4, 1), ()]),
                       view="", name="b")
        lines.append(code2)
        lines.append(f"res = a {pick(rng, ['==', '!=', '<', '<=', '>', '>='])} b")
    elif name == "inplace":
        op_ = pick(rng, ["+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^=", "<<=",
                         ">>="])
        lines = [nan_free(code, a)]
        rhs = pick(rng, SCALARS + ["b"])
        if rhs == "b":
            code2, _ = arr(rng, shape=pick(rng, [a.shape, a.shape[-1:], ()]), view="",
                           special=False, name="b")
            lines.append(code2)
        if op_ in ("**=", "<<=", ">>=") and rhs not in ("b",):
            rhs = pick(rng, ["2", "1", "0", "True", "0.5"])
        lines.append("import warnings\nwarnings.simplefilter('ignore')")
        lines.append(f"a {op_} {rhs}\nres = a")
    elif name == "binops":
        op_ = pick(rng, ["divmod(a, {b})", "divmod({b}, a)", "a ** {b}", "{b} ** a",
                         "pow(a, {b})", "a // {b}", "a % {b}",
                         "-a", "+a", "~a", "abs(a)", "a + {b}", "{b} - a", "a / {b}",
                         "a << {b}", "a & {b}"])
        if rng.random() < 0.5:
            bshape = pick(rng, [a.shape, a.shape[::-1], a.shape[-1:], (3,), ()])
            code2, _ = arr(rng, shape=bshape, view="", special=False, name="b")
            lines.append(code2)
            bb = "b"
        else:
            bb = pick(rng, SCALARS)
            if "**" in op_ or "pow" in op_ or "<<" in op_:
                bb = pick(rng, ["2", "0", "1", "-1", "0.5", "True", "1j"])
        if a.dtype.kind in "iub" and ("**" in op_ or "pow" in op_):
            lines[0] = nan_free(code, a)
        lines.append("import warnings\nwarnings.simplefilter('ignore')")
        lines.append("res = " + op_.format(b=bb))
    else:
        raise AssertionError(op)
    return "\n".join(lines), "sum" if name in ("binops", "inplace") else "exact"


def gen_dtypefn(rng, name):
    def dta():
        r = rng.random()
        if r < 0.5:
            return pick(rng, SPELLINGS)
        if r < 0.75:
            return repr(pick(rng, DTYPES))
        if r < 0.9:
            return pick(rng, SCALARS)
        return pick(rng, ["xp.zeros(2, dtype='int8')", "xp.zeros((), dtype='uint16')",
                          "xp.ones(3, dtype='float32')", "xp.asarray(1j, dtype='complex64')",
                          "xp.asarray(300)"])
    if name == "can_cast":
        kw = f", casting={pick(rng, CASTINGS)}" if rng.random() < 0.6 else ""
        return f"res = xp.can_cast({dta()}, {dta()}{kw})"
    if name == "result_type":
        k = rng.integers(1, 4)
        return f"res = xp.result_type({', '.join(dta() for _ in range(k))})"
    if name == "promote_types":
        return f"res = xp.promote_types({dta()}, {dta()})"
    if name == "min_scalar_type":
        v = pick(rng, SCALARS + ["-2**63", "1e300", "65504.0", "70000.0", "xp.asarray(300)",
                                 "xp.zeros(3, dtype='int16')"])
        return f"res = xp.min_scalar_type({v})"
    if name == "finfo":
        return f"res = xp.finfo({dta()})\nres = (res.bits, res.eps, res.max, res.min, " \
               "res.tiny, res.resolution, res.precision, res.dtype, res.smallest_normal)"
    if name == "iinfo":
        return f"res = xp.iinfo({dta()})\nres = (res.bits, res.min, res.max, res.dtype)"
    if name == "dtype":
        return f"res = xp.dtype({pick(rng, SPELLINGS)})\n" \
               f"res = (res, xp.zeros(2, dtype={pick(rng, SPELLINGS)}).dtype)"
    if name == "misc":
        sup = pick(rng, ["xp.integer", "xp.floating", "xp.number", "xp.inexact",
                         "xp.signedinteger", "xp.complexfloating", "xp.bool_"])
        kind = pick(rng, ["'integral'", "'real floating'", "'numeric'", "'bool'",
                          "'complex floating'", "'signed integer'", "'bogus'"])
        return pick(rng, [f"res = xp.issubdtype({dta()}, {sup})",
                          f"res = xp.isdtype(xp.dtype({pick(rng, DTYPES)!r}), {kind})"])
    raise AssertionError(name)


ALL_OPS = ([f"dtypefn.{n}" for n in ("can_cast", "result_type", "promote_types",
                                      "min_scalar_type", "finfo", "iinfo", "dtype", "misc")]
           + [f"nd.{n}" for n in ("astype", "copy", "view", "fill", "item", "tolist", "clip",
                                  "round", "complexparts", "nonzero", "anyall", "pyconv",
                                  "attrs", "mT", "reshape", "flat", "array_protocol",
                                  "compare", "inplace", "binops")])

if __name__ == "__main__":
    sys.exit(fuzz_reductions.main(ALL_OPS, gen_case, PRELUDE))
