"""cunumpy.fuse: a Python function of arrays becomes one generated kernel.

Called with cunumpy arrays, the function is traced once per (argument dtypes, ndims): it
runs on proxy objects whose operators, and the cunumpy (or NumPy) ufuncs applied to them,
record C++ statements calling the same scalar ops as the built-in ufuncs (cn_ops.h), with
each operation's loop dtypes resolved by NumPy's own rules for those dtypes. The statements
become one ElementwiseKernel, or, when the function ends in a reduction (sum, prod, max,
min, as functions or methods, over an axis or all), one ReductionKernel whose map is the
traced chain. Anything the tracer does not understand (Python control flow on array
values, indexing, other functions) makes that signature run eagerly, op by op, on
cunumpy instead. Called without cunumpy arrays (e.g. NumPy arrays), the function just runs.
"""
import functools
import math
import re
import types

import numpy as _np

from cunumpy import _core

_CTYPE = {
    'bool': 'bool', 'int8': 'int8_t', 'int16': 'int16_t', 'int32': 'int32_t', 'int64': 'int64_t',
    'uint8': 'uint8_t', 'uint16': 'uint16_t', 'uint32': 'uint32_t', 'uint64': 'uint64_t',
    'float16': 'cn::half', 'float32': 'float', 'float64': 'double',
    'complex64': 'cn::complex64', 'complex128': 'cn::complex128',
}
_PY_DTYPE = {bool: _np.dtype(bool), int: _np.dtype('int64'), float: _np.dtype('float64'),
             complex: _np.dtype('complex128')}
_ALIASES = {'divide': 'true_divide', 'abs': 'absolute', 'mod': 'remainder',
            'conj': 'conjugate', 'bitwise_not': 'invert'}
_REDUCTIONS = {'sum': 'sum', 'prod': 'prod', 'max': 'max', 'min': 'min', 'amax': 'max',
               'amin': 'min'}
_POS_INF = 'cn::double_of(0x7ff0000000000000ull)'
_NEG_INF = 'cn::double_of(0xfff0000000000000ull)'

_functors = None
_loops = None


def _read_registry():
    """The ufunc registry, once: name -> (scalar op of cn_ops.h, nin, nout) and name ->
    its loop signatures."""
    global _functors, _loops
    infos = _core.ufunc_infos()  # (name, nin, nout, identity, types, functor)
    _functors = {n: (functor, nin, nout) for n, nin, nout, _, _, functor in infos}
    _loops = {n: set(types) for n, _, _, _, types, _ in infos}


def _ufunc_table():
    if _functors is None:
        _read_registry()
    return _functors


def _has_loop(name, loop):
    """Whether cunumpy's ufunc `name` has the loop NumPy resolved ("ff->f")."""
    if _loops is None:
        _read_registry()
    nout = _functors[name][2]
    sig = ''.join(d.char for d in loop[:-nout]) + '->' + ''.join(d.char for d in loop[-nout:])
    return sig in _loops.get(name, ())


class _Untraceable(Exception):
    """A construct the tracer cannot turn into kernel code."""


def _ctype(dtype):
    return _CTYPE[_np.dtype(dtype).name]


def _literal(value):
    """C++ text of a Python or NumPy scalar value."""
    if isinstance(value, (bool, _np.bool_)):
        return 'true' if value else 'false'
    if isinstance(value, (int, _np.integer)):
        v = int(value)
        if v == -2 ** 63:
            return '(-9223372036854775807LL - 1)'
        if -2 ** 63 < v < 2 ** 63:
            return f'{v}LL'
        if 0 <= v < 2 ** 64:
            return f'{v}ULL'
        raise _Untraceable('integer constant out of range')
    if isinstance(value, (float, _np.floating)):
        v = float(value)
        if v != v:
            return 'cn::double_of(0x7ff8000000000000ull)'
        if v in (float('inf'), float('-inf')):
            return _POS_INF if v > 0 else _NEG_INF
        return v.hex()
    if isinstance(value, (complex, _np.complexfloating)):
        v = complex(value)
        return f'cn::cplx<double>({_literal(v.real)}, {_literal(v.imag)})'
    raise _Untraceable(f'constant of type {type(value).__name__}')


