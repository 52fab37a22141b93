"""Generated programs that fail today, keyed by (kind, seed, index), each with a one-line reason
(the numbers are those of FINDINGS.md). python/tests/test_generated.py and run.py accept these and
report any that pass now, so that the list holds only what still fails."""

KNOWN_FAILURES = {}
