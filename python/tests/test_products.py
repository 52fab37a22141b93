"""`@` and `np.dot` on float arrays call BLAS (OpenBLAS) on the operands as they lie in memory:
C- and F-ordered matrices, transposed and strided views, negative strides (copied first), empty
extents, float32 and float64, against NumPy's own products. Products inside `prange` bodies, and in
functions called from them, run as loops on the calling thread; they must give the same results."""
import numpy as np
import pytest

import rumba
from rumba import njit, prange

rng = np.random.default_rng(7)


def matmul(a, b):
    return a @ b


def dot(a, b):
    return np.dot(a, b)


compiled_matmul = njit(matmul)
compiled_dot = njit(dot)


def layouts(rows, cols, dtype):
    """The same values' shape in six layouts: C, F, a sliced view, a stepped view, a transpose and
    rows reversed (a negative stride, which BLAS is not given)."""
    side = 2 * max(rows, cols) + 1
    base = rng.standard_normal((side, side)).astype(dtype)
    return {
        "C": base[:rows, :cols].copy(),
        "F": np.asfortranarray(base[:rows, :cols]),
        "sliced": base[:rows, :cols],
        "stepped": base[: 2 * rows : 2, : 2 * cols : 2],
        "transposed": base[:cols, :rows].T,
        "reversed": base[rows - 1 :: -1, :cols] if rows else base[:0, :cols],
    }


def assert_close(got, expected):
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    tolerance = 1e-4 if expected.dtype == np.float32 else 1e-12
    # Sums of products in another order: compare against the size of the terms, not of the result.
    np.testing.assert_allclose(got, expected, rtol=tolerance, atol=tolerance * 10)


SHAPES = [(3, 4, 5), (1, 4, 1), (5, 1, 7), (17, 33, 9), (0, 3, 2), (3, 0, 2), (3, 2, 0)]


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("m,k,n", SHAPES, ids=str)
def test_matrix_products_in_every_layout(dtype, m, k, n):
    for left in layouts(m, k, dtype).values():
        for right in layouts(k, n, dtype).values():
            assert_close(compiled_matmul(left, right), left @ right)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("m,k", [(3, 4), (1, 5), (6, 1), (0, 3), (3, 0), (40, 70)], ids=str)
def test_matrix_vector_products_in_every_layout(dtype, m, k):
    long = rng.standard_normal(2 * max(m, k) + 1).astype(dtype)
    for matrix in layouts(m, k, dtype).values():
        for vector in (long[:k], long[: 2 * k : 2], long[k - 1 :: -1] if k else long[:0]):
            assert_close(compiled_dot(matrix, vector), np.dot(matrix, vector))
            assert_close(compiled_matmul(matrix, vector), matrix @ vector)
        row = long[:m]
        assert_close(compiled_dot(row, matrix), np.dot(row, matrix))
        assert_close(compiled_matmul(long[m - 1 :: -1] if m else long[:0], matrix), (long[m - 1 :: -1] if m else long[:0]) @ matrix)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_vector_dot_products(dtype):
    long = rng.standard_normal(301).astype(dtype)
    for x, y in [(long[:100], long[100:200]), (long[::3], long[:101][::-1]), (long[:0], long[1:1]), (long[:1], long[2:3])]:
        got = compiled_dot(x, y)
        assert isinstance(got, float)
        np.testing.assert_allclose(got, float(np.dot(x, y)), rtol=1e-4 if dtype == np.float32 else 1e-12, atol=1e-5)


def test_large_products_match_numpy():
    a, b = rng.standard_normal((300, 200)), rng.standard_normal((200, 250))
    assert_close(compiled_matmul(a, b), a @ b)
    assert_close(compiled_matmul(b.T, a.T), b.T @ a.T)
    x = rng.standard_normal(200)
    assert_close(compiled_matmul(a, x), a @ x)


@njit
def product_of(a, b):
    return a @ b


@njit(parallel=True)
def products_in_prange(stack, b):
    out = np.zeros((stack.shape[0], stack.shape[1], b.shape[1]))
    for i in prange(stack.shape[0]):
        out[i] = stack[i] @ b
    return out


