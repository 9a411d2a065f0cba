"""CAVG's report page: the figure against k and the class sizes."""

from __future__ import annotations

from typing import Any

from ...report import RunInfo
from ...report.parts import (
    Number,
    Section,
    class_sections,
    verdict,
)
from .. import riskiest


def sections(result: Any, info: RunInfo | None, values: bool) -> tuple[list[Number], list[Section]]:
    limit = info.thresholds.get("fail_above") if info else None
    sentence = (
        f"{result.n_rows:,} rows in {result.n_classes:,} classes at k = {result.k}: CAVG = rows / (classes "
        "x k). 1 means every class has exactly k rows; the higher, the coarser the classes."
    )
    if limit is not None:
        sentence += f" {'Above' if result.cavg > limit else 'Within'} the limit of {limit:g} (--fail-above)."
    numbers = [
        Number("cavg", "CAVG", f"{result.cavg:.6g}", sentence, verdict(None if limit is None else result.cavg <= limit))
    ]
    if result.cavg_best_effort is not None:
        numbers.append(
            Number(
                "cavg_best_effort",
                "best possible CAVG",
                f"{result.cavg_best_effort:.6g}",
                "The CAVG of the best partition of this many rows into classes of at least k.",
            )
        )
    # CAVG is an average: 45.2 at k = 5 on Adult's age and sex, beside 15 records in 9 classes
    # below 5, which the page left to a red sliver of its chart.
    numbers.append(
        riskiest.below_k_card(
            result.class_size_histogram,
            result.k,
            "CAVG averages over every class, and these rows are in classes smaller than k all the same "
            "(they would have to be generalized or suppressed to reach k).",
        )
    )
    sections = class_sections(result.class_size_histogram, result.k)
    sections += riskiest.shown_sections(info, values)
    return numbers, sections
