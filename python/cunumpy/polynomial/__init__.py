"""numpy.polynomial's power series as CuPy has it: the modules ``polynomial``
(polyvander, polycompanion, polyval, polyvalfromroots) and ``polyutils`` (as_series,
trimseq, trimcoef). Coefficients are lowest degree first, unlike the poly1d family
(cunumpy.polyval, ...), which is highest first. The array work is C++
(include/cunumpy/ops/power_series.hpp)."""
from cunumpy.polynomial import polynomial  # noqa: F401
from cunumpy.polynomial import polyutils  # noqa: F401

__all__ = ['polynomial', 'polyutils']
