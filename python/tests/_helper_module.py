"""Functions other test modules call from compiled code (test_modules.py): they read this
module's globals, which differ from the callers'."""

import math

import numpy as xp

from rumba import njit, objmode

SCALE = 3.0
OFFSETS = xp.array([0.5, -1.0, 2.0])


def square(x):
    return x * x


@njit
def weighted_norm(a):
    total = 0.0
    for i in range(a.shape[0]):
        total += square(a[i]) * SCALE
    return math.sqrt(total) + OFFSETS[1]


def shifted(x, k=2):
    return x + k * SCALE + xp.pi


def tolerance(x, rtol=16 * xp.finfo(float).eps, low=-SCALE):
    return x * rtol + low


def undefined_inside(x):
    return x + not_defined_anywhere  # noqa: F821 - the error under test


def make_scaler(factor):
    @njit
    def scaler(x):
        return square(x) * factor

    return scaler


# Read only by the objmode block below, in this module's globals.
PYTHON_ONLY_FACTOR = 7


def scaled_in_python(x):
    with objmode(y="float64"):
        y = x * SCALE * PYTHON_ONLY_FACTOR
    return y


# A namespace of this module's jitted functions, read by a function other modules call
# (lenstronomy's `param_util.ellipticity2phi_q`).
@njit
def halve(x):
    return x / 2.0


param_util = __import__("types").ModuleType("param_util")
param_util.halve = halve


def halved_through_a_namespace(x):
    return param_util.halve(x) + 1.0


@njit
def reversed_by_a_closure(a, doubled=False):
    # kagemeka's convolve: a closure rebinds an argument through `nonlocal`.
    def reverse():
        nonlocal a
        a = a[::-1].copy()

    reverse()
    if doubled:
        a = a * 2
    return a


@njit
def hypotenuse_parts(a, b):
    d = math.sqrt(a * a + b * b)
    return d, a / d, b / d
