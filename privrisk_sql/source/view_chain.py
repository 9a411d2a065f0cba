"""What a view reads, through any chain of views (and what a table reads: PostgreSQL's partitions
and inheriting tables): so that a run never writes its output over a table its input reads
(``CREATE VIEW pv AS SELECT * FROM people``, then ``--table pv --output people --replace`` would
replace the very rows it is reading).

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


def _walk(source: Relations, relation: Relation) -> Iterator[tuple[tuple | None, list[str], Relation | None]]:
    if relation.identity is None:
        return
    seen: set[tuple] = set()
    todo: list[tuple[Relation, list[str]]] = [(relation, [relation.label])]
    while todo:
        rel, chain = todo.pop()
        if rel.identity is None or rel.identity in seen:
            continue
        seen.add(rel.identity)
        yield rel.identity, chain, rel
        if not rel.is_view:  # a table reads its partitions and inheriting tables (PostgreSQL)
            for name in source.table_parts(rel):
                found = source.find_table(name)
                if found is not None:
                    todo.append((found, [*chain, str(found.identity[-1]) if found.identity else name]))
            continue
        names, opaque = _reads_of(source, rel)
        for what in opaque:
            yield None, [*chain, what], None
        for name in names:
            found = _find(source, rel, name)
            if found is not None:
                todo.append((found, [*chain, str(found.identity[-1]) if found.identity else name]))


def files_read_through(source: Relations, relation: Relation) -> list[tuple[str, str]]:
    """(path or pattern, chain) for what the views ``relation`` reads through may name as a file
    (where the database reads files: DuckDB's ``FROM 'x.parquet'``, ``read_csv('d/*.csv')``): each
    string of a view's text that names no table of the catalog, so that an output file is never
    one of them. Wider than the files read (any string literal counts): a guard."""
    if not source.dialect.reads_files:
        return []
    found: list[tuple[str, str]] = []
    for _, chain, view in _walk(source, relation):
        if view is None or not view.is_view:
            continue
        tree, _why = _parsed(source, view)
        if tree is not None:
            found.extend(_strings(source, tree, view, " -> ".join(chain)))
    return found


def files_read_by_query(source: Relations, sql: str, label: str) -> list[tuple[str, str]]:
    """As :func:`files_read_through`, for a query's text (a DuckDB relation's, from its
    ``sql_query()``: ``con.read_parquet('data.parquet')`` reads that file) and the views it names."""
    if not source.dialect.reads_files:
        return []
    try:
        tree = sqlglot.parse_one(sql, read=source.dialect.sqlglot)
    except sqlglot.errors.ParseError:
        return []
    found = _strings(source, tree, None, label)
    for table in tree.find_all(exp.Table):
        named = source.find_table(_quoted(table)) if table.name else None
        if named is not None and named.is_view:
            found.extend((text, f"{label} -> {chain}") for text, chain in files_read_through(source, named))
    return found


def _strings(source: Relations, tree: exp.Expr, view: Relation | None, chain: str) -> list[tuple[str, str]]:
    """The strings of a query that may name a file: its table names no catalog lookup finds (next
    to ``view`` first, as for a view's reads), and its string literals."""

    def in_catalog(table: exp.Table) -> bool:
        name = _quoted(table)
        return (source.find_table(name) if view is None else _find(source, view, name)) is not None

    ctes = {cte.alias_or_name for cte in tree.find_all(exp.CTE)}
    named = [t.name for t in tree.find_all(exp.Table) if t.name and t.name not in ctes and not in_catalog(t)]
    strings = [str(lit.this) for lit in tree.find_all(exp.Literal) if lit.is_string]
    return [(text, chain) for text in dict.fromkeys([*named, *strings]) if text.strip()]


def _quoted(table: exp.Table) -> str:
    parts = [p for p in (table.catalog, table.db, table.name) if p]
    return ".".join('"' + p.replace('"', '""') + '"' for p in parts)


def _parsed(source: Relations, view: Relation) -> tuple[exp.Expr | None, str]:
    """A view's query as sqlglot reads it in the database's dialect, or None and why not."""
    definition = source.view_definition(view)
    if not definition:
        return None, "(a view whose text cannot be read)"
    try:
        tree = sqlglot.parse_one(definition, read=source.dialect.sqlglot)
    except sqlglot.errors.ParseError:
        return None, "(a view whose text cannot be parsed)"
    if isinstance(tree, exp.Create) and tree.expression is not None:  # DuckDB and SQLite keep the CREATE
        tree = tree.expression
    return tree, ""


def _reads_of(source: Relations, view: Relation) -> tuple[list[str], list[str]]:
    """The table names a view's definition reads (dotted, quoted lookup names), and what it reads
    that names no table: the functions it calls that sqlglot does not know as built-ins."""
    tree, why = _parsed(source, view)
    if tree is None:
        return [], [why]
    ctes = {cte.alias_or_name for cte in tree.find_all(exp.CTE)}
    names = []
    for table in tree.find_all(exp.Table):
        parts = [p for p in (table.catalog, table.db, table.name) if p]
        if not table.name or (len(parts) == 1 and table.name in ctes):
            continue
        names.append(_quoted(table))
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
