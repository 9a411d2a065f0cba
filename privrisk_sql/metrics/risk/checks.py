"""The risk metric's inputs checked before the heavy statements: the population table (its QIDs'
kinds, its counts, its size), the sampling weights; each refusal names the table and column."""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable

from ...errors import InvalidInputError
from ...source import Column, Relation, Source
from ...sql.types import TypeClass, declared_without_a_type
from ..classes import refuse_values_outside_type, resolve_qids
from .options import RiskOptions
from .sql import RiskQueries

# A weight or a census count is summed: a value that is no number (SQLite's 'many') is refused.
_NUMBERS = (TypeClass.INTEGER, TypeClass.FLOAT)


def checked_population(
    source: Source, q: RiskQueries, o: RiskOptions, rel: Relation, names: list[str]
) -> tuple[Relation | None, list[str] | None, str | None]:
    """The population table, its names of the QIDs and its count column (None for each without
    one), checked before the heavy statements: its QIDs' kinds, its counts, that it holds someone,
    and its size against ``population_size``."""
    if o.population is None:
        return None, None, None
    pop_rel = source.relation(o.population)
    pop_names = resolve_qids(pop_rel, list(o.population_qids or o.qids), "population_qids")
    _check_population(rel, pop_rel, names, pop_names)
    count_name = None
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
    return pop_rel, pop_names, count_name


def checked_weight(source: Source, q: RiskQueries, o: RiskOptions, rel: Relation, names: list[str]) -> str | None:
    """The sampling weights' column (None without one), checked before the heavy statements."""
    if o.weight is None:
        return None
    w = rel.column(o.weight)
    if w.name in names:
        raise InvalidInputError(f"weight column {w.name!r} is also a QID")
    if not w.type_class.is_numeric:
        raise InvalidInputError(f"weight column {w.name!r} of {rel.label!r} must be numeric, it is {_type_said(w)}")
    refuse_values_outside_type(source, rel, [w.name], "risk", _NUMBERS)
    _check_weights(source, q, rel, w)
    return w.name


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
            stacklevel=4,
        )


def refuse_disjoint_population(rel: Relation, pop: Relation, names: list[str], pairs: dict) -> None:
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


def _type_said(col: Column) -> str:
    """A column's type as a refusal names it, with the way out for an SQLite column declared
    with none."""
    if declared_without_a_type(col.sql_type):
        return f"{col.type_said} (SQLite: read it as a number in a view, CAST(... AS REAL))"
    return col.type_said
