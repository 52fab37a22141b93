"""complex128 and complex64 arrays, differential against NumPy: across the boundary, element reads
and writes, arithmetic, ufuncs, reductions, products, `.real`/`.imag`, printing, `prange` loops,
and located errors for what is not supported."""

import numpy as np
import pytest

import rumba
from rumba.errors import TypingError, UnsupportedError

RNG = np.random.default_rng(11)
RANDOM = RNG.normal(size=240) + 1j * RNG.normal(size=240)
SPECIAL = np.array(
    [0j, complex(-0.0, 0.0), complex(np.inf, 1), complex(1, np.inf), complex(np.nan, 1), complex(1, np.nan), complex(np.inf, np.nan), complex(-np.inf, -np.inf), 1e300 + 1e300j, 1e-300 + 1e-310j, 3 + 0j, -0.0 - 0.0j]
)


def layouts():
    """A C vector, a strided view, a C matrix, an F matrix and a strided matrix view."""
    matrix = RANDOM[:120].reshape(10, 12)
    return [RANDOM, RANDOM[::3], matrix, np.asfortranarray(matrix), matrix[1::2, ::3]]


def assert_same(got, expected):
    """The same values, bit for bit (NaN equal to NaN), of the same type, dtype and shape."""
    if isinstance(expected, np.ndarray):
        assert isinstance(got, np.ndarray) and got.dtype == expected.dtype and got.shape == expected.shape, (got, expected)
        assert np.array_equal(got, expected, equal_nan=True), (got, expected)
        for part in ("real", "imag") if expected.dtype.kind == "c" else ():
            numbers = ~np.isnan(getattr(expected, part))
            assert np.array_equal(np.signbit(getattr(got, part))[numbers], np.signbit(getattr(expected, part))[numbers]), (got, expected)
    else:
        assert type(got) is type(expected.item() if isinstance(expected, np.generic) else expected), (got, expected)
        assert got == expected or (np.isnan(got) and np.isnan(expected)), (got, expected)


def add(a, b):
    return a + b


def subtract_twice(a, b):
    return a - b * 2


def multiply(a, b):
    return a * b


def divide(a, b):
    return a / b


def negate(a):
    return -a


def equal(a, b):
    return a == b


def not_equal(a, b):
    return a != b


def magnitude(a):
    return np.abs(a)


def conjugate_method(a):
    return a.conj()


def conjugate_function(a):
    return np.conjugate(a)


def real_part(a):
    return a.real


def imaginary_part_doubled(a):
    return a.imag * 2


def real_function(a):
    return np.real(a)


def imag_function(a):
    return np.imag(a)


def square(a):
    return np.square(a)


def is_nan(a):
    return np.isnan(a)


def is_infinite(a):
    return np.isinf(a)


def is_finite(a):
    return np.isfinite(a)


def where_real_positive(a, b):
    return np.where(a.real > 0, a, b)


BINARY = [add, subtract_twice, multiply, divide, equal, not_equal, where_real_positive]
UNARY = [negate, magnitude, conjugate_method, conjugate_function, real_part, imaginary_part_doubled, real_function, imag_function, square, is_nan, is_infinite, is_finite]


@pytest.mark.parametrize("function", BINARY, ids=lambda function: function.__name__)
def test_binary_operations_match_numpy(function):
    compiled = rumba.njit(function)
    for a in layouts() + [SPECIAL]:
        b = a[::-1] if a.ndim == 1 else a[::-1, ::-1]
        with np.errstate(all="ignore"):
            assert_same(compiled(a, b), function(a, b))
    outer, inner = np.repeat(SPECIAL, SPECIAL.shape[0]), np.tile(SPECIAL, SPECIAL.shape[0])
    with np.errstate(all="ignore"):
        assert_same(compiled(outer, inner), function(outer, inner))


@pytest.mark.parametrize("function", UNARY, ids=lambda function: function.__name__)
def test_unary_operations_match_numpy(function):
    compiled = rumba.njit(function)
    for a in layouts() + [SPECIAL]:
        with np.errstate(all="ignore"):
            assert_same(compiled(a), function(a))


def mixed(a, x):
    return a * x + 1.5 - 2j


