"""Functions defined inside compiled functions (issue 14): `def`s and lambdas assigned to a name,
called where they are defined. Each is compiled as a function of the module that takes the
variables it reads from the enclosing function, passed at each call, and gives back those it
declares `nonlocal`; every case is compared with CPython running the same function."""

import math

import numpy as np
import pytest

from rumba import errors, njit

OFFSET = 0.5


def squares_plus_k(a, k):
    def inner(y):
        return y * y + k
    total = 0.0
    for v in a:
        total += inner(v)
    return total


def lambda_and_global(x):
    double = lambda y: 2 * y + OFFSET
    return double(x) + double(x + 1.0)


def reads_the_current_value(n):
    """A closure reads its variables when it is called, not when it is defined."""
    step = 1

    def advance(x):
        return x + step
    total = 0
    for i in range(n):
        step = i
        total = advance(total)
    return total


def writes_into_an_array(a):
    def bump(i, by=1.0):
        a[i] += by
    for i in range(a.shape[0]):
        bump(i)
    bump(0, by=10.0)
    return a


def recursive(n):
    def factorial(m):
        if m <= 1:
            return 1
        return m * factorial(m - 1)
    return factorial(n)


def siblings(x, scale):
    def scaled(y):
        return y * scale

    def both(y):
        return scaled(y) + scaled(1.0)
    return both(x)


def nested_twice(x, k):
    def outer_helper(y):
        def innermost(z):
            return z + k
        return innermost(y) * 2
    return outer_helper(x)


def defined_in_a_branch(x, flag):
    if flag:
        def pick(y):
            return math.sqrt(y)
    else:
        pick = lambda y: -y
    return pick(x)


def defined_in_a_loop(n):
    total = 0.0
    for i in range(n):
        def term(j):
            return j * i
        total += term(2.0)
    return total


def keyword_call(a, b):
    def combine(x, y, weight=0.25):
        return weight * x + (1 - weight) * y
    return combine(a, b) + combine(y=a, x=b, weight=0.5)


CASES = [
    (squares_plus_k, (np.arange(5.0), 3.0)),
    (lambda_and_global, (2.0,)),
    (reads_the_current_value, (6,)),
    (recursive, (10,)),
    (siblings, (1.5, 4.0)),
    (nested_twice, (3.0, 0.25)),
    (defined_in_a_loop, (5,)),
    (keyword_call, (1.0, 3.0)),
]


@pytest.mark.parametrize("function, arguments", CASES, ids=[function.__name__ for function, _ in CASES])
def test_nested_functions_compute_what_cpython_does(function, arguments):
    assert njit(function)(*arguments) == function(*arguments)


def test_writes_through_a_nested_function_reach_the_array():
    expected = writes_into_an_array(np.zeros(4))
    got = np.zeros(4)
    njit(writes_into_an_array)(got)
    np.testing.assert_array_equal(got, expected)


def test_a_nested_function_may_be_defined_on_either_branch():
    # Both definitions bind one name: not lifted, a located refusal at the definition.
    with pytest.raises(errors.UnsupportedError, match=r"test_nested_functions.py:\d+:\d+: .*nested function definition \(one that is only called"):
        njit(defined_in_a_branch)(4.0, True)


def passes_a_nested_function(x):
    def inner(y):
        return y + 1
    return apply(inner, x)


def apply(function, value):
    return function(value)


def passes_a_closure(x, k):
    def inner(y):
        return y + k
    return apply(inner, x)


def lambda_as_argument(x):
    return apply(lambda y: y * 2, x)


def test_a_nested_function_that_captures_nothing_is_passed_as_a_value():
    # vectorbt passes such a function to its rolling windows.
    assert njit(passes_a_nested_function)(1.0) == passes_a_nested_function(1.0)
    assert njit(passes_a_nested_function)(4) == passes_a_nested_function(4)


def test_nested_functions_used_as_values_are_refused_at_their_line():
    with pytest.raises(errors.UnsupportedError, match=r"test_nested_functions.py:\d+:\d+: .*nested function definition"):
        njit(passes_a_closure)(1.0, 2.0)
    with pytest.raises(errors.UnsupportedError, match=r"test_nested_functions.py:\d+:\d+: .*lambda is supported in compiled code only when"):
        njit(lambda_as_argument)(1.0)


