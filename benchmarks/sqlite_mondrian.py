"""SQLite: Mondrian with SQLite's own anti-join and join order (templates/sqlite/_functions.sql.j2:
absent_from, inner_join_left_first) against the plan it had before (the portable default macros); same data,
same output rows asserted, time ratio printed.

Why: SQLite has no hash join. A correlated NOT EXISTS is run as a scan of the inner table for
every outer row (no automatic index there), and in the ranking's join of the frequency set to the
partition sizes the planner looped over the sizes and scanned the whole frequency set for each.
Both grow with (open partitions) x (rows) per level. SQLite now says NOT IN (SELECT ...), which it
answers from one temporary index, and reads the frequency rows first so that the sizes get the
automatic index.

Data: benchmarks/scaled_data.py N --seed 0 (Adult-like), copied once into an SQLite file in
benchmarks/data/. Job: Mondrian, k = 10, QIDs age, education_num, hours_per_week, sex, race,
marital_status, strict and relaxed, output written in the database. Baseline: the same job with
the plan SQLite had before (absent_from from templates/default, and the default join in the
ranking only: the output's left-first join was there already). Rounds of baseline
then shipped, best of --repeat rounds each.

Usage: python benchmarks/sqlite_mondrian.py [--rows 10000,100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import sqlite3
import sys
import time

import pandas as pd

import privrisk_sql as pr
from privrisk_sql.metrics.mondrian.sql import MondrianQueries
from privrisk_sql.sql.dialects import get_dialect
from privrisk_sql.sql.render import environment

from scaled_data import DATA, scaled

QIDS = ["age", "education_num", "hours_per_week", "sex", "race", "marital_status"]


def database_for(n: int) -> str:
    """benchmarks/data/adult_<n>.sqlite with the scaled_data.py rows as table adult, made once."""
    path = DATA / f"adult_{n}.sqlite"
    if not path.exists():
        con = sqlite3.connect(path)
        pd.read_parquet(scaled(n, 0)).to_sql("adult", con, index=False)
        con.close()
    return f"sqlite:///{path}"


class PortableMacros:
    """The templates' ``fn`` namespace with some of SQLite's macros taken from templates/default."""

    def __init__(self, functions, names):
        self._functions, self._names = functions, names

    def __getattr__(self, name: str):
        if name in self._names:
            return getattr(self._functions._layers[-1], name)  # the default layer
        return getattr(self._functions, name)


@contextlib.contextmanager
def previous_plan():
    """The plan SQLite had before: NOT EXISTS everywhere, and the planner's join order in the
    ranking (the output's left-first join was there already and stays)."""
    env = environment(get_dialect("sqlite"))
    shipped = env.globals["fn"]
    ranked_dims = MondrianQueries.ranked_dims

    def ranked_dims_portable(self, *args, **kwargs):
        env.globals["fn"] = PortableMacros(shipped, ("absent_from", "inner_join_left_first"))
        try:
            return ranked_dims(self, *args, **kwargs)
        finally:
            env.globals["fn"] = PortableMacros(shipped, ("absent_from",))

    env.globals["fn"] = PortableMacros(shipped, ("absent_from",))
    MondrianQueries.ranked_dims = ranked_dims_portable
    try:
        yield
    finally:
        MondrianQueries.ranked_dims = ranked_dims
        env.globals["fn"] = shipped


def run(url: str, relaxed: bool, previous: bool) -> tuple[str, float]:
    """One Mondrian run; returns a digest of the output rows and the seconds it took."""
    src = pr.connect(url)
    try:
        src.execute('DROP TABLE IF EXISTS "adult_k10"')  # this script's constant name
        with previous_plan() if previous else contextlib.nullcontext():
            start = time.perf_counter()
            pr.mondrian(src, "adult", QIDS, 10, "adult_k10", relaxed=relaxed, keep="*")
            seconds = time.perf_counter() - start
        rows = src.fetch('SELECT * FROM "adult_k10"')
    finally:
        src.close()
    return hashlib.sha256(repr(sorted(map(repr, rows))).encode()).hexdigest(), seconds


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", default="10000,100000")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"SQLite {sqlite3.sqlite_version}; best of {args.repeat} rounds")
    print(f"{'rows':>9} {'mode':<8} {'previous plan s':>16} {'shipped s':>10} {'ratio':>6}  same output")
    failed = False
    for n in (int(x) for x in args.rows.split(",")):
        url = database_for(n)
        for relaxed in (False, True):
            runs = {True: [], False: []}
            for _ in range(args.repeat):
                for previous in (True, False):
                    runs[previous].append(run(url, relaxed, previous))
            same = len({digest for variant in runs.values() for digest, _ in variant}) == 1
            failed |= not same
            base, shipped = (min(s for _, s in runs[p]) for p in (True, False))
            print(
                f"{n:>9} {'relaxed' if relaxed else 'strict':<8} {base:>16.2f} {shipped:>10.2f} "
                f"{base / shipped:>5.2f}x  {same}",
                flush=True,
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
