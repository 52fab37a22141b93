"""Arrays anywhere: array variables given new arrays inside loops and branches, carried out of them,
holding arrays of several layouts, and freed.

Covered, each against CPython running the same function: a loop that replaces an array every step
(`for` and `while`, views of it, calls that return it), the time-step pattern of PDE solvers,
arrays assigned in `if`/`elif`/`else` and `try` branches (bound before or not, read after), arrays
first made in a loop and read after it or in the next iteration, variables that hold C, F and
strided arrays (which meet as layout A, as in Numba), tuples holding arrays, exceptions raised while
such arrays are alive, `UnboundLocalError` for an array read where no branch assigned it, and
arrays (alone or in tuples) returned from inside loops and branches. The resident set stays flat
over 100,000 calls of each kind of function here, those that raise after allocating included.
"""

import os

import numpy as np
import pytest

from _compare import MB, jitted, rss_after


def assert_same_outcome(function, *args):
    """`function` under CPython and under rumba, on copies of the same arguments: the same array
    (values, dtype, shape) or scalar, or the same exception."""
    def run(callee):
        copies = [arg.copy() if isinstance(arg, np.ndarray) else arg for arg in args]
        try:
            return "ok", callee(*copies)
        except Exception as error:  # noqa: BLE001 - any exception is an outcome to compare
            return "raised", error

    expected_kind, expected = run(function)
    got_kind, got = run(jitted(function))
    assert got_kind == expected_kind, "CPython: %r, rumba: %r" % (expected, got)
    if expected_kind == "raised":
        assert type(got) is type(expected) and got.args == expected.args, "CPython: %r, rumba: %r" % (expected, got)
    else:
        assert_same_result(got, expected)


def assert_same_result(got, expected):
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected), "CPython: %r, rumba: %r" % (expected, got)
        for got_item, expected_item in zip(got, expected):
            assert_same_result(got_item, expected_item)
    elif isinstance(expected, np.ndarray):
        assert isinstance(got, np.ndarray) and got.dtype == expected.dtype and got.shape == expected.shape, "CPython: %r, rumba: %r" % (expected, got)
        np.testing.assert_array_equal(got, expected)
    else:
        # NumPy scalars come back as the Python number of their kind, as from Numba.
        kind = float if isinstance(expected, (float, np.floating)) else type(expected)
        assert got == expected and type(got) is kind, "CPython: %r, rumba: %r" % (expected, got)


# --------------------------------------------------------------------------------------------------
# Loops that replace an array.
# --------------------------------------------------------------------------------------------------


def halve_each_step(u, steps):
    for _ in range(steps):
        u = u * 0.5
    return u


def halve_a_fresh_array(n, steps):
    u = np.ones(n)
    for _ in range(steps):
        u = u * 0.5 + 1.0
    return u


def halve_while_large(u):
    while u.sum() > 1.0:
        u = u / 2.0
    return u


def advect(u0, steps, c):
    u = u0.copy()
    for _ in range(steps):
        un = u.copy()
        u[1:] = un[1:] - c * (un[1:] - un[:-1])
    return u, un


def diffuse_2d(u, steps, nu):
    for _ in range(steps):
        un = u.copy()
        u = un.copy()
        u[1:-1, 1:-1] = un[1:-1, 1:-1] + nu * (un[2:, 1:-1] + un[:-2, 1:-1] + un[1:-1, 2:] + un[1:-1, :-2] - 4.0 * un[1:-1, 1:-1])
    return u


def shrink_by_views(x):
    while x.shape[0] > 2:
        x = x[1:]
    return x


def every_other(x, times):
    for _ in range(times):
        x = x[::2] * 1.0
    return x


def twice(a):
    return a * 2.0


def same(a):
    return a


def through_calls(u, steps):
    for i in range(steps):
        if i % 2 == 0:
            u = twice(u)
        else:
            u = same(u)
    return u


def nested_replacements(u, outer, inner):
    for _ in range(outer):
        for _ in range(inner):
            u = u + 1.0
        u = u * 0.5
    return u


