"""`@jitclass` (issue 14): classes whose fields are typed by a spec or annotations, whose methods
and properties are compiled, and whose instances compiled code takes, makes, changes and returns.
Each jitclass is made from a plain Python class, and each scenario also runs under CPython with
the plain class in its place: the results and the instances' fields are compared."""

import re
import sys
import types as pytypes

import numpy as np
import pytest

from rumba import errors, float64, int64, njit, typed, types
from rumba.experimental import jitclass


class PyAccumulator:
    def __init__(self, size):
        self.count = 0
        self.total = 0.0
        self.data = np.zeros(size)

    def add(self, value):
        self.data[self.count] = value
        self.count += 1
        self.total += value
        return self.total

    def scaled(self, factor=2.0):
        return self.data[: self.count] * factor

    @property
    def mean(self):
        return self.total / self.count


Accumulator = jitclass([("count", int64), ("total", float64), ("data", float64[:])])(PyAccumulator)


class PyPoint:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm(self):
        return np.sqrt(self.x**2 + self.y**2)

    def shifted(self, dx=1.0, dy=0.0):
        return Point(self.x + dx, self.y + dy)

    def distance(self, other):
        return np.sqrt((self.x - other.x) ** 2 + (self.y - other.y) ** 2)


Point = jitclass([("x", float64), ("y", float64)])(PyPoint)


class PyCounter:
    value: int64
    step: int64

    def __init__(self, step=1):
        self.value = 0
        self.step = step

    def tick(self):
        self.value += self.step
        return self.value

    @property
    def double(self):
        return self.value * 2

    @double.setter
    def double(self, doubled):
        self.value = doubled // 2

    @staticmethod
    def twice(number):
        return 2 * number


Counter = jitclass(PyCounter)


class PyBag:
    def __init__(self, name):
        self.items = typed.List.empty_list(int64)
        self.name = name
        self.center = Point(0.0, 0.0)
        self.seen = typed.Dict.empty(types.unicode_type, int64)

    def push(self, item):
        self.items.append(item)
        self.seen[self.name] = len(self.items)
        return len(self.items)

    def total(self):
        result = 0
        for item in self.items:
            result += item
        return result

    def move(self, dx):
        self.center = self.center.shifted(dx)


Bag = jitclass(
    [("items", types.ListType(int64)), ("name", types.unicode_type), ("center", Point.class_type.instance_type), ("seen", types.DictType(types.unicode_type, int64))]
)(PyBag)


def under_python(function, **classes):
    """`function` with the plain classes in place of the jitclasses it names."""
    return pytypes.FunctionType(function.__code__, {**function.__globals__, **classes}, function.__name__, function.__defaults__)


def fields(instance, names):
    return tuple(getattr(instance, name).tolist() if isinstance(getattr(instance, name), np.ndarray) else getattr(instance, name) for name in names)


def accumulate(values):
    accumulator = Accumulator(len(values) + 2)
    for value in values:
        accumulator.add(value)
    return accumulator.mean, accumulator.scaled(), accumulator.scaled(factor=0.5), accumulator


def test_methods_properties_and_fields_match_python():
    values = np.array([3.0, 4.5, -1.0])
    mean, scaled, halved, made = njit(accumulate)(values)
    want_mean, want_scaled, want_halved, want = under_python(accumulate, Accumulator=PyAccumulator)(values)
    assert type(made) is Accumulator
    assert mean == want_mean
    np.testing.assert_array_equal(scaled, want_scaled)
    np.testing.assert_array_equal(halved, want_halved)
    assert fields(made, ("count", "total", "data")) == fields(want, ("count", "total", "data"))


def test_methods_called_from_python_change_the_instance():
    accumulator, plain = Accumulator(4), PyAccumulator(4)
    for value in (2.0, 5.0):
        assert accumulator.add(value) == plain.add(value)
    assert accumulator.mean == plain.mean
    np.testing.assert_array_equal(accumulator.scaled(3.0), plain.scaled(3.0))
    assert fields(accumulator, ("count", "total", "data")) == fields(plain, ("count", "total", "data"))


def feed(accumulator, values):
    for value in values:
        accumulator.add(value)
    accumulator.data[-1] = 99.0
    return accumulator.count


