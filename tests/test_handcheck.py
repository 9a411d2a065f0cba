"""The 5 x 3 toy pair of fixtures/handcheck (PROVENANCE.md): every number small enough to check by hand."""

from __future__ import annotations

import math

import pytest

import privrisk_sql as pr

from backends import FIXTURES

HAND = FIXTURES / "handcheck"


@pytest.fixture
def result(backend):
    ori = backend.load(HAND / "ori.csv")
    syn = backend.load(HAND / "syn.csv")
    return pr.mpuccs(backend.source(), ori, syn, key=backend.key).to_dict()


def test_global_by_hand(result):
    g = result["global"]
    assert (g["total_syn_records"], g["total_ori_records"], g["total_identified"]) == (5, 5, 4)
    assert g["identification_rate"] == pytest.approx(4 / 5)
    assert g["weighted_identification_rate"] == pytest.approx((1 * 1 + 3 * 0.5) / 5)
    assert (g["total_combinations_checked"], g["total_combinations_pruned"]) == (7, 2)


def test_tree_by_hand(result):
    tree = {tuple(t["field_combo"]): t for t in result["tree"]}
    assert [t["field_combo"] for t in result["tree"]] == [
        ["a"],
        ["b"],
        ["a", "b"],
        ["c"],
        ["a", "c"],
        ["b", "c"],
        ["a", "b", "c"],
    ]
    # a: groups 2,1,1,1 -> -log2(.28)/log2(4)
    assert tree[("a",)]["combo_entropy"] == pytest.approx(-math.log2(0.28 + 1e-10) / 2)
    assert tree[("b",)]["combo_entropy"] == pytest.approx(-math.log2(0.36 + 1e-10) / math.log2(3))
    assert tree[("c",)]["combo_entropy"] == pytest.approx(-math.log2(0.52 + 1e-10))
    assert tree[("a", "b")]["combo_entropy"] == pytest.approx(-math.log2(0.2 + 1e-10) / math.log2(5))
    assert tree[("a", "b")]["entropy_gain"] == pytest.approx(0.0817, abs=1e-4)
    assert (tree[("a",)]["mpuccs_cnt"], tree[("a",)]["mpuccs_collision_cnt"]) == (3, 1)
    assert (tree[("b",)]["mpuccs_cnt"], tree[("b",)]["mpuccs_collision_cnt"]) == (1, 0)
    assert (tree[("a", "b")]["mpuccs_cnt"], tree[("a", "b")]["mpuccs_collision_cnt"]) == (5, 3)
    # (b,c) has the same partition as (b): gain exactly 0 prunes; (a,b,c) likewise.
    assert tree[("b", "c")]["entropy_gain"] == 0.0 and tree[("b", "c")]["is_pruned"] is True
    assert tree[("a", "b", "c")]["is_pruned"] is True and tree[("a", "b", "c")]["base_combo"] == ["a", "b"]
    assert tree[("a", "b", "c")]["mpuccs_cnt"] == 0


def test_details_by_hand(result):
    events = [(d["syn_idx"], d["ori_idx"], d["field_combo"], d["value_combo"]) for d in result["details"]]
    assert events == [
        (4, 3, ["a"], ["z"]),
        (0, 0, ["a", "b"], ["x", 1]),
        (1, 2, ["a", "b"], ["y", 1]),
        (3, 1, ["a", "b"], ["x", 2]),
    ]


def test_key_gives_same_positions_and_carries_key_values(duck):
    ori = duck.load(HAND / "ori.csv")
    syn = duck.load(HAND / "syn.csv")
    duck.con.execute(f'CREATE TABLE ori_k AS SELECT 100 - row_number() OVER () AS k, * FROM "{ori}"')
    duck.con.execute(f'CREATE TABLE syn_k AS SELECT 200 - row_number() OVER () AS k, * FROM "{syn}"')
    # Keys run backwards: positions follow the key order, so they are mirrored (n - 1 - i):
    # the file-order events (4,3) (0,0) (1,2) (3,1) become (0,1) (4,4) (3,2) (1,3).
    r = pr.mpuccs(duck.source(), "ori_k", "syn_k", key="k")
    d = r.details
    assert list(d.columns) == ["combo_size", "syn_idx", "field_combo", "value_combo", "ori_idx", "syn_key", "ori_key"]
    assert list(zip(d.syn_idx, d.ori_idx)) == [(0, 1), (1, 3), (3, 2), (4, 4)]
    assert list(zip(d.syn_key, d.ori_key)) == [(195, 96), (196, 98), (198, 97), (199, 99)]
    assert r.global_["identification_rate"][0] == pytest.approx(0.8)


@pytest.mark.parametrize("side", ["ori", "syn"])
def test_a_key_that_repeats_is_refused(duck, side):
    # The key orders the rows (syn_idx, ori_idx): with a value in two rows their order was the
    # database's tie order, on PostgreSQL a different one from run to run.
    ori = duck.load(HAND / "ori.csv")
    syn = duck.load(HAND / "syn.csv")
    repeat = {"ori": "k_ori", "syn": "k_syn"}[side]
    duck.con.execute(
        f'CREATE TABLE k_ori AS SELECT row_number() OVER () {"% 3" if side == "ori" else ""} AS k, * FROM "{ori}"'
    )
    duck.con.execute(
        f'CREATE TABLE k_syn AS SELECT row_number() OVER () {"% 3" if side == "syn" else ""} AS k, * FROM "{syn}"'
    )
    with pytest.raises(pr.InvalidInputError, match=f"key column 'k' of '{repeat}' does not identify each record"):
        pr.mpuccs(duck.source(), "k_ori", "k_syn", key="k")
