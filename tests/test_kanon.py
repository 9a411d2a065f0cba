"""CAVG and the k-anonymity family on every backend: hand-computed cases, pycanon, and an
independent pandas oracle on the bundled real data (fixtures/<set>/ori.csv)."""

from __future__ import annotations

import functools
import html
import json
import math
import re
import uuid

import numpy as np
import pandas as pd
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import privrisk_sql as pr
from privrisk_sql.cli import main
from privrisk_sql.sql.types import TypeClass as T

import oracle
from backends import FIXTURES

K = FIXTURES / "kanon"


def test_hand_categorical(backend):
    t = backend.load(K / "hand_categorical.csv")
    r = pr.kanon(backend.source(), t, ["zip", "age"], sensitive="disease", k=2)
    # classes: (a,1) = flu, flu, cold ; (b,2) = flu, cancer ; p = flu 3/5, cold 1/5, cancer 1/5
    assert r["k_anonymity"] == 2 and r["n_classes"] == 2 and r["n_rows"] == 5
    assert r["discernibility"] == 3 * 3 + 2 * 2
    assert r["discernibility_best_effort"] == 13  # q=2 classes of 2 and 3
    assert r["avg_reid_risk"] == pytest.approx((1 / 3 + 1 / 2) / 2)  # over classes (pycanon)
    assert r["avg_reid_risk_records"] == 2 / 5  # over records: (3 * 1/3 + 2 * 1/2) / 5 (ARX)
    assert r["max_reid_risk"] == 0.5
    assert r["class_size_histogram"] == {"2": 1, "3": 1}
    assert (r["classes_below_k"], r["records_below_k"]) == (0, 0)
    assert r["l_diversity"] == 2
    assert r["alpha_k"] == {"alpha": pytest.approx(2 / 3), "k": 2}
    h1 = -(2 / 3 * math.log(2 / 3) + 1 / 3 * math.log(1 / 3))  # < ln 2 of the other class
    assert r["entropy_l_diversity"] == pytest.approx(math.exp(h1))
    # descending counts (2,1) -> floor(2/1)+1 = 3 ; (1,1) -> 2
    assert r["recursive_c_l"] == {"c": 3, "l": 2}
    assert r["basic_beta_likeness"] == pytest.approx((1 / 2 - 1 / 5) / (1 / 5))  # cancer in (b,2)
    assert r["enhanced_beta_likeness"] == pytest.approx(min(1.5, -math.log(0.2)))
    assert r["delta_disclosure"] == pytest.approx(math.log(2.5))
    # equal distance: (a,1) 0.5*(1/15 + 2/15 + 1/5) = 0.2 ; (b,2) 0.5*(0.1 + 0.2 + 0.3) = 0.3
    assert r["t_closeness"] == pytest.approx(0.3)


def test_hand_ordered_t_closeness(backend):
    t = backend.load(K / "hand_ordered.csv")
    r = pr.kanon(backend.source(), t, ["zip"], sensitive="salary")
    # p = (1/2, 1/4, 1/4) over 1 < 2 < 3; A = (1,0,0): |1/2| + |1/4| + 0 = 3/4, / (m-1) = 3/8
    assert r["t_closeness"] == pytest.approx(0.375)


def test_the_ordered_t_is_the_same_however_the_rows_are_stored(backend, tmp_path):
    # Its running sums and each class's GROUP BY sum added doubles in the order the database read
    # the rows: shuffles of Adult's (sex, fnlwgt) gave t differing in the 13th digit on DuckDB.
    frame = pd.read_csv(FIXTURES / "adult" / "ori.csv", usecols=["sex", "fnlwgt"])
    seen = set()
    for seed in range(3):
        path = tmp_path / f"shuffled_{seed}.csv"
        frame.sample(frac=1, random_state=seed).to_csv(path, index=False)
        failures = pr.t_closeness_failures(backend.source(), backend.load(path), ["sex"], "fnlwgt", 0.0)
        assert len(failures) == 2
        seen.add(tuple(zip(failures["sex"], failures["t"])))
    assert len(seen) == 1, seen


def test_the_equal_distance_t_is_the_same_however_the_rows_are_stored():
    # Each class's GROUP BY sum of doubles took the order DuckDB's threads combined it in: past one
    # row group (122,880 rows), three shuffles of Adult x 5 gave three class lists. DuckDB only:
    # the other engines aggregate a class in one thread, and 163k rows loaded three times into
    # each would be minutes of the suite.
    import duckdb

    con = duckdb.connect()
    adult = str(FIXTURES / "adult" / "ori.csv")
    con.execute("CREATE TABLE a AS SELECT age, sex, race, occupation FROM read_csv(?), range(5)", [adult])
    seen = set()
    for seed in (0.1, 0.2, 0.3):
        con.execute("SELECT setseed(?)", [seed])
        con.execute("CREATE OR REPLACE TABLE s AS SELECT * FROM a ORDER BY random()")
        failures = pr.t_closeness_failures(con, "s", ["age", "sex", "race"], "occupation", 0.0)
        assert len(failures) > 100
        seen.add(tuple(zip(failures["age"], failures["sex"], failures["race"], failures["t"])))
    assert len(seen) == 1