def swap_and_replace(a, steps):
    b = a.copy()
    for _ in range(steps):
        a, b = b, a
        b = b + a
    return a, b


@pytest.mark.parametrize("steps", [0, 1, 5])
def test_a_loop_replaces_an_array(steps):
    assert_same_outcome(halve_each_step, np.arange(6.0), steps)
    assert_same_outcome(halve_a_fresh_array, 4, steps)
    assert_same_outcome(nested_replacements, np.arange(3.0), steps, 2)
    assert_same_outcome(swap_and_replace, np.arange(4.0), steps)
    assert_same_outcome(through_calls, np.arange(3.0), steps)


def test_a_while_loop_replaces_an_array():
    assert_same_outcome(halve_while_large, np.arange(10.0))
    assert_same_outcome(halve_while_large, np.zeros(3))


def test_the_time_step_pattern():
    u0 = np.where(np.linspace(0.0, 2.0, 41) < 1.0, 2.0, 1.0)
    assert_same_outcome(advect, u0, 25, 0.5)
    grid = np.ones((12, 10))
    grid[4:8, 3:6] = 2.0
    assert_same_outcome(diffuse_2d, grid, 10, 0.2)


def test_views_carried_by_loops():
    assert_same_outcome(shrink_by_views, np.arange(7.0))
    assert_same_outcome(every_other, np.arange(20.0), 3)
    assert_same_outcome(every_other, np.arange(20.0), 0)


# --------------------------------------------------------------------------------------------------
# Branches.
# --------------------------------------------------------------------------------------------------


def pick(u, flag):
    if flag:
        v = u * 2.0
    else:
        v = u + 1.0
    return v


def maybe_replace(u, flag):
    if flag:
        u = u * 3.0
    return u.sum()


def chain(u, k):
    v = u
    if k == 0:
        v = u - 1.0
    elif k == 1:
        v = u[::-1]
    elif k == 2:
        w = u * u
        v = w + w
    else:
        pass
    return v


def branch_in_loop(u, steps):
    for i in range(steps):
        if i % 3 == 0:
            u = u * 2.0
        elif i % 3 == 1:
            u = u[::-1]
        else:
            t = u + 1.0
            u = t
    return u


def only_one_branch_assigns(u, flag):
    if flag:
        v = u * 2.0
    return v


@pytest.mark.parametrize("flag", [True, False])
def test_branches_give_arrays(flag):
    assert_same_outcome(pick, np.arange(4.0), flag)
    assert_same_outcome(maybe_replace, np.arange(4.0), flag)
    assert_same_outcome(only_one_branch_assigns, np.arange(3.0), flag)


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_elif_chains_give_arrays(k):
    assert_same_outcome(chain, np.arange(5.0), k)


@pytest.mark.parametrize("steps", [0, 1, 2, 3, 7])
def test_branches_inside_loops(steps):
    assert_same_outcome(branch_in_loop, np.arange(5.0), steps)


# --------------------------------------------------------------------------------------------------
# Arrays first made inside a loop.
# --------------------------------------------------------------------------------------------------


def last_of_loop(a, n):
    for i in range(n):
        b = a * i
    return b


def previous_iteration(a, n):
    total = 0.0
    for i in range(n):
        if i > 0:
            total += (current - previous).sum()
            previous = current
        else:
            previous = a
        current = a * (i + 1)
    return total


def inner_then_outer(a):
    s = 0.0
    for t in range(2):
        for i in range(3):
            b = a * i
        s += b.sum()
    for t in range(2):
        b = a + t
        s += b.sum()
    return s


def last_of_while(a):
    i = 0
    while i < 3:
        last = a * i
        i += 1
    return last


def stop_when_large(a, n):
    u = a
    for _ in range(n):
        u = u * 2.0
        if u[0] > 10.0:
            break
    return u


