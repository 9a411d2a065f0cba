"""Mondrian's attribute roles on every backend (issue 40): identifiers are left out, sensitive
columns are kept by their role, and a column in no role that tells every row apart (a forgotten
id) stops the run before any work, naming it and the two ways out."""

from __future__ import annotations

import uuid
import warnings

import pytest

import privrisk_sql as pr
from privrisk_sql.cli import main
from privrisk_sql.sql.types import TypeClass as T

# patient_id: a different value in every row; note: repeats (in no role, copied); disease: sensitive
COLS = [("patient_id", T.INTEGER), ("age", T.INTEGER), ("sex", T.TEXT), ("note", T.TEXT), ("disease", T.TEXT)]
ROWS = [(1000 + i, 20 + i % 7, "FM"[i % 2], f"n{i % 3}", ["flu", "cold", "none"][i % 3]) for i in range(40)]


def _people(backend, rows=ROWS) -> str:
    name = f"roles_{uuid.uuid4().hex[:12]}"
    cols = COLS
    if backend.key is not None:  # a backend whose rows need a key to have an order: a role names it below
        cols = [(backend.key, T.INTEGER)] + cols
        rows = [(i,) + row for i, row in enumerate(rows)]
    backend.create(name, cols, rows)
    return name


def _out(backend) -> str:
    name = f"out_{uuid.uuid4().hex[:12]}"
    if hasattr(backend, "created"):
        backend.created.append(name)
    return name


def _key(backend) -> list[str]:
    return [backend.key] if backend.key is not None else []


def _output_columns(backend, name) -> list[str]:
    return [c.name for c in backend.source().relation(name).columns]


def _exists(src, name) -> bool:
    try:
        src.relation(name)
    except pr.InvalidInputError:
        return False
    return True


def test_a_column_in_no_role_that_tells_every_row_apart_stops_the_run(backend):
    t, out = _people(backend), _out(backend)
    src = backend.source()
    with pytest.raises(pr.InvalidInputError) as e:
        pr.mondrian(src, t, ["age", "sex"], 5, out, identifiers=_key(backend))
    message = str(e.value)
    assert "'patient_id'" in message and "likely direct identifier" in message
    assert "--identifiers" in message and "--keep" in message and "\n" not in message
    assert "note" not in message  # repeated values: not an identifier
    assert not _exists(src, out)


def _people_with_one_missing_id(backend) -> str:
    """The people, one of whose patient_id is NULL (a record not yet given its number)."""
    return _people(backend, [(None, *row[1:]) if i == 7 else row for i, row in enumerate(ROWS)])


def test_an_identifier_with_one_missing_value_still_stops_the_run(backend):
    """patient_id NULL in one row of 40, distinct in the others: NULL being a value of its own, it
    still tells every record apart, and it was copied into the release without a word (only a
    column with a value in every row was taken for an identifier)."""
    t, out = _people_with_one_missing_id(backend), _out(backend)
    src = backend.source()
    with pytest.raises(pr.InvalidInputError, match="'patient_id' .* likely direct identifier"):
        pr.mondrian(src, t, ["age", "sex"], 5, out, identifiers=_key(backend))
    assert not _exists(src, out)


def test_mpuccs_warns_of_an_identifier_with_one_missing_value(backend):
    t = _people_with_one_missing_id(backend)
    key = {"key": backend.key} if backend.key is not None else {}
    with pytest.warns(UserWarning, match=r"'patient_id' has a different value in every row"):
        pr.mpuccs(backend.source(), t, t, n_cols=[1], **key)


def test_a_column_missing_in_two_rows_is_no_identifier(backend):
    # Two NULLs are one value shared by two records: the column no longer tells every record apart.
    name = _people(backend, [(None, *row[1:]) if i in (3, 7) else row for i, row in enumerate(ROWS)])
    out = _out(backend)
    pr.mondrian(backend.source(), name, ["age", "sex"], 5, out, identifiers=_key(backend))
    assert "patient_id" in _output_columns(backend, out)


