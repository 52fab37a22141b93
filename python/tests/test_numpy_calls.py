"""NumPy inside compiled code beyond elementwise expressions: broadcasting, the ufuncs np.where,
minimum, maximum, arctan2 and isnan, augmented assignment to arrays, reductions along an axis and
the arg forms, np.dot and `@`, array creation (arange, linspace, full, *_like) and shape methods
(copy, astype, reshape, transpose, .T). Every case runs the same function under NumPy (the
undecorated function) and under rumba, and compares values and dtypes."""
import numpy as np
import pytest

import rumba
from rumba import errors, njit, prange


def assert_same(got, expected):
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for got_item, expected_item in zip(got, expected):
            assert_same(got_item, expected_item)
        return
    got_array, expected_array = np.asarray(got), np.asarray(expected)
    # Numbers come back as Python ints and floats, as Numba boxes them; arrays keep NumPy's dtype.
    if isinstance(expected, np.ndarray):
        assert got_array.dtype == expected_array.dtype, (got_array.dtype, expected_array.dtype)
    assert got_array.shape == expected_array.shape
    single = np.float32 in (got_array.dtype, expected_array.dtype)
    np.testing.assert_allclose(got_array, expected_array, rtol=1e-6 if single else 1e-12, atol=0, equal_nan=True)


def differential(function, *arguments):
    """Runs `function` under NumPy and under rumba on copies of the same arguments; compares the
    results and what each did to its array arguments."""
    copies = [argument.copy() if isinstance(argument, np.ndarray) else argument for argument in arguments]
    expected = function(*copies)
    jitted_copies = [argument.copy() if isinstance(argument, np.ndarray) else argument for argument in arguments]
    got = njit(function)(*jitted_copies)
    assert_same(got, expected)
    for after_numpy, after_rumba in zip(copies, jitted_copies):
        if isinstance(after_numpy, np.ndarray):
            np.testing.assert_array_equal(after_rumba, after_numpy)


rng = np.random.default_rng(11)
MATRIX = rng.standard_normal((5, 4))
INTEGERS = rng.integers(-20, 20, size=(5, 4))
FLOAT32 = rng.standard_normal((5, 4)).astype(np.float32)


def add(a, b):
    return a + b


def affine(a, b, c):
    return a * b + c


@pytest.mark.parametrize(
    "shapes",
    [((5, 4), (4,)), ((4,), (5, 4)), ((5, 4), (5, 1)), ((5, 1), (1, 4)), ((1, 1), (5, 4)), ((5, 4), (1, 4)), ((3, 1, 4), (2, 1)), ((0, 4), (4,))],
    ids=str,
)
def test_broadcasting(shapes):
    left, right = (rng.standard_normal(shape) for shape in shapes)
    differential(add, left, right)


def test_broadcasting_three_operands_and_a_scalar():
    differential(affine, MATRIX, MATRIX[:1, :], MATRIX[2])
    differential(affine, MATRIX[:, :1], 2.5, MATRIX[0])


def test_broadcasting_strided_and_integer_operands():
    differential(add, MATRIX[::-1, ::2], MATRIX[0, 1::2])
    differential(add, INTEGERS, INTEGERS[:, 0:1])


@pytest.mark.parametrize("shapes", [((5, 4), (5,)), ((3, 2), (2, 3)), ((5, 4), (2, 4))], ids=str)
def test_shapes_that_do_not_broadcast_raise(shapes):
    left, right = (np.ones(shape) for shape in shapes)
    with pytest.raises(ValueError, match="could not be broadcast"):
        njit(add)(left, right)


def ufuncs(a, b):
    return np.where(a > 0.0, np.minimum(a, b), np.maximum(a, b)), np.arctan2(a, b), np.isnan(a), abs(a - b)


def where_with_scalars(a):
    return np.where(a > 0, a, 0.0), np.where(a < 0, 1, -1)


def test_ufuncs():
    with_nan = MATRIX.copy()
    with_nan[1, 2] = np.nan
    differential(ufuncs, with_nan, MATRIX[::-1].copy())
    differential(ufuncs, FLOAT32, FLOAT32.T.copy().T)
    differential(where_with_scalars, MATRIX)
    differential(where_with_scalars, INTEGERS)


def augmented(a, b):
    a += b
    a[1:, :] *= 2.0
    a[0] -= a[1]
    a[:, 0] /= 4.0
    return a


def augmented_integers(a):
    a *= 3
    a[::2] += a[1::2].copy()[:1]
    return a


