"""NumPy's optional arguments in the forms Numba accepts: np.arange's keywords, None passed for an
optional argument (a literal, or a variable bound to None), ddof= of np.nanstd/np.nanvar, an array
of values for np.searchsorted, np.take along an axis, a reduction's axis known only when running
(and the empty axis tuple), np.trapezoid of several dimensions; and np.ediff1d, np.vander,
np.isposinf and np.isneginf, which take such arguments; `a.view(dtype)`. Every case runs the same function under
NumPy (the undecorated function) and under rumba and compares values, dtypes and shapes, and what
each did to its array arguments."""
import numpy as np
import pytest

from rumba import errors, njit
from test_numpy_more import differential

rng = np.random.default_rng(41)
cube = rng.standard_normal((2, 3, 4))
with_infinities = np.array([1.0, -2.0, np.inf, -np.inf, 0.0, np.nan])


def arange_step(arg0, step):
    return np.arange(arg0, step=step)


def arange_keywords():
    return np.arange(start=1, stop=7, step=2)


def arange_stop_keyword():
    return np.arange(1, stop=7)


def arange_step_keyword():
    return np.arange(0, 10, step=3)


def arange_float_step(stop, step):
    return np.arange(0.5, stop, step=step, dtype=np.float32)


@pytest.mark.parametrize("arguments", [(3, 3), (10, 3), (7, -2), (0, 1)], ids=str)
def test_arange_step_keyword_after_one_bound(arguments):
    differential(arange_step, *arguments)


def test_arange_keywords():
    differential(arange_keywords)
    differential(arange_stop_keyword)
    differential(arange_step_keyword)
    differential(arange_float_step, 4.0, 0.75)


def clip_into(a, a_min, a_max, out=None):
    return np.clip(a, a_min, a_max, out)


def clip_literal_none(a):
    return np.clip(a, -1.0, 1.0, None) * 2.0


def subtract_into(a, b, out=None):
    return np.subtract(a, b, out=out)


def test_ufunc_out_none():
    a = rng.standard_normal(7)
    differential(clip_into, a, -0.5, 0.5)
    differential(clip_into, a, -0.5, 0.5, np.empty(7))
    differential(clip_into, 3.0, -0.5, 0.5)
    differential(clip_literal_none, a)
    differential(subtract_into, a, 1.0)
    differential(subtract_into, a, 1.0, np.empty(7))


def ediff1d(ary, to_end=None, to_begin=None):
    return np.ediff1d(ary, to_end, to_begin)


@pytest.mark.parametrize(
    "arguments",
    [
        (np.array([1.0, 4.0, 9.0, 16.0]),),
        (np.arange(12).reshape(3, 4), None, np.array([7, 8])),
        (np.array([1.0, 4.0]), np.array([[9.0], [8.0]]), -1.0),
        (np.array([2.5]), 0.5),
        (np.zeros(0),),
    ],
    ids=["plain", "to_begin", "both", "one element", "empty"],
)
def test_ediff1d(arguments):
    differential(ediff1d, *arguments)


def isposinf(x, out=None):
    return np.isposinf(x, out)


def isneginf(x, out=None):
    return np.isneginf(x, out)


@pytest.mark.parametrize("function", [isposinf, isneginf])
def test_signed_infinities(function):
    differential(function, with_infinities)
    differential(function, with_infinities.reshape(2, 3))
    differential(function, with_infinities, np.ones(6, dtype=np.bool_))
    differential(function, -np.inf)
    differential(function, 2.0)


def vander(x, N=None, increasing=False):
    return np.vander(x, N, increasing)


@pytest.mark.parametrize(
    "arguments",
    [
        (np.array([1.0, 2.0, 3.0, 5.0]),),
        (np.array([1.0, 2.0, 3.0]), 5),
        (np.array([1, 2, 3]), 4, True),
        (np.array([2, -3], dtype=np.int32), 3),
        (np.array([True, False]), None, True),
        (np.array([0.5, 1.5]), 0),
        (np.array([1.0, 2.0]), -1),
    ],
    ids=["square", "wide", "increasing", "int32", "bool", "no columns", "negative"],
)
def test_vander(arguments):
    differential(vander, *arguments)


def nanstd_ddof(a):
    return np.nanstd(a, ddof=1)


def nanvar_ddof(a):
    return np.nanvar(a, ddof=0)


def nanstd_variable(a, d):
    return np.nanstd(a, ddof=d)


def nanvar_variable(a, d):
    return np.nanvar(a, ddof=d)


def test_nan_statistics_ddof():
    a = np.array([[1.0, np.nan, 3.0], [4.0, 5.5, np.nan]])
    differential(nanstd_ddof, a)
    differential(nanvar_ddof, a)
    differential(nanstd_ddof, a[0])
    for ddof in [0, 1, 2]:
        differential(nanstd_variable, a, ddof)
        differential(nanvar_variable, a.ravel(), ddof)


