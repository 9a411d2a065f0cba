"""The command line: exit codes, messages that name the culprit, JSON shape."""

from __future__ import annotations

import gzip
import json
import os
import shlex
import signal
import subprocess
import sys

import duckdb
import pytest

import privrisk_sql as pr
from privrisk_sql.cli import main
from privrisk_sql.registry import BY_NAME, METRICS

from backends import FIXTURES

HAND = FIXTURES / "handcheck"
ORI, SYN = str(HAND / "ori.csv"), str(HAND / "syn.csv")


def run(capsys, *args):
    try:
        code = main(["mpuccs", *args])
    except SystemExit as e:  # argparse's refusals: the process's exit status all the same
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def test_summary_and_json(capsys, tmp_path):
    out_json = tmp_path / "r.json"
    code, out, err = run(capsys, "--ori", ORI, "--syn", SYN, "--json", str(out_json))
    assert code == 0
    assert "identification rate              0.800000" in out
    # no float or timestamp column: 'None / None' before, Python's spelling of nothing to round
    assert "  numeric / datetime precision     none / none   (decimals floats are rounded to" in out
    payload = json.loads(out_json.read_text())
    assert set(payload) == {"global", "details", "tree"}
    assert payload["global"]["config_n_cols"] == "None"
    assert payload["details"][0] == {
        "combo_size": 1,
        "syn_idx": 4,
        "field_combo": ["a"],
        "value_combo": ["z"],
        "ori_idx": 3,
    }
    assert payload["tree"][2]["base_combo"] == ["a"]


def test_json_dates_are_iso_strings_and_nulls_null(capsys, tmp_path):
    case = FIXTURES / "petsard" / "gen_gaps_ncols123"
    out_json = tmp_path / "r.json"
    code, _, _ = run(
        capsys,
        "--ori",
        str(case / "ori.csv"),
        "--syn",
        str(case / "syn.csv"),
        "--n-cols",
        "2",
        "--columns",
        "income,visit_date",
        "--nulls",
        "petsard",
        "--json",
        str(out_json),
    )
    assert code == 0
    values = [d["value_combo"] for d in json.loads(out_json.read_text())["details"]]
    assert any(v[0] is None for v in values)
    dates = [v[1] for v in values if v[1] is not None]
    assert dates and all(isinstance(d, str) and len(d) == 10 and d[4] == "-" for d in dates)


def test_n_cols_int_and_list(capsys, tmp_path):
    out_json = tmp_path / "r.json"
    assert run(capsys, "--ori", ORI, "--syn", SYN, "--n-cols", "2", "--json", str(out_json))[0] == 0
    assert json.loads(out_json.read_text())["global"]["config_n_cols"] == "2"
    assert run(capsys, "--ori", ORI, "--syn", SYN, "--n-cols", "1,3", "--json", str(out_json))[0] == 0
    g = json.loads(out_json.read_text())["global"]
    assert g["config_n_cols"] == "[1, 3]" and g["total_combinations_checked"] == 4


def test_n_cols_takes_a_range_as_a_run_writes_its_sizes(capsys, tmp_path):
    # A large run says "sizes 1-15"; that spelling was refused (exit 2, "expected an integer or
    # comma-separated integers"). A range is its sizes as a list, ends included.
    out_json = tmp_path / "r.json"
    listed = run(capsys, "--ori", ORI, "--syn", SYN, "--n-cols", "1,2,3", "--json", str(out_json))[0]
    expected = json.loads(out_json.read_text())
    for spelled in ("1-3", " 1 - 3", "1-2,3"):
        assert run(capsys, "--ori", ORI, "--syn", SYN, "--n-cols", spelled, "--json", str(out_json))[0] == listed == 0
        assert json.loads(out_json.read_text()) == expected, spelled
    assert run(capsys, "--ori", ORI, "--syn", SYN, "--n-cols", "1-1,3", "--json", str(out_json))[0] == 0
    assert json.loads(out_json.read_text())["global"]["config_n_cols"] == "[1, 3]"
    for bad, said in (("3-1", "from the smaller to the larger, got '3-1'"), ("0-2", "integers >= 1, got '0-2'")):
        with pytest.raises(SystemExit) as e:
            main(["mpuccs", "--ori", ORI, "--syn", SYN, "--n-cols", bad])
        assert e.value.code == 2 and said in capsys.readouterr().err


def test_sizes_above_column_count_warn_then_none_left_is_exit_2(capsys):
    code, _, err = run(capsys, "--ori", ORI, "--syn", SYN, "--n-cols", "1,7")
    assert code == 0 and "[7] exceed the 3 columns" in err
    code, _, err = run(capsys, "--ori", ORI, "--syn", SYN, "--n-cols", "4")
    assert code == 2 and "every size [4] exceeds the 3 columns; nothing to evaluate" in err
    # one column is a column ("exceeds the 1 columns" before)
    code, _, err = run(capsys, "--ori", ORI, "--syn", SYN, "--n-cols", "2", "--columns", "a")
    assert code == 2 and "every size [2] exceeds the 1 column; nothing to evaluate" in err
    # a misspelt empty_sizes= ran as "warn"
    with pytest.raises(pr.InvalidInputError, match="empty_sizes must be 'warn' or 'error', got 'erorr'"):
        pr.mpuccs(None, ORI, SYN, n_cols=[4], empty_sizes="erorr")
    code, _, err = run(capsys, "--ori", ORI, "--syn", SYN, "--n-cols", "1,2", "--columns", "a")
    assert code == 0 and "sizes [2] exceed the 1 column and are skipped" in err


def test_columns_select_and_order(capsys, tmp_path):
    out_json = tmp_path / "r.json"
    assert run(capsys, "--ori", ORI, "--syn", SYN, "--columns", "c,b", "--json", str(out_json))[0] == 0
    tree = json.loads(out_json.read_text())["tree"]
    # b has 3 distinct syn values, c has 2: priority b, c whatever the order given
    assert [t["field_combo"] for t in tree] == [["b"], ["c"], ["b", "c"]]


