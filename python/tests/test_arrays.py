"""Differential tests of NumPy arrays in compiled code: each function runs under rumba and, on a copy
of the same inputs, under CPython (the dispatcher's ``.py_func``), and the results (returned values
and the arrays as the caller sees them afterwards) are compared.

Covered: in-place writes visible to the caller (the seed's bubblesort, ``a[i, j] = ...`` into C,
F and strided views, negative-stride views, 1-D strided views, writes through negative indices);
reads of C/F/strided 2-D arrays; ``a.shape``/``a.size``/``a.ndim``/``len(a)``/``m, n = A.shape``;
negative indices; ``np.zeros``/``np.ones``/``np.empty`` created in compiled code and returned (real
``numpy.ndarray`` objects whose base owns the memory and keeps it alive); the seed's loop matmul
(A C-order, B F-order) against ``A @ B``; element types int8..int64, uint8..uint64, float32,
float64 and bool.
"""

import gc
import weakref

import numpy as np
import pytest

import rumba
from _compare import assert_same_value, check, jitted

# --------------------------------------------------------------------------------------------------
# Functions under test (top level and undecorated).
# --------------------------------------------------------------------------------------------------


def bubblesort(X):
    N = len(X)
    for end in range(N, 1, -1):
        for i in range(end - 1):
            cur = X[i]
            if cur > X[i + 1]:
                tmp = X[i]
                X[i] = X[i + 1]
                X[i + 1] = tmp


def fill_ij(a):
    m, n = a.shape
    for i in range(m):
        for j in range(n):
            a[i, j] = i * 10 + j


def fill_1d(a):
    for i in range(len(a)):
        a[i] = i * 3 + 1


def sum_2d(a):
    s = 0.0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            s += a[i, j]
    return s


def weighted_sum_2d(a):
    s = 0.0
    m, n = a.shape
    for i in range(m):
        for j in range(n):
            s += a[i, j] * (i + 1) - a[i, j] / (j + 1)
    return s


def sum_1d(a):
    s = 0.0
    for i in range(a.size):
        s += a[i]
    return s


def accumulate(a):
    # Starts from an element, so CPython accumulates in the array's own NumPy type (as rumba does
    # for float32; for integers rumba widens to int64, and the values below never overflow).
    total = a[0]
    for i in range(1, a.size):
        total += a[i]
    return total


def elementwise(a, out):
    for i in range(len(a)):
        out[i] = a[i] * a[i] - a[i]


def copy_2d(src, dst):
    m, n = src.shape
    for i in range(m):
        for j in range(n):
            dst[i, j] = src[i, j]


def count_true(a):
    c = 0
    for i in range(a.size):
        if a[i]:
            c += 1
    return c


def write_mask(a):
    for i in range(len(a)):
        a[i] = i % 3 == 0


def negate_mask(a):
    for i in range(len(a)):
        a[i] = not a[i]


def metadata(a):
    return a.shape, a.size, a.ndim, len(a)


def metadata_2d(a):
    m, n = a.shape
    return m, n, a.size, a.ndim, len(a), a.shape[0] * a.shape[1]


def negative_reads(a):
    return a[-1], a[-2], a[-len(a)]


def negative_reads_2d(a):
    m, n = a.shape
    return a[-1, -1], a[0, -n], a[-m, 0], a[-2, 1]


def reverse_into(a, out):
    n = len(a)
    for i in range(n):
        out[i] = a[-1 - i]


def negative_writes(a):
    a[-1] = 5
    a[-len(a)] = 7
    a[-2] = a[-1] + a[0]


def negative_writes_2d(a):
    a[-1, -1] = 1
    a[-1, 0] = 2
    a[0, -1] = 3


def argmax_first(a):
    best = 0
    for i in range(1, len(a)):
        if a[i] > a[best]:
            best = i
    return best, a[best]


def zeros_2d(m, p):
    return np.zeros((m, p))


def ones_int32(n):
    return np.ones(n, dtype=np.int32)


def empty_filled(n):
    a = np.empty(n)
    for i in range(n):
        a[i] = i * 0.5
    return a


def empty_2d_int64(m, n):
    a = np.empty((m, n), dtype=np.int64)
    for i in range(m):
        for j in range(n):
            a[i, j] = i * n + j - 7
    return a


