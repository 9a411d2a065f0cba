"""The risk metric (privrisk_sql/metrics/risk): ARX's published figures, a hand-checked sample in a
population, an independent pandas/scipy oracle (tests/oracle.py), and bad input, on every backend."""

from __future__ import annotations

import datetime as dt
import json
import math
import re
import subprocess
import sys
import uuid
import warnings

import duckdb
import pandas as pd
import pytest

import privrisk_sql as pr
from privrisk_sql.metrics.risk import population as pop_models
from privrisk_sql.metrics.risk.models import individual_risk
from privrisk_sql.sql.types import TypeClass as T

import oracle
from backends import FIXTURES

ARX_ADULT = FIXTURES / "arx_adult" / "adult.csv"
ARX_QIDS = [
    "sex",
    "age",
    "race",
    "marital-status",
    "education",
    "native-country",
    "workclass",
    "occupation",
    "salary-class",
]


def close(a, b, rel=1e-9):
    return a is not None and math.isclose(a, b, rel_tol=rel, abs_tol=1e-15)


def _pitman_uniques(theta: float, alpha: float, big: int) -> float:
    """Pitman's population uniques at (theta, alpha) for a population of ``big``:
    Gamma(theta + 1) / Gamma(theta + alpha) * N^alpha."""
    from scipy.special import gammaln

    return math.exp(gammaln(theta + 1) - gammaln(theta + alpha) + alpha * math.log(big))


# -- ARX's own test constants (TestRiskMetrics.java on its data/adult.csv) ---------------------------
@pytest.fixture(scope="module")
def arx_adult_hist():
    df = pd.read_csv(ARX_ADULT, sep=";", dtype=str, keep_default_na=False)
    sizes = df.groupby(ARX_QIDS).size()
    return {int(k): int(v) for k, v in sizes.value_counts().items()}, len(df)


@pytest.mark.parametrize(
    "fraction,expected,model",
    [
        (0.1, 0.27684993883653597, "pitman"),
        (0.2, 0.3577099234829125, "zayatz"),
        (0.01, 0.1446083531167384, "pitman"),
        (1.0, 0.5142895033485844, "zayatz"),
    ],
)
def test_dankar_equals_arx_constants(arx_adult_hist, fraction, expected, model):
    hist, n = arx_adult_hist
    est = pop_models.estimate(hist, n, round(n / fraction))  # ARX: N = round(n / fraction)
    assert est.dankar_model == model
    assert close(est.fractions()["dankar"], expected)


def test_zayatz_equals_arx_alternative_constant(arx_adult_hist):
    """ARX's test accepts 0.3207402393466189 at fraction 0.1 when Zayatz is chosen: it is Zayatz's value."""
    hist, n = arx_adult_hist
    assert close(pop_models.estimate(hist, n, round(n / 0.1)).fractions()["zayatz"], 0.3207402393466189)


def test_average_risk_equals_arx_on_the_database(duck, tmp_path):
    # ARX reads ';'-separated text: the same file as a DuckDB table of text columns.
    path = tmp_path / "adult.csv"
    pd.read_csv(ARX_ADULT, sep=";", dtype=str, keep_default_na=False).to_csv(path, index=False)
    r = pr.risk(None, str(path), ARX_QIDS, population_size=round(30162 / 0.1))
    assert r.prosecutor["average_risk"] == 0.6465751607983555  # ARX asserts it with ==
    assert r.prosecutor["highest_risk"] == 1.0
    assert close(r.population["uniques"]["dankar"], 0.27684993883653597)
    assert r.population["uniques"]["dankar_model"] == "pitman"


def test_adult_with_a_class_of_8566_gets_pitmans_maximum_on_the_database(duck):
    """`risk --qids marital_status,relationship,workclass --population-size 325610` on UCI Adult
    ended in an OverflowError traceback (SNB's class estimate); with that mended, Pitman had no
    estimate from ARX's start, so Dankar's rule took Zayatz. Now Dankar's figure is Pitman's at the
    likelihood's maximum, which the oracle's direct search finds."""

    qids = ["marital_status", "relationship", "workclass"]
    hist, n = _fixture_hist("adult/ori.csv", qids)
    big = round(n / 0.1)
    r = pr.risk(None, str(FIXTURES / "adult" / "ori.csv"), qids, population_size=big)
    theta, alpha = oracle.pitman_maximum_likelihood(hist, n)
    expected = _pitman_uniques(theta, alpha, big) / big
    assert r.population["uniques"]["dankar_model"] == "pitman"
    assert close(r.population["uniques"]["dankar"], expected, rel=1e-5)
    assert r.population["uniques"]["zayatz"] is not None


@pytest.mark.parametrize("fraction", [0.01, 0.1, 0.5])
def test_population_estimates_do_not_depend_on_the_histograms_order(arx_adult_hist, fraction):
    # The class-size rows come back in the database's order. Pitman's estimate moved in its 12th
    # digit with it (1058.5482258211707 and 1058.548225821212 people, the same table twice).
    hist, n = arx_adult_hist
    big = round(n / fraction)
    forward = pop_models.estimate(dict(sorted(hist.items())), n, big)
    backward = pop_models.estimate(dict(sorted(hist.items(), reverse=True)), n, big)
    shuffled = pop_models.estimate(dict(sorted(hist.items(), key=lambda kv: (kv[0] * 7919) % 101)), n, big)
    assert forward.fractions() == backward.fractions() == shuffled.fractions()
    assert forward.fractions()["pitman"] is not None


def test_population_beyond_two_to_the_31_works(arx_adult_hist):
    hist, n = arx_adult_hist
    big = 3 * 2**31
    est = pop_models.estimate(hist, n, big)
    z = est.fractions()["zayatz"]
    assert z is not None and 0 < z < 1
    # Zayatz in exact rational arithmetic at the same N (scipy's hypergeom is 5e-7 off there)
    df = pd.read_csv(ARX_ADULT, sep=";", dtype=str, keep_default_na=False)
    assert close(z, oracle.risk_zayatz_fraction(df, ARX_QIDS, big))


def test_hypergeometric_equals_exact_fractions_and_scipy():
    from scipy.stats import hypergeom

    for big_n, k, n in [
        (100, 1, 10),
        (100, 5, 10),
        (1000, 20, 300),
        (50, 45, 10),
        (10**7, 7, 12345),
        (3 * 2**31, 40, 30162),
    ]:
        ours = pop_models.hypergeometric_one(big_n, k, n)
        assert close(ours, float(oracle.exact_hypergeometric_one(big_n, k, n)), rel=1e-12)
        if big_n <= 1000:  # scipy's log-gamma form drifts with N (3e-10 at 1e7, 5e-7 at 6e9)
            assert close(ours, hypergeom(big_n, k, n).pmf(1), rel=1e-10)


def test_no_place_left_for_a_class_is_zero_without_a_warning():
    """A class bigger than the places the draw leaves has P(X = 1) = 0: numpy evaluated log1p of
    -1.5 on the side np.where throws away, and a notebook showed two RuntimeWarnings."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pop_models.hypergeometric_one(50, 45, 10) == float(oracle.exact_hypergeometric_one(50, 45, 10)) == 0
        est = pop_models.estimate({1: 3, 9: 1}, 12, 13)
    # scipy's reason came with a line break in it, which broke the summary's line
    assert est.uniques["pitman"] is None and "\n" not in est.reasons["pitman"]


def test_pitman_equals_a_direct_search_of_its_likelihood(arx_adult_hist):
    """Pitman's estimate from (theta, alpha) found by Nelder-Mead on the sampling formula's
    log-likelihood (tests/oracle.py: no score equations), beside ARX's constants above."""

    hist, n = arx_adult_hist
    theta, alpha = oracle.pitman_maximum_likelihood(hist, n)
    for fraction in (0.1, 0.01):
        big = round(n / fraction)
        expected = _pitman_uniques(theta, alpha, big)
        assert close(pop_models.pitman(hist, n, big)[0], expected, rel=1e-6)