def test_augmented_assignment_updates_in_place():
    differential(augmented, MATRIX, MATRIX[0])
    differential(augmented_integers, INTEGERS[:4])


def aliased(a):
    b = a
    b += 1.0
    return a


def test_augmented_assignment_is_seen_through_aliases():
    differential(aliased, MATRIX)


def reductions(a):
    return a.sum(), a.prod(), a.mean(), a.min(), a.max(), a.argmin(), a.argmax()


def function_reductions(a):
    return np.sum(a), np.prod(a), np.mean(a), np.min(a), np.max(a), np.argmin(a), np.argmax(a)


def axis_reductions(a):
    return (
        a.sum(axis=0), np.sum(a, axis=1), a.prod(axis=0), np.mean(a, 1), a.min(axis=0), np.max(a, axis=-1),
        a.argmin(axis=0), np.argmax(a, axis=1), a.mean(axis=0),
    )


def reductions_with_dtype(a):
    return (
        np.sum(a, dtype=np.float64), a.sum(dtype=np.int64), a.sum(axis=0, dtype=np.float32), np.prod(a, dtype=np.float64),
        a.mean(dtype=np.float32), np.mean(a, axis=1, dtype=np.float64), a.sum(dtype=a.dtype),
        np.sum(a, axis=0, dtype=np.int8), a.prod(axis=1, dtype=np.int16),
    )


def mean_as_int32(a):
    return a.mean(dtype=np.int32)


def test_reductions_with_a_dtype_convert_first():
    # Narrow integer sums and products wrap as NumPy's, which accumulate in the dtype.
    for array in [INTEGERS * 37, FLOAT32, MATRIX]:
        differential(reductions_with_dtype, array)
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_numpy_calls\.py:\d+:\d+: .*np.mean with dtype=int32 is not supported yet"):
        rumba.njit(mean_as_int32)(INTEGERS)


def one_dimensional_axis(v):
    return v.sum(axis=0), np.argmax(v, axis=0)


@pytest.mark.parametrize("array", [MATRIX, INTEGERS, FLOAT32, MATRIX.T, MATRIX[::2, ::-1], INTEGERS.astype(np.uint8)], ids=["f8", "i8", "f4", "F", "strided", "u1"])
def test_reductions(array):
    differential(reductions, array)
    differential(function_reductions, array)
    differential(axis_reductions, array)
    differential(one_dimensional_axis, array[0].copy())


def test_arg_reductions_take_the_first_extreme_and_the_first_nan():
    ties = np.array([3.0, 1.0, 7.0, 1.0, 7.0])
    differential(reductions, ties)
    with_nan = np.array([[3.0, 1.0], [np.nan, 7.0], [np.nan, -1.0]])
    differential(reductions, with_nan)
    differential(axis_reductions, with_nan)


def argmin_of(a):
    return a.argmin()


def max_along_rows(a):
    return a.max(axis=0)


def min_along_columns(a):
    return a.min(axis=1)


@pytest.mark.parametrize(
    "function,message",
    [(argmin_of, "attempt to get argmin of an empty sequence"), (max_along_rows, "zero-size array to reduction operation maximum")],
)
def test_empty_reductions_raise(function, message):
    with pytest.raises(ValueError, match=message):
        function(np.ones((0, 3)))
    with pytest.raises(ValueError, match=message):
        njit(function)(np.ones((0, 3)))


def test_reducing_along_a_non_empty_axis_of_an_empty_array():
    differential(min_along_columns, np.ones((0, 3)))


def dot(a, b):
    return np.dot(a, b)


def matmul(a, b):
    return a @ b


@pytest.mark.parametrize("function", [dot, matmul])
@pytest.mark.parametrize("shapes", [((4,), (4,)), ((5, 4), (4,)), ((5,), (5, 4)), ((5, 4), (4, 3)), ((0, 4), (4, 3))], ids=str)
def test_dot(function, shapes):
    left, right = (rng.standard_normal(shape) for shape in shapes)
    differential(function, left, right)
    differential(function, left.astype(np.int64), right.astype(np.int64))
    differential(function, left.astype(np.float32), right)


def test_dot_of_views_and_transposes():
    differential(matmul, MATRIX.T, MATRIX)
    differential(dot, MATRIX[::2], MATRIX[1, ::-1])


def test_dot_checks_the_summed_dimension():
    with pytest.raises(ValueError, match="shapes not aligned"):
        njit(matmul)(np.ones((2, 3)), np.ones((2, 3)))


