"""Mondrian's report page: partitions, information loss per QID, partition sizes."""

from __future__ import annotations

from typing import Any

from ...engines.common import output_kind
from ...report import RunInfo
from ...report.parts import (
    Number,
    Section,
    Table,
    bar,
    fmt,
    value_text,
)

SAMPLE_ROWS = 5


def _guarantees(result: Any) -> str:
    """What the output is: k-anonymous, and l-diverse / t-close on the sensitive columns when asked."""
    parts = [f"{result.k}-anonymous"]
    if getattr(result, "l", None) is not None:
        parts.append(f"{result.l}-diverse")
    if getattr(result, "t", None) is not None:
        parts.append(f"{result.t:g}-close")
    text = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
    sensitive = getattr(result, "sensitive", None)
    return text + (f" (sensitive: {', '.join(sensitive)})" if sensitive and len(parts) > 1 else "")


def sections(result: Any, info: RunInfo | None, values: bool) -> tuple[list[Number], list[Section]]:
    numbers = [
        Number(
            "partitions",
            "partitions",
            fmt(result.partitions),
            f"{result.n_rows:,} rows generalized into {result.partitions:,} partitions of {result.min_size:,} to "
            f"{result.max_size:,} rows: the output {output_kind(result.output)} "
            f"{result.output!r} is {_guarantees(result)} on its "
            "quasi-identifiers.",
        ),
        Number(
            "gcp",
            "information loss (GCP)",
            f"{result.gcp:.4f}",
            "The mean normalized certainty penalty over the quasi-identifiers: 0 keeps every value exact, 1 "
            "replaces every value by the whole range.",
        ),
        Number("cavg", "CAVG", f"{result.cavg:.4f}", "Rows / (partitions x k): 1 when every partition has k rows."),
    ]
    ncp_rows = [{"attribute": c, "ncp": v} for c, v in result.ncp.items()]
    sections = [
        Section(
            "Information loss per attribute",
            [
                "NCP of a quasi-identifier: the mean over rows of how much of the column its partition's label "
                "covers: a range's width over the column's range; a set of categories, its values less one over "
                "the column's values less one; a hierarchy's node, its share of the values (the axis runs from 0, "
                "every value kept, to 1, every value replaced by the whole column)."
            ],
            [
                bar(
                    "ncp",
                    ncp_rows,
                    "attribute",
                    "ncp",
                    title="NCP per quasi-identifier",
                    in_order=True,
                    x_title="quasi-identifier",
                    y_title="NCP",
                    y_domain=(0, 1),
                )
            ],
            [
                Table(
                    "ncp",
                    ["quasi-identifier", "NCP", "NULL rows"],
                    [[c, v, result.null_rows.get(c, 0)] for c, v in result.ncp.items()],
                )
            ],
        )
    ]
    sizes = getattr(result, "partition_sizes", None) or {}
    if sizes:
        rows = [
            {"partition_size": int(s), "partitions": int(n)} for s, n in sorted(sizes.items(), key=lambda x: int(x[0]))
        ]
        sections.append(
            Section(
                "Partition sizes",
                [
                    f"Mondrian cuts a partition only when both halves keep at least k = {result.k} rows. A partition far "
                    "above 2k is one no quasi-identifier could cut further (one value left, or a median no cut keeps "
                    f"at k on both sides). It took {result.levels} levels of cuts, {result.queries} SQL statements in all."
                ],
                [
                    bar(
                        "partition_sizes",
                        rows,
                        "partition_size",
                        "partitions",
                        title="Partitions by size",
                        x_title="rows in the partition",
                        y_title="partitions",
                        ordinal_x=len(rows) <= 30,
                    )
                ],
            )
        )
    sample = _sample(result)
    if sample is not None:
        sections.append(sample)
    return numbers, sections


def _sample(result: Any) -> Section | None:
    """A few rows of the output as it was released: the partition and each QID's label, never
    a kept column (those are the input's own values). None when the output cannot be read back
    (a connection the caller has closed since)."""
    try:
        rows = result.to_pandas(limit=SAMPLE_ROWS)
    except Exception:  # the page is still worth having without it
        return None
    columns = ["partition_id", *(f"{q}_gen" for q in result.ncp)]
    if rows.empty or not all(c in rows.columns for c in columns):
        return None
    return Section(
        "A sample of the output",
        [
            f"The first {len(rows)} rows the database returns from {result.output!r}: their partition and the "
            "generalized value of each quasi-identifier (kept columns are not shown: they hold the input's values)."
        ],
        tables=[
            Table(
                "output_sample",
                columns,
                [[value_text(v) for v in row] for row in rows[columns].itertuples(index=False)],
            )
        ],
    )
