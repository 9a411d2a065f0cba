"""Any database SQLAlchemy reaches (SQLite, PostgreSQL, MariaDB): one SQLAlchemy connection.

Statements go through the raw DBAPI cursor with no parameters, so that no driver ever reads a
'%' or ':' in our SQL (or in a quoted identifier) as a placeholder. How a database differs
(cancelling, catalog name folding, system schemas) is read from its Dialect record.
"""

from __future__ import annotations

import contextlib
import math
import re
import sqlite3
import warnings
from typing import Any

from ..errors import InvalidInputError, QueryError, UnsupportedFeatureError
from ..sql.dialects import Dialect, get_dialect
from ..sql.types import declared_without_a_type
from . import CatalogEntry
from .cancel import RunGuard
from .common import database_file, fetched, first_line, redacted, run_lock

# How many rows of an SQLite column declared without a type are read to type it by its values
_TYPED_BY_ROWS = 10_000

# SQLAlchemy's reflection warning for a column type its dialect does not know (PostgreSQL, MySQL)
_UNRECOGNIZED_TYPE = re.compile(r"Did not recognize type '(.+?)' of column '(.*)'", re.DOTALL)


class SQLAlchemyEngine:
    """One SQLAlchemy connection (opened here from a URL or an Engine, or the caller's)."""

    reads_frames = False

    def __init__(self, conn: Any, *, owns: bool, autocommit: bool, closes: bool = False):
        self.conn = conn
        self.owns = owns  # the Engine too: made here from a URL, disposed of at close
        self.run_lock = run_lock(conn)  # shared where the caller's one Connection serves many Sources
        # The connection, taken here from a caller's Engine: given back to its pool at close
        # (left to the garbage collector, a pool of one refused the next run).
        self.closes = closes or owns
        self.autocommit = autocommit
        self.dialect: Dialect = get_dialect(conn.dialect.name)
        self.raw: Any = conn.connection.driver_connection
        self.version = ".".join(str(p) for p in (conn.dialect.server_version_info or ()))
        self._connection_id: Any = None
        # A caller's sqlite3 connection (pandas' kind): per run, BEGIN/COMMIT are ours where it
        # has no transaction open (see watch), else the run joins theirs.
        self._callers_sqlite3: Any = None
        self._isolation_before: Any = None
        self._text_factory_before: Any = str
        if self.dialect.python_functions:
            self._register_python_functions()
        self._canceller = CANCELLERS[self.dialect.cancel_by]
        self._canceller.start(self)

    @classmethod
    def wrap(cls, target: Any) -> SQLAlchemyEngine:
        """An engine for a SQLAlchemy ``Engine`` (a new connection, each statement committing on
        its own: TEMP tables live for the session, not a transaction) or ``Connection`` (the
        caller's, transaction and all)."""
        import sqlalchemy as sa

        if isinstance(target, sa.engine.Engine):
            try:
                conn = target.connect()
            except sa.exc.DBAPIError as e:
                raise QueryError(
                    redacted(f"cannot connect to {target.url.render_as_string(hide_password=True)}: {first_line(e)}"),
                    dialect=target.dialect.name,
                ) from e
            return cls(conn.execution_options(isolation_level="AUTOCOMMIT"), owns=False, autocommit=True, closes=True)
        if isinstance(target, sa.engine.Connection):
            if target.closed:  # its ResourceClosedError at the first statement, no typed error
                raise InvalidInputError("the SQLAlchemy connection given is closed: pass an open one")
            with run_lock(target):  # making the engine runs statements on it (MariaDB's session id)
                return cls(target, owns=False, autocommit=_commits_each_statement(target))
        if isinstance(target, sqlite3.Connection):  # as pandas takes one (read_sql, to_sql)
            turn = run_lock(target)  # each Source wraps it anew: its turn is the connection's
            with turn:  # making the engine runs statements and registers functions on it too
                try:
                    target.execute("SELECT 1").fetchall()
                except sqlite3.ProgrammingError as e:  # SQLAlchemy's traceback said it, as no typed error
                    if "thread" in str(e):
                        raise InvalidInputError(_SQLITE3_OTHER_THREAD) from None
                    raise InvalidInputError("the sqlite3 connection given is closed: pass an open one") from None
                engine = cls(_over_sqlite3(target), owns=False, autocommit=False, closes=True)
            engine._callers_sqlite3 = target
            engine.run_lock = turn
            return engine
        kind = type(target)
        raise InvalidInputError(
            f"cannot make a Source from {kind.__module__}.{kind.__qualname__}: pass a database URL "
            "(postgresql+psycopg://user@host/db), a SQLAlchemy Engine or Connection, a duckdb or sqlite3 "
            "connection, or a SparkSession"
        )

    def _register_python_functions(self) -> None:
        from ..sql.sqlite_functions import register

        register(self.raw)
        # sqlite3 opens any file lazily: a file that is not a database (or is locked) would
        # otherwise surface as "table not found" when the catalog is read.
        try:
            self.raw.execute("PRAGMA schema_version").fetchall()
        except Exception as e:
            where = database_file(self.conn.engine.url.render_as_string(hide_password=False))
            if "not a database" in str(e):
                raise InvalidInputError(f"{where!r} is not an SQLite database ({e})") from e
            raise QueryError(f"cannot open SQLite database {where!r}: {e}", dialect=self.dialect.name) from e

    # -- talking ------------------------------------------------------------------------------
    def run(self, sql: str, fetch: bool | str) -> Any:
        cur = self.raw.cursor()
        try:
            cur.execute(sql)
            return fetched(cur, fetch)
        finally:
            cur.close()

    def cancel(self) -> None:
        self._canceller.cancel(self)

    def query_progress(self) -> float | None:
        return None  # PostgreSQL, MariaDB and SQLite report no progress of a query to its client

    def abandon(self) -> None:
        self._canceller.abandon(self)

    def watch(self, guard: RunGuard) -> None:
        self._canceller.watch(self, guard)
        con = self._callers_sqlite3
        if con is not None:  # text as str for the run, whatever the caller's text_factory (bytes:
            self._text_factory_before = con.text_factory  # the catalog look-up found no table)
            con.text_factory = str
        if con is not None and not con.in_transaction and getattr(con, "autocommit", -1) == _LEGACY_SQLITE3:
            # No transaction of the caller's open: the run commits statement by statement (as an
            # SQLite URL's does) and publishes in a BEGIN ... COMMIT of its own, so that it leaves
            # none open. In sqlite3's default mode an INSERT into a work table opened one, which
            # held the output uncommitted (lost when the caller closed) and locked out writers.
            self._isolation_before = con.isolation_level
            con.isolation_level = None
            self.autocommit = True

    def unwatch(self) -> None:
        self._canceller.unwatch(self)
        con = self._callers_sqlite3
        if con is not None:
            con.text_factory = self._text_factory_before
        if con is not None and self.autocommit:
            self.autocommit = False
            con.isolation_level = self._isolation_before

    def in_open_transaction(self) -> bool:
        # A caller's Connection outside AUTOCOMMIT is theirs anyway (autocommit False); one in it
        # may still hold a BEGIN of theirs, which a BEGIN of ours failed on ("SET TRANSACTION
        # ISOLATION LEVEL must be called before any query") and whose work our COMMIT would end.
        return _driver_in_transaction(self.raw)

    # -- catalog ------------------------------------------------------------------------------
    def _inspector(self) -> Any:
        import sqlalchemy as sa

        return sa.inspect(self.conn)

    def find_relation(self, database: str | None, schema: str | None, name: str) -> CatalogEntry | None:
        query = self.dialect.lookup_schemas
        if schema is not None or query is None:
            return self._find_in(schema, name)
        default = self._inspector().default_schema_name
        for row in self.run(query, "records"):  # the database's own order
            searched = row["name"]
            entry = self._find_in(None if searched == default else searched, name, temporary=bool(row["temporary"]))
            if entry is not None:
                return entry
        return None

    def _find_in(self, schema: str | None, name: str, temporary: bool = False) -> CatalogEntry | None:
        import sqlalchemy as sa

        insp = self._inspector()
        try:
            if temporary:  # the session's own (SQLAlchemy lists them apart: PostgreSQL's pg_temp_N)
                views = {n: "view" for n in insp.get_temp_view_names()}
                names = insp.get_temp_table_names() + list(views)
            else:
                views = _view_names(insp, schema)
                names = insp.get_table_names(schema=schema) + list(views)
        except Exception:
            return None
        # Catalogs fold unquoted names (PostgreSQL: lower case); match exactly, then folded, where
        # two tables that differ only in case ("R17Cased", r17cased) are a question, not a guess.
        folded = sorted({n for n in names if n.lower() == name.lower()})
        if name not in names and len(folded) > 1:
            raise InvalidInputError(
                f"table name {name!r} matches {', '.join(map(repr, folded))}, which differ only "
                "in case: give the name exactly as the database spells it"
            )
        real = name if name in names else folded[0] if folded else None
        if real is None and not temporary and self._is_unlisted_temporary(schema, name):
            real = name
        if real is None:
            return None
        try:
            columns = self._columns(insp, schema, real)
        except (sa.exc.DBAPIError, self.conn.dialect.loaded_dbapi.Error) as e:
            # a view whose table was dropped (SQLite and MariaDB keep it): a traceback; the driver's
            # own error where the columns come from a statement of ours (columns_query)
            raise InvalidInputError(f"cannot read {real!r}: {first_line(getattr(e, 'orig', None) or e)}") from e
        schema_key = schema or insp.default_schema_name
        if self.dialect.container_names_ignore_case:
            schema_key = schema_key.lower()
        if schema is not None:
            qualifiers: tuple[str, ...] = (schema,)
        elif self.dialect.qualify_default_schema and insp.default_schema_name:
            qualifiers = (insp.default_schema_name,)
        else:
            qualifiers = ()
        return CatalogEntry(qualifiers, real, columns, (schema_key, real), real in views, views.get(real, "view"))

    def _is_unlisted_temporary(self, schema: str | None, name: str) -> bool:
        """Whether ``name`` is a TEMPORARY table of this session that no listing holds (MariaDB)."""
        query = self.dialect.temporary_table_query
        if query is None:
            return False
        try:
            rows = self.run(query.format(table=self._qualified(schema, name)), "records")
        except Exception:  # no such table (or none this user may see): not found, as before
            return False
        return bool(rows) and str(rows[0].get("Create Table", "")).startswith("CREATE TEMPORARY TABLE")

    def _qualified(self, schema: str | None, table: str) -> str:
        from ..sql.render import quote_identifier

        parts = ((schema,) if schema else ()) + (table,)  # no schema named, or SQLite's "": the table alone
        return ".".join(quote_identifier(part, self.dialect) for part in parts)

    def table_names(self) -> list[str]:
        insp = self._inspector()
        return list(insp.get_table_names()) + list(_view_names(insp, None))

    def _columns(self, insp: Any, schema: str | None, table: str) -> tuple[tuple[str, str], ...]:
        query = self.dialect.columns_query
        if query is None:
            # SQLAlchemy warns of a type it does not know (PostgreSQL's point, PostGIS's geometry):
            # a line on every run, used or not. The warning alone names the type: it is kept for
            # the refusal of a QID of that type, "unsupported type POINT" (was UNKNOWN).
            with warnings.catch_warnings(record=True) as heard:
                warnings.simplefilter("always")
                found = insp.get_columns(table, schema=schema)
            unknown = {}
            for w in heard:
                said = _UNRECOGNIZED_TYPE.fullmatch(str(w.message))
                if said is None:
                    warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
                else:
                    unknown[said.group(2)] = said.group(1).upper()
            columns = tuple((c["name"], unknown.get(c["name"]) or self._type_name(c["type"])) for c in found)
            return self._typed_by_values(schema, table, columns) if self.dialect.typeless_columns else columns
        aliases = dict(self.dialect.type_aliases)
        rows = self.run(query.format(table=self._qualified(schema, table)), "records")
        return tuple((r["Field"], aliases.get(str(r["Type"]).lower(), str(r["Type"]).upper())) for r in rows)

    def _typed_by_values(
        self, schema: str | None, table: str, columns: tuple[tuple[str, str], ...]
    ) -> tuple[tuple[str, str], ...]:
        """SQLite's columns declared without a type (a view's expression, even a CAST, and a CREATE
        TABLE AS of one), typed by the values of their first rows (one bounded read for all of
        them): numbers REAL, text TEXT, bytes BLOB; numbers and text together, or no value, as
        before (text). Read as text, a column of numbers failed Mondrian's rank map. A later
        value of another kind is refused by name where a metric computes with it (loose_types)."""
        from ..sql.render import quote_identifier

        typeless = [i for i, (_, sql_type) in enumerate(columns) if declared_without_a_type(sql_type)]
        if not typeless:
            return columns
        q = lambda name: quote_identifier(name, self.dialect)  # noqa: E731
        source = self._qualified(schema, table)
        picked = ", ".join(f"{q(columns[i][0])} AS c{n}" for n, i in enumerate(typeless))
        kinds = ", ".join(f"group_concat(DISTINCT typeof(c{n})) AS k{n}" for n in range(len(typeless)))
        sample = f"SELECT {picked} FROM {source} LIMIT {_TYPED_BY_ROWS}"
        try:
            row = self.run(f"SELECT {kinds} FROM ({sample}) s", "records")[0]
        except Exception:  # a run stopped meanwhile, a view that fails: read as declared; the run says why
            return columns
        typed = list(columns)
        for n, i in enumerate(typeless):
            held = set((row[f"k{n}"] or "").split(",")) - {"", "null"}
            kind = "BLOB" if "blob" in held else "TEXT" if held == {"text"} else "REAL" if held else None
            if kind is not None and not ("text" in held and held & {"integer", "real"}):
                # spelled so that a message naming the type says it is our reading, not a declaration
                typed[i] = (columns[i][0], f"{kind} by its first {_TYPED_BY_ROWS:,} values (declared without a type)")
        return tuple(typed)

    def _type_name(self, t: Any) -> str:
        import sqlalchemy as sa

        if isinstance(t, sa.types.NullType) and not self.dialect.typeless_columns:
            return "UNKNOWN"  # a type the driver does not know
        if type(t).__name__ == "DOMAIN" and getattr(t, "data_type", None) is not None:
            # A PostgreSQL DOMAIN holds values of its base type (a positive INTEGER, a postal code
            # over TEXT) and computes as it does: read as that type (it was refused as "DOMAIN").
            return self._type_name(sa.types.to_instance(t.data_type))
        try:
            return str(t)
        except Exception:  # NullType and friends do not compile
            return type(t).__name__.upper()

    def describe(self, sql: str, label: str) -> tuple[tuple[str, str], ...]:
        raise UnsupportedFeatureError(f"{label}: only DuckDB and Spark read files and DataFrames in place")

    def read_files(
        self, files: dict[str, tuple[str, str]], encoding: str = "utf-8"
    ) -> dict[str, tuple[str, bool] | BaseException]:
        raise UnsupportedFeatureError(f"{', '.join(files)}: only DuckDB and Spark read files in place")

    def unlisted_table_folder(self, container: tuple[str, ...], table: str) -> str | None:
        return None  # a table is the catalog's alone

    def leftover_table_folder(self, container: tuple[str, ...], table: str) -> str | None:
        return None

    def wait_for_stopped_tasks(self, within: float) -> None:
        pass  # a statement the database cancelled has ended when the driver returns

    def spilled_by(self, pid: int) -> list[str]:
        return []  # a server's spill is its own; SQLite's temporary files are unlinked once opened

    def spill_left(self) -> tuple[str, list[str]] | None:
        return None

    def files_folder(self) -> str | None:
        return None  # the server writes no files of ours

    def left_after_a_kill(self) -> dict | None:
        return None  # the server's session: Source.session_id

    def forgets_tables_at_close(self) -> bool:
        return False

    def output_container(self, label: str, given: list[str]) -> tuple[str, ...]:
        insp = self._inspector()
        if not given:
            return (insp.default_schema_name,)
        schemas = insp.get_schema_names()
        if self.dialect.container_names_ignore_case:
            found = next((s for s in schemas if s.lower() == given[0].lower()), None)
        else:  # a quoted PostgreSQL schema name keeps its case
            found = given[0] if given[0] in schemas else None
        if found is None:
            raise InvalidInputError(f"output {label!r}: no {self.dialect.container_kind} {given[0]!r}")
        return (found,)

    def staging_candidates(self, container: tuple[str, ...] | None) -> list[tuple[tuple[str, ...], str]]:
        insp = self._inspector()
        schemas = (
            [container[0]]
            if container
            else [s for s in insp.get_schema_names() if s.lower() not in self.dialect.system_schemas]
        )
        found: list[tuple[tuple[str, ...], str]] = []
        for schema in schemas:
            found += [((schema,), n) for n in insp.get_table_names(schema=schema) if n.startswith("privrisk_")]
        return found

    def view_definition(self, identity: tuple) -> str | None:
        schema, name = identity
        try:
            return self._inspector().get_view_definition(name, schema=schema)
        except Exception:  # no definition to read: the guard sees nothing through this view
            return None

    def input_files(self, relation_sql: str) -> list[str]:
        return []  # a server reads no file of this machine

    def register_frame(self, name: str, frame: Any) -> None:
        raise UnsupportedFeatureError("DataFrames are read by DuckDB")

    def unregister_frame(self, name: str) -> None:
        pass

    def close(self) -> None:
        engine = self.conn.engine
        # A server that died mid-run (pg_ctl stop -m immediate, mariadbd killed) fails the
        # close's rollback too: nothing is left to roll back, and the error that stopped the
        # run (a QueryError, one line) is the one to report, not this one's traceback.
        if self.closes:
            with contextlib.suppress(Exception):
                self.conn.close()
        if self.owns:
            with contextlib.suppress(Exception):
                engine.dispose()


