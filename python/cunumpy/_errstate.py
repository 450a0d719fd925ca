"""Floating-point error handling: errstate, seterr, geterr, seterrcall, geterrcall.

The state is NumPy's own (one state, as CuPy shares it), so `with cp.errstate(...)` and
`with np.errstate(...)` are the same thing. On the CPU backend it governs cunumpy's own
work as it governs NumPy's: the CPU executors read the IEEE flags of the threads that ran a
ufunc, an operator, ufunc.reduce/accumulate/reduceat/outer/at, sum/prod/mean/cumsum/cumprod,
a cast (astype, asarray/array with a dtype), a BLAS product (matmul/dot/vecdot) or a
composition docs/architecture.md lists (diff, cov, unwrap, ...), and when one is set the binding calls `report_fp_errors` below, which
acts as NumPy does ("divide by zero encountered in divide" as a RuntimeWarning,
FloatingPointError, seterrcall's function or log object, or a print). CUDA kernels record
no IEEE flags (neither do CuPy's), so on a GPU `cp.ones(2) / 0` gives inf without a
warning; `cunumpyx.errstate` controls cunumpy's own checks (linalg errors).
"""
import warnings as _warnings

import numpy as _np

__all__ = ['errstate', 'seterr', 'geterr', 'seterrcall', 'geterrcall']

errstate = _np.errstate
seterr = _np.seterr
geterr = _np.geterr
seterrcall = _np.seterrcall
geterrcall = _np.geterrcall

# NumPy's names where cunumpy's registry differs (NumPy 2 calls true_divide "divide").
_NUMPY_NAMES = {'true_divide': 'divide'}
# (bit, mode key, text) in the order NumPy reports them.
_KINDS = ((1, 'divide', 'divide by zero'), (2, 'over', 'overflow'),
          (4, 'under', 'underflow'), (8, 'invalid', 'invalid value'))


def report_fp_errors(errors, where, stacklevel=2):
    """Acts on the floating-point errors (NumPy's bits: 1 divide, 2 over, 4 under,
    8 invalid) that a CPU operation named `where` hit, as NumPy's ufunc machinery does:
    each error in NumPy's order by np.geterr()'s mode for it. Called by the extension,
    only when an error was recorded; `stacklevel` as warnings.warn's, counted from this
    function (2: the Python code that called the extension)."""
    where = _NUMPY_NAMES.get(where, where)
    state = _np.geterr()
    for bit, key, text in _KINDS:
        if not errors & bit:
            continue
        mode = state[key]
        if mode == 'ignore':
            continue
        message = f'{text} encountered in {where}'
        if mode == 'warn':
            _warnings.warn(message, RuntimeWarning, stacklevel=stacklevel)
        elif mode == 'raise':
            raise FloatingPointError(message)
        elif mode == 'call':
            f = _np.geterrcall()
            if f is None:
                raise NameError(f'python callback specified for {text} (in  {where}) but no function found.')
            f(text, errors)
        elif mode == 'print':
            import sys
            sys.stderr.write(f'Warning: {message}\n')
        elif mode == 'log':
            f = _np.geterrcall()
            if f is None or not hasattr(f, 'write'):
                raise NameError(f'log specified for {text} (in {where}) but no object with write method found.')
            f.write(f'Warning: {message}\n')
