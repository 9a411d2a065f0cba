"""Property-based tests (hypothesis): random small tables with NULLs, duplicate rows, ties and mixed
types (integer, text, boolean, date, float), on every backend, against independent pandas/numpy
oracles: the k-anonymity family and CAVG (tests/oracle.py), mpUCCs with pruning off (a brute-force
union over combinations, written here from docs/metrics/mpuccs.md with SQL NULL semantics), and
Mondrian (tests/mondrian_reference.py)."""

from __future__ import annotations

import datetime as dt
import itertools
import uuid
import warnings

import pandas as pd
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import privrisk_sql as pr
from privrisk_sql.sql.types import TypeClass as T

import oracle
from backends import mondrian_keeping_all
from mondrian_reference import encode, mondrian_reference, partition_sets, released_groups, sensitive_codes

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# Few distinct values per column, so classes, ties and duplicates are common; with values the
# metrics must keep apart or bring together as pandas does: case and trailing-space twins (one
# value to a case- or pad-insensitive collation: MariaDB's 'a' = 'A' = 'a '), -0.0 beside 0.0,
# NaN beside NULL (both missing).
VALUES = {
    T.INTEGER: st.sampled_from([0, 1, 2, -5, None]),
    T.TEXT: st.sampled_from(["a", "A", "a ", "b", "ß", "", "a b", None]),
    T.BOOLEAN: st.sampled_from([True, False, None]),
    T.DATE: st.sampled_from([dt.date(2020, 1, 1), dt.date(1999, 12, 31), None]),
    T.FLOAT: st.sampled_from([0.5, 0.0, -0.0, 2.25, float("nan"), -3.0, None]),
}
KINDS = list(VALUES)


@st.composite
def tables(draw, min_rows=2, max_rows=14):
    """(column kinds, rows); columns q0..q{m-1} of random kinds, then a non-NULL text column s."""
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=3))
    n = draw(st.integers(min_rows, max_rows))
    rows = [tuple(draw(VALUES[k]) for k in kinds) + (draw(st.sampled_from(["x", "y", "z"])),) for _ in range(n)]
    if draw(st.booleans()) and rows:  # exact duplicate rows
        rows += rows[: draw(st.integers(1, len(rows)))]
    return kinds, rows


def _load(backend, kinds, rows):
    name = f"prop_{uuid.uuid4().hex[:12]}"
    cols = [(f"q{i}", k) for i, k in enumerate(kinds)] + [("s", T.TEXT)]
    backend.create(name, cols, rows)
    df = pd.DataFrame(rows, columns=[c for c, _ in cols], dtype=object)
    return name, [c for c, _ in cols[:-1]], df


def _drop(backend, name):
    assert backend.checksum(name) == backend.sources[name]  # untouched by the run
    backend.run(f"DROP TABLE {backend.source().quote(name)}")
    backend.forget(name)
    if hasattr(backend, "created"):
        backend.created.remove(name)


def _released_partitions(backend, out: str, n: int) -> set[frozenset]:
    """The partitions of Mondrian's release ``out`` of rows ``id`` 0..n-1, as sets of ids; every
    input row is in it once."""
    got = pd.DataFrame(
        backend.fetch(f"SELECT id, partition_id FROM {backend.source().quote(out)}"), columns=["id", "partition_id"]
    )
    assert sorted(got["id"]) == list(range(n))
    return released_groups(got)


def _all_null(df, cols):
    return [c for c in cols if df[c].isna().all()]


