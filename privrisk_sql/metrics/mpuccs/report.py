"""mpUCCs' report page: the identification rate, identification by combination size, the search tree."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...report import RunInfo
from ...report.parts import (
    MAX_TABLE_ROWS,
    Number,
    Section,
    Table,
    bar,
    fmt,
    pct,
    value_text,
    verdict,
)


def sections(result: Any, info: RunInfo | None, values: bool) -> tuple[list[Number], list[Section]]:
    d = result.to_dict(details=values)  # the events' rows only for the values table
    g, tree, details = d["global"], d["tree"], d.get("details", [])
    limit = info.thresholds.get("fail_above") if info else None
    rate = g["identification_rate"]
    sentence = (
        f"{g['total_identified']:,} of {g['total_syn_records']:,} synthetic records share a combination "
        "of values, unique in both tables, with exactly one original record: whoever holds the synthetic "
        "table can single that person out."
    )
    if limit is not None:
        sentence += f" {'Above' if rate > limit else 'Within'} the limit of {pct(limit)} (--fail-above)."
    numbers = [
        Number(
            "identification_rate",
            "identification rate",
            pct(rate),
            sentence,
            verdict(None if limit is None else rate <= limit),
        ),
        Number(
            "weighted_identification_rate",
            "weighted identification rate",
            pct(g["weighted_identification_rate"]),
            "The same, with each identification weighted by the field decay factor to the power of its "
            "combination size minus one: a match on few columns counts more.",
        ),
        Number(
            "total_combinations_checked",
            "combinations checked",
            fmt(g["total_combinations_checked"]),
            f"{g['total_combinations_pruned']:,} of them were pruned: adding a column gained no entropy, so "
            "their supersets were not searched.",
        ),
    ]
    # a combination's events are its collisions: the count per size needs no event row
    by_size: Counter = Counter()
    for r in tree:
        by_size[r["combo_size"]] += r["mpuccs_collision_cnt"]
    sizes = sorted({r["combo_size"] for r in tree})
    size_rows = [{"combination_size": s, "identified": by_size.get(s, 0)} for s in sizes]
    tree_rows = [
        {"combination_size": s, "state": state, "combinations": n}
        for s in sizes
        for state, n in (
            ("checked", sum(1 for r in tree if r["combo_size"] == s and not r["is_pruned"])),
            ("pruned", sum(1 for r in tree if r["combo_size"] == s and r["is_pruned"])),
        )
    ]
    sections = [
        Section(
            "Identification by combination size",
            [
                "Records identified first under a combination of this many columns (each record counts once, at the "
                "first combination that singles it out)."
            ],
            [
                bar(
                    "identified_by_size",
                    size_rows,
                    "combination_size",
                    "identified",
                    title="Identified records",
                    x_title="columns in the combination",
                    y_title="records",
                )
            ],
        )
    ]
    tree_section = Section(
        "The search tree",
        [
            "Combinations are checked in order of size. One whose entropy gain over its base combination is at most "
            "the minimum is pruned, and so are the combinations built on it."
        ],
        [
            bar(
                "search_tree",
                tree_rows,
                "combination_size",
                "combinations",
                title="Combinations checked and pruned",
                x_title="columns in the combination",
                y_title="combinations",
                color="state",
            )
        ],
    )
    sections.append(tree_section)
    risky = sorted(tree, key=lambda r: (-r["mpuccs_collision_cnt"], r["check_order"]))[:25]
    # the check order's scatter said nothing to a reader (issue 40): the records each combination
    # singles out, the riskiest 15, say what the search found
    top = [
        {"combination": " + ".join(map(str, r["field_combo"])), "unique_matches": r["mpuccs_collision_cnt"]}
        for r in risky[:15]
        if r["mpuccs_collision_cnt"]
    ]
    sections.append(
        Section(
            "The riskiest combinations",
            ["Combinations by the number of synthetic records they single out (a record may count under several)."],
            [
                bar(
                    "identified_by_combination",
                    top,
                    "combination",
                    "unique_matches",
                    title="Records singled out, by combination",
                    x_title="combination",
                    y_title="records",
                    by_height=True,
                )
            ]
            if top
            else [],
            tables=[
                Table(
                    "riskiest_combinations",
                    ["combination", "size", "unique matches", "entropy", "pruned"],
                    [
                        [
                            " + ".join(map(str, r["field_combo"])),
                            r["combo_size"],
                            r["mpuccs_collision_cnt"],
                            r["combo_entropy"],
                            "yes" if r["is_pruned"] else "",
                        ]
                        for r in risky
                    ],
                )
            ],
        )
    )
    if values:
        keyed = bool(details) and "syn_key" in details[0]
        sections.append(
            Section(
                "Identified records and their values",
                ["Shown because the report was asked for values (--html-values): this page now holds data."],
                # with --key the rows are named by their keys (what the JSON says), not by position
                tables=[
                    Table(
                        "identified_values",
                        ["syn key", "ori key", "combination", "values"]
                        if keyed
                        else ["syn_idx", "ori_idx", "combination", "values"],
                        [
                            [
                                value_text(r["syn_key"]) if keyed else r["syn_idx"],
                                value_text(r["ori_key"]) if keyed else r["ori_idx"],
                                " + ".join(map(str, r["field_combo"])),
                                ", ".join(map(value_text, r["value_combo"])),
                            ]
                            for r in details[:MAX_TABLE_ROWS]
                        ],
                        caption=f"The first {min(len(details), MAX_TABLE_ROWS):,} of {len(details):,}.",
                    )
                ],
            )
        )
    return numbers, sections