def zeros_uint8(n):
    return np.zeros(n, dtype=np.uint8)


def ones_float32_2d(m, n):
    return np.ones((m, n), dtype=np.float32)


def zeros_bool(n):
    a = np.zeros(n, dtype=np.bool_)
    for i in range(0, n, 2):
        a[i] = True
    return a


def ones_int8(n):
    return np.ones(n, dtype=np.int8)


def zeros_int16_string_dtype(n):
    return np.zeros(n, dtype="int16")


def squares(n):
    out = np.zeros(n)
    for i in range(n):
        out[i] = i * i
    return out


def matrix_multiply_loops(A, B):
    """
    Perform matrix-matrix multiplication using explicit iteration.

    Parameters:
    A: First matrix of shape (m, n)
    B: Second matrix of shape (n, p)

    Returns:
      Result matrix of size (m, p)
    """
    m, n = A.shape
    n2, p = B.shape

    # Ensure the matrices have compatible dimensions
    if n != n2:
        raise ValueError("Inner matrix dimensions must agree.")

    # Initialize result matrix with zeros
    C = np.zeros((m, p))

    for i in range(m):  # Iterate over rows of A
        for k in range(n):  # Iterate over common dimension
            for j in range(p):  # Iterate over columns of B
                C[i, j] += A[i, k] * B[k, j]

    return C


def matrix_multiply_loops_plain(A, B):
    # The seed's function without its docstring, so that the loops are exercised even where the
    # docstring is what rumba rejects.
    m, n = A.shape
    n2, p = B.shape
    if n != n2:
        raise ValueError("Inner matrix dimensions must agree.")
    C = np.zeros((m, p))
    for i in range(m):
        for k in range(n):
            for j in range(p):
                C[i, j] += A[i, k] * B[k, j]
    return C


# --------------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------------


def run_in_place(function, *arrays):
    """Run ``function`` under rumba on ``arrays`` and under CPython on copies (layout kept);
    compare the return values and every array afterwards."""
    copies = [array.copy(order="K") for array in arrays]
    expected = function(*copies)
    got = jitted(function)(*arrays)
    assert_same_value(got, expected, exact_types=False)
    for array, copy in zip(arrays, copies):
        assert array.dtype == copy.dtype
        np.testing.assert_array_equal(array, copy, strict=True)


def views(base):
    """2-D views of ``base`` with different layouts, and the rumba type each must get."""
    return {
        "C": (base, "[:, ::1]"),
        "F": (np.asfortranarray(base), "[::1, :]"),
        "transposed": (base.T, "[::1, :]"),
        "strided": (base[::2, 1::3], "[:, :]"),
        "negative-strides": (base[::-1, ::-2], "[:, :]"),
    }


DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float32, np.float64]

# --------------------------------------------------------------------------------------------------
# In-place writes
# --------------------------------------------------------------------------------------------------


def test_bubblesort_float32():
    original = np.arange(0.0, 10.0, 0.01, dtype="f4")
    assert original.size == 1000
    shuffled = original.copy()
    np.random.default_rng(12345).shuffle(shuffled)
    sorted_arr = shuffled.copy()
    jitted(bubblesort)(sorted_arr)
    np.testing.assert_array_equal(sorted_arr, np.sort(shuffled), strict=True)
    np.testing.assert_array_equal(sorted_arr, original, strict=True)
    expected = shuffled.copy()
    bubblesort(expected)
    np.testing.assert_array_equal(sorted_arr, expected, strict=True)


@pytest.mark.parametrize("dtype", DTYPES)
def test_bubblesort_dtypes(dtype):
    rng = np.random.default_rng(7)
    values = rng.integers(0, 100, size=200).astype(dtype)
    run_in_place(bubblesort, values)


def test_bubblesort_strided_view():
    base = np.random.default_rng(3).random(300)
    view = base[::3]
    expected_base = base.copy()
    bubblesort(expected_base[::3])
    jitted(bubblesort)(view)
    np.testing.assert_array_equal(base, expected_base, strict=True)


