"""Text compares byte by byte in every metric, whatever the column's collation.

A column declared case-insensitive (NOCASE on DuckDB and SQLite, a nondeterministic ICU collation
on PostgreSQL) makes 'Paris' and 'PARIS' equal in the database's GROUP BY, but they are two values
in the rows a user releases, and two values to pandas, pycanon and PETsARD. Before, such a column
merged classes: k-anonymity, CAVG and l-diversity were computed on fewer, larger classes, and
mpUCCs de-duplicated distinct rows (44 syn rows counted as 24 on this data). Mondrian's case is in
test_mondrian.py."""

from __future__ import annotations

import uuid

import duckdb
import pandas as pd
import pytest

import privrisk_sql as pr
from privrisk_sql.sql.render import quote_identifier
from privrisk_sql.sql.types import TypeClass as T

from backends import create_case_insensitive, mondrian_keeping_all
from mondrian_reference import encode, mondrian_reference, partition_sets

CITIES = ["Paris", "PARIS", "paris", "Lyon", "LYON", "Nice"]
COLS = [("id", T.INTEGER), ("age", T.INTEGER), ("city", T.TEXT), ("dx", T.TEXT)]


def _rows(seed: int) -> list[tuple]:
    return [
        (i, 20 + (i * seed) % 4, CITIES[(i * 7 + seed) % len(CITIES)], ["x", "X", "y"][(i * seed) % 3])
        for i in range(60)
    ]


def _frame(rows) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=[c for c, _ in COLS])


def _merges(backend, table) -> bool:
    """The precondition: this backend's GROUP BY does merge the spellings."""
    q = lambda n: quote_identifier(n, backend.dialect)  # noqa: E731
    return len(backend.fetch(f"SELECT DISTINCT {q('city')} FROM {q(table)}")) < len(CITIES)


def test_kanon_and_cavg_classes_are_byte_equal_values(backend):
    rows = _rows(3)
    t = create_case_insensitive(backend, COLS, rows)
    assert _merges(backend, t)
    df = _frame(rows)
    classes = df.groupby(["age", "city"])
    got = pr.kanon(backend.source(), t, ["age", "city"], sensitive="dx", k=2)
    assert got["n_classes"] == classes.ngroups  # 24 classes; merged spellings gave 12
    assert got["k_anonymity"] == classes.size().min()
    assert got["l_diversity"] == classes["dx"].nunique().min()
    assert got["class_size_histogram"] == {str(s): n for s, n in classes.size().value_counts().items()}
    cavg = pr.cavg(backend.source(), t, ["age", "city"], 2)
    assert cavg.n_classes == classes.ngroups and cavg.cavg == pytest.approx(len(df) / (classes.ngroups * 2))


def test_mpuccs_deduplicates_and_matches_byte_equal_values(backend):
    ori, syn = _rows(3), _rows(5)
    t_ori = create_case_insensitive(backend, COLS, ori)
    t_syn = create_case_insensitive(backend, COLS, syn)
    assert _merges(backend, t_ori)
    got = pr.mpuccs(backend.source(), t_ori, t_syn, columns=["age", "city", "dx"])
    # the same rows in plain DuckDB tables, where text is compared as bytes anyway
    con = duckdb.connect()
    con.register("o", _frame(ori))
    con.register("s", _frame(syn))
    want = pr.mpuccs(pr.Source(con), "o", "s", columns=["age", "city", "dx"])
    cols = [
        "total_syn_records",
        "total_ori_records",
        "total_identified",
        "identification_rate",
        "weighted_identification_rate",
    ]
    assert got.global_[cols].to_dict("records") == want.global_[cols].to_dict("records")
    assert got.global_["total_syn_records"].iloc[0] == len(_frame(syn).drop_duplicates(["age", "city", "dx"]))


def test_release_checks_classes_are_byte_equal_values(backend):
    ori, syn = _rows(3), _rows(5)
    t_ori = create_case_insensitive(backend, COLS, ori)
    t_syn = create_case_insensitive(backend, COLS, syn)
    sizes = _frame(ori).groupby(["age", "city"]).size()
    k = int(sizes.min()) + 1  # so that the smallest byte-equal classes fail
    small = sorted((a, c, n) for (a, c), n in sizes.items() if n < k)
    got = pr.k_anonymity_failures(backend.source(), t_ori, ["age", "city"], k)
    assert sorted(map(tuple, got.itertuples(index=False))) == small and small
    con = duckdb.connect()
    con.register("o", _frame(ori))
    con.register("s", _frame(syn))
    want = pr.singling_out_rate(pr.Source(con), "o", "s", ["age", "city", "dx"])
    rate = pr.singling_out_rate(backend.source(), t_ori, t_syn, ["age", "city", "dx"])
    assert (rate.matches, rate.syn_rows, rate.rate) == (want.matches, want.syn_rows, pytest.approx(want.rate))


