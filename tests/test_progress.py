"""The progress bar (issue 5.4): what it draws on stderr, when, and what mpuccs reports to it."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import privrisk_sql as pr
from privrisk_sql.progress import ProgressBar

from backends import FIXTURES

HAND = FIXTURES / "handcheck"


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_drawn_for_a_short_run():
    out = io.StringIO()
    bar = ProgressBar(delay=60.0, stream=out)
    for done in range(1, 11):
        bar(done, 10)
    bar.close()
    assert out.getvalue() == ""


def test_a_log_stream_gets_whole_lines_and_always_the_last_one():
    out = io.StringIO()
    bar = ProgressBar(delay=0.0, stream=out)
    bar(1, 4)
    bar(2, 4)  # within 10 s of the last line: not drawn on a non-terminal
    bar(4, 4)  # the end is always drawn
    bar.close()
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and "\r" not in out.getvalue()
    assert re.fullmatch(r"\[#{7} {23}\] 1/4 combinations, \d+s elapsed, ETA \d+s", lines[0])
    assert lines[1].startswith("[" + "#" * 30 + "] 4/4 combinations,") and lines[1].endswith("ETA 0s")


def test_a_terminal_gets_one_redrawn_line_ended_by_close():
    out = _Tty()
    bar = ProgressBar(label="steps", delay=0.0, stream=out)
    bar(3, 3)
    bar.close()
    text = out.getvalue()
    assert text.startswith("\r[") and "3/3 steps" in text and text.endswith("\n") and text.count("\n") == 1


@pytest.mark.parametrize("delta", [0.0, 10.0])  # 10: every combination of size 2 and 3 is pruned
def test_mpuccs_reports_every_combination_done(backend, delta):
    ori, syn = backend.load(HAND / "ori.csv"), backend.load(HAND / "syn.csv")
    calls = []
    r = pr.mpuccs(
        backend.source(),
        ori,
        syn,
        batch_size=1,
        min_entropy_delta=delta,
        progress=lambda done, total: calls.append((done, total)),
    )
    total = r.to_dict(details=False)["global"]["total_combinations_checked"]
    assert calls, "no progress reported"
    assert {t for _, t in calls} == {total}
    dones = [d for d, _ in calls]
    assert dones[0] == 0  # the start, so that a bar can be drawn at once
    assert dones == sorted(set(dones)) and dones[1] > 0
    assert dones[-1] == total


def test_mondrian_reports_its_levels_and_quiet_silences_it(tmp_path, capsys):
    """Mondrian showed nothing on long work and took no --quiet (issue 40): a callable gets
    (level, cuts) per level; the CLI's status line is off with --quiet, as the summary is."""
    import privrisk_sql as pr
    from privrisk_sql.cli import main
    from privrisk_sql.progress import StatusLine

    from backends import FIXTURES

    adult = str(FIXTURES / "mondrian" / "adult_2k.csv")
    seen = []
    pr.connect(str(tmp_path / "w.duckdb"), create=True).close()
    r = pr.mondrian(
        str(tmp_path / "w.duckdb"),
        adult,
        ["age", "sex"],
        10,
        "o",
        identifiers=["id"],
        progress=lambda level, cuts: seen.append((level, cuts)),
    )
    assert [lv for lv, _ in seen] == list(range(1, r.levels + 2)) and seen[-1][1] == 0 and seen[0][1] > 0
    with pytest.raises(pr.InvalidInputError, match="progress must be"):
        pr.mondrian(str(tmp_path / "w.duckdb"), adult, ["age"], 10, "o2", identifiers=["id"], progress="yes")
    line = StatusLine(delay=0.0, stream=io.StringIO())
    line(3, 1234)
    assert line.stream.getvalue() == "Mondrian: level 3, 1,234 cuts, 0s elapsed\n"
    assert (
        main(
            [
                "mondrian",
                "--db",
                str(tmp_path / "w.duckdb"),
                "--table",
                adult,
                "--qids",
                "age,sex",
                "--k",
                "10",
                "--identifiers",
                "id",
                "--output",
                "o3",
                "--quiet",
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def _w14(tmp_path) -> Path:
    """12 rows of 14 binary columns: 16,383 combinations, a run that draws its bar from the start."""
    import csv
    import random

    rng = random.Random(0)
    path = tmp_path / "w14.csv"
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow([f"c{j}" for j in range(14)])
        w.writerows([[rng.randint(0, 1) for _ in range(14)] for _ in range(12)])
    return path


def test_mpuccs_quiet_draws_no_progress(tmp_path):
    """mpuccs --quiet kept its progress bar on stderr (Mondrian's --quiet silenced its own); a run
    of 16,383 combinations draws it from the start."""
    path = _w14(tmp_path)
    cli = Path(sys.executable).with_name("privrisk-sql")
    base = [str(cli), "mpuccs", "--ori", str(path), "--syn", str(path), "--json", str(tmp_path / "r.json")]
    quiet = subprocess.run([*base, "--quiet"], capture_output=True, text=True, timeout=300)
    assert quiet.returncode == 0, quiet.stderr
    assert "combinations," not in quiet.stderr and quiet.stdout == ""


def test_the_elapsed_line_shows_the_statement_its_progress_and_the_time():
    """kanon, CAVG and risk printed nothing while their statements ran (a 30M-row kanon: 24 s of
    silence): a line drawn by a thread of its own, as the main thread waits inside the driver."""
    import time

    from privrisk_sql.progress import ElapsedLine

    out = io.StringIO()
    with ElapsedLine("kanon", statement=lambda: 3, percent=lambda: 45.4, delay=0.0, stream=out):
        time.sleep(0.3)  # a log stream gets a line every 10 s: one here
    assert out.getvalue() == "kanon: statement 3 running, 45% done, 0s elapsed\n"

    def gone() -> float:
        raise RuntimeError("connection closed")

    out = io.StringIO()
    with ElapsedLine("risk", statement=lambda: 1, percent=gone, delay=0.0, stream=out):
        time.sleep(0.3)  # asking failed: the line goes on without the share done
    assert out.getvalue() == "risk: statement 1 running, 0s elapsed\n"

    tty = _Tty()
    with ElapsedLine("cavg", delay=0.0, stream=tty):
        time.sleep(0.5)  # redrawn in place every 0.2 s, ended by a line break
    text = tty.getvalue()
    assert text.startswith("\rcavg: running, 0s elapsed") and text.count("\r") >= 2 and text.endswith("\n")

    out = io.StringIO()
    with ElapsedLine("kanon", statement=lambda: 1, delay=60.0, stream=out):
        pass  # shorter than the delay: nothing
    assert out.getvalue() == ""


def test_duckdb_says_how_far_the_running_statement_is_only_when_asked(tmp_path):
    """The elapsed line's share done is DuckDB's own query_progress, asked from another thread;
    tracked only for a run that draws the line (DuckDB's own bar, which would print on stdout
    through --json -, stays off)."""
    import threading

    import privrisk_sql as pr

    heavy = "SELECT COUNT(*) AS n FROM (SELECT i % 1000003 AS a, COUNT(*) AS c FROM range(12000000) r(i) GROUP BY 1) g"
    seen: dict[bool, list] = {}
    for tracked in (True, False):
        src = pr.connect()
        src.tracks_progress = tracked
        asked: list = []
        done = threading.Event()

        def ask(src=src, asked=asked, done=done) -> None:
            while not done.wait(0.02):
                asked.append(src.query_progress())

        thread = threading.Thread(target=ask)
        with src.guarded():
            thread.start()
            try:
                assert src.fetch_records(heavy)[0]["n"] == 1000003
            finally:
                done.set()
                thread.join()
            bar = src.fetch_records(
                "SELECT current_setting('enable_progress_bar') AS tracked, "
                "current_setting('enable_progress_bar_print') AS printed"
            )[0]
        seen[tracked] = asked
        # tracked for the run that asks; DuckDB's own bar never prints
        assert bar["tracked"] is tracked and (bar["printed"] is False or not tracked)
        src.close()
    assert any(p is not None and 0 < p <= 100 for p in seen[True]), seen[True]
    assert all(p is None for p in seen[False])


@pytest.mark.parametrize("command", ["kanon", "cavg", "risk", "mondrian", "mpuccs"])
def test_the_cli_draws_the_elapsed_line_where_the_command_has_no_progress_of_its_own(
    tmp_path, capsys, monkeypatch, command
):
    """kanon, CAVG and risk get the elapsed line (here from the first moment); mpUCCs and
    Mondrian draw their own progress and no second line; --quiet silences it."""
    from privrisk_sql import cli, progress

    monkeypatch.setattr(progress, "ELAPSED_DELAY", 0.0)
    adult = str(FIXTURES / "mondrian" / "adult_2k.csv")
    args = {
        "kanon": ["--table", adult, "--qids", "age,sex", "--sensitive", "income"],
        "cavg": ["--table", adult, "--qids", "age,sex", "--k", "5"],
        "risk": ["--table", adult, "--qids", "age,sex", "--population-size", "100000"],
        "mondrian": ["--table", adult, "--qids", "age,sex", "--k", "5", "--identifiers", "id", "--output", "o"],
        "mpuccs": ["--ori", adult, "--syn", adult, "--columns", "age,sex", "--json", str(tmp_path / "m.json")],
    }[command]
    if command == "mondrian":
        args += ["--db", str(tmp_path / "w.duckdb")]
    assert cli.main([command, *args]) == 0
    captured = capsys.readouterr()
    drawn = re.findall(rf"^{command}: statement \d+ running, .*\d+s elapsed$", captured.err, re.M)
    assert bool(drawn) == (command in ("kanon", "cavg", "risk")), captured.err
    assert captured.out  # the summary, after the line
    if command == "mondrian":
        args[args.index("o")] = "o2"
    assert cli.main([command, *args, "--quiet"]) == 0
    assert f"{command}: statement" not in capsys.readouterr().err


@pytest.mark.parametrize("metric", ["kanon", "cavg", "risk"])
def test_the_python_functions_take_progress_as_mondrian_does(capsys, monkeypatch, metric):
    """progress="auto" (default), True or False: True draws the elapsed line (from the first
    moment here), False nothing; anything else is refused before any work, naming it."""
    import privrisk_sql as pr
    from privrisk_sql import progress

    monkeypatch.setattr(progress, "ELAPSED_DELAY", 0.0)
    adult = str(FIXTURES / "mondrian" / "adult_2k.csv")
    call = {
        "kanon": lambda p: pr.kanon(None, adult, ["age", "sex"], progress=p),
        "cavg": lambda p: pr.cavg(None, adult, ["age", "sex"], 5, progress=p),
        "risk": lambda p: pr.risk(None, adult, ["age", "sex"], progress=p),
    }[metric]
    import numpy as np

    for yes in (True, np.bool_(True)):  # numpy's True was taken, and drew nothing
        call(yes)
        assert re.search(rf"^{metric}: statement \d+ running, .*elapsed$", capsys.readouterr().err, re.M)
    call(False)
    assert capsys.readouterr().err == ""
    for bad in ("yes", 1, print, np.array(["auto"])):  # an array raised ValueError (ambiguous truth)
        with pytest.raises(pr.InvalidInputError, match="progress must be 'auto', True or False"):
            call(bad)


@pytest.mark.parametrize("stderr", ["full", "closed"])
def test_a_stderr_that_refuses_lines_never_stops_a_run(tmp_path, stderr):
    """`2>/dev/full` (or a pipe whose reader left): the warning that ori and syn are one file, then
    the bar's first line, raised OSError and stopped the run, exit 1 with nothing written. A
    closed stderr (`2>&-`) is Python's sys.stderr = None. Lines are lost now, never the run."""
    import json
    import os

    path = _w14(tmp_path)
    cli = Path(sys.executable).with_name("privrisk-sql")
    out = tmp_path / "r.json"
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [str(cli), "mpuccs", "--ori", str(path), "--syn", str(path), "--json", str(out)],
            stdout=subprocess.PIPE,
            stderr=full if stderr == "full" else None,
            preexec_fn=(lambda: os.close(2)) if stderr == "closed" else None,
            text=True,
            timeout=300,
        )
    assert run.returncode == 0 and "identification rate" in run.stdout
    assert json.loads(out.read_text())["global"]["identification_rate"] == 1.0
    bad = subprocess.run(
        [str(cli), "kanon", "--table", str(tmp_path / "nope.csv"), "--qids", "a"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL if stderr == "closed" else open("/dev/full", "w"),  # noqa: SIM115
        timeout=60,
    )
    assert bad.returncode == 2  # bad input, its line lost: still exit 2, not a traceback's 1


def test_show_sql_on_a_stderr_that_refuses_it_never_stops_a_run():
    """--show-sql 2>/dev/full: the first statement's echo raised OSError (exit 1, no summary)."""
    cli = Path(sys.executable).with_name("privrisk-sql")
    table = str(FIXTURES / "mondrian" / "adult_2k.csv")
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [str(cli), "kanon", "--table", table, "--qids", "age,sex", "--show-sql"],
            stdout=subprocess.PIPE,
            stderr=full,
            text=True,
            timeout=120,
        )
    assert run.returncode == 0 and run.stdout.startswith("k-anonymity family over age, sex: 2,000 rows")


def test_every_progress_line_stops_drawing_on_a_stream_that_refuses():
    """The bar, the status line and the elapsed line alike (a bar's OSError stopped mpUCCs)."""
    import contextlib
    import time

    from privrisk_sql.progress import ElapsedLine, StatusLine

    full = open("/dev/full", "w")  # noqa: SIM115 - its close would flush the refused text again
    bar = ProgressBar(delay=0.0, stream=full)
    bar(1, 2)
    bar(2, 2)
    bar.close()
    status = StatusLine(delay=0.0, stream=full)
    status(1, 5)
    with ElapsedLine("kanon", delay=0.0, stream=full) as line:
        time.sleep(0.1)
    assert bar.broken and status.broken and line.broken and not (bar.drawn or status.drawn or line.drawn)
    with contextlib.suppress(OSError):
        full.close()


@pytest.mark.parametrize("writer", ["show_sql", "warning"])
def test_text_on_stderr_starts_below_a_progress_line_on_a_terminal(monkeypatch, writer):
    """A progress line redrawn in place ends without a newline: --show-sql's statements (and the
    CLI's warnings) were written at its end, `...12s elapsed    WITH class_value AS (`."""
    from privrisk_sql import cli
    from privrisk_sql.progress import StatusLine
    from privrisk_sql.source import echo_to_stderr

    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    line = StatusLine(delay=0.0)
    line(1, 2)
    if writer == "show_sql":
        echo_to_stderr("SELECT 1")
    else:
        cli._say("privrisk-sql: warning: something")
    line.close()
    text = tty.getvalue()
    first, rest = text.split("\n", 1)
    assert first.startswith("\rMondrian: level 1, 2 cuts, 0s elapsed") and first.strip().endswith("elapsed")
    assert rest == ("SELECT 1;\n\n" if writer == "show_sql" else "privrisk-sql: warning: something\n")
