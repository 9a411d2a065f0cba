"""SQLite: mpUCCs with SQLite's own coded rows (templates/sqlite/mpuccs/coded_rows.sql.j2: codes by
DENSE_RANK) against the shape it had before (templates/default: each column's dictionary joined
back to the rows); same data, the same result asserted (JSON byte for byte), time ratio printed.

Why: SQLite has no hash join and builds no index for a CTE, so each dictionary join was a scan of
the dictionary for every row: (rows) x (distinct values) per column. On the 30k-row pair of
mpuccs_vs_petsard.py that statement took 77 of the run's 88 s (2026-12-01).

Data: benchmarks/scaled_data.py N, seed 0 as ori and seed 1 as syn (Adult-like; fnlwgt has a
value per few rows), copied once into an SQLite file in benchmarks/data/. Job: mpUCCs over the
15 columns, n_cols 1,2. Baseline: the same job with the previous coded-rows shape, in the same
run, interleaved, best of --repeat rounds each.

Usage: python benchmarks/sqlite_mpuccs.py [--rows 5000,20000] [--repeat 2]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sqlite3
import sys
import time
from pathlib import Path

import pandas as pd

import privrisk_sql as pr
from privrisk_sql.metrics.mpuccs.sql import SIDE_OFFSET, MpuccsQueries
from privrisk_sql.sql.dialects import get_dialect
from privrisk_sql.sql.render import environment

from scaled_data import DATA, scaled

DEFAULT_SHAPE = Path(__file__).resolve().parents[1] / "templates" / "default" / "mpuccs" / "coded_rows.sql.j2"


def database_for(n: int) -> str:
    """benchmarks/data/pair_<n>.sqlite with tables ori and syn (scaled_data.py seeds 0 and 1), made once."""
    path = DATA / f"pair_{n}.sqlite"
    if not path.exists():
        con = sqlite3.connect(path)
        for seed, name in ((0, "ori"), (1, "syn")):
            pd.read_parquet(scaled(n, seed)).to_sql(name, con, index=False)
        con.close()
    return f"sqlite:///{path}"


@contextlib.contextmanager
def previous_shape():
    """coded_rows rendered from templates/default for SQLite, as it was before SQLite had its own."""
    template = environment(get_dialect("sqlite")).from_string(DEFAULT_SHAPE.read_text())
    shipped = MpuccsQueries.coded_rows

    def coded_rows(self, target, syn, ori, columns):
        return template.render(target=target, syn=syn, ori=ori, columns=list(columns), side_offset=SIDE_OFFSET)

    MpuccsQueries.coded_rows = coded_rows
    try:
        yield
    finally:
        MpuccsQueries.coded_rows = shipped


def run(url: str, previous: bool) -> tuple[str, float, float]:
    """One run: its result as JSON, the seconds it took, and the coded rows' statement's seconds."""
    src = pr.connect(url)
    coded: list[float] = []
    src.on_timing = lambda sql, seconds: coded.append(seconds) if "both_sides" in sql else None
    try:
        with previous_shape() if previous else contextlib.nullcontext():
            start = time.perf_counter()
            result = pr.mpuccs(src, "ori", "syn", n_cols=[1, 2], progress=False)
            seconds = time.perf_counter() - start
    finally:
        src.close()
    return json.dumps(result.to_dict(), default=str, sort_keys=True), seconds, sum(coded)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", default="5000,20000")
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    print(f"SQLite {sqlite3.sqlite_version}; best of {args.repeat} rounds, interleaved")
    print(f"{'rows':>7} {'previous s':>11} {'(coded)':>8} {'shipped s':>10} {'(coded)':>8} {'ratio':>7}  same result")
    failed = False
    for n in (int(x) for x in args.rows.split(",")):
        url = database_for(n)
        runs: dict[bool, list] = {True: [], False: []}
        for _ in range(args.repeat):
            for previous in (True, False):
                runs[previous].append(run(url, previous))
        same = len({text for variant in runs.values() for text, _, _ in variant}) == 1
        failed |= not same
        before, after = min(runs[True], key=lambda r: r[1]), min(runs[False], key=lambda r: r[1])
        print(
            f"{n:>7} {before[1]:>11.2f} {before[2]:>8.2f} {after[1]:>10.2f} {after[2]:>8.2f} "
            f"{before[1] / after[1]:>6.1f}x  {'yes' if same else 'NO'}",
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
