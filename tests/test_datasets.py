"""A folder of Parquet files (a dataset, as Spark writes one) as a table argument, on DuckDB;
tests/test_spark.py reads the same folders on Spark."""

from __future__ import annotations

import ast
import json
import os
import re
import sqlite3
from pathlib import Path

import duckdb
import pandas as pd
import pytest

import privrisk_sql as pr
from privrisk_sql.cli import main

from backends import FIXTURES

ADULT = str(FIXTURES / "adult" / "ori.csv")
QIDS = ["age", "sex", "race", "education"]


def spark_style_dataset(folder: Path, rows: int = 3000, parts: int = 3) -> Path:
    """The first ``rows`` rows of Adult in ``parts`` part files, in order, with what a Spark
    write leaves beside them, holding other rows that must not be read: `_SUCCESS`, a hidden
    file, and the `_temporary/` folder of a write that did not finish. (Not a `.crc`: Hadoop
    checks the part file against it.)"""
    folder.mkdir(parents=True)
    step = rows // parts
    with duckdb.connect() as con:
        con.execute(f"CREATE TABLE a AS SELECT * FROM read_csv('{ADULT}') LIMIT {rows}")
        for i in range(parts):
            part = folder / f"part-{i:05d}-c000.snappy.parquet"
            con.execute(f"COPY (SELECT * FROM a LIMIT {step} OFFSET {i * step}) TO '{part}' (FORMAT parquet)")
        con.execute(f"COPY (SELECT * FROM a LIMIT 40) TO '{folder / '.hidden.parquet'}' (FORMAT parquet)")
        (folder / "_temporary" / "0").mkdir(parents=True)
        con.execute(
            f"COPY (SELECT * FROM a LIMIT 50) TO '{folder / '_temporary' / '0' / 'part-9.parquet'}' (FORMAT parquet)"
        )
        whole = folder.parent / f"{folder.name}-whole.parquet"
        con.execute(f"COPY (SELECT * FROM a LIMIT {step * parts}) TO '{whole}' (FORMAT parquet)")
    (folder / "_SUCCESS").write_text("")
    return whole


def hive_dataset(folder: Path) -> Path:
    """Adult's first 2000 rows partitioned by sex (`sex=Female/`, `sex=Male/`, the files without
    the column), and the same rows as one file with it."""
    with duckdb.connect() as con:
        con.execute(f"CREATE TABLE a AS SELECT * FROM read_csv('{ADULT}') LIMIT 2000")
        for sex in ("Female", "Male"):
            (folder / f"sex={sex}").mkdir(parents=True)
            part = folder / f"sex={sex}" / "part-00000.parquet"
            con.execute(f"COPY (SELECT * EXCLUDE (sex) FROM a WHERE sex = '{sex}') TO '{part}' (FORMAT parquet)")
        whole = folder.parent / "hive-whole.parquet"
        con.execute(f"COPY a TO '{whole}' (FORMAT parquet)")
    return whole


@pytest.mark.parametrize("suffix", [".parquet", ""])
def test_a_dataset_folder_is_read_as_its_part_files_in_order(tmp_path, suffix):
    """A folder was refused ("it is not a regular file"): Spark's own output, and the usual shape
    of a table that outgrew one file, could not be measured. Its part files are read in path
    order, so even mpUCCs' row positions equal those of the same rows in one file; what a Spark
    write leaves beside them is not read."""
    folder = tmp_path / f"adult{suffix}"
    whole = str(spark_style_dataset(folder))
    assert pr.kanon(None, str(folder), QIDS) == pr.kanon(None, whole, QIDS)
    assert pr.kanon(None, str(folder), QIDS)["n_rows"] == 3000
    assert pr.risk(None, str(folder), QIDS).to_dict() == pr.risk(None, whole, QIDS).to_dict()
    columns = ["age", "education", "occupation", "hours_per_week", "native_country"]
    syn = str(FIXTURES / "adult" / "syn.csv")
    a = pr.mpuccs(None, str(folder), syn, columns=columns, n_cols=[1, 2, 3])
    b = pr.mpuccs(None, whole, syn, columns=columns, n_cols=[1, 2, 3])
    assert a.to_dict() == b.to_dict()
    assert len(a.details) > 0


def test_hive_partition_folders_are_columns(tmp_path):
    """`sex=Female/` and `sex=Male/` below the dataset give the column `sex`, as Spark reads them."""
    whole = str(hive_dataset(tmp_path / "hive"))
    folder = str(tmp_path / "hive")
    with pr.connect() as src:
        assert "sex" in [c.name for c in src.relation(folder).columns]
    assert pr.kanon(None, folder, QIDS) == pr.kanon(None, whole, QIDS)


