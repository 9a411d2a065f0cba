"""pandas DataFrames and Arrow tables as inputs (DuckDB reads them in place): the same results as
the same data read from its file, nothing left registered after the run, clear errors elsewhere."""

from __future__ import annotations

import datetime as dt
import re
import warnings
from decimal import Decimal

import duckdb
import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import privrisk_sql as pr

import oracle
from backends import FIXTURES, mondrian_keeping_all

ADULT_2K = str(FIXTURES / "mondrian" / "adult_2k.csv")
ORI, SYN = str(FIXTURES / "adult" / "ori.csv"), str(FIXTURES / "adult" / "syn.csv")
QIDS = ["age", "sex", "race", "marital_status"]


def _registered_views(con: duckdb.DuckDBPyConnection) -> int:
    return con.execute("SELECT COUNT(*) FROM duckdb_views() WHERE NOT internal").fetchone()[0]


@pytest.fixture(scope="module")
def adult_2k() -> pd.DataFrame:
    return pd.read_csv(ADULT_2K)


def _as(kind: str, frame: pd.DataFrame):
    """``frame`` as a pandas DataFrame, an Arrow table, a polars DataFrame or LazyFrame."""
    import polars as pl

    return {
        "pandas": lambda f: f,
        "arrow": pa.Table.from_pandas,
        "polars": pl.from_pandas,
        "polars_lazy": lambda f: pl.from_pandas(f).lazy(),
    }[kind](frame)


# A polars LazyFrame: asking its .columns warned "PerformanceWarning: Determining the column names
# of a LazyFrame requires resolving its schema", from our line, on every run.
@pytest.mark.filterwarnings("error::Warning")
@pytest.mark.parametrize("kind", ["pandas", "arrow", "polars", "polars_lazy"])
def test_kanon_and_cavg_of_a_frame_equal_those_of_its_file(adult_2k, kind):
    frame = _as(kind, adult_2k)
    con = duckdb.connect()
    got = pr.kanon(con, frame, QIDS, sensitive=["income", "hours_per_week"], k=5)
    want = pr.kanon(con, ADULT_2K, QIDS, sensitive=["income", "hours_per_week"], k=5)
    assert got == want
    assert got["k_anonymity"] == int(adult_2k.groupby(QIDS).size().min())
    assert pr.cavg(con, frame, QIDS, 5) == pr.cavg(con, ADULT_2K, QIDS, 5)
    assert _registered_views(con) == 0


@pytest.mark.filterwarnings("error::Warning")
@pytest.mark.parametrize("kind", ["pandas", "polars", "polars_lazy"])
def test_mondrian_of_a_frame_writes_the_same_table_as_from_its_file(adult_2k, kind):
    con = duckdb.connect()
    from_frame = mondrian_keeping_all(con, _as(kind, adult_2k), QIDS, 10, "from_frame", keep_order=True)
    from_file = mondrian_keeping_all(con, ADULT_2K, QIDS, 10, "from_file", keep_order=True)
    assert (from_frame.partitions, from_frame.gcp) == (from_file.partitions, from_file.gcp)
    a = con.execute("SELECT * FROM from_frame").df()
    b = con.execute("SELECT * FROM from_file").df()
    pd.testing.assert_frame_equal(a, b)
    assert len(a) == len(adult_2k) and a["id"].tolist() == adult_2k["id"].tolist()
    assert _registered_views(con) == 0


@pytest.mark.filterwarnings("error::Warning")
@pytest.mark.parametrize("kind", ["pandas", "polars", "polars_lazy"])
def test_mpuccs_of_frames_equals_mpuccs_of_their_files(kind):
    ori, syn = _as(kind, pd.read_csv(ORI)), _as(kind, pd.read_csv(SYN))
    columns = ["age", "sex", "race", "marital_status", "education"]
    got = pr.mpuccs(None, ori, syn, columns=columns, n_cols=[1, 2, 3])
    want = pr.mpuccs(None, ORI, SYN, columns=columns, n_cols=[1, 2, 3])
    assert got.to_dict() == want.to_dict()
    assert len(want.to_dict()["details"]) > 0


