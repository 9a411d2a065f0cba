"""The checks the dbt package's generic tests run, callable from Python on the same SQL.

``k_anonymity_failures``, ``l_diversity_failures``, ``t_closeness_failures`` and
``singling_out_rate`` render the plain-Jinja macros of ``dbt/privrisk/macros/privrisk_shared.sql``,
the file dbt loads for ``privrisk.k_anonymity``, ``privrisk.l_diversity``,
``privrisk.t_closeness`` and ``privrisk.singling_out_rate``: one source of SQL for both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInputError
from ..given import is_number
from ..source import opened
from .classes import compared_as_bytes, refuse_values_outside_type, resolve_qids, validate_k
from .kanon.driver import ORDERED, KanonOptions, KanonQueries, checked_orders
from .queries import ClassQueries

if TYPE_CHECKING:  # pandas is imported when a result is built: the CLI never pays its import time
    import pandas as pd


def k_anonymity_failures_sql(dialect, relation_sql: str, qids: Sequence[str], k: int) -> str:
    """:meth:`ClassQueries.classes_below_k` (k checked)."""
    return ClassQueries(dialect).classes_below_k(relation_sql, qids, validate_k(k))


def k_anonymity_failures(src: Any, table: str, qids: Sequence[str], k: int) -> pd.DataFrame:
    """The equivalence classes smaller than k (QID values and ``class_size``): dbt's failing rows,
    the riskiest first (smallest class, then the QID values)."""
    k = validate_k(k)
    with opened(src) as source:
        rel = source.relation(table)
        names = resolve_qids(rel, qids)
        rel = compared_as_bytes(source.dialect, rel, names)  # 'Paris' and 'PARIS' are two classes
        # By position: the rows carry the QIDs (under work names) beside class_size, and a QID may
        # be called class_size too (a dict by name would lose one); the layout is the shared dbt macro's.
        rows = source.fetch(k_anonymity_failures_sql(source.dialect, rel.sql, names, k))
    import pandas as pd

    # Sorted by position, then named: a QID called class_size makes two columns of that name.
    size = len(names)
    frame = pd.DataFrame(rows, columns=range(size + 1))
    try:
        frame = frame.sort_values([size, *range(size)], kind="stable", na_position="first")
    except TypeError:  # values of mixed kinds in one column (SQLite's typeless ones): by size alone
        frame = frame.sort_values([size], kind="stable")
    frame.columns = pd.Index([*names, "class_size"])
    return frame.reset_index(drop=True)


def _sensitive_classes(src: Any, table: Any, qids: Sequence[str], sensitive: str, query: Any) -> tuple[list, list]:
    """The QIDs' real names and the rows of ``query(source, rel, names, sensitive)`` (its QIDs under
    work names), once ``sensitive`` is one column of ``table`` and none of the QIDs; text compared
    by its bytes and NaN read as missing, as kanon reads them."""
    _one_name(sensitive)
    with opened(src) as source:
        rel = source.relation(table)
        names = resolve_qids(rel, qids)
        (s,) = resolve_qids(rel, [sensitive], "sensitive")
        if s in names:
            raise InvalidInputError(f"column {s!r} is both a quasi-identifier and sensitive")
        return names, query(source, rel, names, s)


def _one_name(sensitive: Any) -> None:
    if not isinstance(sensitive, str):
        raise InvalidInputError(f"sensitive must be one column name, got {sensitive!r}")


def _named(rows: list[dict], names: list[str], figures: list[str]) -> pd.DataFrame:
    """Rows whose QIDs come under work names (privrisk_c0, ...) as a DataFrame under the real names
    (a QID called like a figure makes two columns of that name, as in k_anonymity_failures)."""
    import pandas as pd

    work = [f"privrisk_c{i}" for i in range(len(names))]
    frame = pd.DataFrame([[r[c] for c in work + figures] for r in rows], columns=range(len(work) + len(figures)))
    frame.columns = pd.Index([*names, *figures])
    return frame


def l_diversity_failures(src: Any, table: Any, qids: Sequence[str], sensitive: str, l: int) -> pd.DataFrame:
    """The equivalence classes whose ``sensitive`` column holds fewer than ``l`` distinct values
    (NULL is one): the QID values, ``class_size`` and ``distinct_values``, dbt's
    ``privrisk.l_diversity`` failing rows; the fewest values first, then the smallest class. The
    smallest ``distinct_values`` of all classes is :func:`kanon`'s ``l_diversity``."""
    l = validate_k(l, "l")

    def query(source: Any, rel: Any, names: list[str], s: str) -> list[dict]:
        rel = compared_as_bytes(source.dialect, rel, [*names, s])
        return source.fetch_records(KanonQueries(source.dialect).classes_below_l(rel.sql, names, s, l))

    names, rows = _sensitive_classes(src, table, qids, sensitive, query)
    frame = _named(rows, names, ["class_size", "distinct_values"])
    n = len(names)
    return _riskiest_first(frame, [n + 1, n], [True, True], n)


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
        raise InvalidInputError(f"t must be a number from 0 to 1, got {t!r}")
    _one_name(sensitive)
    if order is not None and (isinstance(order, (str, bytes, Mapping)) or not isinstance(order, Iterable)):
        raise InvalidInputError(f"order must list the column's values as text, lowest first, got {order!r:.80}")
    orders = KanonOptions.validated(qids, [sensitive], order=None if order is None else {sensitive: order}).order

    def query(source: Any, rel: Any, names: list[str], s: str) -> list[dict]:
        refuse_values_outside_type(source, rel, [s], "t-closeness (the ordered distance)", ORDERED)
        # the order was given under the name as typed; the column's real name keys it here
        given = {s: next(iter(orders.values()))} if orders else {}
        in_order = checked_orders(source, rel, table, [s], given).get(s)
        ordered = rel.column(s).type_class in ORDERED or in_order is not None
        rel = compared_as_bytes(source.dialect, rel, [*names, s])
        return source.fetch_records(
            KanonQueries(source.dialect).classes_beyond_t(rel.sql, names, s, float(t), ordered, in_order)
        )

    names, rows = _sensitive_classes(src, table, qids, sensitive, query)
    frame = _named(rows, names, ["t"])
    n = len(names)
    return _riskiest_first(frame, [n], [False], n)


