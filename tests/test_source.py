"""Source behaviour: input order, read-only use of source tables, TEMP cleanup, rounding."""

from __future__ import annotations

import contextlib
import re
import uuid
import warnings
from pathlib import Path

import duckdb
import pandas as pd
import pytest

import privrisk_sql as pr
from privrisk_sql.sql.types import TypeClass

from backends import FIXTURES, mondrian_keeping_all, settings_in_and_after_a_run

HAND = FIXTURES / "handcheck"


def test_sources_untouched_and_no_temp_tables_left(backend):
    case = FIXTURES / "petsard" / "gen_gaps_ncols123"
    ori, syn = backend.load(case / "ori.csv"), backend.load(case / "syn.csv")
    before = (backend.checksum(ori), backend.checksum(syn))
    pr.mpuccs(backend.source(), ori, syn, n_cols=[1, 2], nulls="petsard", key=backend.key)
    assert (backend.checksum(ori), backend.checksum(syn)) == before
    assert backend.temp_tables() == []


def test_temp_tables_dropped_after_a_failure(backend):
    ori = backend.load(HAND / "ori.csv")
    with pytest.raises(pr.InvalidInputError):
        pr.mpuccs(backend.source(), ori, ori, columns=["a", "nope"], key=backend.key)
    assert backend.temp_tables() == []


def test_csv_positions_follow_file_order(tmp_path):
    # Many rows so that DuckDB scans in parallel; positions must still be file order.
    n = 200_000
    con = duckdb.connect()
    con.execute(f"COPY (SELECT i AS id, i % 7 AS g FROM range({n}) t(i) ORDER BY hash(i)) TO '{tmp_path}/o.csv'")
    con.execute(f"COPY (SELECT * FROM read_csv('{tmp_path}/o.csv')) TO '{tmp_path}/o.parquet'")
    expected = [r[0] for r in con.execute(f"SELECT id FROM read_csv('{tmp_path}/o.csv')").fetchall()]
    # Every id is unique in syn and in ori: details give each id's position in each file.
    for ext in ("csv", "parquet"):
        r = pr.mpuccs(None, f"{tmp_path}/o.{ext}", f"{tmp_path}/o.{ext}", columns=["id"])
        d = r.details
        assert len(d) == n
        pos = dict(zip((v[0] for v in d.value_combo), d.syn_idx))
        assert [pos[i] for i in expected[:1000]] == list(range(1000))
        assert all(pos[i] == k for k, i in enumerate(expected))


def test_file_paths_need_duckdb(backend):
    if backend.dialect.reads_files:
        pytest.skip("DuckDB and Spark read files (tests/test_spark.py)")
    with pytest.raises(pr.UnsupportedFeatureError, match="read by DuckDB"):
        pr.mpuccs(backend.source(), str(HAND / "ori.csv"), str(HAND / "syn.csv"))


TIES = [0.125, -0.125, 2.675, 0.5, 1.5, 2.5, -2.5, 0.015, 1.005, 12.345, 0.3 + 0.6]


def _functions(backend):
    from privrisk_sql.sql.render import environment

    return environment(backend.source().dialect).globals["fn"]


def _double(backend, x: float) -> str:
    # SQLite has no DOUBLE PRECISION cast worth the name: a float literal is already REAL there.
    return repr(x) if backend.name == "sqlite" else f"CAST({x!r} AS {backend.dialect.cast_types.double})"


@pytest.mark.parametrize("p", [0, 1, 2])
def test_half_even_rounding_matches_numpy(backend, p):
    import numpy as np

    fn = _functions(backend)
    got = [backend.fetch(f"SELECT {fn.round_half_even(_double(backend, x), p)}")[0][0] for x in TIES]
    assert got == [float(np.round(x, p)) for x in TIES]


def test_naive_rounding_is_half_away_and_differs(backend):
    """ROUND(x * 10^p) / 10^p rounds ties away from zero on DuckDB and SQLite: that is why each
    dialect has its own half-even expression. (PostgreSQL's and MariaDB's ROUND of a double already
    round ties to even.)"""
    import numpy as np

    naive = [backend.fetch(f"SELECT ROUND({_double(backend, x)} * 100) / 100")[0][0] for x in TIES]
    numpy_values = [float(np.round(x, 2)) for x in TIES]
    if backend.can.rounds_doubles_half_even:
        assert naive[:2] == numpy_values[:2]
    else:
        assert naive != numpy_values
        assert naive[0] == 0.13 and numpy_values[0] == 0.12


def test_decimal_digits_match_python_format(backend):
    values = [0.1 + 0.2, 100.0, 4.31806333496276, 11110.15, 0.5, 75.04315401735154, 1e-05, 123.456]
    fn = _functions(backend)
    expected = [len(("%.10f" % v).split(".")[1].rstrip("0")) for v in values]
    got = [backend.fetch(f"SELECT {fn.decimal_digits(_double(backend, v))}")[0][0] for v in values]
    assert [int(g) for g in got] == expected


def test_the_suite_wide_checksum_notices_a_changed_source(duck):
    """conftest checks every source table after the tests that used it; the check can fail."""
    from privrisk_sql.sql.types import TypeClass

    duck.create("victim", [("a", TypeClass.INTEGER)], [(1,), (2,)])
    assert duck.changed_sources() == []
    duck.run('UPDATE "victim" SET a = 3 WHERE a = 2')
    assert duck.changed_sources() and "'victim'" in duck.changed_sources()[0]
    duck.forget("victim")  # this test changed it on purpose


@pytest.mark.parametrize(
    "text",
    [
        'name,born,score,note\n"Smith, J",1990-02-03,1.5,"say ""hi"""\nLee,1985-11-30,,plain\n',
        "name;born;score\nA;03/02/1990;1,5\nB;30/11/1985;2\n",
        "a\tb\n1\tx\n2\t\n",
    ],
)
def test_csv_read_with_pinned_options_equals_duckdbs_own_reading(tmp_path, text):
    # The relation spells out what the sniffer detected (auto_detect=false): same types, same values.
    path = tmp_path / "in.csv"
    path.write_text(text)
    src = pr.connect()
    rel = src.relation(str(path))
    assert "auto_detect = false" in rel.sql
    con = duckdb.connect()
    auto_types = [(r[0], r[1]) for r in con.execute("DESCRIBE SELECT * FROM read_csv(?)", [str(path)]).fetchall()]
    assert [(c.name, c.sql_type) for c in rel.columns] == auto_types
    assert src.fetch(f"SELECT * FROM {rel.sql}") == con.execute("SELECT * FROM read_csv(?)", [str(path)]).fetchall()


def test_relations_sniffs_files_side_by_side_with_relations_results_and_errors_in_order(tmp_path):
    # relations() sniffs CSV files on their own threads; what it returns must not depend on that.
    files = {}
    for name, text in {
        "a.csv": "x,y\n1,2020-01-02\n2,\n",
        "b.csv": "p;q\nA;1,5\n",
        "bad.csv": "\x00\x01\xff\xfe",
        "bad2.csv": "\x00\xfe\x01",
    }.items():
        files[name] = tmp_path / name
        files[name].write_bytes(text.encode("latin-1"))
    src = pr.connect()
    a, b = str(files["a.csv"]), str(files["b.csv"])
    assert src.relations(a, b) == [src.relation(a), src.relation(b)]
    assert src.relations(b, a, b) == [src.relation(b), src.relation(a), src.relation(b)]
    for first, second in ((files["bad.csv"], files["bad2.csv"]), (files["bad2.csv"], files["bad.csv"])):
        with pytest.raises(pr.InvalidInputError, match=f"cannot read {str(first)!r}"):
            src.relations(str(first), str(second))
    with pytest.raises(pr.InvalidInputError, match="bad.csv"):
        src.relations(a, str(files["bad.csv"]))
    with pytest.raises(pr.InvalidInputError, match="table not found: 'nope'"):
        src.relations("nope", str(files["bad.csv"]))  # the first table's error comes first


def test_a_duckdb_connection_ordering_descending_by_default_gets_the_same_results():
    """A caller's DuckDB connection with default_order = 'desc' turned every ORDER BY of ours
    around: kanon's ordered t and the t-failures came out other, mpUCCs matched other rows, and
    Mondrian never ended; the catalog look-up took a table of main for the TEMP table of its name.
    A run sets ascending order, NULLs last, and gives the caller's settings back."""
    adult = FIXTURES / "adult"

    def figures(*settings):
        con = duckdb.connect()
        con.execute("CREATE TABLE a AS SELECT * FROM read_csv(?) LIMIT 3000", [str(adult / "ori.csv")])
        con.execute("CREATE TABLE s AS SELECT * FROM read_csv(?) LIMIT 3000", [str(adult / "syn.csv")])
        con.execute("CREATE TABLE t AS SELECT 1 AS x")
        con.execute("CREATE TEMP TABLE t AS SELECT range % 2 AS x FROM range(5)")  # DuckDB reads this one
        for setting in settings:
            con.execute(setting)
        src = pr.Source(con, timeout=60)
        k = pr.kanon(
            src, "a", ["age", "sex"], sensitive=["education_num", "income"], order={"income": ["<=50K", ">50K"]}
        )
        failures = pr.t_closeness_failures(src, "a", ["age"], "education_num", 0.1)
        m = pr.mpuccs(src, "a", "s", n_cols=[1, 2]).to_dict()
        pr.mondrian(
            src, "a", ["age", "sex", "race", "education_num"], 5, "o", sensitive="occupation", l=2, nulls="separate"
        )
        out = sorted(con.execute("SELECT * FROM o").fetchall(), key=repr)
        rows = pr.kanon(src, "t", ["x"])["n_rows"], src.relation("t").identity  # the TEMP one, looked up first
        now = con.execute("SELECT current_setting('default_order'), current_setting('default_null_order')").fetchall()
        return (k, failures.to_dict("records"), m, out, rows), now

    want, _ = figures()
    assert want[4] == (5, ("temp", "main", "t"))
    got, now = figures("SET default_order = 'desc'", "SET default_null_order = 'nulls_first'")
    assert got == want
    assert now == [("DESC", "NULLS_FIRST")]  # the caller's, back after every run