def creation(n, x):
    return (
        np.arange(n), np.arange(2, n), np.arange(n, 0, -3), np.arange(0.5, x, 0.25), np.arange(n, dtype=np.float32),
        np.linspace(0.0, x, n), np.linspace(-1, 1), np.full(n, 2.5), np.full((2, n), 7), np.full((n, 2), 1, np.float32),
    )


def like(a):
    return np.zeros_like(a), np.ones_like(a), np.full_like(a, 3), np.zeros_like(a, dtype=np.int32), np.empty_like(a).shape


@pytest.mark.parametrize("n,x", [(0, 0.0), (1, 1.0), (7, 3.0), (10, -2.0)])
def test_creation(n, x):
    differential(creation, n, x)


@pytest.mark.parametrize("array", [MATRIX, INTEGERS, FLOAT32, MATRIX[::2, 1:]], ids=["f8", "i8", "f4", "view"])
def test_like(array):
    differential(like, array)


def zero_step(n):
    return np.arange(0, n, 0)


def test_zero_step_arange_raises():
    with pytest.raises(ZeroDivisionError):
        zero_step(5)
    with pytest.raises(ZeroDivisionError):
        njit(zero_step)(5)


def shape_methods(a):
    t = a.T
    return a.copy(), a.astype(np.float32), a.astype(np.int64), t, a.transpose(), np.transpose(a), t.shape, a.reshape(2, 10), a.reshape((-1, 5)), a.reshape(20), a.size, a.ndim


@pytest.mark.parametrize("array", [np.arange(20.0).reshape(4, 5), INTEGERS, MATRIX.T, MATRIX[::-1]], ids=["C", "i8", "F", "strided"])
def test_shape_methods(array):
    differential(shape_methods, array)


def reshape_aliases(a):
    b = a.reshape(a.size)
    b[0] = 100.0
    a.T[1, 0] = -1.0
    c = a.copy()
    c[0, 0] = 5.0
    return a


def test_reshape_and_transpose_are_views_copy_is_not():
    differential(reshape_aliases, np.arange(6.0).reshape(2, 3))


def to_three_by_three(a):
    return a.reshape(3, 3)


def test_reshape_checks_the_size():
    with pytest.raises(ValueError, match="cannot reshape"):
        to_three_by_three(np.ones(10))
    with pytest.raises(ValueError, match="cannot reshape"):
        njit(to_three_by_three)(np.ones(10))


def test_dtype_attribute_is_a_located_error():
    def dtype_of(a):
        return a.dtype

    with pytest.raises(rumba.errors.UnsupportedError, match="dtype"):
        njit(dtype_of)(np.ones(3))


def normalize_rows(x):
    for i in range(x.shape[0]):
        x[i, :] = x[i, :] / x[i, :].mean()
    return x


def test_seed_normalize_with_broadcast_rewrite():
    def normalize_broadcast(x):
        return x / x.mean(axis=1).reshape(-1, 1)

    x = rng.random((6, 3)).astype(np.float32)
    differential(normalize_broadcast, x)
    differential(normalize_rows, x)


def broadcast_assignment(a, row, column):
    a[:, :] = row
    a[1:, :] += column[1:].reshape(-1, 1)
    a[0] = a[1] * 2
    a[:, 1:] = a[:, :-1]
    a[2:, :1] = column[:1]
    return a


def test_slice_assignment_broadcasts():
    differential(broadcast_assignment, np.zeros((4, 3)), np.arange(3.0), np.arange(4.0))
    differential(broadcast_assignment, np.zeros((4, 3), dtype=np.int64), np.arange(3.0), np.arange(4))


def assign_row(a, row):
    a[:] = row


@pytest.mark.parametrize("shapes", [((3,), (2,)), ((2, 3), (2,)), ((2, 3), (3, 1))], ids=str)
def test_slice_assignment_that_does_not_broadcast_raises(shapes):
    target, source = (np.zeros(shape) for shape in shapes)
    with pytest.raises(ValueError, match="could not broadcast"):
        assign_row(target, source)
    with pytest.raises(ValueError, match="could not broadcast"):
        njit(assign_row)(target, source)


def shaped_like(a, n):
    return (
        np.zeros(a.shape), np.ones((n, 2), dtype=np.int32), np.empty(n, a.dtype).shape, np.full(a.shape, 7, dtype=a.dtype),
        np.zeros(3, np.uint8), np.ones(n, dtype="float32"), a.astype(a.dtype), np.zeros_like(a, dtype=np.int16),
    )


