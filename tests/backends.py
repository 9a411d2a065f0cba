"""Real backends for the tests: DuckDB and SQLite in-process, PostgreSQL from PRIVRISK_PG_URL,
MariaDB from PRIVRISK_MYSQL_URL (and PRIVRISK_MYSQL_RO_URL, a user with SELECT and CREATE
TEMPORARY TABLES only: .ci/mariadb.sh makes both), Spark as a local session of the test process.

Fixture CSVs are read by DuckDB (its sniffer gives the types) and loaded into each backend with
explicit types: DOUBLE PRECISION (never NUMERIC), BIGINT, TEXT, BOOLEAN, DATE, TIMESTAMP.
"""

from __future__ import annotations

import hashlib
import os
import re
import uuid
from dataclasses import dataclass
from pathlib import Path

import duckdb
import sqlalchemy as sa

import privrisk_sql as pr
from privrisk_sql.engines.spark_engine import RETAINED_SQL_EXECUTIONS
from privrisk_sql.sql.render import quote_identifier
from privrisk_sql.sql.types import TypeClass, type_class

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"

_DDL = {
    TypeClass.INTEGER: "BIGINT",
    TypeClass.FLOAT: "DOUBLE PRECISION",
    TypeClass.TEXT: "TEXT",
    TypeClass.BOOLEAN: "BOOLEAN",
    TypeClass.DATE: "DATE",
    TypeClass.TIMESTAMP: "TIMESTAMP",
}


# MariaDB: TIMESTAMP is a 1970-2038 time-zone-converted type; DATETIME(6) is the plain one.
# TEXT keeps the server's default collation (utf8mb4_general_ci: case-insensitive), as users' do.
_DDL_OVERRIDES = {"mysql": {TypeClass.TIMESTAMP: "DATETIME(6)"}}


def mondrian_keeping_all(*args, **kwargs):
    """``pr.mondrian`` keeping every column that no role names (``keep="*"``) unless the test says
    otherwise: the tests' tables carry an ``id`` per row to check the output against, which the
    default would refuse as a likely identifier (tests/test_attribute_roles.py tests that)."""
    kwargs.setdefault("keep", "*")
    return pr.mondrian(*args, **kwargs)


def setting_in_levels_and_after(
    src: pr.Source, table: str, qids: list[str], out: str, now
) -> tuple[set, object, object]:
    """What ``now()`` reads in every level of a strict Mondrian run (k = 10, into ``out``), after
    it, and after a second run (into ``out`` + ``_2``) that fails inside its first level: the
    small-work settings (Dialect.small_work_settings) a run holds in its levels and gives back."""
    seen: list = []
    result = mondrian_keeping_all(src, table, qids, 10, out, progress=lambda level, cuts: seen.append(now()))
    assert len(seen) == result.levels + 1
    after = now()

    def fail(level: int, cuts: int) -> None:
        raise RuntimeError("stopped in a level")

    try:
        mondrian_keeping_all(src, table, qids, 10, f"{out}_2", progress=fail)
    except RuntimeError as e:
        assert str(e) == "stopped in a level"
    else:
        raise AssertionError("the failing run did not fail")
    return set(seen), after, now()


def settings_in_and_after_a_run(src: pr.Source, read: str, run) -> tuple[object, set[tuple], tuple, tuple]:
    """``run()``'s result, and what the one-row query ``read`` gives after every statement of its
    work on ``src`` (as a set), before the run and after it: the session settings a run holds and
    gives back. The settings' own statements are left out: ``src.statements`` does not count them."""
    seen: set[tuple] = set()
    counted = [src.statements]

    def on_timing(sql, seconds):
        if src.statements != counted[0]:
            counted[0] = src.statements
            seen.add(tuple(src.engine.run(read, True)[0]))

    before = tuple(src.engine.run(read, True)[0])
    src.on_timing = on_timing
    try:
        result = run()
    finally:
        src.on_timing = None
    return result, seen, before, tuple(src.engine.run(read, True)[0])