@pytest.mark.parametrize("layout", ["C", "F", "transposed", "strided", "negative-strides"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.int64, np.uint8, np.int16])
def test_fill_ij_views(layout, dtype):
    base = np.full((10, 12), 99, dtype=dtype)
    expected_base = base.copy()
    view, suffix = views(base)[layout]
    assert rumba.typeof(view) == np.dtype(dtype).name + suffix
    # The same view of a copy of the base ("F" is a Fortran-ordered copy on both sides).
    expected_view = views(expected_base)[layout][0]
    fill_ij(expected_view)
    jitted(fill_ij)(view)
    np.testing.assert_array_equal(view, expected_view, strict=True)
    # Elements outside the view are untouched, the ones inside are visible through the base.
    np.testing.assert_array_equal(base, expected_base, strict=True)


def test_fill_ij_named_views():
    big = np.zeros((10, 12))
    expected_big = big.copy()
    fill_ij(expected_big[::2, 1::3])
    jitted(fill_ij)(big[::2, 1::3])
    np.testing.assert_array_equal(big, expected_big, strict=True)

    fortran = np.asfortranarray(np.zeros((6, 5)))
    expected = fortran.copy(order="K")
    fill_ij(expected)
    jitted(fill_ij)(fortran)
    assert fortran.flags.f_contiguous
    np.testing.assert_array_equal(fortran, expected, strict=True)


@pytest.mark.parametrize("dtype", DTYPES)
def test_fill_1d_strided(dtype):
    base = np.zeros(40, dtype=dtype)
    expected = base.copy()
    for view_of in (lambda a: a, lambda a: a[::3], lambda a: a[::-1], lambda a: a[5:30:4]):
        fill_1d(view_of(expected))
        jitted(fill_1d)(view_of(base))
        np.testing.assert_array_equal(base, expected, strict=True)


@pytest.mark.parametrize("dtype", DTYPES)
def test_negative_index_writes(dtype):
    run_in_place(negative_writes, np.arange(6).astype(dtype))
    run_in_place(negative_writes, np.arange(12).astype(dtype)[::-2])
    run_in_place(negative_writes_2d, np.zeros((3, 4), dtype=dtype))
    run_in_place(negative_writes_2d, np.asfortranarray(np.zeros((3, 4), dtype=dtype)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_elementwise_dtypes(dtype):
    # Values chosen so that a*a - a fits every dtype (no NumPy wrap-around to compare against).
    a = np.arange(0, 12).astype(dtype)
    run_in_place(elementwise, a, np.zeros_like(a))
    run_in_place(elementwise, a[::-1], np.zeros(24, dtype=dtype)[::2])


@pytest.mark.parametrize("dtype", DTYPES + [np.bool_])
@pytest.mark.parametrize("layout", ["C", "F", "transposed", "strided", "negative-strides"])
def test_copy_2d(dtype, layout):
    rng = np.random.default_rng(11)
    src_base = (rng.random((10, 12)) * 100).astype(dtype)
    src = views(src_base)[layout][0]
    run_in_place(copy_2d, src, np.zeros(src.shape, dtype=dtype))
    run_in_place(copy_2d, src, np.asfortranarray(np.zeros(src.shape, dtype=dtype)))


def test_bool_arrays():
    run_in_place(write_mask, np.zeros(10, dtype=bool))
    run_in_place(write_mask, np.ones(30, dtype=bool)[::3])
    run_in_place(negate_mask, np.array([True, False, True, True, False]))
    rng = np.random.default_rng(5)
    mask = rng.random(101) > 0.4
    check(jitted(count_true), mask, exact_types=False)
    check(jitted(count_true), mask[::-3], exact_types=False)


# --------------------------------------------------------------------------------------------------
# Reads
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["C", "F", "transposed", "strided", "negative-strides"])
def test_sum_2d_layouts(layout):
    base = np.random.default_rng(1).standard_normal((10, 12))
    view, suffix = views(base)[layout]
    assert rumba.typeof(view) == "float64" + suffix
    check(jitted(sum_2d), view, exact_types=False)
    check(jitted(weighted_sum_2d), view, exact_types=False)


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint8, np.uint64, np.float32, np.bool_])
def test_sum_2d_dtypes(dtype):
    base = (np.random.default_rng(2).random((6, 9)) * 50).astype(dtype)
    for view, _ in views(base).values():
        # `s = 0.0; s += a[i, j]`: every element adds to a float64, as in Numba, where NumPy 2
        # adds float32 elements in float32 (NEP 50): those are compared with the float64 sum.
        if dtype == np.float32:
            assert jitted(sum_2d)(view) == sum_2d(view.astype(np.float64))
        else:
            check(jitted(sum_2d), view, exact_types=False)