def _bool_operators(tracer):
    """and/or/not as vectorize's rewrite calls them (python/cunumpy/_conditionals.py): on a
    traced value a select (Python's value semantics: ``a and b`` is b where a is true, else
    a) or logical_not; on Python values Python's own, short-circuiting."""
    def traced(v):
        return isinstance(v, _Var) and v._tracer is tracer

    def and_(a, b):
        a = a()
        return tracer.where(a, b(), a) if traced(a) else (a and b())

    def or_(a, b):
        a = a()
        return tracer.where(a, a, b()) if traced(a) else (a or b())

    def not_(a):
        return tracer.ufunc('logical_not', a) if traced(a) else (not a)

    return {'__cn_and__': and_, '__cn_or__': or_, '__cn_not__': not_}


class _Var:
    """A traced array value: a C++ variable of a known dtype."""
    __array_ufunc__ = None  # NumPy scalars defer to our reflected operators
    __array_priority__ = 10000

    def __init__(self, tracer, name, dtype, ndim, reduced=False, weak=None):
        self._tracer = tracer
        self.name = name
        self.dtype = _np.dtype(dtype)
        self.ndim = ndim
        self._reduced = reduced
        self._weak = weak  # a Python scalar argument: its type, resolved as NumPy does (NEP 50)

    def __bool__(self):
        raise _Untraceable('the truth value of a traced array')

    def __len__(self):
        raise _Untraceable('len() of a traced array')

    def __iter__(self):
        raise _Untraceable('iteration over a traced array')

    def __getitem__(self, key):
        raise _Untraceable('indexing a traced array')

    @property
    def shape(self):
        raise _Untraceable('the shape of a traced array')

    def astype(self, dtype, *args, **kwargs):
        return self._tracer.astype(self, dtype)

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        return self._tracer.reduce('sum', self, axis, dtype, out, keepdims)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False):
        return self._tracer.reduce('prod', self, axis, dtype, out, keepdims)

    def max(self, axis=None, out=None, keepdims=False):
        return self._tracer.reduce('max', self, axis, None, out, keepdims)

    def min(self, axis=None, out=None, keepdims=False):
        return self._tracer.reduce('min', self, axis, None, out, keepdims)


def _binary(ufunc_name):
    def op(self, other):
        return self._tracer.ufunc(ufunc_name, self, other)

    def rop(self, other):
        return self._tracer.ufunc(ufunc_name, other, self)
    return op, rop


for _op, _uf in [('add', 'add'), ('sub', 'subtract'), ('mul', 'multiply'),
                 ('truediv', 'true_divide'), ('floordiv', 'floor_divide'), ('mod', 'remainder'),
                 ('pow', 'power'), ('and', 'bitwise_and'), ('or', 'bitwise_or'),
                 ('xor', 'bitwise_xor'), ('lshift', 'left_shift'), ('rshift', 'right_shift')]:
    _f, _rf = _binary(_uf)
    setattr(_Var, f'__{_op}__', _f)
    setattr(_Var, f'__r{_op}__', _rf)
for _op, _uf in [('lt', 'less'), ('le', 'less_equal'), ('gt', 'greater'),
                 ('ge', 'greater_equal'), ('eq', 'equal'), ('ne', 'not_equal')]:
    setattr(_Var, f'__{_op}__', _binary(_uf)[0])
for _op, _uf in [('neg', 'negative'), ('pos', 'positive'), ('abs', 'absolute'),
                 ('invert', 'invert')]:
    setattr(_Var, f'__{_op}__', (lambda u: lambda self: self._tracer.ufunc(u, self))(_uf))
_Var.__hash__ = object.__hash__
del _op, _uf, _f, _rf


