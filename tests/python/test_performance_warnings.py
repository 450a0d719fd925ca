"""cunumpy.exceptions.PerformanceWarning where cunumpy takes a slow path through the host
(issue 23): each case warns, points at the caller's line, and still gives NumPy's result;
the fast path next to it does not warn."""

import warnings

import numpy as np
import pytest

import cunumpy as cp
from cunumpy.exceptions import PerformanceWarning

from _helpers import device_kind


def _no_performance_warning(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("error", PerformanceWarning)
        return fn()


def test_the_class():
    assert issubclass(PerformanceWarning, RuntimeWarning)
    assert cp.PerformanceWarning is PerformanceWarning


def test_pad_with_a_callable_mode():
    def zero_edges(vector, width, iaxis, kwargs):
        vector[:width[0]] = 0
        if width[1]:
            vector[-width[1]:] = 0

    h = np.arange(6.0).reshape(2, 3)
    with pytest.warns(PerformanceWarning, match="callable mode") as rec:
        r = cp.pad(cp.asarray(h), 1, zero_edges)
    assert rec[0].filename == __file__  # reported at the caller's line
    np.testing.assert_array_equal(r.get(), np.pad(h, 1, zero_edges))
    _no_performance_warning(lambda: cp.pad(cp.asarray(h), 1, "reflect"))


def test_array_of_a_list_of_device_arrays_stays_on_the_device():
    # built on the device (py_convert.cpp's nested conversion): no slow path, no warning
    a, b = cp.arange(3), cp.arange(3, 6)
    r = _no_performance_warning(lambda: cp.array([a, b]))
    np.testing.assert_array_equal(r.get(), [[0, 1, 2], [3, 4, 5]])
    _no_performance_warning(lambda: cp.asarray([[a], [b]]))
    np.testing.assert_array_equal(_no_performance_warning(lambda: cp.asarray([[1, 2], [3, 4]])).get(),
                                  [[1, 2], [3, 4]])


@pytest.mark.parametrize("bins", ["auto", "fd", "sturges"])
def test_histogram_with_an_estimator_stays_on_the_device(bins):
    # the estimators are C++ (src/ops/histograms): no host copy, no warning
    h = np.random.default_rng(3).standard_normal(500)
    counts, edges = _no_performance_warning(lambda: cp.histogram(cp.asarray(h), bins=bins))
    want_counts, want_edges = np.histogram(h, bins=bins)
    np.testing.assert_array_equal(counts.get(), want_counts)
    np.testing.assert_allclose(edges.get(), want_edges)
    _no_performance_warning(lambda: cp.histogram_bin_edges(cp.asarray(h), bins=bins))


def test_ufunc_at_through_an_index_grid():
    a = cp.zeros((3, 4))
    with pytest.warns(PerformanceWarning, match="index grid") as rec:
        cp.add.at(a, (slice(None), 1), 1.0)
    assert rec[0].filename == __file__
    want = np.zeros((3, 4))
    np.add.at(want, (slice(None), 1), 1.0)
    np.testing.assert_array_equal(a.get(), want)
    # One integer array per axis: positions straight from the indices, no grid.
    _no_performance_warning(lambda: cp.add.at(a, (cp.asarray([0, 0, 2]), cp.asarray([1, 1, 3])), 1.0))
    np.add.at(want, (np.array([0, 0, 2]), np.array([1, 1, 3])), 1.0)
    np.testing.assert_array_equal(a.get(), want)


def test_eig_warns_on_cuda_only():
    h = np.array([[2.0, 1.0], [0.5, 3.0]])
    a = cp.asarray(h)
    if device_kind() == "cuda":
        with pytest.warns(PerformanceWarning, match="geev"):
            w, v = cp.linalg.eig(a)
        with pytest.warns(PerformanceWarning, match="geev"):
            cp.linalg.eigvals(a)
    else:  # the CPU backend runs LAPACK where the data already is: no extra copies
        w, v = _no_performance_warning(lambda: cp.linalg.eig(a))
        _no_performance_warning(lambda: cp.linalg.eigvals(a))
    np.testing.assert_allclose(np.sort(w.get()), np.sort(np.linalg.eigvals(h)))
