"""mpUCCs' summary on stdout: the global numbers and the combinations that identify most rows."""

from __future__ import annotations

import argparse
from typing import Any


def mpuccs_summary(payload: dict) -> str:
    """mpUCCs' global numbers and the combinations that identify most rows, explained."""
    g = payload["global"]
    lines = [
        "mpUCCs singling-out risk",
        f"  synthetic rows (de-duplicated)   {g['total_syn_records']:,}",
        f"  original rows (de-duplicated)    {g['total_ori_records']:,}",
        f"  identified synthetic rows        {g['total_identified']:,}"
        "   (unique in the synthetic table on some columns, and matching exactly one original row)",
        f"  identification rate              {g['identification_rate']:.6f}",
        f"  weighted identification rate     {g['weighted_identification_rate']:.6f}"
        "   (each identification weighted by field_decay_factor^(size-1))",
        f"  combinations checked / pruned    {g['total_combinations_checked']:,} / {g['total_combinations_pruned']:,}",
        # None (no value rounded or floored) was printed as Python's None
        f"  numeric / datetime precision     {_precision(g['config_numeric_precision'])} / "
        f"{_precision(g['config_datetime_precision'])}"
        "   (decimals floats are rounded to / the unit timestamps are floored to; none: compared as they are)",
    ]
    top = sorted(
        (t for t in payload["tree"] if t["mpuccs_collision_cnt"]),
        key=lambda t: (-t["mpuccs_collision_cnt"], t["check_order"]),
    )[:10]
    if top:
        lines.append("  combinations that identify most rows")
        lines.append(
            "  (identified: synthetic rows singled out by it; uniques: its value combinations"
            " that occur once in the synthetic table)"
        )
        lines.append(f"    {'identified':>10}  {'uniques':>8}  combination")
        for t in top:
            lines.append(f"    {t['mpuccs_collision_cnt']:>10,}  {t['mpuccs_cnt']:>8,}  {', '.join(t['field_combo'])}")
    return "\n".join(lines)


def _precision(value: Any) -> str:
    return "none" if value is None else str(value)


def summary(args: argparse.Namespace, result: Any, payload: dict) -> str:
    return mpuccs_summary(payload)
