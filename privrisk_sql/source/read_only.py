"""The read-only guard: in ``read_only`` mode every statement is parsed before it runs, and only reads
and writes to this run's own TEMP work tables may pass.

This is privrisk_sql checking itself, on every backend; the database-level guarantees come on top of
it (DuckDB opened ``read_only`` with external access off, SQLite files opened ``mode=ro``, and on
PostgreSQL a role with SELECT on the data and TEMP on the database: see the README's Security).
"""

from __future__ import annotations

import sqlglot
from sqlglot import exp

from ..errors import ReadOnlyViolationError
from ..sql.dialects import Dialect

# Statements that cannot change anything stored.
_READS = (exp.Select, exp.SetOperation, exp.Describe)
_TRANSACTION = (exp.Transaction, exp.Commit, exp.Rollback)

# The allow-list every node of a statement is checked against (not only its root: PostgreSQL's
# SELECT ... INTO t and WITH d AS (DELETE ... RETURNING *) SELECT ... are SELECTs at the root).
# Expressions (operators, predicates, literals, columns) and the functions sqlglot knows are
# values; the structural nodes of a query are listed; anything else is refused.
_QUERY_NODES = (
    exp.Select,
    exp.SetOperation,
    exp.Describe,
    exp.Subquery,
    exp.CTE,
    exp.With,
    exp.From,
    exp.Join,
    exp.Where,
    exp.Group,
    exp.Having,
    exp.Qualify,
    exp.Order,
    exp.Ordered,
    exp.Limit,
    exp.Offset,
    exp.Fetch,
    exp.Alias,
    exp.TableAlias,
    exp.Table,
    exp.Identifier,
    exp.Star,
    exp.DataType,
    exp.DataTypeParam,
    exp.Distinct,
    exp.Var,
    exp.Tuple,
    exp.Window,
    exp.WindowSpec,
    exp.Filter,
    exp.Slice,
    exp.Lambda,
    exp.Values,
    exp.Unnest,
    exp.Lateral,
    exp.Schema,
    exp.ColumnDef,
    exp.Properties,
    exp.TemporaryProperty,
    exp.PrimaryKeyColumnConstraint,
    exp.ColumnConstraint,
    exp.Interval,
    exp.IntervalSpan,
    exp.Rollup,
    exp.Cube,
    exp.GroupingSets,
    exp.JSONPath,
    exp.JSONPathPart,
    exp.Hint,
    exp.Pivot,
    exp.PivotAlias,
)
# Conditions and functions that write, read files, or act outside the query. sqlglot types few
# of them; those it does not know arrive as Anonymous and are checked against _SAFE_FUNCTIONS.
_WRITING_CONDITIONS = (exp.Into,)
# Functions unknown to sqlglot that the templates call (and nothing else passes); test_golden_sql
# checks that every such function in a rendered template is here.
_SAFE_FUNCTIONS = frozenset(
    {
        "privrisk_round_half_even",
        "privrisk_decimal_digits",
        "round_even",  # DuckDB's half-even rounding of mpUCCs' floats
        "bround",  # Spark's
        "microsecond",  # MariaDB's part of a timestamp (mpUCCs' flooring, Mondrian's codes)
        "hash",
        "current_setting",
        "set_config",
        "arg_min",
        "arg_max",
        "list_sort",
        "list_distinct",
        "typeof",
        "pg_typeof",
        "float8send",
        "gen_random_uuid",
        "row_number",
        "dense_rank",
        "rank",
        "percent_rank",
        "cume_dist",
        "ntile",
        "string_agg",
        "group_concat",
        "array_agg",
        "bit_length",
        "octet_length",
        "encode",
        "decode",
        "convert_to",
        "convert_from",
        "hex",
        "unhex",
        "printf",
        "format",
        "isnan",
        "isinf",
        "isfinite",
        "ieee754_to_text",
        "nullif",
        "coalesce",
        "greatest",
        "least",
        "trunc",
        "floor",
        "ceil",
        "round",
        "length",
        "lower",
        "upper",
        "substr",
        "substring",
        "abs",
        "sign",
        "ln",
        "log",
        "log2",
        "exp",
        "power",
        "pow",
        "sqrt",
        "mod",
        "date_trunc",
        "strftime",
        "julianday",
        "unixepoch",
        "datetime",
        "date",
        "time",
        "epoch",
        "epoch_ms",
        "epoch_us",
        "make_date",
        "to_timestamp",
        "text",
        "first",
        "last",
        "any_value",
        "bool_and",
        "bool_or",
        "count_if",
        "median",
        "quantile_disc",
        "mode",
        "entropy",
        "list",
        "struct_pack",
        "unnest",
        "generate_series",
        "range",
        "array_length",
    }
)


def _node_allowed(node: exp.Expr) -> bool:
    if isinstance(node, _WRITING_CONDITIONS):
        return False
    if isinstance(node, exp.Anonymous):
        return str(node.name).lower() in _SAFE_FUNCTIONS
    if isinstance(node, (exp.Condition, exp.Func)):  # values: columns, literals, operators, known functions
        return not isinstance(node, (exp.DML, exp.DDL, exp.Command))
    return isinstance(node, _QUERY_NODES)


def check_statement(sql: str, dialect: Dialect, own_prefix: str) -> None:
    """Raise :class:`ReadOnlyViolationError` unless ``sql`` only reads, or writes a TEMP table whose
    name starts with ``own_prefix`` (the run's work tables). Every node of the parsed statement
    must be on the allow-list, not only its root."""
    try:
        statements = sqlglot.parse(sql, read=dialect.sqlglot)
    except sqlglot.errors.ParseError as e:
        raise ReadOnlyViolationError(
            f"read-only mode: cannot verify a statement ({e}); refusing to run it", sql=sql, dialect=dialect.name
        ) from e
    for statement in statements:
        if statement is None or isinstance(statement, _TRANSACTION):
            continue
        if isinstance(statement, _READS):
            body: list[exp.Expr] = [statement]
        else:
            targets = _written_tables(statement)
            if not (targets and all(t.startswith(own_prefix) for t in targets) and _may_write(statement, dialect)):
                target = targets[0] if targets else None
                what = type(statement).__name__.upper()
                raise ReadOnlyViolationError(
                    f"read-only mode: refusing a {what} statement on {target or 'the database'!r}; only reads and "
                    f"this run's TEMP tables are allowed",
                    sql=sql,
                    dialect=dialect.name,
                )
            body = [v for k, v in statement.args.items() if k != "this" and isinstance(v, exp.Expr)]
            body += [e for v in statement.args.values() if isinstance(v, list) for e in v if isinstance(e, exp.Expr)]
        for part in body:
            for node in part.walk():
                if not _node_allowed(node):
                    what = type(node).__name__.upper()
                    name = f" {node.name}()" if isinstance(node, exp.Anonymous) else ""
                    raise ReadOnlyViolationError(
                        f"read-only mode: refusing a statement holding {what}{name}; only reads and this run's "
                        "TEMP tables are allowed",
                        sql=sql,
                        dialect=dialect.name,
                    )


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


def _may_write(statement: exp.Expr, dialect: Dialect) -> bool:
    if isinstance(statement, exp.Create):
        props = statement.args.get("properties")
        temporary = props is not None and any(isinstance(p, exp.TemporaryProperty) for p in props.expressions)
        # Spark has no TEMP tables: a run's work tables are plain tables, named by the run.
        return statement.args.get("kind", "").upper() == "TABLE" and (temporary or not dialect.temp_tables)
    if isinstance(statement, exp.Drop):
        return statement.args.get("kind", "").upper() == "TABLE"
    return isinstance(statement, exp.Insert)
