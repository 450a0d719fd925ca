"""Floating-point error handling: errstate, seterr, geterr, seterrcall, geterrcall.

The state is NumPy's own (one state, as CuPy shares it): it governs the NumPy work cunumpy
does on the host (printing, I/O, host-side scalar math) and the floating-point warnings
cunumpy itself reports, which go through `report_fp_error` below. Device kernels do not
record IEEE flags (neither do CuPy's), so `cp.ones(2) / 0` gives inf without a warning on
both backends; `cunumpyx.errstate` controls cunumpy's own checks (linalg errors).
"""
import warnings as _warnings

import numpy as _np

__all__ = ['errstate', 'seterr', 'geterr', 'seterrcall', 'geterrcall']

errstate = _np.errstate
seterr = _np.seterr
geterr = _np.geterr
seterrcall = _np.seterrcall
geterrcall = _np.geterrcall

_FLAG = {'divide': 1, 'over': 2, 'under': 4, 'invalid': 8}


def report_fp_error(kind, message, stacklevel=3):
    """Reports a floating-point error of `kind` ('divide', 'over', 'under', 'invalid') the
    way NumPy's error state asks: ignore, warn (RuntimeWarning), raise (FloatingPointError),
    call (seterrcall's function or object's write), print or log."""
    mode = _np.geterr()[kind]
    if mode == 'ignore':
        return
    if mode == 'raise':
        raise FloatingPointError(message)
    if mode == 'call':
        f = _np.geterrcall()
        if f is None:
            raise ValueError(f'No callback set for floating point error {kind!r}')
        f(message, _FLAG[kind])
        return
    if mode == 'log':
        f = _np.geterrcall()
        if f is None:
            raise ValueError(f'No object with write method set for floating point error {kind!r}')
        f.write(f'Warning: {message}\n')
        return
    if mode == 'print':
        import sys
        sys.stdout.write(f'Warning: {message}\n')
        return
    _warnings.warn(message, RuntimeWarning, stacklevel=stacklevel)
