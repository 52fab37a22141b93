"""Errors: exceptions raised by compiled code, compile-time diagnostics and rejected options/values.

Covered: ``raise ValueError("msg")`` (and the other built-in exception classes rumba compiles) in
compiled code arrives as that exception with that message, as CPython raises it from ``.py_func``,
also from a callee and from inside loops, with a note naming where it was raised; ZeroDivisionError
from ``//``, ``%`` and ``/`` with CPython's messages; typing errors arrive as
``rumba.errors.TypingError`` (a ``TypeError``) and unsupported constructs (a list literal,
``print``, a ``with`` statement) as ``rumba.errors.UnsupportedError`` (a ``NotImplementedError``),
their messages giving ``file:line:col`` of the offending construct in this file, the source line and
a caret under the column; ``nopython``/``nogil``/``cache`` are accepted (object mode has tests of
its own, test_object_mode.py); arguments rumba cannot pass (a list, a string, ...) raise TypeError.

Expected line numbers are computed from this file's source (``inspect.getsourcelines``), never
written down.
"""

import inspect
import os
import re

import numpy as np
import pytest

import rumba
from rumba import errors, jit
from _compare import assert_same_exception, check, jitted, outcome

THIS_FILE = os.path.abspath(__file__)

# --------------------------------------------------------------------------------------------------
# Functions under test (top level and undecorated).
# --------------------------------------------------------------------------------------------------


def raise_value_error(x):
    if x > 0:
        raise ValueError("x must not be positive")
    return x


def raise_by_kind(kind):
    if kind == 1:
        raise ValueError("a value error")
    if kind == 2:
        raise TypeError("a type error")
    if kind == 3:
        raise IndexError("an index error")
    if kind == 4:
        raise KeyError("a key error")
    if kind == 5:
        raise RuntimeError("a runtime error")
    if kind == 6:
        raise OverflowError("an overflow error")
    if kind == 7:
        raise NotImplementedError("not implemented")
    if kind == 8:
        raise AssertionError("an assertion error")
    if kind == 9:
        raise ZeroDivisionError("a custom zero division")
    if kind == 10:
        raise ArithmeticError("an arithmetic error")
    if kind == 11:
        raise LookupError("a lookup error")
    if kind == 12:
        raise Exception("a plain exception")
    if kind == 13:
        raise ValueError()
    if kind == 14:
        raise RuntimeError("")
    if kind == 15:
        raise RuntimeWarning("a runtime warning")
    if kind == 16:
        raise FloatingPointError("a floating point error")
    if kind == 17:
        raise AttributeError("an attribute error")
    if kind == 18:
        raise UserWarning("a user warning")
    return kind * 2


def inner_check(x):
    if x < 0:
        raise ValueError("negative input")
    return x * 2


def outer_calls_inner(x):
    total = 0
    for i in range(3):
        total += inner_check(x - i)
    return total


def raise_in_loop(n, limit):
    total = 0
    for i in range(n):
        total += i
        if total > limit:
            raise OverflowError("total exceeded the limit")
    return total


def raise_in_while(n):
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            if n > 1000:
                raise RuntimeError("too large")
            n = 3 * n + 1
    return n


def raise_always(x):
    raise RuntimeError("always fails")


def array_check(a):
    for i in range(len(a)):
        if a[i] < 0:
            raise ValueError("negative element")
    return len(a)


def literal_floordiv_by_zero():
    return 1 // 0


def floordiv(a, b):
    return a // b


def mod(a, b):
    return a % b


def truediv(a, b):
    return a / b


def aug_floordiv(a, b):
    a //= b
    return a


def zero_division_in_callee(a):
    return floordiv(a, a - a) + 1


def does_not_type(x):
    t = (x, 2)
    return x + t


def returns_two_types(x):
    if x > 0:
        return x
    return (x, 1)


def calls_undefined(x):
    return no_such_function(x)  # noqa: F821 - the undefined name is the point


def helper_two_args(a, b):
    return a + b


def wrong_argument_count(x):
    return helper_two_args(x)


def uses_generator(x):
    values = (v for v in range(x))
    return x


def prints_to_a_file(x):
    print(x, file=None)
    return x


def uses_with(x):
    with x:
        pass
    return x


def plain(x):
    return x + 1


# --------------------------------------------------------------------------------------------------
# Exceptions raised by compiled code
# --------------------------------------------------------------------------------------------------


def location_of(function, needle, occurrence=0):
    """(line, col), 1-based, of the ``occurrence``-th line of ``function``'s body containing
    ``needle``, the column being where ``needle`` starts."""
    lines, first = inspect.getsourcelines(function)
    hits = [index for index, line in enumerate(lines) if needle in line and not line.lstrip().startswith("def ")]
    index = hits[occurrence]
    return first + index, lines[index].index(needle) + 1


