"""Python's built-in functions written in rumba's prelude (`_builtin_name` in
frontend/src/prelude/numpy.py) and `assert`, each compared with CPython running the same function:
`sum`, `min`/`max` of one iterable, `any`, `all` over arrays and tuples, `divmod`, `pow` (with a
modulus too), `round` (with and without digits), and `math`'s integer functions (`_math_name`):
`gcd`, `lcm`, `factorial`, `comb`, `perm`, `isqrt`, `isclose`; and the `operator` module's functions
(`_operator_name`), under any name. Also `dict(pairs)` and `dict(zip(k, v))`, `zip()`, `bool` of
containers and strings, and tuples holding strings compared; `getattr` and `hasattr` with a literal
name;
`iter`/`next` on variables bound to `iter(x)`."""

import math
import operator
from operator import add as plus, getitem

import numpy as np
import pytest

from _compare import check, jitted
from _containers import assert_same_outcome
from rumba import errors, njit


def reductions(a):
    return sum(a), sum(a, 10), min(a), max(a), any(a > 2), all(a > 0), any(a), all(a)


def tuple_reductions(n):
    t = (n, n + 1, 2)
    return sum(t), min(t), max(t), any((n, 0)), all((n, 1)), min(n, 3), max(n, 3, 1)


def integer_arithmetic(a, b):
    return divmod(a, b), pow(a, 3), pow(a, b, 7) if b >= 0 else 0, pow(a, 2, -5)


def float_arithmetic(x, y):
    return divmod(x, y), pow(x, 2), pow(x, -1)


def rounding(x, n):
    return round(x), round(x, 2), round(x, 0), round(x, -1), round(n), round(n, -1), round(n, 2)


def checked(x):
    assert x > 0, "x must be positive"
    assert x < 100
    return x * 2


@pytest.mark.parametrize("dtype", ["float64", "int64", "float32", "bool"])
def test_reductions_over_arrays_match_cpython(dtype):
    for values in [[1.5, -2.0, 3.25, 4.0], [3, 0, 2], [0.0], []]:
        check(jitted(reductions), np.array(values).astype(dtype), exact_types=False)


def test_reductions_over_tuples_match_cpython():
    for n in [-3, 0, 1, 7]:
        check(jitted(tuple_reductions), n)


@pytest.mark.parametrize("a, b", [(17, 5), (-17, 5), (17, -5), (-17, -5), (0, 3), (5, 0), (2, 0), (12345, 67)])
def test_integer_divmod_and_pow_match_cpython(a, b):
    check(jitted(integer_arithmetic), a, b)


@pytest.mark.parametrize("x, y", [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (1.0, 0.0), (0.0, 3.0), (1e-300, 3.0)])
def test_float_divmod_and_pow_match_cpython(x, y):
    check(jitted(float_arithmetic), x, y)


@pytest.mark.parametrize("x", [2.5, 3.5, -2.5, 0.125, 0.375, 2.675, 1.005, 0.285, 1234.5678, -0.0, 15.0, 25.0, 1e16, 1e-20])
def test_round_matches_cpython(x):
    for n in [15, 25, -35, 7, 0]:
        check(jitted(rounding), x, n)


def round_to(x, n):
    return round(x, n)


def test_round_to_digits_matches_cpython_on_many_numbers():
    # Ties of the scaled product are decided by its exact value, as CPython's decimal rounding.
    rng = np.random.default_rng(7)
    values = np.concatenate([rng.integers(-100000, 100000, 300) / 1000.0 + 0.0005, rng.normal(size=200) * 1e3, np.arange(-20, 20) * 0.125])
    for x in values:
        for n in [0, 1, 2, 3, 5, -1, -2]:
            check(jitted(round_to), float(x), n)


def test_round_of_nan_raises_as_cpython():
    check(jitted(rounding), float("nan"), 1)


def test_assert_raises_assertion_error_with_its_message():
    compiled = njit(checked)
    assert compiled(3) == 6
    with pytest.raises(AssertionError, match="x must be positive"):
        compiled(-1)
    with pytest.raises(AssertionError):
        compiled(1000)


def integer_math(a, b):
    return math.gcd(a, b), math.lcm(a, b), math.comb(abs(a), abs(b) % 7), math.perm(abs(a), abs(b) % 5), math.isqrt(abs(a) * abs(b))


def factorials(n):
    return math.factorial(n), math.perm(n)


def closeness(a, b):
    return math.isclose(a, b), math.isclose(a, b, rel_tol=0.1), math.isclose(a, b, abs_tol=1e-3)