def nanvar_axis(a):
    return np.nanvar(a, axis=0)


def test_nanvar_axis_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match=r"test_numpy_args.py:\d+:\d+: error: np.nanvar: the axis, dtype and out arguments are not supported yet"):
        njit(nanvar_axis)(np.ones((2, 2)))


def searchsorted(a, v):
    return np.searchsorted(a, v)


def searchsorted_right(a, v):
    return np.searchsorted(a, v, side="right")


def searchsorted_method(a, v):
    return a.searchsorted(v)


@pytest.mark.parametrize("function", [searchsorted, searchsorted_right, searchsorted_method])
def test_searchsorted_of_an_array(function):
    a = np.array([1.0, 2.0, 2.0, 3.0, 5.0, np.nan])
    differential(function, a, np.array([0.0, 2.0, 2.5, 9.0, np.nan]))
    differential(function, a, np.array([[2.0, 3.0], [5.0, -1.0]]))
    differential(function, a, np.zeros(0))
    differential(function, a, 2.0)
    differential(function, np.array([1, 3, 5]), np.array([3, 4]))


def rows_by_index(a, indices):
    return a[indices]


def rows_by_mask(a, mask):
    return a[mask]


def sorted_rows(a):
    return a[np.argsort(a[:, 0])]


def interpolated(x, xp, fp):
    return np.interp(x, xp, fp)


def test_an_integer_array_selects_along_the_first_axis():
    grid = np.arange(24.0).reshape(4, 3, 2)
    differential(rows_by_index, grid, np.array([3, 0, -1, 0]))
    differential(rows_by_index, grid[:, 1], np.array([[1, 2], [0, -4]]))
    differential(rows_by_index, np.arange(5), np.array([[1, 2], [0, -5]]))
    differential(rows_by_index, grid, np.array([4]))
    differential(sorted_rows, np.array([[3.0, 1.0], [1.0, 2.0], [2.0, 0.5]]))


def test_a_vector_mask_selects_along_the_first_axis():
    grid = np.arange(12.0).reshape(4, 3)
    differential(rows_by_mask, grid, np.array([True, False, True, True]))
    differential(rows_by_mask, grid, np.zeros(4, dtype=bool))
    differential(rows_by_mask, grid, np.array([True, False]))


def test_interp_of_numbers_and_arrays_of_any_shape():
    xp, fp = np.array([0.0, 1.0, 3.0]), np.array([2.0, 4.0, -2.0])
    for x in [0.5, 2, -1.0, np.nan, np.array([[0.5, 2.0], [9.0, 1.0]]), np.zeros(0)]:
        differential(interpolated, x, xp, fp)


def unravelled(indices, shape):
    return np.unravel_index(indices, shape)


def position_of_largest(a):
    return np.unravel_index(np.argmax(a), a.shape)


def test_unravel_index_matches_numpy():
    for indices, shape in [(27, (3, 4, 5)), (0, (2, 2)), (5, 6), (np.array([0, 7, 11]), (3, 4)), (12, (3, 4)), (-1, (3, 4)), (np.array([[1, 2], [3, 20]]), (4, 5))]:
        differential(unravelled, indices, shape)
    differential(position_of_largest, rng.random((3, 5, 2)))


def flat_items(a):
    total = 0.0
    for value in a.flat:
        total += value
    return total, a.flat[3], a.flat[-1]


def written_through_flat(n):
    a = np.zeros((2, n))
    a.flat[n + 1] = 5.0
    return a


def written_through_a_transpose(a):
    a.T.flat[1] = 7.0
    a.flat[-2] += 1.0
    return a


def marks_a_cell(ix, catch):
    # pysheds' catchment: the flat position of a cell of a 2-D array of any layout.
    if not catch.flat[ix]:
        catch.flat[ix] = True
    return catch


def flat_item_out_of_bounds(a, i):
    return a.flat[i]


def test_flat_reads_in_c_order_and_writes_into_any_array():
    grid = np.arange(12.0).reshape(3, 4)
    differential(flat_items, grid)
    differential(flat_items, grid.T)
    differential(flat_items, grid[:, ::2])
    differential(written_through_flat, 3)
    differential(written_through_a_transpose, grid.copy())
    differential(written_through_a_transpose, grid[:, ::2].copy())
    differential(marks_a_cell, 4, np.zeros((2, 3), bool))
    differential(marks_a_cell, 4, np.zeros((3, 2), bool).T)
    assert njit("boolean[:,:](int64, boolean[:,:])")(marks_a_cell)(1, np.zeros((2, 3), bool))[0, 1]
    with pytest.raises(IndexError, match="index 12 is out of bounds for size 12"):
        njit(flat_item_out_of_bounds)(grid, 12)
    with pytest.raises(IndexError):
        flat_item_out_of_bounds(grid, 12)


