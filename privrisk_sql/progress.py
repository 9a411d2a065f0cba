"""A quiet progress bar on stderr: nothing for runs shorter than a couple of seconds."""

from __future__ import annotations

import sys
import time


class ProgressBar:
    """Callable ``(done, total)`` that draws ``[####    ] 45/129 combinations, ETA 3s`` on stderr."""

    def __init__(self, label: str = "combinations", delay: float = 2.0, stream=None):
        self.label, self.delay = label, delay
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.last = 0.0
        self.drawn = False
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        elapsed = now - self.start
        if elapsed < self.delay or (now - self.last < (0.2 if self.tty else 10.0) and done < total):
            return
        self.last = now
        frac = done / total if total else 1.0
        eta = elapsed / frac - elapsed if frac > 0 else float("nan")
        bar = "#" * int(frac * 30)
        text = f"[{bar:<30}] {done}/{total} {self.label}, {elapsed:.0f}s elapsed, ETA {eta:.0f}s"
        self.stream.write(("\r" + text) if self.tty else (text + "\n"))
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn and self.tty:
            self.stream.write("\n")
            self.stream.flush()
