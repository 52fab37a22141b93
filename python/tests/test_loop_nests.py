"""Loop nests that raise-loop-nests turns into tiled vector code (matrix products written as loops),
and nests it must leave alone. Each case runs the same function in CPython and under rumba and
requires the same bits: the raised code sums each element in the order the loops wrote."""
import numpy as np
import pytest

import rumba


def ikj(A, B):
    m, n = A.shape
    n2, p = B.shape
    C = np.zeros((m, p))
    for i in range(m):
        for k in range(n):
            for j in range(p):
                C[i, j] += A[i, k] * B[k, j]
    return C


def ikj_transposed_b(A, B):
    C = np.zeros((A.shape[0], B.shape[0]))
    for i in range(A.shape[0]):
        for k in range(A.shape[1]):
            for j in range(B.shape[0]):
                C[i, j] += A[i, k] * B[j, k]
    return C


def ijk(A, B):
    C = np.zeros((A.shape[0], B.shape[1]))
    for i in range(A.shape[0]):
        for j in range(B.shape[1]):
            for k in range(A.shape[1]):
                C[i, j] = C[i, j] + A[i, k] * B[k, j]
    return C


def scalar_accumulator(A, B):
    C = np.zeros((A.shape[0], B.shape[1]))
    for i in range(A.shape[0]):
        for j in range(B.shape[1]):
            s = 0.0
            for k in range(A.shape[1]):
                s += A[i, k] * B[k, j]
            C[i, j] = s
    return C


def batched(A, B):
    C = np.zeros((A.shape[0], A.shape[1], B.shape[2]))
    for b in range(A.shape[0]):
        for i in range(A.shape[1]):
            for k in range(A.shape[2]):
                for j in range(B.shape[2]):
                    C[b, i, j] += A[b, i, k] * B[b, k, j]
    return C


def two_tilings(A, B, X, Y):
    """Two nests whose tiles have the same sizes, one with two reductions, one with three parallel
    dimensions: each is tiled and vectorised with its own loop order."""
    return two_reductions(A, B), batched(X, Y)


def into_argument(A, B, C):
    for i in range(A.shape[0]):
        for k in range(A.shape[1]):
            for j in range(B.shape[1]):
                C[i, j] += A[i, k] * B[k, j]
    return C


def transposed_result(A, B):
    C = np.zeros((B.shape[1], A.shape[0]))
    for i in range(A.shape[0]):
        for k in range(A.shape[1]):
            for j in range(B.shape[1]):
                C[j, i] += A[i, k] * B[k, j] - A[i, k]
    return C


def two_reductions(A, B):
    C = np.zeros((A.shape[0], B.shape[2]))
    for i in range(A.shape[0]):
        for k in range(A.shape[1]):
            for l in range(A.shape[2]):
                for j in range(B.shape[2]):
                    C[i, j] += A[i, k, l] * B[k, l, j]
    return C


def into_a_transposed_view(A, B):
    D = np.zeros((B.shape[1], A.shape[0]))
    C = D.T
    for i in range(A.shape[0]):
        for k in range(A.shape[1]):
            for j in range(B.shape[1]):
                C[i, j] += A[i, k] * B[k, j]
    return D


def single_precision(A, B):
    C = np.zeros((A.shape[0], B.shape[1]), np.float32)
    for i in range(A.shape[0]):
        for k in range(A.shape[1]):
            for j in range(B.shape[1]):
                C[i, j] += A[i, k] * B[k, j]
    return C


def max_plus(A, B):
    C = np.zeros((A.shape[0], B.shape[1]))
    for i in range(A.shape[0]):
        for k in range(A.shape[1]):
            for j in range(B.shape[1]):
                C[i, j] = max(C[i, j], A[i, k] + B[k, j])
    return C


def rows_in_parallel(A, B):
    C = np.zeros((A.shape[0], B.shape[1]), dtype=A.dtype)
    for i in rumba.prange(A.shape[0]):
        for k in range(A.shape[1]):
            for j in range(B.shape[1]):
                C[i, j] += A[i, k] * B[k, j]
    return C


def sums_in_parallel(A, B):
    C = np.zeros((A.shape[0], B.shape[1]))
    for i in rumba.prange(A.shape[0]):
        for j in range(B.shape[1]):
            s = 0.0
            for k in range(A.shape[1]):
                s += A[i, k] * B[k, j]
            C[i, j] = s
    return C


