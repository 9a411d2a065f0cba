"""risk on DuckDB against its floors, in one run (issue 38's targets):

* `risk --population-size N` against the bare GROUP BY of the QIDs (the floor: one pass that
  every class-based figure needs);
* `risk --population P` (P as many rows as the sample) against a bare join of the two class
  tables (each GROUP BY of its QIDs, joined on them);
* `risk --records OUT --key row_id` against `CREATE TABLE AS SELECT` of the same rows.

Data: benchmarks/scaled_data.py (Adult-like), seed 0 as the sample and seed 1 as the population,
in one DuckDB database file with a row_id. QIDs: age, sex, race, education, marital_status.
Each job runs in-process on a fresh connection to the file, interleaved (floor, ours, floor,
ours, ...); min / median / max of `--repeat` runs are printed, and the ratio of the medians.

Usage: python benchmarks/risk_scaling.py [--rows 10000000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import duckdb

import privrisk_sql as pr

from scaled_data import scaled

QIDS = ["age", "sex", "race", "education", "marital_status"]


def _load(path: Path, n: int) -> None:
    con = duckdb.connect(str(path))
    for seed, name in ((0, "sample"), (1, "population")):
        con.execute(
            f"CREATE TABLE {name} AS SELECT row_number() OVER () - 1 AS row_id, * "
            f"FROM read_parquet('{scaled(n, seed)}')"
        )
    con.close()


def _floor_group_by(path: Path) -> None:
    con = duckdb.connect(str(path), read_only=True)
    q = ", ".join(QIDS)
    con.execute(f"SELECT COUNT(*) FROM (SELECT {q}, COUNT(*) AS n FROM sample GROUP BY {q})").fetchall()
    con.close()


def _floor_join(path: Path) -> None:
    con = duckdb.connect(str(path), read_only=True)
    q = ", ".join(QIDS)
    on = " AND ".join(f"s.{c} IS NOT DISTINCT FROM p.{c}" for c in QIDS)
    con.execute(
        f"SELECT COUNT(*), SUM(s.n), SUM(p.n) FROM (SELECT {q}, COUNT(*) AS n FROM sample GROUP BY {q}) s "
        f"LEFT JOIN (SELECT {q}, COUNT(*) AS n FROM population GROUP BY {q}) p ON {on}"
    ).fetchall()
    con.close()


def _floor_copy(path: Path) -> None:
    con = duckdb.connect(str(path))
    con.execute("CREATE OR REPLACE TABLE copy_floor AS SELECT * FROM sample")
    con.execute("DROP TABLE copy_floor")
    con.close()


def _ours(path: Path, **options) -> None:
    con = duckdb.connect(str(path), read_only="records" not in options)
    pr.risk(con, "sample", QIDS, **options)
    if "records" in options:
        con.execute(f"DROP TABLE {options['records']}")
    con.close()


def _timed(job) -> float:
    started = time.perf_counter()
    job()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "risk.duckdb"
        started = time.perf_counter()
        _load(path, args.rows)
        print(
            f"{args.rows:,} rows per table loaded in {time.perf_counter() - started:.1f} s; "
            f"load average {os.getloadavg()[0]:.2f}",
            flush=True,
        )
        pairs = [
            (
                "--population-size vs bare GROUP BY",
                lambda: _floor_group_by(path),
                lambda: _ours(path, population_size=10 * args.rows),
                1.5,
            ),
            (
                "--population vs bare join of the class tables",
                lambda: _floor_join(path),
                lambda: _ours(path, population="population"),
                2.0,
            ),
            (
                "--records vs CREATE TABLE AS SELECT",
                lambda: _floor_copy(path),
                lambda: _ours(path, records="risk_records", key="row_id"),
                2.0,
            ),
        ]
        for label, floor, ours, target in pairs:
            floors, mine = [], []
            for _ in range(args.repeat):
                floors.append(_timed(floor))
                mine.append(_timed(ours))
            ratio = statistics.median(mine) / statistics.median(floors)
            print(
                f"{label}: floor {min(floors):.2f} / {statistics.median(floors):.2f} / {max(floors):.2f} s, "
                f"ours {min(mine):.2f} / {statistics.median(mine):.2f} / {max(mine):.2f} s "
                f"(min / median / max), ratio {ratio:.2f}x (target <= {target}x)"
                f"{'' if ratio <= target else '  MISSED'}",
                flush=True,
            )
        print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