@SETTINGS
@given(data=tables())
def test_kanon_and_cavg_equal_the_pandas_oracle(backend, data):
    kinds, rows = data
    name, qids, df = _load(backend, kinds, rows)
    try:
        src = backend.source()
        if _all_null(df, qids):
            with pytest.raises(pr.InvalidInputError, match=f"column '{_all_null(df, qids)[0]}' .* has no value in any"):
                pr.kanon(src, name, qids, "s")
            return
        r = pr.kanon(src, name, qids, "s", k=2)
        for key, value in oracle.size_metrics(df, qids).items():
            assert r[key] == pytest.approx(value), key
        o = oracle.sensitive_metrics(df, qids, "s", ordered=False)
        assert r["l_diversity"] == o["l_diversity"]
        assert r["entropy_l_diversity"] == pytest.approx(o["entropy_l_diversity"])
        assert r["t_closeness"] == pytest.approx(o["t_closeness"], abs=1e-12)
        assert r["delta_disclosure"] == pytest.approx(o["delta_disclosure"], rel=1e-12)
        n_classes = len(oracle.classes(df, qids).size())
        assert pr.cavg(src, name, qids, 2).cavg == pytest.approx(len(df) / (n_classes * 2))
    finally:
        _drop(backend, name)


def _mpuccs_oracle(ori_df: pd.DataFrame, syn_df: pd.DataFrame, columns, sizes):
    """Distinct syn rows identified by some combination: unique in de-duplicated syn and matching
    exactly one de-duplicated ori row (NULL equals NULL), every combination evaluated (no pruning)."""

    def dedup(frame):
        # NULL as a marker no generated value equals (pandas hashes strings only up to a NUL byte)
        return frame.astype(object).where(frame.notna(), "<NULL>").drop_duplicates().reset_index(drop=True)

    syn, ori = dedup(syn_df[columns]), dedup(ori_df[columns])
    identified, uniques = set(), {}
    for size in sizes:
        for combo in itertools.combinations(columns, size):
            keys_syn = syn[list(combo)].apply(tuple, axis=1)
            keys_ori = ori[list(combo)].apply(tuple, axis=1).value_counts()
            unique = keys_syn[~keys_syn.duplicated(keep=False)]
            uniques[frozenset(combo)] = len(unique)
            identified |= {i for i, key in unique.items() if keys_ori.get(key, 0) == 1}
    return len(syn), len(ori), len(identified), uniques


@st.composite
def table_pairs(draw):
    """(kinds, ori rows, syn rows): two tables with the same columns, values from the same pools."""
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=3))

    def rows(min_size):
        return draw(
            st.lists(
                st.tuples(*[VALUES[k] for k in kinds], st.sampled_from(["x", "y"])), min_size=min_size, max_size=12
            )
        )

    ori = rows(1)
    return kinds, ori, rows(1) + (ori[: draw(st.integers(0, len(ori)))])  # syn shares some ori rows


@SETTINGS
@given(data=table_pairs())
def test_mpuccs_equals_a_brute_force_oracle(backend, data):
    kinds, ori_rows, syn_rows = data
    o_name, columns, o_df = _load(backend, kinds, ori_rows)
    s_name, _, s_df = _load(backend, kinds, syn_rows)
    columns = columns + ["s"]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # an all-NULL column warns (tested in test_bad_input)
            r = pr.mpuccs(backend.source(), o_name, s_name, columns=columns, min_entropy_delta=-1e9).to_dict()
        sizes = range(1, len(columns) + 1)
        n_syn, n_ori, n_identified, uniques = _mpuccs_oracle(o_df, s_df, columns, sizes)
        g = r["global"]
        assert (g["total_syn_records"], g["total_ori_records"], g["total_identified"]) == (n_syn, n_ori, n_identified)
        assert g["total_combinations_pruned"] == 0
        assert {frozenset(t["field_combo"]): t["mpuccs_cnt"] for t in r["tree"]} == uniques
    finally:
        _drop(backend, o_name)
        _drop(backend, s_name)


