"""pandas DataFrames and Arrow tables as inputs (DuckDB reads them in place): the same results as
the same data read from its file, nothing left registered after the run, clear errors elsewhere."""

from __future__ import annotations

import duckdb
import pandas as pd
import pyarrow as pa
import pytest

import privrisk_sql as pr

from backends import FIXTURES, mondrian_keeping_all

ADULT_2K = str(FIXTURES / "mondrian" / "adult_2k.csv")
ORI, SYN = str(FIXTURES / "adult" / "ori.csv"), str(FIXTURES / "adult" / "syn.csv")
QIDS = ["age", "sex", "race", "marital_status"]


def _registered_views(con: duckdb.DuckDBPyConnection) -> int:
    return con.execute("SELECT COUNT(*) FROM duckdb_views() WHERE NOT internal").fetchone()[0]


@pytest.fixture(scope="module")
def adult_2k() -> pd.DataFrame:
    return pd.read_csv(ADULT_2K)


@pytest.mark.parametrize("as_arrow", [False, True], ids=["pandas", "arrow"])
def test_kanon_and_cavg_of_a_frame_equal_those_of_its_file(adult_2k, as_arrow):
    frame = pa.Table.from_pandas(adult_2k) if as_arrow else adult_2k
    con = duckdb.connect()
    got = pr.kanon(con, frame, QIDS, sensitive=["income", "hours_per_week"], k=5)
    want = pr.kanon(con, ADULT_2K, QIDS, sensitive=["income", "hours_per_week"], k=5)
    assert got == want
    assert got["k_anonymity"] == int(adult_2k.groupby(QIDS).size().min())
    assert pr.cavg(con, frame, QIDS, 5) == pr.cavg(con, ADULT_2K, QIDS, 5)
    assert _registered_views(con) == 0


def test_mondrian_of_a_frame_writes_the_same_table_as_from_its_file(adult_2k):
    con = duckdb.connect()
    from_frame = mondrian_keeping_all(con, adult_2k, QIDS, 10, "from_frame", keep_order=True)
    from_file = mondrian_keeping_all(con, ADULT_2K, QIDS, 10, "from_file", keep_order=True)
    assert (from_frame.partitions, from_frame.gcp) == (from_file.partitions, from_file.gcp)
    a = con.execute("SELECT * FROM from_frame").df()
    b = con.execute("SELECT * FROM from_file").df()
    pd.testing.assert_frame_equal(a, b)
    assert len(a) == len(adult_2k) and a["id"].tolist() == adult_2k["id"].tolist()
    assert _registered_views(con) == 0


def test_mpuccs_of_frames_equals_mpuccs_of_their_files():
    ori, syn = pd.read_csv(ORI), pd.read_csv(SYN)
    columns = ["age", "sex", "race", "marital_status", "education"]
    got = pr.mpuccs(None, ori, syn, columns=columns, n_cols=[1, 2, 3])
    want = pr.mpuccs(None, ORI, SYN, columns=columns, n_cols=[1, 2, 3])
    assert got.to_dict() == want.to_dict()
    assert len(want.to_dict()["details"]) > 0


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


@pytest.mark.parametrize("as_arrow", [False, True], ids=["pandas", "arrow"])
@pytest.mark.parametrize("names", [("a", "A"), ("a", "a")], ids=["case", "same"])
def test_frame_columns_that_are_one_name_to_duckdb_are_refused(as_arrow, names):
    # DuckDB ignores case and renames the second of two such columns (A -> A_1): qids=['A'] was
    # computed on column 'a' (k = 2 here, where 'A' is unique: k = 1), without a word.
    frame = pd.DataFrame([[1, 1], [1, 2], [1, 3], [2, 4], [2, 5]], columns=list(names))
    if as_arrow:  # Arrow keeps equal field names too
        frame = pa.Table.from_arrays([pa.array(frame.iloc[:, i]) for i in range(2)], names=list(names))
    with pytest.raises(pr.InvalidInputError, match=f"columns '{names[0]}' and '{names[1]}' .* one name to DuckDB"):
        pr.kanon(None, frame, [names[1]])


def test_frame_columns_only_unicode_case_apart_stay_two():
    # DuckDB folds ASCII letters only: 'É' and 'é' are two columns to it, and to us.
    frame = pd.DataFrame({"É": [1, 1, 2, 2], "é": [1, 2, 3, 4]})
    assert pr.kanon(None, frame, ["é"])["k_anonymity"] == 1 and pr.kanon(None, frame, ["É"])["k_anonymity"] == 2