def test_a_name_value_folder_above_the_dataset_is_refused(tmp_path):
    """DuckDB reads every `name=value` folder of a path as a partition; one above the dataset
    would add a column it does not have (Spark reads only those below). Refused, naming it."""
    spark_style_dataset(tmp_path / "run=5" / "adult")
    with pytest.raises(pr.InvalidInputError, match=r"folder 'run=5' of the dataset's own path"):
        pr.kanon(None, str(tmp_path / "run=5" / "adult"), QIDS)


def test_a_folder_that_is_no_dataset_is_named(tmp_path):
    (tmp_path / "empty.parquet").mkdir()
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.txt").write_text("a\n1\n")
    (tmp_path / "rows.csv").mkdir()
    for name, why in [
        ("empty.parquet", "a folder holding no Parquet file"),
        ("notes", "a folder holding no Parquet file"),
        ("rows.csv", "a folder: a CSV is read from one file"),
    ]:
        with pytest.raises(pr.InvalidInputError, match=f"table not found: .*{name}.*{why}"):
            pr.kanon(None, str(tmp_path / name), ["a"])


@pytest.mark.parametrize("spelled", ["folder", "pattern"])
def test_many_csv_files_as_one_table_are_told_how_and_the_way_out_reads_them(tmp_path, monkeypatch, spelled):
    """A folder of CSV part files (Spark's df.write.csv writes one, named like a file) and a shell
    pattern: "a folder: a CSV is read from one file" and "no such file", and no way to read them.
    The message names one; followed as written, it reads every row of the parts."""
    folder = tmp_path / "O'Neil" / "people.csv"  # a quote in the path: the SQL shown doubles it
    folder.mkdir(parents=True)
    df = pd.read_csv(ADULT).head(3000)
    for i in range(3):
        df.iloc[i * 1000 : (i + 1) * 1000].to_csv(folder / f"part-{i:05d}-c000.csv", index=False)
    (folder / "_SUCCESS").write_text("")
    monkeypatch.chdir(folder.parent)
    table = "people.csv" if spelled == "folder" else "people.csv/part-*.csv"
    with pytest.raises(pr.InvalidInputError) as e:
        pr.kanon(None, table, QIDS, k=5)
    view = re.search(r"\((CREATE VIEW t AS SELECT \* FROM read_csv\('(?:[^']|'')+'\))\)", str(e.value)).group(1)
    assert "and pass --db FILE --table t" in str(e.value)
    with duckdb.connect(str(tmp_path / "parts.duckdb")) as con:
        con.execute(view)
    got = pr.kanon(str(tmp_path / "parts.duckdb"), "t", QIDS, k=5)
    want = pr.kanon(None, df, QIDS, k=5)
    assert got.n_rows == 3000 and got.to_dict()["class_size_histogram"] == want.to_dict()["class_size_histogram"]


