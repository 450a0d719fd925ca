"""Writes the generated pages of the API reference (docs/api/generated/*.rst) from the
importable cunumpy package, so that they stay true:

- one page per public module (the modules of scripts/api_coverage.py): a table of every
  public name with its NumPy counterpart (looked up in the installed NumPy), its CuPy name,
  the backends that run it and what implements it (api_coverage's C++ reach or reason),
  then the entries themselves (autodoc of the docstrings; ufuncs from their attributes);
- backends.rst: the entries of the backend interface (src/core/backend.hpp) with the
  backends that implement them (the overrides in the CPU and CUDA backends' sources);
- examples.rst: every script of examples/python, its docstring and its code.

Run by docs/api/conf.py at the start of each build (scripts/build_docs.sh).
"""
import importlib
import inspect
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(HERE, "generated")

# cunumpy's modules and their counterparts: NumPy's module (checked against the installed
# NumPy) and CuPy's (cunumpy keeps CuPy's names: cunumpy.X is cupy.X, cunumpyx.X cupyx.X).
NUMPY_OF = {"cunumpy": "numpy", "cunumpy.linalg": "numpy.linalg", "cunumpy.fft": "numpy.fft",
            "cunumpy.testing": "numpy.testing", "cunumpy.lib.stride_tricks": "numpy.lib.stride_tricks",
            "cunumpy.random": "numpy.random", "cunumpy.polynomial.polynomial": "numpy.polynomial.polynomial",
            "cunumpy.polynomial.polyutils": "numpy.polynomial.polyutils"}
INTRO = {
    "cunumpy": "Arrays, creation, elementwise functions (ufuncs), reductions, sorting, indexing, "
               "joining, statistics and products: NumPy's main namespace (CuPy's ``cupy``).",
    "cunumpy.linalg": "Linear algebra (``numpy.linalg``; cuBLAS/cuSOLVER on CUDA, OpenBLAS on the CPU).",
    "cunumpy.fft": "Discrete Fourier transforms (``numpy.fft``; cuFFT on CUDA, the CPU backend's own FFT).",
    "cunumpy.cuda": "Devices, streams, events and memory pools (``cupy.cuda``); on the CPU backend "
                    "streams and events complete at once and the pools manage host memory.",
    "cunumpy.testing": "NumPy's assertions and CuPy's comparison decorators (``cupy.testing``).",
    "cunumpy.lib.stride_tricks": "Views with chosen strides (``numpy.lib.stride_tricks``).",
    "cunumpy.random": "Random sampling (``numpy.random``).",
    "cunumpy.polynomial.polynomial": "Power series, lowest degree first (``numpy.polynomial.polynomial``: "
                                     "the functions CuPy has).",
    "cunumpy.polynomial.polyutils": "Coefficient-series helpers (``numpy.polynomial.polyutils``).",
    "cunumpyx": "CuPy's extras (``cupyx``): pinned memory, scatter operations, switches.",
}


def cupy_name(module, name):
    return module.replace("cunumpyx", "cupyx", 1).replace("cunumpy", "cupy", 1) + "." + name


def numpy_counterpart(module, name):
    np_mod = NUMPY_OF.get(module)
    if not np_mod:
        return None
    try:
        m = importlib.import_module(np_mod)
    except ImportError:
        return None
    return f"{np_mod}.{name}" if getattr(m, name, None) is not None else None


# ---- backends: the backend interface's entries and who implements them -------------------

def backend_entries():
    """{entry: label} of the Backend virtuals whose default raises unsupported(label)."""
    text = open(os.path.join(ROOT, "src", "core", "backend.hpp"), encoding="utf-8").read()
    entries = {}
    for m in re.finditer(r"virtual\s+[^;{()]*?\b(\w+)\s*\([^;{]*?\)\s*(?:const\s*)?\{([^{}]*)\}", text, re.S):
        label = re.search(r'unsupported\("([^"]+)"\)', m.group(2))
        if label:
            entries[m.group(1)] = label.group(1)
    return entries


