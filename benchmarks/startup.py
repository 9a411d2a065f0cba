"""Start-up against the bare interpreter, in one run (issue 39's targets: `import privrisk_sql`
and `privrisk-sql --help` each <= 0.3 s on an idle machine).

Each job is a fresh process (whole process, start-up included), interleaved with the baseline
(`python -c pass`, the floor no Python command goes below): baseline, import, help, baseline,
... `--repeat` times. Printed: min / median / max seconds of each, the medians' difference from
the baseline and whether the 0.3 s target holds. `python -X importtime -c "import privrisk_sql"`
says where the time of an import goes.

Usage: python benchmarks/startup.py [--repeat 10]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

JOBS = {
    "baseline: python -c pass": [sys.executable, "-c", "pass"],
    "import privrisk_sql": [sys.executable, "-c", "import privrisk_sql"],
    "privrisk-sql --help": [sys.executable, "-m", "privrisk_sql.cli", "--help"],
}
TARGET = 0.3


def _time(cmd: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    for cmd in JOBS.values():  # warm the file cache once
        _time(cmd)
    times: dict[str, list[float]] = {name: [] for name in JOBS}
    for _ in range(args.repeat):
        for name, cmd in JOBS.items():
            times[name].append(_time(cmd))
    floor = statistics.median(times["baseline: python -c pass"])
    for name, runs in times.items():
        median = statistics.median(runs)
        verdict = "" if name.startswith("baseline") else f"  {'meets' if median <= TARGET else 'MISSES'} <= {TARGET} s"
        print(
            f"{name:28} min {min(runs):.3f}  median {median:.3f}  max {max(runs):.3f} s  "
            f"(median {median / floor:.1f}x the baseline, +{median - floor:.3f} s){verdict}"
        )


if __name__ == "__main__":
    main()
