"""PostgreSQL: strict Mondrian's output statement as shipped (no ORDER BY, merge joins off:
Dialect.output_join_settings) against the previous version (rows sorted into scan order, merge
joins allowed) and against the one change alone; same data, same output rows asserted, time
ratios printed.

Why: the output joins every input row to its code tuple's labels on six keys. PostgreSQL sizes a
hash join's buckets from its single most selective key (it has no way to combine six), so it
prices the hash join far above a merge join (100k rows: 1.28M against 33k cost units), picks the
merge join, and both of its sorts of every row spill to disk at the default work_mem. With merge
joins off for that one statement it takes the hash join; privrisk_sql restores the session's
value right after. The ORDER BY that numbered the rows in scan order is gone on PostgreSQL: its
tables have no row order to keep (Dialect.natural_row_order), and the sort of the wide joined
rows spilled too.

Data: benchmarks/scaled_data.py N --seed 0 (Adult-like), copied once into PostgreSQL as
bench_adult_N (benchmarks/postgres_jit.py loads it). Job: Mondrian, k = 10, QIDs age,
education_num, hours_per_week, sex, race, marital_status, output written in the database.
Rounds of the three variants in turn (baselines first), best of --repeat rounds each (default 3):
this VM's timings vary by 10-30% from one run to the next.

Usage: python benchmarks/postgres_output_join.py [--url URL] [--rows 100000,1000000] [--repeat 3]
       (URL defaults to $PRIVRISK_PG_URL; bash .ci/run starts a server and prints it)
"""

from __future__ import annotations

import dataclasses
import json
import sys

import sqlalchemy as sa
from postgres_jit import MONDRIAN_QIDS, server_from_args, table_for, timed

import privrisk_sql as pr


def run(engine: sa.Engine, table: str, output: str, **dialect_changes) -> tuple[dict, str, float]:
    """One Mondrian run with these Dialect fields changed; returns its summary, a digest of the
    output table's rows (in any order) and the seconds the run took."""
    with engine.begin() as c:
        c.execute(sa.text(f'DROP TABLE IF EXISTS "{output}"'))  # name: this script's constant
    src = pr.Source(engine)
    src.dialect = dataclasses.replace(src.dialect, **dialect_changes)
    try:
        summary, seconds = timed(lambda: pr.mondrian(src, table, MONDRIAN_QIDS, 10, output, keep="*").to_dict())
        digest = src.fetch(f"SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) FROM \"{output}\" t")[0][0]
    finally:
        src.close()
    return summary, digest, seconds


VARIANTS = {  # Dialect fields per variant; the session's own enable_mergejoin is on (the default)
    "previous": {"natural_row_order": True, "output_join_settings": ()},  # ORDER BY, planner's join
    "no ORDER BY": {"output_join_settings": ()},
    "shipped": {},
}


def main() -> int:
    args, engine = server_from_args(repeat=3)
    with engine.connect() as c:
        print(c.execute(sa.text("SELECT version()")).scalar().split(",")[0])
    print(f"{'rows':>9} {'previous s':>11} {'no ORDER BY s':>14} {'shipped s':>10} {'ratio':>6}  same output")
    failed = False
    for n in (int(x) for x in args.rows.split(",")):
        table = table_for(engine, n)
        output = f"{table}_k10"
        runs = {name: [] for name in VARIANTS}
        for _ in range(args.repeat):
            for name, changes in VARIANTS.items():
                runs[name].append(run(engine, table, output, **changes))
        same = (
            len(
                {
                    (json.dumps(summary, sort_keys=True), digest)
                    for variant in runs.values()
                    for summary, digest, _ in variant
                }
            )
            == 1
        )
        failed |= not same
        t = {name: min(seconds for _, _, seconds in variant) for name, variant in runs.items()}
        print(
            f"{n:>9} {t['previous']:>11.2f} {t['no ORDER BY']:>14.2f} {t['shipped']:>10.2f} "
            f"{t['previous'] / t['shipped']:>5.2f}x  {same}",
            flush=True,
        )
        with engine.begin() as c:  # the input table stays for the next run; the output goes
            c.execute(sa.text(f'DROP TABLE IF EXISTS "{output}"'))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
