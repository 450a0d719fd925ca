"""Writes the type stubs of the extension cunumpy._core with nanobind's stubgen (a build step:
cmake/CoreStubs.cmake runs it after every link of _core).

  python cmake/gen_core_stubs.py --package python/cunumpy --extension build/_core...so --out DIR

It imports the whole package, not only the extension: many ndarray methods (get, sum,
the operators, ...) are Python functions that the package installs on the C++ class at
import time, and a stub of the bare extension would lack them. The package is assembled in
a scratch folder from symlinks (the source package and the freshly built extension), so the
source tree is not written to. Two things are changed in this process only, so that stubgen
writes those members where they live instead of as imports: the class's ``__module__``
("cunumpy", as CuPy's ``cupy.ndarray`` prints) becomes "cunumpy._core", and each Python
function on the class is labelled as a member of it. Output: DIR/_core/__init__.pyi and one
.pyi per submodule (DIR/_core/cuda.pyi), the layout nanobind's stubgen uses for an extension
with submodules.
"""
import argparse
import importlib
import os
import shutil
import sys
import types


def assemble_package(package, extension, scratch):
    """scratch/cunumpy: symlinks to every entry of the source package, and the extension."""
    shutil.rmtree(scratch, ignore_errors=True)
    pkg = os.path.join(scratch, "cunumpy")
    os.makedirs(pkg)
    ext_name = os.path.basename(extension)
    for entry in os.listdir(package):
        # A dev build's own links (python/cunumpy/_core*.so, the _core stub folder) are replaced.
        if entry.startswith("_core") or entry == "__pycache__":
            continue
        os.symlink(os.path.join(package, entry), os.path.join(pkg, entry))
    os.symlink(extension, os.path.join(pkg, ext_name))
    return scratch


def relabel_python_members(cls, module_name):
    """Labels the Python functions (and property getters) installed on cls as its own, so
    that stubgen writes them into the class body with their signatures and docstrings."""
    named = set()
    for name, value in list(vars(cls).items()):
        fns = []
        if isinstance(value, types.FunctionType):
            fns.append((value, name))
        elif isinstance(value, property):
            fns += [(f, name) for f in (value.fget, value.fset) if isinstance(f, types.FunctionType)]
        for fn, nm in fns:
            fn.__module__ = module_name
            # One function under several names (conj, conjugate): the first name is its own,
            # the others become `conjugate = conj` in the stub.
            if id(fn) not in named:
                fn.__name__ = nm
                fn.__qualname__ = f"{cls.__name__}.{nm}"
                named.add(id(fn))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--package", required=True, help="the source package (python/cunumpy)")
    ap.add_argument("--extension", required=True, help="the built _core extension file")
    ap.add_argument("--out", required=True, help="folder that receives _core/*.pyi")
    args = ap.parse_args()
    package, extension, out = (os.path.abspath(p) for p in (args.package, args.extension, args.out))

    # The build machine may have a GPU, or none: stubs do not depend on the device.
    os.environ["CUNUMPY_DEVICE"] = "cpu"
    sys.dont_write_bytecode = True  # no __pycache__ written into the source package
    scratch = assemble_package(package, extension, os.path.join(out, "_stubgen_pkg"))
    sys.path.insert(0, scratch)
    importlib.import_module("cunumpy")
    core = importlib.import_module("cunumpy._core")
    core.ndarray.__module__ = "cunumpy._core"
    relabel_python_members(core.ndarray, "cunumpy._core")

    from nanobind.stubgen import main as stubgen_main
    shutil.rmtree(os.path.join(out, "_core"), ignore_errors=True)
    stubgen_main(["-q", "-r", "-m", "cunumpy._core", "-O", out])
    shutil.rmtree(scratch, ignore_errors=True)
    init = os.path.join(out, "_core", "__init__.pyi")
    if not os.path.isfile(init):  # a module without submodules: stubgen writes _core.pyi
        os.makedirs(os.path.dirname(init), exist_ok=True)
        os.replace(os.path.join(out, "_core.pyi"), init)
    check_syntax(os.path.join(out, "_core"))


def check_syntax(folder):
    """Fails on a stub that is not valid Python (a binding whose signature Python cannot
    have, e.g. an argument without a default after one with a default: give it one)."""
    import ast
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            ast.parse(text, filename=path)
        except SyntaxError as e:
            line = text.splitlines()[e.lineno - 1] if e.lineno else ""
            sys.exit(f"gen_core_stubs: {path}:{e.lineno}: {e.msg}\n    {line.strip()}\n"
                     "(fix the nanobind binding's arguments or add nb::sig)")


if __name__ == "__main__":
    main()
