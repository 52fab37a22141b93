"""NumPy functions of the prelude that Numba users reach for: np.append, np.delete, np.insert,
np.split/array_split/hsplit/vsplit/dsplit (lists of views), np.rot90, np.flip along an axis,
np.select, np.take_along_axis, np.argsort/np.diff along an axis and of larger arrays, a.sort() of
a matrix, np.nan_to_num, np.isscalar, np.iscomplex/isreal, np.asarray_chkfinite and np.polyval;
`**` of integer arrays by a literal exponent; np.trace's offset; np.count_nonzero, np.ptp, np.nansum,
np.nanmean, np.nanmax, np.nanmin, np.average and np.repeat along an axis; np.tile of matrices;
np.partition of larger arrays; np.kron of vectors.
Every case runs the same function under NumPy (the undecorated function) and under rumba and
compares values, dtypes and shapes (of lists and tuples item by item), or the exception's type."""
import numpy as np
import pytest

from rumba import errors, njit
from test_numpy_more import assert_same, copies


def differential(function, *arguments):
    numpy_arguments, rumba_arguments = copies(arguments), copies(arguments)
    try:
        expected = function(*numpy_arguments)
    except Exception as error:  # noqa: BLE001 - the exception is the outcome to compare
        with pytest.raises(type(error)):
            njit(function)(*rumba_arguments)
        return
    assert_same(njit(function)(*rumba_arguments), expected)
    for after_numpy, after_rumba in zip(numpy_arguments, rumba_arguments):
        if isinstance(after_numpy, np.ndarray):
            np.testing.assert_array_equal(after_rumba, after_numpy)


grid = np.arange(12.0).reshape(3, 4) ** 1.5
vector = np.array([3.0, -1.0, 2.5, np.nan, 7.0, 0.5])
integers = np.array([4, 1, 3, 3, 0, 9])


def appended(a, values):
    return np.append(a, values)


def appended_along(a, values, axis):
    return np.append(a, values, axis=axis)


def deleted(a, positions):
    return np.delete(a, positions)


def inserted(a, position, values):
    return np.insert(a, position, values)


def array_split(a, sections, axis):
    return np.array_split(a, sections, axis=axis)


def split(a, sections, axis):
    return np.split(a, sections, axis=axis)


def other_splits(a):
    return np.hsplit(a, 2), np.vsplit(a, [1]), np.dsplit(a.reshape(2, 2, 3), 3)


def turned(m, k):
    return np.rot90(m, k)


def flipped(m, axis):
    return np.flip(m, axis)


def selected(a):
    return np.select([a < 3, a > 8], [a, -a], 0.5), np.select([a < 5], [a * 2])


def along_axis(a, axis):
    order = np.argsort(a, axis=axis)
    return order, np.take_along_axis(a, order, axis)


def differences(a, n, axis):
    return np.diff(a, n, axis)


def sorted_in_place(a, axis):
    a.sort(axis=axis)
    return a


def made_finite(a):
    return np.nan_to_num(a), np.nan_to_num(a, nan=-1.0, posinf=9.0, neginf=-9.0)


def kinds_of_values(a, x):
    return np.isscalar(x), np.isscalar(a), np.iscomplex(a), np.isreal(a)


def checked_finite(a):
    return np.asarray_chkfinite(a)


def polynomial(p, x):
    return np.polyval(p, x)


def diagonal_sums(a):
    return np.trace(a, 1), np.trace(a, -2), np.trace(a, 9), a.trace(-1)


def along_an_axis(a, axis):
    return np.count_nonzero(a > 3, axis=axis), np.ptp(a, axis=axis), np.nansum(a, axis=axis), np.nanmean(a, axis=axis)


def partitioned_kth(a, kth):
    return np.partition(a, kth)[..., kth]


def kronecker(a, b):
    return np.kron(a, b)


def nan_extremes_along(a, axis):
    return np.nanmax(a, axis=axis), np.nanmin(a, axis)


def averages_along(a, axis, weights):
    return np.average(a, axis=axis), np.average(a, axis, weights)


def repeated_along(a, repeats, axis):
    return np.repeat(a, repeats, axis=axis)


def tiled(a, reps):
    return np.tile(a, reps)


