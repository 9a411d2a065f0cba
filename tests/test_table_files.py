"""Tables a run writes, written to files on DuckDB: Mondrian's release (output="released.parquet",
--output released.csv) and risk's records and classes (--records r.parquet): the rows of the
table it would have written, whole or not at all, never over an input, and no table left in the
user's database."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pandas as pd
import pytest

import privrisk_sql as pr
from privrisk_sql.cli import main

from backends import FIXTURES

ADULT = str(FIXTURES / "adult" / "ori.csv")
QIDS = ["age", "sex", "race"]


def _release(src, output, **options):
    return pr.mondrian(src, ADULT, QIDS, k=5, output=output, identifiers=["fnlwgt"], keep_order=True, **options)


def _leftovers(folder) -> list[str]:
    return [name for name in os.listdir(folder) if name.startswith(".privrisk-")]


@pytest.mark.parametrize("name", ["released.parquet", "released.pq", "released.csv", "released.csv.gz"])
def test_a_release_file_holds_the_rows_of_the_table(tmp_path, name):
    db = tmp_path / "w.duckdb"
    as_table = _release(str(db), "released")
    as_file = _release(None, str(tmp_path / name))
    assert (as_file.partitions, as_file.gcp, as_file.output) == (
        as_table.partitions,
        as_table.gcp,
        str(tmp_path / name),
    )
    with duckdb.connect(str(db)) as con:
        want = con.execute("SELECT * FROM released").df()
    got = (
        pd.read_parquet(tmp_path / name) if "parquet" in name or name.endswith(".pq") else pd.read_csv(tmp_path / name)
    )
    if "csv" in name:  # CSV holds text: compared as the text of each value
        want = want.astype(str).replace({"None": "nan", "<NA>": "nan"})
        got = got.astype(str)
    pd.testing.assert_frame_equal(got, want, check_dtype="csv" not in name)
    assert len(as_file.to_pandas()) == len(want) and _leftovers(tmp_path) == []


def test_a_release_file_leaves_no_table_in_the_database_it_reads(tmp_path):
    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(f"CREATE TABLE people AS SELECT * FROM read_csv('{ADULT}')")
    src = pr.connect(str(db))
    pr.mondrian(src, "people", QIDS, k=5, output=str(tmp_path / "r.parquet"), identifiers=["fnlwgt"])
    names = [r[0] for r in src.fetch("SELECT database_name || '.' || table_name FROM duckdb_tables()")]
    attached = [r[0] for r in src.fetch("SELECT database_name FROM duckdb_databases() WHERE NOT internal")]
    assert names == ["w.people"] and attached == ["w"]  # the scratch database is gone with its table
    src.close()
    assert len(pd.read_parquet(tmp_path / "r.parquet")) == 32_561


def test_an_existing_file_is_kept_unless_replace(tmp_path):
    path = tmp_path / "r.parquet"
    path.write_bytes(b"an earlier release")
    os.chmod(path, 0o640)
    with pytest.raises(pr.InvalidInputError, match=r"output file .*r\.parquet' already exists; pass replace=True"):
        _release(None, path)  # a Path, as pandas' to_parquet takes one
    assert path.read_bytes() == b"an earlier release"
    _release(None, str(path), replace=True)
    assert len(pd.read_parquet(path)) == 32_561 and stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert _leftovers(tmp_path) == []


def test_a_release_file_never_reaches_an_input(tmp_path, capsys):
    link = tmp_path / "link.csv"
    link.symlink_to(ADULT)
    for output in (ADULT, str(link)):
        before = Path(ADULT).read_bytes()
        args = ["mondrian", "--table", ADULT, "--qids", "age,sex", "--k", "5", "--output", output]
        assert main([*args, "--identifiers", "fnlwgt"]) == 2
        err = capsys.readouterr().err.strip()
        assert "writing it would destroy the input" in err and len(err.splitlines()) == 1
        assert Path(ADULT).read_bytes() == before
    with pytest.raises(pr.InvalidInputError, match="is also the page"):
        _release(None, str(tmp_path / "r.parquet"), html=str(tmp_path / "r.parquet"))
    assert not (tmp_path / "r.parquet").exists()
    fifo = tmp_path / "fifo.parquet"
    os.mkfifo(fifo)
    with pytest.raises(pr.InvalidInputError, match="is not a regular file"):
        _release(None, str(fifo), replace=True)  # it was replaced by a file
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    with pytest.raises(pr.InvalidInputError, match="it cannot run on a read_only Source"):
        _release(pr.connect(None, read_only=True), str(tmp_path / "r.parquet"))  # said as for a table


def test_the_command_line_writes_a_release_file_without_a_database(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = ["mondrian", "--table", ADULT, "--qids", "age,sex,race", "--k", "5", "--identifiers", "fnlwgt"]
    assert main([*args, "--output", "r.csv", "--html", "r.html"]) == 0
    assert "-> file r.csv" in capsys.readouterr().out
    assert len(pd.read_csv(tmp_path / "r.csv")) == 32_561 and "output file" in (tmp_path / "r.html").read_text()
    assert main([*args, "--output", "s.csv", "--html", "./s.csv"]) == 2
    assert "--output and --html name the same file" in capsys.readouterr().err
    sqlite3.connect(tmp_path / "s.db").close()  # a database the input could be in (a missing one is refused)
    assert main([*args, "--output", "r.parquet", "--db", f"sqlite:///{tmp_path / 's.db'}"]) == 2
    err = capsys.readouterr().err
    assert "names a file, which only DuckDB and Spark write: on sqlite name a table" in err
    assert sorted(os.listdir(tmp_path)) == ["r.csv", "r.html", "s.db"]


def test_a_stopped_run_leaves_no_file(tmp_path):
    """A timeout mid-run: no release file, no temporary one, no scratch database left attached."""
    con = duckdb.connect()
    con.execute(
        "CREATE TABLE big AS SELECT i % 97 AS a, i % 89 AS b, i % 83 AS c, (i * 7) % 61 AS d FROM range(3000000) r(i)"
    )
    src = pr.connect(con, timeout=0.3)
    with pytest.raises(pr.QueryTimeoutError):
        pr.mondrian(src, "big", ["a", "b", "c", "d"], k=5, output=str(tmp_path / "r.parquet"))
    assert os.listdir(tmp_path) == []
    assert [
        r[0] for r in con.execute("SELECT database_name FROM duckdb_databases() WHERE NOT internal").fetchall()
    ] == ["memory"]


def _with_ids(tmp_path) -> str:
    frame = pd.read_csv(ADULT).head(5000)
    frame.insert(0, "id", range(len(frame)))
    path = tmp_path / "people.csv"
    frame.to_csv(path, index=False)
    return str(path)


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_risk_records_and_classes_as_files_hold_the_rows_of_the_tables(tmp_path, suffix):
    people = _with_ids(tmp_path)
    db = tmp_path / "w.duckdb"
    as_tables = pr.risk(str(db), people, QIDS, records="records", key="id", classes="classes")
    records, classes = tmp_path / f"records{suffix}", tmp_path / f"classes{suffix}"
    given = (records, classes) if suffix == ".parquet" else (str(records), str(classes))  # a Path, as pandas takes one
    as_files = pr.risk(None, people, QIDS, records=given[0], key="id", classes=given[1])
    assert as_files.to_dict() == as_tables.to_dict()
    read = pd.read_parquet if suffix == ".parquet" else pd.read_csv
    with duckdb.connect(str(db)) as con:
        for table, path, by in (("records", records, ["id"]), ("classes", classes, QIDS)):
            want = con.execute(f"SELECT * FROM {table}").df().sort_values(by, ignore_index=True)
            got = read(path).sort_values(by, ignore_index=True)
            pd.testing.assert_frame_equal(got, want, check_dtype=suffix == ".parquet")
    assert _leftovers(tmp_path) == []


def test_risk_files_from_the_command_line_and_what_is_refused(tmp_path, capsys, monkeypatch):
    people = _with_ids(tmp_path)
    monkeypatch.chdir(tmp_path)
    args = ["risk", "--table", people, "--qids", "age,sex,race", "--key", "id"]
    assert main([*args, "--records", "r.parquet", "--classes", "c.csv.gz"]) == 0
    out = capsys.readouterr().out
    assert "-> file r.parquet: one row per record (5,000)" in out and "-> file c.csv.gz: the " in out
    assert len(pd.read_parquet("r.parquet")) == 5000 and len(pd.read_csv("c.csv.gz")) > 0
    assert main([*args, "--records", "s.parquet", "--classes", "./s.parquet"]) == 2
    assert "records and classes name the same file" in capsys.readouterr().err
    # the CLI writes --json and --html itself: never over a file the run writes (the JSON
    # replaced the records file, exit 0)
    for option in ("--json", "--html"):
        assert main([*args, "--records", "s.parquet", option, "./s.parquet"]) == 2
        assert f"--records and {option} name the same file 's.parquet'" in capsys.readouterr().err
    assert main([*args, "--records", "s.parquet", "--classes", "classes"]) == 2  # a table needs --db
    assert "give --db" in capsys.readouterr().err
    sqlite3.connect(tmp_path / "s.db").close()  # a database the input could be in (a missing one is refused)
    assert main([*args, "--records", "s.parquet", "--db", f"sqlite:///{tmp_path / 's.db'}"]) == 2
    assert "names a file, which only DuckDB and Spark write: on sqlite name a table" in capsys.readouterr().err
    listed = sorted(p for p in os.listdir(tmp_path) if not p.startswith("people"))
    assert listed == ["c.csv.gz", "r.parquet", "s.db"]


@pytest.mark.parametrize("name", ["released.tsv", "released.json", "released.xlsx"])
def test_a_file_of_a_kind_no_run_writes_is_refused_naming_the_kinds(tmp_path, name):
    """released.json was read as table json of a schema 'released' that does not exist."""
    with pytest.raises(pr.InvalidInputError, match=r"names a file of a kind no run writes: .* \.parquet, \.pq, \.csv"):
        pr.mondrian(str(tmp_path / "w.duckdb"), ADULT, QIDS, k=5, output=name, identifiers=["fnlwgt"])
    assert os.listdir(tmp_path) == []  # the database file it would have made is not left behind


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="watches the run's open files through /proc (Linux)")
def test_a_run_killed_outright_mid_write_leaves_no_file(tmp_path):
    """kill -9 while DuckDB writes the release: nothing in the output's folder. A named
    temporary file (ours, `.privrisk-*.tmp`, and DuckDB's own `tmp_*` beside it) was left there,
    as large as the rows written so far; the file being written now has no name until it is whole."""
    data, out = tmp_path / "in.parquet", tmp_path / "out"
    out.mkdir()
    duckdb.sql(
        "COPY (SELECT i % 1000 AS a, i % 7 AS b, md5(i::VARCHAR) AS payload FROM range(2000000) r(i)) "
        f"TO '{data}' (FORMAT parquet)"
    )
    args = ["mondrian", "--table", str(data), "--qids", "a,b", "--k", "5", "--keep", "*"]
    run = subprocess.Popen(
        [sys.executable, "-m", "privrisk_sql", *args, "--output", str(out / "r.csv.gz"), "--quiet"],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while not _writing_into(run.pid, out):  # the moment a file there holds rows
            assert run.poll() is None and time.monotonic() < deadline, "the run ended before it wrote"
            time.sleep(0.002)
    finally:
        run.kill()
        run.wait()
    assert os.listdir(out) == []


def _writing_into(pid: int, folder: Path) -> bool:
    """Has process ``pid`` a file open in ``folder`` with bytes in it (the release being written)?"""
    fds = f"/proc/{pid}/fd"
    for fd in os.listdir(fds):
        try:
            where = os.readlink(f"{fds}/{fd}")
            if where.startswith(f"{folder}/") and os.stat(f"{fds}/{fd}").st_size > 0:
                return True
        except OSError:  # closed since it was listed
            continue
    return False


_FILE_SIZE_LIMITED = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG), as on a full disk
resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000))
from privrisk_sql.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("name", ["released.parquet", "released.csv"])
@pytest.mark.parametrize("there", [False, True], ids=["new", "replaced"])
def test_a_release_the_disk_will_not_take_is_told_as_the_file_it_is(tmp_path, name, there):
    """A full disk (here: a file size limit, the same refusal of a write) while DuckDB wrote the
    release was 'database error: ... Could not write file "/proc/self/fd/5": File too large': the
    path of the file with no name yet, which the user never named. Now it names the file and says
    that a file there is as it was; nothing else is left."""
    if there:
        (tmp_path / name).write_text("kept\n")
    args = ["mondrian", "--table", ADULT, "--qids", "age,sex,race", "--k", "5", "--identifiers", "fnlwgt"]
    run = subprocess.run(
        [sys.executable, "-c", _FILE_SIZE_LIMITED, *args, "--output", name, "--replace", "--quiet"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    err = run.stderr.strip().splitlines()
    assert run.returncode == 3 and len(err) == 1, run.stderr
    assert err[0] == f"privrisk-sql: error: cannot write output to '{name}': File too large" + (
        "; the file is as it was" if there else ""
    )
    assert os.listdir(tmp_path) == ([name] if there else [])
    assert not there or (tmp_path / name).read_text() == "kept\n"


def test_where_no_unnamed_file_can_be_made_a_named_one_does_the_same(tmp_path, monkeypatch):
    """macOS, NFS: no O_TMPFILE. A temporary file with a name is written and renamed, as before."""
    import privrisk_sql.report.output_file as output_file

    monkeypatch.setattr(output_file, "_unnamed_file", lambda folder: None)
    path = tmp_path / "r.parquet"
    path.write_bytes(b"an earlier release")
    os.chmod(path, 0o640)
    _release(None, str(path), replace=True, html=str(tmp_path / "r.html"))
    assert len(pd.read_parquet(path)) == 32_561 and stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert sorted(os.listdir(tmp_path)) == ["r.html", "r.parquet"]


@pytest.mark.parametrize("option", ["records", "classes"])
def test_an_input_changed_mid_run_is_told_with_the_file_it_would_have_made(tmp_path, option):
    """The message named the scratch table the file is built in ('records'), not the file."""
    con = duckdb.connect()
    con.execute("CREATE TABLE people AS SELECT i AS id, i % 5 AS a, i % 3 AS b FROM range(100) r(i)")
    src = pr.connect(con)
    fired = []

    def meddle(sql: str) -> None:
        if "COPY (" in sql and not fired:  # the output's rows, from the input again
            fired.append(sql)
            con.execute("INSERT INTO people SELECT 1000 + i, i, i FROM range(15) r(i)")

    src.echo = meddle
    path = tmp_path / f"{option}.parquet"
    with pytest.raises(pr.InputChangedError, match=rf"the {option} file '{path}' would have \d+ rows, not"):
        keyed = {"key": "id"} if option == "records" else {}
        pr.risk(src, "people", ["a", "b"], threshold=0.01, **keyed, **{option: str(path)})
    assert fired and os.listdir(tmp_path) == []


def test_a_release_file_is_written_from_the_query_not_from_a_table_of_it(tmp_path):
    """The rows go straight from the run's query into the file: no statement makes a table of
    them first. One in a scratch in-memory database held the whole release in memory (10M rows:
    4.6 GB peak, where the same run into a table of a database file took 1.1 GB)."""
    src = pr.connect(None)
    made: list[str] = []
    src.echo = lambda sql: made.append(sql) if sql.lstrip().upper().startswith("CREATE TABLE") else None
    _release(src, str(tmp_path / "r.parquet"))
    assert made == [] and len(pd.read_parquet(tmp_path / "r.parquet")) == 32_561


@pytest.mark.parametrize("name", ["r.csv", "r.csv.gz", "r.parquet"])
def test_a_release_file_read_back_for_its_check_whatever_its_text_holds(tmp_path, name):
    """The file is read back to be checked (every row once, no partition below k) before it gets
    its name: text holding line breaks, quotes, commas and what reads as a number or a date is
    counted right (a miscount would stop the run as an input changed)."""
    texts = ["a\nb", 'say "hi"', "x,y", "007", "2020-01-01", "", None, "é ✓"]
    df = pd.DataFrame({"age": [20 + i % 4 for i in range(80)], "note": [texts[i % len(texts)] for i in range(80)]})
    r = pr.mondrian(None, df, ["age"], k=5, output=str(tmp_path / name), keep=["note"], keep_order=True)
    got = pd.read_parquet(tmp_path / name) if name.endswith("parquet") else pd.read_csv(tmp_path / name)
    assert r.partitions == 4 and len(got) == 80
    assert got["note"].fillna("").tolist() == df["note"].fillna("").tolist()


@pytest.mark.parametrize("name", ["r.csv", "r.csv.gz"])
def test_a_csv_release_is_read_back_as_it_was_written_not_as_a_sniffer_guesses(tmp_path, name):
    """A column whose name and values hold as many ';' as each other: DuckDB's sniffer read the
    file back as ';'-separated, with no partition_id column, and the run failed after its work."""
    semi = "n;o;t;e;s;x;y;z"
    df = pd.DataFrame({"age": [20 + i % 4 for i in range(80)], semi: "a;b;c;d;e;f;g;h"})
    r = pr.mondrian(None, df, ["age"], k=5, output=str(tmp_path / name), keep=[semi])
    assert r.partitions == 4 and set(pd.read_csv(tmp_path / name)[semi]) == {"a;b;c;d;e;f;g;h"}


@pytest.mark.parametrize("replace", [False, True])
@pytest.mark.parametrize("when", ["while it is written", "before it is written"])
def test_a_file_another_process_makes_meanwhile_is_kept_unless_replace(tmp_path, replace, when):
    """The path was free when the run began; another process writes it while the run works. As
    for a table another session creates: kept, and the run refused, unless replace."""
    path = tmp_path / "r.parquet"
    src = pr.connect(None)

    def meddle(sql: str) -> None:
        if ("COPY (" in sql or when == "before it is written") and not path.exists():
            path.write_bytes(b"theirs")

    src.echo = meddle
    if replace:
        _release(src, str(path), replace=True)
        assert len(pd.read_parquet(path)) == 32_561
    else:
        with pytest.raises(pr.InvalidInputError, match="was created by another process while this run worked"):
            _release(src, str(path))
        assert path.read_bytes() == b"theirs"
    assert sorted(os.listdir(tmp_path)) == ["r.parquet"]


def test_a_release_file_of_an_input_changed_mid_run_is_not_written(tmp_path):
    """Strict Mondrian reads the input twice; a row changed in between is caught in the file read
    back, before it gets its name."""
    con = duckdb.connect()
    con.execute("CREATE TABLE people AS SELECT i AS id, i % 6 AS x, i % 4 AS y FROM range(40) r(i)")
    src = pr.connect(con)
    fired = []

    def meddle(sql: str) -> None:
        if "COPY (" in sql and not fired:
            fired.append(sql)
            con.execute("DELETE FROM people WHERE id < 3")

    src.echo = meddle
    with pytest.raises(pr.InputChangedError, match="changed during the run.*40 rows"):
        pr.mondrian(src, "people", ["x", "y"], k=4, output=str(tmp_path / "r.parquet"), keep="*")
    assert fired and os.listdir(tmp_path) == []


def test_a_connection_that_may_write_no_file_is_refused_before_the_work(tmp_path):
    """A caller's DuckDB connection with file access turned off: the COPY failed after the whole
    run, naming /proc/self/fd/N, a path the user never wrote."""
    con = duckdb.connect()
    con.execute(f"CREATE TABLE people AS SELECT * FROM read_csv('{ADULT}')")
    con.execute("SET enable_external_access = false")
    src = pr.connect(con)
    ran: list[str] = []
    src.echo = ran.append
    for run in (
        lambda: pr.mondrian(src, "people", QIDS, k=5, output=str(tmp_path / "r.parquet"), identifiers=["fnlwgt"]),
        lambda: pr.risk(src, "people", QIDS, classes=str(tmp_path / "c.csv")),
    ):
        with pytest.raises(pr.InvalidInputError, match=r"enable_external_access = False \(no file may be written\)"):
            run()
    assert not any("GROUP BY" in sql for sql in ran) and os.listdir(tmp_path) == []


@pytest.mark.parametrize(
    "args",
    [
        ["mondrian", "--table", ADULT, "--qids", "age,sex", "--k", "10", "--keep", "", "--output", "r.parquet"],
        ["risk", "--table", ADULT, "--qids", "age,sex", "--classes", "r.parquet"],
    ],
    ids=["mondrian", "risk"],
)
def test_a_missing_db_is_not_created_for_a_release_written_to_a_file(tmp_path, monkeypatch, capsys, args):
    """`--db new.duckdb --output r.parquet`: the command line created new.duckdb, an empty database
    the run never wrote to, and left it beside the release (Python refused the missing file). A
    file release writes no table into --db: the missing database is refused by name, as for a
    reading run, and nothing is made."""
    monkeypatch.chdir(tmp_path)
    assert main([*args, "--db", "new.duckdb"]) == 2
    assert "database file not found: 'new.duckdb'" in capsys.readouterr().err
    assert os.listdir(tmp_path) == []
    assert main(args) == 0  # without --db: in-memory DuckDB reads the CSV, the release is written
    assert os.listdir(tmp_path) == ["r.parquet"]


@pytest.mark.parametrize("name", ["r.parquet", "r\nDROP TABLE x; --.csv"])
def test_show_sql_names_the_file_the_copy_writes(tmp_path, capsys, monkeypatch, name):
    """--show-sql printed `COPY (...) TO '/proc/self/fd/5'` and nothing said which file that was;
    a comment names it, and a newline in the user's path stays inside the comment."""
    monkeypatch.chdir(tmp_path)
    args = ["mondrian", "--table", ADULT, "--qids", "age,sex,race", "--k", "5", "--identifiers", "fnlwgt"]
    assert main([*args, "--output", name, "--show-sql", "--quiet"]) == 0
    err = capsys.readouterr().err
    copy = next(s for s in err.split(";\n\n") if "COPY (" in s)
    comment, _, statement = copy.strip().partition("\n")
    assert comment.startswith("-- '") and comment.endswith(f" is the output file {name!r}, named once whole")
    written_to = comment[3:].split("' is the")[0] + "'"  # the path the COPY writes, as its literal
    assert statement.startswith("COPY (") and f"TO {written_to}" in statement
    assert os.listdir(tmp_path) == [name] and len(pd.read_csv(name) if name.endswith(".csv") else pd.read_parquet(name))


def _doing_at_the_first_read(action) -> pr.Source:
    """An in-memory DuckDB Source that calls ``action`` once, as the first statement that reads
    the input CSV is sent (mid-run: its settings, snapshot and look-ups are done)."""
    source = pr.connect()
    done: list[bool] = []

    def echo(sql: str) -> None:
        if "read_csv(" in sql and not done:
            done.append(True)
            action()

    source.echo = echo
    return source


def test_an_input_file_removed_mid_run_is_said_so_not_a_database_error(tmp_path):
    """The input CSV removed while the run read it: DuckDB's "IO Error: No files found that match
    the pattern" came back as a database error (exit 3), a pattern the user never gave. Now
    InputChangedError naming the file; nothing is written."""
    data = tmp_path / "in.csv"
    pd.read_csv(ADULT).to_csv(data, index=False)
    source = _doing_at_the_first_read(data.unlink)
    with pytest.raises(pr.InputChangedError, match="the input .*in.csv' was removed or moved while the run read it"):
        pr.mondrian(source, str(data), QIDS, k=5, output=str(tmp_path / "o.parquet"), identifiers=["fnlwgt"])
    assert os.listdir(tmp_path) == []
    # a later run's failure on something else is its own, not blamed on the file gone
    source.echo = None
    source.execute("CREATE VIEW broken AS SELECT CAST('x' || i AS INTEGER) AS a FROM range(3) t(i)")
    with pytest.raises(pr.QueryError, match="Conversion Error"):
        pr.kanon(source, "broken", ["a"])


@pytest.mark.parametrize("metric", ["kanon", "mondrian", "mondrian-table"])
def test_an_input_file_appended_to_mid_run_is_said_so_not_read_as_two_versions(tmp_path, metric):
    """A CSV another process appends to while the run reads it (a log being written): each
    statement reads the file anew, so Mondrian released the rows it first saw without a word of
    the two new ones, and kanon checked 32,561 rows for missing values, then counted classes of
    32,563 (its figures, all of that one statement, described the new file; with sensitive
    attributes each measure is a statement of its own). Now InputChangedError naming the file;
    nothing is written."""
    data = tmp_path / "in.csv"
    pd.read_csv(ADULT).to_csv(data, index=False)
    size = data.stat().st_size
    row = ",".join(["99", "Never-worked", "1", "Doctorate", "16", "Widowed", "Priv-house-serv", "Wife",
                    "Other", "Female", "0", "0", "1", "Holand-Netherlands", ">50K"])  # fmt: skip

    def append() -> None:  # once
        if data.stat().st_size == size:
            with open(data, "a", encoding="utf-8") as f:
                f.write(row + "\n" + row + "\n")

    source = pr.connect()  # appended to as the histogram (kanon), or the first level's counts (Mondrian), is sent
    marker = "class_size" if metric == "kanon" else "_freq0"
    source.echo = lambda sql: append() if marker in sql else None
    with pytest.raises(pr.InputChangedError, match="the input .*in.csv' changed while the run read it"):
        if metric == "kanon":
            pr.kanon(source, str(data), QIDS, k=5)
        else:
            output = "o" if metric == "mondrian-table" else str(tmp_path / "o.parquet")
            pr.mondrian(source, str(data), QIDS, k=5, output=output, identifiers=["fnlwgt"])
    assert os.listdir(tmp_path) == ["in.csv"]
    assert not source.table_exists("o")
    source.echo = None  # the file as it is now is read whole, and the run is its own
    assert pr.kanon(source, str(data), QIDS)["n_rows"] == 32563


def test_an_input_file_appended_to_as_the_run_tidies_up_leaves_the_run_done(tmp_path):
    """The file changed once the run's work was done, as it dropped its work tables and put the
    session's settings back: its figures are of one version, so they stand, and the tidying
    ends (the look for changed inputs is the work's last step, never the tidying's)."""
    data = tmp_path / "in.csv"
    pd.read_csv(ADULT).to_csv(data, index=False)
    size = data.stat().st_size

    sent: list[str] = []

    def append(sql: str) -> None:  # at the first statement after the work's last (its histogram)
        sent.append(sql)
        if "class_size" in sent[-2] if len(sent) > 1 else False:
            with open(data, "a", encoding="utf-8") as f:
                f.write("99,?,1,Doctorate,16,Widowed,?,Wife,Other,Female,0,0,1,?,>50K\n")

    source = pr.connect()
    source.execute("SET default_order = 'DESC'")  # the caller's, which the run puts back last
    source.echo = append
    assert pr.kanon(source, str(data), QIDS, k=5)["n_rows"] == 32561
    assert data.stat().st_size > size  # appended, as the run put its settings back
    source.echo = None
    assert source.fetch("SELECT current_setting('default_order')") == [("DESC",)]


def test_a_release_whose_folder_is_removed_mid_run_is_told_not_a_traceback(tmp_path):
    """The output's folder removed while the run worked: the temporary file's mkstemp raised
    FileNotFoundError through the run, a traceback (exit 1). Now OutputWriteError naming the file."""
    folder = tmp_path / "out"
    folder.mkdir()
    source = _doing_at_the_first_read(folder.rmdir)
    with pytest.raises(pr.OutputWriteError, match=r"cannot write output to '.*out/o.parquet': No such file"):
        _release(source, str(folder / "o.parquet"))
    assert os.listdir(tmp_path) == []
