"""``rumba.cuda.random`` (``numba.cuda.random``): xoroshiro128+ generators for kernels, one state
per thread, giving Numba's sequences for the same seed.

A state array holds ``n`` states as an ``(n, 2)`` uint64 device array (Numba's is a record array
of ``s0``, ``s1``; kernels only hand it to the functions below). State ``i`` is state ``i - 1``
advanced by 2**64 draws, the first one seeded by SplitMix64 and advanced by ``subsequence_start``
jumps. The device functions are compiled with the kernels that call them."""

import math

import numpy as np

from .. import njit
from . import jit, to_device

__all__ = [
    "create_xoroshiro128p_states", "init_xoroshiro128p_states", "xoroshiro128p_next", "xoroshiro128p_jump",
    "xoroshiro128p_uniform_float32", "xoroshiro128p_uniform_float64", "xoroshiro128p_normal_float32",
    "xoroshiro128p_normal_float64",
]


@jit(device=True)
def _word(high, low):
    """The uint64 of two 32-bit halves (a constant beyond int64 cannot be written as one literal)."""
    return (np.uint64(high) << np.uint32(32)) | np.uint64(low)


@jit(device=True)
def _rotate_left(x, k):
    return (x << np.uint32(k)) | (x >> np.uint32(64 - k))


@jit(device=True)
def _splitmix64(seed):
    z = np.uint64(seed) + _word(0x9E3779B9, 0x7F4A7C15)
    z = (z ^ (z >> np.uint32(30))) * _word(0xBF58476D, 0x1CE4E5B9)
    z = (z ^ (z >> np.uint32(27))) * _word(0x94D049BB, 0x133111EB)
    return z ^ (z >> np.uint32(31))


@jit(device=True)
def xoroshiro128p_next(states, index):
    """The next uint64 of state ``index``, which advances."""
    s0 = states[index, 0]
    s1 = states[index, 1]
    drawn = s0 + s1
    s1 ^= s0
    states[index, 0] = _rotate_left(s0, 55) ^ s1 ^ (s1 << np.uint32(14))
    states[index, 1] = _rotate_left(s1, 36)
    return drawn


@jit(device=True)
def xoroshiro128p_jump(states, index):
    """Advances state ``index`` by 2**64 draws (xoroshiro128+'s jump polynomial)."""
    s0 = np.uint64(0)
    s1 = np.uint64(0)
    for word in range(2):
        polynomial = _word(0xBEAC0467, 0xEBA5FACB) if word == 0 else _word(0xD86B048B, 0x86AA9922)
        for bit in range(64):
            if (polynomial >> np.uint32(bit)) & np.uint64(1):
                s0 ^= states[index, 0]
                s1 ^= states[index, 1]
            xoroshiro128p_next(states, index)
    states[index, 0] = s0
    states[index, 1] = s1


@jit(device=True)
def xoroshiro128p_uniform_float64(states, index):
    """A float64 in [0, 1) from the top 53 bits of a draw."""
    return np.float64(xoroshiro128p_next(states, index) >> np.uint32(11)) * (1.0 / 9007199254740992.0)


@jit(device=True)
def xoroshiro128p_uniform_float32(states, index):
    """The float64 draw rounded to float32, as Numba rounds it."""
    return np.float32(xoroshiro128p_uniform_float64(states, index))


@jit(device=True)
def xoroshiro128p_normal_float32(states, index):
    """A standard normal float32 by Box-Muller from two float32 uniform draws."""
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    return math.sqrt(np.float32(-2.0) * math.log(u1)) * math.cos(np.float32(2 * math.pi) * u2)


@jit(device=True)
def xoroshiro128p_normal_float64(states, index):
    """A standard normal float64 by Box-Muller, from two float32 uniform draws as Numba's."""
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2 * math.pi * u2)


@njit
def _seed_states(states, seed, subsequence_start):
    n = states.shape[0]
    if n == 0:
        return
    start = _splitmix64(seed)
    states[0, 0] = start
    states[0, 1] = start
    for _ in range(subsequence_start):
        xoroshiro128p_jump(states, 0)
    for index in range(1, n):
        states[index, 0] = states[index - 1, 0]
        states[index, 1] = states[index - 1, 1]
        xoroshiro128p_jump(states, index)


def _host_states(n, seed, subsequence_start):
    if n < 0 or subsequence_start < 0:
        raise ValueError("the number of states and subsequence_start cannot be negative")
    states = np.zeros((n, 2), dtype=np.uint64)
    _seed_states(states, np.uint64(seed % 2 ** 64), subsequence_start)
    return states


def init_xoroshiro128p_states(states, seed, subsequence_start=0, stream=0):
    """Seeds the device state array ``states`` (from ``create_xoroshiro128p_states``)."""
    states.copy_to_device(_host_states(states.shape[0], seed, subsequence_start))


def create_xoroshiro128p_states(n, seed, subsequence_start=0, stream=0):
    """A device array of ``n`` seeded states, one per thread that draws."""
    return to_device(_host_states(n, seed, subsequence_start))