def real_divided_by_complex(a, x):
    return x / a


@pytest.mark.parametrize("function", [mixed, real_divided_by_complex], ids=lambda function: function.__name__)
def test_real_and_complex_operands_promote(function):
    x = RNG.normal(size=RANDOM.shape[0])
    assert_same(rumba.njit(function)(RANDOM, x), function(RANDOM, x))
    assert_same(rumba.njit(function)(RANDOM, 3.0), function(RANDOM, 3.0))


def exponential(a):
    return np.exp(a)


def logarithm(a):
    return np.log(a)


def square_root(a):
    return np.sqrt(a)


def sine(a):
    return np.sin(a)


def cosine(a):
    return np.cos(a)


def tangent(a):
    return np.tan(a)


def hyperbolic_tangent(a):
    return np.tanh(a)


def exponential_minus_one(a):
    return np.expm1(a)


def logarithm_of_one_plus(a):
    return np.log1p(a)


TRANSCENDENTAL = [exponential, logarithm, square_root, sine, cosine, tangent, hyperbolic_tangent, exponential_minus_one, logarithm_of_one_plus]


@pytest.mark.parametrize("function", TRANSCENDENTAL, ids=lambda function: function.__name__)
def test_transcendental_functions_are_within_a_few_ulps_of_numpy(function):
    # MLIR's complex dialect and NumPy (libm's c* functions) use different formulas; on finite
    # arguments of moderate size both are within a few ulps of the true value measured against
    # its magnitude (a part much smaller than the whole may differ more, relative to itself).
    got, expected = rumba.njit(function)(RANDOM), function(RANDOM)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    assert np.all(np.abs(got - expected) <= 16 * np.finfo(float).eps * np.abs(expected))


def whole_sum(a):
    return a.sum()


def whole_product(a):
    return np.prod(a)


def whole_mean(a):
    return a.mean()


@pytest.mark.parametrize("function", [whole_sum, whole_product, whole_mean], ids=lambda function: function.__name__)
def test_whole_array_reductions_match_numpy_bit_for_bit(function):
    compiled = rumba.njit(function)
    for a in layouts() + [RANDOM[:0], RANDOM[:1], RANDOM[:7], RANDOM[:65], SPECIAL]:
        if function is whole_product:
            a = a.ravel()[:30] if a.ndim == 1 else a[:, :3]
        with np.errstate(all="ignore"):
            if a.size == 0 and function is whole_mean:
                continue
            if function is whole_product and a.ndim == 2 and a.strides[0] < a.strides[1]:
                # NumPy multiplies a Fortran-ordered matrix's elements in memory order, rumba in
                # index order: the products agree to rounding.
                assert compiled(a) == pytest.approx(function(a), rel=64 * np.finfo(float).eps)
                continue
            assert_same(compiled(a), function(a))


def sum_along(a):
    return a.sum(axis=0), a.sum(axis=1), np.sum(a, axis=-1)


def product_along(a):
    return a.prod(axis=0), a.prod(axis=1)


def mean_along(a):
    return a.mean(axis=0), a.mean(axis=1)


@pytest.mark.parametrize("function", [sum_along, product_along, mean_along], ids=lambda function: function.__name__)
def test_reductions_along_an_axis_match_numpy(function):
    # NumPy adds (and multiplies) along an axis in an order of its own (pairwise along the
    # contiguous one, fused multiply-adds in its vector loops); the results agree to a few ulps of
    # the operands' magnitude.
    compiled = rumba.njit(function)
    for a in layouts()[2:]:
        for got, expected in zip(compiled(a), function(a)):
            assert got.dtype == expected.dtype and got.shape == expected.shape
            np.testing.assert_allclose(got, expected, rtol=64 * np.finfo(float).eps)


def doubled_in_a_loop(a):
    out = np.empty(a.shape[0], dtype=np.complex128)
    total = 0j
    for i in range(a.shape[0]):
        out[i] = a[i] * 2j
        total += a[i] * a[i].conjugate()
    return out, total


