"""--timeout and Ctrl-C on every backend: the statement running is cancelled on the database, the
command exits 3 with a clear message, and no TEMP table or output table remains.

The inputs are views over 10^9 rows (Spark: 10^11; ten seconds or more per statement on every
backend), so a run that ends within the 0.5 s timeout (Spark: 5 s) was cancelled mid-statement;
QueryTimeoutError also says so.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import uuid

import duckdb
import pytest

import privrisk_sql as pr

from backends import SLOW_ROWS, mondrian_keeping_all, server_url

# A cancellation that does not work ends the suite with a stack dump (a thread can stop a process
# blocked in C; a signal cannot) instead of hanging CI until a minute-long statement ends.
pytestmark = pytest.mark.timeout(120, method="thread")

COMMANDS = {
    "mpuccs": lambda src, t: pr.mpuccs(src, t, t),
    "cavg": lambda src, t: pr.cavg(src, t, ["q1", "q2"], 2),
    "kanon": lambda src, t: pr.kanon(src, t, ["q1"], ["q2"], 2),
    "mondrian": lambda src, t: mondrian_keeping_all(src, t, ["q1", "q2"], 2, t + "_out"),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_timeout_cancels_the_running_statement(backend, command):
    view = f"slow_{uuid.uuid4().hex[:12]}"
    backend.create_slow_view(view)
    src = backend.source()
    src.timeout = backend.quick_timeout
    with pytest.raises(pr.QueryTimeoutError, match=rf"timeout: stopped after {backend.quick_timeout:g} s") as info:
        COMMANDS[command](src, view)
    assert info.value.cancelled_running_statement  # the database stopped it, not the next statement's check
    assert backend.temp_tables() == []
    assert not src.table_exists(view + "_out")
    if backend.can.server:  # the server-side backstop is put back as it was
        assert float(backend.statement_time_limit() or 0) == 0
    # the same Source, and its connection, go on working
    src.timeout = None
    assert pr.cavg(src, backend.load(_small()), ["a"], 1).n_rows > 0


@pytest.mark.parametrize("engine", ["postgres", "mysql"])
def test_a_timeout_through_a_callers_engine_of_one_connection_cancels_at_once(engine):
    """A caller's SQLAlchemy Engine with a pool of one connection, which the run holds: MariaDB's
    cancel, a second session asking the server to kill the statement, waited for that pool
    (pool_timeout, 30 s by default) before it could ask, so a 1 s timeout stopped the run after
    31 s. The second session is a connection of its own, never one of the caller's pool."""
    import sqlalchemy as sa
    from conftest import require_server

    require_server(engine)
    callers = sa.create_engine(server_url(engine), pool_size=1, max_overflow=0, pool_timeout=30)
    view = f"slow_{uuid.uuid4().hex[:12]}"
    with callers.begin() as conn:
        conn.exec_driver_sql(f"CREATE VIEW {view} AS {SLOW_ROWS[engine].replace('%', '%%')}")
    try:
        src = pr.connect(callers, timeout=1)
        started = time.monotonic()
        with pytest.raises(pr.QueryTimeoutError, match=r"timeout: stopped after 1 s") as info:
            pr.cavg(src, view, ["q1", "q2"], 2)
        assert time.monotonic() - started < 15 and info.value.cancelled_running_statement
        src.close()
        assert callers.pool.checkedout() == 0
    finally:
        with callers.begin() as conn:
            conn.exec_driver_sql(f"DROP VIEW IF EXISTS {view}")
        callers.dispose()


def _small():
    from backends import FIXTURES

    return FIXTURES / "handcheck" / "ori.csv"


def test_timeout_must_be_positive_seconds():
    for bad in (0, -1, "5", True, float("nan"), float("inf")):  # inf: as --timeout inf is refused
        with pytest.raises(pr.InvalidInputError, match="timeout must be a number of seconds > 0"):
            pr.Source(timeout=bad)


def test_a_timeout_may_be_any_real_number_as_k_and_threshold_may():
    """numpy's numbers were refused as a timeout ("got np.int64(5)"), where k, threshold, l and t
    take them; a Fraction too. Each is kept as a float of its value."""
    import fractions

    import numpy as np

    for given in (np.int64(5), np.float32(2.5), np.float64(0.5), fractions.Fraction(3, 2)):
        with pr.Source(timeout=given) as src:
            assert src.timeout == float(given) and type(src.timeout) is float
            src.execute("CREATE TABLE t AS SELECT 1 AS a UNION ALL SELECT 1")
            assert pr.cavg(src, "t", ["a"], 1).n_rows == 2


# -- the command line, in a child process, with a real SIGINT ------------------------------------


