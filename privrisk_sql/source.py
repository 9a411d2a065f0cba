"""The one object that talks to a database: DuckDB natively, anything else through SQLAlchemy.

A :class:`Source` knows its dialect, runs SQL, resolves table arguments (a table name, or a
CSV/Parquet path read in place by DuckDB) to their real column names and types, and owns the TEMP
work tables of a run. It never writes to a user table.
"""

from __future__ import annotations

import contextlib
import logging
import math
import sys
import threading
import time
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

from . import staging
from .cancel import INTERRUPT, TERMINATE, RunGuard
from .dialects import get_dialect
from .errors import InvalidInputError, QueryError, QueryTimeoutError, TerminatedError, UnsupportedFeatureError
from .names import split_table_name
from .read_only import check_statement
from .render import quote_identifier, sql_literal
from .types import TypeClass, type_class

log = logging.getLogger("privrisk_sql")

_FILE_SUFFIXES = {".csv": "read_csv", ".tsv": "read_csv", ".txt": "read_csv", ".parquet": "read_parquet", ".pq": "read_parquet"}


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


def _is_csv_file(table: Any) -> bool:
    return isinstance(table, str) and _file_reader(table) == "read_csv" and Path(table).is_file()


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
        self._open_read_only = self.read_only or bool(open_read_only)
        self.timeout = timeout
        self._guard: RunGuard | None = None
        # The open connection: one of the two is set (typed Any: each is checked before use).
        self._duck: Any = None  # duckdb.DuckDBPyConnection
        self._sa_conn: Any = None  # sqlalchemy.engine.Connection
        self._owns = False
        self._autocommit = False  # statements commit one by one; BEGIN/COMMIT are ours to issue
        self._temps: list[str] = []
        self._frames: list[str] = []  # DataFrames registered with DuckDB for this run (see _frame_relation)
        self._old_settings: list[tuple[str, str]] = []  # run settings to restore (see Dialect.run_settings)
        self._old_backstops: list[tuple[str, str]] = []  # PostgreSQL's statement_timeout, while a run has a timeout
        self._settings_pending = False
        self._run_id = uuid.uuid4().hex[:10]
        self.echo: Callable[[str], None] | None = None  # called with every statement (``--show-sql``)
        self.on_timing: Callable[[str, float], None] | None = None  # (sql, seconds) after each statement
        self.statements = 0
        if target is None:
            self._duck, self._owns = duckdb.connect(), True
            self._autocommit = True
            self._lock_down_duckdb(files)
        elif isinstance(getattr(target, "_cursor", None), duckdb.DuckDBPyConnection):
            # dbt-duckdb's Python-model `session` wraps the live DuckDB cursor: use that cursor.
            self._duck = target._cursor
            self._autocommit = True
        elif isinstance(target, duckdb.DuckDBPyConnection):
            self._duck = target
            self._autocommit = True  # unless the caller opened a transaction (run_atomically checks)
        elif isinstance(target, (str, Path)):
            self._open_url(str(target), files)
        else:
            self._open_sqlalchemy(target)
        if self._duck is not None:
            self.dialect = get_dialect("duckdb")
            # Positions of rows (syn_idx/ori_idx) follow the scan order; keep it.
            self._duck.execute("SET preserve_insertion_order = true")
            # privrisk_sql draws its own progress bar; DuckDB's would interleave on stderr.
            self._duck.execute("SET enable_progress_bar = false")
        else:
            sa_conn: Any = self._sa_conn  # set by _open_* (mypy narrowed it to the None above)
            self.dialect = get_dialect(sa_conn.dialect.name)

    # -- opening -----------------------------------------------------------------------------
    def _open_url(self, url: str, files=()) -> None:
        if is_in_memory(url):
            self._duck, self._owns, self._autocommit = duckdb.connect(), True, True
            self._lock_down_duckdb(files)
            return
        if url.startswith("duckdb:///"):
            url = url[len("duckdb:///"):]
        elif "://" in url:
            import sqlalchemy as sa

            try:
                engine = sa.create_engine(_sqlite_read_only_url(url) if self._open_read_only else url,
                                          **_connect_options(url, self.timeout))
            except Exception as e:  # bad URL syntax or missing driver
                raise InvalidInputError(f"cannot use database URL {url!r}: {e}") from e
            self._open_sqlalchemy(engine)
            self._owns = True
            return
        if self.read_only and not Path(url).is_file():
            # DuckDB would refuse too, with a less helpful message (and without read_only it would
            # create an empty database file here).
            raise InvalidInputError(f"read-only: DuckDB database file not found: {url!r}")
        try:
            self._duck, self._owns, self._autocommit = duckdb.connect(url, read_only=self._open_read_only), True, True
        except duckdb.Error as e:
            raise QueryError(f"cannot open DuckDB database {url!r}: {e}", dialect="duckdb") from e
        self._lock_down_duckdb(files)

    def _lock_down_duckdb(self, files) -> None:
        """read_only on a DuckDB opened here: no file outside ``files`` may be read or written, and
        the setting cannot be turned back on by any later statement."""
        if not self.read_only:
            return
        if files:
            paths = ", ".join(sql_literal(str(Path(f).resolve()), get_dialect("duckdb")) for f in files)
            self._duck.execute(f"SET allowed_paths = [{paths}]")
        self._duck.execute("SET enable_external_access = false")

    def _open_sqlalchemy(self, target: Any) -> None:
        import sqlalchemy as sa

        if isinstance(target, sa.engine.Engine):
            try:
                conn = target.connect()
            except sa.exc.DBAPIError as e:
                raise QueryError(
                    f"cannot connect to {target.url.render_as_string(hide_password=True)}: {_first_line(e)}",
                    dialect=target.dialect.name,
                ) from e
            # Each statement commits on its own: TEMP tables live for the session, not a transaction.
            conn = conn.execution_options(isolation_level="AUTOCOMMIT")
            self._autocommit = True
        elif isinstance(target, sa.engine.Connection):
            conn = target  # the caller's connection, transaction and all
        else:
            raise InvalidInputError(f"cannot make a Source from {type(target).__name__}")
        self._sa_conn = conn
        if conn.dialect.name == "sqlite":
            from .sqlite_functions import register

            driver: Any = conn.connection.driver_connection  # an open sqlite3 connection
            register(driver)
            # sqlite3 opens any file lazily: a file that is not a database (or is locked) would
            # otherwise surface as "table not found" when the catalog is read.
            try:
                driver.execute("PRAGMA schema_version").fetchall()
            except Exception as e:
                where = database_file(conn.engine.url.render_as_string(hide_password=False))
                if "not a database" in str(e):
                    raise InvalidInputError(f"{where!r} is not an SQLite database ({e})") from e
                raise QueryError(f"cannot open SQLite database {where!r}: {e}", dialect="sqlite") from e

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
            if self._duck is not None:
                cur = self._duck.execute(sql)
                return _fetched(cur, fetch)
            # The raw DBAPI cursor with no parameters: no driver ever reads a '%' or ':' in our
            # SQL (or in a quoted identifier) as a placeholder.
            cur = self._sa_conn.connection.driver_connection.cursor()
            try:
                cur.execute(sql)
                return _fetched(cur, fetch)
            finally:
                cur.close()
        except KeyboardInterrupt:
            raise
        except Exception as e:  # driver errors differ per backend; wrap them all
            if isinstance(e, (InvalidInputError, QueryError)):
                raise
            if guard is not None and guard.pending():
                self._stopped(guard, sql, mid_statement=True)
            if isinstance(e, duckdb.Error) and "CSV Error" in str(e):
                # A bad value past the rows DuckDB's sniffer sampled: the input is at fault (exit 2).
                lines = str(e).splitlines()
                file = next((x.split("=", 1)[1].strip() for x in lines if x.strip().startswith("file =")), "?")
                why = next((x for x in lines if x.startswith("Error when converting")), "")
                raise InvalidInputError(f"bad CSV input in {file!r}: {_first_line(e).split(': ', 1)[-1]}: {why} "
                                        "(the column's type was sniffed from the first rows)") from e
            raise QueryError(f"{self.dialect.name} error: {_first_line(e)}", sql=sql, dialect=self.dialect.name) from e
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
                self._clear_backstops(guard)
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
        """Called from the watcher thread. SQLite needs nothing here: its progress handler polls."""
        if self._duck is not None:
            self._duck.interrupt()
        elif self.dialect.name == "postgres":
            self._sa_conn.connection.driver_connection.cancel_safe()

    def _apply_run_settings(self) -> None:
        """The dialect's session settings for one run (PostgreSQL: jit off), the old values kept;
        run before the run's first statement, so a run refused before any SQL changes nothing."""
        self._old_settings = self._swap_settings(self.dialect.run_settings)

    def _restore_run_settings(self) -> None:
        self._restore_settings(self._old_settings)
        self._old_settings = []

    def _swap_settings(self, settings: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """Set PostgreSQL session settings; returns the (name, old value) pairs that changed. A
        setting this server does not know (jit before PostgreSQL 11) is left alone. Other
        dialects have no settings to change."""
        changed: list[tuple[str, str]] = []
        if self.dialect.name != "postgres":
            return changed
        for name, value in settings:
            old = self._run(f"SELECT current_setting({self.literal(name)}, true)", fetch=True, setting=True)[0][0]
            if old is None or old == value:
                continue
            self._run(f"SELECT set_config({self.literal(name)}, {self.literal(value)}, false)", fetch=True,
                      setting=True)
            changed.append((name, old))
        return changed

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
                self._run(f"SELECT set_config({self.literal(name)}, {self.literal(old)}, false)", fetch=True,
                          setting=True)

    def _set_backstops(self, guard: RunGuard) -> None:
        """Per-backend help for the watcher: SQLite's progress handler (the VM polls the flag), and on
        PostgreSQL a server-side statement_timeout just past the deadline, should the client stall."""
        if self.dialect.name == "sqlite":
            raw = self._sa_conn.connection.driver_connection
            raw.set_progress_handler(lambda: 1 if guard.pending() else 0, 1000)
        elif guard.timeout is not None:
            self._old_backstops = self._swap_settings([("statement_timeout", str(int((guard.timeout + 1) * 1000)))])

    def _clear_backstops(self, guard: RunGuard) -> None:
        if self.dialect.name == "sqlite":
            self._sa_conn.connection.driver_connection.set_progress_handler(None, 0)
        elif guard.timeout is not None:
            self._restore_settings(self._old_backstops)
            self._old_backstops = []

    # -- catalog -----------------------------------------------------------------------------
    def quote(self, name: str) -> str:
        return quote_identifier(name, self.dialect)

    def literal(self, value: Any) -> str:
        return sql_literal(value, self.dialect)

    def relations(self, *tables: str) -> list[Relation]:
        """:meth:`relation` of each table, with the CSV files among them sniffed concurrently.

        DuckDB's CSV sniffer runs on one thread, about 30 ms for a 30k-row file: the two inputs
        of mpUCCs are sniffed side by side, each on its own cursor (a cursor is a connection of
        the same database, so nothing it reads differs). Errors are raised in ``tables`` order.
        """
        csv_files = [t for t in dict.fromkeys(t for t in tables if isinstance(t, str)) if _is_csv_file(t)]
        sniffed: dict[str, Any] = {}
        if self._duck is not None and len(csv_files) > 1:

            def sniff(label: str) -> None:
                cursor = self._duck.cursor()
                try:
                    sniffed[label] = self._sniff_csv(label, cursor)
                except BaseException as e:  # raised by _relation when it reaches this table, in tables order
                    sniffed[label] = e
                finally:
                    cursor.close()

            threads = [threading.Thread(target=sniff, args=(t,), daemon=True) for t in csv_files]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        return [self._relation(t, sniffed.get(t) if isinstance(t, str) else None) for t in tables]

    def relation(self, table: str) -> Relation:
        """Resolve a table name, a CSV/Parquet path or (DuckDB) a DataFrame; raise InvalidInputError
        naming it if missing."""
        return self._relation(table, None)

    def _relation(self, table: str, sniffed: tuple | BaseException | None) -> Relation:
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
                    f"{table}: CSV/Parquet paths are read by DuckDB; load the file into {self.dialect.name} first"
                )
            path = self.literal(str(Path(table)))
            if reader == "read_csv":
                if isinstance(sniffed, BaseException):
                    raise sniffed
                sql = self._pinned_csv_reader(path, sniffed or self._sniff_csv(table, self._duck))
            else:
                sql = f"{reader}({path})"
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
        if self._duck is None:
            raise UnsupportedFeatureError(
                f"a {kind} is read by DuckDB; load it into {self.dialect.name} first (for example with DataFrame.to_sql)")
        name = f"privrisk_{self._run_id}_frame{len(self._frames)}"
        try:
            self._duck.register(name, frame)
        except Exception as e:  # DuckDB cannot scan this object
            raise InvalidInputError(f"table must be a table name, a CSV/Parquet path or a DataFrame, got {kind} "
                                    "(DuckDB reads pandas DataFrames and Arrow tables)") from e
        self._frames.append(name)
        sql = self.quote(name)
        return Relation(kind, sql, self._describe_query(sql, kind), is_file=False)

    @staticmethod
    def _sniff_csv(label: str, connection) -> tuple:
        """What DuckDB's sniffer detects in the CSV file ``label`` (the options :meth:`_pinned_csv_reader` pins)."""
        try:
            row = connection.execute(
                "SELECT Delimiter, Quote, Escape, NewLineDelimiter, Comment, SkipRows, HasHeader, Columns,"
                " DateFormat, TimestampFormat FROM sniff_csv(?)", [str(Path(label))]
            ).fetchone()
            return _keep_user_spellings(label, connection, row)
        except duckdb.Error as e:
            raise InvalidInputError(f"cannot read {label!r}: {_first_line(e)}") from e

    def _pinned_csv_reader(self, path_sql: str, row: tuple) -> str:
        """``read_csv`` with the options DuckDB's sniffer detected (``row``), spelled out (``auto_detect=false``).

        Every query of a run reads the file again, and each auto-detecting read sniffs it again:
        about 30 ms of a 35 ms read of a 30k-row CSV. The sniffer is deterministic, so pinning its
        result once reads the same types and values.
        """
        delim, quote, escape, new_line, comment, skip, header, columns, date_format, ts_format = row

        def option(value: str) -> str:
            return self.literal("" if value == "(empty)" else value)

        types = ", ".join(f"{self.literal(c['name'])}: {self.literal(c['type'])}" for c in columns)
        options = [path_sql, "auto_detect = false", f"delim = {option(delim)}", f"quote = {option(quote)}",
                   f"escape = {option(escape)}", f"new_line = {option(new_line)}", f"comment = {option(comment)}",
                   f"skip = {int(skip)}", f"header = {'true' if header else 'false'}", f"columns = {{{types}}}"]
        if date_format:
            options.append(f"dateformat = {self.literal(date_format)}")
        if ts_format:
            options.append(f"timestampformat = {self.literal(ts_format)}")
        return f"read_csv({', '.join(options)})"

    def _describe_query(self, sql: str, label: str) -> tuple[Column, ...]:
        try:
            rows = self._duck.execute(f"DESCRIBE SELECT * FROM {sql}").fetchall()
        except duckdb.Error as e:
            raise InvalidInputError(f"cannot read {label!r}: {_first_line(e)}") from e
        return tuple(Column(r[0], r[1], type_class(r[1])) for r in rows)

    def _catalog_relation(self, table: str) -> Relation:
        """A table or view of the database (not a file); InvalidInputError when there is none."""
        return self._duck_relation(table) if self._duck is not None else self._sa_relation(table)

    def table_name_parts(self, name: str) -> list[str]:
        """The dotted parts of a table name (:func:`~privrisk_sql.names.split_table_name`), at
        most as many as this database's names have; InvalidInputError naming it otherwise."""
        parts = split_table_name(name)
        most = self.dialect.name_parts
        if len(parts) > most:
            form = "database.schema.table" if most == 3 else ("database.table" if self.dialect.name == "sqlite"
                                                                else "schema.table")
            raise InvalidInputError(f"table name {name!r} has {len(parts)} parts; {self.dialect.name} names have "
                                    f"at most {most} ({form})")
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

    def _duck_relation(self, table: str) -> Relation:
        for database, schema, name in self._name_candidates(table):
            # `a.b` is schema a (of any attached database) or database a's schema main, as DuckDB
            # reads it; `a.b.c` is database a's schema b; an unqualified name is looked up where
            # DuckDB looks first: TEMP, then the current database and schema, then elsewhere.
            rows = self._duck.execute(
                "SELECT database_name, schema_name, name, is_view FROM ("
                " SELECT database_name, schema_name, table_name AS name, false AS is_view FROM duckdb_tables()"
                " UNION ALL SELECT database_name, schema_name, view_name, true FROM duckdb_views() WHERE NOT internal)"
                " WHERE lower(name) = lower($name)"
                " AND ($database IS NULL OR lower(database_name) = lower($database))"
                " AND ($schema IS NULL OR lower(schema_name) = lower($schema)"
                " OR ($database IS NULL AND lower(database_name) = lower($schema) AND schema_name = 'main'))"
                " ORDER BY CASE WHEN database_name = 'temp' THEN 0"
                " WHEN database_name = current_database() AND schema_name = current_schema() THEN 1 ELSE 2 END,"
                " database_name, schema_name",
                {"name": name, "database": database, "schema": schema},
            ).fetchall()
            exact = [r for r in rows if r[2] == name] or rows
            if exact:
                real_database, real_schema, real_name, is_view = exact[0]
                qualifiers = [p for p in (database, schema) if p is not None]
                sql = ".".join([self.quote(p) for p in qualifiers] + [self.quote(real_name)])
                return Relation(table, sql, self._describe_query(sql, table), is_file=False,
                                identity=(real_database, real_schema, real_name), is_view=bool(is_view))
        raise InvalidInputError(f"table not found: {table!r}")

    def _sa_relation(self, table: str) -> Relation:
        import sqlalchemy as sa

        insp = sa.inspect(self._sa_conn)
        for _, schema, name in self._name_candidates(table):
            try:
                views = insp.get_view_names(schema=schema)
                names = insp.get_table_names(schema=schema) + views
            except Exception:
                continue
            # Catalogs fold unquoted names (PostgreSQL: lower case); match exactly, then folded.
            real = name if name in names else next((n for n in names if n.lower() == name.lower()), None)
            if real is None:
                continue
            cols = insp.get_columns(real, schema=schema)
            columns = tuple(Column(c["name"], _sa_type_name(c["type"]), type_class(_sa_type_name(c["type"]))) for c in cols)
            sql = self.quote(real) if schema is None else f"{self.quote(schema)}.{self.quote(real)}"
            schema_key = schema or insp.default_schema_name
            if self.dialect.name == "sqlite":  # its database names ignore case (main, MAIN); PostgreSQL's do not
                schema_key = schema_key.lower()
            return Relation(table, sql, columns, is_file=False, identity=(schema_key, real), is_view=real in views)
        raise InvalidInputError(f"table not found: {table!r}")

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
        container = self._duck_container(name, given) if self._duck is not None else self._sa_container(name, given)
        return OutputTable(name, container, table)

    def _duck_container(self, label: str, given: list[str]) -> tuple[str, str]:
        # CREATE TABLE a.t: schema a of the current database, else database a's schema main.
        rows = self._duck.execute(
            "SELECT s.database_name, s.schema_name, d.readonly FROM duckdb_schemas() s"
            " JOIN duckdb_databases() d ON d.database_name = s.database_name"
            " WHERE CASE $parts"
            " WHEN 0 THEN s.database_name = current_database() AND s.schema_name = current_schema()"
            " WHEN 1 THEN (s.database_name = current_database() AND lower(s.schema_name) = lower($a))"
            "          OR (lower(s.database_name) = lower($a) AND s.schema_name = 'main')"
            " ELSE lower(s.database_name) = lower($a) AND lower(s.schema_name) = lower($b) END"
            " ORDER BY s.database_name <> current_database()",
            {"parts": len(given), "a": given[0] if given else None, "b": given[1] if len(given) > 1 else None},
        ).fetchall()
        if not rows:
            where = (f"no schema {given[0]!r} in the current database, nor a database of that name" if len(given) == 1
                     else f"no schema {given[1]!r} in a database {given[0]!r}")
            raise InvalidInputError(f"output {label!r}: {where}")
        database, schema, read_only = rows[0]
        if database in ("temp", "system"):
            raise InvalidInputError(f"output {label!r}: database {database!r} holds DuckDB's TEMP and system "
                                    "objects; name a table of an attached or the current database")
        if read_only:
            raise InvalidInputError(f"output {label!r}: database {database!r} is attached read-only")
        return database, schema

    def _sa_container(self, label: str, given: list[str]) -> tuple[str]:
        import sqlalchemy as sa

        insp = sa.inspect(self._sa_conn)
        if not given:
            schema = insp.default_schema_name
            self._check_create_privilege(label, schema)
            return (schema,)
        schemas = insp.get_schema_names()
        if self.dialect.name == "sqlite":  # attached database names ignore case (main, MAIN)
            found = next((s for s in schemas if s.lower() == given[0].lower()), None)
        else:  # a quoted PostgreSQL schema name keeps its case
            found = given[0] if given[0] in schemas else None
        if found is None:
            kind = "attached database" if self.dialect.name == "sqlite" else "schema"
            raise InvalidInputError(f"output {label!r}: no {kind} {given[0]!r}")
        self._check_create_privilege(label, found)
        return (found,)

    def _check_create_privilege(self, label: str, schema: str) -> None:
        query = self.dialect.create_privilege
        if query is None:
            return
        rows = self._run(query.format(schema=self.literal(schema)), fetch="records", setting=True)
        if rows and not rows[0]["ok"]:
            raise InvalidInputError(f"output {label!r}: this user may not create tables in schema {schema!r} "
                                    "(no CREATE privilege); choose a schema it may write to")

    def view_definition(self, view: Relation) -> str | None:
        """The SQL text of a view of the database, as its catalog keeps it (None if unknown)."""
        if not view.is_view or view.identity is None:
            return None
        if self._duck is not None:
            database, schema, name = view.identity
            rows = self._duck.execute(
                "SELECT sql FROM duckdb_views() WHERE database_name = $d AND schema_name = $s AND view_name = $n",
                {"d": database, "s": schema, "n": name}).fetchall()
            return rows[0][0] if rows else None
        import sqlalchemy as sa

        schema, name = view.identity
        try:
            return sa.inspect(self._sa_conn).get_view_definition(name, schema=schema)
        except Exception:  # no definition to read: the guard sees nothing through this view
            return None

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
        found: list[tuple[tuple[str, ...], str]] = []
        if self._duck is not None:
            rows = self._duck.execute(
                "SELECT database_name, schema_name, table_name FROM duckdb_tables()"
                " WHERE NOT temporary AND table_name LIKE 'privrisk\\_%\\_staging' ESCAPE '\\'").fetchall()
            found = [((d, s), n) for d, s, n in rows]
        else:
            import sqlalchemy as sa

            insp = sa.inspect(self._sa_conn)
            schemas = [container[0]] if container else [
                s for s in insp.get_schema_names() if s not in ("information_schema", "pg_catalog")]
            for schema in schemas:
                found += [((schema,), n) for n in insp.get_table_names(schema=schema) if n.startswith("privrisk_")]
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
        if not self._autocommit:
            for sql in statements:
                self.execute(sql)
            return
        try:
            self.execute("BEGIN")
        except QueryError as e:
            if self._duck is None or "within a transaction" not in str(e):  # e.g. the timeout: stop
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
                self._duck.unregister(name)
        while self._temps:
            name = self._temps.pop()
            try:
                self._run(f"DROP TABLE IF EXISTS {self.quote(name)}", fetch=False)
            except Exception:  # pragma: no cover - best effort cleanup
                pass

    def close(self) -> None:
        self.drop_temps()
        if self._owns:
            if self._duck is not None:
                self._duck.close()
            elif self._sa_conn is not None:
                engine = self._sa_conn.engine
                self._sa_conn.close()
                engine.dispose()

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _sa_type_name(t: Any) -> str:
    try:
        return str(t)
    except Exception:  # NullType and friends do not compile
        return type(t).__name__.upper()