class DriverCancel:
    """The driver cancels the running statement itself (psycopg's ``cancel_safe``)."""

    def start(self, engine: SQLAlchemyEngine) -> None:
        pass

    def cancel(self, engine: SQLAlchemyEngine) -> None:
        engine.raw.cancel_safe()

    def abandon(self, engine: SQLAlchemyEngine) -> None:
        """The server took the cancel and did nothing (its backend stopped): the socket the main
        thread waits on is shut, psycopg returns "connection lost", the run stops with its timeout."""
        _shut_socket(engine.raw.pgconn.socket)

    def watch(self, engine: SQLAlchemyEngine, guard: RunGuard) -> None:
        pass

    def unwatch(self, engine: SQLAlchemyEngine) -> None:
        pass


class StatementCancel(DriverCancel):
    """A second session of the same server cancels this one's running statement by its id
    (MariaDB's ``KILL QUERY ID``): a statement that ended meanwhile is not there to cancel, and
    the next one is never hit by a cancel meant for the last."""

    def start(self, engine: SQLAlchemyEngine) -> None:
        # The server's id of this session, which the second session names.
        engine._connection_id = engine.run(engine.dialect.session_id_query or "", "records")[0]["id"]

    def cancel(self, engine: SQLAlchemyEngine) -> None:
        # A pool of its own, made as the Engine's (same driver arguments and connect events):
        # a caller's Engine may have no connection to spare while the run holds one (a pool of
        # one waited its pool_timeout, 30 s, before the cancel could be asked).
        pool = engine.conn.engine.pool.recreate()
        try:
            other = pool.connect()
        except BaseException:
            pool.dispose()
            raise
        try:
            cur = other.cursor()
            cur.execute((engine.dialect.running_query or "").format(connection_id=int(engine._connection_id)))
            running = cur.fetchall()
            if running:
                with contextlib.suppress(Exception):  # it ended meanwhile: nothing to cancel
                    cur.execute((engine.dialect.cancel_statement or "").format(query_id=int(running[0][0])))
            cur.close()
        finally:
            other.close()
            pool.dispose()

    def abandon(self, engine: SQLAlchemyEngine) -> None:
        _shut_socket(engine.raw._sock.fileno())  # PyMySQL's socket


