"""Namedtuples (issue 14): `collections.namedtuple` and `typing.NamedTuple` classes bound by value,
instances made in compiled code (positional and keyword arguments), read by field, index,
unpacking and iteration, `_replace` and `_fields`, passed in from Python and returned as
instances of their class, inside lists and other tuples. Each function also runs under CPython,
and the results are compared with their types."""

import collections
import re
import typing

import numpy as np
import pytest

import rumba
from rumba import errors, njit

Point = collections.namedtuple("Point", ("x", "y", "z"))
Rect = collections.namedtuple("Rect", ("width", "height"))
ORIGIN = Point(0, 0, 0)


class Pair(typing.NamedTuple):
    first: float
    second: int


def make_point(a, b, c):
    return Point(a, b, c)


def make_point_by_keyword(a, b, c):
    return Point(z=c, y=b, x=a)


def nested(n):
    r = Rect(list(range(n)), np.zeros(n + 1))
    return Point(r, len(r.width), len(r.height))


def with_a_string():
    return Rect(10, "somestring")


def norm(p):
    return (p.x ** 2 + p.y ** 2 + p.z ** 2) ** 0.5, p[0], p[-1], len(p)


def doubled(p):
    return Point(p.x * 2, p.y, p.z)


def through_a_helper(p):
    x, y, z = p
    q = doubled(Point(x, y + 1, z))
    return doubled(q), q == p, q != p, q.x + p.y


def summed(p):
    total = 0.0
    for item in p:
        total += item
    return total


def in_a_list(n):
    points = [Point(i, i + 1.5, -i) for i in range(n)]
    total = 0.0
    for p in points:
        total += p.y
    return points, total


def arrays_inside(p):
    return p.x.sum() + p.y[0], Pair(p.x[1] * 2.0, p.z)


def pair(value):
    return Pair(value, 3)


def chosen(flag, a):
    p = Point(a, a, a)
    if flag:
        p = Point(a + 1, a, a - 1)
    return p


def replaced(p, value):
    moved = p._replace(y=value)
    return moved, moved._replace(x=value * 2, z=p.x), p._fields, moved._fields[1]


def as_text(p):
    return str(p), f"{p} and {Rect(p.x, 'wide')!r}"


def printed(p):
    print(p, Pair(0.5, 2))


def test_namedtuples_print_as_in_python(capsys):
    printed(Point(1, 2.5, True))
    expected = capsys.readouterr().out
    njit(printed)(Point(1, 2.5, True))
    assert capsys.readouterr().out == expected


@pytest.mark.parametrize("function, arguments", [
    (as_text, (Point(1, 2.5, "a"),)),
    (make_point, (3, 3, 3)), (make_point, (1, 2.5, True)), (make_point_by_keyword, (1, 2.5, 3)),
    (nested, (3,)), (with_a_string, ()),
    (norm, (Point(1.0, 2.0, 2.0),)), (norm, (Point(1, 2, 3),)),
    (through_a_helper, (Point(1, 2, 3),)), (summed, (Point(1.5, 2, True),)),
    (in_a_list, (4,)), (pair, (1.5,)), (chosen, (True, 4)), (chosen, (False, 4)),
    (replaced, (Point(1, 2.5, 3), 7.5)), (replaced, (Point(1, 2, 3), 4)),
])
def test_namedtuples_match_python(function, arguments):
    expected = function(*arguments)
    got = njit(function)(*arguments)
    assert repr(got) == repr(expected)
    assert type(got) is type(expected)


def test_namedtuples_holding_arrays_match_python():
    p = Point(np.arange(3.0), np.ones(2), 5)
    got, expected = njit(arrays_inside)(p), arrays_inside(p)
    assert got[0] == expected[0] and type(got[1]) is Pair and got[1] == expected[1]


def no_such_field(p):
    return p.w


def missing_a_field(a):
    return Point(a, a)


def a_keyword_twice(a):
    return Point(a, a, a, x=a)


def replaced_unknown_field(p):
    return p._replace(w=1)


@pytest.mark.parametrize("function, arguments", [
    (no_such_field, (Point(1, 2, 3),)), (missing_a_field, (1,)), (a_keyword_twice, (1,)), (replaced_unknown_field, (Point(1, 2, 3),)),
])
def test_wrong_uses_are_located_errors_with_python_text(function, arguments):
    with pytest.raises((AttributeError, TypeError, ValueError)) as expected:
        function(*arguments)
    with pytest.raises(errors.TypingError) as got:
        njit(function)(*arguments)
    assert re.search(r"test_namedtuples.py:\d+:\d+: error: ", str(got.value))
    assert str(expected.value) in str(got.value)


class StatusT(typing.NamedTuple):
    active: int
    recovered: int


# vectorbt's enums: an instance of a namedtuple class of ints, read by field in compiled code.
Status = StatusT(*range(2))
HALVES = Pair(0.5, np.int32(7))


def global_instances(x):
    status = Status.active if x > 0 else Status.recovered
    return status, Status, ORIGIN.x + ORIGIN.z, HALVES, HALVES.first * HALVES.second


def global_holding_an_array():
    return HOLDER.values


HOLDER = Rect(np.arange(3.0), 1)


def test_global_instances_are_frozen_as_constants_of_their_class():
    for x in (1, -1):
        got, expected = njit(global_instances)(x), global_instances(x)
        assert got == expected and [type(item) for item in got[:4]] == [type(item) for item in expected[:4]], (got, expected)
    with pytest.raises(errors.UnsupportedError, match=r"test_namedtuples.py:\d+:\d+: error: 'HOLDER' is a tuple holding values other than numbers"):
        njit(global_holding_an_array)()


def spread_of(stats):
    return stats.hi - stats.lo


def widened(stats):
    return Stats(stats.lo - 1.0, stats.hi + 1.0, stats.count + 2)


def norm_of(point):
    return (point.x ** 2 + point.y ** 2 + point.z ** 2) ** 0.5


Stats = collections.namedtuple("Stats", ["lo", "hi", "count"])


def test_namedtuple_types_in_explicit_signatures():
    # datashader declares its namedtuple arguments with `NamedUniTuple(float64, n, cls)`.
    point = rumba.types.NamedUniTuple(rumba.float64, 3, Point)
    stats = rumba.types.NamedTuple((rumba.float64, rumba.float64, rumba.int64), Stats)
    assert str(stats) == "%s.Stats(lo=float64, hi=float64, count=int64)" % __name__
    assert njit(rumba.float64(point))(norm_of)(Point(2.0, 3.0, 6.0)) == 7.0
    assert njit(rumba.float64(stats))(spread_of)(Stats(1.0, 4.5, 3)) == 3.5
    assert njit(stats(stats))(widened)(Stats(1.0, 4.5, 3)) == Stats(0.0, 5.5, 5)