def _first_line(e: BaseException) -> str:
    text = str(getattr(e, "orig", None) or e).strip()
    return text.splitlines()[0] if text else type(e).__name__


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


def _fetched(cursor: Any, fetch: bool | str) -> Any:
    """A DBAPI cursor's rows: None, tuples, or (fetch="records") dicts by column name."""
    if not fetch:
        return None
    rows = cursor.fetchall()
    if fetch == "records":
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, r)) for r in rows]
    # DuckDB's rows are tuples already: no copy of a large result (mpUCCs' events) for nothing.
    return rows if not rows or type(rows[0]) is tuple else [tuple(r) for r in rows]


_IN_MEMORY = ("", ":memory:", "duckdb://", "duckdb:///:memory:")


def is_in_memory(target: Any) -> bool:
    """Whether ``target`` opens a new in-memory DuckDB (None or one of its URL spellings)."""
    return target is None or (isinstance(target, str) and target in _IN_MEMORY)


def database_file(target: Any) -> str | None:
    """The local file a ``--db`` value names: a DuckDB path (or ``duckdb:///path``) or a
    ``sqlite:///path`` URL; None for in-memory databases, servers and non-string targets."""
    if not isinstance(target, (str, Path)):
        return None
    url = str(target)
    if is_in_memory(url):
        return None
    if url.startswith("duckdb:///"):
        return url[len("duckdb:///"):]
    if "://" not in url:
        return url
    import sqlalchemy as sa

    try:
        u = sa.engine.make_url(url)
    except Exception:  # bad URL: Source reports it
        return None
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    if u.database.startswith("file:"):  # a URI: file:x.db (its query is the URL's), an in-memory one
        path = u.database[len("file:"):].split("?", 1)[0]
        if not path or path == ":memory:" or u.query.get("mode") == "memory":
            return None
        return path
    return u.database


