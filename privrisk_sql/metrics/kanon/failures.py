"""Which classes give their sensitive values away: dbt's ``privrisk.l_diversity`` and
``privrisk.t_closeness`` failing rows in Python, from the same plain-Jinja macros
(``dbt/privrisk/macros/privrisk_shared.sql``) as :func:`kanon`'s l and t. Only the failing
classes come back."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...errors import InvalidInputError
from ...given import described, is_number
from ...source import opened
from ..classes import compared_as_bytes, refuse_values_outside_type, validate_k
from ..release_checks import named_rows, riskiest_first
from .driver import (
    ORDERED,
    KanonOptions,
    KanonQueries,
    checked_orders,
    resolved_columns,
    takes_ordered_distance,
)

if TYPE_CHECKING:  # pandas is imported when a result is built
    import pandas as pd


def _sensitive_classes(src: Any, table: Any, qids: Sequence[str], sensitive: str, query: Any) -> tuple[list, list]:
    """The QIDs' real names and the rows of ``query(source, rel, names, sensitive)`` (its QIDs under
    work names), once ``sensitive`` (one name, checked by the caller) is a column of ``table`` and
    none of the QIDs, as kanon resolves them."""
    with opened(src) as source:
        rel = source.relation(table)
        names, (s,) = resolved_columns(rel, qids, [sensitive])
        return names, query(source, rel, names, s)


def _one_name(sensitive: Any) -> None:
    if not isinstance(sensitive, str):
        raise InvalidInputError(f"sensitive must be one column name, got {described(sensitive)}")


def l_diversity_failures(src: Any, table: Any, qids: Sequence[str], sensitive: str, l: int) -> pd.DataFrame:
    """The equivalence classes whose ``sensitive`` column holds fewer than ``l`` distinct values
    (NULL is one): the QID values, ``class_size`` and ``distinct_values``, dbt's
    ``privrisk.l_diversity`` failing rows; the fewest values first, then the smallest class. The
    smallest ``distinct_values`` of all classes is :func:`kanon`'s ``l_diversity``."""
    l = validate_k(l, "l")
    _one_name(sensitive)

    def query(source: Any, rel: Any, names: list[str], s: str) -> list[dict]:
        rel = compared_as_bytes(source.dialect, rel, [*names, s])
        return source.fetch_records(KanonQueries(source.dialect).classes_below_l(rel.sql, names, s, l))

    names, rows = _sensitive_classes(src, table, qids, sensitive, query)
    frame = named_rows(rows, names, ["class_size", "distinct_values"])
    n = len(names)
    return riskiest_first(frame, [n + 1, n], [True, True], n)


def t_closeness_failures(
    src: Any, table: Any, qids: Sequence[str], sensitive: str, t: float, order: Sequence[str] | None = None
) -> pd.DataFrame:
    """The equivalence classes whose ``sensitive`` values lie further than ``t`` from the whole
    table's (the Earth mover's distance): the QID values and the class's ``t``, dbt's
    ``privrisk.t_closeness`` failing rows; the furthest first. As :func:`kanon` measures it: the
    ordered distance over numbers (rows without a value left out), or over a text column's places
    in ``order`` (its values, lowest first; a pandas ordered Categorical brings its own), else
    the equal distance (NULL one value). The largest ``t`` of all classes is kanon's
    ``t_closeness``."""
    if isinstance(t, bool) or not is_number(t) or not 0 <= t <= 1:
        raise InvalidInputError(f"t must be a number from 0 to 1, got {described(t)}")
    _one_name(sensitive)
    if order is not None and (isinstance(order, (str, bytes, Mapping)) or not isinstance(order, Iterable)):
        raise InvalidInputError(f"order must list the column's values as text, lowest first, got {described(order)}")
    orders = KanonOptions.validated(qids, [sensitive], order=None if order is None else {sensitive: order}).order

    def query(source: Any, rel: Any, names: list[str], s: str) -> list[dict]:
        refuse_values_outside_type(source, rel, [s], "t-closeness (the ordered distance)", ORDERED)
        in_order = checked_orders(source, rel, table, [s], orders).get(s)  # keyed by the real name
        ordered = takes_ordered_distance(rel, s, in_order)
        rel = compared_as_bytes(source.dialect, rel, [*names, s])
        return source.fetch_records(
            KanonQueries(source.dialect).classes_beyond_t(rel.sql, names, s, float(t), ordered, in_order)
        )

    names, rows = _sensitive_classes(src, table, qids, sensitive, query)
    frame = named_rows(rows, names, ["t"])
    n = len(names)
    return riskiest_first(frame, [n], [False], n)