def test_polars_missing_values_and_types_count_as_pandas_counts_them():
    """polars keeps NaN and null apart, has Categorical, Enum and Decimal columns: the classes are
    those of the same frame in pandas (to_pandas: NaN and null both missing), and risk's."""
    import polars as pl

    frame = pl.DataFrame(
        {
            "f": [1.0, float("nan"), None, 2.0, float("nan"), None],
            "c": pl.Series(["a", "b", "a", None, "b", "a"], dtype=pl.Categorical),
            "e": pl.Series(["x", "y", "x", "y", "x", "y"], dtype=pl.Enum(["x", "y"])),
            "d": pl.Series([Decimal(v) for v in ("1.10", "2.20", "0", "1.10", "1.1", "3")], dtype=pl.Decimal(10, 2)),
            "t": [dt.datetime(2020, 1, 1)] * 2 + [None, dt.datetime(2021, 1, 1)] + [dt.datetime(2020, 1, 1)] * 2,
            "u": pl.Series([1, 2, 3, 4, 5, 6], dtype=pl.UInt64),
        }
    )
    for qids in (["f"], ["c"], ["e"], ["d"], ["t"], ["u"], ["f", "c", "e", "d"]):
        got, want = pr.kanon(None, frame, qids), pr.kanon(None, frame.to_pandas(), qids)
        assert got == want, qids
        assert pr.risk(None, frame, qids).to_dict() == pr.risk(None, frame.to_pandas(), qids).to_dict()
    assert pr.kanon(None, frame, ["f"])["class_size_histogram"] == {"1": 2, "4": 1}  # NaN and null: one class


def test_frame_on_a_read_only_source(adult_2k):
    src = pr.connect(None, read_only=True)
    assert pr.kanon(src, adult_2k, QIDS)["n_rows"] == len(adult_2k)


def test_frame_errors_name_the_problem(adult_2k):
    with pytest.raises(pr.InvalidInputError, match="column 'nope' not found in 'DataFrame'"):
        pr.kanon(None, adult_2k, ["nope"])
    with pytest.raises(pr.InvalidInputError, match=r"a CSV/Parquet path or a DataFrame, got object \(DuckDB reads"):
        pr.kanon(None, object(), ["age"])
    with pytest.raises(pr.InvalidInputError, match="got NoneType"):
        pr.cavg(None, None, ["age"], 2)
    with pytest.raises(pr.UnsupportedFeatureError, match="a DataFrame is read by DuckDB; load it into sqlite first"):
        pr.kanon("sqlite://", adult_2k, ["age"])


def test_a_duckdb_relation_is_read_on_its_own_connection_and_elsewhere_told_so(adult_2k):
    """``duckdb.sql(...)`` lives on DuckDB's default connection: passed with src=None (a new
    in-memory DuckDB) it was "got DuckDBPyRelation (DuckDB reads pandas DataFrames ...)", which
    says nothing of the connection."""
    con = duckdb.connect()
    con.register("adult", adult_2k)
    older = con.sql("SELECT * FROM adult WHERE age >= 40")
    expected = pr.kanon(None, adult_2k[adult_2k["age"] >= 40], QIDS)
    assert pr.kanon(con, older, QIDS) == expected
    with pytest.raises(
        pr.InvalidInputError, match=r"a DuckDB relation is read on the connection that made it: pass that"
    ):
        pr.kanon(None, older, QIDS)


@pytest.mark.parametrize("levels", [["id"], ["id", "zip"]])
def test_a_qid_naming_the_frames_index_says_so(levels):
    """DuckDB reads a DataFrame's columns, not its index: a QID named like the index (after
    set_index, or from a groupby) was "not found" among columns that did not show it."""
    df = pd.DataFrame({"id": [1, 2, 3], "zip": ["a", "a", "b"], "age": [30, 30, 41]}).set_index(levels)
    with pytest.raises(pr.InvalidInputError) as e:
        pr.kanon(None, df, [levels[-1], "age"])
    assert str(e.value).endswith(
        f": '{levels[-1]}' names its index, which DuckDB does not read as a column: pass df.reset_index()"
    )
    assert pr.kanon(None, df.reset_index(), [levels[-1], "age"])["n_rows"] == 3


def test_a_series_and_columns_of_two_levels_are_refused_with_the_way_out(adult_2k):
    """A Series was read as one column "value" and a MultiIndex's columns as "('age', 'x')": the
    QID was "not found" among names no one typed, with no word of why."""
    with pytest.raises(pr.InvalidInputError) as e:
        pr.kanon(None, adult_2k["age"], ["age"])
    assert str(e.value) == "table is a pandas Series ('age'), not a table: pass a DataFrame, series.to_frame()"
    assert pr.kanon(None, adult_2k["age"].to_frame(), ["age"])["n_rows"] == len(adult_2k)
    two_levels = adult_2k.copy()
    two_levels.columns = pd.MultiIndex.from_tuples([(c, "v") for c in adult_2k.columns])
    with pytest.raises(pr.InvalidInputError) as e:
        pr.mpuccs(None, two_levels, adult_2k, columns=["age"])
    assert str(e.value).startswith("the DataFrame's columns have 2 levels (('id', 'v'), ('age', 'v'), ...)")
    assert str(e.value).endswith("flatten them first, df.columns = ['_'.join(map(str, c)) for c in df.columns]")
    two_levels.columns = ["_".join(map(str, c)) for c in two_levels.columns]
    assert pr.kanon(None, two_levels, ["age_v"])["n_rows"] == len(adult_2k)


