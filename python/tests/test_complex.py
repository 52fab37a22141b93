"""Complex numbers (complex128): literals, complex(), + - * / (CPython's formulas, so the same
bits), ==, !=, unary minus, .real, .imag, abs() and truth values, mixed with ints and floats, and
complex arguments and results (Python complex, NumPy complex128 scalars, a `complex128` signature).
Each function runs in CPython and under rumba, and the parts must be the same bits."""
import math

import numpy as np
import pytest

import rumba
from rumba.errors import TypingError, UnsupportedError


def same(function, *arguments):
    expected = function(*arguments)
    got = rumba.njit(function)(*arguments)
    assert len(got) == len(expected)
    for got_part, expected_part in zip(got, expected):
        assert type(got_part) is type(expected_part)
        assert got_part == expected_part or (math.isnan(got_part) and math.isnan(expected_part)), (got, expected)


def add(a, b, c, d):
    z = complex(a, b) + complex(c, d)
    return z.real, z.imag


def sub(a, b, c, d):
    z = complex(a, b) - complex(c, d)
    return z.real, z.imag


def mul(a, b, c, d):
    z = complex(a, b) * complex(c, d)
    return z.real, z.imag


def div(a, b, c, d):
    z = complex(a, b) / complex(c, d)
    return z.real, z.imag


def mixed(a, b, x, n):
    z = complex(a, b)
    w = (z * x + n) / (2 - z) - 1j * n + x / z
    return w.real, w.imag


def literals(x):
    z = 2.5j + x
    w = -z
    return w.real, w.imag, (3 - 4j).imag


def magnitude(a, b):
    return (abs(complex(a, b)),)


def comparisons(a, b, c, d):
    z, w = complex(a, b), complex(c, d)
    return z == w, z != w, z == a, bool(z), (1 if z else 0)


def iterate(a, b, n):
    z = 0j
    c = complex(a, b)
    for _ in range(n):
        z = z * z + c
    return z.real, z.imag


VALUES = [0.0, -0.0, 1.0, -2.5, 3.0e-300, 7.0e300, math.inf, -math.inf, math.nan, 0.1]


@pytest.mark.parametrize("function", [add, sub, mul, div])
@pytest.mark.parametrize("a, b", [(1.0, 2.0), (-0.0, 3.5), (math.inf, 1.0), (7.0e300, -7.0e300), (math.nan, 0.0)])
@pytest.mark.parametrize("c, d", [(0.5, -1.5), (3.0, 0.0), (0.0, 2.0), (1.0e-300, 1.0e-300), (math.inf, math.nan), (2.0, 2.0)])
def test_arithmetic_matches_cpython(function, a, b, c, d):
    same(function, a, b, c, d)


@pytest.mark.parametrize("a, b", [(a, b) for a in VALUES for b in VALUES[:5]])
def test_magnitude_and_truth(a, b):
    same(magnitude, a, b)
    same(comparisons, a, b, a, -b)


@pytest.mark.parametrize("x, n", [(0.5, 3), (-2.0, 0), (1.0e10, -7)])
def test_mixed_operands_and_literals(x, n):
    same(mixed, 1.5, -0.25, x, n)
    same(literals, x)


def test_escape_iteration():
    same(iterate, -0.75, 0.1, 50)


def squared(z):
    return z * z


def through_a_call_a_tuple_and_a_reduction(x, values):
    pair = (complex(x, 2.0), 1.5)
    total = 0j
    for i in rumba.prange(values.shape[0]):
        total += values[i] * 1j
    return squared(pair[0]).real + pair[1], total.imag


def parallel_complex_sum(values):
    total = 0j
    for i in rumba.prange(values.shape[0]):
        total += values[i] * 1j
    return total.imag


def test_a_parallel_complex_reduction_is_a_located_error():
    with pytest.raises(UnsupportedError, match="'total' is a complex reduction") as raised:
        rumba.njit(parallel=True)(parallel_complex_sum)(np.arange(3.0))
    assert "test_complex.py:" in str(raised.value)
    assert rumba.njit(parallel_complex_sum)(np.arange(3.0)) == parallel_complex_sum(np.arange(3.0))


def test_calls_tuples_and_prange_reductions():
    values = np.arange(5.0)
    expected = through_a_call_a_tuple_and_a_reduction(3.0, values)
    assert rumba.njit(through_a_call_a_tuple_and_a_reduction)(3.0, values) == expected


def by_zero_literal(a):
    z = complex(a, 1.0) / 0j
    return z.real, z.imag


def power(z, w):
    return z**w


@pytest.mark.parametrize("w", [0, 1, 2, 3, -1, -2, 100, 101, -100, 0.5, 2.5, 1j, 0.5 - 2j, complex(2, 0), 0.0, -0.0], ids=repr)
@pytest.mark.parametrize("z", [1 + 2j, -0.5 + 0.25j, 3 - 4j, 2 + 0j, 1e200 + 1e200j, 0j], ids=repr)
def test_powers_match_cpython(z, w):
    # CPython's complex.__pow__: products (and a reciprocal) for integer exponents of at most 100
    # in magnitude, the polar formula otherwise, ZeroDivisionError for 0 to a negative or complex
    # power.
    try:
        expected = power(z, w)
    except (ZeroDivisionError, OverflowError) as error:
        if isinstance(error, OverflowError):
            pytest.skip("CPython raises OverflowError where the result overflows; rumba gives the inf")
        with pytest.raises(ZeroDivisionError, match="0.0 to a negative or complex power"):
            rumba.njit(power)(z, w)
        return
    got = rumba.njit(power)(z, complex(w))
    # Integer exponents bit for bit; the polar formula within an ulp (libm's pow, exp, sin, cos).
    tolerance = 0.0 if isinstance(w, int) else 1e-15
    for part in ("real", "imag"):
        got_part, expected_part = getattr(got, part), getattr(expected, part)
        assert (math.isnan(got_part) and math.isnan(expected_part)) or math.isclose(got_part, expected_part, rel_tol=tolerance, abs_tol=1e-300), (got, expected)


