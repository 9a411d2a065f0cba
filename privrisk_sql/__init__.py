"""privrisk_sql: privacy-risk metrics computed where the data lives.

Python renders SQL from templates, the database does the work, only small aggregates come back.

Example:
    >>> import privrisk_sql as pr
    >>> src = pr.connect()          # in-memory DuckDB
    >>> src.dialect.name
    'duckdb'
"""

# Private names (underscored): `dir(pr)` and tab completion show the API only.
import importlib as _importlib
import typing as _typing

# Re-exported (the `as` form marks a public name for linters and type checkers).
from .errors import InputChangedError as InputChangedError
from .errors import InvalidInputError as InvalidInputError
from .errors import OutputWriteError as OutputWriteError
from .errors import PrivriskError as PrivriskError
from .errors import QueryError as QueryError
from .errors import QueryTimeoutError as QueryTimeoutError
from .errors import ReadOnlyViolationError as ReadOnlyViolationError
from .errors import TerminatedError as TerminatedError
from .errors import UnknownDialectError as UnknownDialectError
from .errors import UnsupportedFeatureError as UnsupportedFeatureError
from .registry import public_names as _public_names

if _typing.TYPE_CHECKING:
    from .source import Source as Source
    from .source import connect as connect
    from .sql import render as render  # pr.render.dbt_package_dir is public API

# The metrics are imported on first use (PEP 562): `privrisk-sql mpuccs` need not load Mondrian's
# or the k-anonymity family's modules, a few ms of every command's start. Their names come from the
# registry (privrisk_sql/registry.py).
# The Source and render too: sqlglot and jinja2 are most of an import (0.19 of 0.25 s), and
# `privrisk-sql --help` or `import privrisk_sql` alone render no SQL.
_METRICS = _public_names()
_LAZY = {**_METRICS, "Source": "privrisk_sql.source", "connect": "privrisk_sql.source"}


def __getattr__(name: str):
    if name == "render":
        value = _importlib.import_module("privrisk_sql.sql.render")
        globals()[name] = value
        return value
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | {"render"})


__version__ = "0.1.0"

# The public names: the errors, the Source, and every name the registry gives the metrics.
__all__ = sorted(
    [
        "InputChangedError",
        "InvalidInputError",
        "OutputWriteError",
        "PrivriskError",
        "QueryError",
        "QueryTimeoutError",
        "ReadOnlyViolationError",
        "Source",
        "TerminatedError",
        "UnknownDialectError",
        "UnsupportedFeatureError",
        "connect",
        *_METRICS,
    ]
)