def test_fail_above_exits_1(capsys):
    code, _, err = run(capsys, "--ori", ORI, "--syn", SYN, "--fail-above", "0.5")
    assert code == 1 and "exceeds --fail-above 0.5" in err
    assert run(capsys, "--ori", ORI, "--syn", SYN, "--fail-above", "0.9")[0] == 0


def test_show_sql_prints_statements_to_stderr(capsys):
    code, out, err = run(capsys, "--ori", ORI, "--syn", SYN, "--show-sql")
    assert code == 0
    assert "CREATE TEMP TABLE" in err and "HAVING COUNT(*) = 2" in err
    assert "CREATE TEMP TABLE" not in out


@pytest.mark.parametrize(
    "args,needle",
    [
        (
            ["--ori", "nope.csv", "--syn", SYN],
            "table not found: 'nope.csv': neither a table of the database nor a CSV/Parquet file (no such file)",
        ),
        (["--ori", "missing_table", "--syn", SYN], "table not found: 'missing_table'"),
        (["--ori", ORI, "--syn", SYN, "--columns", "a,zz"], "column 'zz' not found"),
        # mpUCCs' numbers are refused by their option's name (the API's parameter names are not
        # what a CLI user typed), as every other command's are.
        (
            ["--ori", ORI, "--syn", SYN, "--renyi-alpha", "-1"],
            "argument --renyi-alpha: expected a number >= 0, got '-1'",
        ),
        (["--ori", ORI, "--syn", SYN, "--renyi-alpha", "nan"], "argument --renyi-alpha: expected a number >= 0"),
        (["--ori", ORI, "--syn", SYN, "--min-entropy-delta", "nan"], "argument --min-entropy-delta: expected a number"),
        (
            ["--ori", ORI, "--syn", SYN, "--field-decay-factor", "0"],
            "argument --field-decay-factor: expected a number in (0, 1], got '0'",
        ),
        (
            ["--ori", ORI, "--syn", SYN, "--field-decay-factor", "1.5"],
            "argument --field-decay-factor: expected a number in (0, 1], got '1.5'",
        ),
        (
            ["--ori", ORI, "--syn", SYN, "--datetime-precision", "week"],
            "argument --datetime-precision: 'week' is not a unit",
        ),
        (
            ["--ori", ORI, "--syn", SYN, "--numeric-precision", "11"],
            "argument --numeric-precision: expected an integer from 0 to 10, got '11'",
        ),
        (["--ori", ORI, "--syn", SYN, "--columns", "a,a"], "listed twice"),
    ],
)
def test_bad_input_exit_2_names_culprit(capsys, args, needle):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args", [["--n-cols", "two"], ["--renyi-alpha", "x"], ["--n-cols", "0"], ["--fail-above", "2"]]
)
def test_non_numeric_parameters_are_usage_errors(capsys, args):
    with pytest.raises(SystemExit) as e:
        main(["mpuccs", "--ori", ORI, "--syn", SYN, *args])
    assert e.value.code == 2


def test_different_column_sets(capsys, tmp_path):
    other = tmp_path / "syn.csv"
    other.write_text("a,b,d\nx,1,p\n")
    code, _, err = run(capsys, "--ori", ORI, "--syn", str(other))
    assert code == 2 and "(only in ori: 'c'; only in syn: 'd'): name the columns both have with --columns" in err
    other.write_text("a,b\nx,1\n")  # one side's list empty: not said ("only in syn []")
    code, _, err = run(capsys, "--ori", ORI, "--syn", str(other))
    assert code == 2 and "have different columns (only in ori: 'c'): name the columns" in err, err


def test_incompatible_types(capsys, tmp_path):
    other = tmp_path / "syn.csv"
    other.write_text("a,b,c\nx,one,p\ny,two,q\n")
    code, _, err = run(capsys, "--ori", ORI, "--syn", str(other))
    assert code == 2 and "column 'b' has incompatible types: BIGINT" in err and "VARCHAR" in err


def test_empty_syn_gives_rate_zero_with_warning(capsys, tmp_path):
    empty = tmp_path / "empty.csv"
    empty.write_text("a,b,c\n")
    code, out, err = run(capsys, "--ori", ORI, "--syn", str(empty), "--json", "-")
    assert code == 0 and "has no rows" in err
    assert json.loads(out)["global"]["identification_rate"] == 0.0


def test_unreachable_database_is_exit_3(capsys):
    code, _, err = run(capsys, "--db", "postgresql+psycopg://nobody@127.0.0.1:1/none", "--ori", "a", "--syn", "b")
    assert code == 3 and "cannot connect" in err


def test_json_layout_is_one_record_per_line_and_loads_back():
    from privrisk_sql.cli import _dumps

    payload = {
        "global": {"rate": 0.5, "config": [1, 2]},
        "details": [{"a": 1, "b": ["x", None]}, {"a": 2, "b": []}],
        "tree": [],
        "histogram": {"3": 4},
        "n": 7,
    }
    text = _dumps(payload)
    assert json.loads(text) == payload
    lines = text.splitlines()
    assert '    {"a": 1, "b": ["x", null]},' in lines and '    {"a": 2, "b": []}' in lines
    with pytest.raises(ValueError):
        _dumps({"details": [{"a": float("nan")}]})


def _command(*args, prelude="", timeout=120):
    # The console script's path (privrisk_sql.cli.run), in a fresh interpreter.
    code = f"{prelude}\nfrom privrisk_sql.cli import run\nrun({list(args)!r})"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)


def test_command_exit_keeps_exit_codes_atexit_handlers_and_output(tmp_path):
    # run() leaves by os._exit: exit codes, atexit handlers and the flushed stdout must be as a
    # normal exit gives them.
    ori, syn = "fixtures/adult/ori.csv", "fixtures/adult/syn.csv"
    prelude = "import atexit, sys\natexit.register(lambda: sys.stderr.write('handler ran\\n'))"
    ok = _command("mpuccs", "--ori", ori, "--syn", syn, "--n-cols", "1", "--json", "-", prelude=prelude)
    assert ok.returncode == 0 and ok.stderr.endswith("handler ran\n")
    assert json.loads(ok.stdout)["global"]["total_syn_records"] > 0 and len(ok.stdout) > 10_000
    over = _command(
        "mpuccs", "--ori", ori, "--syn", syn, "--n-cols", "1", "--fail-above", "0", "--quiet", prelude=prelude
    )
    assert over.returncode == 1 and "exceeds --fail-above" in over.stderr and over.stderr.endswith("handler ran\n")
    bad = _command("mpuccs", "--ori", str(tmp_path / "missing.csv"), "--syn", syn)
    assert bad.returncode == 2 and "missing.csv" in bad.stderr
    usage = _command("mpuccs", "--nope")
    assert usage.returncode == 2 and "(see privrisk-sql mpuccs --help)" in usage.stderr


