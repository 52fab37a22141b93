"""Runs every seed example in this folder, one process each, and says which ran."""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).parent
failed = []
for script in sorted(here.glob("seed_*.py")):
    print("=" * 8, script.name, flush=True)
    if subprocess.run([sys.executable, str(script)], cwd=here).returncode != 0:
        failed.append(script.name)
print("=" * 8, "seed examples: %d ran, %d failed %s" % (len(list(here.glob("seed_*.py"))) - len(failed), len(failed), failed or ""))
sys.exit(1 if failed else 0)
