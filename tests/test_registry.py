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


def test_every_error_is_public_and_dir_shows_only_the_api():
    """`from privrisk_sql import *` left out OutputWriteError (a caller catches it when --json
    fails), and tab completion offered the package's own import helpers."""
    import inspect

    from privrisk_sql import errors

    raised = {n for n, c in vars(errors).items() if inspect.isclass(c) and c.__module__ == errors.__name__}
    assert raised <= set(pr.__all__), raised - set(pr.__all__)
    namespace: dict = {}
    exec("from privrisk_sql import *", namespace)
    assert raised <= set(namespace)
    shown = {n for n in dir(pr) if not n.startswith("_")}
    assert not shown & {"importlib", "TYPE_CHECKING", "public_names"}, shown


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

    code = (
        "import sys; from privrisk_sql.cli import build_parser; build_parser(); "
        "print(sorted(m for m in sys.modules if m.startswith('privrisk_sql.metrics.') and m.endswith('.driver')))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "[]"


HEAVY = ("pandas", "altair", "vl_convert", "pyspark", "sqlalchemy", "numpy", "pyarrow")


def _loaded_after(code: str, modules: tuple[str, ...]) -> list[str]:
    import subprocess
    import sys

    probe = f"import sys\n{code}\nprint(sorted(m for m in {modules!r} if m in sys.modules))"
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return eval(r.stdout.strip().splitlines()[-1])  # a list of names this test printed itself


def test_import_and_help_load_neither_sqlglot_nor_jinja2():
    """`import privrisk_sql` took 0.25 s and `privrisk-sql --help` 0.3 s, sqlglot and jinja2 most
    of it, though neither renders SQL (issue 39): both are loaded by the first run that does."""
    light = ("sqlglot", "jinja2", *HEAVY)
    assert _loaded_after("import privrisk_sql", light) == []
    assert _loaded_after("from privrisk_sql.cli import build_parser\nbuild_parser().format_help()", light) == []
    assert _loaded_after("import privrisk_sql as pr\npr.Source", ("sqlglot",)) == ["sqlglot"]  # lazily there


def test_a_plain_duckdb_run_loads_no_heavy_module(tmp_path):
    """A kanon and an mpUCCs run on a CSV with embedded DuckDB load none of pandas, Altair,
    vl-convert, PySpark or SQLAlchemy (issue 39): those are for DataFrames, reports and servers."""
    from backends import FIXTURES

    ori = FIXTURES / "adult" / "ori.csv"
    code = (
        "import contextlib, io\nfrom privrisk_sql.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['kanon', '--table', {str(ori)!r}, '--qids', 'age,sex']) == 0\n"
        f"    assert main(['mpuccs', '--ori', {str(ori)!r}, '--syn', {str(ori)!r}, '--columns', 'age,sex',"
        " '--quiet']) == 0"
    )
    assert _loaded_after(code, HEAVY) == []
