"""What a run killed outright leaves, removed by a process that outlives it.

After ``kill -9`` (or the kernel's out-of-memory killer) nothing of the process runs. A run that
created its DuckDB or SQLite file left the file (holding no table but megabytes of the
uncommitted output); a run writing into PostgreSQL or MariaDB left its server session working (a
statement runs on until it ends) and its staging table, a copy of the release, in the user's
schema. A run that creates its database file, or writes into such a server, therefore starts this
small process, in a session of its own (a signal to the run's process group does not reach it).
It reads its standard input until the run's end closes it:

* the run said ``done`` (it ended, and kept its output or removed what it made itself): nothing
  to do;
* else the run was killed, and what it said decides:

  * a server (``{"target": URL, "session": ID, "prefix": ...}``, sent once connected): that
    session is ended (the server rolls back what it had not committed) and the tables whose names
    start with ``prefix``, the run's own, are dropped;
  * Spark Connect (``{"spark_session": ID, "target": URL, "prefix": ...}``): the server's session
    of the run is reached again by its id, its operations interrupted (the server ran the dead
    client's statement on) and the tables whose names start with ``prefix`` dropped;
  * Spark in the run's process (``{"folder": ..., "made": ..., "pid": ..., "prefix": ...}``): its
    own catalog died with it, the folders of its tables stay in the warehouse ``folder``. Once
    the process that wrote them (``pid``, the JVM) is gone, the folders whose names start with
    ``prefix`` are removed, and the warehouse itself if the run made it and it is empty;
  * DuckDB in memory or in a file the run did not create (``{"spill": FOLDER, "made": ...}``,
    sent by :class:`SpillWatch` once the run first spilled: most runs never do, and start no
    watch): the run's spill files in FOLDER are removed, and FOLDER if the run's DuckDB made it
    and it is empty;
  * a created file: a file now at the path was made after the run saw the path free. If the run
    said which (``{"dev": ..., "ino": ..., "prefix": ...}``, sent once its database is open), it
    must be that one, and may hold the run's own tables; if the run was killed before it could
    say, it must hold no table. Then the file and the files its engine keeps beside it (a
    write-ahead log, a journal) are removed. Whether or not it is, what the database spilled to
    disk for the run (DuckDB's files in its temp_directory, named after the run's pid) is.

This file is run by path (``python -I reaper.py PATH TARGET SYS_PATH``; PATH and TARGET empty for a
server, whose URL, which may hold a password, is told through the pipe), importing only the
standard library until the run ends (then the package, from where the run found it), so that
starting it costs a run little: 0.02 s of another process, against 0.16 s to import the package.
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
from typing import Any, cast

_STARTED: list[subprocess.Popen] = []  # kept until they end: a Popen dropped while running warns


def _wait_for_the_told() -> None:
    """At the interpreter's end: the watches told ``done`` (their pipe closed) leave within
    milliseconds; waited for here, not in the run, so that none is a child still running when
    the interpreter ends (a ResourceWarning on stderr under ``-W default``, as the CLI runs)."""
    for process in _STARTED:
        if process.stdin is not None and process.stdin.closed:
            try:
                process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                pass


atexit.register(_wait_for_the_told)


class Reaper:
    """The watch over one run: over the database file ``path`` it creates (from before it exists
    to the run's end; ``target`` opens it again), over its session on a server
    (:meth:`watching_server`), or over its Spark tables (:meth:`watching_spark`; for
    these two ``path`` and ``target`` are empty)."""

    def __init__(self, path: str = "", target: Any = "") -> None:
        _STARTED[:] = [p for p in _STARTED if p.poll() is None]
        self.path = path
        found = [p for p in sys.path if p and os.path.isabs(p)]  # where this run found the package and its engine
        self._process: subprocess.Popen | None = None
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-I", os.path.abspath(__file__), path, os.fspath(target), json.dumps(found)],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except (OSError, ValueError):  # no interpreter to start (an embedded Python): the run goes on unwatched
            return
        _STARTED.append(self._process)

    def created(self, prefix: str) -> None:
        """Tell the watch which file the run made (its device and inode: a file made later at the
        same path by someone else is not this one) and the names of the run's own tables."""
        try:
            st = os.stat(self.path)
        except OSError:
            return  # nothing made yet (SQLite makes its file at the first write)
        self._say(json.dumps({"dev": st.st_dev, "ino": st.st_ino, "prefix": prefix}) + "\n")

    def watching_server(self, target: str, session: int, prefix: str) -> None:
        """Tell the watch the server (its URL, through the pipe), this run's session on it and
        the names of the run's own tables."""
        self._say(json.dumps({"target": target, "session": int(session), "prefix": prefix}) + "\n")

    def watching_spark(self, left: dict, prefix: str, target: str) -> None:
        """Tell the watch what a Spark run leaves (Engine.left_after_a_kill), the names of the
        run's own tables and, for Spark Connect, the server's URL (through the pipe)."""
        self._say(json.dumps({**left, "prefix": prefix, "target": target}) + "\n")

    def watching_spill(self, left: dict) -> None:
        """Tell the watch where the run's DuckDB spills (Engine.left_after_a_kill)."""
        self._say(json.dumps(left) + "\n")

    def done(self) -> None:
        """The run ended and dealt with its file itself: the watch leaves."""
        self._say("done\n")
        stdin = self._process.stdin if self._process is not None else None
        if stdin is not None:
            try:
                stdin.close()
            except OSError:
                pass

    def _say(self, line: str) -> None:
        stdin = self._process.stdin if self._process is not None else None
        try:
            if stdin is not None and not stdin.closed:
                stdin.write(line.encode())
                stdin.flush()
        except OSError:  # the watch is gone (killed with the run's group): nothing to tell
            pass


class SpillWatch:
    """The watch over a DuckDB's spill files, started the first time :meth:`tick`
    finds one of this process's in ``left["spill"]`` (Engine.left_after_a_kill). A watch from
    the start would cost every run a process (0.02 s) for what few runs do: spill more than
    DuckDB's memory_limit, the out-of-memory killer's moment. ``tick`` is called from the run's
    guard thread (engines/cancel.py), so it only lists a folder, never asks the connection."""

    _EVERY = 0.5  # seconds between two looks at the folder

    def __init__(self, left: dict) -> None:
        self.left = left
        self.watch: Reaper | None = None
        self._next = 0.0

    def tick(self) -> None:
        import time

        from ..engines.duckdb_engine import spill_files

        if self.watch is not None or time.monotonic() < self._next:
            return
        self._next = time.monotonic() + self._EVERY
        if spill_files(self.left["spill"], lambda owner: owner == os.getpid()):
            self.watch = Reaper()
            self.watch.watching_spill(self.left)

    def done(self) -> None:
        """The run ended and DuckDB cleared its files at close: the watch, if any, leaves."""
        if self.watch is not None:
            self.watch.done()
            self.watch = None


def _remove_run_spill(said: dict, run_pid: int) -> None:
    from privrisk_sql.engines.common import remove_spill  # the package by its name, as connect
    from privrisk_sql.engines.duckdb_engine import spill_files

    folder = said["spill"]
    remove_spill(spill_files(folder, lambda owner: owner == run_pid), folder if said.get("made") else None)


def _end_server_run(said: dict) -> None:
    import contextlib

    from privrisk_sql.source import connect  # this process was started by path: the package by its name

    with connect(said["target"]) as source:
        with contextlib.suppress(Exception):  # ended already
            source.execute((source.dialect.end_session or "").format(session_id=int(said["session"])))
        _drop_run_tables(source, said["prefix"], (0.2, 1.0, 2.0))  # a commit it was making may land meanwhile


def _end_spark_connect_run(said: dict) -> None:
    import contextlib

    from privrisk_sql.source import connect  # this process was started by path: the package by its name

    # The same server session, reached again by its id (Spark Connect's `session_id` parameter).
    url = said["target"]
    url += (";" if "/;" in url else ("" if url.endswith("/") else "/") + ";") + f"session_id={said['spark_session']}"
    with connect(url) as source:
        with contextlib.suppress(Exception):  # nothing running
            cast(Any, source.engine).session.interruptAll()  # the session was the run's alone (opened from its URL)
        _drop_run_tables(source, said["prefix"], (0.5, 2.0, 5.0))  # a statement it was ending may yet make one


def _drop_run_tables(source: Any, prefix: str, waits: tuple[float, ...]) -> None:
    """The dead run's tables (names starting with ``prefix``) dropped after each wait: a
    statement of the run the server was still ending may yet create or commit one."""
    import contextlib
    import time

    for wait in waits:
        time.sleep(wait)
        for container, name, _ in source.staging_tables():
            if name.startswith(prefix):
                with contextlib.suppress(Exception):
                    source.drop_staging(container, name)


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, dead but not yet waited for, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        if os.path.isdir("/proc"):
            return False
    try:  # no /proc (macOS)
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _remove_run_folders(said: dict) -> None:
    import shutil
    import time

    deadline = time.monotonic() + 60
    while said.get("pid") and _running(int(said["pid"])) and time.monotonic() < deadline:
        time.sleep(0.1)  # the JVM ends once its pipe from the dead run closes; a write of it may be under way
    folder, prefix = said["folder"], said["prefix"].lower()  # Spark names a table's folder in lower case
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.startswith(prefix):  # the run's own tables only; a link is not followed (rmtree refuses it)
            shutil.rmtree(os.path.join(folder, name), ignore_errors=True)
    if said.get("made"):
        try:
            os.rmdir(folder)  # only if empty: an output or anyone else's table keeps it
        except OSError:
            pass


def _reap(path: str, target: str, said: dict, run_pid: int) -> None:
    if "session" in said:
        _end_server_run(said)
        return
    if "folder" in said:
        _remove_run_folders(said)
        return
    if "spark_session" in said:
        _end_spark_connect_run(said)
        return
    if "spill" in said:
        _remove_run_spill(said, run_pid)
        return
    try:
        st = os.stat(path)
    except OSError:
        return
    if said and (st.st_dev, st.st_ino) != (said["dev"], said["ino"]):
        return  # another file now: not the run's
    import time

    from privrisk_sql.engines.common import remove_spill  # the package by its name, as connect
    from privrisk_sql.source import connect  # this process was started by path: the package by its name

    for attempt in range(50):  # the dead run's lock on the file goes with its last file descriptor
        try:
            with connect(target) as source:
                names = source.engine.table_names()
                companions = source.dialect.database_companions
                if spilled := source.engine.spilled_by(run_pid):
                    remove_spill(spilled, os.path.dirname(spilled[0]))
            break
        except Exception:
            if attempt == 49:
                return  # cannot tell what it holds: kept
            time.sleep(0.1)
    prefix = said.get("prefix")
    if any(not (prefix and name.startswith(prefix)) for name in names):
        return  # the output (or anything else) is there: kept
    for leftover in [path, *(path + suffix for suffix in companions)]:
        try:
            os.remove(leftover)
        except OSError:
            pass


def main(argv: list[str]) -> None:
    run_pid = os.getppid()  # the run that started this watch (read before it dies: then it is init)
    lines = sys.stdin.buffer.read().decode(errors="replace").splitlines()  # until the run ends
    if "done" in lines:
        return
    path, target, found = argv[1], argv[2], json.loads(argv[3])
    sys.path[:0] = [p for p in found if p not in sys.path]
    _reap(path, target, json.loads(lines[0]) if lines else {}, run_pid)


if __name__ == "__main__":
    main(sys.argv)
