"""Arrays as values: elementwise expressions over arrays and scalars (fused into one loop), NumPy ufuncs
on arrays, comparisons, and whole-array reductions, compared with NumPy running the same function
(the dispatcher's ``py_func``). Broadcasting is in test_numpy_calls.py."""
import numpy as np
import pytest

import rumba
from rumba import njit


def go_fast(a):
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace


def mixed(a, b):
    return np.sqrt(a * a + b * b) - 2 * a / (b + 1.0)


def unary_and_compare(a, t):
    return -a, a > t, np.abs(a) <= t


def integer_ops(a, b):
    return a + b * 3, a // b, a % b, a - 7


def reductions(a):
    return a.sum(), a.mean(), np.min(a), a.max(), np.sum(a), np.mean(a)


def float32_with_python_numbers(a):
    return a * 2.0 + 1.0, a * 2 + 1


def chained(a, b, c):
    return (a + b) + c, a + (b + c)


def layouts():
    rng = np.random.default_rng(7)
    base = rng.standard_normal((6, 8))
    return [base, np.asfortranarray(base), base[::2, 1::2].copy(), base[::-1, ::2]]


def test_seed_go_fast_matches_numpy():
    x = np.arange(4096).astype(np.float64).reshape((64, 64))
    got = njit(go_fast)(x)
    assert got.dtype == np.float64 and got.flags.c_contiguous
    np.testing.assert_array_equal(got, go_fast(x))


@pytest.mark.parametrize("index", range(4))
def test_mixed_expression_on_every_layout(index):
    a = layouts()[index]
    b = np.asfortranarray(np.abs(a) + 0.25)  # same shape, the other layout
    np.testing.assert_array_max_ulp(njit(mixed)(a, b), mixed(a, b), maxulp=2)


def test_unary_comparisons_and_ufuncs():
    a = layouts()[3]
    for got, expected in zip(njit(unary_and_compare)(a, 0.3), unary_and_compare(a, 0.3)):
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected)


# A Python number of the array's kind promotes as Numba promotes it (int64, float64); of a lower
# kind it takes the array's type. NumPy 2 computes these as the array's type (NEP 50), so NumPy's
# results are computed on the arrays widened where Numba widens them.


def test_integer_arrays_with_python_integers_widen_as_in_numba():
    a = np.arange(-12, 12, dtype=np.int32).reshape(4, 6)
    b = np.arange(1, 25, dtype=np.int32).reshape(4, 6)
    got = njit(integer_ops)(a, b)
    assert [item.dtype for item in got] == [np.int64, np.int32, np.int32, np.int64]
    for got_item, expected in zip(got, integer_ops(a.astype(np.int64), b.astype(np.int64))):
        np.testing.assert_array_equal(got_item, expected)


def test_float32_with_python_floats_widens_as_in_numba():
    a = np.linspace(0, 1, 10, dtype=np.float32)
    widened, kept = njit(float32_with_python_numbers)(a)
    assert widened.dtype == np.float64 and kept.dtype == np.float32
    np.testing.assert_array_equal(widened, float32_with_python_numbers(a.astype(np.float64))[0])
    np.testing.assert_array_equal(kept, float32_with_python_numbers(a)[1])


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32, np.uint8, np.bool_])
def test_reductions(dtype):
    a = (np.random.default_rng(3).random((7, 5)) * 100).astype(dtype)
    got = njit(reductions)(a)
    expected = reductions(a)
    for value, reference in zip(got, expected):
        assert type(value) in (int, float, bool)
        # Sums run in index order (as Numba's), NumPy sums pairwise: equal up to reassociation.
        assert value == pytest.approx(reference, rel=1e-6 if dtype == np.float32 else 1e-12)


def test_seed_f_and_f_fast_show_the_association():
    a, b, c = np.array([1e9]), np.array([-1e9]), np.array([0.1])
    first, second = njit(chained)(a, b, c)
    expected_first, expected_second = chained(a, b, c)
    assert first[0] == expected_first[0] and second[0] == expected_second[0]


def test_mismatched_shapes_raise_value_error():
    with pytest.raises(ValueError, match="could not be broadcast"):
        njit(mixed)(np.ones((3, 4)), np.ones((3, 5)))


def test_reductions_of_empty_arrays():
    with pytest.raises(ValueError, match="zero-size array to reduction operation minimum"):
        njit(reductions)(np.ones(0))


def test_one_fused_linalg_generic():
    fused = njit(mixed)
    fused(np.ones((2, 2)), np.ones((2, 2)))
    # The frontend emits one py.map per operation; the parfor stage fuses them into one.
    assert fused.inspect_mlir(fused.signatures[0], stage="py").count("py.map") == 8
    assert fused.inspect_mlir(fused.signatures[0], stage="parfor").count("py.map") == 1
    # One loop, emitted twice: on the operands as they are, and on zero-stride views where an
    # extent of 1 broadcasts at run time.
    std = fused.inspect_mlir(fused.signatures[0], stage="std")
    assert std.count("linalg.generic") == 2
    assert std.count("memref.reinterpret_cast") == 2