def _keep_user_spellings(label: str, connection: Any, row: tuple) -> tuple:
    """The sniffed CSV options, with a column DuckDB sniffed as BOOLEAN read as text unless the
    file spells its values true/false: DuckDB also takes yes/no, y/n, t/f, 1/0, and results would
    then show true/false where the file (and pandas, so PETsARD) say "yes"/"no"."""
    columns = list(row[7])
    if len(columns) == 1 and any(sep in columns[0]["name"] for sep in (",", ";", "\t")):
        # Rows with different numbers of fields: the sniffer gives up on the delimiter and reads
        # each line as one text value, so a 3-column file became 1 column and rows went wrong.
        raise InvalidInputError(f"cannot read {label!r}: its rows do not all have the same number of fields "
                                f"(DuckDB read each line as one value, header {columns[0]['name']!r})")
    booleans = [c["name"] for c in columns if c["type"] == "BOOLEAN"]
    if not booleans:
        return row
    duck = get_dialect("duckdb")
    types = "{" + ", ".join(f"{sql_literal(n, duck)}: 'VARCHAR'" for n in booleans) + "}"
    spelled = ", ".join(f"bool_and(lower(trim({quote_identifier(n, duck)})) IN ('true', 'false')) "
                        f"OR bool_and({quote_identifier(n, duck)} IS NULL)" for n in booleans)
    flags = connection.execute(
        f"SELECT {spelled} FROM read_csv({sql_literal(str(Path(label)), duck)}, types = {types})").fetchone()
    as_text = {n for n, ok in zip(booleans, flags) if not ok}
    if not as_text:
        return row
    fixed = [dict(c, type="VARCHAR") if c["name"] in as_text else c for c in columns]
    return (*row[:7], fixed, *row[8:])


def _connect_options(url: str, timeout: float | None) -> dict[str, Any]:
    """Engine options so that connecting is bounded by the run's timeout too (a server that accepts
    TCP and never answers held a run 40 s with --timeout 2)."""
    if timeout is None or not url.startswith(("postgresql", "postgres")):
        return {}
    return {"connect_args": {"connect_timeout": max(1, math.ceil(timeout))}}


def _sqlite_read_only_url(url: str) -> str:
    """``sqlite:///path`` as a read-only URI (other URLs unchanged)."""
    import sqlalchemy as sa

    u = sa.engine.make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return url
    # A URI form (file:x.db?uri=true) keeps its other parameters; mode=ro wins over any mode given.
    database = u.database if u.database.startswith("file:") else f"file:{u.database}"
    return u.set(database=database, query={**u.query, "mode": "ro", "uri": "true"}).render_as_string(
        hide_password=False)


def echo_to_stderr(sql: str) -> None:
    sys.stderr.write(sql.rstrip() + ";\n\n")

