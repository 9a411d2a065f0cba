"""Mondrian on every backend: partitions equal to an independent in-memory implementation of the
same rules (tests/mondrian_reference.py), the output checked k-anonymous by SQL and by pandas,
hand-checked tiny cases, the NULL policy, output safety (refuse, replace, atomic) and the CLI."""

from __future__ import annotations

import datetime as dt
import decimal
import json
import os
import re
import uuid
from decimal import Decimal

import duckdb
import pandas as pd
import pytest

import privrisk_sql as pr
import privrisk_sql.metrics.mondrian.run as mondrian_module
from privrisk_sql.sql.render import quote_identifier
from privrisk_sql.sql.types import TypeClass as T

from backends import (
    FIXTURES,
    DuckDBBackend,
    create_case_insensitive,
    mondrian_keeping_all,
    setting_in_levels_and_after,
)
from mondrian_reference import encode, mondrian_reference, partition_sets, released_groups

ADULT = FIXTURES / "mondrian" / "adult_2k.csv"
QIDS = ["age", "education_num", "hours_per_week", "sex", "race", "marital_status"]


def _out(backend) -> str:
    name = f"out_{uuid.uuid4().hex[:12]}"
    if hasattr(backend, "created"):
        backend.created.append(name)  # dropped when the backend closes
    return name


def _probe(sql: str) -> bool:
    """Whether ``sql`` is the empty table a run creates (and drops) to learn it may create one
    there (SQLite, MariaDB where the catalog cannot tell), before any work."""
    return sql.rstrip().endswith("(x INTEGER)")


def _q(backend, name):
    return quote_identifier(name, backend.dialect)


def _output(backend, name) -> pd.DataFrame:
    cols = [c for c, *_ in _columns(backend, name)]
    return pd.DataFrame(backend.fetch(f"SELECT * FROM {_q(backend, name)}"), columns=cols)


def _columns(backend, name):
    src = backend.source()
    return [(c.name, c.sql_type) for c in src.relation(name).columns]


@pytest.mark.parametrize("fallback", ["all_ranks", "rank_by_rank"])
@pytest.mark.parametrize(
    "k,median,relaxed", [(5, "lower", False), (10, "interp", False), (25, "lower", False), (7, "lower", True)]
)
def test_partitions_equal_reference(backend, k, median, relaxed, fallback, monkeypatch):
    if fallback == "rank_by_rank":  # what a run takes when the remaining candidates are many rows
        monkeypatch.setattr(mondrian_module, "ALL_RANKS_MAX_ROWS", -1)
    t = backend.load(ADULT)
    out = _out(backend)
    src = backend.source()
    statements: list[str] = []
    src.on_timing = lambda sql, seconds: statements.append(sql)
    r = mondrian_keeping_all(src, t, QIDS, k, out, median=median, relaxed=relaxed)
    fallbacks = [sql for sql in statements if sql.lstrip().startswith("INSERT INTO") and "r.rnk" in sql]
    if not relaxed:  # the fallback strategy under test did run
        assert fallbacks and all(("r.rnk >= 2" in sql) == (fallback == "all_ranks") for sql in fallbacks)
    df = pd.read_csv(ADULT)
    ref = partition_sets(mondrian_reference(encode(df, QIDS), k, median, relaxed), df["id"])
    got = _output(backend, out)
    assert released_groups(got) == ref
    assert r.partitions == len(ref) and r.min_size >= k
    if relaxed:
        assert r.max_size <= 2 * k - 1


def test_output_is_k_anonymous_complete_and_true(backend):
    k = 8
    t = backend.load(ADULT)
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t, QIDS, k, out)
    # independent SQL: group by the generalized values, not by partition_id
    gen = ", ".join(_q(backend, f"{q}_gen") for q in QIDS)
    smallest = backend.fetch(
        f"SELECT MIN(c), COUNT(*) FROM (SELECT COUNT(*) AS c FROM {_q(backend, out)} GROUP BY {gen}) x"
    )
    assert smallest[0][0] >= k and smallest[0][1] == r.partitions
    got = _output(backend, out)
    src = pd.read_csv(ADULT)
    assert sorted(got["id"]) == sorted(src["id"])  # no row lost or duplicated
    assert got.groupby([f"{q}_gen" for q in QIDS]).size().min() >= k
    # every original value lies in its row's [lo, hi]; categoricals in sorted order
    both = src.merge(got, on="id")
    for q in QIDS:
        assert ((both[q] >= both[f"{q}_lo"]) & (both[q] <= both[f"{q}_hi"])).all(), q
    # kept columns are copied unchanged, QID originals are not in the output
    assert (both["income_x"] == both["income_y"]).all()  # income is in the input and (kept) in the output
    assert not set(QIDS) & set(got.columns)


def test_summary_matches_pandas(backend):
    k = 6
    t = backend.load(ADULT)
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t, QIDS, k, out)
    got = _output(backend, out)
    src = pd.read_csv(ADULT)
    sizes = got.groupby("partition_id").size()
    assert (r.partitions, r.min_size, r.max_size) == (len(sizes), sizes.min(), sizes.max())
    assert r.discernibility == int((sizes**2).sum())
    assert r.cavg == pytest.approx(len(src) / (len(sizes) * k))
    for q in ["age", "education_num", "hours_per_week"]:
        span = (got[f"{q}_hi"].astype(float) - got[f"{q}_lo"].astype(float)) / (src[q].max() - src[q].min())
        assert r.ncp[q] == pytest.approx(span.mean()), q
    for q in ["sex", "race", "marital_status"]:  # categories: the label is the set of values
        held = got[f"{q}_gen"].map(lambda g: json.loads(g) if g.startswith("[") else [g])
        assert all(len(v) == len(set(v)) >= 2 for v in held if len(v) > 1), q
        span = (held.map(len) - 1) / (src[q].nunique() - 1)
        assert r.ncp[q] == pytest.approx(span.mean()), q
    assert r.gcp == pytest.approx(sum(r.ncp.values()) / len(QIDS))
    assert r.levels >= 1 and r.queries > 0


def _table(backend, cols, rows) -> str:
    name = f"h_{uuid.uuid4().hex[:12]}"
    if backend.key is not None:
        cols = [(backend.key, T.INTEGER)] + cols
        rows = [(i,) + tuple(row) for i, row in enumerate(rows)]
    backend.create(name, cols, rows)
    return name


def _parts(backend, out, key="id"):
    return released_groups(_output(backend, out), key)


def test_hand_ties_stay_together(backend):
    # x = 1,1,1,1,2,3,4,5 ; n = 8, floor(n/2) = 4 -> s = 1 (C = 4): {1,1,1,1} | {2,3,4,5}; each half
    # has n = 4 < 2k = 4? no: 4 >= 4, cut again: {1,1,1,1} is constant; {2,3,4,5}: s = 3 -> {2,3} | {4,5}
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER)], [(i, v) for i, v in enumerate([1, 1, 1, 1, 2, 3, 4, 5])])
    out = _out(backend)
    mondrian_keeping_all(backend.source(), t, ["x"], 2, out)
    assert _parts(backend, out) == {frozenset({0, 1, 2, 3}), frozenset({4, 5}), frozenset({6, 7})}
    got = _output(backend, out).sort_values("id")
    assert list(got["x_gen"]) == ["1"] * 4 + ["2~3"] * 2 + ["4~5"] * 2


def test_hand_median_at_maximum_is_not_allowable(backend):
    # x = 1,2,3,3,3,3,3 with k = 1: 2·C >= n - 1 = 6 first at C(3) = 7 -> s = 3 = max: nothing
    # right of it, not allowable; y is constant: one partition (the lower-median rule,
    # docs/metrics/mondrian.md; a column of two values would be cut as a category instead)
    rows = [(i, x, "a") for i, x in enumerate([1, 2, 3, 3, 3, 3, 3])]
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER), ("y", T.TEXT)], rows)
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t, ["x", "y"], 1, out)
    assert r.partitions == 1 and _parts(backend, out) == {frozenset(range(7))}
    # interp median: the 4th value of 7, 3 -> the same
    out2 = _out(backend)
    assert mondrian_keeping_all(backend.source(), t, ["x", "y"], 1, out2, median="interp").partitions == 1


def test_two_value_integer_is_cut_like_a_category(backend):
    # 0/1 in an integer column, 1 the majority: the lower median is 1,
    # the top value, so the median rule could never cut it; its one boundary splits 3 | 5 at k = 3
    rows = [(i, int(i >= 3)) for i in range(8)]
    t = _table(backend, [("id", T.INTEGER), ("flag", T.INTEGER)], rows)
    out = _out(backend)
    assert mondrian_keeping_all(backend.source(), t, ["flag"], 3, out).partitions == 2
    assert _parts(backend, out) == {frozenset({0, 1, 2}), frozenset({3, 4, 5, 6, 7})}


def test_hand_fallback_to_next_dimension(backend):
    # x is wider (range 100 vs 1) but its median cut leaves 1 row on the right (k = 2): x = 0,0,0,100
    # -> s = 0, right side 1 row: not allowable; y = 0,0,1,1 cuts {0,1} | {2,3}
    rows = [(0, 0, 0), (1, 0, 0), (2, 0, 1), (3, 100, 1)]
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER), ("y", T.INTEGER)], rows)
    out = _out(backend)
    mondrian_keeping_all(backend.source(), t, ["x", "y"], 2, out)
    assert _parts(backend, out) == {frozenset({0, 1}), frozenset({2, 3})}


