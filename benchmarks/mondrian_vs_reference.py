"""Mondrian in the database (privrisk_sql, embedded DuckDB) against an in-memory Mondrian of the
same rules (tests/mondrian_reference.py: numpy + pandas), whole job against whole job.

Data: benchmarks/scaled_data.py N --seed 0 (Adult-like Parquet) at 10k, 100k and 1M rows; k = 5, 10,
50; two sets of 6 QIDs:
  low-card   age, education_num, hours_per_week, sex, race, marital_status (many ties)
  with-fnlwgt age, fnlwgt, education_num, hours_per_week, sex, marital_status (one continuous QID)
Job: read the Parquet file, partition, produce the anonymized rows (all non-QID columns,
partition_id, <qid>_lo/_hi/_gen). privrisk_sql writes them to a DuckDB table; the reference
builds the same pandas DataFrame. Partitions are asserted identical (as sets of rows) on every
run; the time ratio, GCP and partition counts are printed side by side. Target: >= 3x the
reference at 1M rows.

Then privrisk_sql alone at 10M rows (k = 10, low-card QIDs) in a child process: seconds and peak
RSS; target under 3 minutes on 2 cores.

Finally, qiyuangong/Mondrian side by side (docs/metrics/mondrian.md): Adult without missing values (30,162
rows), its 8 QIDs, k = 10, strict and relaxed. Ours by default (text as categories)
and with the order of first appearance its Adult reader gives them (order=), next to its README's
figures; with --qiyuangong DIR (a checkout of github.com/qiyuangong/Mondrian; its code is not
part of this repository) also its code on the same rows, as is and with privrisk_sql's four
deliberate differences (tight bounds, width ties to more distinct values, relaxed median rows
taken in input order, a two-value column cut at its boundary in strict mode), whose partitions
are asserted equal to ours.

Usage: python benchmarks/mondrian_vs_reference.py [--rows 10000,100000,1000000] [--ks 5,10,50]
                                                  [--skip-10m] [--qiyuangong DIR]
       (--rows '' --skip-10m: only the Adult comparison)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
import types
import warnings
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
import privrisk_sql as pr  # noqa: E402

from mondrian_reference import encode, mondrian_reference  # noqa: E402
from scaled_data import DATA, scaled  # noqa: E402

ADULT = HERE.parent / "fixtures" / "adult" / "ori.csv"
QID_SETS = {
    "low-card": ["age", "education_num", "hours_per_week", "sex", "race", "marital_status"],
    "with-fnlwgt": ["age", "fnlwgt", "education_num", "hours_per_week", "sex", "marital_status"],
}


def reference_job(path: Path, qids: list[str], k: int, relaxed: bool = False):
    """The in-memory job: read, encode, partition, build the anonymized DataFrame."""
    df = pd.read_parquet(path)
    enc = encode(df, qids)
    parts = mondrian_reference(enc, k, relaxed=relaxed)
    pid = np.empty(len(df), dtype=np.int64)
    for i, p in enumerate(parts):
        pid[p] = i
    out = df[[c for c in df.columns if c not in qids]].copy()
    out["partition_id"] = pid
    codes = pd.DataFrame(enc.codes, columns=qids)
    lo, hi = codes.groupby(pid).min(), codes.groupby(pid).max()
    ncp = {}
    sizes = np.bincount(pid)
    for i, q in enumerate(qids):
        if enc.categorical[i]:  # a category: the set of its values, NCP by distinct values
            values = np.array([None] + sorted(df[q].dropna().unique()), dtype=object)
            plo, phi = values[lo[q].to_numpy(dtype=int)], values[hi[q].to_numpy(dtype=int)]
            held = codes.groupby(pid)[q].unique()
            gen = np.array(
                [
                    str(values[int(c[0])]) if len(c) == 1 else json.dumps([values[int(x)] for x in sorted(c)])
                    for c in held
                ],
                dtype=object,
            )
            width = (held.map(len).to_numpy() - 1) / enc.scale[i]
        else:
            plo, phi = lo[q].to_numpy(), hi[q].to_numpy()
            gen = np.where(
                lo[q].to_numpy() == hi[q].to_numpy(),
                pd.Series(plo).astype(str),
                pd.Series(plo).astype(str) + "~" + pd.Series(phi).astype(str),
            )
            width = (hi[q] - lo[q]).to_numpy() / enc.scale[i]
        out[f"{q}_lo"], out[f"{q}_hi"], out[f"{q}_gen"] = plo[pid], phi[pid], gen[pid]
        ncp[q] = float((sizes * width).sum() / len(df))
    return out, parts, sum(ncp.values()) / len(qids)


def timed(fn, *args, **kw):
    start = time.perf_counter()
    value = fn(*args, **kw)
    return time.perf_counter() - start, value


def compare(rows: list[int], ks: list[int]) -> list[dict]:
    results = []
    if not rows:
        return results
    print(
        f"{'rows':>9} {'qids':>11} {'k':>3} | {'privrisk_sql s':>14} {'reference s':>11} {'ratio':>6} | "
        f"{'partitions':>10} {'GCP ours':>9} {'GCP ref':>9} | same partitions"
    )
    for n in rows:
        path = scaled(n)
        for set_name, qids in QID_SETS.items():
            for k in ks:
                con = duckdb.connect()
                # in file order (keep_order): the partitions are compared by row number below;
                # the sort is timed too, as before the output's default became unordered
                ours_s, r = timed(pr.mondrian, pr.Source(con), str(path), qids, k, "anonymized", keep_order=True)
                ref_s, (ref_out, parts, ref_gcp) = timed(reference_job, path, qids, k)
                # identical partitions: compare by the row number in file order
                got = con.execute("SELECT partition_id FROM anonymized").fetchnumpy()["partition_id"]
                ours_sets = pd.Series(np.arange(n)).groupby(got).apply(frozenset)
                same = set(ours_sets) == {frozenset(p.tolist()) for p in parts}
                assert same, f"partitions differ at {n} rows, {set_name}, k={k}"
                assert len(ref_out) == n
                assert abs(r.gcp - ref_gcp) < 1e-9, (r.gcp, ref_gcp)
                con.close()
                row = {
                    "rows": n,
                    "qids": set_name,
                    "k": k,
                    "privrisk_sql_s": ours_s,
                    "reference_s": ref_s,
                    "ratio": ref_s / ours_s,
                    "partitions": r.partitions,
                    "gcp": r.gcp,
                    "reference_gcp": ref_gcp,
                    "levels": r.levels,
                    "statements": r.queries,
                }
                results.append(row)
                print(
                    f"{n:>9} {set_name:>11} {k:>3} | {ours_s:>14.2f} {ref_s:>11.2f} {row['ratio']:>5.1f}x | "
                    f"{r.partitions:>10} {r.gcp:>9.5f} {ref_gcp:>9.5f} | {same}",
                    flush=True,
                )
    return results


CHILD = """
import json, sys, time, duckdb
import privrisk_sql as pr
path, qids, k, out = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
start = time.perf_counter()
r = pr.mondrian(pr.Source(duckdb.connect()), path, qids, k, "anonymized", keep="*")
json.dump({"seconds": time.perf_counter() - start, **r.to_dict()}, open(out, "w"))
"""


def ten_million() -> dict:
    path = scaled(10_000_000)
    out = DATA / "mondrian_10m.json"
    subprocess.run([sys.executable, "-c", CHILD, str(path), ",".join(QID_SETS["low-card"]), "10", str(out)], check=True)
    result = json.loads(out.read_text())
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"10M rows, low-card QIDs, k=10: {result['seconds']:.1f} s, peak RSS {result['peak_rss_mb']:.0f} MB, "
        f"{result['partitions']} partitions, {result['levels']} levels, {result['queries']} statements "
        f"(target: under 180 s)"
    )
    return result


ADULT_QIDS = ["age", "workclass", "education_num", "marital_status", "occupation", "race", "sex", "native_country"]
PUBLISHED = {False: "12.19 %", True: "24.91 %"}  # qiyuangong/Mondrian README, Adult, k = 10


def _load_qiyuangong(checkout: Path, name: str, privrisk_rules: bool):
    """qiyuangong/Mondrian's mondrian.py from a checkout, as is or with privrisk_sql's four rules:
    tight bounds of every QID before the dimension is chosen, width ties to more distinct values
    (then lower index), relaxed mode's rows equal to the median filling the left side in input
    order (their code pops them from the end of a list whose order the recursion scrambles), and
    strict mode's cut of a two-value column at the boundary between its values."""
    if str(checkout) not in sys.path:
        sys.path.insert(0, str(checkout))  # their module imports utils.utility
    source = (checkout / "mondrian.py").read_text()
    if privrisk_rules:
        line = "    half_size = len(partition) // 2\n"
        assert source.count(line) == 1, "relaxed mode's half_size line not found: another qiyuangong version?"
        source = source.replace(
            line, "    mid_set.sort(key=lambda r: -POSITION[id(r)])  # pop() takes the first\n" + line
        )
    module = types.ModuleType(name)
    module.__file__ = str(checkout / "mondrian.py")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)  # their `low is not ''`
        exec(compile(source, module.__file__, "exec"), module.__dict__)
    if privrisk_rules:

        def choose_dimension(partition):
            best, best_dim = None, -1
            for dim in range(module.QI_LEN):
                if partition.allow[dim] == 0:
                    continue
                positions = [module.QI_DICT[dim][record[dim]] for record in partition.member]
                partition.low[dim], partition.high[dim] = min(positions), max(positions)
                key = (module.get_normalized_width(partition, dim), len(set(positions)), -dim)
                if best is None or key > best:
                    best, best_dim = key, dim
            return best_dim

        module.choose_dimension = choose_dimension
        their_median = module.find_median

        def find_median(partition, dim):
            # A column of two values is cut at the one boundary between them, like a category
            # (docs/decisions/mondrian-categories.md), in strict mode: their lower median leaves
            # nothing on the right when the second value is the majority.
            values = sorted({record[dim] for record in partition.member}, key=module.QI_DICT[dim].get)
            if (
                module.TWO_VALUE_BOUNDARY
                and len(module.QI_DICT[dim]) == 2
                and len(values) == 2
                and len(partition.member) // 2 >= module.GL_K
            ):
                return values[0], values[1], values[0], values[1]
            return their_median(partition, dim)

        module.find_median = find_median
    return module


