"""Seed 002's object mode and loop lifting cells. The seed decorates `hash_computation` with a bare
`@jit`, which Numba 0.59 and later compile in nopython mode only (it then refuses `hashlib.md5`, and
so does rumba); `nopython=False` asks for the fallback the seed describes: a warning, the function
in object mode, and its loop lifted out and compiled."""
import hashlib
import warnings

import numpy as np

from rumba import jit


@jit(nopython=False)
def hash_computation(x):
    # Loop and body supported by Nopython mode
    for i in range(len(x)):
        x[i] = x[i] ** 2
    # Unsupported library / function call
    return hashlib.md5(x).digest()


x = np.arange(100)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    digest = hash_computation(x)
for warning in caught:
    print("warning:", str(warning.message).splitlines()[0])
expected = np.arange(100)
expected **= 2
assert digest == hashlib.md5(expected).digest()
print("hash_computation:", digest.hex(), "(loops compiled: %d)" % len(hash_computation.lifted))


@jit(nopython=True)
def outline_1(x):
    for i in range(len(x)):
        x[i] = x[i] ** 2


@jit(forceobj=True)
def hash_computation_internal(x):
    outline_1(x)
    # Unsupported library / function call
    return hashlib.md5(x).digest()


x = np.arange(100)
outline_1(x)
np.testing.assert_array_equal(x, expected)
print("outline_1: squares", x[:5], "...")
x = np.arange(100)
assert hash_computation_internal(x) == digest
print("hash_computation_internal:", hash_computation_internal(np.arange(100)).hex())
