#!/usr/bin/env python3
"""Lists every public name of the cunumpy package with the C++ function it calls.

For each public callable of `cunumpy` (and its public submodules) it reports one of:
  C++          a function of the extension cunumpy._core (nanobind), or a Python function
               whose body calls cunumpy._core (the bound C++ names are listed);
  alias        the same object as another public name;
  python-only  with the reason: a class or constant, an argument forwarder to other
               public functions, or a NumPy-interop shim (see REASONS below).
A Python function that neither calls _core nor has a reason is reported as UNCLASSIFIED;
`--check` exits 1 when there is one.

  PYTHONPATH=python python3 scripts/api_coverage.py [--markdown FILE] [--check]
"""
import argparse
import ast
import importlib
import inspect
import sys
import textwrap
import types

MODULES = ["cunumpy", "cunumpy.cuda", "cunumpy.testing", "cunumpy.lib.stride_tricks",
           "cunumpy.linalg", "cunumpy.fft", "cunumpy.random", "cunumpy.polynomial.polynomial",
           "cunumpy.polynomial.polyutils", "cunumpyx"]

# Python-only functions that need no C++ of their own, by the module that defines them.
MODULE_REASONS = {
    "cunumpy._dtype_functions": "interop: dtype logic is NumPy's own, on the host (no array data)",
    "cunumpy.testing": "interop: NumPy's assertions on host copies",
    "cunumpy._formatting": "interop: NumPy's printing of the host copy of the edges",
    "cunumpy._fusion": "forwarder: traces the function into an ElementwiseKernel (C++)",
    "cunumpy._interop": "interop: NumPy's dispatch protocols",
    "cunumpy._npyio": "interop: NumPy's parsers and file formats on the host, one transfer",
    "cunumpy._errstate": "interop: NumPy's floating-point error state",
    "cunumpy._index_helpers": "forwarder: index arrays from arange/indices/nonzero",
    "cunumpy._functional": "forwarder: per-slice calls assembled by stack/where; vectorize traces into an ElementwiseKernel (C++)",
    "cunumpyx._errstate": "forwarder: the linalg error-check switch (C++)",
    # NumPy's own functions re-exported as they are (print options, scalar formatters,
    # the floating-point error state): no array data.
    "numpy": "interop: NumPy's own function on host values (no array data)",
}

# Single functions that only call an ndarray method or attribute (C++) or another public
# function, by their module-qualified public name.
METHOD = "forwarder: the ndarray method or attribute of the same name (C++)"
NAME_REASONS = {
    **{f"cunumpy.{n}": METHOD for n in (
        "copy", "diagonal", "imag", "real", "ravel", "reshape", "squeeze", "swapaxes",
        "transpose", "shape", "size", "ndim", "matrix_transpose", "permute_dims")},
    "cunumpy.linalg.diagonal": METHOD,
    "cunumpy.asnumpy": "forwarder: ndarray.get (a C++ device-to-host copy)",
    "cunumpy.asarray_chkfinite": "forwarder: asarray, then isfinite/all (C++)",
    "cunumpy.require": "forwarder: asarray/copy with the requested flags (C++)",
    "cunumpy.get_array_module": "interop: module lookup on the argument types (no array data)",
    "cunumpy.einsum_path": "interop: NumPy's contraction planner on data-free stand-ins (shapes only)",
    "cunumpy.iscomplexobj": "interop: a dtype test on the host (no array data)",
    "cunumpy.isrealobj": "interop: a dtype test on the host (no array data)",
    "cunumpy.isscalar": "interop: a type test on the host (no array data)",
    "cunumpy.random.default_rng": "forwarder: constructs a Generator (C++)",
    "cunumpy.random.reset_states": "forwarder: drops the per-device RandomStates",
    **{f"cunumpyx.scatter_{op}": "forwarder: ufunc.at of add/maximum/minimum (C++)"
       for op in ("add", "max", "min")},
}

# Python-only functions that need no C++ of their own, and why.
REASONS = {
    "forwarder": "forwards to other public functions (argument handling only)",
    "interop": "NumPy-interop or host-side shim (dtype, printing, module lookup)",
    "runtime": "runtime object (device, stream, memory) bound in C++ as a class",
}


def _is_core(obj):
    return (type(obj).__name__ == "nb_func" or isinstance(obj, types.BuiltinFunctionType)) and \
        "cunumpy" in str(getattr(obj, "__module__", "") or "")