@pytest.mark.parametrize("command", ["kanon", "mpuccs"])
def test_a_stdout_that_cannot_spell_a_name_writes_it_escaped(tmp_path, command):
    """PYTHONIOENCODING=ascii (or a locale of another code page) and a column 'séx': the summary
    ended in a traceback (UnicodeEncodeError, exit 1) after the run's work. Written as Python
    writes stderr (backslashreplace); JSON on standard output is ASCII anyway and loads back."""
    data = tmp_path / "données.csv"
    data.write_text("âge,séx\n1,a\n1,a\n2,b\n", encoding="utf-8")
    args = (
        ["--table", str(data), "--qids", "âge,séx"] if command == "kanon" else ["--ori", str(data), "--syn", str(data)]
    )
    code = f"from privrisk_sql.cli import run\nrun({[command, *args]!r} + __import__('sys').argv[1:])"
    for json_too in ([], ["--json", "-"]):
        out = subprocess.run(
            [sys.executable, "-c", code, *json_too],
            capture_output=True,
            env={**os.environ, "PYTHONIOENCODING": "ascii"},
            timeout=120,
        )
        assert out.returncode == 0 and b"Traceback" not in out.stderr, out.stderr.decode()
        assert out.stdout.isascii()
        if json_too:
            assert json.loads(out.stdout)
        else:
            assert b"\\xe2ge" in out.stdout or b"\\xe9" in out.stdout, out.stdout


def test_command_with_another_thread_running_exits_normally():
    # os._exit would kill a thread mid-work; with one still running, run() takes the normal exit,
    # which waits for it.
    prelude = (
        "import threading, time, sys\n"
        "threading.Thread(target=lambda: (time.sleep(0.5), sys.stderr.write('thread done\\n'))).start()"
    )
    out = _command("dbt-path", prelude=prelude)
    assert out.returncode == 0 and "thread done" in out.stderr and out.stdout.strip()


# A child that runs the command as its console script does ([project.scripts] in pyproject.toml),
# with a real SIGINT sent to itself when the named module starts to load: a Ctrl-C at that moment.
CTRL_C_WHILE_LOADING = """
import importlib, os, signal, sys, tomllib
signal.signal(signal.SIGINT, signal.default_int_handler)  # heard, as in a terminal (a background job ignores it)
loading, table = sys.argv[1:]
class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == loading:
            os.kill(os.getpid(), signal.SIGINT)
        return None
entry = tomllib.load(open("pyproject.toml", "rb"))["project"]["scripts"]["privrisk-sql"]
module, function = entry.split(":")
sys.meta_path.insert(0, CtrlC())
sys.argv = ["privrisk-sql", "mpuccs", "--ori", table, "--syn", table]
getattr(importlib.import_module(module), function)()
"""


@pytest.mark.parametrize(
    "loading",
    [
        "privrisk_sql.cli",  # the command's modules
        "privrisk_sql.metrics.mpuccs.command",  # building the parser
        "privrisk_sql.sql.dialects",  # parsing the arguments
    ],
)
def test_a_ctrl_c_while_the_command_loads_is_one_line(loading):
    """A Ctrl-C in a command's first ~50 ms (Python loading it) printed a traceback through the
    imports; later it was one line. Now one line too, and exit 3 as a Ctrl-C during work."""
    out = subprocess.run(
        [sys.executable, "-c", CTRL_C_WHILE_LOADING, loading, ORI], capture_output=True, text=True, timeout=60
    )
    assert out.stderr == "privrisk-sql: interrupted (Ctrl-C) before any work: nothing was read or written\n"
    assert out.returncode == 3 and out.stdout == ""


# A child in which Python swallows a Ctrl-C: a KeyboardInterrupt raised in a weakref callback as
# the named module loads ("Exception ignored in"), as CPython does in its own import machinery;
# or the stop a SIGHUP raises there (a TerminatedError whose text does not name its signal).
CTRL_C_SWALLOWED = """
import gc, importlib, signal, sys, tomllib, weakref
from privrisk_sql.errors import TerminatedError
signal.signal(signal.SIGINT, signal.default_int_handler)  # heard, as in a terminal (a background job ignores it)
loading, ori, syn, stop = sys.argv[1:]
class Swallow:
    def find_spec(self, name, path=None, target=None):
        if name == loading:
            class Thing: pass
            thing = Thing()
            def callback(ref):
                if stop == "sighup":
                    raise TerminatedError("terminated", signum=signal.SIGHUP)
                raise KeyboardInterrupt
            keep = weakref.ref(thing, callback)
            del thing  # the callback runs here; Python prints and drops its exception
        return None
entry = tomllib.load(open("pyproject.toml", "rb"))["project"]["scripts"]["privrisk-sql"]
module, function = entry.split(":")
sys.meta_path.insert(0, Swallow())
sys.argv = ["privrisk-sql", "mpuccs", "--ori", ori, "--syn", syn, "--n-cols", "1"]
getattr(importlib.import_module(module), function)()
"""


