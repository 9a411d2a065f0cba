"""Mondrian along generalization hierarchies (Basic Mondrian's multi-way cut), on every backend:
hand-checked uneven trees, the partitions of the in-memory reference (tests/mondrian_reference.py)
on Adult, and the hierarchy's own errors (a value it lacks: exit 2 naming it)."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import uuid

import duckdb
import pandas as pd
import polars as pl
import pytest
from processes import IN_SELECT, wait_until_it_waits

import privrisk_sql as pr
from privrisk_sql.cli import main
from privrisk_sql.errors import InvalidInputError
from privrisk_sql.metrics.mondrian.hierarchy import read_hierarchy
from privrisk_sql.metrics.mondrian.summary import summary as summary_text
from privrisk_sql.sql.types import TypeClass as T

from backends import FIXTURES, mondrian_keeping_all
from mondrian_reference import encode, mondrian_reference, partition_sets, released_groups, sensitive_codes

ADULT = FIXTURES / "mondrian" / "adult_2k.csv"
TREES = FIXTURES / "mondrian" / "hierarchies"
UNEVEN = [["a1", "A", "*"], ["a2", "A", "*"], ["b", "*"], ["c1", "C", "*"], ["c2", "C", "*"]]


def _out(backend) -> str:
    name = f"out_{uuid.uuid4().hex[:12]}"
    if hasattr(backend, "created"):
        backend.created.append(name)
    return name


def _table(backend, cols, rows) -> str:
    name = f"h_{uuid.uuid4().hex[:12]}"
    if backend.key is not None:
        cols = [(backend.key, T.INTEGER)] + cols
        rows = [(i,) + tuple(row) for i, row in enumerate(rows)]
    backend.create(name, cols, rows)
    return name


def _output(backend, name) -> pd.DataFrame:
    rel = backend.source().relation(name)
    return pd.DataFrame(backend.fetch(f"SELECT * FROM {rel.sql}"), columns=[c.name for c in rel.columns])


def _rows(path) -> list[list[str]]:
    return [line.split(";") for line in path.read_text().splitlines() if line]


def test_uneven_tree_by_hand(backend):
    # root * -> A (a1, a2), b, C (c1, c2). k = 2: the root is cut into A (4 rows), b (2), C (2);
    # A (n = 4 = 2k) into a1 | a2; C has 2 rows < 2k and stays C; b is a value
    values = ["a1", "a1", "a2", "a2", "b", "b", "c1", "c2"]
    t = _table(backend, [("id", T.INTEGER), ("v", T.TEXT)], list(enumerate(values)))
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t, ["v"], 2, out, hierarchies={"v": UNEVEN})
    got = _output(backend, out)
    labels = {frozenset(g["id"]): set(g["v_gen"]) for _, g in got.groupby("partition_id")}
    assert labels == {
        frozenset({0, 1}): {"a1"},
        frozenset({2, 3}): {"a2"},
        frozenset({4, 5}): {"b"},
        frozenset({6, 7}): {"C"},
    }
    assert r.ncp["v"] == pytest.approx(2 * (2 / 5) / 8)  # C covers 2 of 5 values; values cost 0
    assert r.uncut_hierarchies == [] and "never cut" not in summary_text(argparse.Namespace(qids=["v"]), r, {})
    lo_hi = got[got["v_gen"] == "C"][["v_lo", "v_hi"]].drop_duplicates().values.tolist()
    assert lo_hi == [["c1", "c2"]]  # bounds: the values held, in the hierarchy's order


def test_a_child_below_k_blocks_the_cut(backend):
    # root -> A (a1 x3, a2 x3) and b (x1): b has 1 row < k = 2, so the root is not cut at all
    values = ["a1"] * 3 + ["a2"] * 3 + ["b"]
    t = _table(backend, [("id", T.INTEGER), ("v", T.TEXT)], list(enumerate(values)))
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t, ["v"], 2, out, hierarchies={"v": UNEVEN})
    assert r.partitions == 1 and set(_output(backend, out)["v_gen"]) == {"*"} and r.ncp["v"] == 1.0
    # and the summary says why a run of one partition was not cut (it said nothing)
    assert r.uncut_hierarchies == ["v"]
    assert "v was never cut below its hierarchy's root" in summary_text(argparse.Namespace(qids=["v"]), r, {})


def test_a_partition_too_small_to_cut_is_labelled_with_the_lowest_node_holding_its_values(backend):
    """Cut on x into two partitions of 2 rows (k = 2: too small to cut again), v never cut: the
    partition holding only a1 and a2 was labelled '*' with NCP 1, and the one holding only b
    too. Labels (and NCP) are now as tight as a range's bounds: A, and the value b itself."""
    rows = [(0, 1, "a1"), (1, 1, "a2"), (2, 2, "b"), (3, 2, "b")]
    t = _table(backend, [("id", T.INTEGER), ("x", T.INTEGER), ("v", T.TEXT)], rows)
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), t, ["x", "v"], 2, out, hierarchies={"v": UNEVEN})
    got = _output(backend, out)
    assert {frozenset(g["id"]): set(g["v_gen"]) for _, g in got.groupby("partition_id")} == {
        frozenset({0, 1}): {"A"},
        frozenset({2, 3}): {"b"},
    }
    assert r.ncp["v"] == pytest.approx(2 * (2 / 5) / 4)  # A holds 2 of 5 values, b is a value
    assert r.uncut_hierarchies == []


def test_one_child_moves_the_partition_down_to_it(backend):
    # only A's values: the root's one non-empty child is A, then A is cut into a1 | a2
    values = ["a1"] * 2 + ["a2"] * 2
    t = _table(backend, [("id", T.INTEGER), ("v", T.TEXT)], list(enumerate(values)))
    out = _out(backend)
    mondrian_keeping_all(backend.source(), t, ["v"], 2, out, hierarchies={"v": UNEVEN})
    assert sorted(set(_output(backend, out)["v_gen"])) == ["a1", "a2"]


@pytest.mark.parametrize("k", [5, 12])
def test_partitions_equal_reference_with_hierarchies(backend, k):
    qids = ["age", "education_num", "sex", "race", "marital_status"]
    trees = {"race": TREES / "race.csv", "marital_status": TREES / "marital_status.csv"}
    table = backend.load(ADULT)
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(), table, qids, k, out, hierarchies={c: str(p) for c, p in trees.items()})
    df = pd.read_csv(ADULT)
    ref = partition_sets(
        mondrian_reference(encode(df, qids, hierarchies={c: _rows(p) for c, p in trees.items()}), k), df["id"]
    )
    got = _output(backend, out)
    assert released_groups(got) == ref
    assert r.min_size >= k
    # labels are nodes of the hierarchy, and each holds its rows' values
    tree = read_hierarchy("marital_status", trees["marital_status"])
    nodes = {row.label for row in tree.ancestor_rows()}
    assert set(got["marital_status_gen"]) <= nodes


