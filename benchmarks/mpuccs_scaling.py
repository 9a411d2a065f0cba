"""privrisk_sql mpUCCs alone at 100k, 1M and 10M rows, against one plain DuckDB GROUP BY.

ori = benchmarks/scaled_data.py N --seed 0, syn = the same with --seed 1 (Parquet, read in place);
columns = Adult's 9 quasi-identifiers + hours_per_week; n_cols 1,2,3 (175 combinations).
Prints, per size: whole-process seconds and peak RSS (a child process per run), seconds per
combination (the histogram + match statements, divided by the combinations they covered) and the
baseline: one `SELECT age, occupation, COUNT(*) FROM ori GROUP BY age, occupation` in DuckDB
(best of 3), with the ratio. Targets: 10M rows under 5 minutes on 2 cores; per-combination cost
within 2x of the baseline.

Usage: python benchmarks/mpuccs_scaling.py [--rows 100000,1000000,10000000]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import duckdb

from scaled_data import DATA, scaled

COLUMNS = "age,sex,race,marital_status,education,native_country,workclass,occupation,relationship,hours_per_week"

CHILD = """
import json, sys, time
import privrisk_sql as pr
ori, syn, columns, out = sys.argv[1:5]
src = pr.connect()
spent = {"per_combination": 0.0}
def on_timing(sql, seconds):
    if "AS combo, group_size" in sql or "INSERT INTO" in sql:
        spent["per_combination"] += seconds
src.on_timing = on_timing
start = time.perf_counter()
r = pr.mpuccs(src, ori, syn, columns=columns.split(","), n_cols=[1, 2, 3])
g = r.global_.iloc[0].to_dict()
json.dump({"seconds": time.perf_counter() - start, "statements": src.statements,
           "per_combination_total": spent["per_combination"], "combinations": int(g["total_combinations_checked"]),
           "identification_rate": float(g["identification_rate"]),
           "syn_rows_dedup": int(g["total_syn_records"])}, open(out, "w"))
"""


def baseline(ori: Path) -> float:
    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        con.execute(
            "SELECT COUNT(*) FROM (SELECT age, occupation, COUNT(*) FROM read_parquet(?) GROUP BY age, occupation)",
            [str(ori)],
        ).fetchall()
        best = min(best, time.perf_counter() - start)
    return best


def run_child(ori: Path, syn: Path) -> tuple[dict, float, float]:
    out = DATA / "scaling.json"
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(ori), str(syn), COLUMNS, str(out)])
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"privrisk_sql run failed on {ori}")
    return json.loads(out.read_text()), wall, usage.ru_maxrss / 1024


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", default="100000,1000000,10000000")
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores; duckdb {duckdb.__version__}; columns: {COLUMNS}; n_cols 1,2,3")
    print(
        f"{'rows':>10} {'syn dedup':>10} {'process s':>10} {'peak RSS MB':>12} {'s/combination':>14} "
        f"{'GROUP BY s':>11} {'ratio':>7}  rate"
    )
    for n in (int(x) for x in args.rows.split(",")):
        ori, syn = scaled(n, 0), scaled(n, 1)
        base = baseline(ori)
        result, wall, rss = run_child(ori, syn)
        per_combo = result["per_combination_total"] / result["combinations"]
        print(
            f"{n:>10} {result['syn_rows_dedup']:>10} {wall:>10.2f} {rss:>12.0f} {per_combo:>14.4f} "
            f"{base:>11.4f} {per_combo / base:>6.2f}x  {result['identification_rate']:.4f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
