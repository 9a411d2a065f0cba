"""mpUCCs on a wide table with the default sizes: how fast a stop lands and how much memory it takes.

A 40-column table has 2^40 - 1 = 1.1e12 combinations: no run of them ends, so the claim measured
here is that a run says so at once and stops when told. The CLI runs in a child process with
``--timeout T`` (default 20 s); the script prints its exit code, its wall time against the
timeout, its peak RSS, and how long until the combination count appeared on stderr.

Baseline (same run): the same child on a 40-column table with ``--n-cols 1,2`` (820
combinations, a run that ends), whose peak RSS is the floor of an ordinary run; the ratio printed
is the wide run's peak RSS over it. Targets (issue 25): exit 3 within T + 5 s, peak RSS under 1 GB.

    python benchmarks/mpuccs_wide.py [--timeout 20] [--rows 1000] [--cols 40]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = """
import json, resource, sys
from privrisk_sql.cli import main
code = main(sys.argv[1:])
# VmHWM, the process's own peak: ru_maxrss carries the spawning process's across exec.
peak_kb = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({"code": code, "rss_mb": peak_kb / 1024}))
"""


def wide_csv(path: Path, cols: int, rows: int, seed: int) -> Path:
    rnd = random.Random(seed)
    lines = [",".join(f"c{i}" for i in range(cols))]
    lines += [",".join(str(rnd.randrange(8)) for _ in range(cols)) for _ in range(rows)]
    path.write_text("\n".join(lines) + "\n")
    return path


def run(args: list[str]) -> dict:
    started = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    first_line_at = None
    assert child.stderr is not None
    err_lines = []
    for line in child.stderr:  # read as it comes: when did the count appear?
        if first_line_at is None and "combinations of" in line:
            first_line_at = time.monotonic() - started
        err_lines.append(line)
    out = child.stdout.read() if child.stdout else ""
    child.wait()
    report = json.loads(out.strip().splitlines()[-1])
    report["seconds"] = time.monotonic() - started
    report["count_after_s"] = first_line_at
    report["stderr"] = "".join(err_lines)
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--rows", type=int, default=1000)
    ap.add_argument("--cols", type=int, default=40)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        ori = wide_csv(Path(d) / "ori.csv", a.cols, a.rows, 0)
        syn = wide_csv(Path(d) / "syn.csv", a.cols, a.rows, 1)
        common = ["mpuccs", "--ori", str(ori), "--syn", str(syn), "--quiet"]
        base = run([*common, "--n-cols", "1,2"])
        wide = run([*common, "--timeout", str(a.timeout)])
    print(f"baseline --n-cols 1,2: exit {base['code']}, {base['seconds']:.1f} s, peak RSS {base['rss_mb']:.0f} MB")
    print(
        f"default sizes, --timeout {a.timeout:g}: exit {wide['code']} after {wide['seconds']:.1f} s "
        f"(target: exit 3 within {a.timeout + 5:g} s), peak RSS {wide['rss_mb']:.0f} MB (target < 1024 MB), "
        f"{wide['rss_mb'] / base['rss_mb']:.2f}x the baseline's"
    )
    count = "never" if wide["count_after_s"] is None else f"after {wide['count_after_s']:.1f} s"
    print(f"combination count on stderr: {count}")
    print("stderr of the wide run:\n  " + wide["stderr"].strip().replace("\n", "\n  "))
    ok = wide["code"] == 3 and wide["seconds"] <= a.timeout + 5 and wide["rss_mb"] < 1024
    print("targets met" if ok else "TARGETS MISSED")


if __name__ == "__main__":
    main()
