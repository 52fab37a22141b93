"""Patterns from real projects that use Numba (librosa, numbagg, QuantEcon, pynndescent, ...),
found by running their jitted functions under rumba; each is compared with CPython running the
same function on the same arguments."""

import numpy as np
import pytest
from numpy import arange, full, median, nan, sqrt
from numpy.linalg import norm

import rumba
from rumba import errors, njit

from _compare import check


def annotated_locals(a: np.ndarray, window: int) -> float:
    total: float = 0.0
    valid: int
    for i in range(window, len(a)):
        ai_valid: bool = not np.isnan(a[i])
        if ai_valid:
            total += a[i]
    count: int = len(a) - window
    return total / count


def test_annotated_assignments_assign_and_bare_annotations_do_nothing():
    a = np.array([1.0, np.nan, 2.5, 4.0, np.nan, 7.0])
    check(njit(annotated_locals), a, 2, exact_types=False)


class ParameterError(Exception):
    pass


class PrefixedError(ValueError):
    def __init__(self, message):
        super().__init__("prefixed: " + message)


def checks_parameters(hop, n):
    # librosa's util functions raise their own ParameterError.
    if hop <= 0:
        raise ParameterError("hop_length={} must be positive".format(hop))
    if hop > n:
        raise PrefixedError("hop longer than the signal")
    if hop == n:
        raise ParameterError
    return n // hop


def test_exception_classes_of_the_users_module_are_raised_as_themselves():
    for hop, n in [(-2, 10), (20, 10), (10, 10), (3, 10)]:
        check(njit(checks_parameters), hop, n)


def test_an_exception_class_defined_in_a_function_is_a_located_error():
    class LocalError(Exception):
        pass

    def raises_local(x):
        if x < 0:
            raise LocalError("negative")
        return x

    with pytest.raises(errors.UnsupportedError, match=r"test_real_code.py:\d+:\d+: error: 'LocalError' is an exception class defined inside a function"):
        njit(raises_local)(1)


def merge_pair(pair):
    # numba-examples' mergesort unpacks a two-element array into names.
    a, b = pair
    if a > b:
        a, b = b, a
    return a, b


def rows_of(m):
    first, second, third = m
    return first.sum() - third[1] + second[0]


def test_arrays_unpack_along_their_first_axis():
    check(njit(merge_pair), np.array([5.0, 1.5]), exact_types=False)
    check(njit(merge_pair), np.array([2, 9]), exact_types=False)
    check(njit(rows_of), np.arange(6.0).reshape(3, 2), exact_types=False)
    check(njit(rows_of), np.asfortranarray(np.arange(6.0).reshape(3, 2)), exact_types=False)
    with pytest.raises(ValueError, match=r"too many values to unpack \(expected 2\)"):
        njit(merge_pair)(np.ones(3))
    with pytest.raises(ValueError, match=r"not enough values to unpack \(expected 3"):
        njit(rows_of)(np.ones((2, 2)))


def sums_over_leading_indices(mat):
    # numba-examples' Lennard-Jones kernel indexes a 3-D array by a tuple from np.ndindex.
    out = np.empty(mat.shape[:2])
    for i in np.ndindex(out.shape):
        out[i] = mat[i].sum()
    pair = (1, 0)
    mat[pair] = -1.0
    return out, mat[pair].sum(), mat[(0,)].sum()


def test_a_tuple_of_fewer_integers_than_dimensions_selects_a_view():
    for mat in [np.arange(24.0).reshape(2, 3, 4), np.asfortranarray(np.arange(24.0).reshape(2, 3, 4))]:
        got, expected = njit(sums_over_leading_indices)(mat.copy()), sums_over_leading_indices(mat.copy())
        np.testing.assert_array_equal(got[0], expected[0])
        assert got[1:] == expected[1:]


def literal_power(x, n):
    return x ** rumba.literally(n), rumba.literally(n) + 1


def test_literally_is_the_value():
    for x, n in [(2.0, 3), (1.5, 0), (-2.0, 5)]:
        check(njit(literal_power), x, n)
    assert rumba.literally(4) == 4


