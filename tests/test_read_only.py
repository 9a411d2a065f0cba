"""read_only / --read-only: the guard that parses every statement (every backend), DuckDB and SQLite
files opened read-only by the database itself, and PostgreSQL with a least-privilege role
(SELECT on the data, TEMP on the database; a read-only transaction would forbid TEMP tables)."""

from __future__ import annotations

import datetime as dt
import hashlib
import sqlite3
import subprocess
import sys
import uuid

import duckdb
import pytest
import sqlalchemy as sa

import privrisk_sql as pr
from privrisk_sql.sql.types import TypeClass

from backends import FIXTURES, assert_least_privilege_user, mondrian_keeping_all, pg_url

HAND = FIXTURES / "handcheck"
ADULT = FIXTURES / "mondrian" / "adult_2k.csv"


def _q(src, name):
    return src.quote(name)


def test_guard_refuses_every_write_but_its_own_temp_tables(backend):
    t = backend.load(HAND / "ori.csv")
    src = backend.source(read_only=True)
    temp = "CREATE TEMPORARY TABLE" if backend.name == "mysql" else "CREATE TEMP TABLE"
    if not backend.dialect.temp_tables:  # Spark: a run's work tables are plain tables named by the run
        temp = "CREATE TABLE"
    before = backend.fetch(f"SELECT COUNT(*) FROM {_q(src, t)}")
    other = f"other_{uuid.uuid4().hex[:12]}"
    refused = [
        f"INSERT INTO {_q(src, t)} SELECT * FROM {_q(src, t)}",
        f"UPDATE {_q(src, t)} SET a = a",
        f"DELETE FROM {_q(src, t)}",
        f"DROP TABLE {_q(src, t)}",
        f"ALTER TABLE {_q(src, t)} RENAME TO {_q(src, other)}",
        f"CREATE TABLE {_q(src, other)} AS SELECT 1 AS a",
        f"{temp} {_q(src, other)} AS SELECT 1 AS a",  # TEMP, but not this run's
        *(
            [f"CREATE TABLE {_q(src, 'privrisk_' + src.run_id + '_x')} AS SELECT 1 AS a"]  # this run's name, not TEMP
            if backend.dialect.temp_tables
            else []
        ),
        f"CREATE VIEW {_q(src, other)} AS SELECT 1 AS a",
        # Writes below a reading root (PostgreSQL ran both through read_only=True).
        f"SELECT * INTO {_q(src, other)} FROM {_q(src, t)}",
        f"WITH d AS (DELETE FROM {_q(src, t)} RETURNING *) SELECT COUNT(*) FROM d",
        f"{temp} {_q(src, src.temp_name('y'))} AS WITH d AS (DELETE FROM {_q(src, t)} RETURNING *) SELECT * FROM d",
    ]
    for sql in refused:
        with pytest.raises(pr.ReadOnlyViolationError, match="read-only mode: refusing"):
            src.execute(sql)
    assert backend.fetch(f"SELECT COUNT(*) FROM {_q(src, t)}") == before
    assert not src.table_exists(other)
    # the run's own TEMP tables: create, fill, read, drop
    mine = src.temp_name("x")
    src.execute(f"{temp} {_q(src, mine)} AS SELECT 1 AS a")
    src.execute(f"INSERT INTO {_q(src, mine)} SELECT 2 AS a")
    assert src.fetch(f"SELECT SUM(a) FROM {_q(src, mine)}") == [(3,)]
    src.drop_temp(mine)


def test_every_read_command_runs_read_only_with_the_same_result(backend):
    t = backend.load(ADULT)
    qids = ["age", "sex", "race"]
    plain, ro = backend.source(), backend.source(read_only=True)
    assert pr.cavg(ro, t, qids, 5) == pr.cavg(plain, t, qids, 5)
    assert pr.kanon(ro, t, qids, ["income"], 5) == pr.kanon(plain, t, qids, ["income"], 5)
    cols = ["age", "sex", "race", "income"]
    key = {"key": "id"}
    assert (
        pr.mpuccs(ro, t, t, columns=cols, n_cols=[1, 2], **key).to_dict()
        == pr.mpuccs(plain, t, t, columns=cols, n_cols=[1, 2], **key).to_dict()
    )