@pytest.mark.parametrize("loading", ["privrisk_sql.metrics.mpuccs.command", "privrisk_sql.metrics.mpuccs.driver"])
def test_a_ctrl_c_python_swallows_is_sent_again_and_stops_the_command(loading):
    """A Ctrl-C that Python swallowed while loading a module was a traceback ("Exception ignored
    in ...") and the command ran on to its end (exit 0), as if no Ctrl-C had come."""
    out = subprocess.run(
        [sys.executable, "-c", CTRL_C_SWALLOWED, loading, ORI, SYN, "ctrl-c"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 3 and out.stdout == "", out.stderr
    # before any work or during it, as the Ctrl-C sent again lands
    assert out.stderr.startswith("privrisk-sql: interrupted (Ctrl-C)") and len(out.stderr.splitlines()) == 1, out.stderr


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this platform")
def test_a_swallowed_stop_is_sent_again_as_the_signal_it_came_as():
    """The stop is sent again as its TerminatedError's ``signum`` says (SIGHUP here), not as its
    text reads (until 2026-12-01 the hook looked for 'SIGHUP' in it)."""
    out = subprocess.run(
        [sys.executable, "-c", CTRL_C_SWALLOWED, "privrisk_sql.metrics.mpuccs.driver", ORI, SYN, "sighup"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 3 and out.stdout == "", out.stderr
    assert out.stderr.startswith("privrisk-sql: terminated (SIGHUP)") and len(out.stderr.splitlines()) == 1, out.stderr


# A child in which a real SIGINT arrives while DuckDB's C module creates its enums (nanobind
# calls Python's enum there): a Ctrl-C at that moment of `import duckdb`.
CTRL_C_IN_DUCKDB_SET_UP = """
import enum, os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # heard, as in a terminal (a background job ignores it)
original = enum.EnumType.__call__
def call(cls, value, *args, **kwargs):
    if value == "PythonUDFType":
        os.kill(os.getpid(), signal.SIGINT)
    return original(cls, value, *args, **kwargs)
enum.EnumType.__call__ = call
if sys.argv[1] == "library":
    import privrisk_sql as pr
    try:
        pr.connect()
    except KeyboardInterrupt:
        print("KeyboardInterrupt")
    pr.connect().execute("SELECT 1")  # DuckDB loaded whole all the same
    print("connected")
else:
    from privrisk_sql.cli import run
    run(["mpuccs", "--ori", sys.argv[2], "--syn", sys.argv[3]])
"""


@pytest.mark.parametrize("caller", ["command", "library"])
def test_a_ctrl_c_while_duckdb_loads_stops_the_run_without_aborting_the_process(caller):
    """A Ctrl-C in DuckDB's C set-up ("Critical nanobind error") aborted the process: SIGABRT, a
    traceback, a core dump where allowed; in a notebook, the kernel died. It is held until DuckDB
    is loaded, then stops the run as a Ctrl-C does."""
    out = subprocess.run(
        [sys.executable, "-c", CTRL_C_IN_DUCKDB_SET_UP, caller, ORI, SYN], capture_output=True, text=True, timeout=60
    )
    assert "nanobind" not in out.stderr
    if caller == "library":
        assert out.returncode == 0 and out.stdout.split() == ["KeyboardInterrupt", "connected"], out.stderr
    else:
        assert out.returncode == 3 and out.stderr.startswith("privrisk-sql: interrupted (Ctrl-C)")
        assert len(out.stderr.splitlines()) == 1


# Python's import lock held by the main thread, as a Ctrl-C that CPython swallows in its import
# machinery leaves it (KeyboardInterrupt inside the weakref callback of _get_module_lock:
# "Exception ignored in ... cb").
IMPORT_LOCK_LEFT_HELD = "import _imp\n_imp.acquire_lock()"


@pytest.mark.parametrize("suffix", [".csv", ".csv.gz"])
def test_a_command_finishes_with_the_import_lock_left_held_by_a_swallowed_ctrl_c(tmp_path, suffix):
    """A Ctrl-C at the wrong moment of an import (random SIGINTs in a command's first 50 ms, 2 of
    200 runs) hung the command for ever, deaf to Ctrl-C and SIGTERM: the CSV sniff threads' first
    `import gzip` waited for the lock, the main thread for them. The inputs are sniffed in turn
    while the lock is held."""
    ori, syn = tmp_path / f"ori{suffix}", tmp_path / f"syn{suffix}"
    for path, source in ((ori, ORI), (syn, SYN)):
        data = open(source, "rb").read()
        path.write_bytes(gzip.compress(data) if suffix.endswith(".gz") else data)
    json_out = tmp_path / "r.json"
    args = ("--ori", str(ori), "--syn", str(syn), "--n-cols", "1", "--json", str(json_out), "--quiet")
    out = _command("mpuccs", *args, prelude=IMPORT_LOCK_LEFT_HELD, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(json_out.read_text())["global"]["total_syn_records"] > 0


@pytest.mark.parametrize(
    "command",
    [
        ["mpuccs", "--ori", "t", "--syn", "t"],
        ["cavg", "--table", "t", "--qids", "a", "--k", "2"],
        ["kanon", "--table", "t", "--qids", "a"],
    ],
)
@pytest.mark.parametrize("db", ["{dir}/typo.duckdb", "duckdb:///{dir}/typo.duckdb", "sqlite:///{dir}/typo.db"])
def test_reading_command_refuses_a_missing_database_file_and_creates_none(capsys, tmp_path, command, db):
    """A typo in --db must not leave an empty database file behind (DuckDB and SQLite would
    create one on connect) nor end in a puzzling 'table not found'."""
    db = db.format(dir=tmp_path)
    code = main([*command, "--db", db])
    err = capsys.readouterr().err
    assert code == 2
    assert f"database file not found: '{tmp_path}/typo." in err
    assert list(tmp_path.iterdir()) == []


def test_mondrian_may_create_the_database_it_writes_to(capsys, tmp_path):
    db = tmp_path / "new.duckdb"
    code = main(
        [
            "mondrian",
            "--db",
            str(db),
            "--table",
            str(FIXTURES / "mondrian" / "adult_2k.csv"),
            "--qids",
            "age",
            "--k",
            "10",
            "--output",
            "anon",
            "--keep",
            "*",
        ]
    )
    assert code == 0, capsys.readouterr().err
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT COUNT(*) FROM anon").fetchone()[0] == 2000


def test_mondrian_labels_only_writes_labels_and_kanon_reads_them(capsys, tmp_path):
    """--labels-only: per QID the label alone; the release it writes is k-anonymous on its labels."""
    db = tmp_path / "new.duckdb"
    args = ["mondrian", "--db", str(db), "--table", str(FIXTURES / "mondrian" / "adult_2k.csv")]
    args += ["--qids", "age,sex", "--k", "10", "--output", "anon", "--keep", "", "--labels-only", "--quiet"]
    assert main(args) == 0, capsys.readouterr().err
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        assert [r[0] for r in con.execute("DESCRIBE anon").fetchall()] == ["partition_id", "age_gen", "sex_gen"]
    kanon = ["kanon", "--db", str(db), "--table", "anon", "--qids", "age_gen,sex_gen", "--json", "-"]
    assert main(kanon) == 0
    assert json.loads(capsys.readouterr().out)["k_anonymity"] >= 10


def test_a_typo_in_a_file_suffix_names_both_readings(capsys, tmp_path, monkeypatch):
    """cps1988.cvs said 'table not found' while a missing .csv said 'file not found': one message,
    both readings, and why the file was not read."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cps1988.cvs").write_text("a,b\n1,2\n")
    code = main(["cavg", "--table", "cps1988.cvs", "--qids", "a", "--k", "2"])
    err = capsys.readouterr().err
    assert code == 2
    assert "table not found: 'cps1988.cvs': neither a table of the database nor a CSV/Parquet file" in err
    assert "a file of that name exists, but only" in err and ".csv" in err


@pytest.mark.parametrize("suffix, said", [(".zst", "zstd"), (".bz2", "bzip2"), (".xz", "xz"), (".zip", "zip")])
def test_a_csv_compressed_other_than_with_gzip_says_how_to_read_it(capsys, tmp_path, monkeypatch, suffix, said):
    """A .csv.zst was 'only .csv, .parquet, .pq, .tsv, .txt files are read', silent on .gz,
    which is read."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / f"people.csv{suffix}").write_bytes(b"\x28\xb5\x2f\xfd")
    assert main(["cavg", "--table", f"people.csv{suffix}", "--qids", "a", "--k", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(
        f"files are read, and those compressed with gzip (.gz): decompress this {said} file, or recompress it with gzip)"
    )
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("command", ["cavg", "kanon"])
def test_quiet_on_every_reading_command(capsys, command):
    args = [command, "--table", ORI, "--qids", "a", "--quiet"] + (["--k", "2"] if command == "cavg" else [])
    assert main(args) == 0
    assert capsys.readouterr().out == ""


def test_mondrian_does_not_offer_read_only(capsys):
    with pytest.raises(SystemExit):
        main(["mondrian", "--help"])
    assert "--read-only" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "args,needle",
    [
        (
            ["cavg", "--table", ORI, "--qids", "a", "--k", "2", "--fail-above", "nan"],
            "expected a finite number, got 'nan'",
        ),
        (["cavg", "--table", ORI, "--qids", "a", "--k", "x"], "argument --k"),
        (["kanon", "--table", ORI], "the following arguments are required: --qids"),
        (["nosuch"], "invalid choice: 'nosuch'"),
    ],
)
def test_usage_errors_are_one_line_naming_the_culprit(capsys, args, needle):
    """argparse's errors ran to 4-11 lines (usage first); cavg --fail-above nan was accepted."""
    with pytest.raises(SystemExit) as e:
        main(args)
    err = capsys.readouterr().err
    assert e.value.code == 2
    assert len(err.strip().splitlines()) == 1 and needle in err and err.startswith("privrisk-sql: error: ")


@pytest.mark.parametrize("value", ["-1e-3", "-1E3", "-inf", "-Infinity", "-.5", "-2."])
def test_a_negative_number_in_any_spelling_float_reads_is_a_value(capsys, tmp_path, value):
    """`--min-entropy-delta -1e-3` (or -inf) was "expected one argument": argparse took it for an
    option, where -1 and -.5 were values."""
    out = tmp_path / "r.json"
    code, _, err = run(capsys, "--ori", ORI, "--syn", SYN, "--min-entropy-delta", value, "--json", str(out), "--quiet")
    assert code == 0, err
    assert float(json.loads(out.read_text())["global"]["config_min_entropy_delta"]) == float(value)  # inf as text


@pytest.mark.parametrize(
    ("args", "way_out"),
    [
        (["kanon", "--table", ORI, "--qids", "-a"], "written --qids=-a"),
        (["mpuccs", "--ori", ORI, "--syn", SYN, "--min-entropy", "-x"], "written --min-entropy-delta=-x"),
    ],
)
def test_a_value_starting_with_a_dash_is_refused_with_the_way_to_write_it(capsys, args, way_out):
    with pytest.raises(SystemExit) as e:
        main(args)
    err = capsys.readouterr().err
    assert e.value.code == 2 and len(err.strip().splitlines()) == 1
    assert "expected one argument (a value starting with '-' is " + way_out in err


def test_a_line_break_in_a_name_keeps_the_message_on_one_line(capsys):
    code = main(["cavg", "--table", ORI, "--qids", "a\nb", "--k", "2"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "'a\\nb'" in err


def test_summaries_explain_their_numbers(capsys, tmp_path):
    """kanon with several sensitive columns printed a 400-character JSON line per metric; CAVG < 1
    and recursive c = null went unexplained; the same table as --ori and --syn got no warning."""
    adult = str(FIXTURES / "mondrian" / "adult_2k.csv")
    assert main(["kanon", "--table", adult, "--qids", "age,sex", "--sensitive", "income,race", "--k", "5"]) == 0
    out = capsys.readouterr().out
    assert "{" not in out  # no JSON in the summary
    line = next(x for x in out.splitlines() if x.strip().startswith("t-closeness"))
    assert len(line.split()) >= 4  # label, one value per sensitive column, and what it means
    assert "c undefined" in out and "undefined when l = 1" in out
    assert main(["cavg", "--table", adult, "--qids", "age,sex,race,workclass", "--k", "20"]) == 0
    assert "the table is not 20-anonymous" in capsys.readouterr().out
    assert main(["mpuccs", "--ori", ORI, "--syn", SYN]) == 0
    out = capsys.readouterr().out
    assert "uniques: its value combinations that occur once in the synthetic table" in out
    assert main(["mpuccs", "--ori", ORI, "--syn", str(HAND / "." / "ori.csv")]) == 0
    assert "is given as both ori and syn" in capsys.readouterr().err


@pytest.mark.parametrize(
    "db",
    [
        "postgresql+nosuchdriver://alice:S3cretPW@127.0.0.1:1/db",
        "postgresql+psycopg://alice@127.0.0.1:1/db?password=S3cretPW",
        "postgresql+psycopg://alice:S3cretPW@127.0.0.1:1/db?connect_timeout=1",
        "mysql+pymysql://alice:S3cretPW@127.0.0.1:1/db?charset=utf8mb4&passwd=S3cretPW",
        "postgres://alice:S3cretPW@127.0.0.1:1/db",
        "postgresql://alice:S3cretPW@[::1:1/db",
    ],
)
def test_no_message_carries_a_password(capsys, db):
    """'cannot use database URL postgresql+nosuchdriver://alice:S3cretPW@...' was printed raw, and
    ?password= was not masked (issue 41, defect 16): whatever the URL's shape, *** instead."""
    code = main(["cavg", "--table", "t", "--qids", "a", "--k", "2", "--db", db, "--timeout", "5"])
    err = capsys.readouterr().err
    assert code in (2, 3) and err.count("\n") == 1, err
    assert "S3cretPW" not in err and "***" in err, err
    if db.startswith("postgres://"):
        assert "postgresql://" in err  # what SQLAlchemy calls it


@pytest.mark.parametrize(
    "db, said",
    [
        # a database privrisk_sql has no SQL for: "No module named 'oracledb'", and once the driver
        # was installed, a connection made only to be refused as an unknown dialect
        ("oracle://alice:S3cretPW@127.0.0.1:1/db", "privrisk_sql has no SQL for oracle; it runs on DuckDB, SQLite"),
        ("mssql+pyodbc://alice@127.0.0.1:1/db", "privrisk_sql has no SQL for mssql;"),
        ("snowflake://acct/db", "privrisk_sql has no SQL for snowflake;"),
        # a supported one whose default driver is not installed: name the one that is
        (
            "mysql://alice@127.0.0.1:1/db",
            "No module named 'MySQLdb' (a driver not installed: name one that is, mysql+pymysql://user@host/db)",
        ),
        (
            "postgresql+pg8000://alice@127.0.0.1:1/db",
            "(a driver not installed: name one that is, postgresql+psycopg://",
        ),
    ],
)
def test_a_url_privrisk_cannot_use_says_what_it_can(capsys, db, said):
    assert main(["cavg", "--table", "t", "--qids", "a", "--k", "2", "--db", db]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"privrisk-sql: error: cannot use database URL '{db.replace('S3cretPW', '***')}': ")
    assert said in err and err.count("\n") == 1


def test_control_characters_in_names_never_reach_the_terminal(tmp_path, capsys):
    """Column names holding ESC/BEL sequences were printed raw by the kanon, cavg and Mondrian
    summaries (issue 41, defect 17): they could clear the screen or retitle the terminal."""
    db = tmp_path / "esc.duckdb"
    clear, bell = "a\x1b[2Jb", "t\x1b]0;pwned\x07"
    with duckdb.connect(str(db)) as con:
        con.execute(f'CREATE TABLE t ("{clear}" INTEGER, "{bell}" INTEGER, s VARCHAR)')
        con.execute("INSERT INTO t SELECT i % 3, i % 2, 'x' || (i % 4) FROM range(40) r(i)")
    for args in (
        ["kanon", "--sensitive", "s", "--k", "2"],
        ["cavg", "--k", "2"],
        ["risk"],
        ["mondrian", "--k", "2", "--output", "out"],
    ):
        assert main([args[0], "--table", "t", "--qids", f"{clear},{bell}", "--db", str(db), *args[1:]]) == 0
        out, err = capsys.readouterr()
        assert "\x1b" not in out + err and "\x07" not in out + err, args[0]
        assert "\\x1b" in out, args[0]  # shown escaped


@pytest.mark.parametrize(
    "args",
    [
        ["kanon", "--db", "a.duckdb", "--table", "t", "--qids", "a", "--db", "b.duckdb"],
        ["mondrian", "--table", "t", "--table", "u", "--qids", "a", "--k", "2", "--output", "o", "--db", "x.duckdb"],
        ["cavg", "--table", "t", "--qids", "a", "--k", "2", "--k", "3"],
    ],
)
def test_a_single_valued_option_given_twice_is_refused(args, capsys, tmp_path, monkeypatch):
    """A repeated --db silently took the last value (issue 40): exit 2, one line naming it."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as e:
        main(args)
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    repeated = next(a for a in args if a.startswith("--") and args.count(a) == 2)
    assert f"{repeated} given twice" in err and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_repeatable_options_stay_repeatable(tmp_path, capsys):
    adult = str(FIXTURES / "mondrian" / "adult_2k.csv")
    assert (
        main(
            [
                "mondrian",
                "--db",
                str(tmp_path / "w.duckdb"),
                "--table",
                adult,
                "--qids",
                "age,race,sex",
                "--k",
                "5",
                "--keep",
                "id",
                "--order",
                "sex=Female,Male",
                "--order",
                "race=White,Black,Asian-Pac-Islander,Amer-Indian-Eskimo,Other",
                "--output",
                "o",
                "--quiet",
            ]
        )
        == 0
    )


@pytest.mark.parametrize(
    "text,parts",
    [
        ("a,b", ["a", "b"]),
        (" a , b ", ["a", "b"]),
        ('"Some college, no degree",HS-grad', ["Some college, no degree", "HS-grad"]),
        ('x, "New York, NY" ,z', ["x", "New York, NY", "z"]),
        ('" edge ",b', [" edge ", "b"]),
        ('"say ""hi"""', ['say "hi"']),
        ('a"b,c', ['a"b', "c"]),  # a quote inside a part is a character of it
    ],
)
def test_comma_separated_options_take_a_quoted_part_as_it_is(text, parts):
    from privrisk_sql.cli.arguments import comma_separated

    assert comma_separated(text) == parts


def _cli_main(capsys, *args):
    try:
        code = main(list(args))
    except SystemExit as e:  # argparse's own refusals
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("text", ['"open', '"a"b', "a,,b", ""])
def test_malformed_name_lists_are_refused(text, capsys):
    code, _, err = _cli_main(capsys, "kanon", "--table", ORI, "--qids", text)
    assert code == 2 and "--qids" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("age,sex,", "after the last comma (after 'sex')"),
        ("age,,sex", "between 'age' and 'sex'"),
        (",age", "before the first comma"),
        ("age, ,sex", "between 'age' and 'sex'"),
    ],
)
def test_an_empty_name_in_a_list_is_placed_by_its_neighbours(text, where, capsys):
    # "expected comma-separated names, got 'age,sex,'" left the user to find the stray comma.
    code, _, err = _cli_main(capsys, "kanon", "--table", ORI, "--qids", text)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert f"a name is empty {where}" in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["mondrian", "--output", "o", "--k", "2", "--read-only"],
            "--read-only (an option of mpuccs, cavg, kanon, risk, not of mondrian) (see privrisk-sql mondrian --help)",
        ),
        (["risk", "--treshold", "0.1"], "--treshold 0.1 (did you mean --threshold?) (see privrisk-sql risk --help)"),
        (["mpuccs", "--n_cols", "2"], "--n_cols 2 (did you mean --n-cols?) (see privrisk-sql mpuccs --help)"),
        (["kanon", "--quasi", "x"], "--quasi x (see privrisk-sql kanon --help)"),  # no word far from any option
        (["kanon", "stray"], "stray (see privrisk-sql kanon --help)"),
    ],
)
def test_an_unrecognized_option_points_to_the_commands_help_and_the_option_meant(args, said, capsys):
    # argparse said "unrecognized arguments: --treshold 0.1 (see privrisk-sql --help)": the
    # top-level help, which lists no option of the command, and no word of the typo.
    command, *rest = args
    mpuccs = command == "mpuccs"
    table = ["--ori", ORI, "--syn", ORI] if mpuccs else ["--table", ORI, "--qids", "a"]
    code, _, err = _cli_main(capsys, command, *table, *rest)
    assert code == 2 and err.strip() == f"privrisk-sql: error: unrecognized arguments: {said}"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["kanon", "--tabel", ORI, "--qids", "a"],
            "--table; --tabel is not an option of kanon (did you mean --table?)",
        ),
        (["risk", "--table", ORI, "--qdis=a"], "--qids; --qdis is not an option of risk (did you mean --qids?)"),
        (["mpuccs", "--ori", ORI, "--sny", ORI], "--syn; --sny is not an option of mpuccs (did you mean --syn?)"),
        (["kanon", "--tab", ORI, "--quasi", "a"], "--qids; --quasi is not an option of kanon"),  # --tab: --table's
        (["kanon", "--tab", ORI], "--qids"),  # an abbreviation argparse takes is no typo
    ],
)
def test_a_misspelt_required_option_is_named_beside_the_missing_one(args, said, capsys):
    # argparse checks the required options first: `kanon --tabel t.csv` said only "the following
    # arguments are required: --table", leaving the user to find the typo.
    code, _, err = _cli_main(capsys, *args)
    command = args[0]
    assert code == 2 and err.strip() == (
        f"privrisk-sql: error: the following arguments are required: {said} (see privrisk-sql {command} --help)"
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["kanon", "--t", "0.2"], "--t could match --table, --timeout; --t is an option of mondrian, not of kanon"),
        (["kanon", "--t=0.2"], "--t=0.2 could match --table, --timeout; --t is an option of mondrian, not of kanon"),
        (["kanon", "--s", "x"], "--s could match --show-sql, --sensitive, --show-values"),  # no command's: as before
    ],
)
def test_an_ambiguous_option_that_is_another_commands_says_whose(args, said, capsys):
    # Mondrian's --t and --l are kanon's --max-t and --min-l: `kanon --t 0.2` said only "ambiguous
    # option: --t could match --table, --timeout", no word of the command that has it.
    code, _, err = _cli_main(capsys, *args[:1], "--table", ORI, "--qids", "a", *args[1:])
    assert code == 2 and err.strip() == f"privrisk-sql: error: ambiguous option: {said} (see privrisk-sql kanon --help)"


