"""Generated programs that fail today, keyed by (kind, seed, index), each with a one-line reason
(the numbers are those of FINDINGS.md). python/tests/test_generated.py and run.py accept these and
report any that pass now, so that the list holds only what still fails."""

KNOWN_FAILURES = {
    ("scalar", 0, 67): "#8: int / int with an operand beyond 2**53 is rounded twice (1 ulp off)",
}