@pytest.fixture
def slow_db(backend, tmp_path):
    """(--db argument, view name, function listing the database's tables) with a slow view in it."""
    view = f"slow_{uuid.uuid4().hex[:12]}"
    if backend.name == "duckdb":
        path = tmp_path / "slow.duckdb"
        with duckdb.connect(str(path)) as con:
            con.execute(f'CREATE VIEW "{view}" AS {SLOW_ROWS["duckdb"]}')

        def tables():
            with duckdb.connect(str(path), read_only=True) as con:
                return {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}

        return str(path), view, tables
    if backend.name == "sqlite":
        path = tmp_path / "slow.sqlite"
        with sqlite3.connect(path) as con:
            con.execute(f'CREATE VIEW "{view}" AS {SLOW_ROWS["sqlite"]}')
        con.close()

        def tables():
            con = sqlite3.connect(path)
            try:
                return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            finally:
                con.close()

        return f"sqlite:///{path}", view, tables
    if backend.name == "spark":  # the command line reaches Spark through a Spark Connect server
        url = server_url("spark")
        with pr.Source(url) as src:
            src.execute(f"CREATE VIEW {src.quote(view)} AS {SLOW_ROWS['spark']}")

        def spark_tables():  # tables, not the view
            with pr.Source(url) as src:
                return {t.name for t in src.engine.session.catalog.listTables() if t.tableType != "VIEW"}

        return url, view, spark_tables
    backend.create_slow_view(view)
    return server_url(backend.name), view, lambda: set(backend.user_tables())


CLI_ARGS = {
    "mpuccs": lambda view: ["mpuccs", "--ori", view, "--syn", view],
    "cavg": lambda view: ["cavg", "--table", view, "--qids", "q1,q2", "--k", "2"],
    "kanon": lambda view: ["kanon", "--table", view, "--qids", "q1", "--sensitive", "q2"],
    "mondrian": lambda view: ["mondrian", "--table", view, "--qids", "q1,q2", "--k", "2", "--output", view + "_out"],
    # risk writes a table too (its classes): stopped in its first grouping, it must leave none
    "risk": lambda view: ["risk", "--table", view, "--qids", "q1,q2", "--classes", view + "_cls"],
}


def _start(args, tmp_path):
    err = open(tmp_path / "stderr.txt", "w+")
    proc = subprocess.Popen(
        [sys.executable, "-m", "privrisk_sql.cli", *args, "--show-sql"],
        stdout=subprocess.DEVNULL,
        stderr=err,
        text=True,
    )
    return proc, err


def _wait_for_first_statement(proc, err, seconds=60):
    """Until the child has printed a statement that reads the view (so a query is running)."""
    stop = time.monotonic() + seconds
    while time.monotonic() < stop and proc.poll() is None:
        err.seek(0)
        if "FROM" in err.read():
            return
        time.sleep(0.05)
    pytest.fail("the child never started a query")


SIGNAL_MESSAGES = {
    signal.SIGINT: "privrisk-sql: interrupted (Ctrl-C): the running query was cancelled, work tables dropped",
    # SIGTERM (CI cancel, timeout(1), docker stop) used to kill the process with its query running.
    signal.SIGTERM: "privrisk-sql: terminated (SIGTERM): the running query was cancelled, work tables dropped",
    # SIGHUP (the terminal closed, an ssh session dropped) killed the run where it stood, with no
    # word (exit 129): as kill -9 does, its server statement running on, DuckDB's spill left.
    signal.SIGHUP: "privrisk-sql: terminated (SIGHUP): the running query was cancelled, work tables dropped",
}


@pytest.mark.parametrize("signum", sorted(SIGNAL_MESSAGES), ids=lambda s: signal.Signals(s).name)
@pytest.mark.parametrize("command", sorted(CLI_ARGS))
def test_ctrl_c_and_sigterm_cancel_and_exit_3(slow_db, command, signum, tmp_path, backend):
    db, view, tables = slow_db
    before = tables()
    proc, err = _start(CLI_ARGS[command](view) + ["--db", db], tmp_path)
    _wait_for_first_statement(proc, err)
    time.sleep(0.3)
    proc.send_signal(signum)
    assert proc.wait(timeout=60) == 3
    err.seek(0)
    assert SIGNAL_MESSAGES[signum] in err.read()
    assert _ours(tables(), view) == _ours(before, view) == set()  # no output, no staging table
    if backend.can.server:  # nothing of that run still runs on the server
        assert backend.running_statements(view) == 0


def test_a_run_under_nohup_outlives_its_terminal(tmp_path):
    """SIGHUP ignored by the process that started the run (``nohup``) stays ignored: the run
    must outlive its terminal, not stop as a SIGHUP it was spared would stop it."""
    db = tmp_path / "w.duckdb"
    with duckdb.connect(str(db)) as con:  # 10^8 rows: seconds of grouping, the SIGHUP lands mid-statement
        con.execute(
            "CREATE VIEW v AS SELECT (a.range * 7919 + b.range) % 1000 AS q1, (a.range + b.range * 31) % 997 AS q2"
            " FROM range(100000) a, range(1000) b"
        )
    err = open(tmp_path / "stderr.txt", "w+")
    proc = subprocess.Popen(
        [sys.executable, "-m", "privrisk_sql.cli", "cavg", "--db", str(db), "--table", "v", "--qids", "q1,q2"]
        + ["--k", "2", "--show-sql"],
        stdout=subprocess.DEVNULL,
        stderr=err,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),  # as nohup starts it
    )
    _wait_for_first_statement(proc, err)
    time.sleep(0.3)
    assert proc.poll() is None, "the run ended before the SIGHUP: nothing tested"
    proc.send_signal(signal.SIGHUP)
    assert proc.wait(timeout=120) == 0
    err.seek(0)
    assert "terminated" not in err.read()