def read_csv_typed(path: Path, timestamp_columns=()):
    """Column (name, TypeClass) pairs and rows of a CSV as DuckDB reads it."""
    con = duckdb.connect()
    rel = f"read_csv('{path}')"
    desc = con.execute(f"DESCRIBE SELECT * FROM {rel}").fetchall()
    cols = [(r[0], type_class(r[1])) for r in desc]
    select = ", ".join(f'CAST("{n}" AS TIMESTAMP) AS "{n}"' if n in timestamp_columns else f'"{n}"' for n, _ in cols)
    cols = [(n, TypeClass.TIMESTAMP if n in timestamp_columns else c) for n, c in cols]
    rows = con.execute(f"SELECT {select} FROM {rel}").fetchall()
    con.close()
    return cols, rows


@dataclass(frozen=True)
class Capabilities:
    """What a test may expect of a backend: what it can do, not its name (tests branch on these)."""

    server: bool = False  # sessions of its own: a server-side statement time limit, statements listed while they run
    stores_nan: bool = True  # NaN is a float value (SQLite stores NULL)
    exact_decimals: bool = True  # DECIMAL keeps more digits than a double (SQLite stores a double)
    quoted_schema_keeps_case: bool = False  # "PUBLIC" is another schema than public
    rounds_doubles_half_even: bool = False  # ROUND of a double rounds ties to even already
    views_hold_their_tables: bool = False  # a view keeps its table from being dropped (PostgreSQL)
    foreign_keys_hold_their_tables: bool = True  # SQLite's are off unless asked for; Spark has none


CAPABILITIES = {
    "duckdb": Capabilities(),
    "sqlite": Capabilities(stores_nan=False, exact_decimals=False, foreign_keys_hold_their_tables=False),
    "postgres": Capabilities(
        server=True, quoted_schema_keeps_case=True, rounds_doubles_half_even=True, views_hold_their_tables=True
    ),
    "mysql": Capabilities(server=True, quoted_schema_keeps_case=True, rounds_doubles_half_even=True),
    "spark": Capabilities(foreign_keys_hold_their_tables=False),
}


