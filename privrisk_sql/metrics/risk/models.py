"""The attacker models, computed exactly in Python from the small tables the database returns
(docs/metrics/risk.md has every formula and its source):

* prosecutor (ARX's sample risks) from the class-size histogram ``{f: classes}``;
* journalist, marketer, k-map and delta-presence from ``{(f, F): classes}``: sample classes of f
  records whose QID values F people of the population share;
* sdcMicro's individual risk from ``{(f, sum of weights): classes}``.

Fractions are of the sample's records unless named otherwise.
"""

from __future__ import annotations

import math

# k-map buckets by the population size of a record's class (inclusive bounds; None: no bound).
K_MAP_BUCKETS: tuple[tuple[int, int | None], ...] = (
    (1, 1),
    (2, 2),
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 10),
    (11, 20),
    (21, 50),
    (51, 100),
    (101, 1000),
    (1001, 10000),
    (10001, None),
)
# delta-presence buckets by f/F: [0, 0.1], (0.1, 0.2], ..., (0.9, 1].
DELTA_BUCKETS: tuple[tuple[float, float], ...] = tuple((i / 10, (i + 1) / 10) for i in range(10))


def prosecutor(hist: dict[int, int], threshold: float) -> dict:
    """ARX's sample-based risks: 1/f for a record in a class of f records."""
    n = sum(f * c for f, c in hist.items())
    classes = sum(hist.values())
    smallest, largest = min(hist), max(hist)
    return {
        "sample_uniques": hist.get(1, 0) / n,
        "average_risk": classes / n,
        "average_risk_over_classes": math.fsum(c / f for f, c in hist.items()) / classes,
        "highest_risk": 1 / smallest,
        "records_at_highest_risk": smallest * hist[smallest] / n,
        "lowest_risk": 1 / largest,
        "records_at_lowest_risk": largest * hist[largest] / n,
        "records_at_risk": sum(f * c for f, c in hist.items() if 1 / f > threshold) / n,
        "success_rate": classes / n,
    }


def population_sizes(pairs: dict[tuple[int, int], int]) -> tuple[dict[tuple[int, int], int], dict]:
    """Each class's population size as the models use it, F' = max(F, f): the population holds at
    least the sample's own records, also where the table given as the population lacks them (an
    auxiliary table). Returns the pairs by (f, F') and the counts of such classes."""
    used: dict[tuple[int, int], int] = {}
    missing_classes = missing_records = short_classes = short_records = 0
    for (f, big_f), c in pairs.items():
        if big_f == 0:
            missing_classes += c
            missing_records += f * c
        elif big_f < f:
            short_classes += c
            short_records += f * c
        key = (f, max(big_f, f))
        used[key] = used.get(key, 0) + c
    return used, {
        "classes_missing_from_population": missing_classes,
        "records_missing_from_population": missing_records,
        "classes_smaller_in_population": short_classes,
        "records_smaller_in_population": short_records,
    }


def journalist(pairs: dict[tuple[int, int], int], threshold: float) -> dict:
    """ARX's journalist risk: 1/F for a record whose class F people of the population share."""
    n = sum(f * c for (f, _), c in pairs.items())
    classes = sum(pairs.values())
    people = sum(big_f * c for (_, big_f), c in pairs.items())
    return {
        "records_at_risk": sum(f * c for (f, big_f), c in pairs.items() if 1 / big_f > threshold) / n,
        "highest_risk": 1 / min(big_f for _, big_f in pairs),
        "lowest_risk": 1 / max(big_f for _, big_f in pairs),
        "success_rate": max(classes / people, _marketer_rate(pairs, n)),
    }


def marketer(pairs: dict[tuple[int, int], int]) -> dict:
    return {"success_rate": _marketer_rate(pairs, sum(f * c for (f, _), c in pairs.items()))}


def _marketer_rate(pairs: dict[tuple[int, int], int], n: int) -> float:
    """ARX's marketer success rate: the sum over classes of f/F, over the n records."""
    return math.fsum(f / big_f * c for (f, big_f), c in pairs.items()) / n