def sums_into_argument_in_parallel(A, B, C):
    for i in rumba.prange(A.shape[0]):
        for j in range(B.shape[1]):
            s = 0.0
            for k in range(A.shape[1]):
                s += A[i, k] * B[k, j]
            C[i, j] = s
    return C


def matrix(rows, columns, dtype, order, seed):
    values = np.random.default_rng(seed).uniform(-2, 2, (rows, columns))
    if np.issubdtype(dtype, np.integer):
        values = values * 10
    return np.asarray(values.astype(dtype), order=order)


def same_bits(function, *arguments):
    expected = function(*[argument.copy(order="K") for argument in arguments])
    got = rumba.njit(function)(*[argument.copy(order="K") for argument in arguments])
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)


SHAPES = [(1, 1, 1), (3, 5, 7), (8, 3, 8), (9, 4, 17), (16, 16, 16), (17, 33, 40), (2, 9, 31)]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("orders", ["CF", "CC", "FC"])
@pytest.mark.parametrize("function", [ikj, ijk, scalar_accumulator, transposed_result])
def test_matrix_product_loops(function, shape, dtype, orders):
    if function is scalar_accumulator and dtype == np.float32:
        pytest.skip("NumPy 2 keeps `0.0 + float32` in float32; rumba, like Numba, types `s` as float64")
    m, n, p = shape
    same_bits(function, matrix(m, n, dtype, orders[0], 1), matrix(n, p, dtype, orders[1], 2))


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("orders", ["CC", "CF", "FF"])
def test_product_with_a_transposed_operand(shape, orders):
    m, n, p = shape
    same_bits(ikj_transposed_b, matrix(m, n, np.float64, orders[0], 1), matrix(p, n, np.float64, orders[1], 2))


@pytest.mark.parametrize("function, b_order, packed", [(ikj, "F", True), (ikj, "C", False), (ikj_transposed_b, "C", True), (ikj_transposed_b, "F", False)])
def test_operands_read_across_their_stride_are_packed(function, b_order, packed):
    # The tiles walk B along j: where j's stride is not 1, B is copied with j contiguous first.
    A, B = matrix(16, 16, np.float64, "C", 7), matrix(16, 16, np.float64, b_order, 8)
    jitted = rumba.njit(function)
    jitted(A, B)
    assert ("linalg.transpose" in jitted.inspect_mlir(jitted.signatures[0], stage="vector")) == packed


@pytest.mark.parametrize("shape", [(1, 1, 1, 1), (2, 9, 5, 11), (3, 8, 4, 16)])
def test_batched_product(shape):
    batch, m, n, p = shape
    rng = np.random.default_rng(3)
    same_bits(batched, rng.uniform(-1, 1, (batch, m, n)), rng.uniform(-1, 1, (batch, n, p)))


@pytest.mark.parametrize("function, vectorised", [(two_reductions, True), (into_a_transposed_view, True), (single_precision, True), (scalar_accumulator, True), (max_plus, False)])
def test_other_nests(function, vectorised):
    rng = np.random.default_rng(9)
    if function is two_reductions:
        arguments = (rng.uniform(-1, 1, (9, 3, 4)), rng.uniform(-1, 1, (3, 4, 19)))
    else:
        dtype = np.float32 if function is single_precision else np.float64
        arguments = (rng.uniform(-1, 1, (9, 5)).astype(dtype), rng.uniform(-1, 1, (5, 17)).astype(dtype))
    same_bits(function, *arguments)
    jitted = rumba.njit(function)
    jitted(*arguments)
    assert ("vector.transfer_read" in jitted.inspect_mlir(jitted.signatures[0], stage="vector")) == vectorised


def test_nests_with_the_same_tile_sizes():
    rng = np.random.default_rng(10)
    arguments = (rng.uniform(-1, 1, (9, 3, 4)), rng.uniform(-1, 1, (3, 4, 19)), rng.uniform(-1, 1, (3, 9, 5)), rng.uniform(-1, 1, (3, 5, 17)))
    for got, expected in zip(rumba.njit(two_tilings)(*arguments), two_tilings(*arguments)):
        np.testing.assert_array_equal(got, expected)


