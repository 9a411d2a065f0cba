"""``pr.mondrian``: the options checked and resolved (options.py), one run (run.py), its result
(result.py) and report. The algorithm is described in run.py."""

from __future__ import annotations

import dataclasses
import logging
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ... import report
from ...engines.common import file_format
from ...errors import InvalidInputError
from ...given import flag
from ...source import Relation, Source, is_in_memory, opened
from ..classes import refuse_values_outside_order, resolve_qids
from ..destinations import Destination, TableOutput, as_file_path, check_sources, checked_files
from .options import (
    MondrianOptions,
    OutputShape,
    check_output_columns,
    frame_category_orders,
    orders_spelled_as_hierarchies,
    resolve_hierarchies,
    resolve_order,
    resolve_roles,
    resolve_sensitive,
)
from .result import MondrianResult
from .run import MondrianRun, fill_ancestor_table
from .sql import Privacy, SensitiveAttr

log = logging.getLogger("privrisk_sql")

__all__ = ["MondrianResult", "mondrian", "fill_ancestor_table"]


def mondrian(
    src: Any,
    table: str,
    qids: Sequence[str],
    k: int,
    output: str,
    *,
    keep: Sequence[str] | str | None = None,
    replace: bool = False,
    median: str = "lower",
    relaxed: bool = False,
    nulls: str = "error",
    order: Mapping[str, Sequence] | None = None,
    l: int | None = None,
    t: float | None = None,
    sensitive: Sequence[str] | str | None = None,
    hierarchies: Mapping[str, Any] | None = None,
    identifiers: Sequence[str] | None = None,
    progress: Any = "auto",
    keep_order: bool = False,
    labels_only: bool = False,
    html: Any = None,
) -> MondrianResult:
    """Anonymize ``table`` with Mondrian and write the result to the new table ``output``.

    Args:
        src: a Source or anything :func:`privrisk_sql.connect` takes. The output is written there.
        html: also write the run's report there (one self-contained HTML page).
        table: input table name in ``src``, a CSV/Parquet path or a DataFrame/Arrow table (both
            DuckDB). Only read.
        qids: quasi-identifiers: numeric, date/timestamp, boolean or text (text is ordered by
            ``order`` when given, else sorted in Python, so the database collation never matters;
            values are equal only when their bytes are, even in a case-insensitive column).
        k: integer >= 1; every output partition has at least k rows.
        output: name of the table to create: ``name``, ``schema.name`` (SQLite: ``database.name``;
            DuckDB also ``database.schema.name``; a part in double quotes may hold dots); the
            schema or database must exist. Refused if the table exists unless ``replace=True``
            (never the input table, never a view). On DuckDB, a path ending in ``.parquet``,
            ``.pq``, ``.csv`` or ``.csv.gz`` is a file the release is written to instead (whole or
            not at all; ``src`` may then be None), never an input or a file of the database.
        keep: non-QID columns to copy as they are (default: every column in no other role; one
            whose values are distinct in every row, a likely direct identifier, then stops the run
            until a role names it); ``"*"``: every column in no other role, copied as is unchecked.
        identifiers: direct identifiers (a name, an id): left out of the output.
        keep_order: write the output's rows in the input's order, where tables have one (DuckDB,
            SQLite; a sort of the output, a third of its statement at 1M rows). Default: in no set
            order, as a PostgreSQL, MariaDB or Spark table has none.
        labels_only: per QID only ``<qid>_gen``, the label, without ``<qid>_lo`` and ``<qid>_hi``:
            the columns a release shows, and at 1M rows about a fifth less CPU for the whole run.
        progress: ``"auto"`` (default: a status line on stderr, in a terminal or a notebook, once
            a run takes over 2 s), ``False`` for none, or a callable ``(level, cuts)``.
        median: ``"lower"`` (frequency-set lower median, ties kept together) or ``"interp"``
            (mean of the two middle values for even n, like numpy; SDC4Society compatible).
        relaxed: relaxed Mondrian (rows equal to the median may go to either side).
        nulls: ``"error"`` (default) or ``"separate"`` (NULL is its own value, below all others).
        order: ``{qid: [values in order]}`` for ordinal text QIDs (cut and labelled as ranges;
            text without an order is a category, labelled as the set of its values).
        l: every partition also distinct l-diverse on each ``sensitive`` column (a cut constraint).
        t: every partition also t-close to the whole table on each ``sensitive`` column (ordered
            distance for numbers, equal distance otherwise, as :func:`kanon` measures it).
        sensitive: the sensitive columns l and t are about (not QIDs; always in the output).
        hierarchies: ``{qid: CSV path or rows}``, a generalization hierarchy per text QID (ARX's
            format: value;level 1;...;root), or one built from the column's values: ``"mask"``
            (codes as text), ``"interval:5,10,20"`` (numbers), ``"date"`` or ``"date:month,year"``
            (dates), ``"order:low,mid,high"`` (the same as ``order``). Such a QID is cut into the
            children of its node (Basic Mondrian) and labelled with the node.

    Returns:
        :class:`MondrianResult`; the table ``output`` has the kept columns, ``partition_id`` and
        per QID ``<qid>_lo``, ``<qid>_hi`` (original type; not with ``labels_only``) and
        ``<qid>_gen`` (display text).

    Raises:
        InvalidInputError: bad arguments, unknown columns, NULL QIDs (with nulls="error"), an
            empty table or one with fewer than k rows, an existing output table, an output
            name whose schema or database does not exist (all before any work table is made).
    """
    output = as_file_path(output)
    hierarchies, order = orders_spelled_as_hierarchies(hierarchies, order)
    o = MondrianOptions.validated(
        qids, k, output, keep, replace, median, relaxed, nulls, order, l, t, sensitive, identifiers
    )
    shape = OutputShape(flag(keep_order, "keep_order"), flag(labels_only, "labels_only"))
    k = o.k
    release = file_format(output)
    if release is None and is_in_memory(src):
        # An in-memory DuckDB opened for this call is closed at its end, and the output with it.
        raise InvalidInputError(
            f"mondrian writes its output table {output!r} inside the database: pass a Source, "
            "a connection or a database file (an in-memory DuckDB opened for this call "
            "would lose it), or name a file (released.parquet, released.csv)"
        )
    files = hierarchies.values() if isinstance(hierarchies, Mapping) else ()  # hierarchy CSVs are read too
    page = report.checked_html(html, table, *files)
    from ...report.output_file import input_files

    file = checked_files({"output": output}, replace, input_files(table, *files), page)
    started, clock = report.now(), time.perf_counter()
    with (
        report.noting_warnings(page) as noted,
        # No snapshot, a release file's run either: its release is checked against the rows it
        # counted (release_checks), and DuckDB held every level's work tables to the end of one
        # (peak memory 432 -> 671 MiB at 1M rows).
        opened(src, writes=[] if file else [output], snapshot=False) as source,
    ):
        check_sources(file, source)
        if k == 1 and (o.l or 1) == 1 and (o.t is None or o.t >= 1):
            # Nothing asked: a partition may hold one record, so the release can be as identifying
            # as the input (a typo for 10, or a default, is the likely cause). Warned, as ARX runs it.
            warnings.warn(
                "k=1 with no l or t asks nothing of the release: a partition may hold a single record, "
                "so the output can single people out as the input does; give k >= 2 (--k)",
                stacklevel=2,
            )
        report.check_not_a_database(page, source)
        if source.read_only:
            raise InvalidInputError(f"mondrian writes its output table {output!r}: it cannot run on a read_only Source")
        rel = source.relation(table)
        names = resolve_qids(rel, qids)  # refuses unsupported types; every other one is in KINDS
        attrs = resolve_sensitive(rel, names, o.sensitive)
        orders = resolve_order(rel, names, order, [a.column for a in attrs])
        attrs = _ordered_sensitive(source, rel, table, attrs, orders)
        trees = resolve_hierarchies(
            rel,
            names,
            hierarchies,
            orders,
            relaxed,
            source.dialect,
            source.fetch,
            source.csv_encoding,
            source.check_stop,
        )
        for name, categories in frame_category_orders(table, rel, names).items():  # given ones win
            if name not in orders and name not in trees:
                orders[name] = categories
        dropped = list(dict.fromkeys(rel.column(c).name for c in o.identifiers))
        kept, unroled = resolve_roles(rel, names, o.keep, dropped, [a.column for a in attrs])
        check_output_columns(kept, names, shape)
        for qid in names:  # the user names no output column: what shortens one is the QID's name
            advice = f"it is made from QID {qid!r}'s name: give that column a shorter name in a view"
            source.check_new_names(shape.generalized([qid]), "output column", advice)
        output_table = None if file else source.new_output(output, [rel], replace=replace)
        destination: Destination = file["output"] if output_table is None else TableOutput(output_table, replace)
        privacy = Privacy(tuple(attrs), o.l, o.t) if attrs else None
        status = _progress(progress)
        try:
            result = MondrianRun(
                source,
                rel,
                names,
                kept,
                k,
                destination,
                replace,
                median,
                relaxed,
                nulls,
                orders,
                privacy,
                trees,
                unroled,
                status,
                shape,
            ).run()
        finally:
            close = getattr(status, "close", None)
            if close is not None:
                close()
        database = source.database_label
    if output_table is None:  # read back from the file, by anyone
        result = dataclasses.replace(
            result, output=output, _output_lookup=file["output"].file.target, identifiers=dropped
        )
    else:
        result = dataclasses.replace(result, _where=src, _output_lookup=output_table.lookup_name, identifiers=dropped)
    report.after_run(
        result,
        page,
        False,
        "mondrian",
        database,
        {"table": table},
        {
            "qids": list(qids),
            "k": k,
            "output": output,
            "median": median,
            "relaxed": relaxed,
            "nulls": nulls,
            "l": o.l,
            "t": o.t,
            "sensitive": list(o.sensitive),
            "hierarchies": sorted(trees),
            "identifiers": list(o.identifiers),
            "labels_only": shape.labels_only,
        },
        started,
        time.perf_counter() - clock,
        noted=noted,
    )
    return result


def _ordered_sensitive(
    source: Source, rel: Relation, table: Any, attrs: list[SensitiveAttr], orders: dict[str, list]
) -> list[SensitiveAttr]:
    """The sensitive attributes with an order, taken out of ``orders`` (the QIDs' stay): one given,
    or a pandas ordered Categorical's categories. Such a text attribute is ranked by its place in
    the order, every value it holds listed (one it lacks is refused by name), and t-closeness takes
    the ordered distance over it."""
    ordinal = frame_category_orders(table, rel, [a.column for a in attrs])
    ranked = []
    for a in attrs:
        values = orders.pop(a.column, ordinal.get(a.column))
        if values is not None:
            order = tuple(str(v) for v in values)
            refuse_values_outside_order(source, rel, a.column, order)
            a = dataclasses.replace(a, order=order, ordered=True)
        ranked.append(a)
    return ranked


def _progress(progress: Any) -> Callable[[int, int], None] | None:
    """The ``progress`` argument as a callable, or None for no progress."""
    from ...progress import StatusLine, resolved

    return resolved(progress, StatusLine, "(level, cuts)")
