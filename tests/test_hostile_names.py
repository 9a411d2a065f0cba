"""Hostile identifiers as table and column names give the same results as plain names on every
backend, and the tables around them are untouched."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest

import privrisk_sql as pr
from privrisk_sql.sql.types import TypeClass

from backends import FIXTURES, mondrian_keeping_all, read_csv_typed

HOSTILE_COLUMNS = [
    'a"b',
    "it's",
    ";DROP TABLE x;--",
    "back`tick",
    "br]acket",
    "two words",
    "größe_ñ",
    "select",
    "new\nline",
    "MixedCase",
]


def _table_name(backend, stem):
    """A fresh table name from ``stem``; Spark's catalog takes letters, digits and _ only (columns
    stay hostile there)."""
    if backend.plain_table_names:
        return f"t{stem.encode().hex()}_{uuid.uuid4().hex[:12]}"
    return f"{stem} {uuid.uuid4().hex[:12]}"


def _load(backend, stem, columns, rows):
    name = _table_name(backend, stem)
    backend.create(name, columns, rows)
    return name


@pytest.mark.parametrize("hostile", HOSTILE_COLUMNS)
def test_hostile_names_everywhere(backend, hostile):
    cols, ori_rows = read_csv_typed(FIXTURES / "handcheck" / "ori.csv")
    _, syn_rows = read_csv_typed(FIXTURES / "handcheck" / "syn.csv")
    # the first column and both tables get hostile names
    renamed = [(hostile, cols[0][1])] + cols[1:]
    if backend.key:
        renamed = [(backend.key, TypeClass.INTEGER)] + renamed
        ori_rows = [(i, *r) for i, r in enumerate(ori_rows)]
        syn_rows = [(i, *r) for i, r in enumerate(syn_rows)]
    ori = _load(backend, f"ori{hostile}", renamed, ori_rows)
    syn = _load(backend, f"syn{hostile}", renamed, syn_rows)
    bystander = _load(backend, "x", [("v", TypeClass.INTEGER)], [(1,)])
    src = backend.source()

    r = pr.mpuccs(src, ori, syn, key=backend.key).to_dict()
    assert r["global"]["identification_rate"] == pytest.approx(0.8)
    assert r["details"][0]["field_combo"] == [hostile] and r["details"][0]["value_combo"] == ["z"]
    assert r["tree"][0]["field_combo"] == [hostile]

    c = pr.cavg(src, ori, [hostile, "b"], k=1)
    assert (c.n_rows, c.n_classes) == (5, 5)
    k = pr.kanon(src, ori, [hostile], sensitive="c")
    assert k["k_anonymity"] == 1 and k["l_diversity"] == 1

    assert backend.fetch(f"SELECT COUNT(*) FROM {pr.render.quote_identifier(ori, src.dialect)}")[0][0] == 5
    assert backend.fetch(f"SELECT v FROM {pr.render.quote_identifier(bystander, src.dialect)}") == [(1,)]

    out = _table_name(backend, f"out{hostile}")
    if hasattr(backend, "created"):
        backend.created.append(out)
    m = mondrian_keeping_all(src, ori, [hostile, "b"], 2, out)
    assert m.min_size >= 2 and m.partitions >= 1
    q = lambda n: pr.render.quote_identifier(n, src.dialect)  # noqa: E731
    rows = backend.fetch(f"SELECT {q('partition_id')}, {q(hostile + '_lo')}, {q(hostile + '_gen')} FROM {q(out)}")
    assert len(rows) == 5 and len({r[0] for r in rows}) == m.partitions
    assert backend.fetch(f"SELECT v FROM {q(bystander)}") == [(1,)]
    assert backend.fetch(f"SELECT COUNT(*) FROM {q(ori)}")[0][0] == 5


# Column names the templates use for their own work columns and aliases: a user's column of that
# name must not be mistaken for them (a QID named "q" broke kanon on PostgreSQL: "column reference
# "q" is ambiguous").
INTERNAL_NAMES = [
    "q",
    "c",
    "p",
    "g",
    "sa",
    "class_size",
    "has_null_qid",
    "n_classes",
    "class_id",
    "value_id",
    "rank_desc",
    "gap",
    "rid",
    "side",
    "pid",
    "n",
    "x",
    "b",
    "r",
    "s",
    "w",
    "code",
    "val",
    "partition_id",
]


@pytest.mark.filterwarnings("ignore:.*given as both ori and syn")  # on purpose here
@pytest.mark.parametrize("name", INTERNAL_NAMES)
def test_column_named_like_an_internal_alias(backend, name):
    rows = [(i % 4, i % 3, float(i % 5)) for i in range(40)]
    plain_cols = [("qa", TypeClass.INTEGER), ("qb", TypeClass.INTEGER), ("sv", TypeClass.FLOAT)]
    # the QID, the other QID and the sensitive column each take the name in turn
    for position in range(3):
        cols = list(plain_cols)
        cols[position] = (name, cols[position][1])
        names = [c for c, _ in cols]
        data = rows
        if backend.key:
            cols = [(backend.key, TypeClass.INTEGER)] + cols
            data = [(i, *r) for i, r in enumerate(rows)]
        hostile = _load(backend, "t", cols, data)
        plain = _load(backend, "t", ([(backend.key, TypeClass.INTEGER)] if backend.key else []) + plain_cols, data)
        src = backend.source()
        got = pr.kanon(src, hostile, names[:2], sensitive=[names[2]], k=2)
        want = pr.kanon(src, plain, ["qa", "qb"], sensitive=["sv"], k=2)
        assert got["k_anonymity"] == want["k_anonymity"]
        for key in ("t_closeness", "l_diversity", "recursive_c_l", "alpha_k", "delta_disclosure"):
            assert got[key] == pytest.approx(want[key]), key
        assert pr.cavg(src, hostile, names[:2], 2).cavg == pytest.approx(pr.cavg(src, plain, ["qa", "qb"], 2).cavg)
        a = pr.mpuccs(src, hostile, hostile, key=backend.key, columns=names[:2]).to_dict()["global"]
        assert (
            a["total_identified"]
            == pr.mpuccs(src, plain, plain, key=backend.key, columns=["qa", "qb"]).to_dict()["global"][
                "total_identified"
            ]
        )
        if name != "partition_id":  # an output column of Mondrian's own: refused by name (tested elsewhere)
            out = f"out_{uuid.uuid4().hex[:12]}"
            if hasattr(backend, "created"):
                backend.created.append(out)
            m = mondrian_keeping_all(src, hostile, names[:2], 4, out, keep=[])
            assert m.min_size >= 4


def _cte_names(dialect_name):
    """The names our statements give their CTEs on this dialect, from the golden SQL."""
    golden = Path(__file__).parent / "snapshots" / "test_golden_sql" / "test_golden_sql"
    names = set()
    for path in golden.glob(f"*-{dialect_name}/out.sql"):
        names |= set(re.findall(r"(?im)(?:^|,|WITH(?: RECURSIVE)?)\s*([a-z_][a-z0-9_]*) AS \($", path.read_text()))
    return sorted(names)


def test_a_table_named_like_one_of_our_ctes(backend):
    """A table called shares, value_cdf, ... (a CTE of the kanon family's statements): SQLite read
    the CTE in its place ("circular reference: shares"), MariaDB a later CTE's columns ("Unknown
    column age"). A table found by a bare name is written with its schema there now (Spark read
    the table, checked by hand: its step runs a selection)."""
    names = _cte_names(backend.dialect.name)
    assert {"class_value", "shares", "value_cdf", "class_steps"} <= set(names)
    cols = [("qa", TypeClass.INTEGER), ("qb", TypeClass.TEXT), ("sv", TypeClass.FLOAT), ("st", TypeClass.TEXT)]
    rows = [(i % 4, "xy"[i % 2], float(i * i % 7), "lmh"[i % 4 * (i % 3) % 3]) for i in range(40)]
    if backend.key:
        cols = [(backend.key, TypeClass.INTEGER)] + cols
        rows = [(i, *r) for i, r in enumerate(rows)]
    src = backend.source()

    def figures(table):
        k = pr.kanon(src, table, ["qa", "qb"], sensitive=["sv", "st"], k=2, order={"st": ["l", "m", "h"]})
        failures = [
            pr.k_anonymity_failures(src, table, ["qa", "qb"], 11),
            pr.l_diversity_failures(src, table, ["qa"], "st", 3),
            pr.t_closeness_failures(src, table, ["qa"], "sv", 0.01),
            pr.t_closeness_failures(src, table, ["qa"], "st", 0.01),
        ]
        return k, [f.to_dict("records") for f in failures], pr.risk(src, table, ["qa", "qb"], population_size=400)

    want = figures(_load(backend, "plain", cols, rows))
    assert all(want[1])  # each failures call has rows to compare
    for name in names:
        backend.create(name, cols, rows)
        if hasattr(backend, "created"):
            backend.created.append(name)
        got = figures(name)
        assert got[0] == want[0] and got[1] == want[1], name
        assert got[2].to_dict() == want[2].to_dict(), name
