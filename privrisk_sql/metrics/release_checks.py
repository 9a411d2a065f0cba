"""The checks the dbt package's generic tests run, callable from Python on the same SQL.

``k_anonymity_failures`` and ``singling_out_rate`` render the plain-Jinja macros of
``dbt/privrisk/macros/privrisk_shared.sql``, the file dbt loads for ``privrisk.k_anonymity`` and
``privrisk.singling_out_rate``: one source of SQL for both (``l_diversity_failures`` and
``t_closeness_failures``, the k-anonymity family's, are in ``kanon/failures.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..source import opened
from .classes import compared_as_bytes, resolve_qids, validate_k
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

    # Named after it is sorted by position: a QID called class_size makes two columns of that name.
    size = len(names)
    frame = pd.DataFrame(rows, columns=range(size + 1))
    frame.columns = pd.Index([*names, "class_size"])
    return riskiest_first(frame, [size], [True], size)


def named_rows(rows: list[dict], names: list[str], figures: list[str]) -> pd.DataFrame:
    """Rows whose QIDs come under work names (privrisk_c0, ...) as a DataFrame under the real names
    (a QID called like a figure makes two columns of that name, as in k_anonymity_failures)."""
    import pandas as pd

    work = [f"privrisk_c{i}" for i in range(len(names))]
    frame = pd.DataFrame([[r[c] for c in work + figures] for r in rows], columns=range(len(work) + len(figures)))
    frame.columns = pd.Index([*names, *figures])
    return frame


def riskiest_first(frame: pd.DataFrame, keys: list[int], ascending: list[bool], n_qids: int) -> pd.DataFrame:
    """``frame`` (its first ``n_qids`` columns the QIDs) sorted by the figures at positions
    ``keys``, then by the QID values (NULL first); by the figures alone where a column mixes
    kinds (SQLite's typeless values). By position: a QID may be named like a figure."""
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