@pytest.mark.parametrize("args", [[], ["--quiet"]])
def test_no_command_lists_the_commands(args, capsys):
    # argparse said "the following arguments are required: command", naming none of them.
    code, _, err = _cli_main(capsys, *args)
    assert code == 2 and err.strip() == (
        "privrisk-sql: error: name a command: mpuccs, cavg, kanon, mondrian, risk, cleanup, dbt-path "
        "(see privrisk-sql --help)"
    )


def test_an_order_value_and_a_column_name_holding_a_comma(tmp_path, capsys):
    # --order split "Some college, no degree" in two and refused the run (value not in the order);
    # a column named "zip, city" could not be named at all.
    rows = ['id,"zip, city",education']
    levels = ["HS-grad", "Some college, no degree", "Bachelors"]
    rows += [f'{i},"{90000 + i % 3}, X","{levels[i % 3]}"' for i in range(60)]
    (tmp_path / "t.csv").write_text("\n".join(rows) + "\n")
    db = tmp_path / "w.duckdb"
    order = 'education=HS-grad,"Some college, no degree",Bachelors'
    table = str(tmp_path / "t.csv")
    code, _, err = _cli_main(
        capsys,
        "mondrian",
        "--db",
        str(db),
        "--table",
        table,
        "--qids",
        'education,"zip, city"',
        "--k",
        "10",
        "--output",
        "o",
        "--identifiers",
        "id",
        "--order",
        order,
        "--quiet",
    )
    assert code == 0, err
    got = duckdb.connect(str(db)).execute("SELECT DISTINCT education_lo, education_hi FROM o ORDER BY 1").fetchall()
    assert {v for row in got for v in row} <= set(levels) and "Some college, no degree" in {
        v for row in got for v in row
    }


