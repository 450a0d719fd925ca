"""Matrix and tensor products (numpy.matmul, dot, vdot, inner, outer, tensordot, einsum,
kron, trace, cross, vecdot, matvec, vecmat).

Thin wrappers over the C++ engine (_core): every contraction is one batched GEMM on the
device (cuBLAS / OpenBLAS); integer and bool products are exact, as NumPy's. ``cross`` is
cunumpy::cross (products of the components, stacked).
"""
import operator as _operator

import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

__all__ = ['matmul', 'dot', 'vdot', 'inner', 'outer', 'tensordot', 'einsum', 'einsum_path',
           'kron', 'trace', 'cross', 'vecdot', 'matvec', 'vecmat']




class _Matmul:
    """Matrix product of two arrays (numpy.matmul), a gufunc with signature
    (n?,k),(k,m?)->(n?,m?): 1-D operands are promoted and the added axis removed, the
    leading (batch) axes broadcast. Keywords: out=, dtype=, casting=."""

    __name__ = 'matmul'
    nin, nout, nargs = 2, 1, 3
    signature = '(n?,k),(k,m?)->(n?,m?)'

    def __call__(self, x1, x2, /, out=None, *, casting='same_kind', order='K', dtype=None,
                 subok=True, signature=None, axes=None, axis=None):
        if axes is not None or axis is not None:
            raise NotImplementedError('matmul: axes= and axis= are not supported')
        if isinstance(out, tuple):
            if len(out) != 1:
                raise ValueError('The out tuple must have exactly one entry')
            out = out[0]
        if out is not None and not isinstance(out, _core.ndarray):
            raise TypeError('return arrays must be of ArrayType')
        r = _core.matmul(_arr(x1), _arr(x2), out, dtype, casting)
        return out if out is not None else r

    def __repr__(self):
        return "<ufunc 'matmul'>"


matmul = _Matmul()


def dot(a, b, out=None):
    """Dot product of two arrays (numpy.dot): every ndim case NumPy has."""
    r = _core.dot(_arr(a), _arr(b), out)
    return out if out is not None else r


def vdot(a, b, /):
    """Dot product of the flattened arrays, the first conjugated (numpy.vdot)."""
    return _core.vdot(_arr(a), _arr(b))


def inner(a, b, /):
    """Inner product over the last axes (numpy.inner)."""
    return _core.inner(_arr(a), _arr(b))


def outer(a, b, out=None):
    """Outer product of the flattened arrays (numpy.outer)."""
    r = _core.outer(_arr(a), _arr(b))
    if out is not None:
        out[...] = r
        return out
    return r


def tensordot(a, b, axes=2):
    """Sum products over the given axes (numpy.tensordot): an int n (the last n axes of a
    against the first n of b) or a pair of axis sequences."""
    a, b = _arr(a), _arr(b)
    try:
        iter(axes)
    except TypeError:
        return _core._tensordot_n(a, b, int(axes))
    axes_a, axes_b = axes
    try:
        axes_a = [int(x) for x in axes_a]
    except TypeError:
        axes_a = [int(axes_a)]
    try:
        axes_b = [int(x) for x in axes_b]
    except TypeError:
        axes_b = [int(axes_b)]
    return _core._tensordot_axes(a, b, axes_a, axes_b)


_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'


def _sublist_to_str(sub):
    s = ''
    for x in sub:
        if x is Ellipsis:
            s += '...'
        else:
            x = int(x)
            if not 0 <= x < 52:
                raise ValueError('subscript is not within the valid range [0, 52)')
            s += _LETTERS[x]
    return s