def _run_qiyuangong(module, adult: pd.DataFrame, relaxed: bool) -> tuple[float, set]:
    """Their Adult reader's encoding (categorical values numbered by first appearance, the
    income as the last column), their mondrian(); returns 100*GCP and the partitions as sets
    of row positions."""
    codes = {q: {v: i for i, v in enumerate(pd.unique(adult[q]))} for q in ADULT_QIDS if adult[q].dtype == object}
    data = [
        [codes[q][v] if q in codes else int(v) for q, v in zip(ADULT_QIDS, row)] + [row[-1]]
        for row in adult[ADULT_QIDS + ["income"]].itertuples(index=False)
    ]
    module.POSITION = {id(record): i for i, record in enumerate(data)}
    module.TWO_VALUE_BOUNDARY = not relaxed
    _, (ncp_percent, _) = module.mondrian(data, 10, relax=relaxed, QI_num=len(ADULT_QIDS))
    parts = {frozenset(module.POSITION[id(r)] for r in p.member) for p in module.RESULT}
    return ncp_percent, parts


def qiyuangong_comparable(checkout: Path | None) -> None:
    """Adult without missing values, their 8 QIDs, k = 10: ours by default (text as categories)
    and with their reader's order of first appearance (order=), next to their
    README's figures and, given a checkout of qiyuangong/Mondrian, their code run on the same
    rows as is and with privrisk_sql's four rules (whose partitions must then equal ours)."""
    adult = pd.read_csv(ADULT).dropna().reset_index(drop=True)
    first_seen = {q: list(pd.unique(adult[q])) for q in ADULT_QIDS if adult[q].dtype == object}
    con = duckdb.connect()
    con.register("adult_df", adult)
    con.execute("CREATE TABLE adult AS SELECT * FROM adult_df")
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    print(f"Adult {len(adult)} rows, 8 QIDs, k=10: 100*GCP (partitions)")
    for relaxed in (False, True):
        mode = "relaxed" if relaxed else "strict"
        line = [f"{mode:>7}: their README {PUBLISHED[relaxed]}"]
        ours_parts = None
        for label, order in (("ours, the default", None), ("ours, first-appearance order", first_seen)):
            r = pr.mondrian(
                pr.Source(con),
                "adult",
                ADULT_QIDS,
                10,
                "adult_k10",
                relaxed=relaxed,
                replace=True,
                order=order,
                keep="*",
                keep_order=True,
            )  # partitions compared by row number
            line.append(f"{label} {100 * r.gcp:.2f} % ({r.partitions})")
            if order is not None:
                got = con.execute("SELECT partition_id FROM adult_k10").fetchnumpy()["partition_id"]
                ours_parts = set(pd.Series(np.arange(len(adult))).groupby(got).apply(frozenset))
        if checkout is not None:
            for label, rules in (("their code", False), ("their code with our rules", True)):
                module = _load_qiyuangong(checkout, f"qiyuangong_mondrian_{int(rules)}", rules)
                ncp_percent, parts = _run_qiyuangong(module, adult, relaxed)
                line.append(f"{label} {ncp_percent:.2f} % ({len(parts)})")
                if rules:
                    same = parts == ours_parts
                    line.append(f"same partitions as ours (first-appearance order): {same}")
                    assert same, f"{mode}: qiyuangong with privrisk_sql's rules gives other partitions"
        print(";\n         ".join(line))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", default="10000,100000,1000000")
    ap.add_argument("--ks", default="5,10,50")
    ap.add_argument("--skip-10m", action="store_true")
    ap.add_argument(
        "--qiyuangong",
        type=Path,
        metavar="DIR",
        help="a checkout of github.com/qiyuangong/Mondrian: run its code on the same Adult rows",
    )
    a = ap.parse_args()
    threads = duckdb.connect().execute("SELECT current_setting('threads')").fetchall()[0][0]
    print(
        f"machine: {os.cpu_count()} cores, {threads} DuckDB threads, "
        f"duckdb {duckdb.__version__}, pandas {pd.__version__}, numpy {np.__version__}"
    )
    results = compare([int(x) for x in a.rows.split(",") if x], [int(x) for x in a.ks.split(",") if x])
    if results:
        (DATA / "mondrian_vs_reference.json").write_text(json.dumps(results, indent=2))
    if not a.skip_10m:
        ten_million()
    qiyuangong_comparable(a.qiyuangong)


if __name__ == "__main__":
    main()
