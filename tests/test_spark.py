"""Spark-only behaviour: the caller's SparkSession, files and Spark DataFrames read in place, work
tables gone after a run, and the command line through a Spark Connect server."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable

import duckdb
import pytest

import privrisk_sql as pr
from privrisk_sql.engines.common import database_file, is_spark_target

from backends import FIXTURES, QUIET_LOOPBACK_SPARK, jvm_files_in, server_url, setting_in_levels_and_after

ADULT = FIXTURES / "adult" / "ori.csv"
QIDS = ["age", "sex", "race"]


def test_spark_targets_are_recognized_without_spark():
    for target in ("sc://127.0.0.1:15002", "spark://host:7077", "local", "local[2]", "local[*]"):
        assert is_spark_target(target) and database_file(target) is None
    for target in ("local.duckdb", "postgresql://x/y", None, "spark.duckdb"):
        assert not is_spark_target(target)


@pytest.fixture
def spark(backend):
    if backend.name != "spark":
        pytest.skip("Spark only")
    return backend


def _duck_kanon(table) -> dict:
    return pr.kanon(pr.Source(), str(table), QIDS, sensitive="income", k=5)


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_callers_session_files_and_frames(spark, tmp_path):
    session = spark.session
    src = pr.connect(session)
    assert src.dialect.name == "spark" and src.database_label.startswith("spark 4.")
    expected = _duck_kanon(ADULT)
    assert pr.kanon(src, str(ADULT), QIDS, sensitive="income", k=5) == expected  # a CSV, read by Spark
    parquet = tmp_path / "adult.parquet"
    duckdb.sql(f"COPY (SELECT * FROM read_csv('{ADULT}')) TO '{parquet}' (FORMAT parquet)")
    assert pr.kanon(src, str(parquet), QIDS, sensitive="income", k=5) == expected
    frame = session.read.parquet(str(parquet))
    assert pr.kanon(src, frame, QIDS, sensitive="income", k=5) == expected  # a Spark DataFrame
    assert spark.temp_tables() == []  # the views of the files and the frame are gone
    src.close()
    assert session.sql("SELECT 1 AS x").collect()[0]["x"] == 1  # the caller's session goes on


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_an_output_file_the_input_reads_is_refused(spark, tmp_path):
    """A temporary view over a Parquet file (or a DataFrame reading it), and that file as the
    release or the page: the run wrote over the file the input reads (Spark keeps no text of a
    temporary view, so the view chain saw nothing). The plan's input files are asked now."""
    session = spark.session
    data = tmp_path / "data.parquet"
    duckdb.sql("SELECT i % 4 AS a, i AS b FROM range(40) t(i)").write_parquet(str(data))
    before = data.read_bytes()
    view = f"v_{uuid.uuid4().hex[:10]}"
    session.read.parquet(str(data)).createOrReplaceTempView(view)
    src = pr.connect(session)
    for table in (view, session.read.parquet(str(data))):
        with pytest.raises(pr.InvalidInputError, match="is read by the input: .* writing it would destroy the input"):
            pr.mondrian(src, table, ["a"], 2, str(data), keep=["b"], replace=True)
        with pytest.raises(pr.InvalidInputError, match="is read by the input: "):
            pr.kanon(src, table, ["a"], html=str(data))
    assert data.read_bytes() == before
    assert pr.mondrian(src, view, ["a"], 2, str(tmp_path / "release.parquet"), keep=["b"]).n_rows == 40
    session.catalog.dropTempView(view)
    src.close()


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_an_output_inside_a_folder_the_input_reads_whole_is_refused(spark, tmp_path):
    """A folder of Parquet files read as one dataset (a DataFrame, a view of it, a table whose
    LOCATION it is), and a release or page written inside it: the next read of the input took the
    release's files as its own (the plan lists the files read, not their folder). The plan's
    folders are asked now; beside a single file read alone, an output is still the user's."""
    session = spark.session
    data = tmp_path / "data, set"
    data.mkdir()
    for i in range(2):
        duckdb.sql(f"SELECT i % 4 AS a, i + {i} * 20 AS b FROM range(20) t(i)").write_parquet(
            str(data / f"p{i}.parquet")
        )
    before = sorted(os.listdir(data))
    view, table = (f"{kind}_{uuid.uuid4().hex[:10]}" for kind in ("v", "t"))
    session.read.parquet(str(data)).createOrReplaceTempView(view)
    session.sql(f"CREATE TABLE {table} USING parquet LOCATION '{data.as_posix()}'")
    setting = session.conf.get("spark.sql.maxMetadataStringLength")  # raised for the plan, then given back
    src = pr.connect(session)
    for read in (view, table, session.read.parquet(str(data))):
        with pytest.raises(pr.InvalidInputError, match="would be read by the input: .* writing there would change"):
            pr.mondrian(src, read, ["a"], 2, str(data / "release.parquet"), keep=["b"])
        with pytest.raises(pr.InvalidInputError, match="would be read by the input: "):
            pr.kanon(src, read, ["a"], html=str(data / "page.html"))
    assert sorted(os.listdir(data)) == before and session.conf.get("spark.sql.maxMetadataStringLength") == setting
    assert pr.mondrian(src, table, ["a"], 2, str(tmp_path / "release.parquet"), keep=["b"]).n_rows == 40
    one = session.read.parquet(str(data / "p0.parquet"))  # one file read alone: its folder is not the input
    assert pr.mondrian(src, one, ["a"], 2, str(data / "beside.parquet"), keep=["b"]).n_rows == 20
    session.sql(f"DROP TABLE {table}")
    session.catalog.dropTempView(view)
    src.close()
    with pr.Source(server_url("spark")) as remote:  # Spark Connect (a server here): its plan's folders
        remote.execute(f"CREATE TEMPORARY VIEW {view} USING parquet OPTIONS (path '{data.as_posix()}')")
        with pytest.raises(pr.InvalidInputError, match="would be read by the input: "):
            pr.kanon(remote, view, ["a"], html=str(data / "page.html"))
    assert sorted(os.listdir(data)) == sorted([*before, "beside.parquet"])


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_read_only_guard_lets_work_tables_through_only(spark):
    t = spark.load(FIXTURES / "handcheck" / "ori.csv")
    src = spark.source(read_only=True)
    assert pr.cavg(src, t, ["a"], 1).n_rows == 5  # its work tables are plain tables named by the run
    with pytest.raises(pr.ReadOnlyViolationError):
        src.execute(f"CREATE TABLE {src.quote('not_ours')} AS SELECT 1 AS x")
    with pytest.raises(pr.ReadOnlyViolationError):
        src.execute(f"INSERT INTO {src.quote(t)} SELECT * FROM {src.quote(t)}")
    assert spark.temp_tables() == []