def _sqlite_adult_pair():
    """A caller's own in-memory sqlite3 connection holding 1,500 rows of Adult's pair: a (ori), s (syn)."""
    import sqlite3

    con = sqlite3.connect(":memory:", check_same_thread=False)
    pd.read_csv(FIXTURES / "adult" / "ori.csv").head(1500).to_sql("a", con, index=False)
    pd.read_csv(FIXTURES / "adult" / "syn.csv").head(1500).to_sql("s", con, index=False)
    return con


def test_a_sqlite_connection_reading_backwards_gets_the_same_results():
    """A caller's SQLite connection with PRAGMA reverse_unordered_selects on read every table
    backwards: mpUCCs numbered the rows from the end (other matches), and Mondrian's
    --keep-order wrote them in reverse. A run reads them in storage order and gives the pragma
    back."""

    def figures(*pragmas):
        con = _sqlite_adult_pair()
        for pragma in pragmas:
            con.execute(pragma)
        m = pr.mpuccs(con, "a", "s", n_cols=[1, 2], columns=["age", "sex", "race", "education_num"]).to_dict()
        pr.mondrian(con, "a", ["age", "sex", "race"], 5, "o", keep_order=True, keep="*")
        out = con.execute("SELECT * FROM o ORDER BY rowid").fetchall()
        return (m, out), con.execute("PRAGMA reverse_unordered_selects").fetchall()

    want, _ = figures()
    got, now = figures("PRAGMA reverse_unordered_selects = ON")
    assert got == want
    assert now == [(1,)]


def test_a_sqlite_connection_naming_columns_by_their_tables_gets_the_same_results():
    """A caller's SQLite connection with PRAGMA full_column_names on names a result's column
    "table.column": every run stopped with a traceback (KeyError: 'name', the catalog look-up's
    first read), and with short_column_names off the t-failures did (KeyError: 'privrisk_c0');
    Source.relation and table_exists on their own too. A run, and a look-up outside one, name
    their columns plainly and give the pragmas back."""
    read = "SELECT full_column_names, short_column_names FROM pragma_full_column_names, pragma_short_column_names"

    def figures(*pragmas):
        con = _sqlite_adult_pair()
        for pragma in pragmas:
            con.execute(pragma)
        qids = ["age", "sex", "race"]
        got = (
            pr.kanon(con, "a", qids, sensitive=["income", "hours_per_week"]).to_dict(),
            pr.risk(con, "a", qids).to_dict(),
            pr.cavg(con, "a", qids, 5).cavg,
            pr.mpuccs(con, "a", "s", n_cols=[1, 2], columns=[*qids, "education_num"]).to_dict(),
            pr.t_closeness_failures(con, "a", ["age"], "hours_per_week", 0.1).to_dict("records"),
            pr.l_diversity_failures(con, "a", ["age"], "income", 2).to_dict("records"),
            pr.Source(con).relation("a").columns,  # the public look-ups, outside a run
            pr.Source(con).table_exists("s"),
        )
        pr.mondrian(con, "a", qids, 5, "o", keep_order=True, keep="*")
        return (got, con.execute("SELECT * FROM o ORDER BY rowid").fetchall()), con.execute(read).fetchall()

    want, plain = figures()
    assert plain == [(0, 1)]
    for pragma, kept in (("full_column_names = ON", (1, 1)), ("short_column_names = OFF", (0, 0))):
        got, now = figures(f"PRAGMA {pragma}")
        assert got == want, pragma
        assert now == [kept], pragma


def test_a_sqlite_connection_with_its_own_row_and_text_factories_gets_the_same_results():
    """A caller's sqlite3 connection with the dict row_factory of Python's sqlite3 docs stopped
    every run with a traceback (KeyError: 0, SQLAlchemy's first look at it), one with
    text_factory = bytes had its table "not found" (the catalog's names came back as bytes).
    A run reads plain rows and text as str; the caller's factories are theirs again after it."""
    import sqlite3

    def as_dict(cursor, row):
        return {d[0]: v for d, v in zip(cursor.description, row)}

    def figures(row_factory=None, text_factory=str):
        con = _sqlite_adult_pair()
        con.row_factory, con.text_factory = row_factory, text_factory
        qids = ["age", "sex", "race"]
        got = (
            pr.kanon(con, "a", qids, sensitive=["income", "hours_per_week"]).to_dict(),
            pr.risk(con, "a", qids).to_dict(),
            pr.mpuccs(con, "a", "s", n_cols=[1, 2], columns=[*qids, "education_num"]).to_dict(),
            pr.t_closeness_failures(con, "a", ["age"], "sex", 0.05).to_dict("records"),
        )
        pr.mondrian(con, "a", qids, 5, "o", keep_order=True, keep="*")
        assert (con.row_factory, con.text_factory) == (row_factory, text_factory)
        con.row_factory, con.text_factory = None, str
        return got, con.execute("SELECT * FROM o ORDER BY rowid").fetchall()

    want = figures()
    assert figures(row_factory=as_dict) == want
    assert figures(row_factory=sqlite3.Row) == want
    assert figures(text_factory=bytes) == want


def test_duckdb_run_settings_are_the_runs_and_a_locked_connection_runs():
    """DuckDB's settings a run needs (insertion order kept; its own progress bar off) hold for the
    run and are the caller's again afterwards (they were once left set on a caller's connection
    for good); a connection whose configuration is locked runs too, where a run needs no change
    (it once failed on opening, SET refused), and one whose locked settings a run does need
    gets a one-line error naming the setting."""
    import duckdb

    con = duckdb.connect()
    con.execute("CREATE TABLE t AS SELECT range % 50 AS age, range % 7 AS x FROM range(500)")
    con.execute("SET enable_progress_bar = true")
    src = pr.Source(con)
    result, seen, before, after = settings_in_and_after_a_run(
        src, "SELECT current_setting('enable_progress_bar')", lambda: pr.kanon(src, "t", ["age", "x"])
    )
    assert result["k_anonymity"] == 1
    assert seen == {(False,)} and before == after == (True,)

    con.execute("SET lock_configuration = true")
    assert pr.mondrian(pr.Source(con), "t", ["age", "x"], 5, "anon", keep="*", progress=False).partitions == 65
    assert con.execute("SELECT current_setting('enable_progress_bar')").fetchall()[0][0] is True

    unordered = duckdb.connect()
    unordered.execute("CREATE TABLE t AS SELECT range % 50 AS age FROM range(500)")
    unordered.execute("SET preserve_insertion_order = false")
    unordered.execute("SET lock_configuration = true")
    with pytest.raises(pr.QueryError, match="preserve_insertion_order"):
        pr.kanon(pr.Source(unordered), "t", ["age"])


def test_postgres_runs_with_jit_off_and_gives_the_session_back(pg):
    """Dialect.run_settings: jit off from a run's first statement to its end (our TEMP tables have
    no statistics, so JIT would compile every statement), the caller's value back afterwards; a run
    refused before any SQL sets nothing. (benchmarks/postgres_jit.py measures what it buys.)"""
    t = pg.load(FIXTURES / "mondrian" / "adult_2k.csv")
    src = pg.source()
    pg.run("SET jit = on")
    jit = "SELECT current_setting('jit')"
    _, seen, _, _ = settings_in_and_after_a_run(src, jit, lambda: pr.kanon(src, t, ["age", "sex"], "race"))
    assert seen == {("off",)}
    assert pg.fetch("SHOW jit")[0][0] == "on"

    pg.run("SET jit = off")  # already the run's value: left as it is, and still off afterwards
    pr.cavg(src, t, ["age"], 2)
    assert pg.fetch("SHOW jit")[0][0] == "off"

    pg.run("SET jit = on")
    before = src.statements

    def refused() -> None:
        with pytest.raises(pr.InvalidInputError, match="no_such_column"):
            pr.kanon(src, t, ["no_such_column"])

    _, seen, _, _ = settings_in_and_after_a_run(src, jit, refused)
    assert src.statements == before and seen == set()
    assert pg.fetch("SHOW jit")[0][0] == "on"


def test_a_postgres_session_with_old_string_and_float_settings_gets_the_same_results(pg):
    """A caller's session with standard_conforming_strings = off stopped a run whose SQL held a
    backslash ('m\\' ended no string: "unterminated quoted string at or near"), and one with
    extra_float_digits = 0 got its figures and Mondrian's labels cut to 15 digits. Text holding
    a backslash is written E'...' now (Dialect.escape_string_prefix), floats are read in full for
    the run (Dialect.run_settings), and the caller's settings are theirs again afterwards."""
    from privrisk_sql.sql.render import sql_literal

    values = ["m\\", "a\\b", "it's", "\\'", "x\\n", "\\\\", "h'", "plain"]
    for off in ("on", "off"):
        pg.run(f"SET standard_conforming_strings = {off}")
        for value in values:
            assert pg.fetch(f"SELECT {sql_literal(value, pg.dialect)}")[0][0] == value, (off, value)
    pg.run("SET standard_conforming_strings = on")

    cols = [("id", TypeClass.INTEGER), ("qa", TypeClass.INTEGER), ("qb", TypeClass.TEXT)]
    cols += [("st", TypeClass.TEXT), ("x", TypeClass.FLOAT)]
    rows = [(i, i % 5, values[i % 5], values[i % 3], (i * 7919 % 101) / 7.0) for i in range(60)]
    pg.create("old_settings", cols, rows)
    order = {"st": values[:3]}
    src = pg.source()

    def figures(*settings):
        for setting in settings:
            pg.run(setting)
        k = pr.kanon(src, "old_settings", ["qa", "qb"], sensitive=["st", "x"], order=order)
        pr.mondrian(src, "old_settings", ["qa", "qb", "x"], 2, "old_settings_out", replace=True, keep=["id", "st"])
        failures = pr.t_closeness_failures(src, "old_settings", ["qa"], "st", 0.0, order=order["st"])
        now = pg.fetch("SELECT current_setting('standard_conforming_strings'), current_setting('extra_float_digits')")
        pg.run("SET standard_conforming_strings = on")
        pg.run("SET extra_float_digits = 1")  # the output read here in full
        return k, pg.fetch("SELECT * FROM old_settings_out ORDER BY id"), failures.to_dict("records"), now

    pg.created.append("old_settings_out")
    want = figures()
    assert any("0.142857142857142" in repr(r) for r in want[1])  # a label of 1/7 with every digit
    got = figures("SET standard_conforming_strings = off", "SET extra_float_digits = 0")
    assert got[:3] == want[:3]
    assert got[3] == [("off", "0")]  # the caller's settings, theirs again after each run


