"""Random, well-typed programs in the subset rumba compiles, for differential testing against CPython
and NumPy (see run.py).

``program(kind, seed, index)`` is deterministic in its three arguments and returns a ``Program``: the
text of a module with one ``@njit`` function ``f`` and the argument tuples to call it with, each
written as Python source (evaluated with ``ARG_NAMESPACE``, so that every call gets fresh arrays and a
finding can print its arguments as they are).

Two kinds:

- ``scalar``: int/float/bool arguments and locals (every variable keeps one Python type), arithmetic,
  bitwise and shift operators, comparisons (chained too), ``and``/``or``/``not``, ``if``/``elif``/
  ``else``, bounded ``while`` loops, ``for`` over ``range`` with either step sign, ``break``/
  ``continue``, early returns, conditional expressions, the ``math`` functions rumba compiles,
  ``abs``/``min``/``max``/``int``/``float``/``bool``. Integer literals stay small and shift counts
  stay in 0..63; the arguments include int64's extremes, so results may still leave int64: the
  runner skips those calls (see check.py).
- ``array``: NumPy arrays (float64/float32/int64/int32/uint8/bool, 1-D and 2-D, shapes that broadcast
  through size-1 and missing leading dimensions) in straight-line code: elementwise expressions and
  ufuncs, views made by slicing, in-place operators on arrays and on views, slice assignment and
  reductions with and without ``axis=``. Every expression is evaluated on small prototype arrays while
  it is generated, so NumPy itself decides each value's dtype and shape and rejects what it would not
  accept.
"""

import math
import random
from dataclasses import dataclass

import numpy as np

INT64_MIN = -(2 ** 63)
INT64_MAX = 2 ** 63 - 1

# Names an argument tuple's source text may use.
ARG_NAMESPACE = {"np": np, "nan": math.nan, "inf": math.inf}

HEADER = "import math\n\nimport numpy as np\n\nfrom rumba import njit\n\n\n@njit\n"

# The math functions generated are those rumba compiles today: math.isnan, isinf, atan2, copysign,
# hypot and trunc are compile errors ("not supported yet", see FINDINGS.md) and would hide everything
# else in a program, so they are left out until they compile.
MATH_UNARY = ("sqrt", "exp", "log", "sin", "cos", "tan", "tanh", "fabs")
MATH_TO_INT = ("floor", "ceil")

# rumba does not raise the ValueError/OverflowError CPython raises for math domain and range errors
# (math.sqrt(-1), math.exp(1000), 1e300 ** 2, math.pow(0.0, -1.0), ...; see FINDINGS.md). While that
# holds, the scalar generator guards the operands of those operations so that CPython does not raise
# there: otherwise a quarter of all programs fail on that one divergence and hide the rest. Set to
# False to generate the unguarded forms. (int(), math.floor() and math.ceil() of nan and inf raise as
# in CPython, so they are not guarded.)
GUARD_DOMAIN_ERRORS = True

# Operand templates by role: (unguarded, guarded); ``%s`` is the operand's text. Guarded, no operand
# makes CPython raise (a tiny base with a negative exponent overflows, so such bases are made whole
# numbers by ``// 0.25``: 0.0 ** -k still raises ZeroDivisionError, which rumba does raise).
_OPERANDS = {
    "sqrt": ("%s", "abs(%s)"),
    "log": ("%s", "(abs(%s) + 0.5)"),
    "exp": ("%s", "min(%s, 700.0)"),
    "sin": ("%s", "(%s %% 360.0)"),
    "cos": ("%s", "(%s %% 360.0)"),
    "tan": ("%s", "(%s %% 360.0)"),
    "base": ("%s", "min(max(%s, -1e10), 1e10)"),
    "reciprocal_base": ("%s", "(min(max(%s, -1e10), 1e10) // 0.25)"),
    "abs_base": ("abs(%s)", "(min(abs(%s), 1e10) // 0.25)"),
    "pow_base": ("abs(%s)", "(min(abs(%s), 1e10) + 0.5)"),
    "exponent": ("%s", "max(min(%s, 4.0), -4.0)"),
}

