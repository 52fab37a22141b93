"""Differential tests of the scalar subset: every case runs one function under CPython (the
dispatcher's ``.py_func``) and under rumba on the same arguments and compares the outcomes (values
exactly for ints and bools, floats bit for bit, transcendental ``math`` functions within a stated
ulp tolerance; exceptions by type and message).

Covered: ``+ - * / // % **``, unary ops, bitwise ops and shifts, comparisons (also chained and mixed
int/float), ``and``/``or``/``not``, conditional expressions, ``for``/``range`` with any step sign,
``while``, ``break``/``continue``, early returns, calls to module functions, recursion (also mutual),
tuples as values and returns, ``math.*``, ``abs``/``min``/``max``/``int``/``float``/``bool``, with
Python ``int``/``float``/``bool`` arguments and NumPy scalars (``np.int32(3)``, ``np.float32(2.5)``,
...).

Cases whose CPython result needs an integer wider than int64 are left out (rumba's integers are
fixed width, as Numba's).
"""

import itertools
import math

import numpy as np
import pytest

from _compare import assert_float_equal, check, describe_returncode, fits_int64, jitted, outcome, run_isolated

# --------------------------------------------------------------------------------------------------
# Functions under test (top level and undecorated: the dispatcher compiles this file's source).
# --------------------------------------------------------------------------------------------------


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def mul(a, b):
    return a * b


def truediv(a, b):
    return a / b


def floordiv(a, b):
    return a // b


def mod(a, b):
    return a % b


def floordiv_then_mod(a, b):
    q = a // b
    r = a % b
    return q, r


def floordiv_and_mod_in_one_expression(a, b):
    return a // b, a % b


def power(a, b):
    return a ** b


def unary(a):
    return -a, +a


def invert(a):
    return ~a


def bitops(a, b):
    return a & b, a | b, a ^ b


def shift_right(a, b):
    return a >> b


def shift_left(a, b):
    return a << b


def aug_assign(a, b):
    x = a
    x += b
    x *= 3
    x -= a
    x //= 2
    x %= 1000
    return x


def compare_all(a, b):
    return a < b, a <= b, a == b, a != b, a > b, a >= b


def chained(a, b, c):
    return a < b < c, a <= b >= c, a == b == c, a < b > c != a


def bool_and(a, b):
    return a and b


def bool_or(a, b):
    return a or b


def bool_not(a):
    return not a


def logic_mix(a, b, c):
    return (a > 0 and b > 0) or not (c > 0)


def guarded_division(a, b):
    # `and` must short-circuit: the division never runs when b == 0.
    return b != 0 and a // b > 2


def pick_larger(a, b):
    return a if a > b else b


def sign_of(x):
    return -1 if x < 0 else (0 if x == 0 else 1)


def branch_chain(x):
    if x < -100:
        r = 1
    elif x < 0:
        r = 2
    elif x == 0:
        r = 3
    elif x < 100:
        r = 4
    else:
        r = 5
    return r


def stepped_sum(start, stop, step):
    total = 0
    weight = 1
    for i in range(start, stop, step):
        total += i * weight
        weight += 1
    return total, weight


def last_in_range(start, stop, step):
    last = -1000
    for i in range(start, stop, step):
        last = i
    return last


def countdown(n):
    p = 0
    for i in range(n, -1, -1):
        p = p * 3 + i
    return p


def skip_and_stop(n, limit):
    total = 0
    count = 0
    for i in range(n):
        if i % 3 == 0:
            continue
        if total > limit:
            break
        total += i
        count += 1
    return total, count


def first_divisor(n):
    found = n
    for d in range(2, n):
        if n % d == 0:
            found = d
            break
    return found


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def while_true_break(n):
    i = 0
    acc = 0
    while True:
        i += 1
        if i % 2 == 0:
            continue
        acc += i
        if acc > n:
            break
    return i, acc


def nested_break(n):
    pairs = 0
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            if (i + j) % 3 == 0:
                continue
            pairs += 1
    return pairs


def find_in_grid(n, target):
    for i in range(n):
        for j in range(n):
            if i * j == target:
                return i, j
    return -1, -1


