"""Random programs that give array variables new arrays in `for` and `while` loops and branches,
write through aliases, break out of loops, raise (adding arrays of other lengths) and return from
inside loops: each is run by CPython and by rumba on copies of the same
inputs, and must give the same result (equal arrays, or the same exception type). The programs come
from a fixed seed, so a failure names a program that can be read in the generated module. Running
them all many times must not grow the resident set: every array a program replaces is freed.
"""

import importlib.util
import os
import random

import numpy as np
import pytest

import rumba

PROGRAMS = 60
VARIABLES = ("a", "b", "c")
SHAPE_PRESERVING = (
    "{x} * 2.0",
    "{x} + {y}",
    "{x}.copy()",
    "{y}",
    "{x}[::-1]",
    "np.sqrt(np.abs({x}))",
    "np.ones(a.shape[0])",
    "{x} - {y} * 0.5",
)
# Views of other lengths: adding them to the others raises ValueError (broadcasting), in CPython
# and in rumba alike, while arrays are alive.
RESHAPING = ("{x}[1:]", "{x}[:-1] * 2.0")


class Generator:
    """One program's text: statements over the variables a (the argument), b and c."""

    def __init__(self, rng):
        self.rng = rng
        self.lines = []

    def expression(self):
        template = self.rng.choice(RESHAPING if self.rng.random() < 0.05 else SHAPE_PRESERVING)
        return template.format(x=self.rng.choice(VARIABLES), y=self.rng.choice(VARIABLES))

    def block(self, indent, depth, loop_variable):
        written = len(self.lines)
        for _ in range(self.rng.randint(1, 3)):
            self.statement(indent, depth, loop_variable)
        if len(self.lines) == written:
            self.lines.append("    " * indent + "pass")

    def statement(self, indent, depth, loop_variable):
        pad = "    " * indent
        kind = self.rng.choice(["assign", "assign", "write", "if", "for", "while", "return"] if depth < 3 else ["assign", "write"])
        if kind == "assign":
            self.lines.append(f"{pad}{self.rng.choice(VARIABLES)} = {self.expression()}")
        elif kind == "write":
            # Guarded: compiled code checks no bounds (as Numba's default), and views may be short.
            value = loop_variable if loop_variable else str(self.rng.randint(1, 9))
            variable, index = self.rng.choice(VARIABLES), self.rng.randint(0, 3)
            self.lines.append(f"{pad}if {variable}.shape[0] > {index}:")
            self.lines.append(f"{pad}    {variable}[{index}] = {value} * 1.5")
        elif kind == "if":
            test = f"{loop_variable} % 2 == 0" if loop_variable and self.rng.random() < 0.5 else f"n > {self.rng.randint(0, 4)}"
            self.lines.append(f"{pad}if {test}:")
            self.block(indent + 1, depth + 1, loop_variable)
            if self.rng.random() < 0.6:
                self.lines.append(f"{pad}else:")
                self.block(indent + 1, depth + 1, loop_variable)
        elif kind == "for":
            variable = "ijk"[depth]
            self.lines.append(f"{pad}for {variable} in range({self.rng.randint(0, 3)}):")
            self.block(indent + 1, depth + 1, variable)
            if self.rng.random() < 0.3:
                self.lines.append(f"{pad}    if {variable} == n:")
                self.lines.append(f"{pad}        break")
        elif kind == "while":
            variable = "ijk"[depth]
            self.lines.append(f"{pad}{variable} = 0")
            self.lines.append(f"{pad}while {variable} < {self.rng.randint(0, 3)}:")
            self.lines.append(f"{pad}    {variable} += 1")
            self.block(indent + 1, depth + 1, variable)
        elif self.rng.random() < 0.5:
            self.lines.append(f"{pad}if n == {self.rng.randint(0, 4)}:")
            self.lines.append(f"{pad}    return {self.rng.choice(VARIABLES)}")

    def program(self, name):
        self.lines = [f"def {name}(a, n):", "    b = a * 1.5", "    c = a + 1.0"]
        self.block(1, 0, None)
        self.lines.append("    return a + b * 2.0 + c * 3.0")
        return "\n".join(self.lines) + "\n"


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    rng = random.Random(2026)
    source = "import numpy as np\n\n\n" + "\n\n".join(Generator(rng).program(f"program_{index}") for index in range(PROGRAMS))
    path = tmp_path_factory.mktemp("random_programs") / "random_programs.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("random_programs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [(getattr(module, f"program_{index}"), rumba.njit(getattr(module, f"program_{index}"))) for index in range(PROGRAMS)]


def outcome(function, a, n):
    try:
        return "ok", function(a.copy(), n)
    except Exception as error:  # noqa: BLE001 - any exception is an outcome to compare
        return "raised", error


@pytest.mark.parametrize("n", [0, 1, 3])
def test_random_programs_match_cpython(programs, n):
    a = np.arange(8.0) - 2.5
    for plain, compiled in programs:
        expected_kind, expected = outcome(plain, a, n)
        got_kind, got = outcome(compiled, a, n)
        where = "%s(n=%d)" % (plain.__name__, n)
        assert got_kind == expected_kind, "%s: CPython %r, rumba %r" % (where, expected, got)
        if expected_kind == "raised":
            assert type(got) is type(expected), "%s: CPython %r, rumba %r" % (where, expected, got)
        else:
            np.testing.assert_array_equal(got, expected, err_msg=where)


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc/self/statm")
def test_random_programs_free_what_they_replace(programs):
    def run_all(times):
        for _, compiled in programs:
            for n in (0, 1, 3):
                for _ in range(times):
                    try:
                        compiled(np.arange(64.0), n)
                    except ValueError:
                        pass

    def rss_bytes():
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    run_all(20)
    before = rss_bytes()
    run_all(300)
    # 54,000 calls; a leak of one 512-byte array a call would add 27 MB.
    assert rss_bytes() - before < 4 * 1024 * 1024, "RSS grew from %d to %d bytes" % (before, rss_bytes())