@pytest.mark.parametrize("dtype", DTYPES)
def test_accumulate_dtypes(dtype):
    a = np.arange(1, 15).astype(dtype)
    check(jitted(accumulate), a, exact_types=False)
    check(jitted(accumulate), a[::-2], exact_types=False)
    check(jitted(argmax_first), np.array([3, 9, 2, 9, 1]).astype(dtype), exact_types=False)


def test_float32_values_round_trip():
    a = np.array([0.1, -2.5, 1e30, -0.0, np.inf, np.nan], dtype=np.float32)
    check(jitted(accumulate), a[:3], exact_types=False)
    check(jitted(negative_reads), a, exact_types=False)


@pytest.mark.parametrize(
    "array",
    [np.arange(5), np.arange(1, 2), np.zeros(0), np.zeros((3, 4)), np.zeros((1, 7), dtype=np.uint8),
     np.zeros((4, 3), order="F"), np.zeros((8, 9))[::3, ::2], np.zeros(20, dtype=bool)[::4]],
    ids=["1d", "1-element", "empty", "2d-C", "2d-uint8", "2d-F", "2d-strided", "1d-bool-strided"],
)
def test_metadata(array):
    check(jitted(metadata), array, exact_types=False)
    if array.ndim == 2:
        check(jitted(metadata_2d), array, exact_types=False)


@pytest.mark.parametrize("dtype", DTYPES + [np.bool_])
def test_negative_index_reads(dtype):
    a = np.arange(2, 9).astype(dtype)
    check(jitted(negative_reads), a, exact_types=False)
    check(jitted(negative_reads), a[::-2], exact_types=False)
    grid = np.arange(20).reshape(4, 5).astype(dtype)
    for view, _ in views(grid).values():
        if view.shape[0] >= 2 and view.shape[1] >= 2:
            check(jitted(negative_reads_2d), view, exact_types=False)


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.uint16, np.bool_])
def test_reverse_into(dtype):
    a = (np.arange(17) % 5).astype(dtype)
    run_in_place(reverse_into, a, np.zeros_like(a))
    run_in_place(reverse_into, a[::2], np.zeros(9, dtype=dtype))


# --------------------------------------------------------------------------------------------------
# Arrays created by compiled code
# --------------------------------------------------------------------------------------------------

RETURNED = [
    (zeros_2d, (3, 4)),
    (zeros_2d, (1, 1)),
    (zeros_2d, (0, 5)),
    (ones_int32, (5,)),
    (ones_int32, (0,)),
    (empty_filled, (7,)),
    (empty_2d_int64, (4, 6)),
    (zeros_uint8, (9,)),
    (ones_float32_2d, (2, 3)),
    (zeros_bool, (5,)),
    (ones_int8, (4,)),
    (zeros_int16_string_dtype, (3,)),
    (squares, (10,)),
]


def assert_returned_array(got, expected):
    assert type(got) is np.ndarray
    assert got.dtype == expected.dtype
    assert got.shape == expected.shape
    assert got.flags.c_contiguous == expected.flags.c_contiguous
    assert got.flags.writeable
    # The memory belongs to rumba's allocation, kept alive by the array's base.
    assert not got.flags.owndata
    assert got.base is not None
    np.testing.assert_array_equal(got, expected, strict=True)


@pytest.mark.parametrize("function, args", RETURNED, ids=lambda value: getattr(value, "__name__", repr(value)))
def test_returned_arrays(function, args):
    got = jitted(function)(*args)
    expected = function(*args)
    assert_returned_array(got, expected)
    # Writable and independent: writing into it changes it and nothing else.
    if got.size:
        got.reshape(-1)[0] = 1
        assert got.reshape(-1)[0] == 1


