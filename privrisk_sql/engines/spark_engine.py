"""Spark SQL: a ``SparkSession``, classic (in this process: ``local[N]``, ``spark://`` masters) or
Spark Connect (``sc://``).

Statements are ``session.sql(...)``; a run's jobs carry a tag of this engine, so that a timeout or
Ctrl-C cancels them (and nothing else of a shared session): a job tag of the SparkContext on a
classic session, an operation tag on Spark Connect. Spark has no TEMP tables: work tables
are tables named ``privrisk_<run>_...`` in the session's current database, dropped when the run
ends (docs/decisions/spark-work-tables.md).
"""

from __future__ import annotations

import contextlib
import dataclasses
import glob
import logging
import os
import re
import threading
import time
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInputError, QueryError, UnsupportedFeatureError
from ..sql.dialects import get_dialect
from . import CatalogEntry
from .cancel import RunGuard, longest_wait
from .common import first_line, is_spark_target, redacted

if TYPE_CHECKING:
    from .duckdb_engine import CsvDialect

# PySpark 4 warns at every session start when pandas 3 is installed; privrisk_sql hands Spark no
# pandas object, so the warning is not the user's business (the spark extra pins pandas < 3 too).
warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas", category=UserWarning)

# Spark Connect's client warns once its retries are spent, then raises; the run's own error line
# says that the server stopped answering (SparkEngine.run), so the warning would say it twice.
warnings.filterwarnings("ignore", message=r"\[RETRIES_EXCEEDED\]", category=UserWarning)

_RUNNING = threading.local()  # set while this thread runs one of our statements

# Sessions opened here keep the plans of their last 20 SQL statements, not Spark's 1,000: a wide
# mpUCCs run keeps ~5 MB of plan metrics per statement in the driver, and the 1,000 filled a
# 1 GiB driver (docs/decisions/spark-retained-executions.md).
RETAINED_SQL_EXECUTIONS = 20


