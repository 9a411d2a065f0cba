"""What a view reads, through any chain of views (and what a table reads: PostgreSQL's partitions
and inheriting tables): so that a run never writes its output over a table its input reads
(``CREATE VIEW pv AS SELECT * FROM people``, then ``--table pv --output people --replace`` would
replace the very rows it is reading), nor over a file a view of it reads.

Each view's definition comes from the database's catalog; sqlglot parses it (once) in the
database's dialect and every table it names is looked up the way the input was, recursively.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import sqlglot
from sqlglot import exp

from ..sql.names import lookup_name

if TYPE_CHECKING:
    from .relations import Relation, Relations


class Read(NamedTuple):
    """One thing an input reads. ``identity``: a catalog object's, or None for something no
    lookup follows (a function or table macro, a view whose text cannot be read or parsed), named
    last in ``chain``, the labels from the input to it (``["pv", "people"]``). ``paths``: for a
    view, the strings of its text that may name a file (where the database reads files: its
    table names no catalog lookup finds, and its string literals); for a foreign table, the
    files it reads (a file_fdw table's)."""

    identity: tuple | None
    chain: list[str]
    paths: list[str]


def reads_of(source: Relations, relation: Relation) -> list[Read]:
    """Everything ``relation`` reads, itself first. A view that cannot be read or parsed ends its
    branch with a Read of no identity: the check is a guard, not a parser of all SQL. A function
    or macro may reach any table, so an output must not replace an existing table behind it."""
    if relation.identity is None:
        return []
    found: list[Read] = []
    seen: set[tuple] = set()
    todo: list[tuple[Relation, list[str]]] = [(relation, [relation.label])]
    while todo:
        rel, chain = todo.pop()
        if rel.identity is None or rel.identity in seen:
            continue
        seen.add(rel.identity)
        if not rel.is_view:  # a table reads its partitions and inheriting tables (PostgreSQL)
            found.append(Read(rel.identity, chain, []))
            for name in source.table_parts(rel):
                part = source.find_table(name)
                if part is not None:
                    todo.append((part, [*chain, _label(part, name)]))
            continue
        tree, why = _parsed(source, rel)
        if tree is None:
            # a foreign table has no text either: a file_fdw one names its file
            found += [Read(rel.identity, chain, source.table_files(rel)), Read(None, [*chain, why], [])]
            continue
        ctes = {cte.alias_or_name for cte in tree.find_all(exp.CTE)}
        unfound = []
        for table in tree.find_all(exp.Table):
            parts = [p for p in (table.catalog, table.db, table.name) if p]
            if not table.name or (len(parts) == 1 and table.name in ctes):
                continue
            named = _find(source, rel, parts)
            if named is not None:
                todo.append((named, [*chain, _label(named, lookup_name(parts))]))
            elif table.name not in ctes:
                unfound.append(table.name)
        found.append(Read(rel.identity, chain, _paths(unfound, tree) if source.dialect.reads_files else []))
        found += [Read(None, [*chain, f"{f}()"], []) for f in sorted({f.name for f in tree.find_all(exp.Anonymous)})]
    return found


def files_read_through(source: Relations, relation: Relation) -> list[tuple[str, str]]:
    """(path or pattern, chain) for what the views ``relation`` reads through may name as a file
    (DuckDB's ``FROM 'x.parquet'``, ``read_csv('d/*.csv')``) and the files its foreign tables
    read (a file_fdw table's), so that an output file is never one of them. Wider than the files read
    (any string literal counts): a guard."""
    return [(text, " -> ".join(r.chain)) for r in reads_of(source, relation) for text in r.paths]


def files_read_by_query(source: Relations, sql: str, label: str) -> list[tuple[str, str]]:
    """As :func:`files_read_through`, for a query's text (a DuckDB relation's, from its
    ``sql_query()``: ``con.read_parquet('data.parquet')`` reads that file) and the views it names."""
    if not source.dialect.reads_files:
        return []
    try:
        tree = sqlglot.parse_one(sql, read=source.dialect.sqlglot)
    except sqlglot.errors.ParseError:
        return []
    ctes = {cte.alias_or_name for cte in tree.find_all(exp.CTE)}
    unfound, through = [], []
    for table in tree.find_all(exp.Table):
        if not table.name:
            continue
        named = source.find_table(lookup_name(p for p in (table.catalog, table.db, table.name) if p))
        if named is None:
            if table.name not in ctes:
                unfound.append(table.name)
        elif named.is_view:
            through += [(text, f"{label} -> {chain}") for text, chain in files_read_through(source, named)]
    return [(text, label) for text in _paths(unfound, tree)] + through


def _paths(unfound: list[str], tree: exp.Expr) -> list[str]:
    """A query's strings that may name a file: ``unfound``, its table names no lookup found, and
    its string literals; each once, blank ones left out."""
    strings = [str(lit.this) for lit in tree.find_all(exp.Literal) if lit.is_string]
    return [text for text in dict.fromkeys([*unfound, *strings]) if text.strip()]


def _label(rel: Relation, name: str) -> str:
    return str(rel.identity[-1]) if rel.identity else name


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


def _find(source: Relations, view: Relation, parts: list[str]) -> Relation | None:
    """A name in a view's definition: next to the view first (where the database resolved it when
    the view was made, on DuckDB and PostgreSQL alike for unqualified names), then as a user's
    argument would be."""
    if len(parts) == 1 and view.identity is not None and len(view.identity) > 1:
        found = source.find_table(lookup_name([*view.identity[:-1], parts[0]]))
        if found is not None:
            return found
    return source.find_table(lookup_name(parts))
