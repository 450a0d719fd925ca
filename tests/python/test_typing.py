"""Type information: the generated stubs of cunumpy._core are there and parse, and the
C++ methods of ndarray have real signatures and docstrings (issue 23)."""

import ast
import os
import re

import pytest

import cunumpy as cp


def _stub_dir():
    return os.path.join(os.path.dirname(os.path.abspath(cp.__file__)), "_core")


def test_package_is_marked_typed():
    assert os.path.isfile(os.path.join(os.path.dirname(os.path.abspath(cp.__file__)), "py.typed"))


def test_core_stubs_parse_and_describe_ndarray():
    init = os.path.join(_stub_dir(), "__init__.pyi")
    if not os.path.isfile(init):
        pytest.skip(f"{init} is absent: a build with -DCUNUMPY_BUILD_STUBS=OFF (e.g. a sanitizer build)")
    for name in os.listdir(_stub_dir()):
        with open(os.path.join(_stub_dir(), name), encoding="utf-8") as f:
            ast.parse(f.read(), filename=name)
    text = open(init, encoding="utf-8").read()
    assert "class ndarray" in text
    assert "def reshape(self, *shape: int | tuple[int, ...]" in text
    assert "def shape(self, /) -> tuple[int, ...]" in text
    assert "def __add__(self, arg: object, /) -> ndarray" in text
    assert "def get(self" in text  # the Python methods the package installs are there too


def test_ndarray_is_cunumpy_ndarray():
    assert cp.ndarray.__module__ == "cunumpy"
    assert repr(cp.ndarray) == "<class 'cunumpy.ndarray'>"


def test_reshape_signature_is_readable():
    doc = cp.ndarray.reshape.__doc__
    assert doc.startswith("reshape(self, *shape: int | tuple[int, ...], order: str = 'C', copy: bool | None = None) -> ndarray")
    assert "*args" not in doc and "**kwargs" not in doc


# __array__ takes NumPy's protocol arguments only to refuse them.
_PROTOCOL = {"__array__"}


def test_no_cpp_method_of_ndarray_takes_anonymous_args():
    bad = []
    for name, v in sorted(vars(cp.ndarray).items()):
        sigs = getattr(v, "__nb_signature__", None)
        if not sigs or name in _PROTOCOL or name.startswith("_") and not name.startswith("__"):
            continue
        for sig, _doc, _defaults in sigs:
            if re.search(r"\*\*?\w+(,|\))", sig):  # *args or **kwargs without a type
                bad.append(sig)
    assert not bad, bad


@pytest.mark.parametrize("name", ["reshape", "transpose", "item", "astype", "view", "copy", "fill",
                                  "squeeze", "ravel", "flatten", "diagonal", "swapaxes"])
def test_ndarray_methods_have_docstrings(name):
    doc = getattr(cp.ndarray, name).__doc__
    assert doc and "\n\n" in doc, f"ndarray.{name} has only its signature: {doc!r}"