def test_product_into_an_argument_that_aliases_an_input():
    A = matrix(6, 6, np.float64, "C", 4) / 8
    same_bits(into_argument, A, matrix(6, 6, np.float64, "C", 5), matrix(6, 6, np.float64, "C", 6))
    expected = into_argument(A.copy(), A.copy(), A.copy())
    aliased = A.copy()
    got = rumba.njit(into_argument)(aliased, aliased, aliased)
    reference = A.copy()
    into_argument(reference, reference, reference)
    np.testing.assert_array_equal(got, reference)
    assert not np.array_equal(reference, expected)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("orders", ["CCC", "CFC", "FCF"])
def test_product_into_an_argument(shape, orders):
    m, n, p = shape
    same_bits(into_argument, *(matrix(rows, columns, np.float64, order, seed) for (rows, columns), order, seed in zip([(m, n), (n, p), (m, p)], orders, [11, 12, 13])))
    jitted = rumba.njit(into_argument)
    jitted(matrix(m, n, np.float64, "C", 1), matrix(n, p, np.float64, "C", 2), matrix(m, p, np.float64, "C", 3))
    assert "vector.transfer_read" in jitted.inspect_mlir(jitted.signatures[0], stage="vector")


def views_of_one_buffer(buffer):
    """(A, B, C) views of `buffer` (12 x 12): some share memory with the result, some only lie
    beside it or between its elements."""
    return [
        (buffer[:4, :4], buffer[4:8, :4], buffer[8:, :4]),
        (buffer[:6, :6], buffer[:6, 6:], buffer[6:, 6:]),
        (buffer[:6, :6], buffer[6:, :6], buffer[3:9, 3:9]),
        (buffer[::2, :6], buffer[1::2, :6].T, buffer[::2, 6:]),
        (buffer[:6, ::-2], buffer[6:, ::-2], buffer[6:, 1::2]),
        (buffer[:5, :5], buffer[:5, :5].T, buffer[:5, :5]),
    ]


@pytest.mark.parametrize("case", range(6))
def test_product_into_a_view_of_an_input(case):
    buffer = matrix(12, 12, np.float64, "C", 14) / 4
    expected_buffer = buffer.copy()
    into_argument(*views_of_one_buffer(expected_buffer)[case])
    rumba.njit(into_argument)(*views_of_one_buffer(buffer)[case])
    np.testing.assert_array_equal(buffer, expected_buffer)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("orders", ["CC", "CF", "FC"])
@pytest.mark.parametrize("function", [rows_in_parallel, sums_in_parallel])
def test_nests_in_prange_bodies_are_raised(function, shape, orders):
    m, n, p = shape
    A, B = matrix(m, n, np.float64, orders[0], 21), matrix(n, p, np.float64, orders[1], 22)
    expected = function(A, B)
    jitted = rumba.njit(parallel=True)(function)
    np.testing.assert_array_equal(jitted(A, B), expected)
    assert "vector.transfer_read" in jitted.inspect_mlir(jitted.signatures[0], stage="vector")


@pytest.mark.parametrize("case", range(6))
def test_prange_sums_into_a_view_of_an_input(case):
    """On one thread, so that the iterations run in order where the result overlaps an input (on
    several they would race, with or without the raise)."""
    buffer = matrix(12, 12, np.float64, "C", 23) / 4
    expected_buffer = buffer.copy()
    sums_into_argument_in_parallel(*views_of_one_buffer(expected_buffer)[case])
    threads = rumba.get_num_threads()
    rumba.set_num_threads(1)
    try:
        rumba.njit(parallel=True)(sums_into_argument_in_parallel)(*views_of_one_buffer(buffer)[case])
    finally:
        rumba.set_num_threads(threads)
    np.testing.assert_array_equal(buffer, expected_buffer)


def test_empty_dimensions():
    same_bits(ikj, np.zeros((0, 4)), np.zeros((4, 5)))
    same_bits(ikj, np.zeros((3, 0)), np.zeros((0, 5)))


def test_the_product_is_vectorised():
    jitted = rumba.njit(ikj)
    A, B = matrix(16, 16, np.float64, "C", 7), matrix(16, 16, np.float64, "F", 8)
    jitted(A, B)
    vector = jitted.inspect_mlir(jitted.signatures[0], stage="vector")
    assert "vector.transfer_read" in vector and "vector<8x8xf64>" in vector
