"""PerformanceWarning where cunumpy takes a slow path: array data that goes through the host
(copied to NumPy, computed there, copied back) where the device would do it in place.
Each caller documents its case; silence them with
``warnings.simplefilter('ignore', cunumpy.exceptions.PerformanceWarning)``.
"""
import warnings as _warnings

from cunumpy.exceptions import PerformanceWarning


def warn_slow_path(message, stacklevel=3):
    """Warns, as the caller's caller (the user's line), that `message`'s path is slow."""
    _warnings.warn(message, PerformanceWarning, stacklevel=stacklevel)
