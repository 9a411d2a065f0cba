"""The one object that talks to a database: DuckDB natively, anything else through SQLAlchemy.

A :class:`Source` knows its dialect, runs SQL, resolves table arguments (a table name, or a
CSV/Parquet path read in place by DuckDB) to their real column names and types, and owns the TEMP
work tables of a run. It never writes to a user table.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import time
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import staging
from .cancel import INTERRUPT, TERMINATE, RunGuard
from .engines import Engine, open_engine
from .engines.common import database_file, first_line, is_in_memory
from .errors import InvalidInputError, QueryError, QueryTimeoutError, TerminatedError, UnsupportedFeatureError
from .names import split_table_name
from .read_only import check_statement
from .render import quote_identifier, sql_literal
from .types import TypeClass, type_class

log = logging.getLogger("privrisk_sql")

_FILE_SUFFIXES = {".csv": "csv", ".tsv": "csv", ".txt": "csv", ".parquet": "parquet", ".pq": "parquet"}


@dataclass(frozen=True)
class Column:
    name: str  # real name, as the catalog spells it
    sql_type: str
    type_class: TypeClass


@dataclass(frozen=True)
class Relation:
    """A resolved table argument: what to put after FROM, and its columns."""

    label: str  # what the user passed, for messages
    sql: str  # quoted identifier or read_csv(...) call
    columns: tuple[Column, ...]
    is_file: bool
    # The catalog object the name resolved to (tables and views; None for files and DataFrames),
    # so that two spellings of one table (people, main.people, PEOPLE) compare equal.
    identity: tuple | None = None
    is_view: bool = False

    @property
    def may_collate(self) -> bool:
        """Its text columns may carry a declared collation (NOCASE, a nondeterministic one): a
        table or view of the database. Files and DataFrames hold plain values."""
        return self.identity is not None

    def column(self, name: str) -> Column:
        """The column called ``name``: exact match first, then case-insensitive."""
        for c in self.columns:
            if c.name == name:
                return c
        folded = [c for c in self.columns if c.name.lower() == str(name).lower()]
        if len(folded) == 1:
            return folded[0]
        if len(folded) > 1:
            raise InvalidInputError(f"column {name!r} is ambiguous in {self.label!r}: {[c.name for c in folded]}")
        raise InvalidInputError(
            f"column {name!r} not found in {self.label!r} (columns: {', '.join(c.name for c in self.columns)})"
        )


@dataclass(frozen=True)
class OutputTable:
    """A table a run will create (:meth:`Source.output_table`): the database and/or schema it
    goes to, as the catalog names them, and its name as the user gave it."""

    label: str  # what the user passed, for messages
    container: tuple[str, ...]
    name: str

    def sql(self, quote: Callable[[str], str], name: str | None = None) -> str:
        """The qualified, quoted name of this table (or of ``name`` next to it)."""
        return ".".join(quote(p) for p in (*self.container, name or self.name))

    @property
    def lookup_name(self) -> str:
        """This table's fully qualified name in the form :meth:`Source.find_table` reads."""
        return ".".join('"' + p.replace('"', '""') + '"' for p in (*self.container, self.name))


def _file_reader(table: str) -> str | None:
    name = table.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    return _FILE_SUFFIXES.get(Path(name).suffix)


def _is_file(table: Any) -> bool:
    return isinstance(table, str) and _file_reader(table) is not None and Path(table).is_file()


