"""Mondrian's summary on stdout: the partitions, their sizes and the information lost."""

from __future__ import annotations

import argparse
from typing import Any

from ...engines.common import output_kind


def summary(args: argparse.Namespace, r: Any, payload: dict) -> str:
    privacy = "".join(f" {name}={v}" for name, v in (("l", r.l), ("t", r.t)) if v is not None)
    about = f" on {', '.join(r.sensitive)}" if r.sensitive else ""
    lines = [
        f"Mondrian k={r.k}{privacy}{about}{' (relaxed)' if r.relaxed else ''} over {', '.join(args.qids)} "
        f"-> {output_kind(r.output)} {r.output}",
        f"  rows / partitions          {r.n_rows:,} / {r.partitions:,}",
        f"  partition size min / max   {r.min_size:,} / {r.max_size:,}",
        f"  cavg                       {r.cavg:.6f}",
        f"  discernibility             {r.discernibility:,}",
        f"  gcp                        {r.gcp:.6f}  (NCP per QID: "
        + ", ".join(f"{c} {v:.4f}" for c, v in r.ncp.items())
        + ")",
        f"  levels / SQL statements    {r.levels:,} / {r.queries:,}",
    ]
    if r.identifiers:
        lines.append(f"  left out (identifiers)     {', '.join(r.identifiers)}")
    if r.labelled_as_sets:  # readable labels are one option away (docs/metrics/mondrian.md)
        first = r.labelled_as_sets[0]
        lines.append(
            f"  labels of {', '.join(r.labelled_as_sets)} are sets of values: --hierarchy {first}=mask "
            f"(codes such as zips), --hierarchy {first}=FILE.csv or --order {first}=V1,V2,... make them "
            "readable"
        )
    for column in r.uncut_hierarchies:  # a result of a single partition with no word of why
        lines.append(
            f"  {column} was never cut below its hierarchy's root: a cut makes one partition per child "
            "node and needs every child to hold k rows, so one child with few rows (rare values at an "
            "end of the range) blocks it; wider levels, or a view grouping the rare values, let it cut"
        )
    for column, m in r.null_rows.items():
        lines.append(f"  NULL rows in {column}: {m} (a value of their own)")
    return "\n".join(lines)