@njit(parallel=True)
def calls_in_prange(stack, b):
    out = np.zeros((stack.shape[0], stack.shape[1], b.shape[1]))
    for i in prange(stack.shape[0]):
        out[i] = product_of(stack[i], b)
    return out


@pytest.mark.parametrize("function", [products_in_prange, calls_in_prange])
def test_products_inside_parallel_loops(function):
    stack, b = rng.standard_normal((8, 30, 20)), rng.standard_normal((20, 10))
    assert_close(function(stack, b), np.einsum("ijk,kl->ijl", stack, b))


def test_products_follow_the_number_of_threads():
    a, b = rng.standard_normal((120, 80)), rng.standard_normal((80, 60))
    before = rumba.get_num_threads()
    try:
        rumba.set_num_threads(1)
        single = compiled_matmul(a, b)
    finally:
        rumba.set_num_threads(before)
    assert_close(single, a @ b)
    assert_close(compiled_matmul(a, b), a @ b)


def test_integer_products_stay_exact():
    a = rng.integers(-(2**40), 2**40, (6, 5))
    b = rng.integers(-100, 100, (5, 4))
    got = compiled_matmul(a, b)
    assert got.dtype == np.int64
    assert np.array_equal(got, a @ b)


# `@` and `np.matmul` on stacks of matrices (3-D): a product per matrix, a matrix or a stack of one
# taken for every matrix of the other side, as NumPy's matmul does.


def np_matmul(a, b):
    return np.matmul(a, b)


compiled_np_matmul = njit(np_matmul)


def stacks(shape, dtype, layout):
    values = rng.standard_normal(shape).astype(dtype) if np.dtype(dtype).kind == "f" else rng.integers(-5, 5, shape).astype(dtype)
    if layout == "F":
        return np.asfortranarray(values)
    if layout == "transposed":
        return np.ascontiguousarray(np.swapaxes(values, -1, -2)).swapaxes(-1, -2)
    return values


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("layout", ["C", "F", "transposed"])
@pytest.mark.parametrize(
    "left, right",
    [((4, 3, 5), (4, 5, 2)), ((4, 3, 5), (5, 2)), ((3, 5), (4, 5, 2)), ((1, 3, 5), (4, 5, 2)), ((4, 3, 5), (1, 5, 2)), ((0, 3, 5), (0, 5, 2)), ((2, 0, 5), (2, 5, 3))],
)
def test_products_of_stacks_match_numpy(dtype, layout, left, right):
    a, b = stacks(left, dtype, layout), stacks(right, dtype, "C")
    expected = a @ b
    for compiled in (compiled_matmul, compiled_np_matmul):
        got = compiled(a, b)
        assert got.shape == expected.shape and got.dtype == expected.dtype
        np.testing.assert_allclose(got, expected, rtol=1e-5 if dtype == np.float32 else 1e-12, atol=1e-5 if dtype == np.float32 else 1e-12)


def test_np_matmul_of_matrices_and_vectors_matches_numpy():
    a, v = rng.standard_normal((4, 3)), rng.standard_normal(3)
    np.testing.assert_allclose(compiled_np_matmul(a, v), a @ v, rtol=1e-13)
    np.testing.assert_allclose(compiled_np_matmul(a, a.T), a @ a.T, rtol=1e-13)


@pytest.mark.parametrize("left, right", [((4, 3, 5), (4, 4, 2)), ((4, 3, 5), (3, 5, 2)), ((2, 3, 5), (4, 2))])
def test_stacks_that_do_not_fit_raise_value_error(left, right):
    a, b = np.ones(left), np.ones(right)
    with pytest.raises(ValueError):
        a @ b
    with pytest.raises(ValueError, match="matmul|broadcast"):
        compiled_matmul(a, b)


def test_more_than_three_dimensions_is_a_located_error():
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_products.py:\d+:\d+: error: '@' of float64\[:, :, :, ::1\]"):
        compiled_matmul(np.ones((2, 2, 2, 2)), np.ones((2, 2)))
