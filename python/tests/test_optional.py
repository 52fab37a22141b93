"""Optional values (Numba's `OptionalType`): a variable that holds None on one path and a number (or
a tuple of numbers) on another, a function that returns both, `dict.get(key)` without a default.
`x is None`, `x == None`, truth, `or`, tuples, calls and returns take the optional value as it is;
where a number is needed (arithmetic, an array element, unpacking) None raises TypeError, as in
Numba. Each compiled result is compared with the same function run by CPython."""

import numpy as np
import pytest

import rumba
from rumba import errors, njit

from _compare import check, jitted


def first_negative(a):
    index = None
    for i in range(a.shape[0]):
        if a[i] < 0:
            index = i
            break
    if index is None:
        return -1
    return index


def running_best(n):
    best = None
    for i in range(n):
        if best is None or i * 3 % 7 > best:
            best = i * 3 % 7
    return best


def positive_or_none(x):
    if x > 0:
        return x * 2.5
    return None


def calls_optional(x):
    value = positive_or_none(x)
    if value is None:
        return 0.0
    return value + 1.0


def passes_optional(x):
    value = None
    if x > 0:
        value = x
    return takes_optional(value)


def takes_optional(value):
    if value is None:
        return -100
    return value


def conditional_none(x):
    value = None if x < 0 else x
    return value


def truth_of_optional(x):
    value = None
    if x > 5:
        value = x - 5
    if value:
        return 1
    return 0


def not_and_or(x):
    value = None
    if x > 0:
        value = x
    return (not value, value or 7, value is not None and value > 2)


def compared_with_none(x):
    value = None
    if x > 0:
        value = x
    return (value == None, value != None, None is value)  # noqa: E711 - the comparison under test


def in_tuple(x):
    value = None
    if x > 0:
        value = x
    return (value, x)


def optional_tuple(n):
    best = None
    for i in range(n):
        for j in range(n):
            if i * j == 6:
                best = (i, j)
    if best is None:
        return -1
    first, second = best
    return first * 10 + second


def returns_optional_tuple(n):
    found = None
    for i in range(n):
        if i * i > 10:
            found = (i, i * 1.5)
            break
    return found


def while_not_found(n):
    current = n
    found = None
    while found is None:
        current += 1
        if current % 7 == 0:
            found = current
    return found


def augmented(x):
    value = None
    if x > 0:
        value = x
    if value is not None:
        value += 1
    return value


def stored_into_array(x):
    out = np.zeros(2)
    value = None
    if x > 0:
        value = x
    out[0] = value
    return out[0]


def read_as_number(x):
    value = positive_or_none(x)
    return value + 1.0


def unpacked(n):
    found = returns_optional_tuple(n)
    first, second = found
    return first + second


def parameter_default_none(n, best=None):
    for i in range(n):
        if i % 4 == 3:
            best = i
    return best


def dict_get(n):
    counts = {}
    for i in range(n):
        counts[i % 3] = i
    total = 0
    for key in range(5):
        value = counts.get(key)
        if value is not None:
            total += value
    return total


def dict_get_returned(key):
    table = {1: 2.5, 4: -1.0}
    return table.get(key)


INTEGERS = [-3, 0, 1, 4, 9, 12]


@pytest.mark.parametrize("values", [[1.0, 2.0, -3.0, -4.0], [1.0, 2.0], [], [-1.0]])
def test_loop_search_gives_none_or_index(values):
    check(jitted(first_negative), np.array(values))


@pytest.mark.parametrize(
    "function", [running_best, calls_optional, passes_optional, conditional_none, truth_of_optional, not_and_or, compared_with_none, in_tuple, optional_tuple, returns_optional_tuple, while_not_found, augmented, dict_get, dict_get_returned]
)
@pytest.mark.parametrize("x", INTEGERS)
def test_optional_matches_cpython(function, x):
    argument = float(x) if function is calls_optional else x
    check(jitted(function), argument)


@pytest.mark.parametrize("args", [(10,), (2,), (2, 5), (9, None)])
def test_parameter_given_none_then_a_number_in_a_loop(args):
    check(jitted(parameter_default_none), *args)


@pytest.mark.parametrize("x", [2.0, -2.0])
def test_optional_result_crosses_as_none_or_number(x):
    result = jitted(positive_or_none)(x)
    assert result == positive_or_none(x)
    assert (result is None) == (x <= 0)


@pytest.mark.parametrize("function, argument, type_name", [(read_as_number, -1.0, "float64"), (unpacked, 2, "(int64, float64)")])
def test_none_where_a_number_is_needed_raises_type_error(function, argument, type_name):
    with pytest.raises(TypeError):
        function(argument)
    with pytest.raises(TypeError, match=r"expected %s, got None" % type_name.replace("(", r"\(").replace(")", r"\)")):
        jitted(function)(argument)