def counts_through_nonlocal(n):
    total = 0
    count = 0

    def add(x):
        nonlocal total, count
        total += x
        count += 1

    for i in range(n):
        add(i)
    return total, count


def rebinds_an_array_through_nonlocal(a):
    # kgmk's FFT: one nested function rebinds the array, its sibling then reads the new one.
    n = a.size

    def reverse():
        order = np.arange(n)[::-1].copy()
        nonlocal a
        a = a[order]

    def double():
        for i in range(n):
            a[i] *= 2

    reverse()
    double()
    return a


def returns_and_gives_back(m):
    # kgmk's Kruskal: a counter advanced by a nested function whose result is used too.
    added = np.zeros(m, np.int64)
    k = 0
    last = -1

    def add_edge(i):
        nonlocal k
        added[k] = i
        k += 1
        return k

    for i in range(m):
        if i % 2 == 0:
            last = add_edge(i)
    return added[:k], last


def through_a_sibling(n):
    s = 0

    def increment():
        nonlocal s
        s += 1

    def twice():
        increment()
        increment()

    for _ in range(n):
        twice()
    return s


def nonlocal_call_in_an_expression(n):
    s = 0

    def increment():
        nonlocal s
        s += 1
        return s

    return increment() + n


def best_so_far(a):
    # A union-find's closures as kagemeka writes them: calls inside expressions and conditions.
    best = np.zeros(1)
    calls = 0

    def visit(i):
        nonlocal calls
        calls += 1
        if a[i] > best[0]:
            best[0] = a[i]
        return best[0]

    s = 0.0
    for i in range(len(a)):
        s += float(visit(i))
        if visit(i) * 2 > a[i]:
            s -= 1.0
    return s, float(visit(0) + visit(1) * 2), calls


@pytest.mark.parametrize("function, argument", [
    (counts_through_nonlocal, 5), (rebinds_an_array_through_nonlocal, np.arange(4.0)), (returns_and_gives_back, 7), (through_a_sibling, 3),
    (nonlocal_call_in_an_expression, 2), (best_so_far, np.array([1.0, 3.0, 2.0, 5.0])),
], ids=lambda value: getattr(value, "__name__", ""))
def test_nonlocal_variables_reach_the_enclosing_function(function, argument):
    copy = argument.copy() if isinstance(argument, np.ndarray) else argument
    got, expected = njit(function)(argument), function(copy)
    assert repr(got) == repr(expected)


def caller_of_a_nonlocal_function_in_an_expression(n):
    s = 0

    def increment():
        nonlocal s
        s += 1

    def twice():
        increment()
        increment()
        return s

    return twice() + n


def test_a_call_of_a_nonlocal_function_in_an_expression_is_moved_before_its_statement():
    assert njit(caller_of_a_nonlocal_function_in_an_expression)(2) == caller_of_a_nonlocal_function_in_an_expression(2)


def queue_of_closures(n):
    # kagemeka's desopo_pape: a deque kept in an array by closures over its ends, drained by
    # `while not empty():`.
    queue = np.zeros(16, np.int64)
    left, right = 0, -1

    def append(x):
        nonlocal right
        right += 1
        queue[right] = x

    def popleft():
        nonlocal left
        value = queue[left]
        left += 1
        return value

    def empty():
        nonlocal left, right
        return left == right + 1

    append(n)
    total = 0
    while not empty():
        u = popleft()
        total += u
        if u > 0:
            append(u - 1)
    return total


def test_a_nonlocal_function_called_in_a_while_test():
    for n in (0, 4, 9):
        assert njit(queue_of_closures)(n) == queue_of_closures(n)


def read_before_the_call(n):
    s = n

    def increment():
        nonlocal s
        s += 1
        return s

    return s + increment()


def called_behind_and(n):
    s = 0

    def increment():
        nonlocal s
        s += 1
        return s

    return n > 0 and increment() > 0


def test_a_nonlocal_function_called_where_it_cannot_move_is_refused_at_its_line():
    # Moved before its statement, the call would change what `s` reads, or run where `and`
    # would not run it.
    for function in (read_before_the_call, called_behind_and):
        with pytest.raises(errors.UnsupportedError, match=r"test_nested_functions.py:\d+:\d+: .*'nonlocal' only where each call runs before anything its statement reads"):
            njit(function)(2)
