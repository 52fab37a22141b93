"""NumPy's ufuncs in compiled code (frontend/src/ufuncs.rs), differentially against NumPy: on
arrays of every dtype NumPy gives a result type rumba has (C, Fortran and strided), with NaN, ±inf,
±0 and integer extremes, on NumPy scalars, and the `math` functions that share their kernels
against CPython. Where NumPy computes in float16 (ufuncs of float results on int8, uint8 and bool),
rumba computes in float32, as Numba does, and is compared with NumPy on the operands as float32.

Exact functions must agree bit for bit; the transcendental ones within a few ulp: NumPy computes
several of them with its own SIMD code (SVML on AVX-512), which is not libm's.
"""

import math

import numpy as np
import pytest

from rumba import errors, njit

from _compare import assert_same_value


# One compiled function per ufunc: rumba compiles source, so each call is spelled out.
@njit
def unary_sqrt(a):
    return np.sqrt(a)

@njit
def unary_exp(a):
    return np.exp(a)

@njit
def unary_exp2(a):
    return np.exp2(a)

@njit
def unary_expm1(a):
    return np.expm1(a)

@njit
def unary_log(a):
    return np.log(a)

@njit
def unary_log2(a):
    return np.log2(a)

@njit
def unary_log10(a):
    return np.log10(a)

@njit
def unary_log1p(a):
    return np.log1p(a)

@njit
def unary_sin(a):
    return np.sin(a)

@njit
def unary_cos(a):
    return np.cos(a)

@njit
def unary_tan(a):
    return np.tan(a)

@njit
def unary_arcsin(a):
    return np.arcsin(a)

@njit
def unary_arccos(a):
    return np.arccos(a)

@njit
def unary_arctan(a):
    return np.arctan(a)

@njit
def unary_sinh(a):
    return np.sinh(a)

@njit
def unary_cosh(a):
    return np.cosh(a)

@njit
def unary_tanh(a):
    return np.tanh(a)

@njit
def unary_arcsinh(a):
    return np.arcsinh(a)

@njit
def unary_arccosh(a):
    return np.arccosh(a)

@njit
def unary_arctanh(a):
    return np.arctanh(a)

@njit
def unary_cbrt(a):
    return np.cbrt(a)

@njit
def unary_fabs(a):
    return np.fabs(a)

@njit
def unary_rint(a):
    return np.rint(a)

@njit
def unary_degrees(a):
    return np.degrees(a)

@njit
def unary_rad2deg(a):
    return np.rad2deg(a)

@njit
def unary_radians(a):
    return np.radians(a)

@njit
def unary_deg2rad(a):
    return np.deg2rad(a)

@njit
def unary_floor(a):
    return np.floor(a)

@njit
def unary_ceil(a):
    return np.ceil(a)

@njit
def unary_trunc(a):
    return np.trunc(a)

@njit
def unary_abs(a):
    return np.abs(a)

@njit
def unary_absolute(a):
    return np.absolute(a)

@njit
def unary_sign(a):
    return np.sign(a)

@njit
def unary_square(a):
    return np.square(a)

@njit
def unary_reciprocal(a):
    return np.reciprocal(a)

@njit
def unary_negative(a):
    return np.negative(a)

@njit
def unary_positive(a):
    return np.positive(a)

@njit
def unary_invert(a):
    return np.invert(a)

@njit
def unary_bitwise_not(a):
    return np.bitwise_not(a)

@njit
def unary_isnan(a):
    return np.isnan(a)

@njit
def unary_isinf(a):
    return np.isinf(a)

@njit
def unary_isfinite(a):
    return np.isfinite(a)

@njit
def unary_signbit(a):
    return np.signbit(a)

@njit
def unary_logical_not(a):
    return np.logical_not(a)

@njit
def binary_add(a, b):
    return np.add(a, b)

@njit
def binary_subtract(a, b):
    return np.subtract(a, b)

