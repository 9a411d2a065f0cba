"""The one object that talks to a database: DuckDB natively, Spark, anything else through SQLAlchemy.

A :class:`Source` knows its dialect, runs SQL, resolves table arguments (a table name, or a
CSV/Parquet path read in place by DuckDB) to their real column names and types, and owns the TEMP
work tables of a run. It never writes to a user table.

It is a thin facade over parts with one job each:

* :mod:`.statements`: running statements under the run's guard, session settings;
* :mod:`.relations`: resolving table arguments (tables, views, files, DataFrames);
* :mod:`.outputs`: where a new table goes, its staging table and the atomic publish;
* :mod:`.temp_tables`: the run's TEMP work tables.
"""

from __future__ import annotations

import contextlib
import math
import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..engines import Engine, open_engine
from ..engines.cancel import RunGuard
from ..engines.common import csv_encoding as csv_encoding_named
from ..engines.common import database_file, is_in_memory, with_companions
from ..errors import InvalidInputError
from ..given import (
    described,
    flag,
    home_expanded,
    is_number,
    path_list,
    path_shown,
    refuse_a_removed_working_folder,
    unreachable,
    why_no_new_file,
)
from .file_claims import FileClaim
from .outputs import Outputs
from .reaper import Reaper, SpillWatch
from .relations import Column, OutputTable, Relation
from .staging import run_prefix
from .statements import echo_to_stderr
from .temp_tables import TempTables