def test_returned_array_outlives_dispatcher():
    dispatcher = rumba.jit(empty_2d_int64)
    arrays = [dispatcher(5, 8) for _ in range(3)]
    alive = weakref.ref(dispatcher)
    del dispatcher
    gc.collect()
    assert alive() is None
    # Allocate and free a lot in between, so freed memory would have been reused.
    for _ in range(20):
        garbage = [np.full(40, -1, dtype=np.int64) for _ in range(100)]
        del garbage
    gc.collect()
    expected = empty_2d_int64(5, 8)
    for array in arrays:
        assert_returned_array(array, expected)
    # A view of a returned array keeps the memory alive too.
    view = arrays[0][1:, ::2]
    del arrays
    gc.collect()
    np.testing.assert_array_equal(view, expected[1:, ::2], strict=True)


def test_returned_arrays_are_distinct():
    first = jitted(zeros_2d)(2, 3)
    second = jitted(zeros_2d)(2, 3)
    first[0, 0] = 42.0
    assert second[0, 0] == 0.0
    assert first.ctypes.data != second.ctypes.data


def test_returned_array_passed_back_in():
    made = jitted(squares)(12)
    expected = squares(12)
    check(jitted(sum_1d), made, exact_types=False)
    run_in_place(fill_1d, made)
    fill_1d(expected)
    np.testing.assert_array_equal(made, expected, strict=True)


def handed_back(a):
    return a


def whole_view(a):
    return a[:]


def one_or_other(a, b, first):
    return a if first else b


def reshaped(a):
    return a.reshape(a.size)


def test_an_argument_handed_back_whole_is_the_argument():
    # As in Numba: `out` returned is `out`; a part of it, or another shape of it, is a view.
    vector, matrix = np.arange(6.0), np.arange(6.0).reshape(2, 3)
    assert jitted(handed_back)(vector) is vector and jitted(whole_view)(vector) is vector
    assert jitted(one_or_other)(vector, matrix[0], True) is vector
    assert jitted(reshaped)(vector) is vector
    reshaped_matrix = jitted(reshaped)(matrix)
    assert reshaped_matrix is not matrix and np.shares_memory(reshaped_matrix, matrix)
    frozen = np.arange(4.0)
    frozen.flags.writeable = False
    assert jitted(handed_back)(frozen) is frozen


# --------------------------------------------------------------------------------------------------
# The seed's matrix multiplication
# --------------------------------------------------------------------------------------------------


MATMUL_VERSIONS = [matrix_multiply_loops, matrix_multiply_loops_plain]