@pytest.mark.parametrize("array", [MATRIX, FLOAT32, INTEGERS[:, :2]], ids=["f8", "f4", "i8"])
def test_shapes_from_arrays_and_dtypes_from_arrays(array):
    differential(shaped_like, array, 3)


def loop_local_arrays(a):
    total = 0.0
    for i in range(a.shape[0]):
        row = a[i] * 2.0
        row = row + 1.0
        if row.sum() > 0:
            shifted = row - row.min()
            total += shifted.sum()
    return total


def test_arrays_assigned_inside_loops_and_branches_live_there():
    differential(loop_local_arrays, MATRIX)


def carried(a):
    for i in range(3):
        a = a * 2.0
    return a


def used_after_the_loop(a):
    for i in range(3):
        b = a * 2.0
    return b


def test_arrays_made_in_a_loop_are_carried_out_of_it():
    np.testing.assert_array_equal(njit(carried)(np.ones(3)), carried(np.ones(3)))
    np.testing.assert_array_equal(njit(used_after_the_loop)(np.ones(3)), used_after_the_loop(np.ones(3)))


def jacobi(u0, sweeps):
    u = u0.copy()
    new = u0.copy()
    n, m = u.shape
    for sweep in range(sweeps):
        for i in range(1, n - 1):
            for j in range(1, m - 1):
                new[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])
        u, new = new, u
    return u


def halve_until_small(a, b):
    steps = 0
    while a.sum() > 1.0:
        a[:] = a / 2.0
        a, b = b, a
        steps += 1
    return a, b, steps


def swap_after_a_division(a, b, d):
    for i in range(3):
        a[0] = a[0] / d
        a, b = b, a
    return a, b


def test_loops_carry_swapped_arrays():
    differential(jacobi, MATRIX, 5)
    differential(halve_until_small, np.ones(4), np.full(4, 3.0))
    differential(swap_after_a_division, np.ones(3), np.full(3, 2.0), 4.0)
    with pytest.raises(ZeroDivisionError):
        njit(swap_after_a_division)(np.ones(3), np.ones(3), 0.0)


def swap_in_prange(a, b):
    for i in prange(3):
        a, b = b, a
    return a


def test_a_prange_loop_cannot_carry_arrays():
    with pytest.raises(rumba.errors.UnsupportedError, match="a prange loop cannot reassign the array 'a'"):
        njit(parallel=True)(swap_in_prange)(np.ones(3), np.ones(3))


def sum_of(a, b):
    return a + b


def product_of(a, b):
    return a * b - b


def larger_of(a, b):
    return np.maximum(a, b), np.where(a > b, a, b)


DTYPES = [np.bool_, np.uint8, np.int32, np.int64, np.float32, np.float64]
SHAPE_PAIRS = [((3, 4), (4,)), ((3, 1), (1, 4)), ((2, 3, 4), (3, 1))]


@pytest.mark.parametrize("function", [sum_of, product_of, larger_of])
@pytest.mark.parametrize("left_dtype", DTYPES, ids=lambda dtype: np.dtype(dtype).name)
@pytest.mark.parametrize("right_dtype", DTYPES, ids=lambda dtype: np.dtype(dtype).name)
def test_broadcasting_across_dtypes(function, left_dtype, right_dtype):
    if function is not larger_of and np.bool_ in (left_dtype, right_dtype):
        pytest.skip("NumPy's bool arithmetic differs (+ is or, - raises); rumba rejects bool arrays in arithmetic")
    rng_local = np.random.default_rng(13)
    for left_shape, right_shape in SHAPE_PAIRS:
        left = (rng_local.random(left_shape) * 10).astype(left_dtype)
        right = (rng_local.random(right_shape) * 10).astype(right_dtype)
        differential(function, left, right)


def reductions_keeping_dims(x):
    return (
        np.max(x, axis=-1, keepdims=True),
        x.sum(axis=0, keepdims=True),
        x.mean(keepdims=True),
        np.argmax(x, axis=1, keepdims=True),
        x.prod(0, None, None, True),
        np.min(x, axis=None),
        x - x.max(axis=-1, keepdims=True),
    )


def vector_reductions_keeping_dims(v):
    return np.sum(v, axis=0, keepdims=True), v.mean(axis=-1), np.max(v, keepdims=True)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8"])
def test_keepdims_and_negative_axes_match_numpy(dtype):
    matrix = (np.arange(12).reshape(3, 4) % 5).astype(dtype)
    for x in [matrix, np.asfortranarray(matrix), matrix[:, ::2]]:
        for got, expected in zip(njit(reductions_keeping_dims)(x), reductions_keeping_dims(x)):
            assert_same_result(got, expected)
    v = np.arange(5).astype(dtype)
    for got, expected in zip(njit(vector_reductions_keeping_dims)(v), vector_reductions_keeping_dims(v)):
        assert_same_result(got, expected)