class Source(Outputs, TempTables):
    """A database to read tables from and run privrisk_sql's SQL in.

    Args:
        target: ``None`` (in-memory DuckDB), a ``duckdb`` connection, a path to a ``.duckdb`` file,
            any SQLAlchemy URL (``duckdb:///x.duckdb`` opens DuckDB natively), a SQLAlchemy
            ``Engine``/``Connection``, a ``sqlite3`` connection (as pandas takes one), or a
            ``SparkSession``.
        read_only: refuse every statement that is not a read or a write to the run's own TEMP
            tables (each is parsed first). A DuckDB database opened here is opened ``read_only``
            with external access off (only ``files`` may be read); an SQLite file ``mode=ro``.
        timeout: seconds a run (one metric call) may take; then the running statement is
            cancelled on the database and :class:`~privrisk_sql.errors.QueryTimeoutError` raised.
        files: with ``read_only`` on DuckDB, the CSV/Parquet paths that may still be read (one
            path, or a list of them).
        csv_encoding: the text encoding of the CSV files this Source reads: ``"utf-8"`` (the
            default) or ``"latin-1"`` (ISO-8859-1), on DuckDB and Spark (the CLI's ``--encoding``).
        open_read_only: open a DuckDB or SQLite file read-only at the database's level (other
            processes may read it meanwhile; DuckDB locks a file opened for writing), without the
            statement check of ``read_only``. The reading commands of the CLI use it.
        create: a DuckDB or SQLite file that does not exist is created (default: refused with
            :class:`~privrisk_sql.errors.InvalidInputError` naming it, as the CLI refuses it,
            rather than an empty database and a "table not found" later). A metric that writes
            a table (mondrian; risk with ``records``/``classes``) creates its database itself.

    Threads may share a Source: their runs take turns (so do the runs of Sources made from one
    ``duckdb`` connection or SQLAlchemy ``Connection``), each waiting at most ``timeout``.

    Example:
        >>> src = Source()
        >>> src.dialect.name
        'duckdb'
    """

    def __init__(
        self,
        target: Any = None,
        *,
        read_only: bool = False,
        timeout: float | None = None,
        files: str | os.PathLike | Sequence[str | os.PathLike] = (),
        create: bool = False,
        open_read_only: bool = False,
        csv_encoding: str = "utf-8",
    ):
        refuse_a_removed_working_folder()
        target = home_expanded(target)
        path = database_file(target)
        create = flag(create, "create")
        if path is not None and "\x00" in path:  # DuckDB made the file named by the text before it
            raise InvalidInputError(f"database file {path_shown(path)}: a path cannot hold a NUL character")
        if path is not None and os.path.exists(path) and not (os.path.isfile(path) or os.path.isdir(path)):
            # a FIFO: reading its head (DuckDB's check, SQLite's open) waited for a writer, deaf to Ctrl-C
            raise InvalidInputError(f"database file {path_shown(path)} is a pipe, a device or a socket, not a database")
        if path is not None and not os.path.exists(path):  # False for a name too long to be a file
            if not create and (why_not := unreachable(path)) is not None:  # it may be there: "not found" misled
                raise InvalidInputError(f"database file {path_shown(path)} cannot be reached: {why_not}")
            if not create:
                raise InvalidInputError(
                    f"database file not found: {path!r} (only a run that writes a table creates one: mondrian, "
                    "risk --records or --classes; or connect with create=True)"
                )
            # each was the engine's "Cannot open file" / "unable to open database file": exit 3, a database error
            if (why_not := why_no_new_file(path)) is not None:
                raise InvalidInputError(f"database file {path_shown(path)}: {why_not}")
        if timeout is not None and (not is_number(timeout) or not 0 < timeout < math.inf):
            raise InvalidInputError(f"timeout must be a number of seconds > 0, got {described(timeout)}")
        self.read_only = flag(read_only, "read_only")
        files = path_list(files, "files")
        self.csv_encoding = csv_encoding_named(csv_encoding)
        self.timeout = None if timeout is None else float(timeout)  # numpy's numbers too, as k's
        self._guard: RunGuard | None = None
        self._files_read: dict[str, tuple | None] = {}  # the files this Source's relations read, as first read
        self._guard_thread: int | None = None
        self._lookup_thread = None
        self.stopped_after_publish: str | None = None
        self.published: list[str] = []  # output tables this Source gave their names, in order
        self.published_files: list[str] = []  # output files (Mondrian's release as Parquet, CSV), in order
        self.files_written: list[Any] = []  # the run's output files (OutputFile), never what its inputs read
        self._temps: list[str] = []
        self.work_tables_left: list[str] = []
        self._frames: list[str] = []  # DataFrames registered with DuckDB for this run (see _frame_relation)
        self._old_settings: list[tuple[str, str]] = []  # run settings to restore (see Dialect.run_settings)
        self._old_backstops: list[tuple[str, str]] = []  # the server's statement time limit, while a run has a timeout
        self._settings_pending = False
        self._snapshot = ""
        self.tracks_progress = False  # while a run draws its elapsed-time line (progress.elapsed_line)
        self.spill_watch: SpillWatch | None = None
        self._run_id = uuid.uuid4().hex[:10]
        self.echo: Callable[[str], None] | None = None  # called with every statement (``--show-sql``)
        self.on_timing: Callable[[str, float], None] | None = None  # (sql, seconds) after each statement
        self.statements = 0
        self.closed = False
        self.engine: Engine = open_engine(
            target,
            read_only=self.read_only,
            open_read_only=self.read_only or bool(open_read_only),
            timeout=timeout,
            files=files,
        )
        self.dialect = self.engine.dialect

    @property
    def database_label(self) -> str:
        """The kind of database and its version (``"postgres 15.14"``), never where it is or who
        connects: what a report may show."""
        return f"{self.dialect.name} {self.engine.version}".strip()

    def database_files(self) -> list[str]:
        """The local files this session's databases live in (DuckDB's and SQLite's, attached ones
        too, each with the files its engine keeps beside it: a write-ahead log, a journal); none
        for in-memory databases and servers."""
        query = self.dialect.database_files
        paths = [row["path"] for row in self.fetch_records(query)] if query else []
        return with_companions(paths, self.dialect.database_companions)

    @property
    def run_id(self) -> str:
        """Random id of this Source, part of every work-table name it makes."""
        return self._run_id

    def close(self) -> None:
        if self.closed:
            return
        with self.engine.run_lock:  # after the run another thread has going on this connection
            self.drop_temps()
            self.engine.close()
            self.closed = True

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def connect(target: Any = None, **options: Any) -> Source:
    """Open a :class:`Source` (see its docstring for ``target`` and the options
    ``read_only``, ``timeout``, ``files``)."""
    if isinstance(target, Source):
        return target
    return Source(target, **options)


