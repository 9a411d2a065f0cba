"""What a view reads, through any chain of views: so that a run never writes its output over a
table its input reads (``CREATE VIEW pv AS SELECT * FROM people``, then ``--table pv --output
people --replace`` would replace the very rows it is reading).

Each view's definition comes from the database's catalog; sqlglot parses it in the database's
dialect and every table it names is looked up the way the input was, recursively.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import sqlglot
from sqlglot import exp

if TYPE_CHECKING:
    from .relations import Relation, Relations


def read_through(source: Relations, relation: Relation) -> Iterator[tuple[tuple, list[str]]]:
    """(identity, chain) for every catalog object ``relation`` reads, itself first; the chain
    is the labels from ``relation`` to that object (``["pv", "people"]``). A view that cannot be
    read or parsed yields what was found so far: the check is a guard, not a parser of all SQL
    (:func:`opaque_reads` says where it could not see)."""
    for identity, chain, _ in _walk(source, relation):
        if identity is not None:
            yield identity, chain


def opaque_reads(source: Relations, relation: Relation) -> list[str]:
    """Where ``relation`` reads something no catalog lookup can follow, as chains ("pv -> m()"):
    a function or table macro (DuckDB's ``query_table``, a PostgreSQL SQL function returning rows,
    any user-defined function), or a view whose text cannot be read or parsed. Such a read may
    reach any table, so an output must not replace an existing table behind it."""
    return [" -> ".join(chain) for identity, chain, _ in _walk(source, relation) if identity is None]


def _walk(source: Relations, relation: Relation) -> Iterator[tuple[tuple | None, list[str], None]]:
    if relation.identity is None:
        return
    seen: set[tuple] = set()
    todo: list[tuple[Relation, list[str]]] = [(relation, [relation.label])]
    while todo:
        rel, chain = todo.pop()
        if rel.identity is None or rel.identity in seen:
            continue
        seen.add(rel.identity)
        yield rel.identity, chain, None
        if not rel.is_view:
            continue
        names, opaque = _reads_of(source, rel)
        for what in opaque:
            yield None, [*chain, what], None
        for name in names:
            found = _find(source, rel, name)
            if found is not None:
                todo.append((found, [*chain, str(found.identity[-1]) if found.identity else name]))


def _reads_of(source: Relations, view: Relation) -> tuple[list[str], list[str]]:
    """The table names a view's definition reads (dotted, quoted lookup names), and what it reads
    that names no table: the functions it calls that sqlglot does not know as built-ins."""
    definition = source.view_definition(view)
    if not definition:
        return [], ["(a view whose text cannot be read)"]
    try:
        tree = sqlglot.parse_one(definition, read=source.dialect.sqlglot)
    except sqlglot.errors.ParseError:
        return [], ["(a view whose text cannot be parsed)"]
    if isinstance(tree, exp.Create) and tree.expression is not None:  # DuckDB and SQLite keep the CREATE
        tree = tree.expression
    ctes = {cte.alias_or_name for cte in tree.find_all(exp.CTE)}
    names = []
    for table in tree.find_all(exp.Table):
        parts = [p for p in (table.catalog, table.db, table.name) if p]
        if not table.name or (len(parts) == 1 and table.name in ctes):
            continue
        names.append(".".join('"' + p.replace('"', '""') + '"' for p in parts))
    opaque = sorted({f"{f.name}()" for f in tree.find_all(exp.Anonymous)})
    return names, opaque


def _find(source: Relations, view: Relation, name: str) -> Relation | None:
    """A name in a view's definition: next to the view first (where the database resolved it when
    the view was made, on DuckDB and PostgreSQL alike for unqualified names), then as a user's
    argument would be."""
    if name.count('"') == 2 and view.identity is not None and len(view.identity) > 1:
        beside = ".".join('"' + p.replace('"', '""') + '"' for p in view.identity[:-1]) + "." + name
        found = source.find_table(beside)
        if found is not None:
            return found
    return source.find_table(name)