def _cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "privrisk_sql.cli", *args], capture_output=True, text=True, timeout=600
    )


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_command_line_through_spark_connect(spark):
    """`--db sc://...`: a table of the server's catalog, kanon equal to DuckDB's, Mondrian's output
    written there (and replaced), nothing else left."""
    url = server_url("spark")
    table = f"adult_{uuid.uuid4().hex[:12]}"
    with pr.Source(url) as src:
        view = f"v_{table}"
        src.execute(
            f"CREATE TEMPORARY VIEW {view} USING csv OPTIONS (path '{ADULT}', header 'true', inferSchema 'true')"
        )
        src.execute(f"CREATE TABLE {table} AS SELECT * FROM {view}")
        # Mondrian on about 2,000 of the rows: twice over all 32,561 took a minute of CI
        few = f"{table}_few"
        src.execute(f"CREATE TABLE {few} AS SELECT * FROM {view} WHERE fnlwgt % 16 = 0")
        n_few = src.fetch_records(f"SELECT COUNT(*) AS n FROM {few}")[0]["n"]
    r = _cli(
        "kanon",
        "--db",
        url,
        "--table",
        table,
        "--qids",
        ",".join(QIDS),
        "--sensitive",
        "income",
        "--k",
        "5",
        "--json",
        "-",
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == _duck_kanon(ADULT)
    out = f"{table}_k10"
    for extra in ([], ["--replace"]):
        r = _cli(
            "mondrian", "--db", url, "--table", few, "--qids", "age,sex,race", "--k", "10", "--output", out, *extra
        )
        assert r.returncode == 0, r.stderr
    r = _cli("mondrian", "--db", url, "--table", few, "--qids", "age", "--k", "10", "--output", out)
    assert r.returncode == 2 and "exists" in r.stderr  # not replaced without --replace
    with pr.Source(url) as src:
        released = pr.kanon(src, out, ["age_gen", "sex_gen", "race_gen"], k=10)
        tables = {row["tableName"] for row in src.fetch_records("SHOW TABLES")}
        for name in (out, few, table):
            src.execute(f"DROP TABLE {name}")
    assert released["k_anonymity"] >= 10 and released["n_rows"] == n_few > 1000
    assert {t for t in tables if t.startswith("privrisk_")} == set()


_RETAINED_PLANS = """
import privrisk_sql as pr
from privrisk_sql.engines.spark_engine import RETAINED_SQL_EXECUTIONS
with pr.Source("local[1]") as src:
    for i in range(RETAINED_SQL_EXECUTIONS + 30):
        src.fetch_records(f"SELECT {i} AS n")
    jvm_session = src.engine.session._jsparkSession
    jvm_session.sparkContext().listenerBus().waitUntilEmpty()
    print(jvm_session.sharedState().statusStore().executionsCount())
"""


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_session_opened_here_keeps_few_statement_plans(spark):
    """A session privrisk_sql opens (`--db 'local[N]'`, `spark://`) keeps the plans of its last 20
    statements in the driver, not Spark's 1,000: the Wage case keeps ~5 MB each, and a 1 GiB driver
    ran out of heap (docs/decisions/spark-retained-executions.md). In a process of its own, since
    the test process already holds a session."""
    from privrisk_sql.engines.spark_engine import RETAINED_SQL_EXECUTIONS

    r = subprocess.run([sys.executable, "-c", _RETAINED_PLANS], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert 0 < int(r.stdout.split()[-1]) <= RETAINED_SQL_EXECUTIONS


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_command_line_local_mode_reads_a_file(spark):
    """`--db 'local[1]'`: Spark inside the privrisk-sql process (the laptop mode; a spark:// master
    takes the same path, SparkSession.builder.master), reading the CSV in place."""
    r = _cli(
        "kanon",
        "--db",
        "local[1]",
        "--table",
        str(ADULT),
        "--qids",
        ",".join(QIDS),
        "--sensitive",
        "income",
        "--k",
        "5",
        "--json",
        "-",
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(r.stdout) == _duck_kanon(ADULT)


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_failed_statement_reports_sparks_own_error(spark):
    """pyspark logs a failed statement on its own logger class (fields like errorClass); a logger
    of that name made earlier as a plain logging.Logger turned every Spark error into
    "Logger._log() got an unexpected keyword argument 'errorClass'"."""
    import logging

    from privrisk_sql.errors import QueryError

    src = pr.connect(spark.session)
    for sql, says in [
        ("CREATE TABLE privrisk_never_made (a TEXT)", "UNSUPPORTED_DATATYPE"),
        ("SELECT no_such_function_here(1) AS x", "no_such_function_here"),
    ]:
        with pytest.raises(QueryError) as e:
            src.fetch_records(sql)
        assert says in str(e.value) and "Logger._log" not in str(e.value), str(e.value)
    assert type(logging.getLogger("SQLQueryContextLogger")).__name__ == "PySparkLogger"


def _odd_files(tmp_path):
    """A file named with glob characters beside the file its glob matches, standard CSV quoting
    (a doubled quote inside a quoted field), and a file whose last rows have a field more."""
    (tmp_path / "p[1].csv").write_text("a,b\n1,x\n2,x\n3,y\n")
    (tmp_path / "p1.csv").write_text("a,b\n9,z\n9,z\n")
    quoted = ['"x"",1",1'] * 20 + ['"y,z",2'] * 10 + ["plain,3"] * 6 + ['"w""",4'] * 4
    (tmp_path / "quotes.csv").write_text("a,b\n" + "\n".join(quoted) + "\n")
    ragged = ["a,b,c"] + [f"{i},{i % 3},x" for i in range(100)] + [f"{i},1,2,3" for i in range(4)]
    (tmp_path / "ragged.csv").write_text("\n".join(ragged) + "\n")


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_csv_not_in_utf8_is_refused_not_read_with_replacement_characters(spark, tmp_path):
    """Spark decodes bytes that are not UTF-8 as U+FFFD: in a Latin-1 file of text columns, "José"
    and "Josè" past the rows DuckDB's sniffer reads were one value, so two people made a class of
    two (k = 2 where k = 1). Refused as DuckDB refuses it, naming the line."""
    rows = ["name,city", *(f"n{i % 50},c{i % 7}" for i in range(30_000)), "José,Bern", "Josè,Bern"]
    path = tmp_path / "latin1.csv"
    path.write_bytes(("\n".join(rows) + "\n").encode("latin-1"))
    with pytest.raises(pr.InvalidInputError, match=r"latin1.csv': line 30002 is not UTF-8 text"):
        pr.kanon(pr.connect(spark.session), str(path), ["name", "city"])


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_latin1_csv_is_read_in_its_encoding_as_duckdb_reads_it(spark, tmp_path):
    """csv_encoding='latin-1' (--encoding latin-1) on Spark: its reader told the encoding, and the
    file's UTF-8 pass left out (every byte is a Latin-1 character); the classes DuckDB finds,
    "José" and "Josè" two people; a quoted value past the rows DuckDB samples, read."""
    # and a quoted value past the rows DuckDB's sniffer samples: read as standard CSV by both
    rows = ["name,Straße", *(f"n{i % 50},c{i % 7}" for i in range(30_000)), "José,Zürich", "Josè,Zürich", '"A, B",c1']
    path = tmp_path / "latin1.csv"
    path.write_bytes(("\n".join(rows) + "\n").encode("latin-1"))
    qids = ["name", "Straße"]
    got = pr.kanon(pr.connect(spark.session, csv_encoding="latin-1"), str(path), qids, k=2)
    assert got == pr.kanon(pr.Source(csv_encoding="latin-1"), str(path), qids, k=2)
    assert got.k_anonymity == 1 and got.n_rows == 30_003


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_odd_files_read_as_duckdb_reads_them(spark, tmp_path):
    """p[1].csv was the glob matching p1.csv; Spark's default escape (backslash) misread "x"",1",
    so the same 40-row file gave 4 classes on Spark and 6 on DuckDB; a ragged file was padded
    (issue 41, defects 3, 4, 6). Spark now reads each as DuckDB does, or refuses it."""
    _odd_files(tmp_path)
    src = pr.connect(spark.session)
    for name, qids in (("p[1].csv", ["b"]), ("quotes.csv", ["a"])):
        path = str(tmp_path / name)
        assert pr.kanon(src, path, qids) == pr.kanon(None, path, qids), name
    assert pr.kanon(src, str(tmp_path / "quotes.csv"), ["a"])["n_classes"] == 4
    with pytest.raises(pr.InvalidInputError, match="line 102 has 4 fields"):  # as DuckDB names it
        pr.kanon(src, str(tmp_path / "ragged.csv"), ["a"])
    # A path only a Spark Connect server can see is not checked by DuckDB: Spark's FAILFAST refuses.
    view = f"ragged_{uuid.uuid4().hex[:12]}"
    spark.session.sql(
        f"CREATE TEMPORARY VIEW {view} USING csv OPTIONS (path '{tmp_path / 'ragged.csv'}', header 'true', "
        "mode 'FAILFAST')"
    )
    try:
        with pytest.raises(pr.InvalidInputError, match="another number of fields than the header"):
            src.engine.run(f"SELECT MAX(LENGTH(to_json(struct(*)))) AS n FROM {view}", True)
    finally:
        spark.session.sql(f"DROP VIEW IF EXISTS {view}")


def test_odd_files_on_duckdb(tmp_path):
    _odd_files(tmp_path)
    assert pr.kanon(None, str(tmp_path / "p[1].csv"), ["b"])["n_rows"] == 3
    assert pr.kanon(None, str(tmp_path / "quotes.csv"), ["a"])["n_classes"] == 4
    with pytest.raises(pr.InvalidInputError, match="line 102 has 4 fields"):
        pr.kanon(None, str(tmp_path / "ragged.csv"), ["a"])


_LOOPBACK = """
import os, privrisk_sql as pr
os.environ.pop("SPARK_LOCAL_IP", None)  # as a user's shell has it
src = pr.connect("local[1]")
session = src.engine.session
executors = [i.host() for i in session.sparkContext._jsc.sc().statusTracker().getExecutorInfos()]
print(session.conf.get("spark.driver.host"), session.conf.get("spark.driver.bindAddress"), *sorted(set(executors)))
src.close()
"""


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_spark_listens_and_talks_on_loopback_only(spark):
    """Spark's JVM said 'Your hostname resolves to a loopback address; using 192.0.2.2 instead' at
    every start (issue 41): a local session privrisk_sql opens, and the tests' own session, bind
    their driver and block manager (the executors' host) to 127.0.0.1."""
    r = subprocess.run(
        [sys.executable, "-c", _LOOPBACK],
        capture_output=True,
        text=True,
        timeout=600,
        env={k: v for k, v in __import__("os").environ.items() if k != "SPARK_LOCAL_IP"},
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split()[-3:] == ["127.0.0.1"] * 3
    assert "using 192." not in r.stderr and "resolves to a loopback address" not in r.stderr
    tracker = spark.session.sparkContext._jsc.sc().statusTracker()
    assert {i.host() for i in tracker.getExecutorInfos()} == {"127.0.0.1"}  # the block managers' hosts
    assert spark.session.conf.get("spark.driver.host") == "127.0.0.1"


# -- Spark Connect going away, and a client killed outright (issue 41) ---------------------------

_RELEASE = ["--qids", "age,sex,race,education,hours_per_week", "--k", "5", "--keep", "*", "--quiet"]


def _adult_on(url: str) -> str:
    table = f"adult_{uuid.uuid4().hex[:12]}"
    with pr.Source(url) as src:
        src.execute(
            f"CREATE TEMPORARY VIEW v_{table} USING csv OPTIONS (path '{ADULT}', header 'true', inferSchema 'true')"
        )
        src.execute(f"CREATE TABLE {table} AS SELECT * FROM v_{table}")
    return table


def _ours(url: str) -> set[str]:
    with pr.Source(url) as src:
        return {r["tableName"] for r in src.fetch_records("SHOW TABLES") if r["tableName"].startswith("privrisk_")}


def _wait_while_running(
    p: subprocess.Popen, ready: Callable[[], bool], what: str, pause: float, seconds: float = 300
) -> None:
    """Return once ``ready()`` holds; fail with the run's stderr if it ends first, or after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not ready():
        assert p.poll() is None, p.communicate()[1][-2000:]
        assert time.monotonic() < deadline, f"no {what} appeared"
        time.sleep(pause)


def _work_folders(shelf) -> list[str]:
    """The folders of the runs' work tables in a local warehouse (none when it does not exist)."""
    return [n for n in (os.listdir(shelf) if shelf.exists() else []) if n.startswith("privrisk_")]


def _started(url: str, *args: str) -> subprocess.Popen:
    """A CLI run against ``url``, returned once one of its work tables exists (mid-run)."""
    p = subprocess.Popen(
        [sys.executable, "-m", "privrisk_sql.cli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    _wait_while_running(p, lambda: bool(_ours(url)), "work table", 0.3, seconds=120)
    return p


@pytest.fixture
def own_connect():
    """A Spark Connect server of this test's own, to kill or stop."""
    from backends import start_spark_connect

    server = start_spark_connect()
    yield server
    server.stop()
    assert not server.pid_dir.exists()  # its logs, warehouse and the JVM's scratch files, gone


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_spark_connect_server_killed_mid_run_is_one_line_exit_3(spark, own_connect):
    """The server dies (kill -9) mid-run. Before: the client retried for 10 minutes and more,
    silently (pyspark's retry policy, then a DROP per work table retried again). Now: about half
    a minute of retries, then one line, exit 3, saying the work tables were left and how to drop them."""
    import os
    import signal

    table = _adult_on(own_connect.url)
    p = _started(
        own_connect.url, "mondrian", "--db", own_connect.url, "--table", table, *_RELEASE, "--output", f"{table}_k5"
    )
    killed = time.monotonic()
    os.kill(own_connect.pid, signal.SIGKILL)
    try:
        _, err = p.communicate(timeout=120)
    finally:
        p.kill()
    assert time.monotonic() - killed < 90
    assert p.returncode == 3, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Spark Connect stopped answering (gRPC UNAVAILABLE" in lines[0]
    assert "could not be dropped" in lines[0] and "privrisk-sql cleanup --db URL" in lines[0]


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_spark_connect_server_that_stops_answering_is_given_up_at_the_timeout(spark, own_connect):
    """The server stops answering (its JVM SIGSTOPped) mid-run under --timeout 20. Before: the
    statement's stream and the cancel request both waited forever. Now: the channel is given up
    3 s after the deadline, exit 3 with the timeout's line; once the server answers again,
    `cleanup` drops the work tables the run could not."""
    import os
    import signal

    table = _adult_on(own_connect.url)
    started = time.monotonic()
    p = _started(
        own_connect.url,
        "mondrian",
        "--db",
        own_connect.url,
        "--table",
        table,
        *_RELEASE,
        "--output",
        f"{table}_k5",
        "--timeout",
        "20",  # 8 s ran out before the first work table on a loaded machine (2026-11-27)
    )
    os.kill(own_connect.pid, signal.SIGSTOP)
    try:
        _, err = p.communicate(timeout=60)
    finally:
        p.kill()
        os.kill(own_connect.pid, signal.SIGCONT)
    assert p.returncode == 3, err
    assert time.monotonic() - started < 45
    assert "timeout: stopped after 20 s" in err and len(err.strip().splitlines()) == 1, err
    assert "could not be dropped" in err, err
    # The DROPs the client sent before it gave up may still run once the server answers again
    # (they wait in its socket): a table is left, or none is (none was in a CI run of 2026-11-27 under load).
    left = _ours(own_connect.url)
    r = _cli("cleanup", "--db", own_connect.url)
    assert r.returncode == 0 and all(f"dropped  default.{t}" in r.stdout for t in left), r.stdout
    assert _ours(own_connect.url) == set()


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_client_killed_outright_leaves_no_table_and_no_job_on_spark_connect(spark):
    """kill -9 of the command mid-run on Spark Connect. Before: the server ran the dead client's
    statement on and kept its work tables (tables there) until `cleanup` came by. Now the watch
    reaches the run's server session again by its id, interrupts it and drops the run's tables,
    with no `cleanup`; none comes back later (no job of the run still running); the input is
    untouched."""
    import os
    import signal

    url = server_url("spark")
    table = _adult_on(url)
    p = _started(url, "mondrian", "--db", url, "--table", table, *_RELEASE, "--output", f"{table}_k5")
    os.kill(p.pid, signal.SIGKILL)
    p.communicate()
    deadline = time.monotonic() + 60
    while _ours(url) and time.monotonic() < deadline:
        time.sleep(1)
    assert _ours(url) == set()
    time.sleep(5)  # a statement of the run still running would write its table now
    assert _ours(url) == set()
    with pr.Source(url) as src:
        assert src.fetch(f"SELECT COUNT(*) FROM {table}")[0][0] == 32561
        assert not src.table_exists(f"{table}_k5")
        src.execute(f"DROP TABLE {table}")


@pytest.mark.parametrize("small_work_rows, in_levels", [(150_000, "8"), (0, "37")])
@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_levels_of_few_tuples_shuffle_into_few_partitions(spark, small_work_rows, in_levels, monkeypatch):
    """Spark: the levels of a strict Mondrian run over at most Dialect.small_work_rows code tuples
    run with 8 shuffle partitions (200 tasks for a few kilobytes cost more than the work); above
    it, with the caller's; the caller's value is back after the run, also after one that failed
    inside the levels."""
    import dataclasses

    session = spark.session
    t = spark.load(ADULT)
    old = session.conf.get("spark.sql.shuffle.partitions")
    session.conf.set("spark.sql.shuffle.partitions", "37")
    out = f"anon_{uuid.uuid4().hex[:12]}"
    try:
        src = pr.connect(session)
        monkeypatch.setattr(src, "dialect", dataclasses.replace(src.dialect, small_work_rows=small_work_rows))
        seen, after, after_failed = setting_in_levels_and_after(
            src, t, QIDS, out, lambda: session.conf.get("spark.sql.shuffle.partitions")
        )
        assert seen == {in_levels} and after == after_failed == "37"
        src.close()
    finally:
        session.sql(f"DROP TABLE IF EXISTS {out}")
        session.conf.set("spark.sql.shuffle.partitions", old)


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_file_in_a_name_value_folder_has_its_own_columns(spark, tmp_path):
    """A folder `year=2024` in a file's path is no column of the file, on Spark as on DuckDB
    (tests/test_source.py): the same columns and classes."""
    folder = tmp_path / "year=2024"
    folder.mkdir()
    path = folder / "people.csv"
    path.write_text("age,zip\n30,1\n30,1\n41,2\n")
    src = pr.connect(spark.session)
    assert [c.name for c in src.relation(str(path)).columns] == ["age", "zip"]
    assert pr.kanon(src, str(path), ["age"]) == pr.kanon(None, str(path), ["age"])


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_dataset_folder_reads_as_on_duckdb(spark, tmp_path):
    """A folder of Parquet part files (with what a Spark write leaves beside them), and one with
    Hive partition folders: the same classes and risks on Spark as on DuckDB, and as the same
    rows in one file (tests/test_datasets.py)."""
    from test_datasets import QIDS, hive_dataset, spark_style_dataset

    src = pr.connect(spark.session)
    for folder, make in ((tmp_path / "adult", spark_style_dataset), (tmp_path / "hive", hive_dataset)):
        whole = str(make(folder))
        assert pr.kanon(src, str(folder), QIDS) == pr.kanon(None, str(folder), QIDS) == pr.kanon(None, whole, QIDS)
        assert pr.risk(src, str(folder), QIDS).prosecutor == pr.risk(None, whole, QIDS).prosecutor


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_csv_part_files_spark_wrote_are_told_the_spark_way_and_it_reads_them(spark, tmp_path, monkeypatch):
    """A folder of CSV part files written by Spark's df.write.csv, given to a Spark run: told to
    make a DuckDB view in a database file (another engine). Now told Spark's own ways; both,
    taken as written (the folder's path holds a quote), read every row."""
    import re

    import pandas as pd
    from test_datasets import ADULT, QIDS

    rows = pd.read_csv(ADULT, nrows=3000)
    folder = tmp_path / "O'Neil" / "people.csv"
    spark.session.createDataFrame(rows).repartition(3).write.option("header", True).csv(str(folder))
    src = pr.connect(spark.session)
    monkeypatch.chdir(folder.parent)
    with pytest.raises(pr.InvalidInputError) as e:
        pr.kanon(src, "people.csv", QIDS, k=5)
    message = str(e.value)
    assert "DuckDB view" not in message and "pass that folder as --table" in message
    code = re.search(r"\((spark\.read\.csv\(.*?\)\.write\.parquet\(.*?\))\)", message).group(1)
    eval(code, {"spark": spark.session})  # the line as the user pastes it
    parquet = str(folder.with_suffix(".parquet"))
    want = pr.kanon(None, rows, QIDS, k=5).to_dict()["class_size_histogram"]
    assert pr.kanon(src, parquet, QIDS, k=5).to_dict()["class_size_histogram"] == want
    view = re.search(r"\((spark\.read\.csv\(\.\.\.\)\.createOrReplaceTempView\('t'\))\)", message).group(1)
    pattern = re.search(r"spark\.read\.csv\((.*?), header=True, inferSchema=True\)", message).group(1)
    eval(view.replace("...", f"{pattern}, header=True, inferSchema=True"), {"spark": spark.session})
    got = pr.kanon(src, "t", QIDS, k=5)
    assert got.n_rows == 3000 and got.to_dict()["class_size_histogram"] == want


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_dataset_spark_wrote_reads_alike_on_duckdb(spark, tmp_path):
    """What Spark itself writes (part files with their .crc checksums, _SUCCESS, Hive partition
    folders, a NULL partition as __HIVE_DEFAULT_PARTITION__): DuckDB reads the folder as Spark
    does, the same classes and risks."""
    import pandas as pd
    from test_datasets import ADULT, QIDS

    rows = pd.read_csv(ADULT, nrows=2000)
    rows.loc[:9, "race"] = None
    folder = str(tmp_path / "adult")
    spark.session.createDataFrame(rows).repartition(3).write.partitionBy("race").parquet(folder)
    assert any(name.startswith("race=__HIVE_DEFAULT_PARTITION__") for name in os.listdir(folder))
    src = pr.connect(spark.session)
    assert pr.kanon(src, folder, QIDS) == pr.kanon(None, folder, QIDS)
    assert pr.kanon(None, folder, QIDS)["n_rows"] == 2000
    assert pr.risk(src, folder, QIDS).to_dict() == pr.risk(None, folder, QIDS).to_dict()


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_partition_folder_named_like_a_column_is_refused_on_spark(spark, tmp_path):
    """Spark too read every row of `sex=F/` as F over the rows' own `sex` (k = 2 where it is 1)."""
    from test_datasets import CLASH, clashing_dataset

    with pytest.raises(pr.InvalidInputError, match=CLASH):
        pr.kanon(pr.connect(spark.session), clashing_dataset(tmp_path), ["sex"])


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
@pytest.mark.parametrize("second", ["SELECT 'z' AS a, 'y' AS b", "SELECT 2 AS a, 3 AS c"], ids=["type", "column"])
def test_part_files_that_disagree_are_refused_on_spark(spark, tmp_path, second):
    """Spark failed mid-run on a part of another type ("An error occurred while calling
    o44.collectToPython", exit 3) and read a part without a column as NULLs, without a word.
    Refused before any work, as on DuckDB (tests/test_datasets.py)."""
    from test_datasets import mixed_dataset

    with pytest.raises(pr.InvalidInputError, match="its part files have different columns"):
        pr.kanon(pr.connect(spark.session), mixed_dataset(tmp_path, second), ["a"])


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_java_error_is_named_by_its_own_message(spark, tmp_path):
    """A file that is no Parquet on a classic Spark session: "cannot read 'bad.parquet': An error
    occurred while calling o33.sql." (py4j's first line, which says nothing). Now Spark's own."""
    bad = tmp_path / "bad.parquet"
    bad.write_text("garbage")
    with pytest.raises(pr.InvalidInputError) as e:
        pr.kanon(pr.connect(spark.session), str(bad), ["a"])
    assert "An error occurred while calling" not in str(e.value)
    assert "bad.parquet" in str(e.value) and "footer" in str(e.value).lower(), str(e.value)


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
@pytest.mark.parametrize("layout", ["beside-a-plain-folder", "only-plain-folders", "other-names"])
def test_part_files_outside_a_regular_layout_are_refused_on_spark(spark, tmp_path, layout):
    """A part in a folder that is no partition (`2024/`) beside one at the top: Spark read the top
    one alone (its 2 rows of the 4, without a word) where DuckDB read both. Others failed with
    Spark's own words ("Unable to infer schema"). Refused as on DuckDB (tests/test_datasets.py)."""
    from test_datasets import IRREGULAR_LAYOUTS, laid_out_dataset

    parts, refusal = IRREGULAR_LAYOUTS[layout]
    with pytest.raises(pr.InvalidInputError, match=refusal):
        pr.kanon(pr.connect(spark.session), laid_out_dataset(tmp_path, parts), ["x"])


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
@pytest.mark.parametrize("late", ["1.5", "99999999999999999999"])
def test_a_csv_column_reads_as_all_its_rows_on_both_engines(spark, tmp_path, late):
    """Spark infers a CSV's types from every row; DuckDB from its first 20,480 and then cast 1.5
    to 2 (k = 63 where Spark said k = 1). Both read the file's whole now (tests/test_source.py)."""
    from test_source import late_values_csv

    path = late_values_csv(tmp_path, late)
    assert pr.kanon(pr.connect(spark.session), path, ["a", "b"]) == pr.kanon(None, path, ["a", "b"])


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
@pytest.mark.parametrize("name, sep", [("people.tsv", "\t"), ("people.csv", ";"), ("people.txt", "|")])
def test_a_csv_of_another_delimiter_reads_as_on_duckdb(spark, tmp_path, name, sep):
    """Spark read every CSV with commas: a `.tsv` (a suffix read as CSV) or a file of semicolons
    was one column, "column 'age' not found (columns: age\\tzip)", where DuckDB sniffs the
    delimiter. Spark is told what DuckDB's sniffer finds."""
    path = tmp_path / name
    path.write_text("\n".join(sep.join(row) for row in [["age", "zip"], ["30", '"1, 2"'], ["30", "1"], ["41", "2"]]))
    src = pr.connect(spark.session)
    assert [c.name for c in src.relation(str(path)).columns] == ["age", "zip"]
    assert pr.kanon(src, str(path), ["age", "zip"]) == pr.kanon(None, str(path), ["age", "zip"])
    assert pr.kanon(None, str(path), ["age", "zip"])["n_classes"] == 3


def test_a_csv_the_driver_cannot_see_is_read_by_its_suffix():
    """A path on a Spark Connect server's file system is not sniffed here: a `.tsv` is tabs."""
    from privrisk_sql.engines.spark_engine import _csv_dialect

    tsv, gz = _csv_dialect("/nowhere/here/people.tsv"), _csv_dialect("/nowhere/here/people.csv.gz")
    assert (tsv.delimiter, tsv.quote, tsv.escape) == ("\t", '"', '"') and (gz.delimiter, gz.quote) == (",", '"')
    assert not tsv.text and not tsv.dated  # Spark's own types


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_column_duckdb_reads_as_text_is_text_on_spark(spark, tmp_path):
    """Zip codes 00501 and 501: text to DuckDB (a leading zero), one number to Spark, so Spark
    said k = 2 where DuckDB said k = 1, and Mondrian cut zip as a range on one engine and as a
    category on the other. Spark now reads such a column as text too."""
    path = tmp_path / "zips.csv"
    path.write_text("zip,age\n00501,30\n501,30\n02134,41\n2134,41\n")
    src = pr.connect(spark.session)
    assert src.relation(str(path)).column("zip").sql_type == "STRING"
    assert pr.kanon(src, str(path), ["zip", "age"]) == pr.kanon(None, str(path), ["zip", "age"])
    assert pr.kanon(src, str(path), ["zip", "age"])["k_anonymity"] == 1
    src.close()


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_csv_spark_refuses_leaves_no_view_in_the_session(spark, tmp_path):
    """A CSV with a row of another shape: the run was refused, but the temporary view made to
    read it stayed in the caller's session, privrisk_<run>_file0, for good."""
    path = tmp_path / "ragged.csv"
    path.write_text("age,zip\n30,1\n30,1,9\n41,2\n")
    with pytest.raises(pr.InvalidInputError, match="ragged.csv"):
        pr.kanon(pr.connect(spark.session), str(path), ["age"])
    assert not [r for r in spark.session.sql("SHOW VIEWS").collect() if r[1].startswith("privrisk_")]


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
@pytest.mark.parametrize("replace", [False, True])
def test_an_output_whose_folder_an_earlier_session_left_is_refused_before_any_work(spark, tmp_path, replace):
    """A session without a shared metastore forgets its tables when it ends, not their folders:
    a second `privrisk-sql mondrian --db local[2] --output anon` in the same place did all the
    work, then failed at the RENAME with LOCATION_ALREADY_EXISTS (exit 3). Refused first now,
    naming the folder, which is left as it is."""
    import shutil
    from pathlib import Path
    from urllib.parse import unquote, urlparse

    from test_datasets import ADULT

    session = spark.session
    location = urlparse(session.catalog.getDatabase(session.catalog.currentDatabase()).locationUri)
    name = f"anon_{uuid.uuid4().hex[:12]}"
    folder = Path(unquote(location.path)) / name
    folder.mkdir(parents=True)
    (folder / "part-00000.parquet").write_bytes(b"an earlier session's rows")
    try:
        with pytest.raises(pr.InvalidInputError, match=f"the folder '{folder}' exists but no table of the session"):
            pr.mondrian(pr.connect(session), ADULT, ["age", "sex"], 10, name, replace=replace)
        assert [p.name for p in folder.iterdir()] == ["part-00000.parquet"]
    finally:
        shutil.rmtree(folder)


def us_dates_csv(tmp_path) -> str:
    """300 rows: a date spelled 01/31/2015 (DuckDB finds the format %m/%d/%Y) and a number."""
    import random

    rnd = random.Random(1)
    rows = [f"{rnd.randint(1, 12):02d}/{rnd.randint(1, 28):02d}/20{rnd.randint(10, 20)},{i % 3}" for i in range(300)]
    path = tmp_path / "us_dates.csv"
    path.write_text("d,x\n" + "\n".join(rows) + "\n")
    return str(path)


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_date_column_of_a_csv_is_a_date_on_spark_as_on_duckdb(spark, tmp_path):
    """Dates spelled 01/31/2015 are DATE to DuckDB and were text to Spark: Mondrian cut them as a
    category on Spark (labels of spellings, ranges in the order of the text: 01/01/2014 to
    02/09/2020) and as dates on DuckDB. Spark is told DuckDB's format: the same partitions."""
    path = us_dates_csv(tmp_path)
    src = pr.connect(spark.session)
    assert src.relation(path).column("d").sql_type == "DATE"
    name = f"us_{uuid.uuid4().hex[:12]}"
    try:
        on_spark = pr.mondrian(src, path, ["d", "x"], 10, name)
    finally:
        spark.session.sql(f"DROP TABLE IF EXISTS {name}")
        src.close()
    on_duckdb = pr.mondrian(str(tmp_path / "m.duckdb"), path, ["d", "x"], 10, "out")
    assert on_spark.partition_sizes == on_duckdb.partition_sizes and on_spark.ncp == pytest.approx(on_duckdb.ncp)
    assert on_spark.labelled_as_sets == [] == on_duckdb.labelled_as_sets


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
@pytest.mark.parametrize(
    "text",
    [
        "# exported 2026-11-26\nage,city\n30,NYC\n# a note\n30,NYC\n41,Paris\n",
        'age,city\n30,"New\nYork"\n30,"New\nYork"\n41,"Paris"\n',
        'age,city\n30,"a,b\nc,d"\n30,"a,b\nc,d"\n41,Paris\n',
    ],
    ids=["comment-lines", "line-break-in-a-value", "line-break-between-commas"],
)
def test_comment_lines_and_line_breaks_in_values_read_as_on_duckdb(spark, tmp_path, text):
    """DuckDB skips the comment lines its sniffer finds and reads a quoted value across lines;
    Spark read `# a note` as a row (its strict read refused the file) and split a quoted value
    at its line break (refused, or with commas on both sides of the break, read as 5 rows of
    wrong values where DuckDB reads 3). Spark is told the comment character and reads such a
    file with multiLine."""
    path = tmp_path / "odd.csv"
    path.write_text(text)
    src = pr.connect(spark.session)
    try:
        on_spark = pr.kanon(src, str(path), ["age", "city"])
    finally:
        src.close()
    assert on_spark == pr.kanon(None, str(path), ["age", "city"])
    assert (on_spark["n_rows"], on_spark["n_classes"]) == (3, 2)


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_csv_written_with_a_space_after_each_comma_reads_as_on_duckdb(spark, tmp_path):
    """UCI's own adult.data spells `39, State-gov, 77516, 00501`: DuckDB trims the header's
    spaces (columns age, work, fnlwgt, zip), Spark did not (` work`, so `--qids work` failed
    there); Spark read ` 00501` and ` 501` as the number 501 (its column was ` zip`, not the
    `zip` DuckDB reads as text), so k differed; and Spark read ` 77516` as DOUBLE (its whole
    numbers take no space), so Mondrian's labels said `10029.0~12136.0` where DuckDB's say
    `10029~12136`. Spark now takes DuckDB's names and types."""
    import random

    rnd = random.Random(2)
    rows = [
        f"{rnd.randint(18, 80)}, {rnd.choice(['State-gov', 'Private', 'Self'])}, {rnd.randint(10000, 20000)}, "
        f"{rnd.choice(['00501', '501', '02134'])}"
        for _ in range(400)
    ]
    path = tmp_path / "adult_data.csv"
    path.write_text("age, work, fnlwgt, zip\n" + "\n".join(rows) + "\n")
    src = pr.connect(spark.session)
    name = f"uci_{uuid.uuid4().hex[:12]}"
    try:
        columns = [(c.name, c.sql_type) for c in src.relation(str(path)).columns]
        on_spark = pr.kanon(src, str(path), ["work", "zip"])
        pr.mondrian(src, str(path), ["age", "fnlwgt", "work"], 10, name, keep="*")
        spark_labels = sorted(r[0] for r in spark.session.sql(f"SELECT DISTINCT fnlwgt_gen FROM {name}").collect())
    finally:
        spark.session.sql(f"DROP TABLE IF EXISTS {name}")
        src.close()
    assert columns == [("age", "INT"), ("work", "STRING"), ("fnlwgt", "BIGINT"), ("zip", "STRING")]
    assert on_spark == pr.kanon(None, str(path), ["work", "zip"]) and on_spark["n_classes"] == 9
    db = str(tmp_path / "m.duckdb")
    pr.mondrian(db, str(path), ["age", "fnlwgt", "work"], 10, "out", keep="*")
    with duckdb.connect(db) as con:
        duck_labels = sorted(r[0] for r in con.execute("SELECT DISTINCT fnlwgt_gen FROM out").fetchall())
    assert spark_labels == duck_labels and ".0" not in "".join(spark_labels)
    assert not [r for r in spark.session.sql("SHOW VIEWS").collect() if r[1].startswith("privrisk_")]


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_csv_column_with_a_later_value_no_date_is_text_on_spark_as_on_duckdb(spark, tmp_path):
    """30,000 dates spelled 01/31/2015 and then `someday`, past DuckDB's sniffer's sample: Spark
    was told the column was a DATE (from that sample), so its strict read refused the file. Both
    engines read the column as text now, as Spark's own inference from every row does."""
    rows = [f"{i % 12 + 1:02d}/{i % 28 + 1:02d}/20{10 + i % 11},{i % 3}" for i in range(30_000)]
    path = tmp_path / "late_dates.csv"
    path.write_text("d,x\n" + "\n".join(rows) + "\nsomeday,1\n")
    src = pr.connect(spark.session)
    try:
        assert src.relation(str(path)).column("d").sql_type == "STRING"
        on_spark = pr.kanon(src, str(path), ["d", "x"])
    finally:
        src.close()
    assert on_spark == pr.kanon(None, str(path), ["d", "x"]) and on_spark["k_anonymity"] == 1


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
@pytest.mark.parametrize("kind", ["DATE", "TIMESTAMP"])
def test_two_digit_years_of_a_csv_are_the_years_duckdb_reads(spark, tmp_path, kind):
    """Dates spelled 01/31/69 (or timestamps 31.01.69 10:30:00) are DATE to DuckDB (%m/%d/%y: 69
    is 1969) and were text to Spark (the format left untranslated, as Spark reads 69 as 2069):
    Mondrian cut them as a category on Spark. Spark is told the format and the view takes its
    years 2069-2099 back a century."""
    import random

    rnd = random.Random(3)
    # DuckDB finds %m/%d/%y for dates, and %d.%m.%y %H:%M:%S for timestamps (not %m/%d/%y %H:%M:%S)
    spelled = "{m:02d}/{d:02d}/{y:02d}" if kind == "DATE" else "{d:02d}.{m:02d}.{y:02d} 10:30:00"
    rows = [
        spelled.format(m=rnd.randint(1, 12), d=rnd.randint(1, 28), y=rnd.choice([0, 15, 68, 69, 85, 99])) + f",{i % 3}"
        for i in range(300)
    ]
    path = tmp_path / "yy.csv"
    path.write_text("d,x\n" + "\n".join(rows) + "\n")
    src = pr.connect(spark.session)
    name = f"yy_{uuid.uuid4().hex[:12]}"
    try:
        assert src.relation(str(path)).column("d").sql_type == kind
        on_spark = pr.mondrian(src, str(path), ["d", "x"], 10, name)
        spark_range = [tuple(r) for r in spark.session.sql(f"SELECT MIN(d_lo), MAX(d_hi) FROM {name}").collect()]
    finally:
        spark.session.sql(f"DROP TABLE IF EXISTS {name}")
        src.close()
    db = str(tmp_path / "m.duckdb")
    on_duckdb = pr.mondrian(db, str(path), ["d", "x"], 10, "out")
    with duckdb.connect(db) as con:
        duck_range = con.execute("SELECT MIN(d_lo), MAX(d_hi) FROM out").fetchall()
    assert [tuple(str(v)[:10] for v in r) for r in spark_range] == [tuple(str(v)[:10] for v in r) for r in duck_range]
    assert str(duck_range[0][0]).startswith("1969") and str(duck_range[0][1]).startswith("2068")
    assert on_spark.partition_sizes == on_duckdb.partition_sizes and on_spark.ncp == pytest.approx(on_duckdb.ncp)
    assert on_spark.labelled_as_sets == [] == on_duckdb.labelled_as_sets


@pytest.mark.parametrize(
    "strftime, java",
    [
        ("%m/%d/%Y", "MM/dd/yyyy"),
        ("%d.%m.%Y %H:%M:%S", "dd.MM.yyyy HH:mm:ss"),
        ("%Y-%m-%dT%H:%M:%S.%f", "yyyy-MM-dd'T'HH:mm:ss.SSSSSS"),
        ("%d'%m'%Y", "dd''MM''yyyy"),  # a quote is doubled
        ("%y-%m-%d", "yy-MM-dd"),  # Spark reads the year 69 as 2069, DuckDB as 1969: the view takes it back
        ("%d %b %Y", None),
        (None, None),
    ],
)
def test_duckdb_date_formats_as_spark_spells_them(strftime, java):
    from privrisk_sql.engines.spark_engine import java_pattern

    assert java_pattern(strftime) == java


def _local_run(folder, *args: str) -> subprocess.Popen:
    """A CLI run on Spark in its own process (`--db local[1]`), working in ``folder``, where Spark
    makes its warehouse."""
    return subprocess.Popen(
        [sys.executable, "-m", "privrisk_sql.cli", *args, "--db", "local[1]"],
        cwd=folder,
        env={**os.environ, "SPARK_LOCAL_IP": "127.0.0.1", "PYTHONPATH": os.pathsep.join(sys.path)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_reading_run_on_local_spark_leaves_no_warehouse_folder(spark, tmp_path):
    """`privrisk-sql kanon --db 'local[1]'` left an empty spark-warehouse/ in the working folder
    (Spark makes it when its catalog is first used); a warehouse that was there is left as it was."""
    args = ["kanon", "--table", str(ADULT), "--qids", "age,sex", "--quiet"]
    r = _local_run(tmp_path, *args)
    out, err = r.communicate(timeout=600)
    assert r.returncode == 0, err[-2000:]
    assert os.listdir(tmp_path) == []
    # its watch (two, once: the CLI's Source came by the driver's too) still running at the end
    # was a ResourceWarning on stderr
    assert "ResourceWarning" not in err, err[-2000:]
    (tmp_path / "spark-warehouse" / "users_table").mkdir(parents=True)
    r = _local_run(tmp_path, *args)
    out, err = r.communicate(timeout=600)
    assert r.returncode == 0, err[-2000:]
    assert os.listdir(tmp_path / "spark-warehouse") == ["users_table"]


@pytest.mark.parametrize("warehouse", ["made by the run", "there before"])
@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_local_spark_run_killed_outright_leaves_no_folder_of_its_tables(spark, tmp_path, warehouse):
    """kill -9 of `mondrian --db 'local[1]'` mid-run: Spark's own catalog died with the process, the
    folders of the run's work tables stayed in spark-warehouse/, where `cleanup` (which asks the
    catalog) never finds them. The watch removes them once the JVM is gone, and the warehouse if
    the run made it; a folder of anyone else's is kept."""
    import signal

    shelf = tmp_path / "spark-warehouse"
    if warehouse == "there before":
        (shelf / "users_table").mkdir(parents=True)
    p = _local_run(tmp_path, "mondrian", "--table", str(ADULT), *_RELEASE, "--output", "released")
    _wait_while_running(p, lambda: bool(_work_folders(shelf)), "work table", 0.2)
    os.kill(p.pid, signal.SIGKILL)
    p.communicate()
    deadline = time.monotonic() + 60
    while _work_folders(shelf) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert _work_folders(shelf) == []
    if warehouse == "there before":
        assert os.listdir(shelf) == ["users_table"]
    else:
        for _ in range(20):  # the folder goes right after its last table's
            if not shelf.exists():
                break
            time.sleep(0.5)
        assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_local_spark_run_killed_writing_its_release_file_leaves_neither(spark, tmp_path):
    """kill -9 while Spark writes the release's folder: the file never got its name (it had
    none), and the watch removes the folder with the run's work folders."""
    import signal

    shelf, release = tmp_path / "spark-warehouse", tmp_path / "released.parquet"
    p = _local_run(tmp_path, "mondrian", "--table", str(ADULT), *_RELEASE, "--output", str(release))
    writing = lambda: any(n.endswith("_output_file") for n in _work_folders(shelf))  # noqa: E731
    _wait_while_running(p, writing, "release folder", 0.02)
    os.kill(p.pid, signal.SIGKILL)
    p.communicate()
    deadline = time.monotonic() + 60
    while shelf.exists() and time.monotonic() < deadline:  # the run made the warehouse: it goes too
        time.sleep(0.5)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_cleanup_on_local_spark_removes_the_folders_of_a_killed_runs_tables(spark, tmp_path):
    """When the watch could not (it was killed too, the machine went down), the folders of a
    killed run's work tables stay in the warehouse, named by no catalog: `cleanup --db 'local[1]'`
    said "no staging tables found". It removes them now, and only them (a name that only looks
    like a run's, without the tag of its id, is kept, as is a user's folder)."""
    from privrisk_sql.source.staging import run_prefix

    shelf = tmp_path / "spark-warehouse"
    left = run_prefix("0123456789") + "w3"
    for name in (left, "users_table", "privrisk_0123456789_abcdef01_w3"):
        (shelf / name).mkdir(parents=True)
    (shelf / left / "part-00000.snappy.parquet").write_bytes(b"PAR1")
    r = _local_run(tmp_path, "cleanup")
    out, err = r.communicate(timeout=600)
    assert r.returncode == 0, err[-2000:]
    assert out.splitlines() == [f"dropped  default.{left}"]
    assert sorted(os.listdir(shelf)) == ["privrisk_0123456789_abcdef01_w3", "users_table"]


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_stopped_run_removes_the_folder_its_unfinished_work_table_left(spark):
    """A run on Spark in this process stopped while a work table was being written: the
    statement returns cancelled with the table not yet in the catalog, and its folder (what the
    write had made, or what its task, still running, makes after) stayed in the warehouse after
    "work tables dropped": DROP TABLE IF EXISTS finds no table. The run's end removes it; a
    folder of the same look that is not the run's stays."""
    from urllib.parse import urlparse

    session = spark.session
    warehouse = urlparse(session.catalog.getDatabase(session.catalog.currentDatabase()).locationUri).path
    src = pr.Source(session)
    other = os.path.join(warehouse, "privrisk_0123456789_abcdef01_w1")
    os.makedirs(other)
    try:
        with pytest.raises(KeyboardInterrupt):
            with src.guarded():
                name = src.temp_name("w1")
                folder = os.path.join(warehouse, name.lower())
                os.makedirs(os.path.join(folder, "_temporary", "0"))
                open(os.path.join(folder, "_temporary", "0", "part-00000.parquet"), "wb").close()
                raise KeyboardInterrupt  # as a stop mid-statement does
        assert not os.path.exists(folder)
        assert os.path.isdir(other)
    finally:
        shutil.rmtree(other, ignore_errors=True)


_TASKS_OUTLIVE_THE_CANCEL = """
import json, sys, threading, time
from pyspark.sql import SparkSession
import privrisk_sql as pr
session = (
    SparkSession.builder.master("local[2]")
    .config(map=json.loads(sys.argv[1]))  # the tests' own (no UI, loopback; its files in the test's folder)
    .config("spark.ui.liveUpdate.period", "1h")  # the status store's task counts are never refreshed
    .config("spark.sql.execution.interruptOnCancel", "false")  # a cancelled task runs to its end
    .getOrCreate()
)
engine = pr.Source(session).engine

def job():
    engine.watch(None)
    try:  # two tasks, each asleep 6 s
        session.sql("SELECT reflect('java.lang.Thread', 'sleep', CAST(6000 AS BIGINT)) FROM range(0, 2, 1, 2)").collect()
    except Exception:
        pass  # cancelled

worker = threading.Thread(target=job)
worker.start()
threads = session.sparkContext._jvm.java.lang.Thread

def asleep():
    states = [(t.getName(), str(t.getState())) for t in threads.getAllStackTraces().keySet().toArray()]
    return sum("task launch" in name and state == "TIMED_WAITING" for name, state in states)

while asleep() < 2:  # both tasks in Thread.sleep (a task cancelled before it ran a row ends at once)
    time.sleep(0.05)
asleep_at = time.monotonic()
engine.cancel()
worker.join()
cancelled = time.monotonic()
engine.wait_for_stopped_tasks(30)
print(round(cancelled - asleep_at, 2), round(time.monotonic() - asleep_at, 2))
session.stop()
"""


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_stopped_run_waits_for_its_cancelled_tasks_to_end(spark, tmp_path):
    """A cancelled job's tasks run on until they look at their kill flag (a write, until its
    file's next row). A stopped run waits for them before it removes its work tables' folders:
    it read Spark's status store, whose task counts lag (refreshed every
    spark.ui.liveUpdate.period), saw none running and went on; a task then made its table's
    folder again (CI, 2026-11-29). Here the store never refreshes: the wait must still last
    until the tasks, asleep 6 s, have ended."""
    r = subprocess.run(
        [
            sys.executable,
            "-c",
            _TASKS_OUTLIVE_THE_CANCEL,
            json.dumps({**QUIET_LOOPBACK_SPARK, **jvm_files_in(tmp_path)}),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    # seconds from the moment both tasks were seen asleep: the job's cancel returned, the wait ended
    cancelled, waited = map(float, r.stdout.split()[-2:])
    assert cancelled < 4, r.stdout  # the job was cancelled while its tasks slept
    assert 5 <= waited < 20, r.stdout  # the wait ended with the tasks, not before, nor at its deadline


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_local_spark_run_stopped_mid_write_says_one_line(spark, tmp_path):
    """SIGTERM of `mondrian --db 'local[1]'` while Spark writes a work table: the JVM in the
    command's process logged ~100 lines of Java stack trace at ERROR (FileFormatWriter: Aborting
    job, Utils: Aborting task) above the run's one line. Two stops, at two moments of the first
    writes (each caught a write in 2 of 3 tries before)."""
    import signal

    big = tmp_path / "adult10.csv"
    lines = ADULT.read_text().splitlines(keepends=True)
    big.write_text(lines[0] + "".join(lines[1:]) * 10)
    shelf = tmp_path / "spark-warehouse"
    for delay in (0.5, 1.5):
        p = _local_run(tmp_path, "mondrian", "--table", str(big), *_RELEASE, "--output", "released")
        _wait_while_running(p, lambda: bool(_work_folders(shelf)), "work table", 0.1)
        time.sleep(delay)
        p.send_signal(signal.SIGTERM)
        _, err = p.communicate(timeout=120)
        assert p.returncode == 3, err[-2000:]
        # "work tables dropped", and so their folders: one left by the first stop was the second
        # run's "work table" before it had begun (2026-11-29 CI: its SIGTERM came at start-up)
        left = _work_folders(shelf)
        assert not left, (left, delay, err[-2000:])
        ours = (
            err[err.index("NativeCodeLoader") :] if "NativeCodeLoader" in err else err
        )  # after the JVM's start-up lines
        assert "ERROR" not in ours and "\tat " not in ours, ours[:3000]
        assert ours.strip().splitlines()[-1].startswith("privrisk-sql: terminated (SIGTERM)"), ours[-2000:]


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
@pytest.mark.parametrize(
    ("command", "said"),
    [
        (
            ["risk", "--qids", "sex,race", "--quiet", "--classes", "cls"],
            "arrived after the output was published: it is published",
        ),
        (
            ["kanon", "--qids", "age,sex", "--quiet"],
            "arrived while the command closed its session: its results were written",
        ),
    ],
    ids=["release", "reading"],
)
def test_a_sigterm_as_a_finished_local_spark_run_ends_is_no_kill(spark, tmp_path, command, said):
    """SIGTERM once a run on Spark in its process had written its JSON (and published its
    table): its session's stop and Python's teardown after it, a second or two, met Python's
    default handler, and the finished command died of the signal (exit 143, -15 here)."""
    import signal

    few = tmp_path / "few.csv"
    few.write_text("".join(ADULT.read_text().splitlines(keepends=True)[:301]))
    out = tmp_path / "out.json"
    p = _local_run(tmp_path, command[0], "--table", str(few), *command[1:], "--json", str(out))
    _wait_while_running(p, out.exists, "JSON", 0.01)
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=120)
    assert p.returncode == 0, err[-2000:]
    assert err.strip().splitlines()[-1] == f"privrisk-sql: SIGTERM {said}, and the command finished", err[-2000:]
    assert json.loads(out.read_text())


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_local_spark_release_says_where_its_rows_stay(spark, tmp_path):
    """`mondrian --db 'local[1]' --output released` said "-> table released", and the next run's
    `--table released` said "table not found ... (no such file)": the session's own catalog ended
    with the run, the rows stayed in spark-warehouse/released. The run now warns where they stay,
    the later run names that folder, and the folder reads as the table."""
    args = ["--qids", "age,sex,race", "--k", "5", "--identifiers", "fnlwgt", "--quiet"]
    # 2,000 of Adult's rows: the levels of all 32,561 on one local thread took a minute of CI
    few = tmp_path / "few.csv"
    few.write_text("".join(ADULT.read_text().splitlines(keepends=True)[:2001]))
    p = _local_run(tmp_path, "mondrian", "--table", str(few), *args, "--output", "released")
    _, err = p.communicate(timeout=600)
    folder = str(tmp_path / "spark-warehouse" / "released")
    assert p.returncode == 0, err[-2000:]
    assert "warning: output 'released' is a table of the Spark session this run opened" in err
    assert f"its rows stay in the folder {folder!r}" in err
    p = _local_run(tmp_path, "kanon", "--table", "released", "--qids", "age_gen,sex_gen,race_gen", "--quiet")
    _, err = p.communicate(timeout=600)
    assert p.returncode == 2 and f"the folder {folder!r} holds the rows of a table of that name" in err, err[-2000:]
    p = _local_run(tmp_path, "kanon", "--table", folder, "--qids", "age_gen,sex_gen,race_gen", "--json", "-", "--quiet")
    out, err = p.communicate(timeout=600)
    assert p.returncode == 0 and json.loads(out)["k_anonymity"] >= 5, err[-2000:]


_A_SESSION_OF_THE_CALLERS = """
import json, sys, warnings
import privrisk_sql as pr
url, adult = sys.argv[1], sys.argv[2]
if url.startswith("sc://"):
    from pyspark.sql.connect.session import SparkSession
    mine = SparkSession.builder.remote(url).getOrCreate()
else:
    from pyspark.sql import SparkSession
    mine = SparkSession.builder.master("local[1]").config("spark.driver.host", "127.0.0.1").config(
        "spark.driver.bindAddress", "127.0.0.1").getOrCreate()
mine.createDataFrame([(1, "a"), (2, "b")], ["x", "y"]).createOrReplaceTempView("mine")
with warnings.catch_warnings(record=True) as said:
    warnings.simplefilter("always")
    k = pr.kanon(url if url.startswith("sc://") else "local[2]", adult, ["age", "sex"]).k_anonymity
seen = {
    "k": k,
    "mine": mine.sql("SELECT COUNT(*) AS n FROM mine").collect()[0][0],
    "still_active": SparkSession.getActiveSession() is mine,
    "warnings": [str(w.message) for w in said if "Spark session" in str(w.message)],
}
mine.stop()  # a session the caller stopped, then passed: AttributeError ... 'addJobTag' (classic)
try:
    pr.kanon(mine, adult, ["age", "sex"])
except pr.InvalidInputError as e:
    seen["stopped"] = str(e)
print(json.dumps(seen))
"""


@pytest.mark.parametrize("where", ["local", "connect"])
@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_run_given_a_spark_url_leaves_the_processs_own_session_as_it_was(spark, where):
    """A notebook holding its `spark` runs `pr.kanon("local[2]", ...)` (or the sc:// URL of its
    server): the builder's getOrCreate handed the run that session, and the run's end stopped it
    (the notebook's next query: AttributeError on a stopped context; on Spark Connect the
    session released). The classic one is used as passed (a warning says so when its master
    differs) and left running; Spark Connect gets a session of the run's own. That session,
    stopped by its caller and passed, is refused by name (was an AttributeError traceback)."""
    url = server_url("spark") if where == "connect" else "local"
    r = subprocess.run(
        [sys.executable, "-c", _A_SESSION_OF_THE_CALLERS, url, str(ADULT)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "SPARK_LOCAL_IP": "127.0.0.1", "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert r.returncode == 0, r.stderr[-3000:]
    said = json.loads(r.stdout.strip().splitlines()[-1])
    assert said["k"] == 1 and said["mine"] == 2 and said["still_active"], said
    assert said.get("stopped") == "the SparkSession given is stopped: pass one that runs", said
    if where == "local":
        assert said["warnings"] == [
            "this process already runs a Spark session (master 'local[1]'): the run uses it for 'local[2]', "
            "and leaves it running (Spark runs one per process)"
        ]
    else:
        assert said["warnings"] == []


def _ours_in(folder: str | None) -> list[str]:
    return (
        sorted(n for n in os.listdir(folder) if n.startswith("privrisk_")) if folder and os.path.isdir(folder) else []
    )


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_release_file_on_spark_is_duckdbs_release_whole_or_not_at_all(spark, tmp_path, monkeypatch):
    """`--output release.parquet` was refused on Spark ("only DuckDB writes"). Spark writes the
    query as one part file in a folder of the warehouse named with the run's prefix; it is read
    back, copied into the file that has no name yet, and named once whole. The rows equal
    DuckDB's release; an existing file is kept without replace and replaced with it; a copy that
    fails leaves the path as it was and no folder behind."""
    from privrisk_sql.metrics import destinations

    table = str(FIXTURES / "mondrian" / "adult_2k.csv")
    src = pr.connect(spark.session)
    warehouse = src.engine.files_folder()
    assert warehouse is not None
    before = _ours_in(warehouse)
    path, theirs = tmp_path / "release.parquet", tmp_path / "duck.parquet"
    kw = {"identifiers": ["id"], "keep": "*"}
    r = pr.mondrian(src, table, ["age", "sex", "race"], 5, str(path), **kw)
    pr.mondrian(None, table, ["age", "sex", "race"], 5, str(theirs), **kw)
    assert r.output == str(path) and r.partitions > 50
    con = duckdb.connect()  # not the module's shared connection: fetchone leaves its result open
    names = [c[0] for c in con.execute("DESCRIBE SELECT * FROM read_parquet(?)", [str(theirs)]).fetchall()]
    columns = ", ".join(f'"{n}"' for n in names if n != "partition_id")  # numbered in another order
    differ = con.execute(
        f"SELECT COUNT(*) FROM (SELECT {columns} FROM read_parquet(?) EXCEPT ALL SELECT {columns} FROM read_parquet(?))",
        [str(path), str(theirs)],
    ).fetchall()
    assert differ == [(0,)] and con.execute("SELECT COUNT(*) FROM read_parquet(?)", [str(path)]).fetchall() == [(2000,)]
    assert _ours_in(warehouse) == before
    written = path.stat().st_ino
    with pytest.raises(pr.InvalidInputError, match="already exists"):
        pr.mondrian(src, table, ["age"], 5, str(path), **kw)
    assert path.stat().st_ino == written
    records = tmp_path / "records.parquet"
    assert pr.risk(src, table, ["age", "sex"], records=str(records), key="id").records == 2000
    assert con.execute("SELECT COUNT(*) FROM read_parquet(?)", [str(records)]).fetchall() == [(2000,)]

    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(destinations.shutil, "copyfile", full_disk)
    with pytest.raises(pr.OutputWriteError, match=r"cannot write output to .*No space left on device; the file is as"):
        pr.mondrian(src, table, ["age"], 5, str(path), replace=True, **kw)
    assert path.stat().st_ino == written and _ours_in(warehouse) == before
    monkeypatch.undo()
    pr.mondrian(src, table, ["age"], 5, str(path), replace=True, **kw)
    assert path.stat().st_ino != written and _ours_in(warehouse) == before
    csv = tmp_path / "release.csv"
    with pytest.raises(pr.InvalidInputError, match=r"names a csv file: spark writes a file as parquet only"):
        pr.mondrian(src, table, ["age"], 5, str(csv), **kw)
    assert not csv.exists()
    src.close()
    con.close()


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_release_file_through_spark_connect_is_refused_before_work(spark, tmp_path):
    # The server writes on its own machine: no file of it is this process's to name.
    path = tmp_path / "never.parquet"
    with pr.Source(server_url("spark")) as src:
        before = src.statements
        with pytest.raises(pr.InvalidInputError, match=r"names a file, which spark writes on its own machine"):
            pr.mondrian(
                src, str(FIXTURES / "mondrian" / "adult_2k.csv"), ["age"], 5, str(path), identifiers=["id"], keep="*"
            )
        assert src.statements == before
    assert not path.exists()


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_session_reading_backslashes_as_they_stand_gets_the_same_results(spark):
    """A caller's session with spark.sql.parser.escapedStringLiterals on read our text literals'
    escaped backslashes as two: kanon refused an order holding 'a\\b' ("not in the order given
    for it"). The run sets it off and gives the caller's value back (Dialect.run_settings); a
    hierarchy's leaf holding a backslash finds its parent either way."""
    session = spark.session
    values = ["m\\", "a\\b", "it's", "\\'", "plain"]
    rows = [(i, i % 5, values[i % 5], values[i % 3]) for i in range(60)]
    session.createDataFrame(rows, "id INT, qa INT, qb STRING, st STRING").createOrReplaceTempView("backslashes")
    order = {"st": values[:3]}
    tree = {"qb": [[v, "escaped" if "\\" in v else "other", "*"] for v in values]}
    src = pr.connect(session)

    def figures():
        k = pr.kanon(src, "backslashes", ["qa", "qb"], sensitive="st", order=order)
        failures = pr.t_closeness_failures(src, "backslashes", ["qa"], "st", 0.0, order=order["st"])
        out = f"anon_{uuid.uuid4().hex[:12]}"
        try:
            pr.mondrian(src, "backslashes", ["qb"], 20, out, hierarchies=tree, identifiers=["id"])
            labels = sorted(map(tuple, session.sql(f"SELECT DISTINCT qa, qb_gen FROM {out}").collect()))
        finally:
            session.sql(f"DROP TABLE IF EXISTS {out}")
        return k, failures.to_dict("records"), labels

    try:
        want = figures()
        assert (0, "escaped") in want[2]  # qa 0 holds qb 'm\\': the leaf found its parent
        session.conf.set("spark.sql.parser.escapedStringLiterals", "true")
        assert figures() == want
        assert session.conf.get("spark.sql.parser.escapedStringLiterals") == "true"
    finally:
        session.conf.unset("spark.sql.parser.escapedStringLiterals")
        session.catalog.dropTempView("backslashes")
        src.close()


@pytest.mark.parametrize("backend", [pytest.param("spark", marks=pytest.mark.spark)], indirect=True)
def test_a_session_reading_quoted_names_as_patterns_gets_the_same_results(spark):
    """A caller's session with spark.sql.parser.quotedRegexColumnNames on reads a backquoted name
    in a SELECT list as a regular expression: every run stopped (COUNT(`x`) "requires >= 1
    parameters", "Invalid usage of regular expression 'a.ge'"). The run sets it off and gives the
    caller's value back (Dialect.run_settings)."""
    session = spark.session
    rows = [(i, 20 + i % 7, "fm"[i % 2], "abc"[i % 3]) for i in range(60)]
    session.createDataFrame(rows, "id INT, `a.ge` INT, `s+x` STRING, `ra(c)e` STRING").createOrReplaceTempView("regexy")
    qids = ["a.ge", "s+x", "ra(c)e"]
    src = pr.connect(session)

    def figures():
        k = pr.kanon(src, "regexy", qids[:2], sensitive="ra(c)e")
        risk = pr.risk(src, "regexy", qids)
        matches = pr.mpuccs(src, "regexy", "regexy", qids, n_cols=[1, 2], details=False)
        out = f"anon_{uuid.uuid4().hex[:12]}"
        try:
            pr.mondrian(src, "regexy", qids, 5, out, identifiers=["id"])
            released = sorted(map(tuple, session.table(out).collect()), key=repr)
        finally:
            session.sql(f"DROP TABLE IF EXISTS {out}")
        return k, (risk.records, risk.class_sizes), matches.global_.to_dict("records"), released

    try:
        with pytest.warns(UserWarning, match="given as both ori and syn"):
            want = figures()
        session.conf.set("spark.sql.parser.quotedRegexColumnNames", "true")
        with pytest.warns(UserWarning, match="given as both ori and syn"):
            assert figures() == want
        assert session.conf.get("spark.sql.parser.quotedRegexColumnNames") == "true"
    finally:
        session.conf.unset("spark.sql.parser.quotedRegexColumnNames")
        session.catalog.dropTempView("regexy")
        src.close()