def test_postgres_citext_is_compared_as_text(pg):
    """citext keeps its case-insensitive '=' under any collation, so text goes through TEXT
    first. Before, kanon merged the spellings and Mondrian never ended: 'PARIS' found no rank,
    and a partition was cut into itself level after level (78,217 levels when it was stopped)."""
    pg.run("CREATE EXTENSION IF NOT EXISTS citext")
    rows = _rows(3)
    t = f"citext_{uuid.uuid4().hex[:12]}"
    pg.run(f'CREATE TABLE "{t}" (id INTEGER, age INTEGER, city citext, dx citext)')
    pg.created.append(t)
    pg.run(f'INSERT INTO "{t}" VALUES ' + ", ".join(f"({i}, {a}, '{c}', '{d}')" for i, a, c, d in rows))
    df = _frame(rows)
    classes = df.groupby(["age", "city"])
    got = pr.kanon(pg.source(), t, ["age", "city"], sensitive="dx")
    assert (got["n_classes"], got["k_anonymity"]) == (classes.ngroups, classes.size().min())
    for relaxed in (False, True):
        out = f"{t}_out"
        pg.created.append(out)
        r = mondrian_keeping_all(pg.source(), t, ["age", "city"], 3, out, relaxed=relaxed, replace=True)
        parts = pd.DataFrame(pg.fetch(f'SELECT id, partition_id FROM "{out}"'), columns=["id", "pid"])
        got_sets = {frozenset(g["id"]) for _, g in parts.groupby("pid")}
        if not relaxed:  # relaxed splits ties by row order, which a PostgreSQL table does not have
            assert got_sets == partition_sets(mondrian_reference(encode(df, ["age", "city"]), 3), df["id"])
        assert r.min_size >= 3 and len(parts) == len(df)


@pytest.mark.parametrize("engine", ["duckdb", "postgres"])
def test_enum_qids(engine, duck, request):
    """ENUM columns take no collation: text goes through TEXT before COLLATE "C" (without the
    cast every metric failed on a DuckDB ENUM column with a binder error)."""
    backend = duck if engine == "duckdb" else request.getfixturevalue("pg")
    mood = f"mood_{uuid.uuid4().hex[:12]}"
    backend.run(f"CREATE TYPE {mood} AS ENUM ('sad', 'ok', 'happy')")
    t = f"enum_{uuid.uuid4().hex[:12]}"
    rows = [(i, 20 + i % 4, ["sad", "ok", "happy"][(i * 7) % 3]) for i in range(36)]
    backend.run(f"CREATE TABLE {t} (id INTEGER, age INTEGER, m {mood})")
    out = f"{t}_out"
    try:
        backend.run(f"INSERT INTO {t} VALUES " + ", ".join(f"({i}, {a}, '{m}')" for i, a, m in rows))
        df = pd.DataFrame(rows, columns=["id", "age", "m"])
        got = pr.kanon(backend.source(), t, ["age", "m"], k=2)
        assert got["n_classes"] == df.groupby(["age", "m"]).ngroups
        mondrian_keeping_all(backend.source(), t, ["age", "m"], 3, out)
        parts = pd.DataFrame(backend.fetch(f"SELECT id, partition_id FROM {out}"), columns=["id", "pid"])
        assert {frozenset(g["id"]) for _, g in parts.groupby("pid")} == partition_sets(
            mondrian_reference(encode(df, ["age", "m"]), 3), df["id"]
        )
        m = pr.mpuccs(backend.source(), t, t, columns=["age", "m"])
        assert m.global_["total_syn_records"].iloc[0] == len(df.drop_duplicates(["age", "m"]))
    finally:  # the type outlives a test on the server otherwise
        for sql in (f"DROP TABLE IF EXISTS {out}", f"DROP TABLE IF EXISTS {t}", f"DROP TYPE IF EXISTS {mood}"):
            backend.run(sql)