_SQLITE3_OTHER_THREAD = (
    "this SQLite connection was opened in another thread, and sqlite3 refuses it in this one: open it "
    "with check_same_thread=False (sqlite3.connect(..., check_same_thread=False); SQLAlchemy: "
    "connect_args={'check_same_thread': False}), or one per thread; runs on one connection take turns"
)


class ProgressHandlerCancel(DriverCancel):
    """SQLite: a progress handler polls the run guard and interrupts the statement itself."""

    def abandon(self, engine: SQLAlchemyEngine) -> None:
        pass  # in-process: the handler always sees the stop

    def cancel(self, engine: SQLAlchemyEngine) -> None:
        pass  # the handler installed by watch() sees the guard's stop

    def watch(self, engine: SQLAlchemyEngine, guard: RunGuard) -> None:
        try:
            engine.raw.set_progress_handler(lambda: 1 if guard.pending() else 0, 1000)
        except Exception as e:  # sqlite3.ProgrammingError: the first call of a run from this thread
            if "thread" not in str(e):
                raise
            # The caller's connection, opened in another thread: its ProgrammingError escaped
            # untyped, or became "table not found" where a catalog look-up met it first.
            raise InvalidInputError(_SQLITE3_OTHER_THREAD) from None

    def unwatch(self, engine: SQLAlchemyEngine) -> None:
        engine.raw.set_progress_handler(None, 0)


