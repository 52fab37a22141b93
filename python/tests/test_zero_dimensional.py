"""0-d arrays: passed from Python, made by ``np.array(x)``, ``np.asarray(x)`` and ``np.zeros(())``,
read and written with ``a[()]``, returned as 0-d arrays. As in NumPy, an operator or a ufunc on 0-d
arrays (and numbers) gives a number, and a 0-d array broadcasts against any array. Each case is
compared with NumPy running the same function."""

import numpy as np
import pytest

from _compare import assert_same_value, jitted
from rumba import errors


def plus_one(x):
    return x + 1


def negated(x):
    return -x


def sine(x):
    return np.sin(x)


def maximum(x):
    return np.maximum(x, 2.0)


def root_plus_self(x):
    return np.sqrt(x) + x


def compared(x):
    if x > 2:
        return 1
    return 0


def chained(x):
    return 0 < x < 3


def element(x):
    return x[()] * 2.0


def as_float(x):
    return float(x)


def item(x):
    return x.item()


def total(x):
    return x.sum()


def mean(x):
    return x.mean()


@pytest.mark.parametrize("function", [plus_one, negated, sine, maximum, root_plus_self, compared, chained, element, as_float, item, total, mean])
@pytest.mark.parametrize("value", [2.5, 1.0, 9.0])
def test_operations_on_a_0d_argument_give_numbers(function, value):
    got = jitted(function)(np.array(value))
    assert_same_value(got, function(np.array(value)), exact_types=False)


def shape(x):
    return x.shape, x.ndim, x.size


def same(x):
    return x


def copied(x):
    return x.copy()


def zeros_like(x):
    return np.zeros_like(x)


def as_array(x):
    return np.asarray(x)


def reshaped(x):
    return x.reshape(1)


def reshaped_back(x):
    return x.reshape(()), (x.reshape(1) * 2.0).reshape(())


def indexing(x):
    return np.arange(10.0)[x.astype(np.int64)], np.arange(12.0).reshape(4, 3)[x.astype(np.int64)]


def at_least(x):
    return np.atleast_1d(x), np.atleast_2d(x), np.atleast_3d(x)


def broadcast(x):
    return x * np.arange(3.0), np.arange(3.0) - x


def stored(x):
    x[()] = 7.0
    return x


def added_in_place(x):
    x += 1.5
    return x


def filled(x):
    x.fill(4.0)
    return x


@pytest.mark.parametrize("function", [shape, same, copied, zeros_like, as_array, reshaped, reshaped_back, indexing, at_least, broadcast, stored, added_in_place, filled])
def test_0d_arrays_as_numpy_has_them(function):
    got_argument, expected_argument = np.array(2.5), np.array(2.5)
    got = jitted(function)(got_argument)
    expected = function(expected_argument)
    for got_part, expected_part in zip(got if isinstance(got, tuple) else (got,), expected if isinstance(expected, tuple) else (expected,)):
        if isinstance(expected_part, np.ndarray):
            assert isinstance(got_part, np.ndarray) and got_part.shape == expected_part.shape and got_part.dtype == expected_part.dtype
            np.testing.assert_array_equal(got_part, expected_part)
        else:
            assert got_part == expected_part
    np.testing.assert_array_equal(got_argument, expected_argument)


def from_number(n):
    a = np.array(n)
    b = np.asarray(n * 2.0)
    c = np.zeros(())
    c[()] = n + 0.5
    d = np.empty((), np.int32)
    d[()] = n
    return a, b, c, d


def test_0d_arrays_made_in_compiled_code():
    for got, expected in zip(jitted(from_number)(3), from_number(3)):
        assert isinstance(got, np.ndarray) and got.shape == () and got.dtype == expected.dtype
        assert got[()] == expected[()]


def test_0d_arrays_of_other_types():
    for value in [np.array(3, np.int32), np.array(True), np.array(1.5 - 2j), np.array(0.25, np.float32)]:
        got, expected = jitted(plus_one)(value), plus_one(value)
        assert got == expected and type(got) is type(expected.item())
        got = jitted(same)(value)
        assert got.shape == () and got.dtype == value.dtype and got[()] == value[()]


def length(x):
    return len(x)


def test_len_of_a_0d_array_is_a_located_error():
    with pytest.raises(errors.TypingError, match=r"test_zero_dimensional\.py:\d+:\d+: error: len\(\) of unsized object"):
        jitted(length)(np.array(1.0))


def omega(phi, t):
    # lenstronomy's EPL profile: `phi` an array or a number, the result alike.
    omegas = np.zeros_like(phi, dtype=np.complex128)
    omegas += np.exp(1j * phi) * t
    return omegas


def filled_like(x):
    return np.ones_like(x), np.full_like(x, 7), np.empty_like(x).shape


@pytest.mark.parametrize("phi", [0.5, np.array([0.0, 0.5])])
def test_like_functions_of_a_number_make_0d_arrays(phi):
    got, expected = jitted(omega)(phi, 2.0), omega(phi, 2.0)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    np.testing.assert_allclose(got, expected, rtol=1e-15)
    got, expected = jitted(filled_like)(phi), filled_like(phi)
    for got_array, expected_array in zip(got[:2], expected[:2]):
        assert got_array.shape == expected_array.shape and got_array.dtype == expected_array.dtype
        np.testing.assert_array_equal(got_array, expected_array)
    assert got[2] == expected[2]


def stores_zero_d_arrays(x):
    # orix's conversions: a 0-d array stored into an element is its one element, as in Numba.
    out = np.zeros(3)
    out[0] = np.array(x * 2, dtype=np.float64)
    out[1] = np.asarray(x) + np.array(1.0)
    out[2] = np.zeros(()) + x
    return out


@pytest.mark.parametrize("x", [1.5, -2.0])
def test_zero_d_arrays_stored_into_elements(x):
    np.testing.assert_array_equal(jitted(stores_zero_d_arrays)(x), stores_zero_d_arrays(x))