@SETTINGS
@given(
    n=st.integers(2, 60),
    k=st.integers(1, 8),
    seed=st.integers(0, 2**16),
    relaxed=st.booleans(),
    median=st.sampled_from(["lower", "interp"]),
)
def test_mondrian_equals_the_reference(backend, n, k, seed, relaxed, median):
    import numpy as np

    rng = np.random.default_rng(seed)
    # Skewed value frequencies (one value often holds most rows) and a binary QID: the median then
    # often sits at a dimension's lowest or highest value, the cases ranked_dims prunes.
    weights = [rng.dirichlet(np.full(m, 0.5)) for m in (4, 4, 3, 2)]
    rows = [
        (
            i,
            int(rng.choice(4, p=weights[0])),
            float(rng.choice([0.5, 1.5, 2.25, 7.0], p=weights[1])),
            str(rng.choice(["b", "a", "c"], p=weights[2])),
            int(rng.choice(2, p=weights[3])),
        )
        for i in range(n)
    ]
    name = f"prop_{uuid.uuid4().hex[:12]}"
    backend.create(name, [("id", T.INTEGER), ("x", T.INTEGER), ("f", T.FLOAT), ("c", T.TEXT), ("b", T.INTEGER)], rows)
    out = f"{name}_out"
    df = pd.DataFrame(rows, columns=["id", "x", "f", "c", "b"])
    qids = ["x", "f", "c", "b"]
    try:
        src = backend.source()
        if n < k:
            with pytest.raises(pr.InvalidInputError, match=f"fewer than k={k}"):
                mondrian_keeping_all(src, name, qids, k, out, median=median, relaxed=relaxed)
            return
        r = mondrian_keeping_all(src, name, qids, k, out, median=median, relaxed=relaxed)
        parts = _released_partitions(backend, out, n)
        ref = partition_sets(mondrian_reference(encode(df, qids), k, median, relaxed), df["id"])
        assert parts == ref
        assert r.min_size >= k
    finally:
        backend.run(f"DROP TABLE IF EXISTS {backend.source().quote(out)}")
        _drop(backend, name)


@SETTINGS
@given(
    n=st.integers(2, 45),
    k=st.integers(1, 5),
    seed=st.integers(0, 2**16),
    sensitive=st.sampled_from([("s",), ("v",), ("s", "v")]),
    l=st.sampled_from([None, 2, 3]),
    t=st.sampled_from([None, 0.0, 0.05, 0.2, 0.5]),
)
def test_mondrian_with_l_and_t_equals_the_reference(backend, n, k, seed, sensitive, l, t):
    """l-diversity and t-closeness as cut constraints (a text column under the equal distance, a
    number under the ordered one, or both), skewed frequencies: partitions as the reference's."""
    import numpy as np

    if l is None and t is None:
        l = 2  # sensitive columns without either are refused (test_mondrian_privacy)
    rng = np.random.default_rng(seed)
    rows = [
        (
            i,
            int(rng.integers(0, 5)),
            str(rng.choice(["a", "b", "c"], p=[0.5, 0.3, 0.2])),
            str(rng.choice(["x", "y", "z", "w"], p=[0.4, 0.3, 0.2, 0.1])),
            int(rng.choice([1, 2, 3, 5, 8])),
        )
        for i in range(n)
    ]
    name = f"prop_{uuid.uuid4().hex[:12]}"
    cols = [("id", T.INTEGER), ("x", T.INTEGER), ("c", T.TEXT), ("s", T.TEXT), ("v", T.INTEGER)]
    backend.create(name, cols, rows)
    out = f"{name}_out"
    df = pd.DataFrame(rows, columns=[c for c, _ in cols])
    qids, sens = ["x", "c"], list(sensitive)
    try:
        src = backend.source()
        few = [s for s in sens if l is not None and df[s].nunique() < l]
        if n < k or few:
            with pytest.raises(pr.InvalidInputError, match=f"fewer than k={k}" if n < k else "distinct"):
                mondrian_keeping_all(src, name, qids, k, out, sensitive=sens, l=l, t=t)
            return
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # k = 1 without l or t
            r = mondrian_keeping_all(src, name, qids, k, out, sensitive=sens, l=l, t=t)
        parts = _released_partitions(backend, out, n)
        codes = [sensitive_codes(df, s) for s in sens]
        assert parts == partition_sets(mondrian_reference(encode(df, qids), k, sensitive=codes, l=l, t=t), df["id"])
        assert r.min_size >= k
    finally:
        backend.run(f"DROP TABLE IF EXISTS {backend.source().quote(out)}")
        _drop(backend, name)


