"""privrisk_sql: privacy-risk metrics computed where the data lives.

Python renders SQL from templates, the database does the work, only small aggregates come back.

Example:
    >>> import privrisk_sql as pr
    >>> src = pr.connect()          # in-memory DuckDB
    >>> src.dialect.name
    'duckdb'
"""

from .errors import (InvalidInputError, PrivriskError, QueryError, QueryTimeoutError, ReadOnlyViolationError,
                     UnknownDialectError, UnsupportedFeatureError)
from .metrics.cavg import CavgResult, cavg, cavg_best_effort, cavg_from_equivalence_classes
from .metrics.kanon import kanon
from .metrics.mondrian import MondrianResult, mondrian
from .metrics.mpuccs import MpuccsResult, mpuccs
from .metrics.release_checks import SinglingOutResult, k_anonymity_failures, singling_out_rate
from . import render
from .source import Source, connect

__version__ = "0.1.0"

__all__ = [
    "CavgResult",
    "InvalidInputError",
    "MondrianResult",
    "MpuccsResult",
    "PrivriskError",
    "QueryError",
    "QueryTimeoutError",
    "ReadOnlyViolationError",
    "SinglingOutResult",
    "Source",
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
