"""CAVG at 1M rows against its floors: how far issue 39's target (>= 10x SDC4Society's
``CAVG.calculate``, whole process, CSV input) is within reach.

Every command is a fresh process; CPU seconds (user + sys of the process and its threads) and
wall time, interleaved, ``--repeat`` rounds, min / median / max printed:

* ``floor: GROUP BY``: DuckDB alone (no privrisk_sql) groups the 1M-row CSV by the six QIDs and
  counts the classes: what any in-database CAVG must do;
* ``privrisk-sql cavg``: the command, whole process;
* ``pandas read_csv``: pandas reading the same CSV, the first step of a pandas-based peer
  (SDC4Society's ``CAVG.calculate`` takes a DataFrame), so a lower bound of the peer's process.

Ratios printed: ours over the GROUP BY floor (the fixed cost privrisk_sql adds), and pandas'
read over ours (the most a pandas-based peer's ratio can start from). The issue measured the peer
at 4.72 CPU-s: 10x would need 0.47 CPU-s, below the GROUP BY floor on this machine.

    python benchmarks/cavg_floor.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scaled_data import scaled  # noqa: E402
from whole_process import spread, timed  # noqa: E402

QIDS = ["age", "sex", "race", "education", "marital_status", "occupation"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=5)
    a = p.parse_args()
    parquet = scaled(1_000_000)
    csv = parquet.with_suffix(".csv")
    if not csv.exists():
        duckdb.sql(f"COPY (SELECT * FROM read_parquet('{parquet}')) TO '{csv}' (HEADER)")
    py, cli = sys.executable, str(Path(sys.executable).with_name("privrisk-sql"))
    group_by = (
        f'import duckdb; duckdb.sql("SELECT COUNT(*), SUM(n) FROM (SELECT COUNT(*) AS n FROM '
        f"read_csv('{csv}') GROUP BY {', '.join(QIDS)})\").fetchall()"
    )
    commands = {
        "floor: GROUP BY": [py, "-c", group_by],
        "privrisk-sql cavg": [cli, "cavg", "--table", str(csv), "--qids", ",".join(QIDS), "--k", "10", "--quiet"],
        "pandas read_csv": [py, "-c", f"import pandas as pd; pd.read_csv('{csv}')"],
    }
    print(
        f"1,000,000 rows, 6 QIDs, {csv.stat().st_size / 1e6:.0f} MB CSV; load {os.getloadavg()[0]:.2f}; "
        f"{a.repeat} interleaved rounds, min / median / max"
    )
    got: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(a.repeat):
        for name, cmd in commands.items():
            got[name].append(timed(cmd)[:2])
    for name, runs in got.items():
        print(f"{name:<18} CPU-s {spread([c for c, _ in runs])}   wall s {spread([w for _, w in runs])}")
    ours, floor, read = ([c for c, _ in got[n]] for n in ("privrisk-sql cavg", "floor: GROUP BY", "pandas read_csv"))
    print(f"ours / GROUP BY floor (CPU):   {spread([o / f for o, f in zip(ours, floor)])}")
    print(f"pandas read / ours (CPU):      {spread([r / o for r, o in zip(read, ours)])}")
    print(f"10x the issue's 4.72 CPU-s peer needs <= 0.47 CPU-s; the floor's median is {statistics.median(floor):.2f}")


if __name__ == "__main__":
    main()
