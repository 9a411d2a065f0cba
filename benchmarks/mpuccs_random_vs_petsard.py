"""mpUCCs on random small pairs, privrisk_sql (``nulls="petsard"``) against PETsARD 1.7.0 itself.

A differential test, not a timing: N random pairs of 4 to 40 rows, 2 to 4 columns of kinds chosen
at random (integers, floats with and without NaN, integers with gaps, -0.0 beside 0.0, text with
and without NULLs, numbers spelled as text, case and space twins, booleans with gaps, dates and
timestamps, integers near 2^53), half the synthetic rows copied from the original. Each pair is
written as two CSV files; PETsARD reads them with ``pandas.read_csv``, dates and timestamps parsed
as datetimes (as in PETsARD's reference cases; one process of its venv for all pairs), we read the
same files with DuckDB, whose sniffer types them DATE and TIMESTAMP. ``global`` (identified records, rates) and every
combination's count of unique synthetic values (``tree``) must be equal. Exit 1 on any difference.

Left out, as docs/metrics/mpuccs.md says why the two differ by design: integers beyond 2^53 in a
combination with a float column (PETsARD compares such a combination as a float64 array, where
2^53 + 1 equals 2^53), and dates given to PETsARD as text (``read_csv`` without ``parse_dates``:
neither its datetime rules for missing values nor its flooring to the detected precision apply),
and numbers written with a leading zero (``01``: text to DuckDB's sniffer, 1.0 to pandas). Pairs whose two files PETsARD types differently (a
column with gaps on one side only) are refused by PETsARD and counted, not compared.

Usage: python benchmarks/mpuccs_random_vs_petsard.py [--pairs 100] [--seed 0]
PETsARD is installed in its own venv by benchmarks/setup_petsard.sh (run automatically).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from petsard_venv import petsard_python

PETSARD_SCRIPT = """
import ast, json, sys, warnings
warnings.simplefilter("ignore")
import pandas as pd
from petsard.evaluator.evaluator import Evaluator
folder, out = sys.argv[1], {}

def read(path):
    # dates and timestamps as datetimes, as PETsARD's reference cases had them (see the docstring)
    names = pd.read_csv(path, nrows=0).columns
    return pd.read_csv(path, parse_dates=[c for c in names if "_date" in c or "_timestamp" in c])

for pair in json.loads(sys.argv[2]):
    ori, syn = read(f"{folder}/o{pair}.csv"), read(f"{folder}/s{pair}.csv")
    try:
        ev = Evaluator("mpuccs")
        ev.create()
        r = ev.eval({"ori": ori, "syn": syn})
    except ValueError as e:
        out[pair] = {"refused": str(e)[:200]}
        continue
    g = r["global"].to_dict("records")[0]
    combos = [c if isinstance(c, (tuple, list)) else ast.literal_eval(c) for c in r["tree"]["field_combo"]]
    tree = {"|".join(sorted(c)): int(n) for c, n in zip(combos, r["tree"]["mpuccs_cnt"])}
    out[pair] = {"global": {k: g[k] for k in ("total_identified", "identification_rate",
                                            "weighted_identification_rate")}, "tree": tree}
