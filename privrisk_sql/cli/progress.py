"""A quiet progress bar on stderr: nothing for runs shorter than a couple of seconds."""

from __future__ import annotations

import sys
import time


class ProgressBar:
    """Callable ``(done, total)`` that draws ``[####    ] 45/129 combinations, ETA 3s`` on stderr."""

    def __init__(self, label: str = "combinations", delay: float = 2.0, stream=None, eager_total: int = 10_000):
        # Short runs draw nothing for ``delay`` seconds; a run of ``eager_total`` steps or more
        # shows its bar from the start (the 0 call), so a long run is never silent.
        self.label, self.delay, self.eager_total = label, delay, eager_total
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.last = 0.0
        self.drawn = False
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        elapsed = now - self.start
        starting = done == 0 and total >= self.eager_total and not self.drawn
        if not starting and (elapsed < self.delay or (now - self.last < (0.2 if self.tty else 10.0) and done < total)):
            return
        self.last = now
        frac = done / total if total else 1.0
        eta = elapsed / frac - elapsed if frac > 0 else float("nan")
        bar = "#" * int(frac * 30)
        eta_text = f"ETA {eta:.0f}s" if eta == eta else "ETA unknown"  # NaN before the first step
        text = f"[{bar:<30}] {done:,}/{total:,} {self.label}, {elapsed:.0f}s elapsed, {eta_text}"
        self.stream.write(("\r" + text) if self.tty else (text + "\n"))
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn and self.tty:
            self.stream.write("\n")
            self.stream.flush()
