"""vectorize's rewrite of Python control flow into selects, so that scalar code with
``if``, ``and``/``or``/``not`` and loops translates into one elementwise kernel.

- ``a if c else b`` becomes ``where(c, a, b)``; an ``if``/``elif``/``else`` whose branches
  each end in ``return`` (directly, or in a nested ``if`` of that form), with the
  function's remaining statements as the implicit ``else``, becomes one ``return where(...)``.
- An ``if``/``elif``/``else`` statement whose branches assign names (``=``, ``+=``, nested
  ``if``s of that form) runs both branches into temporaries, then each assigned name gets
  ``where(c, value after the if branch, value after the else branch)``.
- ``for`` loops stay loops (the tracer runs them, so their bounds must not depend on the
  traced values: ``range(3)``, ``range(n)`` with a Python ``n``); their bodies are
  rewritten as above.
- ``a and b`` / ``a or b`` keep Python's semantics (the value of ``a`` or ``b``, as
  ``where(a, b, a)`` / ``where(a, a, b)``) and ``not a`` is ``logical_not(a)`` when ``a``
  is traced; on Python values they are Python's own (short-circuiting). A chained
  comparison ``a < b < c`` is ``(a < b) and (b < c)``.

Both sides of a select are evaluated (as in a kernel), so they must be free of side
effects. What cannot be rewritten (``while``, ``break``/``continue``, ``return`` inside an
``if`` that also assigns, a loop inside an ``if`` branch, an assignment to something other
than a name inside a branch) raises TypeError naming the construct when the function is
called. The rewritten function calls ``__cn_where__``, ``__cn_and__``, ``__cn_or__`` and
``__cn_not__``, which fuse's tracer provides; any other construct is left for the tracer,
which names what it cannot translate.
"""
import ast
import inspect
import sys
import textwrap
import types

__all__ = ['rewrite_conditionals']

_WHERE = '__cn_where__'
_AND, _OR, _NOT = '__cn_and__', '__cn_or__', '__cn_not__'
_DEF_EXTRA = {'type_params': []} if sys.version_info >= (3, 12) else {}


def _where(test, body, orelse):
    return ast.Call(func=ast.Name(id=_WHERE, ctx=ast.Load()), args=[test, body, orelse], keywords=[])


def _call(name, *args):
    return ast.Call(func=ast.Name(id=name, ctx=ast.Load()), args=list(args), keywords=[])


def _thunk(expr):
    """lambda: expr (so that Python values keep short-circuit evaluation)."""
    return ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[],
                                         defaults=[]), body=expr)


class _IfExpToWhere(ast.NodeTransformer):
    """Conditional expressions, and/or/not and chained comparisons into the tracer's calls."""

    def visit_IfExp(self, node):
        self.generic_visit(node)
        return _where(node.test, node.body, node.orelse)

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        name = _AND if isinstance(node.op, ast.And) else _OR
        expr = node.values[-1]
        for v in reversed(node.values[:-1]):  # a and b and c: and(a, and(b, c)), as Python groups it
            expr = _call(name, _thunk(v), _thunk(expr))
        return expr

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return _call(_NOT, node.operand)
        return node

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1:
            return node
        operands = [node.left] + list(node.comparators)
        parts = [ast.Compare(left=operands[k], ops=[op], comparators=[operands[k + 1]])
                 for k, op in enumerate(node.ops)]
        expr = parts[-1]
        for p in reversed(parts[:-1]):
            expr = _call(_AND, _thunk(p), _thunk(expr))
        return expr


class _Unsupported(Exception):
    """A construct the rewrite cannot turn into selects (its message names it)."""


class _Rename(ast.NodeTransformer):
    """Reads of the names in `env` become reads of their temporaries."""

    def __init__(self, env):
        self.env = env

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and node.id in self.env:
            return ast.Name(id=self.env[node.id], ctx=ast.Load())
        return node

    def visit_Lambda(self, node):
        return node  # (its own scope)


def _renamed(expr, env):
    return _Rename(env).visit(expr) if env else expr


def _has_return(stmts):
    return any(isinstance(n, ast.Return) for st in stmts for n in ast.walk(st))