@pytest.mark.parametrize(
    "order,t", [(["cold", "flu", "cancer"], 0.25), (["flu", "cold", "cancer"], 0.2)], ids=["cold-first", "flu-first"]
)
def test_hand_ordered_t_closeness_of_text_in_a_given_order(backend, order, t):
    # Text got the equal distance only (0.3 here). Table CDF over cold < flu < cancer: .2, .8, 1;
    # (a,1): 1/3, 1, 1 -> (.1333 + .2) / 2; (b,2): 0, .5, 1 -> (.2 + .3) / 2 = .25. Over
    # flu < cold < cancer: .6, .8, 1; (a,1) .2667 / 2, (b,2) .5, .5, 1 -> (.1 + .3) / 2 = .2.
    table = backend.load(K / "hand_categorical.csv")
    r = pr.kanon(backend.source(), table, ["zip", "age"], sensitive="disease", order={"disease": order})
    assert r["t_closeness"] == pytest.approx(t, abs=1e-12)
    frame = pd.read_csv(K / "hand_categorical.csv")
    ranks = frame.assign(disease=frame["disease"].map({v: i for i, v in enumerate(order)}))
    assert r["t_closeness"] == pytest.approx(
        oracle.sensitive_metrics(ranks, ["zip", "age"], "disease", True)["t_closeness"]
    )
    plain = pr.kanon(backend.source(), table, ["zip", "age"], sensitive="disease")
    assert plain["t_closeness"] == pytest.approx(0.3)  # no order: the equal distance, as before
    assert {key: r[key] for key in ("l_diversity", "alpha_k", "delta_disclosure")} == {
        key: plain[key] for key in ("l_diversity", "alpha_k", "delta_disclosure")
    }


@pytest.mark.parametrize(
    "order,said",
    [
        ({"disease": ["flu", "cold"]}, "value 'cancer' of sensitive column 'disease' is not in the order"),
        ({"disease": ["flu", "Cold", "cancer"]}, "value 'cold' of sensitive column 'disease' is not in the order"),
        ({"zip": ["a", "b"]}, "order (--order) given for 'zip', which is not a sensitive column"),
        ({"age": ["1", "2"]}, "given for 'age', but it is"),
        ({"disease": ["flu", "flu", "cold"]}, "lists 'flu' twice"),
        ({"disease": "flu,cold"}, "must list the column's values as text"),
    ],
    ids=["missing", "case", "qid", "number", "twice", "string"],
)
def test_a_bad_order_is_refused_by_name_on_every_backend(backend, order, said):
    table = backend.load(K / "hand_categorical.csv")
    sensitive = ["disease", "age"] if "age" in order else ["disease"]
    qids = ["zip"] if "age" in order else ["zip", "age"]
    with pytest.raises(pr.InvalidInputError, match=re.escape(said)):
        pr.kanon(backend.source(), table, qids, sensitive=sensitive, order=order)


def test_hand_recursive_textbook_vs_pycanon(backend):
    from pycanon import anonymity

    t = backend.load(K / "hand_recursive.csv")
    r = pr.kanon(backend.source(), t, ["zip"], sensitive="disease")
    # counts 5,1,1, l = 3: r1 = 5 < c * r3 = c * 1 -> c = 6 (textbook)
    assert r["recursive_c_l"] == {"c": 6, "l": 3}
    df = pd.read_csv(K / "hand_recursive.csv")
    assert anonymity.recursive_c_l_diversity(df, ["zip"], ["disease"]) == (1, 3)  # pycanon sorts ascending


def test_entropy_l_textbook_vs_pycanon_truncation(backend):
    from pycanon import anonymity

    t = backend.load(K / "hand_categorical.csv")
    r = pr.kanon(backend.source(), t, ["zip"], sensitive="disease")
    df = pd.read_csv(K / "hand_categorical.csv")
    # class b holds two equally frequent values: exp(ln 2) = 2 textbook; pycanon truncates to 1
    assert r["entropy_l_diversity"] == pytest.approx(
        min(2.0, math.exp(-(2 / 3 * math.log(2 / 3) + 1 / 3 * math.log(1 / 3))))
    )
    assert anonymity.entropy_l_diversity(df, ["zip"], ["disease"]) == int(r["entropy_l_diversity"])


def test_null_qids_value_or_excluded(backend):
    t = backend.load(K / "hand_nulls.csv")
    src = backend.source()
    # NULL is a value: classes (a,1) (a,NULL) (NULL,NULL)x2 (b,2)
    r = pr.cavg(src, t, ["zip", "age"], k=1)
    assert (r.n_rows, r.n_classes, r.excluded_rows) == (5, 4, 0)
    # excluded from both the numerator and the denominator
    r = pr.cavg(src, t, ["zip", "age"], k=1, exclude_null_qids=True)
    assert (r.n_rows, r.n_classes, r.excluded_rows) == (2, 2, 3)
    assert r.cavg == 1.0


def test_cavg_three_forms(backend):
    t = backend.load(K / "hand_categorical.csv")
    r = pr.cavg(backend.source(), t, ["zip", "age"], k=2)
    assert r.cavg == 5 / (2 * 2) and r.cavg_best_effort == 5 / (2 * 2)
    assert pr.cavg_best_effort(5, 3) == 5 / 3 and pr.cavg_best_effort(5, 6) is None
    assert pr.cavg_best_effort(0, 2) is None and pr.cavg_best_effort(np.int64(6), 4) == 6 / 4
    for bad in (-5, 10.5, "10", True, None):  # -5 gave 0.83 and 10.5 gave 1.05
        with pytest.raises(pr.InvalidInputError, match="n_rows must be a whole number of rows >= 0"):
            pr.cavg_best_effort(bad, 2)
    assert pr.cavg_from_equivalence_classes([{"qid": ("a", 1), "count": 3}, {"qid": ("b", 2), "count": 2}], k=2) == 1.25


def test_cavg_from_class_count_table(duck):
    duck.con.execute("CREATE TABLE cls AS SELECT * FROM (VALUES ('a', 3), ('b', 2)) t(zip, n)")
    assert pr.cavg_from_equivalence_classes(src=duck.source(), table="cls", count_column="n", k=2) == 1.25


