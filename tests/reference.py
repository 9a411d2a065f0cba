"""PETsARD 1.7.0 reference cases (fixtures/petsard, see its PROVENANCE.md) and how results are compared."""

from __future__ import annotations

import json
import math
from collections import Counter

from backends import FIXTURES

REFERENCE = FIXTURES / "petsard"


def cases(nulls: str) -> list[str]:
    return sorted(p.name for p in REFERENCE.iterdir() if (p / "case.json").exists() and _case(p.name)["nulls"] == nulls)


def _case(name):
    return json.loads((REFERENCE / name / "case.json").read_text())


def load(name):
    case = _case(name)
    expected = json.loads((REFERENCE / name / "expected.json").read_text())
    return case, expected


def assert_global_equal(got: dict, expected: dict) -> None:
    assert set(got) >= set(expected)
    for k, v in expected.items():
        if isinstance(v, float) and not isinstance(got[k], str) and got[k] is not None:
            assert math.isclose(got[k], v, rel_tol=0, abs_tol=1e-9), (k, got[k], v)
        else:
            assert got[k] == v, (k, got[k], v)


def assert_tree_equal(got: list[dict], expected: list[dict]) -> None:
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        for k, v in e.items():
            if isinstance(v, float) and g[k] is not None:
                assert math.isclose(g[k], v, rel_tol=0, abs_tol=1e-9), (e["check_order"], k, g[k], v)
            else:
                assert g[k] == v, (e["check_order"], k, g[k], v)


def detail_multiset(details: list[dict]) -> Counter:
    return Counter((d["syn_idx"], d["ori_idx"], tuple(d["field_combo"])) for d in details)
