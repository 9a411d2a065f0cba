"""Progress on stderr for long runs: a bar when the total is known (mpUCCs' combinations), a status
line when it is not (Mondrian's levels), an elapsed-time line for commands of a few long statements
(kanon, CAVG, risk); nothing for runs shorter than a couple of seconds."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

# Seconds a run of kanon, CAVG or risk takes before its elapsed-time line appears.
ELAPSED_DELAY = 2.0

# The line redrawn in place on a terminal now (it ends without a newline), or None: other text on
# the same stream (--show-sql's statements, warnings) starts below it, never at its end.
_open_line: _StderrLine | None = None
_open_lock = threading.Lock()


def end_open_line(stream: Any = None) -> None:
    """End the progress line drawn on ``stream`` (stderr by default) with a newline, so that the text
    written next starts a line of its own; the progress line is drawn again below it. Nothing when
    no line is open there."""
    global _open_line
    with _open_lock:
        line = _open_line
        if line is None or line.stream is not (stream or sys.stderr):
            return
        _open_line = None
        line._wrote("\n")


class _StderrLine:
    """One line of progress on a stream: redrawn in place on a terminal or in a notebook (at most
    every 0.2 s), a new line every 10 s otherwise (a CI log); nothing before ``delay`` seconds
    have passed."""

    def __init__(self, label: str, delay: float, stream=None):
        self.label, self.delay = label, delay
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.last = 0.0
        self.drawn = False
        self.broken = False  # the stream refused a line: nothing more is drawn on it
        try:
            # Redrawn in place: on a terminal, and in a notebook, whose front ends show a carriage
            # return as a terminal does (its stderr, a kernel's stream, says it is no terminal).
            self.tty = self.stream.isatty() or _kernel_stream(self.stream)
        except (AttributeError, OSError, ValueError):  # no stderr (2>&-, pythonw: None), or closed
            self.tty = False

    def _due(self, now: float, *, force: bool = False) -> bool:
        return force or (now - self.start >= self.delay and now - self.last >= (0.2 if self.tty else 10.0))

    def _draw(self, now: float, text: str) -> None:
        global _open_line
        self.last = now
        with _open_lock:  # the elapsed line draws from a thread of its own
            if self._wrote(("\r" + text.ljust(60)) if self.tty else (text + "\n")):
                self.drawn = True
                if self.tty:
                    _open_line = self

    def close(self) -> None:
        global _open_line
        with _open_lock:
            if _open_line is self:
                _open_line = None
                self._wrote("\n")

    def _wrote(self, text: str) -> bool:
        """Write to the stream; a stream that refuses (full, closed, a pipe whose reader left:
        `2>/dev/full`, `2>&1 | head`) ends the drawing, never the run. A bar's OSError stopped a
        16,383-combination mpUCCs run at its first line."""
        if self.broken:
            return False
        try:
            self.stream.write(text)
            self.stream.flush()
        except (AttributeError, OSError, ValueError):
            self.broken = True
            return False
        return True


class ProgressBar(_StderrLine):
    """Callable ``(done, total)`` that draws ``[####    ] 45/129 combinations, ETA 3s`` on stderr."""

    def __init__(self, label: str = "combinations", delay: float = 2.0, stream=None, eager_total: int = 10_000):
        # Short runs draw nothing for ``delay`` seconds; a run of ``eager_total`` steps or more
        # shows its bar from the start (the 0 call), so a long run is never silent.
        super().__init__(label, delay, stream)
        self.eager_total = eager_total

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        starting = done == 0 and total >= self.eager_total and not self.drawn
        finished = done >= total and now - self.start >= self.delay  # the last step is always drawn
        if not self._due(now, force=starting or finished):
            return
        elapsed = now - self.start
        frac = done / total if total else 1.0
        eta = elapsed / frac - elapsed if frac > 0 else float("nan")
        bar = "#" * int(frac * 30)
        eta_text = f"ETA {eta:.0f}s" if eta == eta else "ETA unknown"  # NaN before the first step
        self._draw(now, f"[{bar:<30}] {done:,}/{total:,} {self.label}, {elapsed:.0f}s elapsed, {eta_text}")


class StatusLine(_StderrLine):
    """Callable ``(level, cuts)`` for work whose total is not known up front (Mondrian's levels):
    ``Mondrian: level 7, 1,234 cuts, 12s elapsed`` on stderr, once a run has taken ``delay``
    seconds."""

    def __init__(self, label: str = "Mondrian", delay: float = 2.0, stream=None):
        super().__init__(label, delay, stream)

    def __call__(self, level: int, cuts: int) -> None:
        now = time.monotonic()
        if self._due(now):
            self._draw(now, f"{self.label}: level {level}, {cuts:,} cuts, {now - self.start:.0f}s elapsed")


class ElapsedLine(_StderrLine):
    """``kanon: statement 3 running, 45% done, 14s elapsed`` on stderr while a command of a few long
    statements runs (a context manager), once it has taken ``delay`` seconds. A thread of its own
    draws it: the main thread waits inside the database driver, and no callback comes from there.
    ``statement()`` is the number of the statement running; ``percent()`` its progress, or None
    where the database does not say (DuckDB does, PostgreSQL, MariaDB, SQLite and Spark do not)."""

    def __init__(
        self,
        label: str,
        statement: Callable[[], int] | None = None,
        percent: Callable[[], float | None] | None = None,
        delay: float = 2.0,
        stream=None,
    ):
        super().__init__(label, delay, stream)
        self.statement, self.percent = statement, percent
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> ElapsedLine:
        self._thread = threading.Thread(target=self._tick, name="privrisk-sql-progress", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self.close()

    def _tick(self) -> None:
        wait = self.delay
        while not self._stop.wait(wait):
            now = time.monotonic()
            self._draw(now, self.text(now))
            wait = 0.2 if self.tty else 10.0

    def text(self, now: float) -> str:
        parts = [f"statement {_asked(self.statement)} running"] if self.statement is not None else ["running"]
        percent = _asked(self.percent) if self.percent is not None else None
        if percent is not None:
            parts.append(f"{percent:.0f}% done")
        parts.append(f"{now - self.start:.0f}s elapsed")
        return f"{self.label}: " + ", ".join(parts)


def _kernel_stream(stream: Any) -> bool:
    """Whether ``stream`` is a Jupyter kernel's output stream (ipykernel's OutStream)."""
    return type(stream).__module__.startswith("ipykernel.")


def _asked(get: Callable[[], Any]) -> Any:
    """A value asked from the drawing thread: None when asking fails (a progress line never stops a run)."""
    try:
        return get()
    except Exception:
        return None


@contextlib.contextmanager
def elapsed_line(progress: Any, label: str, source: Any) -> Iterator[None]:
    """The ``progress`` argument of kanon, CAVG and risk, for the run of ``source`` inside it:
    ``"auto"`` draws an :class:`ElapsedLine` when a person is watching, True always, False or None
    never. The database tracks how far its statement is (``Source.tracks_progress``) only then."""
    from .errors import InvalidInputError
    from .given import described

    drawn = _drawn(progress)
    if drawn is None:
        raise InvalidInputError(f"progress must be 'auto', True or False, got {described(progress)}")
    if not drawn:
        yield
        return
    source.tracks_progress = True
    try:
        with ElapsedLine(
            label, statement=lambda: source.statements, percent=source.query_progress, delay=ELAPSED_DELAY
        ):
            yield
    finally:
        source.tracks_progress = False


def _drawn(progress: Any) -> bool | None:
    """Whether a ``progress=`` switch draws: True (numpy's too: np.True_ was taken, and never
    drew) always, False or None never, ``"auto"`` when a person is watching; None for anything
    that is no switch (a callable, or a mistake)."""
    from .given import is_bool

    if is_bool(progress):
        return bool(progress)
    if progress is None:
        return False
    if isinstance(progress, str) and progress == "auto":  # a text first: == on an array compares cells
        return interactive()
    return None


def interactive() -> bool:
    """Whether a person is watching: stderr is a terminal, or the code runs in a notebook kernel
    (where stderr is not a terminal but is shown). Python calls show progress then by default."""
    if hasattr(sys.stderr, "isatty") and sys.stderr.isatty():
        return True
    shell = sys.modules.get("IPython")
    get = getattr(shell, "get_ipython", None) if shell is not None else None
    return get is not None and get() is not None and "IPKernelApp" in getattr(get(), "config", {})


def resolved(progress: Any, drawing: Callable[[], Callable[..., None]], arguments: str) -> Callable[..., None] | None:
    """A ``progress=`` argument as a callable, or None for none: ``"auto"`` draws (``drawing()``)
    when a person is watching, True always, False or None never; a callable is used as it is.
    ``arguments`` names what a callable receives, for the error."""
    from .errors import InvalidInputError
    from .given import described

    drawn = _drawn(progress)
    if drawn is not None:
        return drawing() if drawn else None
    if callable(progress):
        return progress
    raise InvalidInputError(
        f"progress must be 'auto', True, False or a callable {arguments}, got {described(progress)}"
    )