def early_return(x):
    if x < 0:
        return -1
    if x == 0:
        return 0
    k = 0
    while True:
        k += 1
        if k * k >= x:
            return k


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def lcm(a, b):
    return abs(a // gcd(a, b) * b)


def divmod_pair(a, b):
    return a // b, a % b


def unpack_helper(a, b):
    q, r = divmod_pair(a, b)
    return q * b + r, q, r


def swap(a, b):
    a, b = b, a
    return a, b


def min_max_pair(a, b):
    if a < b:
        return a, b
    return b, a


def fib_pair(n):
    a, b = 0, 1
    for i in range(n):
        a, b = b, a + b
    return a, b


def mixed_tuple(n):
    t = (n, n / 2, n > 3)
    return t[2], t[0] + 1, t[1]


def single(n):
    return (n,)


def math_sqrt(x):
    return math.sqrt(x)


def math_exp(x):
    return math.exp(x)


def math_log(x):
    return math.log(x)


def math_sin(x):
    return math.sin(x)


def math_cos(x):
    return math.cos(x)


def math_tan(x):
    return math.tan(x)


def math_tanh(x):
    return math.tanh(x)


def math_fabs(x):
    return math.fabs(x)


def math_floor_ceil(x):
    return math.floor(x), math.ceil(x)


def math_pow(x, y):
    return math.pow(x, y)


def math_constants(x):
    return x * math.pi, x * math.e, x * math.tau, math.inf > x, math.nan == x


def hypot_like(a, b):
    return math.sqrt(a * a + b * b)


def builtin_abs(x):
    return abs(x)


def builtin_min_max(a, b):
    return min(a, b), max(a, b)


def builtin_min_max3(a, b, c):
    return min(a, b, c), max(a, b, c)


def to_int(x):
    return int(x)


def to_float(x):
    return float(x)


def to_bool(x):
    return bool(x)


# --------------------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------------------

INT_VALUES = [
    -(2 ** 63), -(2 ** 62), -(2 ** 31), -1000003, -17, -7, -2, -1, 0, 1, 2, 3, 7, 17, 1000003, 2 ** 31,
    2 ** 62, 2 ** 63 - 1,
]
SMALL_INTS = [-17, -7, -3, -2, -1, 0, 1, 2, 3, 5, 7, 17, 1000003]
FLOAT_VALUES = [
    -1e300, -7.5, -2.5, -1.0, -0.5, -1e-300, -0.0, 0.0, 1e-300, 0.1, 0.5, 1.0, 2.5, 3.0, 7.25, 1e300,
    math.inf, -math.inf, math.nan,
]
# Mixed int/float arithmetic and comparisons convert the int to float; CPython compares exactly, so
# ints stay within 2**53 there.
MIXED_INTS = [-(2 ** 53), -1000003, -7, -1, 0, 1, 3, 7, 1000003, 2 ** 53]
MIXED_FLOATS = [-7.5, -1.0, -0.5, -0.0, 0.0, 0.5, 2.5, 3.0, 1e300, math.inf, -math.inf, math.nan]


def int_pairs(op, values=INT_VALUES):
    """All pairs whose CPython result is representable (a ZeroDivisionError is a result too)."""
    pairs = []
    for a, b in itertools.product(values, repeat=2):
        try:
            result = op(a, b)
        except ZeroDivisionError:
            pairs.append((a, b))
            continue
        if fits_int64(result):
            pairs.append((a, b))
    return pairs


FLOAT_PAIRS = list(itertools.product(FLOAT_VALUES, repeat=2))


# --------------------------------------------------------------------------------------------------
# Arithmetic
# --------------------------------------------------------------------------------------------------


INT_BINARY_CASES = [
    pytest.param(op, a, b, id="%s(%d, %d)" % (op.__name__, a, b))
    for op in (add, sub, mul, floordiv, mod, floordiv_then_mod, bitops, compare_all)
    for a, b in int_pairs(op)
] + [
    # aug_assign's intermediate values must fit int64 too, hence small operands.
    pytest.param(aug_assign, a, b, id="aug_assign(%d, %d)" % (a, b))
    for a, b in itertools.product(SMALL_INTS, repeat=2)
]


@pytest.mark.parametrize("op, a, b", INT_BINARY_CASES)
def test_int_binary(op, a, b):
    check(jitted(op), a, b)


@pytest.mark.parametrize("a, b", int_pairs(truediv, [v for v in INT_VALUES if abs(v) <= 2 ** 53]))
def test_int_truediv(a, b):
    check(jitted(truediv), a, b)


@pytest.mark.parametrize("op", [add, sub, mul, truediv, floordiv, mod, floordiv_then_mod, compare_all, aug_assign])
@pytest.mark.parametrize("a, b", FLOAT_PAIRS)
def test_float_binary(op, a, b):
    check(jitted(op), a, b)


@pytest.mark.parametrize("op", [add, sub, mul, truediv, floordiv, mod, compare_all])
@pytest.mark.parametrize("a, b", list(itertools.product(MIXED_INTS, MIXED_FLOATS)))
def test_mixed_int_float(op, a, b):
    check(jitted(op), a, b)
    check(jitted(op), b, a)


@pytest.mark.parametrize(
    "a, b",
    [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 5), (7, 0), (-7, 0), (0, 0), (7.5, 2.0), (-7.5, 2.0), (7.5, -2.0),
     (7.5, 0.0), (-0.0, 0.0), (7, 0.0), (7.5, 0)],
)
def test_floordiv_and_mod_in_one_expression(a, b):
    # `a // b, a % b`: Python evaluates `a // b` first, so with b == 0 the floor division's
    # ZeroDivisionError (and its message) is the one raised.
    check(jitted(floordiv_and_mod_in_one_expression), a, b)