@pytest.mark.parametrize(
    "l,t,sensitive", [(2, None, ["income"]), (None, 0.2, ["workclass"]), (2, 0.2, ["income", "hours_per_week"])]
)
def test_hierarchies_with_l_and_t_equal_reference_and_pass_kanon(backend, l, t, sensitive):
    # every child of a hierarchy cut must also be l-diverse and t-close
    qids = ["age", "sex", "race", "marital_status"]
    trees = {"race": TREES / "race.csv", "marital_status": TREES / "marital_status.csv"}
    table = backend.load(ADULT)
    out = _out(backend)
    mondrian_keeping_all(
        backend.source(),
        table,
        qids,
        4,
        out,
        l=l,
        t=t,
        sensitive=sensitive,
        hierarchies={c: str(p) for c, p in trees.items()},
    )
    df = pd.read_csv(ADULT)
    encoded = encode(df, qids, hierarchies={c: _rows(p) for c, p in trees.items()})
    ref = partition_sets(
        mondrian_reference(encoded, 4, sensitive=[sensitive_codes(df, s) for s in sensitive], l=l, t=t), df["id"]
    )
    got = _output(backend, out)
    assert released_groups(got) == ref
    checked = pr.kanon(backend.source(), out, [f"{q}_gen" for q in qids], sensitive)
    for s in sensitive:
        diverse, close = (v[s] if isinstance(v, dict) else v for v in (checked["l_diversity"], checked["t_closeness"]))
        assert l is None or diverse >= l
        assert t is None or close <= t


def test_value_missing_from_the_hierarchy_is_named(backend, tmp_path):
    t = _table(backend, [("id", T.INTEGER), ("v", T.TEXT)], [(0, "a1"), (1, "zz"), (2, "b")])
    with pytest.raises(InvalidInputError, match="value 'zz' of column 'v' is not in its hierarchy"):
        mondrian_keeping_all(backend.source(), t, ["v"], 1, _out(backend), hierarchies={"v": UNEVEN})


def test_a_value_with_edge_spaces_missing_from_the_hierarchy_says_why(backend, tmp_path):
    """Raw UCI Adult holds ' Bachelors'; a file spelling it so is read trimmed, and the value was
    "not in its hierarchy" with no word of why, the file holding it as written."""
    t = _table(backend, [("id", T.INTEGER), ("v", T.TEXT)], [(0, " a1"), (1, " a1"), (2, "b"), (3, "b")])
    tree = tmp_path / "v.csv"
    tree.write_text(" a1;A;*\nb;B;*\n")
    with pytest.raises(InvalidInputError) as e:
        mondrian_keeping_all(backend.source(), t, ["v"], 1, _out(backend), hierarchies={"v": str(tree)})
    quoted = backend.source().quote("v")
    assert str(e.value) == (
        f"value ' a1' of column 'v' is not in its hierarchy '{tree}': a hierarchy's cells are read without "
        f"leading and trailing spaces ('a1' is in it); trim the column in a view, TRIM({quoted}), and pass the view"
    )


def _with_nulls(column: str, i: int):
    """Row i's value of a test column, NULL in every fifth row."""
    import datetime as dt

    if i % 5 == 0:
        return None
    return {
        "zip": f"9{i % 4}",
        "age": 17 + (i * 7) % 40,
        "score": i % 20 * 1.5,
        "day": dt.date(2020, 1 + i % 3, 1 + i % 20),
    }[column]


@pytest.mark.parametrize(
    "column,kind,tree",
    [("zip", T.TEXT, "mask"), ("zip", T.TEXT, "file"), ("score", T.FLOAT, "interval:5,10"), ("day", T.DATE, "date")],
)
def test_nulls_in_a_hierarchys_column_without_nulls_separate_are_refused_before_work(backend, column, kind, tree):
    """nulls="error" (the default): refused by name before any work table, saying what
    nulls="separate" does with a hierarchy (before, the advice was the one for a range)."""
    rows = [(i, _with_nulls(column, i)) for i in range(40)]
    t = _table(backend, [("id", T.INTEGER), (column, kind)], rows)
    spec = [[f"9{j}", "9*", "*"] for j in range(4)] if tree == "file" else tree
    src = backend.source()
    statements: list[str] = []
    src.on_timing = lambda sql, seconds: statements.append(sql)
    missing = "NULL or NaN value(s)" if kind is T.FLOAT else "NULL value(s)"
    with pytest.raises(
        InvalidInputError,
        match=rf"column '{column}' of .* has 8 {re.escape(missing)}; pass nulls='separate' \(--nulls separate\) "
        "to treat NULL as a value of its own under its hierarchy's root",
    ):
        mondrian_keeping_all(src, t, [column], 2, _out(backend), hierarchies={column: spec})
    work_tables = re.compile(r"CREATE\s+(OR\s+REPLACE\s+)?(TEMP\w*\s+)?TABLE", re.IGNORECASE)
    probe = "(x INTEGER)"  # the empty table that asks whether the output may be created (SQLite)
    assert not [sql for sql in statements if work_tables.search(sql) and not sql.rstrip().endswith(probe)]


@pytest.mark.parametrize(
    "column,kind,spec",
    [("zip", T.TEXT, "mask"), ("zip", T.TEXT, "file"), ("age", T.INTEGER, "interval:5,10,20"), ("day", T.DATE, "date")],
)
def test_null_is_a_leaf_of_its_own_under_the_root_with_nulls_separate(backend, column, kind, spec):
    """A hierarchy's column with NULLs was refused whatever nulls said, built trees too: a user had
    to give the NULLs a value in a view. With nulls="separate" NULL is now a value of its own, the
    first child of the root: the partitions equal the in-memory reference's cutting the same tree
    with a stand-in value there, a partition of NULLs alone is labelled NULL, one of NULLs and
    values the root, and each node's share counts NULL as one value."""
    rows = [(i, _with_nulls(column, i), i % 7) for i in range(90)]
    t = _table(backend, [("id", T.INTEGER), (column, kind), ("n", T.INTEGER)], rows)
    out = _out(backend)
    tree = [[f"9{j}", "9*", "*"] for j in range(4)]
    r = mondrian_keeping_all(
        backend.source(),
        t,
        [column, "n"],
        3,
        out,
        hierarchies={column: tree if spec == "file" else spec},
        nulls="separate",
    )
    df = pd.DataFrame(rows, columns=["id", column, "n"])
    present = df[column].dropna()
    written = {
        "file": lambda: tree,
        "mask": lambda: [[v, v[0] + "*", "**"] for v in sorted(set(present))],
        "interval:5,10,20": lambda: _expected_age_tree(present.astype(int)),
        "date": lambda: _expected_date_tree(present),
    }[spec]()
    root = written[0][-1]
    stand_in = "~null"
    # each value as the database spells it as text (an int column with NULLs is float to pandas)
    spelled = {"date": lambda v: v.isoformat(), "interval:5,10,20": lambda v: str(int(v))}.get(spec, str)
    text = df.assign(**{column: df[column].map(lambda v: stand_in if pd.isna(v) else spelled(v))})
    trees = {column: [[stand_in, root]] + written}
    reference = mondrian_reference(encode(text, [column, "n"], hierarchies=trees), 3)
    got = _output(backend, out)
    assert released_groups(got) == partition_sets(reference, df["id"])
    assert r.min_size >= 3 and r.n_rows == len(rows)
    ref_tree = encode(text, [column, "n"], hierarchies=trees).trees[0]
    ncp = sum(len(p) * ref_tree.share(ref_tree.lowest_common(text[column].iloc[p])) for p in reference) / len(rows)
    assert r.ncp[column] == pytest.approx(ncp)
    merged = got.merge(df[["id", column]].rename(columns={column: f"{column}_in"}), on="id")
    nulls = merged[merged[f"{column}_in"].isna()]
    alone = (
        nulls.groupby("partition_id")["id"].count()
        == merged[merged["partition_id"].isin(nulls["partition_id"])].groupby("partition_id")["id"].count()
    )
    labels = nulls.groupby("partition_id")[f"{column}_gen"].first()
    assert all(pd.isna(labels[pid]) if only else labels[pid] == root for pid, only in alone.items())
    assert alone.any()  # a partition of NULLs alone is there to be labelled
    assert not merged.loc[merged[f"{column}_in"].notna(), f"{column}_gen"].isna().any()