# Functions whose libm results may differ from CPython's in the last bits (compared with a tolerance,
# see check.py); sqrt, fabs, floor and ceil are exact and compared bit for bit.
TRANSCENDENTAL = ("math.exp", "math.log", "math.sin", "math.cos", "math.tan", "math.tanh", "math.pow",
                  "np.exp", "np.log", "np.sin", "np.cos")


@dataclass
class Program:
    """One generated test case: ``source`` defines ``f``; ``arg_sets`` are argument tuples as source
    text; ``approx`` says floats are compared with a small relative tolerance (the program calls a
    transcendental function or reduces a float sum over more than a few elements)."""

    kind: str
    seed: int
    index: int
    source: str
    arg_sets: list
    approx: bool


def program(kind, seed, index):
    """The ``index``-th program of ``kind`` for ``seed``."""
    rng = random.Random("%s:%d:%d" % (kind, seed, index))
    generator = {"scalar": ScalarGenerator, "array": ArrayGenerator}[kind](rng)
    source, arg_sets, approx = generator.generate()
    return Program(kind, seed, index, source, arg_sets, approx)


def _float_literal(value):
    """A float as source text that evaluates to exactly ``value`` in a program."""
    if math.isnan(value):
        return "math.nan"
    if math.isinf(value):
        return "math.inf" if value > 0 else "(-math.inf)"
    text = repr(value)
    return "(%s)" % text if text.startswith("-") else text


def _int_literal(value):
    return "(%d)" % value if value < 0 else str(value)


def _indent(lines):
    return ["    " + line for line in lines]