def built(n):
    z = np.zeros((n, 2), dtype=np.complex128)
    z[:, 0] = 1 + 2j
    z[1, 1] = 3
    z[2] += np.ones(2, dtype=np.complex128) * 1j
    return z, np.full(n, 0.5j), np.zeros_like(z[:, 0]) + z[:, 1].copy()


def slice_assigned(a):
    a[::2] = a[1::2] * 1j
    a[0] = 7
    return a


def test_elements_are_read_and_written_in_loops():
    got, expected = rumba.njit(doubled_in_a_loop)(RANDOM), doubled_in_a_loop(RANDOM)
    assert_same(got[0], expected[0])
    assert got[1] == pytest.approx(expected[1], rel=1e-13)


def test_complex_arrays_are_made_and_filled():
    for got, expected in zip(rumba.njit(built)(4), built(4)):
        assert_same(got, expected)


def test_writes_reach_the_callers_array():
    mine, theirs = RANDOM.copy(), RANDOM.copy()
    returned = rumba.njit(slice_assigned)(mine)
    assert_same(mine, slice_assigned(theirs))
    assert_same(returned, theirs)


def identity(a):
    return a


def test_arrays_cross_the_boundary_in_every_layout():
    compiled = rumba.njit(identity)
    for a in layouts():
        got = compiled(a)
        assert_same(got, a)
        assert np.shares_memory(got, a)


def scaled_in_parallel(a):
    out = np.empty_like(a)
    for i in rumba.prange(a.shape[0]):
        out[i] = a[i] * 1j + 1
    return out, np.abs(a * a) + 1


def test_parallel_loops_and_maps_over_complex_arrays():
    for got, expected in zip(rumba.njit(parallel=True)(scaled_in_parallel)(RANDOM), scaled_in_parallel(RANDOM)):
        assert_same(got, expected)


def products_in_prange(a):
    matrices = a[:48].reshape(3, 4, 4)
    vectors = a[48:60].reshape(3, 4)
    out = np.zeros((3, 4, 4), dtype=np.complex128)
    rows = np.zeros((3, 4), dtype=np.complex128)
    dots = np.zeros(3, dtype=np.complex128)
    for i in rumba.prange(3):
        out[i] = matrices[i] @ matrices[(i + 1) % 3]
        rows[i] = matrices[i] @ vectors[i] + vectors[i] @ matrices[i]
        dots[i] = np.dot(vectors[i], vectors[(i + 2) % 3])
    return out, rows, dots


def test_complex_products_inside_prange_match_numpy():
    # Products in a prange body stay loops (the prelude's, for complex operands): sums in a fixed
    # order, so within a few ulps of NumPy's BLAS.
    for got, expected in zip(rumba.njit(parallel=True)(products_in_prange)(RANDOM), products_in_prange(RANDOM)):
        np.testing.assert_allclose(got, expected, rtol=1e-13, atol=1e-13)


def write_into_real_part(a):
    # Of a strided array `.real` is a read-only copy (of a C-ordered one, a view: below).
    r = a[::2].real
    r[0] = 5.0
    return r


def write_through_parts(a):
    a.real[1:3] = -1.0
    a.imag[0] = 7.5
    part = a.reshape(2, -1).imag
    part[:, -1] *= 2.0
    return a.real.sum(), part


def test_real_and_imag_of_c_arrays_are_writeable_views():
    for values in [RANDOM[:6].copy(), np.zeros(8, dtype=np.complex128)]:
        expected_array, got_array = values.copy(), values.copy()
        expected = write_through_parts(expected_array)
        got = rumba.njit(write_through_parts)(got_array)
        np.testing.assert_array_equal(got_array, expected_array)
        assert got[0] == expected[0]
        np.testing.assert_array_equal(got[1], expected[1])


def into_real_array(a):
    b = np.zeros(a.shape[0])
    b[:] = a
    return b


def floor(a):
    return np.floor(a)


@pytest.mark.parametrize(
    "function, error, message",
    [
        (write_into_real_part, TypingError, "the copy .real and .imag of a complex array make"),
        (into_real_array, TypingError, "cannot store complex numbers into a real array"),
        (floor, UnsupportedError, "np.floor of complex128 is not supported yet"),
    ],
    ids=lambda value: getattr(value, "__name__", None),
)
def test_what_is_not_supported_is_a_located_error(function, error, message):
    with pytest.raises(error, match=message) as raised:
        rumba.njit(parallel=True)(function)(RANDOM.copy())
    assert "test_complex_arrays.py:" in str(raised.value)