def test_mpuccs_over_floats_and_timestamps_runs_read_only_with_the_same_result(backend):
    """Floats are rounded and timestamps floored by each dialect's own function (DuckDB's
    ROUND_EVEN, Spark's BROUND, MariaDB's MICROSECOND), which the guard refused: every read-only
    mpUCCs over a float column failed with exit 3 on DuckDB."""
    name = f"ro_{uuid.uuid4().hex[:10]}"
    rows = [
        (i, 1.25 + (i % 4) * 0.5, dt.datetime(2024, 1, 1 + i % 3, 10, i % 2, 5, 250000), f"c{i % 5}") for i in range(12)
    ]
    cols = [("id", TypeClass.INTEGER), ("f", TypeClass.FLOAT), ("ts", TypeClass.TIMESTAMP), ("c", TypeClass.TEXT)]
    backend.create(name, cols, rows)
    plain, ro = backend.source(), backend.source(read_only=True)
    identified = []
    for options in ({}, {"numeric_precision": 0, "datetime_precision": "T"}):
        run = dict(columns=["f", "ts", "c"], n_cols=[1, 2], key="id", **options)
        expected = pr.mpuccs(plain, name, name, **run).to_dict()
        assert pr.mpuccs(ro, name, name, **run).to_dict() == expected
        identified.append(expected["global"]["total_identified"])
    assert identified[0] > 0  # not an empty result compared with an empty one


def test_mondrian_is_refused_before_any_statement(backend):
    t = backend.load(ADULT)
    src = backend.source(read_only=True)
    with pytest.raises(pr.InvalidInputError, match="mondrian writes its output table 'out_ro'"):
        mondrian_keeping_all(src, t, ["age"], 5, "out_ro")
    assert src.statements == 0


def _sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_duckdb_file_is_opened_read_only_with_external_access_off(tmp_path):
    db = tmp_path / "data.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(f"CREATE TABLE adult AS SELECT * FROM read_csv('{ADULT}')")
    digest = _sha(db)
    src = pr.Source(str(db), read_only=True, files=[str(HAND / "ori.csv")])
    assert pr.cavg(src, "adult", ["age", "sex"], 5).n_rows == 2000
    assert pr.cavg(src, str(HAND / "ori.csv"), ["a"], 1).n_rows > 0  # a file it was given
    src.read_only = False  # without our guard, DuckDB itself refuses
    with pytest.raises(pr.QueryError, match="read-only mode"):
        src.execute("CREATE TABLE z AS SELECT 1 AS a")
    with pytest.raises(pr.QueryError, match="Permission Error"):  # any other file
        src.fetch(f"SELECT * FROM read_csv('{HAND / 'syn.csv'}')")
    with pytest.raises(pr.QueryError, match="Cannot enable external access"):
        src.execute("SET enable_external_access = true")
    src.execute("CREATE TEMP TABLE scratch AS SELECT 1 AS a")  # TEMP tables still work
    src.close()
    assert _sha(db) == digest


@pytest.mark.parametrize("given", ["text", "path", "list of paths"])
def test_files_may_be_one_path_or_a_list_of_them(given):
    """files="ori.csv" was read letter by letter (each letter a path: the file named was refused,
    "file system operations are disabled"), and files=Path(...) raised TypeError."""
    ori = HAND / "ori.csv"
    files = {"text": str(ori), "path": ori, "list of paths": [ori, str(HAND / "syn.csv")]}[given]
    src = pr.Source(None, read_only=True, files=files)
    assert pr.cavg(src, str(ori), ["a"], 1).n_rows > 0
    with pytest.raises(pr.InvalidInputError, match="cannot read"):  # a file it was not given
        pr.cavg(src, str(FIXTURES / "adult" / "ori.csv"), ["age"], 1)


@pytest.mark.parametrize("files", [b"ori.csv", [b"ori.csv"], 1, [3, 1], True, {"a": 1}, [""], object()])
def test_files_other_than_paths_are_refused_by_name(files):
    with pytest.raises(pr.InvalidInputError, match="files must be a path or a list of paths, got"):
        pr.Source(None, read_only=True, files=files)


