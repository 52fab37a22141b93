"""Shrinks a generated program while a finding persists (greedy, one small edit at a time).

Edits, biggest first, all inside the function body (imports, decorator and parameters stay):
delete a statement; replace an ``if``/``for``/``while`` by its body (or an ``if`` by its ``else``);
drop an item of a tuple; replace a subexpression by one of its operands; replace it by a literal.
Replacements keep the type CPython's value had there (``value_types`` runs the program once with
every expression recorded), so that the program stays well-typed. An edit is kept when
``still_fails(source)`` says the finding is still there.
"""

import ast
import time

import numpy as np

from gen import ARG_NAMESPACE


def minimise(source, args_text, still_fails, time_limit):
    """The smallest source reached within ``time_limit`` seconds for which ``still_fails`` holds,
    called with ``args_text`` (the argument tuple's source)."""
    deadline = time.monotonic() + time_limit
    progress = True
    while progress and time.monotonic() < deadline:
        progress = False
        for candidate in variants(source, value_types(source, args_text)):
            if time.monotonic() >= deadline:
                break
            if still_fails(candidate):
                source = candidate
                progress = True
                break
    return source


def variants(source, types):
    """Simpler versions of ``source`` that still compile, statement cuts before expression edits;
    ``types`` (from ``value_types``) keeps every replacement of the type CPython saw there."""
    tree = ast.parse(source)
    function = tree.body[-1]
    seen = {source}
    for edit in _statement_edits(function) + _tuple_edits(function) + _expression_edits(function, types):
        text = edit(tree)
        if text in seen:
            continue
        seen.add(text)
        try:
            compile(text, "<candidate>", "exec")
        except SyntaxError:
            continue
        yield text


def _readable_expressions(function):
    """Every expression in the body that is read (not an assignment target, a called function's
    name or a module name), as ``(parent, field, index, node)`` in a fixed order; ``index`` is None
    for a single-expression field."""
    found = []
    for parent in ast.walk(function):
        for field, value in ast.iter_fields(parent):
            if field in ("targets", "target", "func", "decorator_list", "returns"):
                continue
            slots = [(None, value)] if isinstance(value, ast.expr) else list(enumerate(value)) if isinstance(value, list) else []
            for index, node in slots:
                if not isinstance(node, ast.expr) or isinstance(getattr(node, "ctx", None), ast.Store):
                    continue
                if isinstance(parent, ast.Attribute) and isinstance(node, ast.Name) and node.id in ("math", "np"):
                    continue
                found.append((parent, field, index, node))
    return found


def value_types(source, args_text):
    """The type of each readable expression's value (by position in ``_readable_expressions``)
    when CPython runs ``f`` on the arguments; expressions never evaluated are missing."""
    tree = ast.parse(source)
    function = tree.body[-1]
    function.decorator_list = []
    for position, (parent, field, index, node) in enumerate(_readable_expressions(function)):
        wrapped = ast.Call(ast.Name("_seen", ast.Load()), [ast.Constant(position), node], [])
        _put(parent, field, index, wrapped)
    types = {}

    def seen(position, value):
        types[position] = type(value)
        return value

    namespace = {"_seen": seen}
    exec(compile(ast.fix_missing_locations(tree), "<types>", "exec"), namespace)
    try:
        with np.errstate(all="ignore"):
            namespace["f"](*eval(args_text, dict(ARG_NAMESPACE)))
    except Exception:  # noqa: BLE001 - the types seen up to an exception are what we need
        pass
    return types


def _put(parent, field, index, node):
    if index is None:
        setattr(parent, field, node)
    else:
        getattr(parent, field)[index] = node


def _literals(kind):
    """Replacement literals for a value of type ``kind``."""
    if kind is bool or kind is np.bool_:
        return (False, True)
    if kind is int or (isinstance(kind, type) and issubclass(kind, np.integer)):
        return (0, 1)
    if kind is float or (isinstance(kind, type) and issubclass(kind, np.floating)):
        return (0.0, 1.0, 0.5)
    return ()
def _statement_lists(function):
    """Every statement list in the body: (owner node, field name)."""
    lists = []
    for node in ast.walk(function):
        for field in ("body", "orelse"):
            statements = getattr(node, field, None)
            if isinstance(statements, list) and statements and isinstance(statements[0], ast.stmt):
                lists.append((node, field))
    return lists


def _replace_in_list(owner, field, index, replacement):
    """An edit that puts ``replacement`` (a list of nodes) in place of ``owner.field[index]``,
    unparses, and restores the tree; a statement list left empty gets a ``pass``."""

    def edit(tree):
        statements = getattr(owner, field)
        original = list(statements)
        statements[index:index + 1] = replacement
        if not statements:
            statements.append(ast.Pass())
        try:
            return ast.unparse(tree)
        finally:
            statements[:] = original

    return edit


def _statement_edits(function):
    edits = []
    for owner, field in _statement_lists(function):
        for index, statement in enumerate(getattr(owner, field)):
            edits.append(_replace_in_list(owner, field, index, []))
            if isinstance(statement, (ast.If, ast.For, ast.While)):
                edits.append(_replace_in_list(owner, field, index, statement.body))
                if statement.orelse:
                    edits.append(_replace_in_list(owner, field, index, statement.orelse))
    return edits


def _tuple_edits(function):
    """Drop one item of a tuple (a returned tuple, mostly)."""
    edits = []
    for node in ast.walk(function):
        if isinstance(node, ast.Tuple) and isinstance(node.ctx, ast.Load) and len(node.elts) > 1:
            edits.extend(_replace_in_list(node, "elts", index, []) for index in range(len(node.elts)))
    return edits


def _replace_expression(parent, field, index, replacement):
    """An edit that puts ``replacement`` where ``parent.field`` (or ``parent.field[index]``) is."""

    def edit(tree):
        original = getattr(parent, field) if index is None else getattr(parent, field)[index]
        _put(parent, field, index, replacement)
        try:
            return ast.unparse(tree)
        finally:
            _put(parent, field, index, original)

    return edit


def _expression_edits(function, types):
    """For every evaluated expression: each operand of the same type in its place, then each
    literal of its type (see ``_literals``)."""
    expressions = _readable_expressions(function)
    position_of = {id(node): position for position, (_, _, _, node) in enumerate(expressions)}
    operand_edits, literal_edits = [], []
    for position, (parent, field, index, node) in enumerate(expressions):
        kind = types.get(position)
        if kind is None:
            continue
        for child in ast.iter_child_nodes(node):
            if types.get(position_of.get(id(child))) is kind:
                operand_edits.append(_replace_expression(parent, field, index, child))
        if not isinstance(node, ast.Constant):
            for literal in _literals(kind):
                literal_edits.append(_replace_expression(parent, field, index, ast.Constant(literal)))
    return operand_edits + literal_edits