@pytest.mark.parametrize("a, b", [(12, 18), (-12, 18), (0, 5), (0, 0), (17, 5), (123456, 7890), (60, -48)])
def test_integer_math_matches_cpython(a, b):
    check(jitted(integer_math), a, b)


@pytest.mark.parametrize("n", [0, 1, 5, 20, -1])
def test_factorial_matches_cpython(n):
    check(jitted(factorials), n)


def test_results_beyond_int64_raise_overflow_error():
    with pytest.raises(OverflowError):
        jitted(factorials)(21)


@pytest.mark.parametrize("a, b", [(1.0, 1.0 + 1e-10), (1.0, 1.05), (0.0, 5e-4), (float("inf"), float("inf")), (float("inf"), 1e308), (float("nan"), float("nan")), (3, 3)])
def test_isclose_matches_cpython(a, b):
    check(jitted(closeness), a, b)


def isqrt_of(n):
    return math.isqrt(n)


def test_isqrt_is_exact_up_to_int64():
    for n in [0, 1, 2, 3, 4, 15, 16, 17, 10**12 - 1, 10**12, 2**62, 2**63 - 1, (2**31 - 1) ** 2, (2**31 - 1) ** 2 - 1]:
        check(jitted(isqrt_of), n)


def operators(a, b):
    return (
        operator.add(a, b), operator.sub(a, b), operator.mul(a, b), operator.truediv(a, b), operator.floordiv(a, b),
        operator.mod(a, b), operator.pow(a, 2), operator.neg(a), operator.pos(b), operator.abs(-a), operator.eq(a, b),
        operator.ne(a, b), operator.lt(a, b), operator.le(a, b), operator.gt(a, b), operator.ge(a, b),
        operator.not_(a), operator.truth(b), plus(a, b),
    )


def integer_operators(a, b):
    return operator.and_(a, b), operator.or_(a, b), operator.xor(a, b), operator.lshift(a, 3), operator.rshift(a, 1), operator.invert(b)


def in_place_operators(a, b):
    return (
        operator.iadd(a, b), operator.isub(a, b), operator.imul(a, b), operator.itruediv(a, b), operator.ifloordiv(a, b),
        operator.imod(a, b), operator.ipow(a, 2),
    )


def integer_in_place_operators(a, b):
    return operator.iand(a, b), operator.ior(a, b), operator.ixor(a, b), operator.ilshift(a, 3), operator.irshift(a, 1)


def adds_in_place(values, other):
    result = operator.iadd(values, other)
    operator.imul(values, 2.0)
    return values, result


def test_in_place_operator_functions_change_arrays_in_place():
    values = np.arange(3.0)
    got = jitted(adds_in_place)(values, np.ones(3))
    expected = adds_in_place(np.arange(3.0), np.ones(3))
    for got_array, expected_array in zip(got, expected):
        np.testing.assert_array_equal(got_array, expected_array)
    np.testing.assert_array_equal(values, expected[0])


def indexed(values, i):
    return getitem(values, i) + operator.getitem(values, -1)


@pytest.mark.parametrize("a, b", [(7, 3), (-7, 3), (2.5, -4.0), (0, 5), (3, 0)])
def test_operator_functions_match_cpython(a, b):
    check(jitted(operators), a, b)
    check(jitted(in_place_operators), a, b)
    if isinstance(a, int):
        check(jitted(integer_operators), a, b)
        check(jitted(integer_in_place_operators), a, b)


def test_operator_getitem_indexes():
    check(jitted(indexed), np.arange(5.0), 2, exact_types=False)


def float_decomposition(x):
    return math.frexp(x), math.ldexp(x, 7), math.ldexp(x, -1074), math.modf(x), math.ulp(x), math.remainder(x, 0.75), math.remainder(x, -2.0)


FLOATS = [0.5, 3.7, -2.5, 1e-310, 5e-324, 1e308, -1.7976931348623157e308, 171.5, 7.0, -0.0, 0.0, 2.25, -0.375, 1.125, float("inf"), float("-inf"), float("nan")]


@pytest.mark.parametrize("x", FLOATS)
def test_frexp_ldexp_modf_ulp_remainder_match_cpython(x):
    # ldexp beyond the largest float is inf here, CPython's OverflowError (math's domain rule).
    if math.isfinite(x) and abs(x) > 1e300:
        x = x / 1e10
    if math.isinf(x):
        got = jitted(float_decomposition)(x)
        assert got[0] == (x, 0) and got[3] == (math.copysign(0.0, x), x) and got[4] == math.inf
        return
    check(jitted(float_decomposition), x)


def special_functions(x):
    return math.gamma(x), math.lgamma(x)