@pytest.mark.parametrize("a", INT_VALUES)
def test_int_unary(a):
    if a != -(2 ** 63):  # -INT64_MIN does not fit int64
        check(jitted(unary), a)
    check(jitted(invert), a)


@pytest.mark.parametrize("a", FLOAT_VALUES)
def test_float_unary(a):
    check(jitted(unary), a)


@pytest.mark.parametrize("a", [-(2 ** 63), -12345, -5, -1, 0, 1, 5, 12345, 2 ** 63 - 1])
@pytest.mark.parametrize("b", [0, 1, 2, 7, 31, 62, 63, 64, 100])
def test_shifts(a, b):
    check(jitted(shift_right), a, b)
    if fits_int64(a << b):
        check(jitted(shift_left), a, b)


# int ** int with a non-negative exponent (a negative one gives a float in CPython: a result type
# that depends on the value, outside a static subset).
@pytest.mark.parametrize(
    "a, b", [(a, b) for a in [-3, -2, -1, 0, 1, 2, 3, 10] for b in [0, 1, 2, 3, 10, 18, 39] if fits_int64(a ** b)]
)
def test_int_power(a, b):
    check(jitted(power), a, b)


# float ** float goes through libm's pow in CPython; allow 1 ulp.
@pytest.mark.parametrize(
    "a, b",
    [(a, b) for a in [0.0, 1e-3, 0.5, 1.0, 2.0, 10.0, math.inf]
     for b in [-2.0, -0.5, 0.0, 0.5, 1.0, 3.0, 10.5]]
    + [(-2.0, 3.0), (-2.0, -2.0), (-0.5, 2.0), (-1.0, 1e300), (math.nan, 0.0), (1.0, math.nan), (-0.0, 3.0)],
)
def test_float_power(a, b):
    check(jitted(power), a, b, maxulp=1)


# float ** int: a float result; allow 1 ulp (CPython calls pow()).
@pytest.mark.parametrize("a", [-2.0, -1.5, 0.5, 1.1, 2.5, 10.0])
@pytest.mark.parametrize("b", [-3, -1, 0, 1, 2, 3, 7])
def test_float_int_power(a, b):
    check(jitted(power), a, b, maxulp=1)


# --------------------------------------------------------------------------------------------------
# Comparisons and boolean logic
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("a, b, c", list(itertools.product([-3, 0, 2, 2, 5], repeat=3)))
def test_chained_int(a, b, c):
    check(jitted(chained), a, b, c)


@pytest.mark.parametrize("a, b, c", list(itertools.product([-1.5, 0.0, 2.0, math.nan], repeat=3)))
def test_chained_float(a, b, c):
    check(jitted(chained), a, b, c)


@pytest.mark.parametrize("a, b", list(itertools.product([True, False], repeat=2)))
def test_bool_args(a, b):
    for op in (bool_and, bool_or, compare_all, bitops, add, mul):
        check(jitted(op), a, b)
    check(jitted(bool_not), a)


@pytest.mark.parametrize("a, b", list(itertools.product([-5, 0, 3], [-2, 0, 7])))
def test_and_or_return_operands(a, b):
    # `and`/`or` on ints give one of the operands, as in Python.
    check(jitted(bool_and), a, b)
    check(jitted(bool_or), a, b)
    check(jitted(bool_not), a)


@pytest.mark.parametrize("a, b", list(itertools.product([-2.5, -0.0, 0.0, 1.5, math.nan], repeat=2)))
def test_and_or_floats(a, b):
    check(jitted(bool_and), a, b)
    check(jitted(bool_or), a, b)
    check(jitted(bool_not), a)