def _reached(obj, seen, depth):
    """The C++ names an object the function refers to stands for."""
    if _is_core(obj):
        return {getattr(obj, "__name__", "?")}
    if type(obj).__name__ in ("ufunc", "Ufunc"):
        return {"ufunc " + getattr(obj, "__name__", "?")}
    if isinstance(obj, (types.FunctionType, types.MethodType)):
        return core_calls(getattr(obj, "__func__", obj), seen, depth + 1)
    if inspect.isclass(obj) and getattr(obj, "__module__", "").startswith("cunumpy._core"):
        return {"class " + obj.__name__}
    return set()


def core_calls(fn, seen=None, depth=0):
    """The _core names fn's body reaches: direct _core.X uses, and through the functions,
    closure cells, ufuncs and module attributes it refers to (a few levels deep)."""
    seen = set() if seen is None else seen
    if fn in seen or depth > 5:
        return set()
    seen.add(fn)
    found = set()
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            found |= _reached(cell.cell_contents, seen, depth)
        except ValueError:  # an empty cell
            pass
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return found
    g = getattr(fn, "__globals__", {})
    import cunumpy
    nd = cunumpy._core.ndarray
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id not in g and _is_core(getattr(nd, node.attr, None)):
            found.add("ndarray." + node.attr)  # a method of an array argument, bound in C++
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            base = g.get(node.value.id)
            if node.value.id == "_core":
                found.add(node.attr)
            elif isinstance(base, types.ModuleType) and base.__name__.startswith("cunumpy"):
                found |= _reached(getattr(base, node.attr, None), seen, depth)
        elif isinstance(node, ast.Name) and node.id in g:
            obj = g[node.id]
            if obj is not fn:
                found |= _reached(obj, seen, depth)
    return found


def classify(name, obj, first_seen, qualified=""):
    if id(obj) in first_seen and first_seen[id(obj)] != name:
        return "alias", "alias of " + first_seen[id(obj)]
    if type(obj).__name__ == "nb_func" or isinstance(obj, types.BuiltinFunctionType):
        return "C++", "_core." + getattr(obj, "__name__", name)
    if inspect.isclass(obj):
        mod = getattr(obj, "__module__", "")
        if mod.startswith("cunumpy._core"):
            return "C++", "class _core." + obj.__name__
        return "python-only", "class (" + REASONS["runtime"] + ")" if "cuda" in mod else "class"
    if type(obj).__name__ in ("ufunc", "Ufunc"):
        return "C++", "ufunc (ufunc_call)"
    if isinstance(obj, types.FunctionType):
        calls = core_calls(obj)
        if calls:
            return "C++", ", ".join(sorted(calls))
        mod = getattr(obj, "__module__", "") or ""
        for prefix, why in MODULE_REASONS.items():
            if mod == prefix or mod.startswith(prefix + "."):
                return "python-only", why
        reason = getattr(obj, "_python_only", None) or NAME_REASONS.get(qualified)
        if reason:
            return "python-only", REASONS.get(reason, reason)
        return "UNCLASSIFIED", "calls no C++ function and states no reason"
    return None, None


def collect():
    """(module, name, kind, C++ names or reason) for every public callable of MODULES
    (also used by docs/api/gen_api.py, the API reference's generator)."""
    rows = []
    for modname in MODULES:
        try:
            mod = importlib.import_module(modname)
        except ImportError:
            continue
        first_seen = {}
        names = getattr(mod, "__all__", None) or [n for n in dir(mod) if not n.startswith("_")]
        for n in sorted(names):
            obj = getattr(mod, n, None)
            if obj is None or isinstance(obj, types.ModuleType):
                continue
            kind, what = classify(n, obj, first_seen, f"{modname}.{n}")
            first_seen.setdefault(id(obj), n)
            if kind:
                rows.append((modname, n, kind, what))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--markdown")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    rows = collect()
    counts = {}
    for r in rows:
        counts[r[2]] = counts.get(r[2], 0) + 1
    summary = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
    print(f"{len(rows)} public callables; {summary}")
    for r in rows:
        if r[2] == "UNCLASSIFIED":
            print(f"  UNCLASSIFIED {r[0]}.{r[1]}")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("# API coverage\n\nGenerated by `scripts/api_coverage.py`: every public "
                    "callable with the C++ function it calls.\n\n")
            f.write(f"{len(rows)} public callables; {summary}.\n\n")
            f.write("| module | name | kind | C++ / reason |\n|---|---|---|---|\n")
            for r in rows:
                f.write(f"| {r[0]} | `{r[1]}` | {r[2]} | {r[3]} |\n")
    return 1 if args.check and counts.get("UNCLASSIFIED") else 0


if __name__ == "__main__":
    sys.exit(main())
