"""A small typed program over cunumpy, checked by mypy in scripts/test.sh (and run by
tests/python/test_examples.py): the stubs of cunumpy._core (generated at build time) give
ndarray's attributes and methods their types, so a wrong use is a type error before any run.

    python3 -m mypy --strict examples/python/typed_example.py
"""
from typing import assert_type

import numpy as np

import cunumpy as cp


def normalize_rows(x: cp.ndarray) -> cp.ndarray:
    """Each row divided by its sum (a sum over axis 1 with keepdims, then a broadcast divide)."""
    totals = x.sum(axis=1, keepdims=True)
    assert_type(totals, cp.ndarray)
    return x / totals


def main() -> None:
    x: cp.ndarray = cp.arange(12, dtype=cp.float64)
    m = x.reshape(3, 4)
    assert_type(m, cp.ndarray)
    assert_type(m.shape, tuple[int, ...])
    assert_type(m.ndim, int)
    assert_type(m.dtype, np.dtype)
    assert_type(m.T, cp.ndarray)
    assert_type(m.transpose(1, 0).copy(), cp.ndarray)
    assert_type(m + 1, cp.ndarray)
    assert_type(m[0], cp.ndarray)
    assert_type(m.astype(cp.float32), cp.ndarray)
    assert_type(m.max().item(), int | float | complex | bool)

    n = normalize_rows(m + 1)
    rows: tuple[int, ...] = n.shape
    assert rows == (3, 4)
    host = cp.asnumpy(n)
    np.testing.assert_allclose(host.sum(axis=1), np.ones(3))
    print("ok")


if __name__ == "__main__":
    main()