@pytest.mark.parametrize("form", ["path", "uri", "uri_rw"])
def test_sqlite_file_is_opened_read_only(tmp_path, form, monkeypatch):
    db = tmp_path / "data.sqlite"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t (a INTEGER, b TEXT)")
    con.executemany("INSERT INTO t VALUES (?, ?)", [(i % 3, str(i % 2)) for i in range(30)])
    con.commit()
    con.close()
    digest = _sha(db)
    monkeypatch.chdir(tmp_path)
    # The URI forms (sqlite:///file:x?uri=true) used to skip mode=ro, even one asking for rw.
    url = {
        "path": f"sqlite:///{db}",
        "uri": "sqlite:///file:data.sqlite?uri=true",
        "uri_rw": "sqlite:///file:data.sqlite?mode=rw&uri=true",
    }[form]
    src = pr.Source(url, read_only=True)
    assert pr.kanon(src, "t", ["a", "b"])["k_anonymity"] == 5
    src.read_only = False
    with pytest.raises(pr.QueryError, match="readonly database"):
        src.execute("CREATE TABLE z AS SELECT 1 AS a")
    src.close()
    assert _sha(db) == digest


def test_an_output_into_a_sqlite_file_opened_read_only_is_refused_before_any_work(tmp_path):
    """`--db 'sqlite:///file:x.db?mode=ro&uri=true' --output o`: SQLite refused the output's table
    after every Mondrian level (exit 3, "attempt to write a readonly database"). Refused first
    now, in SQLite's words; the same file opened for writing takes the output, and the empty
    table that asked is gone."""
    db = tmp_path / "data.sqlite"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t (id INTEGER, a INTEGER, b TEXT)")
    con.executemany("INSERT INTO t VALUES (?, ?, ?)", [(i, i % 3, str(i % 2)) for i in range(30)])
    con.commit()
    con.close()
    digest = _sha(db)
    with pr.Source(f"sqlite:///file:{db}?mode=ro&uri=true") as src:
        for run in (
            lambda: pr.mondrian(src, "t", ["a", "b"], 5, "o", keep=["id"]),
            lambda: pr.risk(src, "t", ["a", "b"], classes="o"),
        ):
            with pytest.raises(
                pr.InvalidInputError, match=r"^output 'o': attached database 'main' takes no new table \(.*readonly"
            ):
                run()
        assert src.statements == 0
    assert _sha(db) == digest
    with pr.Source(f"sqlite:///{db}") as src:
        assert pr.mondrian(src, "t", ["a", "b"], 5, "o", keep=["id"]).n_rows == 30
        assert [r[0] for r in src.fetch("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")] == [
            "o",
            "t",
        ]


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "privrisk_sql.cli", *args], capture_output=True, text=True)


def test_cli_read_only_reads_the_named_files_and_refuses_mondrian(tmp_path):
    r = _cli("cavg", "--table", str(ADULT), "--qids", "age,sex", "--k", "5", "--read-only")
    assert r.returncode == 0, r.stderr
    assert "rows / classes     2,000 /" in r.stdout
    r = _cli(
        "mondrian",
        "--db",
        str(tmp_path / "w.duckdb"),
        "--table",
        str(ADULT),
        "--qids",
        "age",
        "--k",
        "5",
        "--output",
        "o",
        "--read-only",
    )
    assert r.returncode == 2
    # mondrian has no --read-only (it always writes): argparse refuses it, in one line
    assert r.stderr.strip() == (
        "privrisk-sql: error: unrecognized arguments: --read-only "
        "(an option of mpuccs, cavg, kanon, risk, not of mondrian) (see privrisk-sql mondrian --help)"
    )
    assert not (tmp_path / "w.duckdb").exists()