class ScalarGenerator:
    """Random scalar functions. ``self.variables`` is a stack of ``(name, type, assignable)`` in
    scope; a block pops what it defined when it ends, so a name is only read where CPython has surely
    assigned it."""

    TYPES = ("int", "float", "bool")
    SMALL_FLOATS = (0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -3.75, 0.1, 1e-3, 10.0, 1e10, 1e300, -1e-310,
                    math.inf, -math.inf, math.nan)
    EDGE_INTS = (0, 1, -1, 2, -2, 7, INT64_MIN, INT64_MAX, INT64_MIN + 1, 2 ** 31, -(2 ** 31) - 1,
                 2 ** 53 + 1, 2 ** 32)
    EDGE_FLOATS = (0.0, -0.0, 1.0, -1.0, 0.5, -2.5, math.inf, -math.inf, math.nan, 1e300, -1e300,
                   5e-324, 1e-310, 9007199254740993.0, 100.25)

    def __init__(self, rng):
        self.rng = rng
        self.variables = []
        self.names = 0
        self.loop_depth = 0
        self.statements = 0

    # --- the function ---------------------------------------------------------------------------

    def generate(self):
        rng = self.rng
        params = [("p%d" % i, rng.choice(("int", "int", "float", "float", "bool"))) for i in range(rng.randint(1, 4))]
        self.variables = [(name, kind, True) for name, kind in params]
        self.return_type = rng.choice(self.TYPES)
        body = self.block(depth=0, count=rng.randint(2, 6))
        body.append("return %s" % self.expr(self.return_type, 3))
        source = HEADER + "def f(%s):\n" % ", ".join(name for name, _ in params) + "\n".join(_indent(body)) + "\n"
        arg_sets = [self.arguments(params, edges=k > 1) for k in range(8)]
        approx = any(name in source for name in TRANSCENDENTAL)
        return source, arg_sets, approx

    def arguments(self, params, edges):
        """One argument tuple: small values, or (``edges``) mostly edge values."""
        values = []
        for _, kind in params:
            if kind == "bool":
                values.append(repr(self.rng.random() < 0.5))
            elif kind == "int":
                value = self.rng.choice(self.EDGE_INTS) if edges and self.rng.random() < 0.6 else self.rng.randint(-12, 12)
                values.append(repr(value))
            else:
                value = self.rng.choice(self.EDGE_FLOATS) if edges and self.rng.random() < 0.6 else round(self.rng.uniform(-20, 20), 2)
                values.append(repr(value))
        return "(%s,)" % ", ".join(values)

    # --- statements -----------------------------------------------------------------------------

    def new_name(self, prefix="v"):
        self.names += 1
        return "%s%d" % (prefix, self.names)

    def block(self, depth, count):
        """``count`` statements (at least one line); names defined here go out of scope at the end."""
        mark = len(self.variables)
        lines = []
        for _ in range(count):
            lines.extend(self.statement(depth))
        del self.variables[mark:]
        return lines or ["pass"]

    def statement(self, depth):
        rng = self.rng
        self.statements += 1
        nested = depth < 3 and self.statements < 25
        choices = ["new", "new", "assign", "augment"]
        if nested:
            choices += ["if", "if", "for", "while", "return"]
        if self.loop_depth:
            choices += ["break_continue"]
        choice = rng.choice(choices)
        if choice == "new":
            kind = rng.choice(self.TYPES)
            name = self.new_name()
            line = "%s = %s" % (name, self.expr(kind, 3))
            self.variables.append((name, kind, True))
            return [line]
        if choice in ("assign", "augment"):
            targets = [(name, kind) for name, kind, assignable in self.variables if assignable]
            if not targets:
                return []
            name, kind = rng.choice(targets)
            if choice == "augment" and kind != "bool":
                return [self.augmented(name, kind)]
            return ["%s = %s" % (name, self.expr(kind, 3))]
        if choice == "if":
            return self.if_statement(depth)
        if choice == "for":
            return self.for_statement(depth)
        if choice == "while":
            return self.while_statement(depth)
        if choice == "return":
            return ["if %s:" % self.expr("bool", 2)] + _indent(["return %s" % self.expr(self.return_type, 2)])
        word = rng.choice(("break", "continue"))
        return ["if %s:" % self.expr("bool", 2)] + _indent([word])

    def augmented(self, name, kind):
        if kind == "int":
            op = self.rng.choice(("+=", "-=", "*=", "//=", "%=", "&=", "|=", "^="))
            return "%s %s %s" % (name, op, self.expr("int", 2))
        op = self.rng.choice(("+=", "-=", "*=", "/=", "//=", "%="))
        return "%s %s %s" % (name, op, self.expr(self.rng.choice(("float", "float", "int")), 2))

    def if_statement(self, depth):
        rng = self.rng
        lines = ["if %s:" % self.expr("bool", 3)] + _indent(self.block(depth + 1, rng.randint(1, 3)))
        for _ in range(rng.choice((0, 0, 1, 2))):
            lines += ["elif %s:" % self.expr("bool", 2)] + _indent(self.block(depth + 1, rng.randint(1, 2)))
        if rng.random() < 0.5:
            lines += ["else:"] + _indent(self.block(depth + 1, rng.randint(1, 2)))
        return lines

    def bounded_int(self):
        """An int expression in -12..12 whatever the arguments (for range bounds)."""
        rng = self.rng
        if rng.random() < 0.5:
            return _int_literal(rng.randint(-6, 12))
        return "(%s %% %d)" % (self.expr("int", 2), rng.randint(1, 13)) if rng.random() < 0.7 else "(-(%s %% %d))" % (self.expr("int", 1), rng.randint(1, 13))

    def for_statement(self, depth):
        rng = self.rng
        name = self.new_name("i")
        form = rng.randint(0, 2)
        if form == 0:
            header = "range(%s)" % self.bounded_int()
        elif form == 1:
            header = "range(%s, %s)" % (self.bounded_int(), self.bounded_int())
        else:
            header = "range(%s, %s, %s)" % (self.bounded_int(), self.bounded_int(), _int_literal(rng.choice((-3, -2, -1, 1, 2, 3))))
        self.variables.append((name, "int", False))
        self.loop_depth += 1
        body = self.block(depth + 1, rng.randint(1, 4))
        self.loop_depth -= 1
        self.variables.pop()
        return ["for %s in %s:" % (name, header)] + _indent(body)

    def while_statement(self, depth):
        """``while`` with a counter bumped first in the body, so ``continue`` cannot make it spin."""
        rng = self.rng
        counter = self.new_name("w")
        condition = "%s < %d" % (counter, rng.randint(0, 9))
        if rng.random() < 0.6:
            condition += " and %s" % self.expr("bool", 2)
        self.variables.append((counter, "int", False))
        self.loop_depth += 1
        body = ["%s += 1" % counter] + self.block(depth + 1, rng.randint(1, 4))
        self.loop_depth -= 1
        return ["%s = 0" % counter, "while %s:" % condition] + _indent(body)

    # --- expressions ----------------------------------------------------------------------------

    def expr(self, kind, depth):
        """An expression whose CPython value always has type ``kind``."""
        if depth <= 0 or self.rng.random() < 0.25:
            return self.leaf(kind)
        form = self.rng.choice(getattr(self, "%s_forms" % kind))
        return form(self, depth - 1)

    def leaf(self, kind):
        rng = self.rng
        names = [name for name, k, _ in self.variables if k == kind]
        if names and rng.random() < 0.75:
            return rng.choice(names)
        if kind == "bool":
            return rng.choice(("True", "False"))
        if kind == "int":
            return _int_literal(rng.randint(-9, 9) if rng.random() < 0.9 else rng.choice((100, -100, 255, 1000, 65536)))
        return _float_literal(rng.choice(self.SMALL_FLOATS) if rng.random() < 0.3 else round(rng.uniform(-10, 10), 2))

    def _pick(self, *options):
        return self.rng.choice(options)

    # int-valued forms
    def _int_arith(self, d):
        return "(%s %s %s)" % (self.expr("int", d), self._pick("+", "-", "*"), self.expr("int", d))

    def _int_divmod(self, d):
        return "(%s %s %s)" % (self.expr("int", d), self._pick("//", "%"), self.expr("int", d))

    def _int_pow(self, d):
        return "(%s ** %d)" % (self.expr("int", d), self.rng.randint(0, 3))

    def _int_bitwise(self, d):
        return "(%s %s %s)" % (self.expr("int", d), self._pick("&", "|", "^"), self.expr("int", d))

    def _int_shift(self, d):
        if self.rng.random() < 0.5:
            count = str(self.rng.randint(0, 63) if self.rng.random() < 0.3 else self.rng.randint(0, 8))
        else:
            count = "(%s & %d)" % (self.expr("int", d), self._pick(7, 15, 63))
        return "(%s %s %s)" % (self.expr("int", d), self._pick("<<", ">>"), count)

    def _int_unary(self, d):
        return "(%s%s)" % (self._pick("-", "-", "+"), self.expr("int", d))

    def _int_builtin(self, d):
        name = self._pick("abs", "min", "max")
        count = 1 if name == "abs" else self.rng.randint(2, 3)
        return "%s(%s)" % (name, ", ".join(self.expr("int", d) for _ in range(count)))

    def _guard(self, role, text):
        """``text`` as the operand of ``role`` (see _OPERANDS), guarded when GUARD_DOMAIN_ERRORS."""
        return _OPERANDS[role][GUARD_DOMAIN_ERRORS] % text if role in _OPERANDS else text

    def _int_convert(self, d):
        if self.rng.random() < 0.3:
            return "int(%s)" % self.expr("bool", d)
        return "%s(%s)" % (self._pick("int", "math.floor", "math.ceil"), self.expr("float", d))

    def _int_conditional(self, d):
        return "(%s if %s else %s)" % (self.expr("int", d), self.expr("bool", d), self.expr("int", d))

    def _int_and_or(self, d):
        return "(%s %s %s)" % (self.expr("int", d), self._pick("and", "or"), self.expr("int", d))

    int_forms = [_int_arith, _int_arith, _int_divmod, _int_pow, _int_bitwise, _int_shift, _int_unary,
                 _int_builtin, _int_convert, _int_conditional, _int_and_or]

    # float-valued forms
    def _float_arith(self, d):
        left, right = self._pick(("float", "float"), ("float", "int"), ("int", "float"), ("float", "bool"))
        return "(%s %s %s)" % (self.expr(left, d), self._pick("+", "-", "*", "/"), self.expr(right, d))

    def _float_true_divide(self, d):
        return "(%s / %s)" % (self.expr("int", d), self.expr("int", d))

    def _float_divmod(self, d):
        left, right = self._pick(("float", "float"), ("float", "int"), ("int", "float"))
        return "(%s %s %s)" % (self.expr(left, d), self._pick("//", "%"), self.expr(right, d))

    def _float_pow(self, d):
        if self.rng.random() < 0.5:
            exponent = self.rng.randint(-2, 3)
            base = self._guard("base" if exponent >= 0 else "reciprocal_base", self.expr("float", d))
            return "(%s ** %s)" % (base, _int_literal(exponent))
        return "(%s ** %s)" % (self._guard("abs_base", self.expr("float", d)), self._guard("exponent", self.expr("float", d)))

    def _float_unary(self, d):
        return "(%s%s)" % (self._pick("-", "-", "+"), self.expr("float", d))

    def _float_math(self, d):
        if self.rng.random() < 0.15:
            base = self._guard("pow_base", self.expr("float", d))
            return "math.pow(%s, %s)" % (base, self._guard("exponent", self.expr("float", d)))
        name = self._pick(*MATH_UNARY)
        return "math.%s(%s)" % (name, self._guard(name, self.expr("float", d)))

    def _float_builtin(self, d):
        name = self._pick("abs", "min", "max")
        count = 1 if name == "abs" else self.rng.randint(2, 3)
        return "%s(%s)" % (name, ", ".join(self.expr("float", d) for _ in range(count)))

    def _float_convert(self, d):
        return "float(%s)" % self.expr(self._pick("int", "bool", "float"), d)

    def _float_conditional(self, d):
        return "(%s if %s else %s)" % (self.expr("float", d), self.expr("bool", d), self.expr("float", d))

    def _float_and_or(self, d):
        return "(%s %s %s)" % (self.expr("float", d), self._pick("and", "or"), self.expr("float", d))

    float_forms = [_float_arith, _float_arith, _float_true_divide, _float_divmod, _float_pow, _float_unary,
                   _float_math, _float_math, _float_builtin, _float_convert, _float_conditional, _float_and_or]

    # bool-valued forms
    def _bool_compare(self, d):
        left, right = self._pick(("int", "int"), ("float", "float"), ("int", "float"), ("bool", "bool"))
        return "(%s %s %s)" % (self.expr(left, d), self._pick("<", "<=", ">", ">=", "==", "!="), self.expr(right, d))

    def _bool_chained(self, d):
        kinds = self._pick(("int", "int", "int"), ("float", "float", "float"), ("int", "float", "int"))
        ops = [self._pick("<", "<=", ">", ">=", "==", "!=") for _ in range(2)]
        return "(%s %s %s %s %s)" % (self.expr(kinds[0], d), ops[0], self.expr(kinds[1], d), ops[1], self.expr(kinds[2], d))

    def _bool_not(self, d):
        return "(not %s)" % self.expr(self._pick("bool", "bool", "int", "float"), d)

    def _bool_and_or(self, d):
        return "(%s %s %s)" % (self.expr("bool", d), self._pick("and", "or"), self.expr("bool", d))

    def _bool_convert(self, d):
        return "bool(%s)" % self.expr(self._pick("int", "float"), d)

    def _bool_bitwise(self, d):
        return "(%s %s %s)" % (self.expr("bool", d), self._pick("&", "|", "^"), self.expr("bool", d))

    bool_forms = [_bool_compare, _bool_compare, _bool_chained, _bool_not, _bool_and_or, _bool_convert,
                  _bool_bitwise]