class Backend:
    name: str
    can: Capabilities = Capabilities()
    # Column holding the CSV row order, on backends whose scans have no stable order (PostgreSQL);
    # tests pass it as key= so positions are defined.
    key: str | None = None
    # Table names of letters, digits and _ only (Spark's session catalog); columns may be any.
    plain_table_names = False
    # A --timeout that ends a run in its first statement over a slow view (not before it).
    quick_timeout = 0.5

    def __init__(self):
        self._loaded: dict[tuple, str] = {}
        self.sources: dict[str, tuple[int, str]] = {}  # name -> checksum when created
        self.views: list[str] = []  # dropped on close (SQLAlchemy backends)

    def source(self, **options) -> pr.Source:
        """A Source on the backend's connection (options: read_only, timeout)."""
        raise NotImplementedError

    def load(self, path: Path, timestamp_columns=(), table: str | None = None) -> str:
        """Load a CSV into a new table (cached per path) and return its name."""
        cache_key = (str(path), tuple(timestamp_columns), table)
        if cache_key not in self._loaded:
            name = table or f"t_{uuid.uuid4().hex[:12]}"
            self.load_file(Path(path), name, timestamp_columns)
            self.sources[name] = self.checksum(name)
            self._loaded[cache_key] = name
        return self._loaded[cache_key]

    # -- the read-only guarantee, over the whole suite --------------------------------------------
    def checksum(self, name: str) -> tuple[int, str]:
        """Row count and an order-independent hash of every value of a table."""
        rows = self.fetch(f"SELECT * FROM {quote_identifier(name, self.dialect)}")
        digest = sorted(hashlib.sha256(repr(tuple(r)).encode()).hexdigest() for r in rows)
        return len(rows), hashlib.sha256("".join(digest).encode()).hexdigest()

    def temp_tables(self) -> list:
        """TEMP tables of this backend's own session (other sessions on a server have theirs)."""
        if self.name == "duckdb":
            return self.fetch("SELECT table_name FROM duckdb_tables() WHERE temporary")
        if self.name == "sqlite":
            return self.fetch("SELECT name FROM sqlite_temp_master WHERE type = 'table'")
        if self.name == "mysql":
            return live_temp_tables(self.fetch)
        return self.fetch("SELECT relname FROM pg_class WHERE relnamespace = pg_my_temp_schema() AND relkind = 'r'")

    def server_relations(self) -> list[str]:
        """The tables and views of every user schema of a server, as ``schema.name`` (none
        elsewhere: DuckDB and SQLite are a fresh file or memory per backend)."""
        query = _USER_RELATIONS.get(self.name)
        return [] if query is None else [f"{r[0]}.{r[1]}" for r in self.fetch(query)]

    def user_tables(self) -> list[str]:
        """Base tables of the database the tests write to (not TEMP ones)."""
        sql = {
            "duckdb": "SELECT table_name FROM duckdb_tables() WHERE NOT temporary",
            "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table'",
            "postgres": "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
            "mysql": "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE()"
            " AND table_type = 'BASE TABLE'",
        }[self.name]
        return [r[0] for r in self.fetch(sql)]

    def running_statements(self, marker: str) -> int:
        """Statements of other sessions of a server, running now, whose text holds ``marker``."""
        sql = {
            "postgres": "SELECT COUNT(*) FROM pg_stat_activity WHERE state = 'active' "
            f"AND query LIKE '%{marker}%' AND pid <> pg_backend_pid()",
            "mysql": "SELECT COUNT(*) FROM information_schema.processlist WHERE command = 'Query' "
            f"AND info LIKE '%{marker}%' AND id <> CONNECTION_ID()",
        }[self.name]
        return int(self.fetch(sql)[0][0])

    def end_sessions_running(self, marker: str) -> int:
        """End the sessions of other clients whose running statement holds ``marker``, as a server
        that goes away does to them (PostgreSQL: pg_terminate_backend; MariaDB: KILL CONNECTION)."""
        if self.name == "postgres":
            rows = self.fetch(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE state = 'active' "
                f"AND query LIKE '%{marker}%' AND pid <> pg_backend_pid()"
            )
            return len(rows)
        ids = self.fetch(
            "SELECT id FROM information_schema.processlist WHERE command = 'Query' "
            f"AND info LIKE '%{marker}%' AND id <> CONNECTION_ID()"
        )
        for (i,) in ids:
            self.run(f"KILL CONNECTION {int(i)}")
        return len(ids)

    def statement_time_limit(self) -> str | None:
        """The server-side statement time limit of the backend's own session (None: none kept)."""
        sql = {"postgres": "SHOW statement_timeout", "mysql": "SELECT @@SESSION.max_statement_time"}.get(self.name)
        return None if sql is None else str(self.fetch(sql)[0][0])

    def forget(self, name: str) -> None:
        """A test drops a source table of its own: no longer checked."""
        self.sources.pop(name, None)

    def changed_sources(self) -> list[str]:
        """Source tables (every table a test created as input) whose rows differ from when they were
        created, or that are gone; checked when the backend closes, after every test that used it."""
        changed = []
        for name, before in self.sources.items():
            try:
                after = self.checksum(name)
            except Exception as e:  # dropped, renamed
                changed.append(f"{name!r}: {type(e).__name__}")
                continue
            if after != before:
                changed.append(f"{name!r}: rows/hash {before} -> {after}")
        return changed

    def load_file(self, path: Path, name: str, timestamp_columns=()) -> None:
        cols, rows = read_csv_typed(path, timestamp_columns)
        if self.key is not None:
            cols = [(self.key, TypeClass.INTEGER)] + cols
            rows = [(i,) + tuple(r) for i, r in enumerate(rows)]
        self.create(name, cols, rows)

    def create(self, name, cols, rows) -> None:
        raise NotImplementedError

    def ddl(self, name, cols) -> str:
        q = lambda s: quote_identifier(s, self.dialect)  # noqa: E731
        types = {**_DDL, **_DDL_OVERRIDES.get(self.name, {})}
        return f"CREATE TABLE {q(name)} (" + ", ".join(f"{q(n)} {types[c]}" for n, c in cols) + ")"

    def close(self) -> None:
        pass

    def run(self, sql: str) -> None:
        """One DDL/DML statement of the test's own (no parameters)."""
        raise NotImplementedError

    def create_slow_view(self, name: str) -> None:
        """A view of two integer columns q1, q2 over 10^9 rows: a query on it runs for a minute or more,
        so a 0.5 s timeout that works always stops a statement mid-way."""
        q = quote_identifier(name, self.dialect)
        self.run(f"CREATE VIEW {q} AS {SLOW_ROWS[self.name]}")
        self.views.append(name)


