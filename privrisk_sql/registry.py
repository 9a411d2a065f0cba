"""Every metric, registered once: the CLI's subcommands and ``privrisk_sql``'s public names are
built from this table.

A metric is a module of ``privrisk_sql/metrics/`` with a function of the metric's name (the
Python API), its result class, and in ``privrisk_sql/cli.py`` a pair ``_args_<name>`` (its
options) and ``_run_<name>`` (the command). Adding one is a row here and those three pieces.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Metric:
    name: str  # the CLI subcommand and the function privrisk_sql exports
    module: str  # privrisk_sql.metrics.<module>
    help: str  # the subcommand's one-line help
    exports: tuple[str, ...]  # further public names of the module (result classes, variants)


METRICS: tuple[Metric, ...] = (
    Metric("mpuccs", "mpuccs", "mpUCCs singling-out risk of a synthetic table against the original",
           ("MpuccsResult",)),
    Metric("cavg", "cavg", "CAVG, the normalized average equivalence class size",
           ("CavgResult", "cavg_best_effort", "cavg_from_equivalence_classes")),
    Metric("kanon", "kanon", "k-anonymity, l-diversity, t-closeness, beta-likeness, delta-disclosure, risks",
           ("KanonResult",)),
    Metric("mondrian", "mondrian", "Mondrian k-anonymization, written to a new table in --db",
           ("MondrianResult",)),
)

# Release checks the dbt package's tests mirror: Python API only, no subcommand of their own.
CHECKS: dict[str, str] = {
    "SinglingOutResult": "release_checks", "k_anonymity_failures": "release_checks",
    "singling_out_rate": "release_checks",
}


def public_names() -> dict[str, str]:
    """Every name ``privrisk_sql`` loads from a metrics module on first use: name -> module."""
    names = {name: m.module for m in METRICS for name in (m.name, *m.exports)}
    return {**names, **CHECKS}