def from_literals(x):
    listed = [1j, 2.0]
    listed.append(x * 1j)
    return np.array([1 + 2j, x, 3]), np.array(listed), np.array(((1j, 2), (3, 4j)))


def test_arrays_of_complex_literals_and_lists():
    for got, expected in zip(rumba.njit(from_literals)(2.5), from_literals(2.5)):
        assert_same(got, expected)


def running(a):
    return np.cumsum(a), np.cumprod(a)


def test_running_sums_and_products():
    # Running sums add in index order, as NumPy's do; running products agree to rounding (NumPy's
    # accumulate loop may fuse the parts' products).
    got, expected = rumba.njit(running)(RANDOM[:40]), running(RANDOM[:40])
    assert_same(got[0], expected[0])
    assert got[1].dtype == expected[1].dtype
    np.testing.assert_allclose(got[1], expected[1], rtol=64 * np.finfo(float).eps)


def matrix_product(a, b):
    return a @ b


def dot_product(a, b):
    return np.dot(a, b)


def conjugated_dot_product(a, b):
    return np.vdot(a, b)


def test_products_go_through_complex_blas_as_numpys_do():
    # zgemm, zgemv and zdotu, the routines NumPy calls: results agree to rounding (NumPy may hand
    # BLAS another layout, or its own build of it); a real operand is converted to complex first.
    matrix = RNG.normal(size=(30, 20)) + 1j * RNG.normal(size=(30, 20))
    other = RNG.normal(size=(20, 10)) + 1j * RNG.normal(size=(20, 10))
    vector = RANDOM[:20]
    cases = [
        (matrix_product, matrix, other),
        (matrix_product, np.asfortranarray(matrix), other),
        (matrix_product, matrix[::2, ::2], other[::2]),
        (matrix_product, matrix, vector),
        (matrix_product, RANDOM[:30], matrix),
        (matrix_product, matrix, other.real.copy()),
        (dot_product, vector, vector[::-1]),
        (conjugated_dot_product, vector, vector),
    ]
    for function, left, right in cases:
        got, expected = rumba.njit(function)(left, right), function(left, right)
        if isinstance(expected, np.ndarray):
            assert got.dtype == expected.dtype and got.shape == expected.shape
        scale = np.abs(left).max() * np.abs(right).max() * left.shape[-1]
        assert np.all(np.abs(got - expected) <= 8 * np.finfo(float).eps * scale), function.__name__


def product_in_a_function_called_from_prange(matrix):
    out = np.zeros((3, 4, 4), dtype=np.complex128)
    for i in rumba.prange(3):
        out[i] = rumba_matrix_product(matrix, matrix)
    return out


rumba_matrix_product = rumba.njit(matrix_product)


def test_products_in_functions_called_from_prange_bodies():
    # The callee's product runs as a plain loop on the calling thread (BLAS's threads would
    # multiply the loop's).
    matrix = RANDOM[:16].reshape(4, 4)
    got = rumba.njit(parallel=True)(product_in_a_function_called_from_prange)(matrix)
    for i in range(3):
        np.testing.assert_allclose(got[i], matrix @ matrix, rtol=1e-14)


def squared(a):
    return a**2


def cubed(a):
    return a**3


def to_the_seventh(a):
    return a**7


def to_the_minus_two(a):
    return a**-2


def to_the_zero(a):
    return a**0


def to_the_minus_one(a):
    return a**-1


def reciprocal(a):
    return np.reciprocal(a)


def to_the_float_five(a):
    return a**5.0


@pytest.mark.parametrize("function", [squared, cubed, to_the_seventh, to_the_minus_two, to_the_zero, to_the_minus_one, to_the_float_five, reciprocal], ids=lambda function: function.__name__)
def test_literal_integer_powers_match_numpy(function):
    # `a ** 2` and `a ** -1` are NumPy's square and reciprocal; the others npy_cpow's: repeated
    # schoolbook products for integer exponents below 100, then the reciprocal for a negative one;
    # 0 ** n is 0 (NaN for n < 0), x ** 0 is 1.
    compiled = rumba.njit(function)
    for a in layouts() + [SPECIAL]:
        with np.errstate(all="ignore"):
            assert_same(compiled(a), function(a))