def _shut_socket(fd: int) -> None:
    """Shut down (both ways) the socket behind ``fd``: a read blocked on it returns at once."""
    import os
    import socket

    sock = socket.socket(fileno=os.dup(fd))
    try:
        sock.shutdown(socket.SHUT_RDWR)
    finally:
        sock.close()


# sqlite3.Connection.autocommit (Python 3.12) in the mode that honours isolation_level.
_LEGACY_SQLITE3 = getattr(sqlite3, "LEGACY_TRANSACTION_CONTROL", -1)


def _over_sqlite3(conn: Any) -> Any:
    """A SQLAlchemy Connection over the caller's sqlite3 connection, which stays theirs."""
    import sqlalchemy as sa

    held = _CallersSqlite3(conn)
    engine = sa.create_engine("sqlite://", creator=lambda: held, poolclass=sa.pool.StaticPool)
    return engine.connect()


class _CallersSqlite3:
    """A caller's sqlite3 connection as SQLAlchemy holds it: every call reaches the connection,
    but SQLAlchemy never ends its transaction (it rolls back after its first look at a new
    connection, and when a Connection it began a transaction in is closed or returned to its
    pool: the caller's uncommitted rows went) and never closes it. Our own BEGIN and COMMIT are
    statements, not these calls."""

    def __init__(self, con: Any):
        object.__setattr__(self, "_con", con)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._con, name, value)

    def cursor(self, *args: Any) -> Any:
        """A cursor of plain rows, whatever the caller's row_factory: with the dict factory of
        Python's sqlite3 docs, SQLAlchemy's first look at the connection raised KeyError: 0."""
        cur = self._con.cursor(*args)
        cur.row_factory = None
        return cur

    def rollback(self) -> None:
        pass

    def commit(self) -> None:
        pass

    def close(self) -> None:
        pass


