"""Every reference case marked `sql` equals PETsARD 1.7.0, on every backend."""

from __future__ import annotations

import datetime as dt
import re

import pandas as pd
import pytest

import privrisk_sql as pr

from backends import FIXTURES
from reference import assert_global_equal, assert_tree_equal, cases, detail_multiset, load

SQL_CASES = cases("sql")


def test_reference_cases_are_found():
    # Guards against a silently empty parametrization (e.g. fixtures/petsard missing).
    assert len(SQL_CASES) >= 8


@pytest.mark.parametrize("case_name", SQL_CASES)
def test_sql_case_equals_petsard(backend, case_name):
    case, expected = load(case_name)
    ts = case.get("datetime_columns") or []
    # gen_minutes has real timestamps; DuckDB reads the date-only columns of other cases as DATE.
    ts = [c for c in ts if case_name == "gen_minutes_sizes12"]
    ori = backend.load(FIXTURES / case["ori"], ts)
    syn = backend.load(FIXTURES / case["syn"], ts)
    result = pr.mpuccs(
        backend.source(), ori, syn, columns=case["columns"], nulls="sql", key=backend.key, **case.get("params", {})
    )
    got = result.to_dict()
    assert_global_equal(got["global"], expected["global"])
    assert_tree_equal(got["tree"], expected["tree"])
    assert detail_multiset(got["details"]) == detail_multiset(expected["details"])


@pytest.mark.parametrize("case_name", SQL_CASES)
def test_sql_case_without_details_counts_the_same(backend, case_name):
    """details=False counts the events in the database, returning no event row: its global and
    tree are PETsARD's, and the same floats as a run that keeps the details."""
    case, expected = load(case_name)
    ts = [c for c in case.get("datetime_columns") or [] if case_name == "gen_minutes_sizes12"]
    ori = backend.load(FIXTURES / case["ori"], ts)
    syn = backend.load(FIXTURES / case["syn"], ts)
    run = {
        kept: pr.mpuccs(
            backend.source(),
            ori,
            syn,
            columns=case["columns"],
            key=backend.key,
            details=kept,
            **case.get("params", {}),
        )
        for kept in (True, False)
    }
    counted = run[False].to_dict()
    assert "details" not in counted and not run[False].details_kept
    assert_global_equal(counted["global"], expected["global"])
    assert_tree_equal(counted["tree"], expected["tree"])
    kept = run[True].to_dict()
    assert counted["global"] == kept["global"] and counted["tree"] == kept["tree"]
    with pytest.raises(pr.InvalidInputError, match="details=False"):
        _ = run[False].details


PETSARD_CASES = cases("petsard")


def test_petsard_cases_are_found():
    assert PETSARD_CASES, "no reference case marked nulls=petsard"


def _run_case(backend, case_name, nulls):
    case, expected = load(case_name)
    ori = backend.load(FIXTURES / case["ori"])
    syn = backend.load(FIXTURES / case["syn"])
    result = pr.mpuccs(
        backend.source(), ori, syn, columns=case["columns"], nulls=nulls, key=backend.key, **case.get("params", {})
    )
    return result.to_dict(), expected


@pytest.mark.parametrize("case_name", PETSARD_CASES)
def test_petsard_case_equals_petsard_with_petsard_nulls(backend, case_name):
    got, expected = _run_case(backend, case_name, "petsard")
    assert_global_equal(got["global"], expected["global"])
    assert_tree_equal(got["tree"], expected["tree"])
    assert detail_multiset(got["details"]) == detail_multiset(expected["details"])


@pytest.mark.parametrize("case_name", PETSARD_CASES)
def test_petsard_case_differs_with_sql_nulls(backend, case_name):
    """The README's worked example: with SQL NULL semantics a float NULL in syn groups with other
    NULLs, so fewer syn rows are unique (gen_gaps: income has 1033 syn-unique values under PETsARD's
    rule, 941 under SQL's; 1964 rows identified instead of 1967)."""
    got, expected = _run_case(backend, case_name, "sql")
    assert got["global"]["total_identified"] != expected["global"]["total_identified"]
    first_sql, first_ref = got["tree"][0], expected["tree"][0]
    assert first_sql["field_combo"] == first_ref["field_combo"]
    assert first_sql["mpuccs_cnt"] < first_ref["mpuccs_cnt"]


