"""The risk metric's result, and the figures computed from the database's small tables."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ... import report
from . import models, population
from .options import RiskOptions


@dataclass(frozen=True)
class RiskResult(report.Displayed):
    """Re-identification risk of a table (see :func:`risk`). Sections whose inputs were not given
    are None and left out of :meth:`to_dict`."""

    records: int
    classes: int
    threshold: float
    class_sizes: dict[int, int]  # class size -> classes
    prosecutor: dict
    population: dict | None = None
    journalist: dict | None = None
    marketer: dict | None = None
    k_map: dict | None = None
    delta_presence: dict | None = None
    population_classes: dict | None = None  # how well the population table covers the sample
    individual: dict | None = None
    population_class_sizes: dict[int, int] = field(default_factory=dict)  # F' -> records

    def to_dict(self) -> dict:
        out: dict[str, Any] = {
            "records": self.records,
            "classes": self.classes,
            "threshold": self.threshold,
            "class_sizes": [[s, c] for s, c in sorted(self.class_sizes.items())],
            "prosecutor": self.prosecutor,
        }
        for name in (
            "population",
            "journalist",
            "marketer",
            "k_map",
            "delta_presence",
            "population_classes",
            "individual",
        ):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out

    def population_coverage(self) -> str | None:
        """Where the population table lacks the sample's classes, or holds fewer people in them,
        in words (the summary's note and the page's); None where it covers every class."""
        if self.population_classes is None:
            return None
        missing = self.population_classes["classes_missing_from_population"]
        smaller = self.population_classes["classes_smaller_in_population"]
        if not (missing or smaller):
            return None
        return (
            f"{missing:,} {'class is' if missing == 1 else 'classes are'} missing from the population and "
            f"{smaller:,} smaller there than in the sample; each is counted with its size in the sample"
        )

    def risk_curve(self) -> list[dict]:
        """Records at risk (prosecutor) as a function of the threshold t, counted as a run with
        ``threshold=t`` counts them (risk 1/f above t): one point per distinct risk 1/f, the
        fraction of records in classes smaller than f, which holds up to the next point's t; the
        curve starts at t = 0 (every record) and ends at t = 1 (none). It counted risks *at
        least* t, so its value at a run's threshold was not that run's records at risk."""
        points, smaller = [], 0
        sizes = sorted(self.class_sizes.items())
        if sizes and sizes[0][0] > 1:
            points.append({"threshold": 1.0, "records_at_risk": 0.0})
        for size, c in sizes:
            points.append({"threshold": 1 / size, "records_at_risk": smaller / self.records})
            smaller += size * c
        points.append({"threshold": 0.0, "records_at_risk": 1.0})
        return points


def population_section(hist: dict[int, int], n: int, size: int) -> dict:
    """Population uniqueness of a sample of ``n`` records drawn from ``size`` people."""
    est = population.estimate(hist, n, size)  # size >= n: risk() counted the sample's rows first
    return {
        "size": size,
        "sampling_fraction": est.sampling_fraction,
        "uniques": {**est.fractions(), "dankar_model": est.dankar_model},
        "unique_people": dict(est.uniques),
        "reasons": dict(est.reasons),
    }


def result_of(hist: dict[int, int], o: RiskOptions, pairs: dict | None, weighted: dict | None) -> RiskResult:
    """Every figure of a run, computed exactly in Python from the small tables the database returned:
    the class-size histogram, the (f, F) pairs with a population, the (f, weight sum) pairs with weights."""
    n = sum(f * c for f, c in hist.items())
    extra: dict[str, Any] = {}
    if o.population_size is not None:
        extra["population"] = population_section(hist, n, o.population_size)
    if pairs is not None:
        used, coverage = models.population_sizes(pairs)
        extra.update(
            journalist=models.journalist(used, o.threshold),
            marketer=models.marketer(used),
            k_map=models.k_map(used),
            delta_presence=models.delta_presence(used),
            population_classes=coverage,
        )
        by_size: dict[int, int] = {}
        for (f, big_f), c in used.items():
            by_size[big_f] = by_size.get(big_f, 0) + f * c
        extra["population_class_sizes"] = dict(sorted(by_size.items()))
    if weighted is not None:
        extra["individual"] = models.individual(weighted, o.threshold)
    for section in extra.values():  # no NaN or infinity reaches the JSON: a failed figure is None
        if isinstance(section, dict):
            for key, value in section.items():
                if isinstance(value, float) and not math.isfinite(value):
                    section[key] = None
    return RiskResult(
        n, sum(hist.values()), o.threshold, dict(sorted(hist.items())), models.prosecutor(hist, o.threshold), **extra
    )
