"""Generators (issue 14): a compiled function with `yield`, called from Python, gives a generator
that runs the compiled body lazily, as Numba's do. Each case collects what the generator yields
under CPython and under rumba (the same values, types, dtypes and shapes, and the same exception
at the same point), and checks that generators dropped unfinished, or never started, are closed
without leaking. Loops over generators inside compiled code (the generator inlined into the loop,
`break`, `continue`, `else` and the generator's `return` included) are compared with CPython
running the same functions."""

import itertools

import numpy as np
import pytest

from _compare import assert_same_value
from test_memory import rss_growth
from rumba import errors, njit


def counts(n):
    for i in range(n):
        yield i


def pairs(x, y, z):
    for i in range(3):
        yield z
        yield y + z
    return
    yield x


def float_range(start, stop, step):
    value = start
    while value < stop:
        yield value
        value += step


def zipped(first, second):
    for a, b in zip(first, second):
        yield a
        yield b


def rows(matrix):
    for row in matrix:
        yield row


def fresh_arrays(n):
    for i in range(n):
        values = np.empty(3)
        values[:] = i * 1.5
        yield values


def flat(values):
    for value in values.flat:
        yield value


def tuples_and_strings(n):
    for i in range(n):
        yield (i, str(i) * 2, i * 0.5)


def lists(n):
    made = []
    for i in range(n):
        made.append(i)
        yield made.copy()


def bare(n):
    for _ in range(n):
        yield


def conditional(n):
    for i in range(n):
        if i % 3 == 0:
            continue
        if i > 7:
            break
        yield i * i


def empty(n):
    if n >= 0:
        return
    yield n


def complex_values(n):
    for i in range(n):
        yield complex(i, -i)


def outcome(function, *args):
    """What iterating the generator gives: its values, then the exception that ended it, if any."""
    values = []
    try:
        for value in function(*args):
            values.append(value)
    except Exception as error:  # noqa: BLE001 - the exception is part of the outcome
        return values, type(error)
    return values, None


CASES = [
    (counts, (5,)),
    (counts, (0,)),
    (pairs, (3, 3, 3)),
    (float_range, (1.1, 3.3, 0.1)),
    (zipped, ([1, 2, 3], [4, 5, 6])),
    (rows, (np.arange(6.0).reshape(3, 2),)),
    (fresh_arrays, (4,)),
    (flat, (np.arange(6).reshape(2, 3),)),
    (tuples_and_strings, (3,)),
    (lists, (4,)),
    (bare, (3,)),
    (conditional, (12,)),
    (empty, (2,)),
    (complex_values, (3,)),
]


@pytest.mark.parametrize("function, args", CASES, ids=[function.__name__ for function, _ in CASES])
def test_generators_yield_what_cpython_yields(function, args):
    expected_values, expected_error = outcome(function, *args)
    got_values, got_error = outcome(njit(function), *args)
    assert got_error is expected_error
    assert len(got_values) == len(expected_values)
    for index, (got, expected) in enumerate(zip(got_values, expected_values)):
        if isinstance(expected, np.ndarray):
            assert got.dtype == expected.dtype and got.shape == expected.shape
            np.testing.assert_array_equal(got, expected)
        elif isinstance(expected, (list, str, complex)) or isinstance(expected, tuple) and any(isinstance(item, str) for item in expected):
            assert type(got) is type(expected) and got == expected
        else:
            assert_same_value(got, expected, exact_types=False, where=f"item {index}")


def test_rows_yielded_are_views_of_the_argument():
    matrix = np.arange(6.0).reshape(3, 2)
    first = next(njit(rows)(matrix))
    matrix[0, 0] = 42.0
    assert first[0] == 42.0


def checked_halves(values):
    for value in values:
        if value < 0:
            raise ValueError("negative")
        yield value / 2


def test_an_exception_ends_the_generator_where_cpython_raises_it():
    generator = njit(checked_halves)(np.array([4.0, 2.0, -1.0, 8.0]))
    assert next(generator) == 2.0
    assert next(generator) == 1.0
    with pytest.raises(ValueError, match="negative"):
        next(generator)
    with pytest.raises(StopIteration):
        next(generator)


def naturals(start):
    value = start
    while True:
        yield value
        value += 1


