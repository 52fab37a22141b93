"""A matrix indexed by a vector of integers or booleans together with an integer, a bare `:` or
another vector (`M[:, idx]`, `M[1, idx]`, `M[mask, :]`, `M[mask, 0] = v`, `M[rows, cols]`), read,
written and updated in place, as NumPy's advanced indexing does; and an array indexed by the tuple
`np.nonzero` gives. Each function runs under NumPy on a copy of the arguments and under rumba;
results, dtypes and the arrays afterwards are compared, and an error is the same exception type."""
import numpy as np
import pytest

from rumba import njit


def picked(m, idx):
    return m[np.arange(m.shape[0]), idx]


def columns(m, idx):
    return m[:, idx]


def in_row(m, idx):
    return m[1, idx]


def rows(m, idx):
    return m[idx, :]


def in_column(m, idx):
    return m[idx, -1]


def paired(m, idx):
    return m[idx, idx[::-1]]


def set_in_column(m, idx):
    m[idx, 0] = -1.0
    return m


def set_columns(m, idx):
    m[:, idx] = 0.5
    m[1, idx] += 2
    return m


def set_rows(m, idx):
    m[idx, :] = np.arange(m.shape[1]) * 1.5
    return m


def set_pairs(m, idx):
    m[np.arange(idx.shape[0]), idx] = np.arange(idx.shape[0]) * 3.0
    return m


def set_whole_rows(m, idx):
    # shap's `last_outs[varying_rows[i]] = outputs[a:b]`: a row per index, one row for all, a number.
    if idx.dtype != np.bool_:
        m[idx] = np.arange(idx.shape[0] * m.shape[1]).reshape(idx.shape[0], m.shape[1]) * 2.0
        m[idx] = np.arange(m.shape[1]) - 1.0
        m[idx[:1]] = 7
    return m


MATRIX = np.arange(12.0).reshape(3, 4)
READS = [picked, columns, in_row, rows, in_column, paired]
WRITES = [set_in_column, set_columns, set_rows, set_pairs, set_whole_rows]
INDICES = [np.array([1, 0, -1]), np.array([2]), np.array([True, False, True]), np.array([True, False, True, True]), np.array([0, 7])]


def outcome(function, arguments):
    try:
        return function(*[argument.copy() for argument in arguments]), None
    except Exception as error:  # noqa: BLE001 - the exception is the outcome compared
        return None, type(error)


@pytest.mark.parametrize("function", READS + WRITES, ids=lambda function: function.__name__)
@pytest.mark.parametrize("idx", INDICES, ids=str)
@pytest.mark.parametrize("matrix", [MATRIX, np.asfortranarray(MATRIX), np.arange(12, dtype=np.int32).reshape(3, 4)], ids=["C", "F", "int32"])
def test_mixed_indexing_matches_numpy(function, idx, matrix):
    expected, expected_error = outcome(function, (matrix, idx))
    got, got_error = outcome(njit(function), (matrix, idx))
    if expected_error is not None:
        assert got_error is expected_error
        return
    assert got_error is None
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


# The tuple `np.nonzero` and one-argument `np.where` give, used as an index whole: one vector on
# an array of any dimensions, two paired item by item on a matrix.


def nonzero_read(a, threshold):
    return a[np.nonzero(a > threshold)]


def where_held_then_written(a, threshold):
    found = np.where(a > threshold)
    a[found] = -1
    a[found] += 2
    return a


def nonzero_of_other(a, flags):
    return a[np.nonzero(flags)] * 2


@pytest.mark.parametrize("function", [nonzero_read, where_held_then_written], ids=lambda function: function.__name__)
@pytest.mark.parametrize(
    "array",
    [np.arange(7.0) - 3, MATRIX, np.asfortranarray(MATRIX), np.arange(12, dtype=np.int32).reshape(3, 4)],
    ids=["vector", "C", "F", "int32"],
)
@pytest.mark.parametrize("threshold", [4, 100, -100])
def test_nonzero_tuple_indexes_as_numpy(function, array, threshold):
    expected = function(array.copy(), threshold)
    got = njit(function)(array.copy(), threshold)
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


def test_nonzero_of_a_vector_selects_rows():
    flags = np.array([0, 3, 0])
    np.testing.assert_array_equal(njit(nonzero_of_other)(MATRIX, flags), nonzero_of_other(MATRIX, flags))


def test_three_index_arrays_are_a_located_error():
    cube = np.zeros((2, 2, 2))
    with pytest.raises(Exception, match=r"test_mixed_indexing.py:\d+:\d+: .*tuple of 3 index arrays"):
        njit(nonzero_read)(cube, 0.5)