@pytest.mark.parametrize("version", MATMUL_VERSIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("m, n, p", [(1, 1, 1), (3, 4, 5), (16, 16, 16), (33, 17, 9), (64, 64, 64)])
def test_matrix_multiply_loops(version, m, n, p):
    rng = np.random.default_rng(m * 100 + n * 10 + p)
    A = np.array(rng.random((m, n)), order="C")
    B = np.array(rng.random((n, p)), order="F")
    if min(m, n, p) > 1:  # (an array with a unit dimension is both C- and F-contiguous)
        assert rumba.typeof(A) == "float64[:, ::1]" and rumba.typeof(B) == "float64[::1, :]"
    C = jitted(version)(A, B)
    assert type(C) is np.ndarray and C.dtype == np.float64 and C.shape == (m, p)
    assert np.allclose(C, A @ B)
    # The same loop order in CPython: the same sums in the same order, so bit for bit.
    np.testing.assert_array_equal(C, version(A, B), strict=True)


@pytest.mark.parametrize("version", MATMUL_VERSIONS, ids=lambda f: f.__name__)
def test_matrix_multiply_loops_other_layouts(version):
    rng = np.random.default_rng(9)
    A = rng.random((12, 8))
    B = rng.random((16, 10))[::2, :]
    for a, b in [(A, B), (np.asfortranarray(A), np.ascontiguousarray(B)), (A[::-1], B[:, ::-1])]:
        C = jitted(version)(a, b)
        assert np.allclose(C, a @ b)
        np.testing.assert_array_equal(C, version(a, b), strict=True)


@pytest.mark.parametrize("version", MATMUL_VERSIONS, ids=lambda f: f.__name__)
def test_matrix_multiply_loops_shape_mismatch(version):
    A = np.ones((3, 4))
    B = np.asfortranarray(np.ones((5, 2)))
    check(jitted(version), A, B, exact_types=False)


def shifted_indices(a):
    out = np.zeros(a.shape[0])
    for i in range(a.shape[0]):
        out[i] = a[i - 1] + a[i - 2] * 2.0
        for j in range(i, a.shape[0]):
            out[i] += a[j - i] - a[j + 1 - a.shape[0]]
    return out


def test_loop_indices_that_may_be_negative_still_wrap():
    a = np.arange(7.0) ** 2
    np.testing.assert_array_equal(rumba.njit(shifted_indices)(a), shifted_indices(a))


def shape_parts(a, i):
    shape = a.shape
    return shape[:2], shape[1:], shape[::-1], shape[-1:0:-1], shape[5:], shape[i], a.strides, a.strides[i], a.itemsize


def shape_extent_sum(a):
    total = 0
    for k in range(a.ndim):
        total += a.shape[k] * a.strides[k]
    return total


def shapes_joined(a, n):
    half_strides = (a.strides[0] // 2,) + a.strides[1:]
    widened = a.shape + (n,) * 2
    return half_strides, widened, a.shape[:1] + a.shape[1:] + (), (n, 2.5) * 0, () * 3


def test_tuples_concatenate_and_repeat_as_in_python():
    for a in [np.ones(5), np.ones((2, 3)), np.ones((2, 3, 4))[:, ::2]]:
        check(jitted(shapes_joined), a, 7)


def repeated_at_run_time(n):
    return (n,) * n


def test_a_tuple_repeated_a_run_time_number_of_times_is_a_located_error():
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_arrays.py:\d+:\d+: error: a tuple is repeated a number of times known when compiling"):
        rumba.njit(repeated_at_run_time)(2)


@pytest.mark.parametrize("dtype", ["float64", "int32", "uint8", "bool"])
def test_shape_and_strides_slice_and_index_as_tuples(dtype):
    cube = np.arange(24).reshape(2, 3, 4).astype(dtype)
    for a in [cube, cube.T, cube[:, ::2, ::-1]]:
        for i in [0, 1, 2, -1, -3, 3, -4]:
            check(jitted(shape_parts), a, i)
        check(jitted(shape_extent_sum), a)


def byte_size_and_flags(a):
    return a.nbytes, a.flags.c_contiguous, a.flags.f_contiguous, a.flags.contiguous


@pytest.mark.parametrize("shape, view", [((3, 4), lambda m: m), ((3, 4), lambda m: m.T), ((3, 4), lambda m: m[:, ::2]),
                                         ((5,), lambda m: m), ((1, 4), lambda m: m[:, 1:]), ((0, 3), lambda m: m),
                                         ((4, 3, 2), lambda m: m[:, 1]), ((4, 3, 2), lambda m: m.transpose(1, 0, 2))])
def test_nbytes_and_contiguity_flags_as_numpy_gives_them(shape, view):
    a = view(np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape))
    assert jitted(byte_size_and_flags)(a) == byte_size_and_flags(a)


def dtype_facts(a):
    if a.dtype.kind == "f":
        kind = 1
    elif a.dtype.kind == "i":
        kind = 2
    else:
        kind = 3
    return kind, a.dtype.itemsize, a.dtype.name == "int32", a.dtype.kind


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.uint8, np.bool_, np.complex128])
def test_dtype_kind_name_and_itemsize(dtype):
    # The dtype's facts are known when compiling: a branch on its kind is pruned, as in Numba.
    a = np.ones(3, dtype)
    assert jitted(dtype_facts)(a) == dtype_facts(a)


def bool8_zeros(n):
    return np.zeros(n, np.bool8)


def test_numpy_1_bool8_alias():
    # NumPy 1's name for np.bool_, which code written for it still uses (NumPy 2 dropped it).
    got = jitted(bool8_zeros)(3)
    assert got.dtype == np.bool_ and not got.any()


def label_overlap(x, y):
    # cellpose's `dtype=np.uint`, NumPy's unsigned integer of a pointer's width.
    overlap = np.zeros((1 + x.max(), 1 + y.max()), dtype=np.uint)
    for i in range(len(x)):
        overlap[x[i], y[i]] += 1
    return overlap


def test_np_uint_is_the_unsigned_pointer_width_integer():
    x, y = np.array([0, 1, 1, 2]), np.array([1, 1, 0, 2])
    got, expected = jitted(label_overlap)(x, y), label_overlap(x, y)
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)
