"""Every public function's every parameter, given odd values (a text where a list goes, a list
where a number goes, NaN, an object, bytes...): each call succeeds or raises a typed
PrivriskError, never a Python error from deep inside. Run first on 2026-11-27, it found
mpuccs(batch_size="8") (ValueError from int()) and cavg_from_equivalence_classes(classes=5)
(TypeError); an order= or hierarchies= of the wrong shape raised AttributeError until 9d897b0."""

from __future__ import annotations

import inspect
import warnings

import duckdb
import numpy as np
import pandas as pd
import pytest

import privrisk_sql as pr

from backends import FIXTURES

pytestmark = pytest.mark.full  # about 25 s: every parameter of every function, many times over

ODD = ["", "age", "age,sex", ["age"], ["nope"], {"age": 1}, 0, -1, 1.5, True, None, np.nan, object(), b"x",
       ("age", "sex"), [1, 2], {"a"}, float("inf"), 10**30,
       # where a choice goes (median="lower"), these raised ValueError: "the truth value ... is ambiguous"
       pd.DataFrame({"age": [1]}), np.array(["lower"]),
       # a name too long for a file: pathlib's exists() raised OSError where it is read as a path
       "x" * 300, "~x", "a\\b", "a\nb",
       # a NUL: html= and output= raised ValueError, and src= made a database file called 'a'
       "a\x00b",
       # ...in a database file's name: a writing run's file claim raised ValueError (found 2026-12-02)
       "a\x00b.duckdb",
       # a byte of a file name that is not UTF-8 (Python's \udcff): a traceback where DuckDB or a catalog met it
       "a\udcffb"]  # fmt: skip


@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    return pd.read_csv(FIXTURES / "adult" / "ori.csv").head(300)


def _calls(df: pd.DataFrame) -> dict:
    """Each function with arguments that run, every parameter named (the database is a fresh
    in-memory DuckDB where the function writes)."""
    writes = duckdb.connect
    return {
        "kanon": (pr.kanon, dict(src=None, table=df, qids=["age", "sex"], sensitive=["income"], k=2, html=None)),
        "cavg": (pr.cavg, dict(src=None, table=df, qids=["age", "sex"], k=2)),
        "risk": (
            pr.risk,
            dict(
                src=writes,
                table=df,
                qids=["age", "sex"],
                threshold=0.2,
                population_size=100_000,
                population=df,
                population_qids=["age", "sex"],
                weight="fnlwgt",
                records="r",
                key="fnlwgt",
                classes="c",
                replace=True,
            ),
        ),
        "mpuccs": (
            pr.mpuccs,
            dict(
                src=None,
                ori=df,
                syn=df,
                columns=["age", "sex", "race"],
                n_cols=[1, 2],
                min_entropy_delta=0.0,
                field_decay_factor=0.5,
                renyi_alpha=2.0,
                numeric_precision=None,
                datetime_precision=None,
                nulls="sql",
                key=None,
                details=True,
                batch_size=32,
                empty_sizes="warn",
                html_values=False,
            ),
        ),
        "mondrian": (
            pr.mondrian,
            dict(
                src=writes,
                table=df,
                qids=["age", "sex"],
                k=2,
                output="o",
                keep=[],
                replace=True,
                median="lower",
                relaxed=False,
                nulls="error",
                order=None,
                l=None,
                t=None,
                sensitive=None,
                hierarchies=None,
                identifiers=["fnlwgt"],
                keep_order=False,
                labels_only=False,
            ),
        ),
        "k_anonymity_failures": (pr.k_anonymity_failures, dict(src=None, table=df, qids=["age"], k=2)),
        "l_diversity_failures": (
            pr.l_diversity_failures,
            dict(src=None, table=df, qids=["age"], sensitive="sex", l=2),
        ),
        "t_closeness_failures": (
            pr.t_closeness_failures,
            dict(src=None, table=df, qids=["age"], sensitive="sex", t=0.5, order=None),
        ),
        "singling_out_rate": (pr.singling_out_rate, dict(src=None, ori=df, syn=df, columns=["age", "sex"])),
        "cavg_from_equivalence_classes": (pr.cavg_from_equivalence_classes, dict(classes=[{"count": 3}], k=2)),
        "cavg_best_effort": (pr.cavg_best_effort, dict(n_rows=10, k=2)),
        "connect": (pr.connect, dict(target=None, read_only=False, timeout=None, files=(), create=False)),
        # files= is read only with read_only: an odd one raised TypeError there (found 2026-12-02)
        "connect_read_only": (pr.connect, dict(target=None, read_only=True, timeout=None, files=(), create=False)),
    }


def test_every_base_call_runs(frame, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, (fn, kwargs) in _calls(frame).items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn(**{k: (v() if v is duckdb.connect else v) for k, v in kwargs.items()})
        named = set(inspect.signature(fn).parameters)
        assert set(kwargs) <= named or "options" in named, name  # connect(target, **options)


@pytest.mark.parametrize("name", sorted(_calls(pd.DataFrame())))
def test_odd_values_of_every_parameter_raise_typed_errors(frame, name, tmp_path, monkeypatch):
    # A text given as src= or html= names a file a call may write (a database, a page): in the
    # test's own folder. Run from the repository, it left 'age' and 'age,sex' there, committed.
    monkeypatch.chdir(tmp_path)
    fn, kwargs = _calls(frame)[name]
    untyped = []
    for param in kwargs:
        for value in ODD:
            args = {k: (v() if v is duckdb.connect else v) for k, v in kwargs.items()}
            args[param] = value
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    fn(**args)
            except pr.PrivriskError as e:
                if "\n" in str(e):  # an error is one line: a frame's repr in it ran to many
                    untyped.append(f"{param}={value!r:.30}: more than one line: {e}")
            except Exception as e:  # noqa: BLE001 - what the test is looking for
                untyped.append(f"{param}={value!r:.30}: {type(e).__name__}: {e}")
    assert untyped == []
    # only a text names a file: html=True wrote a page called 'True', html=1.5 one called '1.5'
    assert {p.name for p in tmp_path.iterdir()} <= {"age", "age,sex", "~x", "a\\b", "a\nb", "a\udcffb"}