def test_compiled_code_changes_an_instance_passed_in():
    accumulator, plain = Accumulator(5), PyAccumulator(5)
    values = np.array([1.0, 2.0])
    assert njit(feed)(accumulator, values) == feed(plain, values)
    assert fields(accumulator, ("count", "total", "data")) == fields(plain, ("count", "total", "data"))


def replace_data(accumulator, size):
    accumulator.data = np.arange(size) * 1.5
    accumulator.count = size
    return accumulator.data.sum()


def test_a_field_given_a_new_array_is_seen_by_the_caller():
    accumulator, plain = Accumulator(2), PyAccumulator(2)
    assert njit(replace_data)(accumulator, 4) == replace_data(plain, 4)
    assert fields(accumulator, ("count", "data")) == fields(plain, ("count", "data"))
    # An array set from Python is what compiled code reads.
    accumulator.data = np.full(3, 2.0)
    accumulator.count = 0
    assert accumulator.add(1.0) == 1.0
    np.testing.assert_array_equal(accumulator.data, [1.0, 2.0, 2.0])


def points(n):
    made = [Point(float(i), 2.0 * i) for i in range(n)]
    total = 0.0
    for point in made:
        total += point.norm() + point.distance(made[0])
    moved = made[-1].shifted(dy=-1.0)
    return total, moved, made


def test_instances_in_lists_and_returned():
    total, moved, made = njit(points)(4)
    want_total, want_moved, want_made = under_python(points, Point=PyPoint)(4)
    assert total == pytest.approx(want_total, rel=1e-15)
    assert type(moved) is Point and fields(moved, "xy") == fields(want_moved, "xy")
    assert [fields(point, "xy") for point in made] == [fields(point, "xy") for point in want_made]


def fill_bag(bag, items):
    for item in items:
        bag.push(item)
    bag.move(2.5)
    return bag.total(), bag.center.x, len(bag.items)


def test_container_string_and_instance_fields():
    bag, plain = Bag("bag"), PyBag("bag")
    assert njit(fill_bag)(bag, (3, 4, 5)) == under_python(fill_bag, Point=PyPoint)(plain, (3, 4, 5))
    assert list(bag.items) == list(plain.items) and dict(bag.seen) == dict(plain.seen)
    assert bag.name == "bag" and type(bag.center) is Point and fields(bag.center, "xy") == fields(plain.center, "xy")


def count_to(counter, n):
    for _ in range(n):
        counter.tick()
    before = counter.double
    counter.double = 100
    return before, counter.value, isinstance(counter, Counter), Counter.twice(n), counter.twice(before)


def test_annotations_defaults_property_setters_and_isinstance():
    counter, plain = Counter(3), PyCounter(3)
    assert njit(count_to)(counter, 4) == under_python(count_to, Counter=PyCounter)(plain, 4)
    assert (counter.value, counter.step) == (plain.value, plain.step)
    assert Counter().step == 1 and Counter(step=5).step == 5
    assert Counter.twice(21) == 42
    counter.double = 8
    assert counter.value == 4 and counter.double == 8


def test_tuples_of_instances_are_passed_and_changed():
    @njit
    def tick_both(pair):
        first, second = pair
        first.tick()
        second.tick()
        second.tick()
        return first.value + second.value

    counters = (Counter(1), Counter(10))
    assert tick_both(counters) == 21
    assert [counter.value for counter in counters] == [1, 20]


def test_fields_before_init_sets_them():
    @jitclass([("n", int64), ("data", float64[:, ::1]), ("name", types.unicode_type), ("items", types.ListType(float64))])
    class Empty:
        def __init__(self):
            pass

    empty = Empty()
    assert (empty.n, empty.name, list(empty.items)) == (0, "", [])
    assert empty.data.shape == (0, 0) and empty.data.dtype == np.float64


def test_python_type_errors():
    with pytest.raises(AttributeError):
        Counter().undeclared = 1
    with pytest.raises(TypeError, match="field 'x' of jitclass .*Broken: unknown type 'not a type'"):
        jitclass([("x", "not a type")])(type("Broken", (), {}))
    with pytest.raises(TypeError, match="jitclass PyStack: inheritance is not supported"):
        jitclass([("x", int64)])(type("PyStack", (PyStack,), {}))
    with pytest.raises(TypeError, match="class attribute 'LIMIT' is not supported"):
        jitclass([("x", int64)])(type("WithConstant", (), {"LIMIT": 3}))
    with pytest.raises(TypeError, match=re.escape("passing a list(instance.jitclass.")):
        njit(lambda counters: len(counters))([Counter(), Counter()])