SLOW_ROWS = {
    "duckdb": "SELECT (a.range * 7919 + b.range) % 1000 AS q1, (a.range + b.range * 31) % 997 AS q2"
    " FROM range(100000) a, range(10000) b",
    "postgres": "SELECT (a * 7919 + b) % 1000 AS q1, (a + b * 31) % 997 AS q2"
    " FROM generate_series(1, 100000) a, generate_series(1, 10000) b",
    "mysql": "SELECT (a.seq * 7919 + b.seq) % 1000 AS q1, (a.seq + b.seq * 31) % 997 AS q2"
    " FROM seq_1_to_100000 a, seq_1_to_10000 b",
    # 10^11 rows: Spark counts 10^9 in about 10 s, close enough to a 5 s timeout for a loaded
    # machine to finish the statement before the cancel lands (seen in CI).
    "spark": "SELECT (a.id * 7919 + b.id + c.id) % 1000 AS q1, (a.id + b.id * 31 + c.id) % 997 AS q2"
    " FROM range(100000) a, range(10000) b, range(100) c",
    "sqlite": "WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r WHERE i < 1000000000)"
    " SELECT i % 1000 AS q1, i % 997 AS q2 FROM r",
}


class DuckDBBackend(Backend):
    name = "duckdb"

    def __init__(self):
        super().__init__()
        self.con = duckdb.connect()
        self.dialect = pr.sql.dialects.get_dialect("duckdb")

    def source(self, **options):
        return pr.Source(self.con, **options)

    def load_file(self, path, name, timestamp_columns=()):
        con = duckdb.connect()
        desc = con.execute("DESCRIBE SELECT * FROM read_csv(?)", [str(path)]).fetchall()
        con.close()
        cols = [(r[0], TypeClass.TIMESTAMP if r[0] in timestamp_columns else type_class(r[1])) for r in desc]
        self.con.execute(self.ddl(name, cols))
        q = lambda s: quote_identifier(s, self.dialect)  # noqa: E731
        select = ", ".join(f"CAST({q(n)} AS {_DDL[c]})" for n, c in cols)
        self.con.execute(f"INSERT INTO {q(name)} SELECT {select} FROM read_csv(?)", [str(path)])

    def create(self, name, cols, rows):
        self.con.execute(self.ddl(name, cols))
        if rows:
            marks = ", ".join("?" for _ in cols)
            self.con.executemany(f"INSERT INTO {quote_identifier(name, self.dialect)} VALUES ({marks})", rows)
        self.sources[name] = self.checksum(name)

    def fetch(self, sql):
        return self.con.execute(sql).fetchall()

    def run(self, sql):
        self.con.execute(sql)