@pytest.mark.parametrize(
    "x",
    [
        [0, 0, 0, 0, 0, 100],  # median 0 = lowest value: 1 row right of it
        [0, 5, 5, 5, 5, 5],  # median 5 = highest value: nothing right of it
        [0, 1, 1, 1, 1, 2],  # three values, median the middle one: 1 row right of it
    ],
    ids=["median_lowest", "median_highest", "median_middle_of_three"],
)
def test_cut_known_not_allowable_needs_no_fallback_pass(backend, x):
    # x ranks first (normalized range 1 like y's, more distinct values or the earlier QID) but its
    # cut is not allowable at k = 2, and the counts of its lowest and highest values show it: where
    # the dialect can read those counts in one aggregate (DuckDB, PostgreSQL) the ranking leaves x
    # out and y is cut in the first pass; SQLite finds out in a fallback pass. Same partitions.
    rows = [(i, v, int(i >= 3)) for i, v in enumerate(x)]
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER), ("y", T.INTEGER)], rows)
    out = _out(backend)
    src = backend.source()
    statements: list[str] = []
    src.on_timing = lambda sql, seconds: statements.append(sql)
    mondrian_keeping_all(src, t, ["x", "y"], 2, out)
    assert _parts(backend, out) == {frozenset({0, 1, 2}), frozenset({3, 4, 5})}
    fallbacks = [sql for sql in statements if sql.lstrip().startswith("INSERT INTO") and "r.rnk" in sql]
    # SQLite and MariaDB have no arg_min aggregate (fn.value_at_min): they find out in the pass.
    assert len(fallbacks) == (1 if backend.dialect.name in ("sqlite", "mysql") else 0)


def test_hand_constant_small_and_extreme_k(backend):
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER)], [(i, 7) for i in range(6)])
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t, ["x"], 2, out)  # constant column: no cut possible
    assert r.partitions == 1 and r.ncp == {"x": 0.0} and r.levels == 0
    t2 = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER)], [(i, i) for i in range(5)])
    out = _out(backend)
    assert mondrian_keeping_all(backend.source(), t2, ["x"], 3, out).partitions == 1  # n = 5 < 2k = 6
    out = _out(backend)
    assert mondrian_keeping_all(backend.source(), t2, ["x"], 5, out).partitions == 1  # k = n
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t2, ["x"], 1, out)  # k = 1: every distinct value alone
    assert r.partitions == 5 and r.gcp == 0.0 and _parts(backend, out) == {frozenset({i}) for i in range(5)}


def test_dates_timestamps_booleans(backend):
    d0 = dt.date(2020, 1, 1)
    rows = [
        (i, d0 + dt.timedelta(days=i * 10), dt.datetime(2021, 5, 1, 12) + dt.timedelta(hours=i), i % 3 == 0)
        for i in range(12)
    ]
    t = _table(backend, [("id", T.INTEGER), ("d", T.DATE), ("ts", T.TIMESTAMP), ("b", T.BOOLEAN)], rows)
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t, ["d", "ts", "b"], 3, out)
    df = pd.DataFrame(rows, columns=["id", "d", "ts", "b"])
    df["d"] = pd.to_datetime(df["d"])
    ref = partition_sets(mondrian_reference(encode(df, ["d", "ts", "b"]), 3), df["id"])
    assert _parts(backend, out) == ref and r.partitions == len(ref)
    got = _output(backend, out).sort_values("id")
    first = got.iloc[0]
    assert str(first["d_lo"])[:10] == "2020-01-01" and "~" in first["d_gen"]


@pytest.mark.parametrize("relaxed", [False, True])
def test_output_keeps_input_order(backend, relaxed):
    """With keep_order, rows come out in the order the input had (ids shuffled, so no other order
    could pass) where tables have one (DuckDB, SQLite); a PostgreSQL table has none, so there every
    row is written and no order is paid for (the statement has no ORDER BY). Without it no engine
    pays for the sort (issue 39: a third of the output statement at 1M rows)."""
    ids = [7, 3, 11, 0, 9, 5, 1, 10, 2, 8, 6, 4]
    rows = [(i, i % 4, (i * 7) % 5) for i in ids]
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER), ("y", T.INTEGER)], rows)
    out = _out(backend)
    src = backend.source()
    statements = []
    src.echo = statements.append
    mondrian_keeping_all(src, t, ["x", "y"], 3, out, relaxed=relaxed, keep_order=True)
    got = _output(backend, out)["id"].tolist()
    output_sql = next(
        sql
        for sql in statements
        if sql.startswith("CREATE TABLE") and "_staging" in sql.split("\n")[0] and not _probe(sql)
    )
    statements.clear()
    unordered = _out(backend)
    mondrian_keeping_all(src, t, ["x", "y"], 3, unordered, relaxed=relaxed)
    default_sql = next(
        sql
        for sql in statements
        if sql.startswith("CREATE TABLE") and "_staging" in sql.split("\n")[0] and not _probe(sql)
    )
    assert "ORDER BY" not in default_sql and sorted(_output(backend, unordered)["id"]) == sorted(ids)
    if backend.dialect.natural_row_order:
        assert got == ids
        assert "ORDER BY" in output_sql
    else:
        assert sorted(got) == sorted(ids)
        assert "ORDER BY" not in output_sql


@pytest.mark.parametrize("relaxed", [False, True])
def test_labels_only_writes_the_same_partitions_and_labels_without_bounds(backend, relaxed):
    """labels_only drops each QID's _lo and _hi and nothing else: the same rows, partitions and
    labels as the default output, on every backend and in both modes (a text, a number, a date)."""
    d0 = dt.date(2020, 1, 1)
    rows = [(i, ["a", "b", "c"][i % 3], i % 7, d0 + dt.timedelta(days=(i * 5) % 30)) for i in range(24)]
    t = _table(backend, [("id", T.INTEGER), ("s", T.TEXT), ("x", T.INTEGER), ("d", T.DATE)], rows)
    src = backend.source()
    full, labels = _out(backend), _out(backend)
    mondrian_keeping_all(src, t, ["s", "x", "d"], 3, full, relaxed=relaxed)
    mondrian_keeping_all(src, t, ["s", "x", "d"], 3, labels, relaxed=relaxed, labels_only=True)
    got, want = _output(backend, labels), _output(backend, full)
    bounds = {"s_lo", "s_hi", "x_lo", "x_hi", "d_lo", "d_hi"}
    assert bounds <= set(want.columns) and {"partition_id", "s_gen", "x_gen", "d_gen"} <= set(got.columns)
    assert list(got.columns) == [c for c in want.columns if c not in bounds]  # (servers' tables add a row_id)
    want = want[list(got.columns)]
    assert got.sort_values("id").reset_index(drop=True).equals(want.sort_values("id").reset_index(drop=True))


def test_float_zero_signs_nan_and_null(backend):
    """-0.0 and 0.0 are one value, NaN and NULL are missing (nulls="separate"): every row is
    written once, in the partitions of the reference."""
    values = [0.0, -0.0, float("nan"), None, 1.5, 1.5, -2.0, 3.25, 0.0, None, 2.0, -0.0, 4.0, 1.0]
    if not backend.can.stores_nan:  # SQLite stores NULL
        values = [None if v != v else v for v in values]
    rows = [(i, v, i % 3) for i, v in enumerate(values)]
    t = _table(backend, [("id", T.INTEGER), ("f", T.FLOAT), ("g", T.INTEGER)], rows)
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t, ["f", "g"], 2, out, nulls="separate")
    df = pd.DataFrame(rows, columns=["id", "f", "g"]).astype({"f": float})
    ref = partition_sets(mondrian_reference(encode(df, ["f", "g"], nulls="separate"), 2), df["id"])
    got = _output(backend, out)
    assert sorted(got["id"]) == list(range(len(values)))
    assert released_groups(got) == ref and r.partitions == len(ref)


@pytest.mark.parametrize("change", ["delete", "insert"])
def test_input_changed_during_run_writes_nothing(backend, change):
    """Strict Mondrian reads the input twice (code tuples, then the output): rows deleted or added
    in between are caught before the output gets its name."""
    rows = [(i, i % 6, i % 4) for i in range(40)]
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER), ("y", T.INTEGER)], rows)
    backend.forget(t)  # this test changes its input on purpose
    out = _out(backend)
    src = backend.source()
    before = _tables(src)
    sql = {
        "delete": f"DELETE FROM {_q(backend, t)} WHERE {_q(backend, 'id')} < 3",
        "insert": f"INSERT INTO {_q(backend, t)} ({_q(backend, 'id')}, {_q(backend, 'x')}, {_q(backend, 'y')}) "
        "VALUES (100, 1, 1)",
    }[change]
    fired = []

    def meddle(statement):
        if statement.startswith("CREATE TABLE") and not _probe(statement) and not fired:
            fired.append(statement)
            backend.run(sql)

    src.echo = meddle
    with pytest.raises(pr.InputChangedError, match=rf"{t}.*changed during the run.*40 rows"):
        mondrian_keeping_all(src, t, ["x", "y"], 4, out)
    src.echo = None
    assert fired and not src.table_exists(out) and _tables(src) == before


def test_reserved_column_names(backend):
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER), ("privrisk_c0", T.INTEGER)], [(0, 1, 1), (1, 2, 2)])
    with pytest.raises(pr.InvalidInputError, match="'privrisk_c0'.*reserved"):
        mondrian_keeping_all(backend.source(), t, ["x"], 1, _out(backend))


def test_nulls_error_names_the_column(backend):
    t = backend.load(ADULT)
    with pytest.raises(pr.InvalidInputError, match=r"'workclass'.*NULL"):
        mondrian_keeping_all(backend.source(), t, ["age", "workclass"], 5, _out(backend))