def test_none_stored_into_an_array_raises_type_error():
    # NumPy stores None into a float array as NaN; Numba (and rumba) raise, as for any read of None
    # where a number is needed.
    with pytest.raises(TypeError, match=r"expected int64, got None"):
        jitted(stored_into_array)(-1)


@pytest.mark.parametrize("function, argument", [(read_as_number, 3.0), (stored_into_array, 4), (unpacked, 9)])
def test_number_where_a_number_is_needed(function, argument):
    check(jitted(function), argument, exact_types=False)


def prints_optionals(x):
    value = None
    if x > 0:
        value = x
    half = None
    if x > 1:
        half = x * 0.5
    print("value:", value, "and", x)
    print(value, half, sep=", ")
    print(f"value={value!r} half={half}")
    print((value, half), (value,), ((x, value), half), f"{(half, x)}")
    return 0


def raises_with_an_optional(x):
    value = None
    if x > 0:
        value = x
    raise ValueError(f"bad {value}")


@pytest.mark.parametrize("x", [3, 1, -1])
def test_printing_optionals_matches_cpython(capsys, x):
    capsys.readouterr()
    prints_optionals(x)
    expected = capsys.readouterr().out
    jitted(prints_optionals)(x)
    assert capsys.readouterr().out == expected


@pytest.mark.parametrize("x", [2, -2])
def test_exception_messages_with_optionals_match_cpython(x):
    check(jitted(raises_with_an_optional), x)


def test_a_format_spec_on_an_optional_is_a_located_error():
    def formats(x):
        value = None
        if x > 0:
            value = x * 1.5
        print(f"{value:.2f}")

    with pytest.raises(errors.UnsupportedError, match=r"test_optional.py:\d+:\d+.*a format spec on a value that may be None"):
        njit(formats)(1)


def array_or_none(n):
    value = None
    if n > 0:
        value = np.zeros(n) + n
    return value


def array_on_one_path(n):
    if n > 0:
        return np.arange(n) * 0.5


def membership_strengths(indices, distances, return_dists):
    # umap's fuzzy_simplicial_set: an array made on one path, None on the other, used under the
    # same test and returned.
    rows = np.zeros(indices.size, dtype=np.int32)
    if return_dists:
        dists = np.zeros(indices.size, dtype=np.float32)
    else:
        dists = None
    for i in range(indices.size):
        rows[i] = indices[i]
        if return_dists:
            dists[i] = distances[i] * 2
    return rows, dists


def sum_unless_none(n, flag):
    values = np.ones(n) * 3 if flag else None
    if values is None:
        return -1.0
    return values.sum() + len(values) + values.shape[0]


def first_of_optional(flag):
    values = np.ones(3) if flag else None
    return values[0]


def assert_same_optional_arrays(got, expected):
    if isinstance(expected, tuple):
        assert type(got) is tuple and len(got) == len(expected)
        for got_item, expected_item in zip(got, expected):
            assert_same_optional_arrays(got_item, expected_item)
    elif expected is None:
        assert got is None
    else:
        assert got.dtype == expected.dtype and np.array_equal(got, expected)


@pytest.mark.parametrize("n", [0, 3])
def test_arrays_may_be_none_on_some_paths(n):
    assert_same_optional_arrays(jitted(array_or_none)(n), array_or_none(n))
    assert_same_optional_arrays(jitted(array_on_one_path)(n), array_on_one_path(n))
    check(jitted(sum_unless_none), n, n > 0, exact_types=False)
    indices, distances = np.arange(5), np.linspace(0.0, 1.0, 5)
    expected = membership_strengths(indices, distances, n > 0)
    assert_same_optional_arrays(jitted(membership_strengths)(indices, distances, n > 0), expected)


def test_an_optional_array_used_where_it_is_none_raises_type_error():
    assert jitted(first_of_optional)(True) == 1.0
    with pytest.raises(TypeError, match="got None"):
        jitted(first_of_optional)(False)


def list_until(values, stop):
    # PropPy's search: None where the value is met, else the list built so far.
    out = []
    for value in values:
        if value == stop:
            return None
        out.append(value * 2.0)
    return out


def total_of_list_until(values, stop):
    found = list_until(values, stop)
    if found is None:
        return -1.0
    total = 0.0
    for value in found:
        total += value
    return total + len(found)


def list_get(key):
    table = {1: [1.0, 2.0], 3: [4.0]}
    return table.get(key)


def list_get_item(key):
    table = {1: [1.0, 2.0], 3: [4.0]}
    found = table.get(key)
    if found is None:
        return 0.0
    return found[-1]


def dict_or_none(n):
    if n < 0:
        return None
    squares = {}
    for i in range(n):
        squares[i] = i * 0.5
    return squares


def set_or_none(n):
    if n < 0:
        return None
    return set(range(n))


