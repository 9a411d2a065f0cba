"""Ordered t-closeness (numeric sensitive attribute) against the k-anonymity statement, same run.

Two cases, each timed best of --repeat on DuckDB (and SQLite for the small one):

* trap: 28,000 rows, about 6,000 classes and 6,000 distinct sensitive values, the shape that took
  84-100 s on DuckDB and 56 s on SQLite when the statement built the class x value grid (38M
  rows). Baseline: that grid formulation (kept below as GRID_SQL), same data, same result asserted.
* scale: 1M rows, 10,000 distinct sensitive values. Target (issue 25): ordered t-closeness within
  3x of the k-anonymity statement (the class-size histogram) on the same table.

Data: made here, seeded (numpy): QIDs age (17-90), zip (0..Z-1: 45 for about 6,000 classes at 28k rows, 500 at 1M), sex; sensitive income, an
integer with D distinct values.

    python benchmarks/t_closeness.py [--repeat 3] [--skip-grid]
"""

from __future__ import annotations

import argparse
import sqlite3
import time

import duckdb
import numpy as np
import pandas as pd

from privrisk_sql.metrics.classes import class_size_histogram_sql
from privrisk_sql.metrics.kanon.driver import KanonQueries
from privrisk_sql.sql.dialects import get_dialect
from privrisk_sql.sql.render import quote_identifier

QIDS = ["age", "zip", "sex"]
SENSITIVE = "income"

# The previous statement: every class crossed with every value (the baseline).
GRID_SQL = """
WITH class_value AS (
  SELECT DENSE_RANK() OVER (ORDER BY {qids}) AS class_id, DENSE_RANK() OVER (ORDER BY {s}) AS value_id,
         COUNT(*) AS c
  FROM {relation} WHERE {s} IS NOT NULL GROUP BY {qids}, {s}
),
value_counts AS (SELECT value_id, SUM(c) AS g FROM class_value GROUP BY value_id),
class_sizes AS (SELECT class_id, SUM(c) AS class_size FROM class_value GROUP BY class_id),
grid AS (
  SELECT s.class_id, v.value_id, s.class_size, v.g, COALESCE(cv.c, 0) AS c
  FROM class_sizes s CROSS JOIN value_counts v
  LEFT JOIN class_value cv ON cv.class_id = s.class_id AND cv.value_id = v.value_id
),
cdf AS (
  SELECT class_id,
    CAST(SUM(c) OVER (PARTITION BY class_id ORDER BY value_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
         AS DOUBLE PRECISION) / class_size
    - CAST(SUM(g) OVER (PARTITION BY class_id ORDER BY value_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
           AS DOUBLE PRECISION) / (SELECT SUM(g) FROM value_counts) AS gap
  FROM grid
)
SELECT MAX(emd) FROM (
  SELECT class_id, SUM(ABS(gap)) / NULLIF((SELECT COUNT(*) FROM value_counts) - 1, 0) AS emd
  FROM cdf GROUP BY class_id
) per_class
"""


FLOOR_SQL = """
SELECT MAX(running) FROM (
  SELECT SUM(c) OVER (PARTITION BY {qids} ORDER BY {s} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running
  FROM (SELECT {qids}, {s}, COUNT(*) AS c FROM {relation} GROUP BY {qids}, {s}) class_value
) cdf
"""


def make(n: int, zips: int, distinct: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "age": rng.integers(17, 91, n),
            "zip": rng.integers(0, zips, n),
            "sex": rng.choice(["F", "M"], n),
            "income": rng.integers(0, distinct, n) * 7 + 1000,
        }
    )


def best(con, sql: str, repeat: int) -> tuple[float, list]:
    """Best time of ``repeat`` runs of ``sql`` on ``con``, and its rows."""
    times, rows = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        rows = con.execute(sql).fetchall()
        times.append(time.perf_counter() - t0)
    return min(times), rows


def statements(dialect_name: str, table: str) -> dict[str, str]:
    d = get_dialect(dialect_name)
    q = KanonQueries(d)
    quoted = [quote_identifier(c, d) for c in QIDS]
    return {
        "k-anonymity (class sizes)": class_size_histogram_sql(d, table, QIDS),
        "ordered t-closeness": q.t_closeness_ordered(table, QIDS, SENSITIVE),
        "grid (previous)": GRID_SQL.format(qids=", ".join(quoted), s=quote_identifier(SENSITIVE, d), relation=table),
        # The least any per-class CDF costs: the (class, value) counts and one running sum per
        # class. 3x the k-anonymity statement is out of reach if this alone is above it.
        "floor": FLOOR_SQL.format(qids=", ".join(quoted), s=quote_identifier(SENSITIVE, d), relation=table),
    }


def case(label: str, df: pd.DataFrame, repeat: int, grid: bool, sqlite_too: bool) -> None:
    classes = df.groupby(QIDS).ngroups
    print(f"\n{label}: {len(df):,} rows, {classes:,} classes, {df[SENSITIVE].nunique():,} distinct {SENSITIVE}")
    engines = [("duckdb", duckdb.connect())]
    if sqlite_too:
        engines.append(("sqlite", sqlite3.connect(":memory:")))
    for name, con in engines:
        if name == "duckdb":
            con.register("df", df)
            con.execute("CREATE TABLE t AS SELECT * FROM df")
        else:
            df.to_sql("t", con, index=False)
        sqls = statements(name, '"t"')
        base, _ = best(con, sqls["k-anonymity (class sizes)"], repeat)
        new, t_new = best(con, sqls["ordered t-closeness"], repeat)
        floor, _ = best(con, sqls["floor"], repeat)
        print(
            f"  {name:6}  k-anonymity statement {base:8.3f} s | ordered t-closeness {new:8.3f} s "
            f"= {new / base:5.2f}x the k-anonymity statement (target 3x) | floor (class-value counts + one "
            f"per-class running sum) {floor:.3f} s = {floor / base:5.2f}x"
        )
        if grid:
            old, t_old = best(con, sqls["grid (previous)"], 1)
            assert abs(t_old[0][0] - t_new[0][0]) < 1e-9, (t_old, t_new)
            print(
                f"  {name:6}  grid (previous) {old:8.3f} s -> {new:8.3f} s: {old / new:7.1f}x faster, "
                f"t = {t_new[0][0]:.6f} both"
            )
        con.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--skip-grid", action="store_true", help="do not run the previous (quadratic) statement")
    a = ap.parse_args()
    case("trap", make(28_000, 45, 6_000), a.repeat, not a.skip_grid, True)
    case("scale", make(1_000_000, 500, 10_000), a.repeat, False, False)


if __name__ == "__main__":
    main()