@pytest.mark.parametrize("k", [0, -1, 2.5, "3", True])
def test_bad_k(k):
    with pytest.raises(pr.InvalidInputError, match="k must be an integer >= 1"):
        pr.cavg(None, str(K / "hand_categorical.csv"), ["zip"], k=k)


def test_empty_table_is_a_clear_error(tmp_path):
    (tmp_path / "e.csv").write_text("zip,age\n")
    with pytest.raises(pr.InvalidInputError, match="e.csv.* is empty: CAVG needs at least 2 rows"):
        pr.cavg(None, str(tmp_path / "e.csv"), ["zip"], k=2)
    # the family's name read "no the k-anonymity family to compute"
    with pytest.raises(pr.InvalidInputError, match="is empty: the k-anonymity family needs at least 2 rows"):
        pr.kanon(None, str(tmp_path / "e.csv"), ["zip"])
    with pytest.raises(pr.InvalidInputError):
        pr.cavg_from_equivalence_classes([], k=2)


DATASETS = [
    ("adult", ["sex", "race", "marital_status"], ["income", "hours_per_week"]),
    ("german_credit", ["age", "sex"], ["credit", "housing"]),
    ("wage_islr", ["year", "maritl", "race"], ["health", "wage"]),
]


@functools.cache
def _expected(name: str) -> dict:
    """The oracle's and pycanon's numbers for one dataset: the same on every backend, and the
    slow part of the test (pycanon takes a minute on Wage), so computed once per session."""
    from pycanon import anonymity

    _, qids, sensitive = next(d for d in DATASETS if d[0] == name)
    df = pd.read_csv(FIXTURES / name / "ori.csv")
    out: dict = {
        "n_rows": len(df),
        "sizes": oracle.size_metrics(df, qids),
        "pycanon_k": anonymity.k_anonymity(df, qids),
        "per_sa": {},
    }
    for sa in sensitive:
        ordered = pd.api.types.is_numeric_dtype(df[sa])
        out["per_sa"][sa] = {
            "oracle": oracle.sensitive_metrics(df, qids, sa, ordered),
            "pycanon": {
                "l_diversity": anonymity.l_diversity(df, qids, [sa]),
                "alpha_k": anonymity.alpha_k_anonymity(df, qids, [sa]),
                "t_closeness": anonymity.t_closeness(df, qids, [sa]),
                "basic_beta_likeness": anonymity.basic_beta_likeness(df, qids, [sa]),
                "enhanced_beta_likeness": anonymity.enhanced_beta_likeness(df, qids, [sa]),
                "delta_disclosure": anonymity.delta_disclosure(df, qids, [sa]),
            },
        }
    return out


@pytest.mark.parametrize("name,qids,sensitive", DATASETS, ids=[d[0] for d in DATASETS])
def test_family_equals_pycanon_and_oracle(backend, name, qids, sensitive):
    table = backend.load(FIXTURES / name / "ori.csv")
    r = pr.kanon(backend.source(), table, qids, sensitive=sensitive, k=5)
    expected = _expected(name)
    sizes = expected["sizes"]
    for key, value in sizes.items():
        assert r[key] == pytest.approx(value), key
    assert r["k_anonymity"] == expected["pycanon_k"]
    c = pr.cavg(backend.source(), table, qids, k=5)
    assert c.cavg == pytest.approx(expected["n_rows"] / (sizes["n_classes"] * 5))
    for sa in sensitive:
        o, pc = expected["per_sa"][sa]["oracle"], expected["per_sa"][sa]["pycanon"]
        assert r["l_diversity"][sa] == o["l_diversity"] == pc["l_diversity"]
        assert r["alpha_k"][sa]["alpha"] == pytest.approx(o["alpha"])
        assert (r["alpha_k"][sa]["alpha"], r["alpha_k"][sa]["k"]) == pytest.approx(pc["alpha_k"])
        assert r["entropy_l_diversity"][sa] == pytest.approx(o["entropy_l_diversity"])
        assert r["recursive_c_l"][sa]["c"] == o["recursive_c"]
        assert r["t_closeness"][sa] == pytest.approx(o["t_closeness"], abs=1e-12)
        assert r["t_closeness"][sa] == pytest.approx(pc["t_closeness"], abs=1e-12)
        for key in ("basic_beta_likeness", "enhanced_beta_likeness", "delta_disclosure"):
            assert r[key][sa] == pytest.approx(o[key], rel=1e-12), key
            assert r[key][sa] == pytest.approx(pc[key], rel=1e-12), key


def test_long_text_values_alike_in_their_first_kilobyte_are_values_apart(backend):
    """Values alike in their first 1,500 bytes are values apart, QIDs and sensitive alike: every
    backend equals the pandas oracle. MariaDB's windows compare a value's first max_sort_length
    bytes (1,024 by default): such values shared a partition there, and alpha, entropy l, t,
    beta (negative), delta and recursive c came out wrong (docs/decisions/mariadb-window-keys.md)."""
    stem = "x" * 1500
    rows = [(i, stem + str(i % 6), stem + "abcd"[i % 4]) for i in range(90)]  # 6 classes, 4 values
    table = f"t_{uuid.uuid4().hex[:12]}"
    backend.create(table, [("id", T.INTEGER), ("q", T.TEXT), ("s", T.TEXT)], rows)
    df = pd.DataFrame(rows, columns=["id", "q", "s"])
    want = oracle.sensitive_metrics(df, ["q"], "s", False)
    r = pr.kanon(backend.source(), table, ["q"], sensitive="s")
    assert r["n_classes"] == 6 and r["l_diversity"] == want["l_diversity"] == 2
    assert r["alpha_k"]["alpha"] == pytest.approx(want["alpha"])
    assert r["entropy_l_diversity"] == pytest.approx(want["entropy_l_diversity"])
    assert r["t_closeness"] == pytest.approx(want["t_closeness"], abs=1e-12)
    for key in ("basic_beta_likeness", "enhanced_beta_likeness", "delta_disclosure"):
        assert r[key] == pytest.approx(want[key], rel=1e-12), key
    failures = pr.t_closeness_failures(backend.source(), table, ["q"], "s", want["t_closeness"] / 2)
    assert sorted(failures["t"]) == pytest.approx(
        sorted(c["t"] for c in oracle.sensitive_classes(df, ["q"], "s", False))
    )
    assert r["recursive_c_l"]["c"] == want["recursive_c"]
    below = pr.l_diversity_failures(backend.source(), table, ["q"], "s", 3)
    assert sorted(below["class_size"]) == [15] * 6 and set(below["distinct_values"]) == {2}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), n=st.integers(3, 60), one_qid=st.booleans())
