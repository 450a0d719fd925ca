"""repr/str of arrays NumPy summarizes ("..."): equal to NumPy's text, for 1-D..4-D, every
dtype, views, and the print options (threshold, edgeitems, linewidth, precision, legacy),
while only the corner blocks NumPy prints leave the device."""

import numpy as np
import pytest

import cunumpy as cp
from cunumpy import _formatting
from _helpers import sample

# Just above NumPy's default threshold (1000), so that the default options summarize too.
SHAPES = [(1500,), (2001,), (30, 40), (3, 400), (400, 3), (9, 10, 12), (2, 300, 2),
          (3, 4, 5, 20), (1, 1, 1100), (0, 3000)]
# Every kind and width class (all 14 dtypes would triple the time for no new case).
DTYPES = [np.dtype(n) for n in ("bool", "int8", "uint16", "int64", "float16", "float32",
                                "float64", "complex128")]
OPTIONS = [
    {},
    {"threshold": 10},
    {"threshold": 10, "edgeitems": 1},
    {"threshold": 50, "edgeitems": 5, "linewidth": 200},
    {"linewidth": 40, "threshold": 20},
    {"precision": 2, "suppress": True, "threshold": 30},
    {"legacy": "1.13", "threshold": 10},
    {"legacy": "2.1", "threshold": 10},
    {"edgeitems": 0, "threshold": 10},  # NumPy reads the whole array then: all transferred
]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("shape", SHAPES, ids=repr)
def test_summarized_repr_and_str_equal_numpy(dtype, shape):
    a_np = sample(shape, dtype)
    a_cp = cp.asarray(a_np)
    for opts in OPTIONS:
        with np.printoptions(**opts):
            assert repr(a_cp) == repr(a_np), opts
            assert str(a_cp) == str(a_np), opts


@pytest.mark.parametrize("opts", OPTIONS[:6], ids=repr)
def test_summarized_arguments_equal_numpy(opts):
    a_np = sample((30, 70), np.float64) * 1e3
    a_cp = cp.asarray(a_np)
    with np.printoptions(**opts):
        for kw in ({}, {"max_line_width": 30}, {"precision": 1}, {"suppress_small": True}):
            assert cp.array_repr(a_cp, **kw) == np.array_repr(a_np, **kw), kw
            assert cp.array_str(a_cp, **kw) == np.array_str(a_np, **kw), kw


def test_summarized_views_and_special_values():
    a_np = sample((60, 40), np.float32)
    a_np[0, 0], a_np[-1, -1], a_np[1, -2] = np.nan, np.inf, -np.inf
    a_cp = cp.asarray(a_np)
    for v_np, v_cp in ((a_np.T, a_cp.T), (a_np[::-3, 1::2], a_cp[::-3, 1::2]),
                       (a_np[5], a_cp[5]), (np.broadcast_to(a_np[0], (50, 40)),
                                            cp.broadcast_to(a_cp[0], (50, 40)))):
        with np.printoptions(threshold=100):
            assert repr(v_cp) == repr(v_np)
            assert str(v_cp) == str(v_np)


@pytest.mark.parametrize("shape", [(100000,), (300, 400), (20, 30, 40), (6, 7, 8, 9)], ids=repr)
def test_only_the_corner_blocks_are_transferred(shape, monkeypatch):
    sizes = []
    real = _formatting.to_host

    def recording(a):
        sizes.append(int(a.size))
        return real(a)

    monkeypatch.setattr(_formatting, "to_host", recording)
    a_cp = cp.arange(int(np.prod(shape)), dtype=cp.float32).reshape(shape)
    text = repr(a_cp)
    assert text == repr(cp.asnumpy(a_cp))
    edge = np.get_printoptions()["edgeitems"]
    # Per axis: the edges plus one hidden middle element, or the whole axis when it is short.
    assert sizes == [int(np.prod([min(n, 2 * edge + 1) for n in shape]))]


def test_small_arrays_are_printed_whole():
    a_np = sample((10, 10), np.int32)
    assert repr(cp.asarray(a_np)) == repr(a_np)  # 100 elements: below the threshold