def overrides(path):
    text = re.sub(r"//[^\n]*", "", open(os.path.join(ROOT, path), encoding="utf-8").read())
    return set(re.findall(r"\b(\w+)\s*\([^;{]*?\)\s*(?:const\s*)?override\b", text, re.S))


BACKEND_SOURCES = {"CPU": "src/backend/cpu/cpu_backend.cpp", "CUDA": "src/backend/cuda/cuda_backend.cpp"}


def backend_support():
    """(entries, {backend: implemented entries}, {backend: operation names it lacks}).
    An operation's name is the first word of its unsupported() label ("RawKernel launch":
    RawKernel), which is how the public names that need it are found."""
    entries = backend_entries()
    done = {b: overrides(p) & set(entries) for b, p in BACKEND_SOURCES.items()}
    missing = {b: {re.split(r"[ .(]", entries[e])[0] for e in entries if e not in done[b]}
               for b in BACKEND_SOURCES}
    return entries, done, missing


def backends_of(kind, what, missing):
    """The backends of a public name: all, except where the name's own C++ implementation
    (a single bound class or function) is an operation that backend lacks. A function that
    merely calls such an operation (e.g. a CUDA-only fast path) is not excluded."""
    if kind != "C++" or "," in what:
        return list(BACKEND_SOURCES)
    own = what.strip().replace("class _core.", "").replace("_core.", "")
    return [b for b in BACKEND_SOURCES if own not in missing[b]]


# ---- pages -------------------------------------------------------------------------------

def rst_table(header, rows):
    out = [".. list-table::", "   :header-rows: 1", ""]
    for row in [header] + rows:
        out.append("   * - " + row[0])
        out += ["     - " + (c or "") for c in row[1:]]
    return out + [""]


def literal(s):
    return "``" + s.replace("`", "'") + "``" if s else ""


def ufunc_entry(qual, uf):
    ins = ", ".join(f"x{i + 1}" for i in range(uf.nin)) if uf.nin > 1 else "x"
    lines = [f".. py:function:: {qual}({ins}, /, out=None, *, where=True, casting='same_kind', "
             "order='K', dtype=None)", ""]
    np_name = getattr(uf, "__name__", qual.rsplit(".", 1)[1])
    lines.append(f"   Universal function ``{np_name}`` (``numpy.{np_name}``): {uf.nin} input(s), "
                 f"{uf.nout} output(s), {uf.ntypes} loops; the methods ``reduce``, ``accumulate``, "
                 "``reduceat``, ``outer`` and ``at`` where NumPy has them.")
    types = " ".join(uf.types)
    lines += ["", f"   Loops: ``{types}``", ""]
    return lines


def is_ours(obj):
    mod = getattr(obj, "__module__", "") or ""
    return mod.split(".")[0] in ("cunumpy", "cunumpyx")


_DOCUMENTED = {}  # id of an object already documented -> its first name


def entry(module, name, obj, kind, record=False):
    """The autodoc lines of one public name (none for aliases and NumPy's own objects; a
    second name of the same object gets :no-index: so that links go to the first)."""
    qual = f"{module}.{name}"
    if kind == "alias" or not is_ours(obj):
        return []
    again = _DOCUMENTED.get(id(obj), qual) != qual
    if record:
        _DOCUMENTED.setdefault(id(obj), qual)
    if type(obj).__name__ in ("ufunc", "Ufunc") and hasattr(obj, "nin"):
        return ufunc_entry(qual, obj)
    if inspect.isclass(obj):
        if not is_ours(obj):
            return []  # NumPy's own class (dtypes, exceptions): documented by NumPy
        if again:
            return [f".. autoclass:: {qual}", "   :no-index:", ""]
        return [f".. autoclass:: {qual}", "   :members:", "   :undoc-members:", ""]
    if callable(obj):
        return [f".. autofunction:: {qual}"] + (["   :no-index:"] if again else []) + [""]
    return []