def test_a_float_qids_nan_is_named_with_null(duck):
    t = _table(
        duck, [("id", T.INTEGER), ("x", T.FLOAT)], [(i, float("nan") if i % 4 == 0 else i % 3) for i in range(20)]
    )
    with pytest.raises(
        InvalidInputError, match=r"column 'x' of .* has 5 NULL or NaN value\(s\); pass nulls='separate'"
    ):
        mondrian_keeping_all(duck.source(), t, ["x"], 2, _out(duck))


def test_a_tree_given_as_a_frame_or_padded_rows_cuts_as_its_file_does(duck):
    # pd.read_csv of an ARX file (names=range(n): its rows are uneven) raised a bare TypeError
    # (the frame's column labels were taken for rows); its rows as lists turned the padding into
    # the label 'nan' (and None into 'None').
    path = TREES / "marital_status.csv"
    frame = pd.read_csv(path, sep=";", header=None, names=range(4), dtype=str)
    assert frame.isna().any().any()  # uneven: padded
    t = duck.load(ADULT)
    got = []
    # a polars frame was iterated over its columns: "line 2: root 'Married', but the lines before end in ..."
    as_polars = pl.from_pandas(frame)
    rows = [[None if c != c else c for c in r] for r in frame.values]
    for tree in (str(path), frame, frame.values.tolist(), rows, as_polars):
        out = _out(duck)
        r = mondrian_keeping_all(
            duck.source(), t, ["marital_status", "age"], 10, out, hierarchies={"marital_status": tree}
        )
        got.append((r.partitions, r.ncp, sorted(set(_output(duck, out)["marital_status_gen"]))))
    assert got[1:] == [got[0]] * 4


def test_cli_value_missing_exits_2_naming_it(tmp_path, capsys):
    tree = tmp_path / "race.csv"
    tree.write_text("White;*\nBlack;*\n")
    code = main(
        [
            "mondrian",
            "--db",
            str(tmp_path / "w.duckdb"),
            "--table",
            str(ADULT),
            "--qids",
            "age,race",
            "--k",
            "5",
            "--output",
            "o",
            "--hierarchy",
            f"race={tree}",
            "--keep",
            "",
        ]
    )
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1
    assert "of column 'race' is not in its hierarchy" in err and str(tree) in err


def test_cli_hierarchy_run(tmp_path, capsys):
    db = tmp_path / "w.duckdb"
    code = main(
        [
            "mondrian",
            "--db",
            str(db),
            "--table",
            str(ADULT),
            "--qids",
            "age,race,marital_status",
            "--k",
            "10",
            "--identifiers",
            "id",
            "--output",
            "o",
            "--hierarchy",
            f"race={TREES / 'race.csv'}",
            "--hierarchy",
            f"marital_status={TREES / 'marital_status.csv'}",
            "--json",
            "-",
        ]
    )
    assert code == 0
    con = pr.connect(str(db))
    try:
        labels = {r[0] for r in con.fetch('SELECT DISTINCT "race_gen" FROM "o"')}
    finally:
        con.close()
    assert labels <= {"*", "White", "Other than White", "Black", "Asian-Pac-Islander", "Amer-Indian-Eskimo", "Other"}


def test_a_one_value_tree_is_its_root():
    """A file of one line with one cell is a tree of one value (it was refused for a moment as
    a value that also names a group, the root)."""
    assert read_hierarchy("v", [["a"]]).leaves == ["a"]


@pytest.mark.parametrize(
    "text,match",
    [
        ("a;*\nb;+\n", "one root"),
        ("a;A;*\na;B;*\n", "'a' is under two groups"),
        ("a;A;*\nA;*\n", "'A' appears as a value and as a group"),
        ("a;A;*\nx;a;A;*\n", "'a' is a value on another line, and a group here"),
        # one label for two groups: the release would show one label for two sets of values
        # (ARX refuses it too: "is not a hierarchy")
        ("a;X;Y;*\nb;X;Z;*\n", "line 2: group 'X' is under 'Z' here and under 'Y' on line 1"),
        ("a;X;*\nb;X;Y;*\n", "line 2: group 'X' is under 'Y' here and under '\\*' on line 1"),
        ("a;*;*\n", "line 1: group '\\*' is under '\\*' here and is the root"),
        ("X;Y;*\na;X;*\n", "'X' is a value and also names a group \\(line 2\\)"),
        ("a;X;*\n*;X;*\n", "'\\*' is a value and also names a group \\(line 1\\)"),
        ("a;;*\n", "line 1: an empty cell"),
        # a list of values, or cells between tabs, was "root 'b', but the lines before end in 'a'"
        ("a\nb\n", "line 1: 'a' stands alone, with no level above it; a line is value;level 1;...;root"),
        ("a\tA\t*\nb\tA\t*\n", "line 1: 'a\\\\tA\\\\t\\*' stands alone, with no level above it"),
        ("a;A;*\nb\n", "line 2: 'b' stands alone"),
        # a header line was "line 2: root '*', but the lines before end in 'level2'"
        (
            "V,level1,level2\na,A,*\nb,A,*\n",
            "line 1: 'V', 'level1', 'level2' look like a header; a hierarchy file has none",
        ),
        ("\n\n", "is empty"),
        # issue 41, defect 11: a RecursionError and a _csv.Error before
        (";".join(f"n{i}" for i in range(3000)) + "\n", "line 1: 3,000 levels; a hierarchy has at most 256"),
        ("a;*\n" + "b" * 200_000 + ";*\n", "line 2: field larger than field limit"),
    ],
)
def test_malformed_hierarchy_is_named_with_its_line(tmp_path, text, match):
    path = tmp_path / "h.csv"
    path.write_text(text)
    with pytest.raises(InvalidInputError, match=match):
        read_hierarchy("v", path)


def test_a_nul_in_a_label_is_refused_where_text_cannot_hold_it(backend):
    """PostgreSQL's text cannot hold NUL: a label with one cut the SQL text short ('unterminated
    quoted string') after the work began (issue 41, defect 15); SQLite's driver refuses such a
    statement. Refused up front by line there; the other engines keep the label."""
    t = _table(backend, [("id", T.INTEGER), ("v", T.TEXT)], [(i, "ab"[i % 2]) for i in range(8)])
    tree = [["a", "A\x00x", "*"], ["b", "B", "*"]]
    src = backend.source()
    if backend.dialect.text_holds_nul:
        assert mondrian_keeping_all(src, t, ["v"], 4, _out(backend), hierarchies={"v": tree}).partitions == 2
    else:
        with pytest.raises(InvalidInputError, match=f"line 1: a NUL character, which {backend.dialect.name} text"):
            mondrian_keeping_all(src, t, ["v"], 4, _out(backend), hierarchies={"v": tree})
        assert src.statements == 0