class Source:
    """A database to read tables from and run privrisk_sql's SQL in.

    Args:
        target: ``None`` (in-memory DuckDB), a ``duckdb`` connection, a path to a ``.duckdb`` file,
            any SQLAlchemy URL (``duckdb:///x.duckdb`` opens DuckDB natively), or a SQLAlchemy
            ``Engine``/``Connection``.
        read_only: refuse every statement that is not a read or a write to the run's own TEMP
            tables (each is parsed first). A DuckDB database opened here is opened ``read_only``
            with external access off (only ``files`` may be read); an SQLite file ``mode=ro``.
        timeout: seconds a run (one metric call) may take; then the running statement is
            cancelled on the database and :class:`~privrisk_sql.errors.QueryTimeoutError` raised.
        files: with ``read_only`` on DuckDB, the CSV/Parquet paths that may still be read.
        open_read_only: open a DuckDB or SQLite file read-only at the database's level (other
            processes may read it meanwhile; DuckDB locks a file opened for writing), without the
            statement check of ``read_only``. The reading commands of the CLI use it.
        create: a DuckDB or SQLite file that does not exist is created (default: refused with
            :class:`~privrisk_sql.errors.InvalidInputError` naming it, as the CLI refuses it,
            rather than an empty database and a "table not found" later).

    Example:
        >>> src = Source()
        >>> src.dialect.name
        'duckdb'
    """

    def __init__(self, target: Any = None, *, read_only: bool = False, timeout: float | None = None,
                 files: tuple[str, ...] | list[str] = (), create: bool = False, open_read_only: bool = False):
        path = database_file(target)
        if path is not None and not create and not Path(path).exists():
            raise InvalidInputError(f"database file not found: {path!r} (only mondrian, or create=True in Python, "
                                    "creates one)")
        if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0):
            raise InvalidInputError(f"timeout must be a number of seconds > 0, got {timeout!r}")
        self.read_only = bool(read_only)
        self.timeout = timeout
        self._guard: RunGuard | None = None
        self._temps: list[str] = []
        self._frames: list[str] = []  # DataFrames registered with DuckDB for this run (see _frame_relation)
        self._old_settings: list[tuple[str, str]] = []  # run settings to restore (see Dialect.run_settings)
        self._old_backstops: list[tuple[str, str]] = []  # the server's statement time limit, while a run has a timeout
        self._settings_pending = False
        self._run_id = uuid.uuid4().hex[:10]
        self.echo: Callable[[str], None] | None = None  # called with every statement (``--show-sql``)
        self.on_timing: Callable[[str, float], None] | None = None  # (sql, seconds) after each statement
        self.statements = 0
        self.engine: Engine = open_engine(target, read_only=self.read_only,
                                          open_read_only=self.read_only or bool(open_read_only),
                                          timeout=timeout, files=files)
        self.dialect = self.engine.dialect

    # -- running -----------------------------------------------------------------------------
    def fetch(self, sql: str) -> list[tuple]:
        """Run one statement and return all its rows."""
        return self._run(sql, fetch=True)

    def fetch_records(self, sql: str) -> list[dict[str, Any]]:
        """Run one statement and return its rows as dicts keyed by the result's column names
        (read results by name, never by position)."""
        return self._run(sql, fetch="records")

    def check_stop(self) -> None:
        """Raise the pending timeout (:class:`QueryTimeoutError`) or Ctrl-C now. Python work
        between statements (planning, decoding) calls it so that a stop never waits for it."""
        guard = self._guard
        if guard is not None and guard.pending():
            self._stopped(guard, "(between statements)", mid_statement=False)

    def execute(self, sql: str) -> None:
        """Run one statement that returns nothing."""
        self._run(sql, fetch=False)

    def _run(self, sql: str, *, fetch: bool | str, setting: bool = False):
        guard = self._guard
        # A session setting is never where a stop is reported: putting the caller's values back
        # (errors ignored) would otherwise swallow the timeout or Ctrl-C the next statement raises.
        if guard is not None and guard.pending() and not setting:
            self._stopped(guard, sql, mid_statement=False)
        if self.read_only and not setting:  # settings of our own session (statement_timeout) change no data
            check_statement(sql, self.dialect, f"privrisk_{self._run_id}_")
        if not setting:
            if self._settings_pending:
                self._settings_pending = False
                self._apply_run_settings()
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
            raise QueryError(f"{self.dialect.name} error: {first_line(e)}", sql=sql, dialect=self.dialect.name) from e
        finally:
            if self.on_timing is not None:
                self.on_timing(sql, time.perf_counter() - started)

    # -- timeouts and Ctrl-C -------------------------------------------------------------------
    @contextlib.contextmanager
    def guarded(self) -> Iterator[Source]:
        """One run under the timeout and Ctrl-C watch (nested runs share the outer one's).

        On the way out the watcher stops first, then the run's TEMP tables are dropped, then the
        previous Ctrl-C handling comes back; a Ctrl-C no statement saw still raises KeyboardInterrupt."""
        if self._guard is not None:
            yield self
            return
        guard = RunGuard(self.timeout, self._cancel_running_statement)
        self._guard = guard
        self._set_backstops(guard)
        self._settings_pending = True  # applied just before the run's first statement
        guard.start()
        try:
            yield self
        finally:
            guard.stop_watching()
            guard.acknowledge()
            try:
                self.drop_temps()
                self._settings_pending = False
                self._restore_run_settings()
                self._clear_backstops()
            finally:
                self._guard = None
                guard.restore()
        _raise_signal_stop(guard.reason)

    def _stopped(self, guard: RunGuard, sql: str, *, mid_statement: bool):
        guard.acknowledge()
        _raise_signal_stop(guard.reason)
        raise QueryTimeoutError(
            f"timeout: stopped after {guard.timeout:g} s (the {self.dialect.name} statement running was cancelled)"
            if mid_statement else f"timeout: stopped after {guard.timeout:g} s, before the next statement",
            sql=sql, dialect=self.dialect.name, cancelled_running_statement=mid_statement)

    def _cancel_running_statement(self) -> None:
        """Called from the watcher thread."""
        self.engine.cancel()

    def _apply_run_settings(self) -> None:
        """The dialect's session settings for one run (PostgreSQL: jit off), the old values kept;
        run before the run's first statement, so a run refused before any SQL changes nothing."""
        self._old_settings = self._swap_settings(self.dialect.run_settings)

    def _restore_run_settings(self) -> None:
        self._restore_settings(self._old_settings)
        self._old_settings = []

    def _swap_settings(self, settings: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """Set session settings (the dialect's read_setting/write_setting); returns the (name, old
        value) pairs that changed. A setting this server does not know (jit before PostgreSQL 11)
        is left alone; a dialect without settings changes nothing."""
        changed: list[tuple[str, str]] = []
        if self.dialect.read_setting is None:
            return changed
        for name, value in settings:
            old = self._run(self.dialect.read_setting.format(name=name, name_literal=self.literal(name)),
                            fetch="records", setting=True)[0]["value"]
            if old is None or str(old) == value:
                continue
            self._write_setting(name, value)
            changed.append((name, str(old)))
        return changed

    def _write_setting(self, name: str, value: str) -> None:
        assert self.dialect.write_setting is not None
        # {typed}: a number as a number (MariaDB's numeric variables refuse text), else text.
        typed = value if value.replace(".", "", 1).isdigit() else self.literal(value)
        self._run(self.dialect.write_setting.format(name=name, name_literal=self.literal(name),
                                                    value=self.literal(value), typed=typed), fetch=False, setting=True)

    @contextlib.contextmanager
    def settings(self, settings: Sequence[tuple[str, str]]) -> Iterator[None]:
        """Session settings (PostgreSQL; ``(name, value)`` pairs) for the statements of a ``with``
        block; the old values come back after it, also when a statement fails."""
        changed = self._swap_settings(settings)
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
            name, per_second = limit
            self._old_backstops = self._swap_settings([(name, _setting_number((guard.timeout + 1) * per_second))])

    def _clear_backstops(self) -> None:
        self.engine.unwatch()
        self._restore_settings(self._old_backstops)
        self._old_backstops = []

    # -- catalog -----------------------------------------------------------------------------
    def quote(self, name: str) -> str:
        return quote_identifier(name, self.dialect)

    def literal(self, value: Any) -> str:
        return sql_literal(value, self.dialect)

    def relations(self, *tables: str) -> list[Relation]:
        """:meth:`relation` of each table, the files among them read side by side where the
        engine can (DuckDB sniffs the two CSV inputs of mpUCCs on two threads). Errors are raised
        in ``tables`` order."""
        files = [t for t in dict.fromkeys(t for t in tables if isinstance(t, str)) if _is_file(t)]
        read = self._read_files(files) if self.dialect.reads_files and len(files) > 1 else {}
        return [self._relation(t, read.get(t) if isinstance(t, str) else None) for t in tables]

    def _read_files(self, labels: list[str]) -> dict[str, str | BaseException]:
        """What to put after FROM for each file (or the error reading it): the engine's reader;
        a view the engine registers for it is dropped with the run's DataFrames."""
        files = {label: (_file_reader(label) or "", f"privrisk_{self._run_id}_file{len(self._frames) + i}")
                 for i, label in enumerate(labels)}
        out: dict[str, str | BaseException] = {}
        for label, result in self.engine.read_files(files).items():
            if isinstance(result, tuple):
                sql, registered = result
                if registered:
                    self._frames.append(files[label][1])
                out[label] = sql
            else:
                out[label] = result
        return out

    def relation(self, table: str) -> Relation:
        """Resolve a table name, a CSV/Parquet path or (DuckDB) a DataFrame; raise InvalidInputError
        naming it if missing."""
        return self._relation(table, None)

    def _relation(self, table: str, read: str | BaseException | None) -> Relation:
        if isinstance(table, Path):
            table = str(table)
        if not isinstance(table, str):
            return self._frame_relation(table)
        if not table:
            raise InvalidInputError("table must be a table name, a CSV/Parquet path or a DataFrame, got ''")
        reader = _file_reader(table)
        if reader is not None and Path(table).is_file():
            if not self.dialect.reads_files:
                raise UnsupportedFeatureError(
                    f"{table}: CSV/Parquet paths are read by DuckDB and Spark; load the file into {self.dialect.name} first"
                )
            found = read if read is not None else self._read_files([table])[table]
            if isinstance(found, BaseException):
                raise found
            sql = found
            if self.find_table(table) is not None:  # the file shadows a table of that name: say so
                warnings.warn(f"{table!r} is both a file and a table of the database: the file was read "
                              f"(name the table in double quotes, '\"{table}\"', to read the table)", stacklevel=4)
            return Relation(table, sql, self._describe_query(sql, table), is_file=True)
        try:
            return self._catalog_relation(table)
        except InvalidInputError as e:
            if not str(e).startswith("table not found"):
                raise
            # Both readings, whichever the user meant: a typo in a file's suffix (cps1988.cvs) and a
            # missing .csv get the same message.
            if reader is not None and Path(table).exists():
                why = "it is not a regular file"
            elif reader is not None:
                why = "no such file"
            elif Path(table).is_file():
                why = f"a file of that name exists, but only {', '.join(sorted(_FILE_SUFFIXES))} files are read"
            else:
                why = "no such file"
            raise InvalidInputError(f"table not found: {table!r}: neither a table of the database nor a "
                                    f"CSV/Parquet file ({why})") from None

    def _frame_relation(self, frame: Any) -> Relation:
        """A pandas DataFrame, an Arrow table or anything else DuckDB's ``register`` takes (polars),
        read in place (no copy): registered as a view of this connection under a run name, and
        unregistered with the run's TEMP tables."""
        kind = type(frame).__name__
        if frame is None or isinstance(frame, (bytes, int, float, bool)):
            raise InvalidInputError(f"table must be a table name, a CSV/Parquet path or a DataFrame, got {kind}")
        if not self.engine.reads_frames:
            raise UnsupportedFeatureError(
                f"a {kind} is read by DuckDB; load it into {self.dialect.name} first (for example with DataFrame.to_sql)")
        name = f"privrisk_{self._run_id}_frame{len(self._frames)}"
        try:
            self.engine.register_frame(name, frame)
        except Exception as e:  # DuckDB cannot scan this object
            raise InvalidInputError(f"table must be a table name, a CSV/Parquet path or a DataFrame, got {kind} "
                                    "(DuckDB reads pandas DataFrames and Arrow tables)") from e
        self._frames.append(name)
        sql = self.quote(name)
        return Relation(kind, sql, self._describe_query(sql, kind), is_file=False)

    def _describe_query(self, sql: str, label: str) -> tuple[Column, ...]:
        return tuple(Column(n, t, type_class(t)) for n, t in self.engine.describe(sql, label))

    def _catalog_relation(self, table: str) -> Relation:
        """A table or view of the database (not a file); InvalidInputError when there is none."""
        for database, schema, name in self._name_candidates(table):
            entry = self.engine.find_relation(database, schema, name)
            if entry is None:
                continue
            sql = ".".join(self.quote(p) for p in (*entry.qualifiers, entry.name))
            columns = (self._describe_query(sql, table) if entry.columns is None
                       else tuple(Column(n, t, type_class(t)) for n, t in entry.columns))
            return Relation(table, sql, columns, is_file=False, identity=entry.identity, is_view=entry.is_view)
        raise InvalidInputError(f"table not found: {table!r}")

    def table_name_parts(self, name: str) -> list[str]:
        """The dotted parts of a table name (:func:`~privrisk_sql.names.split_table_name`), at
        most as many as this database's names have; InvalidInputError naming it otherwise."""
        parts = split_table_name(name)
        most = self.dialect.name_parts
        if len(parts) > most:
            raise InvalidInputError(f"table name {name!r} has {len(parts)} parts; {self.dialect.name} names have "
                                    f"at most {most} ({self.dialect.qualified_form})")
        return parts

    def _name_candidates(self, table: str) -> Iterator[tuple[str | None, str | None, str]]:
        """(database, schema, name) readings of a table argument, in the order they are tried:
        the whole text as one name (a table may be called ``a.b``), then its dotted parts (split
        only if the whole text names nothing, so a malformed reading never hides a real table)."""
        yield None, None, table
        parts = self.table_name_parts(table)
        if len(parts) == 1 and parts[0] != table:
            yield None, None, parts[0]  # '"People"'
        elif len(parts) == 2:
            yield None, parts[0], parts[1]
        elif len(parts) == 3:
            yield parts[0], parts[1], parts[2]

    @property
    def database_label(self) -> str:
        """The kind of database and its version (``"postgres 15.14"``), never where it is or who
        connects: what a report may show."""
        return f"{self.dialect.name} {self.engine.version}".strip()

    @property
    def run_id(self) -> str:
        """Random id of this Source, part of every work-table name it makes."""
        return self._run_id

    def find_table(self, table: str) -> Relation | None:
        """The table or view of that name (same lookup rules as :meth:`relation`, files aside),
        or None when there is none."""
        try:
            return self._catalog_relation(table)
        except InvalidInputError:
            return None

    def output_table(self, name: str) -> OutputTable:
        """Where a table a run creates goes, resolved before any work: the database and/or
        schema it names (else the current ones), which must exist and take new tables.
        InvalidInputError naming what is wrong (a malformed name, no such schema, a read-only
        database) instead of a failure after the run's work."""
        if not isinstance(name, str) or not name.strip():
            raise InvalidInputError(f"output must be a table name, got {name!r}")
        *given, table = self.table_name_parts(name)
        container = self.engine.output_container(name, given)
        self._check_create_privilege(name, container[-1])
        return OutputTable(name, container, table)

    def _check_create_privilege(self, label: str, schema: str) -> None:
        query = self.dialect.create_privilege
        if query is None:
            return
        rows = self._run(query.format(schema=self.literal(schema)), fetch="records", setting=True)
        if rows and not rows[0]["ok"]:
            kind = self.dialect.container_kind
            raise InvalidInputError(f"output {label!r}: this user may not create tables in {kind} {schema!r} "
                                    f"(no CREATE privilege); choose a {kind} it may write to")

    def view_definition(self, view: Relation) -> str | None:
        """The SQL text of a view of the database, as its catalog keeps it (None if unknown)."""
        if not view.is_view or view.identity is None:
            return None
        return self.engine.view_definition(view.identity)

    # -- staging tables (privrisk_sql/staging.py) ------------------------------------------------
    @contextlib.contextmanager
    def staging_run(self) -> Iterator[str]:
        """This run's staging table name, its run marked alive (in this process, and by the
        dialect's lock for other sessions) for the length of the block."""
        staging.LIVE_RUNS.add(self._run_id)
        lock = self.dialect.staging_lock
        try:
            if lock is not None:
                self._run(lock[0].format(key=staging.lock_key(self._run_id)), fetch=True, setting=True)
            yield staging.staging_name(self._run_id)
        finally:
            staging.LIVE_RUNS.discard(self._run_id)
            if lock is not None:
                with contextlib.suppress(Exception):
                    self._run(lock[2].format(key=staging.lock_key(self._run_id)), fetch=True, setting=True)

    def staging_tables(self, container: tuple[str, ...] | None = None) -> list[tuple[tuple[str, ...], str, bool]]:
        """Staging tables in ``container`` (a schema, DuckDB: database and schema; None: all),
        as (container, name, abandoned). Abandoned: its run is alive neither in this process nor
        (where the dialect has one) by its lock; without a lock, only where the dialect says a
        run may tell (``sweeps_unlocked``), else False (only ``cleanup`` drops those)."""
        found = self.engine.staging_candidates(container)
        out = []
        for where, name in found:
            run_id = staging.staging_run_id(name)
            if run_id is None or (container is not None and tuple(where) != tuple(container)):
                continue
            out.append((tuple(where), name, run_id not in staging.LIVE_RUNS and self._owner_gone(run_id)))
        return out

    def _owner_gone(self, run_id: str) -> bool:
        lock = self.dialect.staging_lock
        if lock is None:
            return self.dialect.sweeps_unlocked
        key = staging.lock_key(run_id)
        free = self._run(lock[1].format(key=key), fetch="records", setting=True)
        if free and free[0]["free"]:
            self._run(lock[2].format(key=key), fetch=True, setting=True)
            return True
        return False

    def drop_staging(self, container: tuple[str, ...], name: str) -> None:
        """Drop one staging table (its name checked again: never anything but a staging table)."""
        if staging.staging_run_id(name) is None:
            raise InvalidInputError(f"{name!r} is not a privrisk_sql staging table")
        self._run(f"DROP TABLE IF EXISTS {'.'.join(self.quote(p) for p in (*container, name))}", fetch=False,
                  setting=True)

    def table_exists(self, table: str) -> bool:
        """Whether a table or view of that name exists (same lookup rules as :meth:`relation`)."""
        return self.find_table(table) is not None

    def run_atomically(self, statements: list[str]) -> None:
        """Run statements as one transaction: all of them take effect or none.

        On a connection the caller handed over (an SQLAlchemy Connection or a duckdb connection)
        the statements run inside the caller's own transaction handling."""
        if not self.engine.autocommit:
            for sql in statements:
                self.execute(sql)
            return
        try:
            self.execute("BEGIN")
        except QueryError as e:
            if not self.engine.joins_open_transaction(e):  # e.g. the timeout: stop
                raise
            # The caller's duckdb connection is already inside a transaction: join it.
            for sql in statements:
                self.execute(sql)
            return
        try:
            for sql in statements:
                self.execute(sql)
            self.execute("COMMIT")  # inside: a timeout or Ctrl-C caught just before it rolls back
        except BaseException:
            try:
                self.execute("ROLLBACK")
            except Exception:  # pragma: no cover - the original error matters more
                pass
            raise

    def publish(self, output: OutputTable, staging_name: str, *, replace: bool) -> None:
        """Give the staged table ``staging_name`` (next to ``output``) the output's name, dropping
        a table of that name first when ``replace``: all of it takes effect or none (where DDL is
        not transactional, the replaced table is kept under a staging name until the new one has
        its name)."""
        staged = output.sql(self.quote, staging_name)
        target = output.sql(self.quote)
        if self.dialect.transactions and self.dialect.rename_tables is None:
            statements = [f"DROP TABLE {target}"] if replace else []
            statements.append(f"ALTER TABLE {staged} RENAME TO {self.quote(output.name)}")
            self.run_atomically(statements)
            return
        pairs = [(staged, target)]
        replaced = None
        if replace:
            # The replaced table goes under a staging name of a run that never lives: should this
            # process die before the DROP, ``cleanup`` (or the next run's sweep) finds it.
            replaced = output.sql(self.quote, staging.staging_name(uuid.uuid4().hex[:10]))
            pairs.insert(0, (target, replaced))
        if self.dialect.rename_tables is not None:  # all pairs in one atomic statement (MariaDB)
            self.execute(self.dialect.rename_tables.format(pairs=", ".join(f"{a} TO {b}" for a, b in pairs)))
        else:  # one by one (Spark): between the two, the old table has the staging name
            for a, b in pairs:
                self.execute(f"ALTER TABLE {a} RENAME TO {b}")
        if replaced is not None:
            self.execute(f"DROP TABLE {replaced}")

    # -- temp objects -----------------------------------------------------------------------
    def temp_name(self, stem: str) -> str:
        """A fresh name for a TEMP work table of this run (dropped by :meth:`drop_temps`)."""
        name = f"privrisk_{self._run_id}_{stem}"
        self._temps.append(name)
        return name

    def drop_temp(self, name: str) -> None:
        """Drop one TEMP table of this run now (a run that is done with it), and forget it."""
        self.execute(f"DROP TABLE IF EXISTS {self.quote(name)}")
        self._temps.remove(name)

    def drop_temps(self) -> None:
        """Drop every TEMP table this source created and unregister its DataFrames (errors
        ignored: the session may be gone)."""
        while self._frames:
            name = self._frames.pop()
            with contextlib.suppress(Exception):
                self.engine.unregister_frame(name)
        while self._temps:
            name = self._temps.pop()
            try:
                self._run(f"DROP TABLE IF EXISTS {self.quote(name)}", fetch=False)
            except Exception:  # pragma: no cover - best effort cleanup
                pass

    def close(self) -> None:
        self.drop_temps()
        self.engine.close()

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
def opened(target: Any = None) -> Iterator[Source]:
    """A Source for ``target`` for the length of a ``with`` block: its TEMP tables are dropped at the
    end, and it is closed too when it was opened here (not when the caller passed a Source)."""
    source = connect(target)
    try:
        with source.guarded():
            yield source
    finally:
        if source is not target:
            source.close()


def _raise_signal_stop(reason: str | None) -> None:
    """Ctrl-C as KeyboardInterrupt, SIGTERM as TerminatedError (a KeyboardInterrupt too)."""
    if reason == INTERRUPT:
        raise KeyboardInterrupt
    if reason == TERMINATE:
        raise TerminatedError("terminated (SIGTERM)")


def _setting_number(value: float) -> str:
    """A time limit as a setting's text: whole units (PostgreSQL's statement_timeout takes no
    fraction of a millisecond)."""
    return str(int(value))


__all__ = ["Column", "OutputTable", "Relation", "Source", "connect", "database_file", "is_in_memory", "opened"]


def echo_to_stderr(sql: str) -> None:
    sys.stderr.write(sql.rstrip() + ";\n\n")

