"""Mondrian, whole process against whole process: privrisk_sql against qiyuangong/Mondrian,
SDC4Society's ClassicMondrian and the floors of any in-database run (issue 39's target: >= 10x
each peer at 100k and 1M rows).

Data: benchmarks/scaled_data.py N --seed 0 (Adult-like Parquet); 6 QIDs (age, education_num,
hours_per_week, sex, race, marital_status), k = 10, strict. Every job is a fresh process; CPU
seconds (user + sys of the process and its threads) and wall time, jobs interleaved round by
round, min / median / max printed:

* ``qiyuangong``: its ``mondrian.py`` (pure Python; give a checkout with ``--qiyuangong DIR``,
  its code is not part of this repository) on the rows pandas reads from the Parquet file, text
  QIDs coded as integers in sorted order, the anonymized rows written to a CSV file;
* ``sdc4society``: ``ClassicMondrian`` of github.com/SDC4Society/k_anonymization (give a
  checkout with ``--sdc4society DIR``; benchmarks/setup_sdc4society.sh installs it in a venv of
  its own), on its own kind of dataset folder, written before the rounds from the same Parquet
  rows: the rows as CSV (its reader), the QIDs in ``props.json`` (text ones categorical) and a
  one-level hierarchy (value -> ``*``) per text QID, as its own Adult sets ``sex``; its default
  group summarization, the anonymized rows written to a CSV file;
* ``privrisk-sql mondrian``: the command, writing the anonymized table (``--keep '*'``) to a
  new DuckDB file;
* ``privrisk-sql --labels-only``: the same with ``--labels-only``: per QID the label alone, no
  ``_lo``/``_hi`` bounds. That is the output closest to the peers', which write the label in the
  value's place; its rows and partitions are those of the run above;
* ``floor: GROUP BY``: a process that imports what a run imports (duckdb, jinja2, sqlglot) and
  groups the rows by the QIDs once: the least any in-database Mondrian does;
* ``floor: copy``: the same imports, then ``CREATE TABLE AS SELECT *`` of the rows into a new
  DuckDB file: the least any run that writes its output there does.
* ``floor: write output``: the same imports, then ``CREATE TABLE AS SELECT *`` of our own output
  table (read from a DuckDB file our first run wrote, kept aside) into a new DuckDB file: the
  cost of writing a table of the output's shape (the input's columns, the partition id, and a
  low, high and label column per QID), whatever computed it.

The partition counts are printed side by side (the peers' partitions are not ours by rule: see
docs/metrics/mondrian.md for qiyuangong's four differences; ClassicMondrian also cuts text QIDs
at the median of their codes in order of first appearance). Ratios: each peer over ours per round, and
ours over each floor, and the output-write floor over the copy floor (the least "ours over the
copy floor" can be); what 10x would need is printed against the copy floor.

    python benchmarks/mondrian_vs_peers.py --qiyuangong DIR [--sdc4society DIR] [--rows 100000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from as_installed import compile_bytecode  # noqa: E402
from scaled_data import scaled  # noqa: E402
from whole_process import spread, timed  # noqa: E402

QIDS = ["age", "education_num", "hours_per_week", "sex", "race", "marital_status"]
IMPORTS = "import duckdb, jinja2, sqlglot"

PEER = """
import sys
import pandas as pd
sys.path.insert(0, sys.argv[1])
from mondrian import mondrian
import mondrian as m
qids = sys.argv[3].split(",")
df = pd.read_parquet(sys.argv[2])
for q in qids:
    if df[q].dtype == object:  # text as integer codes in sorted order: qiyuangong orders numbers
        df[q] = df[q].map({v: i for i, v in enumerate(sorted(df[q].dropna().unique()))})
rest = [c for c in df.columns if c not in qids]
data = [[str(v) for v in row] for row in df[qids + rest].itertuples(index=False)]
result, (ncp, _) = mondrian(data, int(sys.argv[4]), False, len(qids))
with open(sys.argv[5], "w") as out:
    for r in result:
        out.write(";".join(r) + "\\n")