class _Tracer:
    def __init__(self):
        self.lines = []
        self.count = 0
        self.reduction = None  # (kind, var, axis, keepdims, result dtype, acc dtype)

    def new_var(self, dtype, ndim, expr):
        name = f'v{self.count}'
        self.count += 1
        self.lines.append(f'{_ctype(dtype)} {name} = {expr};')
        return _Var(self, name, dtype, ndim)

    def operand(self, x):
        """(C++ expression, dtype token for NumPy's resolution, ndim) of one operand."""
        if isinstance(x, _Var):
            if x._tracer is not self or x._reduced:
                raise _Untraceable('a reduction result used in further operations')
            return x.name, (x._weak or x.dtype), x.ndim
        if type(x) in (int, float, complex):
            return _literal(x), type(x), 0
        if type(x) is bool:
            return _literal(x), _np.dtype(bool), 0
        if isinstance(x, _np.generic) and x.dtype.name in _CTYPE:
            return f'cn::cast<{_ctype(x.dtype)}>({_literal(x.item())})', x.dtype, 0
        raise _Untraceable(f'operand of type {type(x).__name__}')

    def ufunc(self, name, *inputs, **kwargs):
        if kwargs:
            raise _Untraceable('ufunc keyword arguments')
        name = _ALIASES.get(name, name)
        entry = _ufunc_table().get(name)
        if entry is None:
            raise _Untraceable(f'ufunc {name}')
        functor, nin, nout = entry
        if nout != 1 or len(inputs) != nin:
            raise _Untraceable(f'{name} with {len(inputs)} arguments')
        ops = [self.operand(x) for x in inputs]
        if all(not isinstance(x, _Var) for x in inputs):
            raise _Untraceable('a ufunc of constants only')
        np_ufunc = getattr(_np, name, None)
        if np_ufunc is None:
            raise _Untraceable(f'NumPy has no ufunc {name}')
        try:
            loop = np_ufunc.resolve_dtypes(tuple(tok for _, tok, _ in ops) + (None,))
        except Exception as e:
            raise _Untraceable(str(e)) from e
        if any(d.name not in _CTYPE for d in loop) or not _has_loop(name, loop):
            raise _Untraceable(f'cunumpy has no {name} loop for these dtypes')
        args = ', '.join(f'cn::cast<{_ctype(loop[i])}>({expr})' for i, (expr, _, _) in enumerate(ops))
        res = loop[-1]
        return self.new_var(res, max(nd for _, _, nd in ops),
                            f'cn::cast<{_ctype(res)}>(cn::op::{functor}::call({args}))')

    def where(self, cond, x, y):
        """where(cond, x, y): a C conditional; the result dtype is NumPy's for the operands."""
        (ce, _, cn), (xe, _, xn), (ye, _, yn) = (self.operand(v) for v in (cond, x, y))

        def sample(v):
            if isinstance(v, _Var):
                return v._weak(0) if v._weak else _np.zeros((), v.dtype)  # _weak: int, float or complex
            return v
        res = _np.where(True, sample(x), sample(y)).dtype
        if res.name not in _CTYPE:
            raise _Untraceable(f'dtype {res}')
        t = _ctype(res)
        return self.new_var(res, max(cn, xn, yn),
                            f'(cn::cast<bool>({ce}) ? cn::cast<{t}>({xe}) : cn::cast<{t}>({ye}))')

    def astype(self, var, dtype):
        expr, _, nd = self.operand(var)
        dtype = _np.dtype(dtype)
        if dtype.name not in _CTYPE:
            raise _Untraceable(f'dtype {dtype}')
        return self.new_var(dtype, nd, f'cn::cast<{_ctype(dtype)}>({expr})')

    def reduce(self, kind, var, axis=None, dtype=None, out=None, keepdims=False):
        if out is not None or self.reduction is not None or not isinstance(var, _Var):
            raise _Untraceable('reduction form')
        self.operand(var)  # checks it is a live value of this trace
        if kind in ('sum', 'prod'):
            res = getattr(_np, kind)(_np.zeros(1, var.dtype), dtype=dtype).dtype
        else:
            if dtype is not None:
                raise _Untraceable('dtype= of max/min')
            res = var.dtype
        if res.name not in _CTYPE:
            raise _Untraceable(f'dtype {res}')
        acc = _np.dtype('float32') if res == _np.float16 else res
        if axis is not None and not isinstance(axis, tuple):
            axis = int(axis)
        self.reduction = (kind, var, axis, bool(keepdims), res, acc)
        return _Var(self, None, res, 0, reduced=True)