def breadth_first_order(adjacency, start):
    # A queue walked by a `for` loop that appends to it, as graph code does.
    order = [start]
    seen = np.zeros(adjacency.shape[0], dtype=np.bool_)
    seen[start] = True
    for node in order:
        for other in range(adjacency.shape[0]):
            if adjacency[node, other] and not seen[other]:
                seen[other] = True
                order.append(other)
    else:
        order.append(-1)
    return order


def test_a_loop_over_a_list_sees_the_items_its_body_appends():
    adjacency = np.zeros((6, 6), dtype=np.bool_)
    for a, b in [(0, 2), (2, 4), (4, 1), (1, 5), (3, 3)]:
        adjacency[a, b] = adjacency[b, a] = True
    for start in [0, 3]:
        assert njit(breadth_first_order)(adjacency, start) == breadth_first_order(adjacency, start)


TOLERANCE = 1e-10
LOWEST = -3
STRICT = True


def below(x, tol=TOLERANCE, lowest=LOWEST, strict=STRICT, missing=None):
    return (x < tol) if strict else (x <= tol), lowest, missing is None


def calls_below(x):
    # The caller's own TOLERANCE must not be what the default reads.
    TOLERANCE = 5.0
    return below(x), below(x, strict=False), TOLERANCE


def test_defaults_that_name_module_constants_are_their_values():
    for x in [1e-12, 1e-10, 1.0]:
        check(njit(calls_below), x)
        check(njit(below), x)


def numpy_functions_imported_by_name(n):
    a = full(n, nan)
    a[0] = 1.0
    b = arange(n) * 2.0
    return a, median(b), sqrt(b), norm(b)


def test_numpy_functions_imported_by_name_are_numpys():
    for n in [1, 4]:
        got, expected = njit(numpy_functions_imported_by_name)(n), numpy_functions_imported_by_name(n)
        np.testing.assert_array_equal(got[0], expected[0])
        np.testing.assert_array_equal(got[2], expected[2])
        assert got[1] == expected[1] and got[3] == expected[3]


