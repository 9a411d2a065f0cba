"""MariaDB: the windows' partition keys as shipped (a hash of long values added) against plain ones.

Why this exists: MariaDB's windows compare a value by its first max_sort_length bytes (1,024 by
default), where GROUP BY, DISTINCT and joins compare it whole. kanon's sensitive
figures, recursive c, risk's record table and Mondrian's sensitive codes come from windows, and
values alike in their first kilobyte shared a partition there (t 0.4167 for 0.5). A run's window
keys now add the value's SHA-256 where it has at least a quarter of max_sort_length bytes
(templates/mysql/_functions.sql.j2, window_key; docs/decisions/mariadb-window-keys.md).

Data (made here on the server): --rows rows of (id, age, edu, zip, disease): age 17..90, edu one
of 16 short texts, zip one of 5,000, disease one of 10; and a 90-row table whose values agree in
their first 1,500 bytes. Measured in the same run, under a run's session settings, the forms
interleaved --repeats times (min / median / max), each statement read to its end:
  plain      the baseline: the statement with the hash keys taken out (the SQL before)
  shipped    the statement a run sends
  hashed     every value hashed, short ones too (the alternative left)
for kanon's sensitive figures (QIDs age, edu, zip; sensitive disease), recursive c, and risk's
record table (QIDs edu, zip, age). Then plain and shipped on the long values: their figures.

Usage: python benchmarks/mariadb_window_keys.py --db URL [--rows 1000000] [--repeats 5]
       (URL: mysql+pymysql://...; .ci/mariadb.sh starts a server and sets PRIVRISK_MYSQL_URL)
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import time

import privrisk_sql as pr
from privrisk_sql.metrics.classes import compared_as_bytes
from privrisk_sql.metrics.kanon.driver import KanonQueries
from privrisk_sql.metrics.risk.sql import RiskColumn, RiskQueries

# The hash key window_key adds after a value (one per partitioned value): what `plain` takes out.
HASH_KEY = re.compile(r", CASE WHEN LENGTH\((.+?)\) \* 4 >= @@max_sort_length THEN UNHEX\(SHA2\(\1, 256\)\) END")


def plain(sql: str) -> str:
    """``sql`` without the hash keys: the statement as it was before them."""
    return HASH_KEY.sub("", sql)


def hashed(sql: str) -> str:
    """``sql`` with a hash key for every value, long or short: the alternative left."""
    return HASH_KEY.sub(lambda m: f", UNHEX(SHA2({m.group(1)}, 256))", sql)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", default=os.environ.get("PRIVRISK_MYSQL_URL"))
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    if not args.db:
        ap.error("--db (or PRIVRISK_MYSQL_URL) is required")
    src = pr.connect(args.db)
    q = KanonQueries(src.dialect)
    src.execute("DROP TABLE IF EXISTS wk_people")
    src.execute(
        "CREATE TABLE wk_people (id INTEGER, age INTEGER, edu VARCHAR(20), zip VARCHAR(10), disease VARCHAR(20))"
    )
    src.execute(
        "INSERT INTO wk_people SELECT seq, 17 + seq % 74, CONCAT('edu-', seq % 16), "
        "CONCAT('z', LPAD((seq * 7919) % 5000, 5, '0')), CONCAT('disease-', (seq * 31) % 10) "
        f"FROM seq_1_to_{int(args.rows)}"
    )
    stem = "x" * 1500
    src.execute("DROP TABLE IF EXISTS wk_long")
    src.execute("CREATE TABLE wk_long (id INTEGER, q TEXT, s TEXT)")
    src.execute(
        "INSERT INTO wk_long VALUES " + ", ".join(f"({i}, '{stem}{i % 6}', '{stem}{'abcd'[i % 4]}')" for i in range(90))
    )
    try:
        people = src.relation("wk_people")
        rel = compared_as_bytes(src.dialect, people, ["age", "edu", "zip", "disease"])
        # as a run reads them: the texts byte by byte (a server table may carry a collation)
        cols = [
            RiskColumn("edu", "edu", True, False),
            RiskColumn("zip", "zip", True, False),
            RiskColumn("age", "age", False, False),
        ]
        statements = {
            "kanon sensitive figures": q.sensitive_class_stats(rel.sql, ["age", "edu", "zip"], "disease"),
            "recursive c": q.recursive_c(rel.sql, ["age", "edu", "zip"], "disease", 2),
            "risk record table": "SELECT COUNT(*), SUM(class_size) FROM ("
            + RiskQueries(src.dialect).record_risks(None, people.sql, cols, "id", "id")
            + ") r",
        }
        version = src.fetch_records("SELECT VERSION() AS v")[0]["v"]
        print(f"MariaDB {version}, {args.rows:,} rows, {args.repeats} runs of each form, interleaved")
        forms = ("plain", "shipped", "hashed")
        print(f"{'statement':<26}" + "".join(f"{f + ' min/median/max':>26}" for f in forms) + "  ÷ plain (medians)")
        for name, sql in statements.items():
            assert plain(sql) != sql, name  # the statement has hash keys to take out
            texts = {"plain": plain(sql), "shipped": sql, "hashed": hashed(sql)}
            times: dict[str, list[float]] = {f: [] for f in forms}
            for _ in range(args.repeats):  # A, B, C, A, B, C: a machine's drift falls on each
                for form, text in texts.items():
                    with src.guarded():  # the run's session settings
                        start = time.perf_counter()
                        src.fetch_records(text)
                        times[form].append(time.perf_counter() - start)
            spread = {f: (min(t), statistics.median(t), max(t)) for f, t in times.items()}
            cells = "".join(f"{' / '.join(f'{x:.2f}' for x in spread[f]) + ' s':>26}" for f in forms)
            ratios = ", ".join(f"{f} {spread[f][1] / spread['plain'][1]:.2f}x" for f in forms[1:])
            print(f"{name:<26}{cells}  {ratios}")
        long_rel = compared_as_bytes(src.dialect, src.relation("wk_long"), ["q", "s"])
        sql = q.sensitive_class_stats(long_rel.sql, ["q"], "s")
        with src.guarded():
            for form, text in (("plain", plain(sql)), ("shipped", sql)):
                row = src.fetch_records(text)[0]
                print(
                    f"long values, {form:<8} l {row['l']}, alpha {float(row['alpha']):.4f}, t {float(row['emd_equal']):.4f}"
                )
        print("the oracle (pandas) says l 2, alpha 0.5333, t 0.5000")
    finally:
        src.execute("DROP TABLE IF EXISTS wk_people")
        src.execute("DROP TABLE IF EXISTS wk_long")


if __name__ == "__main__":
    main()