def test_nulls_separate(backend):
    t = backend.load(ADULT)
    out = _out(backend)
    qids = ["age", "workclass", "sex"]
    r = mondrian_keeping_all(backend.source(), t, qids, 5, out, nulls="separate")
    df = pd.read_csv(ADULT)
    assert r.null_rows == {"workclass": int(df["workclass"].isna().sum())}
    ref = partition_sets(mondrian_reference(encode(df, qids, nulls="separate"), 5), df["id"])
    got = _output(backend, out)
    assert released_groups(got) == ref
    # NULL sorts first: a partition holding NULL has lo NULL, and its label is NULL itself (SQL
    # NULL, never the text) or a JSON array of its values with null first: exactly its values
    both = df[["id", "workclass"]].merge(got, on="id")
    holding = both[both["workclass"].isna()]
    assert len(holding) and holding["workclass_lo"].isna().all()
    for pid, rows in both[both["partition_id"].isin(holding["partition_id"])].groupby("partition_id"):
        gen = rows["workclass_gen"].iloc[0]
        values = sorted(rows["workclass"].dropna().unique())
        assert (gen is None) if not values else json.loads(gen) == [None, *values], (pid, gen)
    assert (
        both.loc[both["workclass"].notna() & ~both["partition_id"].isin(holding["partition_id"]), "workclass_lo"]
        .notna()
        .all()
    )


def test_user_order_for_categorical(backend):
    rows = [(i, v) for i, v in enumerate(["low", "low", "mid", "mid", "high", "high"])]
    t = _table(backend, [("id", T.INTEGER), ("level", T.TEXT)], rows)
    out = _out(backend)
    mondrian_keeping_all(backend.source(), t, ["level"], 2, out, order={"level": ["low", "mid", "high"]})
    got = _output(backend, out)
    assert released_groups(got) == {frozenset({0, 1}), frozenset({2, 3}), frozenset({4, 5})}
    out = _out(backend)
    mondrian_keeping_all(backend.source(), t, ["level"], 3, out, order={"level": ["low", "mid", "high"]})
    # n = 6: floor(6/2) = 3, C(low) = 2, C(mid) = 4 -> s = mid: {low, mid} (4) | {high} (2 < 3): no cut
    assert set(_output(backend, out)["level_gen"]) == {"low~high"}
    with pytest.raises(pr.InvalidInputError, match="'mid'.*not in the given order"):
        mondrian_keeping_all(backend.source(), t, ["level"], 2, _out(backend), order={"level": ["low", "high"]})


@pytest.mark.parametrize("relaxed", [False, True])
def test_case_insensitive_column_is_cut_on_its_bytes(backend, relaxed):
    """Text QID values are distinct when their bytes are, whatever the column's collation: the
    released table holds 'PARIS' and 'Paris' as two values, and the values are ranked in Python
    anyway. Before, SQLite lost the rows its NOCASE rank map did not match (a false 'table
    changed' error) and DuckDB and PostgreSQL silently merged the values."""
    cities = ["Paris", "PARIS", "paris", "Lyon", "LYON", "lyon", "Nice"]
    rows = [(i, 20 + (i * 7) % 23, cities[(i * 5) % len(cities)]) for i in range(84)]
    name = create_case_insensitive(backend, [("id", T.INTEGER), ("age", T.INTEGER), ("city", T.TEXT)], rows)
    assert len(backend.fetch(f"SELECT DISTINCT {_q(backend, 'city')} FROM {_q(backend, name)}")) < 7  # it merges
    out = _out(backend)
    k = 4
    r = mondrian_keeping_all(backend.source(), name, ["age", "city"], k, out, relaxed=relaxed)
    df = pd.DataFrame(rows, columns=["id", "age", "city"])
    ref = partition_sets(mondrian_reference(encode(df, ["age", "city"]), k, relaxed=relaxed), df["id"])
    got = _output(backend, out)
    assert released_groups(got) == ref and r.partitions == len(ref)
    assert set(got["city_lo"]) | set(got["city_hi"]) <= set(cities)  # the rows' own spellings
    merged = got.merge(df, on="id")
    assert (merged["city_lo"] <= merged["city"]).all() and (merged["city"] <= merged["city_hi"]).all()


@pytest.mark.parametrize("relaxed", [False, True])
def test_values_without_a_rank_are_an_error_not_an_endless_run(backend, relaxed, monkeypatch):
    """If the database compares a text QID in a way the byte-wise rank map cannot follow, rows are
    left without a code, and a partition was cut into itself level after level (PostgreSQL
    citext, before it was read through TEXT). The mismatch is injected here (the rank map gets the
    lower-cased values); the run must stop with an error naming the column, before any level."""
    original = mondrian_module.MondrianQueries.distinct_values
    monkeypatch.setattr(
        mondrian_module.MondrianQueries,
        "distinct_values",
        lambda self, relation, column: original(
            self, f"(SELECT LOWER({_q(backend, column)}) AS {_q(backend, column)} FROM {relation}) lowered", column
        ),
    )
    rows = [(i, 20 + i % 5, ["Paris", "paris", "Lyon"][i % 3]) for i in range(30)]
    t = _table(backend, [("id", T.INTEGER), ("age", T.INTEGER), ("city", T.TEXT)], rows)
    src = backend.source(timeout=60)  # a regression fails instead of hanging the suite
    statements: list[str] = []
    src.echo = statements.append
    with pytest.raises(pr.InvalidInputError, match=r"column 'city' of .*: 20 row\(s\) did not match"):
        mondrian_keeping_all(src, t, ["age", "city"], 2, _out(backend), relaxed=relaxed)
    assert not any("_freq" in sql.split("\n")[0] for sql in statements)  # stopped before the first level


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"k": 0}, "k must be an integer"),
        ({"k": 2.5}, "k must be an integer"),
        ({"median": "mean"}, "median must be"),
        ({"nulls": "drop"}, "nulls must be"),
        ({"qids": ["nope"]}, "column 'nope' not found"),
        ({"keep": ["age"]}, "is a QID"),
        ({"k": 5000}, "fewer than k=5000"),
    ],
)
def test_bad_input(backend, kwargs, match):
    t = backend.load(ADULT)
    args = {"qids": ["age", "sex"], "k": 5, **kwargs}
    with pytest.raises(pr.InvalidInputError, match=match):
        mondrian_keeping_all(backend.source(), t, args.pop("qids"), args.pop("k"), _out(backend), **args)


def test_keep_clash_and_empty_table(backend):
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER), ("x_lo", T.INTEGER)], [(0, 1, 1), (1, 2, 2)])
    with pytest.raises(pr.InvalidInputError, match="'x_lo' clashes"):
        mondrian_keeping_all(backend.source(), t, ["x"], 1, _out(backend))
    e = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER)], [])
    with pytest.raises(pr.InvalidInputError, match="is empty"):
        mondrian_keeping_all(backend.source(), e, ["x"], 1, _out(backend))


def test_existing_output_refused_then_replaced(backend):
    t = backend.load(ADULT)
    out = _out(backend)
    mondrian_keeping_all(backend.source(), t, ["age"], 50, out)
    before = backend.fetch(f"SELECT COUNT(DISTINCT partition_id) FROM {_q(backend, out)}")[0][0]
    with pytest.raises(pr.InvalidInputError, match="already exists"):
        mondrian_keeping_all(backend.source(), t, ["age"], 5, out)
    assert backend.fetch(f"SELECT COUNT(DISTINCT partition_id) FROM {_q(backend, out)}")[0][0] == before
    r = mondrian_keeping_all(backend.source(), t, ["age"], 5, out, replace=True)
    assert backend.fetch(f"SELECT COUNT(DISTINCT partition_id) FROM {_q(backend, out)}")[0][0] == r.partitions > before
    with pytest.raises(pr.InvalidInputError, match="is the input table"):
        mondrian_keeping_all(backend.source(), t, ["age"], 5, t, replace=True)


@pytest.mark.parametrize("replace", [False, True])
def test_an_output_another_session_creates_meanwhile_is_named_not_a_database_error(backend, replace):
    """Two runs writing one output at once (two CLI processes, seen on SQLite and PostgreSQL): the
    output was absent when the second one checked it before its work, present when it published,
    and it ended "database error: relation "rel" already exists" (exit 3). Without replace the
    other's table stays and the refusal names it; with replace the run's table takes its place."""
    t = backend.load(ADULT)
    out = _out(backend)

    created = []

    def another_session(level: int, cuts: int) -> None:
        if not created:  # the check before the work is behind us: the other run publishes now
            created.append(level)
            backend.run(backend.ddl(out, [("x", T.INTEGER)]))
            backend.run(f"INSERT INTO {_q(backend, out)} VALUES (7)")

    if replace:
        r = mondrian_keeping_all(backend.source(), t, ["age"], 50, out, replace=True, progress=another_session)
        assert backend.fetch(f"SELECT COUNT(DISTINCT partition_id) FROM {_q(backend, out)}")[0][0] == r.partitions
    else:
        with pytest.raises(pr.InvalidInputError, match=f"table '{out}' was created by another session while"):
            mondrian_keeping_all(backend.source(), t, ["age"], 50, out, progress=another_session)
        assert backend.fetch(f"SELECT * FROM {_q(backend, out)}") == [(7,)]
    assert created and not [n for n in backend.user_tables() if "privrisk" in n.lower()]  # no staging table left


