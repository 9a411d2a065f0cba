"""Bad input on every backend and for every command: a typed error whose one line names the table,
column or value at fault, raised after at most one cheap scan (no grouping query, no work table)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
import warnings

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import privrisk_sql as pr
from privrisk_sql.cli import main
from privrisk_sql.sql.types import TypeClass as T

from backends import FIXTURES, mondrian_keeping_all

ADULT_CSV = FIXTURES / "adult" / "ori.csv"

UNSUPPORTED = {
    # DuckDB's fixed-size ARRAY (an Arrow FixedSizeList: embeddings) was read as its element's
    # type: kanon and risk grouped the arrays, Mondrian ended in a TypeError traceback (exit 1)
    "duckdb": ["BLOB", "JSON", "INTEGER[]", "STRUCT(a INTEGER)", "MAP(VARCHAR, INTEGER)", "INTEGER[2]", "VARCHAR[3]"],
    "sqlite": ["BLOB"],
    "postgres": ["BYTEA", "JSON", "JSONB", "INTEGER[]"],
    # LINESTRING was read as text (its name holds STRING): kanon grouped the geometries, Mondrian
    # ended in "Invalid utf8mb4 character string" (exit 3)
    "mysql": ["BLOB", "VARBINARY(10)", "POINT", "LINESTRING", "MULTILINESTRING"],
    "spark": ["BINARY", "ARRAY<INT>", "MAP<STRING, INT>", "STRUCT<a: INT>"],
}

COMMANDS = {
    "mpuccs": lambda src, t, cols: pr.mpuccs(src, t, t, columns=cols),
    "cavg": lambda src, t, cols: pr.cavg(src, t, cols, 2),
    "kanon": lambda src, t, cols: pr.kanon(src, t, cols[:1], cols[1:] or None),
    "mondrian": lambda src, t, cols: mondrian_keeping_all(src, t, cols, 2, f"out_{uuid.uuid4().hex[:12]}"),
    "risk": lambda src, t, cols: pr.risk(src, t, cols),
}
TABLE_COMMANDS = ["cavg", "kanon", "mondrian"]  # mpuccs follows its spec on these (see below)


def _table(backend, cols, rows):
    name = f"bad_{uuid.uuid4().hex[:12]}"
    backend.create(name, cols, rows)
    return name


def _expect(backend, command, table, cols, match, max_statements=1):
    src = backend.source()
    before = set(_user_tables(backend))  # the backend is shared: other tests' outputs may be there
    with pytest.raises(pr.InvalidInputError, match=match) as info:
        COMMANDS[command](src, table, cols)
    assert "\n" not in str(info.value)
    assert src.statements <= max_statements  # nothing heavy ran before the refusal
    assert set(_user_tables(backend)) == before  # no output (Mondrian's out_...) was written


def _user_tables(backend):
    return backend.user_tables()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_unsupported_types_are_named(backend, command):
    for sql_type in UNSUPPORTED[backend.name]:
        name = f"bad_{uuid.uuid4().hex[:12]}"
        q = backend.source().quote
        backend.run(f"CREATE TABLE {q(name)} (x INTEGER, y INTEGER, odd {sql_type})")
        if hasattr(backend, "created"):
            backend.created.append(name)
        # ... and what to do: each was "has unsupported type BLOB" and no more.
        way_out = "leave it out with columns=" if command == "mpuccs" else "cast it to one in a view"
        _expect(
            backend,
            command,
            name,
            ["x", "odd"],
            rf"column 'odd' of '{name}' has unsupported type .*: .*numbers, text, booleans, dates.*{way_out}",
            max_statements=0,
        )


def test_a_type_sqlalchemy_does_not_know_is_named_as_postgres_names_it_and_never_warned_about(pg):
    """A column of a type SQLAlchemy does not know (PostgreSQL's point; PostGIS's geometry in
    most warehouses) printed "privrisk-sql: warning: Did not recognize type 'point' of column
    'pt'" on every run that read the table, used or not, and as a QID was refused as
    "unsupported type UNKNOWN"."""
    import warnings

    name = f"geo_{uuid.uuid4().hex[:12]}"
    pg.run(f"CREATE TABLE {name} (x INTEGER, y INTEGER, pt point)")
    pg.created.append(name)
    pg.run(f"INSERT INTO {name} SELECT i % 3, i % 2, point(i, i) FROM generate_series(1, 12) i")
    with warnings.catch_warnings(record=True) as heard:
        warnings.simplefilter("always")
        assert pr.kanon(pg.source(), name, ["x", "y"])["k_anonymity"] == 2
    assert [str(w.message) for w in heard] == []
    with pytest.raises(pr.InvalidInputError, match=f"column 'pt' of '{name}' has unsupported type POINT: "):
        pr.kanon(pg.source(), name, ["x", "pt"])


def test_a_views_column_of_null_alone_is_told_it_holds_no_value(backend):
    """A view's `NULL AS x` column is BINARY(0) on MariaDB, VOID on Spark and '"NULL"' on DuckDB:
    it was refused as an unsupported type there ('has unsupported type BINARY(0)'); PostgreSQL
    and SQLite said it holds no value, and so does every engine now. mpUCCs reads it as missing
    values of the other table's type."""
    t = _table(backend, [("x", T.INTEGER)], [(i % 3,) for i in range(12)])
    view = f"v_{uuid.uuid4().hex[:12]}"
    q = backend.source().quote
    backend.run(f"CREATE VIEW {q(view)} AS SELECT x, NULL AS {q('nothing')} FROM {q(t)}")
    backend.views.append(view)
    _expect(backend, "kanon", view, ["x", "nothing"], "^column 'nothing' of '.*' has no value in any of its 12 rows")
    _expect(backend, "cavg", view, ["nothing"], "^column 'nothing' of '.*' has no value in any of its 12 rows")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 'nothing' is NULL in every row
        got = pr.mpuccs(backend.source(), view, view, columns=["x", "nothing"]).to_dict()["global"]
    assert got["total_syn_records"] == 3  # x's three values, each with a NULL


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_missing_table_and_column(backend, command):
    t = _table(backend, [("x", T.INTEGER), ("y", T.INTEGER)], [(1, 2), (2, 3)])
    _expect(backend, command, "no_such_table", ["x", "y"], "table not found: 'no_such_table'", max_statements=0)
    _expect(backend, command, t, ["x", "nope"], f"column 'nope' not found in '{t}'", max_statements=0)


@pytest.mark.parametrize("command", TABLE_COMMANDS)
def test_empty_and_one_row_tables(backend, command):
    cols = [("x", T.INTEGER), ("y", T.TEXT)]
    empty = _table(backend, cols, [])
    _expect(backend, command, empty, ["x", "y"], f"table '{empty}' is empty")
    one = _table(backend, cols, [(1, "a")])
    _expect(backend, command, one, ["x", "y"], f"table '{one}' has 1 row: .* at least 2 rows")


@pytest.mark.parametrize("command", TABLE_COMMANDS)
@pytest.mark.parametrize("kind", [T.INTEGER, T.FLOAT, T.TEXT, T.DATE])
def test_all_null_column(backend, command, kind):
    t = _table(backend, [("x", T.INTEGER), ("gone", kind)], [(i, None) for i in range(6)])
    _expect(backend, command, t, ["x", "gone"], f"column 'gone' of '{t}' has no value in any of its 6 rows")