# The dialect's cancel_by (data in sql/dialects.py) names its strategy here.
CANCELLERS: dict[str, DriverCancel] = {
    "driver": DriverCancel(),
    "statement": StatementCancel(),
    "progress_handler": ProgressHandlerCancel(),
}


def _driver_in_transaction(raw: Any) -> bool:
    """Whether the server holds a transaction open on this driver connection, as the driver last
    heard (no round trip): sqlite3's ``in_transaction``, psycopg's transaction status (0: idle),
    PyMySQL's server status (bit 1: in a transaction). False for a driver that tells none."""
    in_transaction = getattr(raw, "in_transaction", None)
    if isinstance(in_transaction, bool):
        return in_transaction
    status = getattr(getattr(raw, "info", None), "transaction_status", None)
    if status is not None:
        return int(status) != 0
    server_status = getattr(raw, "server_status", None)
    if isinstance(server_status, int):
        return bool(server_status & 1)
    return False


def _commits_each_statement(conn: Any) -> bool:
    """Whether a caller's Connection commits each statement on its own (AUTOCOMMIT, by its
    execution options or its Engine's isolation_level): BEGIN and COMMIT are then ours to issue,
    as on a connection of our own. Taken for one in a transaction of the caller's, its reading
    runs saw each statement's own state of the tables (Statements._begin_snapshot)."""
    detect = getattr(conn.dialect, "detect_autocommit_setting", None)  # SQLAlchemy 2.1
    if detect is not None:
        with contextlib.suppress(NotImplementedError):  # a driver that cannot tell
            return bool(detect(conn.connection.dbapi_connection))
    return conn.get_execution_options().get("isolation_level") == "AUTOCOMMIT"