@pytest.fixture
def pg_reader(pg):
    """A PostgreSQL role with only CONNECT + TEMP on the database and SELECT on one table."""
    backend = pg
    t = backend.load(ADULT)
    role = f"privrisk_reader_{uuid.uuid4().hex[:12]}"
    db = backend.fetch("SELECT current_database()")[0][0]
    backend.run(f'CREATE ROLE "{role}" LOGIN')
    backend.run(f'GRANT CONNECT, TEMPORARY ON DATABASE "{db}" TO "{role}"')
    backend.run(f'GRANT USAGE ON SCHEMA public TO "{role}"')
    backend.run(f'GRANT SELECT ON TABLE "{t}" TO "{role}"')
    url = sa.engine.make_url(pg_url()).set(username=role).render_as_string(hide_password=False)
    yield url, t, role
    backend.run(f'DROP OWNED BY "{role}"')
    backend.run(f'DROP ROLE "{role}"')


def test_postgres_least_privilege_role(pg, pg_reader):
    backend = pg
    url, t, role = pg_reader
    privileges = backend.fetch(
        f"SELECT has_schema_privilege('{role}', 'public', 'CREATE'), has_table_privilege('{role}', '{t}', 'INSERT'),"
        f" has_database_privilege('{role}', current_database(), 'TEMP')"
    )
    assert privileges == [(False, False, True)]  # the role the README recommends, and nothing more
    assert_least_privilege_user(backend, url, t, "id", "schema 'public'")


def test_postgres_replace_of_a_table_another_role_owns_is_refused_before_any_work(pg, pg_reader):
    """A role that may create tables in the schema replaced a table another role owns: the DROP
    failed at the publish, after every Mondrian level (exit 3, "must be owner of table"). Refused
    first, naming the owner; the role's own output it replaces."""
    backend = pg
    url, t, role = pg_reader
    backend.run(f'GRANT CREATE ON SCHEMA public TO "{role}"')
    theirs = f"theirs_{uuid.uuid4().hex[:12]}"
    backend.run(f'CREATE TABLE "{theirs}" (a INTEGER)')
    backend.run(f'INSERT INTO "{theirs}" VALUES (7)')
    backend.run(f'GRANT SELECT ON TABLE "{theirs}" TO "{role}"')
    owner = backend.fetch("SELECT current_user")[0][0]
    try:
        with pr.Source(url) as src:
            with pytest.raises(
                pr.InvalidInputError,
                match=f"^output '{theirs}' cannot be replaced by this user: it belongs to '{owner}'",
            ):
                pr.mondrian(src, t, ["age"], 10, theirs, replace=True, keep=["id"])
            assert src.statements == 0
            mine = f"mine_{uuid.uuid4().hex[:12]}"
            for _ in range(2):  # created, then replaced
                assert pr.mondrian(src, t, ["age"], 10, mine, replace=True, keep=["id"]).n_rows == 2000
        assert backend.fetch(f'SELECT a FROM "{theirs}"') == [(7,)]
    finally:
        backend.run(f'DROP TABLE "{theirs}"')


