"""Re-identification risk where the table lives (docs/metrics/risk.md): the prosecutor, journalist
and marketer models, population uniqueness, k-map, delta-presence and sdcMicro's individual risk.

The database answers with small tables only: the class-size histogram (one GROUP BY of the QIDs
and one of its counts), the sample's classes beside a population's (one more statement with
``population=``) and the classes' weight sums (with ``weight=``). Every figure is then computed
exactly in Python (:mod:`.models`, :mod:`.population`).
"""

from __future__ import annotations

import math
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ... import report
from ...errors import InputChangedError, InvalidInputError
from ...given import flag, is_number, whole_number
from ...progress import elapsed_line
from ...source import Column, Relation, Source, is_in_memory, opened
from ...sql.types import TypeClass, declared_without_a_type
from ..classes import (
    check_key,
    class_sizes,
    compared_as_bytes,
    refuse_values_outside_type,
    resolve_qids,
    validate_qids,
)
from ..destinations import Destination, TableFile, TableOutput, as_file_path, check_sources, checked_files
from . import DEFAULT_THRESHOLD, models, population
from .sql import RiskColumn, RiskQueries

# A weight or a census count is summed: a value that is no number (SQLite's 'many') is refused.
_NUMBERS = (TypeClass.INTEGER, TypeClass.FLOAT)


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
            raise InvalidInputError(f"threshold must be a number in (0, 1], got {threshold!r}")
        if population_size is not None:
            people = whole_number(population_size)
            # Above a BIGINT the models' floats lose it (beyond 1e308 a traceback from numpy).
            if people is None or not 1 <= people <= 2**63 - 1:
                raise InvalidInputError(
                    f"population_size must be a whole number of people from 1 to 2^63 - 1, got {population_size!r}"
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
            raise InvalidInputError(f"weight must be a column name, got {weight!r}")
        for option, value in (("records", records), ("classes", classes), ("key", key)):
            if value is not None and (not isinstance(value, str) or not value.strip()):
                raise InvalidInputError(f"{option} must be a name, got {value!r}")
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


@dataclass(frozen=True)
class RiskResult(report.Displayed):
    """Re-identification risk of a table (see :func:`risk`). Sections whose inputs were not given
    are None and left out of :meth:`to_dict`."""

    records: int
    classes: int
    threshold: float
    class_sizes: dict[int, int]  # class size -> classes
    prosecutor: dict
    population: dict | None = None
    journalist: dict | None = None
    marketer: dict | None = None
    k_map: dict | None = None
    delta_presence: dict | None = None
    population_classes: dict | None = None  # how well the population table covers the sample
    individual: dict | None = None
    population_class_sizes: dict[int, int] = field(default_factory=dict)  # F' -> records

    def to_dict(self) -> dict:
        out: dict[str, Any] = {
            "records": self.records,
            "classes": self.classes,
            "threshold": self.threshold,
            "class_sizes": [[s, c] for s, c in sorted(self.class_sizes.items())],
            "prosecutor": self.prosecutor,
        }
        for name in (
            "population",
            "journalist",
            "marketer",
            "k_map",
            "delta_presence",
            "population_classes",
            "individual",
        ):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out

    def population_coverage(self) -> str | None:
        """Where the population table lacks the sample's classes, or holds fewer people in them,
        in words (the summary's note and the page's); None where it covers every class."""
        if self.population_classes is None:
            return None
        missing = self.population_classes["classes_missing_from_population"]
        smaller = self.population_classes["classes_smaller_in_population"]
        if not (missing or smaller):
            return None
        return (
            f"{missing:,} {'class is' if missing == 1 else 'classes are'} missing from the population and "
            f"{smaller:,} smaller there than in the sample; each is counted with its size in the sample"
        )

    def risk_curve(self) -> list[dict]:
        """Records at risk (prosecutor) as a function of the threshold t, counted as a run with
        ``threshold=t`` counts them (risk 1/f above t): one point per distinct risk 1/f, the
        fraction of records in classes smaller than f, which holds up to the next point's t; the
        curve starts at t = 0 (every record) and ends at t = 1 (none). It counted risks *at
        least* t, so its value at a run's threshold was not that run's records at risk."""
        points, smaller = [], 0
        sizes = sorted(self.class_sizes.items())
        if sizes and sizes[0][0] > 1:
            points.append({"threshold": 1.0, "records_at_risk": 0.0})
        for size, c in sizes:
            points.append({"threshold": 1 / size, "records_at_risk": smaller / self.records})
            smaller += size * c
        points.append({"threshold": 0.0, "records_at_risk": 1.0})
        return points


def _population_section(hist: dict[int, int], n: int, size: int) -> dict:
    est = population.estimate(hist, n, size)  # size >= n: risk() counted the sample's rows first
    return {
        "size": size,
        "sampling_fraction": est.sampling_fraction,
        "uniques": {**est.fractions(), "dankar_model": est.dankar_model},
        "unique_people": dict(est.uniques),
        "reasons": dict(est.reasons),
    }


def _check_population(rel: Relation, pop: Relation, qids: list[str], pop_qids: list[str]) -> None:
    """Each QID and its population column hold one kind of value (two kinds of number are one):
    a DATE against a TIMESTAMP matched only midnight, a number against a DATE or a BOOLEAN failed
    mid-run or matched 1 with true on one engine and failed on another."""
    for q, p in zip(qids, pop_qids):
        a, b = rel.column(q).type_class, pop.column(p).type_class
        if a is not b and not (a.is_numeric and b.is_numeric):
            raise InvalidInputError(
                f"column {p!r} of population {pop.label!r} is {pop.column(p).type_said}, but QID "
                f"{q!r} of {rel.label!r} is {rel.column(q).type_said}: their values never match"
            )


def _check_population_counts(source: Source, q: RiskQueries, pop: Relation, count: Column) -> float:
    """A census count is a whole number of people, 0 or more: anything else is refused, naming the
    table and column, before the heavy statements (a NaN or an infinity used to end in a traceback,
    a fraction to be truncated, a negative or NULL count to be read as a class the population lacks).
    Returns the people the census counts, from the same scan."""
    is_float = count.type_class is TypeClass.FLOAT
    problems = source.fetch_records(q.population_count_problems(pop.sql, count.name, is_float))[0]
    _refuse_counted(
        problems,
        (
            ("missing", "missing (NULL or NaN)"),
            ("negative", "negative"),
            (
                "not_whole",
                "not a whole number (a fraction, an infinity, or past 2^53 where a double stops counting by ones)",
            ),
        ),
        lambda n, what: (
            f"population_count {count.name!r} of {pop.label!r} has {n:,} {'row' if n == 1 else 'rows'} whose "
            f"count is {what}: each row's count must be a whole number of people, 0 or more"
        ),
    )
    if not int(problems["counted"] or 0):
        _refuse_empty_population(source, q, pop)
        raise InvalidInputError(
            f"population {pop.label!r} counts no one: every {count.name!r} is 0, so no record of the "
            "sample could be found in it"
        )
    return float(problems["people"])


def _refuse_empty_population(source: Source, q: RiskQueries, pop: Relation) -> None:
    """A population with no rows would make every sample class one it lacks: journalist, marketer
    and k-map figures would be the prosecutor's under other names (exit 0 before)."""
    if not int(source.fetch_records(q.has_rows(pop.sql))[0]["n"]):
        raise InvalidInputError(f"population {pop.label!r} has no rows")


def _population_people(source: Source, q: RiskQueries, pop: Relation) -> int:
    """The rows of a population of one row per person, refusing an empty one."""
    people = int(source.fetch_records(q.count_rows(pop.sql))[0]["n"])
    if not people:
        raise InvalidInputError(f"population {pop.label!r} has no rows")
    return people


def _warn_of_a_larger_population(pop: Relation, people: float, size: int) -> None:
    """A population table holding more people than ``population_size`` contradicts it: the
    population models take the sample as drawn from ``size`` people, journalist, marketer and k-map
    read the table, and one of the two figures is wrong (a warning, not a refusal: the table may be
    a wider frame than the one the sample was drawn from)."""
    if people > size:
        warnings.warn(
            f"population {pop.label!r} holds {people:,.0f} people, more than population_size {size:,} "
            "(--population-size): Zayatz, Pitman, SNB and Dankar take the sample as drawn from "
            f"{size:,} people while journalist, marketer and k-map read the table; give the "
            "population's true size",
            stacklevel=3,
        )


def _refuse_disjoint_population(rel: Relation, pop: Relation, names: list[str], pairs: dict) -> None:
    """Not one sample class in the population: its values are coded otherwise ('A' for 'a') or it
    is the wrong table. Found by the statement that pairs the classes, before anything is written."""
    if pairs and all(population_size == 0 for _, population_size in pairs):
        raise InvalidInputError(
            f"no class of {rel.label!r} is in population {pop.label!r}: no combination of values of "
            f"{', '.join(names)} occurs in both (values coded otherwise, or the wrong table?)"
        )


def _check_weights(source: Source, q: RiskQueries, rel: Relation, w: Column) -> None:
    """Every sampling weight is a positive, finite number (sdcMicro's F_k is their sum), checked in
    one scan before the heavy statements, and their sums stay finite doubles."""
    found = source.fetch_records(q.weight_problems(rel.sql, w.name, w.type_class is TypeClass.FLOAT))[0]
    _refuse_counted(
        found,
        (("missing", "missing (NULL or NaN)"), ("not_positive", "zero or negative"), ("infinite", "infinite")),
        lambda n, what: (
            f"weight column {w.name!r} of {rel.label!r} has {n:,} {what} {'weight' if n == 1 else 'weights'}: "
            "every sampling weight must be a positive, finite number"
        ),
    )
    # n_rows x the largest weight bounds every class's F_k: past the largest double a sum was
    # infinite (a division by zero in the model, or PostgreSQL's overflow error mid-run).
    n_rows, largest = int(found["n_rows"] or 0), float(found["largest"] or 0)
    if n_rows * largest > sys.float_info.max:
        raise InvalidInputError(
            f"weight column {w.name!r} of {rel.label!r} holds weights up to {largest:g} in {n_rows:,} rows: "
            "their sums could pass the largest number a double holds; rescale the weights"
        )


def _refuse_counted(found: dict, kinds: tuple[tuple[str, str], ...], message: Callable[[int, str], str]) -> None:
    """The first of ``kinds`` (a column of ``found``, and its words) with rows, as InvalidInputError."""
    for key, what in kinds:
        n = int(found[key] or 0)
        if n:
            raise InvalidInputError(message(n, what))


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
        pop_rel = pop_names = count_name = None
        if o.population is not None:
            pop_rel = source.relation(o.population)
            pop_names = resolve_qids(pop_rel, list(o.population_qids or o.qids), "population_qids")
            _check_population(rel, pop_rel, names, pop_names)
            if o.population_count is not None:
                count_col = pop_rel.column(o.population_count)
                if not count_col.type_class.is_numeric:
                    raise InvalidInputError(
                        f"population_count {count_col.name!r} of {pop_rel.label!r} must hold "
                        f"numbers, it is {_type_said(count_col)}"
                    )
                count_name = count_col.name
                refuse_values_outside_type(source, pop_rel, [count_name], "risk", _NUMBERS)
                people: float = _check_population_counts(source, q, pop_rel, count_col)
            elif o.population_size is not None:  # its size is checked against population_size
                people = _population_people(source, q, pop_rel)
            else:
                _refuse_empty_population(source, q, pop_rel)
            if o.population_size is not None:
                _warn_of_a_larger_population(pop_rel, people, o.population_size)
        weight_name = None
        if o.weight is not None:
            w = rel.column(o.weight)
            if w.name in names:
                raise InvalidInputError(f"weight column {w.name!r} is also a QID")
            if not w.type_class.is_numeric:
                raise InvalidInputError(
                    f"weight column {w.name!r} of {rel.label!r} must be numeric, it is {_type_said(w)}"
                )
            weight_name = w.name
            refuse_values_outside_type(source, rel, [weight_name], "risk", _NUMBERS)
            _check_weights(source, q, rel, w)
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
            _refuse_disjoint_population(rel, pop_rel, names, pairs)
        if weight_name is not None:
            weighed = compared_as_bytes(source.dialect, rel, [*names, weight_name])
            rows = source.fetch_records(q.weighted_classes(weighed.sql, names, weight_name))
            weighted = {}
            for row in rows:
                pair = (int(row["sample_size"]), float(row["weight_sum"]))
                weighted[pair] = weighted.get(pair, 0) + int(row["classes"])
        result = _result(hist, o, pairs, weighted)
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


def _result(hist: dict[int, int], o: RiskOptions, pairs: dict | None, weighted: dict | None) -> RiskResult:
    n = sum(f * c for f, c in hist.items())
    extra: dict[str, Any] = {}
    if o.population_size is not None:
        extra["population"] = _population_section(hist, n, o.population_size)
    if pairs is not None:
        used, coverage = models.population_sizes(pairs)
        extra.update(
            journalist=models.journalist(used, o.threshold),
            marketer=models.marketer(used),
            k_map=models.k_map(used),
            delta_presence=models.delta_presence(used),
            population_classes=coverage,
        )
        by_size: dict[int, int] = {}
        for (f, big_f), c in used.items():
            by_size[big_f] = by_size.get(big_f, 0) + f * c
        extra["population_class_sizes"] = dict(sorted(by_size.items()))
    if weighted is not None:
        extra["individual"] = models.individual(weighted, o.threshold)
    for section in extra.values():  # no NaN or infinity reaches the JSON: a failed figure is None
        if isinstance(section, dict):
            for key, value in section.items():
                if isinstance(value, float) and not math.isfinite(value):
                    section[key] = None
    return RiskResult(
        n, sum(hist.values()), o.threshold, dict(sorted(hist.items())), models.prosecutor(hist, o.threshold), **extra
    )


def _type_said(col: Column) -> str:
    """A column's type as a refusal names it, with the way out for an SQLite column declared
    with none."""
    if declared_without_a_type(col.sql_type):
        return f"{col.type_said} (SQLite: read it as a number in a view, CAST(... AS REAL))"
    return col.type_said
