"""One class per way of talking to a database, behind the :class:`Engine` protocol.

:class:`~privrisk_sql.source.Source` is the public facade: it resolves table arguments, guards
runs (timeout, Ctrl-C, read-only) and names work tables. An engine only talks: it runs a
statement and returns rows with their column names, cancels the running one, reads its catalog
and closes. What differs between databases and is not a way of talking (name folding, settings,
how a statement is cancelled) is a field of :class:`~privrisk_sql.sql.dialects.Dialect`.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..sql.dialects import Dialect
from .cancel import RunGuard
from .common import is_duckdb_target, is_spark_target


@dataclass(frozen=True)
class CatalogEntry:
    """A table or view of the database, found by :meth:`Engine.find_relation`."""

    qualifiers: tuple[str, ...]  # the database/schema parts to write before the name (as given)
    name: str  # the real name, as the catalog spells it
    columns: tuple[tuple[str, str], ...] | None  # (name, SQL type); None: describe the query
    identity: tuple  # the catalog object, whatever spelling reached it
    is_view: bool  # read as a table, never replaced by an output (a view, or a table the run cannot drop)
    what: str = "view"  # what it is, for messages: "view", "materialized view", "foreign table"


class Engine(Protocol):
    """What :class:`~privrisk_sql.source.Source` needs of a connection."""

    dialect: Dialect
    owns: bool  # opened here, closed by close()
    autocommit: bool  # statements commit one by one; BEGIN/COMMIT are ours to issue
    reads_frames: bool  # DataFrames can be registered (register_frame)
    version: str  # the database's version, as reports show it
    # Runs take turns by it (Source.guarded): shared by the engines over one connection (a
    # caller's DuckDB connection or SQLAlchemy Connection), which runs one statement at a time.
    run_lock: threading.RLock

    def run(self, sql: str, fetch: bool | str) -> Any:
        """Run one statement with no parameters: None, row tuples, or (``"records"``) dicts by name."""

    def cancel(self) -> None:
        """Cancel the statement running now (called from the watcher thread)."""

    def query_progress(self) -> float | None:
        """How far the running statement is, in percent (asked from the progress line's thread);
        None where the database does not say, or no statement runs."""

    def table_names(self) -> list[str]:
        """The tables and views of the current schema (for a "did you mean" when a name is not found)."""

    def abandon(self) -> None:
        """Give the connection up when the server ignores the cancel (a timer thread calls it):
        the statement the main thread waits on returns with an error. No-op in-process."""

    def in_open_transaction(self) -> bool:
        """Whether the caller's connection is inside a transaction it opened: a run's statements
        then join it (a BEGIN would fail there, and on DuckDB abort the caller's transaction)."""

    def watch(self, guard: RunGuard) -> None:
        """Driver-side help for the run guard while a run lasts (SQLite's progress handler)."""

    def unwatch(self) -> None: ...

    def wait_for_stopped_tasks(self, within: float) -> None:
        """After a run stopped or failed, before its work tables are dropped: wait, at most
        ``within`` seconds, until no task of this session runs. Spark in this process: a cancelled
        job's task writes on until it next looks, after its statement has returned, and remade
        the folder of a work table dropped meanwhile. No-op elsewhere (a server ends its own)."""

    def find_relation(self, database: str | None, schema: str | None, name: str) -> CatalogEntry | None:
        """The table or view this reading of a name denotes (exact spelling first, then folded)."""

    def describe(self, sql: str, label: str) -> tuple[tuple[str, str], ...]:
        """(name, SQL type) of the columns of ``SELECT * FROM sql`` (files and DataFrames)."""

    def read_files(
        self, files: dict[str, tuple[str, str]], encoding: str = "utf-8"
    ) -> dict[str, tuple[str, bool] | BaseException]:
        """For each file (label: (kind "csv"/"parquet", a run name the engine may register a view
        under)): (what to put after FROM, whether that name was registered) or the error reading
        it. A CSV file's text is in ``encoding`` (utf-8 or latin-1)."""

    def output_container(self, label: str, given: list[str]) -> tuple[str, ...]:
        """The database and/or schema a new table named with the parts ``given`` goes to."""

    def unlisted_table_folder(self, container: tuple[str, ...], table: str) -> str | None:
        """A folder where the database would write a new table ``table`` of ``container``
        that holds data while no table of its catalog names it (Spark without a shared metastore:
        a table an earlier session wrote); None where tables have no folders."""

    def staging_candidates(self, container: tuple[str, ...] | None) -> list[tuple[tuple[str, ...], str]]:
        """Tables whose names start with ``privrisk_`` in ``container`` (None: everywhere)."""

    def leftover_table_folder(self, container: tuple[str, ...], table: str) -> str | None:
        """The folder on this machine that table ``table`` of ``container`` left, which no catalog
        will remove (Spark in this process with its own catalog: a killed run's work table):
        :meth:`Source.drop_staging` removes it, as the run's end does its work tables' (``container``
        ``()``: the session's current database). None elsewhere (a server removes its own)."""

    def forgets_tables_at_close(self) -> bool:
        """Whether the catalog forgets this session's tables when :meth:`close` ends it (a Spark
        session opened here with Spark's own catalog): an output table is then a folder of files
        (:meth:`unlisted_table_folder`) for every later session."""

    def files_folder(self) -> str | None:
        """Where on this machine the database writes a file output's folder of part files
        (Dialect.file_outputs_are_folders) before one of them becomes the file: Spark in this
        process, its warehouse (the watch over a killed run and ``cleanup`` remove a folder named
        with the run's prefix there). None where files are written straight to their path (DuckDB),
        or the files the database writes are not on this machine (Spark Connect)."""

    def left_after_a_kill(self) -> dict | None:
        """What the watch over a run killed outright (:mod:`privrisk_sql.source.reaper`) needs to
        clear what this session leaves, beyond a database file or a server session of
        :meth:`Source.session_id`: Spark in this process, with its own catalog and a warehouse on
        this machine, ``{"folder": the warehouse, "made": whether this session made it, "pid": the
        JVM that writes there}`` (the catalog dies with the process, its tables' folders stay);
        a Spark Connect session opened here, ``{"spark_session": its id}`` (the server runs the
        dead client's statement on and keeps its tables); a DuckDB database opened here,
        ``{"spill": the folder it spills into, "made": whether it did not exist yet}`` (DuckDB
        clears its spill files at close, never after a kill; in a file the run creates, the
        watch of :func:`Source.creating` removes them with the file). None elsewhere."""

    def spilled_by(self, pid: int) -> list[str]:
        """The files this database spilled to disk for process ``pid`` (more than its memory
        held), which outlive that process when it is killed outright: DuckDB's in its
        temp_directory, named after the pid; [] where a server or the system keeps its own."""

    def spill_left(self) -> tuple[str, list[str]] | None:
        """The files processes killed outright spilled for this database, where that can be
        proven (DuckDB: this connection holds the file's write lock, so no other process has it
        open, and the folder is the file's own ``<file>.tmp``): (that folder, its files of other
        processes). None elsewhere: ``cleanup`` removes them."""

    def view_definition(self, identity: tuple) -> str | None: ...

    def input_files(self, relation_sql: str) -> list[str]:
        """The local files a relation (its quoted name) reads, as the engine's plan lists them:
        Spark's ``DataFrame.inputFiles()``, through every view, temporary ones too (their text is
        not kept), and a pattern of everything under each folder the plan reads whole (a folder
        of Parquet files, a table's LOCATION): a file written there is read next time. [] where
        the engine lists none (DuckDB, a server: views' text is read instead)."""

    def register_frame(self, name: str, frame: Any) -> None:
        """Make a DataFrame readable under ``name`` for this session (DuckDB: pandas, Arrow;
        Spark: Spark DataFrames)."""

    def unregister_frame(self, name: str) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class EngineKind:
    """One way of talking to a database: the targets it claims (a cheap test that imports no
    driver) and the module whose ``open_target`` opens them."""

    module: str  # privrisk_sql.engines.<module>
    claims: Callable[[Any], bool]


# Walked in order; the first engine that claims a target opens it (SQLAlchemy takes the rest).
ENGINES: tuple[EngineKind, ...] = (
    EngineKind("spark_engine", is_spark_target),
    EngineKind("duckdb_engine", is_duckdb_target),
    EngineKind("sqlalchemy_engine", lambda target: True),
)


def open_engine(
    target: Any, *, read_only: bool, open_read_only: bool, timeout: float | None, files: tuple[str, ...] | list[str]
) -> Engine:
    """The engine for a ``Source`` target: Spark (a SparkSession, ``sc://``, ``spark://``,
    ``local[N]``), DuckDB natively (None, a connection, a path, ``duckdb:///``), anything else
    through SQLAlchemy (a URL, an Engine, a Connection)."""
    from .cancel import stops_held

    kind = next(k for k in ENGINES if k.claims(target))
    with stops_held():  # a Ctrl-C inside a driver's C set-up aborted the process
        module = importlib.import_module(f"{__name__}.{kind.module}")
    return module.open_target(target, read_only=read_only, open_read_only=open_read_only, timeout=timeout, files=files)
