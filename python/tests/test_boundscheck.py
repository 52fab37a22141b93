"""``boundscheck=True`` (and ``NUMBA_BOUNDSCHECK`` / ``RUMBA_BOUNDSCHECK``): an element index
outside its array, after Python's wrapping of negative indices, raises IndexError before the
access, as in Numba; in range, results are CPython's."""

import numpy as np
import pytest

import rumba
from rumba import njit


def read(a, i):
    return a[i]


def write(a, i, value):
    a[i] = value


def read_2d(m, i, j):
    return m[i, j]


def sums_past_the_end(a, extra):
    total = 0.0
    for i in range(a.shape[0] + extra):
        total += a[i]
    return total


def increments(a, index):
    for i in range(a.shape[0]):
        a[index[i]] += 1.0


def parallel_reads(a, offset):
    out = np.zeros(a.shape[0])
    for i in rumba.prange(a.shape[0]):
        out[i] = a[i + offset]
    return out


def test_reads_and_writes_in_range_are_python_s():
    a = np.arange(5.0)
    checked_read = njit(boundscheck=True)(read)
    for i in [0, 4, -1, -5]:
        assert checked_read(a, i) == read(a, i)
    checked_write = njit(boundscheck=True)(write)
    checked_write(a, -2, 9.0)
    assert a[3] == 9.0
    m = np.arange(12.0).reshape(3, 4)
    assert njit(boundscheck=True)(read_2d)(m, 2, -4) == m[2, -4]
    assert njit(boundscheck=True)(sums_past_the_end)(a, 0) == sums_past_the_end(a, 0)


@pytest.mark.parametrize("index", [5, 6, -6, 100])
def test_an_index_outside_raises_index_error(index):
    a = np.arange(5.0)
    with pytest.raises(IndexError, match="index is out of bounds"):
        njit(boundscheck=True)(read)(a, index)
    with pytest.raises(IndexError, match="index is out of bounds"):
        njit(boundscheck=True)(write)(a, index, 1.0)
    np.testing.assert_array_equal(a, np.arange(5.0))


def test_each_axis_is_checked():
    m = np.arange(12.0).reshape(3, 4)
    with pytest.raises(IndexError):
        njit(boundscheck=True)(read_2d)(m, 3, 0)
    with pytest.raises(IndexError):
        njit(boundscheck=True)(read_2d)(m, 0, 4)


def test_loops_stop_at_the_first_access_outside():
    a = np.arange(4.0)
    with pytest.raises(IndexError):
        njit(boundscheck=True)(sums_past_the_end)(a, 1)
    counts = np.zeros(4)
    # The third index is outside: the two increments before it happened, none after.
    with pytest.raises(IndexError):
        njit(boundscheck=True)(increments)(counts, np.array([0, 1, 7, 2]))
    np.testing.assert_array_equal(counts, [1.0, 1.0, 0.0, 0.0])


def test_prange_iterations_raise_too():
    a = np.arange(100.0)
    checked = njit(parallel=True, boundscheck=True)(parallel_reads)
    np.testing.assert_array_equal(checked(a, 0), a)
    with pytest.raises(IndexError):
        checked(a, 1)


def test_the_setting_turns_checks_on_everywhere(monkeypatch):
    monkeypatch.setattr(rumba.config, "BOUNDSCHECK", True)
    with pytest.raises(IndexError):
        njit(read)(np.arange(3.0), 3)
    monkeypatch.setattr(rumba.config, "BOUNDSCHECK", False)
    assert njit(boundscheck=True)(read)(np.arange(3.0), 2) == 2.0
