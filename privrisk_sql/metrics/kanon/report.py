"""The k-anonymity family's report page: k, the risks, class sizes and the sensitive attributes."""

from __future__ import annotations

from typing import Any

from ...report import RunInfo
from ...report.parts import (
    Number,
    Section,
    Table,
    class_sections,
    fmt,
    pct,
    verdict,
)
from .. import riskiest
from .driver import per_column


def _k_number(k_anonymity: int, k: int | None, fail_below: int | None) -> Number:
    wanted = fail_below if fail_below is not None else k
    if k_anonymity == 1:
        sentence = "Some record is alone in its class: whoever knows its quasi-identifier values finds its row."
    else:
        sentence = (
            f"The smallest class has {k_anonymity:,} rows: every record shares its quasi-identifier values "
            f"with at least {k_anonymity - 1:,} other{'s' if k_anonymity != 2 else ''}."
        )
    if wanted is not None:
        sentence += (
            f" The table is {'' if k_anonymity >= wanted else 'not '}{wanted}-anonymous "
            f"({'--fail-below' if fail_below is not None else 'the k asked for'})."
        )
    return Number(
        "k_anonymity",
        "k-anonymity",
        fmt(k_anonymity),
        sentence,
        verdict(None if wanted is None else k_anonymity >= wanted),
    )


def _sensitive_threshold_numbers(r: dict, thresholds: dict) -> list[Number]:
    """l and t of each sensitive column against --min-l and --max-t, framed pass or fail."""
    min_l, max_t = thresholds.get("min_l"), thresholds.get("max_t")
    numbers = []
    for i, name in enumerate(r.get("sensitive") or []):
        l, t = per_column(r, "l_diversity", name), per_column(r, "t_closeness", name)
        if min_l is not None:
            numbers.append(
                Number(
                    f"l_diversity_{i}",
                    f"distinct l-diversity of {name}",
                    fmt(l),
                    f"Every class holds at least {l:,} different value{'' if l == 1 else 's'} of {name}"
                    + (": some class tells its value to whoever finds it" if l == 1 else "")
                    + f" (--min-l {min_l}).",
                    verdict(l >= min_l),
                )
            )
        if max_t is not None:
            numbers.append(
                Number(
                    f"t_closeness_{i}",
                    f"t-closeness of {name}",
                    fmt(t),
                    f"The class furthest from the table's distribution of {name} lies {fmt(t)} from it "
                    f"(--max-t {fmt(max_t)}; 0: no class tells more than the whole table).",
                    verdict(t <= max_t),
                )
            )
    return numbers


def sections(result: Any, info: RunInfo | None, values: bool) -> tuple[list[Number], list[Section]]:
    r = result.to_dict() if hasattr(result, "to_dict") else dict(result)
    k = info.parameters.get("k") if info else r.get("k")  # a notebook's display has no run info: the result's k
    fail_below = info.thresholds.get("fail_below") if info else None
    numbers = [
        _k_number(r["k_anonymity"], k, fail_below),
        Number(
            "avg_reid_risk_records",
            "average re-identification risk (over records)",
            pct(r["avg_reid_risk_records"]),
            "The mean over records of 1 / (size of its class) = classes / records: the chance an attacker "
            "who knows a random record's quasi-identifiers picks its row (ARX's and sdcMicro's average).",
        ),
        Number(
            "avg_reid_risk",
            "average re-identification risk (over classes)",
            pct(r["avg_reid_risk"]),
            "The mean over classes of 1 / (class size), as pycanon reports it: a class of one record "
            "weighs as much as a class of thousands, so it reads higher than the mean over records.",
        ),
        Number(
            "max_reid_risk",
            "highest re-identification risk",
            pct(r["max_reid_risk"]),
            "The same for the most exposed record (1 / the smallest class).",
        ),
    ]
    numbers += _sensitive_threshold_numbers(r, info.thresholds if info else {})
    if r.get("records_below_k") is not None and k is not None:
        numbers.append(
            riskiest.below_k_card(
                r.get("class_size_histogram") or {},
                k,
                "these rows would have to be generalized or suppressed to reach k.",
            )
        )
    sections = class_sections(r.get("class_size_histogram") or {}, k)
    keys = [
        ("l_diversity", "distinct l-diversity"),
        ("entropy_l_diversity", "entropy l-diversity"),
        ("t_closeness", "t-closeness"),
        ("basic_beta_likeness", "basic beta-likeness"),
        ("enhanced_beta_likeness", "enhanced beta-likeness"),
        ("delta_disclosure", "delta-disclosure"),
    ]
    if r.get("l_diversity") is not None:
        several = isinstance(r["l_diversity"], dict)  # one sensitive column: plain values, else keyed by column
        names = list(r["l_diversity"]) if several else list(r.get("sensitive") or ["sensitive"])

        def value(key: str, name: str) -> Any:
            return r[key][name] if several else r[key]

        def recursive(v: dict) -> str:
            return f"l = {v['l']}, c undefined (l = 1)" if v["c"] is None else f"l = {v['l']}, c = {fmt(v['c'])}"

        rows = [[label] + [fmt(value(key, n)) for n in names] for key, label in keys]
        rows.append(["recursive (c, l)"] + [recursive(value("recursive_c_l", n)) for n in names])
        rows.append(
            ["alpha (largest share), k"]
            + [f"α = {fmt(value('alpha_k', n)['alpha'])}, k = {fmt(value('alpha_k', n)['k'])}" for n in names]
        )
        sections.append(
            Section(
                "Sensitive attributes",
                [
                    "How much a class gives away of its sensitive values: distinct l-diversity is the fewest different "
                    "values in a class (1: some class discloses its value to anyone who finds it); t-closeness is the "
                    "largest distance between a class's distribution and the table's (0: no class tells more than the "
                    "whole table)."
                ],
                tables=[Table("sensitive", ["measure", *names], rows)],
            )
        )
    sections += riskiest.shown_sections(info, values)
    return numbers, sections