@pytest.mark.parametrize("metric", ["kanon", "cavg", "risk", "mondrian"])
def test_a_column_of_none_alone_is_refused_for_holding_no_value(adult_2k, metric):
    """DuckDB types a pandas column of None alone '"NULL"': it was refused as 'unsupported type
    "NULL"'; a column of NaN alone was told it holds no value, and so is this one now."""
    frame = adult_2k.assign(nothing=None)
    calls = {
        "kanon": lambda: pr.kanon(None, frame, ["nothing", "sex"]),
        "cavg": lambda: pr.cavg(None, frame, ["nothing", "sex"], 2),
        "risk": lambda: pr.risk(None, frame, ["nothing", "sex"]),
        "mondrian": lambda: pr.mondrian(duckdb.connect(), frame, ["nothing", "age"], 2, "out", nulls="separate"),
    }
    with pytest.raises(pr.InvalidInputError) as e:
        calls[metric]()
    assert str(e.value).startswith(f"column 'nothing' of 'DataFrame' has no value in any of its {len(frame)} rows")


def test_a_frame_of_no_rows_is_refused_as_empty(adult_2k):
    # Its text columns (object dtype, no value to read) were typed '"NULL"' and refused first.
    with pytest.raises(pr.InvalidInputError, match="^table 'DataFrame' is empty: the k-anonymity family needs"):
        pr.kanon(None, adult_2k.head(0), ["age", "sex"])