def slices_in_variables(a, lo, hi):
    # QuantEcon's gridtools and pydata/sparse keep slices in variables.
    window = slice(lo, hi)
    every_other = slice(None, None, 2)
    tail = slice(1, None)
    m = a.reshape(2, a.shape[0] // 2)
    return a[window].sum(), a[every_other].sum(), m[:, tail].sum(), window.start, window.stop, every_other.start is None


def test_slices_held_in_variables_index_as_written_out():
    a = np.arange(10.0)
    for lo, hi in [(2, 5), (-4, -1), (7, 3)]:
        check(njit(slices_in_variables), a, lo, hi, exact_types=False)


def typed_list_of_numba_types(n):
    # pydata/sparse names Numba's types through the module: numba.types.intp.
    items = rumba.typed.List.empty_list(rumba.types.intp)
    for i in range(n):
        items.append(i * i)
    return len(items), items[n - 1]


def test_numba_types_reached_through_the_module_are_types():
    assert njit(typed_list_of_numba_types)(4) == typed_list_of_numba_types(4)


def sum_in_input_type(a):
    # numbagg starts its sums at the input's own type.
    total = a.dtype.type(0)
    for x in a:
        total += x
    return total, a.dtype.type(2.75)


def test_the_dtypes_scalar_type_converts_as_numpy():
    for a in [np.arange(5, dtype=np.int32), np.linspace(0.0, 1.0, 5, dtype=np.float32), np.arange(3.0)]:
        check(njit(sum_in_input_type), a, exact_types=False)


def rows_from_sequences(n):
    # pydata/sparse, numbagg and jitclass simulations store small lists into rows and slices.
    out = np.zeros((n, 2))
    for i in range(n):
        out[i] = [i, 2 * i]
    v = np.zeros(3)
    v[:] = (1.5, 2, n)
    w = np.zeros(4, np.int64)
    w[1:3] = [7, n]
    return out, v, w


def too_long_a_row(n):
    out = np.zeros((n, 2))
    out[0] = [1.0, 2.0, 3.0]
    return out


def test_lists_and_tuples_of_numbers_store_into_views_as_vectors():
    for got, expected in zip(njit(rows_from_sequences)(3), rows_from_sequences(3)):
        np.testing.assert_array_equal(got, expected, strict=True)
    with pytest.raises(ValueError):
        too_long_a_row(2)
    with pytest.raises(ValueError, match="could not broadcast"):
        njit(too_long_a_row)(2)


def partition_at_several(a, kth):
    # scanpy and numbagg partition at an array of positions and read those positions.
    parted = np.partition(a, kth)
    order = np.argpartition(a, kth)
    return parted[kth], a[order[kth]]


def test_partition_at_an_array_of_positions_places_each():
    a = np.random.default_rng(4).normal(size=9)
    for kth in [np.array([1, 5]), np.array([0, 8, 4])]:
        got, expected = njit(partition_at_several)(a, kth), partition_at_several(a, kth)
        np.testing.assert_array_equal(got[0], expected[0])
        np.testing.assert_array_equal(got[1], expected[1])
    with pytest.raises(ValueError):
        njit(partition_at_several)(a, np.array([2, 9]))


def lambda_of_child(lambdas, children, child, threshold):
    # fast_hdbscan's cluster selection tests a one-element selection as a number.
    selected = lambdas[children == child]
    if selected >= threshold:
        return 1.0
    label = 2.0 if selected else 3.0
    while selected:
        return label
    return label


@pytest.mark.parametrize("child", [4, 0, 1, 6, 9])
def test_arrays_of_one_element_are_true_or_false_and_others_raise(child):
    lambdas = np.array([0.5, 0.0, 2.5, 1.5, 3.0, 0.7])
    children = np.array([4, 1, 6, 6, 2, 0])
    check(njit(lambda_of_child), lambdas, children, child, 2.0)
    check(njit(lambda_of_child), lambdas, children, child, 5.0)


def split_sizes_agree(y, parts):
    # aeon's gini gain checks the split before using it.
    if sum([part.shape[0] for part in parts]) != y.shape[0]:
        raise ValueError("The number of labels in the parts must sum to the number of labels.")
    if max([part.sum() for part in parts]) > 3 and len({k for k in range(3)}) == 3:
        return 1.0
    return 0.0


@pytest.mark.parametrize("n", [6, 5])
def test_comprehensions_in_an_if_test(n):
    check(njit(split_sizes_agree), np.arange(n), [np.arange(2), np.arange(4)])


def limits_of_values_and_truth_of_tuples(x, y, items):
    label = 3 if items else 2
    return np.iinfo(x).max, np.finfo(y).eps, bool(items), label


@pytest.mark.parametrize("items", [(), (1, 2.5)])
def test_machine_limits_of_a_value_and_the_truth_of_tuples(items):
    check(njit(limits_of_values_and_truth_of_tuples), np.int32(1), np.float32(1.0), items, exact_types=False)


def membership_in_arrays(a, x):
    return x in a, x not in a, 2.5 in a[:, 0], 3 in a


@pytest.mark.parametrize("x", [4.0, 7, -0.0])
def test_in_on_arrays(x):
    check(njit(membership_in_arrays), np.arange(6.0).reshape(2, 3), x, exact_types=False)


def _merge_topk_ρI(ρ, I):
    # stumpy names its functions and variables with Greek letters.
    return ρ.max() + I.min()


def threads_and_greek_names(ρ, I):
    return rumba.config.NUMBA_NUM_THREADS, _merge_topk_ρI(ρ, I)


def test_config_settings_and_non_ascii_names_in_compiled_code():
    ρ, I = np.array([0.5, 2.5]), np.array([3, 1])
    assert njit(threads_and_greek_names)(ρ, I) == (rumba.config.NUMBA_NUM_THREADS, threads_and_greek_names(ρ, I)[1])
