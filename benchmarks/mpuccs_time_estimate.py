"""mpUCCs' time estimate against the time a run takes, on the bundled pairs.

A run of 10,000 combinations or more says, after its first two levels, how long all of them would
take (privrisk_sql.metrics.mpuccs.plan.estimate_seconds). This script runs each pair once, reads
the estimate the run said on its log, times the levels (from the progress callback's first call to
its last), and prints the ratio said ÷ taken. Baseline (same run): the rule used until
2026-12-01, the first level's time per combination times every combination, from the same
run's first level.

    python benchmarks/mpuccs_time_estimate.py [--pairs adult:1-15,adult:1-7,german_credit:1-5]
"""

from __future__ import annotations

import argparse
import logging
import math
import re
import time
from pathlib import Path

import privrisk_sql as pr

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
_SAID = re.compile(r"would take about ([\d.e+]+) (s|min|h|days|years)")
_UNIT = {"s": 1, "min": 60, "h": 3600, "days": 86400, "years": 365.25 * 86400}


class _Heard(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def run(pair: str, sizes: range) -> dict:
    ori, syn = FIXTURES / pair / "ori.csv", FIXTURES / pair / "syn.csv"
    k = len(ori.open().readline().split(","))
    marks: list[tuple[float, int, int]] = []
    heard = _Heard()
    logger = logging.getLogger("privrisk_sql")
    logger.addHandler(heard)
    try:
        pr.mpuccs(
            None,
            str(ori),
            str(syn),
            n_cols=list(sizes),
            details=False,
            progress=lambda done, total: marks.append((time.monotonic(), done, total)),
        )
    finally:
        logger.removeHandler(heard)
    said_text = next(m for m in heard.messages if "would take" in m)
    value, unit = _SAID.search(said_text).groups()  # type: ignore[union-attr]
    start, total = marks[0][0], marks[0][2]
    taken = marks[-1][0] - start
    first_level = next(t for t, done, _ in marks if done >= math.comb(k, sizes[0])) - start
    return {
        "said": float(value) * _UNIT[unit],
        "before": first_level / math.comb(k, sizes[0]) * total,
        "taken": taken,
        "total": total,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="adult:1-15,adult:1-7,german_credit:1-5")
    args = parser.parse_args()
    print(f"{'pair, sizes':<24} {'combinations':>12} {'said':>8} {'before':>8} {'taken':>8} {'said/taken':>10}")
    for item in args.pairs.split(","):
        pair, span = item.split(":")
        low, high = (int(x) for x in span.split("-"))
        r = run(pair, range(low, high + 1))
        print(
            f"{pair + ', ' + span:<24} {r['total']:>12,} {r['said']:>7.0f}s {r['before']:>7.0f}s {r['taken']:>7.1f}s "
            f"{r['said'] / r['taken']:>10.2f}   (before: {r['before'] / r['taken']:.2f})"
        )


if __name__ == "__main__":
    main()
