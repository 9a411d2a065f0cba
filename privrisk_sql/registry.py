"""Every metric, registered once: the CLI's subcommands, the report's pages and ``privrisk_sql``'s
public names are built from this table.

A metric is one folder, ``privrisk_sql/metrics/<name>/``, whose modules the row reaches by name:

* ``driver.py``: the Python API (the function of the metric's name, first in ``api``), its options
  record and the run; its result class derives from :class:`privrisk_sql.report.Displayed`;
* ``sql.py`` (or a shared builder): the pure SQL builder, printable without a database;
* ``command.py``: ``add_arguments(parser)``, ``check(args)`` (before any work),
  ``compute(src, args)`` -> the result, and ``breach(args, result)`` -> the message of a breached
  ``--fail-*`` threshold or None;
* ``summary.py``: ``summary(args, result)`` -> the text the CLI prints;
* ``report.py``: ``sections(result, info, values)`` -> the report's headline numbers and sections.

Adding a metric is its folder, a row here and its docs page (docs/contributing/index.md).
Modules are imported on first use only: a command loads its own metric, nothing else.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Metric:
    name: str  # the CLI subcommand, the folder and the function privrisk_sql exports
    help: str  # the subcommand's one-line help
    title: str  # the report page's title
    # The options naming its input tables, given or not: ("table",), ("ori", "syn"); an output
    # file is never one of them (a --json over risk's --population file replaced it).
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]  # the options naming tables it writes into --db (or, on DuckDB, files)
    api: tuple[str, ...]  # public names of driver.py: the function, then result classes and variants
    # One command a user adapts, under the subcommand's --help (tests run each on Adult's pair,
    # real.csv and synthetic.csv read as fixtures/adult/ori.csv and syn.csv).
    example: str = ""

    @property
    def package(self) -> str:
        return f"privrisk_sql.metrics.{self.name}"

    def part(self, module: str) -> ModuleType:
        """One module of the metric's folder (``driver``, ``command``, ``summary``, ``report``)."""
        return importlib.import_module(f"{self.package}.{module}")


METRICS: tuple[Metric, ...] = (
    Metric(
        "mpuccs",
        "mpUCCs singling-out risk of a synthetic table against the original",
        "Singling-out risk (mpUCCs)",
        ("ori", "syn"),
        (),
        ("mpuccs", "MpuccsResult"),
        "privrisk-sql mpuccs --ori real.csv --syn synthetic.csv --n-cols 1,2,3 --json mpuccs.json --html mpuccs.html",
    ),
    Metric(
        "cavg",
        "CAVG, the normalized average equivalence class size",
        "CAVG",
        ("table",),
        (),
        ("cavg", "CavgResult", "cavg_best_effort", "cavg_from_equivalence_classes"),
        "privrisk-sql cavg --table real.csv --qids age,sex,race,education --k 5",
    ),
    Metric(
        "kanon",
        "k-anonymity, l-diversity, t-closeness, beta-likeness, delta-disclosure, risks",
        "k-anonymity and the sensitive attributes",
        ("table",),
        (),
        ("kanon", "KanonResult"),
        "privrisk-sql kanon --table real.csv --qids age,sex,race --sensitive income --k 5 --html kanon.html",
    ),
    Metric(
        "mondrian",
        "Mondrian k-anonymization, written to a new table in --db (DuckDB: or a .parquet/.csv file; Spark: .parquet)",
        "Mondrian k-anonymization",
        ("table",),
        ("output",),
        ("mondrian", "MondrianResult"),
        "privrisk-sql mondrian --db release.duckdb --table real.csv --qids age,sex,race,education --k 10 --output released --identifiers fnlwgt --keep '*'",
    ),
    Metric(
        "risk",
        "re-identification risk: prosecutor, journalist, marketer, population uniqueness, k-map",
        "Re-identification risk",
        ("table", "population"),
        ("records", "classes"),
        ("risk", "RiskResult"),
        "privrisk-sql risk --table real.csv --qids age,sex,race,education --population-size 50000000",
    ),
)

# Release checks the dbt package's tests mirror: Python API only, no subcommand of their own.
CHECKS: dict[str, str] = {
    "SinglingOutResult": "privrisk_sql.metrics.release_checks",
    "k_anonymity_failures": "privrisk_sql.metrics.release_checks",
    "l_diversity_failures": "privrisk_sql.metrics.kanon.failures",
    "t_closeness_failures": "privrisk_sql.metrics.kanon.failures",
    "singling_out_rate": "privrisk_sql.metrics.release_checks",
}

BY_NAME: dict[str, Metric] = {m.name: m for m in METRICS}


def public_names() -> dict[str, str]:
    """Every name ``privrisk_sql`` loads from a metric's module on first use: name -> module."""
    names = {name: f"{m.package}.driver" for m in METRICS for name in m.api}
    return {**names, **CHECKS}


def metric_of(result: object) -> Metric:
    """The metric a result comes from (by its class's name among the metrics' public names)."""
    kind = type(result).__name__
    return next(m for m in METRICS if kind in m.api)
