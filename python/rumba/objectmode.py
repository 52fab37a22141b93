"""Numba's object mode (``@jit(forceobj=True)``, and ``@jit(nopython=False)`` where the function
does not compile): the function runs in the interpreter, with Python's semantics for everything,
and each loop at the top level of its body that compiles runs compiled (Numba's loop lifting).

A lifted loop becomes a function of its own, ``def loop(inputs): <the loop>; return outputs``,
where the inputs are the variables the loop uses that the function bound before it, and the
outputs those it binds that the function reads after it; the loop's place holds
``outputs = loop(inputs)``, where ``loop`` is what the caller's ``lift`` made of the function:
the dispatcher compiles it on its first call, for its arguments' types, and runs it in the
interpreter where it does not compile, as Numba leaves such a loop in object mode. A loop that
returns, yields or uses a name the function declares ``global`` or ``nonlocal`` stays as it is,
and so does every loop of a function with a closure (whose cells the rewritten function could
not share)."""

import ast
import functools
import inspect
import itertools
import linecache
import textwrap
import types

_LIFTED_FILES = itertools.count()


class _Names(ast.NodeVisitor):
    """The names a piece of code reads and binds, and whether it returns or yields."""

    def __init__(self):
        self.read, self.bound, self.leaves, self.declared = set(), set(), False, set()

    def visit_Name(self, node):
        (self.read if isinstance(node.ctx, ast.Load) else self.bound).add(node.id)

    def visit_Return(self, node):
        self.leaves = True
        self.generic_visit(node)

    def visit_Yield(self, node):
        self.leaves = True

    visit_YieldFrom = visit_Yield

    def visit_Global(self, node):
        self.declared.update(node.names)

    visit_Nonlocal = visit_Global

    def visit_FunctionDef(self, node):
        # A nested function binds its name; what its body reads counts as read here (a closure
        # reads the variables when called).
        self.bound.add(node.name)
        self.generic_visit(node)


def _names(nodes):
    found = _Names()
    for node in nodes:
        found.visit(node)
    return found


def object_mode_function(py_func, lift, looplift=True):
    """``py_func`` as object mode runs it: with each liftable loop given to ``lift``, which gives
    what runs it (compiled where it compiles, see the module's documentation), or as it is where
    nothing is lifted."""
    if not looplift or py_func.__closure__ or py_func.__name__ == "<lambda>":
        return py_func, []
    try:
        lines, first_line = inspect.getsourcelines(py_func)
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except (OSError, TypeError, SyntaxError):
        return py_func, []
    definition = tree.body[0]
    if not isinstance(definition, ast.FunctionDef):
        return py_func, []
    ast.increment_lineno(tree, first_line - 1)
    definition.decorator_list = []
    parameters = {argument.arg for argument in definition.args.posonlyargs + definition.args.args + definition.args.kwonlyargs}
    parameters |= {argument.arg for argument in (definition.args.vararg, definition.args.kwarg) if argument is not None}
    declared = _names(definition.body).declared
    bound_before = set(parameters)
    lifted = []
    body = []
    for position, statement in enumerate(definition.body):
        if isinstance(statement, (ast.For, ast.While)):
            loop = _names([statement])
            after = _names(definition.body[position + 1:])
            if not loop.leaves and not (loop.read | loop.bound) & declared:
                inputs = sorted((loop.read | loop.bound) & bound_before)
                outputs = sorted(loop.bound & after.read)
                name = "__rumba_loop%d_%s" % (len(lifted), py_func.__name__)
                lifted.append(lift(_lifted_loop(name, statement, inputs, outputs, py_func)))
                call = ast.Call(func=ast.Name(id=name, ctx=ast.Load()), args=[ast.Name(id=input_name, ctx=ast.Load()) for input_name in inputs], keywords=[])
                replacement = ast.Assign(targets=[ast.Tuple(elts=[ast.Name(id=output, ctx=ast.Store()) for output in outputs], ctx=ast.Store())], value=call) if outputs else ast.Expr(value=call)
                body.append(ast.copy_location(replacement, statement))
                bound_before |= set(outputs)
                continue
        body.append(statement)
        bound_before |= _names([statement]).bound
    if not lifted:
        return py_func, []
    definition.body = body
    # Made inside a function that takes the lifted loops, so that the rewritten function reads
    # them as its closure and everything else from the module's own globals, as it is then.
    maker = ast.FunctionDef(
        name="__rumba_object_mode",
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=loop.py_func.__name__) for loop in lifted], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=[definition, ast.Return(value=ast.Name(id=definition.name, ctx=ast.Load()))],
        decorator_list=[],
        returns=None,
        type_params=[],
    )
    module = ast.fix_missing_locations(ast.Module(body=[maker], type_ignores=[]))
    rewritten = _function_in(compile(module, py_func.__code__.co_filename, "exec"), maker.name, py_func.__globals__)(*lifted)
    rewritten.__defaults__, rewritten.__kwdefaults__ = py_func.__defaults__, py_func.__kwdefaults__
    return functools.wraps(py_func)(rewritten), lifted


def _function_in(module_code, name, module_globals):
    """The function ``def name`` of compiled module code, reading ``module_globals``."""
    code = next(constant for constant in module_code.co_consts if isinstance(constant, types.CodeType) and constant.co_name == name)
    return types.FunctionType(code, module_globals, name)


def _lifted_loop(name, loop, inputs, outputs, py_func):
    """The function a loop is lifted into, with source of its own (compiled code is compiled
    from source) in a file name registered with ``linecache``."""
    returned = ast.Return(value=ast.Tuple(elts=[ast.Name(id=output, ctx=ast.Load()) for output in outputs], ctx=ast.Load())) if outputs else ast.Return(value=None)
    function = ast.FunctionDef(
        name=name,
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=input_name) for input_name in inputs], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=[loop, returned],
        decorator_list=[],
        returns=None,
        type_params=[],
    )
    module = ast.fix_missing_locations(ast.Module(body=[function], type_ignores=[]))
    source = ast.unparse(module) + "\n"
    file_name = "<rumba object mode: %s, loop at line %d (%d)>" % (py_func.__qualname__, loop.lineno, next(_LIFTED_FILES))
    linecache.cache[file_name] = (len(source), None, source.splitlines(keepends=True), file_name)
    return _function_in(compile(source, file_name, "exec"), name, py_func.__globals__)


class ObjectModeDispatcher:
    """What ``@jit(forceobj=True)`` gives: calls run the function in object mode. ``lifted``
    holds what runs each loop lifted out of it (Numba's dispatcher keeps them per signature)."""

    def __init__(self, py_func, lift, looplift=True):
        self.py_func = py_func
        self.__name__ = py_func.__name__
        self.__qualname__ = py_func.__qualname__
        self.__doc__ = py_func.__doc__
        self.__module__ = py_func.__module__
        self.__wrapped__ = py_func
        self._run, self.lifted = object_mode_function(py_func, lift, looplift)

    def __call__(self, *args, **kwargs):
        return self._run(*args, **kwargs)

    def __repr__(self):
        return "<rumba object-mode function %s>" % self.__qualname__