def test_mpuccs_follows_its_spec_on_degenerate_tables(backend):
    """Empty syn or ori: rate 0 with a warning (docs/metrics/mpuccs.md); one row and all-NULL columns are evaluated
    as PETsARD does, an all-NULL column with a warning that names it."""
    cols = [("x", T.INTEGER), ("gone", T.FLOAT)]
    ori = _table(backend, cols, [(1, None), (2, None), (2, None)])
    empty, one = _table(backend, cols, []), _table(backend, cols, [(1, None)])
    with pytest.warns(UserWarning, match=f"'{empty}' has no rows"):
        assert pr.mpuccs(backend.source(), ori, empty).to_dict()["global"]["identification_rate"] == 0.0
    with pytest.warns(UserWarning, match=f"'{empty}' has no rows: no synthetic row can match"):  # an empty ori
        assert pr.mpuccs(backend.source(), empty, one, columns=["x"]).to_dict()["global"]["identification_rate"] == 0.0
    with pytest.warns(UserWarning, match=f"column 'gone' is NULL in every row of '{one}'"):
        g = pr.mpuccs(backend.source(), ori, one, columns=["x", "gone"]).to_dict()["global"]
    assert (g["total_syn_records"], g["total_identified"]) == (1, 1)  # x=1 is unique on both sides


