"""MariaDB-only behaviour: a least-privilege user, the atomic RENAME TABLE of an output, and text
compared as bytes under MariaDB's default collations (case-insensitive and PAD SPACE)."""

from __future__ import annotations

import os
import uuid

import pytest

import privrisk_sql as pr
from privrisk_sql.sql.render import quote_identifier
from privrisk_sql.sql.types import TypeClass as T

from backends import FIXTURES, assert_least_privilege_user, mondrian_keeping_all, settings_in_and_after_a_run

ADULT = FIXTURES / "mondrian" / "adult_2k.csv"


def _user_url(name: str, who: str) -> str:
    """The URL of one of the users .ci/mariadb.sh makes (PRIVRISK_MYSQL_<name>_URL): skipped
    without it, failed with PRIVRISK_REQUIRE_MYSQL=1."""
    url = os.environ.get(f"PRIVRISK_MYSQL_{name}_URL")
    if not url:
        if os.environ.get("PRIVRISK_REQUIRE_MYSQL") == "1":
            pytest.fail(f"PRIVRISK_REQUIRE_MYSQL=1 but PRIVRISK_MYSQL_{name}_URL is not set (.ci/mariadb.sh sets it)")
        pytest.skip(f"MariaDB: PRIVRISK_MYSQL_{name}_URL names {who} (.ci/mariadb.sh)")
    return url


def test_least_privilege_user_reads_and_is_refused_an_output_before_any_work(maria):
    """.ci/mariadb.sh's privrisk_ro user has SELECT and CREATE TEMPORARY TABLES only: every
    reading command runs (its work tables are TEMPORARY), Mondrian's output is refused up front."""
    url = _user_url("RO", "the read-only user")
    t = maria.load(ADULT)
    grants = " ".join(r[0] for r in pr.Source(url).fetch("SHOW GRANTS"))
    assert "CREATE TEMPORARY TABLES" in grants and "INSERT" not in grants and "ALL PRIVILEGES" not in grants
    assert_least_privilege_user(maria, url, t, "row_id", "database 'privrisk'")


def test_a_server_run_read_only_refuses_an_output_before_any_work(maria):
    """A server run with --read-only (a replica) takes no table from a user without READ ONLY
    ADMIN, and TEMPORARY tables from anyone: Mondrian did all its work, then its staging table
    was refused (exit 3). Refused first now, in one typed line; the reading runs go on."""
    url = _user_url("WILD", "the wildcard-grant user")  # every privilege on privr%.*, none global
    t = maria.load(ADULT)
    other = maria.load(ADULT, table=f"t_{uuid.uuid4().hex[:12]}")
    out = f"o_{uuid.uuid4().hex[:12]}"
    maria.run("SET GLOBAL read_only = 1")
    try:
        with pr.Source(url) as src:
            for run in (
                lambda: pr.mondrian(src, t, ["age", "sex"], 5, out, keep=["row_id"]),
                lambda: pr.risk(src, t, ["age", "sex"], classes=out),
            ):
                with pytest.raises(
                    pr.InvalidInputError, match=r"^mysql takes no writes in this session \(.*--read-only option"
                ):
                    run()
            assert src.statements == 0
            assert pr.kanon(src, t, ["age", "sex"], k=5)["n_rows"] == 2000
            assert (
                pr.mpuccs(src, t, other, columns=["age", "sex"], key="row_id").global_["total_syn_records"].iloc[0] > 0
            )
    finally:
        maria.run("SET GLOBAL read_only = 0")
    assert out not in maria.user_tables()


def test_replacing_an_output_is_one_rename(maria):
    """MariaDB's DDL commits on its own: the replaced table is renamed away in the same RENAME
    TABLE that gives the new one its name, then dropped; nothing else is left."""
    t = maria.load(ADULT)
    out = f"out_{uuid.uuid4().hex[:12]}"
    maria.created.append(out)
    first = mondrian_keeping_all(maria.source(), t, ["age"], 50, out)
    src = maria.source()
    statements: list[str] = []
    src.echo = statements.append
    second = mondrian_keeping_all(src, t, ["age"], 5, out, replace=True)
    assert second.partitions > first.partitions
    q = lambda n: quote_identifier(n, maria.dialect)  # noqa: E731
    assert maria.fetch(f"SELECT COUNT(DISTINCT partition_id) FROM {q(out)}")[0][0] == second.partitions
    renames = [sql for sql in statements if sql.startswith("RENAME TABLE") and q(out) in sql]  # not the privilege probe
    assert len(renames) == 1 and renames[0].count(" TO ") == 2
    assert not any(sql.startswith("ALTER TABLE") for sql in statements)
    assert [name for name in maria.user_tables() if name.endswith("_staging")] == []
    with pytest.raises(pr.InvalidInputError, match="already exists"):
        mondrian_keeping_all(maria.source(), t, ["age"], 5, out)