class _OwnStatementErrors(logging.Filter):
    """pyspark logs every failed statement with its JVM stack trace (logger SQLQueryContextLogger)
    before raising it; a failure of ours is reported once, as a one-line error."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not getattr(_RUNNING, "on", False)


def _filter_own_statement_logs() -> None:
    """Once per process (every engine's statements set _RUNNING, one filter reads it), on the
    logger pyspark makes: one made first by logging.getLogger is a plain Logger, which rejects the
    fields pyspark logs with (errorClass), and every failed statement raised that TypeError instead."""
    try:
        from pyspark.logger import PySparkLogger  # pyspark >= 4

        logger: logging.Logger = PySparkLogger.getLogger("SQLQueryContextLogger")
    except ImportError:  # older pyspark logs with plain fields
        logger = logging.getLogger("SQLQueryContextLogger")
    if not any(isinstance(f, _OwnStatementErrors) for f in logger.filters):
        logger.addFilter(_OwnStatementErrors())


@contextlib.contextmanager
def _own_statement() -> Iterator[None]:
    """This thread runs one of our statements: pyspark's log of its failure is dropped."""
    _RUNNING.on = True
    try:
        yield
    finally:
        _RUNNING.on = False


# Spark Connect's client retries an unreachable server for at least 10 minutes (pyspark's
# DefaultPolicy: 15 retries, backoff x4 up to 60 s), silently: a run whose server died sat there.
# A session opened here retries 5 times (about 17 s in all, for a server restarting or a network
# blip), then the statement fails, and the run ends in one line, exit 3. A caller's session keeps
# the caller's policy.
CONNECT_RETRIES = 5


def _server_unreachable(error: BaseException) -> str | None:
    """Why the Spark Connect server did not answer through every retry (killed, stopped, network
    down), or None for a statement it refused."""
    import grpc

    seen: list[BaseException] = []
    e: BaseException | None = error
    while e is not None and e not in seen:  # the gRPC error may sit under pyspark's own
        seen.append(e)
        e = e.__cause__ or e.__context__
    for e in seen:
        if isinstance(e, grpc.RpcError) and e.code() in (grpc.StatusCode.UNAVAILABLE,):  # type: ignore[attr-defined]
            details = str(e.details() or "").strip().splitlines()  # type: ignore[attr-defined]
            return f"gRPC {e.code().name}: {details[0] if details else 'no details'}"  # type: ignore[attr-defined]
    if any("RETRIES_EXCEEDED" in str(e) for e in seen):
        return f"no answer after {CONNECT_RETRIES} retries"
    return None


def _first_answer(session: Any, target: str, timeout: float | None) -> str:
    """The server's version, its first answer (building the session sent nothing), awaited at
    most ``timeout``: a server that takes TCP and never answers held `--timeout 3` for 73 s,
    then a traceback. Past the timeout the channel is closed and the run ends, exit 3."""
    answer: dict[str, Any] = {}

    def ask() -> None:
        try:
            answer["version"] = str(session.version)
        except Exception as e:  # reported by the caller, in the caller's thread
            answer["error"] = e

    asking = threading.Thread(target=ask, daemon=True, name="privrisk-spark-connect")
    asking.start()
    asking.join(None if timeout is None else longest_wait(timeout))
    if asking.is_alive():
        _close_channel(session)
        raise QueryError(
            redacted(f"cannot reach Spark at {target!r}: no answer within {timeout:g} s (--timeout)"), dialect="spark"
        )
    if "error" in answer:
        raise answer["error"]
    return answer["version"]


def _close_channel(session: Any) -> None:
    """Give a Spark Connect session up: its gRPC calls in flight return CANCELLED at once."""
    client = session.client
    channel = getattr(client, "_channel", None)  # close() would first wait 10 s on pending releases
    if channel is not None:
        channel.close()
    else:  # pragma: no cover - a pyspark without the attribute
        client.close()


def _bound_retries(session: Any) -> None:
    from pyspark.sql.connect.client.retries import DefaultPolicy

    session.client.set_retry_policies([DefaultPolicy(max_retries=CONNECT_RETRIES)])


class SparkEngine:
    """One SparkSession (the caller's, or opened here from a ``--db`` value)."""

    dialect = get_dialect("spark")
    autocommit = True
    reads_frames = True  # Spark DataFrames, as temporary views of the session

    def __init__(self, session: Any, *, owns: bool, version: str | None = None):
        self.session = session
        self.owns = owns
        self.run_lock = threading.RLock()  # a session takes jobs from many threads: Sources over it run at once
        self.version = version or str(session.version)
        self.tag = f"privrisk_{uuid.uuid4().hex[:12]}"
        self._connect = type(session).__module__.startswith("pyspark.sql.connect")
        self._gone: str | None = None  # why the server no longer answers, once it is known
        self._folders = None if self._connect else _local_warehouse(session, owns)
        _filter_own_statement_logs()

    # -- talking ------------------------------------------------------------------------------
    def run(self, sql: str, fetch: bool | str) -> Any:
        if self._gone is not None:  # every later statement (the cleanup's DROPs) would retry for ~17 s each
            raise QueryError(self._gone, sql=sql, dialect="spark")
        try:
            with _own_statement():
                frame = self.session.sql(sql)  # commands (CREATE, INSERT, DROP) run here
                if not fetch:
                    return None
                rows = frame.collect()
        except Exception as e:
            if "MALFORMED_CSV_RECORD" in str(e):  # mode FAILFAST (read_files): a row the header does not fit
                raise InvalidInputError(
                    "cannot read a CSV input: a row has another number of fields than the "
                    "header (Spark's FAILFAST reading; DuckDB names the line)"
                ) from e
            why = _server_unreachable(e) if self._connect else None
            if why is not None:
                self._gone = f"Spark Connect stopped answering ({why}): the run stopped with nothing published"
                raise QueryError(self._gone, sql=sql, dialect="spark") from e
            raise
        if fetch == "records":
            return [r.asDict() for r in rows]
        return [tuple(r) for r in rows]

    def query_progress(self) -> float | None:
        return None  # a stage's tasks are not the statement's share done (a statement runs several jobs)

    def cancel(self) -> None:
        if self._connect:
            self.session.interruptTag(self.tag)
        else:  # a classic session's interruptTag reaches Spark Connect operations only
            self.session.sparkContext.cancelJobsWithTag(self.tag)

    def abandon(self) -> None:
        """Spark Connect: a server that takes no cancel (stopped, or a network gone silent) holds
        the statement's gRPC stream, and the cancel request itself, forever; the channel is closed,
        both return CANCELLED and the run stops with its timeout. A classic session is this
        process's own JVM: its job tags' cancel is all Spark offers, and it is not given up."""
        if not self._connect:
            return
        self._gone = "the Spark Connect session was given up: the server took no cancel request (it stopped answering)"
        _close_channel(self.session)

    def watch(self, guard: RunGuard) -> None:
        # Tags belong to the thread that starts the jobs: the one running the statements.
        if self._connect:
            self.session.addTag(self.tag)
        else:
            self.session.sparkContext.addJobTag(self.tag)

    def unwatch(self) -> None:
        with contextlib.suppress(Exception):
            if self._connect:
                self.session.removeTag(self.tag)
            else:
                self.session.sparkContext.removeJobTag(self.tag)

    def wait_for_stopped_tasks(self, within: float) -> None:
        if self._connect:
            return  # the server's tasks write into the server's warehouse, which it clears itself
        deadline = time.monotonic() + within
        with contextlib.suppress(Exception):  # a session stopped meanwhile: no task runs
            scheduler = self.session.sparkContext._jsc.sc().taskScheduler()
            while _running_tasks(scheduler) and time.monotonic() < deadline:
                time.sleep(0.05)

    def in_open_transaction(self) -> bool:
        return False  # no transactions

    # -- catalog ------------------------------------------------------------------------------
    def _quoted(self, *parts: str) -> str:
        from ..sql.render import quote_identifier

        return ".".join(quote_identifier(p, self.dialect) for p in parts)

    def table_names(self) -> list[str]:
        with _own_statement():
            return [t.name for t in self.session.catalog.listTables()]

    def find_relation(self, database: str | None, schema: str | None, name: str) -> CatalogEntry | None:
        # Spark's catalog folds names itself (spark.sql.caseSensitive is off by default).
        parts = tuple(p for p in (database, schema) if p is not None)
        qualified = self._quoted(*parts, name)
        catalog = self.session.catalog
        try:
            with _own_statement():
                if not catalog.tableExists(qualified):
                    return None
                table = catalog.getTable(qualified)
                fields = self.session.table(qualified).schema.fields
        except Exception:  # not a name Spark can read (a path, a malformed name)
            return None
        columns = tuple((f.name, f.dataType.simpleString().upper()) for f in fields)
        namespace = ".".join(table.namespace or ())
        identity = (table.catalog or "", namespace, table.name.lower())
        return CatalogEntry(parts, table.name, columns, identity, table.tableType in ("VIEW", "TEMPORARY"))

    def describe(self, sql: str, label: str) -> tuple[tuple[str, str], ...]:
        try:
            with _own_statement():
                fields = self.session.sql(f"SELECT * FROM {sql}").schema.fields
        except Exception as e:
            raise InvalidInputError(f"cannot read {label!r}: {first_line(e)}") from e
        return tuple((f.name, f.dataType.simpleString().upper()) for f in fields)

    def read_files(
        self, files: dict[str, tuple[str, str]], encoding: str = "utf-8"
    ) -> dict[str, tuple[str, bool] | BaseException]:
        """Each CSV or Parquet file as a temporary view of the session under the name given (a
        header row, types inferred by Spark), read in place; the caller drops the views with
        :meth:`unregister_frame`. A path must be one the Spark driver can read (with Spark
        Connect: the server's file system)."""
        from ..sql.render import sql_literal

        out: dict[str, tuple[str, bool] | BaseException] = {}
        for label, (kind, name) in files.items():
            # Spark reads a path as a Hadoop glob: its glob characters are escaped to name this file.
            path = "".join(f"\\{ch}" if ch in "*?[]{}\\" else ch for ch in str(Path(label).resolve()))
            where = sql_literal(path, self.dialect)
            # The delimiter, quoting and text columns DuckDB's sniffer finds (_csv_dialect); a row
            # the header does not fit fails the run (FAILFAST), as DuckDB refuses it, rather than
            # being padded or cut.
            csv_options = ", header 'true', inferSchema 'true', mode 'FAILFAST'"
            sniffed = None
            if kind == "csv":
                try:
                    sniffed = _csv_dialect(label, encoding)
                except InvalidInputError as e:
                    out[label] = e
                    continue
                csv_options += "".join(
                    f", {option} {sql_literal(value, self.dialect)}"
                    for option, value in (
                        ("sep", sniffed.delimiter),
                        ("quote", sniffed.quote),
                        ("escape", sniffed.escape),
                        ("comment", sniffed.comment),
                    )
                    if value or option != "comment"  # Spark's default: no comment lines
                )
                if encoding != "utf-8":
                    csv_options += ", encoding 'ISO-8859-1'"  # Java's name of Latin-1
                if sniffed.multiline:  # a quoted value holds a line break: Spark split such a row in two
                    csv_options += ", multiLine 'true'"
            options = f"path {where}" + (csv_options if kind == "csv" else "")
            if os.path.isdir(label):
                try:
                    _check_dataset(label)
                except InvalidInputError as e:  # named as DuckDB names it
                    out[label] = e
                    continue
            view = self._quoted(name)
            created = False
            try:
                self.run(f"CREATE OR REPLACE TEMPORARY VIEW {view} USING {kind} OPTIONS ({options})", False)
                created = True
                if sniffed is not None and sniffed.names:
                    reading = _as_duckdb_reads(sniffed, self.describe(view, label))
                    if reading is not None:
                        columns = ", ".join(f"{self._quoted(n)} {t}" for n, t in reading.schema)
                        formats_sql = "".join(
                            f", {o} {sql_literal(f, self.dialect)}" for o, f in reading.formats.items()
                        )
                        # With columns to compute, the file is read under a second name, and the
                        # view selects from it (unregister_frame drops both).
                        read_as = self._quoted(_text_view(name)) if reading.computed else view
                        self.run(
                            f"CREATE OR REPLACE TEMPORARY VIEW {read_as} ({columns}) USING {kind} "
                            f"OPTIONS ({options}{formats_sql})",
                            False,
                        )
                        if reading.computed:
                            picked = ", ".join(
                                f"{reading.computed[n].format(c=self._quoted(n))} AS {self._quoted(n)}"
                                if n in reading.computed
                                else self._quoted(n)
                                for n, _ in reading.schema
                            )
                            self.run(
                                f"CREATE OR REPLACE TEMPORARY VIEW {view} AS SELECT {picked} FROM {read_as}", False
                            )
                if kind == "csv":
                    # Every field parsed once, so FAILFAST sees a row of another shape now, before the
                    # work: a query of some columns prunes the rest and would let such a row through.
                    self.run(f"SELECT MAX(LENGTH(to_json(struct(*)))) AS n FROM {view}", True)
            except Exception as e:
                if created:  # not the caller's to drop: no reader is returned for it
                    for made in (view, self._quoted(_text_view(name))):
                        with contextlib.suppress(Exception):
                            self.run(f"DROP VIEW IF EXISTS {made}", False)
                why = str(e) if isinstance(e, InvalidInputError) else first_line(e)
                out[label] = InvalidInputError(
                    why if why.startswith("cannot read") else f"cannot read {label!r}: {why}"
                )
                continue
            out[label] = (self._quoted(name), True)
        return out

    def output_container(self, label: str, given: list[str]) -> tuple[str, ...]:
        catalog = self.session.catalog
        if not given:
            return (catalog.currentDatabase(),)
        if not catalog.databaseExists(self._quoted(given[0])):
            raise InvalidInputError(f"output {label!r}: no {self.dialect.container_kind} {given[0]!r}")
        return (given[0],)

    def unlisted_table_folder(self, container: tuple[str, ...], table: str) -> str | None:
        # A session's own catalog (no Hive metastore) forgets its tables when it ends, not their
        # folders: a second `privrisk-sql mondrian --db local[2]` to the same output failed at its
        # last statement, the RENAME, with LOCATION_ALREADY_EXISTS. Only a local warehouse is looked in.
        database = self._database_folder(container[0] if container else self.session.catalog.currentDatabase())
        folder = None if database is None else database / table.lower()
        return str(folder) if folder is not None and folder.exists() else None

    def leftover_table_folder(self, container: tuple[str, ...], table: str) -> str | None:
        # a server's folders (Spark Connect's, a metastore's) are its own to remove: never here
        return self.unlisted_table_folder(container, table) if self._folders is not None else None

    def _database_folder(self, database: str) -> Path | None:
        """Where ``database`` keeps its tables' folders, when that is on this machine."""
        try:
            location = self.session.catalog.getDatabase(database).locationUri
        except Exception:  # a catalog that does not say: Spark's own refusal stands
            return None
        path = _local_path(location)
        return None if path is None else Path(path)

    def forgets_tables_at_close(self) -> bool:
        return self.owns and self._folders is not None

    def spilled_by(self, pid: int) -> list[str]:
        return []  # a server's spill is its own; Spark in this process spills into the system's temporary folder

    def spill_left(self) -> tuple[str, list[str]] | None:
        return None

    def files_folder(self) -> str | None:
        return None if self._folders is None else str(self._folders["folder"])

    def left_after_a_kill(self) -> dict | None:
        if self._connect:
            return {"spark_session": str(self.session.session_id)} if self.owns else None
        return self._folders

    def staging_candidates(self, container: tuple[str, ...] | None) -> list[tuple[tuple[str, ...], str]]:
        catalog = self.session.catalog
        databases = [container[0]] if container else [d.name for d in catalog.listDatabases()]
        found: list[tuple[tuple[str, ...], str]] = []
        for database in databases:
            listed = [
                t.name
                for t in catalog.listTables(self._quoted(database))
                if not t.isTemporary and t.name.startswith("privrisk_")
            ]
            found += [((database,), name) for name in listed + self._unlisted_work_folders(database, listed)]
        return found

    def _unlisted_work_folders(self, database: str, listed: list[str]) -> list[str]:
        """Folders of work tables in this machine's warehouse that no table of the catalog names:
        a run killed with its catalog (Spark in its process) when its watch could not remove them."""
        folder = self._database_folder(database) if self._folders is not None else None
        if folder is None or not folder.is_dir():
            return []
        known = {name.lower() for name in listed}
        return sorted(
            name
            for name in os.listdir(folder)
            if name.startswith("privrisk_") and name not in known and os.path.isdir(os.path.join(folder, name))
        )

    def view_definition(self, identity: tuple) -> str | None:
        _catalog, namespace, name = identity
        parts = [*(namespace.split(".") if namespace else []), name]
        try:
            rows = self.run(f"DESCRIBE TABLE EXTENDED {self._quoted(*parts)}", "records")
        except Exception:  # no definition to read: the guard sees nothing through this view
            return None
        return next((r["data_type"] for r in rows if r["col_name"] == "View Text"), None)

    def input_files(self, relation_sql: str) -> list[str]:
        query = f"SELECT * FROM {relation_sql}"  # quoted by the caller
        try:
            with _own_statement():
                found = self.session.sql(query).inputFiles()
        except Exception:  # a plan it cannot list (a source of no files): nothing seen
            return []
        files = [path for path in map(_local_path, found) if path is not None]
        try:
            with _own_statement():
                plan = self._plan_text(query) if files else ""
        except Exception:  # a session that keeps its settings: the files alone
            plan = ""
        return files + [os.path.join(glob.escape(folder), "*") for folder in _folders_read_whole(files, plan)]

    def _plan_text(self, query: str) -> str:
        """The physical plan of ``query`` with every scan's locations whole: Spark cuts them at
        spark.sql.maxMetadataStringLength characters (100) unless told otherwise, for this call."""
        conf = self.session.conf
        before = conf.get(_METADATA_LENGTH)
        conf.set(_METADATA_LENGTH, str(2**31 - 1))
        try:
            return str(self.session.sql(f"EXPLAIN {query}").collect()[0][0])
        finally:
            conf.set(_METADATA_LENGTH, before)

    def register_frame(self, name: str, frame: Any) -> None:
        if not (type(frame).__module__.startswith("pyspark.") and hasattr(frame, "createOrReplaceTempView")):
            raise UnsupportedFeatureError("Spark reads Spark DataFrames (spark.createDataFrame(pandas_frame))")
        frame.createOrReplaceTempView(name)

    def unregister_frame(self, name: str) -> None:
        self.session.catalog.dropTempView(name)
        self.session.catalog.dropTempView(_text_view(name))  # a CSV's, read_files; False where none

    def close(self) -> None:
        if self.owns:
            self.session.stop()
            if self._folders is not None and self._folders["made"]:
                # Spark makes its warehouse in the working folder when the catalog is first used:
                # a reading run left an empty spark-warehouse/ beside the user's files
                with contextlib.suppress(OSError):  # not empty (an output is there), or gone
                    os.rmdir(self._folders["folder"])


def open_target(
    target: Any, *, read_only: bool, open_read_only: bool, timeout: float | None, files: Any
) -> SparkEngine:
    """The Spark engine for a target :func:`~privrisk_sql.engines.common.is_spark_target` claims."""
    engine = open_spark(target, timeout=timeout)
    if engine is None:  # pragma: no cover - is_spark_target and open_spark disagree
        raise InvalidInputError(f"not a Spark target: {type(target).__name__}")
    return engine


# The local masters SparkContext takes (its LOCAL_N_REGEX and LOCAL_N_FAILURES_REGEX), less 0 threads
_LOCAL_MASTER = re.compile(r"local(\[(0*[1-9][0-9]*|\*)(\s*,\s*[0-9]+)?\])?")


def open_spark(target: Any, timeout: float | None = None) -> SparkEngine | None:
    """A Spark engine for ``target`` (see :func:`is_spark_target`), or None when it is not Spark's."""
    if not is_spark_target(target):
        return None
    if not isinstance(target, str):
        if _stopped(target):  # its first statement: AttributeError ... 'addJobTag', a traceback
            raise InvalidInputError("the SparkSession given is stopped: pass one that runs")
        return SparkEngine(target, owns=False)
    if target.startswith("local") and not _LOCAL_MASTER.fullmatch(target):
        # Spark refuses it too, but only once its JVM has started (seconds), as a database error
        raise InvalidInputError(
            f"--db {target!r}: a local Spark master is local, local[N], local[*] or local[N,F] "
            "(N threads, at least 1; F failures a task may have)"
        )
    try:
        from pyspark.sql import SparkSession
    except ImportError as e:
        raise InvalidInputError(f"--db {target!r} needs pyspark: pip install 'privrisk_sql[spark]'") from e
    try:
        if target.startswith("sc://"):
            # Spark Connect's own class: a process (a notebook) may hold a classic session too,
            # which pyspark's common builder refuses to stand beside. A session of the run's own:
            # the builder's getOrCreate returned the process's session whatever its server (a
            # notebook's `spark`, which the run's end then stopped), and create() makes the new
            # one the process's default and active session.
            from pyspark.sql.connect.session import SparkSession as RemoteSession

            session: Any = RemoteSession(connection=target)
            _bound_retries(session)
            return SparkEngine(session, owns=True, version=_first_answer(session, target, timeout))
        else:
            running = _running_session(SparkSession, target)
            if running is not None:
                return SparkEngine(running, owns=False)
            builder = SparkSession.builder
            if target.startswith("local"):
                # A local session talks to nothing but itself: it listens on loopback only (without
                # SPARK_LOCAL_IP the JVM picks the machine's outward address). The user's own
                # setting of the variable wins.
                os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
                builder = builder.config("spark.driver.host", os.environ["SPARK_LOCAL_IP"]).config(
                    "spark.driver.bindAddress", os.environ["SPARK_LOCAL_IP"]
                )
            # The driver runs in this process; privrisk_sql draws its own progress bar.
            session = (
                builder.master(target)
                .appName("privrisk_sql")
                .config("spark.ui.showConsoleProgress", "false")
                .config("spark.sql.ui.retainedExecutions", str(RETAINED_SQL_EXECUTIONS))
                .getOrCreate()
            )
            # Its JVM logs to the command's stderr: every failure is the run's own one line, and a
            # write cancelled by Ctrl-C, SIGTERM or --timeout logged ~100 lines of Java stack trace
            # at ERROR (FileFormatWriter, Utils) above it. A session you pass keeps your level.
            session.sparkContext.setLogLevel("FATAL")
    except QueryError:
        raise
    except Exception as e:
        why = _server_unreachable(e) if target.startswith("sc://") else None
        raise QueryError(redacted(f"cannot reach Spark at {target!r}: {why or first_line(e)}"), dialect="spark") from e
    return SparkEngine(session, owns=True)


def _running_session(session_class: Any, target: str) -> Any:
    """The classic session this process already runs (a notebook's `spark`), or None. Spark runs
    one per process, and the builder's getOrCreate returned it for `local[2]`: the run then
    stopped it at its end (the notebook's session broken) and changed its log level. It is used
    as a session the caller passed: left as it was, and running."""
    from pyspark import SparkContext

    if SparkContext._active_spark_context is None:
        return None
    session = session_class.getActiveSession() or session_class.builder.getOrCreate()
    master = session.sparkContext.master
    if master != target:
        warnings.warn(
            f"this process already runs a Spark session (master {master!r}): the run uses it for {target!r}, "
            "and leaves it running (Spark runs one per process)",
            stacklevel=5,
        )
    return session


def _local_warehouse(session: Any, owns: bool) -> dict | None:
    """SparkEngine.left_after_a_kill of a classic session (its driver in this process):
    its own catalog (no Hive metastore) forgets the tables when the process ends, their folders
    stay in the warehouse; None for a metastore's catalog or a warehouse elsewhere than on this
    machine. Read before the catalog is first used, which makes the folder."""
    try:
        conf = session.conf
        if conf.get("spark.sql.catalogImplementation", "in-memory") != "in-memory":
            return None  # a metastore names the tables after the process: `cleanup` finds them
        where = _local_path(conf.get("spark.sql.warehouse.dir"))
        gateway = getattr(session.sparkContext, "_gateway", None)
        driver = getattr(gateway, "proc", None)
    except Exception:  # a session that does not say: no watch over its folders
        return None
    if where is None:
        return None
    folder = os.path.abspath(where)
    return {"folder": folder, "made": owns and not os.path.exists(folder), "pid": getattr(driver, "pid", None)}


def _running_tasks(scheduler: Any) -> int:
    """The tasks the scheduler counts as running: from a task's launch until its executor reports
    its end, which a killed task does once it stopped writing. Not the status tracker's count:
    Spark's status store writes an executor's task count at most every spark.ui.liveUpdate.period
    (100 ms), so it read 0 for 1.5 s while two tasks ran, and a stopped run removed a work table's
    folder that a task still writing made again (CI, 2026-11-29). Every job's tasks count, a
    notebook's other work too: the wait has its deadline."""
    counts = scheduler.runningTasksByExecutors().valuesIterator()  # executor -> tasks
    running = 0
    while counts.hasNext():
        running += int(counts.next())
    return running


def _stopped(session: Any) -> bool:
    """Whether a SparkSession its caller passed was stopped: Spark Connect says so; a classic
    session's context has let go of its JVM side."""
    said = getattr(session, "is_stopped", None)
    if isinstance(said, bool):
        return said
    context = getattr(session, "_sc", None)
    return context is not None and getattr(context, "_jsc", None) is None


def _local_path(uri: Any) -> str | None:
    """The path of a location URI (a warehouse, a database) on this machine; None elsewhere (or
    for a catalog that gives none)."""
    from urllib.parse import unquote, urlparse

    if not isinstance(uri, str):
        return None
    where = urlparse(uri)
    return unquote(where.path) if where.scheme in ("", "file") else None


_METADATA_LENGTH = "spark.sql.maxMetadataStringLength"


def _folders_read_whole(files: list[str], plan: str) -> list[str]:
    """The folders holding ``files`` that a scan of ``plan`` names as a location it reads whole
    (``Location: InMemoryFileIndex(1 paths)[file:/data]``): a folder of Parquet files, a table's
    LOCATION. A file read alone is its own location: the folder beside it is not read."""
    named: dict[str, bool] = {}  # a table's thousands of partition folders share their parents

    def is_location(folder: str) -> bool:
        if folder not in named:  # printed unescaped, one of a list: followed by ', ' or the list's ']'
            named[folder] = any(f"{scheme}{folder}{end}" in plan for scheme in ("file:", "file://") for end in "],")
        return named[folder]

    found = set()
    for folder in {os.path.dirname(path) for path in files}:
        while os.path.dirname(folder) != folder and not is_location(folder):
            folder = os.path.dirname(folder)
        if is_location(folder):
            found.add(folder)
    return sorted(found)


def _text_view(name: str) -> str:
    """The name a CSV is read under when its view computes some columns (read_files)."""
    return f"{name}_text"


@dataclasses.dataclass(frozen=True)
class _SparkReading:
    """How Spark reads a CSV as DuckDB does: its schema (DuckDB's names; a type per column), the
    date options, and the columns the view computes from what Spark read (name: an expression
    of ``{c}``, the column read): whole numbers past a space, two-digit years."""

    schema: list[tuple[str, str]]
    formats: dict[str, str]
    computed: dict[str, str]


# Spark's whole-number types: a column DuckDB reads as BIGINT and Spark as one of these agrees.
_SPARK_WHOLE = frozenset({"TINYINT", "SMALLINT", "INT", "BIGINT"})


def _as_duckdb_reads(sniffed: CsvDialect, inferred: tuple[tuple[str, str], ...]) -> _SparkReading | None:
    """How Spark reads a CSV's columns as DuckDB names and types them, where Spark's inference
    differs: a name is DuckDB's (it trims the header's spaces: `age, sex` gave the column ` sex`
    on Spark, so `--qids sex` failed there), text to DuckDB is text (Spark read zip codes 00501
    and 501 as one number), a date in a format DuckDB found is a date (Spark read 01/02/2020 as
    text, so Mondrian cut it as a category), and a whole number DuckDB reads past a space
    (` 77516`, as UCI's adult.data spells it) is a whole number (Spark read DOUBLE, so Mondrian's
    labels said `77516.0~83311.0` where DuckDB's say `77516~83311`). None when nothing differs."""
    formats = {
        option: pattern
        for option, pattern in (
            ("dateFormat", java_pattern(sniffed.date_format)),
            ("timestampFormat", java_pattern(sniffed.timestamp_format)),
        )
        if pattern is not None
    }
    known = {"DATE": "dateFormat" in formats or not sniffed.date_format}
    known["TIMESTAMP"] = "timestampFormat" in formats or not sniffed.timestamp_format
    # Spark reads a two-digit year 69 as 2069 (2000-2099), DuckDB as 1969 (1969-2068).
    century_back = {
        kind: f"CASE WHEN year({{c}}) >= 2069 THEN {back} ELSE {{c}} END"
        for kind, strftime, back in (
            ("DATE", sniffed.date_format, "add_months({c}, -1200)"),
            ("TIMESTAMP", sniffed.timestamp_format, "{c} - INTERVAL 100 YEARS"),
        )
        if strftime and "%y" in strftime
    }
    schema, computed, changed = [], {}, False
    # By position: both read the same header (Spark takes a schema's names over the header's).
    names = sniffed.names if len(sniffed.names) == len(inferred) else tuple(n for n, _ in inferred)
    for (spark_name, spark_type), name in zip(inferred, names):
        wanted = spark_type
        if name in sniffed.text:
            wanted = "STRING"
        elif name in sniffed.whole and spark_type not in _SPARK_WHOLE:
            wanted = "STRING"  # Spark's whole-number parsing takes no space: trimmed, then cast
            computed[name] = "CAST(TRIM({c}) AS BIGINT)"
        elif spark_type == "STRING" and known.get(sniffed.dated.get(name, ""), False):
            wanted = sniffed.dated[name]
            if wanted in century_back:
                computed[name] = century_back[wanted]
        changed |= wanted != spark_type or name != spark_name
        schema.append((name, wanted))
    return _SparkReading(schema, formats, computed) if changed else None


def _csv_dialect(label: str, encoding: str = "utf-8") -> CsvDialect:
    """How DuckDB reads a CSV file, for Spark to read it alike. A file this process can read is
    sniffed by DuckDB (Spark's own default, a comma, read a `.tsv` or a file of semicolons as
    one column). Another path (a Spark Connect server's) gets a tab for `.tsv`, else a comma,
    and Spark's types. A quote inside a quoted field is doubled, as standard CSV writes it
    (Spark's default escape, a backslash, misread "x"",1")."""
    from .duckdb_engine import CsvDialect, csv_dialect

    if not os.path.isfile(label):
        sep = "\t" if label.lower().removesuffix(".gz").endswith(".tsv") else ","
        return CsvDialect(sep, '"', '"', "", False, (), frozenset(), frozenset(), {}, None, None)
    import duckdb

    # No progress bar of DuckDB's on stdout: a file it sniffs every row of takes seconds.
    with duckdb.connect() as con:
        con.execute("SET enable_progress_bar = false")
        found = csv_dialect(label, con, encoding)
    return dataclasses.replace(found, delimiter=found.delimiter or ",", escape=found.escape or found.quote or '"')


# strftime's fields DuckDB's sniffer writes, as Java's DateTimeFormatter (Spark's) spells them.
# %y: Spark reads a two-digit year as 2000-2099, DuckDB as 1969-2068 (POSIX): a year Spark reads
# from 69 to 99 is taken back a century in the view (_as_duckdb_reads).
_JAVA_FIELDS = {
    "%Y": "yyyy",
    "%y": "yy",
    "%m": "MM",
    "%d": "dd",
    "%H": "HH",
    "%M": "mm",
    "%S": "ss",
    "%f": "SSSSSS",
}


def java_pattern(strftime: str | None) -> str | None:
    """The Spark ``dateFormat``/``timestampFormat`` of a DuckDB strftime format, None when it
    has a field this does not translate (the column then keeps Spark's own type)."""
    if not strftime:
        return None
    out, i = [], 0
    while i < len(strftime):
        if strftime[i] == "%":
            field = _JAVA_FIELDS.get(strftime[i : i + 2])
            if field is None:
                return None
            out.append(field)
            i += 2
        else:
            ch = strftime[i]
            out.append("''" if ch == "'" else f"'{ch}'" if ch.isalpha() else ch)  # letters are fields to Java
            i += 1
    return "".join(out)


def _check_dataset(label: str) -> None:
    """Refuse, before Spark reads it, what Spark would misread in a dataset folder (its part
    files' footers read by a DuckDB of this process: the checks DuckDB's own reads get)."""
    import duckdb

    from .common import parquet_dataset_files
    from .duckdb_engine import check_dataset

    with duckdb.connect() as con:
        check_dataset(label, parquet_dataset_files(label), con)
