"""Equivalence classes of a table's quasi-identifiers, shared by CAVG and the k-anonymity family.

One ``GROUP BY`` returns the class-size histogram; every size-based number (k, CAVG,
discernibility, risks) is then computed exactly in Python from those integers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidInputError
from ..given import described, name_list, whole_number
from ..source import Column, Relation, Source
from ..sql.dialects import Dialect
from ..sql.types import TypeClass
from .queries import ClassQueries, Queries


@dataclass(frozen=True)
class ClassSizes:
    """Class-size histogram ``{size: number of classes}`` of the rows kept, plus rows excluded."""

    histogram: dict[int, int]
    excluded_rows: int  # rows with a NULL QID, when exclude_null_qids

    @property
    def n_rows(self) -> int:
        return sum(size * count for size, count in self.histogram.items())

    @property
    def n_classes(self) -> int:
        return sum(self.histogram.values())

    @property
    def min_size(self) -> int:
        return min(self.histogram)

    @property
    def max_size(self) -> int:
        return max(self.histogram)


def validate_k(k, name: str = "k") -> int:
    """k must be an integer >= 1 (numpy's too; bools and floats like 2.5 are refused; 3.0 is
    accepted as 3)."""
    whole = whole_number(k)
    if whole is None or whole < 1:
        raise InvalidInputError(f"{name} must be an integer >= 1, got {described(k)}")
    return whole


def validate_qids(qids: Sequence[str], what: str = "qids") -> tuple[str, ...]:
    """``qids`` as a tuple (any list-like: a pandas Index, a numpy array), or InvalidInputError
    when it is not a non-empty list of names."""
    names = () if isinstance(qids, str) else name_list(qids, what)
    if not names:
        raise InvalidInputError(f"{what} must be a non-empty list of column names, got {described(qids)}")
    return names


def refuse_unsupported(col: Column, rel: Relation, reader: str, way_out: str) -> None:
    """InvalidInputError for a column of a type no metric reads (INTERVAL, BLOB, a list): it names
    the column and what ``reader`` takes ("a column of qids holds"), then ``way_out``."""
    if col.type_class is TypeClass.UNSUPPORTED:
        raise InvalidInputError(
            f"column {col.name!r} of {rel.label!r} has unsupported type {col.type_said}: "
            f"{reader} numbers, text, booleans, dates or timestamps; {way_out}"
        )


def resolve_qids(rel: Relation, qids: Sequence[str], what: str = "qids") -> list[str]:
    """Real column names for the QIDs; errors name the missing or unsupported column."""
    qids = validate_qids(qids, what)
    names = []
    for q in qids:
        col = rel.column(q)
        refuse_unsupported(
            col, rel, f"a column of {what} holds", "cast it to one in a view (a DataFrame: .astype) or leave it out"
        )
        if col.name in names:
            raise InvalidInputError(f"column {q!r} is listed twice in {what}")
        names.append(col.name)
    return names


def row_and_null_counts_sql(
    dialect: Dialect, relation_sql: str, columns: Sequence[tuple[str, bool]], ranges: Sequence[str] = ()
) -> str:
    """:meth:`ClassQueries.row_and_null_counts`."""
    return ClassQueries(dialect).row_and_null_counts(relation_sql, columns, ranges)


def check_rows(source: Source, rel: Relation, columns: Sequence[str], what: str) -> tuple[int, dict[str, int]]:
    """One cheap scan before the grouping queries: refuse an empty or one-row table and a column that
    is NULL in every row, naming it. Returns the row count and the missing values per column."""
    n_rows, missing, _ = check_rows_and_ranges(source, rel, columns, what)
    return n_rows, missing


def check_rows_and_ranges(
    source: Source, rel: Relation, columns: Sequence[str], what: str, ranges: Sequence[str] = ()
) -> tuple[int, dict[str, int], dict[str, tuple]]:
    """:func:`check_rows`, and the (MIN, MAX) of each column of ``ranges`` from the same scan."""
    pairs = [(c, rel.column(c).type_class is TypeClass.FLOAT) for c in columns]
    row = source.fetch_records(row_and_null_counts_sql(source.dialect, rel.sql, pairs, ranges))[0]
    n_rows = int(row["n_rows"])
    missing = {column: int(row[f"missing_{i}"]) for i, column in enumerate(columns)}
    bounds = {column: (row[f"min_{i}"], row[f"max_{i}"]) for i, column in enumerate(ranges)}
    if n_rows == 0:
        raise InvalidInputError(f"table {rel.label!r} is empty: {what} needs at least 2 rows")
    if n_rows == 1:
        raise InvalidInputError(
            f"table {rel.label!r} has 1 row: every record is alone in its class, {what} needs at least 2 rows"
        )
    for column, m in missing.items():
        if m == n_rows:
            raise InvalidInputError(_all_missing(column, rel.label, n_rows))
    return n_rows, missing, bounds


_WHAT_A_CLASS_HOLDS = {
    TypeClass.INTEGER: "numbers",
    TypeClass.FLOAT: "numbers",
    TypeClass.BOOLEAN: "true/false (0/1)",
    TypeClass.TEXT: "text",
    TypeClass.DATE: "dates",
    TypeClass.TIMESTAMP: "timestamps",
}


def refuse_values_outside_order(source: Source, rel: Relation, column: str, order: Sequence[str]) -> None:
    """Refuse a text sensitive ``column`` holding a value its ``order`` does not list (compared
    byte by byte), naming the lowest such value: one scan, before the heavy statements. A value
    that is no text (SQLite's 1 beside 'x') is refused as such first: "value 1 is not in the
    order" read as a slip when the order listed '1'."""
    refuse_values_outside_type(source, rel, [column], "an order of text values (--order)", (TypeClass.TEXT,))
    found = source.fetch_records(ClassQueries(source.dialect).values_outside_order(rel.sql, column, order))[0]
    n = int(found["n"] or 0)
    if n:
        raise InvalidInputError(
            f"value {found['value']!r} of sensitive column {column!r} is not in the order given for it "
            f"({n:,} {'row holds' if n == 1 else 'rows hold'} a value it does not list)"
        )


def refuse_values_outside_type(
    source: Source, rel: Relation, columns: Sequence[str], what: str, classes: Sequence[TypeClass] = tuple(TypeClass)
) -> None:
    """Refuse, by column and value, a column of ``columns`` whose class is one of ``classes``
    holding a value of another kind, where the dialect's columns can (Dialect.loose_types:
    SQLite's any value, MariaDB's TINYINT(1) BOOLEAN). One scan, only when such a column is
    there: SQLite's 'yes' in a BOOLEAN was labelled false by Mondrian, its 'x' in a REAL failed
    mpUCCs mid-run."""
    loose = source.dialect.loose_types
    listed = [rel.column(c) for c in dict.fromkeys(columns)]
    checked = [c for c in listed if c.type_class in classes and c.type_class.value in loose]
    if not checked:
        return
    query = Queries(source.dialect).values_outside_type(rel.sql, [(c.name, c.type_class.value) for c in checked])
    row = source.fetch_records(query)[0]
    for i, col in enumerate(checked):
        found = int(row[f"others_{i}"] or 0)
        if found:
            example = repr(row[f"example_{i}"])
            example = example if len(example) <= 60 else f"{example[:50]}... ({len(example):,} characters)"
            raise InvalidInputError(
                f"column {col.name!r} of {rel.label!r} is {col.type_said} but holds {found:,} value(s) that are "
                f"not {_WHAT_A_CLASS_HOLDS[col.type_class]}, such as {example}, which {what} "
                "cannot compute with: give them a value of that type, or read the column as text in a "
                "view (CAST(... AS TEXT))"
            )


def check_key(source: Source, rel: Relation, key: str) -> None:
    """Refuse a key column that does not identify each row of ``rel`` (a NULL, or a value in two
    rows), naming the column and the counts, before the heavy statements. Text is compared by
    its bytes, as the rows are (:func:`compared_as_bytes`)."""
    seen = compared_as_bytes(source.dialect, rel, [key])
    query = Queries(source.dialect).distinct_counts(seen.sql, [key], _by_text(source, rel, [key]))
    row = source.fetch_records(query)[0]
    n_rows, n_keys, n_distinct = (int(row[c] or 0) for c in ("n_rows", "present_0", "distinct_0"))
    problems = []
    if n_keys < n_rows:
        problems.append(f"{n_rows - n_keys:,} NULL")
    if n_distinct < n_keys:
        problems.append(f"{n_keys - n_distinct:,} repeated")
    if problems:
        raise InvalidInputError(
            f"key column {key!r} of {rel.label!r} does not identify each record: "
            f"{' and '.join(problems)} value(s) in {n_rows:,} rows; name a column with a different, "
            "non-NULL value in every row"
        )


def _by_text(source: Source, rel: Relation, columns: Sequence[str]) -> list[str]:
    """The columns whose distinct values are counted by their text (Dialect.unsupported_as_text):
    PostgreSQL's json, xml and point have no equality, and COUNT(DISTINCT) of one failed the run."""
    return [c for c in columns if source.dialect.compares_as_text(rel.column(c).type_class)]


def distinct_values(source: Source, rel: Relation, columns: Sequence[str]) -> tuple[int, dict[str, int]]:
    """The rows of ``rel`` and each column's distinct values, NULL being a value of its own (an id
    missing in one row still tells that row apart). One scan; (0, {}) for no columns."""
    if not columns:
        return 0, {}
    query = Queries(source.dialect).distinct_counts(rel.sql, columns, _by_text(source, rel, columns))
    row = source.fetch_records(query)[0]
    n_rows = int(row["n_rows"])
    return n_rows, {c: _values_with_null(row, i, n_rows) for i, c in enumerate(columns)}


def likely_identifiers(n_rows: int, values: Mapping[str, int]) -> list[str]:
    """The columns whose values are distinct in every row (:func:`distinct_values`): each tells
    every record apart on its own, as a direct identifier does; [] for fewer than two rows."""
    return [c for c, v in values.items() if n_rows > 1 and v == n_rows]


def rows_alone_at_least(n_rows: int, values: int) -> int:
    """The fewest rows holding a value no other row holds, in a column of ``values`` distinct
    values over ``n_rows``: every other value takes two rows or more, so u + 2 (values - u) <= n."""
    return max(0, 2 * values - n_rows)


def _values_with_null(row: Mapping[str, Any], i: int, n_rows: int) -> int:
    """Column ``i``'s distinct values in a distinct_counts ``row``, NULL counted as one."""
    return int(row[f"distinct_{i}"] or 0) + (1 if int(row[f"present_{i}"] or 0) < n_rows else 0)


def text_as_bytes_sql(
    dialect: Dialect, relation_sql: str, columns: Sequence[str], text: Sequence[str], floats: Sequence[str] = ()
) -> str:
    """:meth:`ClassQueries.text_as_bytes`."""
    return ClassQueries(dialect).text_as_bytes(relation_sql, columns, text, floats)


def float_columns(rel: Relation, columns: Sequence[str]) -> list[str]:
    """The float columns among ``columns`` (those that can hold NaN)."""
    return [c for c in columns if rel.column(c).type_class is TypeClass.FLOAT]


def compared_as_bytes(dialect: Dialect, rel: Relation, columns: Sequence[str]) -> Relation:
    """``rel`` as the class queries read it (:func:`text_as_bytes_sql`): two text values are one
    class only when their bytes are equal, as in the rows a user releases and in pandas, even in
    a column declared case-insensitive (DuckDB/SQLite NOCASE, PostgreSQL nondeterministic ICU);
    and NaN is missing, one class with NULL (docs: the missing-value policy). Files and
    DataFrames keep their text as it is: it has no collation, and the wrapper costs DuckDB's
    window queries about 2 ms of 14 (100k rows, benchmarks/kanon_vs_pycanon.py data)."""
    text = [c for c in columns if rel.column(c).type_class is TypeClass.TEXT] if rel.may_collate else []
    floats = float_columns(rel, columns)
    if not text and not floats:
        return rel
    return dataclasses.replace(rel, sql=text_as_bytes_sql(dialect, rel.sql, columns, text, floats))


def work_columns_sql(dialect: Dialect, relation_sql: str, columns: Sequence[str]) -> tuple[str, dict[str, str]]:
    """:meth:`ClassQueries.work_columns`."""
    return ClassQueries(dialect).work_columns(relation_sql, columns)


def class_size_histogram_sql(dialect: Dialect, relation_sql: str, qids: Sequence[str], presence: bool = False) -> str:
    """:meth:`ClassQueries.class_size_histogram`."""
    return ClassQueries(dialect).class_size_histogram(relation_sql, qids, presence)


def class_sizes(
    source: Source,
    rel: Relation,
    qids: Sequence[str],
    exclude_null_qids: bool = False,
    refuse_missing_qids: bool = False,
) -> ClassSizes:
    """Histogram of class sizes; raises InvalidInputError when no row is left, and with
    ``refuse_missing_qids`` when a QID is missing (NULL, or NaN read as NULL) in every row, as
    :func:`check_rows` does, from the same statement (for callers without that scan: risk)."""
    hist: dict[int, int] = {}
    excluded = 0
    present = [0] * len(qids)
    rows = source.fetch_records(class_size_histogram_sql(source.dialect, rel.sql, qids, refuse_missing_qids))
    for row in rows:
        size, count = int(row["class_size"]), int(row["n_classes"])
        if refuse_missing_qids:
            present = [max(p, int(row[f"present_{i}"])) for i, p in enumerate(present)]
        if exclude_null_qids and int(row["has_null_qid"]):
            excluded += size * count
            continue
        hist[size] = hist.get(size, 0) + count
    if not hist:
        why = f" after excluding {excluded} rows with NULL quasi-identifiers" if excluded else ""
        raise InvalidInputError(f"table {rel.label!r} has no rows{why}")
    for column, p in zip(qids, present):
        if refuse_missing_qids and not p:
            raise InvalidInputError(_all_missing(column, rel.label, sum(size * n for size, n in hist.items())))
    return ClassSizes(dict(sorted(hist.items())), excluded)  # by size: sums over it never depend on row order


def _all_missing(column: str, label: str, n_rows: int) -> str:
    return (
        f"column {column!r} of {label!r} has no value in any of its {n_rows} rows "
        "(all NULL or NaN, both missing): it tells no record apart; leave it out"
    )