json.dump(out, open(f"{folder}/petsard.json", "w"), default=float)
"""

KINDS = (
    "int", "float", "float_nan", "int_gaps", "signed_zero", "text", "text_null", "numbers_as_text",
    "case_and_space", "bool_gaps", "date", "date_gaps", "timestamp", "timestamp_gaps", "int_near_2_53",
)  # fmt: skip


def column(kind: str, n: int, rng: np.random.Generator):
    """n values of one kind, drawn from few distinct values so that classes and ties are common."""
    gap = rng.uniform(size=n) < 0.2
    if kind == "int":
        return rng.integers(0, 4, n)
    if kind == "float":
        return rng.choice([0.5, 1.25, 3.0, 1e-7, 12345.678], n)
    if kind == "float_nan":
        return np.where(gap, np.nan, rng.choice([0.5, 2.0, 7.25], n))
    if kind == "int_gaps":
        return pd.array(np.where(gap, None, rng.integers(0, 4, n)), dtype="Int64")
    if kind == "signed_zero":
        return rng.choice([0.0, -0.0, 1.5], n)
    if kind == "text":
        return rng.choice(["a", "b", "c d", "é"], n)
    if kind == "text_null":
        return np.where(gap, None, rng.choice(["x", "y"], n))
    if kind == "numbers_as_text":  # "abc" in every column: without it, pandas reads 01 and 1.0 as 1.0
        return np.array(["abc", *rng.choice(["01", "1", "1.0", "abc"], n - 1)])
    if kind == "case_and_space":
        return rng.choice(["a", "A", "a ", " a"], n)
    if kind == "bool_gaps":
        return np.where(gap, None, rng.choice(["True", "False"], n))
    if kind == "date":
        return rng.choice(["2020-01-01", "2021-06-30", "1999-12-31"], n)
    if kind == "date_gaps":
        return np.where(gap, None, rng.choice(["2020-01-01", "1999-12-31"], n))
    if kind == "timestamp":  # seconds in some rows: a side without them floors the other's to hours
        return rng.choice(["2020-01-01 10:00:00", "2020-01-01 10:00:01", "2021-06-30 00:00:00"], n)
    if kind == "timestamp_gaps":
        return np.where(gap, None, rng.choice(["2020-01-01 10:30:00", "2021-06-30 12:30:00"], n))
    if kind == "int_near_2_53":  # exact as int64 and as float64
        return rng.choice([2**53, 2**53 - 1, -5], n)
    raise ValueError(kind)


def write_pair(folder: Path, pair: int, rng: np.random.Generator) -> None:
    kinds = rng.choice(KINDS, size=int(rng.integers(2, 5)))
    n_ori, n_syn = int(rng.integers(4, 40)), int(rng.integers(3, 30))
    ori = pd.DataFrame({f"c{i}_{k}": column(k, n_ori, rng) for i, k in enumerate(kinds)})
    syn = pd.DataFrame({f"c{i}_{k}": column(k, n_syn, rng) for i, k in enumerate(kinds)})
    copied = min(n_syn // 2, n_ori)
    syn = pd.concat([ori.iloc[:copied], syn.iloc[copied:]], ignore_index=True)
    ori.to_csv(folder / f"o{pair}.csv", index=False)
    syn.to_csv(folder / f"s{pair}.csv", index=False)


def ours(folder: Path, pair: int) -> dict:
    import privrisk_sql as pr

    r = pr.mpuccs(None, str(folder / f"o{pair}.csv"), str(folder / f"s{pair}.csv"), nulls="petsard")
    d = r.to_dict(details=False)
    g = d["global"]
    return {
        "global": {k: g[k] for k in ("total_identified", "identification_rate", "weighted_identification_rate")},
        "tree": {"|".join(sorted(t["field_combo"])): int(t["mpuccs_cnt"]) for t in d["tree"]},
    }


def differences(theirs: dict, mine: dict) -> list[str]:
    diffs = [
        f"{k}: PETsARD {v!r}, ours {mine['global'][k]!r}"
        for k, v in theirs["global"].items()
        if not math.isclose(float(v), float(mine["global"][k]), abs_tol=1e-12)
    ]
    for combo in sorted(set(theirs["tree"]) | set(mine["tree"])):
        a, b = theirs["tree"].get(combo), mine["tree"].get(combo)
        if a != b:
            diffs.append(f"unique syn values over {combo}: PETsARD {a}, ours {b}")
    return diffs


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    petsard = petsard_python()
    warnings.simplefilter("ignore")  # our notes on likely identifiers: these pairs are made of them
    logging.disable(logging.WARNING)
    rng = np.random.default_rng(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for pair in range(args.pairs):
            write_pair(folder, pair, rng)
        subprocess.run(
            [petsard, "-c", PETSARD_SCRIPT, tmp, json.dumps(list(range(args.pairs)))],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        theirs = json.loads((folder / "petsard.json").read_text())
        refused = [p for p, r in theirs.items() if "refused" in r]
        for pair in refused:
            if "mismatch" not in theirs[pair]["refused"]:
                print(f"pair {pair}: PETsARD refused it for another reason: {theirs[pair]['refused']}")
        failed = 0
        for pair, result in theirs.items():
            if "refused" in result:
                continue
            diffs = differences(result, ours(folder, int(pair)))
            if diffs:
                failed += 1
                header = (folder / f"o{pair}.csv").read_text().splitlines()[0]
                print(f"pair {pair} ({header}):\n  " + "\n  ".join(diffs))
    compared = args.pairs - len(refused)
    print(
        f"{args.pairs} random pairs (seed {args.seed}): {compared} compared, {failed} different; "
        f"{len(refused)} refused by PETsARD (its two files typed differently)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
