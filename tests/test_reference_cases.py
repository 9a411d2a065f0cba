"""Every reference case marked `sql` equals PETsARD 1.7.0, on every backend."""

from __future__ import annotations

import pytest

import privrisk_sql as pr
from backends import SHARED
from reference import assert_global_equal, assert_tree_equal, cases, detail_multiset, load

SQL_CASES = cases("sql")


def test_reference_cases_are_found():
    # Guards against a silently empty parametrization (e.g. ../shared missing).
    assert len(SQL_CASES) >= 8


@pytest.mark.parametrize("case_name", SQL_CASES)
def test_sql_case_equals_petsard(backend, case_name):
    case, expected = load(case_name)
    ts = case.get("datetime_columns") or []
    # gen_minutes has real timestamps; DuckDB reads the date-only columns of other cases as DATE.
    ts = [c for c in ts if case_name == "gen_minutes_sizes12"]
    ori = backend.load(SHARED / case["ori"], ts)
    syn = backend.load(SHARED / case["syn"], ts)
    result = pr.mpuccs(backend.source(), ori, syn, columns=case["columns"], nulls="sql",
                        key=backend.key, **case.get("params", {}))
    got = result.to_dict()
    assert_global_equal(got["global"], expected["global"])
    assert_tree_equal(got["tree"], expected["tree"])
    assert detail_multiset(got["details"]) == detail_multiset(expected["details"])
