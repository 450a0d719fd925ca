"""The one conversion of an array_like argument to a cunumpy.ndarray that the Python
modules share (an ndarray passes through unchanged; anything else goes through asarray)."""
import operator

from cunumpy import _core

_ndarray = _core.ndarray


def as_ndarray(a):
    if isinstance(a, _ndarray):
        return a
    from cunumpy._creation import asarray
    return asarray(a)


def axis_index(axis):
    """An axis argument as an int, as NumPy reads one: TypeError for a bool (True is an
    int to Python, never an axis to NumPy), a float or a str; any __index__ object passes."""
    if isinstance(axis, bool) or type(axis).__name__ == 'bool':
        raise TypeError("an integer is required for the axis")
    axis = operator.index(axis)
    if not -2**63 <= axis < 2**63:
        raise OverflowError("Python int too large to convert to C long")
    return axis


def c_int_axes(axis, squeeze=False):
    """Axes that NumPy reads as C ints: beyond int64 an OverflowError (C long), beyond int32
    an OverflowError (or squeeze's ValueError). Returned unchanged; bools and other types
    pass, for the callee to refuse (cunumpy refuses a bool axis everywhere, on purpose)."""
    for v in (axis if isinstance(axis, (tuple, list)) else (axis,)):
        if isinstance(v, bool) or not hasattr(v, '__index__'):
            continue
        v = operator.index(v)
        if not -2**63 <= v < 2**63:
            raise OverflowError("Python int too large to convert to C long")
        if not -2**31 <= v < 2**31:
            if squeeze:
                raise ValueError("integer won't fit into a C int")
            raise OverflowError("Python int too large to convert to C int")
    return axis
