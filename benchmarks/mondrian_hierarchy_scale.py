"""Mondrian along a large generalization hierarchy (a postcode tree), DuckDB or a server.

Why this exists: a hierarchy's ancestor table (per value and depth, the node there) used to be
sent to the database row by row: a 50,000-postcode tree of 6 levels is 300,000 rows of literals,
each rendered by sqlglot. That took most of a run. Now the tree is sent once, one row per node
(55,556 rows), the repeated labels and shares are rendered once, only the values the column holds
are sent, and the database walks every value up to the root, one join per level
(privrisk_sql.metrics.mondrian.run.fill_ancestor_table).

Data (made here, seeded): --rows rows of (id, zip, age); zip one of --leaves five-digit postcodes,
age 0..89. The tree: `01234;0123*;012**;01***;0****;*`.

Measured in the same run, each best of --repeats:
  load, per value and depth   the baseline: the ancestor table sent as one INSERT row per value
                              and depth, each literal rendered by sqlglot (as 8db3aee sent it)
  load, per node              fill_ancestor_table: node rows sent, ancestors joined in DuckDB
  run, zip along the tree     the whole `mondrian` run (k = 10, QIDs zip and age)
  run, zip as a category      the same run without the tree: what a hierarchy adds to a run

Both loads are checked to give the same ancestor table. A second check: a tree whose values the
table holds only a twentieth of sends that share of its nodes.

Usage: python benchmarks/mondrian_hierarchy_scale.py [--rows 200000] [--leaves 50000] [--repeats 3]
           [--db URL]   (default: a DuckDB file of its own; a SQLAlchemy URL: PostgreSQL, MariaDB)
"""

from __future__ import annotations

import argparse
import atexit
import itertools
import os
import shutil
import tempfile
import time

import sqlglot.expressions as exp

import privrisk_sql as pr
from privrisk_sql.metrics.mondrian.hierarchy import Hierarchy, read_hierarchy
from privrisk_sql.metrics.mondrian.run import fill_ancestor_table
from privrisk_sql.metrics.mondrian.sql import MondrianQueries

BATCH = 400
_names = itertools.count()


def write_tree(path: str, leaves: int) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for z in range(leaves):
            s = f"{z:05d}"
            f.write(f"{s};{s[:4]}*;{s[:3]}**;{s[:2]}***;{s[:1]}****;*\n")


def make_people(src: pr.Source, rows: int, leaves: int) -> None:
    src.execute("DROP TABLE IF EXISTS people")
    src.execute("CREATE TABLE people (id INTEGER, zip VARCHAR(5), age INTEGER)")
    # every postcode used when rows >= leaves (7919 is prime to the leaf counts used here)
    for start in range(0, rows, 1000):
        values = ", ".join(
            f"({i}, '{(i * 7919) % leaves:05d}', {i % 90})" for i in range(start, min(rows, start + 1000))
        )
        src.execute(f"INSERT INTO people (id, zip, age) VALUES {values}")


def load_per_value_and_depth(src: pr.Source, tree: Hierarchy, table: str) -> None:
    """The baseline: one literal row per value and depth, each literal through sqlglot."""
    rows, writer = tree.ancestor_rows(), src.dialect.sqlglot_writer
    for start in range(0, len(rows), BATCH):
        values = ",\n".join(
            "("
            + ", ".join(
                [str(r.code), str(r.depth), str(r.child_no)]
                + [exp.convert(v).sql(dialect=writer) for v in (r.share, r.parent_share, r.label)]
            )
            + ")"
            for r in rows[start : start + BATCH]
        )
        src.execute(
            f"INSERT INTO {src.quote(table)} (code, depth, child_no, share, parent_share, label) VALUES\n{values}"
        )


def timed_load(src: pr.Source, q: MondrianQueries, repeats: int, load) -> tuple[float, list[tuple]]:
    """Best time of ``load(table)`` into a fresh ancestor table, under the run's settings (as in
    a run: MariaDB's hash joins), and the table it made."""
    times = []
    for _ in range(repeats):
        with src.guarded():
            table = src.temp_name(f"anc{next(_names)}")
            src.execute(q.hierarchy_table(table))
            t = time.perf_counter()
            load(table)
            times.append(time.perf_counter() - t)
            made = src.fetch(
                f"SELECT code, depth, child_no, share, parent_share, label FROM {src.quote(table)} ORDER BY code, depth"
            )
    return min(times), [(c, d, n, round(s, 12), round(p, 12), lab) for c, d, n, s, p, lab in made]


def best(repeats: int, job) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        job()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=200_000)
    ap.add_argument("--leaves", type=int, default=50_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--db", help="SQLAlchemy URL (default: a DuckDB file of its own)")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="privrisk_bench_")
    atexit.register(shutil.rmtree, work, True)  # its data and databases: every run left them in /tmp
    tree_path = os.path.join(work, "zip.csv")
    write_tree(tree_path, args.leaves)
    tree = read_hierarchy("zip", tree_path)
    src = pr.connect(args.db) if args.db else pr.connect(os.path.join(work, "bench.duckdb"), create=True)
    q = MondrianQueries(src.dialect)
    make_people(src, args.rows, args.leaves)

    base, by_value = timed_load(src, q, args.repeats, lambda table: load_per_value_and_depth(src, tree, table))
    ours, by_node = timed_load(
        src, q, args.repeats, lambda table: fill_ancestor_table(src, q, tree.node_rows(), table, "b")
    )
    assert by_value == by_node, "the two loads differ"
    n_rows, n_nodes = len(tree.ancestor_rows()), len(tree.node_rows())
    held = set(range(1, args.leaves + 1, 20))
    assert len(tree.node_rows(held)) < n_nodes / 4, "a twentieth of the values should send far fewer nodes"

    def run(**kw) -> None:
        pr.mondrian(src, "people", ["zip", "age"], 10, "released", replace=True, **kw, keep="*")

    along = best(args.repeats, lambda: run(hierarchies={"zip": tree_path}))
    category = best(args.repeats, lambda: run())
    for table in ("released", "people"):
        src.execute(f"DROP TABLE IF EXISTS {table}")
    print(
        f"{src.dialect.name}: {args.rows:,} rows, a tree of {args.leaves:,} postcodes ({n_nodes:,} nodes, "
        f"{n_rows:,} value-depth rows); a twentieth of the values sends {len(tree.node_rows(held)):,} nodes"
    )
    print(f"  load, per value and depth (baseline)  {base:7.2f} s")
    print(f"  load, per node (shipped)              {ours:7.2f} s   {base / ours:5.1f}x faster")
    print(f"  run, zip along the tree               {along:7.2f} s")
    print(
        f"  run, zip as a category                {category:7.2f} s   the tree costs {along / category:4.1f}x the run"
    )


if __name__ == "__main__":
    main()