@pytest.mark.parametrize("a, b, c", list(itertools.product([-1, 0, 1], repeat=3)))
def test_logic_mix(a, b, c):
    check(jitted(logic_mix), a, b, c)


@pytest.mark.parametrize("a, b", [(10, 0), (10, 3), (10, 2), (-10, 3), (0, 0)])
def test_short_circuit(a, b):
    check(jitted(guarded_division), a, b)


# --------------------------------------------------------------------------------------------------
# Conditional expressions and branches
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("a, b", [(3, 8), (8, 3), (-5, -5), (2 ** 62, -(2 ** 62))])
def test_conditional_expression_int(a, b):
    check(jitted(pick_larger), a, b)


@pytest.mark.parametrize("a, b", [(3.5, 8.25), (-0.0, 0.0), (math.nan, 1.0), (1.0, math.nan)])
def test_conditional_expression_float(a, b):
    check(jitted(pick_larger), a, b)


@pytest.mark.parametrize("x", [-(2 ** 63), -5, 0, 5, 2 ** 63 - 1, -2.5, -0.0, 0.0, 2.5, math.nan])
def test_nested_conditional_expression(x):
    check(jitted(sign_of), x)


@pytest.mark.parametrize("x", [-1000, -101, -100, -1, 0, 1, 99, 100, 10 ** 12, -100.5, 0.0, 99.5])
def test_if_elif_else(x):
    check(jitted(branch_chain), x)


# --------------------------------------------------------------------------------------------------
# Loops
# --------------------------------------------------------------------------------------------------

RANGE_CASES = [
    (0, 10, 1), (0, 10, 2), (0, 10, 3), (1, 10, 3), (10, 0, -1), (10, 0, -3), (0, 10, -1), (10, 0, 1),
    (-5, 5, 5), (5, -5, -5), (-1, -10, -4), (0, 0, 1), (0, 0, -1), (3, 4, 100), (4, 3, -100),
    (-100, 100, 7), (100, -100, -7), (-(2 ** 40), -(2 ** 40) + 50, 9), (2 ** 40, 2 ** 40 - 50, -9),
]


@pytest.mark.parametrize("start, stop, step", RANGE_CASES)
def test_range_steps(start, stop, step):
    check(jitted(stepped_sum), start, stop, step)
    check(jitted(last_in_range), start, stop, step)


@pytest.mark.parametrize("start, stop", [(0, 10), (10, 0), (-3, 3)])
def test_range_step_zero(start, stop):
    # range() with step 0 raises ValueError("range() arg 3 must not be zero") in CPython. Run in a
    # child interpreter: a crash in compiled code must fail this test, not end the test session.
    expected_kind, expected = outcome(stepped_sum, (start, stop, 0))
    assert expected_kind == "raised"
    child = run_isolated(
        "from _compare import jitted, outcome\n"
        "import test_scalars\n"
        "kind, value = outcome(jitted(test_scalars.stepped_sum), (%d, %d, 0))\n"
        "print(kind, type(value).__name__, repr(value.args if kind == 'raised' else value))\n" % (start, stop)
    )
    assert child.returncode == 0, "rumba's stepped_sum(%d, %d, 0) %s; stderr: %s" % (
        start, stop, describe_returncode(child.returncode), child.stderr[-2000:])
    assert child.stdout.split(None, 2) == ["raised", type(expected).__name__, repr(expected.args) + "\n"]


@pytest.mark.parametrize("n", [-3, 0, 1, 5, 20])
def test_countdown(n):
    check(jitted(countdown), n)


@pytest.mark.parametrize("n, limit", [(0, 10), (10, 1000), (100, 50), (1000, 10 ** 9), (50, -1)])
def test_break_continue(n, limit):
    check(jitted(skip_and_stop), n, limit)


@pytest.mark.parametrize("n", [2, 3, 4, 9, 49, 97, 7919, 7921, 1000003])
def test_for_break(n):
    check(jitted(first_divisor), n)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 27, 97, 871, 10 ** 9 + 7])
def test_while_loop(n):
    check(jitted(collatz_steps), n)


@pytest.mark.parametrize("n", [-1, 0, 1, 10, 1000, 10 ** 6])
def test_while_true_break_continue(n):
    check(jitted(while_true_break), n)


@pytest.mark.parametrize("n", [0, 1, 2, 5, 17, 40])
def test_nested_loops_break(n):
    check(jitted(nested_break), n)


