"""The calculus, bits, window, polynomial and block functions take NumPy's parameters (names,
kinds, defaults), so keyword calls written for NumPy work unchanged."""
import inspect

import numpy as np
import pytest

import cunumpy as cp

NAMES = ["gradient", "trapezoid", "interp", "unwrap", "packbits", "unpackbits", "isposinf",
         "isneginf", "bartlett", "blackman", "hamming", "hanning", "kaiser", "vander",
         "polyval", "polyadd", "polysub", "polymul", "polyder", "polyint", "polydiv", "polyfit",
         "roots", "poly", "block"]


def _params(fn):
    out = []
    for p in inspect.signature(fn).parameters.values():
        default = p.default
        if isinstance(default, float):
            default = round(default, 12)
        out.append((p.name, p.kind, default))
    return out


@pytest.mark.parametrize("name", NAMES)
def test_signature_matches_numpy(name):
    assert _params(getattr(cp, name)) == _params(getattr(np, name))


def test_trapz_is_cupys_alias():
    assert _params(cp.trapz) == _params(np.trapezoid)  # NumPy 2 deprecated trapz; CuPy keeps it


def test_poly1d_signature():
    assert _params(cp.poly1d.__init__) == _params(np.poly1d.__init__)