def assert_same_result(got, expected):
    # Arrays keep NumPy's dtype and shape; numbers come back as Python numbers, as from Numba.
    if isinstance(expected, np.ndarray):
        assert isinstance(got, np.ndarray) and got.shape == expected.shape and got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


def test_reduction_out_is_a_located_error():
    @njit
    def with_out(x, y):
        return np.sum(x, axis=0, out=y)

    with pytest.raises(errors.UnsupportedError, match=r"test_numpy_calls.py:\d+:\d+: error: np.sum: the 'out' argument is not supported yet"):
        with_out(np.ones((3, 2)), np.ones(2))


def machine_limits(a, b):
    return (
        np.finfo(np.float64).eps, np.finfo(np.float32).eps, np.finfo(a.dtype).max, np.finfo(np.float64).tiny,
        np.finfo(np.float32).min, np.finfo(b.dtype).resolution, np.finfo(np.float64).epsneg,
        np.iinfo(np.int32).max, np.iinfo(np.int8).min, np.iinfo(np.uint16).max, np.iinfo(np.int64).bits,
    )


def test_finfo_and_iinfo_match_numpy():
    a, b = np.ones(3), np.ones(2, dtype=np.float32)
    got = njit(machine_limits)(a, b)
    expected = machine_limits(a, b)
    assert len(got) == len(expected)
    for got_value, expected_value in zip(got, expected):
        assert got_value == expected_value and float(got_value) == float(expected_value)


def test_iinfo_beyond_int64_is_a_located_error():
    @njit
    def largest_uint64():
        return np.iinfo(np.uint64).max

    with pytest.raises(errors.UnsupportedError, match=r"test_numpy_calls.py:\d+:\d+: error: np.iinfo\(np.uint64\).max is beyond int64"):
        largest_uint64()


def dtypes_as_values(a, n):
    dt = np.float32
    b = np.zeros(n, dt)
    c = np.empty(n, dtype=a.dtype)
    c[:] = 1
    d = np.ones(3, a.sum().dtype)
    e = a.astype(dt)
    return b, c, d, e, a.dtype == np.float64, b.dtype != np.float32, full_of(n, np.int16), full_of(n, a.dtype)


def full_of(n, dtype):
    return np.full(n, 7, dtype=dtype)


@pytest.mark.parametrize("dtype", ["float64", "int32", "uint8"])
def test_dtypes_are_values_as_in_numpy(dtype):
    a = np.arange(3).astype(dtype)
    for got, expected in zip(njit(dtypes_as_values)(a, 4), dtypes_as_values(a, 4)):
        assert np.asarray(got).dtype == np.asarray(expected).dtype
        np.testing.assert_array_equal(got, expected)


def test_returning_a_dtype_is_a_located_error():
    @njit
    def dtype_of(a):
        return a.dtype

    with pytest.raises(errors.UnsupportedError, match=r"test_numpy_calls.py:\d+:\d+: error: returning dtype\(float64\) is not supported yet"):
        dtype_of(np.ones(2))


def reshaped_to(a, shape):
    return a.reshape(shape)


@pytest.mark.parametrize("shape", [(-1, 2), (3, -1), (2, 3), (-1,), (1, -1, 3), (-1, -1), (4, -1)])
def test_reshape_to_a_shape_given_when_running_infers_its_minus_one(shape):
    a = np.arange(6.0)
    try:
        expected = reshaped_to(a, shape)
    except ValueError:
        with pytest.raises(ValueError):
            njit(reshaped_to)(a, shape)
        return
    np.testing.assert_array_equal(njit(reshaped_to)(a, shape), expected)


def cumulative_along_axis_and_rounded_into(a, out):
    np.round(a / 7.0, 2, out)
    return a.cumsum(axis=0), a.cumprod(axis=1), np.around(a / 3.0, 1, out=np.empty_like(out)), out


def test_cumulative_methods_take_an_axis_and_round_writes_out():
    a = np.arange(1.0, 7.0).reshape(2, 3)
    got = njit(cumulative_along_axis_and_rounded_into)(a, np.zeros((2, 3)))
    expected = cumulative_along_axis_and_rounded_into(a, np.zeros((2, 3)))
    for got_item, expected_item in zip(got, expected):
        np.testing.assert_array_equal(got_item, expected_item)