@pytest.mark.parametrize("side", ["ori", "syn"])
def test_mpuccs_reads_a_text_column_null_in_every_row_as_the_other_sides_type(backend, side):
    """A text column NULL in every row beside the other table's numbers (what a CSV column empty
    in every row is to DuckDB): mpUCCs refused the pair as incompatible types. Its NULLs take the
    other side's type: the result equals the one with that column typed as the other's."""
    n = 40
    full = [(i if i < 10 else 100 + i % 10, i % 3, i % 4) for i in range(n)]
    nulls = [(u, a, None) for u, a, _ in full]
    typed_cols = [("u", T.INTEGER), ("a", T.INTEGER), ("x", T.INTEGER)]
    text_cols = [("u", T.INTEGER), ("a", T.INTEGER), ("x", T.TEXT)]
    full_t = _table(backend, typed_cols, full)
    text_t, typed_t = _table(backend, text_cols, nulls), _table(backend, typed_cols, nulls)
    got_pair, want_pair = (
        ((text_t, full_t), (typed_t, full_t)) if side == "ori" else ((full_t, text_t), (full_t, typed_t))
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "column 'x' is NULL in every row", when syn's is
        got = pr.mpuccs(backend.source(), *got_pair).to_dict()
        want = pr.mpuccs(backend.source(), *want_pair).to_dict()
    assert (got["global"], got["tree"]) == (want["global"], want["tree"]) and got["global"]["total_identified"] == n
    by_values = lambda d: sorted(json.dumps(r, sort_keys=True, default=str) for r in d["details"])  # noqa: E731
    assert by_values(got) == by_values(want)  # in no set order where the database has none


@pytest.mark.parametrize("bad_k", [0, -3, 1.5, "3", True, None])
@pytest.mark.parametrize("command", ["cavg", "mondrian"])
def test_k_must_be_a_positive_integer(backend, command, bad_k):
    t = _table(backend, [("x", T.INTEGER)], [(1,), (2,)])
    src = backend.source()
    with pytest.raises(pr.InvalidInputError, match=r"k must be an integer >= 1, got"):
        if command == "cavg":
            pr.cavg(src, t, ["x"], bad_k)
        else:
            mondrian_keeping_all(src, t, ["x"], bad_k, "never_written")
    assert src.statements == 0


# -- the same through the command line: exit 2 and one line -----------------------------------


@pytest.fixture(scope="module")
def duck_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("bad") / "bad.duckdb"
    with duckdb.connect(str(path)) as con:
        con.execute("CREATE TABLE t AS SELECT range AS x, range % 3 AS y, NULL::INTEGER AS gone FROM range(10)")
        con.execute("CREATE TABLE one AS SELECT 1 AS x, 2 AS y")
        con.execute("CREATE TABLE empty (x INTEGER, y INTEGER)")
        con.execute("CREATE TABLE odd AS SELECT 1 AS x, [1, 2] AS y")
    return str(path)


@pytest.mark.parametrize("command", TABLE_COMMANDS)
@pytest.mark.parametrize(
    "args, needle",
    [
        (["--table", "nope", "--qids", "x"], "table not found: 'nope'"),
        (["--table", "t", "--qids", "x,zz"], "column 'zz' not found in 't'"),
        (["--table", "t", "--qids", "x,gone"], "column 'gone' of 't' has no value in any of its 10 rows"),
        (["--table", "empty", "--qids", "x"], "table 'empty' is empty"),
        (["--table", "one", "--qids", "x"], "table 'one' has 1 row"),
        (
            ["--table", "odd", "--qids", "x,y"],
            "column 'y' of 'odd' has unsupported type INTEGER[]: a column of qids holds numbers, text, booleans, "
            "dates or timestamps; cast it to one in a view (a DataFrame: .astype) or leave it out",
        ),
        (["--table", "t", "--qids", "x", "--k", "0"], "--k: expected an integer >= 1, got '0'"),
        (["--table", "t", "--qids", "x", "--k", "two"], "--k: expected an integer >= 1, got 'two'"),
        (
            ["--table", "t", "--qids", "x", "--timeout", "soon"],
            "--timeout: expected a number of seconds > 0, got 'soon'",
        ),
    ],
)
def test_cli_exit_2_with_one_line(duck_file, capsys, command, args, needle):
    k = [] if command == "kanon" or "--k" in args else ["--k", "2"]  # kanon's --k is optional
    extra = k + (["--output", "o"] if command == "mondrian" else [])
    try:
        code = main([command, "--db", duck_file, *args, *extra])
    except SystemExit as e:  # argparse: a usage line, then the error line
        code = e.code
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert needle in err[-1]
    assert len(err) == 1 or err[0].startswith("usage:")
    with duckdb.connect(duck_file, read_only=True) as con:  # nothing was written
        assert [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() ORDER BY 1").fetchall()] == [
            "empty",
            "odd",
            "one",
            "t",
        ]


def test_cli_json_of_bad_input_is_not_written(duck_file, tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["cavg", "--db", duck_file, "--table", "one", "--qids", "x", "--k", "2", "--json", str(out)]) == 2
    assert not out.exists()


def test_a_csv_error_past_the_sniffed_rows_is_bad_input(tmp_path):
    """A value that breaks a CSV column's type in a read was exit 3 ('database error'); the input
    is at fault: exit 2, naming the file and line. Since a column's type fits every row of the
    file at the time it is read, such a read only meets a file changed since (here: read with a
    type of our own)."""
    from privrisk_sql.engines.duckdb_engine import DuckDBEngine

    path = tmp_path / "late.csv"
    path.write_text("a,b\n" + "".join(f"{i},{i % 3}\n" for i in range(40_000)) + "x,1\n")
    engine = DuckDBEngine(duckdb.connect(), owns=True)
    with pytest.raises(pr.InvalidInputError) as e:
        engine.run(f"SELECT count(a) FROM read_csv('{path}', columns = {{'a': 'BIGINT', 'b': 'BIGINT'}})", True)
    assert "bad CSV input in" in str(e.value) and str(path) in str(e.value)
    assert "Line: 40002" in str(e.value) and 'column "a"' in str(e.value) and "\n" not in str(e.value)
    engine.close()


@pytest.mark.parametrize("gz", [False, True])
def test_values_a_comment_character_would_cut_are_refused(tmp_path, gz):
    """A file with a comment line (`# note`) and addresses `Apt #5` and `Apt #6`: DuckDB's
    sniffer takes `#` for a comment character and cuts each line there, quoted or not, so both
    addresses were `Apt ` and two people one class (k = 2 where k = 1). Refused, naming the line."""
    import gzip

    text = 'age,addr\n30,"Apt #5"\n30,Apt #6\n# note\n41,Main St\n'
    path = tmp_path / ("notes.csv.gz" if gz else "notes.csv")
    path.write_bytes(gzip.compress(text.encode()) if gz else text.encode())
    with pytest.raises(pr.InvalidInputError, match=r"notes.csv(.gz)?': line 2 holds '#' after its start"):
        pr.kanon(None, str(path), ["age", "addr"])
    path.write_bytes(
        text.replace("Apt #", "Apt no. ").encode()
        if not gz
        else gzip.compress(text.replace("Apt #", "Apt no. ").encode())
    )
    assert pr.kanon(None, str(path), ["age", "addr"])["n_classes"] == 3  # comment lines alone read as ever


def test_a_row_a_comment_character_would_skip_is_refused(tmp_path):
    """With a comment line in the file (`# note`), DuckDB skipped the row `#a,1` as a comment:
    a record gone without a word (pandas and Spark read it). Refused, naming the line."""
    path = tmp_path / "tags.csv"
    path.write_text("tag,n\nc,3\n# note\n#a,1\nd,4\n")
    with pytest.raises(pr.InvalidInputError, match=r"tags.csv': line 4 starts with '#' and holds 2 fields"):
        pr.kanon(None, str(path), ["tag"])
    path.write_text("tag,n\nc,3\n#a,1\nd,4\n")  # no comment line: the sniffer finds none, #a is a value
    assert pr.kanon(None, str(path), ["tag"])["n_rows"] == 3


def test_a_csv_not_in_utf8_is_named_as_such(tmp_path, capsys):
    """A Latin-1 file was refused as "CSV Error on Line: 2" and nothing more: DuckDB's reason is
    on a later line of its message."""
    path = tmp_path / "latin1.csv"
    path.write_bytes("age,city\n30,Montréal\n30,Paris\n".encode("latin-1"))
    assert main(["kanon", "--table", str(path), "--qids", "age"]) == 2
    err = capsys.readouterr().err.strip()
    assert f"cannot read '{path}': line 2 is not UTF-8 text" in err and "--encoding latin-1" in err
    assert "csv_encoding='latin-1'" in err and "iconv -f CP1252 -t UTF-8" in err and len(err.splitlines()) == 1
    assert main(["kanon", "--table", str(path), "--qids", "city", "--encoding", "latin-1", "--quiet"]) == 0


@pytest.mark.parametrize("name", ["latin1.csv", "old export's.csv.gz"])
def test_the_conversion_a_not_utf8_refusal_suggests_runs_as_written(tmp_path, capsys, name):
    """The refusal of a file not in UTF-8 suggested `iconv -f CP1252 -t UTF-8 'x.csv.gz' > utf8.csv`
    for a gzip file too (iconv would have converted the compressed bytes), its path quoted as
    Python writes it, not as a shell reads it. Its command, pasted into a shell, gives the file's text."""
    import gzip
    import shlex
    import subprocess

    import pandas as pd

    text = "age,city\n30,Montréal\n31,Zürich\n".encode("latin-1")
    path = tmp_path / name
    path.write_bytes(gzip.compress(text) if name.endswith(".gz") else text)
    assert main(["kanon", "--table", str(path), "--qids", "age"]) == 2
    err = capsys.readouterr().err.strip()
    command = err[err.index("convert it (") + len("convert it (") : err.rindex(")")]
    subprocess.run(["bash", "-c", command], cwd=tmp_path, check=True)
    assert pd.read_csv(tmp_path / "utf8.csv")["city"].tolist() == ["Montréal", "Zürich"]
    assert shlex.quote(str(path)) in command


def _latin1_file(path, header: str = "name,Straße") -> list[str]:
    """A Latin-1 CSV past the rows DuckDB's sniffer samples (its full-file passes run), its
    header not ASCII, "José" and "Josè" two people in Zürich at the end: read as UTF-8 with
    replacement characters they would be one value, a class of two."""
    rows = [header, *(f"n{i % 50},c{i % 7}" for i in range(30_000)), "José,Zürich", "Josè,Zürich"]
    path.write_bytes(("\n".join(rows) + "\n").encode("latin-1"))
    return rows


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
def test_a_quoted_value_past_the_sniffed_rows_is_read_as_standard_csv(tmp_path, encoding):
    """No quoted value in the 20,480 rows DuckDB's sniffer samples, one past them ("Ann, Jr.",c1,
    as any CSV writer quotes a comma): the file was refused, "bad CSV input ... Expected Number
    of Columns: 2 Found: 3 (the column's type was sniffed from the first rows)"; pandas reads it."""
    import pandas as pd

    path = tmp_path / "late_quote.csv"
    rows = ["name,city", *(f"n{i % 50},c{i % 7}" for i in range(30_000)), '"Ann, Jr.",c1', '"say ""hi""",c2']
    path.write_bytes(("\n".join(rows) + "\n").encode(encoding))
    frame = pd.read_csv(path, encoding=encoding)
    got = pr.kanon(pr.Source(csv_encoding=encoding), str(path), ["name", "city"], k=2)
    assert got == pr.kanon(None, frame, ["name", "city"], k=2) and got.n_rows == 30_002
    assert main(["cavg", "--table", str(path), "--qids", "name", "--k", "2", "--encoding", encoding, "--quiet"]) == 0


def test_a_latin1_csv_is_read_in_its_encoding_as_pandas_reads_it(tmp_path):
    """No way to name a CSV file's encoding: a Latin-1 file (an old export) had to be converted
    first, or read by pandas and passed as a DataFrame. csv_encoding='latin-1' (the CLI's
    --encoding latin-1) reads it in place: the classes pandas finds, the header's ß, each accent
    its own value, and a release (Mondrian) holding the file's text."""
    import json

    import pandas as pd

    path = tmp_path / "latin1.csv"
    _latin1_file(path)
    qids = ["name", "Straße"]
    want = pr.kanon(None, pd.read_csv(path, encoding="latin-1"), qids, k=2)
    got = pr.kanon(pr.Source(csv_encoding="latin-1"), str(path), qids, k=2)
    assert got.to_dict()["class_size_histogram"] == want.to_dict()["class_size_histogram"]
    assert got.k_anonymity == 1 and got.n_rows == 30_002
    db = tmp_path / "w.duckdb"
    tree = tmp_path / "streets.csv"  # the hierarchy file in the run's encoding too
    tree.write_bytes(
        "".join(f"{v};{'Z' if v == 'Zürich' else 'c'};*\n" for v in ["Zürich", *(f"c{i}" for i in range(7))]).encode(
            "latin-1"
        )
    )
    src = pr.Source(str(db), create=True, csv_encoding="ISO-8859-1")
    mondrian_keeping_all(src, str(path), ["Straße"], 2, "rel", hierarchies={"Straße": str(tree)})
    with duckdb.connect(str(db)) as con:
        rows = con.execute("SELECT name, \"Straße_gen\" FROM rel WHERE name LIKE 'Jos%'").fetchall()
    assert set(rows) == {("José", "Zürich"), ("Josè", "Zürich")}
    out, page = tmp_path / "k.json", tmp_path / "k.html"
    args = ["kanon", "--table", str(path), "--qids", "name,Straße", "--encoding", "latin1", "--json", str(out)]
    assert main([*args, "--html", str(page)]) == 0
    assert json.loads(out.read_text())["class_size_histogram"] == want.to_dict()["class_size_histogram"]
    assert "parameter encoding</th><td>latin-1<" in page.read_text().replace("\n", "")  # how the file was read
    assert main(["kanon", "--table", str(ADULT_CSV), "--qids", "age", "--html", str(page), "--quiet"]) == 0
    assert "parameter encoding" not in page.read_text()  # the default, on every page, said nothing


@pytest.mark.parametrize("given", ["cp1252", "utf-16", "", None, 1])
def test_an_encoding_that_is_not_read_is_refused_by_name(given, capsys):
    """Windows-1252 is not Latin-1 (0x80-0x9F: the euro sign, curly quotes): read as Latin-1 its
    text would change in a release, so it is refused with the way out, as every other name."""
    with pytest.raises(pr.InvalidInputError, match="CSV files are read as utf-8 or latin-1"):
        pr.Source(csv_encoding=given)
    if isinstance(given, str):
        with pytest.raises(SystemExit) as e:  # argparse's refusal
            main(["kanon", "--table", "x.csv", "--qids", "a", "--encoding", given])
        err = capsys.readouterr().err.strip()
        assert e.value.code == 2 and "argument --encoding" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("command", ["kanon", "mpuccs"])
def test_a_csv_not_in_utf8_past_the_sniffed_rows_is_named_as_such(tmp_path, capsys, command):
    """A Latin-1 byte after the rows DuckDB's sniffer samples fails the run's first full read:
    the message said the column's type "was sniffed from the first rows", which is not the fault,
    and offered no way to read the file."""
    path = tmp_path / "late.csv"
    rows = ["name,city", *(f"n{i % 50},c{i % 7}" for i in range(60_000)), "José,Zürich", "n1,c1"]
    path.write_bytes(("\n".join(rows) + "\n").encode("latin-1"))
    args = (
        ["--table", str(path), "--qids", "name,city"]
        if command == "kanon"
        else ["--ori", str(path), "--syn", str(path)]
    )
    assert main([command, *args, "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert f"cannot read '{path}': line 60002 is not UTF-8 text" in err and "sniffed" not in err


@pytest.mark.parametrize("where", [1 << 20, (1 << 20) + 1, 3 << 20])
def test_the_full_utf8_pass_names_the_line_across_its_read_chunks(tmp_path, where):
    """The pass an engine told the CSV dialect needs (Spark, which decodes such bytes as U+FFFD)
    reads the file in 1 MiB chunks: a two-byte character split by a chunk's end is text, and the
    first byte that is not UTF-8 is named by its line wherever it falls."""
    import duckdb as dd

    from privrisk_sql.engines.duckdb_engine import csv_dialect

    line = "é" * 20 + ",x\n"  # 42 bytes: some line's é straddles each 1 MiB boundary
    lines = ["a,b\n", *[line] * ((4 << 20) // len(line.encode()))]
    data = "".join(lines).encode()
    path = tmp_path / "t.csv"
    path.write_bytes(data)
    assert csv_dialect(str(path), dd.connect()).names == ("a", "b")  # valid throughout: read
    broken = data[:where] + b"\xff" + data[where + 1 :]
    path.write_bytes(broken)
    expected = broken.count(b"\n", 0, where) + 1
    with pytest.raises(pr.InvalidInputError, match=f"line {expected} is not UTF-8 text"):
        csv_dialect(str(path), dd.connect())


@pytest.mark.parametrize(
    "kind, message",
    [
        ("gzip", "it is gzip-compressed: name it with .gz"),
        ("zip", "it is a ZIP archive"),
        ("parquet", "it is a Parquet file"),
        ("utf-16", "it is UTF-16 text, and a CSV file is read as UTF-8: save it as 'CSV UTF-8'"),
    ],
)
def test_a_csv_path_holding_another_format_says_which(tmp_path, kind, message):
    """A gzipped CSV without .gz, an Excel workbook or a Parquet file named .csv was refused as
    "not utf-8 encoded": true, and no help."""
    import gzip
    import zipfile

    path = tmp_path / "people.csv"
    text = "age,sex\n30,M\n41,F\n"
    if kind == "gzip":
        path.write_bytes(gzip.compress(text.encode()))
    elif kind == "utf-16":  # Excel's "Unicode Text": a byte-order mark, then two bytes a character
        path.write_bytes(text.encode("utf-16"))
    elif kind == "zip":
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("xl/workbook.xml", "<workbook/>")
    else:
        duckdb.sql(f"COPY (SELECT 30 AS age) TO '{path}' (FORMAT parquet)")
    with pytest.raises(pr.InvalidInputError, match=f"cannot read '{path}': {message}"):
        pr.kanon(None, str(path), ["age"])


def test_a_file_that_is_not_an_sqlite_database_is_named(tmp_path, capsys):
    """A non-database file given as sqlite:///x was reported as 'table not found'."""
    from privrisk_sql.cli import main

    path = tmp_path / "notes.sqlite"
    path.write_text("these are notes, not a database\n" * 20)
    assert main(["kanon", "--db", f"sqlite:///{path}", "--table", "t", "--qids", "a"]) == 2
    err = capsys.readouterr().err
    assert f"'{path}' is not an SQLite database" in err


@pytest.mark.parametrize("what", ["csv", "parquet", "sqlite", "empty", "directory"])
def test_a_db_path_that_is_not_a_duckdb_database_is_refused(tmp_path, capsys, what):
    """DuckDB opens an existing CSV or Parquet file given as its database as a throwaway in-memory
    database: `mondrian --db data.csv --output out` said "-> table out" and exited 0 with the
    table gone. An existing --db path must be a DuckDB database file (exit 2, the path named),
    and the file is left as it was."""
    import sqlite3

    from privrisk_sql.cli import main

    data = tmp_path / "data.csv"
    data.write_text("age,sex\n" + "".join(f"{20 + i % 7},{'mf'[i % 2]}\n" for i in range(30)))
    path = tmp_path / f"db.{what}"
    if what == "csv":
        path = data
    elif what == "parquet":
        duckdb.sql(f"COPY (SELECT * FROM read_csv('{data}')) TO '{path}' (FORMAT parquet)")
    elif what == "sqlite":
        sqlite3.connect(path).execute("CREATE TABLE t (a INTEGER)").connection.commit()
    elif what == "empty":
        path.write_bytes(b"")
    else:
        path.mkdir()
    before = path.read_bytes() if path.is_file() else None
    argv = ["mondrian", "--db", str(path), "--table", str(data), "--qids", "age,sex", "--k", "3", "--output", "out"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"--db '{path}'" in err and "not a DuckDB database" in err and len(err.strip().splitlines()) == 1, err
    if what == "sqlite":  # the URL that reads it, in the line (it said "a CSV or Parquet file ...")
        assert f"but an SQLite one: name it with a URL, --db 'sqlite:///{path}'" in err, err
        assert main([*argv[:2], f"sqlite:///{path}", *argv[3:]]) == 2  # the URL opens it: SQLite refuses
        assert "load the file into sqlite first" in capsys.readouterr().err  # a CSV as --table, by name
    assert (path.read_bytes() if path.is_file() else None) == before
    with pytest.raises(pr.InvalidInputError, match="not a DuckDB database"):
        pr.connect(str(path))


@pytest.mark.parametrize("option", ["--json", "--html"])
def test_an_empty_output_path_is_refused(tmp_path, capsys, option):
    """`--json ''` ran and wrote nothing, exit 0: an empty path is a mistake, not 'no output'."""
    data = tmp_path / "t.csv"
    data.write_text("a\n1\n2\n")
    assert main(["kanon", "--table", str(data), "--qids", "a", option, ""]) == 2
    err = capsys.readouterr().err
    assert f"{option}: empty path" in err and len(err.strip().splitlines()) == 1, err


def test_an_output_folder_where_no_file_can_be_made_is_refused_before_work(tmp_path, capsys):
    """/proc passes the permission check (root may write anywhere) but no file can be created
    there: the run did its work, then ended in a FileNotFoundError traceback."""
    data = tmp_path / "t.csv"
    data.write_text("a\n1\n2\n")
    assert main(["kanon", "--table", str(data), "--qids", "a", "--json", "/proc/privrisk.json"]) == 2
    err = capsys.readouterr().err
    assert "--json '/proc/privrisk.json'" in err and "cannot create a file" in err, err
    assert len(err.strip().splitlines()) == 1


LONG = "x" * 300  # longer than a file name may be (255 bytes on Linux)


@pytest.mark.parametrize(
    "argv, said",
    [
        (["kanon", "--table", LONG, "--qids", "a"], "CSV/Parquet file (it cannot be reached: file name too long)"),
        (["mondrian", "--table", LONG, "--qids", "a", "--k", "2", "--output", "o.csv"], "file name too long"),
        (["mpuccs", "--ori", LONG, "--syn", "t.csv"], "file name too long"),
        (["cavg", "--db", LONG, "--table", "t", "--qids", "a", "--k", "2"], "cannot be reached: file name too long"),
        (["cleanup", "--db", LONG], "cannot be reached: file name too long"),
    ],
)
def test_a_name_too_long_to_be_a_file_is_no_file(tmp_path, monkeypatch, capsys, argv, said):
    """pathlib's exists() and is_dir() raise for a name longer than the system takes: a
    traceback (exit 1) where any other name that is no file was 'not found'. It is no file, and
    the system's reason is said (as for a folder on the way this user may not enter)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("a\n1\n2\n")
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and said in err[0], err


@pytest.mark.parametrize(
    "option",
    [["--json", LONG], ["--html", LONG], ["--json", LONG + ".json"], ["--output", LONG + ".parquet"], ["--db", LONG]],
)
def test_an_output_path_too_long_to_be_made_is_refused_before_work(tmp_path, monkeypatch, capsys, option):
    """Such a name passed every check, then failed after the run's work: exit 3 for --json and a
    new --db, a traceback for a release file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("a\n1\n2\n3\n4\n")
    output = [] if option[0] == "--output" else ["--output", "released" if option[0] == "--db" else "r.csv"]
    assert main(["mondrian", "--table", "t.csv", "--qids", "a", "--k", "2", *output, *option]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no file can have this path: its name is" in err[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


@pytest.mark.parametrize("option", ["--json", "--html", "--output"])
def test_an_output_path_that_is_a_link_to_itself_is_refused_before_work(tmp_path, monkeypatch, capsys, option):
    """Such a path passed every check, then failed after the run's work: exit 3 for --json and
    --html ('Too many levels of symbolic links'), a traceback for a release file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("a\n1\n2\n3\n4\n")
    (tmp_path / "loop.csv").symlink_to("loop.csv")
    output = [] if option == "--output" else ["--output", "r.csv"]
    assert main(["mondrian", "--table", "t.csv", "--qids", "a", "--k", "2", *output, option, "loop.csv"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no file can be written there: too many levels of symbolic links" in err[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop.csv", "t.csv"]


@pytest.mark.parametrize("db", ["/proc/privrisk.duckdb", "sqlite:////proc/privrisk.db"])
def test_a_new_database_where_no_file_can_be_made_is_refused_as_bad_input(tmp_path, capsys, db):
    """/proc passes every permission check as root and takes no file: the database's own 'Cannot
    open file' came back, exit 3 (a database error) where the path given is at fault."""
    (tmp_path / "t.csv").write_text("a\n1\n2\n3\n4\n")
    assert (
        main(["mondrian", "--db", db, "--table", str(tmp_path / "t.csv"), "--qids", "a", "--k", "2", "--output", "o"])
        == 2
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot create a file in '/proc'" in err[0], err


FF = b"\xff".decode("utf-8", "surrogateescape")  # a byte of a file name that is not UTF-8, as argv gives it


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["kanon", "--db", f"{FF}.duckdb", "--table", "t", "--qids", "a"], "DuckDB takes a path in UTF-8 only, and this one holds the byte 0xff"),
        (["kanon", "--table", f"{FF}.csv", "--qids", "a"], "DuckDB takes a path in UTF-8 only, and this one holds the byte 0xff"),
        (["kanon", "--db", "w.duckdb", "--table", f"t{FF}", "--qids", "a"], "this one holds the byte 0xff, which is no text"),
        (["risk", "--table", "t.csv", "--qids", "a", "--population", f"p{FF}.csv"], "no such file"),
        (["mondrian", "--db", "new.duckdb", "--table", "t.csv", "--qids", "a", "--k", "2", "--output", f"o{FF}"],
         "this one holds the byte 0xff, which is no text"),
        (["mondrian", "--db", "new.duckdb", "--table", "t.csv", "--qids", "b", "--k", "2", "--output", "o",
          "--order", f"b=x,y,{FF}"], "holds the byte 0xff, which no text in a table holds"),
    ],
    ids=["db", "csv", "table", "population", "output", "order"],
)  # fmt: skip
def test_a_name_that_is_not_utf8_is_refused_by_name(tmp_path, monkeypatch, capsys, argv, said):
    """A file name that is not UTF-8 (a byte 0xff) reaches Python as a lone surrogate. A DuckDB
    database of such a name, and such a table name looked up, were a traceback (std::bad_cast, the
    driver's encoding error); as a new table's name, a traceback that left the new database
    behind; as an --order value, a database error (exit 3); a CSV file, DuckDB's 'Python
    Conversion Failure'. Each is refused by name, exit 2, nothing left."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("a,b\n1,x\n1,x\n2,y\n2,y\n")
    (tmp_path / f"{FF}.csv").write_text("a\n1\n")
    with duckdb.connect(str(tmp_path / "w.duckdb")) as con:
        con.execute("CREATE TABLE t (a INTEGER)")
    os.link(tmp_path / "w.duckdb", tmp_path / f"{FF}.duckdb")
    before = sorted(os.listdir(tmp_path))
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and said in err[0], err
    assert sorted(os.listdir(tmp_path)) == before


@pytest.mark.parametrize("scheme", ["", "sqlite:///"])
@pytest.mark.parametrize(
    ("link", "said"),
    [
        ("new.db", "no file can be written there: too many levels of symbolic links"),
        ("/nonexist/x.db", "does not exist"),
    ],
    ids=["to-itself", "to-a-missing-folder"],
)
def test_a_new_database_named_by_a_link_that_leads_nowhere_is_refused_as_bad_input(
    tmp_path, monkeypatch, capsys, scheme, link, said
):
    """A new database at a link to itself, or to a folder that is not there, passed the checks
    (they asked about the link's own folder) and the database failed to open it: exit 3, a
    database error, where the path given is at fault."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("a\n1\n2\n3\n4\n")
    (tmp_path / "new.db").symlink_to(link)
    run = ["mondrian", "--db", scheme + "new.db", "--table", "t.csv", "--qids", "a", "--k", "2", "--output", "o"]
    assert main(run) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "database file 'new.db': " in err[0] and said in err[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.db", "t.csv"]


@pytest.mark.parametrize("option", ["--table", "--db"])
def test_a_path_the_system_cannot_follow_says_why_not_no_such_file(tmp_path, capsys, option):
    """A link to itself (as a folder this user may not enter) is there and names no file: 'no
    such file' / 'database file not found' sent the user looking for a typo. The path is named in
    full (a path longer than 60 characters lost its file's name)."""
    loop = tmp_path / "a-folder-name-long-enough-to-pass-sixty-characters" / "loop.csv"
    loop.parent.mkdir()
    loop.symlink_to("loop.csv")
    (tmp_path / "t.csv").write_text("a\n1\n2\n")
    table = str(loop) if option == "--table" else str(tmp_path / "t.csv")
    db = ["--db", str(loop)] if option == "--db" else []
    assert main(["kanon", *db, "--table", table, "--qids", "a"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot be reached: too many levels of symbolic links" in err[0], err
    assert repr(str(loop)) in err[0], err


@pytest.mark.parametrize("header", ["a,A", "a,a", "Age;AGE"])
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_file_columns_that_are_one_name_to_duckdb_are_refused(tmp_path, header, kind):
    """DuckDB ignores case and reads the second of two such columns as NAME_1: qids=['A'] of a
    file with columns a and A was computed on column a (k = 2 here, where A is unique: k = 1)."""
    sep = ";" if ";" in header else ","
    first, second = header.split(sep)
    path = tmp_path / "t.csv"
    path.write_text(header + "\n" + "".join(f"{1 + i // 3}{sep}{i}\n" for i in range(6)))
    if kind == "parquet":
        table = pa.table({"x": pa.array(range(6)), "y": pa.array(range(6))}).rename_columns([first, second])
        path = tmp_path / "t.parquet"
        pq.write_table(table, path)
    with pytest.raises(pr.InvalidInputError, match=_one_name_message(first, second)):
        pr.kanon(None, str(path), [second])


def _one_name_message(first: str, second: str) -> str:
    """Two names DuckDB reads as one: equal but for case, or equal (said so: "which ignores case"
    puzzled a user whose header simply repeats a name)."""
    if first == second:
        return f"^'[^']*': column '{first}' appears twice \\(DuckDB would read the second as another name\\)"
    return f"columns '{first}' and '{second}' are one name to DuckDB, which ignores case"


@pytest.mark.parametrize("header", ["a,A", "Age;AGE"])
def test_gzipped_csv_columns_that_are_one_name_to_duckdb_are_refused(tmp_path, header):
    """The header check read a ``.csv.gz`` as plain text (compressed bytes: no header found), so
    qids=['AGE'] of a gzipped file with columns age and AGE was computed on age (k = 3 where AGE
    is unique: k = 1), while the same file uncompressed was refused."""
    import gzip

    sep = ";" if ";" in header else ","
    first, second = header.split(sep)
    path = tmp_path / "t.csv.gz"
    with gzip.open(path, "wt") as f:
        f.write(header + "\n" + "".join(f"{1 + i // 3}{sep}{i}\n" for i in range(6)))
    with pytest.raises(pr.InvalidInputError, match=f"columns '{first}' and '{second}' .* one name to DuckDB"):
        pr.kanon(None, str(path), [second])


def test_file_columns_only_unicode_case_apart_stay_two(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("É,é\n1,1\n1,2\n2,3\n2,4\n")
    assert pr.kanon(None, str(path), ["é"])["k_anonymity"] == 1 and pr.kanon(None, str(path), ["É"])["k_anonymity"] == 2


def test_a_locked_sqlite_database_says_so(tmp_path, capsys):
    import sqlite3

    from privrisk_sql.cli import main

    path = tmp_path / "busy.sqlite"
    con = sqlite3.connect(path, timeout=0)
    con.execute("CREATE TABLE t (a INTEGER)")
    con.commit()
    con.execute("BEGIN EXCLUSIVE")  # another writer holds the lock
    try:
        code = main(["kanon", "--db", f"sqlite:///{path}", "--table", "t", "--qids", "a"])
    finally:
        con.rollback()
        con.close()
    err = capsys.readouterr().err
    assert code == 3 and "locked" in err and "table not found" not in err


@pytest.mark.parametrize("text", ["a,b\n1,2\n3\n4,5\n", "a;b\n1;2\n3\n4;5\n6;7\n"])
def test_a_ragged_csv_is_refused_not_misread(tmp_path, capsys, text):
    """Rows with different field counts made the sniffer read each line as one value (3 data rows
    of 2 columns became 1 column of text): refused, naming the file."""
    from privrisk_sql.cli import main

    path = tmp_path / "ragged.csv"
    path.write_text(text)
    assert main(["cavg", "--table", str(path), "--qids", "a", "--k", "1"]) == 2
    err = capsys.readouterr().err
    assert f"cannot read '{path}': its rows do not all have the same number of fields" in err


def test_mpuccs_rounds_a_decimal_38_37_beside_a_decimal_38_0_as_the_same_doubles(backend):
    """mpUCCs on DECIMAL(38,0) next to DECIMAL(38,37) overflowed 'in multiplication' after work
    started (issue 41, 12): the rounding multiplied the decimal itself. PETsARD reads both as
    float64, so the rates must equal those of the same values held as doubles."""
    q = backend.source().quote
    rows = [(i, (i % 7) / 4, i % 3) for i in range(24)]
    values = ", ".join(f"({a}, {b}, {c})" for a, b, c in rows)
    names = {}
    for kind, (wide, scaled) in {
        "decimal": ("DECIMAL(38,0)", "DECIMAL(38,37)"),
        "double": ("DOUBLE PRECISION", "DOUBLE PRECISION"),
    }.items():
        if backend.name == "spark" and kind == "double":
            wide = scaled = "DOUBLE"
        for side, keep in (("ori", lambda i: True), ("syn", lambda i: i % 2 == 0)):
            name = f"dec_{kind}_{side}_{uuid.uuid4().hex[:12]}"
            backend.run(f"CREATE TABLE {q(name)} (a {wide}, b {scaled}, c INTEGER)")
            if hasattr(backend, "created"):
                backend.created.append(name)
            picked = ", ".join(f"({a}, {b}, {c})" for a, b, c in rows if keep(a))
            backend.run(f"INSERT INTO {q(name)} VALUES {picked if side == 'syn' else values}")
            names[kind, side] = name
    got = {
        kind: pr.mpuccs(backend.source(), names[kind, "ori"], names[kind, "syn"], n_cols=[1, 2]).to_dict()
        for kind in ("decimal", "double")
    }

    def events(kind):  # positions follow the table's order, which MariaDB and PostgreSQL do not keep
        return sorted((d["field_combo"], [str(v) for v in d["value_combo"]]) for d in got[kind]["details"])

    assert events("decimal") == events("double")
    assert got["decimal"]["global"] == got["double"]["global"]
    assert got["decimal"]["global"]["identification_rate"] > 0
    assert got["decimal"]["global"]["config_numeric_precision"] == 2


def test_a_mistyped_table_or_file_gets_a_did_you_mean(backend, tmp_path):
    """A mistyped name got no hint (issue 40): the nearest table names, and for a path the
    nearest readable files beside it, in the same one line."""
    t = _table(backend, [("x", T.INTEGER), ("y", T.INTEGER)], [(1, 2), (2, 3)])
    typo = t[:-1] + ("z" if t[-1] != "z" else "y")
    # the nearest first (a shared server may hold other tables of a similar name after it)
    with pytest.raises(pr.InvalidInputError, match=rf"table not found: '{typo}'.*\(did you mean '{t}'"):
        pr.kanon(backend.source(), typo, ["x"])
    with pytest.raises(pr.InvalidInputError) as e:
        pr.kanon(backend.source(), "completely_unrelated_name", ["x"])
    assert "did you mean" not in str(e.value)
    if backend.source().dialect.reads_files:
        (tmp_path / "people.csv").write_text("x,y\n1,2\n2,3\n")
        with pytest.raises(pr.InvalidInputError, match=r"did you mean '.*people\.csv'\?"):
            pr.kanon(backend.source(), str(tmp_path / "peple.csv"), ["x"])


@pytest.mark.parametrize(
    "call",
    [
        lambda con: pr.mondrian(con, "t", ["q"], 2, "out", keep="*", replace="false"),
        lambda con: pr.mondrian(con, "t", ["q"], 2, "new_out", keep="*", relaxed="no"),
        lambda con: pr.mondrian(con, "t", ["q"], 2, "new_out", keep="*", keep_order="yes"),
        lambda con: pr.mondrian(con, "t", ["q"], 2, "new_out", keep="*", labels_only="yes"),
        lambda con: pr.risk(con, "t", ["q"], records="out", key="id", replace="false"),
        lambda con: pr.cavg(con, "t", ["q"], 2, exclude_null_qids="no"),
        lambda con: pr.kanon(con, "t", ["q"], exclude_null_qids="no"),
        lambda con: pr.kanon(con, "t", ["q"], k=2, html_values="no"),
        lambda con: pr.mpuccs(con, "t", "t", details="no"),
        lambda con: pr.Source(con, read_only="false"),
    ],
    ids=[
        "replace",
        "relaxed",
        "keep_order",
        "labels_only",
        "risk-replace",
        "cavg-exclude",
        "kanon-exclude",
        "html_values",
        "details",
        "read_only",
    ],
)
def test_a_yes_no_option_takes_only_true_or_false(call):
    """replace="false" (a string from a config file) is true in Python: Mondrian replaced the
    user's existing table, and relaxed="no" ran relaxed Mondrian. A yes/no option now takes True
    or False (numpy's bool too) and refuses anything else, before any work."""
    con = duckdb.connect()
    con.execute("CREATE TABLE t AS SELECT i AS id, i % 3 AS q FROM range(12) r(i)")
    con.execute("CREATE TABLE out AS SELECT 'keep me' AS note")
    with pytest.raises(pr.InvalidInputError, match="must be True or False, got '"):
        call(con)
    assert con.execute("SELECT note FROM out").fetchall() == [("keep me",)]
    assert pr.mondrian(con, "t", ["q"], 2, "np_out", keep="*", relaxed=__import__("numpy").False_).partitions >= 1


def test_a_column_name_typed_in_the_other_unicode_form_is_found(tmp_path, capsys):
    """A header written with a combining accent (NFD: 'cafe' + U+0301, as macOS file names and
    some exports spell it) did not match 'café' typed on a keyboard (NFC): "column 'café' not
    found (columns: café, b)", two names that look the same. Names now match ignoring Unicode
    normalization as they match ignoring case, when one column alone matches; two that differ
    only so are named as ambiguous."""
    nfd = "cafe\u0301"
    path = tmp_path / "t.csv"
    path.write_text(f"{nfd},b\n1,2\n1,2\n3,4\n", encoding="utf-8")
    assert pr.kanon(None, str(path), ["café"])["k_anonymity"] == 1
    assert pr.kanon(None, str(path), ["CAFÉ", "b"])["n_classes"] == 2
    assert main(["kanon", "--table", str(path), "--qids", "café", "--quiet"]) == 0
    both = tmp_path / "both.csv"
    both.write_text(f"{nfd},café\n1,2\n1,2\n", encoding="utf-8")
    with pytest.raises(pr.InvalidInputError, match="column 'CAFÉ' is ambiguous"):
        pr.kanon(None, str(both), ["CAFÉ"])
    assert pr.kanon(None, str(both), [nfd])["k_anonymity"] == 2  # an exact name is that column


def test_a_missing_column_lists_names_holding_a_comma_as_the_cli_takes_them(tmp_path, capsys):
    """A header "city, state" was listed as `(columns: city, state, age)`: three names to a
    reader, and typed so, two columns to --qids. Listed in double quotes now, as --qids takes it
    (a double quote in a name doubled)."""
    path = tmp_path / "t.csv"
    path.write_text('"city, state"," ""x"" ",age\n"a, b",q,1\n"a, b",q,1\n', encoding="utf-8")
    assert main(["kanon", "--table", str(path), "--qids", "city", "--quiet"]) == 2
    listed = '(columns: "city, state", """x""", age)'  # DuckDB trims a header's edge spaces
    assert listed in capsys.readouterr().err
    # each listed name, typed back into --qids as shown, is that column
    assert main(["kanon", "--table", str(path), "--qids", '"city, state", """x""",age', "--quiet"]) == 0


@pytest.mark.parametrize(
    "declared,good,odd,shown",
    [
        ("INTEGER", "10", "'abc'", "'abc'"),  # Mondrian: ValueError on int('abc') (exit 3)
        ("REAL", "1.5", "'x'", "'x'"),  # Mondrian labelled a range '1.5~x'; mpUCCs' rounding failed mid-run
        ("DATE", "'2020-01-02'", "'oops'", "'oops'"),  # Mondrian: a false "table changed" (exit 3)
        ("BOOLEAN", "1", "'yes'", "'yes'"),  # Mondrian coded and labelled 'yes' as false
    ],
)
@pytest.mark.parametrize("command", ["mondrian", "mpuccs"])
def test_sqlite_values_outside_their_declared_type_are_refused_by_name(
    tmp_path, capsys, declared, good, odd, shown, command
):
    """SQLite keeps any value in any column. A value of another kind than the column's declared
    type is refused by the commands that compute with it, before any work: exit 2, one line
    naming the column, the table, the count and a value; nothing written."""
    import sqlite3

    path = tmp_path / "loose.sqlite"
    with sqlite3.connect(path) as con:
        con.execute(f"CREATE TABLE t (id INTEGER, g INTEGER, v {declared})")
        rows = [f"({i}, {i % 2}, {good})" for i in range(6)] + [f"(6, 0, {odd})", f"(7, 1, {odd})"]
        con.execute(f"INSERT INTO t VALUES {', '.join(rows)}")
        con.execute(f"CREATE TABLE s (id INTEGER, g INTEGER, v {declared})")  # the synthetic side: no odd value
        con.execute("INSERT INTO s SELECT * FROM t WHERE id < 6")
    db = f"sqlite:///{path}"
    if command == "mondrian":
        args = ["--table", "t", "--qids", "g,v", "--k", "2", "--identifiers", "id", "--output", "o"]
    else:
        args = ["--ori", "t", "--syn", "s", "--columns", "g,v"]
    if command == "mpuccs" and declared == "BOOLEAN":
        assert main([command, "--db", db, *args, "--quiet"]) == 0  # compared as stored: nothing computed
        capsys.readouterr()
        return
    assert main([command, "--db", db, *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert f"column 'v' of 't' is {declared} but holds 2 value(s) that are not" in err[0] and shown in err[0]
    with sqlite3.connect(path) as con:
        assert [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == ["t", "s"]


@pytest.mark.parametrize(
    "column,shown",
    [
        ("v", r"b'\x00\xff'"),  # TEXT: a number is stored as text there, but bytes stay bytes
        ("mixed", "such as 1,"),  # no declared type, text in its first rows (read as text), then a number
    ],
)
def test_sqlite_text_qids_holding_numbers_or_bytes_are_refused_by_mondrian(tmp_path, capsys, column, shown):
    """SQLite keeps bytes in a TEXT column, and a column of no declared type (a view's CASE)
    keeps numbers beside text: Mondrian sorted their values in Python for its rank map and
    stopped on a TypeError traceback (exit 1: '<' not supported between 'str' and 'int'). It
    refuses such a QID by name now, before any work; kanon groups the values as SQLite does."""
    import sqlite3

    path = tmp_path / "text.sqlite"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (id INTEGER, g INTEGER, v TEXT)")
        con.executemany("INSERT INTO t VALUES (?, ?, ?)", [(i, i % 2, "ab"[i % 2]) for i in range(8)])
        con.execute("UPDATE t SET v = X'00FF' WHERE id = 7")
        con.execute("CREATE VIEW w AS SELECT id, g, CASE WHEN id < 7 THEN 'x' ELSE 1 END AS mixed FROM t")
    table = "t" if column == "v" else "w"
    db = f"sqlite:///{path}"
    args = ["--db", db, "--table", table, "--qids", f"g,{column}", "--k", "2", "--identifiers", "id", "--output", "o"]
    assert main(["mondrian", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert f"column {column!r} of {table!r} is " in err[0] and "but holds 1 value(s) that are not text" in err[0]
    assert shown in err[0]
    with sqlite3.connect(path) as con:
        assert [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == ["t"]
    assert pr.kanon(db, table, ["g", column])["n_classes"] == 3  # SQLite's groups: the odd value apart
    # an order of its values, the odd one listed as text: refused as no text, not as "not in the order"
    with pytest.raises(pr.InvalidInputError, match="that are not text, .* which an order of text values"):
        pr.kanon(db, table, ["g"], sensitive=column, order={column: ["a", "b", "x", "1"]})


def test_a_long_value_outside_its_type_is_shown_cut_short(tmp_path, capsys):
    """The refusal names one value: a 100,000-character text in a SQLite BOOLEAN made a message
    of 100,000 characters."""
    import sqlite3

    path = tmp_path / "long.sqlite"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (g INTEGER, b BOOLEAN)")
        con.executemany("INSERT INTO t VALUES (?, ?)", [(i % 2, i % 3 == 0) for i in range(6)] + [(0, "y" * 100_000)])
    assert (
        main(["mondrian", "--db", f"sqlite:///{path}", "--table", "t", "--qids", "g,b", "--k", "2", "--output", "o"])
        == 2
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'yyyyyyyy" in err[0] and "100,002 characters" in err[0] and len(err[0]) < 500


@pytest.mark.parametrize("role", ["weight", "population_count"])
def test_a_weight_or_count_that_is_no_number_is_refused_by_name(tmp_path, capsys, role):
    """SQLite keeps text in a REAL or INTEGER column: a weight 'w' was refused as an "infinite
    weight", and a census count 'many' was taken (as 0: a class the population lacks) and the
    run ended with figures (exit 0). Both are named for what they are now."""
    import sqlite3

    path = tmp_path / "risk.sqlite"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (g INTEGER, w REAL)")
        con.execute("INSERT INTO t VALUES (0, 1), (0, 2), (1, 1), (1, 'w'), (1, 3)")
        con.execute("CREATE TABLE p (g INTEGER, n INTEGER)")
        con.execute("INSERT INTO p VALUES (0, 5), (1, 'many')")
    db = f"sqlite:///{path}"
    if role == "weight":
        args, column, table, value = ["--weight", "w"], "w", "t", "'w'"
    else:
        args, column, table, value = ["--population", "p", "--population-count", "n"], "n", "p", "'many'"
    assert main(["risk", "--db", db, "--table", "t", "--qids", "g", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert f"column {column!r} of {table!r} is" in err[0] and "that are not numbers, such as " + value in err[0]


@pytest.mark.parametrize("declared", ["INTEGER", "REAL"])
def test_a_numeric_sensitive_value_that_is_no_number_is_refused_by_name(tmp_path, capsys, declared):
    """SQLite keeps text in an INTEGER or REAL column: kanon's t-closeness took such a column as
    numeric (the ordered distance) and ranked 'abc' above every number, SQLite's order, where
    pycanon reads the column as text (the equal distance); exit 0 with a figure neither tool
    would give. Refused by name now, as Mondrian refuses it; a numeric column that holds only
    numbers, or a text one, is measured as before."""
    import sqlite3

    path = tmp_path / "sa.sqlite"
    with sqlite3.connect(path) as con:
        con.execute(f"CREATE TABLE t (g INTEGER, s {declared}, c TEXT)")
        con.executemany("INSERT INTO t VALUES (?, ?, ?)", [(1, 10, "a"), (1, "abc", "b"), (2, 20, "a"), (2, 30, "b")])
        con.execute(f"CREATE TABLE ok (g INTEGER, s {declared})")
        con.execute("INSERT INTO ok SELECT g, CASE WHEN s = 'abc' THEN 40 ELSE s END FROM t")
    db = f"sqlite:///{path}"
    assert main(["kanon", "--db", db, "--table", "t", "--qids", "g", "--sensitive", "s", "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"privrisk-sql: error: column 's' of 't' is {declared} but holds 1 value(s) that are not numbers, such as "
        "'abc', which t-closeness (the ordered distance) cannot compute with: give them a value of that type, or "
        "read the column as text in a view (CAST(... AS TEXT))"
    ]
    assert pr.kanon(db, "ok", ["g"], sensitive="s")["t_closeness"] == pytest.approx(1 / 6)
    assert pr.kanon(db, "t", ["g"], sensitive="c")["t_closeness"] == 0


@pytest.mark.parametrize("table", ["-", "/dev/stdin", "fifo"])
def test_standard_input_or_a_pipe_as_table_says_why_it_is_not_read(tmp_path, capsys, table):
    """`cat t.csv | privrisk-sql kanon --table -` (or /dev/stdin, a FIFO) was "no such file", of a
    path that exists. A run reads its input in several statements; a stream can be read once."""
    import os

    if table == "fifo":
        table = str(tmp_path / "fifo")
        os.mkfifo(table)
    assert main(["kanon", "--table", table, "--qids", "a"]) == 2
    err = capsys.readouterr().err
    assert f"table not found: {table!r}" in err and "is read once" in err and "save it to a file" in err
    assert "no such file" not in err


@pytest.mark.parametrize("content", [b"", b"\xef\xbb\xbf\n  \r\n", "gz"])
def test_an_empty_csv_file_is_named_empty(tmp_path, capsys, content):
    """A 0-byte CSV (a failed export) was read as one column "column0" and no rows: "column 'age'
    not found in 'e.csv' (columns: column0)". Named empty now, a BOM, blank lines and a .gz too."""
    import gzip

    path = tmp_path / ("e.csv.gz" if content == "gz" else "e.csv")
    if content == "gz":
        path.write_bytes(gzip.compress(b""))
    else:
        path.write_bytes(content)
    assert main(["kanon", "--table", str(path), "--qids", "age", "--quiet"]) == 2
    assert f"cannot read {str(path)!r}: the file is empty (no header line, no rows)" in capsys.readouterr().err
    ori = str(FIXTURES / "handcheck" / "ori.csv")
    assert main(["mpuccs", "--ori", ori, "--syn", str(path), "--quiet"]) == 2
    assert "the file is empty" in capsys.readouterr().err


def test_the_dbt_packages_unsupported_types_are_the_librarys():
    """The dbt package refuses a column by its type's first word (it has no regex); each such word
    must be a type the library refuses too, or a dbt test and `pr.kanon` would disagree."""
    import re
    from pathlib import Path

    from privrisk_sql.sql.types import type_class

    macros = (Path(pr.render.dbt_package_dir()) / "macros" / "tests.sql").read_text()
    listed = re.search(r"set unsupported_first_words = \[([^\]]*)\]", macros)
    assert listed is not None
    words = re.findall(r"'([A-Z]+)'", listed.group(1))
    assert len(words) >= 20
    for word in [*words, "INTEGER[]", "VARCHAR[3]"]:
        assert type_class(word) is T.UNSUPPORTED, word


@pytest.mark.parametrize("scheme", ["", "sqlite:///"])
def test_a_database_file_that_is_a_pipe_is_refused_not_waited_on(tmp_path, scheme):
    """--db naming a named pipe (FIFO): DuckDB's check of the file's head and SQLite's open waited
    for a writer, and the command hung (the subprocess's timeout here)."""
    os.mkfifo(tmp_path / "w.db")
    (tmp_path / "t.csv").write_text("a\n1\n1\n")
    for argv in (["kanon", "--table", "t", "--qids", "a"], ["mondrian", "--table", "t.csv", "--qids", "a", "--k", "2",
                                                           "--output", "o"]):  # fmt: skip
        out = subprocess.run(
            [sys.executable, "-m", "privrisk_sql", *argv, "--db", scheme + "w.db"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 2 and "'w.db' is a pipe, a device or a socket" in out.stderr, out.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["kanon", "--table", "{csv}", "--qids", "a"],
        ["kanon", "--table", "{csv}", "--qids", "a", "--json", "{out}"],
        ["mondrian", "--table", "{csv}", "--qids", "a", "--k", "2", "--output", "{out}.csv"],
        ["mpuccs", "--ori", "{csv}", "--syn", "{csv}"],
    ],
    ids=["kanon", "kanon-json", "mondrian", "mpuccs"],
)
def test_a_working_folder_removed_under_the_process_is_said_so(tmp_path, monkeypatch, capsys, argv):
    """A terminal left in a folder another removed: os.path.abspath raised FileNotFoundError
    wherever a path was first resolved, a traceback (exit 1), even for absolute paths."""
    (tmp_path / "t.csv").write_text("a\n1\n1\n")
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    monkeypatch.setenv("PWD", str(gone))
    gone.rmdir()
    given = [a.format(csv=tmp_path / "t.csv", out=tmp_path / "o") for a in argv]
    assert main(given) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"privrisk-sql: error: the working folder {str(gone)!r} was removed after this process entered "
                   "it: change to a folder that exists (cd) and run again"]  # fmt: skip
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]