@st.composite
def samples_in_populations(draw):
    """(kinds, sample rows, population rows): each row the QIDs then a weight; the population holds
    some of the sample's rows and others, so classes are missing, smaller or larger there."""
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=3))
    # weights: 1.0000001 puts F just above f, where the closed forms of individual risk cancel
    row = st.tuples(*[VALUES[k] for k in kinds], st.sampled_from([1.0, 1.0000001, 2.5, 10.0]))
    sample = draw(st.lists(row, min_size=1, max_size=12))
    kept = draw(st.lists(st.sampled_from(sample), max_size=len(sample)))
    return kinds, sample, kept + draw(st.lists(row, min_size=1, max_size=12))


@SETTINGS
@given(data=samples_in_populations())
def test_risk_equals_the_pandas_oracle(backend, data):
    """Every attacker model against tests/oracle.py on random tables (VALUES), with the records
    table read by key."""
    kinds, sample_rows, population_rows = data
    cols = [(f"q{i}", k) for i, k in enumerate(kinds)]
    qids = [c for c, _ in cols]
    sample, population, records = (f"{p}_{uuid.uuid4().hex[:12]}" for p in ("rs", "rp", "rr"))
    keyed = [(i, *r) for i, r in enumerate(sample_rows)]
    backend.create(sample, [("id", T.INTEGER), *cols, ("w", T.FLOAT)], keyed)
    backend.create(population, [*cols, ("w", T.FLOAT)], population_rows)
    names = [*qids, "w"]
    s_df = pd.DataFrame([r[1:] for r in keyed], columns=names, dtype=object)
    p_df = pd.DataFrame(population_rows, columns=names, dtype=object)
    for frame in (s_df, p_df):  # NaN is NULL to every metric; -0.0 is 0.0 (pandas groups them so)
        for c, k in cols:
            if k is T.FLOAT:
                frame[c] = frame[c].map(lambda v: None if v is None or v != v else v + 0.0)
    s_df["w"] = s_df["w"].astype(float)
    src = backend.source()
    try:
        missing = [c for c in qids if s_df[c].isna().all()]
        if missing:  # a QID missing in every row tells no record apart: refused first, as kanon does
            with pytest.raises(pr.InvalidInputError, match=f"column '{missing[0]}' .* has no value in any"):
                pr.risk(src, sample, qids, population=population)
            return
        if _disjoint(s_df, p_df, qids):  # a population sharing no class with the sample: refused
            with pytest.raises(pr.InvalidInputError, match="no class of"):
                pr.risk(src, sample, qids, population=population)
            return
        r = pr.risk(src, sample, qids, threshold=0.4, population=population, weight="w", records=records, key="id")
        for key, value in oracle.risk_prosecutor(s_df, qids, 0.4).items():
            assert r.prosecutor[key] == pytest.approx(value), key
        j = oracle.risk_journalist(s_df, p_df, qids, 0.4)
        for key in ("records_at_risk", "highest_risk", "lowest_risk", "success_rate"):
            assert r.journalist[key] == pytest.approx(j[key]), key
        assert r.marketer["success_rate"] == pytest.approx(j["marketer"]) and r.k_map["k"] == j["k"]
        assert r.delta_presence["min"] == pytest.approx(j["delta_min"])
        for key, value in oracle.risk_individual(s_df, qids, "w", 0.4).items():
            assert r.individual[key] == pytest.approx(value), key
        sizes = s_df.groupby(qids, dropna=False)["w"].transform("size")
        got = {int(i): int(size) for i, size in backend.fetch(f"SELECT id, class_size FROM {src.quote(records)}")}
        assert got == {i: int(size) for i, size in enumerate(sizes)}
    finally:
        backend.run(f"DROP TABLE IF EXISTS {src.quote(records)}")
        _drop(backend, population)
        _drop(backend, sample)


def _disjoint(s_df: pd.DataFrame, p_df: pd.DataFrame, qids) -> bool:
    """Whether no row of the sample has its QID values in the population (NULL equals NULL)."""

    def keys(frame: pd.DataFrame) -> set:
        return set(frame[qids].astype(object).where(frame[qids].notna(), "<NULL>").apply(tuple, axis=1))

    return not keys(s_df) & keys(p_df)