def k_map(pairs: dict[tuple[int, int], int]) -> dict:
    """k-map: the fewest people of the population any record's QID values stand for, and buckets
    of records and classes by that number (as Google's k-map estimation gives them)."""
    buckets = []
    for low, high in K_MAP_BUCKETS:
        inside = [(f, c) for (f, big_f), c in pairs.items() if big_f >= low and (high is None or big_f <= high)]
        if inside:
            buckets.append(
                {
                    "min_anonymity": low,
                    "max_anonymity": high,
                    "records": sum(f * c for f, c in inside),
                    "classes": sum(c for _, c in inside),
                }
            )
    return {"k": min(big_f for _, big_f in pairs), "buckets": buckets}


def delta_presence(pairs: dict[tuple[int, int], int]) -> dict:
    """delta-presence: per class the probability f/F that a person of the population with these
    QID values is in the sample; its least and greatest, and buckets of records and classes."""
    deltas = {(f, big_f): f / big_f for f, big_f in pairs}
    buckets = []
    for i, (low, high) in enumerate(DELTA_BUCKETS):
        inside = [
            (f, c)
            for (f, big_f), c in pairs.items()
            if (low < deltas[f, big_f] or (i == 0 and deltas[f, big_f] >= low)) and deltas[f, big_f] <= high
        ]
        if inside:
            buckets.append(
                {
                    "min_probability": low,
                    "max_probability": high,
                    "records": sum(f * c for f, c in inside),
                    "classes": sum(c for _, c in inside),
                }
            )
    return {"min": min(deltas.values()), "max": max(deltas.values()), "buckets": buckets}


def individual_risk(f: int, weight_sum: float) -> float:
    """sdcMicro's individual risk (indivRisk, method "approx") of a record in a class of f sample
    records whose weights sum to F: p = f/F; a class that is its own population (F <= f) has 1/f.

    q = 1 - p is taken as (F - f)/F, exact where F is near f. There (q < 0.01: weights just above 1)
    the f = 1 and f = 2 formulas are their series in q: p/(1-p) - (p/(1-p))^2 ln(1/p) cancels, and
    F = 2.0000000002 gave 1.4999 (docs/metrics/risk.md). templates/default/risk/record_risks.sql.j2
    computes the same in SQL."""
    if weight_sum <= f:
        return 1 / f
    p = f / weight_sum
    q = (weight_sum - f) / weight_sum
    if f == 1:
        if q < SERIES_BELOW:  # p/q ln(1/p) = p (1 + q/2 + q^2/3 + ...)
            return p * (1 + q / 2 + q * q / 3 + q**3 / 4 + q**4 / 5 + q**5 / 6 + q**6 / 7)
        return p / q * math.log(1 / p)
    if f == 2:
        if q < SERIES_BELOW:  # p/q - (p/q)^2 ln(1/p) = p (1/2 + q/6 + q^2/12 + ..., q^(k-2)/(k(k-1)))
            return p * (1 / 2 + q / 6 + q * q / 12 + q**3 / 20 + q**4 / 30 + q**5 / 42)
        odds = p / q
        return odds - odds * odds * math.log(1 / p)
    return p / (f - q)


# Below this q = 1 - p the series (7 and 6 terms, truncation under 2e-15) replace the closed forms,
# whose cancellation costs about 1e-16/q^2 there.
SERIES_BELOW = 0.01


def individual(weighted: dict[tuple[int, float], int], threshold: float) -> dict:
    n = sum(f * c for (f, _), c in weighted.items())
    risks = {(f, w): individual_risk(f, w) for f, w in weighted}
    expected = math.fsum(f * c * risks[f, w] for (f, w), c in weighted.items())
    above = sum(f * c for (f, w), c in weighted.items() if risks[f, w] > threshold)
    return {
        "expected_reidentifications": expected,
        "global_risk": expected / n,
        "records_above": above / n,
        "records_above_count": above,
        "highest_risk": max(risks.values()),
    }