def einsum(*operands, out=None, dtype=None, order='K', casting='safe', optimize=False):
    """Einstein summation (numpy.einsum): explicit ('ij,jk->ik') and implicit ('ij,jk')
    output, '...' broadcasting, repeated indices, and the interleaved form
    einsum(a, [0, 1], b, [1, 2], [0, 2]). Contractions run pairwise as GEMMs; optimize=
    True/'greedy'/'optimal' contracts the pair with the smallest result first."""
    if not operands:
        raise ValueError('No input operands')
    if isinstance(operands[0], str):
        subscripts, arrays = operands[0], list(operands[1:])
    else:  # interleaved: op, sublist, op, sublist, ..., [output sublist]
        ops = list(operands)
        arrays, subs = [], []
        while len(ops) >= 2:
            arrays.append(ops.pop(0))
            subs.append(_sublist_to_str(ops.pop(0)))
        subscripts = ','.join(subs)
        if ops:
            subscripts += '->' + _sublist_to_str(ops[0])
    arrays = [_arr(a) for a in arrays]
    if dtype is not None:
        dt = _numpy.dtype(dtype)
        for a in arrays:
            if not _numpy.can_cast(a.dtype, dt, casting):
                raise TypeError(f"Cannot cast array data from dtype('{a.dtype}') to "
                                f"dtype('{dt}') according to the rule '{casting}'")
    greedy = optimize not in (False, None)
    r = _core._einsum(subscripts.replace(' ', ''), arrays, dtype, greedy)
    if out is not None:
        out[...] = r
        return out
    return r


def _shape_stand_in(a):
    """A host array of a's shape and dtype that holds no data (zero strides)."""
    if not hasattr(a, 'shape') or not hasattr(a, 'dtype'):
        a = _numpy.asarray(a)
    return _numpy.broadcast_to(_numpy.zeros((), dtype=a.dtype), a.shape)


def einsum_path(*operands, optimize='greedy', einsum_call=False):
    """The contraction order and its cost report (numpy.einsum_path). The planner looks
    only at the operands' shapes, so it is NumPy's own, run on stand-ins that have the
    operands' shapes and dtypes and no data (nothing leaves the device). The path it
    returns may be passed to einsum as optimize=."""
    if not operands:
        raise ValueError('No input operands')
    if isinstance(operands[0], str):
        ops = [operands[0]] + [_shape_stand_in(a) for a in operands[1:]]
    else:  # interleaved: op, sublist, op, sublist, ..., [output sublist]
        last = len(operands) - 1 if len(operands) % 2 else None  # the output sublist
        ops = [o if k % 2 or k == last else _shape_stand_in(o) for k, o in enumerate(operands)]
    return _numpy.einsum_path(*ops, optimize=optimize, einsum_call=einsum_call)


def kron(a, b):
    """Kronecker product (numpy.kron)."""
    return _core.kron(_arr(a), _arr(b))


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sum along a diagonal (numpy.trace)."""
    r = _core.trace(_arr(a), offset, axis1, axis2, dtype)
    if out is not None:
        out[...] = r
        return out
    return r


# NumPy 2.5 finished the deprecation of 2-element vectors in cross; follow the installed one.
_CROSS_TAKES_2D = _numpy.lib.NumpyVersion(_numpy.__version__) < '2.5.0.dev0'


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 3-element vectors (numpy.cross; 2-element ones before NumPy 2.5)."""
    if axis is not None:
        axisa = axisb = axisc = axis
    return _core.cross(_arr(a), _arr(b), _operator.index(axisa), _operator.index(axisb),
                       _operator.index(axisc), _CROSS_TAKES_2D)


def vecdot(x1, x2, /, *, axis=-1, out=None):
    """Vector dot product along an axis, the first argument conjugated (numpy.vecdot)."""
    r = _core.vecdot(_arr(x1), _arr(x2), axis)
    if out is not None:
        out[...] = r
        return out
    return r


def matvec(x1, x2, /, *, out=None):
    """Matrix-vector product over the last axes (numpy.matvec)."""
    r = _core.matvec(_arr(x1), _arr(x2))
    if out is not None:
        out[...] = r
        return out
    return r


def vecmat(x1, x2, /, *, out=None):
    """Vector-matrix product, the vector conjugated (numpy.vecmat)."""
    r = _core.vecmat(_arr(x1), _arr(x2))
    if out is not None:
        out[...] = r
        return out
    return r
