"""`cmath` in compiled code (issue 14), compared with CPython's `cmath` on the same arguments:
complex, float and int arguments, arguments near the scaling thresholds (tiny, huge, near 1),
results that overflow (OverflowError) and domain errors (ValueError)."""

import cmath
import linecache
import math
from cmath import phase as angle_of
from cmath import sqrt as complex_root

import numpy as np
import pytest

from rumba import njit

FUNCTIONS = ["sqrt", "exp", "log", "log10", "sin", "cos", "tan", "sinh", "cosh", "tanh", "asin", "acos", "atan", "asinh", "acosh", "atanh",
             "phase", "polar", "isnan", "isinf", "isfinite"]

_draws = np.random.default_rng(14).normal(0.0, 3.0, (40, 2))
ARGUMENTS = [complex(real, imag) for real, imag in _draws] + [
    1 + 0j, -1 + 0j, 0.5j, -0.0 + 0j, complex(-1.0, -0.0), 0.8 + 0.6j, 1e-320 + 1e-320j, 1e-170 - 3e-170j,
    1e300 + 1e300j, -1e300 + 2j, 2e154 + 1j, 800 + 1j, -800 - 1j, -2.0, 3.0, 0.25, 7,
]


def _outcome(function, argument):
    try:
        return function(argument)
    except (ValueError, OverflowError) as error:
        return type(error).__name__, str(error)


def _same(expected, got):
    if isinstance(expected, tuple) and isinstance(got, tuple):
        return len(expected) == len(got) and all(_same(e, g) for e, g in zip(expected, got))
    if isinstance(expected, str) or isinstance(got, str):
        return expected == got
    expected, got = complex(expected), complex(got)
    return all(e == g or (math.isnan(e) and math.isnan(g)) for e, g in ((expected.real, got.real), (expected.imag, got.imag)))


@pytest.mark.parametrize("name", FUNCTIONS)
def test_cmath_functions_match_cpython(name, monkeypatch):
    source = "def call(z):\n    return cmath.%s(z)\n" % name
    file_name = "<cmath %s>" % name
    monkeypatch.setitem(linecache.cache, file_name, (len(source), None, source.splitlines(True), file_name))
    namespace = {"cmath": cmath}
    exec(compile(source, file_name, "exec"), namespace)
    compiled = njit(namespace["call"])
    for argument in ARGUMENTS:
        expected = _outcome(getattr(cmath, name), argument)
        assert _same(expected, _outcome(compiled, argument)), (name, argument, expected)


def logs_and_shapes(z, r, phi):
    return cmath.log(z, 2.0), cmath.log(z, 1 + 1j), cmath.rect(r, phi), complex_root(z), angle_of(z), cmath.pi + cmath.e + cmath.tau


@pytest.mark.parametrize("z, r, phi", [(3 + 4j, 2.0, 0.5), (-1.5 + 0.25j, 1.0, -2.0), (0.5, 3, 1)])
def test_logs_with_a_base_rect_names_and_constants(z, r, phi):
    assert _same(njit(logs_and_shapes)(z, r, phi), logs_and_shapes(z, r, phi))


def closeness(a, b):
    return cmath.isclose(a, b), cmath.isclose(a, b, rel_tol=1e-3), cmath.isclose(a, b, abs_tol=0.5)


@pytest.mark.parametrize("a, b", [(1 + 1j, 1 + 1j), (1 + 1j, 1.0005 + 1j), (0j, 0.25j), (1e9 + 1j, 1e9 + 2j)])
def test_isclose(a, b):
    assert njit(closeness)(a, b) == closeness(a, b)