@pytest.mark.parametrize("n", [0, 1, 4])
def test_arrays_made_in_a_loop_are_read_after_it(n):
    assert_same_outcome(last_of_loop, np.arange(3.0), n)
    assert_same_outcome(previous_iteration, np.arange(3.0), n)
    assert_same_outcome(stop_when_large, np.arange(1.0, 4.0), n)


def test_arrays_made_in_nested_and_while_loops():
    assert_same_outcome(inner_then_outer, np.arange(4.0))
    assert_same_outcome(last_of_while, np.arange(4.0))
    assert_same_outcome(stop_when_large, np.arange(1.0, 4.0), 10)


# --------------------------------------------------------------------------------------------------
# Layouts.
# --------------------------------------------------------------------------------------------------


def either_layout(a, flag):
    if flag:
        b = a
    else:
        b = a.T
    return b.sum() + b[0, 1]


def returned_in_either_layout(a, flag):
    b = a[:, ::2] if flag else a
    return b


def layouts_in_a_loop(a, steps):
    for _ in range(steps):
        a = a.T
    return a[0, 1]


@pytest.mark.parametrize("flag", [True, False])
def test_variables_hold_several_layouts(flag):
    a = np.arange(12.0).reshape(3, 4)
    assert_same_outcome(either_layout, a, flag)
    assert_same_outcome(either_layout, np.asfortranarray(a), flag)
    assert_same_outcome(returned_in_either_layout, a, flag)
    assert_same_outcome(layouts_in_a_loop, a, 3)


# --------------------------------------------------------------------------------------------------
# Tuples holding arrays.
# --------------------------------------------------------------------------------------------------


def fibonacci_of_arrays(a, n):
    pair = (a, a * 2.0)
    for _ in range(n):
        pair = (pair[1], pair[0] + pair[1])
    return pair


def array_and_count(a, flag):
    if flag:
        result = (a * 2.0, 1)
    else:
        result = (a, 2)
    return result[0].sum() * result[1]


@pytest.mark.parametrize("n", [0, 1, 5])
def test_tuples_of_arrays_in_loops_and_branches(n):
    assert_same_outcome(fibonacci_of_arrays, np.arange(3.0), n)
    assert_same_outcome(array_and_count, np.arange(3.0), n > 0)


# --------------------------------------------------------------------------------------------------
# Arrays returned from inside loops and branches.
# --------------------------------------------------------------------------------------------------


def first_large(a, bound):
    for i in range(a.shape[0]):
        if a[i] > bound:
            return a * a[i]
    return a + 0.0


def returned_as_is_or_new(a, flag):
    if flag:
        return a
    return a * 2.0


def returned_with_a_count(a, bound):
    count = 0
    while count < a.shape[0]:
        if a[count] > bound:
            return a[count:], count
        count += 1
    return a[:0], -1


def returned_from_nested_loops(a, target):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            if a[i, j] == target:
                return a[i]
    return a[0] * 0.0


@pytest.mark.parametrize("bound", [-1.0, 2.5, 10.0])
def test_arrays_returned_from_inside_loops(bound):
    assert_same_outcome(first_large, np.arange(5.0), bound)
    assert_same_outcome(returned_with_a_count, np.arange(5.0), bound)
    assert_same_outcome(returned_from_nested_loops, np.arange(12.0).reshape(3, 4), bound + 4.5)


def test_an_argument_returned_from_a_branch_is_the_argument():
    a = np.arange(3.0)
    returned = jitted(returned_as_is_or_new)(a, True)
    returned[0] = 7.0
    assert a[0] == 7.0, "the array returned shares the argument's memory, as in CPython"
    assert_same_outcome(returned_as_is_or_new, np.arange(3.0), False)


# --------------------------------------------------------------------------------------------------
# Exceptions and unbound reads.
# --------------------------------------------------------------------------------------------------


def raise_midway(u, steps, at):
    for i in range(steps):
        u = u + 1.0
        if i == at:
            raise ValueError("stopped")
    return u


def divide_after_allocating(a, d):
    b = a * 2.0
    q = 10 // d
    b = b + q
    return b