def power_at_run_time(a, exponent):
    return a**exponent


def power_of_arrays(a, b):
    return a**b, np.power(a, b.real)


@pytest.mark.parametrize("exponent", [3, -2, 99, 100, 0, 0.5, 2.5, -1.5, 1j, 0.5 - 2j, complex(-3, 0), float("inf"), float("nan")], ids=repr)
def test_powers_with_exponents_known_at_run_time_match_numpy(exponent):
    # npy_cpow: products for integer exponents below 100 in magnitude (bit for bit), the C
    # library's cpow for the others (the same function NumPy calls). A Python float exponent of
    # 0.5, 2 or -1 is NumPy's sqrt, square or reciprocal only where NumPy sees the number itself.
    compiled = rumba.njit(power_at_run_time)
    for a in layouts() + [SPECIAL]:
        with np.errstate(all="ignore"):
            got, expected = compiled(a, exponent), power_at_run_time(a, np.complex128(exponent))
        if isinstance(exponent, int) and abs(exponent) < 100:
            assert_same(got, expected)
        else:
            np.testing.assert_allclose(got, expected, rtol=1e-13, atol=0, equal_nan=True)


def test_powers_of_arrays_match_numpy():
    b = RANDOM[::-1].copy() * 3
    with np.errstate(all="ignore"):
        for got, expected in zip(rumba.njit(power_of_arrays)(RANDOM, b), power_of_arrays(RANDOM, b)):
            np.testing.assert_allclose(got, expected, rtol=1e-13, atol=0, equal_nan=True)


def angles(z):
    return np.angle(z), np.angle(z, deg=True), np.angle(z[0]), np.angle(z.real), np.angle(-3)


def test_angles_match_numpy():
    # arctan2 is libm's here and NumPy's own vector loop there: they agree to an ulp or two.
    for a in layouts() + [SPECIAL]:
        for got, expected in zip(rumba.njit(angles)(a), angles(a)):
            assert type(got) is type(expected) or type(got) is type(expected.item())
            assert np.shape(got) == np.shape(expected) and np.asarray(got).dtype == np.asarray(expected).dtype
            np.testing.assert_allclose(got, expected, rtol=4 * np.finfo(float).eps, atol=0)


def sorted_copy(a):
    return np.sort(a)


def sorting_order(a):
    return np.argsort(a, kind="stable")


def distinct(a):
    return np.unique(a)


def middle(a):
    return np.median(a)


def sorted_in_place(a):
    b = a.copy()
    b.sort()
    return b


def insertion_point(a, v):
    return np.searchsorted(np.sort(a), v)


ORDERED = np.array([complex(x, y) for x, y in np.random.default_rng(4).integers(-2, 3, size=(40, 2))])
ORDERED[[3, 9]] = complex(np.nan, 1)
ORDERED[5] = complex(1, np.nan)
ORDERED[7] = complex(np.nan, np.nan)
ORDERED[11] = complex(-np.inf, 2)


@pytest.mark.parametrize("function", [sorted_copy, sorting_order, distinct, middle, sorted_in_place], ids=lambda function: function.__name__)
def test_sorting_follows_numpys_complex_order(function):
    # Real part first, then imaginary part, NaNs last in each (NumPy's CDOUBLE_LT); ties among
    # equal values keep their order (a stable sort).
    for a in [ORDERED, ORDERED[np.isfinite(ORDERED)], ORDERED[::3], ORDERED[:0]]:
        if a.size == 0 and function is middle:
            continue
        assert_same(rumba.njit(function)(a), function(a))


def test_searchsorted_on_complex_arrays():
    for v in [1 + 1j, complex(np.nan, 0), -3 + 0j, 2.0]:
        assert_same(rumba.njit(insertion_point)(ORDERED, v), insertion_point(ORDERED, v))