def test_a_replaced_output_keeps_the_views_that_read_it_or_is_refused_before_work(backend):
    # A dbt-style view over the released table. Where views name their table (DuckDB, SQLite,
    # MariaDB, Spark) the view reads the new table; SQLite's rename rejected it at the very end
    # (exit 3). PostgreSQL does not drop a table a view depends on: refused by name before work,
    # where the DROP failed after every level.
    t = backend.load(ADULT)
    out, view = _out(backend), f"v_{uuid.uuid4().hex[:12]}"
    mondrian_keeping_all(backend.source(), t, ["age"], 50, out)
    before = backend.fetch(f"SELECT COUNT(DISTINCT partition_id) FROM {_q(backend, out)}")[0][0]
    backend.run(f"CREATE VIEW {_q(backend, view)} AS SELECT partition_id FROM {_q(backend, out)}")
    try:
        src = backend.source()
        statements: list[str] = []
        src.on_timing = lambda sql, seconds: statements.append(sql)
        if backend.can.views_hold_their_tables:
            with pytest.raises(
                pr.InvalidInputError, match=rf"output '{out}' cannot be replaced: view \S*{view} depends"
            ):
                mondrian_keeping_all(src, t, ["age"], 5, out, replace=True)
            assert not [s for s in statements if "CREATE" in s and "TABLE" in s]
            assert backend.fetch(f"SELECT COUNT(DISTINCT partition_id) FROM {_q(backend, view)}")[0][0] == before
        else:
            r = mondrian_keeping_all(src, t, ["age"], 5, out, replace=True)
            assert (
                backend.fetch(f"SELECT COUNT(DISTINCT partition_id) FROM {_q(backend, view)}")[0][0]
                == r.partitions
                > before
            )
    finally:
        backend.run(f"DROP VIEW {_q(backend, view)}")


def test_a_replace_a_foreign_key_blocks_is_refused_before_work(backend):
    # A table referencing the released rows by a key. DuckDB and PostgreSQL failed at the DROP
    # after every level (exit 3); MariaDB renamed the old table away, then could not drop it: the
    # new table was published and the old one stayed under a staging name that cleanup could not
    # drop either.
    src = backend.source()
    if not backend.can.foreign_keys_hold_their_tables:
        pytest.skip(f"{backend.name}: no foreign key keeps a table from being dropped")
    t = backend.load(ADULT)
    out, child = _out(backend), f"c_{uuid.uuid4().hex[:12]}"
    mondrian_keeping_all(src, t, ["age"], 50, out)
    backend.run(f"ALTER TABLE {_q(backend, out)} ADD PRIMARY KEY (id)")
    backend.run(f"CREATE TABLE {_q(backend, child)} (pid BIGINT REFERENCES {_q(backend, out)} (id))")
    backend.run(f"INSERT INTO {_q(backend, child)} VALUES (5)")
    tables = _tables(backend.source())
    try:
        with pytest.raises(
            pr.InvalidInputError,
            match=rf"output '{out}' cannot be replaced: foreign key \S+ of table \S*{child} depends on it",
        ):
            mondrian_keeping_all(backend.source(), t, ["age"], 5, out, replace=True)
        assert _tables(backend.source()) == tables
    finally:
        backend.run(f"DROP TABLE {_q(backend, child)}")


DEFAULT_SCHEMA = {"duckdb": "main", "sqlite": "main", "postgres": "public", "mysql": "privrisk", "spark": "default"}


def test_input_table_under_another_spelling_is_refused(backend):
    """The output may not be the input table however it is spelled (schema-qualified, other
    case), even with replace=True: the input is only ever read. Nothing is written or dropped."""
    t = backend.load(ADULT)
    schema = DEFAULT_SCHEMA[backend.name]
    qualified = f"{schema}.{t}"
    # PostgreSQL's quoted schema names keep their case ("PUBLIC" is another schema); DuckDB's and
    # SQLite's do not.
    other_case = f"{schema}.{t.upper()}" if backend.can.quoted_schema_keeps_case else qualified.upper()
    before = _tables(backend.source())
    for table, output in [(t, qualified), (qualified, t), (t, t.upper()), (qualified, other_case)]:
        with pytest.raises(pr.InvalidInputError, match=f"output {output!r} is the input table"):
            mondrian_keeping_all(backend.source(), table, ["age"], 5, output, replace=True)
    assert backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, t)}")[0][0] == len(pd.read_csv(ADULT))
    assert _tables(backend.source()) == before
    # Another table of the same schema is still written (the check compares objects, not names).
    out = _out(backend)
    assert mondrian_keeping_all(backend.source(), qualified, ["age"], 5, f"{schema}.{out}").partitions > 1


MOST_PARTS = {"duckdb": 3, "sqlite": 2, "postgres": 2, "mysql": 2, "spark": 2}


def test_output_name_is_checked_before_any_work(backend):
    """A malformed output name, a schema (SQLite: attached database) that does not exist, or a
    view are refused with an error naming them before a single statement runs: no work is lost
    at the end of a long run, nothing is created or dropped (the schema used to be found missing
    by the CREATE of the output, 86 statements into the run)."""
    t = backend.load(ADULT)
    view = f"v_{uuid.uuid4().hex[:12]}"
    backend.run(f"CREATE VIEW {_q(backend, view)} AS SELECT 1 AS x")
    if hasattr(backend, "views"):
        backend.views.append(view)
    too_many = ".".join(["a"] * (MOST_PARTS[backend.name] + 1))
    cases = [
        ("nosuch_schema.out", "nosuch_schema"),
        (too_many, "parts"),
        ("a..out", "empty part"),
        ('"unclosed', "unclosed double quote"),
        (view, "is a view"),
        ("", "must be a table name"),
        ("  ", "must be a table name"),
    ]
    before = _tables(backend.source())
    for output, what in cases:
        src = backend.source()
        with pytest.raises(pr.InvalidInputError, match=re.escape(what)) as e:
            mondrian_keeping_all(src, t, ["age"], 5, output, replace=True)
        assert repr(output) in str(e.value)
        assert src.statements == 0, (output, src.statements)
    assert _tables(backend.source()) == before
    assert backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, view)}")[0][0] == 1  # the view is still there


def test_output_name_parts_may_be_quoted(backend):
    """A double-quoted part may hold a dot: '"a.b"' is one table called a.b, written in the
    current schema; 'schema."a.b"' names it with its schema."""
    t = backend.load(ADULT)
    schema = DEFAULT_SCHEMA[backend.name]
    for output in (f'"{_out(backend)}.x"', f'{schema}."{_out(backend)}.y"'):
        name = output.split('"')[1]
        if hasattr(backend, "created"):
            backend.created.append(name)  # the table made, not _out's name: every run left it on the servers
        mondrian_keeping_all(backend.source(), t, ["age"], 5, output)
        assert name in _tables(backend.source())
        assert backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, name)}")[0][0] == len(pd.read_csv(ADULT))


@pytest.mark.parametrize("small_work_rows, threads_in_levels", [(150_000, 1), (0, 3)])
def test_duckdb_levels_of_few_tuples_run_on_one_thread(small_work_rows, threads_in_levels, monkeypatch):
    """DuckDB: the levels of a strict run over at most Dialect.small_work_rows code tuples run on
    one thread (its second only added CPU time there); above it, on the caller's; the caller's
    thread count is back after the run, also after a run that failed inside the levels."""
    import dataclasses

    import duckdb

    con = duckdb.connect()
    con.execute("SET threads = 3")
    con.execute(f"CREATE TABLE adult AS SELECT * FROM read_csv('{ADULT}')")
    src = pr.Source(con)
    monkeypatch.setattr(src, "dialect", dataclasses.replace(src.dialect, small_work_rows=small_work_rows))
    seen, after, after_failed = setting_in_levels_and_after(
        src, "adult", QIDS, "anon", lambda: con.execute("SELECT current_setting('threads')").fetchall()[0][0]
    )
    assert seen == {threads_in_levels} and after == after_failed == 3


def test_duckdb_output_in_an_attached_database(tmp_path):
    """DuckDB: database.schema.table and database.table go where DuckDB's own CREATE TABLE
    puts them (an attached database's schema, its main schema); a read-only attached database
    and DuckDB's temp catalog are refused before any work; a three-part input name is read."""
    import duckdb

    con = duckdb.connect()
    con.execute(f"ATTACH '{tmp_path / 'other.duckdb'}' AS other")
    con.execute("CREATE SCHEMA other.s")
    con.execute(f"ATTACH '{tmp_path / 'frozen.duckdb'}' AS frozen")
    con.execute("DETACH frozen")
    con.execute(f"ATTACH '{tmp_path / 'frozen.duckdb'}' AS frozen (READ_ONLY)")
    con.execute("CREATE TABLE people AS SELECT range % 50 AS age, range AS id FROM range(500)")
    assert mondrian_keeping_all(pr.Source(con), "people", ["age"], 5, "other.s.anon").partitions == 50
    assert mondrian_keeping_all(pr.Source(con), "people", ["age"], 5, "OTHER.anon").partitions == 50
    again = mondrian_keeping_all(pr.Source(con), "other.s.anon", ["age_lo"], 20, "other.s.anon2", keep=[])
    assert (again.n_rows, again.min_size) == (500, 20)
    tables = set(con.execute("SELECT database_name, schema_name, table_name FROM duckdb_tables()").fetchall())
    assert {("other", "s", "anon"), ("other", "main", "anon"), ("other", "s", "anon2")} <= tables
    assert not any("." in name for _, _, name in tables)  # other.s.anon once made a table "s.anon"
    for output, what in [("frozen.anon", "read-only"), ("temp.anon", "TEMP"), ("other.nosuch.anon", "no schema")]:
        src = pr.Source(con)
        with pytest.raises(pr.InvalidInputError, match=what):
            mondrian_keeping_all(src, "people", ["age"], 5, output)
        assert src.statements == 0
    with pytest.raises(pr.InvalidInputError, match="is the input table"):
        mondrian_keeping_all(pr.Source(con), "people", ["age"], 5, "memory.main.people", replace=True)


def _tables(src) -> set[str]:
    if src.dialect.name == "duckdb":
        return {r[0] for r in src.fetch("SELECT table_name FROM duckdb_tables()")}
    if src.dialect.name == "spark":  # tables, and the temporary views of files and DataFrames
        return {r["tableName"] for r in src.fetch_records("SHOW TABLES")}
    import sqlalchemy as sa

    insp = sa.inspect(src.engine.conn)
    names = set(insp.get_table_names())
    if src.dialect.name == "postgres":
        names |= {r[0] for r in src.fetch("SELECT relname FROM pg_class WHERE relpersistence = 't' AND relkind = 'r'")}
    elif src.dialect.name == "mysql":
        from backends import live_temp_tables

        names |= set(live_temp_tables(src.fetch))
    else:
        names |= set(insp.get_temp_table_names())
    return names


