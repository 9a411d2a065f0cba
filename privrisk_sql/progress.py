"""Progress on stderr for long runs: a bar when the total is known (mpUCCs' combinations), a status
line when it is not (Mondrian's levels); nothing for runs shorter than a couple of seconds."""

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


class StatusLine:
    """Callable ``(level, cuts)`` for work whose total is not known up front (Mondrian's levels):
    ``Mondrian: level 7, 1,234 cuts, 12s elapsed`` on stderr, once a run has taken ``delay``
    seconds; redrawn in place on a terminal, a line every 10 s otherwise."""

    def __init__(self, label: str = "Mondrian", delay: float = 2.0, stream=None):
        self.label, self.delay = label, delay
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.last = 0.0
        self.drawn = False
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()

    def __call__(self, level: int, cuts: int) -> None:
        now = time.monotonic()
        elapsed = now - self.start
        if elapsed < self.delay or now - self.last < (0.2 if self.tty else 10.0):
            return
        self.last = now
        text = f"{self.label}: level {level}, {cuts:,} cuts, {elapsed:.0f}s elapsed"
        self.stream.write(("\r" + text.ljust(60)) if self.tty else (text + "\n"))
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn and self.tty:
            self.stream.write("\n")
            self.stream.flush()


def interactive() -> bool:
    """Whether a person is watching: stderr is a terminal, or the code runs in a notebook kernel
    (where stderr is not a terminal but is shown). Python calls show progress then by default."""
    if hasattr(sys.stderr, "isatty") and sys.stderr.isatty():
        return True
    shell = sys.modules.get("IPython")
    get = getattr(shell, "get_ipython", None) if shell is not None else None
    return get is not None and get() is not None and "IPKernelApp" in getattr(get(), "config", {})