class _Namespace:
    """Stands for the cunumpy (or numpy) module inside a traced function."""

    def __init__(self, tracer, real):
        self._tracer = tracer
        self._real = real

    def __getattr__(self, name):
        target = _ALIASES.get(name, name)
        if not target.startswith('_') and target in _ufunc_table():
            return functools.partial(self._tracer.ufunc, target)
        if name in _REDUCTIONS:
            return functools.partial(self._tracer.reduce, _REDUCTIONS[name])
        if name == 'where':
            return self._tracer.where
        return getattr(self._real, name)


# The math module's functions of one or two floats that are ufuncs (vectorize'd scalar code
# calls them on what are traced arrays).
_MATH_UFUNCS = {
    'acos': 'arccos', 'acosh': 'arccosh', 'asin': 'arcsin', 'asinh': 'arcsinh',
    'atan': 'arctan', 'atan2': 'arctan2', 'atanh': 'arctanh', 'ceil': 'ceil',
    'copysign': 'copysign', 'cos': 'cos', 'cosh': 'cosh', 'degrees': 'degrees', 'exp': 'exp',
    'expm1': 'expm1', 'fabs': 'fabs', 'floor': 'floor', 'fmod': 'fmod', 'hypot': 'hypot',
    'isfinite': 'isfinite', 'isinf': 'isinf', 'isnan': 'isnan', 'log10': 'log10',
    'log1p': 'log1p', 'log2': 'log2', 'pow': 'power', 'radians': 'radians', 'sin': 'sin',
    'sinh': 'sinh', 'sqrt': 'sqrt', 'tan': 'tan', 'tanh': 'tanh', 'trunc': 'trunc',
}


_MATH_TO_INT = {'floor', 'ceil', 'trunc'}


class _MathNamespace:
    """Stands for the math module inside a traced function: its functions become the
    matching ufuncs (math.log of one argument too); constants (pi, e, inf) stay."""

    def __init__(self, tracer):
        self._tracer = tracer

    def __getattr__(self, name):
        if name == 'log':
            def log(x, base=None):
                r = self._tracer.ufunc('log', x)
                return r if base is None else self._tracer.ufunc('true_divide', r, math.log(base))
            return log
        target = _MATH_UFUNCS.get(name)
        if target is not None and target in _ufunc_table():
            if name in _MATH_TO_INT:  # Python's math.floor/ceil/trunc return ints
                return lambda x: self._tracer.astype(self._tracer.ufunc(target, x), _np.int64)
            return functools.partial(self._tracer.ufunc, target)
        value = getattr(math, name)
        if callable(value):
            raise _Untraceable(f'math.{name}')
        return value


def _traced_builtins(tracer):
    """Python's max, min, float and int on traced values: selects and casts (two-argument
    max/min as Python picks: the first unless the second is greater/less, so NaN order
    matches). On plain values they are Python's own."""
    import builtins

    def pick(op, name):
        def f(*args, **kwargs):
            if len(args) != 2 or kwargs or not any(isinstance(a, _Var) for a in args):
                if any(isinstance(a, _Var) for a in args):
                    raise _Untraceable(f'{name}() other than of two values')
                return getattr(builtins, name)(*args, **kwargs)
            a, b = args
            return tracer.where(tracer.ufunc(op, b, a), b, a)
        return f

    def cast(dtype, name):
        def f(*args):
            if len(args) == 1 and isinstance(args[0], _Var):
                return tracer.astype(args[0], dtype)
            return getattr(builtins, name)(*args)
        return f
    return {'max': pick('greater', 'max'), 'min': pick('less', 'min'),
            'float': cast(_np.float64, 'float'), 'int': cast(_np.int64, 'int')}


def _identity(kind, acc):
    if kind == 'sum':
        return '0'
    if kind == 'prod':
        return '1'
    lowest = kind == 'max'
    if acc.kind in 'fc':
        return _NEG_INF if lowest else _POS_INF
    if acc.kind == 'b':
        return 'false' if lowest else 'true'
    info = _np.iinfo(acc)
    return _literal(info.min if lowest else info.max)


_REDUCE_EXPR = {'sum': 'cn::op::add::call(a, b)', 'prod': 'cn::op::multiply::call(a, b)',
                'max': 'cn::op::maximum::call(a, b)', 'min': 'cn::op::minimum::call(a, b)'}