def test_a_postgres_session_that_may_not_write_refuses_a_run_that_writes_before_any_work(pg):
    """A session whose transactions are read-only (a standby, or default_transaction_read_only
    set for the role, database or server): `risk --classes` ran its whole work, then the table
    was refused (exit 3, "cannot execute CREATE TABLE AS in a read-only transaction"); mpuccs and
    Mondrian stopped at their first TEMP table with the same database error. Each is refused in
    one typed line now, before any work; the reading runs go on as before."""
    t = pg.load(ADULT)
    other = pg.load(ADULT, table=f"t_{uuid.uuid4().hex[:12]}")
    url = sa.engine.make_url(pg_url()).update_query_dict({"options": "-c default_transaction_read_only=on"})
    out = f"o_{uuid.uuid4().hex[:12]}"
    for run in (
        lambda src: pr.risk(src, t, ["age", "sex"], classes=out),
        lambda src: pr.mondrian(src, t, ["age", "sex"], 5, out, keep=["id"]),
    ):
        with pr.Source(url.render_as_string(hide_password=False)) as src:
            with pytest.raises(
                pr.InvalidInputError,
                match=rf"^output '{out}': this session may write no table \(transaction_read_only is on",
            ):
                run(src)
            assert src.statements == 0
    with pr.Source(url.render_as_string(hide_password=False)) as src:
        seen: list[str] = []
        src.echo = seen.append
        with pytest.raises(pr.InvalidInputError, match=r"^postgres takes no writes in this session \(.*read-only tra"):
            pr.mpuccs(src, t, other, columns=["age", "sex", "race"], key="id")
        # after the key's checks, its first work table, refused: nothing else was tried
        assert [sql.split()[:3] for sql in seen if sql.startswith("CREATE")] == [["CREATE", "TEMP", "TABLE"]]
        assert pr.kanon(src, t, ["age", "sex"], k=5)["n_rows"] == 2000
    assert out not in pg.user_tables()


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT * INTO stolen FROM victim",
        "WITH d AS (DELETE FROM victim RETURNING *) SELECT COUNT(*) FROM d",
        "WITH u AS (UPDATE victim SET a = 1 RETURNING *) SELECT * FROM u",
        "CREATE TEMP TABLE privrisk_run_x AS WITH d AS (DELETE FROM victim RETURNING *) SELECT * FROM d",
        "INSERT INTO privrisk_run_x WITH d AS (DELETE FROM victim RETURNING *) SELECT * FROM d",
        "SELECT pg_read_file('/etc/passwd')",
        "SELECT lo_import('/etc/passwd')",
        "SELECT dblink_exec('dbname=x', 'DROP TABLE victim')",
        "SELECT * FROM (SELECT pg_terminate_backend(1)) s",
    ],
)
def test_guard_checks_every_node_not_only_the_root(sql):
    """Parsed on PostgreSQL's dialect (where these were let through), never run."""
    from privrisk_sql.source.read_only import check_statement
    from privrisk_sql.sql.dialects import get_dialect

    with pytest.raises(pr.ReadOnlyViolationError, match="read-only mode: refusing"):
        check_statement(sql, get_dialect("postgres"), "privrisk_run_")


def test_guard_on_postgres_server_leaves_victim_whole(pg):
    """Through a real read_only Source: the statements that created a table and deleted rows."""
    t = pg.load(HAND / "ori.csv")
    src = pg.source(read_only=True)
    other = f"stolen_{uuid.uuid4().hex[:12]}"
    for sql in (
        f"SELECT * INTO {other} FROM {_q(src, t)}",
        f"WITH d AS (DELETE FROM {_q(src, t)} RETURNING *) SELECT COUNT(*) FROM d",
    ):
        with pytest.raises(pr.ReadOnlyViolationError):
            src.execute(sql)
    assert pg.fetch(f"SELECT COUNT(*) FROM {_q(src, t)}")[0][0] == 5
    assert not src.table_exists(other)


@pytest.mark.parametrize("url", ["sqlite:///file:missing.sqlite?uri=true", "sqlite:///missing.sqlite"])
def test_sqlite_missing_file_is_not_created(tmp_path, monkeypatch, url):
    monkeypatch.chdir(tmp_path)
    r = _cli("kanon", "--db", url, "--table", "t", "--qids", "a")
    assert r.returncode == 2 and "database file not found: 'missing.sqlite'" in r.stderr, r.stderr
    with pytest.raises(pr.InvalidInputError, match="database file not found: 'missing.sqlite'"):
        pr.kanon(pr.Source(url, read_only=True), "t", ["a"])
    assert list(tmp_path.iterdir()) == []


def test_reading_commands_share_a_duckdb_file_with_other_readers(tmp_path):
    """kanon and mpuccs opened a DuckDB file read-write, which locks it: another process reading
    it at the same time made the command fail. They open it read-only now."""
    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE t AS SELECT range % 5 AS a, range % 3 AS b FROM range(100)")
    reader = duckdb.connect(str(db), read_only=True)  # someone else reading it
    try:
        for args in (
            ["kanon", "--table", "t", "--qids", "a,b"],
            ["cavg", "--table", "t", "--qids", "a", "--k", "2"],
            ["mpuccs", "--ori", "t", "--syn", "t", "--quiet"],
        ):
            r = _cli(*args, "--db", str(db))
            assert r.returncode == 0, r.stderr
    finally:
        reader.close()
