"""Peak memory of every command on a 1M-row, 30-column table (issue 41: "a 1M x 30-column run's
peak memory was not tried").

The table is made by DuckDB (Parquet, 30 columns: integers of 2 to 1M distinct values, text of
5 to 50k values, doubles, dates), so the numbers are reproducible from the seed. Each command
runs the CLI in a child process of its own, on an in-file DuckDB database, and the child prints
its peak RSS (VmHWM: Python, DuckDB and what DuckDB allocated, all in one process).

Baseline (same run, same child): ``CREATE TABLE AS SELECT *`` of the Parquet file into the
database, the floor of any run that reads every column of every row. The ratio printed is the
command's peak RSS over that floor. DuckDB's own memory_limit (80 % of RAM by default) bounds
what it may take; the claim measured here is that no command holds the table in Python, and
that a bound given in the ``--db`` URL (``duckdb:///w.duckdb?memory_limit=512MB``) holds.

    python benchmarks/wide_1m_memory.py [--rows 1000000] [--seed 7] [--repeat 1]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = """
import json, resource, sys, time
started = time.perf_counter()
if sys.argv[1] == "--copy-floor":
    import duckdb
    con = duckdb.connect(sys.argv[2])
    con.execute(f"CREATE OR REPLACE TABLE floor_copy AS SELECT * FROM read_parquet('{sys.argv[3]}')")
    con.close()
    code = 0
else:
    from privrisk_sql.cli import main
    code = main(sys.argv[1:])
# VmHWM, the process's own peak: ru_maxrss carries the spawning process's across exec.
peak_kb = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({"code": code, "seconds": time.perf_counter() - started, "rss_mb": peak_kb / 1024}))
"""

QIDS = "age,sex,zip3,education,occupation,birth_year"
SENSITIVE = "diagnosis,income"


def make_table(path: Path, rows: int, seed: int) -> None:
    """30 columns: 6 QIDs, 2 sensitive, an id, and 21 others of mixed kinds and cardinalities."""
    import duckdb

    def h(i: int) -> str:  # a hash of the row number per column: reproducible, independent columns
        return f"hash(i * {2 * i + 1} + {seed})"

    cols = [
        "i AS id",
        f"18 + {h(1)} % 73 AS age",
        f"CASE WHEN {h(2)} % 2 = 0 THEN 'F' ELSE 'M' END AS sex",
        f"LPAD(CAST({h(3)} % 900 + 100 AS VARCHAR), 3, '0') AS zip3",
        f"'edu' || ({h(4)} % 16) AS education",
        f"'occ' || ({h(5)} % 40) AS occupation",
        f"1930 + {h(6)} % 75 AS birth_year",
        f"'dx' || ({h(7)} % 300) AS diagnosis",
        f"CAST({h(8)} % 200000 AS DOUBLE) / 10 AS income",
    ]
    for j in range(21):
        kind = j % 4
        if kind == 0:
            cols.append(f"{h(10 + j)} % {10 ** (1 + j % 6)} AS n{j}")
        elif kind == 1:
            cols.append(f"'t' || ({h(10 + j)} % {5 * 10 ** (j % 5)}) AS t{j}")
        elif kind == 2:
            cols.append(f"CAST({h(10 + j)} % 100000 AS DOUBLE) / 7 AS d{j}")
        else:
            cols.append(f"DATE '2000-01-01' + CAST({h(10 + j)} % 9000 AS INTEGER) AS day{j}")
    con = duckdb.connect()
    con.execute(f"COPY (SELECT {', '.join(cols)} FROM range({rows}) r(i)) TO '{path}' (FORMAT parquet)")
    con.close()


def child(args: list[str], env: dict) -> dict:
    r = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True, env=env)
    lines = r.stdout.strip().splitlines()
    if not lines or not lines[-1].startswith("{"):
        raise RuntimeError(f"{args[:2]}: {r.stderr[-2000:]}")
    out = json.loads(lines[-1])
    out["stderr"] = r.stderr.strip().splitlines()[-1:] if r.stderr.strip() else []
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rows", type=int, default=1_000_000)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--repeat", type=int, default=1)
    a = p.parse_args()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "wide.parquet"
        t = time.perf_counter()
        make_table(data, a.rows, a.seed)
        print(
            f"table: {a.rows:,} rows x 30 columns, {data.stat().st_size / 1e6:.0f} MB Parquet, "
            f"made in {time.perf_counter() - t:.1f} s; load {os.getloadavg()[0]:.2f}"
        )
        db = str(Path(tmp) / "w.duckdb")
        commands = {
            "kanon": ["kanon", "--table", str(data), "--qids", QIDS, "--sensitive", SENSITIVE, "--k", "5", "--quiet"],
            "cavg": ["cavg", "--table", str(data), "--qids", QIDS, "--k", "5", "--quiet"],
            "risk": ["risk", "--table", str(data), "--qids", QIDS, "--population-size", str(a.rows * 20), "--quiet"],
            "mpuccs": [
                "mpuccs",
                "--ori",
                str(data),
                "--syn",
                str(data),
                "--columns",
                QIDS,
                "--n-cols",
                "1,2,3",
                "--quiet",
            ],
            "mondrian": [
                "mondrian",
                "--db",
                db,
                "--table",
                str(data),
                "--qids",
                QIDS,
                "--k",
                "10",
                "--identifiers",
                "id",
                "--keep",
                "*",
                "--output",
                "released",
                "--replace",
                "--quiet",
            ],
            # the same run with DuckDB's memory bounded through the --db URL's settings
            "mondrian 512MB": [
                "mondrian",
                "--db",
                f"duckdb:///{db}?memory_limit=512MB",
                "--table",
                str(data),
                "--qids",
                QIDS,
                "--k",
                "10",
                "--identifiers",
                "id",
                "--keep",
                "*",
                "--output",
                "released",
                "--replace",
                "--quiet",
            ],
            "kanon 512MB": [
                "kanon",
                "--db",
                f"duckdb:///{db}?memory_limit=512MB",
                "--table",
                str(data),
                "--qids",
                QIDS,
                "--sensitive",
                SENSITIVE,
                "--k",
                "5",
                "--quiet",
            ],
        }
        for _ in range(a.repeat):
            floor = child(["--copy-floor", db, str(data)], env)
            print(f"{'copy floor':<15} peak RSS {floor['rss_mb']:7.0f} MB  {floor['seconds']:6.1f} s")
            for name, args in commands.items():
                r = child(args, env)
                status = "ok" if r["code"] == 0 else f"exit {r['code']}: {' '.join(r['stderr'])}"
                print(
                    f"{name:<15} peak RSS {r['rss_mb']:7.0f} MB  {r['seconds']:6.1f} s  "
                    f"{r['rss_mb'] / floor['rss_mb']:.2f}x the copy floor  {status}"
                )


if __name__ == "__main__":
    main()
