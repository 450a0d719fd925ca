"""Differential fuzzer of hostile input: cunumpy must never crash and must raise NumPy's
exception type (or a subclass of it) wherever NumPy raises.

Cases call creation, shape, reduction, sorting and joining functions with huge and
overflowing shapes and axes, objects whose __len__/__index__/__float__ raise, recursive
lists and arguments of the wrong type for each keyword. Cases run in batches in child
processes (address space limited, so that a huge allocation is a MemoryError and not the
machine's memory); a batch whose child dies is rerun case by case, and the case that kills
the child is reported as a crash with its repro.

    CUNUMPY_DEVICE=cpu python3 scripts/fuzz_hostile.py [--seed S] [--cases N] [--quiet]

Prints one line per disagreement and a summary: cases, crashes, exception-type agreement.
Exit status 1 on any crash (with --strict also on any disagreement not in ON_PURPOSE).
"""
import argparse
import json
import os
import re
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# Definitions every case may use (both in the NumPy and in the cunumpy run).
PRELUDE = r'''
class LenRaises:
    def __len__(self): raise RuntimeError("__len__ fails")
    def __getitem__(self, i): return 1
class IndexRaises:
    def __index__(self): raise RuntimeError("__index__ fails")
class IndexHuge:
    def __index__(self): return 2**70
class FloatRaises:
    def __float__(self): raise RuntimeError("__float__ fails")
rec = [1, 2]
rec.append(rec)
'''

# Hostile values: for shape positions, axis positions, counts and scalars.
INTS = ["2**63", "2**64", "2**64 - 1", "2**100", "-2**63 - 1", "-2**100", "2**62", "2**61", "2**31",
        "-1", "-2", "0", "1", "3", "np.int64(2**62)", "np.uint64(2**64 - 1)", "IndexHuge()"]
OTHERS = ["1.5", "float('nan')", "float('inf')", "'3'", "None", "[]", "[[1]]", "(1, 'a')", "True",
          "1j", "IndexRaises()", "LenRaises()", "rec", "FloatRaises()", "object()",
          "np.float64(2.0)", "b'x'", "{}", "slice(1)"]
SHAPES = (INTS + OTHERS + ["(2**32, 2**32)", "(2**62, 4)", "(2**31, 2**31, 4)", "(3, 2**63)", "(2**64, 1)",
                           "(-1, 3)", "(3, -5)", "[2, IndexHuge()]", "(IndexRaises(), 2)", "(2, 2.0)",
                           "(0, 2**63)", "(1,) * 65", "(2**62, 2**62, 0)"])
DTYPES = ["None", "'float32'", "'int8'", "'bool'", "'complex128'", "'bogus'", "'>f8'", "object",
          "'U3'", "3", "IndexRaises()", "[]"]
ORDERS = ["'C'", "'F'", "'K'", "'A'", "'Z'", "None", "3", "'CF'", "''"]
CASTINGS = ["'unsafe'", "'same_kind'", "'bogus'", "None", "1"]