@njit
def binary_multiply(a, b):
    return np.multiply(a, b)

@njit
def binary_divide(a, b):
    return np.divide(a, b)

@njit
def binary_true_divide(a, b):
    return np.true_divide(a, b)

@njit
def binary_floor_divide(a, b):
    return np.floor_divide(a, b)

@njit
def binary_remainder(a, b):
    return np.remainder(a, b)

@njit
def binary_mod(a, b):
    return np.mod(a, b)

@njit
def binary_power(a, b):
    return np.power(a, b)

@njit
def binary_bitwise_and(a, b):
    return np.bitwise_and(a, b)

@njit
def binary_bitwise_or(a, b):
    return np.bitwise_or(a, b)

@njit
def binary_bitwise_xor(a, b):
    return np.bitwise_xor(a, b)

@njit
def binary_left_shift(a, b):
    return np.left_shift(a, b)

@njit
def binary_right_shift(a, b):
    return np.right_shift(a, b)

@njit
def binary_less(a, b):
    return np.less(a, b)

@njit
def binary_less_equal(a, b):
    return np.less_equal(a, b)

@njit
def binary_greater(a, b):
    return np.greater(a, b)

@njit
def binary_greater_equal(a, b):
    return np.greater_equal(a, b)

@njit
def binary_equal(a, b):
    return np.equal(a, b)

@njit
def binary_not_equal(a, b):
    return np.not_equal(a, b)

@njit
def binary_arctan2(a, b):
    return np.arctan2(a, b)

@njit
def binary_hypot(a, b):
    return np.hypot(a, b)

@njit
def binary_copysign(a, b):
    return np.copysign(a, b)

@njit
def binary_nextafter(a, b):
    return np.nextafter(a, b)

@njit
def binary_logaddexp(a, b):
    return np.logaddexp(a, b)

@njit
def binary_logaddexp2(a, b):
    return np.logaddexp2(a, b)

@njit
def binary_heaviside(a, b):
    return np.heaviside(a, b)

@njit
def binary_fmod(a, b):
    return np.fmod(a, b)

@njit
def binary_minimum(a, b):
    return np.minimum(a, b)

@njit
def binary_maximum(a, b):
    return np.maximum(a, b)

@njit
def binary_fmin(a, b):
    return np.fmin(a, b)

@njit
def binary_fmax(a, b):
    return np.fmax(a, b)

@njit
def binary_logical_and(a, b):
    return np.logical_and(a, b)

@njit
def binary_logical_or(a, b):
    return np.logical_or(a, b)

@njit
def binary_logical_xor(a, b):
    return np.logical_xor(a, b)

@njit
def math_sqrt(x):
    return math.sqrt(x)

@njit
def math_exp(x):
    return math.exp(x)

@njit
def math_exp2(x):
    return math.exp2(x)

@njit
def math_expm1(x):
    return math.expm1(x)

@njit
def math_log(x):
    return math.log(x)

@njit
def math_log2(x):
    return math.log2(x)

@njit
def math_log10(x):
    return math.log10(x)

@njit
def math_log1p(x):
    return math.log1p(x)

@njit
def math_sin(x):
    return math.sin(x)

@njit
def math_cos(x):
    return math.cos(x)

@njit
def math_tan(x):
    return math.tan(x)

@njit
def math_asin(x):
    return math.asin(x)

@njit
def math_acos(x):
    return math.acos(x)

@njit
def math_atan(x):
    return math.atan(x)

@njit
def math_sinh(x):
    return math.sinh(x)

@njit
def math_cosh(x):
    return math.cosh(x)

@njit
def math_tanh(x):
    return math.tanh(x)

@njit
def math_asinh(x):
    return math.asinh(x)

@njit
def math_acosh(x):
    return math.acosh(x)

@njit
def math_atanh(x):
    return math.atanh(x)

@njit
def math_cbrt(x):
    return math.cbrt(x)

@njit
def math_fabs(x):
    return math.fabs(x)