@pytest.mark.parametrize("how", ["ctrl-c", "timeout"])
@pytest.mark.parametrize("stop_at", ["split", "output", "rename"])
def test_interrupted_run_leaves_nothing(backend, stop_at, how):
    """Ctrl-C (KeyboardInterrupt) or the timeout at a level, while writing, or at the rename: no
    output table and no TEMP table is left behind, the input is untouched."""
    t = backend.load(ADULT)
    out = _out(backend)
    src = backend.source(timeout=600 if how == "timeout" else None)
    before = _tables(src)

    fired = []

    def interrupt(sql):  # one Ctrl-C, or the deadline passing, at the chosen statement
        hit = {
            "split": "_w2" in sql,
            "output": sql.startswith("CREATE TABLE") and not _probe(sql),
            "rename": sql.startswith(("ALTER TABLE", "RENAME TABLE")) and out in sql,  # not a privilege probe
        }[stop_at]
        if hit and not fired:
            fired.append(sql)
            if how == "ctrl-c":
                raise KeyboardInterrupt
            src._guard.trip("timeout")  # what the watcher thread does at the deadline

    src.echo = interrupt
    if how == "timeout" and stop_at == "rename":
        # The deadline passing during the publication: it is the run's point of no return, so
        # the whole output stands (a server may have refused the rename before it began: then
        # nothing is left). Never anything in between.
        try:
            mondrian_keeping_all(src, t, QIDS, 5, out)
        except pr.QueryTimeoutError:
            assert _tables(src) == before and not src.table_exists(out)
        else:
            assert _tables(src) == before | {out}
        return
    with pytest.raises(KeyboardInterrupt if how == "ctrl-c" else pr.QueryTimeoutError):
        mondrian_keeping_all(src, t, QIDS, 5, out)
    src.echo = None
    assert fired and _tables(src) == before
    assert not src.table_exists(out)


def test_cli_mondrian(tmp_path, capsys):
    from privrisk_sql.cli import main

    db = tmp_path / "w.duckdb"
    js = tmp_path / "m.json"
    args = [
        "mondrian",
        "--db",
        str(db),
        "--table",
        str(ADULT),
        "--qids",
        ",".join(QIDS),
        "--k",
        "10",
        "--output",
        "adult_k10",
        "--keep",
        "id,income",
        "--json",
        str(js),
    ]
    assert main(args) == 0
    summary = json.loads(js.read_text())
    assert {"partitions", "min_size", "max_size", "cavg", "discernibility", "ncp", "gcp", "levels", "queries"} <= set(
        summary
    )
    assert summary["min_size"] >= 10 and set(summary["ncp"]) == set(QIDS)
    out = capsys.readouterr().out
    # thousands separated, as every other summary's counts (it printed 2000 / 91 and 8701255)
    assert f"  rows / partitions          2,000 / {summary['partitions']:,}\n" in out
    assert f"  discernibility             {summary['discernibility']:,}\n" in out
    assert main(args) == 2  # exists
    assert "already exists" in capsys.readouterr().err
    assert main(args + ["--replace", "--order", "sex=Male,Female"]) == 0
    assert main(["mondrian", "--table", str(ADULT), "--qids", "age", "--k", "2", "--output", "x"]) == 2  # no --db
    assert "give --db" in capsys.readouterr().err
    assert (
        main(
            ["mondrian", "--db", str(db), "--table", str(ADULT), "--qids", "age,workclass", "--k", "2", "--output", "y"]
        )
        == 2
    )
    assert "'workclass'" in capsys.readouterr().err
    import duckdb

    con = duckdb.connect(str(db))
    cols = [r[0] for r in con.execute("DESCRIBE adult_k10").fetchall()]
    assert (
        cols[:3] == ["id", "income", "partition_id"]
        and "age_lo" in cols
        and "y" not in {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    )


def test_cli_mondrian_refused_leaves_no_new_database_file(tmp_path, capsys):
    """--db naming a file that does not exist: mondrian creates it, but a refused run (a bad
    output name, an unknown column, a CSV given to SQLite) removes it again instead of leaving
    an empty database behind; a run that writes its output keeps it."""
    from privrisk_sql.cli import main

    base = ["mondrian", "--db", str(tmp_path / "new.duckdb"), "--table", str(ADULT), "--k", "5", "--identifiers", "id"]
    assert main(base + ["--qids", "age", "--output", "nosuch_schema.out"]) == 2
    assert "nosuch_schema" in capsys.readouterr().err
    assert main(base + ["--qids", "no_such_column", "--output", "out"]) == 2
    assert "no_such_column" in capsys.readouterr().err
    sqlite = ["mondrian", "--db", f"sqlite:///{tmp_path}/new.sqlite", "--table", str(ADULT), "--k", "5"]
    assert main(sqlite + ["--qids", "age", "--output", "out"]) == 2
    assert "load the file into sqlite" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    assert main(base + ["--qids", "age", "--output", "out"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.duckdb"]


def test_sqlite_levels_use_an_index_not_a_scan_per_row():
    """SQLite (no hash join): the rows of final partitions and the ranking's join to the partition
    sizes are each answered from an index, not by scanning the other table once per row, which
    grew with open partitions x rows (100k rows, relaxed: 42.8 s, now 6.4 s;
    benchmarks/sqlite_mondrian.py). Checked on the plans SQLite makes for the real statements."""
    import sqlalchemy as sa

    conn = sa.create_engine("sqlite://").connect()
    pd.read_csv(ADULT).to_sql("adult", conn, index=False)
    raw = conn.connection.driver_connection
    plans: dict[str, list[list[str]]] = {"final rows": [], "ranking": []}

    def explain(statement):
        first, _, rest = statement.partition("\n")
        kind = (
            "final rows"
            if first.startswith("INSERT INTO") and first.rstrip().endswith('_done"')
            else "ranking"
            if first.startswith("CREATE TEMP TABLE") and "_ranked" in first
            else None
        )
        if kind:
            plans[kind].append([row[3] for row in raw.execute("EXPLAIN QUERY PLAN " + rest).fetchall()])

    for relaxed in (False, True):
        src = pr.Source(conn)
        src.echo = explain
        mondrian_keeping_all(src, "adult", QIDS, 10, f"out_{relaxed}", relaxed=relaxed)
    assert plans["final rows"] and plans["ranking"]
    for plan in plans["final rows"]:
        assert not any("CORRELATED" in step for step in plan), plan
    for plan in plans["ranking"]:  # both joins to the sizes look them up (before: one scanned them)
        assert sum(step.startswith("SEARCH z USING") for step in plan) == 2, plan
    conn.close()


def test_output_read_by_the_input_through_views_is_refused(backend):
    """CREATE VIEW pv AS SELECT * FROM people; --table pv --output people --replace replaced the
    rows the run was reading (DuckDB exited 0 with people holding the output; PostgreSQL failed
    after the whole run; SQLite rolled back). Refused before any statement, naming the chain,
    through a view of a view and a CTE too; another table is still written."""
    rows = [(i, 20 + i % 7, ["a", "b", "c"][i % 3]) for i in range(40)]
    people = _table(backend, [("id", T.INTEGER), ("age", T.INTEGER), ("city", T.TEXT)], rows)
    pv, pv2 = f"pv_{uuid.uuid4().hex[:12]}", f"pv2_{uuid.uuid4().hex[:12]}"
    backend.run(f"CREATE VIEW {_q(backend, pv)} AS SELECT * FROM {_q(backend, people)}")
    backend.run(f"CREATE VIEW {_q(backend, pv2)} AS WITH x AS (SELECT * FROM {_q(backend, pv)}) SELECT * FROM x")
    if hasattr(backend, "views"):
        backend.views.extend([pv2, pv])  # dropped in this order
    before = backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, people)}")[0][0]
    for table, chain in [(pv, f"{pv} -> {people}"), (pv2, f"{pv2} -> {pv} -> {people}")]:
        src = backend.source()
        with pytest.raises(pr.InvalidInputError, match=re.escape(f"is read by the input: {chain}")):
            mondrian_keeping_all(src, table, ["age", "city"], 5, people, replace=True)
        assert src.statements == 0
    assert backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, people)}")[0][0] == before
    assert backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, pv2)}")[0][0] == before
    assert mondrian_keeping_all(backend.source(), pv2, ["age", "city"], 5, _out(backend), replace=True).n_rows == 40


# Views that read a table through something no catalog follows: a table macro, query_table, a SQL
# function returning rows, a stored function (issue 41, defects 1 and 2). {people} is the source.
_OPAQUE_VIEWS = {
    "duckdb": [
        "CREATE MACRO {m}() AS TABLE SELECT * FROM {people}",
        "CREATE VIEW {pv} AS SELECT * FROM {m}()",
        "CREATE VIEW {pv}_q AS SELECT * FROM query_table('{people}')",
    ],
    "postgres": [
        "CREATE FUNCTION {m}() RETURNS TABLE(id BIGINT, age BIGINT, city TEXT) LANGUAGE sql AS "
        "'SELECT id, age, city FROM {people}'",
        "CREATE VIEW {pv} AS SELECT * FROM {m}()",
    ],
    "mysql": [
        "CREATE FUNCTION {m}() RETURNS BIGINT READS SQL DATA RETURN (SELECT COUNT(*) FROM {people})",
        "CREATE VIEW {pv} AS SELECT id, age + {m}() AS age, city FROM {other}",
    ],
}