# Calls: (template, {placeholder: choices}). `a2` is a small 2-D array, `a1` a 1-D one.
CALLS = [
    ("xp.zeros({s})", {"s": SHAPES}),
    ("xp.empty({s})", {"s": SHAPES}),
    ("xp.ones({s}, dtype={d})", {"s": SHAPES, "d": DTYPES}),
    ("xp.full({s}, {v})", {"s": SHAPES, "v": INTS + OTHERS}),
    ("xp.zeros(3, order={o})", {"o": ORDERS}),
    ("xp.zeros(3, dtype={d})", {"d": DTYPES}),
    ("xp.arange({v})", {"v": INTS + OTHERS}),
    ("xp.arange(0, {v}, {w})", {"v": INTS + OTHERS, "w": INTS + OTHERS}),
    ("xp.arange({v}, dtype={d})", {"v": ["5", "2**62", "-3", "2.5"], "d": DTYPES}),
    ("xp.eye({v})", {"v": INTS + OTHERS}),
    ("xp.eye(3, {v})", {"v": INTS + OTHERS}),
    ("xp.eye(3, k={v})", {"v": INTS + OTHERS}),
    ("xp.identity({v})", {"v": INTS + OTHERS}),
    ("xp.tri({v})", {"v": INTS + OTHERS}),
    ("xp.linspace(0, 1, {v})", {"v": INTS + OTHERS}),
    ("xp.indices({s})", {"s": SHAPES}),
    ("a2.reshape({s})", {"s": SHAPES}),
    ("xp.reshape(a2, {s})", {"s": SHAPES}),
    ("xp.broadcast_to(a1, {s})", {"s": SHAPES}),
    ("xp.broadcast_to(1, {s})", {"s": SHAPES}),
    ("xp.expand_dims(a2, {x})", {"x": INTS + OTHERS}),
    ("xp.squeeze(a2[:1], {x})", {"x": INTS + OTHERS}),
    ("xp.moveaxis(a2, {x}, 0)", {"x": INTS + OTHERS}),
    ("xp.swapaxes(a2, {x}, 0)", {"x": INTS + OTHERS}),
    ("a2.transpose({x}, 0)", {"x": INTS + OTHERS}),
    ("a2.sum(axis={x})", {"x": INTS + OTHERS}),
    ("a2.max(axis={x})", {"x": INTS + OTHERS}),
    ("xp.prod(a2, axis={x})", {"x": INTS + OTHERS}),
    ("xp.argmax(a2, axis={x})", {"x": INTS + OTHERS}),
    ("xp.cumsum(a2, axis={x})", {"x": INTS + OTHERS}),
    ("xp.sort(a2, axis={x})", {"x": INTS + OTHERS}),
    ("xp.argsort(a2, axis={x})", {"x": INTS + OTHERS}),
    ("xp.concatenate([a2, a2], axis={x})", {"x": INTS + OTHERS}),
    ("xp.stack([a1, a1], axis={x})", {"x": INTS + OTHERS}),
    ("xp.concatenate({v})", {"v": OTHERS}),
    ("xp.concatenate([a1, a1], casting={c})", {"c": CASTINGS}),
    ("xp.repeat(a1, {v})", {"v": INTS + OTHERS}),
    ("xp.take(a1, {v})", {"v": INTS + OTHERS}),
    ("a1[{v}]", {"v": INTS + OTHERS}),
    ("xp.asarray({v})", {"v": OTHERS}),
    ("xp.asarray(a1, dtype={d})", {"d": DTYPES}),
    ("a1.astype({d})", {"d": DTYPES}),
    ("a2.copy(order={o})", {"o": ORDERS}),
    ("a2.ravel(order={o})", {"o": ORDERS}),
    ("xp.add(a1, {v})", {"v": INTS + OTHERS}),
    ("xp.sum(a2, dtype={d})", {"d": DTYPES}),
]

# Disagreements kept on purpose (CuPy's documented behaviour or a NumPy quirk), by case
# text fragment: they are reported but not counted as failures.
ON_PURPOSE = {
    "xp.asarray(rec)": "NumPy builds an object array of a recursive list; cunumpy has no object dtype",
    "xp.asarray((1, 'a'))": "NumPy makes a string array; cunumpy has no string dtypes",
    "xp.asarray(object())": "NumPy makes an object array; cunumpy has no object dtype",
    "xp.asarray({})": "NumPy makes an object array; cunumpy has no object dtype",
    "xp.asarray(slice(1))": "NumPy makes an object array; cunumpy has no object dtype",
    "xp.asarray(FloatRaises())": "NumPy makes an object array; cunumpy has no object dtype",
    "xp.asarray(IndexRaises())": "NumPy makes an object array; cunumpy has no object dtype",
    "xp.asarray(LenRaises())": "NumPy makes an object array; cunumpy has no object dtype",
    "xp.asarray(IndexHuge())": "NumPy makes an object array; cunumpy has no object dtype",
    "xp.asarray(b'x')": "NumPy makes a bytes array; cunumpy has no string dtypes",
    "xp.asarray('3')": "NumPy makes a string array; cunumpy has no string dtypes",
    "dtype=object": "cunumpy has no object dtype (TypeError)",
    "astype(object)": "cunumpy has no object dtype (TypeError)",
    "'U3'": "cunumpy has no string dtypes (TypeError)",
    "'>f8'": "cunumpy supports native byte order only (TypeError, as for any dtype it lacks)",
    "dtype=[]": "NumPy reads [] as an empty structured dtype; cunumpy has no structured dtypes",
    "astype([])": "NumPy reads [] as an empty structured dtype; cunumpy has no structured dtypes",
    "xp.asarray(None)": "NumPy makes an object array; cunumpy has no object dtype",
    "xp.tri(2**63)": "NumPy's aranges wrap and give a (0, 0) array; cunumpy raises ValueError for the size",
    "xp.tri(2**31)": "NumPy fails on an intermediate (MemoryError); cunumpy checks the result's size (ValueError)",
    "xp.arange(2**63)": "NumPy returns an empty array (its length wraps); cunumpy raises ValueError for the size",
    "xp.arange(2**62, dtype='bool')": "NumPy fails to allocate before its own bool-length check (TypeError here)",
    "xp.linspace(0, 1, 2**63)": "NumPy's IndexError comes from an overflowed internal length; cunumpy raises ValueError",
}

