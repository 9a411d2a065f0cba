"""MariaDB, PostgreSQL and DuckDB side by side: the same jobs on the same rows, same results asserted.

Data: benchmarks/scaled_data.py (Adult-like), seed 0 as the original table and seed 1 as the
synthetic one, loaded into each database with a row_id (the input order). Jobs:

* mpUCCs, n_cols 1-3 over six columns (positions through --key row_id: no row order on servers);
* kanon on four QIDs with income as the sensitive attribute (k, l, entropy l, t, ...);
* Mondrian strict, k = 10, on six QIDs, its output written in each database.

Baseline: DuckDB, in the same run; the ratio printed is each backend's time over DuckDB's. For
Mondrian on MariaDB the statements per level are printed for every size: they must not grow with
the rows (no per-partition or per-row round trips).

Servers come from PRIVRISK_PG_URL and PRIVRISK_MYSQL_URL (bash .ci/postgres.sh / .ci/mariadb.sh
start them); a backend without its URL is left out, and says so.

Usage: python benchmarks/engines_1m.py [--rows 100000,1000000]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import duckdb
import sqlalchemy as sa

import privrisk_sql as pr

from scaled_data import scaled

MPUCCS_COLUMNS = ["age", "workclass", "education", "marital_status", "race", "sex"]
KANON_QIDS = ["age", "sex", "race", "education"]
MONDRIAN_QIDS = ["age", "education_num", "hours_per_week", "sex", "race", "marital_status"]
# DuckDB's types of the generated columns, spelled for the servers.
SERVER_TYPES = {"BIGINT": "BIGINT", "INTEGER": "BIGINT", "VARCHAR": "VARCHAR(64)", "DOUBLE": "DOUBLE PRECISION"}


def _rows_with_id(n: int, seed: int) -> str:
    return f"SELECT row_number() OVER () - 1 AS row_id, * FROM read_parquet('{scaled(n, seed)}')"


def load_duckdb(n: int) -> duckdb.DuckDBPyConnection:
    con = duckdb.connect()
    for seed, name in ((0, "adult_ori"), (1, "adult_syn")):
        con.execute(f"CREATE TABLE {name} AS {_rows_with_id(n, seed)}")
    return con


def load_server(url: str, n: int, kind: str) -> str:
    """Tables adult_ori and adult_syn of n rows in the server at url (made again each run)."""
    engine = sa.create_engine(url, connect_args={"local_infile": True} if kind == "mysql" else {})
    con = duckdb.connect()
    with engine.connect() as conn, tempfile.TemporaryDirectory() as tmp:
        raw = conn.connection.driver_connection
        for seed, name in ((0, "adult_ori"), (1, "adult_syn")):
            described = con.execute(f"DESCRIBE {_rows_with_id(n, seed)}").fetchall()
            columns = ", ".join(f"{c} {SERVER_TYPES[t]}" for c, t, *_ in described)
            csv = Path(tmp) / f"{name}.csv"
            con.execute(f"COPY ({_rows_with_id(n, seed)}) TO '{csv}' (HEADER false, NULLSTR '\\N')")
            cur = raw.cursor()
            cur.execute(f"DROP TABLE IF EXISTS {name}")
            cur.execute(f"CREATE TABLE {name} ({columns})")
            if kind == "mysql":
                cur.execute(
                    f"LOAD DATA LOCAL INFILE '{csv}' INTO TABLE {name} FIELDS TERMINATED BY ','"
                    " OPTIONALLY ENCLOSED BY '\"'"
                )
            else:
                with cur.copy(f"COPY {name} FROM STDIN (FORMAT csv, NULL '\\N')") as copy, open(csv, "rb") as f:
                    while chunk := f.read(1 << 20):
                        copy.write(chunk)
            cur.close()
            raw.commit()
    return url


def run_jobs(target, label: str, after_job=None) -> dict:
    """The three jobs on ``target`` (a Source, or what pr.connect takes); ``after_job(name, out)``
    is called after each one (benchmarks/spark_cluster.py reads the jobs Spark ran for it)."""
    out: dict = {"backend": label}
    src = pr.connect(target)
    started = time.perf_counter()
    r = pr.mpuccs(src, "adult_ori", "adult_syn", columns=MPUCCS_COLUMNS, n_cols=[1, 2, 3], key="row_id")
    out["mpuccs_s"] = time.perf_counter() - started
    out["mpuccs"] = r.to_dict()["global"]
    if after_job:
        after_job("mpuccs", out)
    started = time.perf_counter()
    out["kanon"] = pr.kanon(src, "adult_ori", KANON_QIDS, sensitive="income", k=10)
    out["kanon_s"] = time.perf_counter() - started
    if after_job:
        after_job("kanon", out)
    statements = src.statements
    started = time.perf_counter()
    m = pr.mondrian(src, "adult_ori", MONDRIAN_QIDS, 10, "adult_k10", replace=True, keep=["row_id"])
    out["mondrian_s"] = time.perf_counter() - started
    out["mondrian"] = (m.partitions, m.min_size, m.max_size, round(m.gcp, 12), m.levels)
    out["statements_per_level"] = (src.statements - statements) / m.levels
    if after_job:
        after_job("mondrian", out)
    src.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", default="100000,1000000")
    args = ap.parse_args()
    servers = {"postgres": os.environ.get("PRIVRISK_PG_URL"), "mysql": os.environ.get("PRIVRISK_MYSQL_URL")}
    for kind, url in servers.items():
        if not url:
            print(f"{kind}: no URL in the environment, left out", file=sys.stderr)
    print(
        "rows,backend,mpuccs_s,kanon_s,mondrian_s,mpuccs_ratio,kanon_ratio,mondrian_ratio,"
        "statements_per_mondrian_level",
        flush=True,
    )
    for n in (int(x.replace("_", "")) for x in args.rows.split(",")):
        results = [run_jobs(load_duckdb(n), "duckdb")]
        for kind, url in servers.items():
            if url:
                results.append(run_jobs(load_server(url, n, kind), kind))
        base = results[0]
        for r in results:
            for job in ("mpuccs", "kanon", "mondrian"):
                assert r[job] == base[job], (n, r["backend"], job, r[job], base[job])
            print(
                f"{n},{r['backend']},{r['mpuccs_s']:.2f},{r['kanon_s']:.2f},{r['mondrian_s']:.2f},"
                f"{r['mpuccs_s'] / base['mpuccs_s']:.1f},{r['kanon_s'] / base['kanon_s']:.1f},"
                f"{r['mondrian_s'] / base['mondrian_s']:.1f},{r['statements_per_level']:.1f}",
                flush=True,
            )
        print(f"{n}: same mpUCCs, kanon and Mondrian results on {', '.join(r['backend'] for r in results)}", flush=True)


if __name__ == "__main__":
    main()