def extremes(a):
    return a.max(), np.min(a), np.argmax(a), a.argmin()


def test_extremes_follow_numpys_complex_order_and_nans():
    # NumPy's complex maximum keeps a NaN once met; argmax gives the first NaN, else the first
    # extreme in NumPy's order.
    for a in [ORDERED[np.isfinite(ORDERED)], ORDERED, ORDERED[12:], ORDERED[:40].reshape(8, 5), ORDERED[::-2]]:
        for got, expected in zip(rumba.njit(extremes)(a), extremes(a)):
            assert_same(got, expected)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        rumba.njit(extremes)(ORDERED[:0])


def less(a, b):
    return a < b


def less_equal(a, b):
    return a <= b


def greater(a, b):
    return a > b


def greater_equal(a, b):
    return a >= b


@pytest.mark.parametrize("function", [less, less_equal, greater, greater_equal], ids=lambda function: function.__name__)
def test_ordering_follows_numpy(function):
    # NumPy orders complex numbers by real part, then imaginary part, with its own rule for NaN:
    # every pair of the special values (infinities, NaN in either part, signed zeros) and ties.
    values = np.concatenate([SPECIAL, RANDOM[:4], RANDOM[:4].real + 0j, RANDOM[:4].real + 1j])
    left, right = np.repeat(values, values.size), np.tile(values, values.size)
    compiled = rumba.njit(function)
    with np.errstate(invalid="ignore"):
        assert_same(compiled(left, right), function(left, right))
        for matrix in layouts()[2:]:
            assert_same(compiled(matrix, matrix[::-1]), function(matrix, matrix[::-1]))
        assert_same(compiled(values, 0.5), function(values, 0.5))


def maximum_along_first(a):
    return a.max(axis=0)


def minimum_along_last(a):
    return np.min(a, axis=-1)


def argmax_along_middle(a):
    return a.argmax(axis=1)


def argmin_along_first(a):
    return np.argmin(a, axis=0)


def maximum_kept(a):
    return np.max(a, axis=1, keepdims=True)


def with_nans_and_ties(shape):
    values = (RANDOM[: np.prod(shape)] * 1.0).reshape(shape)
    values.flat[5] = complex(np.nan, 1.0)
    values.flat[13] = complex(1.0, np.nan)
    values[..., 0] = values.flat[2]
    return values


@pytest.mark.parametrize("function", [maximum_along_first, minimum_along_last, argmax_along_middle, argmin_along_first, maximum_kept], ids=lambda function: function.__name__)
def test_extremes_along_an_axis_follow_numpy(function):
    cube = with_nans_and_ties((4, 5, 3))
    for array in (cube, np.asfortranarray(cube), cube[::-1, ::2], RANDOM[:60].reshape(3, 4, 5)):
        assert_same(rumba.njit(function)(array), function(array))


@pytest.mark.parametrize("shape", [(0, 3, 2), (3, 2, 0)])
def test_extremes_along_an_empty_axis_raise_as_numpy(shape):
    empty = np.zeros(shape, dtype=np.complex128)
    for function in (maximum_along_first, minimum_along_last, argmax_along_middle):
        try:
            expected = function(empty)
        except ValueError as error:
            with pytest.raises(ValueError, match=str(error)):
                rumba.njit(function)(empty)
        else:
            assert_same(rumba.njit(function)(empty), expected)


# --------------------------------------------------------------------------------------------------
# complex64: computed as complex128 and rounded, so within an ulp or two of float32 of NumPy's
# (which computes in float32)
# --------------------------------------------------------------------------------------------------

RANDOM64 = RANDOM.astype(np.complex64)


def layouts64():
    matrix = RANDOM64[:120].reshape(10, 12)
    return [RANDOM64, RANDOM64[::3], matrix, np.asfortranarray(matrix), matrix[1::2, ::3]]