@pytest.mark.parametrize("command", ["cavg", "mondrian"])
def test_cli_timeout_exits_3(slow_db, command, tmp_path, backend):
    db, view, tables = slow_db
    before = tables()
    limit = f"{backend.quick_timeout:g}"
    proc, err = _start(CLI_ARGS[command](view) + ["--db", db, "--timeout", limit], tmp_path)
    assert proc.wait(timeout=60) == 3
    err.seek(0)
    assert f"statement running was cancelled) (--timeout {limit}); work tables dropped" in err.read()
    assert _ours(tables(), view) == _ours(before, view) == set()


@pytest.fixture(scope="module")
def slow_csv(tmp_path_factory):
    """A CSV of three million rows of whole numbers and a later word: reading it (DuckDB's
    sniffer, the check of every row, the sniff of every row the word calls for) takes over a
    second here."""
    path = tmp_path_factory.mktemp("slow_csv") / "late_word.csv"
    duckdb.sql(
        f"COPY (SELECT i % 90 AS a, i % 7 AS b, (i * 7919) % 100003 AS c FROM range(3000000) t(i)) TO '{path}' (HEADER)"
    )
    with open(path, "a") as f:
        f.write("unknown,1,2\n")
    return str(path)


def _wait_until_reading(proc, path: str, seconds: float = 60) -> None:
    """Until the child has ``path`` open (Linux's /proc): its read has begun."""
    import os

    stop = time.monotonic() + seconds
    while time.monotonic() < stop and proc.poll() is None:
        with contextlib.suppress(OSError):  # a descriptor closed while looked at
            if path in {os.readlink(entry.path) for entry in os.scandir(f"/proc/{proc.pid}/fd")}:
                return
        time.sleep(0.01)
    raise AssertionError(f"the child never opened {path}")


@pytest.mark.parametrize("stop", ["timeout", "SIGINT", "SIGTERM"])
def test_a_stop_while_a_csv_is_read_is_a_stop(slow_csv, stop):
    """A timeout, Ctrl-C or SIGTERM cutting DuckDB's read of a CSV short was reported as the
    file's fault: "cannot read 'late_word.csv': INTERRUPT Error: Interrupted!", exit 2."""
    args = [sys.executable, "-m", "privrisk_sql.cli", "kanon", "--table", slow_csv, "--qids", "a,b"]
    proc = subprocess.Popen(
        args + (["--timeout", "0.2"] if stop == "timeout" else []), stderr=subprocess.PIPE, text=True
    )
    if stop != "timeout":
        _wait_until_reading(proc, slow_csv)
        time.sleep(0.2)
        proc.send_signal(getattr(signal, stop))
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 3, err
    want = {
        "timeout": "privrisk-sql: timeout: stopped after 0.2 s",
        "SIGINT": SIGNAL_MESSAGES[signal.SIGINT],
        "SIGTERM": SIGNAL_MESSAGES[signal.SIGTERM],
    }[stop]
    assert want in err and "cannot read" not in err


@pytest.mark.parametrize("stop", ["timeout", "SIGINT", "SIGTERM"])
def test_a_stop_that_cuts_a_statement_of_the_engines_own_short_is_the_stop(stop, monkeypatch):
    """A stop whose cancel landed in a statement the engine runs on its own (a catalog look-up,
    random SIGHUPs in a command's first 0.3 s: 2 of 60 runs) raised the driver's error:
    "_duckdb.InterruptException: INTERRUPT Error: Interrupted!", a traceback and exit 1."""
    src = pr.connect()
    src.execute("CREATE TABLE t AS SELECT range % 7 AS a, range % 5 AS b FROM range(100)")
    looked_up = src.engine.find_relation

    def slow_look_up(*args):
        if stop != "timeout":
            os.kill(os.getpid(), getattr(signal, stop))  # the run's guard records it and cancels
        src.engine.con.execute(f"SELECT sum(q1 * q2) FROM ({SLOW_ROWS['duckdb']})").fetchall()
        return looked_up(*args)

    monkeypatch.setattr(src.engine, "find_relation", slow_look_up)
    src.timeout = 0.5 if stop == "timeout" else None
    expected = {"timeout": pr.QueryTimeoutError, "SIGINT": KeyboardInterrupt, "SIGTERM": pr.TerminatedError}[stop]
    with pytest.raises(expected) as info:
        pr.kanon(src, "t", ["a", "b"])
    assert type(info.value) is expected and isinstance(info.value.__cause__, duckdb.InterruptException)
    monkeypatch.undo()
    src.timeout = None
    assert pr.cavg(src, "t", ["a"], 1).n_rows == 100  # the Source goes on working