# The same, by regular expression over the case text.
ON_PURPOSE_RE = {
    r"^xp\.full\(.*, (IndexHuge\(\)|IndexRaises\(\)|FloatRaises\(\)|LenRaises\(\)|object\(\)|\{\}|"
    r"slice\(1\)|b'x'|'3'|rec|\(1, 'a'\)|-?2\*\*100|-2\*\*63 - 1|2\*\*64|None)\)$":
        "NumPy fills an object or string array with this value; cunumpy has neither dtype (TypeError)",
    r"^xp\.arange\(0, (2\*\*64|2\*\*100), (2\*\*31|2\*\*62|np\.int64\(2\*\*62\))\)$":
        "NumPy makes an object array for ints beyond 64 bits (MemoryError at that length); "
        "cunumpy has no object dtype (OverflowError)",
    r"^xp\.tri\((1\.5|np\.float64\(2\.0\)|float\('nan'\)|float\('inf'\))\)$":
        "CuPy's tri takes integer sizes (TypeError); NumPy's float N goes through arange",
    r"^xp\.(sort\(a2, axis=True\)|swapaxes\(a2, True, 0\)|moveaxis\(a2, True, 0\)|expand_dims\(a2, True\)|"
    r"stack\(\[a1, a1\], axis=True\))$":
        "cunumpy refuses a bool axis everywhere (the TypeError of NumPy's reductions), where NumPy's "
        "sort/swapaxes/moveaxis/expand_dims/stack take True as axis 1 (tests/python/test_axis_shape_types.py)",
    r"^xp\.add\(a1, (\[\]|\[\[1\]\]|rec|\(1, 'a'\)|'3'|b'x')\)$":
        "CuPy's ufuncs refuse Python lists, tuples and strings (TypeError 'Unsupported type'); "
        "NumPy converts them to arrays",
}


# The same, only where NumPy returns (and cunumpy raises): the case text alone cannot say.
ON_PURPOSE_IF_NUMPY_RETURNS = {
    r"^xp\.arange\(0, .*(2\*\*64|2\*\*100|-2\*\*63 - 1)":
        "NumPy makes an object array where a bound beyond int64 gives a positive length "
        "(arange(0, -1, -2**100) is [0] of dtype object); cunumpy has no object dtype (OverflowError)",
}

CHILD = r'''
import json, os, resource, sys, warnings
# A huge allocation must fail as MemoryError, not take the machine's memory. (Not under
# CUDA: the driver reserves far more address space than it uses.)
if os.environ.get("CUNUMPY_DEVICE", "cpu") == "cpu" or not os.path.exists("/dev/nvidia0"):
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
import numpy as np
import cunumpy as cp
warnings.simplefilter("ignore")
PRELUDE = sys.stdin.readline()
exec(json.loads(PRELUDE), globals())
for line in sys.stdin:
    case = json.loads(line)
    out = []
    for name, xp in (("numpy", np), ("cunumpy", cp)):
        # Which library runs now, so that the parent can tell whose crash a dead child was.
        sys.stderr.write("RUNNING " + name + "\n")
        sys.stderr.flush()
        env = dict(globals(), xp=xp, a1=xp.arange(4.0), a2=xp.arange(6.0).reshape(2, 3))
        try:
            r = eval(case, env)
            out.append(["ok", str(getattr(r, "shape", type(r).__name__))])
            # Freed before the other library runs: NumPy's 2 GiB ones(2**31, 'int8') held
            # while cunumpy allocated its own was a MemoryError under the 4 GiB limit.
            del r
        except BaseException as e:  # noqa: BLE001 - every outcome is data here
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            out.append(["err", type(e).__name__, [c.__module__ + "." + c.__qualname__ for c in type(e).__mro__],
                        str(e)[:160]])
    # cunumpy's pool keeps freed blocks (as CuPy's does): returned, so that the next case's
    # NumPy call has the address space that cunumpy's had.
    cp.get_default_memory_pool().free_all_blocks()
    print(json.dumps(out), flush=True)
'''


def gen_cases(rng, n):
    cases = []
    for _ in range(n):
        tmpl, slots = CALLS[rng.integers(len(CALLS))]
        cases.append(tmpl.format(**{k: v[rng.integers(len(v))] for k, v in slots.items()}))
    return cases


