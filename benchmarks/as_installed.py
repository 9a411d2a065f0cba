"""Each tool timed as installed: with its bytecode compiled.

pip compiles a package's bytecode when it installs it, and any first import writes it, but this
machine runs Python with PYTHONDONTWRITEBYTECODE=1: an editable install here never has it, so
every timed run of ours compiled its own modules first (about 25 ms of a 0.7 s mpUCCs run,
measured A/B on 2026-11-25). The whole-process benchmarks compile each tool's code once before
timing, into its own __pycache__ (git ignores it).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def compile_bytecode(python: str, *, package: str | None = None, folder: Path | None = None) -> None:
    """Compile ``package`` (as ``python`` imports it) or every module under ``folder``."""
    if package is not None:
        where = f"importlib.util.find_spec({package!r}).submodule_search_locations[0]"
    else:
        where = repr(str(folder))
    code = f"import compileall, importlib.util; compileall.compile_dir({where}, quiet=1)"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([python, "-c", code], check=True, env=env)