@example(seed=1290, n=3, one_qid=False)  # s_num holds one value: pycanon's t divides by zero
def test_the_family_equals_pycanon_on_random_tables(seed, n, one_qid):
    """pycanon's own numbers on random tables with skewed value frequencies (no NULLs: pycanon
    groups them as pandas does): k, l, (alpha, k), t (a text column under the equal distance, a
    number under the ordered one), both beta-likenesses and delta-disclosure. On DuckDB: every
    backend is held to the pandas oracle (tests/test_properties.py)."""
    from pycanon import anonymity

    rng = np.random.default_rng(seed)
    df = pd.DataFrame(
        {
            "q1": rng.integers(0, 4, n),
            "q2": rng.choice(["a", "b", "c"], n, p=[0.6, 0.3, 0.1]),
            "s_text": rng.choice(["x", "y", "z", "w"], n, p=rng.dirichlet(np.ones(4))),
            "s_num": rng.choice([1, 2, 3, 5, 8, 13], n, p=rng.dirichlet(np.ones(6))),
        }
    )
    qids = ["q1"] if one_qid else ["q1", "q2"]
    r = pr.kanon(None, df, qids, sensitive=["s_text", "s_num"])  # the DataFrame, in DuckDB
    assert r["k_anonymity"] == anonymity.k_anonymity(df, qids)
    for sa in ("s_text", "s_num"):
        assert r["l_diversity"][sa] == anonymity.l_diversity(df, qids, [sa]), sa
        alpha, k = anonymity.alpha_k_anonymity(df, qids, [sa])
        assert (r["alpha_k"][sa]["alpha"], r["alpha_k"][sa]["k"]) == (pytest.approx(alpha, rel=1e-12), k), sa
        # pycanon's ordered distance divides by the values less one: a column of one value is 0 away
        t = anonymity.t_closeness(df, qids, [sa]) if df[sa].nunique() > 1 else 0.0
        assert r["t_closeness"][sa] == pytest.approx(t, abs=1e-12), sa
        for key in ("basic_beta_likeness", "enhanced_beta_likeness", "delta_disclosure"):
            assert r[key][sa] == pytest.approx(getattr(anonymity, key)(df, qids, [sa]), rel=1e-12), (sa, key)


def test_cli_json_keys(capsys, tmp_path):
    path = str(K / "hand_categorical.csv")
    assert (
        main(
            [
                "kanon",
                "--table",
                path,
                "--qids",
                "zip,age",
                "--sensitive",
                "disease",
                "--json",
                str(tmp_path / "k.json"),
            ]
        )
        == 0
    )
    k = json.loads((tmp_path / "k.json").read_text())
    for key in [
        "k_anonymity",
        "alpha_k",
        "l_diversity",
        "entropy_l_diversity",
        "recursive_c_l",
        "t_closeness",
        "basic_beta_likeness",
        "enhanced_beta_likeness",
        "delta_disclosure",
        "discernibility",
        "avg_reid_risk",
        "max_reid_risk",
        "class_size_histogram",
    ]:
        assert key in k
    assert k["t_closeness"] == pytest.approx(0.3)
    assert main(["cavg", "--table", path, "--qids", "zip,age", "--k", "2", "--json", str(tmp_path / "c.json")]) == 0
    c = json.loads((tmp_path / "c.json").read_text())
    assert {"cavg", "cavg_best_effort", "n_rows", "n_classes", "k"} <= set(c) and c["cavg"] == 1.25
    capsys.readouterr()


def test_cli_thresholds_and_bad_input(capsys):
    path = str(K / "hand_categorical.csv")
    assert main(["kanon", "--table", path, "--qids", "zip,age", "--fail-below", "3"]) == 1
    assert main(["kanon", "--table", path, "--qids", "zip,age", "--fail-below", "2"]) == 0
    assert main(["cavg", "--table", path, "--qids", "zip", "--k", "2", "--fail-above", "1.2"]) == 1
    assert main(["kanon", "--table", path, "--qids", "zip,nope"]) == 2
    assert "column 'nope' not found" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["cavg", "--table", path, "--qids", "zip", "--k", "0"])
    assert e.value.code == 2


def test_cli_order_gives_the_ordered_distance_and_is_refused_twice(capsys, tmp_path):
    path, out = str(K / "hand_categorical.csv"), tmp_path / "k.json"
    args = ["kanon", "--table", path, "--qids", "zip,age", "--sensitive", "disease", "--json", str(out), "--quiet"]
    assert main([*args, "--order", "disease=cold,flu,cancer"]) == 0
    assert json.loads(out.read_text())["t_closeness"] == pytest.approx(0.25)
    assert main([*args, "--order", "disease=cold,flu,cancer", "--order", "disease=flu,cold,cancer"]) == 2
    assert "--order given twice for 'disease'" in capsys.readouterr().err
    assert main([*args, "--order", "disease=cold,flu"]) == 2
    assert "value 'cancer' of sensitive column 'disease' is not in the order" in capsys.readouterr().err


