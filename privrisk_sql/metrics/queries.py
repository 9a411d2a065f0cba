"""The one SQL-builder style of every metric: a ``Queries`` class per metric, one method per query
shape, each rendering its template (``templates/default/<shape>.sql.j2``) for one dialect.

Builders are pure: they return SQL text and run nothing, so every statement can be printed
(``--show-sql``) and snapshotted (tests/test_golden_sql.py). The module-level ``*_sql`` functions
of the metrics are these methods, kept for callers that hold a dialect and want one statement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..sql.dialects import Dialect, get_dialect
from ..sql.render import render


class Queries:
    """Base of the metrics' builders: the dialect, and rendering a template for it."""

    def __init__(self, dialect: Dialect | str):
        self.dialect = get_dialect(dialect) if isinstance(dialect, str) else dialect

    def _r(self, template: str, **ctx) -> str:
        return render(template, self.dialect, **ctx)

    def count_rows(self, relation_sql: str) -> str:
        """``SELECT COUNT(*) AS n`` of a relation (SQL already quoted: a table name or a subquery)."""
        return self._r("classes/count_rows.sql.j2", relation=relation_sql)

    def has_rows(self, relation_sql: str) -> str:
        """``SELECT n``: 1 when a relation has a row, else 0 (one row read at most)."""
        return self._r("classes/has_rows.sql.j2", relation=relation_sql)

    def infinite_counts(
        self,
        relation_sql: str,
        columns: Sequence[str],
        floats: Sequence[str] = (),
        casts: Mapping[str, str] | None = None,
    ) -> str:
        """Per DATE/TIMESTAMP column, and per float column of ``floats``, its infinite values
        (``infinite_<i>``); a date column of ``casts`` is cast to its type there first
        (Dialect.finite_check_casts)."""
        return self._r(
            "classes/infinite_counts.sql.j2",
            relation=relation_sql,
            columns=list(columns),
            floats=list(floats),
            casts=dict(casts or {}),
        )

    def values_outside_type(self, relation_sql: str, columns: Sequence[tuple[str, str]]) -> str:
        """Per (column, type class) pair, its values that are not of that class (``others_<i>``)
        and the smallest of them (``example_<i>``): asked where columns can hold such values
        (Dialect.loose_types)."""
        cols = [{"name": name, "type_class": type_class} for name, type_class in columns]
        return self._r("classes/values_outside_type.sql.j2", relation=relation_sql, columns=cols)

    def distinct_counts(self, relation_sql: str, columns: Sequence[str], as_text: Sequence[str] = ()) -> str:
        """Rows of a relation (``n_rows``) and each column's non-NULL values (``present_<i>``) and
        distinct non-NULL values (``distinct_<i>``); those of ``as_text`` told apart by their text
        (a type with no equality)."""
        return self._r(
            "classes/distinct_counts.sql.j2", relation=relation_sql, columns=list(columns), as_text=list(as_text)
        )


class ClassQueries(Queries):
    """The statements every class metric shares (CAVG, the k-anonymity family, the checks)."""

    def row_and_null_counts(
        self, relation_sql: str, columns: Sequence[tuple[str, bool]], ranges: Sequence[str] = ()
    ) -> str:
        """Rows of a relation and, per (column, is_float) pair, its missing values (NaN too for
        floats); per column of ``ranges`` its MIN and MAX (min_<i>, max_<i>)."""
        cols = [{"name": name, "is_float": is_float} for name, is_float in columns]
        return self._r("classes/row_and_null_counts.sql.j2", relation=relation_sql, columns=cols, ranges=list(ranges))

    def text_as_bytes(
        self, relation_sql: str, columns: Sequence[str], text: Sequence[str], floats: Sequence[str] = ()
    ) -> str:
        """``relation_sql`` narrowed to ``columns`` as every class query reads it: the ``text`` ones
        compared byte by byte whatever their collation, NaN in the ``floats`` ones read as NULL (one
        missing value, as pandas has it). Unchanged when both lists are empty."""
        columns = list(dict.fromkeys(columns))
        if floats:
            relation_sql = self._r(
                "classes/nan_as_null.sql.j2", relation=relation_sql, columns=columns, floats=list(floats)
            )
        if text:
            relation_sql = self._r(
                "classes/text_as_bytes.sql.j2", relation=relation_sql, columns=columns, text=list(text)
            )
        return relation_sql

    def values_outside_order(self, relation_sql: str, column: str, order: Sequence[str]) -> str:
        """(n, value): the rows whose text ``column`` holds a value ``order`` does not list
        (compared byte by byte), and the lowest such value."""
        return self._r(
            "classes/values_outside_order.sql.j2", relation=relation_sql, sensitive=column, order=list(order)
        )

    def work_columns(self, relation_sql: str, columns: Sequence[str]) -> tuple[str, dict[str, str]]:
        """``relation_sql`` with ``columns`` renamed privrisk_c0, privrisk_c1, ... and the mapping
        {column: new name}: what a class query reads, so no user column name meets a work column."""
        aliases = {c: f"privrisk_c{i}" for i, c in enumerate(dict.fromkeys(columns))}
        return self._r("classes/work_columns.sql.j2", relation=relation_sql, aliases=list(aliases.items())), aliases

    def class_size_histogram(self, relation_sql: str, qids: Sequence[str], presence: bool = False) -> str:
        """(class_size, has_null_qid, n_classes); with ``presence`` also ``present_<i>`` per QID
        (1 when it has a value in some row)."""
        named, aliases = self.work_columns(relation_sql, qids)
        return self._r(
            "classes/class_size_histogram.sql.j2", relation=named, qids=[aliases[q] for q in qids], presence=presence
        )

    def classes_below_k(self, relation_sql: str, qids: Sequence[str], k: int) -> str:
        """The classes smaller than ``k``: QID values (under the work names privrisk_c0, ...: a QID
        called class_size was read as the size) and class_size, as dbt's failing rows."""
        named, aliases = self.work_columns(relation_sql, qids)
        return self._r("classes/below_k.sql.j2", relation=named, qids=[aliases[q] for q in qids], k=int(k))

    def singling_out_rate(self, ori_sql: str, syn_sql: str, columns: Sequence[str]) -> str:
        """Combinations unique in syn that are unique in ori too, with the rate on every row."""
        return self._r("classes/singling_out_rate.sql.j2", ori=ori_sql, syn=syn_sql, columns=list(columns))

    def class_count_totals(self, relation_sql: str, count_column: str) -> str:
        """One row from a table of class counts: its total (n_rows) and its classes (n_classes)."""
        return self._r("classes/class_count_totals.sql.j2", relation=relation_sql, count_column=count_column)
