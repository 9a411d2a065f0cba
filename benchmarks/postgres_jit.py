"""PostgreSQL with JIT off for the length of a run (Dialect.run_settings) against the server's
default (JIT on), same data, same results asserted, time ratio printed.

Why: our work tables are TEMP tables without statistics, so PostgreSQL's cost estimates run into
the millions and JIT compiles nearly every statement (hundreds of milliseconds each) for queries
that then run in milliseconds. privrisk_sql turns JIT off for its own session during a run and
restores the previous value afterwards; this script measures what that buys.

Data: benchmarks/scaled_data.py N --seed 0 (Adult-like), copied once into PostgreSQL as
bench_adult_N. Jobs: Mondrian (k = 10, QIDs age, education_num, hours_per_week, sex,
race, marital_status; output written in the database) and kanon (QIDs age, sex, race,
marital_status; sensitive education and hours_per_week). Baseline: the same job with the run
setting disabled and the session's jit = on (PostgreSQL's default). One run each, JIT on first.

Usage: python benchmarks/postgres_jit.py [--url URL] [--rows 100000,1000000]
       (URL defaults to $PRIVRISK_PG_URL; bash .ci/run starts a server and prints it)
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import os
import sys
import time

import pandas as pd
import sqlalchemy as sa

import privrisk_sql as pr

from scaled_data import scaled

MONDRIAN_QIDS = ["age", "education_num", "hours_per_week", "sex", "race", "marital_status"]
KANON_QIDS = ["age", "sex", "race", "marital_status"]
SENSITIVE = ["education", "hours_per_week"]


def table_for(engine: sa.Engine, n: int) -> str:
    """bench_adult_N in PostgreSQL, loaded with COPY from the scaled_data.py Parquet file once."""
    name = f"bench_adult_{n}"
    with engine.connect() as c:
        if c.execute(sa.text("SELECT to_regclass(:t)"), {"t": name}).scalar() is not None:
            return name
    df = pd.read_parquet(scaled(n, 0))
    df.head(0).to_sql(name, engine, index=False)
    buf = io.StringIO()
    df.to_csv(buf, index=False, header=False)
    raw = engine.raw_connection()
    try:
        with raw.cursor() as cur:
            with cur.copy(f'COPY "{name}" FROM STDIN WITH (FORMAT csv)') as copy:  # name: this script's constant
                copy.write(buf.getvalue())
            cur.execute(f'ANALYZE "{name}"')
        raw.commit()
    finally:
        raw.close()
    return name


def source(engine: sa.Engine, jit_on: bool) -> pr.Source:
    src = pr.Source(engine)
    if jit_on:  # the baseline: no run setting, the server's default JIT
        src.dialect = dataclasses.replace(src.dialect, run_settings=())
        src.execute("SET jit = on")
    return src


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def server_from_args(repeat: int | None = None) -> tuple[argparse.Namespace, sa.Engine]:
    """--url (default $PRIVRISK_PG_URL) and --rows, shared by the PostgreSQL benchmarks; and
    --repeat (rounds) when given a default."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default=os.environ.get("PRIVRISK_PG_URL"))
    ap.add_argument("--rows", default="100000,1000000")
    if repeat is not None:
        ap.add_argument("--repeat", type=int, default=repeat)
    args = ap.parse_args()
    if not args.url:
        ap.error("give --url or set PRIVRISK_PG_URL")
    return args, sa.create_engine(args.url)


def main() -> int:
    args, engine = server_from_args()
    with engine.connect() as c:
        version, available = c.execute(sa.text("SELECT version(), pg_jit_available()")).one()
    print(f"{version.split(',')[0]}; JIT available: {available}")
    print(f"{'rows':>9} {'job':<9} {'JIT on s':>9} {'JIT off s':>10} {'ratio':>6}  same result")
    failed = False
    for n in (int(x) for x in args.rows.split(",")):
        table = table_for(engine, n)
        jobs = {
            "mondrian": lambda src: pr.mondrian(src, table, MONDRIAN_QIDS, 10, f"{table}_k10", keep="*").to_dict(),  # noqa: B023  (called in this iteration)
            "kanon": lambda src: pr.kanon(src, table, KANON_QIDS, SENSITIVE),  # noqa: B023  (called in this iteration)
        }
        for name, job in jobs.items():
            results = {}
            for jit_on in (True, False):
                with engine.begin() as c:  # both Mondrian runs create the output (neither replaces it)
                    c.execute(sa.text(f'DROP TABLE IF EXISTS "{table}_k10"'))  # name: this script's constant
                src = source(engine, jit_on)
                try:
                    results[jit_on] = timed(lambda: job(src))  # noqa: B023  (called at once)
                finally:
                    src.close()
            (on, t_on), (off, t_off) = results[True], results[False]
            same = on == off
            failed |= not same
            diff = (
                ""
                if same
                else " " + ", ".join(f"{k}: {on.get(k)} vs {off.get(k)}" for k in on if on.get(k) != off.get(k))
            )
            print(f"{n:>9} {name:<9} {t_on:>9.2f} {t_off:>10.2f} {t_on / t_off:>5.2f}x  {same}{diff}", flush=True)
        with engine.begin() as c:  # the input table stays for the next run; the output goes
            c.execute(sa.text(f'DROP TABLE IF EXISTS "{table}_k10"'))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