def test_nan_is_missing_like_null_in_every_class_metric(backend):
    """One missing-value policy: NaN is missing, one class with NULL (pandas groupby(dropna=False)
    and pycanon agree); -0.0 equals 0.0. {NaN, NaN, NULL, 1, 1, 1, -0.0, 0.0}: 3 classes, k = 2
    (it was 4 classes, k = 1: NaN a class apart from NULL), and --exclude-null-qids drops NaN rows."""
    values = [float("nan"), float("nan"), None, 1.0, 1.0, 1.0, -0.0, 0.0]
    name = f"nan_{uuid.uuid4().hex[:12]}"
    cols = [("v", T.FLOAT), ("s", T.FLOAT)]
    rows = [(v, float(i % 2)) for i, v in enumerate(values)]
    if backend.key is not None:
        cols = [(backend.key, T.INTEGER)] + cols
        rows = [(i, *r) for i, r in enumerate(rows)]
    backend.create(name, cols, rows)
    df = pd.DataFrame({"v": values})
    expected = df.groupby("v", dropna=False).size()
    assert sorted(expected.tolist()) == [2, 3, 3]
    r = pr.kanon(backend.source(), name, ["v"], ["s"])
    assert (r["n_classes"], r["k_anonymity"]) == (3, 2)
    c = pr.cavg(backend.source(), name, ["v"], 2)
    assert c.n_classes == 3
    kept = pr.cavg(backend.source(), name, ["v"], 2, exclude_null_qids=True)
    assert (kept.n_rows, kept.excluded_rows) == (5, 3)
    only_nan = f"nan_{uuid.uuid4().hex[:12]}"
    backend.create(only_nan, [("x", T.INTEGER), ("v", T.FLOAT)], [(i, float("nan")) for i in range(4)])
    with pytest.raises(pr.InvalidInputError, match="has no value in any of its 4 rows"):
        pr.cavg(backend.source(), only_nan, ["x", "v"], 2)


