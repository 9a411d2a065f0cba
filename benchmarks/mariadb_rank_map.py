"""MariaDB: a text QID's rank map as TEXT (the baseline) or as the VARCHAR the run now makes.

Why this exists: Mondrian codes a text QID by joining the input to its rank map (value -> code).
MariaDB hashes that join (join_cache_level = 4, BNLH), but on a TEXT column its hash key is a
3-byte prefix (EXPLAIN: key_len 3), so values sharing their first bytes (postcodes, IDs, dates as
text) fall in one bucket and the join compares nearly every pair. The map's value column is now a
VARCHAR as long as the longest value (templates/mysql/_functions.sql.j2, byte_text_key_column;
docs/decisions/mariadb-rank-map-varchar.md).

Data (made here): --rows rows of (id, zip, age), zip one of --values five-digit postcodes.
Measured in the same run, under a run's session settings, best of --repeats:
  join, map as TEXT       the baseline: the coding join with the map's value column TEXT
  join, map as shipped    the same join, the map made by MondrianQueries.rank_map_table
  run, shipped            the whole `mondrian` run (k = 10, QIDs zip and age)
Both joins are checked to code every row.

Usage: python benchmarks/mariadb_rank_map.py --db URL [--rows 40000] [--values 10000] [--repeats 3]
       (URL: mysql+pymysql://...; .ci/mariadb.sh starts a server and sets PRIVRISK_MYSQL_URL)
"""

from __future__ import annotations

import argparse
import os
import time

import privrisk_sql as pr
from privrisk_sql.metrics.mondrian.sql import MondrianQueries


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", default=os.environ.get("PRIVRISK_MYSQL_URL"))
    ap.add_argument("--rows", type=int, default=40_000)
    ap.add_argument("--values", type=int, default=10_000)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    if not args.db:
        ap.error("--db (or PRIVRISK_MYSQL_URL) is required")
    src = pr.connect(args.db)
    q = MondrianQueries(src.dialect)
    src.execute("DROP TABLE IF EXISTS people")
    src.execute("CREATE TABLE people (id INTEGER, zip VARCHAR(5), age INTEGER)")
    for start in range(0, args.rows, 1000):
        src.execute(
            "INSERT INTO people (id, zip, age) VALUES "
            + ", ".join(
                f"({i}, '{(i * 7919) % args.values:05d}', {i % 90})" for i in range(start, min(args.rows, start + 1000))
            )
        )
    values = sorted({f"{(i * 7919) % args.values:05d}" for i in range(args.rows)})

    def join(as_text: bool) -> float:
        best = float("inf")
        for _ in range(args.repeats):
            with src.guarded():  # the run's settings: join_cache_level = 4 (hash joins)
                name = src.temp_name("map")
                ddl = q.rank_map_table(name, max(map(len, values)))
                if as_text:
                    ddl = ddl.replace(
                        ddl.split("(val ", 1)[1].split(", code", 1)[0],
                        "TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin",
                    )
                src.execute(ddl)
                ranked = [(v, i + 1) for i, v in enumerate(values)]
                for start in range(0, len(ranked), 400):
                    src.execute(q.rank_map_rows(name, ranked[start : start + 400]))
                t = time.perf_counter()
                coded = src.fetch_records(
                    f"SELECT COUNT(m.code) AS n FROM people r LEFT JOIN {src.quote(name)} m "
                    "ON m.val = (CONVERT(r.zip USING utf8mb4) COLLATE utf8mb4_nopad_bin)"
                )
                best = min(best, time.perf_counter() - t)
                assert int(coded[0]["n"]) == args.rows, coded
        return best

    base, ours = join(as_text=True), join(as_text=False)
    runs = []
    for _ in range(args.repeats):
        t = time.perf_counter()
        pr.mondrian(src, "people", ["zip", "age"], 10, "released", replace=True, keep="*")
        runs.append(time.perf_counter() - t)
    for table in ("released", "people"):
        src.execute(f"DROP TABLE IF EXISTS {table}")
    print(f"{args.rows:,} rows, {len(values):,} postcodes")
    print(f"  join, map as TEXT (baseline)   {base:7.2f} s")
    print(f"  join, map as shipped           {ours:7.2f} s   {base / ours:6.1f}x faster")
    print(f"  run, shipped                   {min(runs):7.2f} s")


if __name__ == "__main__":
    main()
