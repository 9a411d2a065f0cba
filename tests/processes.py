"""Watching a command's process from a test: when it is waiting, read off the kernel."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

IN_SELECT = "poll_schedule_timeout"  # select() and poll(), waiting on a pipe
IN_SLEEP = "hrtimer_nanosleep"  # time.sleep(), between tries


def wait_until_it_waits(process: subprocess.Popen, channel: str, within: float = 60.0) -> None:
    """Return once ``process``'s main thread is asleep in the kernel wait ``channel``
    (/proc/PID/wchan) at three looks in a row, 0.1 s apart: the moment a test means by "now the
    command waits", on a machine of any speed. A fixed sleep before a signal assumed the command
    was loaded and waiting by then, which a slow machine need not give. Fails the test if the
    process ends first, or is not seen waiting within ``within`` seconds."""
    deadline = time.monotonic() + within
    in_a_row = 0
    while in_a_row < 3:
        if process.poll() is not None:
            pytest.fail(f"the command ended (exit {process.returncode}) before it waited in {channel}")
        if time.monotonic() > deadline:
            pytest.fail(f"the command was not seen waiting in {channel} within {within} s")
        try:
            now = Path(f"/proc/{process.pid}/wchan").read_text()
        except OSError:
            now = ""
        in_a_row = in_a_row + 1 if channel in now else 0
        time.sleep(0.1)