@njit
def math_floor(x):
    return math.floor(x)

@njit
def math_ceil(x):
    return math.ceil(x)

@njit
def math_trunc(x):
    return math.trunc(x)

@njit
def math_degrees(x):
    return math.degrees(x)

@njit
def math_radians(x):
    return math.radians(x)

@njit
def math_isnan(x):
    return math.isnan(x)

@njit
def math_isinf(x):
    return math.isinf(x)

@njit
def math_isfinite(x):
    return math.isfinite(x)

@njit
def math_erf(x):
    return math.erf(x)

@njit
def math_erfc(x):
    return math.erfc(x)

@njit
def math_pow(x, y):
    return math.pow(x, y)

@njit
def math_atan2(x, y):
    return math.atan2(x, y)

@njit
def math_hypot(x, y):
    return math.hypot(x, y)

@njit
def math_copysign(x, y):
    return math.copysign(x, y)

@njit
def math_fmod(x, y):
    return math.fmod(x, y)

UNARY = {'sqrt': unary_sqrt, 'exp': unary_exp, 'exp2': unary_exp2, 'expm1': unary_expm1, 'log': unary_log, 'log2': unary_log2, 'log10': unary_log10, 'log1p': unary_log1p, 'sin': unary_sin, 'cos': unary_cos, 'tan': unary_tan, 'arcsin': unary_arcsin, 'arccos': unary_arccos, 'arctan': unary_arctan, 'sinh': unary_sinh, 'cosh': unary_cosh, 'tanh': unary_tanh, 'arcsinh': unary_arcsinh, 'arccosh': unary_arccosh, 'arctanh': unary_arctanh, 'cbrt': unary_cbrt, 'fabs': unary_fabs, 'rint': unary_rint, 'degrees': unary_degrees, 'rad2deg': unary_rad2deg, 'radians': unary_radians, 'deg2rad': unary_deg2rad, 'floor': unary_floor, 'ceil': unary_ceil, 'trunc': unary_trunc, 'abs': unary_abs, 'absolute': unary_absolute, 'sign': unary_sign, 'square': unary_square, 'reciprocal': unary_reciprocal, 'negative': unary_negative, 'positive': unary_positive, 'invert': unary_invert, 'bitwise_not': unary_bitwise_not, 'isnan': unary_isnan, 'isinf': unary_isinf, 'isfinite': unary_isfinite, 'signbit': unary_signbit, 'logical_not': unary_logical_not}
BINARY = {'add': binary_add, 'subtract': binary_subtract, 'multiply': binary_multiply, 'divide': binary_divide, 'true_divide': binary_true_divide, 'floor_divide': binary_floor_divide, 'remainder': binary_remainder, 'mod': binary_mod, 'power': binary_power, 'bitwise_and': binary_bitwise_and, 'bitwise_or': binary_bitwise_or, 'bitwise_xor': binary_bitwise_xor, 'left_shift': binary_left_shift, 'right_shift': binary_right_shift, 'less': binary_less, 'less_equal': binary_less_equal, 'greater': binary_greater, 'greater_equal': binary_greater_equal, 'equal': binary_equal, 'not_equal': binary_not_equal, 'arctan2': binary_arctan2, 'hypot': binary_hypot, 'copysign': binary_copysign, 'nextafter': binary_nextafter, 'logaddexp': binary_logaddexp, 'logaddexp2': binary_logaddexp2, 'heaviside': binary_heaviside, 'fmod': binary_fmod, 'minimum': binary_minimum, 'maximum': binary_maximum, 'fmin': binary_fmin, 'fmax': binary_fmax, 'logical_and': binary_logical_and, 'logical_or': binary_logical_or, 'logical_xor': binary_logical_xor}
MATH_UNARY = {'sqrt': math_sqrt, 'exp': math_exp, 'exp2': math_exp2, 'expm1': math_expm1, 'log': math_log, 'log2': math_log2, 'log10': math_log10, 'log1p': math_log1p, 'sin': math_sin, 'cos': math_cos, 'tan': math_tan, 'asin': math_asin, 'acos': math_acos, 'atan': math_atan, 'sinh': math_sinh, 'cosh': math_cosh, 'tanh': math_tanh, 'asinh': math_asinh, 'acosh': math_acosh, 'atanh': math_atanh, 'cbrt': math_cbrt, 'fabs': math_fabs, 'floor': math_floor, 'ceil': math_ceil, 'trunc': math_trunc, 'degrees': math_degrees, 'radians': math_radians, 'isnan': math_isnan, 'isinf': math_isinf, 'isfinite': math_isfinite, 'erf': math_erf, 'erfc': math_erfc}
MATH_BINARY = {'pow': math_pow, 'atan2': math_atan2, 'hypot': math_hypot, 'copysign': math_copysign, 'fmod': math_fmod}

