"""RUMBA_TIMINGS=1 prints the time of every compilation step to stderr: parsing the file, then per
specialisation type inference, emission, each pass stage and LLVM code generation."""
import re
import subprocess
import sys
import textwrap

import rumba

PROGRAM = textwrap.dedent(
    """
    import numpy as np
    import rumba

    @rumba.njit
    def scaled(a, s):
        return a * s + 1.0

    print(scaled(np.ones(3), 2.0).sum())
    """
)


def run(directory, environment):
    program = directory / "program.py"
    program.write_text(PROGRAM)
    return subprocess.run([sys.executable, str(program)], capture_output=True, text=True, env=environment, check=True)


def test_every_step_is_timed(tmp_path):
    result = run(tmp_path, {"RUMBA_TIMINGS": "1", "PATH": "/usr/bin:/bin"})
    assert result.stdout.strip() == "9.0"
    steps = [match.group(1) for match in re.finditer(r"^rumba: (.+) [0-9]+\.[0-9]+ ms$", result.stderr, re.MULTILINE)]
    expected = ["type inference", "emission", "parse py IR"] + [stage for stage in rumba._rumba.stages() if stage not in ("py", "llvm", "asm")] + ["llvm codegen"]
    assert [step.split(": ", 1)[1] for step in steps if step.startswith("scaled: ")] == expected
    assert any(step.endswith(": parse") for step in steps)


def test_silent_without_the_variable(tmp_path):
    assert "rumba:" not in run(tmp_path, {"PATH": "/usr/bin:/bin"}).stderr
