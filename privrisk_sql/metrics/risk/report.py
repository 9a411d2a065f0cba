"""risk's report page: the headline risks, the records-at-risk curve against the threshold (as ARX
draws it), class sizes in the sample and the population, and the estimators side by side."""

from __future__ import annotations

from typing import Any

from ...report import RunInfo
from ...report.parts import Number, Section, Table, bar, class_sections, pct, step_line, verdict


def _pct(x: float | None) -> str:
    return "n/a" if x is None else pct(x)


def sections(result: Any, info: RunInfo | None, values: bool) -> tuple[list[Number], list[Section]]:
    p = result.prosecutor
    limit = info.thresholds.get("fail_above") if info else None
    sentence = (
        f"{result.classes:,} classes among {result.records:,} records: an attacker who knows a person is in "
        "the table and their quasi-identifiers picks their row with this probability, on average over "
        "records (ARX's average prosecutor risk)."
    )
    if limit is not None:
        sentence += f" {'Above' if p['average_risk'] > limit else 'Within'} the limit of {pct(limit)} (--fail-above)."
    numbers = [
        Number(
            "average_risk",
            "average risk (over records)",
            pct(p["average_risk"]),
            sentence,
            verdict(None if limit is None else p["average_risk"] <= limit),
        ),
        Number(
            "records_at_risk",
            f"records at risk (> {result.threshold:g})",
            pct(p["records_at_risk"]),
            "Records whose class is so small that 1 / its size exceeds the threshold.",
        ),
        Number(
            "highest_risk",
            "highest risk",
            pct(p["highest_risk"]),
            f"1 / the smallest class, for {pct(p['records_at_highest_risk'])} of the records.",
        ),
        Number(
            "average_risk_over_classes",
            "mean risk over classes",
            pct(p["average_risk_over_classes"]),
            "The mean over classes of 1 / class size: kanon's avg_reid_risk (pycanon's figure), which weighs "
            "a class of one record as much as a class of thousands.",
        ),
    ]
    if result.population is not None:
        u = result.population["uniques"]
        numbers.append(
            Number(
                "population_uniques",
                "population uniques (Dankar)",
                _pct(u["dankar"]),
                f"The estimated share of the {result.population['size']:,} people who are unique "
                f"on these quasi-identifiers; Dankar's rule chose {u['dankar_model'] or 'no model'}.",
            )
        )
    if result.journalist is not None:
        numbers.append(
            Number(
                "k_map",
                "k-map",
                f"{result.k_map['k']:,}",
                "The fewest people of the population that any record's quasi-identifiers match.",
            )
        )
    if result.individual is not None:
        numbers.append(
            Number(
                "global_risk",
                "global risk (sdcMicro)",
                pct(result.individual["global_risk"]),
                f"{result.individual['expected_reidentifications']:.6g} expected re-identifications "
                "from the sampling weights, over the records.",
            )
        )
    out = [
        Section(
            "Records at risk by threshold",
            [
                "Each point is a possible threshold t: the share of records whose risk 1 / class size exceeds t, "
                "as a run with that threshold counts records at risk. The dashed line is the threshold of this run "
                f"({result.threshold:g}): where it meets the curve reads this run's records at risk."
            ],
            [
                step_line(
                    "risk_curve",
                    result.risk_curve(),
                    "threshold",
                    "records_at_risk",
                    title="Records at risk",
                    x_title="threshold (risk 1 / class size)",
                    y_title="share of records",
                    rule=result.threshold,
                )
            ],
        )
    ]
    out += class_sections(result.class_sizes, None)
    if result.population is not None:
        pop = result.population
        table_rows = [
            [
                m,
                _pct(pop["uniques"][m]),
                "" if pop["unique_people"][m] is None else f"{pop['unique_people'][m]:,.1f}",
                pop["reasons"].get(m, ""),
            ]
            for m in ("zayatz", "pitman", "snb", "dankar")
        ]
        out.append(
            Section(
                "Population uniqueness",
                [
                    f"The table is a sample of {pop['size']:,} people (sampling fraction {pop['sampling_fraction']:.6g}). "
                    "Each model estimates how many of them are unique on the quasi-identifiers from the sample's class "
                    f"sizes; Dankar's rule picks one ({pop['uniques']['dankar_model'] or 'none'})."
                ],
                tables=[
                    Table(
                        "population_uniqueness",
                        ["model", "population uniques", "people", "why no estimate"],
                        table_rows,
                    )
                ],
            )
        )
    if result.journalist is not None:
        out.append(_attackers_holding_the_population(result))
    if result.population_class_sizes:
        rows = [{"population_class_size": s, "records": r} for s, r in result.population_class_sizes.items()]
        out.append(
            Section(
                "Population class sizes",
                ["Records of the sample by how many people of the population share their quasi-identifiers."],
                [
                    bar(
                        "population_class_sizes",
                        rows,  # every size, as the sample's chart has them (MAX_TABLE_ROWS is for tables)
                        "population_class_size",
                        "records",
                        title="Records by population class size",
                        x_title="people in the population class",
                        y_title="records",
                        ordinal_x=len(rows) <= 30,
                    )
                ],
                [
                    Table(
                        "k_map_buckets",
                        ["min anonymity", "max anonymity", "records", "classes"],
                        [
                            [
                                b["min_anonymity"],
                                b["max_anonymity"] if b["max_anonymity"] is not None else "",
                                b["records"],
                                b["classes"],
                            ]
                            for b in result.k_map["buckets"]
                        ],
                    )
                ],
            )
        )
    if result.individual is not None:
        i = result.individual
        out.append(
            Section(
                "Individual risk (sdcMicro)",
                [
                    "Each record's risk from the sampling weights of its class (sdcMicro's individual risk): "
                    "the expected number of re-identifications is their sum, the global risk their mean."
                ],
                tables=[
                    Table(
                        "individual_risk",
                        ["figure", "value"],
                        [
                            ["expected re-identifications", f"{i['expected_reidentifications']:.6g}"],
                            ["global risk", pct(i["global_risk"])],
                            [f"records above the threshold ({result.threshold:g})", pct(i["records_above"])],
                        ],
                    )
                ],
            )
        )
    return numbers, out


def _attackers_holding_the_population(result: Any) -> Section:
    """The journalist's and marketer's figures and delta-presence, as the summary gives them: the
    page had k-map alone of the models a population table makes."""
    j, d = result.journalist, result.delta_presence
    text = [
        "An attacker who holds the population table (a census, a voter list) and looks a record up in it: "
        "the journalist picks one person among those who share the record's quasi-identifiers, the marketer "
        "tries every record. Delta-presence is the chance that a person of the population with a class's "
        "values is in the table."
    ]
    note = result.population_coverage()
    if note:
        text.append(f"{note}.")
    rows = [
        ["journalist", f"records at risk (> {result.threshold:g})", pct(j["records_at_risk"])],
        ["journalist", "highest risk", pct(j["highest_risk"])],
        ["journalist", "success rate", pct(j["success_rate"])],
        ["marketer", "success rate", pct(result.marketer["success_rate"])],
        ["delta-presence", "least .. greatest", f"{d['min']:.6g} .. {d['max']:.6g}"],
    ]
    return Section(
        "An attacker holding the population",
        text,
        tables=[Table("population_attackers", ["model", "figure", "value"], rows)],
    )
