"""privrisk_sql's Mondrian with hierarchies and l-diversity, side by side with
qiyuangong/Basic_Mondrian and qiyuangong/Mondrian_L_Diversity, run from their clones as their
READMEs say (Python 2.7; ``python anonymizer.py a L`` for Mondrian_L_Diversity; Basic_Mondrian's
``a K`` only prints its usage, its code wants ``a one K``), on the same rows, in the same run.

    git clone https://github.com/qiyuangong/Basic_Mondrian
    git clone https://github.com/qiyuangong/Mondrian_L_Diversity
    python benchmarks/mondrian_vs_basic.py --basic Basic_Mondrian --ldiv Mondrian_L_Diversity \\
        --python2 /path/to/python2.7 [--k 10] [--l 5]

The rows are theirs: data/adult.data of the Basic_Mondrian clone, read as their reader reads it
(lines with '?' dropped, spaces removed: 30,162 rows), and their hierarchy files
(data/adult_<column>.txt, value;...;*, the format --hierarchy reads) for the categorical QIDs.

* Basic Mondrian, k: their 8 QIDs (age and education_num numeric, workclass, marital_status,
  occupation, race, sex, native_country along hierarchies).
* Mondrian for l-diversity, l: their 7 QIDs (occupation is the sensitive column), every cut's
  sides l-diverse. Their l-diversity is the frequency one (each sensitive value at most 1/l of a
  partition, and at least l of them); ours is distinct l-diversity, at k = l.

Per run: partitions, GCP as their "NCP %" (100 x the mean over QIDs and rows), measured both
ways for ours (our NCP gives a hierarchy's value 0; theirs counts a value as one leaf of the
root's leaves), and time: theirs as their code reports it (the anonymization alone) and its
process wall time; ours the whole privrisk_sql call on embedded DuckDB (it also writes the output
table). Their code is not in this repository; nothing of it is imported.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb

import privrisk_sql as pr
from privrisk_sql.metrics.mondrian.hierarchy import read_hierarchy

ATT_NAMES = [
    "age",
    "workclass",
    "final_weight",
    "education",
    "education_num",
    "marital_status",
    "occupation",
    "relationship",
    "race",
    "sex",
    "capital_gain",
    "capital_loss",
    "hours_per_week",
    "native_country",
    "class",
]
NUMERIC = {"age", "final_weight", "education_num", "capital_gain", "capital_loss", "hours_per_week"}
BASIC_QIDS = ["age", "workclass", "education_num", "marital_status", "occupation", "race", "sex", "native_country"]
LDIV_QIDS = ["age", "workclass", "education_num", "marital_status", "race", "sex", "native_country"]


def read_rows(clone: Path) -> list[list[str]]:
    rows = []
    for line in (clone / "data" / "adult.data").read_text().splitlines():
        line = line.strip()
        if not line or "?" in line:
            continue
        rows.append(line.replace(" ", "").split(","))
    return rows


def run_theirs(python2: str, clone: Path, args: list[str], qids: list[str]) -> dict:
    started = time.perf_counter()
    done = subprocess.run([python2, "anonymizer.py", *args], cwd=clone, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    ncp = float(re.search(r"NCP[ =]*([\d.]+) ?%", done.stdout).group(1))
    seconds = float(re.search(r"Running time ([\d.]+)", done.stdout).group(1))
    written = (clone / "data" / "anonymized.data").read_text().splitlines()
    partitions = len({";".join(line.split(";")[: len(qids)]) for line in written if line})
    return {"partitions": partitions, "ncp_pct": ncp, "seconds": seconds, "wall": wall, "rows": len(written)}


def run_ours(
    db: Path, clone: Path, qids: list[str], k: int, l: int | None = None, sensitive: str | None = None
) -> dict:
    trees = {q: str(clone / "data" / f"adult_{q}.txt") for q in qids if q not in NUMERIC}
    started = time.perf_counter()
    r = pr.mondrian(
        str(db),
        "adult",
        qids,
        k,
        "release",
        replace=True,
        hierarchies=trees,
        l=l,
        sensitive=[sensitive] if sensitive else None,
        keep="*",
    )
    seconds = time.perf_counter() - started
    con = duckdb.connect(str(db), read_only=True)
    try:
        gens = con.execute(
            "SELECT " + ", ".join(f'"{q}_gen", "{q}_lo", "{q}_hi"' for q in qids) + " FROM release"
        ).fetchall()
        ranges = {
            q: con.execute(f'SELECT MAX("{q}") - MIN("{q}") FROM adult').fetchone()[0] for q in qids if q in NUMERIC
        }
    finally:
        con.close()
    # their NCP: a hierarchy node's leaves / all leaves (a value counts 1 leaf), numbers (hi - lo) / range
    leaves = {}
    for q, path in trees.items():
        tree = read_hierarchy(q, path)
        counts: dict[str, int] = {}
        for row in tree.ancestor_rows():
            counts[row.label] = counts.get(row.label, 0) + 1
        leaves[q] = (counts, len(tree.leaves))
    total = 0.0
    for row in gens:
        for i, q in enumerate(qids):
            gen, lo, hi = row[3 * i : 3 * i + 3]
            if q in NUMERIC:
                total += (float(hi) - float(lo)) / ranges[q]
            else:
                counts, n_leaves = leaves[q]
                total += counts[gen] / n_leaves
    theirs_way = 100 * total / (len(gens) * len(qids))
    return {
        "partitions": r.partitions,
        "ncp_pct": 100 * r.gcp,
        "ncp_their_way": theirs_way,
        "seconds": seconds,
        "min_size": r.min_size,
    }


def load(db: Path, rows: list[list[str]]) -> None:
    con = duckdb.connect(str(db))
    try:
        cols = ", ".join(f'"{c}" {"INTEGER" if c in NUMERIC else "VARCHAR"}' for c in ATT_NAMES)
        con.execute(f"CREATE OR REPLACE TABLE adult ({cols})")
        con.executemany(f"INSERT INTO adult VALUES ({', '.join('?' * len(ATT_NAMES))})", rows)
    finally:
        con.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--basic", type=Path, required=True, help="a clone of qiyuangong/Basic_Mondrian")
    ap.add_argument("--ldiv", type=Path, required=True, help="a clone of qiyuangong/Mondrian_L_Diversity")
    ap.add_argument("--python2", default="python2.7", help="their code is Python 2.7")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--l", type=int, default=5)
    args = ap.parse_args()
    rows = read_rows(args.basic)
    print(f"{len(rows)} rows of their data/adult.data", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.duckdb"
        load(db, rows)
        theirs = run_theirs(args.python2, args.basic, ["a", "one", str(args.k)], BASIC_QIDS)
        ours = run_ours(db, args.basic, BASIC_QIDS, args.k)
        print(f"\nBasic Mondrian, k = {args.k}, {len(BASIC_QIDS)} QIDs along their hierarchies")
        print(
            f"  theirs   partitions {theirs['partitions']:>6}  NCP {theirs['ncp_pct']:6.2f} %  "
            f"time {theirs['seconds']:.2f} s (process {theirs['wall']:.2f} s)"
        )
        print(
            f"  ours     partitions {ours['partitions']:>6}  NCP {ours['ncp_pct']:6.2f} % "
            f"(their way {ours['ncp_their_way']:.2f} %)  time {ours['seconds']:.2f} s  "
            f"ratio {theirs['wall'] / ours['seconds']:.2f}x their process"
        )
        theirs = run_theirs(args.python2, args.ldiv, ["a", str(args.l)], LDIV_QIDS)
        ours = run_ours(db, args.ldiv, LDIV_QIDS, args.l, l=args.l, sensitive="occupation")
        print(f"\nMondrian for l-diversity, l = {args.l} on occupation, {len(LDIV_QIDS)} QIDs along their hierarchies")
        print(
            f"  theirs   partitions {theirs['partitions']:>6}  NCP {theirs['ncp_pct']:6.2f} %  "
            f"time {theirs['seconds']:.2f} s (process {theirs['wall']:.2f} s)  [frequency l-diversity]"
        )
        print(
            f"  ours     partitions {ours['partitions']:>6}  NCP {ours['ncp_pct']:6.2f} % "
            f"(their way {ours['ncp_their_way']:.2f} %)  time {ours['seconds']:.2f} s  "
            f"ratio {theirs['wall'] / ours['seconds']:.2f}x their process  [distinct l-diversity, k = l]"
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
