"""The database files this process's writing runs have open, so that one run's failure never
removes a file another run of the process still works in.

A run that finds its DuckDB or SQLite file missing creates it, and removes it again when it fails
before its output exists (:func:`~privrisk_sql.source.creating`). Two runs of one process (a
notebook's threads) share such a file: DuckDB opens a file once per process and refuses it to
another process while one has it open. When the run that created the file failed while another
still wrote there, it removed the file, and the other run returned as done with its output in a
file that no longer was. The file now goes with the last run of the process to use it, when one
of them created it and none of their outputs is in it."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

_lock = threading.Lock()
_in_use: dict[str, _Users] = {}  # by the file's real path


@dataclass
class _Users:
    runs: int = 0
    created: bool = False  # by one of the runs: the file was not there before them
    outputs: set[str] = field(default_factory=set)


class FileClaim:
    """One writing run's use of the database file ``path``, from before it is opened to the run's
    end (:meth:`release`). ``created``: the file was missing when this run looked."""

    def __init__(self, path: str, outputs: Sequence[str]):
        self.path = path
        try:
            self._key = os.path.realpath(path)
        except (OSError, ValueError):  # a NUL in it: the Source that opens it names that
            self._key = path
        with _lock:
            self.created = not os.path.exists(path)
            users = _in_use.setdefault(self._key, _Users())
            users.runs += 1
            users.created |= self.created
            users.outputs.update(outputs)

    def remove_if_unwritten(self, remove: Callable[[str, Sequence[str]], None]) -> None:
        """``remove(path, outputs)`` when this run is the last of the process to use the file,
        one of its runs created it, and ``outputs`` are all the outputs they write there."""
        with _lock:  # no run of the process opens the file while it goes
            users = _in_use[self._key]
            if users.runs == 1 and users.created:
                remove(self.path, sorted(users.outputs))

    def release(self) -> None:
        """The run is over: the file is no longer its to keep or remove."""
        with _lock:
            users = _in_use[self._key]
            users.runs -= 1
            if not users.runs:
                del _in_use[self._key]