@pytest.mark.parametrize("side", ["ori", "syn"])
def test_mpuccs_reads_a_column_of_none_as_missing_values_of_the_other_sides_type(adult_2k, side):
    """mpUCCs refused it ('unsupported type "NULL"', or incompatible with the other side's INTEGER):
    it now gives what the same column typed on both sides, all missing on one, gives."""
    n = len(adult_2k)
    other = adult_2k.assign(x=pd.array([i % 3 for i in range(n)], dtype="Int64"))
    nones, typed = adult_2k.assign(x=None), adult_2k.assign(x=pd.array([None] * n, dtype="Int64"))
    columns = ["x", "sex", "race"]
    pair = (nones, other) if side == "ori" else (other, nones)
    want_pair = (typed, other) if side == "ori" else (other, typed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "column 'x' is NULL in every row", when syn's is
        got = pr.mpuccs(None, *pair, columns=columns).to_dict()
        want = pr.mpuccs(None, *want_pair, columns=columns).to_dict()
    assert got == want
    assert got["global"]["total_identified"] == (0 if side == "syn" else len(got["details"]))


@pytest.mark.parametrize(
    "values, sql_type",
    [
        ([1, 1, 1, 1.5] * 500, "DOUBLE"),  # was INTEGER, 1.5 read as 2
        ([1, 2, 1, 1.5] * 500, "DOUBLE"),  # was INTEGER: 1.5 joined the class of 2
        ([i % 50 for i in range(100_000)] + [1.5, "x"], "VARCHAR"),  # failed: 'x' to DOUBLE
        ([i % 50 for i in range(100_000)] + ["x"], "VARCHAR"),
        ([1] * 1999 + [2**40], "BIGINT"),  # failed: out of range for INT
        ([1] * 1999 + [2**70], "VARCHAR"),  # past BIGINT: exact as text
        ([1, True, 2, False] * 500, "BIGINT"),  # failed: BOOLEAN does not match INTEGER
        ([Decimal("1.1"), Decimal("1.123"), Decimal("1.10")] * 700, "DOUBLE"),  # was DECIMAL(2,1): 1.123 read as 1.1
        ([Decimal("1"), Decimal("123456789012345678901234567890.5")] * 1000, "VARCHAR"),  # failed: out of range
        ([dt.date(2020, 1, 1), dt.datetime(2020, 1, 1, 12)] * 1000, "VARCHAR"),  # was DATE: noon cut to its day
        ([dt.datetime(2020, 1, 1, tzinfo=dt.timezone.utc), dt.datetime(2020, 1, 1)] * 1000, "VARCHAR"),  # failed
        ([dt.date(2020, 1, 1), dt.date(2020, 1, 2)] * 1000, "DATE"),  # read as ever
    ],
    ids=[
        "fraction-unseen",
        "fraction-joins-2",
        "word-after-floats",
        "word",
        "past-int32",
        "past-int64",
        "bools",
        "decimal-digits",
        "decimal-wide",
        "date-and-datetime",
        "aware-and-naive",
        "dates",
    ],
)
def test_a_column_of_python_objects_is_read_as_its_values_are(values, sql_type):
    """DuckDB types a pandas column of Python objects from a sample of its values (every other
    row of the first 2,000): [1, 1.5] repeated was INTEGER, 1.5 read as 2, and a later value of
    another kind failed the run (exit 3). Now the column is read as all its values are; the
    oracle is pandas, grouping the values themselves (a column of text: their str())."""
    frame = pd.DataFrame({"q": pd.Series(values, dtype=object), "g": [i % 2 for i in range(len(values))]})
    before = frame.copy()
    src = pr.connect(None)
    assert src.relation(frame).column("q").sql_type == sql_type
    got = pr.kanon(src, frame, ["q", "g"])
    # sort=False: pandas cannot sort a date beside a datetime, nor an aware datetime beside a naive one
    oracle = frame.groupby(["q", "g"], sort=False).size()
    assert (got["k_anonymity"], got["n_classes"]) == (int(oracle.min()), len(oracle))
    pd.testing.assert_frame_equal(frame, before)  # the caller's frame is not touched


@pytest.mark.parametrize(
    "column, kind",
    [
        (pd.period_range("2020-01", periods=4, freq="M"), r"DataFrame has the type period\[M\]"),
        (pa.array([1.5, 2.5, 1.5, 2.5], type=pa.float16()), "Table has the type halffloat"),
        (pa.array([1, 2, 1, 2], type=pa.decimal256(40, 2)), r"Table has the type decimal256\(40, 2\)"),
    ],
    ids=["pandas-period", "arrow-halffloat", "arrow-decimal256"],
)
def test_a_frame_column_duckdb_cannot_read_is_named(column, kind):
    """A column DuckDB cannot read was refused as if the frame were no table ("got DataFrame")."""
    data = {"g": [0, 1, 0, 1], "month": column}
    frame = pa.table(data) if isinstance(column, pa.Array) else pd.DataFrame(data)
    with pytest.raises(pr.InvalidInputError, match=f"column 'month' of the {kind}, which DuckDB cannot read"):
        pr.kanon(None, frame, ["g"])


@pytest.mark.parametrize("as_arrow", [False, True], ids=["pandas", "arrow"])
@pytest.mark.parametrize("names", [("a", "A"), ("a", "a")], ids=["case", "same"])
def test_frame_columns_that_are_one_name_to_duckdb_are_refused(as_arrow, names):
    # DuckDB ignores case and renames the second of two such columns (A -> A_1): qids=['A'] was
    # computed on column 'a' (k = 2 here, where 'A' is unique: k = 1), without a word.
    frame = pd.DataFrame([[1, 1], [1, 2], [1, 3], [2, 4], [2, 5]], columns=list(names))
    if as_arrow:  # Arrow keeps equal field names too
        frame = pa.Table.from_arrays([pa.array(frame.iloc[:, i]) for i in range(2)], names=list(names))
    said = (
        f"column '{names[0]}' appears twice"
        if names[0] == names[1]
        else f"columns '{names[0]}' and '{names[1]}' are one name to DuckDB, which ignores case"
    )
    with pytest.raises(pr.InvalidInputError, match=said):
        pr.kanon(None, frame, [names[1]])


def test_frame_columns_only_unicode_case_apart_stay_two():
    # DuckDB folds ASCII letters only: 'É' and 'é' are two columns to it, and to us.
    frame = pd.DataFrame({"É": [1, 1, 2, 2], "é": [1, 2, 3, 4]})
    assert pr.kanon(None, frame, ["é"])["k_anonymity"] == 1 and pr.kanon(None, frame, ["É"])["k_anonymity"] == 2


# -- options as pandas and numpy users pass them ------------------------------------------------
# A pandas Index or a numpy array of names raised "The truth value of an Index is ambiguous"
# (a bare ValueError), and numpy's integers were refused ("k must be an integer >= 1, got
# np.int64(10)") while 10.0 was taken.
LIST_LIKES = {
    "list": list,
    "tuple": tuple,
    "Index": pd.Index,
    "Series": pd.Series,
    "numpy": lambda names: np.array(names),
}


@pytest.mark.parametrize("kind", list(LIST_LIKES))
def test_names_as_any_list_like_give_the_list_results(adult_2k, kind):
    as_kind = LIST_LIKES[kind]
    assert pr.kanon(None, adult_2k, as_kind(["age", "sex"])) == pr.kanon(None, adult_2k, ["age", "sex"])
    ori, syn = adult_2k, adult_2k.sample(frac=0.5, random_state=0)
    got = pr.mpuccs(None, ori, syn, columns=as_kind(["age", "sex", "race"]), n_cols=[1, 2]).to_dict()
    assert got == pr.mpuccs(None, ori, syn, columns=["age", "sex", "race"], n_cols=[1, 2]).to_dict()
    runs = []
    for make in (as_kind, list):
        con = duckdb.connect()
        r = pr.mondrian(
            con,
            adult_2k,
            qids=make(["age", "sex"]),
            k=10,
            output="o",
            identifiers=make(["id"]),
            keep=make(["race"]),
            sensitive=make(["income"]),
            l=2,
        )
        runs.append((r.partitions, r.sensitive, con.execute("SELECT * FROM o ORDER BY ALL").fetchall()))
    assert runs[0] == runs[1]


def test_numpy_whole_numbers_are_numbers(adult_2k):
    assert pr.kanon(None, adult_2k, QIDS, k=np.int64(3)) == pr.kanon(None, adult_2k, QIDS, k=3)
    assert pr.cavg(None, adult_2k, QIDS, k=np.int32(5)).cavg == pr.cavg(None, adult_2k, QIDS, k=5).cavg
    ori, syn = adult_2k, adult_2k.sample(frac=0.5, random_state=0)
    plain = pr.mpuccs(None, ori, syn, columns=QIDS, n_cols=[1, 2], numeric_precision=0).to_dict()
    for n_cols in (np.array([1, 2]), range(1, 3), [np.int64(1), np.int64(2)]):
        got = pr.mpuccs(None, ori, syn, columns=QIDS, n_cols=n_cols, numeric_precision=np.int64(0)).to_dict()
        assert got == plain
    one = pr.mpuccs(None, ori, syn, columns=QIDS, n_cols=np.int64(2)).to_dict()["global"]
    assert one["config_n_cols"] == "2"
    kept = {"identifiers": ["id"], "keep": "*", "sensitive": ["income"], "output": "o"}
    r = pr.mondrian(duckdb.connect(), adult_2k, QIDS, k=np.int64(10), l=np.int64(2), **kept)
    assert (r.k, r.l, r.partitions) == (
        10,
        2,
        pr.mondrian(duckdb.connect(), adult_2k, QIDS, k=10, l=2, **kept).partitions,
    )
    assert type(r.k) is int and type(r.l) is int and len(r.to_pandas(np.int64(3))) == 3
    sized = pr.risk(None, adult_2k, QIDS, population_size=np.int64(100_000))
    assert sized.population == pr.risk(None, adult_2k, QIDS, population_size=100_000).population
    classes = [{"qid": 1, "count": np.int64(3)}, {"qid": 2, "count": 5}]
    assert pr.cavg_from_equivalence_classes(k=2, classes=classes) == 2.0


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda df: pr.kanon(None, df, "age"), "qids must be a non-empty list"),
        (lambda df: pr.kanon(None, df, pd.Index([])), "qids must be a non-empty list"),
        (lambda df: pr.kanon(None, df, 5), "qids must be a list of column names"),
        (lambda df: pr.kanon(None, df, {"age": 1}), "qids must be a list of column names"),
        (lambda df: pr.kanon(None, df, QIDS, k=np.bool_(True)), "k must be an integer >= 1"),
        (lambda df: pr.kanon(None, df, QIDS, k=np.float64(2.5)), "k must be an integer >= 1"),
        (lambda df: pr.mpuccs(None, df, df, columns=QIDS, n_cols=1.5), "n_cols must be an integer or a list"),
        (lambda df: pr.mpuccs(None, df, df, columns=QIDS, n_cols=np.array([1, 0])), "sizes must be integers >= 1"),
        (lambda df: pr.mpuccs(None, df, df, columns=QIDS, numeric_precision=np.int64(11)), "numeric_precision"),
        # ValueError or TypeError from int(), and 0 ran as 1
        (lambda df: pr.mpuccs(None, df, df, columns=QIDS, batch_size="8"), "batch_size must be an integer >= 1"),
        (lambda df: pr.mpuccs(None, df, df, columns=QIDS, batch_size=None), "batch_size must be an integer >= 1"),
        (lambda df: pr.mpuccs(None, df, df, columns=QIDS, batch_size=0), "batch_size must be an integer >= 1"),
        (lambda df: pr.risk(None, df, QIDS, population_size=np.float64(10.5)), "population_size"),
        (lambda df: pr.cavg_from_equivalence_classes(k=2, classes=[{"count": 2.5}]), "bad count"),
        # a histogram {size: classes}: its keys were read as the classes, "class #0 has no 'count': 1"
        (
            lambda df: pr.cavg_from_equivalence_classes(k=2, classes={1: 2, 3: 1}),
            r"classes must be a list of \{'qid': ..., 'count': n\}, one per class, got a mapping \{1: 2, 3: 1\}",
        ),
        (lambda df: pr.cavg_from_equivalence_classes(k=2, classes=5), "one per class, got 5$"),  # TypeError before
        # a list of sizes as numpy gives them: IndexError ("invalid index to scalar variable") before
        (
            lambda df: pr.cavg_from_equivalence_classes(k=2, classes=np.array([3, 4])),
            r"class #0 has no 'count' \(each is",
        ),
        (lambda df: pr.cavg_from_equivalence_classes(k=2, classes=[np.int64(3)]), r"class #0 has no 'count'"),
    ],
)
def test_what_is_no_list_or_no_whole_number_is_still_refused_by_name(adult_2k, call, message):
    with pytest.raises(pr.InvalidInputError, match=message):
        call(adult_2k)


