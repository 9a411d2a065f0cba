"""mpUCCs' options, validated before any database work, and the evaluated columns, checked on both
sides (names, types) before any SQL runs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import InvalidInputError
from ...given import choice, described, is_number, name_list, whole_number
from ...source import Relation, Source
from ...sql.types import TypeClass, combined_class, compatible, holds_no_value
from ..classes import refuse_unsupported, row_and_null_counts_sql
from . import plan
from .sql import WorkColumn

NULL_POLICIES = ("sql", "petsard")


def validate_number(name: str, value: Any) -> float:
    if not is_number(value) or math.isnan(float(value)):
        raise InvalidInputError(f"{name} must be a number, got {described(value)}")
    return float(value)


@dataclass(frozen=True)
class MpuccsOptions:
    """mpUCCs' options, validated once (:meth:`validated`) before any database work."""

    n_cols: Any  # None (all sizes) or a sorted list of sizes
    min_entropy_delta: float
    field_decay_factor: float
    renyi_alpha: float
    numeric_precision: int | None
    datetime_precision: str | None  # as given
    datetime_unit: str | None  # its canonical unit
    nulls: str

    @classmethod
    def validated(
        cls, n_cols, min_entropy_delta, field_decay_factor, renyi_alpha, numeric_precision, datetime_precision, nulls
    ) -> MpuccsOptions:
        """The options, or :class:`InvalidInputError` naming the first bad one."""
        delta, decay, alpha, digits, unit = validate_params(
            min_entropy_delta, field_decay_factor, renyi_alpha, numeric_precision, datetime_precision, nulls
        )
        return cls(
            plan.normalize_n_cols(n_cols),
            delta,
            decay,
            alpha,
            digits,
            datetime_precision,
            unit,
            nulls,
        )


def validate_params(min_entropy_delta, field_decay_factor, renyi_alpha, numeric_precision, datetime_precision, nulls):
    delta = validate_number("min_entropy_delta", min_entropy_delta)
    decay = validate_number("field_decay_factor", field_decay_factor)
    if not 0 < decay <= 1:
        raise InvalidInputError(f"field_decay_factor must be in (0, 1], got {described(field_decay_factor)}")
    alpha = validate_number("renyi_alpha", renyi_alpha)
    if alpha < 0:
        raise InvalidInputError(f"renyi_alpha must be >= 0, got {described(renyi_alpha)}")
    digits = whole_number(numeric_precision)
    if numeric_precision is not None and (digits is None or not 0 <= digits <= 10):
        raise InvalidInputError(f"numeric_precision must be an integer in 0..10, got {described(numeric_precision)}")
    unit = None if datetime_precision is None else plan.canonical_datetime_unit(datetime_precision)
    choice(nulls, NULL_POLICIES, "nulls")
    return delta, decay, alpha, digits, unit


def select_columns(ori: Relation, syn: Relation, columns: Sequence[str] | None, key: str | None) -> list[str]:
    """The evaluated columns (real syn names, in the user's order or syn's), checked on both sides."""
    key_names = set()
    if key is not None:
        key_names = {ori.column(key).name.lower(), syn.column(key).name.lower()}
    if columns is None:
        ori_names = {c.name.lower() for c in ori.columns} - key_names
        syn_names = {c.name.lower() for c in syn.columns} - key_names
        if ori_names != syn_names:
            only_ori = sorted(c.name for c in ori.columns if c.name.lower() in ori_names - syn_names)
            only_syn = sorted(c.name for c in syn.columns if c.name.lower() in syn_names - ori_names)
            sides = [
                f"only in {side}: {', '.join(map(repr, names))}"
                for side, names in (("ori", only_ori), ("syn", only_syn))
                if names
            ]
            raise InvalidInputError(
                f"{ori.label!r} and {syn.label!r} have different columns ({'; '.join(sides)}): name the "
                "columns both have with --columns (columns=[...])"
            )
        return [c.name for c in syn.columns if c.name.lower() not in key_names]
    if isinstance(columns, str):
        raise InvalidInputError("columns must be a list of names, not a string")
    columns = name_list(columns, "columns")
    if not columns:
        raise InvalidInputError("columns is empty: name at least one column")
    chosen: list[str] = []
    for name in columns:
        real = syn.column(name).name
        ori.column(name)
        if real.lower() in key_names:
            raise InvalidInputError(f"column {name!r} is the key column; the key is never evaluated")
        if real in chosen:
            raise InvalidInputError(f"column {name!r} is listed twice in columns")
        chosen.append(real)
    return chosen


def holds_no_values(source: Source, rel: Relation, column: str) -> bool:
    """Whether ``column`` of ``rel`` is NULL in every row (asked only of a text column beside
    another type: one scan of it)."""
    row = source.fetch_records(row_and_null_counts_sql(source.dialect, rel.sql, [(column, False)]))[0]
    return int(row["n_rows"]) > 0 and int(row["missing_0"]) == int(row["n_rows"])


def work_columns(source: Source, ori: Relation, syn: Relation, names: list[str]) -> list[WorkColumn]:
    result = []
    empty: dict[str, bool] = {}

    def is_empty(rel: Relation) -> bool:
        # A header-only CSV has no type information (DuckDB says VARCHAR): it takes the other side's.
        if rel.label not in empty:
            empty[rel.label] = not source.fetch(f"SELECT 1 FROM {rel.sql} LIMIT 1")
        return empty[rel.label]

    for i, name in enumerate(names):
        o, s = ori.column(name), syn.column(name)
        for rel, col in ((ori, o), (syn, s)):
            refuse_unsupported(
                col,
                rel,
                "mpUCCs compares",
                "leave it out with columns= (--columns) or cast it to one in a view (a DataFrame: .astype)",
            )
        o_class, s_class = o.type_class, s.type_class
        if holds_no_value(o.sql_type):  # None in every row: NULL, which the other side's type holds
            o_class = s_class
        elif holds_no_value(s.sql_type):
            s_class = o_class
        elif not compatible(o_class, s_class) and is_empty(syn):
            s_class = o_class
        elif not compatible(o_class, s_class) and is_empty(ori):
            o_class = s_class
        o_empty = s_empty = False
        if not compatible(o_class, s_class):
            # A column empty in every row has no value to type it by: a CSV's is text to DuckDB's
            # sniffer (pandas, PETsARD's reader, says missing values). Its NULLs take the other type.
            if s_class is TypeClass.TEXT and holds_no_values(source, syn, s.name):
                s_class, s_empty = o_class, True
            elif o_class is TypeClass.TEXT and holds_no_values(source, ori, o.name):
                o_class, o_empty = s_class, True
        if not compatible(o_class, s_class):
            raise InvalidInputError(
                f"column {name!r} has incompatible types: {o.type_said} in {ori.label!r}, {s.type_said} in {syn.label!r}"
            )
        result.append(
            WorkColumn(
                alias=f"c{i}",
                name=name,
                ori_name=o.name,
                syn_name=s.name,
                type_class=combined_class(o_class, s_class),
                ori_class=o_class,
                syn_class=s_class,
                ori_empty=o_empty,
                syn_empty=s_empty,
            )
        )
    return result