EXACT = {"sqrt", "fabs", "rint", "floor", "ceil", "trunc", "abs", "absolute", "sign", "square", "reciprocal", "negative",
         "positive", "invert", "bitwise_not", "isnan", "isinf", "isfinite", "signbit", "logical_not", "degrees",
         "rad2deg", "radians", "deg2rad", "add", "subtract", "multiply", "divide", "true_divide", "floor_divide",
         "remainder", "mod", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "less",
         "less_equal", "greater", "greater_equal", "equal", "not_equal", "copysign", "nextafter", "heaviside", "fmod",
         "minimum", "maximum", "fmin", "fmax", "logical_and", "logical_or", "logical_xor", "hypot"}
# ulp of NumPy's SIMD transcendental functions from libm's (SVML's documented bound is 4).
TRANSCENDENTAL_ULP = 4

FLOATS = [0.5, -0.0, 0.0, 2.0, 1.0, -1.0, np.inf, -np.inf, np.nan, -3.7, 1e300, -1e-310, 0.1, 7.25, -0.5, 100.0]
INTS = [0, 1, -1, 7, -128, 127, 3, -3, 2, 5, 100, -100, 64, 1 << 20, -(1 << 30), 12345]
DTYPES = ["float64", "float32", "int64", "int32", "int16", "uint8", "bool"]


def values(dtype, shift=0):
    """16 values of `dtype` (edge values included), rotated by `shift`."""
    if dtype.startswith("float"):
        raw = FLOATS
    elif dtype == "bool":
        raw = [bool(i % 3) for i in range(16)]
    else:
        raw = INTS
    with np.errstate(all="ignore"):
        array = np.array(raw, dtype=np.float64 if dtype.startswith("float") else None).astype(dtype)
    return np.roll(array, shift)


def layouts(array):
    """The same values as a C vector, a Fortran matrix and a strided view."""
    doubled = np.repeat(array, 2)
    return {"C": array, "F": np.asfortranarray(array.reshape(4, 4)), "strided": doubled[::2]}


def numpy_outcome(function, *args):
    with np.errstate(all="ignore"):
        try:
            return "ok", function.py_func(*args)
        except Exception as error:  # noqa: BLE001 - NumPy's refusal is an outcome
            return "raised", error


def assert_same_array(got, expected, name):
    assert isinstance(got, np.ndarray) and got.dtype == expected.dtype and got.shape == expected.shape, (name, got, expected)
    if expected.dtype.kind != "f" or name in EXACT:
        same = np.array_equal(got, expected, equal_nan=True)
        if same and expected.dtype.kind == "f":
            zeros = expected == 0
            same = np.array_equal(np.signbit(got[zeros]), np.signbit(expected[zeros]))
        assert same, (name, got, expected)
    else:
        finite = np.isfinite(expected)
        assert np.array_equal(np.isnan(got), np.isnan(expected)) and np.array_equal(got[~finite & ~np.isnan(expected)], expected[~finite & ~np.isnan(expected)]), (name, got, expected)
        np.testing.assert_array_max_ulp(got[finite], expected[finite], maxulp=TRANSCENDENTAL_ULP)