# N as a multiple of the sample's n, or a number of people: 10^9 and 10^15 put f below 1e-8.
_POPULATIONS = [1, 2, 10, 1000, 10**9, 10**15]


@settings(max_examples=300, deadline=None)
@given(
    hist=st.dictionaries(
        st.sampled_from([1, 2, 3, 4, 5, 10, 50, 1000]),
        st.one_of(st.sampled_from([1, 2, 3]), st.integers(1, 10_000)),  # few classes of a size: often
        min_size=1,
        max_size=6,
    ),
    population=st.sampled_from(_POPULATIONS),
)
@example(hist={1: 1}, population=10**9)  # a one-row sample: SNB divided by 0 (a traceback)
@example(hist={1: 2005}, population=10**9)  # a sample of uniques: Zayatz gave N(1 + 2e-16)
def test_population_models_give_a_number_of_people_or_a_reason(hist, population):
    """Every population model, on any frequency of frequencies and any N from n to 10^15: a number
    of population uniques in [0, N], or None with its reason; never an exception."""
    from privrisk_sql.metrics.risk import population as models

    n = sum(f * c for f, c in hist.items())
    size = n * population if population < 10**9 else max(population, n)
    est = models.estimate(hist, n, size)
    for model, value in est.uniques.items():
        if value is None:
            assert est.reasons[model], model
        else:
            assert 0 <= value <= size, (model, value)


@st.composite
def uneven_trees(draw, values):
    """ARX rows (value;...;root) of a random tree over ``values``: groups of one, two or more
    children, values at any depth (an uneven tree), every group label its own."""
    labels = itertools.count()
    rows = []

    def place(vals, path):
        if len(vals) == 1 or len(path) > 4 or draw(st.booleans()):
            cut = len(vals)  # the rest hang here as values
        else:
            cut = draw(st.integers(0, len(vals) - 1))
        rows.extend([v, *reversed(path)] for v in vals[:cut])
        rest = vals[cut:]
        while rest:
            size = draw(st.integers(1, len(rest)))
            place(rest[:size], [*path, f"G{next(labels)}"])
            rest = rest[size:]

    place(list(values), ["*"])
    return rows