def assert_close64(got, expected, ulps=4):
    """Of the same type, dtype and shape, and within `ulps` float32 ulps of the magnitude."""
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for got_item, expected_item in zip(got, expected):
            assert_close64(got_item, expected_item, ulps)
        return
    if isinstance(expected, np.ndarray):
        assert isinstance(got, np.ndarray) and got.dtype == expected.dtype and got.shape == expected.shape, (got, expected)
    else:
        assert type(got) is type(expected.item() if isinstance(expected, np.generic) else expected), (got, expected)
    got, expected = np.asarray(got), np.asarray(expected)
    if expected.dtype == np.bool_:
        assert np.array_equal(got, expected), (got, expected)
        return
    tolerance = ulps * np.finfo(np.float32).eps * np.maximum(np.abs(expected), np.finfo(np.float32).tiny)
    assert np.all((np.abs(got - expected) <= tolerance) | (np.isnan(got) & np.isnan(expected))), (got, expected)


@pytest.mark.parametrize("function", BINARY + UNARY + TRANSCENDENTAL, ids=lambda function: function.__name__)
def test_complex64_operations_match_numpy(function):
    compiled = rumba.njit(function)
    for a in layouts64():
        arguments = (a, a[::-1] if a.ndim == 1 else a[::-1, ::-1])[: function.__code__.co_argcount]
        with np.errstate(all="ignore"):
            assert_close64(compiled(*arguments), function(*arguments), ulps=16 if function in TRANSCENDENTAL else 4)


def promoted64(a, b, x):
    return a * np.float32(2.0) + 1.5, a * x, a + b, a * (1 + 2j), x.astype(np.float32) * 1j


def test_complex64_promotes_as_numba_does():
    # A Python complex number promotes as complex128, as in Numba (NumPy 2 keeps complex64).
    b, x = RANDOM[::-1].copy(), RNG.normal(size=RANDOM.shape[0])
    got, expected = rumba.njit(promoted64)(RANDOM64, b, x), promoted64(RANDOM64, b, x)
    assert [item.dtype for item in got] == [np.complex64, np.complex128, np.complex128, np.complex128, np.complex128]
    for got_item, expected_item in zip(got, expected):
        np.testing.assert_allclose(got_item, expected_item, rtol=4 * np.finfo(np.float32).eps)


def reductions64(a):
    return a.sum(), np.prod(a[:20]), a.mean(), a.sum(axis=0), np.vdot(a[0], a[1]), a[0] @ a[1], a @ a.T, a.T @ a[:, 0]


def test_complex64_reductions_and_products_match_numpy():
    # NumPy sums pairwise in float32 (rumba too), multiplies through cgemm (rumba too).
    for a in layouts64()[2:]:
        assert_close64(rumba.njit(reductions64)(a), reductions64(a), ulps=64)


def made64(n, z):
    out = np.zeros(n, dtype=np.complex64)
    for i in range(n):
        out[i] = z * i
    parts = out.real + out.imag
    out.imag[:] = 1.0
    return out, parts, out[1], np.abs(out), out.astype(np.complex128), np.conj(out), out.conj()


def test_complex64_arrays_are_made_written_and_cross_the_boundary():
    for z in (np.complex64(1.5 - 2j), 0.5 + 1j):
        assert_close64(rumba.njit(made64)(5, z), made64(5, z))
    assert rumba.njit(made64)(3, np.complex64(1j))[0].dtype == np.complex64


def printed64(a):
    print(a)
    print(a[1])


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_arrays_print_as_numpy_does(capfd, dtype):
    # Printing a complex128 array was an internal error (no array formatter for complex).
    a = np.array([0.1 + 1j, -2.5, 3j], dtype=dtype)
    rumba.njit(printed64)(a)
    compiled = capfd.readouterr().out
    printed64(a)
    assert compiled == capfd.readouterr().out


def inverse64(a):
    return np.linalg.inv(a)


def test_linalg_of_complex64_is_a_clear_error():
    with pytest.raises(NotImplementedError, match="np.linalg of complex64 arrays is not supported yet"):
        rumba.njit(inverse64)(np.eye(3, dtype=np.complex64))


def first_times_two(a):
    return a[0] * 2


def test_complex64_in_signatures():
    compiled = rumba.njit("complex64(complex64[:])")(first_times_two)
    assert compiled(RANDOM64) == first_times_two(RANDOM64)
    assert rumba.typeof(RANDOM64) == "complex64[::1]" and rumba.typeof(np.complex64(1j)) == "complex64"
