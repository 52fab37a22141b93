"""A short seeded batch of generated programs (tests/generator): each program runs under CPython/NumPy
and under rumba in worker processes (a crash or a hang fails its program, not the session), and any
crash, hang or mismatch fails the test, except the known failures in
tests/generator/known_failures.py. A known failure that passes now fails the test too, so that the
list holds only what still fails.

Replay one program with ``python3 tests/generator/run.py --kind KIND --seed 0 --start I --count 1 -v``.
"""

import importlib.util
import os
import sys

import pytest

GENERATOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "generator")
sys.path.insert(0, GENERATOR)
_spec = importlib.util.spec_from_file_location("generator_run", os.path.join(GENERATOR, "run.py"))
generator_run = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generator_run)

SEED = 0
COUNTS = {"scalar": 150, "array": 80}


@pytest.mark.parametrize("kind", sorted(COUNTS))
def test_generated_programs(kind):
    count = COUNTS[kind]
    results, ran = generator_run.run_batch(kind, SEED, range(count), jobs=min(2, os.cpu_count() or 1))
    assert ran == count
    known = {key[2] for key in generator_run.KNOWN_FAILURES if key[:2] == (kind, SEED) and key[2] < count}
    problems = ["%s %d %d: %s" % (kind, SEED, index, generator_run.describe(result))
                for index, result in sorted(results.items()) if index not in known]
    problems += ["%s %d %d: a known failure passes now: remove it from known_failures.py" % (kind, SEED, index)
                 for index in sorted(known - set(results))]
    assert not problems, "\n".join(problems)
