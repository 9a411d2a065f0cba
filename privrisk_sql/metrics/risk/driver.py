"""Re-identification risk where the table lives (docs/metrics/risk.md): the prosecutor, journalist
and marketer models, population uniqueness, k-map, delta-presence and sdcMicro's individual risk.

The database answers with small tables only: the class-size histogram (one GROUP BY of the QIDs
and one of its counts), the sample's classes beside a population's (one more statement with
``population=``) and the classes' weight sums (with ``weight=``). Every figure is then computed
exactly in Python (:mod:`.result`, :mod:`.models`, :mod:`.population`). The inputs are checked
first (:mod:`.checks`, :mod:`.options`); this module runs the statements and writes the tables.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ... import report
from ...errors import InputChangedError, InvalidInputError
from ...progress import elapsed_line
from ...source import Relation, Source, is_in_memory, opened
from ...sql.types import TypeClass
from ..classes import check_key, class_sizes, compared_as_bytes, resolve_qids
from ..destinations import Destination, TableFile, TableOutput, as_file_path, check_sources, checked_files
from . import DEFAULT_THRESHOLD, models
from .checks import checked_population, checked_weight, refuse_disjoint_population
from .options import RiskOptions
from .result import RiskResult, result_of
from .sql import RiskColumn, RiskQueries


def risk(
    src: Any,
    table: Any,
    qids: Sequence[str],
    *,
    threshold: float = DEFAULT_THRESHOLD,
    population_size: int | None = None,
    population: Any = None,
    population_qids: Sequence[str] | None = None,
    population_count: str | None = None,
    weight: str | None = None,
    records: str | None = None,
    key: str | None = None,
    classes: str | None = None,
    replace: bool = False,
    html: Any = None,
    progress: Any = "auto",
) -> RiskResult:
    """Re-identification risk of ``table`` on ``qids``, computed in the database.

    Args:
        src: a Source or anything :func:`privrisk_sql.connect` takes (None = in-memory DuckDB).
        table: the sample: a table name in ``src``, a CSV/Parquet path, or (DuckDB) a DataFrame.
        qids: quasi-identifier columns (a NULL is a value, as in ``kanon``).
        threshold: a record is at risk when its risk is strictly greater than this, in (0, 1].
        population_size: the sample is drawn from this many people: population uniqueness by
            Zayatz, Pitman, SNB and Dankar's rule.
        population: a table of the same database holding the population (or an auxiliary or census
            table) over the same QIDs: journalist and marketer risk, k-map and delta-presence.
        population_qids: the population's names of the QIDs, in ``qids`` order, when they differ.
        population_count: a column of the population holding how many people each row stands for
            (a pre-aggregated census table): a whole number, 0 or more.
        weight: a column of sampling weights: sdcMicro's individual risk.
        records: write a table of that name into ``src``: one row per record of ``table`` with its
            ``key``, its class size and its risks (complete or not at all, never over an input). On
            DuckDB a path ending in ``.parquet``, ``.pq``, ``.csv`` or ``.csv.gz`` (here and for
            ``classes``) is a file the table is written to instead (``src`` may then be None).
        key: the column identifying a record in ``records``.
        classes: write a table of that name: the classes whose risk exceeds ``threshold`` (the
            journalist risk with a population, else the prosecutor risk), their QID values and sizes.
        replace: replace ``records`` / ``classes`` if they exist.
        html: also write the run's report there (one self-contained HTML page).
        progress: ``"auto"`` (default: on stderr, in a terminal or a notebook, once the run has
            taken 2 s, the statement running, how far it is where the database says (DuckDB),
            and the time: ``risk: statement 3 running, 45% done, 12s elapsed``), True, or False.

    Returns:
        :class:`RiskResult`.

    Raises:
        InvalidInputError: a bad option, an unknown column, a population smaller than the sample,
            a weight that is missing, zero, negative or infinite, a population count that is missing,
            negative or not whole, before the heavy statements.
    """
    o = RiskOptions.validated(
        qids,
        threshold,
        population_size,
        population,
        population_qids,
        population_count,
        weight,
        as_file_path(records),
        key,
        as_file_path(classes),
        replace,
    )
    page = report.checked_html(html, table, o.population)  # input_files passes over a None population
    from ...report.output_file import input_files

    named = {"records": o.records, "classes": o.classes}
    files = checked_files(named, o.replace, input_files(table, o.population), page)  # on DuckDB: files
    tables = [t for option, t in named.items() if t is not None and option not in files]
    if tables and is_in_memory(src):
        raise InvalidInputError(
            "records/classes are tables written inside the database: pass a Source, a connection "
            "or a database file (an in-memory DuckDB opened for this call would lose them), or name "
            "files (records.parquet, classes.csv)"
        )
    started, clock = report.now(), time.perf_counter()
    with (
        report.noting_warnings(page) as noted,
        opened(src, writes=tables) as source,
        elapsed_line(progress, "risk", source),
    ):
        check_sources(files, source)
        report.check_not_a_database(page, source)
        database = source.database_label
        q = RiskQueries(source.dialect)
        rel = source.relation(table)
        names = resolve_qids(rel, list(o.qids))
        pop_rel, pop_names, count_name = checked_population(source, q, o, rel, names)
        weight_name = checked_weight(source, q, o, rel, names)
        if o.records is not None and o.key is not None:  # "which records": the key must name one each
            check_key(source, rel, rel.column(o.key).name)
        if o.population_size is not None:  # a cheap count first: a population smaller than the sample is bad input
            rows_in = int(source.fetch_records(q.count_rows(rel.sql))[0]["n"])
            if o.population_size < rows_in:
                raise InvalidInputError(
                    f"population_size {o.population_size:,} is smaller than the sample's "
                    f"{rows_in:,} records in {rel.label!r}"
                )
        columns = [
            RiskColumn(
                n,
                p,
                rel.column(n).type_class is TypeClass.TEXT
                and (rel.may_collate or (pop_rel is not None and pop_rel.may_collate)),
                rel.column(n).type_class is TypeClass.FLOAT,
            )
            for n, p in zip(names, pop_names or names)
        ]
        outputs = _outputs(source, o, rel, pop_rel, names, files)
        compared = compared_as_bytes(source.dialect, rel, names)
        # A QID missing in every row is refused as kanon and CAVG refuse it, found by this first
        # grouping (before the population, the weights and any output).
        sizes = class_sizes(source, compared, names, refuse_missing_qids=True)
        hist = sizes.histogram
        pairs: dict[tuple[int, int], int] | None = None
        weighted: dict[tuple[int, float], int] | None = None
        if pop_rel is not None and pop_names is not None:
            rows = source.fetch_records(q.population_class_pairs(rel.sql, pop_rel.sql, columns, count_name))
            pairs = {(int(r["sample_size"]), int(r["population_size"] or 0)): int(r["classes"]) for r in rows}
            refuse_disjoint_population(rel, pop_rel, names, pairs)
        if weight_name is not None:
            weighed = compared_as_bytes(source.dialect, rel, [*names, weight_name])
            rows = source.fetch_records(q.weighted_classes(weighed.sql, names, weight_name))
            weighted = {}
            for row in rows:
                pair = (int(row["sample_size"]), float(row["weight_sum"]))
                weighted[pair] = weighted.get(pair, 0) + int(row["classes"])
        result = result_of(hist, o, pairs, weighted)
        _write_outputs(source, q, o, outputs, rel, pop_rel, columns, count_name, weight_name, result, pairs)
    report.after_run(
        result,
        page,
        False,
        "risk",
        database,
        {"table": table, **({"population": o.population} if o.population is not None else {})},
        {
            "qids": list(o.qids),
            "threshold": o.threshold,
            "population_size": o.population_size,
            "population_qids": None if o.population_qids is None else list(o.population_qids),
            "population_count": o.population_count,
            "weight": o.weight,
        },
        started,
        time.perf_counter() - clock,
        noted=noted,
    )
    return result


# Columns of the records and classes tables besides the user's key and QIDs.
_RECORD_COLUMNS = (
    "class_size",
    "prosecutor_risk",
    "population_size",
    "journalist_risk",
    "weight_sum",
    "individual_risk",
)


def _outputs(
    source: Source,
    o: RiskOptions,
    rel: Relation,
    pop_rel: Relation | None,
    names: list[str],
    files: dict[str, TableFile],
) -> dict[str, Destination]:
    """Where the records and classes go (tables, or the ``files`` already checked), checked
    before any heavy statement."""
    if not (o.records or o.classes):
        return {}
    if source.read_only:
        raise InvalidInputError("records/classes write tables: they cannot run on a read-only Source (--read-only)")
    inputs = [rel] + ([pop_rel] if pop_rel is not None else [])

    def destination(option: str, name: str) -> Destination:
        if option in files:
            return files[option]
        return TableOutput(source.new_output(name, inputs, replace=o.replace, option=option), o.replace)

    out: dict[str, Destination] = {}
    if o.records is not None and o.key is not None:
        key = rel.column(o.key).name
        if key.lower() in _RECORD_COLUMNS:
            raise InvalidInputError(f"key column {key!r} has the name of a column of the records table; rename it")
        out["records"] = destination("records", o.records)
    if o.classes is not None:
        clash = [n for n in names if n.lower() in _RECORD_COLUMNS]
        if clash:
            raise InvalidInputError(f"QID {clash[0]!r} has the name of a column of the classes table; rename it")
        out["classes"] = destination("classes", o.classes)
    records, classes = out.get("records"), out.get("classes")
    if isinstance(records, TableOutput) and isinstance(classes, TableOutput) and records.table.may_be(classes.table):
        # main.out and OUT: the records were written, then the classes failed at their rename (exit 3)
        raise InvalidInputError(
            f"records {o.records!r} and classes {o.classes!r} name the same table (names only case apart "
            "are one table in many databases): choose two names"
        )
    return out


def _write_outputs(
    source: Source,
    q: RiskQueries,
    o: RiskOptions,
    outputs: dict[str, Destination],
    rel: Relation,
    pop_rel: Relation | None,
    columns: list[RiskColumn],
    count_name: str | None,
    weight_name: str | None,
    result: RiskResult,
    pairs: dict | None,
) -> None:
    """Each table (or file) complete or not at all: its row count checked against the figures
    already computed (the input changed otherwise) before it gets its name."""
    pop_sql = pop_rel.sql if pop_rel is not None else None

    def expect(target: Destination, rows: int, what: str):
        def check(written_sql: str) -> None:
            found = int(source.fetch_records(q.count_rows(written_sql))[0]["n"])
            if found != rows:
                raise InputChangedError(
                    f"{rel.label!r} changed during the run: the {what} {target.described} "
                    f"would have {found:,} rows, not {rows:,}; nothing was written"
                )

        return check

    if "records" in outputs and o.key is not None:
        target = outputs["records"]
        key = rel.column(o.key).name
        target.write(
            source,
            lambda st: q.record_risks(st, rel.sql, columns, key, key, pop_sql, count_name, weight_name),
            expect(target, result.records, "records"),
        )
    if "classes" in outputs:
        target = outputs["classes"]
        if pairs is not None:
            used, _ = models.population_sizes(pairs)
            at_risk = sum(c for (_, big_f), c in used.items() if 1 / big_f > o.threshold)
        else:
            at_risk = sum(c for f, c in result.class_sizes.items() if 1 / f > o.threshold)
        target.write(
            source,
            lambda st: q.classes_at_risk(st, rel.sql, columns, o.threshold, pop_sql, count_name),
            expect(target, at_risk, "classes"),
        )