@pytest.mark.parametrize("function, arguments", [
    (diagonal_sums, (grid,)), (diagonal_sums, (integers.reshape(2, 3),)),
    (along_an_axis, (np.where(grid > 9, np.nan, grid), 0)), (along_an_axis, (np.where(grid > 9, np.nan, grid), -1)), (along_an_axis, (grid, None)),
    (partitioned_kth, (np.cos(np.arange(12.0)).reshape(3, 4), 2)), (partitioned_kth, (np.cos(np.arange(12.0)).reshape(3, 4), 4)),
    (nan_extremes_along, (np.where(grid > 9, np.nan, grid), 0)), (nan_extremes_along, (np.where(grid > 9, np.nan, grid), -1)), (nan_extremes_along, (np.full((2, 3), np.nan), 1)),
    (averages_along, (grid, 1, np.arange(1.0, 5.0))), (averages_along, (grid, 0, grid + 1)), (averages_along, (integers.reshape(2, 3), -1, np.array([1, 2, 3]))),
    (averages_along, (grid, 1, np.arange(3.0))), (averages_along, (grid, 0, np.zeros(3))),
    (repeated_along, (grid, 2, 0)), (repeated_along, (grid, 3, -1)), (repeated_along, (np.arange(24).reshape(2, 3, 4), 2, 1)), (repeated_along, (grid, -1, 0)),
    (tiled, (grid, 2)), (tiled, (grid, (2, 3))), (tiled, (integers, (3, 2))), (tiled, (integers, 2)), (tiled, (grid, (0, 1))),
    (kronecker, (np.arange(3.0), np.arange(2.0))), (kronecker, (np.arange(3.0), grid[:2, :2])), (kronecker, (grid[:2], np.arange(2))),
    (appended, (grid, 7.0)), (appended, (integers, np.arange(3))), (appended, (grid, grid)),
    (appended_along, (grid, grid[:1], 0)), (appended_along, (grid, grid[:, :2], 1)), (appended_along, (grid, grid[:, :2], 0)),
    (deleted, (vector, 2)), (deleted, (vector, -1)), (deleted, (grid, np.array([0, 5, -1]))), (deleted, (vector, 6)),
    (inserted, (integers, 2, 9)), (inserted, (integers, -1, np.array([7, 8]))), (inserted, (grid, 12, 1.5)), (inserted, (integers, 7, 1)),
    (array_split, (np.arange(7), 3, 0)), (array_split, (grid, 5, 0)), (array_split, (grid, np.array([1, 3]), 1)), (array_split, (grid, 0, 0)),
    (split, (grid, 2, 1)), (split, (grid, 3, 1)), (split, (grid, [1, 2], 0)),
    (other_splits, (np.arange(12.0).reshape(2, 6),)),
    (turned, (grid, 1)), (turned, (grid, 2)), (turned, (grid, 3)), (turned, (grid, -1)), (turned, (grid, 4)), (turned, (np.arange(24).reshape(2, 3, 4), 1)), (turned, (vector, 1)),
    (flipped, (grid, 0)), (flipped, (grid, 1)), (flipped, (grid, -1)), (flipped, (grid, None)), (flipped, (np.arange(24).reshape(2, 3, 4), None)),
    (selected, (np.arange(10.0),)),
    (along_axis, (grid[::-1], 0)), (along_axis, (grid[::-1], 1)), (along_axis, (np.sin(np.arange(24.0)).reshape(2, 3, 4), 1)), (along_axis, (vector, -1)),
    (differences, (grid, 1, -1)), (differences, (grid, 2, 0)), (differences, (grid, 5, 1)), (differences, (integers, 1, 0)), (differences, (grid, -1, 0)),
    (sorted_in_place, (np.cos(np.arange(12.0)).reshape(3, 4), -1)), (sorted_in_place, (np.cos(np.arange(12.0)).reshape(3, 4), 0)),
    (made_finite, (np.array([1.0, np.nan, np.inf, -np.inf]),)), (made_finite, (np.array([np.nan, np.inf], dtype=np.float32),)), (made_finite, (integers,)),
    (kinds_of_values, (grid, 2.5)), (kinds_of_values, (integers, 3)),
    (checked_finite, (grid,)), (checked_finite, (vector,)),
    (polynomial, (np.array([1.0, -2.0, 3.0]), grid)), (polynomial, (np.array([2, 1]), 3)), (polynomial, (np.array([0.5, 2.0]), 1.5)),
])
def test_matches_numpy(function, arguments):
    differential(function, *arguments)


def integer_powers(a):
    return a ** 2, a.astype(np.int32) ** 3, a ** 0, (a - 3) ** 5, a.astype(np.uint8) ** 2, a ** 70


def power_by_a_variable(a, k):
    return a ** k


def test_integer_arrays_to_literal_powers_match_numpy():
    # The literal exponent is a Python int: every power is int64, as in Numba (NumPy 2 keeps int32
    # and uint8).
    got = njit(integer_powers)(integers)
    assert all(item.dtype == np.int64 for item in got)
    for got_item, expected in zip(got, integer_powers(integers)):
        np.testing.assert_array_equal(got_item, expected.astype(np.int64))


def test_an_integer_array_to_a_variable_power_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match=r"test_numpy_library.py:\d+:\d+: error: '\*\*' on integer arrays is not supported yet but by a literal non-negative integer"):
        njit(power_by_a_variable)(integers, 2)


def test_splits_are_views():
    a = np.arange(12.0).reshape(3, 4)
    left, right = njit(split)(a, 2, 1)
    left[0, 0] = -5.0
    assert a[0, 0] == -5.0


def test_nan_to_num_writes_in_place_without_a_copy():
    def in_place(a):
        return np.nan_to_num(a, copy=False)
    a = np.array([np.nan, 1.0, np.inf])
    njit(in_place)(a)
    assert a[0] == 0.0 and a[2] == np.finfo(np.float64).max
