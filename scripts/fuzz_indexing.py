"""Differential fuzzer: cunumpy's indexing, assignment, manipulation and joining functions
against NumPy.

Each case is a small program text run twice, once with ``xp = numpy`` and once with
``xp = cunumpy``; results (values, dtype, shape, view-vs-copy for basic indexing) and
exception types must agree. Every mismatch is printed as a self-contained repro.

    CUNUMPY_DEVICE=cpu python3 scripts/fuzz_indexing.py [--seed S] [--cases N] [--op NAME]
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import cunumpy as cp  # noqa: E402
import fuzz_reductions  # noqa: E402
from fuzz_reductions import DTYPES, lit, make_array, pick  # noqa: E402

_compare_arrays = fuzz_reductions.compare_one


def compare_one(got, exp, tol, what):
    """fuzz_reductions.compare_one, also for the None/bool view flags in result tuples."""
    if exp is None or isinstance(exp, bool):
        assert got == exp and type(got) is type(exp), f"{what}: {got!r} != NumPy {exp!r}"
        return
    _compare_arrays(got, exp, tol, what)


fuzz_reductions.compare_one = compare_one
fuzz_reductions.NUMPY_QUIRKS.append(
    ("assignment destination is read-only", r"put_along_axis\(.*axis=None",
     "NumPy: put_along_axis(axis=None) of a non-C-contiguous array raises (its ravel is a "
     "copy); cunumpy writes through"))

PRELUDE = ("import cunumpy as cp\n"
           "def snap(x):\n"
           "    return np.array(cp.asnumpy(x) if isinstance(x, cp.ndarray) else x)\n"
           "def shares(v, p):\n"
           "    if v.size == 0 or p.size == 0: return None\n"
           "    before = snap(p)\n"
           "    v[(0,) * v.ndim] = 1 if v[(0,) * v.ndim] != 1 else 2\n"
           "    return bool(not np.array_equal(before, snap(p), equal_nan=True))\n")


def arr(rng, dtype=None, shape=None, view=None, name="a"):
    dtype = dtype or pick(rng, DTYPES)
    return make_array(rng, dtype, False, shape=shape, view=view, name=name)


def int_array_text(rng, n, shape):
    lo, hi = (-n, n) if n else (-2, 2)
    if rng.random() < 0.08:
        lo, hi = -n - 2, n + 2  # may be out of bounds
    v = rng.integers(lo, hi, int(np.prod(shape)))
    if n == 0 and v.size and rng.random() < 0.7:
        shape = (0,)
        v = v[:0]
    if rng.random() < 0.3 and len(shape) == 1:
        return lit(v)  # a Python list
    dt = pick(rng, ["int64", "int32", "intp", "uint8", "int16"])
    if dt == "uint8":
        v = np.abs(v)
    return f"np.array({lit(v)}, dtype='{dt}').reshape({shape})"


def index_text(rng, shape):
    """A random index for an array of ``shape`` (text), mixing all kinds."""
    parts = []
    nd = len(shape)
    ax = 0
    used_ellipsis = False
    adv_shape = pick(rng, [(), (2,), (3,), (1,), (2, 1), (0,)])
    while ax < nd or (rng.random() < 0.15 and len(parts) < 4):
        r = rng.random()
        n = shape[ax] if ax < nd else 1
        if ax >= nd:
            parts.append(pick(rng, ["None", "...", "0", "slice(None)", "True"]))
            break
        if r < 0.22:
            i = int(rng.integers(-n - 1, n + 1)) if n else int(rng.integers(-1, 2))
            parts.append(repr(i))
            ax += 1
        elif r < 0.5:
            def b():
                return pick(rng, [None, 0, 1, -1, 2, -2, n, n + 3, -n - 3, 3])
            st = pick(rng, [None, 1, -1, 2, -2, 3, -3])
            parts.append(f"slice({b()!r}, {b()!r}, {st!r})")
            ax += 1
        elif r < 0.58:
            parts.append("None")
        elif r < 0.64 and not used_ellipsis:
            parts.append("...")
            used_ellipsis = True
            ax = max(ax, nd - int(rng.integers(0, nd - ax + 1)))
        elif r < 0.82:
            shp = adv_shape if rng.random() < 0.85 else pick(rng, [(2,), (3,), (2, 2)])
            parts.append(f"xp.asarray({int_array_text(rng, n, shp)})"
                         if rng.random() < 0.5 else int_array_text(rng, n, shp))
            ax += 1
        elif r < 0.93:
            k = int(rng.integers(1, nd - ax + 1))
            mshape = shape[ax:ax + k]
            if rng.random() < 0.07:
                mshape = tuple(m + 1 for m in mshape)
            m = rng.integers(0, 2, int(np.prod(mshape))).astype(bool)
            parts.append(f"xp.asarray(np.array({lit(m)}, dtype=bool).reshape({mshape}))")
            ax += k
        else:
            parts.append(pick(rng, ["True", "False", "xp.asarray(True)", "np.False_"]))
        if len(parts) > nd + 3:
            break
    if rng.random() < 0.1 and nd:
        parts = parts[:max(1, len(parts) - 1)]  # partial index
    if len(parts) == 1 and rng.random() < 0.5:
        return parts[0]
    return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"


def value_text(rng, shape, dtype):
    r = rng.random()
    if r < 0.35:
        return pick(rng, ["1", "-3", "2.75", "True", "0", "1.5+2j", "np.float32(2.5)",
                          "np.int8(-2)", "np.nan", "300"])
    shp = shape
    if shp and rng.random() < 0.5:
        shp = shp[1:]
    if shp and rng.random() < 0.3:
        shp = tuple(1 if rng.random() < 0.5 else s for s in shp)
    if rng.random() < 0.08:
        shp = shp + (2,)
    dt = dtype if rng.random() < 0.5 else pick(rng, DTYPES)
    code, _ = make_array(rng, dt, False, shape=tuple(int(s) for s in shp), view="",
                         name="v")
    return code.split(" = ", 1)[1]


def gen_getitem(rng, lines, a):
    idx = index_text(rng, a.shape)
    lines.append(f"idx = {idx}")
    lines.append("r = a[idx]")
    lines.append("res = (r.copy(), shares(r, a) if r.ndim else None)")


def gen_setitem(rng, lines, a):
    idx = index_text(rng, a.shape)
    lines.append(f"idx = {idx}")
    try:
        with np.errstate(all="ignore"):
            shape = np.asarray(a)[eval(idx, {"np": np, "xp": np})].shape
    except Exception:  # noqa: BLE001
        shape = (2,)
    lines.append(f"a[idx] = {value_text(rng, shape, a.dtype.name)}")
    lines.append("res = a")


AXIS_FUNCS = ["take", "flip", "roll", "repeat", "compress", "squeeze", "expand_dims",
              "diff_stub"]


def axis_of(rng, nd, none=True):
    r = rng.random()
    if none and r < 0.2:
        return None
    if r < 0.27:
        return pick(rng, [nd, -nd - 1, 1.5])
    if nd == 0:
        return 0
    return int(rng.integers(-nd, nd))


def gen_func(rng, op, lines, a):  # noqa: C901 - one branch per function
    nd, n = a.ndim, a.size
    shp = a.shape
    call = None
    if op == "take":
        ax = axis_of(rng, nd)
        m = n if ax is None else (shp[ax] if isinstance(ax, int) and -nd <= ax < nd else 1)
        ishape = pick(rng, [(), (3,), (2, 2), (0,)])
        mode = pick(rng, [None, "'raise'", "'wrap'", "'clip'"])
        ind = int_array_text(rng, m, ishape) if ishape else repr(int(rng.integers(-m - 1, m + 1)))
        call = f"xp.take(a, {ind}, axis={ax!r}" + (f", mode={mode})" if mode else ")")
    elif op == "put":
        mode = pick(rng, ["'raise'", "'wrap'", "'clip'"])
        ind = int_array_text(rng, n, pick(rng, [(3,), (2, 2), (0,)]))
        lines.append(f"xp.put(a, {ind}, {value_text(rng, (2,), a.dtype.name)}, mode={mode})")
        call = "a"
    elif op in ("take_along_axis", "put_along_axis"):
        ax = axis_of(rng, nd)
        ishape = list(shp) if ax is not None else [n]
        if ishape and isinstance(ax, int) and -nd <= ax < nd:
            ishape[ax] = int(rng.integers(0, 4))
        if ax is None and rng.random() < 0.5:
            ishape = [int(rng.integers(0, 4))]
        m = (shp[ax] if isinstance(ax, int) and -nd <= ax < nd else max(n, 1))
        ind = int_array_text(rng, m, tuple(ishape))
        if op == "take_along_axis":
            call = f"xp.take_along_axis(a, xp.asarray({ind}), axis={ax!r})"
        else:
            lines.append(f"xp.put_along_axis(a, xp.asarray({ind}), "
                         f"{value_text(rng, tuple(ishape), a.dtype.name)}, axis={ax!r})")
            call = "a"
    elif op == "choose":
        k = int(rng.integers(1, 4))
        lines.append(f"ch = [a, a * 2 if a.dtype != bool else ~a, xp.zeros_like(a)][:{k}]")
        ind = int_array_text(rng, k, shp) if shp else repr(int(rng.integers(0, k)))
        mode = pick(rng, ["'raise'", "'wrap'", "'clip'"])
        call = f"xp.choose(xp.asarray({ind}), ch, mode={mode})"
    elif op == "compress":
        ax = axis_of(rng, nd)
        m = n if ax is None else (shp[ax] if isinstance(ax, int) and -nd <= ax < nd else 1)
        c = rng.integers(0, 2, int(rng.integers(0, m + 2))).astype(bool)
        call = f"xp.compress({lit(c)}, a, axis={ax!r})"
    elif op == "place":
        m = rng.integers(0, 2, n).astype(bool)
        vals = value_text(rng, (int(rng.integers(0, 4)),), a.dtype.name)
        lines.append(f"xp.place(a, xp.asarray(np.array({lit(m)}, dtype=bool).reshape({shp})),"
                     f" {vals})")
        call = "a"
    elif op == "putmask":
        m = rng.integers(0, 2, n).astype(bool)
        lines.append(f"xp.putmask(a, xp.asarray(np.array({lit(m)}, dtype=bool).reshape({shp})),"
                     f" {value_text(rng, shp, a.dtype.name)})")
        call = "a"
    elif op == "select":
        k = int(rng.integers(0, 3))
        conds = ", ".join(f"xp.asarray(np.array({lit(rng.integers(0, 2, n).astype(bool))},"
                          f" dtype=bool).reshape({shp}))" for _ in range(k))
        lines.append(f"b = xp.asarray(np.array({lit(np.arange(n) % 5)}, "
                     f"dtype='{pick(rng, DTYPES)}').reshape({shp}))")
        choices = ", ".join(pick(rng, ["a", "b", "a", "b"]) for _ in range(k))
        default = pick(rng, ["0", "-1", "2.5", "b", "None"])
        call = f"xp.select([{conds}], [{choices}]" + (
            f", default={default})" if default != "None" else ")")
    elif op == "diagonal":
        o = int(rng.integers(-3, 4))
        a1, a2 = (0, 1) if rng.random() < 0.6 else (int(rng.integers(-3, 3)),
                                                    int(rng.integers(-3, 3)))
        call = f"xp.diagonal(a, offset={o}, axis1={a1}, axis2={a2})"
        # NumPy's diagonal is a read-only view; cunumpy has no read-only arrays (reported)
    elif op == "diag":
        call = f"xp.diag(a, k={int(rng.integers(-3, 4))})"
    elif op in ("tril", "triu"):
        call = f"xp.{op}(a, k={int(rng.integers(-3, 4))})"
    elif op == "where":
        m = rng.integers(0, 2, n).astype(bool)
        cond = f"xp.asarray(np.array({lit(m)}, dtype=bool).reshape({shp}))"
        if rng.random() < 0.2:
            call = f"xp.where({cond})"
        else:
            x = pick(rng, ["a", "0", "1.5", "a.T", "a[..., :1]" if nd else "a"])
            y = value_text(rng, shp, a.dtype.name)
            call = f"xp.where({cond}, {x}, {y})"
    elif op in ("reshape", "ravel", "flatten"):
        order = pick(rng, ["'C'", "'F'", "'A'", "'K'", "'X'"])
        if op == "reshape":
            newshape = pick(rng, [(-1,), (n,), (1, -1), (-1, 1), (n, 1), (2, -1), (3, -1),
                                  (-1, -1), (n + 1,), (0, -1), ()])
            call = f"xp.reshape(a, {newshape}, order={order})" if rng.random() < 0.5 else \
                f"a.reshape({newshape}, order={order})"
        elif op == "ravel":
            call = f"xp.ravel(a, order={order})"
        else:
            call = f"a.flatten(order={order})"
        if op != "flatten":
            lines.append(f"r = {call}")
            lines.append("res = (r.copy(), shares(r, a))")
            return
    elif op == "transpose":
        axes = pick(rng, [None, tuple(rng.permutation(nd).tolist()),
                          tuple((-rng.permutation(nd) - 1).tolist()), (0,) * nd, (nd,)])
        call = f"xp.transpose(a, {axes!r})"
    elif op == "swapaxes":
        call = f"xp.swapaxes(a, {axis_of(rng, nd, False)!r}, {axis_of(rng, nd, False)!r})"
    elif op == "moveaxis":
        k = int(rng.integers(0, nd + 1))
        src = rng.choice(nd, size=k, replace=False).tolist() if nd else []
        dst = rng.choice(nd, size=k, replace=False).tolist() if nd else []
        if rng.random() < 0.1:
            dst = dst + [0]
        if rng.random() < 0.1 and k:
            src = [src[0]] * k
        call = f"xp.moveaxis(a, {src!r}, {dst!r})" if rng.random() < 0.6 or k != 1 else \
            f"xp.moveaxis(a, {src[0]}, {dst[0] - nd})"
    elif op == "squeeze":
        ones = [i for i, s in enumerate(shp) if s == 1]
        ax = pick(rng, [None, tuple(ones), ones[0] if ones else 0, axis_of(rng, nd, False)])
        call = f"xp.squeeze(a, axis={ax!r})"
    elif op == "expand_dims":
        ax = pick(rng, [0, -1, nd, nd + 1, -nd - 2, (0, 1), (0, -1), (0, 0), (nd + 5,)])
        call = f"xp.expand_dims(a, {ax!r})"
    elif op == "broadcast_to":
        ns = pick(rng, [shp, (2,) + shp, (3, 1) + shp, shp[:-1] + (4,) if shp else (4,), (0,)
                        + shp, shp[1:], (-1,) + shp])
        # NumPy's result is read-only; cunumpy has no read-only arrays (reported)
        call = f"xp.broadcast_to(a, {ns!r})"
    elif op == "broadcast_arrays":
        bcode = value_text(rng, shp, a.dtype.name)
        call = f"tuple(xp.broadcast_arrays(a, xp.asarray({bcode})))"
    elif op in ("concatenate", "stack", "hstack", "vstack", "dstack", "column_stack",
                "concat_casting"):
        bshape = shp if rng.random() < 0.7 else pick(rng, [shp[1:], (2,) + shp[1:],
                                                            shp[:-1] + (1,) if shp else (1,)])
        bc, _ = arr(rng, shape=tuple(bshape), view="", name="b")
        lines.append(bc)
        seq = pick(rng, ["[a, b]", "(a, b, a)", "[a]", "[b, a]"])
        if op in ("concatenate", "stack"):
            ax = axis_of(rng, nd + (op == "stack"))
            kw = ""
            if rng.random() < 0.4:
                kw += f", dtype={pick(rng, DTYPES)!r}"
            if rng.random() < 0.4:
                kw += f", casting={pick(rng, ['no', 'equiv', 'safe', 'same_kind', 'unsafe'])!r}"
            call = f"xp.{op}({seq}, axis={ax!r}{kw})"
        elif op == "concat_casting":
            call = f"xp.concatenate({seq}, axis=None)"
        else:
            call = f"xp.{op}({seq})"
    elif op in ("split", "array_split"):
        ax = axis_of(rng, nd, False)
        sec = pick(rng, [1, 2, 3, 0, [1], [1, 3], [3, 1], [-1], [0, 0, 10]])
        call = f"tuple(xp.{op}(a, {sec!r}, axis={ax!r}))"
    elif op == "repeat":
        ax = axis_of(rng, nd)
        m = n if ax is None else (shp[ax] if isinstance(ax, int) and -nd <= ax < nd else 1)
        rep = pick(rng, [2, 0, -1, list(rng.integers(0, 3, m).tolist()), [1, 2]])
        call = f"xp.repeat(a, {rep!r}, axis={ax!r})"
    elif op == "tile":
        call = f"xp.tile(a, {pick(rng, [2, 0, (2, 1), (1, 2, 2), (), (0, 3), [3], -1])!r})"
    elif op == "roll":
        ax = pick(rng, [None, axis_of(rng, nd, False), (0, -1) if nd else 0])
        sh = pick(rng, [1, -2, 7, 0, (1, 2)])
        call = f"xp.roll(a, {sh!r}, axis={ax!r})"
    elif op == "flip":
        ax = pick(rng, [None, axis_of(rng, nd, False), (0, -1), ()])
        call = f"xp.flip(a, axis={ax!r})"
    elif op == "rot90":
        call = f"xp.rot90(a, {int(rng.integers(-5, 6))}, axes={pick(rng, [(0, 1), (1, 0), (0, 0), (-1, -2), (0, 2)])!r})"
    elif op == "pad":
        mode = pick(rng, ["constant", "edge", "reflect", "symmetric", "wrap", "linear_ramp",
                          "maximum", "minimum", "mean", "median", "empty_stub"])
        pw = pick(rng, [1, (1, 2), ((1, 0),) * max(nd, 1), [(0, 2)] * max(nd, 1), 0, 3,
                        ((1, 2), (3, 4))])
        kw = ""
        if mode == "constant" and rng.random() < 0.5:
            kw = f", constant_values={pick(rng, [5, (1, 2), 2.5])!r}"
        if mode in ("reflect", "symmetric") and rng.random() < 0.4:
            kw = ", reflect_type='odd'"
        if mode == "empty_stub":
            mode = "constant"
        call = f"xp.pad(a, {pw!r}, mode={mode!r}{kw})"
    elif op in ("insert", "delete"):
        ax = axis_of(rng, nd)
        m = n if ax is None else (shp[ax] if isinstance(ax, int) and -nd <= ax < nd else 1)
        obj = pick(rng, [0, -1, m, m + 1, [0, 1], [1, 1], slice(None, None, 2),
                         slice(1, None), [], [-1, 0]])
        obj_t = repr(obj)
        if op == "delete":
            if rng.random() < 0.2:
                obj_t = lit(rng.integers(0, 2, m).astype(bool))
            call = f"xp.delete(a, {obj_t}, axis={ax!r})"
        else:
            call = (f"xp.insert(a, {obj_t}, {pick(rng, ['7', '2.5', '[1, 2]', '[[1], [2]]'])}, "
                    f"axis={ax!r})")
    elif op == "append":
        bc, _ = arr(rng, shape=pick(rng, [shp, shp[1:], (2,)]), view="", name="b")
        lines.append(bc)
        call = f"xp.append(a, b, axis={axis_of(rng, nd)!r})"
    elif op == "resize":
        call = f"xp.resize(a, {pick(rng, [(5,), (2, 3), 0, (0,), 7, (3, 3, 1), -1])!r})"
    elif op == "trim_zeros":
        tr = pick(rng, ["'f'", "'b'", "'fb'", "'bf'", "'x'"])
        lines.append(f"a = xp.asarray(np.array({lit(rng.integers(0, 3, 8) * (rng.random(8) < .5))}"
                     f", dtype='{a.dtype.name}'))")
        call = f"xp.trim_zeros(a, {tr})"
    else:
        raise ValueError(op)
    lines.append(f"res = {call}")


FUNCS = ["take", "put", "take_along_axis", "put_along_axis", "choose", "compress", "place",
         "putmask", "select", "diagonal", "diag", "tril", "triu", "where", "reshape",
         "ravel", "flatten", "transpose", "swapaxes", "moveaxis", "squeeze", "expand_dims",
         "broadcast_to", "broadcast_arrays", "concatenate", "stack", "hstack", "vstack",
         "dstack", "column_stack", "concat_casting", "split", "array_split", "repeat",
         "tile", "roll", "flip", "rot90", "pad", "insert", "delete", "append", "resize",
         "trim_zeros"]
ALL_OPS = ["getitem"] * 12 + ["setitem"] * 12 + FUNCS


def gen_case(rng, op):
    acode, a = arr(rng)
    lines = [acode]
    if op == "getitem":
        gen_getitem(rng, lines, a)
    elif op == "setitem":
        gen_setitem(rng, lines, a)
    else:
        gen_func(rng, op, lines, a)
    return "\n".join(lines), "exact"


def main():
    return fuzz_reductions.main(ALL_OPS, gen_case, PRELUDE)


if __name__ == "__main__":
    sys.exit(main())
