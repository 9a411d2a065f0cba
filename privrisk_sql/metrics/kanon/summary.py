"""kanon's summary on stdout: each number with a few words on what it means."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from .. import riskiest
from .driver import per_column

# kanon's per-sensitive-column results: (key, label, what it means).
_SENSITIVE_ROWS = [
    ("l_diversity", "l-diversity (distinct)", "fewest distinct values in a class"),
    ("entropy_l_diversity", "entropy l-diversity", "exp(smallest entropy of a class)"),
    ("recursive_c_l", "recursive (c,l)", "smallest c for the table's l; undefined when l = 1"),
    ("alpha_k", "alpha (largest share)", "largest share of one value within a class"),
    ("t_closeness", "t-closeness", "largest distance of a class's distribution from the table's"),
    ("basic_beta_likeness", "basic beta-likeness", "largest relative gain of a value's share in a class"),
    ("enhanced_beta_likeness", "enhanced beta-likeness", "the same, capped by -ln(global share)"),
    ("delta_disclosure", "delta-disclosure", "largest |ln(class share / table share)|"),
]


def _num(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _cell(key: str, value: Any) -> str:
    if key == "recursive_c_l":
        return f"l={value['l']}, c undefined" if value["c"] is None else f"l={value['l']}, c={value['c']}"
    if key == "alpha_k":
        return _num(value["alpha"])
    return _num(value)


def kanon_summary(r: dict, qids: Sequence[str], k: int | None) -> str:
    """The kanon result as a page a person reads: sizes first, then one column per sensitive column."""
    smallest = r["k_anonymity"]
    lines = [
        f"k-anonymity family over {', '.join(qids)}: {r['n_rows']:,} rows in {r['n_classes']:,} classes",
        f"  k-anonymity            {smallest:<12,} the smallest class has {smallest:,} row(s)"
        + (": someone is unique on these columns" if smallest == 1 else ""),
        f"  re-identification      avg {r['avg_reid_risk_records']:.6f} over records, {r['avg_reid_risk']:.6f} over "
        f"classes, max {r['max_reid_risk']:.6f}   (1 / class size: the chance of picking out one person)",
        f"  discernibility         {r['discernibility']:<12,} sum of squared class sizes (lower is finer)",
    ]
    if k is not None:
        verdict = "the table is k-anonymous at this k" if smallest >= k else "they break k-anonymity at this k"
        lines.append(
            f"  below k={k:<14} {r['classes_below_k']:,} classes, {r['records_below_k']:,} records ({verdict})"
        )
    if r.get("excluded_rows"):
        lines.append(f"  excluded rows          {r['excluded_rows']:,} (a missing quasi-identifier)")
    # The result's names, as the table spells them: a name typed in another case (INCOME) keyed
    # nothing in a result of several columns (a KeyError after the run).
    sensitive = list(r.get("sensitive") or [])
    if sensitive:
        rows = []
        for key, label, meaning in _SENSITIVE_ROWS:
            rows.append((label, [_cell(key, per_column(r, key, s)) for s in sensitive], meaning))
        width = 2 + max(len(x) for x in [*sensitive, *(c for _, cells, _ in rows for c in cells)])
        lines.append("")
        lines.append("  " + f"{'per sensitive column':<24}" + "".join(f"{s:<{width}}" for s in sensitive))
        for label, cells, meaning in rows:
            lines.append(f"  {label:<24}" + "".join(f"{c:<{width}}" for c in cells) + meaning)
    return "\n".join(lines)


def summary(args: argparse.Namespace, r: Any, payload: dict) -> str:
    text = kanon_summary(r, args.qids, args.k)
    extra = riskiest.lines(r["class_size_histogram"], args.k, getattr(args, "_riskiest", None))
    return "\n".join([text, *extra])
