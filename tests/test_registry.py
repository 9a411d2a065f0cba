"""The metric registry (privrisk_sql/registry.py) is the one list the CLI and the package read."""

from __future__ import annotations

import privrisk_sql as pr
from privrisk_sql.cli import build_parser
from privrisk_sql.registry import METRICS, public_names


def test_every_registered_metric_is_a_subcommand_and_a_public_function():
    parser = build_parser()
    subcommands = next(a for a in parser._actions if a.dest == "command").choices
    assert [m.name for m in METRICS] == [c for c in subcommands if c not in ("cleanup", "dbt-path")]
    for m in METRICS:
        module = m.part("driver")
        assert getattr(pr, m.name) is getattr(module, m.name)
        for name in m.api:
            assert getattr(pr, name) is getattr(module, name)
    assert set(public_names()) <= set(pr.__all__)


def test_kanon_result_is_the_dict_it_was_and_reads_as_attributes(duck):
    from backends import FIXTURES

    t = duck.load(FIXTURES / "handcheck" / "ori.csv")
    r = pr.kanon(duck.source(), t, ["a"], sensitive="c")
    assert isinstance(r, pr.KanonResult) and isinstance(r, dict)
    assert r.k_anonymity == r["k_anonymity"] and r.to_dict() == dict(r) and type(r.to_dict()) is dict


def test_the_parser_loads_no_metric_driver():
    """Building the CLI reads each metric's command.py only: a metric's driver (and what it
    imports) is loaded by the command that runs it (risk's command had imported its driver for a
    constant: 28 ms of every start)."""
    import subprocess
    import sys

    code = ("import sys; from privrisk_sql.cli import build_parser; build_parser(); "
            "print(sorted(m for m in sys.modules if m.startswith('privrisk_sql.metrics.') and m.endswith('.driver')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "[]"
