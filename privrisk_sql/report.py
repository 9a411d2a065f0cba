"""Reports people look at: one self-contained HTML page per run (``--html``, ``html=``), and the
same charts when a result shows itself in a notebook (``_repr_html_``).

The page comes from ``templates/report/report.html.j2``; its charts are Vega-Lite specs built
with Altair and rendered to inline SVG by vl-convert, so the file opens offline and nothing is
fetched from the network. Values of the data (an identified row's values) appear only when asked
(``values=True``, ``--html-values``): the page may travel further than the data.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import platform
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from .render import templates_dir

_MAX_TABLE_ROWS = 200  # rows of a table on the page; the JSON output has them all


class Displayed:
    """What every result shares: the report's charts in a notebook, and a one-row DataFrame of
    :meth:`to_dict` (results with tables of their own override :meth:`to_pandas`)."""

    def to_dict(self) -> dict:  # pragma: no cover - every result defines it
        raise NotImplementedError

    def to_pandas(self) -> Any:
        """One row: the values of :meth:`to_dict` (nested ones as dicts)."""
        import pandas as pd

        return pd.DataFrame([self.to_dict()])

    def _repr_html_(self) -> str:
        return report_html(self, None, standalone=False)


@dataclass
class RunInfo:
    """What the page says of the run: never credentials (the database is named by its kind)."""

    command: str
    inputs: dict[str, str]
    database: str
    parameters: dict[str, Any]
    thresholds: dict[str, Any] = field(default_factory=dict)
    started: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.timezone.utc))
    seconds: float | None = None


@dataclass
class _Number:
    key: str
    label: str
    shown: str
    sentence: str
    verdict: str | None = None  # "pass" / "fail" against a threshold the user gave


@dataclass
class _Table:
    name: str
    headers: list[str]
    rows: list[list[Any]]
    caption: str = ""


@dataclass
class _Chart:
    name: str
    svg: str


@dataclass
class _Section:
    title: str
    text: list[str] = field(default_factory=list)
    charts: list[_Chart] = field(default_factory=list)
    tables: list[_Table] = field(default_factory=list)


# -- charts ------------------------------------------------------------------------------------
def _svg(chart: Any) -> str:
    import vl_convert

    return vl_convert.vegalite_to_svg(chart.to_json())


def _bar(name: str, rows: list[dict], x: str, y: str, *, title: str, x_title: str, y_title: str,
         color: str | None = None, log_y: bool = False, ordinal_x: bool = True) -> _Chart:
    import altair as alt

    y_scale = alt.Scale(type="symlog") if log_y else alt.Undefined
    enc: dict[str, Any] = {
        "x": alt.X(f"{x}:{'O' if ordinal_x else 'Q'}", title=x_title),
        "y": alt.Y(f"{y}:Q", title=y_title + (" (log scale)" if log_y else ""), scale=y_scale),
        "tooltip": [f"{x}:{'O' if ordinal_x else 'Q'}", f"{y}:Q"] + ([f"{color}:N"] if color else []),
    }
    if color:
        enc["color"] = alt.Color(f"{color}:N", title=color.replace("_", " "))
    chart = alt.Chart(alt.Data(values=rows)).mark_bar().encode(**enc).properties(title=title, width=640, height=240)
    return _Chart(name, _svg(chart))


def _points(name: str, rows: list[dict], x: str, y: str, color: str, *, title: str, x_title: str,
            y_title: str) -> _Chart:
    import altair as alt

    chart = alt.Chart(alt.Data(values=rows)).mark_point(filled=True, size=60).encode(
        x=alt.X(f"{x}:Q", title=x_title), y=alt.Y(f"{y}:Q", title=y_title),
        color=alt.Color(f"{color}:N", title=color.replace("_", " ")),
        tooltip=[f"{x}:Q", f"{y}:Q", f"{color}:N", "combination:N"],
    ).properties(title=title, width=640, height=240)
    return _Chart(name, _svg(chart))


# -- helpers -----------------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100 * x:.2f} %"


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:.6g}" if math.isfinite(x) else str(x)
    if isinstance(x, int) and not isinstance(x, bool):
        return f"{x:,}"
    return "" if x is None else str(x)


def _verdict(ok: bool | None) -> str | None:
    return None if ok is None else ("pass" if ok else "fail")


def _histogram_rows(histogram: dict, k: int | None) -> list[dict]:
    rows = []
    for size, classes in sorted(((int(s), int(c)) for s, c in histogram.items())):
        at_risk = k is not None and size < k
        rows.append({"class_size": size, "classes": classes, "records": size * classes,
                     "below_k": "below k" if at_risk else ("k or more" if k is not None else "all")})
    return rows


def _class_sections(histogram: dict, k: int | None) -> list[_Section]:
    rows = _histogram_rows(histogram, k)
    if not rows:
        return []
    spread = rows[-1]["classes"] and max(r["classes"] for r in rows) / max(1, min(r["classes"] for r in rows))
    color = "below_k" if k is not None else None
    ordinal = len(rows) <= 30  # beyond that the sizes go on a number line: labels would overlap
    return [_Section(
        "Equivalence classes",
        ["Each bar counts the classes (rows sharing every quasi-identifier value) of one size. A record in a "
         "class of size s is one of s indistinguishable rows: an attacker who knows its quasi-identifiers "
         "singles it out with probability 1/s."],
        [_bar("class_size_histogram", rows, "class_size", "classes", title="Classes by size", x_title="class size",
              y_title="classes", color=color, log_y=spread > 100, ordinal_x=ordinal),
         _bar("records_at_risk", rows, "class_size", "records", title="Records by the size of their class",
              x_title="class size", y_title="records", color=color, ordinal_x=ordinal)],
        [_Table("class_sizes", ["class size", "classes", "records"],
                [[r["class_size"], r["classes"], r["records"]] for r in rows][:_MAX_TABLE_ROWS])],
    )]


# -- per metric --------------------------------------------------------------------------------
def _mpuccs(result: Any, info: RunInfo | None, values: bool) -> tuple[list[_Number], list[_Section]]:
    d = result.to_dict()
    g, tree, details = d["global"], d["tree"], d["details"]
    limit = (info.thresholds.get("fail_above") if info else None)
    rate = g["identification_rate"]
    sentence = (f"{g['total_identified']:,} of {g['total_syn_records']:,} synthetic records share a combination "
                "of values, unique in both tables, with exactly one original record: whoever holds the synthetic "
                "table can single that person out.")
    if limit is not None:
        sentence += f" {'Above' if rate > limit else 'Within'} the limit of {_pct(limit)} (--fail-above)."
    numbers = [
        _Number("identification_rate", "identification rate", _pct(rate), sentence,
                _verdict(None if limit is None else rate <= limit)),
        _Number("weighted_identification_rate", "weighted identification rate", _pct(g["weighted_identification_rate"]),
                "The same, with each identification weighted by the field decay factor to the power of its "
                "combination size minus one: a match on few columns counts more."),
        _Number("total_combinations_checked", "combinations checked", _fmt(g["total_combinations_checked"]),
                f"{g['total_combinations_pruned']:,} of them were pruned: adding a column gained no entropy, so "
                "their supersets were not searched."),
    ]
    by_size = Counter(r["combo_size"] for r in details)
    sizes = sorted({r["combo_size"] for r in tree})
    size_rows = [{"combination_size": s, "identified": by_size.get(s, 0)} for s in sizes]
    tree_rows = [{"combination_size": s, "state": state, "combinations": n} for s in sizes
                 for state, n in (("checked", sum(1 for r in tree if r["combo_size"] == s and not r["is_pruned"])),
                                  ("pruned", sum(1 for r in tree if r["combo_size"] == s and r["is_pruned"])))]
    gains = [{"check_order": r["check_order"], "entropy_gain": r["entropy_gain"],
              "state": "pruned" if r["is_pruned"] else "kept", "combination": " + ".join(map(str, r["field_combo"]))}
             for r in tree if r["entropy_gain"] is not None]
    sections = [_Section(
        "Identification by combination size",
        ["Records identified first under a combination of this many columns (each record counts once, at the "
         "first combination that singles it out)."],
        [_bar("identified_by_size", size_rows, "combination_size", "identified", title="Identified records",
              x_title="columns in the combination", y_title="records")],
    )]
    tree_section = _Section(
        "The search tree",
        ["Combinations are checked in order of size. One whose entropy gain over its base combination is at most "
         "the minimum is pruned, and so are the combinations built on it."],
        [_bar("search_tree", tree_rows, "combination_size", "combinations", title="Combinations checked and pruned",
              x_title="columns in the combination", y_title="combinations", color="state")],
    )
    if gains:
        tree_section.charts.append(_points("entropy_gain", gains, "check_order", "entropy_gain", "state",
                                           title="Entropy gain of each combination over its base",
                                           x_title="check order", y_title="entropy gain"))
    sections.append(tree_section)
    risky = sorted(tree, key=lambda r: (-r["mpuccs_collision_cnt"], r["check_order"]))[:25]
    sections.append(_Section(
        "The riskiest combinations",
        ["Combinations by the number of synthetic records they single out (a record may count under several)."],
        tables=[_Table("riskiest_combinations", ["combination", "size", "unique matches", "entropy", "pruned"],
                       [[" + ".join(map(str, r["field_combo"])), r["combo_size"], r["mpuccs_collision_cnt"],
                         r["combo_entropy"], "yes" if r["is_pruned"] else ""] for r in risky])],
    ))
    if values:
        sections.append(_Section(
            "Identified records and their values",
            ["Shown because the report was asked for values (--html-values): this page now holds data."],
            tables=[_Table("identified_values", ["syn_idx", "ori_idx", "combination", "values"],
                           [[r["syn_idx"], r["ori_idx"], " + ".join(map(str, r["field_combo"])),
                             ", ".join(map(_fmt, r["value_combo"]))] for r in details[:_MAX_TABLE_ROWS]],
                           caption=f"The first {min(len(details), _MAX_TABLE_ROWS):,} of {len(details):,}.")],
        ))
    return numbers, sections


def _k_number(k_anonymity: int, k: int | None, fail_below: int | None) -> _Number:
    wanted = fail_below if fail_below is not None else k
    if k_anonymity == 1:
        sentence = ("Some record is alone in its class: whoever knows its quasi-identifier values finds its row.")
    else:
        sentence = (f"The smallest class has {k_anonymity:,} rows: every record shares its quasi-identifier values "
                    f"with at least {k_anonymity - 1:,} other{'s' if k_anonymity != 2 else ''}.")
    if wanted is not None:
        sentence += (f" The table is {'' if k_anonymity >= wanted else 'not '}{wanted}-anonymous "
                     f"({'--fail-below' if fail_below is not None else 'the k asked for'}).")
    return _Number("k_anonymity", "k-anonymity", _fmt(k_anonymity), sentence,
                   _verdict(None if wanted is None else k_anonymity >= wanted))


def _kanon(result: Any, info: RunInfo | None, values: bool) -> tuple[list[_Number], list[_Section]]:
    r = result.to_dict() if hasattr(result, "to_dict") else dict(result)
    k = (info.parameters.get("k") if info else None)
    fail_below = info.thresholds.get("fail_below") if info else None
    numbers = [_k_number(r["k_anonymity"], k, fail_below),
               _Number("avg_reid_risk", "average re-identification risk", _pct(r["avg_reid_risk"]),
                       "The mean over records of 1 / (size of its class): the chance an attacker who knows a random "
                       "person's quasi-identifiers picks their row."),
               _Number("max_reid_risk", "highest re-identification risk", _pct(r["max_reid_risk"]),
                       "The same for the most exposed record (1 / the smallest class).")]
    if r.get("records_below_k") is not None and k is not None:
        numbers.append(_Number("records_below_k", f"records in classes below k = {k}", _fmt(r["records_below_k"]),
                               f"In {r['classes_below_k']:,} classes: these rows would have to be generalized or "
                               "suppressed to reach k."))
    sections = _class_sections(r.get("class_size_histogram") or {}, k)
    keys = [("l_diversity", "distinct l-diversity"), ("entropy_l_diversity", "entropy l-diversity"),
            ("t_closeness", "t-closeness"), ("basic_beta_likeness", "basic beta-likeness"),
            ("enhanced_beta_likeness", "enhanced beta-likeness"), ("delta_disclosure", "delta-disclosure")]
    if r.get("l_diversity") is not None:
        sens = r["l_diversity"]
        names = list(sens) if isinstance(sens, dict) else [", ".join(info.parameters.get("sensitive") or [])
                                                            if info else "sensitive"]

        def value(key: str, name: str) -> Any:
            v = r[key]
            return v.get(name) if isinstance(v, dict) else v

        rows = [[label] + [value(key, n) for n in names] for key, label in keys]
        rows.append(["recursive (c, l)"] + [_fmt(value("recursive_c_l", n)) for n in names])
        rows.append(["alpha (k)"] + [_fmt(value("alpha_k", n)) for n in names])
        sections.append(_Section(
            "Sensitive attributes",
            ["How much a class gives away of its sensitive values: distinct l-diversity is the fewest different "
             "values in a class (1: some class discloses its value to anyone who finds it); t-closeness is the "
             "largest distance between a class's distribution and the table's (0: no class tells more than the "
             "whole table)."],
            tables=[_Table("sensitive", ["measure", *names], rows)],
        ))
    return numbers, sections


def _cavg(result: Any, info: RunInfo | None, values: bool) -> tuple[list[_Number], list[_Section]]:
    limit = info.thresholds.get("fail_above") if info else None
    sentence = (f"{result.n_rows:,} rows in {result.n_classes:,} classes at k = {result.k}: CAVG = rows / (classes "
                "x k). 1 means every class has exactly k rows; the higher, the coarser the classes.")
    if limit is not None:
        sentence += f" {'Above' if result.cavg > limit else 'Within'} the limit of {limit:g} (--fail-above)."
    numbers = [_Number("cavg", "CAVG", f"{result.cavg:.6g}", sentence,
                       _verdict(None if limit is None else result.cavg <= limit))]
    if result.cavg_best_effort is not None:
        numbers.append(_Number("cavg_best_effort", "best possible CAVG", f"{result.cavg_best_effort:.6g}",
                               "The CAVG of the best partition of this many rows into classes of at least k."))
    return numbers, _class_sections(result.class_size_histogram, result.k)


def _mondrian(result: Any, info: RunInfo | None, values: bool) -> tuple[list[_Number], list[_Section]]:
    numbers = [
        _Number("partitions", "partitions", _fmt(result.partitions),
                f"{result.n_rows:,} rows generalized into {result.partitions:,} partitions of {result.min_size:,} to "
                f"{result.max_size:,} rows: the output table {result.output!r} is {result.k}-anonymous on its "
                "quasi-identifiers."),
        _Number("gcp", "information loss (GCP)", f"{result.gcp:.4f}",
                "The mean normalized certainty penalty over the quasi-identifiers: 0 keeps every value exact, 1 "
                "replaces every value by the whole range."),
        _Number("cavg", "CAVG", f"{result.cavg:.4f}", "Rows / (partitions x k): 1 when every partition has k rows."),
    ]
    ncp_rows = [{"attribute": c, "ncp": v} for c, v in result.ncp.items()]
    sections = [_Section(
        "Information loss per attribute",
        ["NCP of a quasi-identifier: the mean over rows of its partition's range over the column's range."],
        [_bar("ncp", ncp_rows, "attribute", "ncp", title="NCP per quasi-identifier", x_title="quasi-identifier",
              y_title="NCP")],
        [_Table("ncp", ["quasi-identifier", "NCP", "NULL rows"],
                [[c, v, result.null_rows.get(c, 0)] for c, v in result.ncp.items()])],
    )]
    sizes = getattr(result, "partition_sizes", None) or {}
    if sizes:
        rows = [{"partition_size": int(s), "partitions": int(n)} for s, n in sorted(sizes.items(), key=lambda x: int(x[0]))]
        sections.append(_Section(
            "Partition sizes",
            [f"Mondrian cuts a partition only when both halves keep at least k = {result.k} rows. A partition far "
             "above 2k is one no quasi-identifier could cut further (one value left, or a median no cut keeps "
             f"at k on both sides). It took {result.levels} levels of cuts, {result.queries} SQL statements in all."],
            [_bar("partition_sizes", rows, "partition_size", "partitions", title="Partitions by size",
                  x_title="rows in the partition", y_title="partitions", ordinal_x=len(rows) <= 30)],
        ))
    return numbers, sections


_BUILDERS = {"mpuccs": _mpuccs, "kanon": _kanon, "cavg": _cavg, "mondrian": _mondrian}
_TITLES = {"mpuccs": "Singling-out risk (mpUCCs)", "kanon": "k-anonymity and the sensitive attributes",
           "cavg": "CAVG", "mondrian": "Mondrian k-anonymization"}


def metric_of(result: Any) -> str:
    """The registry name of the metric a result comes from."""
    from .registry import METRICS

    return next(m.name for m in METRICS if type(result).__name__ in m.exports)


@functools.cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir() / "report")),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    env.filters["cell"] = _fmt
    return env


def report_html(result: Any, info: RunInfo | None = None, *, values: bool = False, standalone: bool = True) -> str:
    """The report of ``result`` as HTML: a whole page (``standalone``) or the fragment a notebook shows."""
    from . import __version__

    metric = metric_of(result)
    numbers, sections = _BUILDERS[metric](result, info, values)
    run: list[tuple[str, str]] = []
    subtitle = ""
    if info is not None:
        inputs = ", ".join(f"{role} {label}" for role, label in info.inputs.items())
        subtitle = f"{inputs} on {info.database}"
        run = [("command", f"privrisk-sql {info.command}"), *((f"input ({role})", v) for role, v in info.inputs.items()),
               ("database", info.database),
               *((f"parameter {k}", _fmt(v)) for k, v in info.parameters.items() if v is not None),
               *((f"threshold {k.replace('_', '-')}", _fmt(v)) for k, v in info.thresholds.items() if v is not None),
               ("started", info.started.isoformat(timespec="seconds")),
               ("duration", "" if info.seconds is None else f"{info.seconds:.2f} s"),
               ("privrisk_sql", __version__), ("python", platform.python_version()),
               ("report values", "shown" if values else "not shown")]
    return _environment().get_template("report.html.j2").render(
        standalone=standalone, title=_TITLES[metric], subtitle=subtitle, metric=metric, headline=numbers,
        sections=sections, run=run, version=__version__)


def write_report(result: Any, info: RunInfo | None, path: Any, *, values: bool = False) -> None:
    """Write the page to ``path`` (a path or an :class:`~privrisk_sql.output_file.OutputFile`),
    by the same safe writer as ``--json``: all of it or nothing."""
    from .output_file import OutputFile

    out = path if isinstance(path, OutputFile) else OutputFile.checked(str(Path(path)), option="html", stdout=False)
    out.write(report_html(result, info, values=values))


def inputs_of(**tables: Any) -> dict[str, str]:
    """Input labels for the page: table names and file names as given, a DataFrame by its type."""
    return {role: t if isinstance(t, str) else (str(t) if isinstance(t, Path) else type(t).__name__)
            for role, t in tables.items()}



def checked_html(html: Any, *tables: Any) -> Any:
    """``html=`` of a metric call checked before any work (None when no page is wanted): a
    folder that does not exist, or the path of an input file, is refused naming it."""
    if html is None:
        return None
    from .output_file import OutputFile, input_files

    return OutputFile.checked(str(html), inputs=input_files(*tables), option="html", stdout=False)


def after_run(result: Any, out: Any, values: bool, command: str, database: str, inputs: dict[str, Any],
              parameters: dict[str, Any], started: dt.datetime, seconds: float) -> None:
    """Write the page of a finished metric call to ``out`` (from :func:`checked_html`), if any."""
    if out is not None:
        write_report(result, RunInfo(command, inputs_of(**inputs), database, parameters, {}, started, seconds), out,
                     values=values)


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)