def test_postgres_domain_qids_are_read_as_their_base_type(pg):
    """A DOMAIN holds values of its base type (PostgreSQL's own example: a postal code over TEXT
    with a CHECK): every metric refused such a column as "unsupported type DOMAIN"."""
    age_d, city_d = f"age_{uuid.uuid4().hex[:12]}", f"city_{uuid.uuid4().hex[:12]}"
    pg.run(f"CREATE DOMAIN {age_d} AS INTEGER CHECK (VALUE >= 0)")
    pg.run(f"CREATE DOMAIN {city_d} AS TEXT CHECK (VALUE <> '')")
    t = f"domain_{uuid.uuid4().hex[:12]}"
    rows = [(i, 20 + i % 4, CITIES[(i * 7) % len(CITIES)]) for i in range(48)]
    out = f"{t}_out"
    try:
        pg.run(f"CREATE TABLE {t} (id INTEGER, age {age_d}, city {city_d})")
        pg.run(f"INSERT INTO {t} VALUES " + ", ".join(f"({i}, {a}, '{c}')" for i, a, c in rows))
        types = {c.name: c.type_class.value for c in pg.source().relation(t).columns}
        assert types == {"id": "integer", "age": "integer", "city": "text"}
        df = pd.DataFrame(rows, columns=["id", "age", "city"])
        got = pr.kanon(pg.source(), t, ["age", "city"])
        classes = df.groupby(["age", "city"])
        assert (got["n_classes"], got["k_anonymity"]) == (classes.ngroups, classes.size().min())
        r = mondrian_keeping_all(pg.source(), t, ["age", "city"], 3, out)
        parts = pd.DataFrame(pg.fetch(f"SELECT id, partition_id FROM {out}"), columns=["id", "pid"])
        ref = partition_sets(mondrian_reference(encode(df, ["age", "city"]), 3), df["id"])
        assert {frozenset(g["id"]) for _, g in parts.groupby("pid")} == ref and r.partitions == len(ref) > 1
        m = pr.mpuccs(pg.source(), t, t, columns=["age", "city"])
        assert m.global_["total_syn_records"].iloc[0] == len(df.drop_duplicates(["age", "city"]))
    finally:  # the domains outlive a test on the server otherwise
        for sql in (
            f"DROP TABLE IF EXISTS {out}",
            f"DROP TABLE IF EXISTS {t}",
            f"DROP DOMAIN IF EXISTS {age_d}",
            f"DROP DOMAIN IF EXISTS {city_d}",
        ):
            pg.run(sql)


def test_table_names_that_differ_only_in_case_are_a_question_not_a_guess(backend):
    """PostgreSQL with "R17Cased" and r17cased: --table R17CASED silently read "R17Cased" (issue 41, 5).
    Where a database keeps both (PostgreSQL, MariaDB on Linux), a name matching neither exactly
    is refused naming both; an exact spelling reads its own table."""
    stem = f"R{uuid.uuid4().hex[:12]}Cased"
    q = lambda n: quote_identifier(n, backend.dialect)  # noqa: E731
    backend.run(f"CREATE TABLE {q(stem)} (x INTEGER)")
    if hasattr(backend, "created"):
        backend.created.append(stem)
    try:
        backend.run(f"CREATE TABLE {q(stem.lower())} (y INTEGER)")
    except Exception:  # names ignore case here: the second table cannot exist, nor the question
        assert backend.name in ("duckdb", "sqlite", "spark")
        assert [c.name for c in backend.source().relation(stem.upper()).columns] == ["x"]
        return
    if hasattr(backend, "created"):
        backend.created.append(stem.lower())
    src = backend.source()
    with pytest.raises(pr.InvalidInputError, match="differ only in case") as e:
        src.relation(stem.upper())
    assert repr(stem) in str(e.value) and repr(stem.lower()) in str(e.value)
    assert [c.name for c in src.relation(stem).columns] == ["x"]
    assert [c.name for c in src.relation(stem.lower()).columns] == ["y"]


def test_mpuccs_positions_by_a_text_key_that_differs_only_in_case(backend):
    """A key whose collation calls 'k01' and 'K01' equal passed the key check (which compares
    bytes) but ordered the rows by the collation alone: the two took either position (MariaDB gave
    k00 0, K00 1, then K01 2, k01 3). Within such a tie the key's bytes order them now, so the
    positions are the same run to run and side to side: K01 before k01, as pandas sorts them."""
    keys = [f"k{i // 2:02d}" if i % 2 == 0 else f"K{i // 2:02d}" for i in range(24)]
    rows = [(k, i, i % 3) for i, k in enumerate(keys)]
    cols = [("k", T.TEXT), ("v", T.INTEGER), ("w", T.INTEGER)]
    t_ori = create_case_insensitive(backend, cols, rows)
    t_syn = create_case_insensitive(backend, cols, rows[::-1])
    assert _key_ties(backend, t_ori)
    got = pr.mpuccs(backend.source(), t_ori, t_syn, columns=["v", "w"], n_cols=[1], key="k").details
    position = {k: i for i, k in enumerate(sorted(keys, key=lambda k: (k.casefold(), k.encode())))}
    assert len(got) == len(keys)
    assert [position[k] for k in got["syn_key"]] == list(got["syn_idx"])
    assert [position[k] for k in got["ori_key"]] == list(got["ori_idx"])


def _key_ties(backend, table) -> bool:
    """The precondition: this backend's collation calls 'k00' and 'K00' equal."""
    q = lambda n: quote_identifier(n, backend.dialect)  # noqa: E731
    return len(backend.fetch(f"SELECT DISTINCT {q('k')} FROM {q(table)}")) < 24