@pytest.mark.parametrize("pattern", ["adult.parquet/part-*.parquet", "adult.parquet/*.PARQUET"])
def test_a_pattern_of_parquet_files_is_told_to_pass_their_folder_and_that_reads_every_row(
    tmp_path, monkeypatch, capsys, pattern
):
    """A shell pattern of Parquet part files was told to make a view with read_csv (the CSV
    parts' way out), which fails on Parquet. A folder of Parquet files is one table: the message
    names the folder, and passing it as written reads every row of the parts."""
    whole = spark_style_dataset(tmp_path / "adult.parquet")
    monkeypatch.chdir(tmp_path)
    assert main(["kanon", "--table", pattern, "--qids", ",".join(QIDS)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "read_csv" not in err, err
    folder = re.search(r"pass the folder ('(?:[^'\\]|\\.)+') as --table", err).group(1)
    assert ast.literal_eval(folder) == str(tmp_path / "adult.parquet")
    assert pr.kanon(None, ast.literal_eval(folder), QIDS) == pr.kanon(None, str(whole), QIDS)


def test_a_table_of_the_same_name_wins_over_a_folder_without_suffix(tmp_path, monkeypatch):
    """A name without a file suffix is a table first (as before); the folder only when the
    database has no table of that name."""
    spark_style_dataset(tmp_path / "people")
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE people AS SELECT 1 AS age FROM range(4)")
    assert pr.kanon(str(db), "people", ["age"])["n_rows"] == 4
    assert pr.kanon(None, "people", ["age"])["n_rows"] == 3000


def test_outputs_inside_an_input_dataset_are_refused_before_any_work(tmp_path, capsys):
    """A report or JSON written into the dataset folder would be read as part of it next time
    (Spark reads every file there): refused, exit 2, one line naming both, nothing written."""
    folder = tmp_path / "adult.parquet"
    spark_style_dataset(folder)
    before = sorted(os.listdir(folder))
    for option, name in [("--json", "out.json"), ("--html", "report.html")]:
        code = main(["kanon", "--table", str(folder), "--qids", "age,sex", option, str(folder / name)])
        err = capsys.readouterr().err.strip()
        assert code == 2
        assert "is inside the input dataset" in err and str(folder) in err and len(err.splitlines()) == 1
    with pytest.raises(pr.InvalidInputError, match="is inside the input dataset"):
        pr.kanon(None, str(folder), ["age"], html=str(folder / "sub.html"))
    assert sorted(os.listdir(folder)) == before


def test_read_only_reads_a_dataset_and_nothing_beside_it(tmp_path):
    """--read-only allows exactly the input files: a dataset's part files are allowed, a file
    beside them that the dataset does not read is not."""
    folder = tmp_path / "adult.parquet"
    whole = str(spark_style_dataset(folder))
    out = tmp_path / "k.json"
    assert main(["kanon", "--table", str(folder), "--qids", ",".join(QIDS), "--read-only", "--json", str(out)]) == 0
    assert json.loads(out.read_text()) == json.loads(json.dumps(pr.kanon(None, whole, QIDS)))
    with pr.connect(None, read_only=True, files=[str(folder)]) as src:
        assert pr.kanon(src, str(folder), QIDS)["n_rows"] == 3000
        with pytest.raises(Exception, match="(?i)permission|access|disabled"):
            src.fetch(f"SELECT COUNT(*) FROM read_parquet('{folder / '_temporary' / '0' / 'part-9.parquet'}')")


def test_other_databases_say_to_load_a_dataset_first(tmp_path):
    folder = tmp_path / "adult.parquet"
    spark_style_dataset(folder)
    sqlite3.connect(tmp_path / "x.sqlite").close()
    with pytest.raises(pr.UnsupportedFeatureError, match="read by DuckDB and Spark; load the file into sqlite"):
        pr.kanon(f"sqlite:///{tmp_path / 'x.sqlite'}", str(folder), ["age"])


def mixed_dataset(tmp_path: Path, second: str = "SELECT 'z' AS a, 'y' AS b FROM range(3)") -> str:
    """Two parts: `a` a number in the first, text in the second (or the second part given)."""
    folder = tmp_path / "mixed.parquet"
    folder.mkdir()
    with duckdb.connect() as con:
        con.execute(f"COPY (SELECT 1 AS a, 'x' AS b FROM range(3)) TO '{folder / 'part-0.parquet'}' (FORMAT parquet)")
        con.execute(f"COPY ({second}) TO '{folder / 'part-1.parquet'}' (FORMAT parquet)")
    return str(folder)


def test_part_files_that_disagree_are_bad_input_before_any_work(tmp_path, capsys):
    """Parts with other columns or types (a dataset appended to by another writer) were read
    until the part that did not fit: a database error mid-run (exit 3). Now exit 2, one line
    naming the part and both column lists, from the footers alone."""
    folder = mixed_dataset(tmp_path)
    assert main(["kanon", "--table", folder, "--qids", "a"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert (
        "part-1.parquet' has (a VARCHAR, b VARCHAR) where" in err
        and "part-0.parquet' has (a INTEGER, b VARCHAR)" in err
    )


def clashing_dataset(tmp_path: Path) -> str:
    """`sex=F/` holding rows with their own `sex`, of both values."""
    folder = tmp_path / "dup.parquet"
    (folder / "sex=F").mkdir(parents=True)
    with duckdb.connect() as con:
        con.execute(
            f"COPY (SELECT 1 AS a, 'M' AS sex UNION ALL SELECT 2, 'F') TO '{folder / 'sex=F' / 'part-0.parquet'}'"
            " (FORMAT parquet)"
        )
    return str(folder)


CLASH = r"column 'sex' is both in its part files and a partition folder \('sex=F'\)"


def test_a_partition_folder_named_like_a_column_is_refused(tmp_path):
    """DuckDB (and Spark: tests/test_spark.py) read every row of `sex=F/` as F, the rows' own
    `sex` unread: k = 2 in one class where the rows hold two classes (k = 1), without a word.
    Refused, naming both."""
    with pytest.raises(pr.InvalidInputError, match=CLASH):
        pr.kanon(None, clashing_dataset(tmp_path), ["sex"])


def test_a_dataset_given_as_the_database_says_where_it_goes(tmp_path, capsys):
    folder = tmp_path / "adult.parquet"
    spark_style_dataset(folder)
    assert main(["kanon", "--db", str(folder), "--table", "t", "--qids", "a"]) == 2
    assert "is a directory, not a DuckDB database file; a folder of Parquet files is read with --table" in (
        capsys.readouterr().err
    )


def laid_out_dataset(tmp_path: Path, parts: list[str]) -> str:
    """A dataset folder with a part file of two rows (`x`, `y`) at each relative path given."""
    folder = tmp_path / "laid.parquet"
    with duckdb.connect() as con:
        for i, part in enumerate(parts):
            (folder / part).parent.mkdir(parents=True, exist_ok=True)
            con.execute(f"COPY (SELECT {i} AS x, range AS y FROM range(2)) TO '{folder / part}' (FORMAT parquet)")
    return str(folder)


# Part files where Spark does not write them. DuckDB read the part in `2024/` and Spark skipped it
# (half the rows, without a word: tests/test_spark.py), or one of them failed with its own words.
IRREGULAR_LAYOUTS = {
    "beside-a-plain-folder": (["part-0.parquet", "2024/part-1.parquet"], "in the folder '2024', which is no partition"),
    "only-plain-folders": (["2024/part.parquet", "2025/part.parquet"], "in the folder '2024', which is no partition"),
    "below-a-partition": (["year=2024/sub/p.parquet", "year=2025/p.parquet"], "in the folder 'sub', which is no"),
    "no-name": (["=2024/p.parquet"], "in the folder '=2024', which is no partition"),
    "other-names": (
        ["a=1/p.parquet", "b=2/p.parquet"],
        r"'b=2/p.parquet' is in partition folders \(b\) where 'a=1/p.parquet' is in partition folders \(a\)",
    ),
    "other-depths": (["year=2024/m=1/p.parquet", "year=2025/p.parquet"], r"where 'year=2024/m=1/p.parquet' is in"),
    "top-and-partition": (["p.parquet", "year=2024/p.parquet"], "is in no partition folder"),
}


@pytest.mark.parametrize("parts, refusal", IRREGULAR_LAYOUTS.values(), ids=IRREGULAR_LAYOUTS.keys())
def test_part_files_outside_a_regular_layout_are_refused(tmp_path, capsys, parts, refusal):
    folder = laid_out_dataset(tmp_path, parts)
    with pytest.raises(pr.InvalidInputError, match=refusal):
        pr.kanon(None, folder, ["x"])
    assert main(["kanon", "--table", folder, "--qids", "x"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_partition_folders_of_two_levels_are_read(tmp_path):
    """The regular layout of two partition levels is read, both levels as columns."""
    folder = laid_out_dataset(tmp_path, ["year=2024/m=1/p.parquet", "year=2025/m=2/p.parquet"])
    assert pr.kanon(None, folder, ["year", "m", "y"])["n_rows"] == 4


@pytest.mark.parametrize(
    "added", ["part-00009-c000.snappy.parquet", "_temporary/1/part-9.parquet", ".tmp/spill.bin", "notes.csv"]
)
def test_a_part_added_to_a_dataset_mid_run_is_said_so_and_what_no_reader_takes_is_not(tmp_path, added):
    """A part written into the folder while the run reads it: each statement reads the folder
    anew, so the figures would mix two versions of the table (InputChangedError, nothing
    written). What no reader takes (a write in progress under `_temporary/`, a spill folder
    `.tmp`, a file that is no part) changes nothing."""
    folder = tmp_path / "adult"
    spark_style_dataset(folder)
    source = pr.connect()

    def add(sql: str) -> None:
        target = folder / added
        if "class_size" in sql and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            duckdb.sql(
                f"COPY (SELECT * FROM '{folder / 'part-00000-c000.snappy.parquet'}') TO '{target}' (FORMAT parquet)"
            )

    source.echo = add
    if added.startswith("part-"):
        with pytest.raises(pr.InputChangedError, match="the input .*adult' changed while the run read it"):
            pr.kanon(source, str(folder), QIDS, k=5)
    else:
        assert pr.kanon(source, str(folder), QIDS, k=5)["n_rows"] == 3000
    assert (folder / added).exists()


def test_a_database_inside_the_dataset_it_reads_is_no_change_to_the_dataset(tmp_path, monkeypatch, capsys):
    """`--db ds/w.duckdb --table ds`: the database the run writes lies in the folder it reads,
    and is no part of it. The look for parts changed mid-run (2722890) took its writes for a
    change of the dataset (InputChangedError, exit 2), where the run worked before."""
    monkeypatch.chdir(tmp_path)
    spark_style_dataset(tmp_path / "ds")
    args = ["mondrian", "--db", "ds/w.duckdb", "--table", "ds", "--qids", "age,sex", "--k", "5", "--output", "out"]
    assert main([*args, "--identifiers", "fnlwgt", "--quiet"]) == 0, capsys.readouterr().err
    with pr.connect("ds/w.duckdb") as src:
        assert src.fetch("SELECT COUNT(*) FROM out") == [(3000,)]