def run_batch(cases, timeout):
    """Outcomes of `cases` in one child, or None for each case after a crash/timeout."""
    inp = json.dumps(PRELUDE) + "\n" + "".join(json.dumps(c) + "\n" for c in cases)
    try:
        r = subprocess.run([sys.executable, "-c", CHILD], input=inp, capture_output=True, text=True,
                           timeout=timeout, env=dict(os.environ, PYTHONPATH=os.environ.get("PYTHONPATH", "")))
        lines, rc, err = r.stdout.splitlines(), r.returncode, r.stderr
    except subprocess.TimeoutExpired as e:
        def text(b):
            return (b or b"").decode() if isinstance(b, bytes) else (b or "")
        # stderr too: its last RUNNING line says whose call hung.
        lines, rc, err = text(e.stdout).splitlines(), "timeout", text(e.stderr)
    got = [json.loads(x) for x in lines if x.startswith("[")]
    return got, rc, err


def public_class(mro):
    """The first class of an exception's MRO that a user can name: a builtin or one of
    numpy.exceptions. NumPy raises private subclasses (numpy._core._exceptions.
    _ArrayMemoryError, _UFuncNoLoopError) that no caller catches by name."""
    for c in mro:
        if c.startswith(("builtins.", "numpy.exceptions.")):
            return c
    return mro[0]


def agree(np_out, cp_out):
    if np_out[0] == "ok" and cp_out[0] == "ok":
        return True
    if np_out[0] != cp_out[0]:
        return False
    # cunumpy's exception is NumPy's public type or a subclass of it (AxisError is a ValueError).
    return public_class(np_out[2]) in cp_out[2] or np_out[1] == cp_out[1]


def crashed_side(err):
    """'numpy' or 'cunumpy': the library that was running when the child died."""
    running = [x.split()[1] for x in err.splitlines() if x.startswith("RUNNING ")]
    return running[-1] if running else "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--batch", type=int, default=200)
    # Per batch: NumPy and cunumpy both iterate moveaxis(a2, LenRaises(), 0) to MemoryError
    # under the 4 GiB limit, about a minute each on one core.
    ap.add_argument("--timeout", type=float, default=400)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--strict", action="store_true", help="exit 1 on disagreements too, not only on crashes")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    cases = gen_cases(rng, args.cases)
    results, crashes, numpy_crashes = {}, [], []
    pending = [cases[i:i + args.batch] for i in range(0, len(cases), args.batch)]
    while pending:
        batch = pending.pop(0)
        got, rc, err = run_batch(batch, args.timeout)
        for c, o in zip(batch, got):
            results[c] = o
        if len(got) < len(batch):  # the child died at batch[len(got)]
            bad = batch[len(got)]
            if len(batch) == 1:
                tail = [x for x in (err or "").strip().splitlines() if not x.startswith("RUNNING ")][-1:]
                # NumPy's own crashes (np.repeat(a, 2**62) under the address-space limit)
                # are not ours: reported, and the case left out of the counts.
                side = crashed_side(err or "")
                (numpy_crashes if side == "numpy" else crashes).append((bad, rc, tail))
            else:
                pending.insert(0, [bad])
                if len(got) + 1 < len(batch):
                    pending.insert(1, batch[len(got) + 1:])
    same = differ = purposeful = 0
    for c in cases:
        if c not in results:
            continue
        np_out, cp_out = results[c]
        if agree(np_out, cp_out):
            same += 1
            continue
        why = next((v for k, v in ON_PURPOSE.items() if k in c), None) or \
            next((v for k, v in ON_PURPOSE_RE.items() if re.search(k, c)), None) or \
            next((v for k, v in ON_PURPOSE_IF_NUMPY_RETURNS.items() if np_out[0] == "ok" and re.search(k, c)), None)
        if why:
            purposeful += 1
            continue
        differ += 1
        if not args.quiet or differ <= 40:
            print(f"DIFFER {c}\n    numpy:   {np_out[:2] + np_out[3:]}\n    cunumpy: {cp_out[:2] + cp_out[3:]}")
    for c, rc, tail in crashes:
        print(f"CRASH (exit {rc}) {c} {tail}")
    for c, rc, tail in numpy_crashes:
        print(f"NUMPY CRASH (exit {rc}, not counted) {c}")
    n = same + differ + purposeful
    pct = 100.0 * (same + purposeful) / n if n else 100.0
    print(f"fuzz_hostile: {len(cases)} cases, {len(crashes)} crashes, {len(numpy_crashes)} NumPy crashes, "
          f"{differ} disagreements, "
          f"{purposeful} on purpose; exception types agree in {pct:.2f}% (seed {args.seed})")
    return 1 if crashes or (differ and args.strict) else 0


if __name__ == "__main__":
    sys.exit(main())
