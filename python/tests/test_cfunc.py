"""`@cfunc`: functions of numbers compiled for C callers, called through `.ctypes` (the compiled code
at `.address`) and compared with CPython running the same function; the declared result type
converts the value; an exception, which a C caller cannot receive, is printed; signatures of
anything but numbers are located errors."""

import math

import pytest

from rumba import cfunc, types
from rumba.errors import UnsupportedError
from test_regressions import collatz_length


def hypotenuse(x, y):
    return math.sqrt(x * x + y * y)


def is_positive(x):
    return x > 0


def checked(n):
    if n < 0:
        raise ValueError("negative")
    return n * 10


@pytest.mark.parametrize("x, y", [(3.0, 4.0), (0.0, -2.5), (1e200, 1e200)])
def test_float_arguments(x, y):
    compiled = cfunc("float64(float64, float64)")(hypotenuse)
    assert compiled.ctypes(x, y) == hypotenuse(x, y)
    assert compiled.address > 0
    assert compiled(x, y) == hypotenuse(x, y)


@pytest.mark.parametrize("n", [1, 6, 27, 97])
def test_integer_loop(n):
    compiled = cfunc(types.int32(types.int64))(collatz_length)
    assert compiled.ctypes(n) == collatz_length(n)


def test_declared_result_converts_the_value():
    assert cfunc("float32(int64)")(collatz_length).ctypes(27) == float(collatz_length(27))
    assert cfunc("bool(float64)")(is_positive).ctypes(-1.0) is False
    assert cfunc("void(int64)")(checked).ctypes(3) is None


def test_an_exception_is_printed_for_a_c_caller(capsys):
    compiled = cfunc("int64(int64)")(checked)
    assert compiled.ctypes(4) == checked(4)
    capsys.readouterr()
    compiled.ctypes(-1)
    out = capsys.readouterr().out
    assert "cfunc 'checked' raised ValueError: negative" in out and "test_cfunc.py:" in out


def test_only_numbers_cross():
    with pytest.raises(UnsupportedError, match="a cfunc takes and returns real numbers and bools here"):
        cfunc("float64[:](float64[:])")(lambda_free_identity)
    with pytest.raises(Exception, match="must name the return type"):
        cfunc("(float64,)")(lambda_free_identity)


def lambda_free_identity(x):
    return x