@SETTINGS
@given(data=st.data(), n=st.integers(2, 50), k=st.integers(1, 6), seed=st.integers(0, 2**16))
def test_mondrian_over_random_uneven_hierarchies_equals_the_reference(backend, data, n, k, seed):
    """Random trees (one-child groups, values at every depth) over two text QIDs beside a number,
    with l-diversity and t-closeness on a sensitive column (each half the time; a hierarchy's cut
    has a side per child): partitions and labels as the reference's.
    Half the time c has NULLs, with nulls="separate": NULL is a leaf of its own under the root,
    which the reference cuts as a stand-in value there (its label NULL in the output)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    c_values, d_values = ["p", "q", "r", "s", "t"], ["u", "v", "w"]
    trees = {"c": data.draw(uneven_trees(c_values)), "d": data.draw(uneven_trees(d_values))}
    c_weights, d_weights = rng.dirichlet(np.full(5, 0.5)), rng.dirichlet(np.full(3, 0.5))
    rows = [
        (
            i,
            int(rng.integers(0, 4)),
            str(rng.choice(c_values, p=c_weights)),
            str(rng.choice(d_values, p=d_weights)),
            str(rng.choice(["x", "y", "z"])),
        )
        for i in range(n)
    ]
    with_nulls = data.draw(st.booleans())
    if with_nulls:
        rows = [(i, x, None if rng.random() < 0.2 else c, d, s) for i, x, c, d, s in rows]
    l_div = data.draw(st.sampled_from([None, 2]))
    t_close = data.draw(st.sampled_from([None, None, 0.0, 0.2, 0.4]))
    name = f"prop_{uuid.uuid4().hex[:12]}"
    backend.create(name, [("id", T.INTEGER), ("x", T.INTEGER), ("c", T.TEXT), ("d", T.TEXT), ("s", T.TEXT)], rows)
    out = f"{name}_out"
    df = pd.DataFrame(rows, columns=["id", "x", "c", "d", "s"])
    qids, sensitive = ["x", "c", "d"], ["s"] if l_div or t_close is not None else []
    options = dict(
        hierarchies=trees, l=l_div, t=t_close, sensitive=sensitive, nulls="separate" if with_nulls else "error"
    )
    stand_in = "~null"  # NULL's place in the reference's tree: the root's first child
    ref_trees = {**trees, "c": [[stand_in, "*"]] + trees["c"]} if df["c"].isna().any() else trees
    df = df.assign(c=df["c"].fillna(stand_in))
    try:
        src = backend.source()
        encoded = encode(df, qids, hierarchies=ref_trees)
        if n < k or (l_div and df["s"].nunique() < l_div) or (df["c"] == stand_in).all():
            with pytest.raises(pr.InvalidInputError):
                mondrian_keeping_all(src, name, qids, k, out, **options)
            return
        r = mondrian_keeping_all(src, name, qids, k, out, **options)
        got = pd.DataFrame(
            backend.fetch(f"SELECT id, partition_id, c_gen, d_gen FROM {src.quote(out)}"),
            columns=["id", "pid", "c_gen", "d_gen"],
        ).fillna({"c_gen": stand_in})
        ref = mondrian_reference(encoded, k, sensitive=[sensitive_codes(df, s) for s in sensitive], l=l_div, t=t_close)
        assert {frozenset(g["id"].tolist()) for _, g in got.groupby("pid")} == partition_sets(ref, df["id"])
        assert r.min_size >= k and sorted(got["id"]) == list(range(n))
        for q, tree in ((1, encoded.trees[1]), (2, encoded.trees[2])):
            col = qids[q]
            for part in ref:
                # the label is the lowest node holding every value of the partition
                common = tree.lowest_common(df[col].iloc[part])
                labels = set(got.set_index("id").loc[df["id"].iloc[part], f"{col}_gen"])
                assert labels == {common[-1]}, (col, part, labels, common)
            # NCP: the share of the values under each partition's label, weighted by its rows
            share = sum(len(part) * tree.share(tree.lowest_common(df[col].iloc[part])) for part in ref)
            assert r.ncp[col] == pytest.approx(share / n)
    finally:
        backend.run(f"DROP TABLE IF EXISTS {backend.source().quote(out)}")
        _drop(backend, name)


@SETTINGS
@given(
    n=st.integers(2, 50),
    k=st.integers(1, 6),
    seed=st.integers(0, 2**16),
    median=st.sampled_from(["lower", "interp"]),
    ordered=st.booleans(),
)
# NULL's code (one scale below the smallest value held) was the rank of the --order value 'c' the
# rows lack: the NULL row was labelled 'c', then lost by the output join ("table changed")
@example(n=2, k=1, seed=2, median="lower", ordered=True)
def test_mondrian_with_nulls_as_a_value_equals_the_reference(backend, n, k, seed, median, ordered):
    """nulls='separate' with NULL in a number, a float and a text QID (a category, or ranked by
    --order), skewed frequencies: partitions as the reference's."""
    import numpy as np

    rng = np.random.default_rng(seed)
    p_null = rng.uniform(0, 0.5, size=3)

    def maybe(value, i):
        return None if rng.uniform() < p_null[i] else value

    rows = [
        (
            i,
            maybe(int(rng.integers(0, 4)), 0),
            maybe(float(rng.choice([0.5, 1.5, 2.25, 7.0])), 1),
            maybe(str(rng.choice(["b", "a", "c", "d"], p=[0.5, 0.2, 0.2, 0.1])), 2),
        )
        for i in range(n)
    ]
    name = f"prop_{uuid.uuid4().hex[:12]}"
    backend.create(name, [("id", T.INTEGER), ("x", T.INTEGER), ("f", T.FLOAT), ("c", T.TEXT)], rows)
    out = f"{name}_out"
    df = pd.DataFrame(rows, columns=["id", "x", "f", "c"])
    qids = ["x", "f", "c"]
    order = {"c": ["d", "c", "b", "a"]} if ordered else {}
    try:
        src = backend.source()
        if n < k:
            with pytest.raises(pr.InvalidInputError):
                mondrian_keeping_all(src, name, qids, k, out, median=median, nulls="separate", order=order)
            return
        if any(df[q].isna().all() for q in qids):
            with pytest.raises(pr.InvalidInputError, match="has no value in any of its"):
                mondrian_keeping_all(src, name, qids, k, out, median=median, nulls="separate", order=order)
            return
        r = mondrian_keeping_all(src, name, qids, k, out, median=median, nulls="separate", order=order)
        parts = _released_partitions(backend, out, n)
        ref = mondrian_reference(encode(df, qids, nulls="separate", order=order), k, median)
        assert parts == partition_sets(ref, df["id"])
        assert r.min_size >= k
        # a partition of NULLs alone is labelled NULL; one that also holds values, never NULL
        labels = dict(backend.fetch(f"SELECT id, c_gen FROM {src.quote(out)}"))
        for part in ref:
            held = df["c"].iloc[part]
            gens = {labels[i] for i in df["id"].iloc[part]}
            assert gens == {None} if held.isna().all() else None not in gens
    finally:
        backend.run(f"DROP TABLE IF EXISTS {backend.source().quote(out)}")
        _drop(backend, name)


