"""Quoting and literals: whichever sqlglot generator writes them, the text is the dialect's own."""

from __future__ import annotations

import datetime as dt
import decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot import exp

from privrisk_sql.sql.dialects import DIALECTS
from privrisk_sql.sql.render import quote_identifier, sql_literal

NAMES = [
    "a",
    "A b",
    'we"ird',
    'x""y',
    "semi;colon",
    "back\\slash",
    "new\nline",
    "中文",
    "😀",
    "$1",
    "select",
    "tab\t",
    "nul\x00",
    "`tick`",
    "[bracket]",
    "'single'",
]
VALUES = [
    "",
    "it's",
    "a\\b",
    "new\nline",
    "'';--",
    "中文",
    "\x00",
    "$$dollar$$",
    "E'x'",
    0,
    -5,
    2**70,
    1.5,
    -0.0,
    1e300,
    5e-324,
    None,
    decimal.Decimal("1.25"),
    decimal.Decimal("-0.001"),
    dt.date(2020, 1, 2),
    dt.datetime(2020, 1, 2, 3, 4, 5),
    dt.datetime(2020, 1, 2, 3, 4, 5, 123456),
    dt.datetime(2020, 1, 2, tzinfo=dt.timezone.utc),
    dt.time(1, 2, 3),
]


def dialect_own_identifier(name, d):
    return exp.to_identifier(name, quoted=True).sql(dialect=d.sqlglot)


def dialect_own_literal(value, d):
    """sqlglot's literal, but PostgreSQL's text holding a backslash: E'...', the backslash doubled
    (tests/test_source.py reads it back under either standard_conforming_strings)."""
    if d.escape_string_prefix and isinstance(value, str) and "\\" in value:
        return d.escape_string_prefix + "'" + value.replace("\\", "\\\\").replace("'", "''") + "'"
    return exp.convert(value).sql(dialect=d.sqlglot)


@pytest.mark.parametrize("d", DIALECTS.values(), ids=lambda d: d.name)
def test_quoting_and_literals_equal_the_dialects_own_generator(d):
    for name in NAMES:
        assert quote_identifier(name, d) == dialect_own_identifier(name, d), name
    for value in VALUES:
        assert sql_literal(value, d) == dialect_own_literal(value, d), value
    assert (sql_literal(True, d), sql_literal(False, d)) == ("1", "0")  # our choice, portable to SQLite


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(),
    number=st.one_of(
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.decimals(allow_nan=False, allow_infinity=False),
    ),
)
def test_generated_names_and_values_equal_the_dialects_own_generator(text, number):
    for d in DIALECTS.values():
        assert quote_identifier(text, d) == dialect_own_identifier(text, d)
        assert sql_literal(text, d) == dialect_own_literal(text, d)
        assert sql_literal(number, d) == exp.convert(number).sql(dialect=d.sqlglot)


def test_duckdb_skips_loading_sqlglots_duckdb_generator():
    # The point of the generic writer: a DuckDB run need not import sqlglot's DuckDB generator.
    import subprocess
    import sys

    code = (
        "import sys, privrisk_sql as pr; from privrisk_sql.sql.render import quote_identifier, sql_literal; "
        "d = pr.connect().dialect; quote_identifier('x y', d); sql_literal(\"it's\", d); sql_literal(1.5, d); "
        "print('sqlglot.generators.duckdb' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"


def test_cached_literals_keep_the_sign_of_zero():
    # text and float literals are cached; -0.0 == 0.0 (and hashes alike) must not share an entry
    d = DIALECTS["duckdb"]
    assert (sql_literal(0.0, d), sql_literal(-0.0, d)) == (exp.convert(0.0).sql(), exp.convert(-0.0).sql())
    assert sql_literal(-0.0, d) != sql_literal(0.0, d)