def test_no_details_writes_global_and_tree_only(tmp_path, capsys):
    """--no-details: the JSON holds what the run counted (global, tree), not one record per
    identification with its values; the same global and tree as a full run; the page still counts
    identifications by size. --html-values would need the records: refused before any work."""
    adult = [str(FIXTURES / "adult" / n) for n in ("ori.csv", "syn.csv")]
    base = ["mpuccs", "--ori", adult[0], "--syn", adult[1], "--columns", "age,sex,race,education", "--n-cols", "1,2"]
    full, counted, page = tmp_path / "full.json", tmp_path / "counted.json", tmp_path / "r.html"
    assert _cli_main(capsys, *base, "--json", str(full))[0] == 0
    code, out, _ = _cli_main(capsys, *base, "--json", str(counted), "--no-details", "--html", str(page))
    assert code == 0 and "identification rate" in out
    a, b = json.loads(full.read_text()), json.loads(counted.read_text())
    assert sorted(b) == ["global", "tree"] and a["global"] == b["global"] and a["tree"] == b["tree"]
    assert a["details"] and b["global"]["total_identified"] > 0
    by_size = {s: sum(1 for d in a["details"] if d["combo_size"] == s) for s in (1, 2)}
    html = page.read_text()
    assert all(f"identified: {n}" in html for n in by_size.values() if n), by_size
    code, _, err = _cli_main(capsys, *base, "--no-details", "--html", str(tmp_path / "v.html"), "--html-values")
    assert code == 2 and "--no-details" in err and not (tmp_path / "v.html").exists()


