"""Mondrian's options, validated before any database work, and resolved against the table: the
QIDs' kinds, orders, hierarchies (files or built), sensitive columns and the attribute roles."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import InvalidInputError
from ...given import (
    choice,
    comma_separated,
    described,
    flag,
    is_number,
    mapping,
    name_list,
    optional_names,
    ordered_categories,
    outside_utf8,
    table_name,
    whole_number,
)
from ...source import Relation
from ...sql.dialects import Dialect
from ...sql.types import TypeClass
from ..classes import validate_k, validate_qids
from .hierarchy import Hierarchy, builder_of, read_hierarchy
from .sql import RESERVED_PREFIX, MondrianQueries, SensitiveAttr

KINDS = {
    TypeClass.INTEGER: "numeric",
    TypeClass.FLOAT: "numeric",
    TypeClass.DATE: "temporal",
    TypeClass.TIMESTAMP: "temporal",
    TypeClass.BOOLEAN: "boolean",
    TypeClass.TEXT: "nominal",
}  # text given an --order is "ordinal"


@dataclass(frozen=True)
class OutputShape:
    """The output table's shape beyond the kept columns: per QID its bounds and label, or its
    label alone (``labels_only``, what a release shows), and whether its rows keep the input's order."""

    keep_order: bool = False
    labels_only: bool = False

    def generalized(self, qids: Sequence[str]) -> list[str]:
        """The columns the run makes of the QIDs, in the output's order."""
        suffixes = ("gen",) if self.labels_only else ("lo", "hi", "gen")
        return [f"{q}_{s}" for q in qids for s in suffixes]


@dataclass(frozen=True)
class MondrianOptions:
    """Mondrian's options, validated once (:meth:`validated`) before any database work; the
    columns they name are resolved against the table afterwards."""

    qids: tuple[str, ...]
    k: int
    output: str
    keep: tuple[str, ...] | str | None  # None: every column in no role, checked; "*": the same, unchecked
    replace: bool
    median: str
    relaxed: bool
    nulls: str
    order: tuple[tuple[str, tuple], ...]
    l: int | None = None
    t: float | None = None
    sensitive: tuple[str, ...] = ()
    identifiers: tuple[str, ...] = ()

    @classmethod
    def validated(
        cls,
        qids: Sequence[str],
        k: int,
        output: str,
        keep: Sequence[str] | str | None = None,
        replace: bool = False,
        median: str = "lower",
        relaxed: bool = False,
        nulls: str = "error",
        order: Mapping[str, Sequence] | None = None,
        l: int | None = None,
        t: float | None = None,
        sensitive: Sequence[str] | str | None = None,
        identifiers: Sequence[str] | str | None = None,
    ) -> MondrianOptions:
        _validate_options(median, nulls)
        table_name(output)  # before any connection (Source.output_table checks it with the same words)
        replace, relaxed = flag(replace, "replace"), flag(relaxed, "relaxed")
        names = _validate_privacy(l, t, sensitive, relaxed)
        dropped = () if identifiers is None else name_list(identifiers, "identifiers")
        kept: tuple[str, ...] | str | None = keep if keep is None or isinstance(keep, str) else name_list(keep, "keep")
        return cls(
            validate_qids(qids),
            validate_k(k),
            output,
            kept,
            replace,
            median,
            relaxed,
            nulls,
            _order_pairs(order),
            None if l is None else whole_number(l),
            None if t is None else float(t),
            names,
            dropped,
        )


def _order_pairs(order: Mapping[str, Sequence] | None) -> tuple[tuple[str, tuple], ...]:
    """``order`` as (column, values) pairs: a mapping of lists. A text of values ('low,mid,high',
    as --order spells it) was read letter by letter: "lists 'l' twice"."""
    pairs = []
    for column, values in mapping(order, "order", "{column: [its values, in order]}").items():
        if isinstance(values, str):
            raise InvalidInputError(
                f"order for {column!r} must be a list of its values, in order, got the text {values!r:.60}"
            )
        pairs.append((column, tuple(name_list(values, f"order for {column!r}"))))
    return tuple(pairs)


