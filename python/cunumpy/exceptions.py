"""cunumpy.exceptions: the exceptions and warnings of ``cupy.exceptions``.

They are NumPy's own classes (``numpy.exceptions``), as in CuPy, so that code catching
``numpy.exceptions.AxisError`` also catches cunumpy's; ``PerformanceWarning`` is cunumpy's
(CuPy's is ``cupy._util.PerformanceWarning``): the category for warnings that an
operation takes a slow path.
"""
import numpy.exceptions as _np_exceptions

AxisError = _np_exceptions.AxisError
ComplexWarning = _np_exceptions.ComplexWarning
DTypePromotionError = _np_exceptions.DTypePromotionError
ModuleDeprecationWarning = _np_exceptions.ModuleDeprecationWarning
RankWarning = _np_exceptions.RankWarning
TooHardError = _np_exceptions.TooHardError
VisibleDeprecationWarning = _np_exceptions.VisibleDeprecationWarning


class PerformanceWarning(RuntimeWarning):
    """An operation ran on a slow path (e.g. through the host) that may cost much time."""


__all__ = ["AxisError", "ComplexWarning", "DTypePromotionError", "ModuleDeprecationWarning",
           "RankWarning", "TooHardError", "VisibleDeprecationWarning", "PerformanceWarning"]