def windows(x, window_shape):
    return np.lib.stride_tricks.sliding_window_view(x, window_shape)


def windows_along(x, window_shape, axis):
    return np.lib.stride_tricks.sliding_window_view(x, window_shape, axis=axis)


def rolling_mean(x, width):
    return np.lib.stride_tricks.sliding_window_view(x, width).sum(axis=1) / width


def test_sliding_window_views_match_numpy():
    grid = np.arange(12.0).reshape(3, 4)
    for arguments in [(np.arange(5.0), 3), (grid, (2, 2)), (grid[:, ::-1], (3, 1)), (np.arange(5.0), 6), (grid, 2), (np.arange(5.0), -1)]:
        differential(windows, *arguments)
    for arguments in [(grid, 2, 1), (grid, 3, 0), (grid, 2, -1), (grid, 5, 0)]:
        differential(windows_along, *arguments)
    differential(rolling_mean, np.arange(10.0), 4)
    assert not njit(windows)(np.arange(5.0), 2).flags.writeable


def take_axis(arr, indices, axis):
    return arr.take(indices, axis=axis)


def take_columns(arr, indices):
    return np.take(arr, indices, axis=1)


def take_flat(arr, indices):
    return np.take(arr, indices)


@pytest.mark.parametrize(
    "arguments",
    [
        (np.array([2, 0, -1]), 2),
        (np.array([1, 0]), 0),
        (np.array([[0, 2], [1, 1]]), 1),
        (np.array([[0, 1], [1, 0]]), -3),
        (1, 1),
        (-1, 0),
        (np.array([3]), 1),
    ],
    ids=["last axis", "first axis", "index matrix", "negative axis", "integer", "negative integer", "out of bounds"],
)
def test_take_along_an_axis(arguments):
    differential(take_axis, cube, *arguments)


def test_take_along_an_axis_out_of_bounds_raises():
    # NumPy's AxisError is a ValueError.
    with pytest.raises(ValueError):
        njit(take_axis)(cube, np.array([0]), 3)


def test_take():
    matrix = cube[0]
    differential(take_columns, matrix, np.array([0, 3, 3]))
    differential(take_columns, matrix, 2)
    differential(take_columns, cube[:, ::2, :], np.array([[1, 0]]))
    differential(take_flat, cube, np.array([[5, 23], [0, -1]]))
    differential(take_flat, cube, 7)
    differential(take_flat, matrix.T, np.array([0, 1, 4]))
    differential(take_axis, np.arange(5.0), np.array([4, 1]), 0)
    differential(take_axis, np.arange(5), 3, -1)


def sum_along(a, axis):
    return a.sum(axis=axis)


def sum_function(a, axis=None):
    return np.sum(a, axis=axis)


def max_along(a, axis):
    return np.max(a, axis=axis)


def argmin_along(a, axis):
    return a.argmin(axis=axis)


def mean_along(a, axis):
    return a.mean(axis)


def prod_along(a, axis):
    return a.prod(axis=axis)


@pytest.mark.parametrize("function", [sum_along, sum_function, max_along, argmin_along, mean_along, prod_along])
@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
def test_reduction_along_a_run_time_axis(function, axis):
    differential(function, cube, axis)


def test_reduction_along_a_run_time_axis_of_a_vector_and_ints():
    differential(sum_along, np.arange(5, dtype=np.int32), 0)
    differential(sum_along, np.arange(5.0), -1)
    differential(sum_along, np.arange(12, dtype=np.int32).reshape(3, 4), 1)
    differential(sum_function, cube)
    differential(sum_function, cube, None)


def test_reduction_axis_out_of_bounds_raises():
    for axis in [3, -4]:
        with pytest.raises(ValueError):
            njit(sum_along)(cube, axis)
    with pytest.raises(ValueError):
        njit(sum_along)(np.arange(3.0), 1)


def sum_over_no_axis(a):
    return a.sum(axis=())


def mean_over_no_axis(a):
    return np.mean(a, axis=())


def max_over_no_axis(a):
    return a.max(axis=())


def test_reduction_over_the_empty_axis_tuple():
    differential(sum_over_no_axis, np.arange(4, dtype=np.int32))
    differential(sum_over_no_axis, cube)
    differential(mean_over_no_axis, np.arange(6).reshape(2, 3))
    differential(max_over_no_axis, cube[:, 1])


def sum_keeping_dims(a, axis):
    return a.sum(axis=axis, keepdims=True)


def sum_float_axis(a, axis):
    return a.sum(axis=axis)


def argmax_over_no_axis(a):
    return a.argmax(axis=())