@SETTINGS
@given(n=st.integers(2, 40), k=st.integers(1, 5), seed=st.integers(0, 2**16))
@example(n=20, k=1, seed=0)  # MariaDB before its TINYINT(1) was read as a boolean: other partitions
def test_mondrian_over_booleans_and_dates_with_nulls_equals_the_reference(backend, n, k, seed):
    """nulls='separate' over a BOOLEAN, a DATE and a TIMESTAMP QID, each missing in some rows:
    partitions as the reference's on every engine. Its first run found MariaDB's BOOLEAN (a
    TINYINT(1)) cut as a range of three numbers where the other engines cut a category."""
    import datetime as dt

    import numpy as np

    rng = np.random.default_rng(seed)
    p_null = rng.uniform(0, 0.5, size=3)
    p_true = rng.uniform(0.1, 0.9)

    def maybe(value, i):
        return None if rng.uniform() < p_null[i] else value

    day = dt.date(2020, 1, 1)
    rows = [
        (
            i,
            maybe(bool(rng.uniform() < p_true), 0),
            maybe(day + dt.timedelta(days=int(rng.integers(0, 5)) * 30), 1),
            maybe(dt.datetime(2021, 5, 1) + dt.timedelta(hours=int(rng.integers(0, 4)) * 7), 2),
        )
        for i in range(n)
    ]
    name = f"prop_{uuid.uuid4().hex[:12]}"
    backend.create(name, [("id", T.INTEGER), ("b", T.BOOLEAN), ("d", T.DATE), ("ts", T.TIMESTAMP)], rows)
    out = f"{name}_out"
    df = pd.DataFrame(rows, columns=["id", "b", "d", "ts"])
    df["b"] = df["b"].astype(object)
    df["d"], df["ts"] = pd.to_datetime(df["d"]), pd.to_datetime(df["ts"])
    qids = ["b", "d", "ts"]
    try:
        src = backend.source()
        if n < k or any(df[q].isna().all() for q in qids):
            with pytest.raises(pr.InvalidInputError):
                mondrian_keeping_all(src, name, qids, k, out, nulls="separate")
            return
        r = mondrian_keeping_all(src, name, qids, k, out, nulls="separate")
        parts = _released_partitions(backend, out, n)
        assert parts == partition_sets(mondrian_reference(encode(df, qids, nulls="separate"), k), df["id"])
        assert r.min_size >= k
    finally:
        backend.run(f"DROP TABLE IF EXISTS {backend.source().quote(out)}")
        _drop(backend, name)