def test_output_behind_a_function_or_macro_is_never_replaced(backend):
    """`CREATE MACRO m() AS TABLE SELECT * FROM people; CREATE VIEW pv AS SELECT * FROM m()`, then
    --table pv --output people --replace exited 0 and replaced people (DuckDB; PostgreSQL the same
    with a SQL function). A read the check cannot see into refuses to replace any existing table,
    in one line naming the chain; a new name is still written."""
    if backend.name not in _OPAQUE_VIEWS:
        pytest.skip(f"{backend.name} has no user-defined table functions or macros to read through")
    rows = [(i, 20 + i % 7, ["a", "b", "c"][i % 3]) for i in range(40)]
    people = _table(backend, [("id", T.INTEGER), ("age", T.INTEGER), ("city", T.TEXT)], rows)
    other = _table(backend, [("id", T.INTEGER), ("age", T.INTEGER), ("city", T.TEXT)], rows)
    tag = uuid.uuid4().hex[:12]
    pv, m = f"pv_{tag}", f"m_{tag}"
    for ddl in _OPAQUE_VIEWS[backend.name]:
        backend.run(ddl.format(people=people, pv=pv, m=m, other=other))
    views = [pv, f"{pv}_q"] if backend.name == "duckdb" else [pv]
    if hasattr(backend, "views"):
        backend.views.extend(views)
    before = backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, people)}")[0][0]
    try:
        for view in views:
            src = backend.source()
            with pytest.raises(
                pr.InvalidInputError,
                match=r"exists and the input reads through .*\(\), which this "
                "check cannot see into",
            ):
                mondrian_keeping_all(src, view, ["age", "city"], 5, people, replace=True)
            assert src.statements == 0
            with pytest.raises(pr.InvalidInputError, match="cannot see into"):
                pr.risk(backend.source(), view, ["age"], records=people, key="id", replace=True)
        assert backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, people)}")[0][0] == before
        assert mondrian_keeping_all(backend.source(), pv, ["age", "city"], 1, _out(backend)).n_rows >= 1
    finally:
        for view in views:
            backend.run(f"DROP VIEW IF EXISTS {_q(backend, view)}")
        drop = {
            "duckdb": f"DROP MACRO TABLE IF EXISTS {m}",
            "postgres": f"DROP FUNCTION IF EXISTS {m}()",
            "mysql": f"DROP FUNCTION IF EXISTS {m}",
        }
        backend.run(drop[backend.name])


def test_abandoned_staging_tables_are_swept_and_nothing_else(backend, caplog):
    """A run killed between the staging CREATE and the RENAME (kill -9) left privrisk_<id>_output,
    a full copy of the output, in the user's schema for good. A later run drops the staging tables
    it can prove abandoned, where it writes; never a table that only looks like one, and never a
    live run's (PostgreSQL: its advisory lock is held). SQLite proves nothing: only cleanup drops."""
    from privrisk_sql.source import staging

    t = backend.load(ADULT)
    src = backend.source()
    dead = staging.staging_name(uuid.uuid4().hex[:10])
    lookalike = "privrisk_0123456789_deadbeef_staging"  # the tag does not match
    for name in (dead, lookalike):
        backend.run(f"CREATE TABLE {_q(backend, name)} AS SELECT 1 AS x")
        if hasattr(backend, "created"):
            backend.created.append(name)
    live_id = uuid.uuid4().hex[:10]
    live = staging.staging_name(live_id)
    backend.run(f"CREATE TABLE {_q(backend, live)} AS SELECT 1 AS x")
    if hasattr(backend, "created"):
        backend.created.append(live)
    holder = None
    lock = backend.dialect.staging_lock
    if lock is not None:  # a live run elsewhere: another session holds its lock
        from backends import server_url

        holder = pr.Source(server_url(backend.name))
        holder.fetch(lock[0].format(key=staging.lock_key(live_id)))
    else:  # a live run of this process
        staging.LIVE_RUNS.add(live_id)
    try:
        with caplog.at_level("WARNING", logger="privrisk_sql"):
            mondrian_keeping_all(src, t, ["age"], 5, _out(backend))
        remaining = _tables(backend.source())
        assert lookalike in remaining and live in remaining
        if backend.dialect.sweeps_unlocked or backend.dialect.staging_lock is not None:
            assert dead not in remaining
            assert f"dropped {dead}" in caplog.text or dead in caplog.text
        else:  # SQLite: kept for cleanup
            assert dead in remaining
    finally:
        staging.LIVE_RUNS.discard(live_id)
        if holder is not None:
            holder.close()
        for name in (dead, lookalike, live):  # other tests look for tables named privrisk_*
            backend.run(f"DROP TABLE IF EXISTS {_q(backend, name)}")


@pytest.mark.parametrize("kind", ["duckdb", "sqlite"])
def test_cleanup_command_lists_and_drops_staging_tables(tmp_path, capsys, kind):
    import sqlite3

    import duckdb

    from privrisk_sql.cli import main
    from privrisk_sql.source import staging

    dead = staging.staging_name(uuid.uuid4().hex[:10])
    lookalike = "privrisk_0123456789_deadbeef_staging"
    path = tmp_path / f"w.{kind}"
    con = duckdb.connect(str(path)) if kind == "duckdb" else sqlite3.connect(path)
    for name in (dead, lookalike, "people"):
        con.execute(f'CREATE TABLE "{name}" AS SELECT 1 AS x')
    con.commit()
    con.close()
    db = str(path) if kind == "duckdb" else f"sqlite:///{path}"
    assert main(["cleanup", "--db", db, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert f"found    main.{dead}" in out or f"found    w.main.{dead}" in out
    assert lookalike not in out and "people" not in out
    assert main(["cleanup", "--db", db]) == 0
    assert "dropped" in capsys.readouterr().out
    con = duckdb.connect(str(path)) if kind == "duckdb" else sqlite3.connect(path)
    query = (
        "SELECT table_name FROM duckdb_tables()"
        if kind == "duckdb"
        else "SELECT name FROM sqlite_master WHERE type = 'table'"
    )
    assert sorted(r[0] for r in con.execute(query).fetchall()) == sorted([lookalike, "people"])
    con.close()
    assert main(["cleanup", "--db", db]) == 0
    assert "no staging tables found" in capsys.readouterr().out


def _wide_decimals(backend):
    import decimal

    rows = [(i, decimal.Decimal("123456789012345678.5") + (i % 2)) for i in range(24)]
    name = f"dec_{uuid.uuid4().hex[:12]}"
    backend.run(f"CREATE TABLE {_q(backend, name)} (id BIGINT, x DECIMAL(20,1))")
    backend.run(f"INSERT INTO {_q(backend, name)} VALUES " + ", ".join(f"({i}, {x})" for i, x in rows))
    if hasattr(backend, "created"):
        backend.created.append(name)
    return name


@pytest.mark.parametrize("base", [2**62, -(2**62), 2**53 + 1])
def test_integers_past_two_to_the_53_keep_their_values_apart(backend, base):
    # A BIGINT of nanoseconds, say: as doubles, 2^62 + 0..5 are one value. Six values of 10 rows
    # at k = 10 were one partition where the reference makes six.
    rows = [(i, base + i % 6) for i in range(60)]
    t = _table(backend, [("id", T.INTEGER), ("big", T.INTEGER)], rows)
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t, ["big"], 10, out)
    assert r.partitions == 6
    got = _output(backend, out)
    assert sorted((int(lo), int(hi)) for lo, hi in set(zip(got["big_lo"], got["big_hi"]))) == [
        (base + v, base + v) for v in range(6)
    ]


def test_label_of_decimals_a_double_cannot_tell_apart(duck):
    """DECIMAL(20,1) 123456789012345678.5 and ...679.5 in one partition (k = 13): _lo/_hi were right
    but _gen showed one value, as both values had one double code."""
    t = _wide_decimals(duck)
    out = _out(duck)
    mondrian_keeping_all(duck.source(), t, ["x"], 13, out, keep=["id"])
    labels = {r[0] for r in duck.fetch(f'SELECT DISTINCT "x_gen" FROM {_q(duck, out)}')}
    assert labels == {"123456789012345678.5~123456789012345679.5"}


@pytest.mark.parametrize("k,partitions,ncp", [(12, 2, 0.0), (13, 1, 1.0)])
def test_decimals_a_double_cannot_tell_apart_are_cut_and_measured(backend, k, partitions, ncp):
    """Codes were doubles of the values: 123456789012345678.5 and ...679.5 had one code, so Mondrian
    could not cut between them (k = 12: one partition) and read their range as NCP 0. Codes are now
    taken relative to the column's minimum for such types (DECIMAL of > 15 digits, HUGEINT)."""
    if not backend.can.exact_decimals:
        pytest.skip("DECIMAL stored as a double (SQLite): the values are equal there")
    t = _wide_decimals(backend)
    r = mondrian_keeping_all(backend.source(), t, ["x"], k, _out(backend), keep=["id"])
    assert (r.partitions, r.ncp["x"]) == (partitions, ncp)


@pytest.mark.parametrize(
    "sql_type,ends",
    [
        ("HUGEINT", (-(2**127), 2**127 - 1)),
        ("DECIMAL(38,0)", (-(10**38 - 1), 10**38 - 1)),
        ("DECIMAL(38,2)", (Decimal("-" + "9" * 36 + ".99"), Decimal("9" * 36 + ".99"))),
    ],
)
def test_wide_numbers_spanning_their_whole_type_are_cut(duck, sql_type, ends):
    """Codes of wide exact numbers are taken relative to an origin; from the column's minimum,
    the largest value's code overflowed the type when the values spanned more than half its
    range: 'Overflow in subtraction of INT128' (exit 3). The origin is now the middle there."""
    lo, hi = ends
    with decimal.localcontext(prec=80):  # Decimal's 28 digits would round these
        values = [lo, lo + 1, 0, hi - 1, hi]
    name = f"wide_{uuid.uuid4().hex[:12]}"
    duck.run(f"CREATE TABLE {name} (id INTEGER, x {sql_type})")
    duck.run(
        f"INSERT INTO {name} SELECT i, CAST(v AS {sql_type}) FROM (VALUES "
        + ", ".join(
            f"({i}, '{values[i % 5]:f}')" if isinstance(values[i % 5], Decimal) else f"({i}, '{values[i % 5]}')"
            for i in range(50)
        )
        + ") t(i, v)"
    )
    out = _out(duck)
    r = mondrian_keeping_all(duck.source(), name, ["x"], 10, out, keep=["id"])
    got = duck.fetch(f'SELECT DISTINCT "x_lo", "x_hi" FROM {_q(duck, out)} ORDER BY 1')
    assert r.partitions == len(got) >= 2
    assert got[0][0] == lo and got[-1][1] == hi  # exact at both ends of the type


def test_names_past_the_identifier_limit_are_refused_before_work(backend):
    """PostgreSQL cut a 60-character QID's <qid>_gen to <qid>_ge, a 63-character one's _lo onto
    another column, and a 64-character --output onto an existing table's name; MariaDB failed on
    a 62-character QID's _lo after the work (issue 41, defect 14). Every name the run creates is
    checked against the engine's limit first; engines without one write them. The message said
    "choose a shorter name" of an output column no option names: it says which QID to rename."""
    limit = backend.dialect.max_identifier_bytes
    qid = "q" * 61  # 61 + len("_gen") = 65: past PostgreSQL's 63 and MariaDB's 64
    t = _table(backend, [("id", T.INTEGER), (qid, T.INTEGER)], [(i, i % 5) for i in range(20)])
    src = backend.source()
    if limit is None:
        r = mondrian_keeping_all(src, t, [qid], 2, _out(backend))
        cols = {c.name for c in src.relation(r.output).columns}
        assert {f"{qid}_lo", f"{qid}_hi", f"{qid}_gen"} <= cols
        return
    with pytest.raises(
        pr.InvalidInputError,
        match=f"output column '{qid}_(lo|gen)' is 6[45] bytes long; {backend.dialect.name} keeps at most {limit}: "
        f"it is made from QID '{qid}''s name: give that column a shorter name in a view$",
    ):
        mondrian_keeping_all(src, t, [qid], 2, _out(backend))
    long_output = "o" * (limit + 1)
    with pytest.raises(pr.InvalidInputError, match=f"output table name '{long_output}' is {limit + 1} bytes"):
        mondrian_keeping_all(src, t, ["id"], 2, long_output)
    assert src.statements == 0


# Output names each database refuses by a rule of its own (the rest of these it takes).
_REFUSED_OUTPUTS = {
    "sqlite": {"sqlite_{}": "SQLite keeps names beginning 'sqlite_'", "SQLITE_{}": "SQLite keeps names"},
    "mysql": {"o{} ": "ends in white space", "o{}\t": "ends in white space", "o{}😀": "past U\\+FFFF"},
    "spark": {
        name: "Spark's session catalog takes only the letters A-Z, digits and _"
        for name in ("o{} ", "o{}\t", "o{}😀", "my-{}", "Straße{}", "o {}")
    },
}


def test_output_names_the_database_refuses_are_refused_before_work(backend):
    """`--output my-table` on Spark, `'o '` or an emoji on MariaDB, `sqlite_x` on SQLite: the
    database refused the name at the publish, after every Mondrian level (exit 3, "database
    error"). Now refused first, naming the rule; every other database writes these names."""
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER)], [(i, i % 5) for i in range(20)])
    src = backend.source()
    refused = _REFUSED_OUTPUTS.get(backend.name, {})
    shapes = ("sqlite_{}", "SQLITE_{}", "o{} ", "o{}\t", "o{}😀", "my-{}", "Straße{}", "o {}")
    written = 0
    for shape in shapes:
        name = shape.format(uuid.uuid4().hex[:8])
        if shape in refused:
            before = src.statements
            with pytest.raises(pr.InvalidInputError, match=f"^output {re.escape(repr(name))}: .*{refused[shape]}"):
                mondrian_keeping_all(src, t, ["x"], 2, name)
            assert src.statements == before, shape
            continue
        if hasattr(backend, "created"):
            backend.created.append(name)
        r = mondrian_keeping_all(src, t, ["x"], 2, name)
        assert backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, r.output)}") == [(20,)], shape
        written += 1
    assert written == len(shapes) - len(refused)