def test_an_endless_generator_runs_lazily():
    assert list(itertools.islice(njit(naturals)(5), 4)) == [5, 6, 7, 8]
    generator = njit(naturals)(0)
    assert [next(generator) for _ in range(3)] == [0, 1, 2]


def test_each_call_makes_a_generator_of_its_own():
    compiled = njit(counts)
    first, second = compiled(3), compiled(3)
    assert next(first) == 0 and next(first) == 1
    assert list(second) == [0, 1, 2]
    assert list(first) == [2]


def holding(n):
    buffer = np.zeros(1000)
    names = ["a", "b"]
    i = 0
    while True:
        buffer[i % 1000] = i
        yield buffer.sum() + len(names) + n
        i += 1


def test_generators_dropped_unfinished_or_never_started_do_not_leak():
    compiled = njit(holding)
    arrays = njit(fresh_arrays)

    def run():
        generator = compiled(1)
        next(generator)
        next(generator)
        del generator
        compiled(2)
        for values in arrays(3):
            values.sum()

    assert rss_growth(run, 20_000) < 4 * 1024 * 1024


def calls_a_generator(n):
    total = 0
    for i in counts(n):
        if i == 2:
            continue
        total += i * 10
    return total


def products(n):
    total = 0.0
    for product in pair_products([1.0, 2.0, 3.0], [n, n + 1]):
        total += product
    return total


def pair_products(first, second):
    for x in first:
        for y in second:
            yield x * y


def evens_then_marker(n):
    for i in range(n):
        if i % 2 == 0:
            yield i
    yield -1


def nests_generators(n):
    total = 0
    for i in evens_then_marker(n):
        for j in evens_then_marker(i):
            total += i * j
    return total


def collects_a_generator(n):
    values = [value * 2 for value in evens_then_marker(n)]
    arrays = list(fresh_arrays(n))
    return len(values), values[-1], len(arrays), arrays[-1][0] if n > 0 else 0.0


def consumes_whole_generators(n):
    return sum(evens_then_marker(n)), min(evens_then_marker(n)), max(counts(n + 1)), sorted(evens_then_marker(n))[0]


def stops_early(n):
    i = 0
    while True:
        if i >= n:
            return
        yield i
        i += 1


def breaks_out_of_generators(n):
    total = 0
    for v in pair_products([1, 2, 3], [10, 20]):
        if v == 40:
            break
        total += v
    else:
        total = -1
    for v in stops_early(n):
        for w in counts(v):
            if w > 2:
                break
            total += w * 100
        if v > 4:
            break
    else:
        total += 7
    return total


def breaks_out_of_a_range_of_floats(n):
    total = 0.0
    for value in float_range(0.5, n, 0.25):
        if value > 2.0:
            break
        total += value
    return total


def unpacks_what_it_yields(n):
    total = 0.0
    for i, text, half in tuples_and_strings(n):
        total += i + len(text) + half
    return total


@pytest.mark.parametrize("function, n", [
    (calls_a_generator, 7),
    (calls_a_generator, 0),
    (products, 2),
    (nests_generators, 6),
    (collects_a_generator, 4),
    (collects_a_generator, 0),
    (unpacks_what_it_yields, 3),
    (consumes_whole_generators, 5),
    (consumes_whole_generators, 0),
    (breaks_out_of_generators, 3),
    (breaks_out_of_generators, 8),
    (breaks_out_of_a_range_of_floats, 3),
    (breaks_out_of_a_range_of_floats, 1),
])
def test_loops_over_generators_in_compiled_code_match_cpython(function, n):
    assert njit(function)(n) == function(n)


def keeps_a_generator(n):
    numbers = counts(n)
    return next(numbers)


def returns_a_value(n):
    yield n
    return n


def yields_two_types(n):
    yield n
    yield "text"


@pytest.mark.parametrize("function, error, message", [
    (keeps_a_generator, errors.UnsupportedError, r"'counts' is a generator: compiled code runs one as the iterable of a `for` loop"),
    (returns_a_value, errors.UnsupportedError, r"a generator returns no value in compiled code"),
    (yields_two_types, errors.TypingError, r"this yields .* but another yield gives int64"),
])
def test_unsupported_generators_are_located_errors(function, error, message):
    with pytest.raises(error, match=r"test_generators.py:\d+:\d+: error: " + message):
        result = njit(function)(3)
        list(result) if not isinstance(result, int) else result