def test_ieee_nan_is_missing_like_pandas(backend):
    """A real NaN in a DOUBLE column (DuckDB and PostgreSQL keep it apart from NULL) is missing, as
    pandas reads it: same result as the case with empty cells, and no effect on precision."""
    from privrisk_sql.sql.types import TypeClass

    cols = [("x", TypeClass.FLOAT), ("g", TypeClass.TEXT)]
    nan_rows = [(float("nan"), "F"), (float("nan"), "M"), (5.25, "M")]
    null_rows = [(None, "F"), (None, "M"), (5.25, "M")]
    ori_rows = [(float("nan"), "F"), (5.25, "M")]
    tag = backend.name
    backend.create(f"nan_syn_{tag}", cols, nan_rows)
    backend.create(f"null_syn_{tag}", cols, null_rows)
    backend.create(f"nan_ori_{tag}", cols, ori_rows)
    for nulls in ("sql", "petsard"):
        a = pr.mpuccs(backend.source(), f"nan_ori_{tag}", f"nan_syn_{tag}", n_cols=1, nulls=nulls).to_dict()
        b = pr.mpuccs(backend.source(), f"nan_ori_{tag}", f"null_syn_{tag}", n_cols=1, nulls=nulls).to_dict()
        assert a["global"] == b["global"]
        assert a["global"]["config_numeric_precision"] == 2
    assert a["global"]["identification_rate"] == 1.0  # petsard: each NaN row unique, matches ori's NaN


def test_postgres_without_key_reports_no_positions(backend):
    if backend.name != "postgres":
        pytest.skip("DuckDB and SQLite have a natural row order")
    case, expected = load("handcheck")
    ori, syn = backend.load(FIXTURES / case["ori"]), backend.load(FIXTURES / case["syn"])
    r = pr.mpuccs(backend.source(), ori, syn, columns=["a", "b", "c"]).to_dict()
    assert r["global"]["identification_rate"] == 0.8
    assert {(d["syn_idx"], d["ori_idx"]) for d in r["details"]} == {(None, None)}
    assert [d["value_combo"] for d in r["details"]][0] == ["z"]


