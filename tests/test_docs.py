"""Keep the README honest: its two commands are the ones CI runs, and the main job works."""

from __future__ import annotations

import json
import os
import re
import shlex

import pytest

import privrisk_sql as pr
from privrisk_sql.cli import main

from backends import FIXTURES, ROOT

README = (ROOT / "README.md").read_text()
COMMANDS = re.findall(r"```bash\n(.+?)\n```", README)


def test_readme_has_two_commands():
    assert len(COMMANDS) == 2


def test_ci_runs_the_readme_test_command():
    assert COMMANDS[1] in (ROOT / ".ci" / "run").read_text()


def test_readme_main_command_gives_petsard_numbers(capsys, tmp_path):
    args = shlex.split(COMMANDS[0].split("privrisk-sql", 1)[1])
    os.chdir(ROOT)
    assert main([*args, "--json", str(tmp_path / "r.json")]) == 0
    got = json.loads((tmp_path / "r.json").read_text())["global"]
    ref = FIXTURES / "petsard" / "adult_qid_ncols123" / "expected.json"
    expected = json.loads(ref.read_text())["global"]
    assert got["total_identified"] == expected["total_identified"]
    assert got["identification_rate"] == pytest.approx(expected["identification_rate"], abs=1e-12)


def test_every_metric_has_its_page_pictured_in_the_reports_guide():
    """The reports guide pictured four pages of five: the risk page, added after the screenshots
    were made, had none, and the script that makes them knew nothing of it."""
    import importlib.util

    from privrisk_sql.registry import METRICS

    spec = importlib.util.spec_from_file_location("report_screenshots", ROOT / "scripts" / "report_screenshots.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    names = [m.name for m in METRICS]
    assert sorted(script.RUNS) == sorted(names)
    guide = (ROOT / "docs" / "guides" / "reports.md").read_text()
    for name in names:
        assert f"(../img/report-{name}.png)" in guide, name
        assert (ROOT / "docs" / "img" / f"report-{name}.png").stat().st_size > 10_000, name


def test_public_api_is_documented():
    for name in pr.__all__:
        obj = getattr(pr, name)
        assert obj.__doc__ and obj.__doc__.strip(), name


def test_the_python_guide_lists_every_public_call():
    # Its table of calls lacked pr.risk, pr.singling_out_rate and the two CAVG helpers.
    guide = (ROOT / "docs" / "guides" / "python.md").read_text()
    table = guide.split("## Every metric, the same shape", 1)[1].split("\n\n**", 1)[0]
    calls = [n for n in pr.__all__ if callable(getattr(pr, n)) and n[0].islower() and n != "connect"]
    assert len(calls) == 11, calls
    for name in calls:
        assert f"| `pr.{name}(" in table, name


@pytest.mark.parametrize("nulls,rate,events", [("sql", 2 / 3, 2), ("petsard", 1.0, 3)])
def test_readme_null_policy_worked_example(tmp_path, nulls, rate, events):
    (tmp_path / "syn.csv").write_text("income,sex\n,F\n,M\n5.0,M\n")
    (tmp_path / "ori.csv").write_text("income,sex\n,F\n5.0,M\n")
    r = pr.mpuccs(None, str(tmp_path / "ori.csv"), str(tmp_path / "syn.csv"), n_cols=1, nulls=nulls)
    assert r.global_["identification_rate"][0] == pytest.approx(rate)
    assert len(r.details) == events
