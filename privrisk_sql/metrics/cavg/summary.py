"""CAVG's summary on stdout: the figure and what it says about the table at that k."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from .. import riskiest


def cavg_summary(r: Any, qids: Sequence[str], excluded: bool) -> str:
    """CAVG with what its value says about the table at that k."""
    best = "n/a (k > rows)" if r.cavg_best_effort is None else f"{r.cavg_best_effort:.6f}"
    if r.cavg < 1:
        verdict = (
            f"below 1: classes hold fewer than k={r.k} rows on average, so some class is smaller than k "
            f"and the table is not {r.k}-anonymous"
        )
    elif r.cavg == 1:
        verdict = f"1: every class holds exactly k={r.k} rows"
    else:
        verdict = (
            f"above 1: classes hold more than k={r.k} rows on average (coarser than k needs; "
            "it does not say that no class is smaller)"
        )
    lines = [
        f"CAVG for k={r.k} over {', '.join(qids)}",
        f"  cavg               {r.cavg:.6f}  {verdict}",
        f"  cavg best effort   {best}  (the least any partition into classes of >= k rows can reach)",
        f"  rows / classes     {r.n_rows:,} / {r.n_classes:,}",
    ]
    if excluded:
        lines.append(f"  excluded rows      {r.excluded_rows:,} (a missing quasi-identifier)")
    return "\n".join(lines)


def summary(args: argparse.Namespace, r: Any, payload: dict) -> str:
    extra = riskiest.lines(r.class_size_histogram, r.k, getattr(args, "_riskiest", None))
    return "\n".join([cavg_summary(r, args.qids, args.exclude_null_qids), *extra])