class _Lowering:
    """Assignments inside if branches into temporaries and selects (see the module doc)."""

    def __init__(self, arguments):
        self.count = 0
        self.known = set(arguments)  # names bound before the statement being rewritten

    def temp(self, name):
        self.count += 1
        return f'__cn_{name}_{self.count}'

    def assign(self, out, name, value, env):
        """name = value, into a temporary when inside a branch (env is not None)."""
        if env is None:
            self.known.add(name)
            out.append(ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=value))
            return
        t = self.temp(name)
        out.append(ast.Assign(targets=[ast.Name(id=t, ctx=ast.Store())], value=value))
        env[name] = t

    def block(self, stmts, env):
        """The statements rewritten; env: None at the function's level (names are
        assigned directly), else the branch's names -> temporaries (updated)."""
        out = []
        for k, st in enumerate(stmts):
            if isinstance(st, ast.Assign):
                if len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
                    self.assign(out, st.targets[0].id, _renamed(st.value, env), env)
                elif env is None:
                    out.append(st)
                else:
                    raise _Unsupported('an assignment to something other than a name inside an if branch')
            elif isinstance(st, ast.AugAssign) and isinstance(st.target, ast.Name):
                name = st.target.id
                read = ast.Name(id=env.get(name, name) if env else name, ctx=ast.Load())
                self.assign(out, name, ast.BinOp(left=read, op=st.op, right=_renamed(st.value, env)), env)
            elif isinstance(st, ast.AugAssign) and env is not None:
                raise _Unsupported('an augmented assignment to something other than a name inside an if branch')
            elif isinstance(st, ast.If):
                if env is None and _has_return([st]):
                    try:  # the form whose every path returns: one returning select
                        out.append(ast.Return(value=_value(stmts[k:])))
                        return out
                    except _NotReturning:
                        raise _Unsupported("a 'return' inside an 'if' whose paths do not all return "
                                           "or that also assigns") from None
                if _has_return([st]):
                    raise _Unsupported("a 'return' inside a nested 'if' that also assigns")
                self.if_statement(out, st, env)
            elif isinstance(st, ast.For):
                if env is not None:
                    raise _Unsupported("a 'for' loop inside an if branch")
                if st.orelse:
                    raise _Unsupported("a 'for' loop with an 'else' clause")
                if _has_return(st.body):
                    raise _Unsupported("a 'return' inside a 'for' loop")
                for n in ast.walk(st):
                    if isinstance(n, (ast.Break, ast.Continue)):
                        raise _Unsupported(f"'{type(n).__name__.lower()}' in a 'for' loop")
                out.append(ast.For(target=st.target, iter=st.iter, body=self.block(st.body, None) or [ast.Pass()],
                                   orelse=[], type_comment=None))
            elif isinstance(st, ast.While):
                raise _Unsupported("a 'while' loop (only 'for' loops over Python values translate)")
            elif isinstance(st, ast.Return):
                if env is not None:
                    raise _Unsupported("a 'return' inside an 'if' that also assigns")
                out.append(ast.Return(value=st.value))
                return out
            elif isinstance(st, ast.Pass):
                continue
            else:
                out.append(st if env is None else _renamed(st, env))
        return out

    def if_statement(self, out, st, env):
        test = self.temp('test')
        out.append(ast.Assign(targets=[ast.Name(id=test, ctx=ast.Store())], value=_renamed(st.test, env)))
        before = dict(env or {})
        then_env, else_env = dict(before), dict(before)
        out.extend(self.block(st.body, then_env))
        out.extend(self.block(st.orelse, else_env))
        changed = [v for v in dict.fromkeys(list(then_env) + list(else_env))
                   if then_env.get(v) != before.get(v) or else_env.get(v) != before.get(v)]
        for v in changed:
            def value(e):
                return ast.Name(id=e.get(v, before.get(v, v)), ctx=ast.Load())
            if v not in before and v not in self.known and (v in then_env) != (v in else_env):
                # bound in one branch only (a branch's own temporary): Python could not
                # read it after the other branch, so that branch's value is the only one
                sel = value(then_env if v in then_env else else_env)
            else:
                sel = _where(ast.Name(id=test, ctx=ast.Load()), value(then_env), value(else_env))
            self.assign(out, v, sel, env)


def _needs_lowering(stmts):
    return any(isinstance(n, (ast.If, ast.For, ast.While)) for st in stmts for n in ast.walk(st)
               if not isinstance(n, ast.IfExp))


def _unsupported_function(func, message):
    """A function that raises the rewrite's TypeError when called (by the tracer)."""
    def untranslatable(*args, **kwargs):
        raise TypeError(f'cunumpy.vectorize cannot translate {message}')
    untranslatable.__name__ = func.__name__
    return untranslatable


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
    if _needs_lowering(fdef.body):
        try:
            a = fdef.args
            arguments = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs] + \
                [x.arg for x in (a.vararg, a.kwarg) if x is not None]
            fdef.body = _Lowering(arguments).block(fdef.body, None) or [ast.Return(value=ast.Constant(value=None))]
        except _Unsupported as e:
            return _unsupported_function(func, str(e))
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
