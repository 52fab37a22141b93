"""Python sets in compiled functions (sets of numbers and of tuples of numbers), each case against
CPython running the same function on copies of the same arguments.

Covered: `{a, b}` displays, `set()` filled by `add`, `set(x)` of a range, an array and a list, set
comprehensions; `in`, `not in`, `len`, truth values; `add`, `discard`, `remove` (`KeyError`),
`pop` (`KeyError` on an empty set), `clear`, `copy`, `update`, `union`, `intersection`,
`difference`, `symmetric_difference`, `intersection_update`, `difference_update`,
`symmetric_difference_update`, `bool(s)`, `issubset`, `issuperset`, `isdisjoint`; `|`, `&`, `-`, `^`;
loops over a set (summed, so that the order does not matter: rumba walks a set in insertion order,
CPython in hash order); sets returned to Python as `set` objects; sets passed from Python, read and
changed (the caller's set afterwards holds what CPython's copy holds, as Numba's reflected
containers do). The resident set stays flat over 100,000 calls of a function that builds a set. A
set never added to is a `TypingError`; an empty set from Python is a `TypeError`.
"""

import os

import numpy as np
import pytest

import rumba
from rumba import errors
from _compare import MB, jitted, rss_after
from _containers import assert_same_outcome, case_id


def literal(x):
    return {1, 2, x}


def added(n):
    s = set()
    for i in range(n):
        s.add(i % 5)
    return s


def of_range(n):
    return set(range(n))


def of_array(a):
    return set(a)


def of_list(n):
    items = [i % 3 for i in range(n)]
    return set(items)


def comprehension(n):
    return {i * i % 7 for i in range(n) if i % 2}


def tuples(n):
    s = set()
    for i in range(n):
        s.add((i % 2, i % 3))
    return len(s), (1, 2) in s, (5, 5) in s


def membership(x):
    s = {1, 3, 5}
    return x in s, x not in s, len(s), 1 if s else 0, not s


def emptied(n):
    s = {i for i in range(n)}
    total = 0
    while s:
        total += s.pop()
    return total, len(s)


def discarded(x):
    s = {1, 2, 3}
    s.discard(x)
    s.discard(2)
    return s


def removed(x):
    s = {1, 2, 3}
    s.remove(x)
    return s


def popped_empty():
    s = {1}
    s.pop()
    return s.pop()


def cleared_and_copied(n):
    s = set(range(n))
    t = s.copy()
    s.clear()
    t.add(100)
    return s, t


def combined(n, m):
    a = set(range(n))
    b = set(range(2, m))
    return a | b, a & b, a - b, a ^ b, a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b)


def relations(n, m):
    a = set(range(n))
    b = set(range(m))
    return a.issubset(b), a.issuperset(b), a.isdisjoint(b), a.isdisjoint({100})


def updated(n):
    a = {0.5, 1.5}
    a.update({float(i) for i in range(n)})
    return a


def summed(n):
    total = 0
    for v in {i % 4 for i in range(n)}:
        total += v
    return total


def updated_in_place(n, m):
    a = set(range(n))
    b = set(range(2, m))
    c = set(range(n))
    d = set(range(n))
    a.intersection_update(b)
    c.difference_update(b)
    d.symmetric_difference_update(b)
    return a, c, d


def augmented_in_place(n, m):
    # `op=` on a set changes it in place: the alias sees each change.
    a = set(range(n))
    alias = a
    a |= set(range(m, m + 3))
    union = sorted(alias)
    a &= set(range(1, m + 1))
    intersection = sorted(alias)
    a -= {1}
    difference = sorted(alias)
    a ^= {2, 40}
    return union, intersection, difference, sorted(alias), alias is a


def truth_of_sets(n):
    s = set(range(n))
    e = set(range(n))
    e.clear()
    return bool(s), bool(e), 1 if s else 0, 1 if e else 0, not s


CASES = [
    (literal, (5,)), (literal, (1,)), (added, (12,)), (added, (0,)), (of_range, (6,)), (of_list, (9,)),
    (comprehension, (10,)), (tuples, (8,)), (membership, (3,)), (membership, (4,)), (emptied, (6,)),
    (discarded, (1,)), (discarded, (9,)), (removed, (3,)), (removed, (7,)), (popped_empty, ()),
    (cleared_and_copied, (4,)), (combined, (5, 8)), (combined, (0, 3)), (relations, (3, 5)), (relations, (5, 3)),
    (updated, (3,)), (summed, (10,)), (updated_in_place, (5, 8)), (updated_in_place, (0, 3)), (updated_in_place, (6, 2)),
    (truth_of_sets, (0,)), (truth_of_sets, (3,)), (augmented_in_place, (5, 3)), (augmented_in_place, (0, 0)),
]


@pytest.mark.parametrize("function, args", CASES, ids=[case_id(case) for case in CASES])
def test_sets_match_cpython(function, args):
    assert_same_outcome(function, *args)


def count_members(s, n):
    found = 0
    for i in range(n):
        if i in s:
            found += 1
    return found + len(s)


def grown(s, n):
    for i in range(n):
        s.add(i * 3)
    s.discard(1)
    return len(s)


def grown_by_halves(s, n):
    for i in range(n):
        s.add(i + 0.5)
    return len(s)


def merged(s, t):
    s.update(t)
    return sum(s)


def narrowed(s, t):
    s.intersection_update(t)
    t.symmetric_difference_update({0, 1})
    t.difference_update({1})
    return len(s) + len(t)


FROM_PYTHON = [
    (count_members, ({1, 4, 9, 16}, 10)),
    (count_members, ({2.5, -1.0}, 3)),
    (grown, ({1, 2}, 4)),
    (grown_by_halves, ({7.5, 1.5}, 3)),
    (merged, ({1, 2, 3}, {3, 4})),
    (narrowed, ({1, 2, 3}, {3, 4})),
]


@pytest.mark.parametrize("function, args", FROM_PYTHON, ids=[case_id(case) for case in FROM_PYTHON])
def test_sets_from_python_are_read_and_written_back(function, args):
    assert_same_outcome(function, *args)


def test_an_empty_set_argument_is_a_type_error():
    with pytest.raises(TypeError, match="empty set"):
        jitted(grown)(set(), 3)


def test_a_set_of_an_array():
    a = np.array([3, 1, 3, 2, 1], dtype=np.int64)
    assert jitted(of_array)(a) == {int(v) for v in of_array(a)}


def test_returned_sets_are_python_sets():
    assert type(jitted(added)(7)) is set


def never_added():
    s = set()
    return s


def test_a_set_never_added_to_is_a_typing_error():
    with pytest.raises(errors.TypingError):
        rumba.jit(never_added)()


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc/self/statm")
def test_resident_set_stays_flat_over_100000_calls():
    before, after = rss_after(lambda: jitted(comprehension)(50), 100_000)
    assert after - before <= max(0.05 * before, 4 * MB), "resident set grew from %d to %d bytes" % (before, after)