@pytest.mark.parametrize("n, target", [(10, 12), (10, 0), (10, 81), (10, 82), (0, 0), (50, 49 * 47)])
def test_return_from_nested_loop(n, target):
    check(jitted(find_in_grid), n, target)


@pytest.mark.parametrize("x", [-7, 0, 1, 2, 15, 16, 17, 10 ** 10])
def test_early_return(x):
    check(jitted(early_return), x)


# --------------------------------------------------------------------------------------------------
# Calls and recursion
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 1, 2, 10, 20, 25])
def test_fib(n):
    check(jitted(fib), n)


@pytest.mark.parametrize(
    "a, b", [(0, 0), (12, 18), (18, 12), (17, 5), (-12, 18), (12, -18), (2 ** 40, 2 ** 20 * 3), (1071, 462), (0, 7)]
)
def test_gcd_lcm(a, b):
    check(jitted(gcd), a, b)
    check(jitted(lcm), a, b)


@pytest.mark.parametrize("n", [0, 1, 2, 7, 100, 501])
def test_mutual_recursion(n):
    check(jitted(is_even), n)
    check(jitted(is_odd), n)


@pytest.mark.parametrize("m, n", [(0, 0), (1, 2), (2, 3), (3, 3)])
def test_ackermann(m, n):
    check(jitted(ackermann), m, n)


# --------------------------------------------------------------------------------------------------
# Tuples
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("a, b", [(17, 5), (-17, 5), (17, -5), (-17, -5), (7, 0), (7.5, 2.0), (-7.5, 2.0), (7.5, 0.0)])
def test_tuple_return_and_unpack(a, b):
    check(jitted(divmod_pair), a, b)
    check(jitted(unpack_helper), a, b)


@pytest.mark.parametrize("a, b", [(1, 2), (-7.5, 0.5), (True, False), (3, 3)])
def test_swap_and_min_max(a, b):
    check(jitted(swap), a, b)
    check(jitted(min_max_pair), a, b)


@pytest.mark.parametrize("n", [0, 1, 10, 90])
def test_tuple_assignment_in_loop(n):
    check(jitted(fib_pair), n)


@pytest.mark.parametrize("n", [-4, 0, 3, 4, 7])
def test_mixed_tuple(n):
    check(jitted(mixed_tuple), n)
    check(jitted(single), n)


# --------------------------------------------------------------------------------------------------
# math and builtins
# --------------------------------------------------------------------------------------------------

# Arguments inside each function's domain: CPython raises ValueError/OverflowError outside it
# (math.sqrt(-1), math.log(0), math.exp(1000), math.sin(inf)), which is not compared here.
MATH_CASES = [
    (math_sqrt, [0.0, -0.0, 1e-300, 0.25, 2.0, 3.0, 16.0, 1e300, math.inf, math.nan, 0, 2, 81, 2 ** 62], 0),
    (math_exp, [-1000.0, -2.5, -1e-300, -0.0, 0.0, 1e-10, 0.5, 1.0, 10.0, 700.0, -math.inf, math.inf, math.nan, 0, 3], 1),
    (math_log, [1e-300, 0.1, 0.5, 1.0, 2.0, math.e, 10.0, 1e300, math.inf, math.nan, 1, 1000], 1),
    (math_sin, [-1e10, -3.0, -1.0, -0.0, 0.0, 1e-300, 0.5, 1.0, math.pi, 100.0, math.nan, 0, 3], 1),
    (math_cos, [-1e10, -3.0, -1.0, -0.0, 0.0, 0.5, 1.0, math.pi, 100.0, math.nan, 0, 3], 1),
    (math_tan, [-1.2, -0.0, 0.0, 0.5, 1.0, 1.5, 100.0, math.nan, 0, 1], 1),
    (math_tanh, [-50.0, -3.0, -0.5, -0.0, 0.0, 1e-300, 0.5, 3.0, 50.0, -math.inf, math.inf, math.nan, 0, 2], 1),
    (math_fabs, [-math.inf, -2.5, -0.0, 0.0, 2.5, math.nan, -3, 0, 3], 0),
    (math_floor_ceil, [-1e18, -2.5, -2.0, -0.5, -0.0, 0.0, 0.5, 2.0, 2.5, 1e18, -7, 0, 7], 0),
    (math_constants, [-1.0, 0.0, 0.5, 3.0, math.nan, 2], 0),
    (builtin_abs, [-(2 ** 63) + 1, -5, 0, 5, -2.5, -0.0, 0.0, -math.inf, math.nan, True, False], 0),
    (to_int, [-1e18, -7.9, -0.5, -0.0, 0.0, 0.5, 7.9, 1e15, -5, 0, 42, True, False], 0),
    (to_float, [-(2 ** 53), -3, 0, 7, 2 ** 53, -2.5, -0.0, math.inf, math.nan, True, False], 0),
    (to_bool, [-3, 0, 5, -0.0, 0.0, 1e-300, math.nan, math.inf, True, False], 0),
]


