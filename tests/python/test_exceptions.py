"""cunumpy.exceptions: CuPy's names, NumPy's classes (so either module's except clause
catches what cunumpy raises), and PerformanceWarning."""

import numpy as np
import pytest

import cunumpy as cp


@pytest.mark.parametrize("name", ["AxisError", "ComplexWarning", "DTypePromotionError",
                                  "ModuleDeprecationWarning", "RankWarning", "TooHardError",
                                  "VisibleDeprecationWarning"])
def test_numpy_classes_under_cupy_names(name):
    assert getattr(cp.exceptions, name) is getattr(np.exceptions, name)


def test_top_level_aliases():
    assert cp.AxisError is np.exceptions.AxisError
    assert cp.ComplexWarning is np.exceptions.ComplexWarning
    assert cp.PerformanceWarning is cp.exceptions.PerformanceWarning


def test_performance_warning_is_a_runtime_warning():
    assert issubclass(cp.exceptions.PerformanceWarning, RuntimeWarning)
    with pytest.warns(cp.exceptions.PerformanceWarning):
        import warnings
        warnings.warn("slow path", cp.exceptions.PerformanceWarning)


def test_engine_axis_error_is_caught_by_both_names():
    a = cp.zeros((2, 3))
    with pytest.raises(cp.exceptions.AxisError):
        cp.sum(a, axis=5)
    with pytest.raises(np.exceptions.AxisError):
        cp.sum(a, axis=-3)


def test_all_lists_every_name():
    for name in cp.exceptions.__all__:
        assert hasattr(cp.exceptions, name)