# Objects that share a table's names, by database: (what the refusal names, its DDL, its DROP).
_NAME_HOLDERS = {
    "postgres": [
        ("an index", "CREATE INDEX {n} ON {t} (x)", "DROP INDEX {n}"),
        ("a sequence", "CREATE SEQUENCE {n}", "DROP SEQUENCE {n}"),
        ("a type", "CREATE TYPE {n} AS ENUM ('a')", "DROP TYPE {n}"),
        ("a composite type", "CREATE TYPE {n} AS (a INTEGER)", "DROP TYPE {n}"),
    ],
    "sqlite": [("an index", "CREATE INDEX {n} ON {t} (x)", "DROP INDEX {n}")],
    "mysql": [("a sequence", "CREATE SEQUENCE {n}", "DROP SEQUENCE {n}")],
}


def test_an_output_named_as_an_index_sequence_or_type_is_refused_before_work(backend):
    """PostgreSQL's indexes, sequences and types, SQLite's indexes and MariaDB's sequences share
    their names with tables: the publish's rename failed on one after every Mondrian level (exit
    3, "relation ... already exists"), with --replace too. DuckDB keeps them apart: written."""
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER)], [(i, i % 5) for i in range(20)])
    src = backend.source()
    holders = _NAME_HOLDERS.get(backend.name)
    if holders is None:  # DuckDB: an index, a sequence and a type do not hold a table's name
        holders = [(None, ddl, drop) for _, ddl, drop in _NAME_HOLDERS["postgres"][:3]]
    for what, ddl, drop in holders:
        name = f"held_{uuid.uuid4().hex[:10]}"
        backend.run(ddl.format(n=_q(backend, name), t=_q(backend, t)))
        try:
            if what is None:
                mondrian_keeping_all(src, t, ["x"], 2, name)
                assert backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, name)}") == [(20,)]
                backend.run(f"DROP TABLE {_q(backend, name)}")
                continue
            before = src.statements
            for replace in (False, True):
                with pytest.raises(
                    pr.InvalidInputError, match=f"^output '{name}' is the name of {what} in .*choose another name"
                ):
                    mondrian_keeping_all(src, t, ["x"], 2, name, replace=replace)
            assert src.statements == before
        finally:
            backend.run(drop.format(n=_q(backend, name)))


@pytest.mark.parametrize("sql_type", ["DATE", "TIMESTAMP"])
def test_infinite_dates_are_refused_by_name_before_work(backend, sql_type):
    """A DATE holding ±infinity said 'table changed during the run ... 0 rows' (issue 41, 13)."""
    if not backend.source().dialect.infinite_dates:
        pytest.skip(f"{backend.name} has no infinite dates")
    name, out = f"inf_{uuid.uuid4().hex[:12]}", _out(backend)
    backend.run(f"CREATE TABLE {_q(backend, name)} (id INTEGER, d {sql_type})")
    if hasattr(backend, "created"):
        backend.created.append(name)
    values = [f"({i}, CAST('2020-01-{i + 1:02d}' AS {sql_type}))" for i in range(20)]
    values += [f"(20, CAST('infinity' AS {sql_type}))", f"(21, CAST('-infinity' AS {sql_type}))"]
    backend.run(f"INSERT INTO {_q(backend, name)} VALUES {', '.join(values)}")
    src = backend.source()
    with pytest.raises(pr.InvalidInputError, match=r"column 'd' of .* holds 2 infinite value\(s\)"):
        pr.mondrian(src, name, ["d"], 3, out, identifiers=["id"])
    with pytest.raises(pr.InvalidInputError, match="table not found"):
        src.relation(out)


@pytest.mark.parametrize("nulls", ["error", "separate"])
def test_infinite_floats_are_refused_by_name_before_work(backend, nulls):
    """A DOUBLE QID holding inf made its range infinite: its NCP read 0 whatever the cuts, and
    with nulls='separate' the code of NULL (the minimum less the range) was -inf, the code of
    -inf too, so the output had rows twice and the run ended 'table changed during the run'
    (260 rows of 200). Refused before work, naming the column, as infinite dates are."""
    if not backend.source().dialect.infinite_floats:
        pytest.skip(f"{backend.name} has no infinite floats")
    name, out = f"inf_{uuid.uuid4().hex[:12]}", _out(backend)
    special = {1: float("inf"), 2: float("-inf"), 3: None}
    rows = [
        (i, special.get(i % 10, float(i % 37)) if nulls == "separate" or i % 10 != 3 else 1.0, i % 3)
        for i in range(200)
    ]
    backend.create(name, [("id", T.INTEGER), ("x", T.FLOAT), ("g", T.INTEGER)], rows)
    src = backend.source()
    with pytest.raises(pr.InvalidInputError, match=r"column 'x' of .* holds 40 infinite value\(s\) \(inf or -inf\)"):
        pr.mondrian(src, name, ["x", "g"], 5, out, identifiers=["id"], nulls=nulls)
    with pytest.raises(pr.InvalidInputError, match="table not found"):
        src.relation(out)