@pytest.mark.parametrize(
    "function, x, maxulp",
    [pytest.param(function, x, maxulp, id="%s(%r)" % (function.__name__, x)) for function, values, maxulp in MATH_CASES for x in values],
)
def test_math_and_builtins_unary(function, x, maxulp):
    check(jitted(function), x, maxulp=maxulp)


@pytest.mark.parametrize(
    "x, y",
    [(2.0, 10.0), (2.0, 0.5), (10.0, -1.5), (0.5, 3.0), (1.0, math.nan), (math.nan, 0.0), (4.0, 0.5), (1.5, -2.0),
     (-2.0, 3.0), (0.0, 0.0), (2, 3), (math.inf, -1.0)],
)
def test_math_pow(x, y):
    check(jitted(math_pow), x, y, maxulp=1)


@pytest.mark.parametrize("a, b", [(3.0, 4.0), (3, 4), (1e-200, 1e-200), (0.5, 7.25)])
def test_hypot_like(a, b):
    check(jitted(hypot_like), a, b)


@pytest.mark.parametrize(
    "a, b", [(3, 8), (8, 3), (-5, -5), (2.5, -1.5), (-0.0, 0.0), (0.0, -0.0), (math.nan, 1.0), (1.0, math.nan)]
)
def test_min_max(a, b):
    check(jitted(builtin_min_max), a, b)


@pytest.mark.parametrize("a, b, c", list(itertools.product([-2, 0, 9], repeat=3)) + [(1.5, -2.5, 0.5), (math.nan, 1.0, 2.0)])
def test_min_max_three(a, b, c):
    check(jitted(builtin_min_max3), a, b, c)


# --------------------------------------------------------------------------------------------------
# NumPy scalar arguments
# --------------------------------------------------------------------------------------------------
#
# `.py_func` runs on the same NumPy scalars, so CPython computes with NumPy's scalar types and
# returns NumPy scalars (np.int32, np.float32, np.bool_), while rumba returns the Python scalar of the
# same kind and value; `check(..., exact_types=False)` compares kind and value.
#
# Documented typing differences, which the cases below avoid on purpose:
# - integer overflow: NumPy wraps in the argument's width (np.int8(100) + np.int8(100) == -56);
#   rumba, as Numba, widens integer arithmetic to 64 bits (200). Operand values are chosen so that
#   no result overflows its NumPy type, and unsigned subtraction never goes below zero.
# - integer division by zero: NumPy returns 0 with a RuntimeWarning, rumba raises ZeroDivisionError
#   as Python ints do; no NumPy-integer case divides by zero.
# - a NumPy float32 mixed with a Python float: NumPy (NEP 50) keeps float32, rumba (as Numba) types
#   the Python float as float64 and computes in float64; float32 cases only mix float32 with float32.
# - NumPy bool arithmetic (np.bool_ + np.bool_ is a logical or in NumPy); NumPy bools only go
#   through comparisons and boolean operators here.

NP_INT_PAIRS = [
    (np.int8(-100), np.int8(3)), (np.int8(27), np.int8(-4)), (np.int16(-300), np.int16(7)),
    (np.int32(-7), np.int32(2)), (np.int32(7), np.int32(-2)), (np.int32(-2 ** 20), np.int32(1000)),
    (np.int64(-2 ** 40), np.int64(3)), (np.int64(2 ** 40), np.int64(-7)),
    (np.uint8(200), np.uint8(7)), (np.uint16(60000), np.uint16(7)), (np.uint32(4000000000), np.uint32(3)),
    (np.uint64(2 ** 63 + 5), np.uint64(3)), (np.uint64(2 ** 64 - 1), np.uint64(2 ** 32)),
]


def np_int_fits(op, a, b):
    with np.errstate(all="raise"):
        try:
            result = op(a, b)
        except (FloatingPointError, OverflowError):
            return False
    values = result if isinstance(result, tuple) else (result,)
    for value in values:
        if isinstance(value, np.integer):
            info = np.iinfo(type(value))
            if not info.min <= int(value) <= info.max:
                return False
    return True


