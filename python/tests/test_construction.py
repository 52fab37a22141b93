"""Arrays made of values in compiled code, differentially against NumPy: `np.array`/`np.asarray`
of list and tuple literals (nested, of numbers or of arrays) and of tuples, and the joins
`np.concatenate`, `np.stack`, `np.hstack`, `np.vstack`, `np.column_stack` (values, dtypes,
shapes, and NumPy's ValueError for shapes that do not fit)."""

import numpy as np
import pytest

from rumba import errors, njit


def vector_literal(x):
    return np.array([1.0, 2.0, x])


def matrix_literal(n):
    return np.array([[1, 2, 3], [4, 5, n]])


def mixed_literal(x, flag):
    return np.array([flag, 2, x]), np.array((True, flag)), np.array([[x], [1]], dtype=np.float32)


def shape_as_array(a):
    return np.array(a.shape), np.asarray(a.shape, dtype=np.int32)


def asarray_is_the_array(a):
    b = np.asarray(a)
    b[0] = 99.0
    return b


def array_is_a_copy(a):
    b = np.array(a)
    b[0] = 99.0
    return b, np.array(a, dtype=np.int64)


def arrays_literal(a, b):
    return np.array([a, b]), np.array([[a], [b]])


def concatenate(a, b):
    return np.concatenate((a, b))


def concatenate_axis(a, b):
    return np.concatenate([a, b, a], axis=-1)


def stack(a, b):
    return np.stack((a, b)), np.stack((a, b), axis=1), np.stack([a, b], axis=-1)


def stacks(a, b):
    return np.hstack((a, b)), np.vstack((a, b)), np.column_stack((a, b))


def join_a_tuple(a, b):
    pair = (a, b)
    return np.concatenate(pair), np.vstack(pair)


def from_list_of_lists(n, m):
    # numba-examples' k-means builds its points this way.
    return np.array([[float(i * j) for j in range(m)] for i in range(n)])


def from_list_of_arrays(a, n):
    return np.array([a * i for i in range(n)]), np.array([a[:2] + i for i in range(n)], dtype=np.float32)


def from_ragged_list(n):
    rows = [[1, 2]]
    rows.append([3] * n)
    return np.array(rows)


def from_list_of_pairs(n):
    # pyts' DTW builds its path as a list of index pairs.
    path = [(0, 0)]
    for i in range(1, n):
        path.append((i, 2 * i))
    return np.array(path), np.array([(0.5, 1), (2.0, n)])


def outcome(function, args):
    copies = [arg.copy() if isinstance(arg, np.ndarray) else arg for arg in args]
    try:
        return function(*copies), copies
    except ValueError as error:
        return error, copies


@pytest.mark.parametrize(
    "function, args",
    [
        (vector_literal, (5.0,)),
        (vector_literal, (3,)),
        (matrix_literal, (7,)),
        (mixed_literal, (2.5, False)),
        (shape_as_array, (np.ones((2, 5, 3)),)),
        (asarray_is_the_array, (np.arange(3.0),)),
        (array_is_a_copy, (np.arange(3.0),)),
        (arrays_literal, (np.arange(3.0), np.arange(3, dtype=np.int32))),
        (arrays_literal, (np.ones((2, 2)), np.zeros((2, 2)))),
        (arrays_literal, (np.ones(2), np.zeros(3))),
        (concatenate, (np.arange(3.0), np.arange(4))),
        (concatenate, (np.arange(6.0).reshape(2, 3), np.ones((1, 3), dtype=np.float32))),
        (concatenate, (np.ones((2, 3)), np.ones((2, 2)))),
        (concatenate_axis, (np.arange(6.0).reshape(2, 3), np.asfortranarray(np.ones((2, 3))))),
        (concatenate_axis, (np.ones((2, 3)), np.ones((3, 3)))),
        (stack, (np.arange(3.0), np.arange(3.0, 6.0))),
        (stack, (np.arange(6).reshape(2, 3), np.arange(6).reshape(2, 3)[:, ::-1])),
        (stack, (np.arange(3.0), np.arange(4.0))),
        (stacks, (np.arange(3.0), np.arange(3.0, 6.0))),
        (stacks, (np.ones((2, 2)), np.arange(4.0).reshape(2, 2))),
        (join_a_tuple, (np.arange(4.0), np.arange(4.0) * 2)),
        (from_list_of_lists, (3, 4)),
        (from_list_of_arrays, (np.arange(3.0), 4)),
        (from_list_of_arrays, (np.arange(6).reshape(3, 2), 2)),
        (from_ragged_list, (2,)),
        (from_ragged_list, (1,)),
        (from_list_of_pairs, (4,)),
    ],
)
def test_arrays_of_values_match_numpy(function, args):
    expected, expected_args = outcome(function, args)
    if isinstance(expected, ValueError):
        with pytest.raises(ValueError):
            njit(function)(*args)
        return
    got, got_args = outcome(njit(function), args)
    expected = expected if isinstance(expected, tuple) else (expected,)
    got = got if isinstance(got, tuple) else (got,)
    for got_part, expected_part in zip(got, expected):
        assert got_part.dtype == expected_part.dtype and got_part.shape == expected_part.shape
        np.testing.assert_array_equal(got_part, expected_part)
    for got_arg, expected_arg in zip(got_args, expected_args):
        np.testing.assert_array_equal(got_arg, expected_arg)


def test_ragged_literals_and_other_misuse_are_located_errors():
    @njit
    def ragged(x):
        return np.array([[1.0, x], [2.0]])

    @njit
    def stack_numbers(x):
        return np.concatenate((x, x))

    with pytest.raises(errors.TypingError, match=r"test_construction.py:\d+:\d+: error: setting an array element with a sequence"):
        ragged(1.0)
    with pytest.raises(errors.TypingError, match=r"test_construction.py:\d+:\d+: error: np.concatenate takes a non-empty list or tuple of arrays"):
        stack_numbers(1.0)
