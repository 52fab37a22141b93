"""``@vectorize``: eager signatures give a real ``numpy.ufunc`` (broadcasting over N-D inputs,
``out=``, type dispatch over the listed loops), lazy ``@vectorize`` compiles a loop per new input
dtypes; ``target='parallel'`` runs the loop on threads (``target='cuda'`` is tested in test_cuda.py;
without signatures it is a clear error).
Results are compared with NumPy applying the same Python function elementwise (``np.vectorize`` over
the kernel's ``py_func`` semantics) and with NumPy's own operators."""
import enum
import math

import numpy as np
import pytest

import rumba
from rumba import float32, float64, int64, vectorize


def add(x, y):
    c = x + y
    return c


def hypot_like(x, y):
    return math.sqrt(x * x + y * y)


def clipped(x, low, high):
    if x < low:
        return low
    if x > high:
        return high
    return x


def reference(function, *arrays, dtype):
    return np.vectorize(function, otypes=[dtype])(*arrays)


@pytest.mark.parametrize("target", ["cpu", "parallel"])
def test_seed_vec_add_is_a_ufunc(target):
    vec_add = vectorize([float32(float32, float32)], target=target, fastmath=True)(add)
    assert isinstance(vec_add, np.ufunc) and vec_add.types == ["ff->f"]
    rng = np.random.default_rng(1)
    a = rng.random((3, 2)).astype(np.float32)
    b = rng.random((3, 2)).astype(np.float32)
    np.testing.assert_array_equal(vec_add(a, b), a + b)


@pytest.mark.parametrize("target", ["cpu", "parallel"])
def test_broadcasting_out_and_strides(target):
    ufunc = vectorize(["f8(f8, f8)"], target=target)(hypot_like)
    rng = np.random.default_rng(2)
    a = rng.standard_normal((4, 1, 5))
    b = rng.standard_normal((3, 1))[::-1]
    expected = reference(hypot_like, a, b, dtype=np.float64)
    np.testing.assert_array_max_ulp(ufunc(a, b), expected, maxulp=1)
    out = np.empty(np.broadcast_shapes(a.shape, b.shape))
    assert ufunc(a, b, out=out) is out
    np.testing.assert_array_max_ulp(out, expected, maxulp=1)
    big = rng.standard_normal(1_000_003)
    np.testing.assert_array_max_ulp(ufunc(big[::3], 0.5), reference(hypot_like, big[::3], 0.5, dtype=np.float64), maxulp=1)


def test_type_dispatch_over_listed_loops():
    ufunc = vectorize([int64(int64, int64, int64), float64(float64, float64, float64)])(clipped)
    assert ufunc.types == ["lll->l", "ddd->d"]
    ints = np.arange(-5, 6)
    got = ufunc(ints, -2, 3)
    assert got.dtype == np.int64
    np.testing.assert_array_equal(got, reference(clipped, ints, -2, 3, dtype=np.int64))
    floats = np.linspace(-1, 1, 9)
    np.testing.assert_array_equal(ufunc(floats, -0.5, 0.25), reference(clipped, floats, -0.5, 0.25, dtype=np.float64))


def test_lazy_vectorize_compiles_per_input_types():
    lazy = vectorize(add)
    assert isinstance(lazy, rumba.DUFunc)
    np.testing.assert_array_equal(lazy(np.arange(5), np.arange(5)), np.arange(5) * 2)
    halves = np.full(3, 0.5, dtype=np.float32)
    got = lazy(halves, halves)
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, halves + halves)
    assert len(lazy.types) == 2


def test_cuda_target_without_signatures_is_a_clear_error():
    with pytest.raises(TypeError, match="target='cuda'.* needs signatures"):
        vectorize(target="cuda")(add)


def test_kernel_errors_are_located():
    def uses_a_generator(x):
        return (v for v in range(3))

    with pytest.raises(rumba.errors.UnsupportedError, match="generator expressions are not supported"):
        vectorize(["f8(f8)"])(uses_a_generator)


@rumba.vectorize(["float64(float64)", "float32(float32)"])
def normal_cdf(x):
    return 0.5 + 0.5 * math.erf(x / math.sqrt(2.0))


@rumba.vectorize
def above(a, b):
    if a > b:
        return 1
    return 0


def calls_vectorized_functions(a, threshold):
    return normal_cdf(a * 2.0) + normal_cdf(0.25), above(a, threshold).mean(), above(a[:, 0], a[:, 1] - 0.1), above(0.5, threshold)


def test_vectorized_functions_called_from_compiled_code_map_over_arrays():
    a = np.linspace(-1.0, 1.0, 12).reshape(4, 3)
    got, expected = rumba.njit(calls_vectorized_functions)(a, 0.1), calls_vectorized_functions(a, 0.1)
    np.testing.assert_allclose(got[0], expected[0], rtol=1e-15)
    assert got[0].dtype == expected[0].dtype and got[1] == expected[1] and got[3] == expected[3]
    np.testing.assert_array_equal(got[2], expected[2])
    assert got[2].shape == expected[2].shape


class Side(enum.Enum):
    BUY = 1
    SELL = 2


WEIGHTS = np.array([0.5, 2.0])


@vectorize([float64(float64, int64)])
def signed_by_side(x, side):
    # Reads a class and an array of the module that only the kernel names.
    if side == Side.BUY.value:
        return x * WEIGHTS[0]
    return -x * WEIGHTS[1]


def calls_a_kernel_with_its_own_globals(x, side):
    return signed_by_side(x, int(side))


@pytest.mark.parametrize("side", [1, 2])
def test_a_kernel_called_from_compiled_code_reads_its_own_globals(side):
    assert rumba.njit(calls_a_kernel_with_its_own_globals)(3.0, side) == calls_a_kernel_with_its_own_globals(3.0, side)


def plus(x, y):
    return x + y


def times(x, y):
    return x * y


@pytest.mark.parametrize("identity, kernel", [(0, plus), (1, times), ("reorderable", plus), (None, plus)])
def test_identity_is_the_ufuncs(identity, kernel):
    # As NumPy's own ufuncs with that identity: `reduce` of an empty array gives it, or refuses.
    compiled = vectorize(["float64(float64, float64)"], identity=identity)(kernel)
    reference = np.frompyfunc(kernel, 2, 1, identity=None if identity == "reorderable" else identity)
    assert compiled.identity == reference.identity
    values = np.array([1.5, 2.0, 4.0])
    assert compiled.reduce(values) == reference.reduce(values)
    if isinstance(identity, int):
        assert compiled.reduce(np.empty(0)) == identity
    else:
        with pytest.raises(ValueError):
            compiled.reduce(np.empty(0))


def test_unknown_identity_is_a_value_error():
    with pytest.raises(ValueError, match="identity must be"):
        vectorize(["float64(float64, float64)"], identity=5)(plus)


def magnitude_squared(z):
    return z.real ** 2 + z.imag ** 2


def test_lazy_vectorize_takes_the_output_positionally():
    # librosa's `_cabs2(x, out)`: NumPy's ufuncs take `out` after the inputs.
    lazy = vectorize(magnitude_squared)
    z = np.array([3 + 4j, 1j])
    out = np.empty(2)
    assert lazy(z, out) is out
    np.testing.assert_array_equal(out, magnitude_squared(z))
    with pytest.raises(TypeError, match="takes 1 arguments, got 3"):
        lazy(z, out, out)