def _riskiest_first(frame: pd.DataFrame, keys: list[int], ascending: list[bool], n_qids: int) -> pd.DataFrame:
    """``frame`` sorted by the figures at positions ``keys``, then by the QID values (NULL first);
    by the figures alone where a column mixes kinds (SQLite's typeless values)."""
    named = frame.columns
    frame.columns = range(len(named))
    try:
        frame = frame.sort_values(
            [*keys, *range(n_qids)], ascending=[*ascending, *[True] * n_qids], kind="stable", na_position="first"
        )
    except TypeError:
        frame = frame.sort_values(keys, ascending=ascending, kind="stable")
    frame.columns = named
    return frame.reset_index(drop=True)


@dataclass(frozen=True)
class SinglingOutResult:
    """Share of synthetic rows whose values on ``columns`` are unique in syn and unique in ori."""

    rate: float
    matches: int
    syn_rows: int
    combinations: pd.DataFrame  # the matching value combinations

    def to_dict(self) -> dict:
        """The three figures (the combinations are :meth:`to_pandas`'s: values of any type)."""
        return {"rate": self.rate, "matches": self.matches, "syn_rows": self.syn_rows}

    def to_pandas(self) -> pd.DataFrame:
        """The matching value combinations, one row each (a copy), as the dbt test's failing rows."""
        return self.combinations.copy()

    def _repr_html_(self) -> str:
        # A notebook showed the dataclass's repr, the combinations squeezed into one line of text.
        import html

        combos = len(self.combinations)
        said = (  # 4 significant digits: a small rate is never shown as 0.00 %
            f"singling-out rate {self.rate * 100:.4g} %: {self.matches:,} of {self.syn_rows:,} synthetic "
            f"rows {'is' if self.matches == 1 else 'are'} unique on these columns there and in the original "
            f"({combos:,} combination{'' if combos == 1 else 's'}{', the first 20 below' if combos > 20 else ''})"
        )
        # DataFrame's HTML escapes every value (a '<' in the data is text, never markup)
        return f"<p>{html.escape(said)}</p>{self.combinations.head(20).to_html(index=False, escape=True)}"


def singling_out_sql(dialect, ori_sql: str, syn_sql: str, columns: Sequence[str]) -> str:
    """:meth:`ClassQueries.singling_out_rate`."""
    return ClassQueries(dialect).singling_out_rate(ori_sql, syn_sql, columns)


def singling_out_rate(src: Any, ori: str, syn: str, columns: Sequence[str]) -> SinglingOutResult:
    """The singling-out rate of one column combination (dbt's ``privrisk.singling_out_rate``)."""
    with opened(src) as source:
        o, s = source.relations(ori, syn)
        names = resolve_qids(s, columns, "columns")
        for n in names:
            o.column(n)  # the original must have them too (error names the table)
        o, s = (compared_as_bytes(source.dialect, r, names) for r in (o, s))
        # By position, as above: the user's columns come first, then matches, syn_rows and the rate.
        rows = source.fetch(singling_out_sql(source.dialect, o.sql, s.sql, names))
        if rows:
            matches, syn_rows, rate = int(rows[0][-3]), int(rows[0][-2]), float(rows[0][-1])
        else:
            matches, rate = 0, 0.0
            syn_rows = int(source.fetch_records(ClassQueries(source.dialect).count_rows(s.sql))[0]["n"])
    import pandas as pd

    combos = pd.DataFrame([r[: len(names)] for r in rows], columns=names)
    # By their values (NULL first), as k_anonymity_failures orders its classes: the database's
    # order changed from one call to the next.
    combos = combos.sort_values(names, na_position="first", kind="stable", ignore_index=True)
    return SinglingOutResult(rate, matches, syn_rows, combos)