def _setting_per_statement(pg, src, name: str) -> dict[str, str]:
    """The value of session setting ``name`` as each of ``src``'s statements ran (filled as they
    run; the run's own reads and writes of settings left out)."""
    seen: dict[str, str] = {}

    def on_timing(sql, seconds):
        if "current_setting(" not in sql and "set_config(" not in sql:
            seen[sql] = pg.fetch(f"SELECT current_setting('{name}')")[0][0]

    src.on_timing = on_timing
    return seen


def test_postgres_mondrian_output_joins_with_merge_joins_off_and_only_there(pg):
    """Dialect.output_join_settings: strict Mondrian's output statement alone runs with
    enable_mergejoin off (PostgreSQL prices the six-key hash join from one key and picks merge
    joins whose sorts spill); every other statement, relaxed mode's output (a hash join on a row
    key already) and the session afterwards keep the caller's value."""
    t = pg.load(FIXTURES / "mondrian" / "adult_2k.csv")
    src = pg.source()
    pg.run("SET enable_mergejoin = on")
    seen = _setting_per_statement(pg, src, "enable_mergejoin")
    out = f"anon_{uuid.uuid4().hex[:12]}"
    pg.created.append(out)  # dropped at the end: it stayed on the server after every run
    for relaxed in (False, True):
        seen.clear()
        mondrian_keeping_all(src, t, ["age", "sex", "race"], 10, out, relaxed=relaxed, replace=True)
        off = [sql.split("\n")[0] for sql, value in seen.items() if value == "off"]
        if relaxed:
            assert off == [] and len(seen) > 20
        else:
            assert len(off) == 1 and off[0].startswith("CREATE TABLE") and off[0].endswith('_staging" AS')
        assert pg.fetch("SHOW enable_mergejoin")[0][0] == "on"


def test_postgres_mondrian_works_with_nested_loops_off_and_writes_its_output_with_the_callers(pg):
    """Dialect.work_join_settings: Mondrian's levels, quality and labels run with enable_nestloop
    off (no statistics on TEMP tables: nested loops over misjudged work tables took minutes,
    docs/decisions/postgres-nested-loops-off-in-mondrian-work.md); the output statement and the
    session afterwards keep the caller's value."""
    t = pg.load(FIXTURES / "mondrian" / "adult_2k.csv")
    src = pg.source()
    pg.run("SET enable_nestloop = on")
    seen = _setting_per_statement(pg, src, "enable_nestloop")
    out = f"anon_{uuid.uuid4().hex[:12]}"
    pg.created.append(out)
    for relaxed in (False, True):
        seen.clear()
        mondrian_keeping_all(src, t, ["age", "sex", "race"], 10, out, relaxed=relaxed, replace=True)
        off = [sql for sql, value in seen.items() if value == "off"]
        assert any("_parts" in sql for sql in off) and any("_labels" in sql for sql in off), off
        assert [value for sql, value in seen.items() if sql.split("\n")[0].endswith('_staging" AS')] == ["on"]
        assert pg.fetch("SHOW enable_nestloop")[0][0] == "on"


def test_settings_come_back_when_a_statement_fails(pg):
    src = pg.source()
    pg.run("SET enable_mergejoin = on")
    with pytest.raises(pr.QueryError):
        with src.guarded():
            with src.settings([("enable_mergejoin", "off"), ("no_such.setting_here", "x")]):
                assert src.fetch("SHOW enable_mergejoin") == [("off",)]
                src.execute("SELECT * FROM no_such_table_anywhere")
    assert pg.fetch("SHOW enable_mergejoin")[0][0] == "on"


@pytest.mark.parametrize("form", ["{p}", "duckdb:///{p}", "sqlite:///{p}"])
def test_a_missing_database_file_is_refused_unless_create(tmp_path, form):
    """pr.connect('duckdb:///warehouse.duckdb') on a missing file made an empty database and then
    failed with 'table not found'; the CLI refused the same thing. One rule: create=True creates."""
    path = tmp_path / "warehouse.db"
    with pytest.raises(pr.InvalidInputError, match="database file not found: .*warehouse.db.*create=True"):
        pr.connect(form.format(p=path))
    assert not path.exists()
    pr.connect(form.format(p=path), create=True).close()
    assert path.exists()
    pr.connect(form.format(p=path)).close()  # now it exists


def test_mondrian_into_a_throwaway_database_is_refused():
    """mondrian_keeping_all(None, df, ...) wrote its output into an in-memory DuckDB closed at the end of the
    call: the output was lost without a word."""
    import pandas as pd

    df = pd.DataFrame({"age": [20, 21, 22, 23] * 5})
    with pytest.raises(pr.InvalidInputError, match="would lose it"):
        mondrian_keeping_all(None, df, ["age"], 2, "out")
    # No output named at all is said first: it was "writes its output table None inside the database".
    for output in (None, "", 5):
        with pytest.raises(pr.InvalidInputError, match=f"output must be a table name, got {output!r}"):
            pr.mondrian(None, df, ["age"], 2, output)


def test_a_csv_keeps_its_yes_no_spellings(tmp_path):
    """DuckDB's sniffer reads yes/no as BOOLEAN: value_combo showed true/false and Mondrian's
    labels read 'false~true' where the file (and PETsARD's pandas) say "yes"/"no". Such a column
    is text now; true/false spellings stay BOOLEAN, as pandas reads them."""
    ori = tmp_path / "ori.csv"
    ori.write_text("smoker,age\nyes,30\nno,30\nno,31\nno,31\n")
    syn = tmp_path / "syn.csv"
    syn.write_text("smoker,age\nyes,30\nno,30\nno,31\n")  # the 'yes' row is singled out by smoker alone
    src = pr.connect(None)
    assert src.relation(str(ori)).column("smoker").sql_type == "VARCHAR"
    details = pr.mpuccs(src, str(ori), str(syn), columns=["smoker", "age"]).to_dict()["details"]
    assert {"field_combo": ["smoker"], "value_combo": ["yes"]}.items() <= details[0].items()
    assert not {True, False} & {v for d in details for v in d["value_combo"] if isinstance(v, bool)}
    db = tmp_path / "m.duckdb"
    m = pr.connect(str(db), create=True)
    mondrian_keeping_all(m, str(ori), ["smoker"], 2, "anon")
    labels = {r[0] for r in m.fetch('SELECT "smoker_gen" FROM "anon"')}
    m.close()
    assert labels <= {"yes", "no", '["no","yes"]'} and labels, labels  # a category: the set of its values
    tf = tmp_path / "tf.csv"
    tf.write_text("flag,age\nTrue,1\nFalse,2\n")
    assert pr.connect(None).relation(str(tf)).column("flag").sql_type == "BOOLEAN"


def late_values_csv(tmp_path, late: str, gz: bool = False) -> str:
    """40,000 rows of whole numbers `a` (90 values) and `b` (7), the value ``late`` of `a` past
    DuckDB's sniffer sample (its first 20,480 rows), then ten rows more (gzipped: a file of few
    bytes, none of them a line break)."""
    import gzip

    rows = [f"{i % 90},{i % 7}\n" for i in range(40_000)]
    text = "a,b\n" + "".join(rows) + f"{late},1\n" + "".join(rows[:10])
    path = tmp_path / ("late.csv.gz" if gz else "late.csv")
    path.write_bytes(gzip.compress(text.encode(), mtime=0) if gz else text.encode())
    return str(path)


@pytest.mark.parametrize(
    "late, sql_type",
    [("1.5", "DOUBLE"), ("2e-1", "DOUBLE"), ("99999999999999999999", "HUGEINT"), ("", "BIGINT"), ("007", "BIGINT")],
)
def test_a_csv_column_has_the_type_of_all_its_rows(tmp_path, late, sql_type):
    """Whole numbers for the sniffer's 20,480 rows, then 1.5: DuckDB read the column as BIGINT
    and cast 1.5 to 2, so the one row of 1.5 joined the class of 2: k = 63 reported where that
    row is unique (k = 1). Now the column is read as what all its rows hold, as pandas reads it
    (the oracle here); a whole number too large for BIGINT was refused mid-run, now HUGEINT."""
    import pandas as pd

    path = late_values_csv(tmp_path, late)
    assert pr.connect(None).relation(path).column("a").sql_type == sql_type
    oracle = pd.read_csv(path, dtype={"a": object}).fillna({"a": ""})  # the file's own spellings
    oracle["a"] = [float(v) if v else None for v in oracle["a"]]
    k = int(oracle.groupby(["a", "b"], dropna=False).size().min())
    assert pr.kanon(None, path, ["a", "b"])["k_anonymity"] == k
    assert (k == 1) == (late != "007")  # 007 is the 7 of other rows; every other late row is alone


def test_a_gzipped_csv_column_has_the_type_of_all_its_rows(tmp_path):
    path = late_values_csv(tmp_path, "1.5", gz=True)
    assert pr.connect(None).relation(path).column("a").sql_type == "DOUBLE"
    assert pr.kanon(None, path, ["a", "b"])["k_anonymity"] == 1


@pytest.mark.parametrize(
    "values, late",
    [
        ([f"{i % 90}" for i in range(30_000)], "unknown"),  # sniffed BIGINT
        ([f"{i % 90}.5" for i in range(30_000)], "n/a"),  # DOUBLE
        ([f"2020-{i % 12 + 1:02d}-{i % 28 + 1:02d}" for i in range(30_000)], "2020-13-45"),  # DATE
        ([f"2020-01-{i % 28 + 1:02d} 10:{i % 60:02d}:00" for i in range(30_000)], "soon"),  # TIMESTAMP
    ],
)
def test_a_later_value_no_number_or_date_makes_its_column_text(tmp_path, capsys, values, late):
    """A column whose first 20,480 rows (DuckDB's sniffer's sample) are numbers or dates and a
    later value that is none (`unknown`) was refused on DuckDB (exit 2) where Spark read the file
    (its type inferred from every row: text). Read as text, as Spark reads it; the oracle is
    pandas reading the file's own spellings."""
    import pandas as pd

    from privrisk_sql.cli import main

    path = tmp_path / "late.csv"
    path.write_text("a,b\n" + "".join(f"{v},{i % 7}\n" for i, v in enumerate(values)) + f"{late},1\n")
    assert pr.connect(None).relation(str(path)).column("a").sql_type == "VARCHAR"
    oracle = pd.read_csv(path, dtype=str, keep_default_na=False).groupby(["a", "b"]).size()
    got = pr.kanon(None, str(path), ["a", "b"])
    assert (got["k_anonymity"], got["n_classes"]) == (int(oracle.min()), len(oracle)) and oracle.min() == 1
    assert main(["kanon", "--table", str(path), "--qids", "a,b", "--quiet"]) == 0
    assert capsys.readouterr().out == ""  # DuckDB's own progress bar stays off while every row is sniffed