# A child that sends itself a real signal at one moment of a command: after the named function.
STOP_AFTER = """
import importlib, os, signal, sys
module, name, signum = sys.argv[1], sys.argv[2], int(sys.argv[3])
owner = importlib.import_module(module)
if "." in name:
    owner, name = getattr(owner, name.split(".")[0]), name.split(".")[1]
original = getattr(owner, name)
def then_stop(*args, **kwargs):
    out = original(*args, **kwargs)
    os.kill(os.getpid(), signum)
    return out
setattr(owner, name, then_stop)
from privrisk_sql.cli import run
run(sys.argv[4:])
"""


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=lambda s: signal.Signals(s).name)
@pytest.mark.parametrize(
    ("module", "name", "command", "said"),
    [
        # the JSON written, a stop while the report is made: exit 3 with the JSON there before
        (
            "privrisk_sql.cli",
            "_write_json",
            ["kanon", "--qids", "age,sex"],
            "while the command wrote its --json and --html: they are written",
        ),
        # Mondrian's release file named, a stop before the run's end: exit 3 with the file there
        (
            "privrisk_sql.metrics.destinations",
            "TableFile.write",
            ["mondrian", "--qids", "age,sex", "--k", "5", "--output", "{dir}/out.parquet"],
            "while the output was being published: it is published",
        ),
    ],
)
def test_a_stop_after_an_output_file_is_written_lets_the_command_finish(tmp_path, signum, module, name, command, said):
    """A stop once an output file had its name stopped the command (exit 3, "the running query
    was cancelled") with that file there: the exit status said nothing was written. As after a
    table's publication, the command now finishes its outputs and exits 0, saying so."""
    args = [
        *(a.format(dir=tmp_path) for a in command[:1]),
        "--table",
        "fixtures/adult/ori.csv",
        *(a.format(dir=tmp_path) for a in command[1:]),
        "--json",
        str(tmp_path / "r.json"),
        "--html",
        str(tmp_path / "r.html"),
        "--quiet",
    ]
    out = subprocess.run(
        [sys.executable, "-c", STOP_AFTER, module, name, str(int(signum)), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    stop = "Ctrl-C" if signum == signal.SIGINT else "SIGTERM"
    assert out.returncode == 0, out.stderr
    assert f"privrisk-sql: {stop} arrived {said}" in out.stderr
    assert json.loads((tmp_path / "r.json").read_text())  # whole
    assert (tmp_path / "r.html").read_text().rstrip().endswith("</html>")


def _ours(tables, view):
    """Tables this run could have left (the output, the Mondrian staging table): other sessions may
    be creating tables of their own on a shared PostgreSQL."""
    return {t for t in tables if t.startswith(view) or t.startswith("privrisk_")}


def test_timeout_covers_connecting_to_a_silent_server():
    """A server that accepts TCP and never answers held `--timeout 2` for 40 s: connecting is
    bounded by the timeout too (exit 3 naming the server)."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    port = server.getsockname()[1]
    accepted = []
    stop = threading.Event()

    def accept():  # accept and say nothing
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except OSError:
                continue

    t = threading.Thread(target=accept, daemon=True)
    t.start()
    try:
        started = time.monotonic()
        r = subprocess.run(
            [
                sys.executable,
                "-m",
                "privrisk_sql.cli",
                "cavg",
                "--db",
                f"postgresql+psycopg://u@127.0.0.1:{port}/db",
                "--table",
                "t",
                "--qids",
                "a",
                "--k",
                "2",
                "--timeout",
                "2",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        elapsed = time.monotonic() - started
    finally:
        stop.set()
        t.join()
        for c in accepted:
            c.close()
        server.close()
    assert r.returncode == 3, r.stderr
    assert "cannot connect" in r.stderr and str(port) in r.stderr
    assert elapsed < 2 + 6  # the child's start-up and imports included


def test_timeout_covers_reaching_a_silent_spark_connect_server():
    """`--db sc://` on a server that accepts TCP and never answers: `--timeout 3` held 73 s,
    then a traceback and exit 1 (the session's first question, its version, was asked outside any
    bound). Now the first answer is awaited at most the timeout: exit 3 in one line naming it."""
    import socket
    import threading

    pytest.importorskip("pyspark.sql.connect.session")
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    port = server.getsockname()[1]
    accepted = []

    def accept():  # accept and say nothing
        while True:
            try:
                accepted.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    try:
        started = time.monotonic()
        r = subprocess.run(
            [
                sys.executable,
                "-m",
                "privrisk_sql.cli",
                "cavg",
                "--db",
                f"sc://127.0.0.1:{port}",
                "--table",
                "t",
                "--qids",
                "a",
                "--k",
                "2",
                "--timeout",
                "3",
            ],
            capture_output=True,
            text=True,
            timeout=90,
        )
        elapsed = time.monotonic() - started
    finally:
        server.close()
        for c in accepted:
            c.close()
    assert r.returncode == 3, r.stderr
    assert r.stderr.strip() == (
        f"privrisk-sql: database error: cannot reach Spark at 'sc://127.0.0.1:{port}': no answer within 3 s (--timeout)"
    )
    assert elapsed < 3 + 8  # the child's start-up and imports included


@pytest.mark.parametrize("command", ["kanon", "mondrian"])
def test_a_session_the_server_ends_mid_run_is_one_line_and_exit_3(slow_db, command, tmp_path, backend):
    """The server dying mid-run printed a ~100-line traceback and exited 1 (issue 41, 8): closing
    the dead connection raised over the query's own error. Here the server ends the run's session
    (the part of a server going away a shared test server can do)."""
    if not backend.can.server:
        pytest.skip("an embedded database has no session to end")
    db, view, tables = slow_db
    proc, err = _start(CLI_ARGS[command](view) + ["--db", db], tmp_path)
    _wait_for_first_statement(proc, err)
    time.sleep(0.5)
    stop = time.monotonic() + 30
    while not backend.end_sessions_running(view) and time.monotonic() < stop:
        time.sleep(0.2)
    assert proc.wait(timeout=60) == 3
    err.seek(0)
    lines = [line for line in err.read().splitlines() if line.startswith("privrisk-sql")]
    err.seek(0)
    assert "Traceback" not in err.read()
    assert len(lines) == 1 and lines[0].startswith("privrisk-sql: database error:")


def test_timeout_holds_when_the_server_stops_answering(slow_db, tmp_path, backend):
    """PostgreSQL's backend SIGSTOPped mid-statement: the cancel request and statement_timeout
    both need it running, and `kanon --timeout 2` still blocked at 20 s (issue 41, 7). The client
    gives up on its own a few seconds after the deadline: exit 3, one line."""
    import os

    if backend.name != "postgres":
        pytest.skip("a stopped backend process of our own: PostgreSQL's one-process-per-session")
    db, view, tables = slow_db
    proc, err = _start(CLI_ARGS["kanon"](view) + ["--db", db, "--timeout", "2"], tmp_path)
    _wait_for_first_statement(proc, err)
    stop = time.monotonic() + 30
    pids = []
    while not pids and time.monotonic() < stop:
        pids = [
            int(r[0])
            for r in backend.fetch(
                "SELECT pid FROM pg_stat_activity WHERE state = 'active' "
                f"AND query LIKE '%{view}%' AND pid <> pg_backend_pid()"
            )
        ]
        time.sleep(0.1)
    assert pids
    started = time.monotonic()
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        code = proc.wait(timeout=20)
        waited = time.monotonic() - started
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)  # the backend then finds its client gone and ends
    assert code == 3 and waited < 10
    err.seek(0)
    lines = [line for line in err.read().splitlines() if line.startswith("privrisk-sql")]
    assert len(lines) == 1 and "timeout: stopped after 2 s" in lines[0], lines


def test_a_stricter_server_time_limit_is_never_loosened(backend):
    """The timeout's server-side backstop (statement_timeout, max_statement_time: timeout + 1 s)
    replaced whatever the session had, so a DBA's 20 s limit became 61 s for a run with --timeout
    60 (found trying MariaDB's max_statement_time, issue 41). A stricter limit in force is kept."""
    if not backend.can.server:
        pytest.skip("an embedded database has no server-side time limit")
    strict, reset = {
        "postgres": ("SET statement_timeout = '20s'", "SET statement_timeout = 0"),
        "mysql": ("SET SESSION max_statement_time = 20", "SET SESSION max_statement_time = 0"),
    }[backend.name]
    setting = {"postgres": "statement_timeout", "mysql": "max_statement_time"}[backend.name]
    backend.run(strict)
    try:
        before = backend.statement_time_limit()
        src = backend.source()
        src.timeout = 60
        statements: list[str] = []
        src.echo = statements.append
        assert pr.cavg(src, backend.load(_small()), ["a"], 1).n_rows > 0
        src.echo, src.timeout = None, None
        assert not [sql for sql in statements if setting in sql and ("SET " in sql or "set_config" in sql)]
        assert backend.statement_time_limit() == before and float(before.rstrip("s")) == 20
        src.timeout = 5  # a run's limit stricter than the session's still applies
        statements.clear()
        src.echo = statements.append
        pr.cavg(src, backend.load(_small()), ["a"], 1)
        src.echo, src.timeout = None, None
        assert [sql for sql in statements if setting in sql and ("SET " in sql or "set_config" in sql)]
    finally:
        backend.run(reset)


def test_a_timeout_of_weeks_runs(backend):
    """A timeout past the server's largest statement time limit failed before any work:
    PostgreSQL's statement_timeout takes at most 2^31 - 1 ms (24.8 days), so --timeout 3000000
    was "invalid value for parameter statement_timeout" (exit 3); PyMySQL refused a
    connect_timeout over a year (a ValueError out of pr.connect). Where the backstop would
    pass the server's range it is left out (the client's own watch still ends the run at its
    deadline), and connecting is bounded by a year at most. Past Python's own longest wait
    (threading.TIMEOUT_MAX, 292 years), --timeout 1e10 or 1e308 ended in an OverflowError
    traceback (exit 1) before any work."""
    table = backend.load(_small())
    for timeout in (3_000_000, 40_000_000, 10**10, 1e308):  # 35 and 463 days, 317 years, "never"
        src = backend.source()
        src.timeout = timeout
        assert pr.cavg(src, table, ["a"], 1).n_rows > 0
    url = server_url(backend.name) if backend.can.server and backend.name != "spark" else None
    if url is not None:
        with pr.connect(url, timeout=1e308) as src:
            assert pr.cavg(src, table, ["a"], 1).n_rows > 0


@pytest.fixture
def own_postgres():
    """A PostgreSQL server of this test's own (its binaries, as .ci/postgres.sh uses them), to
    stop outright; removed afterwards."""
    import os
    import shutil
    import socket
    import tempfile
    from pathlib import Path

    pgbin = Path("/usr/lib/postgresql/15/bin")
    if not (pgbin / "pg_ctl").exists() or os.geteuid() != 0:
        if os.environ.get("PRIVRISK_REQUIRE_PG") == "1":
            pytest.fail(
                "PRIVRISK_REQUIRE_PG=1 but PostgreSQL 15's binaries (or root, to run them as postgres) are missing"
            )
        pytest.skip("a server of the test's own needs PostgreSQL 15's binaries and root (.ci/postgres.sh)")
    data = tempfile.mkdtemp(prefix="privrisk_pg_")
    shutil.chown(data, "postgres")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    def pg(*args):
        return subprocess.run(["runuser", "-u", "postgres", "--", *map(str, args)], capture_output=True, text=True)

    assert (
        pg(pgbin / "initdb", "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-locale").returncode == 0
    )
    started = pg(
        pgbin / "pg_ctl",
        "-D",
        data,
        "-l",
        f"{data}/server.log",
        "-w",
        "-o",
        f"-h 127.0.0.1 -p {port} -k {data}",
        "start",
    )
    assert started.returncode == 0, started.stderr
    stop = lambda: pg(pgbin / "pg_ctl", "-D", data, "-m", "immediate", "stop")  # noqa: E731
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", stop
    finally:
        stop()
        shutil.rmtree(data, ignore_errors=True)


@pytest.mark.full
@pytest.mark.parametrize("command", ["kanon", "mondrian"])
def test_the_whole_server_stopping_mid_run_is_one_line_and_exit_3(own_postgres, command, tmp_path):
    """`pg_ctl stop -m immediate` mid-run (issue 41, 8), the whole server, not one session: one
    line, exit 3, no traceback; the run's stop does not wait on the dead server."""
    url, stop_server = own_postgres
    view = f"slow_{uuid.uuid4().hex[:12]}"
    with pr.Source(url) as src:
        src.execute(f'CREATE VIEW "{view}" AS {SLOW_ROWS["postgres"]}')
    proc, err = _start(CLI_ARGS[command](view) + ["--db", url], tmp_path)
    _wait_for_first_statement(proc, err)
    time.sleep(0.5)
    stopped = time.monotonic()
    assert stop_server().returncode == 0
    assert proc.wait(timeout=60) == 3
    assert time.monotonic() - stopped < 15
    err.seek(0)
    text = err.read()
    lines = [line for line in text.splitlines() if line.startswith("privrisk-sql")]
    assert "Traceback" not in text
    assert len(lines) == 1 and lines[0].startswith("privrisk-sql: database error:"), lines


def _gone(path, seconds: float = 30) -> bool:
    """Whether ``path`` disappears within ``seconds`` (the watch removes it after the run's end)."""
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        if not path.exists():
            return True
        time.sleep(0.05)
    return False


def _only_left(folder, names: list[str], seconds: float = 30) -> list[str]:
    """What is in ``folder`` once the watch has had up to ``seconds`` to empty it down to ``names``."""
    stop = time.monotonic() + seconds
    while time.monotonic() < stop and sorted(p.name for p in folder.iterdir()) != names:
        time.sleep(0.05)
    return sorted(p.name for p in folder.iterdir())


def test_a_database_file_the_run_created_goes_with_a_kill_9(tmp_path):
    """kill -9 of a mondrian run that created its --db DuckDB file left the file (MBs of the
    uncommitted output, no table) for good: nothing of the process runs after SIGKILL. A process of
    its own watches the run and removes the file then."""
    data = tmp_path / "in.parquet"
    duckdb.sql(f"COPY (SELECT i % 1000 AS a, i % 7 AS b, i AS c FROM range(2000000) r(i)) TO '{data}' (FORMAT parquet)")
    db = tmp_path / "new.duckdb"
    args = ["mondrian", "--db", str(db), "--table", str(data), "--qids", "a,b", "--k", "5", "--output", "rel"]
    proc, err = _start([*args, "--keep", "*"], tmp_path)
    try:
        _wait_for_first_statement(proc, err)
        assert db.exists()  # made by the run
        time.sleep(0.3)
    finally:
        proc.kill()
        proc.wait()
    assert _gone(db), "the database file the killed run created is still there"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.parquet", "stderr.txt"]


_KILLED_RUN = """
import os, signal, sys
from privrisk_sql.source import opened, staging
with opened(sys.argv[1], writes=["o"]) as src:
    src.execute(sys.argv[2].format(prefix=staging.run_prefix(src.run_id)))
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize(
    "statement, kept",
    [
        ('CREATE TABLE "{prefix}staging" AS SELECT 1 AS x', False),  # the run's own staging table alone
        ("CREATE TABLE o AS SELECT 1 AS x", True),  # the output, committed before the kill
        ("CREATE TABLE other AS SELECT 1 AS x", True),  # a table not the run's: never removed
    ],
)
@pytest.mark.parametrize("kind", ["duckdb", "sqlite"])
def test_after_a_kill_9_only_a_file_holding_nothing_but_the_runs_own_tables_is_removed(tmp_path, kind, statement, kept):
    path = tmp_path / f"w.{kind}"
    target = str(path) if kind == "duckdb" else f"sqlite:///{path}"
    run = subprocess.run([sys.executable, "-c", _KILLED_RUN, target, statement], capture_output=True, text=True)
    assert run.returncode == -signal.SIGKILL, run.stderr
    if kept:
        time.sleep(1.5)  # time enough for a wrong removal
        assert path.exists()
        with pr.connect(target) as src:
            assert src.table_exists(statement.split()[2])
    else:
        assert _gone(path)
        assert list(tmp_path.iterdir()) == []  # its write-ahead log or journal too


_SPILLING_RUN = """
import os, signal, sys
from privrisk_sql.source import connect, opened, staging
target = connect(sys.argv[1], create=True) if sys.argv[3:] == ["unwatched"] else sys.argv[1]  # a Source: the caller's
with opened(target, writes=["o"]) as src:
    src.execute("SET memory_limit = '40MB'")
    src.execute(sys.argv[2].format(prefix=staging.run_prefix(src.run_id)))
    src.execute("CREATE TEMP TABLE spilled AS SELECT i, md5(i::VARCHAR) AS s FROM range(3000000) r(i)")
    assert any(n.startswith(f"duckdb_temp_{os.getpid()}_") for n in os.listdir(sys.argv[1] + ".tmp"))
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize(
    "statement, kept",
    [('CREATE TABLE "{prefix}staging" AS SELECT 1 AS x', False), ("CREATE TABLE o AS SELECT 1 AS x", True)],
)
def test_after_a_kill_9_what_duckdb_spilled_for_the_run_goes_too(tmp_path, statement, kept):
    """A run that spilled (more than DuckDB's memory_limit: the kernel's out-of-memory killer's
    moment) and was killed outright left DuckDB's spill files, as large as what did not fit in
    memory, in `<database>.tmp/` (DuckDB clears them at close, and never again). The watch removes
    the dead run's, and the folder if that empties it; another process's spill files stay."""
    path = tmp_path / "w.duckdb"
    spill = tmp_path / "w.duckdb.tmp"
    spill.mkdir()
    others = spill / "duckdb_temp_1_0_owner"  # a process alive all along (init): never its files
    others.write_text("")
    run = subprocess.run([sys.executable, "-c", _SPILLING_RUN, str(path), statement], capture_output=True, text=True)
    assert run.returncode == -signal.SIGKILL, run.stderr
    assert _only_left(spill, [others.name]) == [others.name]
    assert path.exists() == kept or _gone(path)
    others.unlink()
    if kept:
        return
    run = subprocess.run([sys.executable, "-c", _SPILLING_RUN, str(path), statement], capture_output=True, text=True)
    assert run.returncode == -signal.SIGKILL, run.stderr
    assert _gone(spill) and _gone(path)  # the folder the run's spill made goes with it
    assert list(tmp_path.iterdir()) == []


_A_RUN_THAT_SPILLS_AND_GOES_ON = """
import os, signal, sys, time
from privrisk_sql.source import opened
with opened(sys.argv[1] or None) as src:  # in memory, DuckDB spills into .tmp/ of the working folder
    src.execute("SET memory_limit = '40MB'")
    src.execute("CREATE TEMP TABLE spilled AS SELECT i, md5(i::VARCHAR) AS s FROM range(3000000) r(i)")
    assert any(n.startswith(f"duckdb_temp_{os.getpid()}_") for n in os.listdir(sys.argv[2]))
    time.sleep(1.5)  # the run goes on after its first spill (the next statement's time)
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize("folder_was_there", [False, True])
@pytest.mark.parametrize("where", ["memory", "file"])
def test_after_a_kill_9_what_duckdb_spilled_for_a_run_in_memory_or_a_users_file_goes_too(
    tmp_path, where, folder_was_there
):
    """An in-memory run (the CLI's default), or one into a DuckDB file that was there, that
    spilled and was killed outright left DuckDB's spill files (in `.tmp/` of the working folder,
    in `<file>.tmp/`), as large as what did not fit in memory, for the user to find. A watch,
    started once the run spilled, removes the dead run's files, and the folder if the run's DuckDB
    made it; another process's files, a folder that was there, and the user's file stay."""
    path = tmp_path / "w.duckdb"
    if where == "file":
        duckdb.connect(str(path)).close()  # the user's own file
    spill = tmp_path / (".tmp" if where == "memory" else "w.duckdb.tmp")
    if folder_was_there:
        spill.mkdir()
        (spill / "duckdb_temp_1_0_owner").write_text("")  # a process alive all along (init)
    target = "" if where == "memory" else str(path)
    run = subprocess.run(
        [sys.executable, "-c", _A_RUN_THAT_SPILLS_AND_GOES_ON, target, str(spill)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert run.returncode == -signal.SIGKILL, run.stderr
    if folder_was_there:
        assert _only_left(spill, ["duckdb_temp_1_0_owner"]) == ["duckdb_temp_1_0_owner"]
    else:
        assert _gone(spill)
        assert [p.name for p in tmp_path.iterdir()] == (["w.duckdb"] if where == "file" else [])


def test_an_in_memory_run_that_never_spills_starts_no_watch():
    """A watch costs a process; an in-memory run that spills nothing starts none."""
    from privrisk_sql.source import opened, reaper

    before = len(reaper._STARTED)
    with opened(None) as src:
        src.fetch("SELECT SUM(i) FROM range(1000000) r(i)")
        time.sleep(0.7)  # past a look at the folder
        assert src.spill_watch is not None and src.spill_watch.watch is None
    assert len(reaper._STARTED) == before


def test_cleanup_removes_what_killed_runs_spilled_for_a_database_file(tmp_path, capsys):
    """A run on a Source of the caller's starts no watch (nor did a run into a DuckDB file it
    did not create before 2026-11-29): after a kill -9, DuckDB's spill files of it stay in
    `<file>.tmp/`. `cleanup --db FILE`, which opens the file for
    writing (no other process has it open then), lists and removes them, and the folder; before,
    it said "no staging tables found" and left them."""
    from privrisk_sql.cli import main

    path = tmp_path / "w.duckdb"
    duckdb.connect(str(path)).close()  # the user's own file
    run = subprocess.run(
        [sys.executable, "-c", _SPILLING_RUN, str(path), "SELECT 1", "unwatched"], capture_output=True, text=True
    )
    assert run.returncode == -signal.SIGKILL, run.stderr
    spill = tmp_path / "w.duckdb.tmp"
    left = sorted(p.name for p in spill.iterdir())
    assert left and all(n.startswith("duckdb_temp_") for n in left)
    assert main(["cleanup", "--db", str(path), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert f"found    {len(left)} file(s) killed runs spilled" in out and str(spill) in out
    assert sorted(p.name for p in spill.iterdir()) == left
    assert main(["cleanup", "--db", str(path)]) == 0
    assert f"removed  {len(left)} file(s) killed runs spilled" in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.duckdb"]
    with pr.connect(f"duckdb:///{path}?temp_directory={tmp_path / 'shared'}") as src:
        assert src.engine.spill_left() is None  # a folder another database may spill into: never


@pytest.mark.parametrize("command", ["cavg", "mondrian", "risk"])
def test_a_kill_9_leaves_no_statement_running_and_no_table_of_the_run(slow_db, command, tmp_path, backend):
    """kill -9 of a run: on PostgreSQL and MariaDB its statement ran on in the server
    (the session outlives the client until the server next writes to it; the view it read could
    not be dropped meanwhile), and a staging table committed before the kill stayed in the user's
    schema, a copy of the release, until a later run or `cleanup` came by. A watch outliving the
    run ends its session and drops its tables. (Spark, not in SPARK_TESTS: no watch yet; its own
    kill -9 test in test_spark.py has `cleanup` drop the work tables.)"""
    db, view, tables = slow_db
    before = tables()
    proc, err = _start(CLI_ARGS[command](view) + ["--db", db], tmp_path)
    try:
        _wait_for_first_statement(proc, err)
        time.sleep(0.3)
    finally:
        proc.kill()
        proc.wait()
    stop = time.monotonic() + 20
    while time.monotonic() < stop:
        running = backend.running_statements(view) if backend.can.server else 0
        if running == 0 and _ours(tables(), view) == _ours(before, view):
            break
        time.sleep(0.2)
    assert running == 0, "the killed run's statement still runs on the server"
    assert _ours(tables(), view) == _ours(before, view) == set()


_KILLED_SERVER_RUN = """
import os, signal, sys
from privrisk_sql.source import opened, staging
with opened(sys.argv[1], writes=["o"]) as src:
    src.execute(sys.argv[2].format(prefix=staging.run_prefix(src.run_id)))
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize("engine", ["postgres", "mysql"])
def test_a_staging_table_a_killed_run_committed_is_dropped_and_only_that(engine):
    from conftest import require_server

    require_server(engine)
    url = server_url(engine)
    mine = f"keep_{uuid.uuid4().hex[:8]}"
    with pr.connect(url) as src:
        src.execute(f"CREATE TABLE {src.quote(mine)} AS SELECT 1 AS x")
    try:
        statement = "CREATE TABLE {prefix}staging AS SELECT 1 AS x"
        run = subprocess.run([sys.executable, "-c", _KILLED_SERVER_RUN, url, statement], capture_output=True, text=True)
        assert run.returncode == -signal.SIGKILL, run.stderr
        stop, left = time.monotonic() + 20, ["?"]
        while time.monotonic() < stop and left:
            with pr.connect(url) as src:
                left = [n for _, n, _ in src.staging_tables()]
            time.sleep(0.2)
        assert left == []
        with pr.connect(url) as src:
            assert src.table_exists(mine)  # the user's table is no business of the watch
    finally:
        with pr.connect(url) as src:
            src.execute(f"DROP TABLE IF EXISTS {src.quote(mine)}")
