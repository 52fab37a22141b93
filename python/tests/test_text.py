"""`print` in compiled code and exception messages that carry values, each compared with CPython
running the same function: the captured output (or the exception's text) must be the same
characters. Numbers are written by CPython's rules (`repr` of floats, the format mini-language for
f-string specs, `%` conversions, `format`), float32 numbers and arrays by NumPy's `str`; lists,
dicts and sets (nested, of tuples, empty) by their `repr` (sets whose insertion order is CPython's
iteration order: rumba walks a set in insertion order).

PYTEST_DONT_REWRITE: the functions compared use `assert`, whose message CPython must give as written."""

import numpy as np
import pytest

from _compare import jitted
from rumba import njit, prange
from rumba.errors import TypingError, UnsupportedError


def printed(capsys, function, *args):
    """What `function.py_func(*args)` prints under CPython and what the compiled function prints."""
    capsys.readouterr()
    function.py_func(*args)
    expected = capsys.readouterr().out
    function(*args)
    return capsys.readouterr().out, expected


def print_numbers(x, n, flag):
    print(x)
    print(n, flag, not flag)
    print("x =", x, "n =", n, sep=" ", end=";\n")
    print(x, n, sep="")
    print()
    print(None, (x, n), (n,), ((n, x), flag), "text", 'it\'s', "a\tb")
    print(-x, x * 1e20, x / 1e7, x + 1j * n)


@pytest.mark.parametrize("x", [0.1, 2.5, -0.0, 1e16, 1e15, 1e-5, 1e-4, 123456789.125, 5e-324, 1.7976931348623157e308, float("inf"), float("nan")])
@pytest.mark.parametrize("n", [0, -7, 2**63 - 1])
def test_print_of_numbers_matches_cpython(capsys, x, n):
    got, expected = printed(capsys, jitted(print_numbers), x, n, n > 0)
    assert got == expected


def f_strings(x, n):
    print(f"{x}|{x!r}|{x=}|{x:.3f}|{x:10.2e}|{x:+,.1f}|{x:g}|{x:.3}|{x:^12.4g}|{x:.1%}|{x:z.1f}|{x:#.0f}|{x:*<9}")
    print(f"{n}|{n:5d}|{n:<5}|{n:05}|{n:+}|{n:,}|{n:_}|{n:x}|{n:#X}|{n:#o}|{n:b}|{n:.2f}|{n:e}|{n=}")
    print(f"{x > 0}|{x > 0:>6}|{x < 0:d}")


@pytest.mark.parametrize("x", [0.0, -0.04, 3.14159, -2.5, 1234567.891, 1e-7, 6.02e23])
@pytest.mark.parametrize("n", [0, 42, -255, 1234567])
def test_f_string_specs_match_cpython(capsys, x, n):
    got, expected = printed(capsys, jitted(f_strings), x, n)
    assert got == expected


def conversions(x, n):
    print("%d items, %5.2f each, %e, %g, %x, %o, %s, %r, %%, %-6d|, %+d, %05d" % (n, x, x, x, n, n, x, n, n, n, n))
    print("value: " + str(x) + ", n: " + str(n) + ", " + repr(n) + ", " + format(x, ".2f"))
    print("one %s" % x)


@pytest.mark.parametrize("x, n", [(2.5, 7), (-1e-9, 255), (1e300, -3)])
def test_percent_and_str_conversions_match_cpython(capsys, x, n):
    got, expected = printed(capsys, jitted(conversions), x, n)
    assert got == expected


def array_values(a):
    print(a)
    print(a[0], a[-1])
    print("first:", a[:2], "sum:", a.sum())


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "uint8", "bool"])
def test_arrays_and_their_elements_print_as_numpy(capsys, dtype):
    values = np.array([0.1, 1e6, 2.5, 1e-5, 999999.0, 3.0, 0.0001, 16777216.0])
    a = (values * (1 if dtype in ("float64", "float32") else 7)).astype(dtype)
    got, expected = printed(capsys, jitted(array_values), a)
    assert got == expected


def matrices(a):
    print(a)
    print(a.T)
    print(a[::2, 1:])


@pytest.mark.parametrize("order", ["C", "F"])
def test_matrices_views_and_long_arrays_print_as_numpy(capsys, order):
    got, expected = printed(capsys, jitted(matrices), np.asarray(np.arange(12.0).reshape(3, 4) / 7, order=order))
    assert got == expected
    got, expected = printed(capsys, jitted(matrices), np.arange(4000, dtype=np.int64).reshape(2, 2000))
    assert got == expected


def checked(x, n):
    if x < 0:
        raise ValueError(f"x must not be negative, got {x}")
    if n > 10:
        raise IndexError("index", n, "out of range")
    for i in range(n):
        if i * x > 100:
            raise OverflowError("step %d reached %.2f" % (i, i * x))
    assert x != 5.0, f"x is {x:.1f}"
    assert n != 3, "n is " + str(n)
    return x