def orders_spelled_as_hierarchies(
    hierarchies: Mapping[str, Any] | None, order: Mapping[str, Sequence] | None
) -> tuple[Mapping[str, Any] | None, Mapping[str, Sequence] | None]:
    """``hierarchies={"level": "order:low,mid,high"}`` is ``order={"level": ["low", "mid", "high"]}``,
    as ``--hierarchy level=order:...`` is ``--order``: one way to say how a text QID is cut, taken
    out of the hierarchies into the orders (values split as the CLI splits them)."""
    if not isinstance(hierarchies, Mapping):
        return hierarchies, order  # refused by name where it is read
    spelled = {c: s for c, s in hierarchies.items() if isinstance(s, str) and s.startswith("order:")}
    if not spelled:
        return hierarchies, order
    orders = dict(mapping(order, "order", "{column: [its values, in order]}"))
    for column, spec in spelled.items():
        if column in orders:
            raise InvalidInputError(f"order and hierarchy {spec!r} both given for {column!r}: give one")
        try:
            values = comma_separated(spec[len("order:") :])
        except ValueError as e:
            raise InvalidInputError(f"hierarchy {spec!r} for {column!r}: {e}") from None
        if values == [""]:
            raise InvalidInputError(
                f"hierarchy {spec!r} for {column!r} lists no values: give them in order "
                f"(--hierarchy {column}=order:V1,V2,...)"
            )
        orders[column] = values
    return {c: s for c, s in hierarchies.items() if c not in spelled}, orders


def _validate_options(median: str, nulls: str) -> None:
    choice(median, ("lower", "interp"), "median")
    choice(nulls, ("error", "separate"), "nulls")


def _validate_privacy(l: Any, t: Any, sensitive: Sequence[str] | str | None, relaxed: bool) -> tuple[str, ...]:
    """l and t are cut constraints over the sensitive columns: each needs them, and they need one."""
    if l is not None and (whole_number(l) or 0) < 1:
        raise InvalidInputError(f"l must be an integer >= 1, got {described(l)}")
    if t is not None and not (is_number(t) and 0 <= t <= 1):
        raise InvalidInputError(f"t must be a number from 0 to 1, got {described(t)}")
    names = optional_names(sensitive, "sensitive")
    if (l is not None or t is not None) and not names:
        raise InvalidInputError("l and t constrain the sensitive columns: name them (sensitive=[...], --sensitive)")
    if names and l is None and t is None:
        raise InvalidInputError(f"sensitive columns {list(names)} given without l or t: nothing would use them")
    if names and relaxed:
        raise InvalidInputError("l and t are cut constraints of strict Mondrian; relaxed Mondrian is k-only")
    return names


def resolve_sensitive(rel: Relation, qids: list[str], names: Sequence[str]) -> list[SensitiveAttr]:
    attrs: list[SensitiveAttr] = []
    for name in names:
        col = rel.column(name)
        if col.name in qids:
            raise InvalidInputError(f"column {col.name!r} is both a QID and sensitive")
        if col.type_class not in KINDS:
            raise InvalidInputError(f"sensitive column {col.name!r} has type {col.type_said}, which cannot be compared")
        if col.name.lower().startswith(RESERVED_PREFIX):
            raise InvalidInputError(f"column {col.name!r}: names starting with {RESERVED_PREFIX!r} are reserved")
        if any(a.column == col.name for a in attrs):
            raise InvalidInputError(f"sensitive column {col.name!r} is named twice")
        attrs.append(
            SensitiveAttr(
                len(attrs),
                col.name,
                is_text=col.type_class is TypeClass.TEXT,
                is_float=col.type_class is TypeClass.FLOAT,
                ordered=col.type_class in (TypeClass.INTEGER, TypeClass.FLOAT),
            )
        )
    return attrs