def module_page(module, rows, missing):
    title = f"``{module}``"
    lines = [title, "=" * len(title), "", INTRO.get(module, ""), "",
             f"{len(rows)} public names. *NumPy*: the function of the same name in "
             f"NumPy ({NUMPY_OF.get(module, 'none')}) where there is one; *CuPy*: the same "
             "name in CuPy's namespace; *backends*: the devices that run it (from the backend "
             "interface, :doc:`backends`); *implemented by*: the C++ functions it reaches, or "
             "why it is Python (scripts/api_coverage.py).", ""]
    table = []
    for (_, name, kind, what), obj in rows:
        np_name = numpy_counterpart(module, name)
        target = f":py:obj:`{name} <{module}.{name}>`" if kind != "alias" and entry(module, name, obj, kind) \
            else literal(name)
        how = what if kind != "C++" else "C++: " + what
        table.append([target, literal(np_name) or "--", literal(cupy_name(module, name)),
                      ", ".join(backends_of(kind, what, missing)),
                      literal(how) if kind != "alias" else literal(what)])
    lines += rst_table(["name", "NumPy", "CuPy", "backends", "implemented by"], table)
    lines += ["Reference", "---------", ""]
    for (_, name, kind, what), obj in rows:
        lines += entry(module, name, obj, kind, record=True)
    return lines


def backends_page():
    entries, done, missing = backend_support()
    lines = ["Backends", "========", "",
             "Every device-specific operation is an entry of the backend interface "
             "(``src/core/backend.hpp``); each backend overrides the entries it implements, "
             "and an entry it lacks raises ``NotImplementedError`` naming the operation and "
             "the device. This table is read from the sources at each docs build.", ""]
    rows = [[literal(e), literal(label)] + ["yes" if e in done[b] else "**no**" for b in BACKEND_SOURCES]
            for e, label in entries.items()]
    lines += rst_table(["entry", "operation"] + list(BACKEND_SOURCES), rows)
    for b in BACKEND_SOURCES:
        lacks = sorted(missing[b])
        lines.append(f"- {b}: " + ("every entry." if not lacks else
                                    "lacks " + ", ".join(literal(x) for x in lacks) +
                                    ": the public names that reach them are listed without " + b + "."))
    return lines + [""]


def examples_page():
    folder = os.path.join(ROOT, "examples", "python")
    lines = ["Examples", "========", "",
             "Runnable scripts from ``examples/python`` (each one is also a test: "
             "``tests/python/test_examples.py`` runs it on the current device and checks that it "
             "prints ``ok``). Run one with ``python3 examples/python/<name>.py``.", ""]
    for fname in sorted(os.listdir(folder)):
        if not fname.endswith(".py"):
            continue
        path = os.path.join(folder, fname)
        src = open(path, encoding="utf-8").read()
        import ast
        doc = ast.get_docstring(ast.parse(src)) or ""
        lines += [fname, "-" * len(fname), ""]
        lines += ["::", ""] + ["   " + ln for ln in doc.splitlines()] + [""] if doc else []
        lines += [f".. literalinclude:: ../../../examples/python/{fname}", "   :language: python",
                  "   :lines: " + f"{first_code_line(src)}-", ""]
    return lines


def first_code_line(src):
    """The line after the module docstring (the page shows the docstring as text)."""
    import ast
    body = ast.parse(src).body
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
        return body[0].end_lineno + 1
    return 1


def write(name, lines):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name)
    text = "\n".join(lines) + "\n"
    old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    if old != text:  # unchanged pages keep their time stamp: Sphinx rereads only what changed
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def main():
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import api_coverage
    rows = api_coverage.collect()
    _, _, missing = backend_support()
    modules = [m for m in api_coverage.MODULES if any(r[0] == m for r in rows)]
    for module in modules:
        mod = importlib.import_module(module)
        mrows = [(r, getattr(mod, r[1])) for r in rows if r[0] == module]
        write(f"{module}.rst", module_page(module, mrows, missing))
    write("modules.rst", ["Modules", "=======", "", ".. toctree::", "   :maxdepth: 1", ""] +
          [f"   {m}" for m in modules] + [""])
    write("backends.rst", backends_page())
    write("examples.rst", examples_page())
    return modules


if __name__ == "__main__":
    print(main())
