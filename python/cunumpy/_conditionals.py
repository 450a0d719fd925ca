"""vectorize's rewrite of Python conditionals into selects, so that scalar code with
``if`` translates into one elementwise kernel.

``a if c else b`` becomes ``where(c, a, b)``; an ``if``/``elif``/``else`` whose branches
each end in ``return`` (directly, or in a nested ``if`` of that form), with the function's
remaining statements as the implicit ``else``, becomes one ``return where(...)``. Both
sides are evaluated (as in a kernel's select), so they must be free of side effects. The
rewritten function calls ``__cn_where__``, which fuse's tracer provides; any other
construct is left for the tracer, which names what it cannot translate.
"""
import ast
import inspect
import sys
import textwrap
import types

__all__ = ['rewrite_conditionals']

_WHERE = '__cn_where__'
_DEF_EXTRA = {'type_params': []} if sys.version_info >= (3, 12) else {}


def _where(test, body, orelse):
    return ast.Call(func=ast.Name(id=_WHERE, ctx=ast.Load()), args=[test, body, orelse], keywords=[])


class _IfExpToWhere(ast.NodeTransformer):
    def visit_IfExp(self, node):
        self.generic_visit(node)
        return _where(node.test, node.body, node.orelse)


class _NotReturning(Exception):
    pass


def _value(stmts, cont=()):
    """The expression a block returns when the statements `cont` follow it (what a branch
    that falls through runs next): each path must reach a return through ifs alone.
    _NotReturning otherwise."""
    if not stmts:
        if cont:
            return _value(cont)
        raise _NotReturning
    first, rest = stmts[0], list(stmts[1:]) + list(cont)
    if isinstance(first, ast.Return):
        if first.value is None:
            raise _NotReturning
        return first.value
    if isinstance(first, ast.If):
        then = _value(first.body, rest)
        other = _value(first.orelse, rest) if first.orelse else _value(rest)
        return _where(first.test, then, other)
    raise _NotReturning


def _rewrite_block(stmts):
    """Leading straight-line statements stay; from the first if on, the block must be one
    returning expression."""
    for k, st in enumerate(stmts):
        if isinstance(st, ast.If):
            try:
                return stmts[:k] + [ast.Return(value=_value(stmts[k:]))]
            except _NotReturning:
                return stmts
    return stmts


def _source_node(func):
    """The FunctionDef or Lambda node of `func`, or None when its source is unavailable or
    ambiguous (several lambdas on its line)."""
    try:
        src = textwrap.dedent(inspect.getsource(func))
    except (OSError, TypeError):
        return None
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return None
    name = func.__name__
    if name == '<lambda>':
        lambdas = [n for n in ast.walk(tree) if isinstance(n, ast.Lambda)]
        nargs = func.__code__.co_argcount
        lambdas = [n for n in lambdas if len(n.args.args) == nargs]
        return lambdas[0] if len(lambdas) == 1 else None
    for n in ast.walk(tree):
        if isinstance(n, ast.FunctionDef) and n.name == name:
            return n
    return None


def rewrite_conditionals(func):
    """`func` with its conditionals as selects, or `func` itself when there is nothing to
    rewrite or its source cannot be read."""
    if not isinstance(func, types.FunctionType):
        return func
    node = _source_node(func)
    if node is None:
        return func
    if isinstance(node, ast.Lambda):
        fdef = ast.FunctionDef(name=func.__name__, args=node.args, body=[ast.Return(value=node.body)],
                               decorator_list=[], returns=None, **_DEF_EXTRA)
    else:
        fdef = ast.FunctionDef(name=node.name, args=node.args, body=node.body, decorator_list=[],
                               returns=None, **_DEF_EXTRA)
    before = ast.dump(fdef)
    fdef.body = _rewrite_block(fdef.body)
    fdef = _IfExpToWhere().visit(fdef)
    if ast.dump(fdef) == before:
        return func
    # Compiled inside a function whose locals are func's free variables, so that the new
    # code object has the same free variables (matched to func's cells by name).
    free = func.__code__.co_freevars
    outer = ast.FunctionDef(
        name='__cn_outer__',
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=v) for v in free], kwonlyargs=[],
                           kw_defaults=[], defaults=[]),
        body=[fdef, ast.Return(value=ast.Name(id=fdef.name, ctx=ast.Load()))],
        decorator_list=[], returns=None, **_DEF_EXTRA)
    module = ast.fix_missing_locations(ast.Module(body=[outer], type_ignores=[]))
    try:
        code = compile(module, getattr(func.__code__, 'co_filename', '<vectorize>'), 'exec')
    except (SyntaxError, ValueError):
        return func
    outer_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    inner = next(c for c in outer_code.co_consts if isinstance(c, types.CodeType))
    cells = dict(zip(free, func.__closure__ or ()))
    closure = tuple(cells[v] for v in inner.co_freevars) if inner.co_freevars else None
    new = types.FunctionType(inner, func.__globals__, func.__name__, func.__defaults__, closure)
    new.__kwdefaults__ = func.__kwdefaults__
    return new