def test_division_by_zero_raises():
    with pytest.raises(ZeroDivisionError, match="complex division by zero"):
        rumba.njit(div)(1.0, 1.0, 0.0, 0.0)
    with pytest.raises(ZeroDivisionError, match="complex division by zero"):
        rumba.njit(by_zero_literal)(1.0)


def ordered(a):
    return complex(a, 1.0) < 1j


def floor(a):
    z = complex(a, 1.0) // 2
    return z.real


def truncate(a):
    return int(complex(a, 1.0))


def complex_of_complex(a):
    return complex(complex(a, 1.0), 2.0).real


def complex_of_one_complex(a):
    return complex(complex(a, 1.0)) * 2.0


def test_complex_of_one_complex_number_is_that_number():
    assert rumba.njit(complex_of_one_complex)(1.5) == complex_of_one_complex(1.5)


def complex_array_maximum(a):
    return (np.arange(4.0) * 1j).reshape(2, 2).max(axis=0)


def store_into_float_array(a):
    values = np.zeros(2)
    values[0] = complex(a, 1.0)
    return values[0]


def add_into_float_array(a):
    values = np.zeros(2)
    values[1] += 1j * a
    return values[1]


@pytest.mark.parametrize(
    "function, error, message",
    [
        (ordered, TypingError, "'<' is not supported between complex numbers"),
        (floor, TypingError, "unsupported operand types for //"),
        (truncate, TypingError, "int\\(\\) of a complex number"),
        (complex_of_complex, TypingError, "complex\\(\\) takes one or two real numbers"),
        (store_into_float_array, TypingError, "cannot store a complex number into an array element"),
        (add_into_float_array, TypingError, "cannot store a complex number into an array element"),
    ],
)
def test_what_is_not_supported_is_a_located_error(function, error, message):
    with pytest.raises(error, match=message) as raised:
        rumba.njit(function)(1.0)
    assert "test_complex.py:" in str(raised.value)


def test_the_maximum_of_a_complex_array_along_an_axis_matches_numpy():
    got = rumba.njit(complex_array_maximum)(1.0)
    expected = complex_array_maximum(1.0)
    assert got.dtype == expected.dtype and np.array_equal(got, expected)


def same_bits(got, expected):
    assert type(got) is complex
    for got_part, expected_part in [(got.real, expected.real), (got.imag, expected.imag)]:
        assert math.copysign(1.0, got_part) == math.copysign(1.0, expected_part), (got, expected)
        assert got_part == expected_part or (math.isnan(got_part) and math.isnan(expected_part)), (got, expected)


def polynomial(z, w):
    return z * z - 2.5 * w + 1j


def quotient_and_parts(z, w):
    q = z / w
    return q, q.real, abs(q), -q


COMPLEX_VALUES = [0j, complex(-0.0, 0.0), 1 + 2j, -3.5 - 0.25j, complex(1e300, -1e-300), complex(math.inf, 1.0), complex(math.nan, 2.0), 2j]


@pytest.mark.parametrize("z", COMPLEX_VALUES)
@pytest.mark.parametrize("w", [1 - 1j, 0.5j, complex(-2.0, -0.0), 3 + 0j])
def test_complex_arguments_and_results(z, w):
    compiled = rumba.njit(polynomial)
    same_bits(compiled(z, w), polynomial(z, w))
    got, expected = rumba.njit(quotient_and_parts)(z, w), quotient_and_parts(z, w)
    same_bits(got[0], expected[0])
    same_bits(got[3], expected[3])
    assert got[1:3] == pytest.approx(expected[1:3], nan_ok=True)


def test_numpy_complex_scalars_and_real_arguments():
    compiled = rumba.njit(polynomial)
    same_bits(compiled(np.complex128(1.5 - 2j), 2j), polynomial(complex(1.5, -2.0), 2j))
    assert rumba.typeof(np.complex128(1j)) == "complex128" and rumba.typeof(1j) == "complex128"
    same_bits(compiled(2.0, 1j), polynomial(2.0, 1j))


def test_complex_signature():
    scale = rumba.jit(rumba.complex128(rumba.complex128, rumba.float64))(lambda_free_scale)
    same_bits(scale(1 + 1j, 2.0), (1 + 1j) * 2.0)
    same_bits(scale(3.0, 0.5), complex(3.0) * 0.5)
    with pytest.raises(TypeError, match="no compiled signature"):
        scale(1j, 1j)


def lambda_free_scale(z, x):
    return z * x


def test_a_complex_result_does_not_convert_to_a_real_signature():
    with pytest.raises(TypingError, match="declares float64 but 'lambda_free_scale' returns complex128"):
        rumba.jit("f8(c16, f8)")(lambda_free_scale)


def parts_of_real_numbers(x, n):
    return x.real, x.imag, n.real, n.imag, (x * n).imag


@pytest.mark.parametrize("x, n", [(2.5, 3), (-0.0, -7)])
def test_real_numbers_have_real_and_imag_parts(x, n):
    # Python's and NumPy's numbers all have .real and .imag: itself, and a zero of its type.
    got = rumba.njit(parts_of_real_numbers)(x, n)
    expected = parts_of_real_numbers(x, n)
    assert got == expected and [type(part) for part in got] == [type(part) for part in expected]
