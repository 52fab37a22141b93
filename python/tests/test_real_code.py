"""Patterns from real projects that use Numba (librosa, numbagg, QuantEcon, pynndescent, ...),
found by running their jitted functions under rumba; each is compared with CPython running the
same function on the same arguments."""

import numpy as np

from rumba import njit

from _compare import check


def annotated_locals(a: np.ndarray, window: int) -> float:
    total: float = 0.0
    valid: int
    for i in range(window, len(a)):
        ai_valid: bool = not np.isnan(a[i])
        if ai_valid:
            total += a[i]
    count: int = len(a) - window
    return total / count


def test_annotated_assignments_assign_and_bare_annotations_do_nothing():
    a = np.array([1.0, np.nan, 2.5, 4.0, np.nan, 7.0])
    check(njit(annotated_locals), a, 2, exact_types=False)
