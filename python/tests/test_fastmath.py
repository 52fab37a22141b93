"""``fastmath``: LLVM fast-math flags on a function's floating-point operations. Results stay within
reassociation tolerance of CPython's; the flags show in the LLVM IR; strict mode has none."""
import numpy as np
import pytest

import rumba


def total(values):
    s = 0.0
    for i in range(values.shape[0]):
        s += values[i]
    return s


def test_fastmath_sum_is_close_to_cpython_and_flagged():
    values = np.random.default_rng(3).random(10_001)
    fast = rumba.jit(fastmath=True)(total)
    got = fast(values)
    expected = fast.py_func(values)
    assert got == pytest.approx(expected, rel=1e-12)
    assert "fadd fast" in fast.inspect_llvm(("float64[::1]",))


def test_selected_flags_only():
    selected = rumba.jit(fastmath={"nnan", "ninf"})(total)
    selected(np.ones(4))
    llvm = selected.inspect_llvm(("float64[::1]",))
    assert "nnan ninf" in llvm and "fadd fast" not in llvm


def test_strict_by_default():
    strict = rumba.jit(total)
    values = np.random.default_rng(4).random(1001)
    assert strict(values) == strict.py_func(values)
    llvm = strict.inspect_llvm(("float64[::1]",))
    assert "fast" not in llvm and "nnan" not in llvm


def test_bad_fastmath_values_are_errors():
    with pytest.raises(TypeError):
        rumba.jit(fastmath="fast")(total)
    with pytest.raises(rumba.errors.TypingError, match="unknown fastmath flag 'fastest'"):
        rumba.jit(fastmath={"fastest"})(total)(np.ones(2))
