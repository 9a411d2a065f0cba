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
    points,
    verdict,
)


def sections(result: Any, info: RunInfo | None, values: bool) -> tuple[list[Number], list[Section]]:
    d = result.to_dict()
    g, tree, details = d["global"], d["tree"], d["details"]
    limit = (info.thresholds.get("fail_above") if info else None)
    rate = g["identification_rate"]
    sentence = (f"{g['total_identified']:,} of {g['total_syn_records']:,} synthetic records share a combination "
                "of values, unique in both tables, with exactly one original record: whoever holds the synthetic "
                "table can single that person out.")
    if limit is not None:
        sentence += f" {'Above' if rate > limit else 'Within'} the limit of {pct(limit)} (--fail-above)."
    numbers = [
        Number("identification_rate", "identification rate", pct(rate), sentence,
                verdict(None if limit is None else rate <= limit)),
        Number("weighted_identification_rate", "weighted identification rate", pct(g["weighted_identification_rate"]),
                "The same, with each identification weighted by the field decay factor to the power of its "
                "combination size minus one: a match on few columns counts more."),
        Number("total_combinations_checked", "combinations checked", fmt(g["total_combinations_checked"]),
                f"{g['total_combinations_pruned']:,} of them were pruned: adding a column gained no entropy, so "
                "their supersets were not searched."),
    ]
    by_size = Counter(r["combo_size"] for r in details)
    sizes = sorted({r["combo_size"] for r in tree})
    size_rows = [{"combination_size": s, "identified": by_size.get(s, 0)} for s in sizes]
    tree_rows = [{"combination_size": s, "state": state, "combinations": n} for s in sizes
                 for state, n in (("checked", sum(1 for r in tree if r["combo_size"] == s and not r["is_pruned"])),
                                  ("pruned", sum(1 for r in tree if r["combo_size"] == s and r["is_pruned"])))]
    gains = [{"check_order": r["check_order"], "entropy_gain": r["entropy_gain"],
              "state": "pruned" if r["is_pruned"] else "kept", "combination": " + ".join(map(str, r["field_combo"]))}
             for r in tree if r["entropy_gain"] is not None]
    sections = [Section(
        "Identification by combination size",
        ["Records identified first under a combination of this many columns (each record counts once, at the "
         "first combination that singles it out)."],
        [bar("identified_by_size", size_rows, "combination_size", "identified", title="Identified records",
              x_title="columns in the combination", y_title="records")],
    )]
    tree_section = Section(
        "The search tree",
        ["Combinations are checked in order of size. One whose entropy gain over its base combination is at most "
         "the minimum is pruned, and so are the combinations built on it."],
        [bar("search_tree", tree_rows, "combination_size", "combinations", title="Combinations checked and pruned",
              x_title="columns in the combination", y_title="combinations", color="state")],
    )
    if gains:
        tree_section.charts.append(points("entropy_gain", gains, "check_order", "entropy_gain", "state",
                                           title="Entropy gain of each combination over its base",
                                           x_title="check order", y_title="entropy gain"))
    sections.append(tree_section)
    risky = sorted(tree, key=lambda r: (-r["mpuccs_collision_cnt"], r["check_order"]))[:25]
    sections.append(Section(
        "The riskiest combinations",
        ["Combinations by the number of synthetic records they single out (a record may count under several)."],
        tables=[Table("riskiest_combinations", ["combination", "size", "unique matches", "entropy", "pruned"],
                       [[" + ".join(map(str, r["field_combo"])), r["combo_size"], r["mpuccs_collision_cnt"],
                         r["combo_entropy"], "yes" if r["is_pruned"] else ""] for r in risky])],
    ))
    if values:
        sections.append(Section(
            "Identified records and their values",
            ["Shown because the report was asked for values (--html-values): this page now holds data."],
            tables=[Table("identified_values", ["syn_idx", "ori_idx", "combination", "values"],
                           [[r["syn_idx"], r["ori_idx"], " + ".join(map(str, r["field_combo"])),
                             ", ".join(map(fmt, r["value_combo"]))] for r in details[:MAX_TABLE_ROWS]],
                           caption=f"The first {min(len(details), MAX_TABLE_ROWS):,} of {len(details):,}.")],
        ))
    return numbers, sections