def test_cavg_from_a_dataframe_of_classes_reads_its_rows():
    """A DataFrame of classes (qid, count) was iterated over its column names: "equivalence class
    #0 has no 'count': 'qid'". Its rows are the classes, as for a list of records."""
    import polars as pl

    records = [{"qid": "a", "count": 3}, {"qid": "b", "count": 4}, {"qid": "c", "count": 1}]
    want = pr.cavg_from_equivalence_classes(records, 2)
    assert want == 8 / (3 * 2)
    assert pr.cavg_from_equivalence_classes(pd.DataFrame(records), 2) == want
    assert pr.cavg_from_equivalence_classes(pl.DataFrame(records), 2) == want
    with pytest.raises(pr.InvalidInputError, match="class #0 has no 'count'"):
        pr.cavg_from_equivalence_classes(pd.DataFrame({"qid": ["a"], "n": [3]}), 2)


def test_kanon_sensitive_as_an_index_and_singling_out_combinations_in_value_order(adult_2k):
    as_index = pr.kanon(None, adult_2k, ["age"], sensitive=pd.Index(["income", "race"]))
    assert as_index == pr.kanon(None, adult_2k, ["age"], sensitive=["income", "race"])
    # The combinations came in the database's order, another one from call to call.
    syn = adult_2k.sample(frac=0.5, random_state=0)
    got = pr.singling_out_rate(None, adult_2k, syn, pd.Index(["age", "sex"])).combinations
    assert len(got) == 4
    assert got.to_dict("records") == sorted(got.to_dict("records"), key=lambda r: (r["age"], r["sex"]))