def test_located_errors():
    @njit
    def unknown_attribute(counter):
        return counter.missing

    @njit
    def unknown_method(counter):
        return counter.missing()

    @njit
    def wrong_store(counter):
        counter.value = "text"

    @njit
    def printed(counter):
        print(counter)

    @njit
    def method_as_value(counter):
        tick = counter.tick
        return tick

    GLOBAL_COUNTER = Counter()

    @njit
    def global_instance():
        return GLOBAL_COUNTER.value

    cases = [
        (unknown_attribute, errors.TypingError, "jitclass PyCounter has no attribute 'missing'"),
        (unknown_method, errors.TypingError, "jitclass PyCounter has no method 'missing'"),
        (wrong_store, errors.TypingError, "cannot store unicode_type into field 'value' of type int64"),
        (printed, errors.UnsupportedError, "cannot be formatted"),
        (method_as_value, errors.UnsupportedError, "method 'tick' of jitclass PyCounter is called, not used as a value"),
        (global_instance, errors.UnsupportedError, "is an instance of the jitclass PyCounter, which compiled code does not take as a global"),
    ]
    for function, error, message in cases:
        with pytest.raises(error, match=re.escape(message)) as raised:
            function(Counter()) if function is not global_instance else function()
        assert "test_jitclass.py:" in str(raised.value)
        # The line quoted is the user's, though the class's methods are appended under this
        # file's name too (it was empty).
        assert str(raised.value).splitlines()[1].strip()


class PyGrid:
    def __init__(self, n):
        self.values = np.arange(n) * 1.0
        self.total = 0.0
        self.swaps = 0

    def accumulate(self):
        for i in range(self.values.shape[0]):
            self.total += self.values[i]
        return self.total

    def swap_in(self, n):
        self.values = np.full(n, 2.0)
        self.swaps += 1

    @property
    def doubled(self):
        return self.swaps * 2

    @doubled.setter
    def doubled(self, value):
        self.values = np.full(3, float(value))


Grid = jitclass([("values", float64[:]), ("total", float64), ("swaps", int64)])(PyGrid)


def loops_that_change_fields(n):
    grid = Grid(n)
    alias = grid
    seen = 0.0
    # A method that replaces the array, an alias that does, a property setter that does: each
    # iteration reads the new one.
    for i in range(3):
        seen += grid.values[0]
        grid.swap_in(n + i)
    for i in range(3):
        seen += grid.values[0]
        alias.values = np.full(n, float(i + 5))
    for i in range(3):
        seen += grid.values[0] + grid.doubled
        grid.doubled = i + 10
    # Fields no iteration changes, read in a loop that writes another.
    total = grid.accumulate()
    return seen, total, grid.swaps, grid.values.shape[0]


def test_loops_read_fields_as_they_change():
    assert njit(loops_that_change_fields)(4) == under_python(loops_that_change_fields, Grid=PyGrid)(4)


class PyStack:
    def __init__(self, capacity):
        self.data = np.zeros(capacity)
        self.size = 0

    def push(self, value):
        self.data[self.size] = value
        self.size += 1

    def __len__(self):
        return self.size

    def __getitem__(self, position):
        return self.data[position]

    def __setitem__(self, position, value):
        self.data[position] = value


Stack = jitclass([("data", float64[:]), ("size", int64)])(PyStack)


def stack_operations(count):
    stack = Stack(10)
    for i in range(count):
        stack.push(i * 1.5)
    stack[0] = 100.0
    stack[1] += 1.0
    return len(stack), stack[0], stack[1], stack[count - 1]


def test_len_and_subscripts_call_the_dunder_methods():
    assert njit(stack_operations)(4) == under_python(stack_operations, Stack=PyStack)(4)
    stack = Stack(3)
    stack.push(2.0)
    assert (len(stack), stack[0]) == (1, 2.0)


class PyCountingStack:
    def __init__(self, capacity):
        self.data = np.zeros(capacity)
        self.size = 0

    def __setitem__(self, position, value):
        self.data[position] = value
        self.size = max(self.size, position + 1)


CountingStack = jitclass([("data", float64[:]), ("size", int64)])(PyCountingStack)


def sizes_seen(count):
    stack = CountingStack(count)
    seen = 0
    for i in range(count):
        stack[i] = 1.0
        seen += stack.size
    return seen