def open_target(
    target: Any, *, read_only: bool, open_read_only: bool, timeout: float | None, files: Any
) -> SQLAlchemyEngine:
    """The engine for any target no other engine claims: a URL, a SQLAlchemy Engine or Connection."""
    from pathlib import Path

    if isinstance(target, (str, Path)):
        return open_url(str(target), open_read_only=open_read_only, timeout=timeout)
    return SQLAlchemyEngine.wrap(target)


def open_url(url: str, *, open_read_only: bool, timeout: float | None) -> SQLAlchemyEngine:
    """An engine for a SQLAlchemy URL, opened (and closed) here."""
    import sqlalchemy as sa

    backend = url.split(":", 1)[0].lower().split("+", 1)[0]
    _refuse_a_database_without_sql(url, backend)
    try:
        engine = sa.create_engine(
            _sqlite_read_only_url(url) if open_read_only else url, **_connect_options(url, timeout)
        )
    except Exception as e:  # bad URL syntax or missing driver
        hint = ""
        if backend == "postgres":
            hint = " (SQLAlchemy spells PostgreSQL URLs postgresql://, e.g. postgresql+psycopg://user@host/db)"
        elif isinstance(e, ModuleNotFoundError) and backend in _INSTALLED_DRIVERS:
            hint = f" (a driver not installed: name one that is, {_INSTALLED_DRIVERS[backend]})"
        raise InvalidInputError(redacted(f"cannot use database URL {url!r}: {first_line(e)}{hint}")) from e
    wrapped = SQLAlchemyEngine.wrap(engine)
    wrapped.owns = True
    return wrapped


