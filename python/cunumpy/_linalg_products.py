"""Matrix and tensor products (numpy.matmul, dot, vdot, inner, outer, tensordot, einsum,
kron, trace, cross, vecdot, matvec, vecmat).

Thin wrappers over the C++ engine (_core): every contraction is one batched GEMM on the
device (cuBLAS / OpenBLAS); integer and bool products are exact, as NumPy's. ``cross`` is
a composition of ufunc calls.
"""
import numpy as _numpy

from cunumpy import _core

__all__ = ['matmul', 'dot', 'vdot', 'inner', 'outer', 'tensordot', 'einsum', 'kron',
           'trace', 'cross', 'vecdot', 'matvec', 'vecmat']


def _arr(a):
    if isinstance(a, _core.ndarray):
        return a
    from cunumpy._creation import asarray
    return asarray(a)


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
    import cunumpy as _cp
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = _arr(a), _arr(b)
    a = _cp.moveaxis(a, axisa, -1)
    b = _cp.moveaxis(b, axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError('incompatible dimensions for cross product\n(dimension must be 2 or 3)')
    if not _CROSS_TAKES_2D and (a.shape[-1] == 2 or b.shape[-1] == 2):
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they "
                         f"are {a.shape[-1]} and {b.shape[-1]} dimensional instead.")
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return _cp.subtract(_cp.multiply(a0, b1), _cp.multiply(a1, b0))
    a2 = a[..., 2] if a.shape[-1] == 3 else None
    b2 = b[..., 2] if b.shape[-1] == 3 else None
    mul, sub = _cp.multiply, _cp.subtract
    zero = _cp.zeros((), dtype=_numpy.result_type(a.dtype, b.dtype))

    def term(x, y):
        return zero if x is None or y is None else mul(x, y)

    c0 = sub(term(a1, b2), term(a2, b1))
    c1 = sub(term(a2, b0), term(a0, b2))
    c2 = sub(mul(a0, b1), mul(a1, b0))
    c0, c1, c2 = _cp.broadcast_arrays(c0, c1, c2)
    c = _cp.stack([c0, c1, c2], axis=-1)
    return _cp.moveaxis(c, -1, axisc)


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
