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
