"""Output files (--json): checked before any work, written without destroying what the path names.

A regular file is replaced atomically; a symlink's target is written; a device or FIFO is written in
place; a missing folder, a directory or an input file is refused with exit 2 before any work.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest
from processes import IN_SLEEP, wait_until_it_waits

import privrisk_sql as pr
from privrisk_sql.cli import main

from backends import FIXTURES

HAND = FIXTURES / "handcheck"


def mpuccs(*args):
    return main(["mpuccs", "--ori", str(HAND / "ori.csv"), "--syn", str(HAND / "syn.csv"), "--quiet", *args])


def test_regular_file_replaced_keeping_its_permissions(tmp_path):
    out = tmp_path / "r.json"
    out.write_text("old")
    out.chmod(0o640)
    assert mpuccs("--json", str(out)) == 0
    assert json.loads(out.read_text())["global"]["total_identified"] == 4
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left


def test_symlink_target_is_written_and_link_kept(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert mpuccs("--json", str(link)) == 0
    assert link.is_symlink()
    assert json.loads(real.read_text())["global"]["total_identified"] == 4


def test_fifo_reader_gets_the_json(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    # A reader already waiting (non-blocking, so a writer that replaces the FIFO cannot hang the
    # test); the handcheck JSON fits in the pipe's buffer.
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        assert mpuccs("--json", str(fifo)) == 0
        chunks = []
        while True:
            try:
                chunk = os.read(reader, 65536)
            except BlockingIOError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert json.loads(b"".join(chunks))["global"]["total_identified"] == 4


def test_device_is_written_in_place(tmp_path):
    # A null device of the test's own (as /dev/null, which the old writer replaced with a file).
    dev = tmp_path / "null"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root")
    assert mpuccs("--json", str(dev)) == 0
    assert stat.S_ISCHR(dev.stat().st_mode)


@pytest.mark.parametrize("kind", ["missing folder", "directory", "input file"])
def test_bad_path_refused_before_any_work(tmp_path, capsys, kind):
    ori = tmp_path / "ori.csv"
    shutil.copy(HAND / "ori.csv", ori)
    before = ori.read_bytes()
    target = {"missing folder": tmp_path / "nodir" / "x.json", "directory": tmp_path, "input file": ori}[kind]
    code = main(["mpuccs", "--ori", str(ori), "--syn", str(HAND / "syn.csv"), "--json", str(target), "--show-sql"])
    out, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("privrisk-sql: error: --json") and str(target) in err
    assert len(err.strip().splitlines()) == 1
    assert "SELECT" not in err  # --show-sql echoes every statement: none ran
    assert ori.read_bytes() == before


def test_mondrian_refused_json_leaves_no_output_table(tmp_path, capsys):
    db = tmp_path / "m.duckdb"
    con = duckdb.connect(str(db))
    con.execute(f"CREATE TABLE people AS SELECT * FROM read_csv('{FIXTURES / 'mondrian' / 'adult_2k.csv'}')")
    con.close()
    code = main(
        [
            "mondrian",
            "--db",
            str(db),
            "--table",
            "people",
            "--qids",
            "age,sex",
            "--k",
            "5",
            "--output",
            "anon",
            "--json",
            str(tmp_path / "nodir" / "m.json"),
        ]
    )
    assert code == 2
    assert "nodir" in capsys.readouterr().err
    con = duckdb.connect(str(db))
    assert [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()] == ["people"]
    con.close()


def test_json_same_as_database_file_refused(tmp_path, capsys):
    db = tmp_path / "m.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE t AS SELECT range AS a FROM range(10)")
    con.close()
    before = db.read_bytes()
    code = main(["kanon", "--db", str(db), "--table", "t", "--qids", "a", "--json", str(db)])
    assert code == 2
    assert "is the input" in capsys.readouterr().err
    assert db.read_bytes() == before


def _small_database(db: Path, engine: str) -> str:
    """A database file holding table t (a: 0..9); the --db value that opens it."""
    if engine == "duckdb":
        con = duckdb.connect(str(db))
        con.execute("CREATE TABLE t AS SELECT range AS a FROM range(10)")
        con.close()
        return str(db)
    import sqlite3

    lite = sqlite3.connect(db)
    lite.execute("CREATE TABLE t (a INTEGER)")
    lite.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(10)])
    lite.commit()
    lite.close()
    return f"sqlite:///{db}"


@pytest.mark.parametrize("option", ["--json", "--html"])
@pytest.mark.parametrize(
    "engine, suffix", [("duckdb", ".wal"), ("sqlite", "-journal"), ("sqlite", "-wal"), ("sqlite", "-shm")]
)
def test_an_output_over_the_databases_log_or_journal_is_refused(tmp_path, capsys, option, engine, suffix):
    """`--json w.duckdb.wal` wrote the JSON where DuckDB keeps its write-ahead log (SQLite its
    journals), which the database reads as its own when it opens next: refused as the database
    file is, before any work, naming the database."""
    db = tmp_path / f"w.{engine}"
    target = _small_database(db, engine)
    log = tmp_path / (db.name + suffix)
    assert main(["kanon", "--db", target, "--table", "t", "--qids", "a", option, str(log)]) == 2
    err = capsys.readouterr().err
    assert f"{option} '{log}' is a file of the database '{db}' (its log or journal)" in err, err
    assert not log.exists()


@pytest.mark.parametrize("engine, suffix", [("duckdb", ".wal"), ("sqlite", "-journal")])
def test_a_python_html_page_never_replaces_the_databases_log_or_journal(tmp_path, engine, suffix):
    """The same for html= of a Python call, whose Source names its database files itself."""
    db = tmp_path / f"w.{engine}"
    src = pr.connect(_small_database(db, engine))
    log = str(db) + suffix
    with pytest.raises(pr.InvalidInputError, match=r"is a file of the database .* \(its log or journal\)"):
        pr.kanon(src, "t", ["a"], html=log)
    assert not Path(log).exists()


@pytest.mark.parametrize("option", ["--json", "--html"])
@pytest.mark.parametrize("path", ["/dev/stdout", "/proc/self/fd/1"])
def test_a_pipe_named_as_a_file_is_written_in_place(option, path):
    """--json /dev/stdout into a pipe: FileNotFoundError on a temp file beside 'pipe:[...]', after
    the work (issue 41, defect 10). Pipes are special files too: written in place."""
    import subprocess
    import sys

    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "privrisk_sql.cli",
            "cavg",
            "--table",
            str(FIXTURES / "handcheck" / "ori.csv"),
            "--qids",
            "a",
            "--k",
            "1",
            "--quiet",
            option,
            path,
        ],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    if option == "--json":
        assert json.loads(r.stdout)["k"] == 1
    else:
        assert r.stdout.lstrip().startswith("<!DOCTYPE html>") or "<html" in r.stdout[:200]


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
@pytest.mark.parametrize(
    "call",
    [
        lambda src, page: pr.kanon(src, "people", ["age"], html=page),
        lambda src, page: pr.cavg(src, "people", ["age"], 2, html=page),
        lambda src, page: pr.risk(src, "people", ["age"], html=page),
        lambda src, page: pr.mpuccs(src, "people", "people", html=page),
        lambda src, page: pr.mondrian(src, "people", ["age"], 2, "out", keep=[], html=page),
    ],
    ids=["kanon", "cavg", "risk", "mpuccs", "mondrian"],
)
def test_a_python_html_page_never_replaces_the_database_it_reads(tmp_path, engine, call):
    """html= naming the database file of the Source (or of a database attached to it) replaced the
    database with the report: every table in it lost. The CLI checked --db; a Python call, whose
    Source may be any connection, did not. Refused now before any work, the file untouched."""
    import sqlalchemy as sa

    main, attached = tmp_path / f"main.{engine}", tmp_path / f"other.{engine}"
    if engine == "duckdb":
        con = duckdb.connect(str(main))
        run = con.execute
        run(f"ATTACH '{attached}' AS other")
    else:
        con = sa.create_engine(f"sqlite:///{main}").connect()
        run = con.exec_driver_sql
        run(f"ATTACH DATABASE '{attached}' AS other")
    run("CREATE TABLE people AS SELECT 1 AS id, 30 AS age UNION ALL SELECT 2, 30 UNION ALL SELECT 3, 40")
    run("CREATE TABLE other.kept (x INTEGER)")
    con.commit()
    for page in (main, attached):
        before = page.read_bytes()
        with pytest.raises(pr.InvalidInputError, match=f"html '{page}' is the input"):
            call(pr.Source(con), str(page))
        assert page.read_bytes() == before
    con.close()


def test_a_python_html_page_never_replaces_a_hierarchy_file(tmp_path):
    """Mondrian reads a hierarchy CSV given by path: html= naming it was written over it."""
    tree = tmp_path / "sex.csv"
    tree.write_text("Male;*\nFemale;*\n")
    before = tree.read_bytes()
    src = pr.connect(str(tmp_path / "w.duckdb"), create=True)
    with pytest.raises(pr.InvalidInputError, match=f"html '{tree}' is the input"):
        pr.mondrian(
            src,
            str(FIXTURES / "mondrian" / "adult_2k.csv"),
            ["sex"],
            2,
            "out",
            keep=[],
            hierarchies={"sex": str(tree)},
            html=str(tree),
        )
    src.close()
    assert tree.read_bytes() == before


@pytest.mark.parametrize(
    "extra, stdout_full, needle",
    [
        (["--json", "-"], True, "cannot write --json to standard output: No space left on device"),
        ([], True, "cannot write the summary to standard output: No space left on device"),
        (["--json", "/dev/full", "--quiet"], False, "cannot write --json to '/dev/full': No space left on device"),
        (["--html", "/dev/full", "--quiet"], False, "cannot write --html to '/dev/full': No space left on device"),
    ],
)
def test_an_output_the_system_refuses_is_one_line_and_exit_3(tmp_path, extra, stdout_full, needle):
    """A full disk (/dev/full here) under --json, --html or the summary: a Python traceback and
    exit 1 before. Now one line naming what could not be written, exit 3 (the run's work is done;
    a regular file is left as it was)."""
    import subprocess
    import sys
    from pathlib import Path

    cli = Path(sys.executable).with_name("privrisk-sql")
    table = str(FIXTURES / "mondrian" / "adult_2k.csv")
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [str(cli), "kanon", "--table", table, "--qids", "age,sex", *extra],
            stdout=full if stdout_full else subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert run.returncode == 3, run.stderr
    assert run.stderr == f"privrisk-sql: error: {needle}\n"


def test_a_refused_json_after_the_tables_were_written_says_they_are(tmp_path):
    """A failed --json after Mondrian (or risk --records/--classes) published its tables read as
    a failed run: the line says the tables stand, and they do."""
    import subprocess
    import sys
    from pathlib import Path

    cli = Path(sys.executable).with_name("privrisk-sql")
    table = str(FIXTURES / "mondrian" / "adult_2k.csv")
    db = str(tmp_path / "w.duckdb")
    base = [str(cli), "--table", table, "--qids", "age,sex", "--db", db, "--json", "/dev/full", "--quiet"]
    runs = {
        "mondrian": ["mondrian", *base[1:], "--k", "5", "--identifiers", "id", "--output", "o"],
        "risk": ["risk", *base[1:], "--records", "r", "--key", "id", "--classes", "c"],
    }
    said = {}
    for name, args in runs.items():
        run = subprocess.run([str(cli), *args], stderr=subprocess.PIPE, text=True, timeout=120)
        assert run.returncode == 3, run.stderr
        said[name] = run.stderr
    assert said["mondrian"].endswith("No space left on device (the run's table 'o' is written)\n")
    assert said["risk"].endswith("No space left on device (the run's tables 'r', 'c' are written)\n")
    with duckdb.connect(db, read_only=True) as con:
        assert [con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("o", "r")] == [2000, 2000]


def test_a_regular_json_file_that_cannot_be_written_is_left_as_it_was(tmp_path):
    """A file-size limit (RLIMIT_FSIZE, the kernel's EFBIG: a full disk as a regular file meets
    it) under --json: one line, exit 3, the old file as it was and no temporary file left."""
    import resource
    import signal
    import subprocess
    import sys
    from pathlib import Path

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))

    target = tmp_path / "r.json"
    target.write_text("before\n")
    cli = Path(sys.executable).with_name("privrisk-sql")
    table = str(FIXTURES / "mondrian" / "adult_2k.csv")
    run = subprocess.run(
        [str(cli), "kanon", "--table", table, "--qids", "age,sex", "--json", str(target), "--quiet"],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limited,
        timeout=120,
    )
    assert run.returncode == 3, run.stderr
    assert (
        run.stderr
        == f"privrisk-sql: error: cannot write --json to {str(target)!r}: File too large; the file is as it was\n"
    )
    assert target.read_text() == "before\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left


@pytest.mark.parametrize(
    "args",
    [
        ["kanon", "--qids", "age,sex", "--json", "s3://bucket/k.json"],
        ["kanon", "--qids", "age,sex", "--html", "https://example.com/k.html"],
        ["mondrian", "--qids", "age,sex", "--k", "5", "--identifiers", "fnlwgt", "--output", "s3://bucket/r.parquet"],
        ["kanon", "--qids", "age,sex", "--table-url"],
    ],
)
def test_a_url_is_named_as_one(args, capsys, tmp_path, monkeypatch):
    """A URL where a file is read or written: "folder '/cwd/s3:/bucket' does not exist" named a
    path the user never wrote, and an input was "no such file"."""
    monkeypatch.chdir(tmp_path)
    table = "s3://bucket/people.csv" if args[-1] == "--table-url" else str(FIXTURES / "adult" / "ori.csv")
    args = [a for a in args if a != "--table-url"]
    assert main([args[0], "--table", table, *args[1:]]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "s3:/b" not in err and "https:/e" not in err
    assert "a URL: files are" in err and ("read from" in err if "people" in table else "written to" in err)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize(
    "command, said",
    [
        (["kanon", "--qids", "age,sex"], "the summary has nowhere to go; pass --quiet, or send it to /dev/null"),
        (
            ["kanon", "--qids", "age,sex", "--json", "-", "--quiet"],
            "--json - has nowhere to go; name a file, or send it to /dev/null",
        ),
        (
            ["mondrian", "--qids", "age,sex", "--k", "5", "--db", "w.duckdb", "--output", "o"],
            "the summary has nowhere to go; pass --quiet, or send it to /dev/null",
        ),
        (["dbt-path"], "the package's path has nowhere to go"),
        (["cleanup", "--db", "old.duckdb"], "the list of what cleanup drops has nowhere to go; send it to /dev/null"),
    ],
)
def test_a_closed_standard_output_is_refused_before_any_work(tmp_path, command, said):
    """A standard output the shell closed (`>&-`; Python's sys.stdout is then None) ended the
    run, all its work done and its tables written, in a traceback (exit 1); `dbt-path` printed
    nothing and exited 0. Now one line, exit 2, before the database is opened."""
    import subprocess
    import sys

    cli = Path(sys.executable).with_name("privrisk-sql")
    duckdb.connect(str(tmp_path / "old.duckdb")).close()
    table = ["--table", str(FIXTURES / "mondrian" / "adult_2k.csv")] if command[0] in ("kanon", "mondrian") else []
    run = subprocess.run(
        ["bash", "-c", '"$0" "$@" >&-', str(cli), *command, *table],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    assert run.stderr == f"privrisk-sql: error: standard output is closed (>&-): {said}\n"
    assert run.returncode == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.duckdb"]  # no w.duckdb made


@pytest.mark.parametrize(
    "view,read,command",
    [
        (
            "v_from",
            "FROM '{data}'",
            ["mondrian", "--qids", "a", "--k", "2", "--keep", "b", "--output", "{out}", "--replace"],
        ),
        ("v_read", "FROM read_parquet('{data}')", ["kanon", "--qids", "a", "--json", "{out}"]),
        ("v_list", "FROM read_parquet(['{data}'])", ["cavg", "--qids", "a", "--k", "2", "--html", "{out}"]),
        ("v_rel", "FROM 'data.parquet'", ["risk", "--qids", "a", "--records", "{out}", "--key", "b", "--replace"]),
        ("v_of_v", "FROM v_from", ["risk", "--qids", "a", "--classes", "{out}", "--replace"]),
    ],
)
def test_an_output_file_a_view_of_the_input_reads_is_refused(tmp_path, capsys, monkeypatch, view, read, command):
    """A DuckDB view over a Parquet file, and that file as the output: `mondrian --db db.duckdb
    --table v --output data.parquet --replace` wrote the release over the file the view reads
    (exit 0; the input's rows were gone), as did --json, --html and risk's --records/--classes.
    Refused before any work now, naming the view and the path, also through a view of the view,
    a list of files, and a path relative to the working directory; the file is as it was."""
    monkeypatch.chdir(tmp_path)
    data = tmp_path / "data.parquet"
    duckdb.sql("SELECT i % 3 AS a, i AS b FROM range(20) t(i)").write_parquet(str(data))
    before = data.read_bytes()
    db = tmp_path / "db.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(f"CREATE VIEW v_from AS SELECT * FROM '{data}'")
        if view != "v_from":
            con.execute(f"CREATE VIEW {view} AS SELECT * {read.format(data=data)}")
    out = "data.parquet" if view == "v_rel" else str(data)
    args = [a.format(out=out) for a in command]
    assert main([args[0], "--db", str(db), "--table", view, *args[1:], "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    chain = "v_of_v -> v_from" if view == "v_of_v" else view
    assert f"is read by the input: {chain} -> " in err[0] and "writing it would destroy the input" in err[0]
    assert data.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.parquet", "db.duckdb"]


def test_an_output_file_a_pattern_of_the_input_reads_is_refused(tmp_path, capsys, monkeypatch):
    """A view over 'ds/*.parquet': a release written as ds/release.parquet would be read as part of
    the input next time. Refused; ds/release.csv, which the pattern does not match, is written;
    and a view's strings that name no file ('*', '.') refuse nothing in the working directory."""
    monkeypatch.chdir(tmp_path)
    ds = tmp_path / "ds"
    ds.mkdir()
    duckdb.sql("SELECT i % 3 AS a, i AS b FROM range(20) t(i)").write_parquet(str(ds / "part0.parquet"))
    db = tmp_path / "db.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute(f"CREATE VIEW v AS SELECT * FROM read_parquet('{ds}/*.parquet')")
        # strings that are no paths: '*', '?', '.' and '/' name no file an output could be
        con.execute("CREATE VIEW w AS SELECT a, b, '*' AS star, '?' AS q, '.' AS dot, '/' AS slash FROM v")
    base = ["mondrian", "--db", str(db), "--qids", "a", "--k", "2", "--keep", "b", "--quiet"]
    assert main([*base, "--table", "v", "--output", str(ds / "release.parquet")]) == 2
    err = capsys.readouterr().err
    assert f"would be read by the input: v -> '{ds}/*.parquet'; writing there would change the input" in err
    assert main([*base, "--table", "v", "--output", str(ds / "release.csv")]) == 0
    assert sorted(p.name for p in ds.iterdir()) == ["part0.parquet", "release.csv"]
    for name in ("star.parquet", "sub.csv"):
        assert main([*base, "--table", "w", "--output", str(tmp_path / name)]) == 0, capsys.readouterr().err


def test_a_python_output_file_a_view_of_the_input_reads_is_refused(tmp_path):
    """The same through the API: a Source on the database, the view, and output= its file; and a
    DuckDB relation that reads the file (con.read_parquet, or a query of the view), which wrote
    the release over it too."""
    data = tmp_path / "data.parquet"
    duckdb.sql("SELECT i % 3 AS a, i AS b FROM range(20) t(i)").write_parquet(str(data))
    before = data.read_bytes()
    con = duckdb.connect()
    con.execute(f"CREATE VIEW v AS SELECT * FROM '{data}'")
    with pytest.raises(pr.InvalidInputError, match="is read by the input: v -> "):
        pr.mondrian(pr.Source(con), "v", ["a"], 2, str(data), keep=["b"], replace=True)
    with pytest.raises(pr.InvalidInputError, match="is read by the input: v -> "):
        pr.kanon(pr.Source(con), "v", ["a"], html=str(data))
    for relation in (con.read_parquet(str(data)), con.sql("SELECT * FROM v")):
        with pytest.raises(pr.InvalidInputError, match="is read by the input: the DuckDB relation -> "):
            pr.mondrian(pr.Source(con), relation, ["a"], 2, str(data), keep=["b"], replace=True)
    assert data.read_bytes() == before
    assert pr.mondrian(pr.Source(con), con.read_parquet(str(data)), ["a"], 2, str(tmp_path / "r.parquet"), keep=["b"])
    assert pr.kanon(pr.Source(con), "v", ["a"], html=str(tmp_path / "page.html"))["k_anonymity"] == 6


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stop_while_a_json_pipe_waits_for_its_reader_ends_the_command(tmp_path, stop):
    """--json naming a named pipe that no process reads: open() waited for a reader after the
    run's work, where a stop is recorded so that the files get finished: the command hung for
    good, deaf to Ctrl-C and SIGTERM. Now the stop ends the wait, naming it (exit 3)."""
    os.mkfifo(tmp_path / "o.json")
    run = subprocess.Popen(
        [sys.executable, "-m", "privrisk_sql", "kanon", "--table", str(HAND / "ori.csv"), "--qids", "a,b"]
        + ["--json", "o.json", "--quiet"],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until_it_waits(run, IN_SLEEP)  # the work done, between tries to open the pipe
        run.send_signal(stop)
        _, err = run.communicate(timeout=30)
    finally:
        run.kill()
    assert run.returncode == 3 and f"{signal.Signals(stop).name} came while the command waited" in err, err


def test_a_json_pipe_whose_reader_starts_later_gets_the_json(tmp_path):
    os.mkfifo(tmp_path / "o.json")
    run = subprocess.Popen(
        [sys.executable, "-m", "privrisk_sql", "kanon", "--table", str(HAND / "ori.csv"), "--qids", "a,b"]
        + ["--json", "o.json", "--quiet"],
        cwd=tmp_path,
    )
    try:
        time.sleep(2)
        with open(tmp_path / "o.json", encoding="utf-8") as reader:
            got = json.load(reader)
        assert run.wait(timeout=60) == 0
    finally:
        run.kill()
    assert got["n_rows"] > 0


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--json", "r.html", "--html", "r.json"], "--json 'r.html' names a .html file, and --json writes JSON: did you "
                                                    "mean --html r.html?"),
        (["--html", "r.json"], "--html 'r.json' names a .json file, and --html writes an HTML page: did you mean "
                               "--json r.json?"),
        (["--html", "report.pdf"], "--html 'report.pdf' names a .pdf file, and --html writes an HTML page: name it "
                                   ".html"),
    ],
)  # fmt: skip
def test_a_page_or_json_named_as_another_kind_of_file_is_refused_before_work(tmp_path, monkeypatch, capsys, args, said):
    """The two options swapped wrote each into the other's name, exit 0; --html report.pdf a
    page no PDF viewer opens."""
    monkeypatch.chdir(tmp_path)
    assert mpuccs(*args) == 2
    assert capsys.readouterr().err.strip() == f"privrisk-sql: error: {said}"
    assert os.listdir(tmp_path) == []
