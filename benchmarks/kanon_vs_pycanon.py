"""privrisk_sql's k-anonymity family vs pycanon 1.3.x on the same data, values asserted equal.

Data: benchmarks/scaled_data.py N --seed 0 (Adult-like, default 100k rows), QIDs
age, sex, race, marital_status, sensitive attribute education (and hours_per_week for the
ordered t-closeness). Baseline: each pycanon check on a pandas DataFrame of the same file.
For each check it prints pycanon's seconds, the seconds of privrisk_sql's whole kanon() call
(every check at once, in DuckDB, reading the Parquet file in place), and the ratio; also the
seconds of the one SQL statement that computes that check. Target: >= 100x pycanon per check.

Usage: python benchmarks/kanon_vs_pycanon.py [--rows 100000]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import warnings
from pathlib import Path

import pandas as pd
from pycanon import anonymity

import privrisk_sql as pr

from scaled_data import scaled

warnings.simplefilter("ignore", FutureWarning)  # pycanon's pandas groupby(observed=...) notice
QIDS = ["age", "sex", "race", "marital_status"]
SA = "education"  # occupation has gaps, which pycanon cannot sort (NaN vs str)
SA_NUM = "hours_per_week"


def timed(fn, *args):
    start = time.perf_counter()
    value = fn(*args)
    return value, time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=100_000)
    args = ap.parse_args()
    path = scaled(args.rows)
    df = pd.read_parquet(path)
    src = pr.connect()
    statements: list[tuple[str, float]] = []
    src.on_timing = lambda sql, s: statements.append((sql, s))
    ours, t_ours = timed(pr.kanon, src, str(path), QIDS, [SA, SA_NUM])

    def stmt(marker: str, sa: str | None = None) -> float:
        return sum(s for sql, s in statements if marker in sql and (sa is None or f'"{sa}"' in sql))

    checks = [
        (
            "k_anonymity",
            lambda: anonymity.k_anonymity(df, QIDS),
            lambda: ours["k_anonymity"],
            stmt("class_size, has_null_qid"),
        ),
        (
            "l_diversity",
            lambda: anonymity.l_diversity(df, QIDS, [SA]),
            lambda: ours["l_diversity"][SA],
            stmt("WITH class_value", SA) - stmt("ROW_NUMBER", SA) - stmt("DENSE_RANK", SA),
        ),
        (
            "alpha_k_anonymity",
            lambda: anonymity.alpha_k_anonymity(df, QIDS, [SA])[0],
            lambda: ours["alpha_k"][SA]["alpha"],
            None,
        ),
        ("t_closeness (equal)", lambda: anonymity.t_closeness(df, QIDS, [SA]), lambda: ours["t_closeness"][SA], None),
        (
            "t_closeness (ordered)",
            lambda: anonymity.t_closeness(df, QIDS, [SA_NUM]),
            lambda: ours["t_closeness"][SA_NUM],
            stmt("DENSE_RANK", SA_NUM),
        ),
        (
            "basic_beta_likeness",
            lambda: anonymity.basic_beta_likeness(df, QIDS, [SA]),
            lambda: ours["basic_beta_likeness"][SA],
            None,
        ),
        (
            "enhanced_beta_likeness",
            lambda: anonymity.enhanced_beta_likeness(df, QIDS, [SA]),
            lambda: ours["enhanced_beta_likeness"][SA],
            None,
        ),
        (
            "delta_disclosure",
            lambda: anonymity.delta_disclosure(df, QIDS, [SA]),
            lambda: ours["delta_disclosure"][SA],
            None,
        ),
    ]
    print(f"{args.rows} rows, {ours['n_classes']} classes, QIDs {QIDS}, SA {SA} / {SA_NUM}")
    print(f"privrisk_sql kanon(), all checks, both SAs: {t_ours:.3f} s ({src.statements} statements)")
    print(f"{'check':<24} {'pycanon s':>10} {'ratio vs whole kanon()':>23} {'its statement s':>16}")
    failed = False
    floor = bare_group_by(path)
    shared_stmt = stmt("WITH class_value", SA) - stmt("ROW_NUMBER", SA) - stmt("DENSE_RANK", SA)
    for name, theirs, mine, own in checks:
        value, t = timed(theirs)
        ok = math.isclose(float(value), float(mine()), rel_tol=1e-9, abs_tol=1e-12)
        failed |= not ok
        own = shared_stmt if own is None else own
        print(
            f"{name:<24} {t:>10.3f} {t / t_ours:>22.1f}x {own:>16.4f}  {'equal' if ok else f'DIFFERENT {value} vs {mine()}'}",
            flush=True,
        )
        if name == "k_anonymity":
            k_anonymity_pycanon = t
    print(
        f"floor: one bare DuckDB GROUP BY of the QIDs over the file, best of 5: {floor:.4f} s = "
        f"{k_anonymity_pycanon / floor:.0f}x pycanon's k_anonymity"
    )
    return 1 if failed else 0


def bare_group_by(path: Path) -> float:
    """The least any engine reading the rows can do for k-anonymity: one GROUP BY, smallest count."""
    import duckdb

    con = duckdb.connect()
    cols = ", ".join(f'"{q}"' for q in QIDS)  # constant names from this script, not user input
    best = math.inf
    for _ in range(5):
        start = time.perf_counter()
        con.execute(
            f"SELECT MIN(n) FROM (SELECT COUNT(*) AS n FROM read_parquet(?) GROUP BY {cols})", [str(path)]
        ).fetchall()
        best = min(best, time.perf_counter() - start)
    return best


if __name__ == "__main__":
    sys.exit(main())