def test_text_compares_as_bytes_under_pad_space_and_case_insensitive_collations(maria):
    """utf8mb4_general_ci makes 'a', 'A' and 'a ' one value (and utf8mb4_bin still 'a' and 'a '):
    they are three values in the rows a user releases."""
    t = f"pad_{uuid.uuid4().hex[:12]}"
    values = ["a", "A", "a ", "b", "b", "B "]
    maria.create(t, [("row_id", T.INTEGER), ("v", T.TEXT)], list(enumerate(values)))
    assert len(maria.fetch(f"SELECT DISTINCT v FROM {t}")) == 2  # the server's own view
    k = pr.kanon(maria.source(), t, ["v"], k=1)
    assert (k["n_classes"], k["k_anonymity"]) == (5, 1)
    r = pr.mpuccs(maria.source(), t, t, columns=["v"], key="row_id")
    assert r.global_["total_syn_records"].iloc[0] == 5


def test_a_create_grant_the_catalog_query_cannot_read_is_found_by_trying(maria):
    """Mondrian refused "no CREATE privilege" where creating works: a wildcard database grant
    (`privr%`.*) is listed under its pattern, and a server run with --skip-grant-tables lists
    nothing (issue 41). The check now tries (an empty staging table, dropped) before refusing."""
    url = _user_url("WILD", "the wildcard-grant user")
    t = maria.load(ADULT)
    out = f"out_{uuid.uuid4().hex[:12]}"
    maria.created.append(out)
    with pr.Source(url) as wild:
        assert not wild.fetch_records(wild.dialect.create_privilege.format(schema="'privrisk'"))[0]["ok"]
        r = pr.mondrian(wild, t, ["age"], 10, out, keep=["row_id"])
        assert r.n_rows == 2000
    tables = maria.user_tables()
    assert out in tables and not [n for n in tables if n.startswith("privrisk_")]  # the probe is gone
    # a user the server does refuse still gets the clean refusal, through the same probe:
    # test_least_privilege_user_reads_and_is_refused_an_output_before_any_work


def test_a_user_who_may_create_but_not_rename_or_drop_is_refused_before_any_work(maria):
    """A user with CREATE and INSERT but not ALTER and DROP: the publish's RENAME failed after
    every Mondrian level (exit 3), and the staging table, a copy of the release, stayed: the
    user could not drop it. Refused first now, naming what is missing; a user whose ALTER and
    DROP come from a role (which the catalog does not list) still writes."""
    urls = {
        "NODROP": _user_url("NODROP", "a user without ALTER and DROP"),
        "ROLE": _user_url("ROLE", "a user with ALTER and DROP from its role"),
    }
    t = maria.load(ADULT)
    out = f"out_{uuid.uuid4().hex[:12]}"
    maria.created.append(out)
    refused = (
        rf"^output '{out}': this user may not rename or drop tables in database 'privrisk' \(no DROP, ALTER privilege\)"
    )
    with pr.Source(urls["NODROP"]) as src:
        with pytest.raises(pr.InvalidInputError, match=refused):
            pr.mondrian(src, t, ["age"], 10, out, keep=["row_id"])
        with pytest.raises(pr.InvalidInputError, match=refused):
            pr.risk(src, t, ["age"], classes=out)
        assert src.statements == 0
    assert not [n for n in maria.user_tables() if n == out or n.startswith("privrisk_")]
    with pr.Source(urls["ROLE"]) as src:
        assert pr.mondrian(src, t, ["age"], 10, out, keep=["row_id"]).n_rows == 2000
    assert out in maria.user_tables()


def test_runs_with_large_join_buffers_and_in_memory_groupings_and_gives_the_session_back(maria):
    """Dialect.optional_run_settings: join buffers of up to 128 MiB and in-memory internal tables
    of up to 64 MiB from a run's first statement to its end, the caller's values back afterwards.
    At the defaults (256 KiB, 16 MiB) MariaDB read the labels once per buffer of input rows
    (Mondrian at 1M rows: 162 s, 37 s with the buffers) and moved a GROUP BY to disk (mpUCCs'
    distinct rows at 1M: 7.5 s, 3.5 s in memory)."""
    t = maria.load(ADULT)
    src = maria.source()
    read = (
        "SELECT @@SESSION.join_buffer_size, @@SESSION.join_buffer_space_limit, @@SESSION.tmp_table_size, "
        "@@SESSION.max_heap_table_size"
    )
    _, seen, before, after = settings_in_and_after_a_run(src, read, lambda: pr.kanon(src, t, ["age", "sex"], "race"))
    assert seen == {(128 << 20, 128 << 20, 64 << 20, 64 << 20)}
    assert after == before


