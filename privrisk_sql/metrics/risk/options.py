"""The risk metric's options, validated once before any database work."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import InvalidInputError
from ...given import described, flag, is_number, whole_number
from ..classes import validate_qids
from . import DEFAULT_THRESHOLD


@dataclass(frozen=True)
class RiskOptions:
    """The risk metric's options, validated once (:meth:`validated`) before any database work."""

    qids: tuple[str, ...]
    threshold: float
    population_size: int | None
    population: Any
    population_qids: tuple[str, ...] | None
    population_count: str | None
    weight: str | None
    records: str | None = None
    key: str | None = None
    classes: str | None = None
    replace: bool = False

    @classmethod
    def validated(
        cls,
        qids: Sequence[str],
        threshold: Any = DEFAULT_THRESHOLD,
        population_size: Any = None,
        population: Any = None,
        population_qids: Sequence[str] | None = None,
        population_count: str | None = None,
        weight: str | None = None,
        records: str | None = None,
        key: str | None = None,
        classes: str | None = None,
        replace: bool = False,
    ) -> RiskOptions:
        qids = validate_qids(qids)
        if not is_number(threshold) or not 0 < threshold <= 1:
            raise InvalidInputError(f"threshold must be a number in (0, 1], got {described(threshold)}")
        if population_size is not None:
            people = whole_number(population_size)
            # Above a BIGINT the models' floats lose it (beyond 1e308 a traceback from numpy).
            if people is None or not 1 <= people <= 2**63 - 1:
                raise InvalidInputError(
                    f"population_size must be a whole number of people from 1 to 2^63 - 1, got {described(population_size)}"
                )
            population_size = people
        pq = None
        if population_qids is not None:
            if population is None:
                raise InvalidInputError(
                    "population_qids (--population-qids) names columns of a population table: give population (--population) too"
                )
            pq = validate_qids(population_qids, "population_qids")
            if len(pq) != len(qids):
                raise InvalidInputError(
                    f"population_qids (--population-qids) must name one column per QID, in their order: "
                    f"{len(qids)} for {', '.join(map(repr, qids))}, got {len(pq)}: {', '.join(map(repr, pq))}"
                )
        if population_count is not None and population is None:
            raise InvalidInputError(
                "population_count (--population-count) names a column of a population table: give population (--population) too"
            )
        if weight is not None and (not isinstance(weight, str) or not weight):
            raise InvalidInputError(f"weight must be a column name, got {described(weight)}")
        for option, value in (("records", records), ("classes", classes), ("key", key)):
            if value is not None and (not isinstance(value, str) or not value.strip()):
                raise InvalidInputError(f"{option} must be a name, got {described(value)}")
        if records is not None and key is None:
            raise InvalidInputError(
                "records (--records) writes one row per record with its key: give key (--key ID) too"
            )
        if key is not None and records is None:
            raise InvalidInputError(
                "key (--key) names the key column of the records table: give records (--records OUT) too"
            )
        return cls(
            qids,
            float(threshold),
            population_size,
            population,
            pq,
            population_count,
            weight,
            records,
            key,
            classes,
            flag(replace, "replace"),
        )