def test_sigterm_while_the_output_is_published_says_it_is_published(backend):
    """SIGTERM during the rename published the output, then raised 'cancelled' (exit 3) anyway
    (issue 41, 9). The publication is the point of no return: a stop arriving during it is
    recorded, the output stands whole, and the caller is told so."""
    import os
    import signal

    t = backend.load(ADULT)
    out = _out(backend)
    src = backend.source()
    fired = []

    def terminate_at_the_rename(sql):
        if sql.startswith(("ALTER TABLE", "RENAME TABLE")) and out in sql and not fired:  # not a privilege probe
            fired.append(sql)
            os.kill(os.getpid(), signal.SIGTERM)  # the run's guard records it (a handler of its own)

    src.echo = terminate_at_the_rename
    r = mondrian_keeping_all(src, t, QIDS, 5, out)
    src.echo = None
    assert fired and src.stopped_after_publish == "terminate"
    assert src.table_exists(out) and r.n_rows == 2000
    assert backend.fetch(f"SELECT COUNT(*) FROM {_q(backend, out)}")[0][0] == 2000


def test_cli_sigterm_while_the_output_is_published_exits_0_and_says_so(tmp_path, capsys, monkeypatch):
    import os
    import signal

    import privrisk_sql.cli as cli
    import privrisk_sql.source as source

    fired = []

    def terminate_at_the_rename(sql):
        if sql.startswith("ALTER TABLE") and not fired:
            fired.append(sql)
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(source, "echo_to_stderr", terminate_at_the_rename)
    db = tmp_path / "w.duckdb"
    code = cli.main(
        [
            "mondrian",
            "--db",
            str(db),
            "--table",
            str(ADULT),
            "--qids",
            "age,sex",
            "--k",
            "5",
            "--output",
            "o",
            "--identifiers",
            "id",
            "--show-sql",
        ]
    )
    err = capsys.readouterr().err
    assert fired and code == 0, err
    assert "SIGTERM arrived while the output was being published: it is published" in err
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT COUNT(*) FROM o").fetchone()[0] == 2000


@pytest.mark.parametrize("end", ["COMMIT", "ROLLBACK"])
def test_a_run_on_a_duckdb_connection_inside_its_transaction_joins_it(end):
    # The publish tried BEGIN, which failed inside the caller's transaction and (DuckDB 2) aborted
    # it: every level's work was lost at the rename ("Current transaction is aborted", exit 3).
    import duckdb

    frame = pd.read_csv(ADULT)
    con = duckdb.connect()
    con.execute("BEGIN")
    r = mondrian_keeping_all(con, frame, ["age"], 10, "released")
    assert con.execute("SELECT COUNT(DISTINCT partition_id) FROM released").fetchall() == [(r.partitions,)]
    pr.risk(con, frame, ["age", "sex"], records="records", key="id", classes="classes")
    con.execute(end)
    tables = {row[0] for row in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    assert tables == ({"released", "records", "classes"} if end == "COMMIT" else set())


@pytest.mark.parametrize("output", ["anon.parquet", "anon.csv.gz"])
def test_an_output_named_like_a_file_is_a_file_on_duckdb_and_refused_as_such_elsewhere(backend, output, tmp_path):
    """`--output anon.parquet` read as table `parquet` of a schema `anon`: the error said only
    "no schema 'anon'", to a user who meant a file. DuckDB writes the release there (see
    tests/test_table_files.py), Spark in Parquet (tests/test_spark.py); elsewhere the output is a
    table, said before any work."""
    t = backend.load(FIXTURES / "mondrian" / "adult_2k.csv")
    src = backend.source()
    path = str(tmp_path / output)
    writes = backend.name == "duckdb" or (backend.name == "spark" and output.endswith(".parquet"))
    refused = (
        r"names a csv.gz file: spark writes a file as parquet only"
        if backend.name == "spark"
        else r"names a file, which only DuckDB and Spark write: on \w+ name a table instead"
    )
    if writes:
        r = mondrian_keeping_all(src, t, ["age", "sex"], 5, path)
        assert r.output == path and len(r.to_pandas()) == 2000
    else:
        with pytest.raises(pr.InvalidInputError, match=refused):
            mondrian_keeping_all(src, t, ["age", "sex"], 5, path)
        assert src.statements == 0 and not (tmp_path / output).exists()
    records = str(tmp_path / f"records_{output}")  # risk's records too
    if writes:
        assert pr.risk(backend.source(), t, ["age", "sex"], records=records, key="id").records == 2000
        reader = "read_parquet" if output.endswith(".parquet") else "read_csv"
        with duckdb.connect() as con:  # not the module's shared connection: fetchone leaves its result open
            assert con.execute(f"SELECT COUNT(*) FROM {reader}(?)", [records]).fetchall() == [(2000,)]
    else:
        with pytest.raises(pr.InvalidInputError, match=refused):
            pr.risk(backend.source(), t, ["age", "sex"], records=records, key="id")
        assert not os.path.exists(records)


@pytest.mark.parametrize(
    ("k", "privacy", "warned"),
    [
        (1, {}, True),
        (1, {"sensitive": ["income"], "l": 1}, True),  # l = 1 asks nothing either
        (1, {"sensitive": ["income"], "t": 1.0}, True),  # nor t = 1
        (1, {"sensitive": ["income"], "l": 2}, False),  # l-diversity alone is a request
        (2, {}, False),
    ],
)
def test_k_of_1_with_nothing_else_asked_is_warned(tmp_path, k, privacy, warned):
    """`mondrian --k 1` ran without a word: a release whose partitions may hold one record each,
    as identifying as its input (a typo for 10 is the likely cause)."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pr.mondrian(str(tmp_path / "w.duckdb"), str(ADULT), ["age", "sex"], k, "o", keep=["id"], **privacy)
    said = [str(w.message) for w in caught if "asks nothing of the release" in str(w.message)]
    assert said == (["k=1 with no l or t asks nothing of the release: a partition may hold a single record, "
                     "so the output can single people out as the input does; give k >= 2 (--k)"] if warned else [])  # fmt: skip


def test_a_nanosecond_time_zone_timestamp_is_cut_as_a_microsecond_one(tmp_path):
    """pandas writes a time-zone-aware datetime to Parquet in nanoseconds, which DuckDB reads as
    TIMESTAMPTZ_NS: Mondrian's check for infinite dates failed on it (exit 3, "No function matches
    'isfinite(TIMESTAMPTZ_NS)'"). It is cut as the same column in microseconds is, and its
    ±infinity is refused by name as any date's."""
    n = 120
    when = pd.to_datetime("2020-01-01") + pd.to_timedelta([i % 30 for i in range(n)], unit="D")
    frame = pd.DataFrame({"t": when.tz_localize("Europe/Paris"), "g": [i % 2 for i in range(n)], "s": range(n)})
    frame.to_parquet(tmp_path / "ns.parquet")
    frame.to_parquet(tmp_path / "us.parquet", coerce_timestamps="us")
    con = duckdb.connect()
    assert con.execute(f"DESCRIBE SELECT t FROM '{tmp_path / 'ns.parquet'}'").fetchone()[1] == "TIMESTAMPTZ_NS"
    outputs = {}
    for unit in ("ns", "us"):
        result = pr.mondrian(
            None, str(tmp_path / f"{unit}.parquet"), ["t", "g"], 5, str(tmp_path / f"out_{unit}.csv"), keep=["s"]
        )
        assert result.partitions > 1
        outputs[unit] = pd.read_csv(tmp_path / f"out_{unit}.csv").sort_values("s", ignore_index=True)
    pd.testing.assert_frame_equal(outputs["ns"], outputs["us"])
    con.execute(
        f"COPY (SELECT s, g, CASE WHEN s = 7 THEN CAST('infinity' AS TIMESTAMPTZ_NS) ELSE CAST(t AS TIMESTAMPTZ_NS) END AS t "
        f"FROM '{tmp_path / 'ns.parquet'}') TO '{tmp_path / 'inf.parquet'}'"
    )
    with pytest.raises(pr.InvalidInputError, match=r"column 't' of .* holds 1 infinite value\(s\)"):
        pr.mondrian(None, str(tmp_path / "inf.parquet"), ["t", "g"], 5, str(tmp_path / "out_inf.csv"), keep=["s"])


def test_more_text_qids_than_one_statement_may_join_give_the_release_of_one_statement(backend):
    """The labels of a release join three tables per text QID in one statement (two rank-map
    look-ups and the partition's value set; four for an ordered one with NULLs): 24 text QIDs
    joined 74, which MariaDB (61 at most) and SQLite (64) refused after all the work. They are
    built there in pieces and joined back: every backend's release has the reference's partitions
    and, row by row, the labels of DuckDB's, built in one statement."""
    import random

    rnd = random.Random(11)
    qids = [f"t{i}" for i in range(24)]
    values = ["a", "b", "c"]
    rows = [(i, *[rnd.choice([*values, None] if j % 4 == 0 else values) for j in range(len(qids))]) for i in range(40)]
    cols = [("id", T.INTEGER), *[(q, T.TEXT) for q in qids]]
    order = {q: values for q in qids[:6]}  # ordered categories (with NULLs: a fourth join)
    options = dict(nulls="separate", order=order)

    def release(b, name):
        out = f"{name}_out"
        mondrian_keeping_all(b.source(), name, qids, 3, out, **options)
        frame = _output(b, out).sort_values("id").reset_index(drop=True)
        b.run(f"DROP TABLE {_q(b, out)}")
        assert frame["id"].tolist() == list(range(len(rows)))
        return frame

    name = f"wide_{uuid.uuid4().hex[:10]}"
    backend.create(name, cols, rows)
    duck = DuckDBBackend()
    duck.create(name, cols, rows)
    got, expected = release(backend, name), release(duck, name)
    df = pd.DataFrame(rows, columns=["id", *qids])
    reference = mondrian_reference(encode(df, qids, nulls="separate", order=order), 3)
    assert released_groups(got) == partition_sets(reference, df["id"])
    labels = [f"{q}_gen" for q in qids]
    assert got[labels].astype(str).to_dict("records") == expected[labels].astype(str).to_dict("records")