def resolve_order(
    rel: Relation, qids: list[str], order: Mapping[str, Sequence] | None, sensitive: Sequence[str] = ()
) -> dict[str, list]:
    """User orders keyed by real column name; only for text QIDs and text ``sensitive`` columns
    (t-closeness's ordered distance), each value once."""
    resolved: dict[str, list] = {}
    for name, values in (order or {}).items():
        col = rel.column(name)
        if col.name not in qids and col.name not in sensitive:
            raise InvalidInputError(f"order given for {name!r}, which is not one of the qids or sensitive columns")
        if KINDS.get(col.type_class) == "boolean":
            raise InvalidInputError(
                f"order given for {col.name!r}, but it is {col.type_said}: a boolean is cut as a "
                "category (its two values, each side >= k), where an order changes nothing"
            )
        if KINDS.get(col.type_class) != "nominal":
            raise InvalidInputError(f"order given for {col.name!r}, but it is {col.type_said}, already ordered")
        values = list(values)
        seen = set()
        for v in values:
            if v in seen:
                raise InvalidInputError(f"order for {col.name!r} lists {v!r} twice")
            if isinstance(v, str) and (said := outside_utf8(v)) is not None:  # a database error when bound
                raise InvalidInputError(f"order for {col.name!r}: {v!r} holds {said}, which no text in a table holds")
            seen.add(v)
        resolved[col.name] = values
    return resolved


def frame_category_orders(table: Any, rel: Relation, qids: list[str]) -> dict[str, list]:
    """The order of each text QID that ``table``, a pandas DataFrame, holds as an *ordered*
    Categorical: its categories as the frame orders them (low < mid < high). Without it such a QID
    was cut as a category, into sets of values, though the frame says how its values go."""
    return {
        name: categories
        for name, categories in ordered_categories(table, qids).items()
        if KINDS.get(rel.column(name).type_class) == "nominal"
    }


# The column types each builder is for (a hierarchy file is for text).
_BUILDER_TYPES = {
    "mask": ((TypeClass.TEXT,), "codes held as text (zips, postcodes)"),
    "interval": ((TypeClass.INTEGER, TypeClass.FLOAT), "numbers"),
    "date": ((TypeClass.DATE, TypeClass.TIMESTAMP), "dates and timestamps"),
}


def value_texts(values: Sequence[Any]) -> list[str]:
    """A column's distinct values as text: the database's own spelling (MondrianQueries.distinct_values
    reads them as text), or str() where a driver hands back a number (SQLite compares the two alike)."""
    return [v if isinstance(v, str) else str(v) for v in values if v is not None]


def resolve_hierarchies(
    rel: Relation,
    qids: list[str],
    hierarchies: Mapping[str, Any] | None,
    orders: Mapping[str, Sequence],
    relaxed: bool,
    dialect: Dialect,
    fetch: Callable[[str], list],
    encoding: str = "utf-8",
    check_stop: Callable[[], None] = lambda: None,
) -> dict[str, Hierarchy]:
    """Each hierarchy read and checked (a file's errors name it), keyed by real column name; a
    builder's (``mask``, ``interval:...``, ``date[:...]``) built from the column's distinct values,
    read with ``fetch``. ``check_stop`` raises a stop asked for while a pipe is waited on."""
    resolved: dict[str, Hierarchy] = {}
    hierarchies = mapping(hierarchies, "hierarchies", "{column: a CSV path, rows, or 'mask', 'interval:...', ...}")
    if hierarchies and relaxed:
        raise InvalidInputError("hierarchies are cut node by node (Basic Mondrian), which relaxed Mondrian is not")
    builders = {name: builder_of(spec) for name, spec in hierarchies.items()}  # malformed: refused first
    for name, spec in hierarchies.items():
        col = rel.column(name)
        if col.name not in qids:
            raise InvalidInputError(f"hierarchy given for {name!r}, which is not one of the qids")
        builder = builders[name]
        types, what = _BUILDER_TYPES[builder.name] if builder else ((TypeClass.TEXT,), "text columns")
        if col.type_class not in types:
            hint = {
                TypeClass.INTEGER: "interval:W1,W2,...",
                TypeClass.FLOAT: "interval:W1,W2,...",
                TypeClass.DATE: "date",
                TypeClass.TIMESTAMP: "date",
                TypeClass.TEXT: "mask or a CSV file",
            }
            other = f"; for it, --hierarchy {col.name}={hint[col.type_class]}" if col.type_class in hint else ""
            given = f"hierarchy {spec}" if builder else "a hierarchy file or rows"
            raise InvalidInputError(
                f"{given} given for {col.name!r}, but it is {col.type_said}: "
                f"{'that builder is' if builder else 'hierarchy files are'} for {what}{other}"
            )
        if col.name in orders:
            raise InvalidInputError(f"{col.name!r} has both an order and a hierarchy; give one")
        if builder:
            values = value_texts([r[0] for r in fetch(MondrianQueries(dialect).distinct_values(rel.sql, col.name))])
            if "" in values:  # its rows' first cell would be empty: read as a line with an empty cell
                raise InvalidInputError(
                    f"hierarchy {spec!r} for {col.name!r}: a value is empty text (''), which a hierarchy's "
                    "cells cannot hold; make it NULL in a view first (NULLIF) and pass nulls='separate' (--nulls separate)"
                )
            if any(v != v.strip() for v in values):
                raise InvalidInputError(
                    f"hierarchy {spec!r} for {col.name!r}: a value has leading or trailing spaces, "
                    "which a hierarchy's cells cannot keep; trim them in a view first"
                )
            if builder.name == "mask" and (starred := next((v for v in values if "*" in v), None)):
                raise InvalidInputError(
                    f"hierarchy {spec!r} for {col.name!r}: value {starred!r} holds '*', the masking "
                    "character, so the release could not tell it from a masked code; replace it in a view first"
                )
            tree = read_hierarchy(col.name, builder.rows(col.name, values, col.type_class is TypeClass.TIMESTAMP))
            tree.where, tree.values_read = f"(built: {spec})", values
        else:
            tree = read_hierarchy(col.name, spec, encoding, check_stop)
        if tree.nul_line is not None and not dialect.text_holds_nul:
            raise InvalidInputError(
                f"hierarchy {tree.where} for {col.name!r}, line {tree.nul_line}: a NUL character, "
                f"which {dialect.name} text cannot hold"
            )
        resolved[col.name] = tree
    return resolved


