"""Members of `enum.Enum` classes in compiled code, compared with CPython running the same
functions: as arguments, as globals (`Color.red`, `Color["red"]`), compared with `==`, `!=`, `is`
and `is not`, read by `.value`, carried through branches and loops, and returned (the member
itself). An `IntEnum`'s members are its integers, as in Numba."""
from enum import Enum, IntEnum

import pytest

import rumba
from rumba import errors


class Color(Enum):
    red = 1
    green = 2
    blue = 3


class Shake(Enum):
    vanilla = 7
    mint = 3
    cookies = 1


class Weight(Enum):
    light = 0.5
    heavy = 2.5


class Shape(IntEnum):
    circle = 2
    square = 500


class Label(Enum):
    first = "a"
    second = "b"


def compare(a, b):
    return a == b, a != b, a is b, a is not b


def by_attribute_and_name(a):
    return a is Color.red, a is Color["green"], a == Color.blue, a.value


def choose(a, b, pred):
    return a if pred else b


def member_of_branch(i):
    if i == 0:
        color = Color.red
    elif i == 1:
        color = Color.green
    else:
        color = Color.blue
    return color, color.value * 10


def count_in_loop(n):
    total = 0
    for i in range(n):
        color = Color.red if i % 3 == 0 else Color.blue
        if color is Color.red:
            total += color.value
        elif color == Color.blue:
            total -= 1
    return total


def float_values(weight, scale):
    return weight.value * scale, weight is Weight.heavy


def int_enum(x, shape):
    return x + Shape.circle, shape is Shape.circle, shape == 2, shape > Shape.circle


def in_tuple(pair):
    return pair[1], pair[0] + pair[1].value


CASES = [
    (compare, (Color.red, Color.red)),
    (compare, (Color.red, Color.blue)),
    (compare, (Color.red, Shake.cookies)),
    (compare, (Shake.mint, Color.blue)),
    (by_attribute_and_name, (Color.red,)),
    (by_attribute_and_name, (Color.green,)),
    (by_attribute_and_name, (Color.blue,)),
    (choose, (Color.red, Color.green, True)),
    (choose, (Color.red, Color.green, False)),
    (member_of_branch, (0,)),
    (member_of_branch, (1,)),
    (member_of_branch, (7,)),
    (count_in_loop, (10,)),
    (float_values, (Weight.light, 4.0)),
    (float_values, (Weight.heavy, 4.0)),
    (int_enum, (3, Shape.circle)),
    (int_enum, (3, Shape.square)),
    (in_tuple, ((5, Color.green),)),
]


@pytest.mark.parametrize("function, arguments", CASES, ids=lambda case: getattr(case, "__name__", None))
def test_enum_members_as_in_python(function, arguments):
    expected = function(*arguments)
    got = rumba.njit(function)(*arguments)
    assert got == expected
    assert repr(got) == repr(expected)


def test_a_member_comes_back_as_itself():
    assert rumba.njit(choose)(Color.blue, Color.red, True) is Color.blue


def print_member(color):
    print(color)


def member_name(color):
    return color.name


def label_value():
    return Label.first


@pytest.mark.parametrize(
    "function, arguments, error, message",
    [
        (print_member, (Color.red,), errors.UnsupportedError, r"test_enums.py:\d+:\d+: error: printing a member of the enum .*Color is not supported yet"),
        (member_name, (Color.red,), errors.UnsupportedError, r"test_enums.py:\d+:\d+: error: the name of a member of the enum .*Color is not supported yet"),
        (label_value, (), errors.UnsupportedError, r"test_enums.py:\d+:\d+: error: 'Label.first' is a member of the enum Label, whose values are not all integers or floats"),
    ],
)
def test_what_is_not_supported_is_a_located_error(function, arguments, error, message):
    with pytest.raises(error, match=message):
        rumba.njit(function)(*arguments)


def test_members_of_enums_of_strings_are_not_passed():
    with pytest.raises(TypeError, match="rumba cannot pass a value of type <enum 'Label'>"):
        rumba.njit(choose)(Label.first, Label.second, True)
