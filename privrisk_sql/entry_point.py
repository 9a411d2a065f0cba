"""The ``privrisk-sql`` command's entry point (``[project.scripts]``): a Ctrl-C while Python loads
the command's modules (its first ~30 ms) ends in the one line a Ctrl-C gets later, not in a
traceback through the imports; and one that Python swallows is sent again. Only this package's
``__init__`` (the errors and the registry, no SQL layer) loads before this module can act."""

from __future__ import annotations

import _thread
import os
import signal
import sys
import time
from typing import Any, NoReturn

from .errors import TerminatedError

BEFORE_WORK = "privrisk-sql: interrupted (Ctrl-C) before any work: nothing was read or written"
# cli.EXIT_DATABASE, the status of a Ctrl-C later too: the CLI is what could not be loaded
EXIT_INTERRUPTED = 3
# Long enough for Python's import machinery, where a stop is swallowed, to have moved on.
RESEND_AFTER = 0.01


def run() -> NoReturn:
    """The ``privrisk-sql`` command: :func:`privrisk_sql.cli.run`, once loaded."""
    sys.unraisablehook = _stops_sent_again(sys.unraisablehook)
    try:
        from .cli import InterruptedBeforeWork
        from .cli import run as run_command
    except KeyboardInterrupt:
        _interrupted_before_work()
    try:
        run_command()
    except InterruptedBeforeWork:  # while it built its parser or parsed the arguments
        _interrupted_before_work()


def _interrupted_before_work() -> NoReturn:
    try:
        sys.stderr.write(BEFORE_WORK + "\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # no stderr, or one that refuses the line
        pass
    os._exit(EXIT_INTERRUPTED)


def _stops_sent_again(previous: Any) -> Any:
    """An unraisable-exception hook under which a stop Python swallowed is sent again. A
    KeyboardInterrupt raised in a weakref callback of Python's import machinery ("Exception ignored
    in ... _get_module_lock") was printed as a traceback and the command went on, as if no Ctrl-C
    had come (and kept the import lock: docs/guides/security.md)."""

    def hook(unraisable: Any) -> None:
        stop = unraisable.exc_value
        if not isinstance(stop, KeyboardInterrupt):
            previous(unraisable)
            return
        signum: int = signal.SIGINT
        if isinstance(stop, TerminatedError):  # SIGTERM or SIGHUP, as it came
            signum = stop.signum or signal.SIGTERM
        # From a thread, a moment later: sent now, it could land in the same machinery again.
        _thread.start_new_thread(_send_later, (signum,))

    return hook


def _send_later(signum: int) -> None:
    time.sleep(RESEND_AFTER)
    os.kill(os.getpid(), signum)