class Fusion:
    """The object @fuse returns: call it like the original function."""

    def __init__(self, func, name=None):
        self.func = func
        self.name = name
        self._cache = {}
        self.untraceable_reason = None  # why the last trace fell back to eager execution
        self.elementwise_only = False  # vectorize: a reduction is not an elementwise function
        functools.update_wrapper(self, func)

    def __repr__(self):
        return f'<Fusion name={self._kernel_name()}>'

    def _kernel_name(self):
        if self.name:
            return self.name
        n = re.sub(r'\W', '_', getattr(self.func, '__name__', 'func'))
        return 'fused_' + n

    def __call__(self, *args, **kwargs):
        from cunumpy import ndarray
        if kwargs:
            return self.func(*args, **kwargs)
        key = []
        has_array = False
        for a in args:
            t = type(a)
            if t is ndarray:
                key.append((a.dtype.char, a.ndim))
                has_array = True
            elif t in (bool, int, float, complex):
                key.append(t)
            elif isinstance(a, _np.generic):
                key.append(a.dtype.char)
            elif isinstance(a, ndarray):
                key.append((a.dtype.char, a.ndim))
                has_array = True
            else:
                key.append(None)
        if not has_array:
            return self.func(*args)  # NumPy arrays or scalars: plain Python
        key = tuple(key)
        run = self._cache.get(key)
        if run is None:
            run = self._cache[key] = self._first_call(key, self._compile(args))
        return run(args)

    def _first_call(self, key, run):
        """`run`, except that a kernel failing to compile makes this signature eager."""
        if run == self._eager:
            return run

        def first(args):
            try:
                result = run(args)
            except _core.CompileException:
                self._cache[key] = self._eager
                return self._eager(args)
            self._cache[key] = run
            return result
        return first

    # ---- compilation ---------------------------------------------------------------------
    def _traced_function(self, tracer):
        import cunumpy
        ufunc_type = cunumpy.ufunc
        reducers = {getattr(cunumpy, n): n for n in _REDUCTIONS}

        def replace(v):
            if v is cunumpy:
                return _Namespace(tracer, cunumpy)
            if v is _np:
                return _Namespace(tracer, _np)
            if v is math:
                return _MathNamespace(tracer)
            if isinstance(v, types.BuiltinFunctionType) and getattr(math, getattr(v, '__name__', ''), None) is v:
                return getattr(_MathNamespace(tracer), v.__name__)  # from math import sqrt
            if isinstance(v, ufunc_type):
                return functools.partial(tracer.ufunc, v.__name__)
            if isinstance(v, _np.ufunc) and v.__name__ in _ufunc_table():
                return functools.partial(tracer.ufunc, v.__name__)
            try:
                if v in reducers:
                    return functools.partial(tracer.reduce, _REDUCTIONS[reducers[v]])
            except TypeError:  # unhashable
                pass
            return v

        f = self.func
        glb = {k: replace(v) for k, v in f.__globals__.items()}
        glb['__cn_where__'] = tracer.where  # conditionals rewritten by vectorize
        glb.update(_bool_operators(tracer))
        for name, fn in _traced_builtins(tracer).items():
            glb.setdefault(name, fn)  # a module's own max/min/... stays its own
        closure = None
        if f.__closure__:
            cells = []
            for c in f.__closure__:
                try:
                    cells.append(types.CellType(replace(c.cell_contents)))
                except ValueError:  # an empty cell
                    cells.append(c)
            closure = tuple(cells)
        g = types.FunctionType(f.__code__, glb, f.__name__, f.__defaults__, closure)
        g.__kwdefaults__ = f.__kwdefaults__
        return g

    def _compile(self, args):
        eager = self._eager
        if not isinstance(self.func, types.FunctionType):
            return eager
        tracer = _Tracer()
        params, names, proxies = [], [], []
        for k, a in enumerate(args):
            name = f'x{k}'
            if type(a) in _PY_DTYPE:
                dtype, nd = _PY_DTYPE[type(a)], 0
            elif isinstance(a, _np.generic):
                dtype, nd = a.dtype, 0
            else:
                dtype, nd = _np.dtype(a.dtype), a.ndim
            if dtype.name not in _CTYPE:
                return eager
            params.append(f'{dtype.name} {name}')
            names.append(name)
            weak = type(a) if type(a) in (int, float, complex) else None
            proxies.append(_Var(tracer, name, dtype, nd, weak=weak))
        try:
            result = self._traced_function(tracer)(*proxies)
        except Exception as e:  # noqa: BLE001 - anything untraceable runs eagerly instead
            self.untraceable_reason = f'{type(e).__name__}: {e}' if not isinstance(e, _Untraceable) else str(e)
            return eager
        outs = result if isinstance(result, tuple) else (result,)
        if not outs or not all(isinstance(v, _Var) and v._tracer is tracer for v in outs):
            self.untraceable_reason = 'a result that is not computed from the arguments'
            return eager
        try:
            if tracer.reduction is not None:
                if self.elementwise_only:
                    self.untraceable_reason = 'a reduction (sum/prod/max/min) inside the function'
                    return eager
                if len(outs) != 1 or not outs[0]._reduced:
                    return eager
                return self._reduction_runner(tracer, params, names)
            return self._elementwise_runner(tracer, params, outs, isinstance(result, tuple))
        except Exception:  # noqa: BLE001 - e.g. a dtype with no cn_ops overload
            return eager

    def _eager(self, args):
        return self.func(*args)

    def _elementwise_runner(self, tracer, params, outs, return_tuple):
        from cunumpy._kernel import ElementwiseKernel
        body = list(tracer.lines)
        out_params = []
        for j, v in enumerate(outs):
            out_params.append(f'{v.dtype.name} y{j}')
            body.append(f'y{j} = {v.name};')
        kernel = ElementwiseKernel(', '.join(params), ', '.join(out_params), '\n'.join(body),
                                   self._kernel_name(), return_tuple=return_tuple,
                                   _cn_types=True)
        return lambda args: kernel(*args)

    def _reduction_runner(self, tracer, params, names):
        from cunumpy._kernel import ReductionKernel
        kind, var, axis, keepdims, res, acc = tracer.reduction
        acc_t = _ctype(acc)
        typed = ', '.join(f'{_ctype(p.split()[0])} {p.split()[1]}' for p in params)
        body = ' '.join(tracer.lines)
        preamble = (f'static __device__ __forceinline__ {acc_t} cn_fused_map({typed}) {{\n'
                    f'  {body}\n  return cn::cast<{acc_t}>({var.name});\n}}\n')
        kernel = ReductionKernel(', '.join(params), f'{res.name} y0',
                                 f'cn_fused_map({", ".join(names)})', _REDUCE_EXPR[kind],
                                 f'y0 = cn::cast<{_ctype(res)}>(a)', _identity(kind, acc),
                                 self._kernel_name(), reduce_type=acc_t, preamble=preamble,
                                 _cn_types=True)
        check_empty = kind in ('max', 'min')

        def run(args):
            if check_empty:
                _check_nonempty(args, axis, kind)
            return kernel(*args, axis=axis, keepdims=keepdims)
        return run


def _check_nonempty(args, axis, kind):
    from cunumpy import ndarray
    shape = _np.broadcast_shapes(*[a.shape for a in args if isinstance(a, ndarray)])
    axes = range(len(shape)) if axis is None else (axis if isinstance(axis, tuple) else (axis,))
    if any(shape[ax] == 0 for ax in axes) and 0 not in [s for i, s in enumerate(shape)
                                                          if i not in axes and i - len(shape) not in axes]:
        raise ValueError(f'zero-size array to reduction operation {"maximum" if kind == "max" else "minimum"} '
                         'which has no identity')


def fuse(*args, **kwargs):
    """Decorator: fuse a function of arrays into one kernel (cupy.fuse).

    ``@fuse`` or ``@fuse(kernel_name='name')``.
    """
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return Fusion(args[0])
    kernel_name = kwargs.pop('kernel_name', None)
    if args or kwargs:
        raise TypeError('fuse() takes only the keyword argument kernel_name')
    return lambda f: Fusion(f, kernel_name)


__all__ = ['fuse', 'Fusion']
