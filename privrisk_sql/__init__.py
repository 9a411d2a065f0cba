"""privrisk_sql: privacy-risk metrics computed where the data lives.

Python renders SQL from templates, the database does the work, only small aggregates come back.

Example:
    >>> import privrisk_sql as pr
    >>> src = pr.connect()          # in-memory DuckDB
    >>> src.dialect.name
    'duckdb'
"""

import importlib

from . import render  # noqa: F401  (pr.render.dbt_package_dir is public API)
from .errors import (
    InputChangedError,
    InvalidInputError,
    PrivriskError,
    QueryError,
    QueryTimeoutError,
    ReadOnlyViolationError,
    TerminatedError,
    UnknownDialectError,
    UnsupportedFeatureError,
)
from .registry import public_names
from .source import Source, connect

# The metrics are imported on first use (PEP 562): `privrisk-sql mpuccs` need not load Mondrian's
# or the k-anonymity family's modules, a few ms of every command's start. Their names come from the
# registry (privrisk_sql/registry.py).
_METRICS = public_names()


def __getattr__(name: str):
    module = _METRICS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".metrics.{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_METRICS))

__version__ = "0.1.0"

__all__ = [
    "CavgResult",
    "InputChangedError",
    "InvalidInputError",
    "KanonResult",
    "MondrianResult",
    "MpuccsResult",
    "PrivriskError",
    "QueryError",
    "QueryTimeoutError",
    "ReadOnlyViolationError",
    "SinglingOutResult",
    "Source",
    "TerminatedError",
    "UnknownDialectError",
    "UnsupportedFeatureError",
    "cavg",
    "cavg_best_effort",
    "cavg_from_equivalence_classes",
    "connect",
    "k_anonymity_failures",
    "kanon",
    "mondrian",
    "mpuccs",
    "singling_out_rate",
]
