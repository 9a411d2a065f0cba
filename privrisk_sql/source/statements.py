"""Running statements for a :class:`~privrisk_sql.source.Source`: one at a time, under the run's
guard (timeout, Ctrl-C, SIGTERM), the read-only check and the session settings a run needs."""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..engines import Engine
from ..engines.cancel import HANGUP, INTERRUPT, STOP_NAMES, TERMINATE, RunGuard, longest_wait, stop_signal
from ..engines.common import first_line, parquet_dataset_files
from ..errors import InputChangedError, InvalidInputError, QueryError, QueryTimeoutError, TerminatedError
from ..progress import end_open_line
from ..sql.dialects import Dialect
from ..sql.render import quote_identifier, sql_literal
from .read_only import check_statement
from .reaper import SpillWatch

log = logging.getLogger("privrisk_sql")

CLOSED_SOURCE = "this Source is closed: open another with privrisk_sql.connect(...)"
# what a user told a session takes no writes does about it (the up-front check says it too)
WRITE_ELSEWHERE = "connect where this user may write, not to a read-only server or replica"


class Statements:
    """The part of a Source that runs statements (its state is set by ``Source.__init__``)."""

    engine: Engine
    dialect: Dialect
    read_only: bool
    timeout: float | None
    echo: Callable[[str], None] | None
    on_timing: Callable[[str, float], None] | None
    statements: int
    closed: bool
    _run_id: str
    _guard: RunGuard | None
    _files_read: dict[str, tuple | None]  # the files its relations read, each as first read (_note_file_read)
    _guard_thread: int | None  # the thread whose run holds _guard
    _lookup_thread: int | None  # the thread whose look-up outside a run holds the run's settings
    stopped_after_publish: str | None  # a Ctrl-C/SIGTERM that arrived once the output was being published
    published: list[str]
    published_files: list[str]
    _old_settings: list[tuple[str, str]]
    _old_backstops: list[tuple[str, str]]
    _settings_pending: bool
    _snapshot: str  # "wanted" by the run (a reading run), "open" once begun (_begin_snapshot), else ""
    tracks_progress: bool  # a progress line asks how far the running statement is (query_progress)
    spill_watch: SpillWatch | None  # looks for DuckDB's first spill of the run (source.creating)

    def quote(self, name: str) -> str:
        return quote_identifier(name, self.dialect)

    def literal(self, value: Any) -> str:
        return sql_literal(value, self.dialect)

    # -- running -----------------------------------------------------------------------------
    def fetch(self, sql: str) -> list[tuple]:
        """Run one statement and return all its rows."""
        return self._run(sql, fetch=True)

    def fetch_records(self, sql: str) -> list[dict[str, Any]]:
        """Run one statement and return its rows as dicts keyed by the result's column names
        (read results by name, never by position)."""
        return self._run(sql, fetch="records")

    def query_progress(self) -> float | None:
        """How far the running statement is, in percent, where the database says and
        ``tracks_progress`` was set before the run (asked from another thread); else None."""
        return self.engine.query_progress()

    def check_stop(self) -> None:
        """Raise the pending timeout (:class:`QueryTimeoutError`) or Ctrl-C now. Python work
        between statements (planning, decoding) calls it so that a stop never waits for it."""
        guard = self._guard
        if guard is not None and guard.pending():
            self._stopped(guard, "(between statements)", mid_statement=False)

    def execute(self, sql: str) -> None:
        """Run one statement that returns nothing."""
        self._run(sql, fetch=False)

    def check_open(self) -> None:
        """Raise :class:`InvalidInputError` once the Source is closed: its engine's own error
        ("Connection already closed!") names no way on."""
        if self.closed:
            raise InvalidInputError(CLOSED_SOURCE)

    def _run(self, sql: str, *, fetch: bool | str, setting: bool = False):
        self.check_open()
        guard = self._guard
        # A session setting is never where a stop is reported: putting the caller's values back
        # (errors ignored) would otherwise swallow the timeout or Ctrl-C the next statement raises.
        if guard is not None and guard.pending() and not setting:
            self._stopped(guard, sql, mid_statement=False)
        if self.read_only and not setting:  # settings of our own session (statement_timeout) change no data
            check_statement(sql, self.dialect, f"privrisk_{self._run_id}_")
        self._settle()
        if not setting:
            self._begin_snapshot()  # at the first read of data: catalog look-ups stay out of it
            self.statements += 1  # statements of the work, session settings not counted
        if self.echo is not None:
            self.echo(sql)
        log.debug("SQL:\n%s", sql)
        started = time.perf_counter()
        try:
            return self.engine.run(sql, fetch)
        except KeyboardInterrupt:
            raise
        except Exception as e:  # driver errors differ per backend; wrap them all
            if isinstance(e, (InvalidInputError, QueryError)):
                raise
            if guard is not None and guard.pending():
                self._stopped(guard, sql, mid_statement=True)
            if gone := [f for f in self._files_read if not os.path.exists(f)]:  # DuckDB: "No files found ... pattern"
                raise InputChangedError(
                    f"the input {gone[0]!r} was removed or moved while the run read it: nothing was written "
                    f"({first_line(e)})"
                ) from e
            refusal = self.dialect.read_only_refusal
            if refusal is not None and refusal in str(e):  # refused before it did anything
                raise InvalidInputError(
                    f"{self.dialect.name} takes no writes in this session ({first_line(e)}), and this run "
                    f"writes (its work tables, or its output): {WRITE_ELSEWHERE}"
                ) from e
            raise QueryError(f"{self.dialect.name} error: {first_line(e)}", sql=sql, dialect=self.dialect.name) from e
        finally:
            if self.on_timing is not None:
                self.on_timing(sql, time.perf_counter() - started)

    def _note_file_read(self, path: str) -> None:
        """``path`` is read by this run's statements, each anew: as it is now is what the run's
        figures must be of (:meth:`refuse_changed_inputs`)."""
        self._files_read.setdefault(path, _file_state(path))

    def refuse_changed_inputs(self) -> None:
        """InputChangedError when a file the run reads changed since it was first read (another
        process appending to a CSV, a part added to a folder): each statement reads the file anew,
        so the run's figures would mix two versions of it (Mondrian released the rows it first
        saw, the new ones left out without a word). Asked once the work is done: before an output
        gets its name, and at the end of a run that publishes nothing; a look at each statement's
        end cost a dataset of 1,000 parts 23 ms a statement."""
        guard = self._guard
        if guard is not None and guard.published:  # what stands is said; a later change is no longer this run's
            return
        for path, first in self._files_read.items():
            now = _file_state(path)
            if now != first and now is not None:  # gone: the database's own error says it (_run)
                raise InputChangedError(
                    f"the input {path!r} changed while the run read it (its size or time of change moved): its "
                    "figures would mix two versions of it, so nothing was written; run again once it is complete"
                )

    def drop_temps(self, after_stop: bool = False) -> None:  # pragma: no cover - TempTables defines it
        raise NotImplementedError

    # -- timeouts and Ctrl-C -------------------------------------------------------------------
    @contextlib.contextmanager
    def guarded(self, *, snapshot: bool = False) -> Iterator[Any]:  # yields the Source itself
        """One run under the timeout and Ctrl-C watch (nested runs share the outer one's).

        ``snapshot``: the run writes no table, and its statements read the database in one
        transaction of their own that sees one state of it (:meth:`_begin_snapshot`).

        On the way out the watcher stops first, then the run's TEMP tables are dropped, then the
        previous Ctrl-C handling comes back; a Ctrl-C no statement saw still raises KeyboardInterrupt."""
        if self._in_run():
            yield self
            return
        # Runs from other threads (a notebook's workers, a web app's requests) take turns: the
        # connection runs one statement at a time, and a run's guard and work tables are its own
        # (a second thread's run was taken for one nested in the first, whose end dropped its tables).
        with self._turn():
            yield from self._guarded_run(snapshot)

    def _in_run(self) -> bool:
        """Whether this thread is inside a run on this Source (its guard is this thread's)."""
        return self._guard is not None and self._guard_thread == threading.get_ident()

    @contextlib.contextmanager
    def _turn(self) -> Iterator[None]:
        """Wait for the run another thread has going on this connection (Engine.run_lock), for
        as long as the timeout, if there is one."""
        lock = self.engine.run_lock
        if not lock.acquire(timeout=longest_wait(self.timeout) if self.timeout is not None else -1):
            raise QueryTimeoutError(
                f"timeout: another run on this connection was still going after {self.timeout:g} s "
                "(runs on one connection take turns; give each thread a Source of its own to run at once)",
                dialect=self.dialect.name,
            )
        try:
            yield
        finally:
            lock.release()

    def _guarded_run(self, snapshot: bool) -> Iterator[Any]:
        tick = self.spill_watch.tick if self.spill_watch is not None else None
        guard = RunGuard(self.timeout, self._cancel_running_statement, self.engine.abandon, on_tick=tick)
        self._guard = guard
        self._guard_thread = threading.get_ident()
        try:
            self._set_backstops(guard)
        except BaseException:  # the driver refused (a thread sqlite3 does not take): no run began
            self._guard = None
            raise
        self._settings_pending = True  # applied just before the run asks the database anything (_settle)
        self._snapshot = "wanted" if snapshot else ""
        guard.start()
        failed = False
        cut_short: Exception | None = None
        try:
            yield self
            self.refuse_changed_inputs()  # a run that published nothing: its figures are of one version
        except Exception as e:
            failed = True
            if guard.reason is None or guard.published or isinstance(e, QueryTimeoutError):
                raise
            # A stop came, and its cancel cut short a statement the engine ran on its own (a
            # catalog look-up, a CSV sniff): the driver's "INTERRUPT Error: Interrupted!" was a
            # traceback (exit 1), or "cannot read 'x.csv'" (exit 2). The stop is what happened.
            cut_short = e
        except BaseException:
            failed = True
            raise
        finally:
            guard.stop_watching()
            guard.acknowledge()
            # The work is over: a file changed from here on changes none of its figures, and a
            # later run's failure is not blamed on a file this one read.
            self._files_read.clear()
            try:
                stopped = failed or guard.reason is not None
                self._end_snapshot(commit=not stopped)  # first: a failed statement aborted it (PostgreSQL)
                if stopped:
                    self.engine.wait_for_stopped_tasks(_STOPPED_TASKS_WAIT)
                self.drop_temps(after_stop=stopped)
                self._settings_pending = False
                self._restore_run_settings()
                self._clear_backstops()
            finally:
                self._guard = None
                guard.restore()
        if guard.published and guard.reason in (INTERRUPT, TERMINATE, HANGUP):
            # the output is published: that is what happened, and what the caller is told
            self.stopped_after_publish = guard.reason
            log.info(
                "%s arrived while the output was being published: it is published",
                STOP_NAMES[guard.reason],
            )
            return
        if cut_short is not None:
            try:
                self._stopped(guard, "(a statement of the engine's own)", mid_statement=True)
            except BaseException as stop:
                raise stop from cut_short
        _raise_signal_stop(guard.reason)

    def _stopped(self, guard: RunGuard, sql: str, *, mid_statement: bool):
        guard.acknowledge()
        _raise_signal_stop(guard.reason)
        raise QueryTimeoutError(
            f"timeout: stopped after {guard.timeout:g} s (the {self.dialect.name} statement running was cancelled)"
            if mid_statement
            else f"timeout: stopped after {guard.timeout:g} s, before the next statement",
            sql=sql,
            dialect=self.dialect.name,
            cancelled_running_statement=mid_statement,
        )

    def _cancel_running_statement(self) -> None:
        """Called from the watcher thread."""
        self.engine.cancel()

    def _settle(self) -> None:
        """The run's session settings, where still to apply: before the first thing a run asks the
        database, its catalog look-ups included (a MariaDB session's sql_select_limit read a
        table's columns short), and never before, so a run refused before any SQL changes nothing."""
        if self._settings_pending:
            self._settings_pending = False  # first: applying them reads settings through _run
            self._apply_run_settings()  # before the snapshot: a setting made in it went with its ROLLBACK

    def _begin_snapshot(self) -> None:
        """A reading run's statements in one transaction that sees one state of the database
        (Dialect.snapshot). Autocommit, each statement saw the table as it was then: kanon reads a
        table in one statement per measure, and a row another session committed between them gave
        k = 2 from the class sizes and l = 1 from a class the sizes never saw. Begun at the run's
        first statement of its own, after the look-ups that find its tables (PostgreSQL aborts a
        transaction at a failed statement, and a look-up may fail on its way to an answer). Not in
        a caller's own transaction (its statements join it), nor where the dialect has none."""
        if self._snapshot != "wanted":
            return
        self._snapshot = ""
        if not self.dialect.snapshot or not self.engine.autocommit or self.engine.in_open_transaction():
            return
        self._snapshot = "open"  # first: a BEGIN that fails half-way is rolled back at the end
        for sql in self.dialect.snapshot:
            self._run(sql, fetch=False, setting=True)

    def _end_snapshot(self, *, commit: bool) -> None:
        """Close the run's snapshot transaction: COMMIT after a run that went well (it wrote
        only its own TEMP tables), else ROLLBACK."""
        if self._snapshot != "open":
            self._snapshot = ""
            return
        self._snapshot = ""
        if commit:
            try:
                self._run("COMMIT", fetch=False, setting=True)
                return
            except Exception as e:  # nothing of a reading run's is lost; the session must not stay in it
                log.debug("COMMIT of the run's snapshot failed, rolled back: %s", e)
        with contextlib.suppress(Exception):  # a connection the stop gave up: the server ends it
            self._run("ROLLBACK", fetch=False, setting=True)

    def _catalog(self) -> Engine:
        """The engine, for a look-up in its catalog, with the run's session settings in force."""
        self._settle()
        return self.engine

    @contextlib.contextmanager
    def _settings_for_lookup(self) -> Iterator[None]:
        """A caller's look-up outside a run (:meth:`relation`, :meth:`find_table`) under the run
        settings a catalog look-up reads by (Dialect.lookup_settings), the caller's back after it:
        a MariaDB session's sql_select_limit read a table's columns short there too. In a run, the
        run's hold already."""
        me = threading.get_ident()
        if self._in_run() or self._lookup_thread == me:
            yield  # in a run, or in a look-up (relation asks find_table): its settings hold
            return
        wanted = set(self.dialect.lookup_settings)
        with self._turn():
            changed = self._swap_settings([(n, v) for n, v in self.dialect.run_settings if n in wanted])
            self._lookup_thread = me
            try:
                yield
            finally:
                self._lookup_thread = None
                self._restore_settings(changed)

    def _apply_run_settings(self) -> None:
        """The dialect's session settings for one run (PostgreSQL: jit off), the old values kept."""
        self._old_settings = self._swap_settings(self.dialect.run_settings)
        optional = dict(self.dialect.optional_run_settings)
        if self.tracks_progress:
            optional.update(self.dialect.progress_run_settings)
        self._old_settings += self._swap_settings(tuple(optional.items()), optional=True)

    def _restore_run_settings(self) -> None:
        self._restore_settings(self._old_settings)
        self._old_settings = []

    def _swap_settings(
        self, settings: Sequence[tuple[str, str]], *, limit_per_second: float | None = None, optional: bool = False
    ) -> list[tuple[str, str]]:
        """Set session settings (the dialect's read_setting/write_setting); returns the (name, old
        value) pairs that changed. A setting this server does not know (jit before PostgreSQL 11)
        or already has (in any letter case: DuckDB reads true as True) is left alone; a dialect
        without settings changes nothing. ``limit_per_second``: the settings are time limits in
        those units, and a stricter one already in force (a DBA's role or session setting) is
        kept, never loosened for the run. ``optional``: settings for speed only, skipped when the
        database refuses them (a DuckDB connection whose configuration is locked)."""
        changed: list[tuple[str, str]] = []
        if self.dialect.read_setting is None:
            return changed
        for name, value in settings:
            old = self.setting(name)
            if old is None or str(old).lower() == value.lower():
                continue
            if limit_per_second is not None:
                in_force = _time_limit(str(old), limit_per_second)
                if in_force is not None and 0 < in_force <= float(value):
                    continue
            try:
                self._write_setting(name, value)
            except QueryError as e:
                if not optional:
                    raise
                log.debug("setting %s = %s refused, left as it is: %s", name, value, e)
                continue
            changed.append((name, str(old)))
        return changed

    def setting(self, name: str) -> Any:
        """The session's value of setting ``name`` (the dialect's read_setting), None where the
        dialect reads none or the server does not know it."""
        if self.dialect.read_setting is None:
            return None
        rows = self._run(
            self.dialect.read_setting.format(name=name, name_literal=self.literal(name)), fetch="records", setting=True
        )
        return rows[0]["value"] if rows else None

    def session_id(self) -> int | None:
        """This session's id on its server (the dialect's session_id_query), which the watch that
        outlives a killed run ends (source/reaper.py); None where the dialect has none. Asked as a
        setting is read: a query of our own, allowed in read-only mode."""
        if self.dialect.session_id_query is None:
            return None
        return int(self._run(self.dialect.session_id_query, fetch="records", setting=True)[0]["id"])

    def _write_setting(self, name: str, value: str) -> None:
        assert self.dialect.write_setting is not None
        # {typed}: a number as a number (MariaDB's numeric variables refuse text), else text;
        # {raw}: the value as it is (our own constants, and a setting's value read back).
        typed = value if value.replace(".", "", 1).isdigit() else self.literal(value)
        self._run(
            self.dialect.write_setting.format(
                name=name, name_literal=self.literal(name), value=self.literal(value), typed=typed, raw=value
            ),
            fetch=False,
            setting=True,
        )

    @contextlib.contextmanager
    def settings(self, settings: Sequence[tuple[str, str]], *, optional: bool = False) -> Iterator[None]:
        """Session settings (``(name, value)`` pairs) for the statements of a ``with`` block; the
        old values come back after it, also when a statement fails. ``optional``: settings for
        speed only, skipped where the database refuses them."""
        changed = self._swap_settings(settings, optional=optional)
        try:
            yield
        finally:
            self._restore_settings(changed)

    def _restore_settings(self, changed: Sequence[tuple[str, str]]) -> None:
        for name, old in reversed(changed):
            with contextlib.suppress(Exception):  # a caller's aborted transaction: theirs to roll back
                self._write_setting(name, old)

    def _set_backstops(self, guard: RunGuard) -> None:
        """Help for the watcher: the engine's own (SQLite's progress handler polls the guard), and
        where the dialect has one a server-side statement time limit just past the deadline,
        should the client stall."""
        self.engine.watch(guard)
        limit = self.dialect.statement_timeout
        if guard.timeout is not None and limit is not None:
            name, per_second, most = limit
            value = (guard.timeout + 1) * per_second
            if value > most:  # the server refuses it; a run of weeks is left to the client's own watch
                return
            self._old_backstops = self._swap_settings([(name, _setting_number(value))], limit_per_second=per_second)

    def _clear_backstops(self) -> None:
        self.engine.unwatch()
        self._restore_settings(self._old_backstops)
        self._old_backstops = []