def pairs_built_in_a_branch(n):
    pairs = None
    if n > 2:
        pairs = []
        for i in range(n):
            pairs.append((i, i * 1.5))
    return pairs


def truth_of_optional_list(n):
    items = None
    if n > 0:
        items = [1, 2, 3][:n]
    if items:
        return len(items)
    return -1


def length_of_optional_list(n):
    items = [1] if n > 0 else None
    return len(items)


@pytest.mark.parametrize(
    "function, arguments",
    [
        (list_until, (np.array([1.0, 2.0, 3.0]), 5.0)),
        (list_until, (np.array([1.0, 2.0, 3.0]), 2.0)),
        (list_get, (1,)),
        (list_get, (2,)),
        (dict_or_none, (3,)),
        (dict_or_none, (-1,)),
        (set_or_none, (3,)),
        (set_or_none, (-1,)),
        (pairs_built_in_a_branch, (1,)),
        (pairs_built_in_a_branch, (4,)),
    ],
)
def test_containers_may_be_none_on_some_paths(function, arguments):
    expected = function(*arguments)
    got = jitted(function)(*arguments)
    if isinstance(expected, dict):
        # A dict made in compiled code comes back as a typed dict, as in Numba.
        assert isinstance(got, rumba.typed.Dict) and dict(got) == expected
    else:
        assert type(got) is type(expected) and got == expected


@pytest.mark.parametrize("function, argument", [(total_of_list_until, 5.0), (total_of_list_until, 2.0), (list_get_item, 1), (list_get_item, 2), (truth_of_optional_list, 0), (truth_of_optional_list, 2), (length_of_optional_list, 1)])
def test_optional_containers_used_in_compiled_code(function, argument):
    if function is total_of_list_until:
        check(jitted(function), np.array([1.0, 2.0, 3.0]), argument, exact_types=False)
    else:
        check(jitted(function), argument)


def test_an_optional_list_used_where_it_is_none_raises_type_error():
    with pytest.raises(TypeError):
        length_of_optional_list(0)
    with pytest.raises(TypeError, match="got None"):
        jitted(length_of_optional_list)(0)


def test_dict_get_without_default_on_a_dict_of_tuples_of_arrays_is_a_located_error():
    def pairs_get(key):
        table = {1: (np.zeros(2), np.ones(2))}
        return table.get(key)

    with pytest.raises(errors.UnsupportedError, match=r"test_optional.py:\d+:\d+.*dict.get\(key\) without a default"):
        njit(pairs_get)(1)


def falls_off_after_a_return(x):
    if x > 0:
        return x * 2.5


def falls_off_after_a_loop(a, v):
    for i in range(a.shape[0]):
        if a[i] == v:
            return i


def falls_off_after_tests_of_none(x):
    if x:
        value = None
    else:
        value = x
    if value is None:
        return x - 1
    if value is not None:
        return x + 1


@pytest.mark.parametrize("function", [falls_off_after_a_return, falls_off_after_tests_of_none])
@pytest.mark.parametrize("x", INTEGERS)
def test_falling_off_the_end_after_a_return_gives_none(function, x):
    check(jitted(function), x)


@pytest.mark.parametrize("v", [2.0, 7.0])
def test_falling_off_the_end_after_a_loop_gives_none(v):
    check(jitted(falls_off_after_a_loop), np.array([1.0, 2.0, 3.0]), v)


def same_number(a, b):
    return a is b, a is not b


def identities(n):
    a = np.zeros(n)
    alias = a
    row = a[1:]
    items = [1, 2]
    same_items = items
    equal_items = [1, 2]
    return a is alias, a is row, a is not alias, items is same_items, items is equal_items, items is not equal_items


@pytest.mark.parametrize("args", [(3, 3), (3, 4), (3, 3.0), (2.5, 2.5), ("ab", "ab"), ("ab", "cd"), ((1, 2), (1, 2))])
def test_is_between_values_is_equality_for_numbers_strings_and_tuples_as_in_numba(args):
    # Numba's `is` on two values of one immutable type is `==`, on values of two types False
    # (CPython agrees for small ints, interned strings, and values of different types).
    same = args[0] == args[1] and type(args[0]) is type(args[1])
    assert jitted(same_number)(*args) == (same, not same)


def test_is_between_arrays_and_lists_is_identity():
    check(jitted(identities), 4)


def precomputed_or_given(x, precomputed, transformed):
    # aeon's shape DTW: the precomputed rows are read only where they were given.
    if precomputed and transformed is not None:
        return transformed[0] + x
    return x * 2.0


@pytest.mark.parametrize("precomputed", [True, False])
def test_a_test_that_none_decides_prunes_its_branch(precomputed):
    check(jitted(precomputed_or_given), 1.5, precomputed, None)
    check(jitted(precomputed_or_given), 1.5, precomputed, np.array([4.0, 5.0]), exact_types=False)
