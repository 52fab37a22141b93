"""Generated programs that fail today, keyed by (kind, seed, index), each with a one-line reason
(the numbers are those of FINDINGS.md). python/tests/test_generated.py and run.py accept these and
report any that pass now, so that the list holds only what still fails."""

# The reference is NumPy 2, where a Python number takes an array's type (NEP 50); rumba promotes a
# Python number of the array's kind as Numba does (`a * 2.0` of float32 is float64, `2 + a` of
# int32 is int64), so these programs differ in type only by design (docs/decisions.md, "Python
# numbers against arrays promote as Numba's loops do").
NUMBA_PROMOTION = "a Python number of the array's kind promotes as in Numba, not as NumPy 2 does"

KNOWN_FAILURES = {
    ("array", 0, 29): NUMBA_PROMOTION,
    ("array", 0, 39): NUMBA_PROMOTION,
    ("array", 0, 79): NUMBA_PROMOTION,
}
