"""The riskiest classes of a class metric's CLI summary (kanon and cavg with a k): the sizes of
the classes below k, always, and their QID values only when the user asks (``--show-values``):
values of the smallest classes are the table's most identifying rows."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

SHOWN = 10  # classes listed with --show-values, smallest first


def add_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--show-values", action="store_true",
                   help=f"also print the QID values of the {SHOWN} smallest classes below k (they single people out)")


def fetch(src: Any, args: argparse.Namespace) -> None:
    """With --show-values and a k: the classes below k, smallest first, kept on ``args`` for the summary."""
    args.riskiest = None
    if getattr(args, "show_values", False) and args.k is not None:
        from .release_checks import k_anonymity_failures

        args.riskiest = k_anonymity_failures(src, args.table, args.qids, args.k).head(SHOWN)


def lines(histogram: Mapping[Any, int], k: int | None, qids: Sequence[str], riskiest: Any) -> list[str]:
    """Summary lines: the classes below k by size, then (with --show-values) their values."""
    if k is None:
        return []
    below = sorted((int(size), int(n)) for size, n in histogram.items() if int(size) < k)
    if not below:
        return []
    out = ["  classes below k by size " + ", ".join(f"{size}: {n:,}" for size, n in below)
           + ("" if riskiest is not None else "  (--show-values prints the smallest)")]
    if riskiest is not None and len(riskiest):
        from ..report.parts import fmt

        cells = [["size", *qids]] + [[str(int(row["class_size"])), *(fmt(row[q]) for q in qids)]
                                     for _, row in riskiest.iterrows()]
        widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
        out.append(f"  the {len(riskiest)} smallest classes (their values single people out: keep this output private)")
        out += ["    " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    return out