def test_absent_from_means_not_exists_with_nulls(maria):
    """Mondrian's "no row of this table has it" is NOT IN on MariaDB (NOT EXISTS read its
    materialized subquery once per row: 2.28 s against 0.02 s for one level at 1M rows); it
    keeps NOT EXISTS's meaning where NULLs are on either side."""
    from privrisk_sql.sql.render import environment

    macro = environment(maria.dialect).get_template("_functions.sql.j2").module.absent_from
    a, b = f"a_{uuid.uuid4().hex[:12]}", f"b_{uuid.uuid4().hex[:12]}"
    maria.create(a, [("v", T.INTEGER)], [(1,), (2,), (None,), (3,)])
    maria.create(b, [("pid", T.INTEGER)], [(2,), (None,)])
    got = maria.fetch(f"SELECT v FROM {a} w WHERE {macro('w.v', b, 'pid')} ORDER BY v")
    expected = maria.fetch(f"SELECT v FROM {a} w WHERE NOT EXISTS (SELECT 1 FROM {b} x WHERE x.pid = w.v) ORDER BY v")
    assert "NOT IN" in macro("w.v", b, "pid") and got == expected == [(None,), (1,), (3,)]


def test_year_mediumint_and_set_columns_are_numbers_and_text(maria):
    """MariaDB's YEAR and MEDIUMINT (a birth year, a small count) are numbers, its SET holds text
    ('x,y') as its ENUM does: all three were refused as "unsupported type"."""
    import pandas as pd

    from mondrian_reference import encode, mondrian_reference, partition_sets

    t, out = f"types_{uuid.uuid4().hex[:12]}", f"out_{uuid.uuid4().hex[:12]}"
    maria.created += [t, out]
    rows = [(i, 1990 + i % 3, ["x", "y", "x,y"][(i * 5) % 3], (i * 7) % 4) for i in range(24)]
    maria.run(f"CREATE TABLE {t} (id INT, y YEAR, st SET('x','y'), mi MEDIUMINT UNSIGNED)")
    maria.run(f"INSERT INTO {t} VALUES " + ", ".join(f"({i}, {y}, '{s}', {m})" for i, y, s, m in rows))
    types = {c.name: c.type_class for c in maria.source().relation(t).columns}
    assert types == {"id": T.INTEGER, "y": T.INTEGER, "st": T.TEXT, "mi": T.INTEGER}
    df = pd.DataFrame(rows, columns=["id", "y", "st", "mi"])
    got = pr.kanon(maria.source(), t, ["y", "st", "mi"])
    classes = df.groupby(["y", "st", "mi"])
    assert (got["n_classes"], got["k_anonymity"]) == (classes.ngroups, classes.size().min())
    r = mondrian_keeping_all(maria.source(), t, ["y", "st", "mi"], 3, out)
    ref = partition_sets(mondrian_reference(encode(df, ["y", "st", "mi"]), 3), df["id"])
    parts = maria.fetch(f"SELECT id, partition_id FROM {out}")
    got_sets = pd.DataFrame(parts, columns=["id", "pid"]).groupby("pid")["id"].apply(frozenset)
    assert set(got_sets) == ref and r.partitions == len(ref) > 1