# The dtypes rumba has (NumPy also makes float16 and others, which rumba cannot represent).
RUMBA_DTYPES = ("float64", "float32", "int64", "int32", "int16", "int8", "uint64", "uint32", "uint16", "uint8", "bool")

# Array operations NumPy runs and rumba reports as "not supported yet" (see FINDINGS.md), as
# (operation, dtype kind of the array operands promoted together): arithmetic on bool arrays only
# (bool + bool, bool // bool, a bool array *= ...) and ** on integer and bool arrays. They are not
# generated, so that the rest of the program is tested; remove an entry once rumba compiles it.
NOT_COMPILED_YET = {("arithmetic", "b"), ("power", "b"), ("power", "i"), ("power", "u")}


class ArrayGenerator:
    """Random straight-line NumPy functions. ``self.values`` maps each name in scope to a prototype
    value (a small array of the right dtype and shape, or a scalar); candidate expressions and
    statements are run on the prototypes, and dropped when NumPy rejects them."""

    DTYPES = ("float64", "float32", "int64", "int32", "uint8", "bool")
    REDUCERS = ("sum", "prod", "min", "max", "mean", "argmin", "argmax")

    def __init__(self, rng):
        self.rng = rng
        self.values = {}
        self.names = 0
        self.approx = False

    def generate(self):
        rng = self.rng
        rows, cols = rng.randint(1, 4), rng.randint(1, 5)
        shapes = [(rows, cols), (cols,), (1, cols), (rows, 1), (1,), (rows, cols)]
        params = []
        for i in range(rng.randint(1, 3)):
            shape = rng.choice(shapes)
            dtype = rng.choice(self.DTYPES)
            name = "a%d" % i
            self.values[name] = np.ones(shape, dtype=dtype)
            params.append(name)
        if rng.random() < 0.4:
            self.values["t"] = rng.choice((2.5, 3))
            params.append("t")
        lines = []
        for _ in range(rng.randint(2, 6)):
            lines.extend(self.statement())
        results = self.results()
        lines.append("return " + ", ".join(results))
        source = HEADER + "def f(%s):\n" % ", ".join(params) + "\n".join(_indent(lines)) + "\n"
        arg_sets = [self.arguments([self.values[name] for name in params], k) for k in range(3)]
        approx = self.approx or any(name in source for name in TRANSCENDENTAL)
        return source, arg_sets, approx

    # --- evaluation on prototypes ---------------------------------------------------------------

    def evaluate(self, text):
        """The value of ``text`` on the prototypes, or None when NumPy rejects it."""
        namespace = {"np": np, **{name: _copy(value) for name, value in self.values.items()}}
        try:
            with np.errstate(all="ignore"):
                return eval(text, namespace)
        except Exception:  # noqa: BLE001 - anything NumPy refuses is not generated
            return None

    def accepts(self, statement):
        """Whether NumPy runs ``statement`` on copies of the prototypes."""
        namespace = {"np": np, **{name: _copy(value) for name, value in self.values.items()}}
        try:
            with np.errstate(all="ignore"):
                exec(statement, namespace)
        except Exception:  # noqa: BLE001
            return False
        return True

    def new_name(self, prefix):
        self.names += 1
        return "%s%d" % (prefix, self.names)

    # --- statements -----------------------------------------------------------------------------

    def statement(self):
        choice = self.rng.choice(("new", "new", "view", "reduce", "reduce", "inplace", "inplace", "setitem"))
        for _ in range(20):
            lines = getattr(self, "_" + choice)()
            if lines:
                return lines
        return []

    def _new(self):
        text = self.array_expr(3)
        value = self.evaluate(text)
        if not isinstance(value, np.ndarray) or value.ndim == 0:
            return None
        name = self.new_name("x")
        self.values[name] = value
        return ["%s = %s" % (name, text)]

    def _view(self):
        text = self.view_of(self.array_names())
        value = self.evaluate(text)
        if not isinstance(value, np.ndarray):
            return None
        name = self.new_name("w")
        self.values[name] = value
        return ["%s = %s" % (name, text)]

    def _reduce(self):
        rng = self.rng
        operand = self.array_expr(1)
        reducer = rng.choice(self.REDUCERS)
        axis = ""
        value = self.evaluate(operand)
        if not isinstance(value, np.ndarray) or value.size == 0:
            return None
        if value.ndim == 2 and rng.random() < 0.6:
            axis = "axis=%d" % rng.choice((0, 1, -1))
        elif rng.random() < 0.2:
            axis = "axis=0"
        if rng.random() < 0.5:
            text = "%s.%s(%s)" % (operand if _is_name(operand) else "(%s)" % operand, reducer, axis)
        else:
            text = "np.%s(%s)" % (reducer, ", ".join(filter(None, (operand, axis))))
        result = self.evaluate(text)
        if result is None:
            return None
        if reducer in ("sum", "prod", "mean") and (reducer == "mean" or value.dtype.kind == "f"):
            reduced = value.size if not axis else value.shape[int(axis[-1])]
            self.approx = self.approx or reduced > 4
        name = self.new_name("s" if np.ndim(result) == 0 else "x")
        self.values[name] = result
        return ["%s = %s" % (name, text)]

    def _inplace(self):
        names = self.array_names()
        target = self.rng.choice(names)
        if self.rng.random() < 0.5:
            target = self.view_of([target])
        value = self.operand(2)
        op = self.rng.choice(("+", "-", "*", "*", "/", "//"))
        if self.not_compiled_yet("arithmetic", [target, value]):
            return None
        statement = "%s %s= %s" % (target, op, value)
        return [statement] if self.accepts(statement) else None

    def _setitem(self):
        target = self.view_of(self.array_names())
        value = self.operand(2)
        if "[" not in target or np.ndim(self.evaluate(value)) > np.ndim(self.evaluate(target)):
            return None
        statement = "%s = %s" % (target, value)
        return [statement] if self.accepts(statement) else None

    def results(self):
        """Names to return: one to three of the locals (or the arguments, which may have changed)."""
        names = [name for name in self.values if name != "t"]
        locals_ = [name for name in names if not name.startswith("a")] or names
        count = min(len(locals_), self.rng.randint(1, 3))
        return self.rng.sample(locals_[-4:], count) if len(locals_) >= count else locals_

    # --- expressions ----------------------------------------------------------------------------

    def array_names(self):
        return [name for name, value in self.values.items() if isinstance(value, np.ndarray)]

    def view_of(self, names):
        """A name or a slice of it (a view): rows, columns, reversed, strided, one row."""
        rng = self.rng
        name = rng.choice(names)
        value = self.values[name]
        if value.ndim == 0 or rng.random() < 0.2:
            return name
        n = value.shape[0]
        if value.ndim == 1:
            return name + rng.choice(("[1:]", "[:-1]", "[::-1]", "[::2]", "[1::2]", "[%d:]" % rng.randint(-n, n)))
        m = value.shape[1]
        options = ["[1:]", "[::-1]", "[:, 1:]", "[:, ::2]", "[:, ::-1]", "[1:, :-1]", ".T"]
        if n:
            row = rng.randint(-n, n - 1)
            options += ["[%d]" % row, "[%d, :]" % row]
        if m:
            options += ["[:, %d]" % rng.randint(-m, m - 1)]
        return name + rng.choice(options)

    def scalar(self):
        """A scalar operand: a literal, the scalar argument or a scalar local."""
        rng = self.rng
        names = [name for name, value in self.values.items() if not isinstance(value, np.ndarray)]
        if names and rng.random() < 0.4:
            return rng.choice(names)
        return rng.choice(("2", "3", "1", "0", "2.0", "0.5", "(-1.5)", "(-2)", "10"))

    def operand(self, depth):
        return self.scalar() if self.rng.random() < 0.25 else self.array_expr(depth)

    def array_expr(self, depth):
        """Source text of an array-valued expression that NumPy accepts, whose dtype is one of
        rumba's (NumPy makes float16 of small ints and bools in ufuncs) and that is not in
        ``NOT_COMPILED_YET``; falls back to a plain name or view."""
        for _ in range(10):
            text, operation, operands = self._array_form(depth)
            value = self.evaluate(text)
            if isinstance(value, np.ndarray) and value.dtype.name in RUMBA_DTYPES and not self.not_compiled_yet(operation, operands):
                return text
        return self.view_of(self.array_names())

    def not_compiled_yet(self, operation, operands):
        """Whether ``operation`` on the ``operands`` (source texts) is in NOT_COMPILED_YET."""
        dtypes = [value.dtype for value in map(self.evaluate, operands) if isinstance(value, np.ndarray)]
        return bool(dtypes) and (operation, np.result_type(*dtypes).kind) in NOT_COMPILED_YET

    def _array_form(self, depth):
        """A random array expression, its outermost operation and that operation's operands (see
        NOT_COMPILED_YET)."""
        rng = self.rng
        if depth <= 0 or rng.random() < 0.3:
            return self.view_of(self.array_names()), None, []
        d = depth - 1
        form = rng.randint(0, 7)
        if form <= 1:
            op = rng.choice(("+", "-", "*", "/", "//", "%", "+", "*"))
            left, right = (self.array_expr(d), self.operand(d)) if rng.random() < 0.5 else (self.operand(d), self.array_expr(d))
            return "(%s %s %s)" % (left, op, right), "arithmetic", [left, right]
        if form == 2:
            base = self.array_expr(d)
            exponent = rng.choice(("2", "3", "0", "0.5", "2.0"))
            # NumPy squares, takes square roots and returns ones itself; other powers go to its SIMD
            # pow (SVML on AVX-512), which is not correctly rounded (FINDINGS.md #7).
            self.approx = self.approx or exponent == "3"
            return "(%s ** %s)" % (base, exponent), "power", [base]
        if form == 3:
            return "(%s%s)" % (rng.choice(("-", "-", "~")), self.array_expr(d)), None, []
        if form == 4:
            function = rng.choice(("sqrt", "exp", "log", "sin", "cos", "abs", "floor", "ceil", "isnan"))
            operand = self.array_expr(d)
            if function == "abs" and rng.random() < 0.3:
                return "abs(%s)" % operand, None, []
            return "np.%s(%s)" % (function, operand), None, []
        if form == 5:
            return "np.%s(%s, %s)" % (rng.choice(("minimum", "maximum")), self.array_expr(d), self.operand(d)), None, []
        if form == 6:
            return "np.where(%s, %s, %s)" % (self.comparison(d), self.operand(d), self.operand(d)), None, []
        return self.comparison(d), None, []

    def comparison(self, depth):
        return "(%s %s %s)" % (self.array_expr(depth), self.rng.choice(("<", "<=", ">", ">=", "==", "!=")), self.operand(depth))

    # --- arguments ------------------------------------------------------------------------------

    def arguments(self, prototypes, k):
        """Argument tuple ``k``: 0 plain values, 1 edge values (nan, inf, -0.0, extremes),
        2 plain values in a non-C-contiguous layout (Fortran order or every other element)."""
        texts = []
        for proto in prototypes:
            if not isinstance(proto, np.ndarray):
                texts.append(repr(self.rng.choice((2.5, -0.0, 1e300, math.nan, -7.0)) if isinstance(proto, float) else self.rng.randint(0, 5)))
                continue
            dtype = proto.dtype.name
            if k == 2 and proto.ndim == 1:
                values = [self.element(dtype, False) for _ in range(2 * proto.size)]
                texts.append("np.array(%s, dtype=%r)[::2]" % (_list_text(values), dtype))
                continue
            values = np.array([self.element(dtype, k == 1) for _ in range(proto.size)], dtype=object).reshape(proto.shape)
            text = "np.array(%s, dtype=%r)" % (_list_text(values.tolist()), dtype)
            texts.append("np.asfortranarray(%s)" % text if k == 2 else text)
        return "(%s,)" % ", ".join(texts)

    def element(self, dtype, edges):
        rng = self.rng
        if dtype == "bool":
            return rng.random() < 0.5
        if dtype.startswith("float"):
            if edges and rng.random() < 0.5:
                return rng.choice((math.nan, math.inf, -math.inf, -0.0, 0.0, 1e30, -1.0))
            return round(rng.uniform(-10, 10), 2)
        if dtype == "uint8":
            return rng.choice((0, 1, 255, 128)) if edges and rng.random() < 0.5 else rng.randint(0, 20)
        if edges and rng.random() < 0.5:
            big = 2 ** 62 if dtype == "int64" else 2 ** 30
            return rng.choice((0, -1, 1, big, -big))
        return rng.randint(-9, 9)


def _copy(value):
    return value.copy() if isinstance(value, np.ndarray) else value


def _is_name(text):
    return text.isidentifier()


def _list_text(values):
    """A nested list as source text (``nan``/``inf`` are names in ARG_NAMESPACE)."""
    if isinstance(values, list):
        return "[%s]" % ", ".join(_list_text(value) for value in values)
    return repr(values)