# A URL's scheme without a driver takes SQLAlchemy's default one (mysql:// is mysqlclient's
# MySQLdb); these are the drivers privrisk_sql installs and tests.
_INSTALLED_DRIVERS = {
    "mysql": "mysql+pymysql://user@host/db",
    "mariadb": "mariadb+pymysql://user@host/db",
    "postgresql": "postgresql+psycopg://user@host/db",
}


def _refuse_a_database_without_sql(url: str, backend: str) -> None:
    """A URL of a database privrisk_sql has no SQL for is refused before its driver is looked for:
    'oracle://' was "No module named 'oracledb'", and once the driver was installed, connected,
    only to be refused as an unknown dialect."""
    from ..errors import UnknownDialectError

    if backend == "postgres":  # a misspelling with a hint of its own, below
        return
    try:
        get_dialect(backend)
    except UnknownDialectError:
        raise UnknownDialectError(
            redacted(
                f"cannot use database URL {url!r}: privrisk_sql has no SQL for {backend}; it runs on DuckDB, "
                "SQLite, PostgreSQL, MySQL/MariaDB and Spark"
            )
        ) from None


def _connect_options(url: str, timeout: float | None) -> dict[str, Any]:
    """Engine options: the dialect's driver arguments (Dialect.connect_args), and connecting
    bounded by the run's timeout too (a server that accepts TCP and never answers held a run 40 s
    with --timeout 2)."""
    args: dict[str, Any] = {}
    with contextlib.suppress(Exception):
        import sqlalchemy as sa

        dialect = get_dialect(sa.engine.make_url(url).get_backend_name())
        args.update(dialect.connect_args)
        if timeout is not None and dialect.connect_timeout:
            # PyMySQL takes at most a year; no connection takes that long anyway.
            args["connect_timeout"] = min(max(1, math.ceil(timeout)), 31_536_000)
    return {"connect_args": args} if args else {}


def _sqlite_read_only_url(url: str) -> str:
    """``sqlite:///path`` as a read-only URI (other URLs unchanged)."""
    import sqlalchemy as sa

    u = sa.engine.make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return url
    # A URI form (file:x.db?uri=true) keeps its other parameters; mode=ro wins over any mode given.
    database = u.database if u.database.startswith("file:") else f"file:{u.database}"
    return u.set(database=database, query={**u.query, "mode": "ro", "uri": "true"}).render_as_string(
        hide_password=False
    )


def _view_names(insp: Any, schema: str | None) -> dict[str, str]:
    """The relations of ``schema`` read as tables but never replaced by an output, by name: views,
    and PostgreSQL's materialized views and foreign tables (SQLAlchemy lists those apart: given as
    the input, each was "not found"; DROP TABLE cannot drop either). The input guard reads a
    view's definition; a foreign table's rows live elsewhere, and it has none."""
    found = {name: "view" for name in insp.get_view_names(schema=schema)}
    for listed, what in (
        ("get_materialized_view_names", "materialized view"),
        ("get_foreign_table_names", "foreign table"),
    ):
        try:
            found.update({name: what for name in getattr(insp, listed)(schema=schema)})
        except (AttributeError, NotImplementedError):  # a dialect without them
            pass
    return found