def test_ordered_t_closeness_work_grows_with_rows_not_classes_times_values():
    """The speed trap: ordered t-closeness built the class x value grid (28k rows with 6,000
    classes and 6,000 values: 38M rows, 84-100 s on DuckDB). Measured without a clock: SQLite's
    virtual-machine steps (its progress handler, called every 1,000), for the t-closeness
    statement against the k-anonymity statement on the same table, as the number of classes and
    values grows together. Quadratic work shows as a ratio that grows with the size."""
    import sqlite3

    from privrisk_sql.metrics.classes import class_size_histogram_sql
    from privrisk_sql.metrics.kanon.driver import KanonQueries
    from privrisk_sql.sql.dialects import get_dialect

    q = KanonQueries(get_dialect("sqlite"))
    ratios = []
    for n in (500, 2000):
        con = sqlite3.connect(":memory:")
        con.execute("CREATE TABLE t (a INTEGER, s INTEGER)")
        # about n/2 classes and n/2 values, mostly one row each: the grid's worst shape
        con.executemany("INSERT INTO t VALUES (?, ?)", [(i % (n // 2), (i * 7919) % (n // 2)) for i in range(n)])
        steps = []

        def count(sql, con=con):
            ticks = [0]
            con.set_progress_handler(lambda: ticks.__setitem__(0, ticks[0] + 1) or 0, 1000)
            con.execute(sql).fetchall()
            con.set_progress_handler(None, 0)
            return ticks[0]

        base = count(class_size_histogram_sql(q.dialect, '"t"', ["a"]))
        steps.append(count(q.t_closeness_ordered('"t"', ["a"], "s")))
        ratios.append(steps[0] / max(base, 1))
        con.close()
    # 4x the rows: n log n work keeps the ratio about flat; the grid's grew about 4x (16x the work).
    assert ratios[1] < 2 * ratios[0], ratios


def _adult_classes(qids):
    adult = pd.read_csv(FIXTURES / "adult" / "ori.csv")
    return adult.groupby(qids).size().reset_index(name="class_size")


def test_k_anonymity_failures_come_riskiest_first(backend):
    """The classes below k, smallest first, then by their values (issue 40): the rows a reviewer
    reads first are the ones that single people out."""
    t = backend.load(FIXTURES / "adult" / "ori.csv")
    got = pr.k_anonymity_failures(backend.source(), t, ["age", "sex", "race"], 5)
    sizes = got["class_size"].tolist()
    assert sizes == sorted(sizes) and sizes[0] == 1
    oracle_classes = _adult_classes(["age", "sex", "race"])
    assert len(got) == int((oracle_classes["class_size"] < 5).sum())
    ones = got[got["class_size"] == 1][["age", "sex", "race"]].astype(str).values.tolist()
    assert ones == sorted(ones, key=lambda r: (int(r[0]), r[1], r[2]))


@pytest.mark.parametrize("command", ["cavg", "kanon"])
def test_cli_lists_the_ten_smallest_sizes_below_a_large_k_and_how_many_more(command, capsys):
    # At k = 1000 on Adult's age, sex and race the line listed all 139 sizes below k: 1,100 characters.
    adult = str(FIXTURES / "adult" / "ori.csv")
    expected = _adult_classes(["age", "sex", "race"])
    below = expected[expected["class_size"] < 1000]["class_size"].value_counts().sort_index()
    assert len(below) > 10  # the case this test is about
    assert main([command, "--table", adult, "--qids", "age,sex,race", "--k", "1000"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "classes below k by size" in x)
    shown = ", ".join(f"{s}: {n:,}" for s, n in below.iloc[:10].items())
    more = f"; {len(below) - 10:,} more sizes, up to {below.index[-1]:,} (--json has each)"
    assert line == f"  classes below k by size {shown}{more}  (--show-values prints the smallest)"


@pytest.mark.parametrize("command", ["cavg", "kanon"])
def test_cli_lists_the_classes_below_k_and_their_values_only_when_asked(command, capsys):
    adult = str(FIXTURES / "adult" / "ori.csv")
    base = [command, "--table", adult, "--qids", "age,sex,race", "--k", "5"]
    expected = _adult_classes(["age", "sex", "race"])
    below = expected[expected["class_size"] < 5]["class_size"].value_counts().sort_index()
    assert main(base) == 0
    out = capsys.readouterr().out
    assert "classes below k by size " + ", ".join(f"{s}: {n:,}" for s, n in below.items()) in out
    assert "Amer-Indian-Eskimo" not in out  # no value without --show-values
    assert main(base + ["--show-values"]) == 0
    out = capsys.readouterr().out
    smallest = expected.sort_values(["class_size", "age", "sex", "race"]).iloc[0]
    listed = out.split("the 10 smallest classes")[1].splitlines()[2].split()
    assert listed == ["1", str(smallest["age"]), smallest["sex"], smallest["race"]]


@pytest.mark.parametrize("command", ["cavg", "kanon"])
def test_show_values_lists_qids_typed_in_another_case_and_a_qid_called_class_size(command, tmp_path, capsys):
    """--show-values with --qids AGE,Sex (DuckDB finds age and sex) ended in a KeyError traceback,
    exit 1: the values were looked up by the names as typed. A QID called class_size (the size's
    own column name) failed too, in the sort, on the terminal and the page alike. Both list their
    classes now, headed by the table's names."""
    adult = str(FIXTURES / "adult" / "ori.csv")
    expected = _adult_classes(["age", "sex"])
    smallest = expected.sort_values(["class_size", "age", "sex"]).iloc[0]
    assert main([command, "--table", adult, "--qids", "AGE,Sex", "--k", "5", "--show-values"]) == 0
    table = capsys.readouterr().out.split("smallest classes")[1].splitlines()[1:3]
    assert table[0].split() == ["size", "age", "sex"]
    assert table[1].split() == ["1", str(smallest["age"]), smallest["sex"]]

    path = tmp_path / "t.csv"
    path.write_text("class_size,b\n7,x\n7,x\n8,y\n9,z\n")
    page = tmp_path / "k.html"
    args = [command, "--table", str(path), "--qids", "class_size,b", "--k", "2", "--show-values"]
    assert main([*args, "--html", str(page), "--html-values"]) == 0
    table = capsys.readouterr().out.split("the 2 smallest classes")[1].splitlines()[1:]
    assert [row.split() for row in table] == [["size", "class_size", "b"], ["1", "8", "y"], ["1", "9", "z"]]
    values = page.read_text().split('data-table="classes_below_k_values"')[1].split("</table>")[0]
    assert re.findall(r"<td>([^<]*)</td>", values) == ["1", "8", "y", "1", "9", "z"]


def test_show_values_escapes_a_line_break_in_a_value_and_keeps_the_columns_aligned(tmp_path, capsys):
    """A value holding a line break ('12 Main St\nParis', as addresses are) was printed raw, one
    class over two lines; ESC was escaped after the widths were taken, so its row lost alignment."""
    import duckdb

    path = tmp_path / "t.parquet"
    con = duckdb.connect()
    con.execute("CREATE TABLE t (s VARCHAR, n INTEGER)")
    con.executemany("INSERT INTO t VALUES (?, ?)", [("a\nb", 1), ("\x1b[31mX", 2), ("ok", 3), ("ok", 3)])
    con.execute(f"COPY t TO '{path}' (FORMAT parquet)")
    assert main(["kanon", "--table", str(path), "--qids", "s,n", "--k", "2", "--show-values"]) == 0
    out = capsys.readouterr().out
    table = out.split("the 2 smallest classes")[1].splitlines()[1:]
    assert table == [
        "    size  s          n",
        "    1     \\x1b[31mX  2",
        "    1     a\\nb       1",
    ]


def test_shown_values_tell_null_from_empty_and_from_the_text_null_and_keep_numbers_as_they_are(tmp_path, capsys):
    """--show-values and --html-values printed NULL and '' both blank, the text 'NULL' as NULL, and
    a zip 10001 as '10,001' (the thousands separator of a count), on the terminal and the page."""
    import duckdb

    path = tmp_path / "t.parquet"
    con = duckdb.connect()
    con.execute("CREATE TABLE t (zip INTEGER, s VARCHAR)")
    con.executemany(
        "INSERT INTO t VALUES (?, ?)", [(10001, None), (10001, ""), (10001, "NULL"), (90210, " a"), (5, "b")]
    )
    con.execute("INSERT INTO t VALUES (5, 'b')")
    con.execute(f"COPY t TO '{path}' (FORMAT parquet)")
    page = tmp_path / "k.html"
    args = ["kanon", "--table", str(path), "--qids", "zip,s", "--k", "2", "--show-values"]
    assert main([*args, "--html", str(page), "--html-values"]) == 0
    table = capsys.readouterr().out.split("the 4 smallest classes")[1].splitlines()[1:]
    assert table == [
        "    size  zip    s",
        "    1     10001  NULL",
        "    1     10001  ''",
        "    1     10001  'NULL'",
        "    1     90210  ' a'",
    ]
    values = page.read_text().split('data-table="classes_below_k_values"')[1].split("</table>")[0]
    assert [html.unescape(c) for c in re.findall(r"<td>([^<]*)</td>", values)] == [
        *("1", "10001", "NULL"),
        *("1", "10001", "''"),
        *("1", "10001", "'NULL'"),
        *("1", "90210", "' a'"),
    ]


@pytest.mark.parametrize("command", ["cavg", "kanon"])
def test_show_values_never_reaches_the_html_page(command, tmp_path, capsys):
    """--show-values prints values on the terminal, not on the page. Before: the page carried
    --show-values' classes as a 'parameter riskiest' row (a DataFrame's repr), values on a page
    that had not asked for them."""
    adult = str(FIXTURES / "adult" / "ori.csv")
    plain = tmp_path / "plain.html"
    assert (
        main([command, "--table", adult, "--qids", "age,sex,race", "--k", "5", "--show-values", "--html", str(plain)])
        == 0
    )
    out = capsys.readouterr().out
    assert "the 10 smallest classes" in out and "Amer-Indian-Eskimo" in out  # --show-values printed them
    page = plain.read_text()
    assert "riskiest" not in page
    assert "Amer-Indian-Eskimo" not in page
    assert "report values</th><td>not shown" in page


@pytest.mark.parametrize("command", ["cavg", "kanon"])
def test_html_values_puts_the_smallest_classes_on_the_page(command, tmp_path):
    """--html-values (issue 40): the page lists the smallest classes below k and their values,
    as pandas finds them."""
    adult = str(FIXTURES / "adult" / "ori.csv")
    expected = _adult_classes(["age", "sex", "race"])
    smallest = expected.sort_values(["class_size", "age", "sex", "race"]).head(10)
    valued = tmp_path / "valued.html"
    assert (
        main([command, "--table", adult, "--qids", "age,sex,race", "--k", "5", "--html", str(valued), "--html-values"])
        == 0
    )
    page = valued.read_text()
    table = page.split('data-table="classes_below_k_values"')[1].split("</table>")[0]
    cells = [c.split(">", 1)[1].split("<")[0] for c in table.split("<td")[1:]]
    rows = [cells[i : i + 4] for i in range(0, len(cells), 4)]
    assert [r[0] for r in rows] == [str(s) for s in smallest["class_size"]]
    assert [r[1] for r in rows] == [str(a) for a in smallest["age"]]
    assert [r[3] for r in rows] == list(smallest["race"])
    assert "report values</th><td>shown" in page


def test_html_values_needs_a_k_and_an_html_page(tmp_path, capsys):
    adult = str(FIXTURES / "adult" / "ori.csv")
    assert (
        main(["kanon", "--table", adult, "--qids", "age,sex", "--html-values", "--html", str(tmp_path / "p.html")]) == 2
    )
    assert "--html-values lists the classes below k: give --k" in capsys.readouterr().err
    assert main(["cavg", "--table", adult, "--qids", "age,sex", "--k", "2", "--html-values"]) == 2
    assert "--html-values without --html" in capsys.readouterr().err
    assert not (tmp_path / "p.html").exists()


@pytest.mark.parametrize(
    "extra, said",
    [
        ([], "--show-values lists the classes below k: give --k"),
        (["--k", "5", "--quiet"], "--show-values prints the values in the summary, which --quiet"),
        (["--k", "5", "--json", "-"], "--show-values prints the values in the summary, which --quiet (or --json -)"),
    ],
)
def test_show_values_needs_a_k_and_the_summary(extra, said, capsys):
    """--show-values without --k, or with the summary off (--quiet, --json -), printed nothing and
    exited 0, as if no class were below k. Refused before any work, as --html-values is."""
    adult = str(FIXTURES / "adult" / "ori.csv")
    assert main(["kanon", "--table", adult, "--qids", "age,sex", "--show-values", *extra]) == 2
    out, err = capsys.readouterr()
    assert said in err and len(err.strip().splitlines()) == 1 and out == ""


def test_python_html_values_puts_the_classes_below_k_on_the_page(tmp_path):
    page = tmp_path / "k.html"
    r = pr.kanon(None, str(FIXTURES / "adult" / "ori.csv"), ["age", "sex", "race"], k=5, html=page, html_values=True)
    assert 'data-table="classes_below_k_values"' in page.read_text() and r["records_below_k"] > 0
    with pytest.raises(pr.InvalidInputError, match="html_values needs html= and k="):
        pr.cavg(None, str(FIXTURES / "adult" / "ori.csv"), ["age"], 5, html_values=True)


@pytest.mark.parametrize(
    ("sensitive", "order"), [("income", None), ("hours_per_week", None), ("income", [">50K", "<=50K"])]
)
def test_l_and_t_failures_equal_the_oracle_class_by_class(backend, sensitive, order):
    """pr.l_diversity_failures and pr.t_closeness_failures (dbt's failing rows, in Python) give
    exactly the classes the pandas oracle (tests/oracle.py) puts below l or beyond t, with its
    figures, riskiest first: the equal distance over text, the ordered one over numbers and over a
    text column's places in an order; the worst class is kanon's figure."""
    qids = ["age", "sex"]
    adult = pd.read_csv(FIXTURES / "adult" / "ori.csv")
    t_name = backend.load(FIXTURES / "adult" / "ori.csv")
    src = backend.source()
    frame = adult.assign(**{sensitive: adult[sensitive].map({v: i for i, v in enumerate(order)})}) if order else adult
    per_class = oracle.sensitive_classes(frame, qids, sensitive, ordered=order is not None or sensitive != "income")
    ts = sorted(r["t"] for r in per_class if r["t"] is not None)
    threshold = (ts[len(ts) // 2] + ts[len(ts) // 2 + 1]) / 2  # about half the classes fail

    got = pr.t_closeness_failures(src, t_name, qids, sensitive, threshold, order=order)
    want = {(int(r["key"][0]), r["key"][1]): r["t"] for r in per_class if r["t"] is not None and r["t"] > threshold}
    assert list(got.columns) == [*qids, "t"] and 0 < len(got) < len(per_class)
    assert {(int(a), s): v for a, s, v in got.itertuples(index=False)}.keys() == want.keys()
    assert all(v == pytest.approx(want[(int(a), s)], abs=1e-9) for a, s, v in got.itertuples(index=False))
    assert got["t"].tolist() == sorted(got["t"], reverse=True)
    kanon = pr.kanon(src, t_name, qids, sensitive=sensitive, order={sensitive: order} if order else None)
    assert got["t"].iloc[0] == pytest.approx(kanon["t_closeness"], abs=1e-12)

    lost = pr.l_diversity_failures(src, t_name, qids, sensitive, 2)
    want_l = sorted((int(r["key"][0]), r["key"][1], r["size"], r["l"]) for r in per_class if r["l"] < 2)
    assert sorted((int(a), s, int(n), int(d)) for a, s, n, d in lost.itertuples(index=False)) == want_l and want_l
    assert lost["class_size"].tolist() == sorted(lost["class_size"])  # all hold one value: smallest first
    assert int(lost["distinct_values"].min()) == kanon["l_diversity"]
    # Whole numbers on every backend: PostgreSQL's and MariaDB's sums of counts came as Decimal
    # objects (an object column: `lost.class_size * 0.5` raised TypeError), DuckDB's as int64.
    assert (lost.dtypes.astype(str).tolist(), got.dtypes.astype(str).tolist()) == (
        ["int64", "object", "int64", "int64"],
        ["int64", "object", "float64"],
    )


def test_l_and_t_failures_refuse_bad_arguments_by_name():
    adult = pd.read_csv(FIXTURES / "adult" / "ori.csv").head(200)
    for call, message in [
        (lambda: pr.l_diversity_failures(None, adult, ["age"], "income", 0), "l must be an integer >= 1, got 0"),
        (lambda: pr.t_closeness_failures(None, adult, ["age"], "income", 1.5), "t must be a number from 0 to 1"),
        (lambda: pr.t_closeness_failures(None, adult, ["age"], ["income"], 0.5), "sensitive must be one column name"),
        (lambda: pr.l_diversity_failures(None, adult, ["age"], "AGE", 2), "column 'age' is both a quasi-identifier"),
        (lambda: pr.l_diversity_failures(None, adult, ["age"], "incme", 2), "incme"),
        (lambda: pr.t_closeness_failures(None, adult, ["age"], "income", 0.5, order=["<=50K"]), ">50K"),
        (lambda: pr.t_closeness_failures(None, adult, ["age"], "age_x", 0.5, order=["a"]), "age_x"),
        (lambda: pr.t_closeness_failures(None, adult, ["sex"], "age", 0.5, order=["1"]), "an order is for text"),
    ]:
        with pytest.raises(pr.InvalidInputError, match=re.escape(message)):
            call()


def test_cli_min_l_and_max_t_gate_a_release(capsys, tmp_path):
    """--min-l and --max-t exit 1 when a sensitive column's l-diversity is below L or its
    t-closeness above T (as --fail-below does for k), naming the column and the figure; the page
    frames each figure against its threshold. hand_categorical: l = 2, t = 0.3 (equal distance)."""
    path = str(K / "hand_categorical.csv")
    base = ["kanon", "--table", path, "--qids", "zip,age", "--sensitive", "disease"]
    assert main([*base, "--min-l", "2", "--max-t", "0.3"]) == 0
    capsys.readouterr()
    assert main([*base, "--min-l", "3"]) == 1
    assert "l-diversity of 'disease' is 2, below --min-l 3" in capsys.readouterr().err
    page = tmp_path / "k.html"
    assert main([*base, "--max-t", "0.29", "--min-l", "2", "--html", str(page)]) == 1
    assert "t-closeness of 'disease' is 0.3, above --max-t 0.29" in capsys.readouterr().err
    text = page.read_text()
    assert 'class="number fail" data-key="t_closeness_0"' in text
    assert 'class="number pass" data-key="l_diversity_0"' in text
    assert main(["kanon", "--table", path, "--qids", "zip,age", "--max-t", "0.5"]) == 2
    assert "--max-t measures the sensitive columns: name them with --sensitive" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main([*base, "--max-t", "1.5"])
    assert e.value.code == 2


def test_a_class_distributed_as_the_table_is_at_t_zero(backend, tmp_path):
    """Three classes each holding 1, 3 and 7 rows of three values: each is the table's
    distribution, so t = 0. The ordered distance's sums rounded to 1.4e-17 (DuckDB), which kanon
    reported as the table's t-closeness and which failed a t of 0 (dbt's test, the failures call);
    a distance below 1e-12 is 0 now (docs/metrics/kanon.md)."""
    rows = [(z, n, f"v{n}") for z in "abc" for n, times in ((1, 1), (2, 3), (3, 7)) for _ in range(times)]
    path = tmp_path / "same.csv"
    pd.DataFrame(rows, columns=["zip", "n", "word"]).to_csv(path, index=False)
    t = backend.load(path)
    r = pr.kanon(backend.source(), t, ["zip"], ["n", "word"])
    assert r["t_closeness"] == {"n": 0.0, "word": 0.0}
    for sensitive in ("n", "word"):
        assert pr.t_closeness_failures(backend.source(), t, ["zip"], sensitive, 0).empty


def test_cli_summary_of_several_sensitive_columns_named_in_another_case(capsys):
    """--sensitive INCOME,hours_per_week on a table whose column is income: the run worked, then the
    summary looked the figures up by the names as typed and ended in KeyError: 'INCOME'. It names
    the columns as the table does."""
    path = str(FIXTURES / "adult" / "ori.csv")
    assert main(["kanon", "--table", path, "--qids", "age,sex", "--sensitive", "INCOME,hours_per_week"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if "per sensitive column" in line)
    assert header.split()[3:] == ["income", "hours_per_week"]
    assert "t-closeness             0.277128" in out
