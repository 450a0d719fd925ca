"""NumPy's ufuncs as `ufunc` objects, plus the reductions sum/prod/max/min/mean.

The loop tables, type resolution and execution live in C++ (`_core.ufunc_call`); this
module only gives them NumPy's object model (`cunumpy.add.types`, `cunumpy.add(x, 1)`).
"""
from cunumpy import _core


class ufunc(_core._UfuncBase):
    """A universal function, like `numpy.ufunc`: call it on arrays and scalars.

    Attributes: __name__, nin, nout, nargs, types, ntypes, identity.
    Call: f(*inputs, out=None, dtype=None, casting='same_kind', where=True); the call
    itself is implemented in C++ (_core._UfuncBase.__call__).
    """

    def __init__(self, index, name, nin, nout, identity, types):
        super().__init__()
        self._index = index
        self.__name__ = name
        self.nin = nin
        self.nout = nout
        self.nargs = nin + nout
        self.types = list(types)
        self.ntypes = len(self.types)
        self.identity = _parse_identity(identity)

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False):
        """Reduces `array` along `axis` (add, multiply, maximum, minimum for now)."""
        name = _REDUCERS.get(self.__name__)
        if name is None:
            raise NotImplementedError(f"{self.__name__}.reduce is not implemented yet")
        return getattr(_core, name)(array, axis, dtype, out, keepdims)

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"


# ufunc.reduce of these ufuncs is the matching reduction of _core.
_REDUCERS = {'add': 'sum', 'multiply': 'prod', 'maximum': 'max', 'minimum': 'min'}


def _parse_identity(text):
    if text == '':
        return None
    if text in ('True', 'False'):
        return text == 'True'
    if text == '-inf':
        return float('-inf')
    return int(text)


_ALIASES = {'divide': 'true_divide', 'mod': 'remainder', 'abs': 'absolute',
            'conj': 'conjugate', 'bitwise_not': 'invert'}

__all__ = ['ufunc', 'sum', 'prod', 'max', 'min', 'amax', 'amin', 'mean']

for _i, (_name, _nin, _nout, _identity, _types) in enumerate(_core.ufunc_infos()):
    globals()[_name] = ufunc(_i, _name, _nin, _nout, _identity, _types)
    if not _name.startswith('_'):  # internal helpers (e.g. _where) stay private
        __all__.append(_name)
for _alias, _target in _ALIASES.items():
    globals()[_alias] = globals()[_target]
    __all__.append(_alias)
del _i, _name, _nin, _nout, _identity, _types, _alias, _target


def sum(a, axis=None, dtype=None, out=None, keepdims=False):
    """Sum of array elements over the given axes (numpy.sum)."""
    return _core.sum(a, axis, dtype, out, keepdims)


def prod(a, axis=None, dtype=None, out=None, keepdims=False):
    """Product of array elements over the given axes (numpy.prod)."""
    return _core.prod(a, axis, dtype, out, keepdims)


def max(a, axis=None, out=None, keepdims=False):
    """Maximum along the given axes (numpy.max); NaN propagates."""
    return _core.max(a, axis, None, out, keepdims)


def min(a, axis=None, out=None, keepdims=False):
    """Minimum along the given axes (numpy.min); NaN propagates."""
    return _core.min(a, axis, None, out, keepdims)


amax = max
amin = min


def mean(a, axis=None, dtype=None, out=None, keepdims=False):
    """Arithmetic mean over the given axes (numpy.mean)."""
    return _core.mean(a, axis, dtype, out, keepdims)