def resolve_roles(
    rel: Relation, qids: list[str], keep: Sequence[str] | None, identifiers: Sequence[str], sensitive: Sequence[str]
) -> tuple[list[str], list[str]]:
    """The columns the output copies as they are, and those among them that no role names.

    ARX's attribute roles: identifiers are dropped, QIDs generalized, sensitive columns kept
    (whatever ``keep`` says: their l/t is the point of the run), ``keep`` columns kept. Without
    ``keep`` every other column is kept too, in no role: those are checked for likely identifiers.
    """
    if isinstance(keep, str) and keep != "*":
        # keep='' is the CLI's --keep '' (copy none): in Python that is [], and 'age' is ['age']
        raise InvalidInputError(
            f"keep must be a list of column names ([] for none) or '*' for every column in no role, got {described(keep)}"
        )
    dropped: list[str] = []
    for name in identifiers:
        col = rel.column(name)
        if col.name in qids:
            raise InvalidInputError(f"column {col.name!r} is both a QID and an identifier; give it one role")
        if col.name in sensitive:
            raise InvalidInputError(f"column {col.name!r} is both sensitive and an identifier; give it one role")
        if col.name not in dropped:
            dropped.append(col.name)
    if keep is None or keep == "*":
        kept = [c.name for c in rel.columns if c.name not in qids and c.name not in dropped]
        return kept, [c for c in kept if c not in sensitive] if keep is None else []
    names = []
    for c in keep:
        col = rel.column(c)
        if col.name in qids:
            raise InvalidInputError(
                f"column {col.name!r} is a QID: its generalized form is written as "
                f"{col.name}_lo/_hi/_gen; it cannot also be kept as is"
            )
        if col.name in dropped:
            raise InvalidInputError(f"column {col.name!r} is both kept and an identifier (dropped); give it one role")
        if col.name not in names:
            names.append(col.name)
    return names + [c for c in sensitive if c not in names], []


def check_output_columns(keep: list[str], qids: list[str], shape: OutputShape) -> None:
    made = ["partition_id", *shape.generalized(qids)]
    taken = {c.lower(): c for c in keep}
    for m in made:
        if m.lower() in taken:
            raise InvalidInputError(
                f"kept column {taken[m.lower()]!r} clashes with output column {m!r}; drop it from keep or rename it"
            )
    for c in keep + qids:  # the run's own columns (row number, codes) are named privrisk_...
        if c.lower().startswith(RESERVED_PREFIX):
            raise InvalidInputError(
                f"column {c!r}: names starting with {RESERVED_PREFIX!r} are reserved by "
                "privrisk_sql; rename it or leave it out of keep"
            )
