"""SQL column types mapped, in one place, to the pandas dtype classes PETsARD's rules depend on.

PETsARD decides precision and missing-value rules by pandas dtype (docs/metrics/mpuccs.md); a
database column gets the class the same data would have in pandas.
"""

from __future__ import annotations

import re
from enum import Enum


class TypeClass(str, Enum):
    INTEGER = "integer"
    FLOAT = "float"  # float-like: rounded by numeric precision
    BOOLEAN = "boolean"
    TEXT = "text"
    DATE = "date"
    TIMESTAMP = "timestamp"
    UNSUPPORTED = "unsupported"

    @property
    def is_numeric(self) -> bool:
        return self in (TypeClass.INTEGER, TypeClass.FLOAT)

    @property
    def is_datetime(self) -> bool:
        return self in (TypeClass.DATE, TypeClass.TIMESTAMP)


# `[]` a list, `[3]` DuckDB's fixed-size ARRAY (an Arrow FixedSizeList), which was read as its
# element's type: grouped as arrays by kanon, a TypeError traceback in Mondrian. MariaDB's
# geometries by name: LINESTRING was read as text (STRING), and Mondrian failed on its bytes.
_UNSUPPORTED = re.compile(
    r"\[\d*\]|^(STRUCT|MAP|UNION|LIST|ARRAY|BLOB|BYTEA|BINARY|VARBINARY|JSON|JSONB|BIT|GEOMETRY|INTERVAL"
    r"|TIME\b(?! ?STAMP)|UUID|XML|(MULTI)?(POINT|LINESTRING|POLYGON)\b)"
)
# MariaDB's MEDIUMINT, and its YEAR (a year 1901-2155, a number in SQL, an int in pandas): both
# were refused as unsupported types.
_INTEGER = re.compile(
    r"^(U?(BIG|SMALL|TINY|HUGE|MEDIUM)?INT(EGER)?\d*|INT[248]|SERIAL|BIGSERIAL|SMALLSERIAL|LONG|UINTEGER|UBIGINT"
    r"|USMALLINT|UTINYINT|UHUGEINT|YEAR)\b"
)
_FLOAT = re.compile(r"^(DOUBLE|FLOAT|REAL|DECIMAL|NUMERIC|NUMBER|FLOAT[48])")


def type_class(sql_type: str) -> TypeClass:
    """Class of a SQL type as its catalog spells it (``BIGINT``, ``DOUBLE PRECISION``, ``DECIMAL(9,2)``...)."""
    t = str(sql_type).strip().upper()
    if declared_without_a_type(t) or holds_no_value(t):
        # SQLite columns declared without a type: values decide, we treat them as text. A column
        # of NULL alone (holds_no_value): its rows are checked for a value, which it has none of,
        # and refused by name for that.
        return TypeClass.TEXT
    if _UNSUPPORTED.search(t):
        return TypeClass.UNSUPPORTED
    if t.startswith("BOOL"):
        return TypeClass.BOOLEAN
    if t.startswith("TIMESTAMP") or t.startswith("DATETIME"):
        return TypeClass.TIMESTAMP
    if t == "DATE":
        return TypeClass.DATE
    if _INTEGER.search(t):
        return TypeClass.INTEGER
    if _FLOAT.search(t):
        return TypeClass.FLOAT
    # MariaDB's SET('a','b') holds text ('a,b') as its ENUM does.
    if any(word in t for word in ("CHAR", "TEXT", "STRING", "CLOB", "ENUM", "VARCHAR", "NAME")) or t.startswith("SET("):
        return TypeClass.TEXT
    return TypeClass.UNSUPPORTED


def declared_without_a_type(sql_type: str) -> bool:
    """Whether a column was declared with no type (SQLite: a view's expression, a CREATE TABLE
    AS of one), which its catalog spells as nothing or NULL."""
    return str(sql_type).strip().upper() in ("", "NULL")


# The type each engine gives a column that holds no value at all: DuckDB's for a pandas column of
# None alone (or of no row) and for a view's `NULL AS x`; MariaDB's and Spark's for that view's
# column. Such a column was refused as an unsupported type (BINARY(0), VOID); any type fits it.
_NO_VALUE_TYPES = frozenset({'"NULL"', "BINARY(0)", "VOID"})


def holds_no_value(sql_type: str) -> bool:
    """Whether ``sql_type`` is an engine's type for a column that holds no value (NULL alone)."""
    return str(sql_type).strip().upper() in _NO_VALUE_TYPES


def compatible(a: TypeClass, b: TypeClass) -> bool:
    """Whether values of the two classes can be compared for equality without surprises."""
    if a == b:
        return True
    if a.is_numeric and b.is_numeric:
        return True
    return a.is_datetime and b.is_datetime


def combined_class(a: TypeClass, b: TypeClass) -> TypeClass:
    """The class both sides are treated as (a float on either side makes the column float-like)."""
    if a == b:
        return a
    if a.is_numeric and b.is_numeric:
        return TypeClass.FLOAT
    return TypeClass.TIMESTAMP
