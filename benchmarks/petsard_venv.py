"""PETsARD 1.7.0's interpreter, in the venv benchmarks/setup_petsard.sh makes (or finds) for it:
PETsARD is never a dependency of privrisk_sql, and its pins (torch, sdv, pandas < 3) stay there."""

from __future__ import annotations

import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent


def petsard_python() -> str:
    """The path of the python that imports petsard (the venv is made on the first call)."""
    made = subprocess.run(["bash", str(HERE / "setup_petsard.sh")], check=True, capture_output=True, text=True)
    return made.stdout.strip().splitlines()[-1] + "/bin/python"