def test_hierarchy_options_are_checked_before_any_work(duck):
    t = _table(duck, [("id", T.INTEGER), ("v", T.TEXT), ("n", T.INTEGER)], [(0, "a1", 1), (1, "b", 2)])
    for kwargs, match in [
        (dict(hierarchies={"n": UNEVEN}), "hierarchy files are for text columns; for it, --hierarchy n=interval"),
        (dict(hierarchies={"v": UNEVEN}, order={"v": ["a1", "b"]}), "both an order and a hierarchy"),
        (dict(hierarchies={"v": UNEVEN}, relaxed=True), "relaxed"),
        (dict(hierarchies={"v": "/nonexistent/h.csv"}), "cannot read '/nonexistent/h.csv': No such file or directory$"),
        # 'mask:2' and a misspelt builder were only "cannot read 'mask:2'": the user meant a builder
        (dict(hierarchies={"v": "mask:2"}), "mask takes no arguments"),
        (dict(hierarchies={"v": "masks"}), r"cannot read 'masks': .*nor is it a built hierarchy: mask, interval"),
        (dict(hierarchies={"id": UNEVEN}), "not one of the qids|text columns"),
    ]:
        with pytest.raises(InvalidInputError, match=match):
            mondrian_keeping_all(duck.source(), t, ["v", "n"], 1, "o", **kwargs)


def test_a_spreadsheets_bom_and_padding_are_read_as_the_tree(tmp_path):
    # Excel writes "CSV UTF-8" with a byte-order mark, and pads the shorter rows of an uneven
    # tree with empty cells at their ends; the file is the tree UNEVEN all the same
    path = tmp_path / "h.csv"
    padded = ["a1;A;*", "a2;A;*", "b;*;", "c1;C;*", "c2;C;*"]
    path.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(padded).encode() + b"\r\n")
    tree = read_hierarchy("v", path)
    assert tree.leaves == ["a1", "a2", "b", "c1", "c2"]
    assert tree.code("a1") == 1 and tree.where == repr(str(path))
    assert [(r.depth, r.label) for r in tree.ancestor_rows() if r.code == 3] == [(0, "*"), (1, "b")]


@pytest.mark.parametrize("text", [";A;*\n", "a;;*\n"])
def test_an_empty_cell_before_the_end_is_still_an_error(tmp_path, text):
    path = tmp_path / "h.csv"
    path.write_text(text)
    with pytest.raises(InvalidInputError, match="line 1: an empty cell"):
        read_hierarchy("v", path)


def test_the_database_walks_the_values_up_to_the_ancestors_python_gives(backend):
    # the ancestor table is built in the database from one row per node (fill_ancestor_table);
    # it must be Hierarchy.ancestor_rows, for the values the column holds, on every backend
    from privrisk_sql.metrics.mondrian.run import fill_ancestor_table
    from privrisk_sql.metrics.mondrian.sql import MondrianQueries

    rows = _rows(TREES / "marital_status.csv") + [["x1", "X", "Y", "Z", "*"], ["x2", "Z", "*"]]
    tree = read_hierarchy("v", rows)
    held = {tree.code(v) for v in ["Divorced", "Never-married", "x1", "x2"]}
    src, q = backend.source(), MondrianQueries(backend.dialect)
    try:
        nodes = src.temp_name("nodes")
        src.execute(q.hierarchy_table(nodes))
        fill_ancestor_table(src, q, tree.node_rows(held), nodes, "t")
        got = sorted(
            (r["code"], r["depth"], r["child_no"], round(r["share"], 12), round(r["parent_share"], 12), r["label"])
            for r in src.fetch_records(f"SELECT * FROM {src.quote(nodes)}")
        )
    finally:
        src.drop_temps()
    want = sorted(
        (r.code, r.depth, r.child_no, round(r.share, 12), round(r.parent_share, 12), r.label)
        for r in tree.ancestor_rows()
        if r.code in held
    )
    assert got == want and {g[0] for g in got} == held and len(got) > len(held)


@pytest.mark.parametrize("option", ["--json", "--html"])
def test_cli_never_writes_over_a_hierarchy_file(tmp_path, capsys, option):
    # a hierarchy is an input like the table: --json/--html naming it (or a link to it) is exit 2
    tree = tmp_path / "race.csv"
    text = (TREES / "race.csv").read_text()
    tree.write_text(text)
    (tmp_path / "link.csv").symlink_to(tree)
    code = main(
        [
            "mondrian",
            "--db",
            str(tmp_path / "w.duckdb"),
            "--table",
            str(ADULT),
            "--qids",
            "age,race",
            "--k",
            "5",
            "--output",
            "o",
            "--hierarchy",
            f"race={tree}",
            option,
            str(tmp_path / "link.csv"),
        ]
    )
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1
    assert f"is the input {str(tree)!r}" in err and tree.read_text() == text
    assert not (tmp_path / "w.duckdb").exists()  # refused before any work


def test_masked_rows_hide_one_character_a_level():
    from privrisk_sql.metrics.mondrian.hierarchy import masked_rows

    assert masked_rows(["90071", "90210", None]) == [
        ["90071", "9007*", "900**", "90***", "9****", "*****"],
        ["90210", "9021*", "902**", "90***", "9****", "*****"],
    ]
    # codes of different lengths meet at one root
    assert masked_rows(["123", "45"]) == [["123", "12*", "1**", "***", "*"], ["45", "4*", "**", "*"]]
    # a one-character code's last level is the root itself: one '*' label, one node (it was a
    # group '*' under the root '*', so a release showed '*' for "any code" and "any 1-char code")
    assert masked_rows(["1", "12"]) == [["1", "*"], ["12", "1*", "**", "*"]]


ZIPS = ["90071", "90072", "90210", "90211", "94103", "94110", "94117", "10001", "10002", "1003"]


def test_a_built_mask_hierarchy_cuts_as_its_file_does(backend, tmp_path):
    """`--hierarchy zip=mask` (issue 40): the tree is built from the column's values, and the run
    gives the same partitions and labels as the same tree written as an ARX file."""
    from privrisk_sql.metrics.mondrian.hierarchy import masked_rows

    rows = [(i, 20 + (i * 37) % 23, ZIPS[(i * 13) % 7 + (i % 4)]) for i in range(120)]
    t = _table(backend, [("id", T.INTEGER), ("age", T.INTEGER), ("zip", T.TEXT)], rows)
    tree = tmp_path / "zip.csv"
    tree.write_text("\n".join(";".join(r) for r in masked_rows(ZIPS)) + "\n")
    built, from_file = _out(backend), _out(backend)
    a = mondrian_keeping_all(backend.source(), t, ["age", "zip"], 8, built, hierarchies={"zip": "mask"})
    b = mondrian_keeping_all(backend.source(), t, ["age", "zip"], 8, from_file, hierarchies={"zip": str(tree)})
    assert a.partitions == b.partitions > 1 and a.ncp == b.ncp
    got = {
        name: _output(backend, name).sort_values("id")[["id", "partition_id", "zip_gen"]].reset_index(drop=True)
        for name in (built, from_file)
    }
    pd.testing.assert_frame_equal(got[built], got[from_file])
    assert got[built]["zip_gen"].str.contains(r"\*").any()  # some zips were masked
    assert not got[built]["zip_gen"].str.startswith("[").any()  # never a set of values