def test_a_column_in_no_role_that_singles_rows_out_is_warned_of(backend):
    """patient_id missing in two rows of 40 is no identifier, and was copied without a word, though
    38 rows hold a value no other row holds (Adult's fnlwgt: 21,648 values in 32,561 rows, 15,330
    rows alone on it, in a release k-anonymous on its QIDs alone). Warned of now, with the fewest
    rows it can single out (2 x values - rows); 'note' (3 values) and a kept column are not."""
    name = _people(backend, [(None, *row[1:]) if i in (3, 7) else row for i, row in enumerate(ROWS)])
    with pytest.warns(UserWarning) as caught:
        pr.mondrian(backend.source(), name, ["age", "sex"], 5, _out(backend), identifiers=_key(backend))
    said = [str(w.message) for w in caught if "singles each of them out" in str(w.message)]
    assert said == [
        f"column 'patient_id' of '{name}' (no role: copied as it is) has 39 distinct values in 40 rows, so at least "
        "38 rows (95%) hold a value no other row holds, which singles each of them out in the release: give it a "
        "role (--identifiers to drop it, --keep to copy it on purpose)"
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # kept on purpose: no word
        pr.mondrian(backend.source(), name, ["age", "sex"], 5, _out(backend), keep=["patient_id", "note", "disease"])


# A column of a type without equality (PostgreSQL's json; a map, a point elsewhere), per dialect.
NO_EQUALITY = {
    "postgres": "json_build_object('a', {v})",
    "duckdb": "MAP {{'a': {v}}}",
    "mysql": "POINT({v}, 0)",
    "spark": "map('a', {v})",
}


def _table_as(backend, name: str, select: str) -> str:
    """A new table ``name`` of the rows of ``select``, dropped with the backend's tables."""
    using = " USING parquet" if backend.name == "spark" else ""
    backend.run(f"CREATE TABLE {name}{using} AS {select}")
    if hasattr(backend, "created"):
        backend.created.append(name)
    return name


def test_a_column_of_a_type_without_equality_is_counted_by_its_text(backend):
    """PostgreSQL's COUNT(DISTINCT json) fails ("could not identify an equality operator for type
    json"): any table with a json, xml or point column in no role stopped Mondrian with that
    database error before its first level. Such a column is now told apart by its text: one with a
    different value in every row is named as a likely identifier, one with repeats is copied."""
    if backend.name not in NO_EQUALITY:
        pytest.skip(f"{backend.name} has no column type without equality")
    t = _people(backend)
    made = {
        what: _table_as(backend, f"{t}_{what}", f"SELECT p.*, {NO_EQUALITY[backend.name].format(v=v)} AS m FROM {t} p")
        for what, v in (("unique", "patient_id"), ("repeated", "patient_id % 3"))
    }
    roles = {"identifiers": ["patient_id", *_key(backend)]}
    with pytest.raises(pr.InvalidInputError, match="column 'm' of .* likely direct identifier"):
        pr.mondrian(backend.source(), made["unique"], ["age", "sex"], 5, _out(backend), **roles)
    out = _out(backend)
    pr.mondrian(backend.source(), made["repeated"], ["age", "sex"], 5, out, **roles)
    assert "m" in _output_columns(backend, out)


def test_identifiers_are_left_out_and_the_rest_is_copied(backend):
    t, out = _people(backend), _out(backend)
    r = pr.mondrian(backend.source(), t, ["age", "sex"], 5, out, identifiers=["patient_id", *_key(backend)])
    cols = _output_columns(backend, out)
    assert "patient_id" not in cols and "note" in cols and "disease" in cols
    assert r.n_rows == len(ROWS)


def test_a_sensitive_column_is_kept_by_its_role_whatever_keep_says(backend):
    """--keep row_id with --sensitive disease --l 2 wrote a release without the disease (issue 40)."""
    t, out = _people(backend), _out(backend)
    pr.mondrian(backend.source(), t, ["age", "sex"], 4, out, keep=["patient_id"], sensitive=["disease"], l=2)
    cols = _output_columns(backend, out)
    assert "disease" in cols and "patient_id" in cols and "note" not in cols
    rows = backend.fetch(f"SELECT COUNT(DISTINCT disease) FROM {backend.source().quote(out)}")
    assert rows[0][0] == 3


def test_keep_star_copies_every_column_in_no_role_unchecked(backend):
    t, out = _people(backend), _out(backend)
    pr.mondrian(backend.source(), t, ["age", "sex"], 5, out, keep="*")
    assert {"patient_id", "note", "disease"} <= set(_output_columns(backend, out))


@pytest.mark.parametrize(
    "roles,clash",
    [
        ({"identifiers": ["age"]}, "both a QID and an identifier"),
        ({"identifiers": ["patient_id"], "keep": ["patient_id"]}, "both kept and an identifier"),
        ({"identifiers": ["disease"], "sensitive": ["disease"], "l": 2}, "both sensitive and an identifier"),
        ({"identifiers": "patient_id"}, "identifiers must be a list"),
        ({"keep": "note"}, "keep must be a list"),
        ({"keep": ""}, r"keep must be a list of column names \(\[\] for none\)"),  # the CLI's --keep ''
    ],
)
def test_one_role_per_column(backend, roles, clash):
    t = _people(backend)
    src = backend.source()
    before = src.statements
    with pytest.raises(pr.InvalidInputError, match=clash):
        pr.mondrian(src, t, ["age", "sex"], 5, _out(backend), **roles)
    assert src.statements - before <= 2  # names are checked against the catalog, no scan


def test_cli_names_the_column_in_one_line_and_identifiers_clear_it(tmp_path, capsys):
    import duckdb

    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(
            "CREATE TABLE patients AS SELECT 1000 + i AS patient_id, 20 + i % 7 AS age, "
            "CASE WHEN i % 2 = 0 THEN 'F' ELSE 'M' END AS sex FROM range(40) t(i)"
        )
    base = ["mondrian", "--db", str(db), "--table", "patients", "--qids", "age,sex", "--k", "5", "--output", "p5"]
    assert main(base) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "'patient_id'" in err and "--identifiers" in err
    assert main(base + ["--identifiers", "patient_id"]) == 0
    capsys.readouterr()
    with duckdb.connect(str(db), read_only=True) as con:
        cols = [
            r[0] for r in con.execute("SELECT column_name FROM duckdb_columns() WHERE table_name = 'p5'").fetchall()
        ]
    assert "patient_id" not in cols and "age_gen" in cols
    assert main(base + ["--keep", "*", "--replace"]) == 0


def test_mpuccs_over_every_column_warns_of_a_likely_identifier(backend):
    """Default mpuccs (no columns) evaluated patient_id as a QID without a word (issue 40)."""
    t = _people(backend)
    key = {"key": backend.key} if backend.key is not None else {}
    with pytest.warns(UserWarning, match=r"'patient_id' has a different value in every row.*--columns"):
        r = pr.mpuccs(backend.source(), t, t, n_cols=[1], **key)
    assert any("'patient_id'" in w for w in r.warnings)
    assert not any("note" in w or "disease" in w for w in r.warnings)
    named = pr.mpuccs(backend.source(), t, t, columns=["age", "sex", "note"], n_cols=[1], **key)
    assert not any("likely direct identifier" in w for w in named.warnings)


def test_a_json_key_of_the_records_table_is_checked_by_its_text(pg):
    """`risk --records r --key j` with j a json column: the key check's COUNT(DISTINCT j) failed
    with PostgreSQL's "could not identify an equality operator for type json" (exit 3)."""
    t = f"keys_{uuid.uuid4().hex[:12]}"
    _table_as(pg, t, "SELECT json_build_object('id', g) AS j, g % 5 AS q FROM generate_series(1, 50) g")
    records = _out(pg)
    r = pr.risk(pg.source(), t, ["q"], records=records, key="j")
    assert r.prosecutor["highest_risk"] == 0.1
    assert pg.fetch(f"SELECT COUNT(*) FROM {records}") == [(50,)]
    repeated = f"{t}_twice"
    _table_as(pg, repeated, f"SELECT * FROM {t} UNION ALL SELECT json_build_object('id', 1), 0")
    with pytest.raises(pr.InvalidInputError, match="key column 'j' .* 1 repeated value"):
        pr.risk(pg.source(), repeated, ["q"], records=_out(pg), key="j")


@pytest.mark.parametrize("key_sql", ["md5(g::text)::uuid", "json_build_object('id', g)"], ids=["uuid", "json"])
def test_mpuccs_names_rows_by_a_uuid_or_json_key(pg, key_sql):
    """mpuccs --key on PostgreSQL orders the rows by the key and keeps its smallest value per
    distinct row: a uuid key (a common primary key) failed with "function min(uuid) does not
    exist", a json one with "could not identify an ordering operator for type json" (exit 3).
    Such a key is ordered and kept by its text (Dialect.unsupported_as_text)."""
    t = f"keyed_{uuid.uuid4().hex[:12]}"
    _table_as(pg, t, f"SELECT {key_sql} AS k, g % 5 AS q, g AS v FROM generate_series(1, 50) g")
    text_of = dict(pg.fetch(f"SELECT v, CAST(k AS TEXT) FROM {t}"))
    r = pr.mpuccs(pg.source(), t, t, columns=["v", "q"], n_cols=[1], key="k")
    details = r.details
    assert len(details) == 50  # every row is unique on v, and matches itself
    assert sorted(details["syn_key"]) == sorted(text_of.values())
    assert (details["syn_key"] == details["ori_key"]).all()
