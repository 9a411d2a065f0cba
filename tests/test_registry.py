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