def test_refused_reduction_axes_are_located_errors():
    with pytest.raises(errors.UnsupportedError, match=r"test_numpy_args.py:\d+:\d+: error: keepdims=True takes an integer literal axis"):
        njit(sum_keeping_dims)(cube, 1)
    with pytest.raises(errors.UnsupportedError, match=r"test_numpy_args.py:\d+:\d+: error: axis must be an integer, None or \(\), got float64"):
        njit(sum_float_axis)(cube, 1.0)
    with pytest.raises(errors.UnsupportedError, match=r"test_numpy_args.py:\d+:\d+: error: argmax takes one axis, not \(\)"):
        njit(argmax_over_no_axis)(cube)


def trapezoid_dx(y):
    return np.trapezoid(y, dx=2.0)


def trapezoid_x(y, x):
    return np.trapezoid(y, x)


def trapz(y):
    return np.trapz(y)  # noqa: NPY201 - Numba's name, which NumPy 2 removed


def test_trapezoid_of_several_dimensions():
    differential(trapezoid_dx, cube)
    differential(trapezoid_dx, cube[0])
    differential(trapezoid_dx, cube[0, 0])
    differential(trapezoid_x, cube[0], np.array([0.0, 1.0, 3.0, 7.0]))
    differential(trapezoid_x, cube, np.array([0.0, 1.0, 3.0, 7.0]))


def test_trapz_of_a_matrix():
    np.testing.assert_allclose(njit(trapz)(cube[1]), np.trapezoid(cube[1]), rtol=1e-12)
    np.testing.assert_allclose(njit(trapz)(cube), np.trapezoid(cube), rtol=1e-12)


def test_trapezoid_with_a_matrix_of_points_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match=r"test_numpy_args.py:\d+:\d+: error: np.trapezoid: of an array of several dimensions, x is a vector"):
        njit(trapezoid_x)(cube[0], cube[0])


def sorts_sequences(values, n):
    return np.sort(values), np.sort((2.5, n, 0.5)), np.sort([n, 3, 1])


def test_sort_of_a_list_or_tuple_sorts_the_array_it_makes():
    differential(sorts_sequences, [3, 1, 4, 1, 5], 2)
    differential(sorts_sequences, [0.5, -1.0], 7)


def strided_windows(a, window):
    shape = a.shape[:-1] + (a.shape[-1] - window + 1, window)
    strides = a.strides + (a.strides[-1],)
    return np.lib.stride_tricks.as_strided(a, shape=shape, strides=strides).sum(axis=1)


def strided_every_other(a):
    return np.lib.stride_tricks.as_strided(a, strides=(a.strides[0] * 2,), shape=(a.shape[0] // 2,)), np.lib.stride_tricks.as_strided(a)


def test_as_strided_of_numpy_lib_stride_tricks():
    a = np.arange(9.0)
    differential(strided_windows, a, 3)
    differential(strided_every_other, a)
    differential(strided_every_other, np.arange(12).reshape(3, 4)[:, 1])


def bits_of(values):
    return values.view(np.int64)


def first_half_word(values):
    return values[0:4].view(np.float32)[0]


def bytes_of(values):
    return values.view(np.uint8)


def bytes_of_every_other(values):
    return values[::2].view(np.uint8)


def writes_through_a_wider_view(values):
    wide = values.view(np.float64)
    wide[0] = 1.5
    return wide


def rows_as_pairs(values):
    return values[:, 2:].view(np.int64)


@pytest.mark.parametrize("function, values", [
    (bits_of, np.array([3.0, -1.0, 2.5, np.inf])),
    (bits_of, np.arange(6.0).reshape(2, 3)),
    (first_half_word, np.array([3.0, 1.0, 2.0, 5.0, 4.0])),
    (bytes_of, np.array([1.0, 2.0, 3.0])),
    (bytes_of, np.arange(12, dtype=np.int32).reshape(3, 4)),
    (bytes_of_every_other, np.arange(6.0)),
    (bytes_of_every_other, np.arange(6.0).reshape(6, 1)),
    (writes_through_a_wider_view, np.arange(8, dtype=np.float32).reshape(2, 4)),
    (writes_through_a_wider_view, np.arange(6, dtype=np.float32)),
    (writes_through_a_wider_view, np.arange(3, dtype=np.float32)),
    (rows_as_pairs, np.arange(12, dtype=np.int32).reshape(3, 4)),
])
def test_view_reads_the_memory_as_another_dtype(function, values):
    differential(function, values)


def tail_as_pairs(values):
    return values[:, 1:].view(np.int64)


def test_a_view_whose_strides_are_not_whole_new_items_is_a_clear_error():
    # NumPy makes this view (its strides count bytes); a memref's strides count elements.
    assert tail_as_pairs(np.arange(15, dtype=np.int32).reshape(3, 5)).shape == (3, 2)
    with pytest.raises(ValueError, match="whole number of the new items"):
        njit(tail_as_pairs)(np.arange(15, dtype=np.int32).reshape(3, 5))
