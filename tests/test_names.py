"""Table names as users type them, split into parts (privrisk_sql.sql.names)."""

from __future__ import annotations

import pytest

import privrisk_sql as pr
from privrisk_sql.sql.names import split_table_name


@pytest.mark.parametrize(
    "name, parts",
    [
        ("people", ["people"]),
        ("main.people", ["main", "people"]),
        ("db.s.people", ["db", "s", "people"]),
        ('"a.b"', ["a.b"]),
        ('s."a.b"', ["s", "a.b"]),
        ('"x""y".z', ['x"y', "z"]),  # "" inside quotes is one quote
        ("my table", ["my table"]),  # kept as typed: no case folding, spaces kept
        ("Mixed.Case", ["Mixed", "Case"]),
        ('it"s.x', ['it"s', "x"]),  # a quote inside a part is an ordinary character
        ('a"b', ['a"b']),
    ],
)
def test_split_table_name(name, parts):
    assert split_table_name(name) == parts


@pytest.mark.parametrize(
    "name, message",
    [
        ("a..b", "empty part"),
        (".a", "empty part"),
        ("a.", "empty part"),
        ('""', "empty part"),
        ('"open', "unclosed double quote"),
        ('a."b', "unclosed double quote"),
        ('"a"b.c', "must end at a dot"),
    ],
)
def test_malformed_names_are_refused(name, message):
    with pytest.raises(pr.InvalidInputError, match=message) as e:
        split_table_name(name)
    assert repr(name) in str(e.value)


def test_first_line_of_a_py4j_error_is_the_java_message():
    """py4j's text begins "An error occurred while calling o33.sql." and gives the Java exception
    on a later line, after ': ' and the exception's class."""
    from privrisk_sql.engines.common import first_line

    py4j = RuntimeError(
        "An error occurred while calling o33.sql.\n"
        ": org.apache.spark.SparkException: [FAILED_READ_FILE.CANNOT_READ_FILE_FOOTER] Could not read footer.\n"
        "\tat org.apache.spark.sql.errors.QueryExecutionErrors$.x(QueryExecutionErrors.scala:1)"
    )
    assert first_line(py4j) == "[FAILED_READ_FILE.CANNOT_READ_FILE_FOOTER] Could not read footer."
    assert first_line(RuntimeError("plain\nsecond")) == "plain"
    assert first_line(RuntimeError("")) == "RuntimeError"