def test_a_loop_sees_fields_that_dunder_methods_change():
    assert njit(sizes_seen)(5) == under_python(sizes_seen, CountingStack=PyCountingStack)(5)


class PyVector:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Vector(self.x - other.x, self.y - other.y)

    def __mul__(self, factor):
        return Vector(self.x * factor, self.y * factor)

    def __rmul__(self, factor):
        return Vector(factor * self.x, factor * self.y)

    def __iadd__(self, other):
        self.x += other.x
        self.y += other.y
        return self

    def __neg__(self):
        return Vector(-self.x, -self.y)

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __lt__(self, other):
        return self.x * self.x + self.y * self.y < other.x * other.x + other.y * other.y

    def __contains__(self, value):
        return self.x == value or self.y == value


Vector = jitclass([("x", float64), ("y", float64)])(PyVector)


def vector_arithmetic(steps):
    position = Vector(0.0, 1.0)
    velocity = Vector(0.5, -0.25)
    for _ in range(steps):
        position += velocity * 2.0
        position = position - 0.5 * velocity
    flipped = -position
    moved = position + Vector(1.0, 1.0)
    return (position.x, position.y, flipped.x, moved.y, position == moved, position != moved, position == position,
            flipped < moved, moved > flipped, 1.0 in Vector(1.0, 2.0), 3.0 not in Vector(1.0, 2.0))


def test_operators_call_the_dunder_methods(monkeypatch):
    got = njit(vector_arithmetic)(3)
    # The plain class's methods make instances of the class its module calls `Vector`.
    monkeypatch.setattr(sys.modules[__name__], "Vector", PyVector)
    assert got == vector_arithmetic(3)


def adds_in_a_loop(values):
    total = Vector(0.0, 0.0)
    step = Vector(1.0, 0.5)
    seen = 0.0
    for value in values:
        total += step
        seen += total.x * value
    return seen, total.y


def test_a_loop_sees_fields_that_operators_change(monkeypatch):
    values = np.array([1.0, 2.0, 3.5])
    got = njit(adds_in_a_loop)(values)
    monkeypatch.setattr(sys.modules[__name__], "Vector", PyVector)
    assert got == adds_in_a_loop(values)


def test_an_operator_without_its_method_is_a_located_error():
    @njit
    def divided(v):
        return v / 2.0

    @njit
    def inverted(v):
        return ~v

    @njit
    def less_equal(v):
        return v <= v

    for function, message in ((divided, "jitclass PyVector has no method '__truediv__'"), (inverted, "has no method '__invert__'"), (less_equal, "needs the method '__le__'")):
        with pytest.raises(errors.RumbaError) as raised:
            function(Vector(1.0, 2.0))
        assert re.search(r"test_jitclass.py:\d+:\d+: error: ", str(raised.value))
        assert message in str(raised.value)


class PyLimit:
    def __init__(self, bound):
        self.bound = bound
        self.asked = 0

    def __gt__(self, value):
        self.asked += 1
        return self.bound > value


Limit = jitclass([("bound", float64), ("asked", int64)])(PyLimit)


def asks_in_a_loop(values):
    limit = Limit(2.0)
    seen = 0
    for value in values:
        if limit > value:
            seen += limit.asked
    return seen


def test_a_loop_sees_fields_that_a_comparison_changes():
    values = np.array([1.0, 3.0, 0.5, 1.5])
    assert njit(asks_in_a_loop)(values) == under_python(asks_in_a_loop, Limit=PyLimit)(values)


class PyMeasure:
    def __init__(self, value):
        self.value = value

    def __abs__(self):
        return abs(self.value)

    def __float__(self):
        return self.value * 1.0

    def __int__(self):
        return int(self.value)

    def __bool__(self):
        return self.value != 0

    def __hash__(self):
        return int(self.value) * 31

    def __str__(self):
        return "Measure(" + str(self.value) + ")"


Measure = jitclass([("value", float64)])(PyMeasure)


def builtins_of(value):
    measure = Measure(value)
    return abs(measure), float(measure), int(measure), bool(measure), hash(measure), str(measure)


@pytest.mark.parametrize("value", [-2.5, 0.0, 3.0])
def test_builtins_call_the_dunder_methods(value):
    assert njit(builtins_of)(value) == under_python(builtins_of, Measure=PyMeasure)(value)