def handled(a, d):
    u = a * 1.0
    try:
        u = u * (10 // d)
        v = u + 1.0
    except Exception:
        u = u * 0.0 - 1.0
        v = u
    else:
        v = v * 2.0
    return u.sum() + v.sum()


def test_try_branches_give_arrays():
    assert_same_outcome(handled, np.arange(3.0), 2)
    assert_same_outcome(handled, np.arange(3.0), 0)


def test_exceptions_while_arrays_are_carried():
    assert_same_outcome(raise_midway, np.zeros(3), 5, 2)
    assert_same_outcome(raise_midway, np.zeros(3), 5, 9)
    assert_same_outcome(divide_after_allocating, np.ones(3), 0)
    assert_same_outcome(divide_after_allocating, np.ones(3), 3)


def test_an_array_read_where_no_branch_assigned_it_is_unbound():
    with pytest.raises(UnboundLocalError, match="'v'"):
        jitted(only_one_branch_assigns)(np.ones(2), False)


# --------------------------------------------------------------------------------------------------
# Memory.
# --------------------------------------------------------------------------------------------------

def rows_of(a, flag):
    # Each row's sum, a number a call returns, is stored straight into an array: that once made the
    # row's arrays count as escaping, and they leaked.
    sums = np.zeros(a.shape[0])
    for i in range(a.shape[0]):
        if flag:
            r = a[i] * 2.0
        else:
            r = a[i] + 1.0
        for _ in range(2):
            r = r * 0.5
        sums[i] = r.sum()
    return sums


def test_rows_replaced_in_branches_and_loops():
    assert_same_outcome(rows_of, np.arange(12.0).reshape(4, 3), True)
    assert_same_outcome(rows_of, np.arange(12.0).reshape(4, 3), False)


def raises(exception, function, *args):
    return lambda: pytest.raises(exception, jitted(function), *args)


MEMORY_CASES = {
    "loop": lambda: jitted(halve_each_step)(np.ones(64), 4),
    "fresh-loop": lambda: jitted(halve_a_fresh_array)(64, 3),
    "while": lambda: jitted(halve_while_large)(np.ones(64)),
    "time-step": lambda: jitted(advect)(np.ones(64), 3, 0.5),
    "views": lambda: jitted(every_other)(np.ones(64), 2),
    "calls": lambda: jitted(through_calls)(np.ones(64), 3),
    "nested": lambda: jitted(nested_replacements)(np.ones(64), 2, 2),
    "swap": lambda: jitted(swap_and_replace)(np.ones(64), 3),
    "tuples": lambda: jitted(fibonacci_of_arrays)(np.ones(64), 3),
    "branches": lambda: jitted(branch_in_loop)(np.ones(64), 5),
    "elif": lambda: jitted(chain)(np.ones(64), 2),
    "rows": lambda: jitted(rows_of)(np.ones((4, 64)), True),
    "last": lambda: jitted(last_of_loop)(np.ones(64), 3),
    "previous": lambda: jitted(previous_iteration)(np.ones(64), 3),
    "return-in-loop": lambda: jitted(first_large)(np.arange(64.0), 5.0),
    "return-in-branch": lambda: jitted(returned_as_is_or_new)(np.ones(64), False),
    "return-tuple": lambda: jitted(returned_with_a_count)(np.arange(64.0), 5.0),
    "try": lambda: jitted(handled)(np.ones(64), 0),
    "raise-in-loop": raises(ValueError, raise_midway, np.ones(64), 5, 2),
    "raise-after-allocating": raises(ZeroDivisionError, divide_after_allocating, np.ones(64), 0),
}


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc/self/statm")
@pytest.mark.parametrize("case", list(MEMORY_CASES))
def test_resident_set_stays_flat_over_100000_calls(case):
    before, after = rss_after(MEMORY_CASES[case], 100_000)
    # Each call allocates at least 512 bytes that a leak would keep: 100,000 calls would add 50 MB.
    assert after - before < max(0.05 * before, 4 * MB), "RSS grew from %d to %d bytes" % (before, after)
