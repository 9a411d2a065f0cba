"""Mondrian's release written to a file (DuckDB) against the same release written to a table of a
new DuckDB database file (the baseline, as the command line has always written it).

Each job is a fresh process of the command, the jobs interleaved round by round; CPU seconds
(user + sys of the process and its threads), wall seconds and peak RSS (the child's own, from
wait4), min / median / max, then each file job over the baseline, round by round. Every output is
read back and must hold every input row. The floor: a process that imports what a run imports
(duckdb, jinja2, sqlglot) and copies the input, every column, to a Parquet file (COPY): the least
any run that writes its release as Parquet does; ours is printed over it.

Data: benchmarks/scaled_data.py N --seed 0 (Adult-like Parquet); 6 QIDs (age, education_num,
hours_per_week, sex, race, marital_status), k = 10, strict, every column kept (``--keep '*'``).

    python benchmarks/mondrian_release_files.py [--rows 1000000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from as_installed import compile_bytecode  # noqa: E402
from scaled_data import scaled  # noqa: E402

QIDS = "age,education_num,hours_per_week,sex,race,marital_status"
BASELINE = "table in a new .duckdb"
FLOOR = "floor: copy to parquet"
JOBS = (BASELINE, "release.parquet", "release.csv", FLOOR)


def _run(cmd: list[str]) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak RSS in MiB) of one child process."""
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    err = child.stderr.read().decode() if child.stderr else ""
    if status != 0:
        raise SystemExit(f"{cmd} failed ({status}): {err[-2000:]}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def _spread(values: list[float], digits: int = 2) -> str:
    return " / ".join(f"{v:.{digits}f}" for v in (min(values), statistics.median(values), max(values)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    data = scaled(args.rows, 0)
    cli = str(Path(sys.executable).with_name("privrisk-sql"))
    compile_bytecode(sys.executable, package="privrisk_sql")
    common = ["mondrian", "--table", str(data), "--qids", QIDS, "--k", "10", "--keep", "*", "--quiet"]
    with tempfile.TemporaryDirectory() as tmp:
        outputs = {
            BASELINE: ["--db", f"{tmp}/released.duckdb", "--output", "released"],
            "release.parquet": ["--output", f"{tmp}/released.parquet"],
            "release.csv": ["--output", f"{tmp}/released.csv"],
        }
        floor = (
            "import duckdb, jinja2, sqlglot; duckdb.connect().execute("
            f"\"COPY (SELECT * FROM read_parquet('{data}')) TO '{tmp}/copy.parquet' (FORMAT parquet)\")"
        )
        figures: dict[str, list[tuple[float, float, float]]] = {job: [] for job in JOBS}
        for _ in range(args.rounds):
            for job in JOBS:
                for name in os.listdir(tmp):
                    os.unlink(os.path.join(tmp, name))
                if job == FLOOR:
                    figures[job].append(_run([sys.executable, "-c", floor]))
                    continue
                figures[job].append(_run([cli, *common, *outputs[job]]))
                if job == BASELINE:
                    with duckdb.connect(f"{tmp}/released.duckdb", read_only=True) as con:
                        rows = con.execute("SELECT COUNT(*) FROM released").fetchone()
                else:
                    rows = duckdb.connect().execute(f"SELECT COUNT(*) FROM '{outputs[job][1]}'").fetchone()
                assert rows is not None and rows[0] == args.rows, (job, rows)
    print(f"Mondrian, {args.rows:,} rows, {args.rounds} rounds, whole process (min / median / max):")
    print(f"{'job':24s} {'CPU-s':>22s} {'wall s':>22s} {'peak RSS MiB':>26s}")
    for job in JOBS:
        cpu, wall, peak = (list(column) for column in zip(*figures[job]))
        print(f"{job:24s} {_spread(cpu):>22s} {_spread(wall):>22s} {_spread(peak, 0):>26s}")
    print(f"ratio to the baseline ({BASELINE}), round by round (min / median / max):")
    for job in JOBS[1:3]:
        pairs = list(zip(figures[job], figures[BASELINE]))
        cpu = [a[0] / b[0] for a, b in pairs]
        wall = [a[1] / b[1] for a, b in pairs]
        peak = [a[2] / b[2] for a, b in pairs]
        print(f"{job:24s} CPU {_spread(cpu)}x, wall {_spread(wall)}x, peak RSS {_spread(peak)}x")
    pairs = list(zip(figures["release.parquet"], figures[FLOOR]))
    cpu = [a[0] / b[0] for a, b in pairs]
    wall = [a[1] / b[1] for a, b in pairs]
    print(f"release.parquet over the {FLOOR}, round by round: CPU {_spread(cpu)}x, wall {_spread(wall)}x")


if __name__ == "__main__":
    main()