def test_python_dash_m_privrisk_sql_is_the_command():
    """`python -m privrisk_sql` (a kernel's environment, its scripts not on the PATH) said "is a
    package and cannot be directly executed"; it runs the command as `privrisk-sql` does."""
    r = subprocess.run(
        [sys.executable, "-m", "privrisk_sql", "mpuccs", "--ori", ORI, "--syn", SYN, "--json", "-", "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["global"] == json.loads(_cli_json(ORI, SYN))["global"]
    bad = subprocess.run([sys.executable, "-m", "privrisk_sql", "kanon"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.startswith("privrisk-sql: error: the following arguments are required")


def _cli_json(ori: str, syn: str) -> str:
    """What `privrisk-sql mpuccs --json -` prints, run in this process."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["mpuccs", "--ori", ori, "--syn", syn, "--json", "-", "--quiet"]) == 0
    return out.getvalue()


@pytest.mark.parametrize("name", [m.name for m in METRICS])
def test_each_commands_help_says_what_it_does_and_its_example_runs(name, tmp_path, monkeypatch, capsys):
    """`privrisk-sql kanon --help` listed options alone: no line of what the command does and no
    example. The example shown is run here, on Adult's pair (real.csv and synthetic.csv)."""
    metric = BY_NAME[name]
    with pytest.raises(SystemExit):
        main([name, "--help"])
    shown = capsys.readouterr().out
    assert f"\n{metric.help}.\n" in shown
    assert shown.rstrip().endswith(f"example:\n  {metric.example}")
    (tmp_path / "real.csv").write_bytes((FIXTURES / "adult" / "ori.csv").read_bytes())
    (tmp_path / "synthetic.csv").write_bytes((FIXTURES / "adult" / "syn.csv").read_bytes())
    monkeypatch.chdir(tmp_path)
    argv = shlex.split(metric.example)
    assert argv[:2] == ["privrisk-sql", name]
    assert main(argv[1:]) == 0
    assert "error" not in capsys.readouterr().err


@pytest.mark.parametrize("db", ["local[0]", "local[abc]", "local[2", "local[-1]", "local[*,0x]", "local[2]x"])
def test_a_malformed_local_spark_master_is_bad_input_before_any_jvm(capsys, db):
    """`--db 'local[0]'` or a typo in it started a Spark JVM (7 s) for Spark to refuse it, then
    exit 3, "database error": a bad --db is bad input, said before anything starts."""
    assert main(["cavg", "--table", "t.csv", "--qids", "a", "--k", "2", "--db", db]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"privrisk-sql: error: --db {db!r}: ") and err.count("\n") == 1
    assert "local[N]" in err  # Spark's own refusal came after its JVM's start, exit 3


@pytest.mark.parametrize("kind", ["int", "float", "timestamp"])
@pytest.mark.parametrize("side", ["ori", "syn"])
def test_a_csv_column_empty_in_every_row_takes_the_other_sides_type(tmp_path, kind, side):
    """A CSV column empty in every row is text to DuckDB's sniffer (it has no value to type it
    by): mpUCCs refused the pair ("column 'x' has incompatible types: BIGINT ... VARCHAR", exit
    2), where pandas (PETsARD) reads the column as missing values. Its NULLs now take the other
    side's type: the result equals that of the pair whose empty column is typed (Parquet)."""
    import datetime as dt
    import warnings

    import pandas as pd

    import privrisk_sql as pr

    n = 300
    values = {
        "int": pd.array([i % 7 for i in range(n)], dtype="Int64"),
        "float": pd.array([i % 11 * 0.25 for i in range(n)], dtype="Float64"),
        "timestamp": pd.Series([dt.datetime(2020, 1, 1) + dt.timedelta(hours=i % 13) for i in range(n)]).astype(
            "datetime64[us]"
        ),
    }[kind]
    full = pd.DataFrame(
        {"a": [i % 5 for i in range(n)], "u": [i if i < 30 else 1000 + i % 100 for i in range(n)], "x": values}
    )
    nothing = full.assign(x=pd.Series([None] * n, dtype=full["x"].dtype))
    full.to_csv(tmp_path / "full.csv", index=False)
    nothing.to_csv(tmp_path / "empty.csv", index=False)
    nothing.to_parquet(tmp_path / "typed.parquet", index=False)
    assert duckdb.execute("DESCRIBE SELECT x FROM read_csv(?)", [str(tmp_path / "empty.csv")]).fetchall()[0][1] == (
        "VARCHAR"
    )
    full_csv, empty_csv, typed = (str(tmp_path / f) for f in ("full.csv", "empty.csv", "typed.parquet"))
    got_pair, want_pair = (
        ((empty_csv, full_csv), (typed, full_csv)) if side == "ori" else ((full_csv, empty_csv), (full_csv, typed))
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "column 'x' is NULL in every row", when syn's is
        got = pr.mpuccs(None, *got_pair).to_dict()
        want = pr.mpuccs(None, *want_pair).to_dict()
    assert got == want
    assert got["global"]["total_identified"] > 0