NP_INT_CASES = [
    pytest.param(op, x, y, id="%s(%r, %r)" % (op.__name__, x, y))
    for op in (add, sub, mul, floordiv, mod, floordiv_then_mod, compare_all, truediv, bitops)
    for a, b in NP_INT_PAIRS
    for x, y in ((a, b), (b, a))
    if np_int_fits(op, x, y)
]


@pytest.mark.parametrize("op, a, b", NP_INT_CASES)
def test_numpy_int_scalars(op, a, b):
    check(jitted(op), a, b, exact_types=False)


FLOAT32_PAIRS = [
    (np.float32(2.5), np.float32(0.1)), (np.float32(-7.5), np.float32(2.0)), (np.float32(7.5), np.float32(-2.0)),
    (np.float32(1e30), np.float32(3e-30)), (np.float32(-0.0), np.float32(5.0)), (np.float32(0.1), np.float32(0.2)),
    (np.float32(np.inf), np.float32(3.0)), (np.float32(np.nan), np.float32(1.0)),
]


# NumPy float division by zero returns inf/nan with a RuntimeWarning where Python (and rumba) raise
# ZeroDivisionError: a documented NumPy-vs-Python difference, so no float32 case divides by zero.
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("op", [add, sub, mul, truediv, floordiv, mod, floordiv_then_mod, compare_all, pick_larger])
@pytest.mark.parametrize(
    "a, b", FLOAT32_PAIRS + [(b, a) for a, b in FLOAT32_PAIRS if a != 0], ids=repr,
)
def test_numpy_float32_scalars(op, a, b):
    check(jitted(op), a, b, exact_types=False)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy warns where 1e300 / 1e-300 overflows to inf
@pytest.mark.parametrize(
    "a, b", [(np.float64(2.5), np.float64(-0.1)), (np.float64(-7.5), np.float64(2.0)), (np.float64(1e300), np.float64(1e-300))],
    ids=repr,
)
def test_numpy_float64_scalars(a, b):
    for op in (add, sub, mul, truediv, floordiv, mod, compare_all):
        check(jitted(op), a, b, exact_types=False)
    check(jitted(power), a, b, exact_types=False, maxulp=1)  # pow() from libm: 1 ulp


@pytest.mark.parametrize("a, b", list(itertools.product([np.bool_(True), np.bool_(False)], repeat=2)), ids=repr)
def test_numpy_bool_scalars(a, b):
    check(jitted(bool_and), a, b, exact_types=False)
    check(jitted(bool_or), a, b, exact_types=False)
    check(jitted(bool_not), a, exact_types=False)
    check(jitted(compare_all), a, b, exact_types=False)


@pytest.mark.parametrize("x", [np.int32(-12), np.int32(7), np.int64(3), np.int8(-5), np.uint8(20), np.uint32(70000), np.uint64(3), np.uint64(2 ** 40)], ids=repr)
def test_numpy_int_scalars_mixed_with_python_ints(x):
    # NumPy (NEP 50) keeps x's type for `x + 5`; rumba types the Python int as int64 and computes in
    # 64 bits, an unsigned and a signed integer as int64 as Numba does (where NumPy's promotion of
    # uint64 and int64 is float64); no case overflows x's type.
    check(jitted(add), x, 5, exact_types=False)
    check(jitted(mul), x, 3, exact_types=False)
    check(jitted(compare_all), x, 7, exact_types=False)
    check(jitted(sign_of), x, exact_types=False)
    check(jitted(branch_chain), x, exact_types=False)


@pytest.mark.parametrize("n", [np.int32(0), np.int32(15), np.int64(20), np.int16(10), np.uint8(12)], ids=repr)
def test_numpy_scalars_through_calls(n):
    check(jitted(fib), n, exact_types=False)
    check(jitted(fib_pair), n, exact_types=False)
    check(jitted(countdown), n, exact_types=False)
    check(jitted(collatz_steps), n + type(n)(1), exact_types=False)


@pytest.mark.parametrize("a, b", [(np.int32(1071), np.int32(462)), (np.int64(2 ** 40), np.int64(3 * 2 ** 20)), (np.uint16(360), np.uint16(84))], ids=repr)
def test_numpy_scalars_recursion(a, b):
    check(jitted(gcd), a, b, exact_types=False)