def test_singling_out_rate_shows_itself_in_a_notebook_as_the_other_results_do(adult_2k):
    # It had neither to_pandas nor _repr_html_: a notebook printed the dataclass's repr, its
    # combinations squeezed into one line.
    syn = adult_2k.sample(frac=0.5, random_state=0)
    r = pr.singling_out_rate(None, adult_2k, syn, ["age", "sex"])
    assert r.to_dict() == {"rate": r.rate, "matches": r.matches, "syn_rows": len(syn)}
    frame = r.to_pandas()
    assert frame.equals(r.combinations) and frame is not r.combinations
    page = r._repr_html_()
    assert f"{r.matches:,} of {len(syn):,} synthetic rows" in page and page.count("<tr") == len(frame) + 1
    hostile = pd.DataFrame({"a": ["<script>x</script>", "b", "b"]})
    shown = pr.singling_out_rate(None, hostile, hostile, ["a"])._repr_html_()
    assert "<script>" not in shown and "&lt;script&gt;x&lt;/script&gt;" in shown
    assert "rate 33.33 %: 1 of 3 synthetic rows is unique" in shown and "(1 combination)" in shown


@pytest.mark.parametrize(
    "values,pair",
    [([7, "7", 7, "7", "b", "b"], "7 and '7'"), ([True, "True", "x", "x"], "True and 'True'")],
    ids=["int-and-text", "bool-and-text"],
)
def test_values_of_several_kinds_spelt_alike_are_warned_of(values, pair):
    # Read as text, 7 and "7" are one class where pandas counts two: k was 4 without a word.
    df = pd.DataFrame({"id": range(len(values)), "q": pd.Series(values, dtype=object)})
    with pytest.warns(UserWarning, match=rf"column 'q' of the DataFrame .*{re.escape(pair)} are one value"):
        got = pr.kanon(None, df, ["q"])
    assert got["n_classes"] == df["q"].astype(str).nunique() < df["q"].nunique()
    alone = pd.DataFrame({"q": pd.Series(["a", "b", 7, 2.5, None], dtype=object)})  # several kinds, none alike
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pr.kanon(None, alone, ["q"])


@pytest.mark.parametrize(
    "values", [[[1, 2], [1, 2], [3]], [{"a": 1}, {"a": 1}, {"b": 2}], [[1], [1], "x"]], ids=["lists", "dicts", "mixed"]
)
def test_unhashable_objects_are_still_read_as_their_text(values):
    # The check for values spelt alike counted them with pandas, which cannot hash a list: the run
    # said "table must be ... a DataFrame, got DataFrame" (36e1304, mended before it was released).
    df = pd.DataFrame({"q": pd.Series(values, dtype=object)})
    assert pr.kanon(None, df, ["q"])["n_classes"] == 2