@contextlib.contextmanager
def opened(target: Any = None, writes: Sequence[str] = (), *, snapshot: bool | None = None) -> Iterator[Source]:
    """A Source for ``target`` for the length of a ``with`` block: its TEMP tables are dropped at the
    end, and it is closed too when it was opened here (not when the caller passed a Source).

    ``writes``: the tables the run writes. A database file ``target`` names that does not exist is
    then created, as the CLI creates it (:func:`creating`). A run that writes none reads the
    database in one snapshot (:meth:`Source.guarded`), unless ``snapshot`` says otherwise."""
    target = home_expanded(target)
    with (
        creating(
            target,
            writes,
            lambda create: connect(target, create=create),
            close=not isinstance(target, Source),
        ) as source,
        source.guarded(snapshot=not writes if snapshot is None else snapshot),
    ):
        try:
            yield source
        finally:
            source.files_written.clear()  # this run's, for the checks of its inputs (Relations.writes_files)


@contextlib.contextmanager
def creating(
    target: Any, outputs: Sequence[str], make: Callable[[bool], Source], *, close: bool = True
) -> Iterator[Source]:
    """The Source ``make(create)`` opens on ``target``, for a run that writes the tables ``outputs``
    (none: a reading run). A database file ``target`` names that does not exist is then created,
    and removed again if the block fails before any output exists, so that a refused run leaves no
    stray file; after a ``kill -9``, when nothing of the run is left to do it, a process of its own
    removes it (:mod:`.reaper`). On a server given by URL that process ends the run's session
    (its statement would run on) and drops its tables after a ``kill -9``, for every run, reading
    or writing; for Spark in this process, it removes the folders of the run's tables (its catalog
    dies with it); on Spark Connect from a URL, it interrupts the run's session and drops its
    tables. A DuckDB run's spill files (past its memory_limit, in its temp_directory) are watched
    from its first spill on, so that a ``kill -9`` does not leave them either. The Source is closed
    at the end when ``close``."""
    path = database_file(target) if outputs else None
    claim = FileClaim(path, outputs) if path is not None else None
    created = claim is not None and claim.created
    watch = Reaper(path, target) if created and path is not None else None
    spill_watch: SpillWatch | None = None
    try:
        source = make(created)
        try:
            source.check_open()  # else the first statement fails on the closed connection, named as its input's fault
            if watch is not None:
                watch.created(run_prefix(source.run_id))
            elif isinstance(target, str) and source.dialect.end_session and (session := source.session_id()):
                watch = Reaper()  # a reading run's statement too would run on after a kill
                watch.watching_server(target, session, run_prefix(source.run_id))
            elif not isinstance(target, Source) and (left := source.engine.left_after_a_kill()) is not None:
                # A Source the caller holds is not watched here: a run's CLI Source came by twice (two watches).
                if "spill" in left:  # DuckDB: watched once it spills (most runs never do)
                    source.spill_watch = spill_watch = SpillWatch(left)
                else:  # Spark: its work tables outlive a kill (folders, or a server's tables)
                    watch = Reaper()
                    watch.watching_spark(left, run_prefix(source.run_id), target if isinstance(target, str) else "")
            yield source
        except BaseException:
            if claim is not None:  # the file goes when no other run of this process works in it
                claim.remove_if_unwritten(lambda path, all_outputs: remove_if_unwritten(source, path, all_outputs))
            raise
        finally:
            if close:
                source.close()
    finally:
        if claim is not None:
            claim.release()
        if watch is not None:
            watch.done()
        if spill_watch is not None:  # after the close, which cleared DuckDB's files
            spill_watch.done()


def remove_if_unwritten(source: Source, path: str, outputs: Sequence[str]) -> None:
    """Close ``source`` and remove the database file ``path`` it created, unless one of the
    run's ``outputs`` exists in it (when that cannot be told, the file is kept)."""

    def written(output: str) -> bool:
        try:
            return source.table_exists(output)
        except Exception:
            return True

    if any(written(output) for output in outputs):
        return
    source.close()
    for leftover in (path, *(path + suffix for suffix in source.dialect.database_companions)):
        with contextlib.suppress(OSError):
            os.remove(leftover)


__all__ = [
    "Column",
    "OutputTable",
    "Relation",
    "Source",
    "connect",
    "creating",
    "database_file",
    "echo_to_stderr",
    "is_in_memory",
    "opened",
    "remove_if_unwritten",
]