@pytest.mark.parametrize("x", [np.int32(16), np.int64(2), np.float64(2.0), np.float64(0.3)], ids=repr)
def test_numpy_scalars_math(x):
    check(jitted(math_sqrt), x, exact_types=False)
    check(jitted(math_exp), x, exact_types=False, maxulp=1)
    check(jitted(math_sin), x, exact_types=False, maxulp=1)
    check(jitted(math_floor_ceil), x, exact_types=False)
    check(jitted(to_float), x, exact_types=False)
    check(jitted(to_int), x, exact_types=False)


FLOAT32_MATH = [(math_sqrt, 0), (math_exp, 1), (math_log, 1), (math_sin, 1), (math_cos, 1), (math_tanh, 1), (math_fabs, 0)]


@pytest.mark.parametrize("function, maxulp", FLOAT32_MATH, ids=lambda value: getattr(value, "__name__", str(value)))
@pytest.mark.parametrize("x", [np.float32(0.1), np.float32(0.5), np.float32(2.0), np.float32(3.75), np.float32(10.0)], ids=repr)
def test_numpy_float32_math(function, maxulp, x):
    # Documented typing difference: CPython's math functions convert a float32 argument to a Python
    # float and compute in float64; rumba, as Numba, computes math.f(float32) in float32. So the
    # CPython result is rounded to float32 and compared in float32 ulps: exactly for sqrt and fabs
    # (correctly rounded either way), within 1 float32 ulp for the transcendental functions.
    expected = jitted(function).py_func(x)
    got = jitted(function)(x)
    assert type(got) is float
    assert np.float32(got) == got, "rumba's result %r is not a float32 value" % got
    np.testing.assert_array_max_ulp(np.float32(got), np.float32(expected), maxulp=maxulp)


@pytest.mark.parametrize("x", [np.float32(-2.5), np.float32(-0.0), np.float32(2.5), np.float32(1e10)], ids=repr)
def test_numpy_float32_conversions(x):
    check(jitted(to_int), x, exact_types=False)
    check(jitted(to_bool), x, exact_types=False)
    check(jitted(math_floor_ceil), x, exact_types=False)
    check(jitted(unary), x, exact_types=False)
    check(jitted(builtin_abs), x, exact_types=False)


def power_6(x):
    return x ** 6


def powers_0_to_3(x):
    return x ** 0, x ** 1, x ** 2, x ** 3


def array_power_5(a):
    return a ** 5


@pytest.mark.parametrize("x", [1.5, -2.25, 0.0, -0.0, 1e-30, 3.7e40, math.inf, -math.inf, math.nan, 0.1])
def test_literal_integer_powers_are_multiplications_within_an_ulp_or_two(x):
    # Repeated squaring, as Numba computes these: `x ** 0`, `x ** 1`, `x ** 2` are exact (one
    # rounding at most), higher powers within 2 ulp of CPython's pow.
    for got, expected in zip(jitted(powers_0_to_3)(x), powers_0_to_3(x)):
        assert_float_equal(got, expected, maxulp=2)
    assert_float_equal(jitted(power_6)(x), power_6(x), maxulp=2)
    a = np.array([x, x / 3, -x], dtype=np.float64)
    with np.errstate(all="ignore"):
        expected = array_power_5(a)
    np.testing.assert_array_max_ulp(jitted(array_power_5)(a), expected, maxulp=2)


def fnv1a(n):
    # An integer literal beyond int64 is uint64, as Numba types it.
    h = np.uint64(14695981039346656037)
    for i in range(n):
        h = (h ^ np.uint64(i)) * np.uint64(1099511628211)
    return h, 18446744073709551615, 9223372036854775808 > 1


def test_literals_beyond_int64_are_uint64():
    with np.errstate(over="ignore"):
        expected = fnv1a(5)
    got = jitted(fnv1a)(5)
    assert got == expected
    assert type(got[0]) is int and type(got[1]) is int


def integer_power(a, b):
    return a ** b


@pytest.mark.parametrize("base, exponent, expected", [(-1, -3, -1), (-1, -2, 1), (1, -5, 1), (3, -1, 0), (-2, -1, 0), (2, 10, 1024)])
def test_integer_to_a_negative_integer_power_is_numbas_integer(base, exponent, expected):
    # Numba's rule, where Python gives a float: the result keeps the integer type.
    assert jitted(integer_power)(base, exponent) == expected


def test_zero_to_a_negative_integer_power_raises():
    with pytest.raises(ZeroDivisionError, match="0 cannot be raised to a negative power"):
        jitted(integer_power)(0, -1)