# What NumPy computes and rumba refuses, with a located "not supported yet" error: integer powers
# (NumPy raises for negative exponents inside the loop), integer fmod and reciprocal, and boolean
# operations NumPy computes in int8.
REFUSED = {("power", "i"), ("power", "u"), ("power", "b"), ("fmod", "i"), ("fmod", "u"), ("fmod", "b"),
           ("reciprocal", "i"), ("reciprocal", "u"), ("reciprocal", "b"), ("square", "b"), ("floor_divide", "b"),
           ("remainder", "b"), ("mod", "b"), ("left_shift", "b"), ("right_shift", "b")}


def refused(name, args):
    return (name.split(" ")[0], np.result_type(*args).kind) in REFUSED


def in_float32(value):
    """``value`` as float32 where NumPy computes it in float16 (int8, uint8, bool)."""
    small = np.asarray(value).dtype.kind in "biu" and np.asarray(value).dtype.itemsize == 1
    return np.asarray(value).astype(np.float32) if small and isinstance(value, np.ndarray) else np.float32(value) if small else value


def check_arrays(name, function, *args, numpy_args=None):
    """``function`` compiled on ``args`` against NumPy's ``function`` on ``numpy_args`` (``args``
    unless given)."""
    numpy_args = args if numpy_args is None else numpy_args
    kind, expected = numpy_outcome(function, *numpy_args)
    if isinstance(expected, np.ndarray) and expected.dtype == np.float16:
        kind, expected = numpy_outcome(function, *map(in_float32, numpy_args))
    if refused(name, args):
        with pytest.raises((errors.UnsupportedError, errors.TypingError), match="not supported yet|booleans"):
            function(*args)
        return
    if kind == "raised":
        with pytest.raises((errors.RumbaError, TypeError)):
            with np.errstate(all="ignore"):
                function(*args)
        return
    with np.errstate(all="ignore"):
        got = function(*args)
    assert_same_array(got, expected, name)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_ufuncs_match_numpy(name, dtype):
    for layout, array in layouts(values(dtype)).items():
        check_arrays("%s (%s)" % (name, layout), UNARY[name], array)


@pytest.mark.parametrize("dtypes", [("float64", "float64"), ("float32", "float32"), ("int64", "int64"), ("int32", "int16"),
                                    ("uint8", "uint8"), ("bool", "bool"), ("float32", "int64"), ("int64", "float64")])
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_ufuncs_match_numpy(name, dtypes):
    left, right = values(dtypes[0]), values(dtypes[1], shift=5)
    for (layout, a), b in zip(layouts(left).items(), layouts(right).values()):
        if name in ("left_shift", "right_shift") and dtypes[1] != "bool":
            with np.errstate(invalid="ignore"):
                b = np.abs(b) % 8
        check_arrays("%s (%s)" % (name, layout), BINARY[name], a, b)


@pytest.mark.parametrize("scalar", [2.5, -1.0, 3, 0.0])
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_ufuncs_with_a_python_scalar(name, scalar):
    if name in ("left_shift", "right_shift", "bitwise_and", "bitwise_or", "bitwise_xor") and isinstance(scalar, float):
        scalar = 2
    for dtype in ("float32", "int32", "float64"):
        # A Python number of the array's kind or a higher one promotes as its 64-bit NumPy type,
        # as in Numba; of a lower kind it takes the array's type.
        rank = "biufc".index
        strong = rank(np.asarray(scalar).dtype.kind) >= rank(np.dtype(dtype).kind)
        check_arrays(name, BINARY[name], values(dtype), scalar, numpy_args=(values(dtype), np.asarray(scalar)[()] if strong else scalar))