# Samples whose likelihood is highest inside Pitman's model while the solver, from ARX's start
# alone, ended outside it or nowhere (found by comparing 566 samples of the fixtures with the oracle).
SOLVER_LOST_ITS_WAY = [
    ("german_credit/ori.csv", ["duration_months", "credit_history"]),  # xtol too small
    ("german_credit/ori.csv", ["duration_months", "other_debtors"]),  # no progress
    ("german_credit/ori.csv", ["present_employment", "installment_rate", "other_debtors"]),  # theta < 0
    ("wage_islr/ori.csv", ["maritl", "race", "health"]),  # alpha < 0; the maximum at alpha = 0.0049
    ("adult/ori.csv", ["marital_status", "relationship", "workclass"]),
    ("arx_adult/adult.csv", ["age", "native-country"]),  # alpha = 0.54
]


def _fixture_hist(path: str, qids: list[str]) -> tuple[dict[int, int], int]:
    df = pd.read_csv(FIXTURES / path, sep=None, engine="python")
    return {int(k): int(v) for k, v in df.groupby(qids, dropna=False).size().value_counts().items()}, len(df)


@pytest.mark.parametrize(("path", "qids"), SOLVER_LOST_ITS_WAY, ids=lambda v: v if isinstance(v, str) else ",".join(v))
def test_pitman_finds_the_maximum_where_arx_start_leads_nowhere(path, qids):
    """These samples had no Pitman estimate ("did not converge", "lies outside the model"), so
    Dankar's rule fell back to Zayatz at f <= 0.1; the maximum the oracle's direct search finds lies
    inside the model, and Pitman's estimate now comes from it."""

    hist, n = _fixture_hist(path, qids)
    theta, alpha = oracle.pitman_maximum_likelihood(hist, n)
    assert theta > 0 and 1e-3 < alpha < 1
    for fraction in (0.1, 0.01):
        big = round(n / fraction)
        expected = _pitman_uniques(theta, alpha, big)
        uniques, reason = pop_models.pitman(hist, n, big)
        assert uniques is not None and close(uniques, expected, rel=1e-5), reason
        est = pop_models.estimate(hist, n, big)
        assert est.dankar_model == "pitman" and est.uniques["dankar"] == uniques


SWEPT_COLUMNS = {
    "adult/ori.csv": [
        "age",
        "sex",
        "race",
        "education",
        "marital_status",
        "relationship",
        "workclass",
        "native_country",
    ],
    "german_credit/ori.csv": None,  # None: the first 8 columns of fewer than 80 values
    "wage_islr/ori.csv": None,
    "arx_adult/adult.csv": None,
}


@pytest.mark.full  # about 15 s: 283 samples, each searched by Nelder-Mead from 8 starts
def test_pitman_equals_the_direct_search_on_every_small_qid_set_of_the_fixtures():
    """Every set of 1 to 3 QIDs among 8 columns of each fixture with sample uniques, at f = 0.1 and
    0.01: where the oracle's maximum lies inside the model Pitman's estimate is the oracle's, where
    it lies on the edge alpha = 0 the reason says so. 63 of the 283 had no estimate before."""
    import itertools

    checked = 0
    for path, columns in SWEPT_COLUMNS.items():
        df = pd.read_csv(FIXTURES / path, sep=None, engine="python")
        columns = columns or [c for c in df.columns if df[c].nunique() < 80][:8]
        for qids in (q for r in (1, 2, 3) for q in itertools.combinations(columns, r)):
            sizes = df.groupby(list(qids), dropna=False).size()
            hist = {int(k): int(v) for k, v in sizes.value_counts().items()}
            if hist.get(1, 0) == 0:
                continue
            theta, alpha = oracle.pitman_maximum_likelihood(hist, len(df))
            for fraction in (0.1, 0.01):
                big = round(len(df) / fraction)
                uniques, reason = pop_models.pitman(hist, len(df), big)
                if alpha > 1e-4:
                    expected = _pitman_uniques(theta, alpha, big)
                    assert uniques is not None and close(uniques, expected, rel=1e-4), (path, qids, fraction, reason)
                    checked += 1
                elif alpha < 1e-7:
                    assert uniques is None and "edge of Pitman's model" in reason, (path, qids, fraction, reason)
                    checked += 1
    assert checked > 500


def test_snb_classes_of_a_large_class_as_arx_formula_in_exact_arithmetic():
    """UCI Adult on marital status, relationship, workclass has a class of 8,566 records; at
    f = 0.1 ARX's (1 + f)^i in SNB's class estimate passed the largest double, and
    `risk --population-size 325610` ended in an OverflowError traceback. ARX's formula (its "- 1"
    once per class size included), evaluated in exact rational arithmetic, is the oracle."""
    from fractions import Fraction

    hist, n = _fixture_hist("adult/ori.csv", ["marital_status", "relationship", "workclass"])
    assert max(hist) > 7447  # 1.1^7448 is beyond a double
    f = Fraction(1, 10)
    v1 = sum(i * f**2 * (1 - f**2) ** (i - 1) * c for i, c in hist.items())
    v2 = sum((1 - f) ** i * c * (1 + f) ** i - 1 for i, c in hist.items())
    v3 = sum((1 - f) ** i * c for i, c in hist.items())
    v4 = sum(i * f * (1 - f) ** (i - 1) * c for i, c in hist.items())
    expected = sum(hist.values()) + hist[1] * (v1 / v2) * (v3 / v4) ** 2
    assert close(pop_models._snb_classes(hist, sum(hist.values()), float(hist[1]), 0.1), float(expected), rel=1e-12)
    est = pop_models.estimate(hist, n, round(n / 0.1))
    assert est.uniques["zayatz"] is not None and set(est.reasons) <= {"snb"}


def test_pitman_at_the_edge_of_its_model_says_so():
    """Adult on age, sex, race: the likelihood is highest at alpha = 0, where Pitman's model gives
    no estimate; the reason was the solver's "The number of calls to function has reached
    maxfev = 200", which says nothing a user can act on."""
    df = pd.read_csv(FIXTURES / "adult" / "ori.csv")
    hist = {int(k): int(v) for k, v in df.groupby(["age", "sex", "race"]).size().value_counts().items()}
    theta, alpha = oracle.pitman_maximum_likelihood(hist, len(df))
    assert alpha < 1e-6  # the direct search finds the edge too
    uniques, reason = pop_models.pitman(hist, len(df), 300_000)
    assert uniques is None
    found = re.fullmatch(
        r"the likelihood is highest at alpha = 0, theta = ([0-9.]+): the edge of Pitman's model, .*", reason
    )
    assert found and close(float(found.group(1)), theta, rel=1e-5), reason


def test_pitman_on_a_sample_of_uniques_says_so():
    """German credit on duration, purpose and credit amount: every one of the 1,000 records is
    unique. The reason was "the solution lies outside the model (theta=-499.5, alpha=0.999)";
    the likelihood has no maximum there (it tends to 1 as alpha -> 1), as the oracle's search,
    which ends at alpha = 1 - 1e-9, shows."""
    hist, n = _fixture_hist("german_credit/ori.csv", ["duration_months", "purpose", "credit_amount"])
    assert hist == {1: n}
    assert oracle.pitman_maximum_likelihood(hist, n)[1] > 1 - 1e-6
    uniques, reason = pop_models.pitman(hist, n, 100 * n)
    assert uniques is None and reason.startswith("every record of the sample is unique")
    est = pop_models.estimate(hist, n, 100 * n)
    assert est.dankar_model == "zayatz" and est.uniques["dankar"] is not None