def test_a_temporary_table_of_the_callers_connection_is_found_by_its_name(maria):
    """MariaDB lists a session's TEMPORARY tables nowhere (SHOW TABLES, information_schema; before
    11.2): a run on the caller's Connection that had made one was "table not found", where its own
    SELECT reads it. It is asked for by name now, its columns typed as a table's (a BOOLEAN one a
    boolean, a backtick in a name kept single), and an output never replaces it while it is the
    input; one that hides a table of its name is read with its own columns, as the session reads
    it (information_schema gave the hidden table's)."""
    import sqlalchemy as sa

    from backends import mysql_url

    tmp, base = f"tmp_{uuid.uuid4().hex[:10]}", f"base_{uuid.uuid4().hex[:10]}"
    maria.created.append(base)
    engine = sa.create_engine(mysql_url())
    with engine.connect() as con:
        con.exec_driver_sql(f"CREATE TEMPORARY TABLE {tmp} (a INT, flag BOOLEAN, `b``q` VARCHAR(10))")
        con.exec_driver_sql(f"INSERT INTO {tmp} VALUES (1, TRUE, 'x'), (1, TRUE, 'x'), (2, FALSE, 'y'), (2, NULL, 'y')")
        con.exec_driver_sql(f"CREATE TABLE {base} AS SELECT * FROM {tmp}")
        con.commit()
        src = pr.Source(con)
        columns = [(c.name, c.sql_type, c.type_class) for c in src.relation(tmp).columns]
        assert columns == [(c.name, c.sql_type, c.type_class) for c in src.relation(base).columns]
        assert [c[0] for c in columns] == ["a", "flag", "b`q"] and columns[1][2] is T.BOOLEAN
        assert pr.kanon(src, tmp, ["a", "flag"]) == pr.kanon(src, base, ["a", "flag"])
        with pytest.raises(pr.InvalidInputError, match=f"output {tmp!r} is the input table"):
            mondrian_keeping_all(src, tmp, ["a"], 2, tmp, replace=True)
        assert con.exec_driver_sql(f"SELECT COUNT(*) FROM {tmp}").scalar() == 4
        with pytest.raises(pr.InvalidInputError, match="table not found"):  # no such table still says so
            pr.kanon(src, f"{tmp}_none", ["a"])
        # one that hides the table of its name is what the session reads: its columns, its rows
        con.exec_driver_sql(f"CREATE TEMPORARY TABLE {base} (a VARCHAR(5))")
        con.exec_driver_sql(f"INSERT INTO {base} VALUES ('x'), ('y'), ('y')")
        assert [(c.name, c.type_class) for c in src.relation(base).columns] == [("a", T.TEXT)]
        assert pr.kanon(src, base, ["a"])["n_rows"] == 3
    engine.dispose()


def test_a_view_whose_table_was_dropped_is_named(maria):
    """MariaDB keeps a view whose table was dropped; its columns cannot be read. The columns came
    from SHOW COLUMNS since this session's TEMPORARY table fix, whose error (1356) ended the run in
    a traceback, exit 1 (before it, information_schema said "column 'a' not found ... (columns: )").
    The run now stops in one line naming the view and the server's reason."""
    from privrisk_sql.cli import main

    from backends import mysql_url

    t, v = f"gone_{uuid.uuid4().hex[:10]}", f"v_{uuid.uuid4().hex[:10]}"
    maria.run(f"CREATE TABLE {t} (a INT)")
    maria.run(f"CREATE VIEW {v} AS SELECT a FROM {t}")
    maria.run(f"DROP TABLE {t}")
    try:
        with pytest.raises(pr.InvalidInputError, match=rf"^cannot read '{v}': .*references invalid table"):
            pr.kanon(maria.source(), v, ["a"])
        assert main(["kanon", "--db", mysql_url(), "--table", v, "--qids", "a"]) == 2
    finally:
        maria.run(f"DROP VIEW {v}")


def test_a_session_with_a_select_limit_gets_every_row_and_column(maria):
    """A caller's session with sql_select_limit = 5 cut every result a run read back to 5 rows:
    kanon counted 853 of 2,000 rows, risk 1,044, mpUCCs found 20 of 280 identified rows, all
    without a word; and the catalog look-up read 5 columns, a sixth "not found" (a TEMPORARY
    table's too), as did Source.relation and find_table called on their own. A run sets no limit
    (Dialect.run_settings) from before its catalog look-up on, a look-up outside a run for its
    length, and each gives the caller's back."""
    t = maria.load(ADULT)
    src = maria.source()
    temp = f"tmp_{uuid.uuid4().hex[:12]}"
    maria.run(f"CREATE TEMPORARY TABLE `{temp}` AS SELECT * FROM `{t}`")
    qids = ["age", "sex", "race", "marital_status"]  # race, marital_status: columns 6 and 7

    def figures():
        k = pr.kanon(src, t, qids, sensitive="income").to_dict()
        risk = pr.risk(src, temp, qids)
        cavg = pr.cavg(src, t, qids, 5)
        matches = pr.mpuccs(src, t, temp, qids, n_cols=[1, 2])
        failures = pr.t_closeness_failures(src, t, ["age"], "education_num", 0.05).to_dict("records")
        # the public look-ups, outside a run: they read 5 columns, and the temporary table's 6th
        looked_up = [src.relation(t).columns, src.find_table(temp).columns, src.table_exists(temp)]
        return (
            k,
            (risk.records, risk.class_sizes, risk.prosecutor),
            cavg,
            matches.details.to_dict("records"),
            failures,
            looked_up,
        )

    want = figures()
    assert want[1][0] == 2000 and len(want[3]) > 5 and len(want[4]) > 5  # more rows than the limit
    assert len(want[5][0]) == len(want[5][1]) > 5 and want[5][2]  # more columns than the limit
    maria.run("SET SESSION sql_select_limit = 5")
    try:
        assert figures() == want
        assert maria.fetch("SELECT @@SESSION.sql_select_limit") == [(5,)]  # the caller's, back
    finally:
        maria.run("SET SESSION sql_select_limit = DEFAULT")  # the fixture's checks read whole tables