# How long a stopped run waits for Spark's cancelled tasks to end before it drops its work tables
# (Engine.wait_for_stopped_tasks); a task still running then does not hold the run's end longer.
_STOPPED_TASKS_WAIT = 30.0


def _raise_signal_stop(reason: str | None) -> None:
    """Ctrl-C as KeyboardInterrupt, SIGTERM and SIGHUP as TerminatedError (a KeyboardInterrupt too)."""
    if reason == INTERRUPT:
        raise KeyboardInterrupt
    if reason in (TERMINATE, HANGUP):
        raise TerminatedError(f"terminated ({STOP_NAMES[reason]})", signum=stop_signal(reason))


_UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "min": 60.0, "h": 3600.0, "d": 86400.0}


def _time_limit(text: str, per_second: float) -> float | None:
    """A time-limit setting's value in the setting's own units: a bare number is in them already
    (MariaDB's seconds, PostgreSQL's milliseconds), a unit is PostgreSQL's ('2s', '1min');
    None when it does not read as one."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*", text)
    if m is None:
        return None
    number, unit = float(m.group(1)), m.group(2)
    if not unit:
        return number
    return number * _UNITS[unit] * per_second if unit in _UNITS else None


def _setting_number(value: float) -> str:
    """A time limit as a setting's text: whole units (PostgreSQL's statement_timeout takes no
    fraction of a millisecond)."""
    return str(int(value))


def echo_to_stderr(sql: str) -> None:
    """``--show-sql``: each statement on stderr as it runs; a stderr that refuses it (full,
    closed) loses the text, not the run (its OSError stopped the command, exit 1)."""
    end_open_line()  # a progress line drawn in place on a terminal: the statement starts below it
    try:
        sys.stderr.write(sql.rstrip() + ";\n\n")
    except (AttributeError, OSError, ValueError):
        pass


def _file_state(path: str) -> tuple | None:
    """What changes when a file is written to, replaced or appended to; for a dataset folder, that
    of each part file a reader takes (:func:`parquet_dataset_files`: a database file, a spill
    folder or a write in progress beside them is no change); None when there is none."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if os.path.isdir(path):
        return tuple((part, _file_state(part)) for part in parquet_dataset_files(path))
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns
