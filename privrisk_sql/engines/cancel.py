"""Timeouts and Ctrl-C for one run: the running statement is cancelled *on the database*.

A Python signal handler cannot run while the main thread waits inside a database driver (DuckDB,
psycopg and sqlite3 all block in C), so a watcher thread does the waiting instead: it learns of a
Ctrl-C through ``signal.set_wakeup_fd`` (written by the C-level handler even while the main thread
is blocked) and of the deadline from the clock, records why the run must stop, and asks the backend
to stop the statement it is running. The main thread then raises at a point where its cleanup
(dropping TEMP tables, the Mondrian staging table) can still run.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

TIMEOUT, INTERRUPT, TERMINATE, HANGUP = "timeout", "interrupt", "terminate", "hangup"
# Handled alike: stop, clean up, exit 3. SIGHUP (the terminal closed, an ssh session dropped)
# killed the run where it stood, as kill -9 does, with no word; one ignored (nohup) stays so.
_SIGNALS = {signal.SIGINT: INTERRUPT, signal.SIGTERM: TERMINATE}
if hasattr(signal, "SIGHUP"):  # not on Windows
    _SIGNALS[signal.SIGHUP] = HANGUP
# A stop as its messages name it.
STOP_NAMES = {INTERRUPT: "Ctrl-C", TERMINATE: "SIGTERM", HANGUP: "SIGHUP"}


def watched_signals() -> list[int]:
    """The stop signals a run handles: Ctrl-C, SIGTERM and SIGHUP, less any this process ignores
    (``nohup`` ignores SIGHUP so that the run outlives its terminal: it must)."""
    return [s for s in _SIGNALS if s == signal.SIGINT or signal.getsignal(s) is not signal.SIG_IGN]


def stop_reason(signum: int) -> str:
    """The stop a signal of :func:`watched_signals` asks for."""
    return _SIGNALS[signal.Signals(signum)]


def stop_signal(reason: str) -> int:
    """The signal that asks for a stop (:func:`stop_reason` backwards)."""
    return next(s for s, r in _SIGNALS.items() if r == reason)


@contextlib.contextmanager
def stops_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP held while the block runs, then delivered to the handlers it
    found. For loading a database driver: a KeyboardInterrupt raised while DuckDB's C module set
    itself up ("Critical nanobind error") aborted the process (SIGABRT, a core dump where allowed)
    instead of stopping it. Held in the main thread only, where Python runs its signal handlers."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    # A handler not set from Python (None) cannot be put back: such a signal is left alone.
    found = {s: h for s in watched_signals() if (h := signal.getsignal(s)) is not None}
    for signum in found:
        signal.signal(signum, lambda signum, frame: held.append(signum))
    try:
        yield
    finally:
        for signum, handler in found.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(held):  # each once, in the order they came
            signal.raise_signal(signum)


_WAKE = b"\0"  # written to the wake-up pipe by stop_watching; no signal has number 0
_POLL = 0.1  # seconds between two cancel requests while the main thread has not stopped yet
# A server that takes the cancel request but does not act on it (its backend SIGSTOPped, a
# network that went silent) would hold the run forever: this long after the stop, the client
# gives up on its own (Engine.abandon: the connection's socket is shut, the driver returns).
ABANDON_AFTER = 3.0


def longest_wait(timeout: float) -> float:
    """``timeout`` as a thread may wait it (a lock's, a join's): at most Python's own longest
    wait, 292 years; --timeout 1e308 was an OverflowError traceback before any work."""
    return min(timeout, threading.TIMEOUT_MAX)


class RunGuard:
    """Watches one run for its deadline and for Ctrl-C; see the module docstring.

    ``cancel_backend`` is called (from the watcher thread, repeatedly, until the main thread
    :meth:`acknowledge`\\ s) to stop the statement that is running.
    """

    def __init__(
        self,
        timeout: float | None,
        cancel_backend: Callable[[], None],
        abandon_backend: Callable[[], None] | None = None,
        on_tick: Callable[[], None] | None = None,
    ):
        self.timeout = timeout
        self._on_tick = on_tick  # called from the watcher thread at every poll (source/reaper.SpillWatch)
        self._abandon_backend = abandon_backend
        self._abandon_timer: threading.Timer | None = None
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.reason: str | None = None
        self.acknowledged = False
        # The output's publication is the run's point of no return: from its first statement a
        # stop is recorded but no longer acted on (no cancel, no raise), so the exit status can
        # say what happened (published, exit 0) rather than the opposite (docs/guides/security.md).
        self.publishing = False
        self.published = False
        self._cancel_backend = cancel_backend
        self._lock = threading.Lock()  # no cancel request is in flight once acknowledged
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._pipe: tuple[int, int] | None = None
        self._old_wakeup_fd = -1
        self._old_handlers: dict[int, Any] = {}

    # -- main thread ---------------------------------------------------------------------------
    def start(self) -> None:
        if threading.current_thread() is threading.main_thread():
            self._watch_signals()
        if self._pipe is not None or self.deadline is not None or self._on_tick is not None:
            self._thread = threading.Thread(target=self._watch, name="privrisk-sql-cancel", daemon=True)
            self._thread.start()

    def pending(self) -> str | None:
        """Why the run must stop now (``"timeout"``/``"interrupt"``/``"terminate"``), or None; checked
        before each statement."""
        if self.reason is None and self.deadline is not None and time.monotonic() >= self.deadline:
            self.trip(TIMEOUT)
        return None if self.acknowledged or self.publishing or self.published else self.reason

    def acknowledge(self) -> None:
        """The main thread has stopped the run: no further cancel requests (cleanup statements may run)."""
        with self._lock:
            self.acknowledged = True

    def stop_watching(self) -> None:
        """End the watcher thread (before cleanup, so no late cancel request can hit a DROP)."""
        self._stop.set()
        if self._abandon_timer is not None:
            self._abandon_timer.cancel()
        if self._thread is not None:
            if self._pipe is not None:
                # Wake the watcher out of select() now rather than at its next poll (up to _POLL
                # later, paid at the end of every run). Byte 0 is no signal number.
                with contextlib.suppress(OSError):
                    os.write(self._pipe[1], _WAKE)
            self._thread.join()
            self._thread = None

    def restore(self) -> None:
        """Give Ctrl-C, SIGTERM and SIGHUP back to whoever had them before the run."""
        if self._pipe is None:
            return
        signal.set_wakeup_fd(self._old_wakeup_fd)
        for signum, handler in self._old_handlers.items():
            signal.signal(signum, handler)
        self._old_handlers = {}
        for fd in self._pipe:
            os.close(fd)
        self._pipe = None

    def trip(self, reason: str) -> None:
        if self.reason is None:
            self.reason = reason

    def _on_signal(self, signum: int, frame: object) -> None:
        self.trip(stop_reason(signum))

    def _watch_signals(self) -> None:
        read_fd, write_fd = os.pipe()
        os.set_blocking(read_fd, False)
        os.set_blocking(write_fd, False)
        try:
            self._old_wakeup_fd = signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
        except ValueError:  # pragma: no cover - not the main interpreter
            os.close(read_fd)
            os.close(write_fd)
            return
        # Ctrl-C only records the request; the main thread raises KeyboardInterrupt itself, at a
        # point where cleanup still runs (not in the middle of dropping a TEMP table).
        # SIGTERM (a CI cancel, timeout(1), docker stop) the same way: the database stops the
        # statement and the work tables go, instead of the process dying with them left behind.
        for signum in watched_signals():
            self._old_handlers[signum] = signal.signal(signum, self._on_signal)
        self._pipe = (read_fd, write_fd)

    # -- watcher thread --------------------------------------------------------------------------
    def _watch(self) -> None:
        while not self._stop.is_set():
            wait = _POLL
            if self.reason is None and self.deadline is not None:
                wait = max(0.0, min(wait, self.deadline - time.monotonic()))
            if self._pipe is not None:
                ready, _, _ = select.select([self._pipe[0]], [], [], wait)
                if ready:
                    self._read_signals()
            else:
                self._stop.wait(wait)
            if self.reason is None and self.deadline is not None and time.monotonic() >= self.deadline:
                self.trip(TIMEOUT)
            if self._on_tick is not None:
                try:
                    self._on_tick()
                except Exception:  # pragma: no cover - a look at a folder; the run goes on unwatched
                    pass
            if self.reason is not None:
                self._arm_abandon()
                with self._lock:
                    if not (self.acknowledged or self.publishing or self.published or self._stop.is_set()):
                        try:
                            self._cancel_backend()
                        except Exception:  # pragma: no cover - the connection may be mid-teardown
                            pass

    def _arm_abandon(self) -> None:
        """Once per stop: a timer (its own thread: a cancel request may itself hang on a server
        that does not answer) that gives the connection up if the main thread has not stopped."""
        if self._abandon_timer is not None or self._abandon_backend is None:
            return
        self._abandon_timer = threading.Timer(ABANDON_AFTER, self._abandon)
        self._abandon_timer.daemon = True
        self._abandon_timer.start()

    def _abandon(self) -> None:
        if self.acknowledged or self.publishing or self.published or self._abandon_backend is None:
            return
        try:
            self._abandon_backend()
        except Exception:  # pragma: no cover - the connection may be gone already
            pass

    def _read_signals(self) -> None:
        assert self._pipe is not None
        try:
            data = os.read(self._pipe[0], 512)
        except (BlockingIOError, OSError):
            return
        data = data.replace(_WAKE, b"")
        for signum, reason in _SIGNALS.items():
            if signum in data:
                self.trip(reason)
        if data and self._old_wakeup_fd >= 0:  # e.g. an asyncio loop: it still hears its signals
            try:
                os.write(self._old_wakeup_fd, data)
            except OSError:
                pass