def test_no_sample_uniques_means_no_population_uniques():
    est = pop_models.estimate({2: 5, 3: 1}, 13, 1000)
    assert est.uniques == {"zayatz": 0.0, "pitman": 0.0, "snb": 0.0, "dankar": 0.0}


def test_a_failing_model_says_why_never_zero():
    est = pop_models.estimate({1: 3, 2: 1}, 5, 5)  # the whole population: SNB has no model
    assert est.uniques["snb"] is None and est.reasons["snb"]


def test_a_one_record_sample_of_a_large_population_gets_reasons_not_a_traceback():
    """SNB's estimate of the population's classes divided by (1 - f)(1 + f) - 1, which is 0 in
    floats below f = 1e-8: `risk --population-size 1000000000` of a one-row table ended in a
    ZeroDivisionError traceback. SNB now says it has no estimate, as ARX's NaN does."""
    est = pop_models.estimate({1: 1}, 1, 10**9)
    assert est.uniques["snb"] is None and "population classes" in est.reasons["snb"]
    assert est.uniques["zayatz"] == pytest.approx(10**9, rel=1e-12)  # one record, a sample unique: N


def test_a_sample_of_uniques_is_at_most_the_whole_population_unique():
    # Zayatz gives exactly N when every record is a sample unique; rounding made it N(1 + 2e-16),
    # a fraction of 1.0000000000000002 in the JSON.
    est = pop_models.estimate({1: 2005}, 2005, 10**9)
    assert est.uniques["zayatz"] == 10**9 and est.fractions()["zayatz"] == 1.0


# -- a 10-row sample inside a 20-row population, every figure by hand -------------------------------
SAMPLE = [  # (id, zip, sex, weight)
    (1, "a", "m", 2.0),
    (2, "a", "m", 2.0),
    (3, "a", "m", 2.0),  # class am: f=3
    (4, "a", "f", 2.0),
    (5, "a", "f", 2.0),  # class af: f=2
    (6, "b", "m", 4.0),  # class bm: f=1
    (7, "b", "f", 1.0),  # class bf: f=1, weight 1: its own population
    (8, "c", None, 3.0),
    (9, "c", None, 3.0),  # class c/NULL: f=2 (NULL is a value)
    (10, "d", "m", 5.0),  # class dm: f=1
]
POPULATION_EXTRA = [  # the population = the sample + these 10 people
    ("a", "m"),
    ("a", "f"),
    ("a", "f"),
    ("b", "m"),
    ("b", "m"),
    ("b", "m"),
    ("c", None),
    ("d", "m"),
    ("d", "m"),
    ("e", "m"),
]


def _hand_tables(backend):
    tag = uuid.uuid4().hex[:12]
    sample, population = f"s_{tag}", f"p_{tag}"
    backend.create(sample, [("id", T.INTEGER), ("zip", T.TEXT), ("sex", T.TEXT), ("w", T.FLOAT)], SAMPLE)
    rows = [(z, s) for _, z, s, _ in SAMPLE] + POPULATION_EXTRA
    backend.create(population, [("zip", T.TEXT), ("sex", T.TEXT)], rows)
    return sample, population


def test_hand_checked_sample_in_population(backend):
    sample, population = _hand_tables(backend)
    r = pr.risk(
        backend.source(), sample, ["zip", "sex"], threshold=0.4, population=population, weight="w", population_size=20
    )
    # sample classes: am 3, af 2, bm 1, bf 1, cN 2, dm 1 -> sizes {1: 3, 2: 2, 3: 1}
    assert r.records == 10 and r.classes == 6 and r.class_sizes == {1: 3, 2: 2, 3: 1}
    p = r.prosecutor
    assert p["average_risk"] == 6 / 10 and p["success_rate"] == 6 / 10
    assert p["sample_uniques"] == 3 / 10
    assert p["highest_risk"] == 1 and p["records_at_highest_risk"] == 3 / 10
    assert p["lowest_risk"] == 1 / 3 and p["records_at_lowest_risk"] == 3 / 10
    assert p["records_at_risk"] == 7 / 10  # 1/1 and 1/2 > 0.4; 1/3 is not
    assert close(p["average_risk_over_classes"], (3 * 1 + 2 * 0.5 + 1 / 3) / 6)
    # population classes: am 4, af 4, bm 4, bf 1, cN 3, dm 3 (and e m, no sample record)
    j = r.journalist
    assert j["records_at_risk"] == 1 / 10  # only bf: 1/1 > 0.4; 1/3 and 1/4 are not
    assert j["highest_risk"] == 1 and j["lowest_risk"] == 1 / 4
    marketer = (3 / 4 + 2 / 4 + 1 / 4 + 1 / 1 + 2 / 3 + 1 / 3) / 10
    assert close(r.marketer["success_rate"], marketer)
    assert close(j["success_rate"], max(6 / (4 + 4 + 4 + 1 + 3 + 3), marketer))
    assert r.k_map["k"] == 1
    assert r.k_map["buckets"][0] == {"min_anonymity": 1, "max_anonymity": 1, "records": 1, "classes": 1}
    assert close(r.delta_presence["min"], 1 / 4) and r.delta_presence["max"] == 1.0
    assert r.population_classes["classes_missing_from_population"] == 0
    # sdcMicro: am f=3 F=6 p=.5 -> .5/2.5; af f=2 F=4 p=.5 -> 1 - ln 2; bm f=1 F=4 p=.25 -> (1/3) ln 4;
    # bf f=1 F=1 -> 1; cN f=2 F=6 p=1/3 -> .5 - .25 ln 3; dm f=1 F=5 p=.2 -> .25 ln 5
    per_class = [
        (3, 0.2),
        (2, 1 - math.log(2)),
        (1, math.log(4) / 3),
        (1, 1.0),
        (2, 0.5 - 0.25 * math.log(3)),
        (1, 0.25 * math.log(5)),
    ]
    expected = sum(f * risk for f, risk in per_class)
    assert close(r.individual["expected_reidentifications"], expected)
    assert close(r.individual["global_risk"], expected / 10)
    assert close(r.individual["records_above"], sum(f for f, risk in per_class if risk > 0.4) / 10)
    assert r.population["size"] == 20 and r.population["sampling_fraction"] == 0.5
    # the records-at-risk curve, counted as a run counts them (risk above t): above 1 none, above
    # 1/2 the 3 uniques, above 1/3 also the 4 in pairs, above 0 all 10
    assert r.risk_curve() == [
        {"threshold": 1.0, "records_at_risk": 0.0},
        {"threshold": 0.5, "records_at_risk": 0.3},
        {"threshold": 1 / 3, "records_at_risk": 0.7},
        {"threshold": 0.0, "records_at_risk": 1.0},
    ]