def test_a_file_shadowing_a_table_is_named_and_either_can_be_read(tmp_path, monkeypatch, recwarn):
    """A table named people.csv was silently shadowed by a file of that name in the working folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "people.csv").write_text("a\n1\n2\n3\n")
    db = tmp_path / "w.duckdb"
    con = duckdb.connect(str(db))
    con.execute('CREATE TABLE "people.csv" AS SELECT range AS a FROM range(10)')
    con.close()
    src = pr.connect(str(db))
    assert pr.cavg(src, "people.csv", ["a"], 1).n_rows == 3  # the file
    assert any("both a file and a table" in str(w.message) for w in recwarn)
    assert pr.cavg(src, '"people.csv"', ["a"], 1).n_rows == 10  # the table, as the warning says
    src.close()


@pytest.mark.parametrize("read_only", [False, True])
def test_a_path_with_glob_characters_is_that_file(tmp_path, read_only):
    """p[1].csv was read as the glob p[1].csv, which matches p1.csv: the neighbour was measured
    (issue 41, defect 3). A path that names a file is that file, whatever characters it holds."""
    for name, rows in [
        ("p[1].csv", 3),
        ("p1.csv", 5),
        ("a*b.csv", 4),
        ("axxb.csv", 6),
        ("q?.csv", 2),
        ("qz.csv", 7),
        ("r[!x].parquet", 3),
        ("rq.parquet", 8),
    ]:
        path = tmp_path / name
        writer = "(FORMAT parquet)" if name.endswith(".parquet") else "(HEADER)"
        with duckdb.connect() as con:
            con.execute(f"COPY (SELECT i AS a, i % 2 AS b FROM range({rows}) t(i)) TO ? {writer}", [str(path)])
    for name, rows in [("p[1].csv", 3), ("a*b.csv", 4), ("q?.csv", 2), ("r[!x].parquet", 3)]:
        path = str(tmp_path / name)
        src = pr.Source(None, read_only=read_only, files=[path])
        assert pr.cavg(src, path, ["b"], 1).n_rows == rows, name


def test_rows_that_disagree_with_the_header_are_bad_input(tmp_path):
    """100 three-field rows then 4 four-field rows: DuckDB's sniffer took the 4-field shape, skipped
    the header and the first 100 rows, and mpUCCs reported 4 records (issue 41, defect 4)."""
    from privrisk_sql.cli import main

    path = tmp_path / "ragged.csv"
    lines = ["a,b,c"] + [f"{i},{i % 3},x" for i in range(100)] + [f"{i},1,2,3" for i in range(4)]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(pr.InvalidInputError, match=r"line 102 has 4 fields where the first line has 3"):
        pr.kanon(None, str(path), ["a"])
    assert main(["mpuccs", "--ori", str(path), "--syn", str(path)]) == 2


def test_duckdb_url_settings_bound_what_duckdb_takes(tmp_path, capsys):
    """`--db 'duckdb:///w.duckdb?memory_limit=300MB&threads=1'`: DuckDB's settings for the
    connection (its default memory limit is 80 % of RAM: benchmarks/wide_1m_memory.py). Before:
    the query string was taken as part of the file name. A misspelled or bad setting is exit 2
    naming it, and no file named after the URL is left."""
    from privrisk_sql.cli import main

    db = tmp_path / "w.duckdb"
    url = f"duckdb:///{db}?memory_limit=300MB&threads=1"
    with pr.connect(url, create=True) as src:
        assert src.fetch("SELECT current_setting('memory_limit'), current_setting('threads')") == [("286.1 MiB", 1)]
    assert db.is_file()
    adult = str(FIXTURES / "adult" / "ori.csv")
    assert main(["kanon", "--db", url, "--table", adult, "--qids", "age,sex", "--quiet"]) == 0
    for bad, named in (
        ("memroy_limit=1GB", "memroy_limit"),
        ("memory_limit=lots", "Memory must have a number"),
        ("memory_limit", "name=value pairs"),
        ("threads=0", "at least 1 thread"),  # DuckDB's "Syntax Error": exit 3, "database error", before
    ):
        assert main(["kanon", "--db", f"duckdb:///{db}?{bad}", "--table", adult, "--qids", "age"]) == 2
        err = capsys.readouterr().err
        assert named in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.duckdb"]


@pytest.mark.parametrize(
    "url", ["duckdb://?{s}", "duckdb:///?{s}", "duckdb:///:memory:?{s}", "duckdb://", "duckdb:///:memory:", ":memory:"]
)
def test_an_in_memory_duckdb_url_takes_settings_and_keeps_no_output(tmp_path, monkeypatch, capsys, url):
    """In memory, as for a file: `--db 'duckdb://?memory_limit=300MB'`. Before: `duckdb://?...`
    went to SQLAlchemy's duckdb dialect, an AttributeError traceback (exit 1); `duckdb:///:memory:?...`
    was "database file not found: ':memory:'"; `duckdb:///?...` "'' is a directory". And
    `mondrian --db :memory: --output t` (or `risk --records t`) wrote the table into a database
    gone at exit, said "-> table t" and exited 0: refused now, as without --db."""
    from privrisk_sql.cli import main

    monkeypatch.chdir(tmp_path)
    url = url.format(s="memory_limit=300MB&threads=1")
    with pr.connect(url) as src:
        if "?" in url:
            settings = src.fetch("SELECT current_setting('memory_limit'), current_setting('threads')")
            assert settings == [("286.1 MiB", 1)]
        assert src.fetch("SELECT database_name FROM duckdb_databases() WHERE NOT internal") == [("memory",)]
    table = str(FIXTURES / "mondrian" / "adult_2k.csv")
    assert main(["kanon", "--db", url, "--table", table, "--qids", "age,sex", "--quiet"]) == 0
    capsys.readouterr()
    for writes in (
        ["mondrian", "--qids", "age", "--k", "5", "--output", "o", "--keep", "*"],
        ["risk", "--qids", "age", "--records", "r", "--key", "id"],
    ):
        assert main([*writes, "--db", url, "--table", table, "--quiet"]) == 2
        err = capsys.readouterr().err
        assert "in-memory DuckDB would lose" in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []  # no file named after the URL


def test_a_duckdb_url_from_the_home_folder_names_the_file_there(tmp_path, monkeypatch, capsys):
    """`--db 'duckdb:///~/w.duckdb'`: DuckDB opened ~/w.duckdb, our checks looked for a file
    called '~/w.duckdb' here. mondrian made the file in the home folder, then `kanon` on it was
    "database file not found: '~/w.duckdb'" (exit 2), `--read-only` alike, and the kill -9 watch
    watched no file."""
    from privrisk_sql.cli import main

    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir(), work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(work)
    url = "duckdb:///~/w.duckdb?threads=1"
    table = str(FIXTURES / "mondrian" / "adult_2k.csv")
    made = ["mondrian", "--db", url, "--table", table, "--qids", "age", "--k", "5", "--output", "o", "--keep", "*"]
    assert main([*made, "--quiet"]) == 0
    assert [p.name for p in home.iterdir()] == ["w.duckdb"]
    for extra in ([], ["--read-only"]):
        assert main(["kanon", "--db", url, "--table", "o", "--qids", "age_gen", "--quiet", *extra]) == 0, (
            capsys.readouterr()
        )
    with pr.connect(url) as src:
        assert src.database_files()[0] == str(home / "w.duckdb")
    assert list(work.iterdir()) == []


@pytest.mark.parametrize("db", ["nodir/w.duckdb", "duckdb:///nodir/w.duckdb", "sqlite:///nodir/w.db"])
def test_a_new_database_file_in_a_folder_that_does_not_exist_is_bad_input(tmp_path, monkeypatch, capsys, db):
    """`mondrian --db nodir/w.duckdb` was exit 3, "database error: ... IO Error: Cannot open file"
    (SQLite: "unable to open database file"), where `--records nodir/r.parquet` is exit 2 naming
    the folder."""
    from privrisk_sql.cli import main

    monkeypatch.chdir(tmp_path)
    table = str(FIXTURES / "mondrian" / "adult_2k.csv")
    args = ["mondrian", "--db", db, "--table", table, "--qids", "age", "--k", "5", "--output", "o", "--keep", "*"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"folder {str(tmp_path / 'nodir')!r} does not exist" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(pr.InvalidInputError, match="does not exist"):
        pr.connect(db, create=True)
    assert list(tmp_path.iterdir()) == []


def test_a_duckdb_url_with_two_slashes_before_a_file_name_says_how_to_spell_it(tmp_path, capsys):
    """`duckdb://w.duckdb` (SQLAlchemy's host place) went to SQLAlchemy's duckdb dialect: a
    TypeError traceback from duckdb.connect (exit 1)."""
    from privrisk_sql.cli import main

    adult = str(FIXTURES / "adult" / "ori.csv")
    assert main(["kanon", "--db", "duckdb://w.duckdb", "--table", adult, "--qids", "age"]) == 2
    err = capsys.readouterr().err
    assert "duckdb:///w.duckdb" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(pr.InvalidInputError, match="three slashes"):
        pr.connect("duckdb://w.duckdb?threads=1")


def test_a_closed_source_is_named_as_closed(duck):
    # A closed Source's first statement failed on its closed connection, and the error blamed the
    # input ("table must be a table name ... got DataFrame").
    import pandas as pd

    src = duck.source()
    src.close()
    src.close()  # twice is harmless
    with pytest.raises(pr.InvalidInputError, match="this Source is closed"):
        pr.kanon(src, pd.DataFrame({"a": [1, 1, 2]}), ["a"])
    # Its own public methods raised the driver's error ("Connection already closed!") or, for
    # table_exists, answered as if it could look.
    calls = {
        "fetch": lambda: src.fetch("SELECT 1"),
        "fetch_records": lambda: src.fetch_records("SELECT 1 AS a"),
        "execute": lambda: src.execute("SELECT 1"),
        "relation": lambda: src.relation("t"),
        "table_exists": lambda: src.table_exists("t"),
        "staging_tables": lambda: src.staging_tables(),
    }
    for name, call in calls.items():
        with pytest.raises(pr.InvalidInputError, match="this Source is closed: open another"):
            call()
            pytest.fail(name)


@pytest.mark.parametrize("read_only", [False, True])
def test_a_file_has_its_own_columns_whatever_folder_it_is_in(tmp_path, read_only):
    """DuckDB read a `name=value` folder in a file's path as a Hive partition: a CSV or Parquet
    file under `year=2024/` gained a column `year` it does not hold. A QID `year` was measured
    (one class of every row) and mpUCCs over all columns evaluated a column of the folder's name.
    A file is read with its own columns only."""
    folder = tmp_path / "year=2024" / "sex=F"
    folder.mkdir(parents=True)
    csv, parquet = folder / "people.csv", folder / "people.parquet"
    csv.write_text("age,zip\n30,1\n30,1\n41,2\n")
    with duckdb.connect() as con:
        con.execute(
            "COPY (SELECT * FROM read_csv(?, hive_partitioning = false)) TO ? (FORMAT parquet)",
            [str(csv), str(parquet)],
        )
    for path in (str(csv), str(parquet)):
        src = pr.Source(None, read_only=read_only, files=[path])
        assert [c.name for c in src.relation(path).columns] == ["age", "zip"], path
        with pytest.raises(pr.InvalidInputError, match="column 'year' not found"):
            pr.kanon(src, path, ["year"])
        src.close()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # each column has a value of its own in every row: a likely identifier
        r = pr.mpuccs(None, str(csv), str(parquet))
    assert {c for combo in r.tree["field_combo"] for c in combo} == {"age", "zip"}


@pytest.mark.parametrize("form", ["{p}", "duckdb:///{p}", "sqlite:///{p}"])
def test_a_python_run_that_writes_creates_its_database_as_the_cli_does(tmp_path, form):
    """`privrisk-sql mondrian --db new.duckdb` creates the file; `pr.mondrian('new.duckdb', ...)`
    refused it as "database file not found (only a command that writes a table creates one:
    mondrian, ...)". A run that writes now creates it; one that fails before its output exists
    leaves no file behind (as the CLI); a run that only reads still refuses a missing file.
    (SQLite reads no files: there only the failed run and the refusal.)"""
    table = "adult" if form.startswith("sqlite") else str(FIXTURES / "adult" / "ori.csv")
    with pytest.raises(pr.InvalidInputError, match="not found"):
        pr.mondrian(form.format(p=tmp_path / "failed.db"), table, ["nope"], 5, "anon")
    assert sorted(tmp_path.iterdir()) == []
    with pytest.raises(pr.InvalidInputError, match="database file not found"):
        pr.kanon(form.format(p=tmp_path / "missing.db"), "t", ["a"])
    assert sorted(tmp_path.iterdir()) == []
    if form.startswith("sqlite"):
        return
    target = form.format(p=tmp_path / "new.db")
    r = pr.mondrian(target, table, ["age", "sex"], 5, "anon", keep=["race"], identifiers=["fnlwgt"])
    assert (tmp_path / "new.db").exists() and r.partitions > 1
    with pr.connect(target) as src:
        assert src.fetch("SELECT COUNT(*) FROM anon") == [(32561,)]
    risk_db = form.format(p=tmp_path / "risk.db")
    pr.risk(risk_db, table, ["age", "sex", "race"], classes="risky")
    with pr.connect(risk_db) as src:
        assert src.fetch("SELECT COUNT(*) FROM risky")[0][0] > 0


@pytest.mark.parametrize("second_fails", [False, True], ids=["second-finishes", "second-fails-too"])
def test_a_run_that_fails_leaves_a_database_it_created_to_a_run_still_writing_there(tmp_path, second_fails):
    """Two runs of one process (a notebook's threads) writing into one new DuckDB file: the run
    that created the file failed while the other still wrote there, and removed the file; the
    other run then returned as done, its output in a file that no longer was. The file goes only
    with the last run of the process to use it, and only with none of their outputs in it."""
    import threading

    path = str(tmp_path / "shared.duckdb")
    frame = pd.DataFrame({"sex": ["M", "F"] * 500, "n": range(1000)})
    second_works, first_failed = threading.Event(), threading.Event()
    said: dict[str, object] = {}

    def first_progress(*_):  # the creator fails once the second run is at work in its file
        threading.Thread(target=second).start()
        assert second_works.wait(60)
        raise RuntimeError("the first run stops")

    def second_progress(*_):
        second_works.set()
        assert first_failed.wait(60)
        if second_fails:
            raise RuntimeError("the second run stops too")

    def second():
        try:
            said["second"] = pr.mondrian(path, frame, ["sex"], 2, "second_out", keep=["n"], progress=second_progress)
        except Exception as e:  # said, for the assertion below
            said["second"] = e

    with pytest.raises(RuntimeError, match="the first run stops"):
        try:
            pr.mondrian(path, frame, ["sex"], 2, "first_out", keep=["n"], progress=first_progress)
        finally:
            first_failed.set()
    for _ in range(600):
        if "second" in said:
            break
        threading.Event().wait(0.1)
    if second_fails:  # the last run of the two, and nothing written: the file goes
        assert isinstance(said.get("second"), RuntimeError), said
        assert sorted(tmp_path.iterdir()) == []
        return
    assert isinstance(said.get("second"), pr.MondrianResult), said
    assert (tmp_path / "shared.duckdb").exists()
    with pr.connect(path) as src:
        assert src.fetch("SELECT COUNT(*) FROM second_out") == [(1000,)]
        assert not src.table_exists("first_out")


@pytest.mark.parametrize("form", ["{p}", "duckdb:///{p}", "sqlite:///{p}"])
def test_a_new_database_path_holding_a_nul_is_refused_by_a_run_that_writes(tmp_path, form):
    """The file claim of a writing run (source/file_claims.py) asked realpath() of the path
    first: ValueError, a traceback, where the Source names the NUL."""
    with pytest.raises(pr.InvalidInputError, match="a path cannot hold a NUL character"):
        pr.mondrian(form.format(p=tmp_path / "a\x00b.duckdb"), "t", ["sex"], 2, "out", keep=["age"])
    assert list(tmp_path.iterdir()) == []


def test_sqlite_declared_types_of_its_documentation_have_their_class(tmp_path):
    """The declared types SQLite's documentation gives as examples of its affinities (section
    3.1.1 of "Datatypes In SQLite") read as the class SQLite stores them by (SQLAlchemy's reading
    resolves them by SQLite's affinity rules first: UNSIGNED BIG INT is an INTEGER)."""
    import sqlite3

    from privrisk_sql.sql.types import TypeClass as T

    declared = {
        "INT": T.INTEGER, "INTEGER": T.INTEGER, "TINYINT": T.INTEGER, "SMALLINT": T.INTEGER,
        "MEDIUMINT": T.INTEGER, "BIGINT": T.INTEGER, "UNSIGNED BIG INT": T.INTEGER, "INT2": T.INTEGER,
        "INT8": T.INTEGER, "CHARACTER(20)": T.TEXT, "VARCHAR(255)": T.TEXT, "VARYING CHARACTER(255)": T.TEXT,
        "NCHAR(55)": T.TEXT, "NATIVE CHARACTER(70)": T.TEXT, "NVARCHAR(100)": T.TEXT, "TEXT": T.TEXT,
        "CLOB": T.TEXT, "BLOB": T.UNSUPPORTED, "REAL": T.FLOAT, "DOUBLE": T.FLOAT, "DOUBLE PRECISION": T.FLOAT,
        "FLOAT": T.FLOAT, "NUMERIC": T.FLOAT, "DECIMAL(10,5)": T.FLOAT, "BOOLEAN": T.BOOLEAN, "DATE": T.DATE,
        "DATETIME": T.TIMESTAMP,
    }  # fmt: skip
    path = tmp_path / "types.sqlite"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (" + ", ".join(f'"c{i}" {d}' for i, d in enumerate(declared)) + ")")
    columns = pr.connect(f"sqlite:///{path}").relation("t").columns
    assert {d: c.type_class for d, c in zip(declared, columns)} == declared


def test_sqlite_columns_declared_without_a_type_have_the_class_of_their_values(tmp_path):
    """A view's expression (`age / 10 * 10 AS band`, even `CAST(w AS REAL)`) and a CREATE TABLE AS
    of one have no declared type in SQLite, which was read as text: Mondrian on such a column of
    numbers stopped with "79 row(s) did not match any of its distinct values compared as text"
    (its rank map held '20', the rows 20), and risk --weight refused one as not numeric, with
    a cast in a view as the way out, which made another such column. The values decide now."""
    import sqlite3

    from privrisk_sql.sql.types import TypeClass as T

    path = tmp_path / "typeless.sqlite"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (id INTEGER, age INTEGER, w TEXT, sex TEXT)")
        con.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", [(i, 20 + i % 40, "2.5", "MF"[i % 2]) for i in range(200)])
        con.execute(
            "CREATE VIEW v AS SELECT id, age / 10 * 10 AS band, CAST(w AS REAL) AS wr, age + 0.5 AS half, "
            "sex || '' AS sex2, CASE WHEN id % 2 = 0 THEN 1 ELSE 'x' END AS mixed, NULL AS empty, "
            "CAST(sex AS BLOB) AS bytes FROM t"
        )
        con.execute("CREATE TABLE c AS SELECT * FROM v")
    with pr.connect(f"sqlite:///{path}") as src:
        for name in ("v", "c"):
            classes = {col.name: col.type_class for col in src.relation(name).columns}
            assert classes == {
                "id": T.INTEGER, "band": T.FLOAT, "wr": T.FLOAT, "half": T.FLOAT, "sex2": T.TEXT,
                "mixed": T.TEXT, "empty": T.TEXT, "bytes": T.UNSUPPORTED,
            }, name  # fmt: skip
            r = pr.mondrian(src, name, ["band", "sex2"], 10, f"out_{name}", keep=["id"])
            bands = src.fetch_records(f'SELECT DISTINCT band_lo AS lo, band_hi AS hi FROM "out_{name}"')
            assert r.partitions > 1 and all(isinstance(b["lo"], int) for b in bands)
            assert pr.risk(src, name, ["band", "sex2"], weight="wr").individual is not None


def test_a_typeless_sqlite_columns_type_is_named_as_our_reading(tmp_path):
    """Messages named such a column's type as if declared: "column 'w' of 't' is REAL but holds
    1 value(s) that are not numbers" (REAL was read from its first rows), and "hierarchy
    interval:5 given for 'empty', but it is NULL" (SQLite's catalog spells no type NULL)."""
    import sqlite3

    path = tmp_path / "typeless.sqlite"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (id INTEGER, age INTEGER, w)")
        rows = [(i, 20 + i % 40, 1.5) for i in range(10_050)] + [(10_050, 30, "heavy")]
        con.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
        con.execute("CREATE VIEW v AS SELECT id, age, NULL AS empty FROM t")
    with pr.connect(f"sqlite:///{path}") as src:
        with pytest.raises(pr.InvalidInputError) as e:
            pr.risk(src, "t", ["age"], weight="w")
        assert "'w' of 't' is REAL by its first 10,000 values (declared without a type) but holds 1 " in str(e.value)
        with pytest.raises(pr.InvalidInputError) as e:
            pr.mondrian(src, "v", ["age", "empty"], 5, "o", hierarchies={"empty": "interval:5"})
        assert "but it is declared without a type: that builder is for numbers" in str(e.value)


def test_a_view_whose_table_is_gone_is_named(tmp_path, capsys):
    """SQLite lets a view's table be dropped: reading the view's columns was SQLAlchemy's
    OperationalError, a traceback (exit 1), where DuckDB says "cannot read 'v': ..." (exit 2)."""
    import sqlite3

    from privrisk_sql.cli import main

    path = tmp_path / "broken.sqlite"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (a INTEGER, b INTEGER)")
        con.execute("CREATE VIEW v AS SELECT a + 1 AS x, b FROM t")
        con.execute("DROP TABLE t")
    assert main(["kanon", "--db", f"sqlite:///{path}", "--table", "v", "--qids", "x,b"]) == 2
    err = capsys.readouterr().err
    assert err == "privrisk-sql: error: cannot read 'v': no such table: main.t\n"


def test_postgres_materialized_views_are_read_and_never_replaced(pg):
    """A materialized view, a warehouse's usual summary table, was "table not found": SQLAlchemy
    lists those apart from views. It is read as a view is, an output never replaces one, and an
    output over the table it is built from is refused as reaching the input."""
    import uuid

    base, mv = f"base_{uuid.uuid4().hex[:12]}", f"mv_{uuid.uuid4().hex[:12]}"
    pg.run(f"CREATE TABLE {base} AS SELECT i AS id, i % 7 AS a, (i % 3)::text AS b FROM generate_series(1, 60) i")
    pg.run(f"CREATE MATERIALIZED VIEW {mv} AS SELECT * FROM {base}")
    try:
        assert pr.kanon(pg.source(), mv, ["a", "b"]) == pr.kanon(pg.source(), base, ["a", "b"])
        with pytest.raises(
            pr.InvalidInputError, match=f"output '{mv}' is a materialized view; .* drop the materialized"
        ):
            mondrian_keeping_all(pg.source(), base, ["a", "b"], 5, mv, replace=True)
        with pytest.raises(pr.InvalidInputError, match=f"output '{base}' is read by the input: {mv} -> {base}"):
            mondrian_keeping_all(pg.source(), mv, ["a", "b"], 5, base, replace=True)
        assert pg.fetch(f"SELECT COUNT(*) FROM {base}")[0][0] == 60
    finally:
        pg.run(f"DROP MATERIALIZED VIEW IF EXISTS {mv}")
        pg.run(f"DROP TABLE IF EXISTS {base}")


def test_sqlite_temporary_tables_and_views_are_found_by_their_plain_name(tmp_path):
    """A TEMP view (or table) in the caller's sqlite3 connection, named as SQLite reads it
    ("v", not "temp.v"), was "table not found": only main was looked in, where SQLite looks in
    temp first, then main, then attached databases. The output guard follows such a view too."""
    import sqlite3

    con = sqlite3.connect(tmp_path / "t.sqlite")
    con.execute("CREATE TABLE t (a INTEGER, b INTEGER)")
    con.executemany("INSERT INTO t VALUES (?, ?)", [(i % 3, i) for i in range(30)])
    con.execute("CREATE TEMP VIEW v AS SELECT * FROM t WHERE b < 20")
    con.execute("CREATE TEMP TABLE tt AS SELECT * FROM t WHERE b < 10")
    con.execute(f"ATTACH '{tmp_path / 'other.sqlite'}' AS other")
    con.execute("CREATE TABLE other.o AS SELECT * FROM t WHERE b < 15")
    con.commit()
    src = pr.Source(con)
    assert [pr.kanon(src, name, ["a"])["n_rows"] for name in ("v", "tt", "o", "t", "temp.v")] == [20, 10, 15, 30, 20]
    with pytest.raises(pr.InvalidInputError, match="output 't' is read by the input: v -> t"):
        mondrian_keeping_all(src, "v", ["a"], 2, "t", replace=True)
    assert con.execute("SELECT COUNT(*) FROM t").fetchone()[0] == 30
    con.close()


def test_postgres_finds_tables_as_its_search_path_does(pg):
    """A table in the second schema of search_path, or a TEMP table of the caller's session, named
    without its schema (as PostgreSQL's own SELECT reads it) was "table not found": only the
    current schema was looked in."""
    import uuid

    schema, t, tmp = f"s_{uuid.uuid4().hex[:10]}", f"t_{uuid.uuid4().hex[:10]}", f"tmp_{uuid.uuid4().hex[:10]}"
    pg.run(f"CREATE SCHEMA {schema}")
    try:
        pg.run(f"CREATE TABLE {schema}.{t} AS SELECT i % 3 AS a, i AS b FROM generate_series(1, 30) i")
        pg.run(f"CREATE TEMP TABLE {tmp} AS SELECT i % 3 AS a FROM generate_series(1, 12) i")
        (before,) = pg.fetch("SHOW search_path")[0]
        pg.run(f"SET search_path TO public, {schema}")
        try:
            assert pr.kanon(pg.source(), t, ["a"])["n_rows"] == 30
            assert pr.kanon(pg.source(), tmp, ["a"])["n_rows"] == 12
        finally:
            pg.run(f"SET search_path TO {before}")
        with pytest.raises(pr.InvalidInputError, match="table not found"):  # off the path: not looked for
            pr.kanon(pg.source(), t, ["a"])
    finally:
        pg.run(f"DROP TABLE IF EXISTS {tmp}")
        pg.run(f"DROP SCHEMA {schema} CASCADE")


def test_postgres_partitions_and_inheriting_tables_are_read_with_their_table(pg):
    """A PostgreSQL table reads its partitions (and inheriting tables): `--table part --output
    part_2 --replace`, part_2 one of part's partitions, exited 0 and took part_2's 200 rows out of
    the input table; replacing the partitioned table while a partition was the input dropped the
    input. Both are refused before any statement, at any depth and through a view, naming the
    chain; a sibling partition of the input is still the user's to replace."""
    import uuid

    t = f"part_{uuid.uuid4().hex[:10]}"
    p1, p2, p2a, pv, par, kid = (f"{t}_1", f"{t}_2", f"{t}_2a", f"{t}_v", f"{t}_par", f"{t}_kid")
    pg.run(f"CREATE TABLE {t} (id INT, g INT, s TEXT) PARTITION BY RANGE (id)")
    try:
        pg.run(f"CREATE TABLE {p1} PARTITION OF {t} FOR VALUES FROM (0) TO (100)")
        pg.run(f"CREATE TABLE {p2} PARTITION OF {t} FOR VALUES FROM (100) TO (1000) PARTITION BY RANGE (id)")
        pg.run(f"CREATE TABLE {p2a} PARTITION OF {p2} FOR VALUES FROM (100) TO (1000)")
        pg.run(f"INSERT INTO {t} SELECT i, i % 5, (ARRAY['a', 'b'])[1 + i % 2] FROM generate_series(0, 299) i")
        pg.run(f"CREATE VIEW {pv} AS SELECT * FROM {t}")
        pg.run(f"CREATE TABLE {par} (id INT, g INT, s TEXT)")
        pg.run(f"CREATE TABLE {kid} () INHERITS ({par})")
        pg.run(f"INSERT INTO {kid} SELECT i, i % 5, 'a' FROM generate_series(0, 99) i")
        refused = [
            (t, p2, f"output '{p2}' is read by the input: {t} -> {p2};"),
            (t, p2a, f"output '{p2a}' is read by the input: {t} -> {p2a};"),
            (pv, p2a, f"output '{p2a}' is read by the input: {pv} -> {t} -> {p2a};"),
            (par, kid, f"output '{kid}' is read by the input: {par} -> {kid};"),
            (p1, t, f"output '{t}' holds '{p1}' (a partition or an inheriting table), which the input reads: {p1};"),
            (p2a, t, f"output '{t}' holds '{p2a}' (a partition or an inheriting table), which the input reads"),
            (kid, par, f"output '{par}' holds '{kid}' (a partition or an inheriting table), which the input reads"),
        ]
        for table, output, message in refused:
            src = pg.source()
            with pytest.raises(pr.InvalidInputError, match=re.escape(message)):
                mondrian_keeping_all(src, table, ["g", "s"], 5, output, replace=True)
            assert src.statements == 0, (table, output)
        assert pg.fetch(f"SELECT COUNT(*) FROM {t}")[0][0] == 300
        assert pg.fetch(f"SELECT COUNT(*) FROM {par}")[0][0] == 100
        assert pr.kanon(pg.source(), t, ["g", "s"])["n_rows"] == 300
        assert mondrian_keeping_all(pg.source(), p1, ["g", "s"], 5, p2, replace=True).n_rows == 100  # a sibling
    finally:
        pg.run(f"DROP VIEW IF EXISTS {pv}")
        for name in (t, p2, par):
            pg.run(f"DROP TABLE IF EXISTS {name} CASCADE")


def test_postgres_foreign_tables_are_read_and_never_replaced(pg):
    """A foreign table (postgres_fdw, file_fdw: a warehouse's way to reach data kept elsewhere) was
    "table not found", SQLAlchemy listing those apart as well. It is read in place, and an output
    named like one is refused before work, naming what it is: DROP TABLE cannot drop it. (A
    postgres_fdw table over this very server, on loopback: file_fdw would need the server's user to
    read the test's files, which CI's does not.)"""
    import uuid

    import sqlalchemy as sa

    from backends import pg_url

    rows = FIXTURES / "mondrian" / "adult_2k.csv"
    url = sa.engine.make_url(pg_url())
    suffix = uuid.uuid4().hex[:12]
    base, server, ft = pg.load(rows), f"loop_{suffix}", f"ft_{suffix}"
    pg.run("CREATE EXTENSION IF NOT EXISTS postgres_fdw")
    pg.run(
        f"CREATE SERVER {server} FOREIGN DATA WRAPPER postgres_fdw "
        f"OPTIONS (host '127.0.0.1', port '{url.port}', dbname '{url.database}')"
    )
    pg.run(f"CREATE USER MAPPING FOR CURRENT_USER SERVER {server} OPTIONS (user '{url.username}')")
    pg.run(f"CREATE FOREIGN TABLE {ft} (age int, sex text) SERVER {server} OPTIONS (table_name '{base}')")
    try:
        got = pr.kanon(pg.source(), ft, ["age", "sex"])
        df = pd.read_csv(rows)
        assert got["n_rows"] == len(df) and got["n_classes"] == len(df.groupby(["age", "sex"]))
        with pytest.raises(pr.InvalidInputError) as e:
            mondrian_keeping_all(pg.source(), base, ["age", "sex"], 5, ft, replace=True)
        assert str(e.value) == (
            f"output '{ft}' is a foreign table; the run writes a table: drop the foreign table or choose another name"
        )
        assert pg.fetch(f"SELECT COUNT(*) FROM {ft}")[0][0] == len(df)
    finally:
        pg.run(f"DROP FOREIGN TABLE IF EXISTS {ft}")
        pg.run(f"DROP SERVER IF EXISTS {server} CASCADE")


def test_postgres_file_fdw_files_are_never_an_output_file(pg):
    """A file_fdw foreign table reads a file of this machine (a server here): `--table people
    --json people.csv` wrote the report over the file the table reads, exit 0, the guard seeing
    nothing behind a foreign table. Its filename is an input file now, read directly or through a
    view, refused before any statement; another path is still the user's."""
    import shutil
    import tempfile
    import uuid

    folder = Path(tempfile.mkdtemp(prefix="privrisk_fdw_"))  # the server's user reads it: not pytest's 0700 tmp
    folder.chmod(0o755)
    data = folder / "people.csv"
    data.write_text("a,b\n1,x\n1,x\n2,y\n")
    data.chmod(0o644)
    before = data.read_bytes()
    suffix = uuid.uuid4().hex[:12]
    server, ft, view = f"files_{suffix}", f"ft_{suffix}", f"v_{suffix}"
    pg.run("CREATE EXTENSION IF NOT EXISTS file_fdw")
    pg.run(f"CREATE SERVER {server} FOREIGN DATA WRAPPER file_fdw")
    try:
        pg.run(
            f"CREATE FOREIGN TABLE {ft} (a int, b text) SERVER {server} OPTIONS (filename '{data}', format 'csv', header 'true')"
        )
        pg.run(f"CREATE VIEW {view} AS SELECT * FROM {ft}")
        for table in (ft, view):
            src = pg.source()
            with pytest.raises(pr.InvalidInputError, match=f"html '{data}' is read by the input: .*{ft}"):
                pr.kanon(src, table, ["a"], html=str(data))
            assert src.statements == 0
        assert data.read_bytes() == before
        assert pr.kanon(pg.source(), view, ["a"], html=str(folder / "page.html"))["n_rows"] == 3
    finally:
        pg.run(f"DROP VIEW IF EXISTS {view}")
        pg.run(f"DROP SERVER IF EXISTS {server} CASCADE")
        shutil.rmtree(folder)


def test_paths_from_the_home_folder_are_read_and_written_as_pandas_reads_them(tmp_path, monkeypatch, capsys):
    """'~/adult.csv' was "no such file" where pd.read_csv (and DuckDB's read_csv) read it; the
    same for a database file and a report named from the home folder."""
    from privrisk_sql.cli import main

    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "adult.csv").write_bytes((FIXTURES / "mondrian" / "adult_2k.csv").read_bytes())
    assert pr.kanon(None, "~/adult.csv", ["age", "sex"])["n_rows"] == 2000
    r = pr.mondrian("~/w.duckdb", "~/adult.csv", ["age", "sex"], 5, "out", keep=["id"], html="~/m.html")
    assert r.partitions > 1 and (tmp_path / "w.duckdb").exists() and (tmp_path / "m.html").exists()
    assert pr.kanon("~/w.duckdb", "out", ["age_gen", "sex_gen"])["k_anonymity"] >= 5
    # and an output over the input is still refused, whichever way it is spelled
    assert main(["kanon", "--table", "~/adult.csv", "--qids", "age", "--json", str(tmp_path / "adult.csv")]) == 2
    assert "is the input" in capsys.readouterr().err
    assert not (tmp_path / "~").exists()
    # a table whose name starts with ~ is still a table (~root is no path to /root)
    with duckdb.connect(str(tmp_path / "w.duckdb")) as con:
        con.execute('CREATE TABLE "~root" AS SELECT * FROM out')
    assert pr.kanon(str(tmp_path / "w.duckdb"), "~root", ["age_gen"])["n_rows"] == 2000