@pytest.mark.parametrize("k", [1, 10])
def test_the_sets_hint_names_only_qids_some_label_shows_as_a_set(k, tmp_path, capsys):
    # sex cut down to one value per partition (k=1: race too): the summary still said "labels of
    # sex, race are sets of values" and proposed a hierarchy for columns whose every label was one value.
    db = tmp_path / "w.duckdb"
    args = ["mondrian", "--db", str(db), "--table", str(ADULT), "--qids", "age,sex,race", "--keep", "id"]
    assert main([*args, "--k", str(k), "--output", "a", "--json", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    with pr.connect(str(db)) as src:
        with_sets = [c for c in ("sex", "race") if src.fetch(f"SELECT COUNT(*) FROM a WHERE {c}_gen LIKE '[%'")[0][0]]
    assert with_sets == ([] if k == 1 else ["race"])  # the data this test needs: one case of each
    hint = [line.split(" are sets of values")[0] for line in out.splitlines() if "are sets of values" in line]
    assert hint == ([f"  labels of {', '.join(with_sets)}"] if with_sets else [])
    assert json.loads((tmp_path / "r.json").read_text())["labelled_as_sets"] == with_sets


def test_cli_hierarchy_builders_and_order_spelled_as_a_hierarchy(tmp_path, capsys):
    db = tmp_path / "w.duckdb"
    base = ["mondrian", "--db", str(db), "--table", str(ADULT), "--qids", "age,race,sex", "--k", "10", "--keep", "id"]
    assert main(base + ["--output", "a", "--order", "sex=Female,Male"]) == 0
    assert main(base + ["--output", "b", "--hierarchy", "sex=order:Female,Male"]) == 0
    out = capsys.readouterr().out
    assert "labels of race are sets of values: --hierarchy race=mask" in out
    with pr.connect(str(db)) as src:
        same = src.fetch(
            "SELECT COUNT(*) FROM a JOIN b ON a.id = b.id AND a.sex_gen = b.sex_gen AND a.partition_id = b.partition_id"
        )
    assert same[0][0] == 2000
    assert main(base + ["--output", "c", "--order", "sex=Female,Male", "--hierarchy", "sex=order:Male,Female"]) == 2
    assert "both given for 'sex'" in capsys.readouterr().err
    assert main(base + ["--output", "c", "--hierarchy", "sex=order:"]) == 2
    assert "--hierarchy sex=order:" in capsys.readouterr().err


def test_a_mask_over_values_with_edge_spaces_is_refused(tmp_path):
    import duckdb

    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(
            "CREATE TABLE t AS SELECT i AS id, i % 5 AS age, CASE WHEN i % 2 = 0 THEN ' 9007' "
            "ELSE '9008' END AS zip FROM range(40) r(i)"
        )
    with pytest.raises(InvalidInputError, match="'zip': a value has leading or trailing spaces"):
        pr.mondrian(str(db), "t", ["age", "zip"], 5, "o", identifiers=["id"], hierarchies={"zip": "mask"})


def test_a_mask_over_an_empty_text_value_is_refused_naming_it(tmp_path):
    """'' among the codes: the refusal spoke of rows the user never gave ("hierarchy (given as
    rows) for 'zip', line 1: an empty cell"); it names the empty value and the way out now, and
    that way out (NULL, nulls='separate') runs."""
    import duckdb

    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(
            "CREATE TABLE t AS SELECT i AS id, i % 5 AS age, CASE WHEN i % 2 = 0 THEN '' "
            "ELSE '9008' END AS zip FROM range(40) r(i)"
        )
        con.execute("CREATE VIEW v AS SELECT id, age, NULLIF(zip, '') AS zip FROM t")
    with pytest.raises(InvalidInputError, match=r"^hierarchy 'mask' for 'zip': a value is empty text \(''\)"):
        pr.mondrian(str(db), "t", ["age", "zip"], 5, "o", identifiers=["id"], hierarchies={"zip": "mask"})
    r = pr.mondrian(
        str(db), "v", ["age", "zip"], 5, "o", identifiers=["id"], hierarchies={"zip": "mask"}, nulls="separate"
    )
    assert r.partitions >= 1


def test_a_mask_over_values_holding_the_masking_character_is_refused(tmp_path, capsys):
    """A code '90**' and the mask of '9012' would read alike in the release: refused by value,
    before any work (it was accepted, the value under a group of its own spelling)."""
    import duckdb

    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(
            "CREATE TABLE t AS SELECT i AS id, i % 5 AS age, CASE WHEN i % 2 = 0 THEN '90**' "
            "ELSE '9012' END AS zip FROM range(40) r(i)"
        )
    argv = ["mondrian", "--db", str(db), "--table", "t", "--qids", "age,zip", "--k", "5", "--output", "o"]
    assert main(argv + ["--identifiers", "id", "--hierarchy", "zip=mask"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "value '90**' holds '*', the masking character" in err
    with duckdb.connect(str(db)) as con:
        assert con.execute("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'o'").fetchone() == (0,)


def test_interval_and_date_trees_by_hand():
    from privrisk_sql.metrics.mondrian.hierarchy import builder_of

    ages = builder_of("interval:5,10,20").rows("age", ["23", "7", "-3", "40"])
    assert ages == [
        ["-3", "[-5, 0)", "[-10, 0)", "[-20, 0)", "*"],
        ["7", "[5, 10)", "[0, 10)", "[0, 20)", "*"],
        ["23", "[20, 25)", "[20, 30)", "[20, 40)", "*"],
        ["40", "[40, 45)", "[40, 50)", "[40, 60)", "*"],
    ]
    # the database's own spelling is the leaf; bins are exact decimals (0.1 + 0.2 is no problem)
    assert builder_of("interval:0.5,1").rows("x", ["1.0E1", "0.3"]) == [
        ["0.3", "[0, 0.5)", "[0, 1)", "*"],
        ["1.0E1", "[10, 10.5)", "[10, 11)", "*"],
    ]
    assert builder_of("date").rows("d", ["2023-05-03", "1999-12-31"]) == [
        ["1999-12-31", "1999-12", "1999", "*"],
        ["2023-05-03", "2023-05", "2023", "*"],
    ]
    assert builder_of("date").rows("d", ["2023-05-03 10:00:00"], timestamps=True) == [
        ["2023-05-03 10:00:00", "2023-05-03", "2023-05", "2023", "*"]
    ]
    assert builder_of("date:quarter,decade").rows("d", ["2023-05-03"]) == [["2023-05-03", "2023-Q2", "2020s", "*"]]
    # a date is its own day: date:day,... over dates leaves the level out (it named each date twice)
    assert builder_of("date:day,quarter").rows("d", ["2023-05-03"]) == [["2023-05-03", "2023-Q2", "*"]]
    assert builder_of("date:day").rows("d", ["2023-05-03"]) == [["2023-05-03", "*"]]
    assert builder_of("date:day,quarter").rows("d", ["2023-05-03 10:00:00"], timestamps=True) == [
        ["2023-05-03 10:00:00", "2023-05-03", "2023-Q2", "*"]
    ]
    assert builder_of("mask").name == "mask" and builder_of("zip.csv") is None and builder_of(["a"]) is None


@pytest.mark.parametrize(
    "spec,message",
    [
        ("interval:", "give the bin widths"),
        ("interval:5,7", "width 7 is not a whole multiple of 5"),
        # was "width 5 is not a whole multiple of 5", which it is: the widths must grow
        ("interval:5,5", r"width 5 is not wider than 5 before it \(widths go smallest first"),
        ("interval:10,5", r"width 5 is not wider than 10 before it"),
        ("interval:0", "width '0' is not a positive number"),
        ("interval:x", "width 'x' is not a number"),
        ("interval:5,inf", "width 'inf' is not a positive number"),
        ("date:year,month", "finest first"),
        ("date:week", "level 'week' is not one of"),
        ("date:", "finest first"),
    ],
)
def test_a_malformed_builder_is_refused_by_name(spec, message):
    from privrisk_sql.metrics.mondrian.hierarchy import builder_of

    with pytest.raises(InvalidInputError, match=message):
        builder_of(spec)


def test_interval_widths_far_apart_and_values_of_many_digits_are_exact():
    # Decimal's 28 digits: a width 10^29 times the one before ended the run in a traceback
    # (DivisionImpossible in the multiple check), and a value of 29 nines after the point fell
    # into the bin above it (its quotient rounded up to 1).
    from privrisk_sql.metrics.mondrian.hierarchy import builder_of

    assert builder_of("interval:5,1e30").widths[-1] == 10**30
    assert builder_of("interval:1e-30,1").rows("x", ["2.5"]) == [
        ["2.5", "[2.5, 2.500000000000000000000000000001)", "[2, 3)", "*"]
    ]
    with pytest.raises(InvalidInputError, match="not a whole multiple"):
        builder_of("interval:3,1e30")
    nines = "0." + "9" * 29
    assert builder_of("interval:1").rows("x", [nines]) == [[nines, "[0, 1)", "*"]]
    big = "1" + "0" * 30 + ".5"
    assert builder_of("interval:2").rows("x", [big]) == [[big, "[" + "1" + "0" * 30 + ", 1" + "0" * 29 + "2)", "*"]]


def test_values_a_builder_cannot_place_are_named():
    from privrisk_sql.metrics.mondrian.hierarchy import builder_of

    with pytest.raises(InvalidInputError, match="value 'inf' lies in no interval"):
        builder_of("interval:5").rows("age", ["3", "inf"])
    with pytest.raises(InvalidInputError, match="value '03/05/2023' is not an ISO date"):
        builder_of("date").rows("born", ["03/05/2023"])


def _expected_age_tree(ages, widths=(5, 10, 20)) -> list[list[str]]:
    """interval:5,10,20 written out by hand for the test (bins start at multiples of the width)."""
    return [[str(a)] + [f"[{a // w * w}, {a // w * w + w})" for w in widths] + ["*"] for a in sorted(set(ages))]


def _expected_date_tree(days) -> list[list[str]]:
    return [[d.isoformat(), d.strftime("%Y-%m"), d.strftime("%Y"), "*"] for d in sorted(set(days))]


def test_built_interval_and_date_hierarchies_equal_the_reference(backend):
    """`--hierarchy age=interval:5,10,20` and `born=date` (issue 40): the partitions equal those of
    the in-memory reference cutting the same trees (written out here from the definitions), each
    label is its rows' node, and _lo/_hi keep the column's own type."""
    import datetime as dt

    rows = [(i, 18 + (i * 37) % 61, dt.date(1940, 1, 1) + dt.timedelta(days=(i * 911) % 25_000)) for i in range(300)]
    t = _table(backend, [("id", T.INTEGER), ("age", T.INTEGER), ("born", T.DATE)], rows)
    out = _out(backend)
    r = mondrian_keeping_all(
        backend.source(), t, ["age", "born"], 6, out, hierarchies={"age": "interval:5,10,20", "born": "date"}
    )
    df = pd.DataFrame(rows, columns=["id", "age", "born"])
    trees = {"age": _expected_age_tree(df["age"]), "born": _expected_date_tree(df["born"])}
    text = df.assign(age=df["age"].astype(str), born=df["born"].map(lambda d: d.isoformat()))
    ref = partition_sets(mondrian_reference(encode(text, ["age", "born"], hierarchies=trees), 6), df["id"])
    got = _output(backend, out)
    assert released_groups(got) == ref and r.partitions == len(ref) > 1
    assert r.min_size >= 6
    merged = got.merge(df, on="id", suffixes=("", "_in"))
    paths = {c: {row[0]: row for row in tree} for c, tree in trees.items()}
    for c, value in (("age", merged["age"].astype(str)), ("born", merged["born"].map(lambda d: d.isoformat()))):
        assert all(g in paths[c][v] for v, g in zip(value, merged[f"{c}_gen"]))  # the label is the row's node
        assert merged.groupby("partition_id")[f"{c}_gen"].nunique().max() == 1
    assert (merged["age_lo"] <= merged["age"]).all() and (merged["age"] <= merged["age_hi"]).all()
    born_lo = pd.to_datetime(merged["born_lo"]).dt.date
    assert (born_lo <= merged["born"]).all()
    assert not merged["age_gen"].str.startswith('["').any()  # never a set of values


def test_a_day_level_over_dates_is_the_dates_themselves(backend):
    """`--hierarchy born=date:day,quarter,decade` over a DATE column: refused until 2026-11-30
    ("'1952-05-09' is a value and also names a group"), as the day of a date is the date; the
    release now equals that of date:quarter,decade."""
    import datetime as dt

    rows = [(i, dt.date(1950, 1, 1) + dt.timedelta(days=(i * 613) % 20_000)) for i in range(120)]
    t = _table(backend, [("id", T.INTEGER), ("born", T.DATE)], rows)
    outs = {}
    for spec in ("date:day,quarter,decade", "date:quarter,decade"):
        outs[spec] = _out(backend)
        mondrian_keeping_all(backend.source(), t, ["born"], 4, outs[spec], hierarchies={"born": spec})
    day, plain = (_output(backend, o).sort_values("id").reset_index(drop=True) for o in outs.values())
    assert day["born_gen"].tolist() == plain["born_gen"].tolist()
    assert day["partition_id"].nunique() > 1 and day.groupby("partition_id").size().min() >= 4


def test_an_interval_over_doubles_and_a_date_over_timestamps(backend):
    import datetime as dt

    rows = [(i, (i % 17) * 1.25, dt.datetime(2020, 1, 1) + dt.timedelta(hours=i * 37)) for i in range(200)]
    t = _table(backend, [("id", T.INTEGER), ("score", T.FLOAT), ("seen", T.TIMESTAMP)], rows)
    out = _out(backend)
    mondrian_keeping_all(
        backend.source(), t, ["score", "seen"], 5, out, hierarchies={"score": "interval:2.5,5", "seen": "date"}
    )
    got = _output(backend, out).merge(pd.DataFrame(rows, columns=["id", "score_in", "seen_in"]), on="id")
    for score, gen in zip(got["score_in"], got["score_gen"]):
        lo = score // 2.5 * 2.5
        assert (
            gen in ("*", f"[{lo:g}, {lo + 2.5:g})", f"[{score // 5 * 5:g}, {score // 5 * 5 + 5:g})")
            or float(gen) == score
        )
    for seen, gen in zip(got["seen_in"], got["seen_gen"]):
        assert gen == "*" or seen.isoformat(sep=" ").startswith(gen) or gen.startswith(seen.strftime("%Y-%m-%d"))
    assert got.groupby("partition_id").size().min() >= 5


def test_a_builder_for_another_type_is_refused_by_name(backend):
    t = _table(
        backend, [("id", T.INTEGER), ("age", T.INTEGER), ("zip", T.TEXT)], [(i, i % 7, "9007") for i in range(20)]
    )
    with pytest.raises(
        InvalidInputError,
        match=r"hierarchy mask given for 'age', but it is .*: that builder is for "
        r"codes held as text .*--hierarchy age=interval",
    ):
        mondrian_keeping_all(backend.source(), t, ["age", "zip"], 2, _out(backend), hierarchies={"age": "mask"})
    with pytest.raises(InvalidInputError, match="hierarchy interval:5 given for 'zip'.*is for numbers.*zip=mask"):
        mondrian_keeping_all(backend.source(), t, ["age", "zip"], 2, _out(backend), hierarchies={"zip": "interval:5"})


def test_cli_interval_and_date_builders(tmp_path, capsys):
    import duckdb

    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(
            "CREATE TABLE p AS SELECT i AS id, 18 + (i * 37) % 61 AS age, "
            "DATE '1950-01-01' + CAST((i * 911) % 25000 AS INTEGER) AS born FROM range(500) r(i)"
        )
    base = ["mondrian", "--db", str(db), "--table", "p", "--qids", "age,born", "--k", "5", "--identifiers", "id"]
    assert (
        main(base + ["--output", "o", "--hierarchy", "age=interval:5,10,20", "--hierarchy", "born=date:year,decade"])
        == 0
    )
    with duckdb.connect(str(db)) as con:
        labels = con.execute("SELECT DISTINCT born_gen FROM o").fetchall()
    assert all(g[0] == "*" or len(g[0]) in (4, 5, 10) for g in labels)  # a year, a decade, a day or the root
    capsys.readouterr()
    assert main(base + ["--output", "o2", "--hierarchy", "age=interval:5,7"]) == 2
    err = capsys.readouterr().err
    assert "width 7 is not a whole multiple of 5" in err and len(err.strip().splitlines()) == 1
    with duckdb.connect(str(db)) as con:
        assert not con.execute("SELECT * FROM duckdb_tables() WHERE table_name = 'o2'").fetchall()


def test_a_one_value_tree_has_no_root_to_hold_null_and_says_so(duck):
    """A tree of one value is its own root: NULL cannot sit beside it, refused by name (with a
    root above the value, NULL is its sibling: two partitions)."""
    t = _table(duck, [("id", T.INTEGER), ("v", T.TEXT)], [(i, None if i % 3 == 0 else "a") for i in range(12)])
    with pytest.raises(InvalidInputError, match=r"for 'v' is a single value, with no root above it to hold NULL"):
        mondrian_keeping_all(duck.source(), t, ["v"], 2, _out(duck), hierarchies={"v": [["a"]]}, nulls="separate")
    r = mondrian_keeping_all(duck.source(), t, ["v"], 2, _out(duck), hierarchies={"v": [["a", "*"]]}, nulls="separate")
    assert (r.partitions, r.min_size) == (2, 4)


@pytest.mark.parametrize(
    "options, said",
    [
        # a list or a text where a mapping goes: AttributeError ('list' object has no attribute 'items')
        ({"order": ["low", "high"]}, "order must be a mapping {column: [its values, in order]}, got ['low', 'high']"),
        ({"hierarchies": "mask"}, "hierarchies must be a mapping {column: a CSV path, rows, or 'mask'"),
        # the values as --order spells them: read letter by letter, "lists 'l' twice"
        ({"order": {"v": "low,high"}}, "order for 'v' must be a list of its values, in order, got the text 'low,high'"),
        # a built hierarchy's name in a list: rows of a one-node tree, "value 'a1' is not in its hierarchy"
        (
            {"hierarchies": {"v": ["mask"]}},
            "hierarchy rows for 'v' are lists of cells (value, level 1, ..., root), got the text 'mask' as a row",
        ),
    ],
)
def test_an_order_or_hierarchy_in_the_wrong_shape_is_refused_by_name(options, said):
    frame = pd.DataFrame({"id": range(8), "v": ["low", "high"] * 4, "n": range(8)})
    with pytest.raises(InvalidInputError) as e:
        pr.mondrian(duckdb.connect(), frame, ["v", "n"], 2, "out", keep=[], **options)
    assert str(e.value).startswith(said)


def test_order_spelled_as_a_hierarchy_in_python_cuts_as_order_does():
    """The refusal of an unknown hierarchy lists ``order:V1,V2,...`` among the built ones; the
    API took it for a file name ("cannot read 'order:low,mid,high'"), only the CLI knew it."""
    frame = pd.DataFrame({"id": range(12), "v": ["low", "mid", "high"] * 4, "n": [i % 5 for i in range(12)]})
    con = duckdb.connect()
    pr.mondrian(con, frame, ["v", "n"], 2, "a", keep=["id"], order={"v": ["low", "mid", "high"]})
    pr.mondrian(con, frame, ["v", "n"], 2, "b", keep=["id"], hierarchies={"v": "order:low, mid,high"})
    a = con.sql("SELECT id, partition_id, v_gen FROM a ORDER BY id").fetchall()
    assert a == con.sql("SELECT id, partition_id, v_gen FROM b ORDER BY id").fetchall()
    assert "low~mid" in {label for _, _, label in a}  # cut as a range, not labelled as a set of values
    with pytest.raises(InvalidInputError, match="both given for 'v'"):
        pr.mondrian(con, frame, ["v", "n"], 2, "c", order={"v": ["low"]}, hierarchies={"v": "order:low,mid"})
    with pytest.raises(InvalidInputError, match=r"hierarchy 'order:' for 'v' lists no values"):
        pr.mondrian(con, frame, ["v", "n"], 2, "c", hierarchies={"v": "order:"})
    assert con.execute("SELECT COUNT(*) FROM duckdb_tables() WHERE table_name = 'c'").fetchone() == (0,)


def test_six_hierarchies_give_the_reference_partitions_in_seconds(backend):
    """Six QIDs of ten values each under `interval:2,4`: MariaDB's planner joined the six
    hierarchies' node tables first in the quality statement, a cross product of 40^6 rows, and ran
    for minutes on 300 rows (the other engines in a second). The tables are now joined in the
    order written; under a 60 s timeout the partitions equal the in-memory reference's on every
    backend."""
    qids = [f"q{i}" for i in range(6)]
    rows = [(i, *[(i * (7 + 6 * j) + (i // 10) * (j + 1)) % 10 for j in range(6)]) for i in range(300)]
    t = _table(backend, [("id", T.INTEGER), *[(q, T.INTEGER) for q in qids]], rows)
    out = _out(backend)
    r = mondrian_keeping_all(backend.source(timeout=60), t, qids, 3, out, hierarchies={q: "interval:2,4" for q in qids})
    df = pd.DataFrame(rows, columns=["id", *qids])
    trees = {q: _expected_age_tree(df[q], (2, 4)) for q in qids}
    text = df.astype({q: str for q in qids})
    ref = partition_sets(mondrian_reference(encode(text, qids, hierarchies=trees), 3), df["id"])
    got = _output(backend, out)
    assert released_groups(got) == ref and r.partitions == len(ref) > 1


def test_four_hierarchies_over_a_thousand_rows_give_the_reference_in_seconds(backend):
    """Eight QIDs, two under `interval:2,4` and two under `date`, 1,000 rows, k = 2: PostgreSQL,
    with no statistics on TEMP tables, chose nested loops in the quality statement, 19 s of a run
    the other engines finish in one. Nested loops are off there while Mondrian works; under a 10 s
    timeout the partitions equal the in-memory reference's on every backend."""
    import datetime as dt
    import random

    rnd = random.Random(148)
    days = [dt.date(2000, 1, 1) + dt.timedelta(days=d) for d in range(1200)]
    rows = [
        (i, rnd.randrange(40), rnd.randrange(40) / 4, rnd.choice(days), rnd.choice(days), rnd.choice(days))
        + (rnd.randrange(10), f"v{rnd.randrange(10)}", rnd.randrange(40) / 4)
        for i in range(1000)
    ]
    qids = [f"q{i}" for i in range(8)]
    kinds = [T.INTEGER, T.FLOAT, T.DATE, T.DATE, T.DATE, T.INTEGER, T.TEXT, T.FLOAT]
    t = _table(backend, [("id", T.INTEGER), *zip(qids, kinds)], rows)
    out = _out(backend)
    specs = {"q0": "interval:2,4", "q2": "date", "q3": "date", "q5": "interval:2,4"}
    r = mondrian_keeping_all(backend.source(timeout=10), t, qids, 2, out, hierarchies=specs)
    df = pd.DataFrame(rows, columns=["id", *qids])
    trees = {q: _expected_age_tree(df[q], (2, 4)) for q in ("q0", "q5")}
    trees |= {q: _expected_date_tree(df[q]) for q in ("q2", "q3")}
    text = df.astype({"q0": str, "q5": str, "q4": "datetime64[ns]"})  # the reference codes a date by its time
    text[["q2", "q3"]] = df[["q2", "q3"]].map(lambda d: d.isoformat())
    ref = partition_sets(mondrian_reference(encode(text, qids, hierarchies=trees), 2), df["id"])
    got = _output(backend, out)
    assert released_groups(got) == ref and r.partitions == len(ref) > 300


def test_a_date_tree_over_instants_counts_days_in_the_sessions_zone():
    """docs/metrics/mondrian.md: over a TIMESTAMPTZ the date builder's days and months are the
    session's zone's, as mpUCCs floors an instant; every row's label is its own local day or month
    there. The same rows give other partitions in another zone."""
    import numpy as np

    rng = np.random.default_rng(3)
    stamps = pd.Timestamp("2023-03-26 00:30:00", tz="UTC") + pd.to_timedelta(rng.integers(0, 72 * 60, 400), unit="min")
    rows = pd.DataFrame({"id": range(400), "t": stamps, "a": rng.integers(0, 5, 400)})
    partitions = {}
    for zone in ("UTC", "Asia/Kolkata", "Europe/Berlin"):
        con = duckdb.connect()
        con.execute(f"SET TimeZone = '{zone}'")
        con.register("given", rows)
        con.execute("CREATE TABLE src AS SELECT * FROM given")
        pr.mondrian(con, "src", ["t", "a"], k=7, output="out", keep=["id"], hierarchies={"t": "date:day,month"})
        got = con.execute("SELECT id, partition_id, t_gen FROM out").df().merge(rows, on="id")
        local = got["t"].dt.tz_convert(zone)
        day, month = local.dt.strftime("%Y-%m-%d"), local.dt.strftime("%Y-%m")
        assert ((got["t_gen"] == day) | (got["t_gen"] == month) | (got["t_gen"] == "*")).all(), zone
        assert (got["t_gen"] == day).any(), zone
        assert got.groupby("partition_id").size().min() >= 7
        partitions[zone] = got["partition_id"].nunique()
    assert len(set(partitions.values())) > 1, partitions


def _mondrian_command(tmp_path, hierarchy, pass_fds=()):
    (tmp_path / "t.csv").write_text("sex,n\n" + "Male,1\nFemale,2\n" * 6)
    args = ["mondrian", "--table", "t.csv", "--qids", "sex", "--keep", "n", "--k", "2", "--output", "r.csv"]
    return subprocess.run(
        [sys.executable, "-m", "privrisk_sql", *args, "--hierarchy", f"sex={hierarchy}", "--quiet"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        pass_fds=pass_fds,
    )


def test_a_hierarchy_pipe_no_process_writes_to_is_refused_not_waited_on(tmp_path):
    """A named pipe (FIFO) as a hierarchy file, with nothing writing to it: open() waited for a
    writer, and inside a run Ctrl-C and SIGTERM are acted on at the run's own points, so the
    command hung for good, deaf to both (the subprocess's timeout here)."""
    os.mkfifo(tmp_path / "h.csv")
    out = _mondrian_command(tmp_path, "h.csv")
    assert out.returncode == 2 and "'h.csv' is a pipe with nothing in it and no process writing to it" in out.stderr, (
        out.stderr
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.csv", "t.csv"]


def test_a_hierarchy_read_from_a_pipe_with_a_writer_is_read_whole(tmp_path):
    """What the shell's <(command) gives: a pipe with a writer, read to its end as before."""
    read, write = os.pipe()
    os.write(write, b"Male,*\nFemale,*\n")
    os.close(write)
    try:
        out = _mondrian_command(tmp_path, f"/dev/fd/{read}", pass_fds=(read,))
    finally:
        os.close(read)
    assert out.returncode == 0, out.stderr
    released = pd.read_csv(tmp_path / "r.csv")
    assert set(released["sex_gen"]) == {"Male", "Female"} and len(released) == 12


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stop_while_a_hierarchy_pipe_waits_for_its_writer_ends_the_command(tmp_path, stop):
    """<(command) whose command is slow or stuck: the read waited in the kernel, and a run acts on
    Ctrl-C and SIGTERM at its own points, so the command could only be killed (kill -9)."""
    (tmp_path / "t.csv").write_text("sex,n\n" + "Male,1\nFemale,2\n" * 6)
    read, write = os.pipe()  # the write end stays open here, and nothing is written: a stuck writer
    args = ["mondrian", "--table", "t.csv", "--qids", "sex", "--keep", "n", "--k", "2", "--output", "r.csv"]
    try:
        run = subprocess.Popen(
            [sys.executable, "-m", "privrisk_sql", *args, "--hierarchy", f"sex=/dev/fd/{read}", "--quiet"],
            cwd=tmp_path,
            stderr=subprocess.PIPE,
            text=True,
            pass_fds=(read,),
        )
        wait_until_it_waits(run, IN_SELECT)  # loaded, and waiting on the pipe
        run.send_signal(stop)
        try:
            _, err = run.communicate(timeout=30)
        finally:
            run.kill()
    finally:
        os.close(read)
        os.close(write)
    assert run.returncode == 3 and ("interrupted" in err or "terminated" in err), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]