def test_the_risk_curve_at_a_threshold_is_a_run_at_that_threshold():
    """The curve counted risks at least t, a run risks above t: at 0.5 it read 0.7 where a run
    with threshold 0.5 counts 0.3, and the report's dashed line met the curve off the run's figure."""
    src = pr.connect()
    table = str(FIXTURES / "mondrian" / "adult_2k.csv")
    qids = ["age", "sex", "race"]
    curve = pr.risk(src, table, qids).risk_curve()
    assert curve[0] == {"threshold": 1.0, "records_at_risk": 0.0} and curve[-1]["threshold"] == 0.0
    assert [p["threshold"] for p in curve] == sorted((p["threshold"] for p in curve), reverse=True)
    for point in curve[1:-1:3] + [curve[-2]]:
        run = pr.risk(src, table, qids, threshold=point["threshold"])
        assert run.prosecutor["records_at_risk"] == pytest.approx(point["records_at_risk"], abs=1e-12)
        # ... and holds up to the next (larger) threshold: between 1/f and 1/(f-1)
        halfway = pr.risk(src, table, qids, threshold=point["threshold"] * 1.0001)
        assert halfway.prosecutor["records_at_risk"] == pytest.approx(point["records_at_risk"], abs=1e-12)


def test_equals_the_oracle_on_a_sample_of_german_credit(backend):
    df = (
        pd.read_csv(FIXTURES / "german_credit" / "ori.csv")
        if (FIXTURES / "german_credit" / "ori.csv").exists()
        else None
    )
    if df is None:
        pytest.fail("fixtures/german_credit/ori.csv is missing")
    qids = [c for c in ("age", "sex", "job", "housing") if c in df.columns][:3] or list(df.columns[:3])
    pop_path = FIXTURES / "german_credit" / "ori.csv"
    population = backend.load(pop_path)
    sample_df = df.sample(frac=0.3, random_state=7).copy()
    sample_df["w"] = len(df) / len(sample_df)
    cols = [(c, T.INTEGER if pd.api.types.is_integer_dtype(sample_df[c]) else T.TEXT) for c in qids]
    sample = f"gs_{uuid.uuid4().hex[:12]}"
    backend.create(sample, cols + [("w", T.FLOAT)], [tuple(x) for x in sample_df[qids + ["w"]].itertuples(index=False)])
    r = pr.risk(backend.source(), sample, qids, population=population, weight="w", threshold=0.3)
    want = oracle.risk_prosecutor(sample_df, qids, 0.3)
    for key, value in want.items():
        assert close(r.prosecutor[key], value), key
    j = oracle.risk_journalist(sample_df, df, qids, 0.3)
    for key in ("records_at_risk", "highest_risk", "lowest_risk", "success_rate"):
        assert close(r.journalist[key], j[key]), key
    assert close(r.marketer["success_rate"], j["marketer"]) and r.k_map["k"] == j["k"]
    assert close(r.delta_presence["min"], j["delta_min"]) and close(r.delta_presence["max"], j["delta_max"])
    ind = oracle.risk_individual(sample_df, qids, "w", 0.3)
    for key, value in ind.items():
        assert close(r.individual[key], value, rel=1e-9), key


# sdcMicro's own published figures (sdcTools/sdcMicro, tests/testthat/test_freqCalc.R and
# test_indivRisk.R, "data frame with weight, method = approx ... survey = TRUE"): eight records,
# three key variables, sampling weights. The data are the test's; the expected values are the
# ones sdcMicro's test asserts (indivRisk to 8 decimals).
SDCMICRO_ROWS = [
    (2, 3, 1, 18.0),
    (3, 3, 3, 45.5),
    (2, 3, 1, 39.0),
    (2, 3, 2, 17.0),
    (3, 3, 1, 92.0),
    (3, 3, 1, 8.0),
    (1, 4, 1, 123.5),
    (2, 3, 1, 51.0),
]
SDCMICRO_FK = [3, 1, 3, 1, 2, 2, 1, 3]
SDCMICRO_BIG_FK = [108.0, 45.5, 108.0, 17.0, 100.0, 100.0, 123.5, 108.0]
SDCMICRO_RK = [0.01369863, 0.08579129, 0.01369863, 0.17707583, 0.01877883, 0.01877883, 0.03931625, 0.01369863]


def test_individual_risk_equals_sdcmicros_published_values_on_every_backend(backend):
    sample, records = f"sdc_{uuid.uuid4().hex[:12]}", f"sdcr_{uuid.uuid4().hex[:12]}"
    rows = [(i + 1, *row) for i, row in enumerate(SDCMICRO_ROWS)]
    backend.create(
        sample, [("id", T.INTEGER), ("a", T.INTEGER), ("b", T.INTEGER), ("c", T.INTEGER), ("w", T.FLOAT)], rows
    )
    r = pr.risk(backend.source(), sample, ["a", "b", "c"], weight="w", records=records, key="id", threshold=0.1)
    try:
        got = {
            int(i): (int(f), float(big_f), float(risk))
            for i, f, big_f, risk in backend.fetch(f"SELECT id, class_size, weight_sum, individual_risk FROM {records}")
        }
    finally:
        backend.run(f"DROP TABLE IF EXISTS {records}")
    for i, (f, big_f, rk) in enumerate(zip(SDCMICRO_FK, SDCMICRO_BIG_FK, SDCMICRO_RK), start=1):
        assert got[i][0] == f and got[i][1] == pytest.approx(big_f, rel=1e-12), i
        assert got[i][2] == pytest.approx(rk, abs=5e-9), i
    # the run's figures are the same records' risks, summed in Python from the classes
    assert r.individual["expected_reidentifications"] == pytest.approx(sum(g[2] for g in got.values()), rel=1e-12)
    assert r.individual["records_above_count"] == sum(rk > 0.1 for rk in SDCMICRO_RK) == 1


@pytest.mark.parametrize("f", [1, 2, 3])
@pytest.mark.parametrize("excess", [1e-12, 1e-10, 1e-7, 1e-4, 0.009, 0.011, 0.5, 3.0, 1e6])
def test_individual_risk_is_accurate_where_f_nearly_equals_f(f, excess):
    """Weights just above 1 (calibrated weights) put F just above f, where p/(1-p) - (p/(1-p))^2
    ln(1/p) cancels: f = 2, F = 2.0000000002 gave a risk of 1.4999 (above 1), F = 2.000001 one of
    0.49991. Now within 1e-12 of the 50-digit value, and never above 1/f."""
    big_f = f * (1 + excess)
    got = individual_risk(f, big_f)
    assert got == pytest.approx(oracle.individual_risk_50_digits(f, big_f), rel=1e-12, abs=1e-15)
    assert 0 < got <= 1 / f


def test_records_table_risk_is_accurate_where_weights_are_just_above_1_on_every_backend(backend):
    # The records table computes the same risk in SQL: it showed 1.4999 for a pair of weights 1 + 1e-10.
    sample, records = f"wq_{uuid.uuid4().hex[:12]}", f"wqr_{uuid.uuid4().hex[:12]}"
    rows = [(1, "a", 1 + 1e-10), (2, "a", 1 + 1e-10), (3, "b", 1 + 1e-6), (4, "c", 1.5), (5, "c", 1.5)]
    backend.create(sample, [("id", T.INTEGER), ("q", T.TEXT), ("w", T.FLOAT)], rows)
    r = pr.risk(backend.source(), sample, ["q"], weight="w", records=records, key="id")
    try:
        got = {int(i): float(v) for i, v in backend.fetch(f"SELECT id, individual_risk FROM {records}")}
    finally:
        backend.run(f"DROP TABLE IF EXISTS {records}")
    want = {
        1: oracle.individual_risk_50_digits(2, 2 + 2e-10),
        3: oracle.individual_risk_50_digits(1, 1 + 1e-6),
        4: oracle.individual_risk_50_digits(2, 3.0),
    }
    for i, value in want.items():
        assert got[i] == pytest.approx(value, rel=1e-9), i
    assert r.individual["highest_risk"] == pytest.approx(max(want.values()), rel=1e-9)