@SETTINGS
@given(data=samples_in_populations(), counts=st.lists(st.integers(0, 3), min_size=24, max_size=24))
def test_a_census_with_counts_equals_its_rows_spelled_out(backend, data, counts):
    """`population_count`: a population row standing for c people (c >= 0) is c rows of it, and
    `population_qids` only renames: every population figure equals that of the spelled-out table."""
    kinds, sample_rows, population_rows = data
    cols = [(f"q{i}", k) for i, k in enumerate(kinds)]
    qids = [c for c, _ in cols]
    census_rows = [(*r[:-1], counts[i % len(counts)]) for i, r in enumerate(population_rows)]
    spelled_rows = [r[:-1] for r in census_rows for _ in range(r[-1])]
    sample, census, spelled = (f"{p}_{uuid.uuid4().hex[:12]}" for p in ("cs", "cc", "cx"))
    backend.create(sample, [*cols, ("w", T.FLOAT)], sample_rows)
    backend.create(census, [*[(f"p{i}", k) for i, k in enumerate(kinds)], ("people", T.INTEGER)], census_rows)
    backend.create(spelled, cols, spelled_rows or [tuple(None for _ in cols)])
    src = backend.source()
    try:

        def run(**population):
            try:
                r = pr.risk(src, sample, qids, threshold=0.4, **population)
            except pr.InvalidInputError as e:
                return type(e).__name__
            return (r.journalist, r.marketer, r.k_map, r.delta_presence, r.prosecutor)

        if not spelled_rows:  # nobody in the census; its spelled-out twin is one row of NULLs
            got = run(
                population=census, population_qids=[f"p{i}" for i in range(len(kinds))], population_count="people"
            )
            assert isinstance(got, str)
            return
        got = run(population=census, population_qids=[f"p{i}" for i in range(len(kinds))], population_count="people")
        want = run(population=spelled)
        assert _close(got, want), (got, want)
    finally:
        for name in (spelled, census, sample):
            _drop(backend, name)


def _close(a, b) -> bool:
    """Equal, floats within 1e-9 relative, through dicts, lists and tuples."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, (int, float)):
        return b == pytest.approx(a, rel=1e-9)
    return a == b


@SETTINGS
@given(
    q_kind=st.sampled_from(KINDS),
    s_kind=st.sampled_from([T.INTEGER, T.FLOAT, T.TEXT]),
    data=st.data(),
)
def test_sensitive_measures_with_missing_values_equal_the_oracle(backend, q_kind, s_kind, data):
    """A sensitive column holding NULL (and NaN): a value of its own for l, alpha, entropy,
    recursive (c,l), beta-likeness, delta-disclosure and the equal distance; left out of the
    ordered distance of a numeric one (each class against the table over their non-NULL values)."""
    rows = data.draw(st.lists(st.tuples(VALUES[q_kind], VALUES[s_kind]), min_size=2, max_size=14))
    name = f"prop_{uuid.uuid4().hex[:12]}"
    backend.create(name, [("q", q_kind), ("s", s_kind)], rows)
    df = pd.DataFrame(rows, columns=["q", "s"], dtype=object)
    for column, kind in (("q", q_kind), ("s", s_kind)):
        if kind is T.FLOAT:  # NaN is NULL, -0.0 is 0.0
            df[column] = df[column].map(lambda v: None if v is None or v != v else v + 0.0)
    if s_kind is not T.TEXT:
        df["s"] = pd.to_numeric(df["s"])
    try:
        src = backend.source()
        missing = [c for c in ("q", "s") if df[c].isna().all()]
        if missing:
            with pytest.raises(pr.InvalidInputError, match=f"'{missing[0]}'"):
                pr.kanon(src, name, ["q"], "s")
            return
        r = pr.kanon(src, name, ["q"], "s")
        o = oracle.sensitive_metrics(df, ["q"], "s", ordered=s_kind is not T.TEXT)
        assert r["l_diversity"] == o["l_diversity"]
        assert r["recursive_c_l"]["c"] == o["recursive_c"]
        for key in ("entropy_l_diversity", "basic_beta_likeness", "enhanced_beta_likeness", "delta_disclosure"):
            assert r[key] == pytest.approx(o[key], rel=1e-9), key
        assert r["alpha_k"]["alpha"] == pytest.approx(o["alpha"], rel=1e-9)
        assert r["t_closeness"] == pytest.approx(o["t_closeness"], rel=1e-9, abs=1e-12)
    finally:
        _drop(backend, name)