@pytest.mark.parametrize("x", [-3, 0, 1, 10])
def test_value_error(x):
    check(jitted(raise_value_error), x)


def test_value_error_arrives_as_itself():
    with pytest.raises(ValueError) as info:
        jitted(raise_value_error)(5)
    assert type(info.value) is ValueError
    assert str(info.value) == "x must not be positive"
    assert info.value.args == ("x must not be positive",)
    # A note says where in this file it was raised.
    line, col = location_of(raise_value_error, "raise ValueError")
    notes = getattr(info.value, "__notes__", [])
    assert any("%s:%d:%d" % (THIS_FILE, line, col) in note for note in notes), notes


@pytest.mark.parametrize("kind", range(0, 20))
def test_builtin_exception_types(kind):
    check(jitted(raise_by_kind), kind)


@pytest.mark.parametrize("x", [5, 2, 1, 0, -1])
def test_exception_from_callee(x):
    check(jitted(outer_calls_inner), x)


@pytest.mark.parametrize("n, limit", [(5, 100), (10, 20), (100, 0), (0, -1)])
def test_exception_in_loop(n, limit):
    check(jitted(raise_in_loop), n, limit)


@pytest.mark.parametrize("n", [1, 6, 7, 27, 255, 1001])
def test_exception_in_while(n):
    check(jitted(raise_in_while), n)


def test_unconditional_raise():
    check(jitted(raise_always), 3)
    check(jitted(raise_always), 3.5)


def test_exception_with_array_argument():
    check(jitted(array_check), np.array([1.0, 2.0, 3.0]), exact_types=False)
    check(jitted(array_check), np.array([1.0, -2.0, 3.0]), exact_types=False)
    check(jitted(array_check), np.array([3, 2, 1, -1], dtype=np.int8)[::-1], exact_types=False)


def test_dispatcher_still_works_after_a_raise():
    d = jitted(raise_value_error)
    for x in [1, -1, 2, -2, 3]:
        check(d, x)


# --------------------------------------------------------------------------------------------------
# ZeroDivisionError with CPython's messages
# --------------------------------------------------------------------------------------------------


def test_literal_one_floordiv_zero():
    expected_kind, expected = outcome(literal_floordiv_by_zero, ())
    assert expected_kind == "raised"
    with pytest.raises(ZeroDivisionError) as info:
        jitted(literal_floordiv_by_zero)()
    assert_same_exception(info.value, expected)
    assert str(info.value) == str(expected)


@pytest.mark.parametrize("function", [floordiv, mod, truediv, aug_floordiv], ids=lambda f: f.__name__)
@pytest.mark.parametrize("a, b", [(1, 0), (-7, 0), (0, 0), (1.5, 0.0), (-1.5, -0.0), (1, 0.0), (1.5, 0), (True, False)])
def test_zero_division_messages(function, a, b):
    expected_kind, expected = outcome(function, (a, b))
    assert expected_kind == "raised" and type(expected) is ZeroDivisionError
    with pytest.raises(ZeroDivisionError) as info:
        jitted(function)(a, b)
    assert str(info.value) == str(expected)


@pytest.mark.parametrize("a", [1, 2.5])
def test_zero_division_in_callee(a):
    check(jitted(zero_division_in_callee), a)


# --------------------------------------------------------------------------------------------------
# Compile-time diagnostics
# --------------------------------------------------------------------------------------------------


def assert_diagnostic(error, function, needle, message_part=None):
    """The message starts with THIS_FILE:line:col of ``needle`` in ``function``, shows the source
    line, and a caret under the column."""
    line, col = location_of(function, needle)
    message = str(error)
    location = "%s:%d:%d" % (THIS_FILE, line, col)
    assert location in message, "expected %s in:\n%s" % (location, message)
    assert message.startswith(location), message
    assert "error" in message
    if message_part is not None:
        assert re.search(message_part, message, re.IGNORECASE), message
    source_line = inspect.getsourcelines(function)[0][line - inspect.getsourcelines(function)[1]].rstrip("\n")
    shown = message.splitlines()
    matches = [index for index, text in enumerate(shown) if text.rstrip().endswith(source_line.strip()) and index > 0]
    assert matches, "the source line %r is not shown in:\n%s" % (source_line, message)
    index = matches[0]
    assert index + 1 < len(shown), message
    shown_line, caret_line = shown[index], shown[index + 1]
    gutter = len(shown_line.rstrip()) - len(source_line.rstrip())
    assert gutter >= 0, message
    assert caret_line.strip().startswith("^"), message
    assert caret_line.index("^") == gutter + col - 1, "caret not under column %d:\n%s" % (col, message)


TYPING_CASES = [
    (does_not_type, (1,), "x + t", r"\+|operand|type"),
    (returns_two_types, (1,), "return (x, 1)", r"return"),
    (calls_undefined, (1,), "no_such_function(x)", r"no_such_function"),
    (wrong_argument_count, (1,), "helper_two_args(x)", r"argument"),
]


