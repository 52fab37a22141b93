"""Measures call overhead of rumba (this repository's .venv) and Numba (from PyPI, in bench/.venv-numba,
created on first use) in one run, and prints a table with the ratios rumba / Numba."""
import json
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).resolve().parent
root = here.parent
numba_env = here / ".venv-numba"
if not (numba_env / "bin" / "python").exists():
    subprocess.run([sys.executable, "-m", "venv", str(numba_env)], check=True)
    subprocess.run([str(numba_env / "bin" / "python"), "-m", "pip", "install", "-q", "numba"], check=True)


def measure(python, implementation):
    output = subprocess.run([str(python), str(here / "overhead.py"), implementation], check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


numba_version = subprocess.run([str(numba_env / "bin" / "python"), "-c", "import numba; print(numba.__version__)"], check=True, capture_output=True, text=True).stdout.strip()
rumba = measure(root / ".venv" / "bin" / "python", "rumba")
numba = measure(numba_env / "bin" / "python", "numba")
print("| call | Numba %s (ns) | rumba (ns) | rumba / Numba |" % numba_version)
print("|------|------------|-----------|---------------|")
for name in rumba:
    print("| %s | %.0f | %.0f | %.2f |" % (name, numba[name], rumba[name], rumba[name] / numba[name]))