@pytest.mark.parametrize("sort_length", [None, 64, 4096])
@pytest.mark.parametrize("stem_bytes", [18, 1500])
def test_a_session_sorting_on_any_length_of_text_tells_values_apart(maria, sort_length, stem_bytes):
    """MariaDB's windows compare a value's first max_sort_length bytes: at its smallest (64), values
    of 17 bytes alike in their first 16 already shared a partition. A run's windows add a hash of
    a value of at least a quarter of that length (docs/decisions/mariadb-window-keys.md), so the
    figures are the oracle's whatever the session's length, and the run keeps the caller's."""
    import pandas as pd

    import oracle

    stem = "x" * stem_bytes
    rows = [(i, stem + str(i % 6), stem + "abcd"[i % 4]) for i in range(90)]
    table = f"t_{uuid.uuid4().hex[:12]}"
    maria.create(table, [("id", T.INTEGER), ("q", T.TEXT), ("s", T.TEXT)], rows)
    want = oracle.sensitive_metrics(pd.DataFrame(rows, columns=["id", "q", "s"]), ["q"], "s", False)
    src = maria.source()
    if sort_length is not None:
        maria.run(f"SET SESSION max_sort_length = {sort_length}")
    try:
        r = pr.kanon(src, table, ["q"], sensitive="s")
        assert maria.fetch("SELECT @@SESSION.max_sort_length") == [(sort_length or 1024,)]
    finally:
        maria.run("SET SESSION max_sort_length = DEFAULT")
    assert r["t_closeness"] == pytest.approx(want["t_closeness"], abs=1e-12)
    assert r["alpha_k"]["alpha"] == pytest.approx(want["alpha"])
    assert r["delta_disclosure"] == pytest.approx(want["delta_disclosure"], rel=1e-12)
    assert r["recursive_c_l"]["c"] == want["recursive_c"]


def test_a_session_with_its_own_limits_and_collation_gets_the_same_results(maria):
    """A caller's session with group_concat_max_len = 16 stopped Mondrian ("Row 2 was cut by
    GROUP_CONCAT()": a label lists its categories), one with collation_connection = utf8mb4_bin
    too ("Illegal mix of collations"). A run sets its own (Dialect.run_settings) and gives the
    caller's back."""
    t = maria.load(FIXTURES / "mondrian" / "adult_2k.csv")
    src = maria.source()
    read = "SELECT @@SESSION.group_concat_max_len, @@SESSION.collation_connection"
    mine = maria.fetch(read)

    def figures(*settings):
        for setting in settings:
            maria.run(setting)
        k = pr.kanon(src, t, ["age", "sex"], sensitive=["education_num", "race"])
        failures = pr.t_closeness_failures(src, t, ["age"], "education_num", 0.05).to_dict("records")
        out = f"out_{uuid.uuid4().hex[:12]}"
        maria.created.append(out)
        mondrian_keeping_all(src, t, ["age", "race", "marital_status"], 5, out)
        now = maria.fetch(read)
        rows = sorted(maria.fetch(f"SELECT * FROM `{out}`"), key=repr)
        return (k, failures, rows), now

    want, _ = figures()
    assert want[1] and any("," in str(r) for r in want[2])  # a label of several categories
    for setting in ("group_concat_max_len = 16", "collation_connection = 'utf8mb4_bin'"):
        got, now = figures(f"SET SESSION {setting}")
        assert got == want, setting
        assert now != mine, setting  # the caller's setting, back after the run
        maria.run("SET SESSION group_concat_max_len = 1048576")
        maria.run("SET SESSION collation_connection = 'utf8mb4_general_ci'")