@pytest.mark.parametrize("x, n", [(-1.5, 2), (2.0, 11), (60.0, 5), (5.0, 2), (1.0, 3), (1.0, 2)])
def test_exception_messages_with_values_match_cpython(x, n):
    try:
        expected = ("ok", checked(x, n))
    except Exception as error:  # noqa: BLE001 - the outcome compared
        expected = (type(error), str(error))
    try:
        got = ("ok", jitted(checked)(x, n))
    except Exception as error:  # noqa: BLE001
        got = (type(error), str(error))
    assert got == expected


@njit(parallel=True)
def parallel_raise(a):
    total = 0.0
    for i in prange(a.shape[0]):
        if a[i] < 0:
            raise ValueError(f"negative element {a[i]}")
        total += a[i]
    return total


def test_a_message_formatted_on_a_worker_thread_reaches_the_caller():
    a = np.ones(100000)
    a[77777] = -2.5
    with pytest.raises(ValueError) as raised:
        parallel_raise(a)
    assert str(raised.value) == "negative element -2.5"


@njit(parallel=True)
def parallel_print(n):
    for i in prange(n):
        print("line", i, "of", n, "squared", i * i)


def test_lines_printed_by_parallel_iterations_stay_whole(capsys):
    capsys.readouterr()
    parallel_print(200)
    lines = capsys.readouterr().out.splitlines()
    assert sorted(lines) == sorted("line %d of 200 squared %d" % (i, i * i) for i in range(200))


def test_print_is_a_call_that_returns_none(capsys):
    @njit
    def printing(x):
        result = print(x)
        return result is None

    assert printing(1.5) is True
    assert capsys.readouterr().out == "1.5\n"


@pytest.mark.parametrize(
    "source, error, message",
    [
        ("def f(x):\n    print(f'{x:.2d}')\n", TypingError, "Unknown format code 'd' for object of type 'float'"),
        ("def f(x):\n    print(f'{x:.{2}f}')\n", UnsupportedError, "a format spec computed at run time"),
        ("def f(x):\n    print(x, file=None)\n", UnsupportedError, "print(file=...) is not supported"),
        ("def f(x):\n    print(x, color=1)\n", TypingError, "'color' is an invalid keyword argument for print()"),
        ("def f(x):\n    print('%5s' % x)\n", UnsupportedError, "the %-conversion '%5s' is not supported"),
        ("def f(x):\n    print('%d' % x)\n", UnsupportedError, "%d of a value that is not an integer"),
        ("def f(x):\n    print('%d %d' % (1,))\n", TypingError, "not enough arguments for format string"),
        ("def f(x):\n    raise ValueError(f'{x:,x}')\n", TypingError, "Unknown format code 'x' for object of type 'float'"),
        ("def f(x):\n    print(f'{[x]:>5}')\n", TypingError, "unsupported format string passed to list(float64).__format__"),
        ("def f(x):\n    print([np.ones(2)])\n", UnsupportedError, "printing a list(float64[::1]) is not supported yet"),
    ],
)
def test_formatting_misuse_is_a_located_error(tmp_path, source, error, message):
    path = tmp_path / "bad_text.py"
    path.write_text("import numpy as np\n" + source)
    namespace = {}
    exec(compile(path.read_text(), str(path), "exec"), namespace)
    with pytest.raises(error) as raised:
        njit(namespace["f"])(1.5)
    assert "bad_text.py:3:" in str(raised.value) and message in str(raised.value)


def print_containers(x, n):
    items = [x * k for k in range(n)]
    print(items, [], {}, [[n, -n], []], [(n, x), (0, -x)], [n > 0, n < 0])
    print({k: x * k for k in range(n)}, {(k, k + 1): [k] for k in range(n)}, {1: {2: True}})
    print("items: " + str(items), f"{items}|{[1 + 2j, -2j, 0j]!r}", sep="; ")
    ascending = set()
    for k in range(n):
        ascending.add(k)
    print(ascending, set(), {x})


@pytest.mark.parametrize("x", [0.5, -1e20, float("nan")])
@pytest.mark.parametrize("n", [0, 1, 4])
def test_lists_dicts_and_sets_print_as_cpython(capsys, x, n):
    got, expected = printed(capsys, jitted(print_containers), x, n)
    assert got == expected


def raise_with_a_list(n):
    items = [k * k for k in range(n)]
    raise ValueError(f"bad items {items}")


def test_an_exception_message_holds_a_list_as_cpython():
    with pytest.raises(ValueError) as expected:
        raise_with_a_list(4)
    with pytest.raises(ValueError) as got:
        jitted(raise_with_a_list)(4)
    assert str(got.value) == str(expected.value)


def message_of_a_failing_value(n):
    if n >= 0:
        raise ValueError(f"ratio {10 // n}")
    return n


def test_an_exception_raised_while_formatting_a_message_is_the_one_raised():
    # 10 // 0 raises ZeroDivisionError before the ValueError is constructed, as in CPython.
    for n in [0, 5]:
        try:
            message_of_a_failing_value(n)
        except Exception as error:  # noqa: BLE001 - the outcome compared
            expected = (type(error), str(error))
        with pytest.raises(Exception) as raised:
            jitted(message_of_a_failing_value)(n)
        assert (type(raised.value), str(raised.value)) == expected