def _rows_in_any_order():
    """ori and syn rows (a timestamp, a text and an integer column) whose first 100 ori rows hold
    whole seconds and the rest microseconds, with text a collation could tie ('a', 'A') and NULLs.
    syn copies two ori rows of three and has a few more, some a microsecond part away from ori's:
    floored to the second they match, to the microsecond they do not."""
    base = dt.datetime(2024, 1, 1)
    texts, numbers = ["a", "A", "b", None], [1, 2, None]

    def row(i, micro=None):
        micro = (250 if i >= 100 else 0) if micro is None else micro
        return (base + dt.timedelta(seconds=7 * (i // 2), microseconds=micro), texts[i % 4], numbers[i % 3])

    ori = [row(i) for i in range(140)]
    syn = [row(i) for i in range(140) if i % 3 != 2] + [row(i, micro=0) for i in range(101, 140, 3)]
    return ori, syn


def test_without_a_key_nothing_depends_on_the_order_rows_are_read(backend):
    """Where a table's rows have no order (PostgreSQL, MariaDB, Spark without --key), the same
    rows stored in another order give the same result, details in the same order. Before, the
    datetime precision came from whichever 100 rows the engine read first (PostgreSQL: 100 % of
    the syn rows identified one way, 11 % the other) and the details came in the order the rows
    were read. Oracle: DuckDB over the same rows with every value's precision (us) and a key
    that numbers the rows by their values (text by its bytes, NULL where this engine sorts it)."""
    if backend.dialect.natural_row_order:
        pytest.skip("DuckDB and SQLite read a table in its order: positions and the first 100 rows are defined")
    from privrisk_sql.sql.types import TypeClass

    cols = [("t", TypeClass.TIMESTAMP), ("g", TypeClass.TEXT), ("n", TypeClass.INTEGER)]
    ori, syn = _rows_in_any_order()
    backend.create("any_order_ori_a", cols, ori)
    backend.create("any_order_syn_a", cols, syn)
    backend.create("any_order_ori_b", cols, ori[::-1])
    backend.create("any_order_syn_b", cols, syn[3:] + syn[:3])
    a = pr.mpuccs(backend.source(), "any_order_ori_a", "any_order_syn_a").to_dict()
    b = pr.mpuccs(backend.source(), "any_order_ori_b", "any_order_syn_b").to_dict()
    assert a == b
    assert a["global"]["config_datetime_precision"] == "us"

    nulls_first = backend.fetch("SELECT v FROM (SELECT 1 AS v UNION ALL SELECT NULL AS v) t ORDER BY v")[0][0] is None

    def by_value(row):  # Python orders str by code point, as UTF-8 bytes sort
        return tuple(((v is not None) == nulls_first, v if v is not None else 0) for v in row)

    frame = lambda rows, key: pd.DataFrame(  # noqa: E731
        [(*r, k) for r, k in zip(rows, key)], columns=["t", "g", "n", "k"]
    ).astype({"n": "Int64"})
    distinct_syn = sorted(set(syn), key=by_value)
    expected = pr.mpuccs(
        pr.connect(),
        frame(ori, range(len(ori))),
        frame(distinct_syn, range(len(distinct_syn))),
        columns=["t", "g", "n"],
        datetime_precision="us",
        key="k",
    ).to_dict()
    assert a["global"] == {**expected["global"], "config_datetime_precision": "us"}
    assert [(d["field_combo"], d["value_combo"]) for d in a["details"]] == [
        (d["field_combo"], d["value_combo"]) for d in expected["details"]
    ]
    assert {(d["syn_idx"], d["ori_idx"]) for d in a["details"]} == {(None, None)}


def test_explicit_datetime_precision_floors_both_tables(duck, tmp_path):
    (tmp_path / "o.csv").write_text("t\n2021-01-01 10:15:00\n2021-01-01 11:00:00\n")
    (tmp_path / "s.csv").write_text("t\n2021-01-01 10:59:59\n2021-01-01 12:00:00\n")
    auto = pr.mpuccs(duck.source(), str(tmp_path / "o.csv"), str(tmp_path / "s.csv"))
    assert auto.to_dict()["global"]["config_datetime_precision"] == "T"
    assert auto.to_dict()["global"]["total_identified"] == 0
    hourly = pr.mpuccs(duck.source(), str(tmp_path / "o.csv"), str(tmp_path / "s.csv"), datetime_precision="h")
    g = hourly.to_dict()["global"]
    assert g["config_datetime_precision"] == "h" and g["total_identified"] == 1
    assert hourly.to_dict()["details"][0]["value_combo"] == ["2021-01-01T10:00:00"]


def test_time_zone_timestamps_are_floored_in_the_sessions_zone():
    # docs/metrics/mpuccs.md: an instant is floored to the day as the session's zone reads it, as
    # pandas floors a tz-aware column in its own zone; both 'a' rows fall on one day east and
    # west of UTC, on two in UTC.
    import duckdb

    rows = {"o": ["2020-01-01 20:00:00+00", "2020-01-02 01:00:00+00"], "s": ["2020-01-02 03:00:00+00"]}
    distinct_ori = {}
    for zone in ("UTC", "Asia/Kolkata", "America/New_York"):
        con = duckdb.connect()
        con.execute(f"SET TimeZone = '{zone}'")
        for side, stamps in rows.items():
            con.execute(f"CREATE TABLE {side} (ts TIMESTAMPTZ, x VARCHAR)")
            con.executemany(f"INSERT INTO {side} VALUES (?, 'a')", [[t] for t in stamps])
        g = pr.mpuccs(con, "o", "s", datetime_precision="D").to_dict()["global"]
        distinct_ori[zone] = g["total_ori_records"]
        expected_days = {pd.Timestamp(t).tz_convert(zone).floor("D") for t in rows["o"]}
        assert g["total_ori_records"] == len(expected_days), zone
    assert distinct_ori == {"UTC": 2, "Asia/Kolkata": 1, "America/New_York": 1}


def test_sqlite_codes_the_rows_without_scanning_a_dictionary_per_row(tmp_path):
    """SQLite builds no index for a CTE: the dictionaries the default shape joins back to the rows
    were each scanned once per row (77 of 88 s over a 30k-row pair; benchmarks/sqlite_mpuccs.py).
    Its own shape joins nothing."""
    import sqlite3

    from privrisk_sql.metrics.mpuccs.sql import MpuccsQueries

    con = sqlite3.connect(tmp_path / "w.sqlite")
    for side in ("syn", "ori"):
        con.execute(f"CREATE TABLE {side} (rid INTEGER, c0 TEXT, c1 REAL)")
    sql = MpuccsQueries("sqlite").coded_rows("coded", "syn", "ori", ["c0", "c1"])
    plan = [row[-1] for row in con.execute("EXPLAIN QUERY PLAN " + sql.split(" AS\n", 1)[1])]
    assert not [step for step in plan if "JOIN" in step], plan


@pytest.mark.parametrize("case_name,nulls", [(SQL_CASES[0], "sql"), (PETSARD_CASES[0], "petsard")])
def test_grouping_by_code_columns_equals_packed_keys(backend, case_name, nulls, monkeypatch):
    # Combinations whose codes would overflow a BIGINT are grouped by their code columns instead;
    # forcing that path on every combination must not change a number.
    from privrisk_sql.metrics.mpuccs import sql as mpuccs_sql

    packed, expected = _run_case(backend, case_name, nulls)
    monkeypatch.setattr(mpuccs_sql, "PACKED_KEY_LIMIT", 1)
    unpacked, _ = _run_case(backend, case_name, nulls)
    assert unpacked == packed
    if nulls == "petsard":
        assert_global_equal(unpacked["global"], expected["global"])


def test_combinations_without_a_syn_unique_row_are_not_grouped_for_matches(backend):
    # No syn row is unique on `sex` alone (every value occurs twice in syn), so no syn row can
    # match one ori row on it: its histogram says so, and no grouping of both sides is spent on it.
    from privrisk_sql.sql.types import TypeClass

    cols = [("sex", TypeClass.TEXT), ("age", TypeClass.INTEGER)]
    backend.create("ori_u", cols, [("F", 30), ("M", 41), ("F", 52), ("M", 63)])
    backend.create("syn_u", cols, [("F", 30), ("F", 31), ("M", 41), ("M", 31)])
    src = backend.source()
    statements: list[str] = []
    src.on_timing = lambda sql, seconds: statements.append(sql)
    r = pr.mpuccs(src, "ori_u", "syn_u", n_cols=[1, 2]).to_dict()
    evaluated = {tuple(t["field_combo"]): t for t in r["tree"] if not t["is_pruned"]}
    assert evaluated[("sex",)]["mpuccs_cnt"] == 0 and evaluated[("age",)]["mpuccs_cnt"] == 2
    grouped_for_matches = {
        int(m)
        for sql in statements
        if "_matches" in sql and "INSERT" in sql
        for m in re.findall(r"CAST\((\d+) AS", sql)
    }
    by_id = {t["check_order"]: tuple(t["field_combo"]) for t in r["tree"]}
    assert ("age",) in {by_id[i] for i in grouped_for_matches}
    assert ("sex",) not in {by_id[i] for i in grouped_for_matches}
    assert r["global"]["total_identified"] == 2  # (F, 30) and (M, 41): one ori row each on age
