"""CAVG, the normalized average equivalence class size (LeFevre et al. 2006; docs/metrics/kanon.md).

Three forms, as in k_anonymization's documented ``CAVG`` API:

* :func:`cavg`: from a table and its QIDs, ``n / (#classes * k)``, one aggregate query;
* :func:`cavg_best_effort`: the ideal partition into ``floor(n/k)`` classes, ``n / (floor(n/k) * k)``;
* :func:`cavg_from_equivalence_classes`: from ``[{"qid": ..., "count": n}, ...]`` or a table of
  class counts.

NULL QIDs are a value by default (SQL ``GROUP BY``); ``exclude_null_qids=True`` drops such rows
from both the numerator and the denominator and reports how many were dropped.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ... import report
from ...errors import InvalidInputError
from ...given import described, flag, whole_number
from ...progress import elapsed_line
from ...source import opened
from .. import riskiest
from ..classes import (
    check_rows,
    class_size_histogram_sql,
    class_sizes,
    compared_as_bytes,
    resolve_qids,
    text_as_bytes_sql,
    validate_k,
    validate_qids,
)
from ..queries import ClassQueries


@dataclass(frozen=True)
class CavgResult(report.Displayed):
    """CAVG of a table. ``cavg_best_effort`` is None when k > n (no k-anonymous partition)."""

    cavg: float
    cavg_best_effort: float | None
    n_rows: int
    n_classes: int
    k: int
    excluded_rows: int = 0
    class_size_histogram: dict[int, int] = field(default_factory=dict)  # size -> classes

    def to_dict(self) -> dict:
        """The JSON ``--json`` writes, as a dict: the histogram's sizes as strings (JSON keys are),
        as kanon's are, so ``to_dict() == json.loads(output)``."""
        d = asdict(self)
        d["class_size_histogram"] = {str(size): n for size, n in sorted(self.class_size_histogram.items())}
        return d


@dataclass(frozen=True)
class CavgOptions:
    """CAVG's options, validated once (:meth:`validated`) before any database work."""

    qids: tuple[str, ...]
    k: int
    exclude_null_qids: bool

    @classmethod
    def validated(cls, qids: Sequence[str], k: int, exclude_null_qids: bool = False) -> CavgOptions:
        return cls(validate_qids(qids), validate_k(k), flag(exclude_null_qids, "exclude_null_qids"))


def cavg_best_effort(n_rows: int, k: int) -> float | None:
    """``n / (floor(n/k) * k)``: CAVG of the best possible partition; None when k > n."""
    k = validate_k(k)
    n = whole_number(n_rows)
    if n is None or n < 0:  # -5 gave 0.83 and 10.5 gave 1.05, CAVGs no partition has
        raise InvalidInputError(f"n_rows must be a whole number of rows >= 0, got {described(n_rows)}")
    n_rows = n
    q = n_rows // k
    return None if q == 0 else n_rows / (q * k)


def cavg_sql(
    dialect, relation_sql: str, qids: Sequence[str], text: Sequence[str] = (), floats: Sequence[str] = ()
) -> str:
    """The one aggregate query CAVG runs (class-size histogram); ``text``: the text QIDs, which
    CAVG compares byte by byte; ``floats``: the float QIDs, whose NaN is missing (NULL)."""
    from ...sql.dialects import get_dialect

    d = get_dialect(dialect) if isinstance(dialect, str) else dialect
    return class_size_histogram_sql(d, text_as_bytes_sql(d, relation_sql, qids, text, floats), qids)