def test_a_value_whose_text_fails_is_refused_naming_its_column():
    # Its str() raised inside the DataFrame's reading, and the run said the DataFrame was no DataFrame.
    class NoText:
        def __str__(self):
            raise ValueError("no spelling")

    df = pd.DataFrame({"id": [1, 2, 3], "q": pd.Series([NoText(), "x", 1], dtype=object)})
    with pytest.raises(pr.InvalidInputError, match=r"column 'q' of the DataFrame .*ValueError: no spelling"):
        pr.kanon(None, df, ["q"])


@pytest.mark.parametrize(
    "values",
    [[1, "a", None, 2], [1.5, "x", 1.5, "x"], [dt.date(2020, 1, 1), "later", None, "later"]],
    ids=["int-and-word", "float-and-word", "date-and-word"],
)
def test_objects_of_several_kinds_beside_an_arrow_column_are_read_as_alone(values):
    """A pandas column of Arrow type (pd.ArrowDtype: read_parquet(dtype_backend="pyarrow"))
    makes DuckDB read the whole frame through pyarrow, which refuses a column of Python objects
    of several kinds: the run said "DuckDB cannot read this DataFrame ... a Python exception
    occurred", naming no column, even where that column was no QID. It is read as it is without
    the Arrow column (as text); the oracle is the same frame without Arrow types."""
    n = 40
    objects = pd.Series([values[i % len(values)] for i in range(n)], dtype=object)
    price = pd.Series([Decimal("1.25"), Decimal("2.50")] * (n // 2), dtype=pd.ArrowDtype(pa.decimal128(10, 2)))
    frame = pd.DataFrame({"g": [i % 3 for i in range(n)], "q": objects, "price": price})
    before = frame.copy()
    plain = frame.assign(price=frame["price"].astype("float64"))
    for qids in (["g"], ["g", "q"], ["g", "price"]):
        assert pr.kanon(None, frame, qids) == pr.kanon(None, plain, qids), qids
    pd.testing.assert_frame_equal(frame, before)  # the caller's frame is not touched


@pytest.mark.parametrize("lazy", [False, True])
@pytest.mark.parametrize("dtype", ["Int128", "Object"])
def test_a_polars_column_duckdb_cannot_read_is_named(dtype, lazy):
    # "table must be a table name, a CSV/Parquet path or a DataFrame, got DataFrame" it said (and
    # "... got LazyFrame (DuckDB reads pandas DataFrames and Arrow tables)" of a LazyFrame, which it reads).
    import polars as pl

    values = [1, 1, 2] if dtype == "Int128" else [object(), object(), object()]
    frame = pl.DataFrame({"id": [1, 2, 3], "q*": pl.Series(values, dtype=getattr(pl, dtype))})
    kind = "LazyFrame" if lazy else "DataFrame"
    with pytest.raises(pr.InvalidInputError, match=rf"column 'q\*' of the {kind} has the type {dtype}, which DuckDB"):
        pr.kanon(None, frame.lazy() if lazy else frame, ["id"])


def test_an_arrow_record_batch_reader_is_refused_before_work():
    # It is read once; the run's second statement failed on it ("already been consumed", exit 3).
    reader = pa.Table.from_pydict({"a": [1, 1, 2]}).to_reader()
    with pytest.raises(pr.InvalidInputError, match=r"RecordBatchReader, which is read only once.*read_all\(\)"):
        pr.kanon(None, reader, ["a"])


def _mondrian_labels(tmp_path, frame, **options):
    out = tmp_path / "release.csv"
    pr.mondrian(None, frame, ["q"], k=6, output=str(out), replace=True, identifiers=["id"], **options)
    return sorted(set(pd.read_csv(out)["q_gen"]))


def test_an_ordered_categorical_is_cut_in_its_categories_order(tmp_path):
    # The frame says low < mid < high < top; Mondrian cut it as a category, into the sets
    # {high, low} and {mid, top} of its sorted spellings.
    levels = ["low", "mid", "high", "top"]
    frame = pd.DataFrame({"id": range(12), "q": pd.Categorical(levels * 3, categories=levels, ordered=True)})
    assert _mondrian_labels(tmp_path, frame) == ["high~top", "low~mid"]
    unordered = frame.assign(q=frame["q"].cat.as_unordered())  # no order said: sets, as before
    assert _mondrian_labels(tmp_path, unordered) == ['["high","low"]', '["mid","top"]']
    given = {"q": ["top", "high", "mid", "low"]}  # the caller's order wins
    assert _mondrian_labels(tmp_path, frame, order=given) == ["mid~low", "top~high"]
    assert _mondrian_labels(tmp_path, frame, hierarchies={"q": "order:mid,low,top,high"}) == ["mid~low", "top~high"]


def test_an_ordered_categorical_sensitive_attribute_gets_the_ordered_distance():
    # t-closeness took the equal distance over its spellings, as for text, though the frame says
    # low < mid < high < top; now the ordered distance over the categories' ranks, as ARX's
    # ordered distance for an ordinal attribute. Every other figure counts values alike.
    rng = np.random.default_rng(7)
    levels = ["low", "mid", "high", "top"]
    values = pd.Categorical(rng.choice(levels + [None], 80), categories=levels, ordered=True)
    frame = pd.DataFrame({"g": rng.choice(["a", "b", "c"], 80), "s": values})
    ordered = pr.kanon(None, frame, ["g"], sensitive=["s"])
    ranks = frame.assign(s=frame["s"].cat.codes.where(frame["s"].cat.codes >= 0))
    want = oracle.sensitive_metrics(ranks, ["g"], "s", True)["t_closeness"]
    assert ordered["t_closeness"] == pytest.approx(want, abs=1e-12)
    unordered = pr.kanon(None, frame.assign(s=frame["s"].cat.as_unordered()), ["g"], sensitive=["s"])
    assert unordered["t_closeness"] != pytest.approx(want, abs=1e-6)  # the equal distance, as pycanon
    for key in ("l_diversity", "entropy_l_diversity", "alpha_k", "basic_beta_likeness", "delta_disclosure"):
        assert ordered[key] == unordered[key], key
    assert frame["s"].dtype == "category"  # the caller's frame is left as it was


def test_mondrian_t_closeness_over_an_ordered_categorical_is_the_ordered_distance(tmp_path):
    # It held each partition to the equal distance over the spellings (stricter, so fewer cuts);
    # the frame says low < mid < high < top, and kanon measures the release by the ordered distance.
    rng = np.random.default_rng(3)
    levels = ["low", "mid", "high", "top"]
    frame = pd.DataFrame(
        {
            "id": range(400),
            "age": rng.integers(20, 70, 400),
            "s": pd.Categorical(rng.choice(levels, 400), categories=levels, ordered=True),
        }
    )
    out = tmp_path / "release.parquet"
    runs = {}
    for ordered in (True, False):
        given = frame if ordered else frame.assign(s=frame["s"].cat.as_unordered())
        runs[ordered] = pr.mondrian(
            None, given, ["age"], k=5, t=0.15, sensitive=["s"], output=str(out), replace=True, identifiers=["id"]
        )
        release = pd.read_parquet(out)
        assert sorted(set(release["s"])) == sorted(levels)  # the labels are released, not ranks
        measured = release.assign(s=pd.Categorical(release["s"], categories=levels, ordered=ordered))
        assert pr.kanon(None, measured, ["age_gen"], sensitive=["s"])["t_closeness"] <= 0.15
    assert runs[True].partitions > runs[False].partitions  # the ordered distance allows more cuts


@pytest.mark.parametrize("metric", ["kanon", "mondrian"])
def test_a_column_name_held_twice_is_refused_by_name_with_sensitive_attributes(tmp_path, metric):
    # The look for ordered Categoricals ran first and ended in AttributeError (d53c05e's parent,
    # mended before release): the frame's a selected two columns.
    frame = pd.DataFrame([[1, 2, "x"], [1, 2, "y"]], columns=["a", "a", "s"])
    with pytest.raises(pr.InvalidInputError, match="column 'a' appears twice"):
        if metric == "kanon":
            pr.kanon(None, frame, ["s"], sensitive=["a"])
        else:
            pr.mondrian(None, frame, ["s"], k=1, sensitive=["a"], l=1, output=str(tmp_path / "o.csv"))


def test_a_frame_column_named_with_a_byte_that_is_not_utf8_is_named():
    """A column name read through surrogateescape (a byte 0xff): DuckDB's refusal said only
    'DuckDB cannot read this DataFrame: std::bad_cast'."""
    frame = pd.DataFrame({"a\udcff": [1, 1, 2, 2], "b": ["x", "x", "y", "y"]})
    with pytest.raises(pr.InvalidInputError, match=r"column 'a\\udcff' of the DataFrame: its name holds the byte 0xff"):
        pr.kanon(None, frame, ["b"])


@pytest.mark.parametrize(
    "column",
    [
        ["x", "y\udcffz", "x", "y"],
        pd.Series(["x", "y\udcffz", "x", "y"], dtype="string"),
        pd.Categorical(["x", "y\udcffz", "x", "y"]),
    ],
    ids=["object", "string", "category"],
)
def test_a_frame_text_value_with_a_byte_that_is_not_utf8_is_named(column):
    """A text value read through surrogateescape (a byte 0xff): DuckDB's 'Python Conversion
    Failure: cannot encode str as UTF-8' named neither the column nor the row (QueryError, exit 3)."""
    frame = pd.DataFrame({"n": [1, 2, 1, 2], "a": column}).set_axis([10, 11, 12, 13])
    with pytest.raises(
        pr.InvalidInputError, match=r"column 'a' of the DataFrame, row 11: the value 'y\\udcffz' holds the byte 0xff"
    ):
        pr.kanon(None, frame, ["a", "n"])