# -- the CLI: JSON interface and bad input (exit 2, one line, before heavy SQL) ----------------------
def _cli(*args):
    return subprocess.run([sys.executable, "-m", "privrisk_sql.cli", "risk", *args], capture_output=True, text=True)


def test_the_summary_names_the_tables_written(tmp_path):
    """`risk --records rec --classes cls` wrote two tables and its summary said nothing of them
    (Mondrian's says "-> table o")."""
    import duckdb as dd

    db = tmp_path / "w.duckdb"
    args = ["--table", str(FIXTURES / "mondrian" / "adult_2k.csv"), "--qids", "age,sex,race", "--db", str(db)]
    r = _cli(*args, "--threshold", "0.5", "--records", "rec", "--key", "id", "--classes", "cls")
    assert r.returncode == 0, r.stderr
    with dd.connect(str(db)) as con:
        records, classes = (con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("rec", "cls"))
    assert records == 2000 and classes > 1
    assert f"  -> table rec: one row per record ({records:,}), its key, class size and risks" in r.stdout
    assert f"  -> table cls: the {classes:,} classes whose risk exceeds 0.5, with their values" in r.stdout
    plain = _cli(*args)
    assert plain.returncode == 0 and "-> table" not in plain.stdout


@pytest.mark.parametrize(
    "outputs,said",
    [
        (["--records", "r.parquet", "--key", "id"], "--records writes a table or a file"),
        (["--classes", "c.csv", "--records", "t", "--key", "id"], "--records and --classes write a table"),
    ],
)
def test_outputs_under_read_only_are_refused_naming_the_options(tmp_path, outputs, said):
    # It said "--records/--classes write tables" when a file was asked for, and named no option given.
    sample = tmp_path / "s.csv"
    sample.write_text("id,q\n1,a\n2,b\n")
    r = _cli("--table", str(sample), "--qids", "q", "--db", str(tmp_path / "w.duckdb"), "--read-only", *outputs)
    assert r.returncode == 2 and said in r.stderr and "--read-only" in r.stderr
    assert r.stderr.count("\n") == 1 and not (tmp_path / "w.duckdb").exists()


def test_cli_json_carries_the_runs_warnings(tmp_path):
    # A pipeline reading only --json missed every warning (stderr and the HTML page had them).
    sample, population = tmp_path / "s.csv", tmp_path / "p.csv"
    sample.write_text("q\na\nb\n")
    population.write_text("q\na\na\nb\nc\n")
    out = tmp_path / "r.json"
    args = ["--table", str(sample), "--qids", "q", "--population", str(population), "--json", str(out), "--quiet"]
    r = _cli(*args, "--population-size", "3")
    assert r.returncode == 0, r.stderr
    warned = json.loads(out.read_text())["warnings"]
    assert len(warned) == 1 and "holds 4 people, more than population_size 3" in warned[0]
    assert warned[0] in r.stderr
    assert _cli(*args, "--population-size", "4").returncode == 0
    assert "warnings" not in json.loads(out.read_text())  # no warning, no key: the shapes of docs/reference/json.md


def test_cli_json_has_the_interface_keys(tmp_path):
    out = tmp_path / "r.json"
    html = tmp_path / "r.html"
    r = _cli(
        "--table",
        str(FIXTURES / "adult" / "ori.csv"),
        "--qids",
        "age,sex,race",
        "--population-size",
        "300000",
        "--json",
        str(out),
        "--html",
        str(html),
    )
    assert r.returncode == 0, r.stderr
    d = json.loads(out.read_text())
    assert {"records", "classes", "threshold", "class_sizes", "prosecutor", "population"} <= set(d)
    assert "journalist" not in d and "individual" not in d  # inputs not given: sections absent
    assert set(d["prosecutor"]) >= {
        "sample_uniques",
        "average_risk",
        "highest_risk",
        "records_at_highest_risk",
        "lowest_risk",
        "records_at_lowest_risk",
        "records_at_risk",
        "success_rate",
    }
    assert set(d["population"]["uniques"]) >= {"zayatz", "pitman", "snb", "dankar", "dankar_model"}
    assert set(d["population"]["unique_people"]) >= {"zayatz", "pitman", "snb", "dankar"}
    page = html.read_text()
    assert "Records at risk by threshold" in page and "Population uniqueness" in page
    assert "average risk" in r.stdout


@pytest.mark.parametrize("option", ["--json", "--html"])
def test_cli_never_writes_over_the_population_file(tmp_path, option):
    # --json onto the --population CSV wrote the result over it (exit 0): an input destroyed.
    sample = FIXTURES / "adult" / "ori.csv"
    population = tmp_path / "population.csv"
    population.write_bytes(sample.read_bytes())
    r = _cli("--table", str(sample), "--qids", "age,sex", "--population", str(population), option, str(population))
    assert r.returncode == 2, r.stderr
    assert f"{option} {str(population)!r} is the input" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert population.read_bytes() == sample.read_bytes()


def test_cli_report_lists_the_population_as_an_input(tmp_path):
    sample = FIXTURES / "adult" / "ori.csv"
    html = tmp_path / "r.html"
    r = _cli("--table", str(sample), "--qids", "age,sex", "--population", str(sample), "--html", str(html))
    assert r.returncode == 0, r.stderr
    page = html.read_text()
    assert "input (population)" in page and "population None" not in page


def test_fail_above_exits_1(tmp_path):
    r = _cli("--table", str(FIXTURES / "adult" / "ori.csv"), "--qids", "age,sex", "--fail-above", "0.001", "--quiet")
    assert r.returncode == 1 and "exceeds --fail-above" in r.stderr


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--threshold", "0"], "(0, 1]"),
        (["--threshold", "1.5"], "(0, 1]"),
        (["--population-size", "3"], "smaller than the sample"),
        (["--population-size", "9" * 400], "2^63 - 1"),  # was an OverflowError traceback
        (["--population", "no_such_table"], "no_such_table"),
        (["--weight", "no_such_column"], "no_such_column"),
        (["--population-qids", "a,b"], "population"),
    ],
)
def test_bad_input_is_one_line_exit_2(args, needle):
    r = _cli("--table", str(FIXTURES / "handcheck" / "ori.csv"), "--qids", "a", *args)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert needle in r.stderr and r.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "weights,word", [([1.0, 0.0], "zero or negative"), ([1.0, -2.0], "zero or negative"), ([1.0, None], "missing")]
)
def test_bad_weights_are_refused_on_every_backend(backend, weights, word):
    name = f"w_{uuid.uuid4().hex[:12]}"
    rows = [(i, "x", weights[i % 2]) for i in range(6)]
    backend.create(name, [("id", T.INTEGER), ("q", T.TEXT), ("w", T.FLOAT)], rows)
    with pytest.raises(pr.InvalidInputError, match=word):
        pr.risk(backend.source(), name, ["q"], weight="w")


def test_weights_whose_sums_pass_the_largest_double_are_refused_on_every_backend(backend):
    # Two weights of 1e308 in one class summed to infinity: F_k infinite, p = 0, and the model's
    # log(1/p) ended the run in a ZeroDivisionError traceback (DuckDB), PostgreSQL in its
    # overflow error mid-run. Refused before the heavy statements, naming the column.
    name = f"w_{uuid.uuid4().hex[:12]}"
    rows = [(0, "x", 1e308), (1, "x", 1e308), (2, "y", 3.0)]
    backend.create(name, [("id", T.INTEGER), ("q", T.TEXT), ("w", T.FLOAT)], rows)
    with pytest.raises(pr.InvalidInputError, match="'w' .* largest number a double holds") as caught:
        pr.risk(backend.source(), name, ["q"], weight="w")
    assert name in str(caught.value)


