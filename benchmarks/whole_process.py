"""Timing a whole child process, as the floor and peer benchmarks compare them: CPU seconds (user
+ sys of the process and its threads, the kernel's own accounting) and wall seconds, and the
min / median / max line they print."""

from __future__ import annotations

import resource
import statistics
import subprocess
import time


def timed(cmd: list[str]) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, standard output) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall, done.stdout


def spread(values: list[float]) -> str:
    """``min / median / max``, two decimals."""
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"
