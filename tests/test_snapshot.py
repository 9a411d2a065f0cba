"""A run that writes no table reads one state of the database, whatever other sessions commit
meanwhile (Dialect.snapshot, Statements._begin_snapshot).

kanon reads a table in one statement per measure; in autocommit each statement saw the table as
it was then, so a row another session committed between them gave k = 2 from the class sizes
and l = 1 from a class the sizes never saw."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Callable

import duckdb
import pytest
import sqlalchemy as sa

import privrisk_sql as pr
from privrisk_sql.sql.types import TypeClass

COLS = [("a", TypeClass.TEXT), ("b", TypeClass.TEXT), ("s", TypeClass.TEXT)]
# two classes of two rows, each with two sensitive values: k = 2, l = 2
ROWS = [("x", "p", "1"), ("x", "p", "2"), ("y", "q", "1"), ("y", "q", "2")]
LATE_ROW = "INSERT INTO {table} VALUES ('z', 'r', '9')"  # a class of one row, one value


# the servers' cases run with the server matrix (pytest -m full), as conftest marks the backend fixture's
@pytest.fixture(
    params=[
        "duckdb",
        "sqlite",
        pytest.param("postgres", marks=pytest.mark.full),
        pytest.param("mysql", marks=pytest.mark.full),
    ]
)
def live_table(request, tmp_path):
    """(a Source, the table's name, a function that commits a row from another session)."""
    name = request.param
    if name == "duckdb":
        con = duckdb.connect(str(tmp_path / "live.duckdb"))
        con.execute("CREATE TABLE live (a VARCHAR, b VARCHAR, s VARCHAR)")
        con.executemany("INSERT INTO live VALUES (?, ?, ?)", ROWS)
        other = con.cursor()  # a connection of its own to the same database
        yield pr.Source(con), "live", lambda: other.execute(LATE_ROW.format(table="live"))
        other.close()
        con.close()
        return
    if name == "sqlite":
        path = tmp_path / "live.db"
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("PRAGMA journal_mode=WAL")  # readers keep no writer out: the row commits mid-run
        other.execute("CREATE TABLE live (a TEXT, b TEXT, s TEXT)")
        other.executemany("INSERT INTO live VALUES (?, ?, ?)", ROWS)
        src = pr.connect(f"sqlite:///{path}")
        yield src, "live", lambda: other.execute(LATE_ROW.format(table="live"))
        src.close()
        other.close()
        return
    b = request.getfixturevalue({"postgres": "pg", "mysql": "maria"}[name])
    table = f"live_{uuid.uuid4().hex[:12]}"
    b.create(table, COLS, ROWS)
    b.forget(table)  # its rows change here on purpose; dropped when the backend closes
    engine = sa.create_engine(b.engine.url)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as other:
        yield b.source(), table, lambda: other.exec_driver_sql(LATE_ROW.format(table=table))
    engine.dispose()


def _committing_before(src: pr.Source, starts: str, commit: Callable[[], object]) -> list[str]:
    """Commit a row from another session just before the run's statement that starts so."""
    fired: list[str] = []

    def echo(sql: str) -> None:
        if not fired and sql.lstrip().startswith(starts):
            fired.append(sql)
            commit()

    src.echo = echo
    return fired


def test_kanon_figures_are_of_one_state_of_the_table(live_table):
    src, table, commit = live_table
    before = dict(pr.kanon(src, table, qids=["a", "b"], sensitive=["s"], progress=False))
    fired = _committing_before(src, "SELECT MIN(distinct_values)", commit)  # the l, t, ... statement

    during = dict(pr.kanon(src, table, qids=["a", "b"], sensitive=["s"], progress=False))

    assert fired, "the hook never fired: the statement it waits for changed"
    assert during == before  # autocommit: l = 1, t = 0.8 beside k = 2 and 2 classes
    src.echo = None
    after = pr.kanon(src, table, qids=["a", "b"], sensitive=["s"], progress=False)
    assert (after["k_anonymity"], after["l_diversity"], after["n_rows"]) == (1, 1, 5)  # the next run sees it


def test_cavg_figures_are_of_one_state_of_the_table(live_table):
    src, table, commit = live_table
    before = pr.cavg(src, table, qids=["a", "b"], k=2, progress=False)
    fired = _committing_before(src, "SELECT class_size", commit)  # after the count of rows and missing values

    during = pr.cavg(src, table, qids=["a", "b"], k=2, progress=False)

    assert fired, "the hook never fired: the statement it waits for changed"
    assert during.to_dict() == before.to_dict()


def test_a_run_that_fails_leaves_no_transaction_open(live_table):
    src, table, commit = live_table
    with pytest.raises(pr.InvalidInputError):
        pr.kanon(src, table, qids=["a", "nope"], progress=False)  # refused once the run has begun
    with pytest.raises(pr.QueryError):
        _fail_mid_run(src, table)
    commit()  # another session's row: a run still inside an old snapshot would not see it
    assert pr.kanon(src, table, qids=["a", "b"], progress=False)["n_rows"] == 5


def _fail_mid_run(src: pr.Source, table: str) -> None:
    """A kanon run whose class-size statement fails in the database (after the snapshot began)."""

    def echo(sql: str) -> None:
        if sql.lstrip().startswith("SELECT class_size"):
            raise pr.QueryError("stopped here by the test")

    src.echo = echo
    try:
        pr.kanon(src, table, qids=["a", "b"], progress=False)
    finally:
        src.echo = None


def test_a_callers_own_transaction_is_theirs(tmp_path):
    """A caller's open transaction: the run joins it, begins none, and leaves it open (its
    COMMIT or ROLLBACK is the caller's)."""
    con = sqlite3.connect(tmp_path / "theirs.db")  # sqlite3's default: a transaction at the first INSERT
    con.execute("CREATE TABLE theirs (a TEXT, b TEXT, s TEXT)")
    con.executemany("INSERT INTO theirs VALUES (?, ?, ?)", ROWS)
    con.commit()
    con.execute("INSERT INTO theirs VALUES ('z', 'r', '9')")  # uncommitted: theirs to see
    assert con.in_transaction
    assert pr.kanon(con, "theirs", qids=["a", "b"], progress=False)["n_rows"] == 5
    assert con.in_transaction  # still theirs
    con.rollback()
    assert pr.kanon(con, "theirs", qids=["a", "b"], progress=False)["n_rows"] == 4
    assert not con.in_transaction  # a run of ours leaves none open where it found none
    con.close()


@pytest.mark.full  # the server matrix
@pytest.mark.parametrize("server", ["pg", "maria"])
def test_a_begin_of_the_callers_on_an_autocommit_connection_is_theirs(request, server):
    """A caller's Connection in AUTOCOMMIT with a transaction they began in SQL: the run joins it
    and leaves it open, as before AUTOCOMMIT Connections were taken as such. A BEGIN of ours in it
    failed the run ("SET TRANSACTION ISOLATION LEVEL must be called before any query", MariaDB's
    1568), and our COMMIT or ROLLBACK would have ended their transaction."""
    b = request.getfixturevalue(server)
    table = f"theirs_{uuid.uuid4().hex[:12]}"
    b.create(table, COLS, ROWS)
    b.forget(table)
    engine = sa.create_engine(b.engine.url)
    try:
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("BEGIN" if b.name == "postgres" else "START TRANSACTION")
            conn.exec_driver_sql(LATE_ROW.format(table=table))  # uncommitted: theirs to see
            assert pr.kanon(conn, table, qids=["a", "b"], progress=False)["n_rows"] == 5
            conn.exec_driver_sql("ROLLBACK")  # theirs: it takes their row away
            assert pr.kanon(conn, table, qids=["a", "b"], progress=False)["n_rows"] == 4
    finally:
        engine.dispose()


def _typed_by_its_late_rows(path) -> str:
    """A CSV of more rows than DuckDB's sniffer samples (20,480), whose last value of ``a`` is no
    whole number: read, a run's probe of its types fails once before the read that fits."""
    lines = ["a,b", *(f"{i % 50},{i % 7}" for i in range(21_000)), "x1,3"]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.mark.parametrize("given", ["csv typed by its late rows", "frame with a column duckdb refuses"])
def test_a_duckdb_callers_transaction_outlives_what_a_run_tries(tmp_path, given):
    """A caller's DuckDB connection in a transaction of theirs: a run's probes that fail (the
    type check of a CSV's late rows, the registration of a DataFrame DuckDB cannot read) aborted
    it, their uncommitted rows lost, and the run said "Current transaction is aborted" where a
    plain connection read the CSV or named the column. Probes run on a cursor, a transaction of
    their own."""
    import pandas as pd

    if given.startswith("csv"):
        table: object = _typed_by_its_late_rows(tmp_path / "late.csv")
    else:
        table = pd.DataFrame({"a": pd.period_range("2020-01", periods=20, freq="M"), "b": ["u", "v"] * 10})

    def run(con):
        try:
            return pr.kanon(con, table, qids=["a", "b"], progress=False)
        except pr.InvalidInputError as e:
            return str(e)

    plain = run(duckdb.connect())
    con = duckdb.connect()
    con.execute("CREATE TABLE theirs (x INTEGER)")
    con.execute("BEGIN")
    con.execute("INSERT INTO theirs VALUES (1)")  # uncommitted: theirs
    assert run(con) == plain
    if given.startswith("frame"):
        assert "column 'a' of the DataFrame has the type period[M]" in plain
    else:
        assert plain["n_rows"] == 21_001
    assert con.execute("SELECT COUNT(*) FROM theirs").fetchall() == [(1,)]  # their transaction lives
    con.execute("COMMIT")
    assert con.execute("SELECT COUNT(*) FROM theirs").fetchall() == [(1,)]


def test_mondrian_takes_no_snapshot_even_writing_a_file(tmp_path):
    """Mondrian checks its release against the rows it counted; a snapshot held every level's
    work tables to its end (DuckDB, 1M rows to a Parquet file: peak memory 432 -> 671 MiB). A
    reading run of the same connection takes one."""
    con = duckdb.connect(str(tmp_path / "live.duckdb"))
    con.execute("CREATE TABLE live (a VARCHAR, b VARCHAR, s VARCHAR)")
    con.executemany("INSERT INTO live VALUES (?, ?, ?)", ROWS * 3)
    src = pr.Source(con)
    sent: list[str] = []
    src.echo = sent.append
    pr.mondrian(src, "live", ["a"], k=2, output=str(tmp_path / "o.parquet"), relaxed=True, progress=False)
    assert sent and not any(sql.startswith("BEGIN") for sql in sent)
    sent.clear()
    pr.kanon(src, "live", qids=["a", "b"], progress=False)
    assert [sql for sql in sent if sql.startswith("BEGIN")] == ["BEGIN TRANSACTION"]
    con.close()