def _census(backend, counts):
    """The hand population as a census table: one row per (zip, sex) with its count of people,
    or with the given counts in place of the true ones."""
    people: dict[tuple, int] = {}
    for row in [(z, s) for _, z, s, _ in SAMPLE] + POPULATION_EXTRA:
        people[row] = people.get(row, 0) + 1
    name = f"census_{uuid.uuid4().hex[:12]}"
    kind = T.FLOAT if any(isinstance(v, float) or v is None for v in counts.values()) else T.INTEGER
    cast = float if kind is T.FLOAT else int  # Spark takes no int into a DOUBLE column
    rows = [(*key, None if (v := counts.get(key, n)) is None else cast(v)) for key, n in people.items()]
    backend.create(name, [("zip", T.TEXT), ("sex", T.TEXT), ("n", kind)], rows)
    return name


def test_a_census_table_gives_the_figures_of_its_people(backend):
    # population_count: a pre-aggregated census is the per-person population, grouped; every
    # journalist, marketer, k-map and delta-presence figure must be the same.
    sample, population = _hand_tables(backend)
    census = _census(backend, {("e", "m"): 1, ("d", "m"): 3})  # the true counts, restated
    per_person = pr.risk(backend.source(), sample, ["zip", "sex"], threshold=0.4, population=population)
    counted = pr.risk(backend.source(), sample, ["zip", "sex"], threshold=0.4, population=census, population_count="n")
    assert counted.journalist == per_person.journalist and counted.marketer == per_person.marketer
    assert counted.k_map == per_person.k_map and counted.delta_presence == per_person.delta_presence
    assert counted.journalist["lowest_risk"] == 1 / 4  # not trivially equal: the hand figures


@pytest.mark.parametrize("census", [False, True], ids=["per-person", "census"])
def test_a_population_table_larger_than_population_size_is_warned_of_on_every_backend(backend, census):
    # The population models took --population-size while journalist, marketer and k-map read the
    # table: 15 people against a table of 20 passed without a word before.
    sample, population = _hand_tables(backend)
    options = {"population": population}
    if census:
        options = {"population": _census(backend, {}), "population_count": "n"}
    with pytest.warns(UserWarning, match=r"holds 20 people, more than population_size 15") as caught:
        pr.risk(backend.source(), sample, ["zip", "sex"], population_size=15, **options)
    assert options["population"] in str(caught[0].message)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the table's own size, or more, is no contradiction
        for size in (20, 21):
            pr.risk(backend.source(), sample, ["zip", "sex"], population_size=size, **options)


@pytest.mark.parametrize(
    "count,word",
    [(-1, "negative"), (None, "missing"), (2.5, "not a whole number")],
    ids=["negative", "null", "fraction"],
)
def test_bad_population_counts_are_refused_on_every_backend(backend, count, word):
    # A census count is a number of people: a negative, missing or fractional one is bad input,
    # refused before the heavy statements with the table and column named; it used to be read
    # as a class the population lacks (negative, NULL) or truncated (2.5 -> 2) without a word.
    sample, _ = _hand_tables(backend)
    census = _census(backend, {("a", "m"): count})
    with pytest.raises(pr.InvalidInputError, match=word) as caught:
        pr.risk(backend.source(), sample, ["zip", "sex"], population=census, population_count="n")
    assert census in str(caught.value) and "'n'" in str(caught.value)


@pytest.mark.parametrize("value,word", [("NaN", "missing"), ("Infinity", "not a whole number")])
def test_nan_and_infinite_population_counts_are_refused(value, word):
    # They used to end the run in a traceback (int() of NaN or infinity).
    con = duckdb.connect()
    con.execute("CREATE TABLE s AS SELECT * FROM (VALUES ('a'), ('b')) t(q)")
    con.execute("CREATE TABLE c AS SELECT q, CAST(? AS DOUBLE) AS n FROM (VALUES ('a'), ('b')) t(q)", [value])
    with pytest.raises(pr.InvalidInputError, match=word):
        pr.risk(pr.Source(con), "s", ["q"], population="c", population_count="n")


def test_a_zero_population_count_is_a_class_the_population_lacks(backend):
    sample, _ = _hand_tables(backend)
    census = _census(backend, {("b", "f"): 0})
    r = pr.risk(backend.source(), sample, ["zip", "sex"], population=census, population_count="n")
    assert r.population_classes["classes_missing_from_population"] == 1


def test_an_infinite_weight_is_refused():
    # An infinite sampling weight made F_k infinite and the class's risk 0, silently (DuckDB here:
    # MariaDB's DOUBLE cannot hold one; the check is the same scan on every backend).
    con = duckdb.connect()
    con.execute("CREATE TABLE s AS SELECT * FROM (VALUES ('a', 2.0), ('a', 'inf'::DOUBLE), ('b', 3.0)) t(q, w)")
    with pytest.raises(pr.InvalidInputError, match="infinite"):
        pr.risk(pr.Source(con), "s", ["q"], weight="w")


@pytest.mark.parametrize(
    "keys,word", [([1, 2, 2, 3], "1 repeated"), ([1, 2, None, 3], "1 NULL")], ids=["repeated", "null"]
)
def test_a_records_key_that_identifies_no_record_is_refused_on_every_backend(backend, keys, word):
    # --records is "which records": a key that repeats or is NULL wrote rows no one could join
    # back to one record (a fan-out join), without a word.
    name, out = f"k_{uuid.uuid4().hex[:12]}", f"rec_{uuid.uuid4().hex[:12]}"
    backend.create(name, [("id", T.INTEGER), ("q", T.TEXT)], [(k, "ab"[i % 2]) for i, k in enumerate(keys)])
    with pytest.raises(pr.InvalidInputError, match=f"key column 'id' of .*{word}") as caught:
        pr.risk(backend.source(), name, ["q"], records=out, key="id")
    assert "identify" in str(caught.value)
    assert out not in backend.source().engine.table_names()  # refused before anything was written


def test_a_population_with_no_one_in_it_is_refused(backend):
    """An empty population table, or a census whose every count is 0, used to give journalist,
    marketer and k-map figures (every class "missing", counted with its sample size) and exit 0."""
    sample, _ = _hand_tables(backend)
    empty = f"p_{uuid.uuid4().hex[:12]}"
    backend.create(empty, [("zip", T.TEXT), ("sex", T.TEXT)], [])
    records = f"rec_{uuid.uuid4().hex[:12]}"
    with pytest.raises(pr.InvalidInputError, match=f"population '{empty}' has no rows"):
        pr.risk(backend.source(), sample, ["zip", "sex"], population=empty, records=records, key="id")
    nobody = _census(backend, {key: 0 for key in [(z, s) for _, z, s, _ in SAMPLE] + POPULATION_EXTRA})
    with pytest.raises(pr.InvalidInputError, match=f"population '{nobody}' counts no one: every 'n' is 0"):
        pr.risk(backend.source(), sample, ["zip", "sex"], population=nobody, population_count="n")
    assert records not in backend.source().engine.table_names()