print(len(m.RESULT))
"""

SDC4SOCIETY = """
import sys
from k_anonymization.algorithms.local_recoding.mondrian import ClassicMondrian
from k_anonymization.core.dataset import Dataset

class Prepared(Dataset):  # its dataset folder, written by the benchmark (Dataset reads its own)
    path = sys.argv[1]

algorithm = ClassicMondrian(Prepared("rows"), int(sys.argv[2]))
algorithm.anonymize()
algorithm.anon_data.to_csv(sys.argv[3], index=False)
print(len(algorithm.groups))
"""


def sdc4society_dataset(data: Path, folder: Path) -> Path:
    """The rows of ``data`` as a k_anonymization dataset folder: CSV, props.json, hierarchies."""
    import pandas as pd

    df = pd.read_parquet(data)
    df = df[QIDS + [c for c in df.columns if c not in QIDS]]
    (folder / "hierarchies").mkdir(parents=True, exist_ok=True)
    df.to_csv(folder / "rows.csv", index=False)
    text = [df[q].dtype == object for q in QIDS]
    props = {"qi_index": list(range(len(QIDS))), "target": "income", "is_category": text}
    (folder / "props.json").write_text(json.dumps(props))
    for q, is_text in zip(QIDS, text):
        if is_text:
            one_level = {"name": q, "lambda": ["lambda x: '*'"], "tree": [{"is_suppressed": True}]}
            (folder / "hierarchies" / f"{q}.json").write_text(json.dumps(one_level))
    return folder


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--qiyuangong", type=Path, help="a checkout of github.com/qiyuangong/Mondrian")
    p.add_argument("--sdc4society", type=Path, help="a checkout of github.com/SDC4Society/k_anonymization")
    p.add_argument("--rows", type=int, default=100_000)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--k", type=int, default=10)
    a = p.parse_args()
    data = scaled(a.rows)
    py, cli = sys.executable, str(Path(sys.executable).with_name("privrisk-sql"))
    compile_bytecode(py, package="privrisk_sql")  # every tool as installed (benchmarks/as_installed.py)
    if a.qiyuangong:
        compile_bytecode(py, folder=a.qiyuangong)
    work = Path(tempfile.mkdtemp(prefix="mondrian_peers_"))
    atexit.register(shutil.rmtree, work, True)  # its data and databases: every run left them in /tmp
    group_by = (
        f"{IMPORTS}; duckdb.sql(\"SELECT COUNT(*) FROM (SELECT COUNT(*) FROM read_parquet('{data}') "
        f'GROUP BY {", ".join(QIDS)})").fetchall()'
    )

    kept = work / "output_kept.duckdb"  # our first run's output, what "floor: write output" copies

    def fresh(name: str) -> str:
        path = work / name
        path.unlink(missing_ok=True)
        return str(path)

    def ours_cmd(name: str, *extra: str) -> list[str]:
        return [
            cli,
            "mondrian",
            "--db",
            fresh(f"{name}.duckdb"),
            "--table",
            str(data),
            "--qids",
            ",".join(QIDS),
            "--k",
            str(a.k),
            "--output",
            "anonymized",
            "--keep",
            "*",
            "--json",
            fresh(f"{name}.json"),
            "--quiet",
            *extra,
        ]

    ours_runs = {"privrisk-sql mondrian": "ours", "privrisk-sql --labels-only": "ours_labels"}  # job: its files
    jobs = {
        "privrisk-sql mondrian": lambda: ours_cmd("ours"),
        "privrisk-sql --labels-only": lambda: ours_cmd("ours_labels", "--labels-only"),
        "floor: GROUP BY": lambda: [py, "-c", group_by],
        "floor: copy": lambda: [
            py,
            "-c",
            f"{IMPORTS}; duckdb.connect('{fresh('copy.duckdb')}').execute("
            f"\"CREATE TABLE t AS SELECT * FROM read_parquet('{data}')\")",
        ],
        "floor: write output": lambda: [
            py,
            "-c",
            f"{IMPORTS}; c = duckdb.connect('{fresh('copy_out.duckdb')}'); "
            f"c.execute(\"ATTACH '{kept}' AS ours (READ_ONLY)\"); "
            "c.execute('CREATE TABLE t AS SELECT * FROM ours.anonymized')",
        ],
    }
    if a.qiyuangong:
        jobs["qiyuangong"] = lambda: [
            py,
            "-c",
            PEER,
            str(a.qiyuangong),
            str(data),
            ",".join(QIDS),
            str(a.k),
            fresh("peer.csv"),
        ]
    if a.sdc4society:
        venv = subprocess.run(
            ["bash", str(Path(__file__).with_name("setup_sdc4society.sh")), str(a.sdc4society)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()[-1]
        sdc_py = str(Path(venv) / "bin" / "python")
        compile_bytecode(sdc_py, package="k_anonymization")
        folder = sdc4society_dataset(data, work / "sdc4society")
        jobs["sdc4society"] = lambda: [sdc_py, "-c", SDC4SOCIETY, str(folder), str(a.k), fresh("sdc4society.csv")]
    print(
        f"{a.rows:,} rows, QIDs {','.join(QIDS)}, k = {a.k}, strict; load {os.getloadavg()[0]:.2f}; "
        f"{a.rounds} interleaved rounds, min / median / max; bytecode compiled for every tool"
    )
    got: dict[str, list[tuple[float, float]]] = {name: [] for name in jobs}
    partitions: dict[str, int] = {}
    for _ in range(a.rounds):
        for name, cmd in jobs.items():
            cpu, wall, out = timed(cmd())
            got[name].append((cpu, wall))
            if name in ("qiyuangong", "sdc4society"):
                partitions[name] = int(out.split()[-1])
            elif name in ours_runs:
                partitions[name] = json.loads((work / f"{ours_runs[name]}.json").read_text())["partitions"]
                if name == "privrisk-sql mondrian" and not kept.exists():
                    shutil.copyfile(work / "ours.duckdb", kept)
    # same rows, same cuts: the two outputs differ only in the bounds' columns
    assert partitions["privrisk-sql --labels-only"] == partitions["privrisk-sql mondrian"], partitions
    for name, runs in got.items():
        print(
            f"{name:<26} CPU-s {spread([c for c, _ in runs])}   wall s {spread([w for _, w in runs])}"
            + (f"   {partitions[name]:,} partitions" if name in partitions else "")
        )
    cpu = {name: [c for c, _ in runs] for name, runs in got.items()}
    wall = {name: [w for _, w in runs] for name, runs in got.items()}
    ours = "privrisk-sql mondrian"
    for floor in ("floor: GROUP BY", "floor: copy", "floor: write output"):
        print(f"ours / {floor:<19} CPU {spread([o / f for o, f in zip(cpu[ours], cpu[floor])])}")
    out_over_copy = [o / c for o, c in zip(cpu["floor: write output"], cpu["floor: copy"])]
    print(f"floor: write output / floor: copy  CPU {spread(out_over_copy)}  (the least ours / copy can be)")
    for peer in ("qiyuangong", "sdc4society"):
        if peer not in cpu:
            continue
        for mine, label in ((ours, "ours"), ("privrisk-sql --labels-only", "ours, labels only")):
            print(
                f"{peer + ' / ' + label:<36} CPU {spread([q / o for q, o in zip(cpu[peer], cpu[mine])])}   "
                f"wall {spread([q / o for q, o in zip(wall[peer], wall[mine])])}"
            )
        need = statistics.median(cpu[peer]) / 10
        print(
            f"10x {peer} needs <= {need:.2f} CPU-s; the copy floor's median is "
            f"{statistics.median(cpu['floor: copy']):.2f} CPU-s"
        )


if __name__ == "__main__":
    main()
