"""Numba's API around the dispatcher (issue 14): `overloads`, `nopython_signatures`, `compile`,
`recompile`, `stats`, pickling for `multiprocessing` (fork and spawn), `rumba.config` and the
`NUMBA_*`/`RUMBA_*` variables, `rumba.extending.register_jitable`, `__version__`."""

import multiprocessing
import pickle
import subprocess
import sys

import numpy as np
import pytest

import _helper_module
import rumba
from rumba import njit
from rumba.extending import overload, register_jitable

OFFSET = 1.0


def shifted(x):
    return x + OFFSET


def test_overloads_and_signatures_list_each_specialisation():
    compiled = njit(shifted)
    compiled(1.0)
    compiled(2)
    assert set(compiled.overloads) == {("float64",), ("int64",)}
    assert sorted(compiled.nopython_signatures) == ["float64(float64)", "float64(int64)"]
    assert compiled.stats.cache_hits == {} and compiled.stats.cache_misses == {}


def test_compile_adds_a_specialisation_before_any_call():
    compiled = njit(shifted)
    compiled.compile("float64(int32)")
    assert compiled.signatures == [("int32",)]
    assert compiled(np.int32(4)) == 5.0


def test_recompile_reads_globals_anew():
    global OFFSET
    compiled = njit(shifted)
    assert compiled(1.0) == 2.0
    OFFSET = 10.0
    try:
        assert compiled(1.0) == 2.0  # frozen at the first compilation, as in Numba
        compiled.recompile()
        assert compiled(1.0) == 11.0
        assert compiled.signatures == [("float64",)]
    finally:
        OFFSET = 1.0


def _norms(pool_size, context):
    arrays = [np.arange(float(n)) for n in range(1, 6)]
    with multiprocessing.get_context(context).Pool(pool_size) as pool:
        return pool.map(_helper_module.weighted_norm, arrays), [_helper_module.weighted_norm.py_func(a) for a in arrays]


@pytest.mark.parametrize("context", ["fork", "spawn"])
def test_dispatchers_pickle_by_reference_for_multiprocessing(context):
    assert pickle.loads(pickle.dumps(_helper_module.weighted_norm)) is _helper_module.weighted_norm
    results, expected = _norms(2, context)
    assert results == expected


def test_a_dispatcher_made_inside_a_function_does_not_pickle():
    made = _helper_module.make_scaler(2.0)
    with pytest.raises(TypeError, match="defined inside a function"):
        pickle.dumps(made)


@register_jitable
def clipped(x, limit):
    return min(x, limit)


def uses_a_registered_function(x):
    return clipped(x, 2.0) * 3


def test_register_jitable_functions_run_in_python_and_compiled():
    assert clipped(5.0, 2.0) == 2.0
    assert njit(uses_a_registered_function)(1.5) == uses_a_registered_function(1.5)
    assert njit(uses_a_registered_function)(7.0) == uses_a_registered_function(7.0)


def test_overload_of_a_function_rumba_compiles_itself_is_refused_not_ignored():
    with pytest.raises(NotImplementedError, match="rumba compiles the functions of numpy itself"):
        overload(np.linalg.norm)


def _run(code, **environment):
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**__import__("os").environ, **environment})
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_disable_jit_returns_the_python_function():
    code = "import rumba\n@rumba.njit\ndef f(x):\n    return x\nprint(type(f).__name__, rumba.config.DISABLE_JIT)"
    assert _run(code, NUMBA_DISABLE_JIT="1") == "function True"
    assert _run(code, RUMBA_DISABLE_JIT="0", NUMBA_DISABLE_JIT="1") == "Dispatcher False"


def test_numba_num_threads_sets_rumbas():
    code = "import rumba\nprint(rumba.config.NUMBA_NUM_THREADS, rumba.get_num_threads())"
    assert _run(code, NUMBA_NUM_THREADS="1") == "1 1"


def test_version_is_the_package_version():
    from importlib import metadata

    assert rumba.__version__ == metadata.version("rumba")


def plus_one(x):
    return x + 1


@pytest.mark.parametrize("value", [2 ** 63, -(2 ** 63) - 1, 2 ** 70])
def test_ints_beyond_int64_are_overflow_errors(value):
    compiled = njit(plus_one)
    assert compiled(5) == 6
    with pytest.raises(OverflowError, match="argument 0: int %d does not fit int64" % value):
        compiled(value)


def zeros_of(n, dt):
    return np.zeros(n, dtype=dt)


def converted_to(a, dt):
    return a.astype(dt), np.empty(2, dt).dtype == np.float32


@pytest.mark.parametrize("dt", [np.float64, np.float32, np.int32, np.uint8, np.bool_, np.dtype("float32"), np.dtype("int64"), np.dtype(np.complex128)])
def test_a_dtype_argument_is_a_compile_time_constant(dt):
    compiled = njit(zeros_of)
    got, expected = compiled(3, dt), zeros_of(3, dt)
    assert got.dtype == expected.dtype and np.array_equal(got, expected)
    a = np.arange(4.5)
    (got, got_single), (expected, expected_single) = njit(converted_to)(a, dt), converted_to(a, dt)
    assert got.dtype == expected.dtype and np.array_equal(got, expected) and got_single == expected_single


def test_each_dtype_argument_is_its_own_specialisation():
    compiled = njit(zeros_of)
    assert compiled(2, np.float32).dtype == np.float32
    assert compiled(2, np.dtype("float32")).dtype == np.float32
    assert compiled(2, np.int16).dtype == np.int16
    assert compiled.signatures == [("int64", "dtype(float32)"), ("int64", "dtype(int16)")]


def test_a_dtype_rumba_does_not_take_is_a_type_error():
    with pytest.raises(TypeError, match="cannot pass a value of type"):
        njit(zeros_of)(2, np.float16)