def test_a_qid_missing_in_every_row_is_refused_as_kanon_refuses_it(backend):
    """A QID NULL in every row (or NaN, read as missing) tells no record apart: kanon and CAVG
    refused it by name, risk measured it as if it were not there and exited 0. Now risk refuses it
    with kanon's words, before the population, the weights or any output; a QID with one value
    left is a QID."""
    tag = uuid.uuid4().hex[:12]
    table, records = f"t_{tag}", f"rec_{tag}"
    rows = [(i, "a" if i % 2 else "b", None, None if i else 1.5, float("nan")) for i in range(6)]
    schema = [("id", T.INTEGER), ("zip", T.TEXT), ("gone", T.TEXT), ("one", T.FLOAT), ("nan", T.FLOAT)]
    backend.create(table, schema, rows)
    kanon_error = "has no value in any of its 6 rows (all NULL or NaN, both missing): it tells no record apart"
    for qids, column in ((["zip", "gone"], "gone"), (["nan", "zip"], "nan")):  # NaN stored as NULL or NaN
        with pytest.raises(pr.InvalidInputError, match=re.escape(f"column '{column}' of '{table}' {kanon_error}")):
            pr.risk(backend.source(), table, qids, population=table, records=records, key="id")
        with pytest.raises(pr.InvalidInputError, match=re.escape(kanon_error)):
            pr.kanon(backend.source(), table, qids)
    assert records not in backend.source().engine.table_names()
    r = pr.risk(backend.source(), table, ["zip", "one"])
    assert r.records == 6 and r.class_sizes == {1: 1, 2: 1, 3: 1}


def test_the_summary_counts_one_missing_class_in_the_singular():
    """ "note: 1 classes are missing from the population" read as a typo in a release log."""
    import argparse

    from privrisk_sql.metrics.risk.summary import summary

    con = duckdb.connect()
    con.execute("CREATE TABLE s AS SELECT * FROM (VALUES ('a'), ('a'), ('b')) t(q)")
    con.execute("CREATE TABLE p AS SELECT * FROM (VALUES ('a'), ('a'), ('a'), ('c')) t(q)")
    r = pr.risk(pr.Source(con), "s", ["q"], population="p")
    text = summary(argparse.Namespace(qids=["q"]), r, {})
    assert "note: 1 class is missing from the population and 0 smaller there" in text


def test_a_tiny_global_risk_is_never_shown_as_zero():
    """sdcMicro's global risk of the bundled syn table under Adult's weights is 3.3e-7: the summary
    (and the page) said "global risk 0.00 %", as if no record were at risk."""
    import argparse

    from privrisk_sql.metrics.risk.summary import summary

    adult = FIXTURES / "adult"
    r = pr.risk(None, str(adult / "syn.csv"), ["age", "sex", "race"], weight="fnlwgt")
    assert 0 < r.individual["global_risk"] < 5e-5  # under 0.005 %: the case this test is about
    text = summary(argparse.Namespace(qids=["age", "sex", "race"]), r, {})
    shown = next(x for x in text.splitlines() if "global risk" in x).split()[-2]
    assert "e" not in shown and float(shown) == pytest.approx(100 * r.individual["global_risk"], rel=0.05)


def test_a_population_sharing_no_class_with_the_sample_is_refused(backend):
    """Values coded otherwise in the population ('A' for 'a') matched no sample class: every
    figure was the prosecutor's under another name, exit 0. Refused before anything is written."""
    sample, _ = _hand_tables(backend)
    other = f"p_{uuid.uuid4().hex[:12]}"
    rows = [(z.upper(), s) for z, s in [(z, s) for _, z, s, _ in SAMPLE] + POPULATION_EXTRA]
    backend.create(other, [("zip", T.TEXT), ("sex", T.TEXT)], rows)
    records = f"rec_{uuid.uuid4().hex[:12]}"
    with pytest.raises(pr.InvalidInputError, match=f"no class of '{sample}' is in population '{other}'"):
        pr.risk(backend.source(), sample, ["zip", "sex"], population=other, records=records, key="id")
    assert records not in backend.source().engine.table_names()


@pytest.mark.parametrize(
    "sample_type,population_type,values",
    [
        (T.INTEGER, T.DATE, (dt.date(2020, 1, 1), dt.date(2020, 1, 2))),
        (T.INTEGER, T.BOOLEAN, (True, False)),
        (T.DATE, T.TIMESTAMP, (dt.datetime(2020, 1, 1), dt.datetime(2020, 1, 1, 10))),
    ],
    ids=["integer-date", "integer-boolean", "date-timestamp"],
)
def test_a_population_qid_of_another_kind_is_refused_on_every_backend(backend, sample_type, population_type, values):
    """Only text against a number was refused: an INTEGER QID against a DATE population column
    failed mid-run (DuckDB: "Unimplemented type for cast", exit 3); DuckDB matched 1 with true
    where PostgreSQL fails; and a DATE matched only the midnight TIMESTAMP of its day (a person
    at 10:00 was not counted: F = 1 where the day holds 2). Refused by name before any work."""
    sample, population = f"s_{uuid.uuid4().hex[:12]}", f"p_{uuid.uuid4().hex[:12]}"
    sample_values = (1, 2) if sample_type is T.INTEGER else (dt.date(2020, 1, 1), dt.date(2020, 1, 2))
    backend.create(sample, [("v", sample_type), ("q", T.TEXT)], [(v, "a") for v in sample_values])
    backend.create(population, [("v", population_type), ("q", T.TEXT)], [(v, "a") for v in values])
    # MariaDB's BOOLEAN is TINYINT(1), read as a boolean as everywhere else: refused too.
    with pytest.raises(pr.InvalidInputError, match="their values never match") as caught:
        pr.risk(backend.source(), sample, ["v", "q"], population=population)
    assert population in str(caught.value) and "'v'" in str(caught.value)


def test_numbers_of_two_kinds_are_compared_as_numbers(backend):
    # BIGINT ages in the sample, DOUBLE in the population: one kind of value, matched (F = 2).
    sample, population = f"s_{uuid.uuid4().hex[:12]}", f"p_{uuid.uuid4().hex[:12]}"
    backend.create(sample, [("v", T.INTEGER)], [(30,), (31,)])
    backend.create(population, [("v", T.FLOAT)], [(30.0,), (30.0,), (31.0,), (31.0,), (31.5,)])
    r = pr.risk(backend.source(), sample, ["v"], population=population)
    assert r.journalist["highest_risk"] == 0.5 and r.journalist["lowest_risk"] == 0.5


def test_population_without_the_qids_is_refused(backend):
    sample, population = _hand_tables(backend)
    with pytest.raises(pr.InvalidInputError, match="not found"):
        pr.risk(backend.source(), sample, ["zip", "sex"], population=population, population_qids=["zip", "gender"])


# -- the records and classes tables: complete, checked, never over an input -------------------------
def test_records_and_classes_tables_by_hand(backend):
    sample, population = _hand_tables(backend)
    records, classes = f"rec_{uuid.uuid4().hex[:12]}", f"cls_{uuid.uuid4().hex[:12]}"
    pr.risk(
        backend.source(), sample, ["zip", "sex"], threshold=0.4, weight="w", records=records, key="id", classes=classes
    )
    try:
        rows = backend.fetch(f"SELECT id, class_size, prosecutor_risk, weight_sum, individual_risk FROM {records}")
        by_id = {int(r[0]): r[1:] for r in rows}
        assert len(rows) == 10 and set(by_id) == set(range(1, 11))
        sizes = {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 1, 7: 1, 8: 2, 9: 2, 10: 1}
        assert {i: int(v[0]) for i, v in by_id.items()} == sizes
        assert all(close(float(v[1]), 1 / sizes[i]) for i, v in by_id.items())
        assert close(float(by_id[6][3]), math.log(4) / 3) and close(float(by_id[7][3]), 1.0)
        assert close(float(by_id[1][3]), 0.2) and close(float(by_id[4][3]), 1 - math.log(2))
        got = sorted(
            (r[0], None if r[1] is None else r[1], int(r[2]))
            for r in backend.fetch(f"SELECT zip, sex, class_size FROM {classes}")
        )
        # prosecutor risk > 0.4: the classes of 1 and 2 records (NULL kept as NULL)
        assert sorted(got, key=str) == sorted(
            [("a", "f", 2), ("b", "f", 1), ("b", "m", 1), ("c", None, 2), ("d", "m", 1)], key=str
        )
    finally:
        for t in (records, classes):
            backend.run(f"DROP TABLE IF EXISTS {t}")


