"""The CLI's fast JSON of mpUCCs details is the text json.dumps writes for to_dict(), byte for byte."""

from __future__ import annotations

import datetime as dt
import decimal
import json
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import privrisk_sql as pr
from privrisk_sql.cli import _dumps
from privrisk_sql.metrics.mpuccs.result import DETAIL_COLUMNS, MpuccsResult, details_json, details_jsonable
from privrisk_sql.report.json_text import EncodedRecords, jsonable, list_json, value_json

ENCODE = json.JSONEncoder(allow_nan=False).encode

ODD_VALUES = [
    None,
    True,
    False,
    0,
    -7,
    2**70,
    0.1,
    -0.0,
    1e300,
    5e-324,
    145504.99,
    float("nan"),
    "",
    "plain",
    'quote " and \\ backslash',
    "tab\tnew\nline",
    "é ß 中文 😀",
    "\x00\x1f",
    decimal.Decimal("1.25"),
    decimal.Decimal("NaN"),
    dt.date(2020, 2, 29),
    dt.datetime(2021, 1, 1, 10, 0, 5),
    dt.datetime(2021, 1, 1, tzinfo=dt.timezone.utc),
    dt.time(23, 59, 59, 1),
    uuid.UUID(int=5),
    b"bytes",
]


@pytest.mark.parametrize("value", ODD_VALUES, ids=repr)
def test_value_json_is_json_dumps_of_the_converted_value(value):
    assert value_json(value) == ENCODE(jsonable(value))
    assert list_json((value, value)) == ENCODE(jsonable([value, value]))


def test_infinity_is_written_as_the_generic_path_writes_it():
    assert value_json(float("inf")) == ENCODE(jsonable(float("inf"))) == '"Infinity"'
    assert list_json([1, float("-inf")]) == '[1, "-Infinity"]'


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(), st.dates(), st.datetimes(), st.decimals()
)


@settings(max_examples=200, deadline=None)
@given(
    rows=st.lists(
        st.tuples(
            st.integers(1, 5),
            st.one_of(st.none(), st.integers(0, 10**6)),
            st.lists(st.text(min_size=1), min_size=1, max_size=3).map(tuple),
            st.lists(scalars, min_size=1, max_size=3).map(tuple),
            st.one_of(st.none(), st.integers(0, 10**6)),
            scalars,
            scalars,
        ),
        max_size=6,
    ),
    with_keys=st.booleans(),
)
def test_details_json_equals_the_generic_path(rows, with_keys):
    columns = DETAIL_COLUMNS + (["syn_key", "ori_key"] if with_keys else [])
    rows = [r if with_keys else r[:5] for r in rows]
    fast = details_json(rows, columns)
    generic = [ENCODE(record) for record in details_jsonable(rows, columns)]
    assert isinstance(fast, EncodedRecords) and list(fast) == generic


def test_cli_file_equals_json_dumps_of_to_dict(tmp_path, capsys):
    # Dates, floats and strings in the details of a real run: the CLI writes the encoded records,
    # and the file must be what the generic writer makes of to_dict().
    ori, syn = "fixtures/adult/ori.csv", "fixtures/adult/syn.csv"
    out = tmp_path / "r.json"
    from privrisk_sql.cli import main

    assert main(["mpuccs", "--ori", ori, "--syn", syn, "--n-cols", "1,2", "--json", str(out), "--quiet"]) == 0
    result = pr.mpuccs(None, ori, syn, n_cols=[1, 2])
    assert len(result.to_dict()["details"]) > 100
    assert out.read_text() == _dumps(result.to_dict()) + "\n"
    assert _dumps(result.to_json_payload()) == _dumps(result.to_dict())


def test_empty_details_are_an_empty_list():
    result = MpuccsResult({"identification_rate": 0.0}, [], [], DETAIL_COLUMNS, [])
    assert _dumps(result.to_json_payload()) == _dumps(result.to_dict())
    assert json.loads(_dumps(result.to_json_payload()))["details"] == []


def test_infinities_and_decimals_have_a_json_form(tmp_path):
    """+/-inf are values: "Infinity"/"-Infinity" (mpUCCs crashed with a traceback on them, even
    without --json); decimals keep their exact digits (three DECIMAL(38,1) values printed as one
    float 1.2345678901234568e+18)."""
    import decimal

    from privrisk_sql.cli import main
    from privrisk_sql.report.json_text import jsonable, list_json

    assert jsonable(float("inf")) == "Infinity" and jsonable(float("-inf")) == "-Infinity"
    assert jsonable(float("nan")) is None
    values = [decimal.Decimal("1234567890123456781.5"), decimal.Decimal("1234567890123456782.5")]
    assert json.loads(list_json(values)) == ["1234567890123456781.5", "1234567890123456782.5"]
    assert jsonable(decimal.Decimal("1E+3")) == "1000"
    csv = tmp_path / "inf.csv"
    csv.write_text("a,b\n1.5,x\ninf,y\n-inf,z\n2.0,x\n")
    out = tmp_path / "r.json"
    assert main(["mpuccs", "--ori", str(csv), "--syn", str(csv), "--json", str(out)]) == 0
    combos = [d["value_combo"] for d in json.loads(out.read_text())["details"]]
    assert ["Infinity"] in combos and ["-Infinity"] in combos


def test_to_dict_is_the_json_for_every_class_metric(tmp_path, capsys):
    """kanon's histogram keys were strings and cavg's integers (issue 40): every result's
    to_dict() now equals what --json writes, class sizes as strings (JSON keys are)."""
    import privrisk_sql as pr
    from privrisk_sql.cli import main

    from backends import FIXTURES

    adult = str(FIXTURES / "adult" / "ori.csv")
    runs = {
        "kanon": (
            ["kanon", "--table", adult, "--qids", "sex,race", "--k", "3"],
            lambda: dict(pr.kanon(None, adult, ["sex", "race"], k=3)),
        ),
        "cavg": (
            ["cavg", "--table", adult, "--qids", "sex,race", "--k", "3"],
            lambda: pr.cavg(None, adult, ["sex", "race"], 3).to_dict(),
        ),
    }
    for args, direct in runs.values():
        assert main([*args, "--json", "-"]) == 0
        written = json.loads(capsys.readouterr().out)
        assert written == direct()
        assert all(isinstance(size, str) for size in written["class_size_histogram"])
    db = tmp_path / "w.duckdb"
    assert (
        main(
            [
                "mondrian",
                "--db",
                str(db),
                "--table",
                adult,
                "--qids",
                "age,sex",
                "--k",
                "10",
                "--output",
                "o",
                "--json",
                "-",
            ]
        )
        == 0
    )
    written = json.loads(capsys.readouterr().out)
    again = pr.mondrian(str(db), adult, ["age", "sex"], 10, "o2").to_dict()
    assert written["partition_sizes"] == again["partition_sizes"] and all(
        isinstance(s, str) for s in again["partition_sizes"]
    )