class SQLAlchemyBackend(Backend):
    def __init__(self, url: str, name: str, **engine_kw):
        super().__init__()
        self.name = name
        self.engine = sa.create_engine(url, **engine_kw)
        self.dialect = pr.sql.dialects.get_dialect(self.engine.dialect.name)
        self.conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        self.created: list[str] = []
        self._found = set(self.server_relations())
        self.left: list[str] = []  # relations the tests made and left (filled by close)

    def source(self, **options):
        src = pr.Source(self.conn, **options)
        return record_temps(src) if self.name == "mysql" else src

    def create(self, name, cols, rows):
        self.conn.exec_driver_sql(self.ddl(name, cols))
        self.created.append(name)
        if rows:
            self._insert(name, cols, rows)
        self.sources[name] = self.checksum(name)

    def _insert(self, name, cols, rows):
        qname = quote_identifier(name, self.dialect)
        if self.name == "postgres":
            raw = self.conn.connection.driver_connection
            with raw.cursor() as cur:
                cols_sql = ", ".join(quote_identifier(n, self.dialect) for n, _ in cols)
                with cur.copy(f"COPY {qname} ({cols_sql}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
        elif self.name == "mysql":
            marks = ", ".join("%s" for _ in cols)
            raw = self.conn.connection.driver_connection
            with raw.cursor() as cur:
                for i in range(0, len(rows), 5000):
                    cur.executemany(
                        f"INSERT INTO {qname} VALUES ({marks})", [_mysql_row(r) for r in rows[i : i + 5000]]
                    )
        else:
            marks = ", ".join("?" for _ in cols)
            raw = self.conn.connection.driver_connection
            raw.executemany(f"INSERT INTO {qname} VALUES ({marks})", [_sqlite_row(r) for r in rows])

    def fetch(self, sql):
        cur = self.conn.connection.driver_connection.cursor()
        try:
            cur.execute(sql)  # no parameters: a '%' is not a placeholder
            return [tuple(r) for r in cur.fetchall()]
        finally:
            cur.close()

    def run(self, sql):
        cur = self.conn.connection.driver_connection.cursor()
        try:
            cur.execute(sql)
        finally:
            cur.close()

    def close(self):
        for name in self.views:
            self.run(f"DROP VIEW IF EXISTS {quote_identifier(name, self.dialect)}")
        for name in self.created:
            self.conn.exec_driver_sql(f"DROP TABLE IF EXISTS {quote_identifier(name, self.dialect)}")
        self.left = sorted(set(self.server_relations()) - self._found)
        self.conn.close()
        self.engine.dispose()


# A server's tables and views outside its system schemas (TEMP ones are a session's own).
_USER_RELATIONS = {
    "postgres": "SELECT table_schema, table_name FROM information_schema.tables"
    " WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg\\_temp\\_%'"
    " AND table_type <> 'LOCAL TEMPORARY'",
    "mysql": "SELECT table_schema, table_name FROM information_schema.tables"
    " WHERE table_schema NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')"
    " AND table_type <> 'TEMPORARY'",
}


# A text type under which 'Paris' and 'PARIS' compare equal: NOCASE on DuckDB and SQLite, a
# nondeterministic ICU collation on PostgreSQL (created here, as a user would).
_CASE_INSENSITIVE_TEXT = {
    "duckdb": ("VARCHAR COLLATE NOCASE", None),
    "sqlite": ("TEXT COLLATE NOCASE", None),
    "mysql": ("TEXT COLLATE utf8mb4_general_ci", None),
    "spark": ("STRING COLLATE UTF8_LCASE", None),
    "postgres": (
        'TEXT COLLATE "privrisk_test_ci"',
        'CREATE COLLATION IF NOT EXISTS "privrisk_test_ci" '
        "(provider = icu, locale = 'und-u-ks-level2', deterministic = false)",
    ),
}


def create_case_insensitive(backend: Backend, cols: list[tuple[str, TypeClass]], rows: list[tuple]) -> str:
    """A new source table whose TEXT columns are declared case-insensitive; returns its name.
    Values are inlined as literals (tests pass plain ids, numbers and letters only)."""
    text_type, setup = _CASE_INSENSITIVE_TEXT[backend.name]
    if setup:
        backend.run(setup)
    if backend.key is not None:
        cols = [(backend.key, TypeClass.INTEGER)] + cols
        rows = [(i,) + tuple(r) for i, r in enumerate(rows)]
    q = lambda s: quote_identifier(s, backend.dialect)  # noqa: E731
    name = f"ci_{uuid.uuid4().hex[:12]}"
    backend.run(
        f"CREATE TABLE {q(name)} ("
        + ", ".join(
            f"{q(n)} {text_type if c is TypeClass.TEXT else (_SPARK_DDL if backend.name == 'spark' else _DDL)[c]}"
            for n, c in cols
        )
        + ")"
    )
    if hasattr(backend, "created"):
        backend.created.append(name)
    literal = lambda v: f"'{v}'" if isinstance(v, str) else str(v)  # noqa: E731
    backend.run(f"INSERT INTO {q(name)} VALUES " + ", ".join("(" + ", ".join(map(literal, r)) + ")" for r in rows))
    backend.sources[name] = backend.checksum(name)
    return name


def _sqlite_row(row):
    # sqlite3's default date adapters are deprecated; store ISO text, as SQLAlchemy does.
    return tuple(
        v.isoformat(sep=" ") if hasattr(v, "hour") else v.isoformat() if hasattr(v, "isoformat") else v for v in row
    )


# MariaDB 10.11 cannot list a session's TEMPORARY tables (information_schema shows none): the
# tests record the names the Sources create and ask the server, name by name, which still exist.
_TEMP_CREATED: set[str] = set()
_CREATE_TEMP = re.compile(r"\s*CREATE TEMPORARY TABLE `((?:[^`]|``)+)`")


def record_temps(src: pr.Source) -> pr.Source:
    """``src`` with the names of the TEMPORARY tables its statements create recorded."""
    run = src.engine.run

    def recording(sql, fetch):
        m = _CREATE_TEMP.match(sql)
        if m:
            _TEMP_CREATED.add(m.group(1).replace("``", "`"))
        return run(sql, fetch)

    src.engine.run = recording  # type: ignore[method-assign]
    return src


def live_temp_tables(fetch) -> list[str]:
    """The recorded TEMPORARY tables that exist in the session ``fetch`` runs in."""
    live = []
    for name in sorted(_TEMP_CREATED):
        try:
            fetch(f"SELECT 1 FROM `{name.replace('`', '``')}` LIMIT 0")
        except Exception as e:
            if "1146" not in str(e):  # not "table doesn't exist"
                raise
            continue
        live.append(name)
    return live


def _mysql_row(row):
    # A DOUBLE column refuses NaN: stored as NULL (missing, as pandas reads NaN).
    return tuple(None if isinstance(v, float) and v != v else v for v in row)


# Spark: one local session per test process (starting one costs 5-30 s), made on first use.
_SPARK: list = []
_SPARK_DDL = {
    TypeClass.INTEGER: "BIGINT",
    TypeClass.FLOAT: "DOUBLE",
    TypeClass.TEXT: "STRING",
    TypeClass.BOOLEAN: "BOOLEAN",
    TypeClass.DATE: "DATE",
    TypeClass.TIMESTAMP: "TIMESTAMP",
}


def spark_available() -> str | None:
    """Why a local Spark session cannot start here (None: it can)."""
    import importlib.util
    import shutil

    if importlib.util.find_spec("pyspark") is None:
        return "pyspark is not installed (pip install -e '.[dev]')"
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        return "no Java (apt-get install openjdk-17-jre-headless)"
    return None


# What every Spark JVM of the tests is set to: no UI and no console progress bars, the driver on
# loopback (nothing listens beyond 127.0.0.1).
QUIET_LOOPBACK_SPARK = {
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",
    "spark.driver.host": "127.0.0.1",
    "spark.driver.bindAddress": "127.0.0.1",
}


def spark_session():
    """The test process's local Spark session: 2 cores, a warehouse in a temporary folder, few
    shuffle partitions (the fixtures are small), no UI, the driver on loopback, and the plans of
    as few statements kept as the sessions privrisk_sql opens keep (Spark's 1,000 filled the 1 GiB
    driver in the Wage case: docs/decisions/spark-retained-executions.md). Everything the JVM
    writes (warehouse, spill, its temporary files) is in one folder, removed when the test
    process ends: every run of the Spark tests left a warehouse and the JVM's block manager and
    scratch folders in /tmp."""
    if not _SPARK:
        import atexit
        import tempfile

        from pyspark.sql import SparkSession

        os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"  # the JVM binds and talks on loopback only
        work = Path(tempfile.mkdtemp(prefix="privrisk_spark_"))
        session = (
            SparkSession.builder.master("local[2]")
            .appName("privrisk_sql tests")
            .config(map={**QUIET_LOOPBACK_SPARK, **jvm_files_in(work)})
            .config("spark.sql.shuffle.partitions", "4")
            .config("spark.sql.ui.retainedExecutions", str(RETAINED_SQL_EXECUTIONS))
            .getOrCreate()
        )
        session.sparkContext.setLogLevel("ERROR")
        atexit.register(_stop_spark_session, session, work)
        _SPARK.append(session)
    return _SPARK[0]


def jvm_files_in(work: Path) -> dict[str, str]:
    """The settings that keep what a Spark JVM writes in the folder ``work`` (its warehouse,
    spill and temporary files), which its owner removes: they went to /tmp and stayed."""
    (work / "tmp").mkdir()
    return {
        "spark.sql.warehouse.dir": str(work / "warehouse"),
        "spark.local.dir": str(work / "local"),
        "spark.driver.extraJavaOptions": f"-Djava.io.tmpdir={work / 'tmp'}",
    }


def _stop_spark_session(session, work: Path) -> None:
    import shutil

    try:
        session.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


_CONNECT: list[str] = []


def spark_connect_url() -> str:
    """``sc://`` URL of a Spark Connect server on loopback (the one inside pyspark), started on
    first use and stopped when the test process ends: what the command line reaches Spark by."""
    if not _CONNECT:
        import atexit

        server = start_spark_connect()
        atexit.register(server.stop)
        _CONNECT.append(server.url)
    return _CONNECT[0]


class SparkConnectServer:
    """A Spark Connect server of a test's own (tests/test_spark.py kills and stops it): its URL,
    the JVM's pid, and stop()."""

    def __init__(self, url: str, pid_dir: Path, env: dict):
        self.url, self.pid_dir, self.env = url, pid_dir, env

    @property
    def pid(self) -> int:
        return int(next(self.pid_dir.glob("*.pid")).read_text().strip())

    def stop(self) -> None:
        """Stop the server (a killed one is gone already) and remove its folder: logs, warehouse,
        spill and the JVM's temporary files (each server left 5 MB and more in /tmp)."""
        import shutil
        import signal
        import subprocess
        import time

        import pyspark

        try:
            pid = self.pid
            os.kill(pid, signal.SIGCONT)  # a stopped JVM cannot stop
        except (OSError, StopIteration):
            pass
        else:
            home = Path(pyspark.__file__).parent
            subprocess.run([str(home / "sbin" / "stop-connect-server.sh")], env=self.env, capture_output=True)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:  # its shutdown still writes into the folder
                try:
                    os.kill(pid, 0)
                except OSError:
                    break
                time.sleep(0.2)
        shutil.rmtree(self.pid_dir, ignore_errors=True)


def start_spark_connect() -> SparkConnectServer:
    """Start a Spark Connect server on a free loopback port; returns once it accepts connections."""
    import socket
    import subprocess
    import tempfile
    import time

    import pyspark

    home = Path(pyspark.__file__).parent
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    work = tempfile.mkdtemp(prefix="privrisk_connect_")
    env = {
        **os.environ,
        "SPARK_HOME": str(home),
        "SPARK_PID_DIR": work,
        "SPARK_LOG_DIR": work,
        "SPARK_LOCAL_IP": "127.0.0.1",
        "SPARK_IDENT_STRING": f"privrisk{port}",
    }
    conf = {
        "spark.connect.grpc.binding.address": "127.0.0.1",
        "spark.connect.grpc.binding.port": str(port),
        **QUIET_LOOPBACK_SPARK,
        **jvm_files_in(Path(work)),
        "spark.sql.shuffle.partitions": "4",
        "spark.sql.ui.retainedExecutions": str(RETAINED_SQL_EXECUTIONS),
    }
    args = [str(home / "sbin" / "start-connect-server.sh"), "--master", "local[2]"]
    for key, value in conf.items():
        args += ["--conf", f"{key}={value}"]
    subprocess.run(args, env=env, check=True, capture_output=True)
    deadline = time.monotonic() + 120
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                logs = "".join(p.read_text() for p in Path(work).glob("*.out"))
                raise RuntimeError(f"Spark Connect did not start on port {port}:\n{logs[-3000:]}") from None
            time.sleep(0.5)
    return SparkConnectServer(f"sc://127.0.0.1:{port}", Path(work), env)


class SparkBackend(Backend):
    name = "spark"
    key = "row_id"
    plain_table_names = True
    quick_timeout = 5.0  # resolving a table through Spark's catalog takes a second or more

    def __init__(self):
        super().__init__()
        self.session = spark_session()
        self.dialect = pr.sql.dialects.get_dialect("spark")
        self.created: list[str] = []

    def source(self, **options):
        return pr.Source(self.session, **options)

    def ddl(self, name, cols) -> str:
        q = lambda s: quote_identifier(s, self.dialect)  # noqa: E731
        return f"CREATE TABLE {q(name)} (" + ", ".join(f"{q(n)} {_SPARK_DDL[c]}" for n, c in cols) + ")"

    def create(self, name, cols, rows):
        from pyspark.sql import types as T

        spark_types = {
            TypeClass.INTEGER: T.LongType(),
            TypeClass.FLOAT: T.DoubleType(),
            TypeClass.TEXT: T.StringType(),
            TypeClass.BOOLEAN: T.BooleanType(),
            TypeClass.DATE: T.DateType(),
            TypeClass.TIMESTAMP: T.TimestampType(),
        }
        self.run(self.ddl(name, cols))
        self.created.append(name)
        if rows:
            schema = T.StructType([T.StructField(n, spark_types[c]) for n, c in cols])
            self.session.createDataFrame([tuple(r) for r in rows], schema).write.insertInto(
                quote_identifier(name, self.dialect)
            )
        self.sources[name] = self.checksum(name)

    def fetch(self, sql):
        return [tuple(r) for r in self.session.sql(sql).collect()]

    def run(self, sql):
        self.session.sql(sql)

    def temp_tables(self) -> list:
        """The work tables of the runs (Spark has no TEMP tables) and views of files left behind."""
        return [(r[1],) for r in self.fetch("SHOW TABLES LIKE 'privrisk_*'")]

    def user_tables(self) -> list[str]:
        return [r[1] for r in self.fetch("SHOW TABLES") if not r[2]]

    def close(self):
        for name in self.views:
            self.run(f"DROP VIEW IF EXISTS {quote_identifier(name, self.dialect)}")
        for name in self.created:
            self.run(f"DROP TABLE IF EXISTS {quote_identifier(name, self.dialect)}")


def pg_url() -> str | None:
    return os.environ.get("PRIVRISK_PG_URL")


def mysql_url() -> str | None:
    return os.environ.get("PRIVRISK_MYSQL_URL")


def server_url(name: str) -> str | None:
    """The URL of a server backend's test database (None: not running here)."""
    return {"postgres": pg_url, "mysql": mysql_url, "spark": spark_connect_url}[name]()


def make_backend(name: str) -> Backend:
    b = _make_backend(name)
    b.can = CAPABILITIES[name]
    return b


def _make_backend(name: str) -> Backend:
    if name == "duckdb":
        return DuckDBBackend()
    if name == "sqlite":
        return SQLAlchemyBackend("sqlite://", "sqlite", poolclass=sa.pool.StaticPool)
    if name == "postgres":
        b = SQLAlchemyBackend(pg_url(), "postgres")
        b.key = "row_id"
        return b
    if name == "mysql":
        b = SQLAlchemyBackend(mysql_url(), "mysql")
        b.key = "row_id"
        return b
    if name == "spark":
        return SparkBackend()
    raise ValueError(name)


def assert_least_privilege_user(backend: Backend, url: str, table: str, key: str, container: str) -> None:
    """A user that may read ``table`` and make TEMP tables only: kanon and mpUCCs run through the
    CLI with --read-only (kanon equal to the full user's), and Mondrian's output is refused
    before any work (exit 2 naming ``container``: no statement of the run echoed, no table)."""
    import json
    import subprocess
    import sys

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "privrisk_sql.cli", *args], capture_output=True, text=True)

    as_reader = cli(
        "kanon",
        "--db",
        url,
        "--table",
        table,
        "--qids",
        "age,sex,race",
        "--read-only",
        "--sensitive",
        "income",
        "--json",
        "-",
    )
    assert as_reader.returncode == 0, as_reader.stderr
    assert json.loads(as_reader.stdout) == pr.kanon(backend.source(), table, ["age", "sex", "race"], ["income"])
    r = cli(
        "mpuccs",
        "--db",
        url,
        "--ori",
        table,
        "--syn",
        table,
        "--columns",
        "age,sex,race",
        "--n-cols",
        "1,2",
        "--key",
        key,
        "--read-only",
        "--quiet",
    )
    assert r.returncode == 0, r.stderr
    r = cli(
        "mondrian", "--db", url, "--table", table, "--qids", "age", "--k", "5", "--output", "released", "--show-sql"
    )
    assert r.returncode == 2
    assert f"may not create tables in {container} (no CREATE privilege)" in r.stderr
    assert "TEMP TABLE" not in r.stderr and "TEMPORARY TABLE" not in r.stderr  # only the privilege check ran
    assert not backend.source().table_exists("released")
