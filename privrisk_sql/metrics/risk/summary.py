"""risk's summary on stdout: each model's figures with a few words on what they mean."""

from __future__ import annotations

import argparse
from typing import Any

from ...engines.common import output_kind
from ...report.parts import pct


def _pct(x: float | None) -> str:
    return "n/a" if x is None else pct(x)  # the page's format: a tiny risk is never "0.00 %"


def summary(args: argparse.Namespace, r: Any, payload: dict) -> str:
    p = r.prosecutor
    lines = [
        f"Re-identification risk over {', '.join(args.qids)}: {r.records:,} records in {r.classes:,} classes "
        f"(threshold {r.threshold:g})",
        "  prosecutor (the attacker knows the person is in the table)",
        f"    average risk            {_pct(p['average_risk'])}   (mean over records of 1 / class size)",
        f"    mean over classes       {_pct(p['average_risk_over_classes'])}   (kanon's avg_reid_risk)",
        f"    highest risk            {_pct(p['highest_risk'])}   for {_pct(p['records_at_highest_risk'])} of records",
        f"    records at risk         {_pct(p['records_at_risk'])}   (risk above the threshold)",
        f"    sample uniques          {_pct(p['sample_uniques'])}",
    ]
    if r.population is not None:
        pop = r.population
        u = pop["uniques"]
        lines.append(f"  population of {pop['size']:,} (sampling fraction {pop['sampling_fraction']:.6g})")
        for model in ("zayatz", "pitman", "snb"):
            why = pop["reasons"].get(model)
            lines.append(f"    {model:<8} population uniques {_pct(u[model])}" + (f"   ({why})" if why else ""))
        lines.append(
            f"    dankar   population uniques {_pct(u['dankar'])}   (Dankar's rule chose "
            f"{u['dankar_model'] or 'none: no sample uniques'})"
        )
    if r.journalist is not None:
        j, k = r.journalist, r.k_map
        lines += [
            "  journalist (the attacker holds the population table)",
            f"    records at risk         {_pct(j['records_at_risk'])}",
            f"    highest risk            {_pct(j['highest_risk'])}",
            f"    success rate            {_pct(j['success_rate'])}",
            f"  marketer success rate     {_pct(r.marketer['success_rate'])}",
            f"  k-map                     {k['k']:,}   (fewest people of the population any record stands for)",
            f"  delta-presence            {r.delta_presence['min']:.6g} .. {r.delta_presence['max']:.6g}",
        ]
        note = r.population_coverage()
        if note:
            lines.append(f"  note: {note}")
    if r.individual is not None:
        i = r.individual
        lines += [
            "  individual risk (sdcMicro, sampling weights)",
            f"    expected re-identifications {i['expected_reidentifications']:.6g}",
            f"    global risk             {_pct(i['global_risk'])}",
            f"    records above threshold {_pct(i['records_above'])}",
        ]
    # The tables written, as Mondrian's summary names its output: the run said nothing of them.
    if getattr(args, "records", None):
        lines.append(
            f"  -> {output_kind(args.records)} {args.records}: one row per record ({r.records:,}), its key, class size and risks"
        )
    if getattr(args, "classes", None):
        above = sum(n for size, n in r.class_sizes.items() if 1 / size > r.threshold)
        lines.append(
            f"  -> {output_kind(args.classes)} {args.classes}: the {above:,} {'class' if above == 1 else 'classes'} whose "
            "risk exceeds "
            f"{r.threshold:g}, with their values"
        )
    return "\n".join(lines)
