"""The read-only guard: in ``read_only`` mode every statement is parsed before it runs, and only reads
and writes to this run's own TEMP work tables may pass.

This is privrisk_sql checking itself, on every backend; the database-level guarantees come on top of
it (DuckDB opened ``read_only`` with external access off, SQLite files opened ``mode=ro``, and on
PostgreSQL a role with SELECT on the data and TEMP on the database: see the README's Security).
"""

from __future__ import annotations

import sqlglot
from sqlglot import exp

from .dialects import Dialect
from .errors import ReadOnlyViolationError

# Statements that cannot change anything stored.
_READS = (exp.Select, exp.SetOperation, exp.Describe)
_TRANSACTION = (exp.Transaction, exp.Commit, exp.Rollback)


def check_statement(sql: str, dialect: Dialect, own_prefix: str) -> None:
    """Raise :class:`ReadOnlyViolationError` unless ``sql`` only reads, or writes a TEMP table whose
    name starts with ``own_prefix`` (the run's work tables)."""
    try:
        statements = sqlglot.parse(sql, read=dialect.sqlglot)
    except sqlglot.errors.ParseError as e:
        raise ReadOnlyViolationError(f"read-only mode: cannot verify a statement ({e}); refusing to run it", sql=sql,
                                     dialect=dialect.name) from e
    for statement in statements:
        if statement is None or isinstance(statement, _READS + _TRANSACTION):
            continue
        targets = _written_tables(statement)
        if targets and all(t.startswith(own_prefix) for t in targets) and _may_write(statement):
            continue
        target = targets[0] if targets else None
        what = type(statement).__name__.upper()
        raise ReadOnlyViolationError(
            f"read-only mode: refusing a {what} statement on {target or 'the database'!r}; only reads and "
            f"this run's TEMP tables are allowed", sql=sql, dialect=dialect.name)


def _written_tables(statement: exp.Expr) -> list[str]:
    """Names of the tables a CREATE/INSERT/DROP writes (empty: not one of those, or schema-qualified)."""
    if isinstance(statement, exp.Drop):
        tables = statement.args.get("tables") or [statement.this]
    elif isinstance(statement, (exp.Create, exp.Insert)):
        table = statement.this
        tables = [table.this if isinstance(table, exp.Schema) else table]  # CREATE TABLE t (col type, ...)
    else:
        return []
    if not all(isinstance(t, exp.Table) and not t.args.get("db") for t in tables):
        return []
    return [t.name for t in tables]


def _may_write(statement: exp.Expr) -> bool:
    if isinstance(statement, exp.Create):
        props = statement.args.get("properties")
        temporary = props is not None and any(isinstance(p, exp.TemporaryProperty) for p in props.expressions)
        return statement.args.get("kind", "").upper() == "TABLE" and temporary
    if isinstance(statement, exp.Drop):
        return statement.args.get("kind", "").upper() == "TABLE"
    return isinstance(statement, exp.Insert)