@pytest.mark.parametrize("x", [0.5, 1.0, 3.7, 7.0, 25.5, 171.5, -2.5, -0.75, 1e-8, 100.25])
def test_gamma_and_lgamma_agree_with_cpython_to_a_few_ulps(x):
    # libm's tgamma and lgamma, where CPython has its own Lanczos sums: equal to 1e-13 relative
    # (lgamma near its zeros absolutely).
    got = jitted(special_functions)(x)
    expected = special_functions(x)
    assert got[0] == pytest.approx(expected[0], rel=1e-13)
    assert got[1] == pytest.approx(expected[1], rel=1e-13, abs=1e-15)


def summed(a):
    return math.fsum(a), math.prod(a), math.prod(a, start=2.0)


def test_fsum_is_exact_and_prod_multiplies_in_order_as_cpython():
    rng = np.random.default_rng(7)
    # (Of an empty float array, CPython's prod is the int start; here the float the loop types.)
    for size in [1, 5, 1000]:
        a = rng.standard_normal(size) * 10.0 ** rng.integers(-20, 20, size)
        check(jitted(summed), a, exact_types=False)
    for values in [[1e16, 1.0, 1e-16], [0.1] * 10, [1e308, 1e308, -1e308], [math.inf, 1.0], [math.inf, -math.inf], [math.nan, 1.0]]:
        check(jitted(summed), np.array(values), exact_types=False)


def dict_of_pairs(n):
    pairs = [(i % 3, 0.5 * i) for i in range(n)]
    keyed = {(i, i + 1): i for i in range(n)}
    return dict(pairs), dict([(1, 10), (2, 20), (1, 30)]), dict(((1, 2), (3, 4))), dict(keyed)


def dict_of_zip(n):
    keys = [i for i in range(n)]
    return dict(zip(keys, [2.5 * key for key in keys]))


def zip_of_nothing(n):
    count = n
    for item in zip():
        count += 1
    return count, [item for item in zip()]


def truth_of_containers(n):
    items = list(range(n))
    table = {i: i for i in range(n)}
    text = "x" * n
    return bool(items), bool(table), bool(text), bool(""), bool("a"), bool(()), bool((n,)), not text, 1 if table else 0


def tuples_with_strings(n):
    return (("aa", 1) == ("bb", 1), ("aa", n) == ("aa", 1), ("aa", 1) != ("bb", 1), ("cc",) < ("bb",), ("aa", n) < ("aa", 3),
            ("b", 2.5) >= ("b", n), (1, "a") <= (1, "a", 0), (n, ("x", 2)) > (n, ("x", 1)), ("a",) == ("a", 1))


@pytest.mark.parametrize("n", [0, 1, 4])
def test_dict_zip_bool_and_tuples_with_strings_match_cpython(n):
    for function in [dict_of_pairs, dict_of_zip, zip_of_nothing, truth_of_containers, tuples_with_strings]:
        assert_same_outcome(function, n)


def steps_through_a_list(n):
    it = iter([n, n + 1, n + 2, n + 3])
    first = next(it)
    second = next(it, -1)
    rest = list(it)
    return first, second, len(rest), rest[0], next(it, -1)


def steps_through_an_array_and_loops_over_the_rest(n):
    it = iter(np.arange(n) * 1.5)
    total = next(it, 100.0)
    for value in it:
        total += value
    return total, next(it, -2.0)


def steps_past_the_end(n):
    it = iter("ab")
    return next(it) + next(it) + next(it)


@pytest.mark.parametrize("function, n", [
    (steps_through_a_list, 3),
    (steps_through_an_array_and_loops_over_the_rest, 0),
    (steps_through_an_array_and_loops_over_the_rest, 1),
    (steps_through_an_array_and_loops_over_the_rest, 5),
    (steps_past_the_end, 0),
])
def test_iterators_step_as_in_cpython(function, n):
    assert_same_outcome(function, n)


def passes_an_iterator_on(n):
    it = iter([n, n + 1])
    return list(zip([1, 2], it))


def strings_ordered_with_numbers(n):
    return (n, "a") < ("b", n)


@pytest.mark.parametrize("function, message", [
    (passes_an_iterator_on, r"unsupported built-in 'iter'"),
    (strings_ordered_with_numbers, r"cannot compare \(int64, Literal\[str\]\(a\)\) with \(Literal\[str\]\(b\), int64\)"),
])
def test_refused_forms_are_located_errors(function, message):
    with pytest.raises(errors.RumbaError, match=r"test_builtins.py:\d+:\d+: error: " + message):
        njit(function)(1)


def number_hashes(n, x, b):
    return hash(n), hash(x), hash(b), hash(n) == hash(float(n))


