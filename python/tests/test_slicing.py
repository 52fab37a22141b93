"""Slicing: views that alias their base (``a[i, :]``, ``a[:, j]``, ``a[1:-1]``, ``a[::2]``, ``a[::-1]``,
``a[1:-1, 2:]``, ``a[i]`` on a matrix), slice assignment (a number fills, an array of the same shape
is copied, overlapping source and target read the values from before), and arrays returned that live
in an argument's memory (views of it, not copies, never freed twice). Compared with NumPy running
the same function on a copy."""
import gc

import numpy as np
import pytest

import rumba
from rumba import njit


def normalize(x):
    for i in range(x.shape[0]):
        x[i, :] = x[i, :] / x[i, :].mean()


def view_sums(a):
    return a[1:-1].sum(), a[::2].sum(), a[::-1][0], a[-3:].sum(), a[10:2:-3].sum(), a[5:100].sum(), a[100:].sum(), a[:0].sum()


def matrix_views(m):
    return m[1], m[:, 2], m[1:-1, 2:], m[::-1, ::2], m[2, 1:]


def shift_right(a):
    a[1:] = a[:-1]


def fill_parts(m):
    m[:, 0] = -1
    m[1] = 7
    m[2, 1:] = m[0, :3] * 2.0


def same(a):
    return a


def tail(a):
    return a[1:]


def step_view(a, step):
    return a[::step].sum()


def test_seed_normalize():
    x = np.arange(32 * 3).astype(np.float32).reshape((32, 3))
    expected = x.copy()
    normalize(expected)
    njit(normalize)(x)
    np.testing.assert_array_equal(x, expected)


def test_one_dimensional_views_follow_python_slice_rules():
    a = np.arange(20.0)
    assert njit(view_sums)(a) == view_sums(a)


def test_matrix_views_alias_their_base():
    m = np.arange(30.0).reshape(5, 6)
    got = njit(matrix_views)(m)
    for view, expected in zip(got, matrix_views(m)):
        np.testing.assert_array_equal(view, expected)
        assert np.shares_memory(view, m)


def test_overlapping_assignment_reads_the_old_values():
    a = np.arange(6.0)
    expected = a.copy()
    shift_right(expected)
    njit(shift_right)(a)
    np.testing.assert_array_equal(a, expected)


def test_fill_and_copy_into_views():
    m = np.zeros((3, 4))
    expected = m.copy()
    fill_parts(expected)
    njit(fill_parts)(m)
    np.testing.assert_array_equal(m, expected)


def test_returned_arguments_are_views_and_survive():
    x = np.arange(5.0)
    y = njit(same)(x)
    z = njit(tail)(x)
    assert np.shares_memory(y, x) and np.shares_memory(z, x)
    del x
    gc.collect()
    assert y.sum() == 10.0 and z.sum() == 10.0


def test_zero_step_and_shape_mismatch_raise():
    with pytest.raises(ValueError, match="slice step cannot be zero"):
        njit(step_view)(np.ones(4), 0)

    def bad_copy(a, b):
        a[1:] = b

    with pytest.raises(ValueError, match="could not broadcast"):
        njit(bad_copy)(np.ones(4), np.ones(4))


def add_to_views(m, row):
    m[0, :] += 1.0
    m[1:, :] *= row
    m[:, ::2] -= m[:, 1:2].copy()
    return m


def test_augmented_assignment_to_views_writes_in_place():
    m = np.arange(12.0).reshape(3, 4)
    row = np.linspace(0.5, 2.0, 4)
    got = m.copy()
    returned = njit(add_to_views)(got, row)
    expected = add_to_views(m.copy(), row)
    np.testing.assert_array_equal(got, expected)
    np.testing.assert_array_equal(returned, expected)


def new_and_its_tail(n):
    c = np.zeros(n)
    c[0] = 5.0
    return c, c[1:]


def test_returned_arrays_over_one_allocation_share_it():
    whole, rest = njit(new_and_its_tail)(4)
    assert np.shares_memory(whole, rest) and whole[0] == 5.0
    del whole
    gc.collect()
    rest[0] = 2.0
    np.testing.assert_array_equal(rest, [2.0, 0.0, 0.0])


def new_axes(x, m):
    return (
        x[:, None] - x[None, :],
        x[:, np.newaxis] * 2.0,
        m[:, None, :].sum(axis=1),
        m[None],
        m[..., 0],
        m[0, ...],
        m[..., 1:],
        m[1:, ..., None],
        x[..., 2],
    )


def pairwise_distances(points):
    difference = points[:, None, :] - points[None, :, :]
    return np.sqrt((difference * difference).sum(axis=-1))


def write_through_new_axis(a):
    b = a[None, :]
    b[0, 1] = 42.0
    return a


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_new_axes_and_ellipsis_index_as_numpy(layout):
    x = np.arange(5.0)
    m = np.arange(12.0).reshape(3, 4)
    if layout == "F":
        m = np.asfortranarray(m)
    elif layout == "strided":
        x, m = np.arange(10.0)[::2], np.arange(24.0).reshape(3, 8)[:, ::2]
    for got, expected in zip(njit(new_axes)(x, m), new_axes(x, m)):
        assert np.shape(got) == np.shape(expected)
        np.testing.assert_array_equal(got, expected)
    points = np.random.default_rng(1).normal(size=(6, 3))
    np.testing.assert_array_equal(njit(pairwise_distances)(points), pairwise_distances(points))
    np.testing.assert_array_equal(njit(write_through_new_axis)(x.copy()), write_through_new_axis(x.copy()))


def test_two_ellipses_are_a_located_error():
    @njit
    def twice(m):
        return m[..., ...]

    with pytest.raises(rumba.errors.TypingError, match=r"test_slicing.py:\d+:\d+: error: an index can only have a single ellipsis"):
        twice(np.ones((2, 2)))


def rows_from_higher_rank(n, m):
    # statsforecast's Theta: `out[0, :] = ...` of a (1, n) result; NumPy drops the leading ones.
    out = np.zeros((3, n))
    out[0, :] = np.ones((1, n))
    out[1] = np.arange(n * 1.0).reshape(1, 1, n) * 2
    out[2, 1:] = m.T[:1, 1:]
    return out


def rows_from_a_taller_array(n):
    out = np.zeros((3, n))
    out[0, :] = np.ones((2, n))
    return out


def test_leading_dimensions_of_one_element_broadcast_away():
    m = np.arange(12.0).reshape(4, 3).T.copy().T
    np.testing.assert_array_equal(njit(rows_from_higher_rank)(4, m), rows_from_higher_rank(4, m))
    with pytest.raises(ValueError):
        rows_from_a_taller_array(4)
    with pytest.raises(ValueError, match="could not broadcast"):
        njit(rows_from_a_taller_array)(4)