def test_records_of_long_text_classes_alike_in_their_first_kilobyte_are_classes_apart(backend):
    """Each record's class size and weight sum come from window partitions over its QIDs: MariaDB's
    compare a value's first max_sort_length bytes (1,024 by default), and put 60 records of 6
    classes alike in their first 1,500 bytes in one (docs/decisions/mariadb-window-keys.md)."""
    stem = "x" * 1500
    rows = [(i, stem + str(i % 6 if i < 54 else 6 + i % 3), i % 2, 2.0 + i % 3) for i in range(60)]
    sample = f"s_{uuid.uuid4().hex[:12]}"
    backend.create(sample, [("id", T.INTEGER), ("q", T.TEXT), ("b", T.INTEGER), ("w", T.FLOAT)], rows)
    records = f"rec_{uuid.uuid4().hex[:12]}"
    pr.risk(backend.source(), sample, ["q", "b"], weight="w", records=records, key="id")
    try:
        df = pd.DataFrame(rows, columns=["id", "q", "b", "w"])
        want_size = df.groupby(["q", "b"])["id"].transform("size")
        want_weight = df.groupby(["q", "b"])["w"].transform("sum")
        got = {
            int(r[0]): (int(r[1]), float(r[2]))
            for r in backend.fetch(f"SELECT id, class_size, weight_sum FROM {records}")
        }
        assert got == {i: (int(n), pytest.approx(float(w))) for i, n, w in zip(df["id"], want_size, want_weight)}
    finally:
        backend.run(f"DROP TABLE IF EXISTS {records}")


def test_the_tables_counts_are_whole_numbers_on_every_backend(backend):
    """class_size and population_size are counts of people: they were HUGEINT on DuckDB (floats in
    pandas), DECIMAL on MariaDB (Decimal objects), and a census's DOUBLE count made a DOUBLE."""
    sample, _ = _hand_tables(backend)
    census = _census(backend, {("a", "m"): 4.0})  # a DOUBLE count column
    records, classes = f"rec_{uuid.uuid4().hex[:12]}", f"cls_{uuid.uuid4().hex[:12]}"
    pr.risk(
        backend.source(),
        sample,
        ["zip", "sex"],
        threshold=0.4,
        population=census,
        population_count="n",
        records=records,
        key="id",
        classes=classes,
    )
    try:
        src = backend.source()
        for table in (records, classes):
            rel = src.relation(table)
            for name in ("class_size", "population_size"):
                column = rel.column(name)
                assert column.type_class is T.INTEGER and "HUGEINT" not in column.sql_type.upper(), (table, column)
            values = backend.fetch(f"SELECT class_size, population_size FROM {table}")
            assert values and all(type(v) is int for row in values for v in row), values
    finally:
        for t in (records, classes):
            backend.run(f"DROP TABLE IF EXISTS {t}")


def test_classes_with_a_population_are_by_journalist_risk(backend):
    sample, population = _hand_tables(backend)
    classes = f"cls_{uuid.uuid4().hex[:12]}"
    pr.risk(backend.source(), sample, ["zip", "sex"], threshold=0.4, population=population, classes=classes)
    try:
        rows = backend.fetch(f"SELECT zip, sex, class_size, population_size, journalist_risk FROM {classes}")
        assert [(r[0], r[1], int(r[2]), int(r[3])) for r in rows] == [("b", "f", 1, 1)]
    finally:
        backend.run(f"DROP TABLE IF EXISTS {classes}")


def test_records_never_replace_an_input(backend):
    sample, population = _hand_tables(backend)
    for name in (sample, population):
        with pytest.raises(pr.InvalidInputError, match="input table"):
            pr.risk(backend.source(), sample, ["zip"], population=population, records=name, key="id", replace=True)
    with pytest.raises(pr.InvalidInputError, match="give key"):
        pr.risk(backend.source(), sample, ["zip"], records="x_out")
    with pytest.raises(pr.InvalidInputError, match="already exists"):
        pr.risk(backend.source(), sample, ["zip"], classes=population)


def test_records_and_classes_under_two_spellings_of_one_name_are_refused_before_work(backend):
    # main.out and OUT: the text check passed them, the records table was written, and the classes
    # failed at their rename (exit 3), leaving the run half written.
    sample, _ = _hand_tables(backend)
    name = f"rec_{uuid.uuid4().hex[:12]}"
    src = backend.source()
    schema = src.output_table(name).container[-1]
    before = set(src.engine.table_names())
    with pytest.raises(pr.InvalidInputError, match="name the same table"):
        pr.risk(src, sample, ["zip"], records=f"{schema}.{name}", key="id", classes=name.upper())
    assert set(backend.source().engine.table_names()) == before


def test_records_need_a_database_that_outlives_the_run():
    r = _cli("--table", str(FIXTURES / "handcheck" / "ori.csv"), "--qids", "a", "--records", "out", "--key", "a")
    assert r.returncode == 2 and "--db" in r.stderr


@pytest.mark.parametrize(
    "given, said",
    [
        ({"key": "id"}, r"key \(--key\) names the key column of the records table: give records \(--records OUT\)"),
        ({"population_qids": ["zip"]}, r"population_qids \(--population-qids\) .*: give population \(--population\)"),
        ({"population_count": "n"}, r"population_count \(--population-count\) .*: give population \(--population\)"),
    ],
)
def test_an_option_that_needs_another_names_both_as_the_cli_spells_them(given, said):
    """`risk --key id` without --records said "key names the records' key column of the records
    table: give records too": Python's names to a command-line user."""
    with pytest.raises(pr.InvalidInputError, match=said):
        pr.risk(None, str(FIXTURES / "mondrian" / "adult_2k.csv"), ["zip"], **given)


def test_population_qids_of_another_length_name_both_lists():
    # "population_qids must name one column per QID (2), got 1": neither list shown, nor the option's CLI name.
    adult = str(FIXTURES / "mondrian" / "adult_2k.csv")
    with pytest.raises(pr.InvalidInputError) as e:
        pr.risk(None, adult, ["age", "sex"], population=adult, population_qids=["age"])
    assert str(e.value) == (
        "population_qids (--population-qids) must name one column per QID, in their order: "
        "2 for 'age', 'sex', got 1: 'age'"
    )


def test_a_weight_column_declared_without_a_type_is_told_so(tmp_path):
    """SQLite's CREATE TABLE AS of an expression makes a column of no declared type, which its
    catalog calls NULL: 'weight column 'w' ... must be numeric, it is NULL' read as NULL values.
    (Such a column holding numbers is read as a number: the values decide, test_source.py.)"""
    import sqlite3

    db = tmp_path / "w.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t AS SELECT 1 AS age, CASE WHEN 0 THEN 2.5 END AS w UNION ALL SELECT 2, NULL")
    con.commit()
    con.close()
    with pytest.raises(pr.InvalidInputError) as info:
        pr.risk(f"sqlite:///{db}", "t", ["age"], weight="w")
    assert str(info.value) == (
        "weight column 'w' of 't' must be numeric, it is declared without a type "
        "(SQLite: read it as a number in a view, CAST(... AS REAL))"
    )
