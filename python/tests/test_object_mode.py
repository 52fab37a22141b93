"""Object mode (issue 14): ``@jit(forceobj=True)`` runs the function in the interpreter with each
loop at the top level of its body compiled where it compiles (Numba's loop lifting), and
``@jit(nopython=False)`` compiles the function where it compiles and falls back to object mode,
with a ``NumbaWarning``, where it does not. Each result is compared with CPython running the same
function; which loops were compiled is checked on the lifted loops' dispatchers."""

import hashlib
import warnings

import numpy as np
import pytest

import rumba
from rumba import errors, jit


def hash_computation(x):
    # Seed 002's example: the loop compiles, `hashlib.md5` does not.
    for i in range(len(x)):
        x[i] = x[i] ** 2
    return hashlib.md5(x).digest()


def sums_then_formats(values, label):
    total = 0.0
    count = 0
    for value in values:
        total += value
        count += 1
    scaled = total / count
    while scaled > 10.0:
        scaled /= 2.0
    return "%s: %.3f over %d" % (label, scaled, count)


def loop_needing_python(values):
    # The loop itself calls what compiled code cannot: it stays in the interpreter.
    digits = 0
    for value in values:
        digits += hashlib.sha1(bytes([value])).hexdigest().count("a")
    return digits


def returns_from_its_loop(a, limit):
    for i in range(a.shape[0]):
        if a[i] > limit:
            return i
    return -1


def lifted_dispatchers(dispatcher):
    return [loop.dispatcher for loop in dispatcher.lifted if loop.dispatcher is not None]


def test_seed_hash_computation_lifts_its_loop():
    compiled = jit(forceobj=True)(hash_computation)
    x, expected_x = np.arange(100), np.arange(100)
    assert compiled(x) == hash_computation(expected_x)
    np.testing.assert_array_equal(x, expected_x)
    (loop,) = compiled.lifted
    assert loop.dispatcher.signatures and loop.compiles == {tuple(loop.dispatcher.signatures[0]): True}


def test_every_loop_that_compiles_is_compiled_and_the_rest_runs_as_python():
    compiled = jit(forceobj=True)(sums_then_formats)
    values = np.linspace(1.0, 40.0, 7)
    assert compiled(values, "mean") == sums_then_formats(values, "mean")
    assert len(compiled.lifted) == 2 and all(loop.compiles for loop in compiled.lifted)
    assert compiled([1.5, 2.5], "list") == sums_then_formats([1.5, 2.5], "list")


def test_a_loop_that_does_not_compile_stays_in_object_mode_with_a_warning():
    compiled = jit(forceobj=True)(loop_needing_python)
    values = np.arange(3)
    with pytest.warns(errors.NumbaWarning, match="stays in object mode"):
        assert compiled(values) == loop_needing_python(values)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert compiled(values) == loop_needing_python(values)
    # Each new type of argument is tried again.
    with pytest.warns(errors.NumbaWarning, match="a loop of loop_needing_python stays in object mode"):
        assert compiled([4, 5]) == loop_needing_python([4, 5])


def test_a_loop_that_returns_is_not_lifted():
    compiled = jit(forceobj=True)(returns_from_its_loop)
    a = np.array([1.0, 5.0, 2.0])
    assert compiled.lifted == []
    assert compiled(a, 3.0) == returns_from_its_loop(a, 3.0) == 1


def test_looplift_false_runs_the_function_as_python():
    compiled = jit(forceobj=True, looplift=False)(hash_computation)
    assert compiled.lifted == []
    assert compiled(np.arange(5)) == hash_computation(np.arange(5))


def plain_sum(a):
    total = 0.0
    for v in a:
        total += v
    return total


def test_nopython_false_compiles_what_compiles():
    compiled = jit(nopython=False)(plain_sum)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert compiled(np.arange(4.0)) == plain_sum(np.arange(4.0))
    assert compiled.signatures


def test_nopython_false_falls_back_to_object_mode_with_a_warning():
    compiled = jit(nopython=False)(hash_computation)
    x, expected_x = np.arange(10), np.arange(10)
    assert compiled.lifted == []
    with pytest.warns(errors.NumbaWarning, match="falling back to object mode"):
        assert compiled(x) == hash_computation(expected_x)
    np.testing.assert_array_equal(x, expected_x)
    assert len(compiled.lifted) == 1
    # Arguments compiled code cannot take run in object mode too.
    assert compiled(bytearray(b"\x02\x03")) == hash_computation(bytearray(b"\x02\x03"))


def test_exceptions_of_lifted_loops_reach_the_caller():
    def divides(a, d):
        for i in range(a.shape[0]):
            a[i] = a[i] // d
        return hashlib.md5(a).hexdigest()

    with pytest.raises(ZeroDivisionError):
        jit(forceobj=True)(divides)(np.arange(3), 0)


def test_njit_is_never_object_mode():
    with pytest.raises(errors.RumbaError):
        rumba.njit(hash_computation)(np.arange(3))


def calls_a_helper_defined_later(a):
    total = 0.0
    for v in a:
        total += v
    return defined_after_it(total)


def test_the_object_mode_function_reads_the_modules_globals_as_they_are_then():
    compiled = jit(forceobj=True)(calls_a_helper_defined_later)
    assert compiled(np.arange(3.0)) == calls_a_helper_defined_later(np.arange(3.0)) == "3.0!"
    assert compiled.__module__ == __name__ and compiled.lifted[0].py_func.__module__ == __name__


def defined_after_it(total):
    return "%s!" % total