def cavg(
    src: Any,
    table: str,
    qids: Sequence[str],
    k: int,
    *,
    exclude_null_qids: bool = False,
    html: Any = None,
    html_values: bool = False,
    progress: Any = "auto",
) -> CavgResult:
    """CAVG of ``table`` for ``qids`` and requested ``k``: ``n / (#classes * k)``.

    Args:
        src: a Source or anything :func:`privrisk_sql.connect` takes (None = in-memory DuckDB).
        table: a table name in ``src``, a CSV/Parquet path, or (DuckDB) a pandas DataFrame or
            Arrow table, read in place.
        qids: quasi-identifier columns.
        k: the requested k (integer >= 1).
        exclude_null_qids: drop rows with a NULL QID from both n and the classes.
        progress: ``"auto"`` (default: on stderr, in a terminal or a notebook, once the run has
            taken 2 s, the statement running, how far it is where the database says (DuckDB),
            and the time: ``cavg: statement 3 running, 45% done, 12s elapsed``), True, or False.

    Returns:
        :class:`CavgResult` (1.0 is ideal; larger means coarser classes than k requires).

    Raises:
        InvalidInputError: bad k, unknown or all-NULL column, fewer than 2 rows, an ``html``
            path that cannot be written.

    ``html``: also write the run's report there (one self-contained HTML page); ``html_values``:
    with the QID values of the smallest classes below k on it (off: the page may travel further
    than the data).

    Example:
        >>> import privrisk_sql as pr
        >>> r = pr.cavg(None, "fixtures/handcheck/ori.csv", ["a"], k=1)  # doctest: +SKIP
    """
    o = CavgOptions.validated(qids, k, exclude_null_qids)
    qids, k, exclude_null_qids = list(o.qids), o.k, o.exclude_null_qids
    page = report.checked_html(html, table)
    riskiest.checked_html_values(html_values, page, k)
    started, clock = report.now(), time.perf_counter()
    with report.noting_warnings(page) as noted, opened(src) as source, elapsed_line(progress, "cavg", source):
        report.check_not_a_database(page, source)
        rel = source.relation(table)
        names = resolve_qids(rel, qids)
        check_rows(source, rel, names, "CAVG")
        rel = compared_as_bytes(source.dialect, rel, names)
        sizes = class_sizes(source, rel, names, exclude_null_qids)
        database = source.database_label
        shown = riskiest.smallest(source, table, names, k) if html_values else None
    n = sizes.n_rows
    result = CavgResult(
        n / (sizes.n_classes * k),
        cavg_best_effort(n, k),
        n,
        sizes.n_classes,
        k,
        sizes.excluded_rows,
        {int(s): int(c) for s, c in sorted(sizes.histogram.items())},
    )
    report.after_run(
        result,
        page,
        html_values,
        "cavg",
        database,
        {"table": table},
        {"qids": list(qids), "k": k, "exclude_null_qids": exclude_null_qids},
        started,
        time.perf_counter() - clock,
        shown,
        noted=noted,
    )
    return result


def cavg_from_equivalence_classes(
    classes: Any = None,
    k: int = 1,
    *,
    src: Any = None,
    table: str | None = None,
    count_column: str = "count",
) -> float:
    """CAVG from equivalence classes: ``sum(counts) / (#classes * k)``.

    Either ``classes``, a list of ``{"qid": ..., "count": n}`` (k_anonymization's shape) or a
    pandas or polars DataFrame with a ``count`` column, one row per class, or
    ``table`` (+ ``src``): a table with one row per class and its size in ``count_column``,
    aggregated in the database.
    """
    k = validate_k(k)
    if table is not None:
        with opened(src) as source:
            rel = source.relation(table)
            col = rel.column(count_column).name
            totals = source.fetch_records(ClassQueries(source.dialect).class_count_totals(rel.sql, col))[0]
            total, n_classes = totals["n_rows"], totals["n_classes"]
        total, n_classes = (total or 0), int(n_classes)
    else:
        if classes is None:
            raise InvalidInputError("give classes=[{'qid': ..., 'count': n}, ...] or table=")
        # A DataFrame of classes is its rows; iterated, it gives its column names.
        if callable(getattr(classes, "to_dicts", None)):  # polars
            classes = classes.to_dicts()
        elif hasattr(classes, "columns") and callable(getattr(classes, "to_dict", None)):  # pandas
            classes = classes.to_dict("records")
        if isinstance(classes, Mapping) or not isinstance(classes, Iterable):
            # a mapping's keys were read as the classes ("class #0 has no 'count': 1"); 5 raised TypeError
            what = f"a mapping {dict(classes)!r:.80}" if isinstance(classes, Mapping) else f"{classes!r:.80}"
            raise InvalidInputError(f"classes must be a list of {{'qid': ..., 'count': n}}, one per class, got {what}")
        counts = []
        for i, c in enumerate(classes):
            try:
                count = c["count"]
            except (TypeError, KeyError, IndexError, ValueError):  # numpy's scalars and arrays: IndexError
                raise InvalidInputError(
                    f"equivalence class #{i} has no 'count' (each is {{'qid': ..., 'count': n}}): {c!r:.80}"
                ) from None
            size = whole_number(count) if not isinstance(count, float) else None  # 2.5 people: no
            if size is None or size < 0:
                raise InvalidInputError(f"equivalence class #{i} has a bad count {count!r}")
            counts.append(size)
        total, n_classes = sum(counts), len(counts)
    if n_classes == 0:
        raise InvalidInputError("no equivalence classes: CAVG is undefined")
    return float(total) / (n_classes * k)
