"""Pure planning functions of mpUCCs (no database)."""

from __future__ import annotations

import datetime as dt
import math

import pytest

from privrisk_sql.errors import InvalidInputError
from privrisk_sql.metrics.mpuccs import plan as plan


def test_order_is_increasing_bitmask_not_breadth_first():
    combos = plan.plan_combinations(3, [1, 2, 3])
    assert [c.positions for c in combos] == [(0,), (1,), (0, 1), (2,), (0, 2), (1, 2), (0, 1, 2)]
    assert [c.check_order for c in combos] == list(range(1, 8))


def test_base_is_prefix_of_largest_smaller_evaluated_size():
    combos = {c.positions: c for c in plan.plan_combinations(4, [1, 3])}
    assert combos[(0, 1, 2)].base == (0,)  # skip pattern: base of a size-3 combo is size 1
    assert combos[(1, 2, 3)].base == (1,)
    assert combos[(2,)].base is None
    assert all(c.base is None for c in plan.plan_combinations(4, [2]))


@pytest.mark.parametrize(
    "n_cols,k,sizes,dropped",
    [(None, 3, [1, 2, 3], []), (2, 3, [2], []), (5, 3, [], [5]), ([1, 4, 2], 3, [1, 2], [4])],
)
def test_evaluated_sizes(n_cols, k, sizes, dropped):
    assert plan.evaluated_sizes(n_cols, k) == (sizes, dropped)


@pytest.mark.parametrize("bad", [0, -1, [1, 0], [], "2", 1.5, True, [2, "x"]])
def test_n_cols_rejects_bad_values(bad):
    with pytest.raises(InvalidInputError):
        plan.normalize_n_cols(bad)


def test_renyi_entropy_matches_definition():
    # groups 2,1,1,1 of 5 rows
    hist = [(2, 1), (1, 3)]
    assert plan.renyi_entropy(hist, 5, 2.0) == -math.log2(0.28 + 1e-10) / math.log2(4)
    assert plan.renyi_entropy([(5, 1)], 5, 2.0) == 0.0
    assert plan.renyi_entropy([], 0, 2.0) == 0.0


def test_equal_partitions_give_bit_identical_entropy():
    # Same histogram in another order: exactly the same float, so a gain of exactly 0 prunes.
    a = plan.renyi_entropy([(3, 7), (1, 11), (2, 5)], 42, 2.0)
    b = plan.renyi_entropy([(1, 11), (2, 5), (3, 7)], 42, 2.0)
    assert a - b == 0.0


def test_alpha_one_is_degenerate_like_petsard():
    # sum p = 1, so H = -log2(1 + 1e-10) / log2(G): tiny and negative, no Shannon special case.
    h = plan.renyi_entropy([(1, 4)], 4, 1.0)
    assert h < 0 and abs(h) < 1e-9


def test_field_weight():
    assert plan.field_weight(1, 0.3) == 1.0
    assert plan.field_weight(3, 0.5) == 0.25


def test_datetime_detection():
    d = dt.datetime
    assert plan.detect_datetime_unit([d(2020, 1, 1), d(2020, 1, 2)]) == "D"
    assert plan.detect_datetime_unit([d(2020, 1, 1, 5)]) == "H"
    assert plan.detect_datetime_unit([d(2020, 1, 1, 5, 3)]) == "T"
    assert plan.detect_datetime_unit([d(2020, 1, 1, 5, 3, 2), d(2020, 1, 1, 5)]) == "s"
    # milliseconds are classified as us: 'ms' is unreachable, as in PETsARD
    assert plan.detect_datetime_unit([d(2020, 1, 1, 0, 0, 0, 5000)]) == "us"
    assert plan.detect_datetime_unit(["2021-06-09 06:15:00"]) == "T"  # SQLite text
    assert plan.detect_datetime_unit([dt.date(2020, 1, 1)]) == "D"


@pytest.mark.parametrize("alias,unit", [("min", "T"), ("t", "T"), ("L", "ms"), ("u", "us"), ("D", "D"), ("h", "H")])
def test_datetime_unit_aliases(alias, unit):
    assert plan.canonical_datetime_unit(alias) == unit


def test_bad_datetime_unit_is_named():
    with pytest.raises(InvalidInputError, match="'fortnight'"):
        plan.canonical_datetime_unit("fortnight")