@pytest.mark.parametrize("n, x", [(0, 0.0), (-1, -1.0), (2 ** 62, 1.5), (-(2 ** 63), -2.5), (2 ** 61 - 1, 1e300), (12345, 5e-324), (7, float("inf")), (-7, float("-inf"))])
def test_hash_of_numbers_is_cpythons(n, x):
    check(jitted(number_hashes), n, x, True)


def test_hash_of_numpy_integers_is_cpythons():
    check(jitted(number_hashes), np.uint64(2 ** 64 - 1), np.float32(0.1), np.int32(-1), exact_types=False)


def hash_of_a_list(n):
    return hash([n])


def test_hash_of_a_container_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match=r"test_builtins.py:\d+:\d+: error: hash\(\) of list\(int64\) is not supported yet"):
        njit(hash_of_a_list)(1)


def numpy_instances(x):
    return (
        isinstance(x, np.float64), isinstance(x, np.float32), isinstance(x, np.int64), isinstance(x, np.int32), isinstance(x, np.uint8),
        isinstance(x, np.bool_), isinstance(x, np.complex128), isinstance(x, (np.float64, np.integer)), isinstance(x, np.floating),
        isinstance(x, np.number), isinstance(x, np.signedinteger), isinstance(x, np.unsignedinteger), isinstance(x, np.inexact),
        isinstance(x, np.complexfloating), isinstance(x, np.generic), isinstance(x, np.ndarray),
    )


@pytest.mark.parametrize("value", [np.float64(1.5), np.float32(2.5), np.int64(3), np.int32(-4), np.uint8(5), np.bool_(True), np.complex128(1j), np.arange(3)])
def test_isinstance_of_numpy_types_is_numpys(value):
    check(jitted(numpy_instances), value, exact_types=False)


def test_python_numbers_are_instances_of_their_numba_types():
    # Numba types a Python float as float64 and an int as int64 (CPython's answers differ here).
    float_answers, int_answers = jitted(numpy_instances)(1.5), jitted(numpy_instances)(7)
    assert float_answers[0] and float_answers[8] and not float_answers[2]
    assert int_answers[2] and int_answers[7] and not int_answers[0]


def instance_of_float16(x):
    return isinstance(x, np.float16)


def test_isinstance_of_an_unsupported_numpy_type_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match=r"test_builtins.py:\d+:\d+: error: isinstance\(\) takes int, float"):
        njit(instance_of_float16)(1.0)


def reads_attributes_by_name(values):
    return getattr(np, "pi") + getattr(values, "shape")[0] + getattr(values.T, "ndim") + getattr(1.5 + 2j, "imag")


def test_getattr_with_a_literal_name_is_the_attribute():
    check(jitted(reads_attributes_by_name), np.ones((3, 2)))


def reads_an_unknown_attribute(values):
    return getattr(values, "nope")


def test_getattr_of_an_attribute_the_type_lacks_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match=r"test_builtins.py:\d+:\d+: error: array attribute 'nope'"):
        njit(reads_an_unknown_attribute)(np.ones(3))


def reads_attributes_or_defaults(values, x):
    return getattr(values, "size", -1), getattr(values, "nope", -1), getattr(x, "imag", 7), getattr(x, "shape", (9,))[0]


@pytest.mark.parametrize("x", [2.5, 3, "text"])
def test_getattr_with_a_default_is_decided_by_the_type(x):
    assert njit(reads_attributes_or_defaults)(np.ones(3), x) == reads_attributes_or_defaults(np.ones(3), x)


def asks_for_attributes(values, x):
    total = 0
    if hasattr(values, "shape"):
        total += values.shape[0]
    if hasattr(x, "shape"):
        total += x.shape[0]
    else:
        total += 100
    return total, hasattr(x, "real"), hasattr(values, "nope"), hasattr(np, "pi"), hasattr(np, "no_such_name")


@pytest.mark.parametrize("x", [2.5, 3, np.ones(2)])
def test_hasattr_with_a_literal_name_is_decided_by_the_type(x):
    assert njit(asks_for_attributes)(np.ones(3), x) == asks_for_attributes(np.ones(3), x)


def tuple_truths(a, t):
    # PyEMD's `if not expand_left_min_pos.shape:`: a tuple's truth is whether it has items.
    empty = ()
    return not a.shape, not empty, not t, (1 if a.shape else 0)


@pytest.mark.parametrize("a", [np.zeros(3), np.zeros((2, 2)), np.zeros(())])
def test_not_of_a_tuple(a):
    assert njit(tuple_truths)(a, (1, 2.5)) == tuple_truths(a, (1, 2.5))
