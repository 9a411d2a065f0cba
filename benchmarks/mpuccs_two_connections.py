"""mpUCCs' statements on one DuckDB connection against two at once (docs/performance.md, issue 39).

One 30k-row run (benchmarks/mpuccs_vs_petsard.py's pair, made if missing) is recorded statement by
statement, then replayed in this process on fresh in-memory databases, interleaved: in order on
one connection (the baseline, as the package runs them), and with each run of consecutive
histogram statements and of match statements split over two connections on two threads (the
work tables made shared tables instead of TEMP ones, so that both connections see them). Prints
the wall and CPU seconds of every pair and their min / median / max, and the ratio two ÷ one;
fails unless both ways return the same rows from every query (the events and their values too).

Usage: python benchmarks/mpuccs_two_connections.py [--pairs 6]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from concurrent.futures import ThreadPoolExecutor

import duckdb
from mpuccs_vs_petsard import make_pair

import privrisk_sql as pr


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def kind(sql: str) -> str:
    """'match', 'hist' or 'other': what a recorded statement of the run is."""
    if sql.startswith("INSERT INTO") and "_matches" in sql[:80]:
        return "match"
    return "hist" if "group_size" in sql[:80] else "other"


def recorded_statements(ori: str, syn: str) -> list[str]:
    src = pr.connect()
    seen: list[str] = []
    src.on_timing = lambda text, seconds: seen.append(text)
    pr.mpuccs(src, ori, syn, n_cols=[1, 2, 3], progress=False)
    src.close()
    # Shared tables: a TEMP table is seen by the connection that made it only. The run's snapshot
    # (BEGIN ... COMMIT) is left out: tables made inside it are seen by no other cursor.
    snapshot = ("BEGIN", "COMMIT", "ROLLBACK")
    return [sql.replace("CREATE TEMP TABLE", "CREATE TABLE", 1) for sql in seen if not sql.startswith(snapshot)]


def replay(statements: list[str], connections: int) -> tuple[float, float, list]:
    """Wall and CPU seconds of the statements run, and every query's rows (sorted)."""
    con = duckdb.connect()
    answers: list = []
    cursors = [con.cursor() for _ in range(connections)]
    wall, cpu = time.perf_counter(), cpu_seconds()
    i = 0
    while i < len(statements):
        k = kind(statements[i])
        j = i + 1
        if connections > 1 and k != "other":
            while j < len(statements) and kind(statements[j]) == k:
                j += 1
        group = statements[i:j]
        rows: list = [None] * len(group)
        if len(group) == 1:
            rows[0] = con.execute(group[0]).fetchall()
        else:

            def worker(n: int, group: list[str] = group, rows: list = rows) -> None:
                for at in range(n, len(group), connections):
                    rows[at] = cursors[n].execute(group[at]).fetchall()

            with ThreadPoolExecutor(connections) as pool:
                list(pool.map(worker, range(connections)))
        answers.extend(rows)
        i = j
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    con.close()
    return wall, cpu, [sorted(r, key=repr) for r in answers]  # sorted outside the timing


def spread(values: list[float]) -> str:
    return f"{min(values):.3f} / {statistics.median(values):.3f} / {max(values):.3f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=6)
    args = parser.parse_args()
    ori, syn = make_pair(30000)
    statements = recorded_statements(str(ori), str(syn))
    print(
        f"{len(statements)} statements: "
        + ", ".join(f"{k} {sum(kind(s) == k for s in statements)}" for k in ("hist", "match", "other"))
    )
    one: list[tuple[float, float]] = []
    two: list[tuple[float, float]] = []
    for n in range(args.pairs):
        *timing, alone = replay(statements, 1)
        one.append((timing[0], timing[1]))
        *timing, split = replay(statements, 2)
        two.append((timing[0], timing[1]))
        if alone != split:
            print("the two ways returned different rows")
            return 1
        print(
            f"pair {n + 1}: one {one[-1][0]:.3f} s ({one[-1][1]:.3f} CPU-s), two {two[-1][0]:.3f} s ({two[-1][1]:.3f} CPU-s)"
        )
    print(f"one connection  (baseline): wall {spread([w for w, _ in one])} s, CPU {spread([c for _, c in one])} s")
    print(f"two connections           : wall {spread([w for w, _ in two])} s, CPU {spread([c for _, c in two])} s")
    print("the same rows from every query, both ways")
    print(f"two / one, pair by pair   : wall {spread([b[0] / a[0] for a, b in zip(one, two)])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