def test_a_file_whose_name_begins_with_a_tilde_is_the_file_of_that_name_here(tmp_path, monkeypatch, capsys):
    """DuckDB reads a leading ~ as the home folder even with no / after it: `--db ~t.duckdb`
    made the database $HOME + 't.duckdb' (/roott.duckdb), outside anything the user named, and a
    CSV called ~x.csv here was 'No files found'. pandas reads both as the files here."""
    from privrisk_sql.cli import main

    home = tmp_path / "h"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))  # DuckDB's reading would write tmp_path / "ht.duckdb"
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    (work / "~x.csv").write_bytes((FIXTURES / "mondrian" / "adult_2k.csv").read_bytes())
    assert pr.kanon(None, "~x.csv", ["age", "sex"])["n_rows"] == 2000
    release = "mondrian --db ~t.duckdb --table ~x.csv --qids age,sex --k 5 --output o --keep".split()
    assert main([*release, ""]) == 0
    assert main(["kanon", "--db", "duckdb:///~t.duckdb", "--table", "o", "--qids", "age_gen", "--read-only"]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h", "work"] and not any(home.iterdir())
    assert {"~x.csv", "~t.duckdb"} <= {p.name for p in work.iterdir()}


def test_a_database_path_with_a_backslash_is_refused_not_opened_elsewhere(tmp_path, monkeypatch, capsys):
    """DuckDB opens a database's path with a backslash read as a folder separator: `--db
    'back\\s.duckdb'` read back/s.duckdb (5 rows), another database than the one named (3 rows),
    and a new one was exit 3 ('Cannot open file') where no folder 'new' was."""
    from privrisk_sql.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "back").mkdir()
    for path, rows in ((tmp_path / "back" / "s.duckdb", 5), (tmp_path / "named.duckdb", 3)):
        with duckdb.connect(str(path)) as con:
            con.execute(f"CREATE TABLE t AS SELECT 1 AS a FROM range({rows})")
    (tmp_path / "named.duckdb").rename(tmp_path / "back\\s.duckdb")  # the database named: 3 rows
    (tmp_path / "t.csv").write_text("a\n1\n2\n")
    for argv in (["kanon", "--db", "back\\s.duckdb", "--table", "t", "--qids", "a"],
                 ["mondrian", "--db", "new\\s.duckdb", "--table", "t.csv", "--qids", "a", "--k", "2", "--output", "o"]):  # fmt: skip
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "DuckDB reads a backslash in a database's path as a folder separator" in err[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["back", "back\\s.duckdb", "t.csv"]


@pytest.mark.parametrize("engine", ["sqlite", "postgres", "mysql"])
def test_a_callers_engine_gets_its_connection_back_after_each_run(tmp_path, engine):
    """A SQLAlchemy Engine passed as src: each run took a connection from its pool and never
    gave it back (only the garbage collector did, some time later), so with a pool of one the
    second run waited for the pool and failed ("QueuePool limit of size 1 overflow 0 reached"),
    and by default the sixteenth did. Each run now returns it; the caller's Engine stays theirs."""
    import gc
    import uuid

    import sqlalchemy as sa
    from conftest import require_server

    from backends import server_url

    require_server(engine)
    url = f"sqlite:///{tmp_path / 'w.db'}" if engine == "sqlite" else server_url(engine)
    callers = sa.create_engine(url, pool_size=1, max_overflow=0, pool_timeout=3)
    table, released = f"people_{uuid.uuid4().hex[:8]}", f"released_{uuid.uuid4().hex[:8]}"
    with callers.begin() as conn:
        pd.read_csv(HAND / "ori.csv").to_sql(table, conn, index=False)
    qids = ["a", "b"]
    gc.disable()  # the collector may not run between two runs: nothing may depend on it
    try:
        for run in (
            lambda: pr.kanon(callers, table, qids),
            lambda: pr.cavg(callers, table, qids, 2),
            lambda: pr.risk(callers, table, qids),
            lambda: pr.mpuccs(callers, table, table, columns=qids),
            lambda: pr.mondrian(callers, table, ["a"], k=2, output=released, relaxed=True),
            lambda: pr.kanon(callers, released, ["a_gen"]),
        ):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # mpUCCs of a table against itself says so
                run()
            assert callers.pool.checkedout() == 0
    finally:
        gc.enable()
        with callers.begin() as conn:
            for name in (table, released):
                conn.exec_driver_sql(f"DROP TABLE IF EXISTS {name}")
        callers.dispose()


@pytest.mark.parametrize("where", ["file", "memory"])
def test_a_sqlite3_connection_is_a_source_as_pandas_takes_one(tmp_path, where):
    """pandas reads and writes through a plain sqlite3 connection (to_sql, read_sql): such a
    connection was refused, "cannot make a Source from Connection", and an in-memory database
    could not be reached at all. It is used as it is, and stays the caller's: open, its open
    transaction (an uncommitted row) untouched, no progress handler left on it."""
    import sqlite3

    frame = pd.read_csv(FIXTURES / "adult" / "ori.csv").head(3000)[["age", "sex", "race", "income"]]
    con = sqlite3.connect(str(tmp_path / "w.db") if where == "file" else ":memory:")
    frame.to_sql("adult", con, index=False)
    con.execute("CREATE TABLE notes (x INTEGER)")
    con.commit()
    con.execute("INSERT INTO notes VALUES (1)")  # the caller's open transaction
    qids = ["age", "sex", "race"]
    assert pr.kanon(con, "adult", qids, sensitive="income", k=5) == pr.kanon(None, frame, qids, sensitive="income", k=5)
    assert pr.cavg(con, "adult", qids, 5) == pr.cavg(None, frame, qids, 5)
    assert pr.risk(con, "adult", qids).to_dict()["prosecutor"] == pr.risk(None, frame, qids).to_dict()["prosecutor"]
    got = pr.mondrian(con, "adult", qids, k=5, output="released", keep=["income"])
    assert got.partitions == pr.mondrian(str(tmp_path / "d.duckdb"), frame, qids, k=5, output="released").partitions
    assert con.execute("SELECT COUNT(*) FROM released").fetchone()[0] == 3000
    assert con.in_transaction and con.execute("SELECT x FROM notes").fetchall() == [(1,)]
    con.rollback()  # the caller's to end: the run joined it, so its output goes too
    assert con.execute("SELECT COUNT(*) FROM notes").fetchone()[0] == 0
    assert con.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'released'").fetchone()[0] == 0
    # No transaction open: none is left open (sqlite3's implicit BEGIN before an INSERT into a
    # work table held the output uncommitted and the file locked), and the output is committed.
    assert pr.kanon(con, "adult", qids)["n_rows"] == 3000 and not con.in_transaction
    pr.mondrian(con, "adult", qids, k=5, output="released", keep=["income"])
    assert not con.in_transaction and con.isolation_level == ""  # sqlite3's default, as it was
    if where == "file":
        with contextlib.closing(sqlite3.connect(str(tmp_path / "w.db"))) as other:
            assert other.execute("SELECT COUNT(*) FROM released").fetchone()[0] == 3000
            other.execute("CREATE TABLE written_meanwhile (x INTEGER)")  # not locked out
            other.commit()
    assert [r[0] for r in con.execute("SELECT name FROM sqlite_temp_master").fetchall()] == []
    con.close()


def test_a_connection_of_another_driver_is_refused_with_the_ways_in():
    class Connection:  # a DBAPI connection of a driver privrisk_sql does not take as it is
        pass

    with pytest.raises(pr.InvalidInputError, match=r"cannot make a Source from .*Connection: pass a database URL"):
        pr.kanon(Connection(), "t", ["a"])


def test_a_closed_connection_is_refused_by_name():
    """A closed sqlite3 or duckdb connection failed at the first statement: SQLAlchemy's
    ProgrammingError, DuckDB's ConnectionException ("Connection already closed!"), tracebacks of
    no typed error. Refused as bad input, naming what is closed."""
    import sqlite3

    import sqlalchemy as sa

    # A closed SQLAlchemy Connection: its ResourceClosedError, no error of privrisk_sql's
    given = ((sqlite3.connect(":memory:"), "sqlite3"), (duckdb.connect(), "duckdb"))
    for con, kind in (*given, (sa.create_engine("sqlite://").connect(), "SQLAlchemy")):
        con.close()
        with pytest.raises(pr.InvalidInputError, match=f"the {kind} connection given is closed: pass an open one"):
            pr.kanon(con, "t", ["a"])


def test_runs_on_one_source_from_many_threads_take_turns(backend, tmp_path):
    """Four threads, one Source (a notebook's worker threads, a web app's requests): each run's
    figures are those of the same run alone. The second thread's run took the first's for a run
    nested in it, so whichever ended first dropped the other's work tables; on DuckDB the
    connection refused ('busy with another call'), told as the input's fault. SQLite: a Source
    opened from a URL (sqlite3 ties a caller's connection to its thread: the test below)."""
    import sqlite3

    if backend.name == "sqlite":
        with contextlib.closing(sqlite3.connect(tmp_path / "t.db")) as con:
            pd.read_csv(FIXTURES / "adult" / "ori.csv").to_sql("t", con, index=False)
        t, src = "t", pr.Source(f"sqlite:///{tmp_path / 't.db'}")
    else:
        t, src = backend.load(FIXTURES / "adult" / "ori.csv"), backend.source()
    runs = _four_runs(lambda: src, t)
    alone = {name: run() for name, run in runs.items()}
    assert _in_threads(runs) == alone
    assert backend.temp_tables() == []


def test_a_sqlite3_connection_used_from_another_thread_is_named(tmp_path):
    """sqlite3 ties a connection to the thread that opened it: a run from another thread raised
    its ProgrammingError untyped, or said 'table not found' where a catalog look-up met it."""
    import sqlite3
    import threading

    con = sqlite3.connect(tmp_path / "t.db")
    pd.DataFrame({"a": [1, 2, 1, 2], "b": [3, 3, 4, 4]}).to_sql("t", con, index=False)
    got: list[BaseException] = []

    def work() -> None:
        try:
            pr.kanon(con, "t", ["a", "b"])
        except BaseException as e:
            got.append(e)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert len(got) == 1 and isinstance(got[0], pr.InvalidInputError), got
    assert "opened in another thread" in str(got[0]) and "check_same_thread=False" in str(got[0])
    assert pr.kanon(con, "t", ["a", "b"])["k_anonymity"] == 1  # still usable where it was opened


def test_a_run_waits_for_another_on_the_same_connection_as_long_as_its_timeout(tmp_path):
    """Two Sources over one caller's DuckDB connection: the second run waits its turn, and with a
    timeout gives up waiting at it, saying why."""
    import threading

    con = duckdb.connect()
    con.execute("CREATE TABLE t AS SELECT i % 5 AS a, i % 3 AS b FROM range(100) r(i)")
    first, second = pr.Source(con), pr.Source(con, timeout=0.3)
    started, release = threading.Event(), threading.Event()

    def hold(sql: str) -> None:  # the first run holds its turn until released
        started.set()
        release.wait(10)

    first.echo = hold
    worker = threading.Thread(target=lambda: pr.kanon(first, "t", ["a", "b"]))
    worker.start()
    try:
        assert started.wait(10)
        with pytest.raises(pr.QueryTimeoutError, match="another run on this connection was still going after 0.3 s"):
            pr.kanon(second, "t", ["a", "b"])
    finally:
        release.set()
        first.echo = None
        worker.join()
    assert pr.kanon(second, "t", ["a", "b"])["k_anonymity"] == 6  # its turn, once the first ended


@pytest.mark.parametrize("kind", ["duckdb", "sqlite3"])
def test_runs_from_threads_on_one_callers_connection_take_turns(tmp_path, kind):
    """One connection of the caller's (sqlite3: opened with check_same_thread=False), passed to
    metrics from four threads: each call makes its own Source over it, and their runs, the
    Sources' making and closing too, take the connection's turn (DuckDB refused a second call
    'busy' now and then, sqlite3 'Error creating function')."""
    import sqlite3

    if kind == "duckdb":
        con = duckdb.connect()
        con.execute(f"CREATE TABLE t AS SELECT * FROM read_csv('{FIXTURES / 'adult' / 'ori.csv'}')")
    else:
        con = sqlite3.connect(tmp_path / "t.db", check_same_thread=False)
        pd.read_csv(FIXTURES / "adult" / "ori.csv").to_sql("t", con, index=False)
    runs = _four_runs(lambda: con, "t")
    alone = {name: run() for name, run in runs.items()}
    for _ in range(3):  # a collision is a matter of timing: three rounds
        assert _in_threads(runs) == alone


def _four_runs(src, t) -> dict:
    """Four metric calls on ``t`` of the Source (or connection) ``src()`` gives, by name."""
    return {
        "kanon": lambda: pr.kanon(src(), t, ["age", "sex", "race"], sensitive=["income"]).to_dict(),
        "cavg": lambda: pr.cavg(src(), t, ["age", "sex"], k=5).cavg,
        "risk": lambda: pr.risk(src(), t, ["age", "sex", "race"]).prosecutor["records_at_risk"],
        "kanon l": lambda: pr.kanon(src(), t, ["education", "sex"], sensitive=["income"])["l_diversity"],
    }


def _in_threads(runs: dict) -> dict:
    """Each run on a thread of its own, all at once: its result, or the exception it raised."""
    import threading

    got: dict[str, object] = {}

    def work(name: str) -> None:
        try:
            got[name] = runs[name]()
        except Exception as e:  # the caller's assertion names it
            got[name] = e

    threads = [threading.Thread(target=work, args=(name,)) for name in runs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return got


@pytest.mark.parametrize("stop", [None, KeyboardInterrupt, pr.QueryError])
def test_only_a_stopped_or_failed_run_looks_for_a_work_tables_leftover_folder(stop):
    """The end of every run asked, for each work table still listed, whether the table left a
    folder behind (two Java calls each on Spark in this process), also after a run that ended
    well, whose every write finished; only a write cut off mid-way can leave one."""
    with pr.connect() as src:
        asked: list[str] = []
        folder_of = src.engine.leftover_table_folder
        src.engine.leftover_table_folder = lambda container, name: asked.append(name) or folder_of(container, name)
        with contextlib.suppress(KeyboardInterrupt, pr.QueryError):
            with src.guarded():
                name = src.temp_name("w1")
                src.execute(f"CREATE TEMP TABLE {src.quote(name)} AS SELECT 1 AS x")
                if stop is not None:
                    raise stop("stopped")
        assert asked == ([] if stop is None else [name])
        assert src.fetch("SELECT COUNT(*) FROM duckdb_tables() WHERE temporary") == [(0,)]