@pytest.mark.parametrize("x", [0.5, -2.0, 0.0, 7, True])
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_ufuncs_on_scalars(name, x):
    kind, expected = numpy_outcome(UNARY[name], x)
    if np.asarray(expected).dtype == np.float16:
        kind, expected = numpy_outcome(UNARY[name], np.float32(x))
    if kind == "raised" or refused(name, [x]):
        with pytest.raises((errors.RumbaError, TypeError)):
            UNARY[name](x)
        return
    with np.errstate(all="ignore"):
        got = UNARY[name](x)
    assert_same_value(got, expected, maxulp=0 if name in EXACT else TRANSCENDENTAL_ULP, exact_types=False)


# Inside each function's domain (outside it CPython raises where rumba returns NaN or inf, a
# decision recorded in docs/decisions.md).
MATH_ARGUMENTS = {"log": [0.5, 3.0], "log2": [0.5, 3.0], "log10": [0.5, 3.0], "sqrt": [0.5, 3.0], "acosh": [1.0, 3.0],
                  "atanh": [0.5, -0.25], "asin": [0.5, -1.0], "acos": [0.5, 1.0], "log1p": [0.5, -0.25]}


@pytest.mark.parametrize("name", sorted(MATH_UNARY))
def test_math_functions_match_cpython(name):
    for x in MATH_ARGUMENTS.get(name, [0.5, -2.25, 0.0, -0.0, 3.0]):
        expected = MATH_UNARY[name].py_func(x)
        assert_same_value(MATH_UNARY[name](x), expected, maxulp=1)
    if name in ("floor", "ceil", "trunc"):
        with pytest.raises(ValueError):
            MATH_UNARY[name](math.nan)


@pytest.mark.parametrize("name", sorted(MATH_BINARY))
def test_two_argument_math_functions_match_cpython(name):
    for x, y in [(0.5, 2.0), (3.0, -1.5), (-0.0, 1.0), (7.25, 0.5)]:
        assert_same_value(MATH_BINARY[name](x, y), MATH_BINARY[name].py_func(x, y), maxulp=1)


def test_wrong_argument_counts_are_located():
    with pytest.raises(errors.TypingError, match="np.hypot takes 2 argument"):
        _hypot_of_one(np.ones(3))


@njit
def _hypot_of_one(a):
    return np.hypot(a)


def into_out(a, b, c):
    np.add(a, b, out=c)
    r = np.sqrt(a, out=b)
    r[0] = 100.0
    d = np.empty_like(a)
    np.multiply(a, 2, out=d)
    e = np.zeros((2, 3))
    np.add(a, 1.0, out=e)
    np.maximum(a, 1.5, out=a)
    return c, b, d, e, a


def test_ufuncs_write_into_out_as_numpy():
    # out= receives the result (broadcast to it), and the call's value is out itself.
    def arguments():
        return np.arange(3.0), np.arange(3.0) * 2, np.zeros(3)

    for got, expected in zip(njit(into_out)(*arguments()), into_out(*arguments())):
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected)


def into_positional_out(z, c, mask):
    np.multiply(z, z, z)
    np.add(z, c, z)
    np.logical_not(mask, mask)
    o = np.zeros_like(c)
    r = np.sqrt(z, o)
    return z, mask, o, r


def test_out_passed_after_the_operands_receives_the_result():
    # Numba and NumPy take out as the argument after the operands: it was ignored (z unchanged).
    def arguments():
        return np.array([2.0, 3.0]), np.ones(2), np.array([True, False])

    for got, expected in zip(njit(into_positional_out)(*arguments()), into_positional_out(*arguments())):
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected)


def test_out_of_another_kind_is_a_located_error():
    @njit
    def sqrt_into_ints(a):
        out = np.zeros(3, dtype=np.int64)
        np.sqrt(a, out=out)
        return out

    with pytest.raises(errors.TypingError, match=r"test_ufuncs.py:\d+:\d+: error: cannot cast the ufunc's float64 result to out='s int64"):
        sqrt_into_ints(np.arange(3.0))
