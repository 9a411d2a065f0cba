"""The risk metric's SQL builder: pure, one method per query shape (templates/default/risk_*.sql.j2).

The sample's own classes come from the shared class-size histogram (``ClassQueries``); a
population table adds one statement, sampling weights one more (and one scan checking them), and
``--records`` / ``--classes`` one ``CREATE TABLE`` each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..queries import ClassQueries


@dataclass(frozen=True)
class RiskColumn:
    """A QID as the risk statements read it, on the sample and (where given) the population."""

    name: str  # in the sample
    population_name: str  # in the population (the same without one)
    as_bytes: bool  # text compared byte by byte (either side may carry a collation)
    is_float: bool  # NaN read as NULL


class RiskQueries(ClassQueries):
    def population_class_pairs(
        self, sample_sql: str, population_sql: str, columns: Sequence[RiskColumn], population_count: str | None = None
    ) -> str:
        """(sample_size, population_size, classes) of the sample's classes, each beside the
        population's class of the same QID values."""
        return self._r(
            "risk/population_class_pairs.sql.j2",
            sample=sample_sql,
            population=population_sql,
            columns=list(columns),
            population_count=population_count,
        )

    def weighted_classes(self, relation_sql: str, qids: Sequence[str], weight: str) -> str:
        """(sample_size, weight_sum, classes): sdcMicro's f_k and F_k, grouped."""
        named, aliases = self.work_columns(relation_sql, [*qids, weight])
        return self._r(
            "risk/weighted_classes.sql.j2", relation=named, qids=[aliases[q] for q in qids], weight=aliases[weight]
        )

    def weight_problems(self, relation_sql: str, weight: str, is_float: bool) -> str:
        """One row: n_rows, and the missing and non-positive weights."""
        return self._r("risk/weight_problems.sql.j2", relation=relation_sql, weight=weight, is_float=is_float)

    def population_count_problems(self, relation_sql: str, count: str, is_float: bool) -> str:
        """One row: the missing, negative and not whole counts of a census table's count column, and
        the rows counting someone (``counted``)."""
        return self._r("risk/population_count_problems.sql.j2", relation=relation_sql, count=count, is_float=is_float)

    def record_risks(
        self,
        target: str | None,
        sample_sql: str,
        columns: Sequence[RiskColumn],
        key: str,
        key_out: str,
        population_sql: str | None = None,
        population_count: str | None = None,
        weight: str | None = None,
    ) -> str:
        """CREATE ``target``: one row per sample record, its key, class size and risks (None: the
        bare query, which a file is written from)."""
        return self._r(
            "risk/record_risks.sql.j2",
            target=target,
            sample=sample_sql,
            columns=list(columns),
            key=key,
            key_out=key_out,
            population=population_sql,
            population_count=population_count,
            weight=weight,
        )

    def classes_at_risk(
        self,
        target: str | None,
        sample_sql: str,
        columns: Sequence[RiskColumn],
        threshold: float,
        population_sql: str | None = None,
        population_count: str | None = None,
    ) -> str:
        """CREATE ``target``: the classes whose risk exceeds ``threshold``, with their QID values and
        sizes (None: the bare query)."""
        return self._r(
            "risk/classes_at_risk.sql.j2",
            target=target,
            sample=sample_sql,
            columns=list(columns),
            threshold=float(threshold),
            population=population_sql,
            population_count=population_count,
        )