@pytest.mark.parametrize("function, args, needle, message_part", TYPING_CASES, ids=[case[0].__name__ for case in TYPING_CASES])
def test_typing_errors(function, args, needle, message_part):
    d = jit(function)
    with pytest.raises(errors.TypingError) as info:
        d(*args)
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, errors.RumbaError)
    assert_diagnostic(info.value, function, needle, message_part)


UNSUPPORTED_CASES = [
    (uses_generator, (1,), "(v for v in range(x))", r"generator"),
    (prints_to_a_file, (1,), "file=None", r"print\(file=...\)"),
    (uses_with, (1,), "with x:", r"with"),
]


@pytest.mark.parametrize("function, args, needle, message_part", UNSUPPORTED_CASES, ids=[case[0].__name__ for case in UNSUPPORTED_CASES])
def test_unsupported_constructs(function, args, needle, message_part):
    d = jit(function)
    with pytest.raises(errors.UnsupportedError) as info:
        d(*args)
    assert isinstance(info.value, NotImplementedError)
    assert isinstance(info.value, errors.RumbaError)
    assert not isinstance(info.value, TypeError)
    assert_diagnostic(info.value, function, needle, message_part)


def test_diagnostics_at_decoration_with_signature():
    with pytest.raises(errors.TypingError) as info:
        jit("i8(i8)")(does_not_type)
    assert_diagnostic(info.value, does_not_type, "x + t")
    with pytest.raises(errors.UnsupportedError) as info:
        jit("i8(i8)")(prints_to_a_file)
    assert_diagnostic(info.value, prints_to_a_file, "file=None")


def test_error_class_hierarchy():
    assert issubclass(errors.TypingError, TypeError)
    assert issubclass(errors.TypingError, errors.RumbaError)
    assert issubclass(errors.UnsupportedError, NotImplementedError)
    assert issubclass(errors.UnsupportedError, errors.RumbaError)
    assert issubclass(errors.InternalError, errors.RumbaError)
    assert errors.NumbaTypeError is errors.TypingError
    assert errors.UnsupportedFeatureError is errors.UnsupportedError


def test_failed_compilation_does_not_poison_the_dispatcher():
    d = jit(does_not_type)
    for _ in range(2):
        with pytest.raises(errors.TypingError):
            d(1)
    assert d.signatures == []


# --------------------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["fastmath", "parallel", "boundscheck"])
def test_pending_options_false_are_accepted(option):
    d = jit(**{option: False})(plain)
    check(d, 41)


@pytest.mark.parametrize("options", [{"nopython": True}, {"nogil": True}, {"cache": True}, {"nopython": True, "nogil": True, "cache": True}])
def test_accepted_options(options):
    d = jit(**options)(plain)
    check(d, 41)
    check(d, 1.5)
    d = jit("i8(i8)", **options)(plain)
    check(d, 41)
    d = rumba.njit(**options)(plain)
    check(d, -3)


def test_unknown_option():
    with pytest.raises(TypeError):
        jit(no_such_option=True)(plain)


# --------------------------------------------------------------------------------------------------
# Values rumba cannot pass
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [[], ["a", 1], ("a", {}), {"a": 1, 2: 3}, np.float16(1.0), np.complex256(1.0), np.zeros(3, dtype=np.complex256),
     np.zeros(3, dtype=np.float16), np.array(["a", "b"])],
    ids=["empty-list", "list-of-str-and-int", "tuple-of-empty-dict", "dict-of-mixed-keys", "float16", "complex256", "complex256-array", "float16-array",
         "str-array"],
)
def test_unsupported_argument_values(value):
    d = jit(plain)
    with pytest.raises(TypeError, match=r"plain\(\): argument 'x': rumba cannot pass"):
        d(value)
    assert d.signatures == []


def test_keyword_arguments_bind_as_in_python():
    d = jit(plain)
    assert d(x=1) == plain(x=1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'y'"):
        d(1, y=1)
    with pytest.raises(TypeError, match="missing a required argument: 'x'"):
        d()


# --------------------------------------------------------------------------------------------------
# Every error of a compilation
# --------------------------------------------------------------------------------------------------


def independent_errors(a, n):
    x = a + "text"
    y = x * 2
    if n > 0:
        w = n.nonexistent
    return abs("again")


def test_every_independent_error_is_reported_not_its_consequences():
    with pytest.raises(errors.RumbaError) as info:
        jit(independent_errors)(1.0, 2)
    reported = re.findall(r"test_errors\.py:(\d+):(\d+): error", str(info.value))
    expected = [location_of(independent_errors, needle) for needle in ['a + "text"', "n.nonexistent", 'abs("again")']]
    # `y = x * 2` reads `x`, which the failed first statement assigns: not reported.
    assert [(int(line), int(col)) for line, col in reported] == expected
