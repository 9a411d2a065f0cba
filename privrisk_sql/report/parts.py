"""The pieces a report page is made of: headline numbers, sections, tables and charts (Altair
specs rendered to inline SVG by vl-convert), and the formatting every metric's page shares.

Each metric's ``report.py`` builds its page from these; :mod:`privrisk_sql.report` assembles it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..given import is_missing

MAX_TABLE_ROWS = 200  # rows of a table on the page; the JSON output has them all


@dataclass
class Number:
    key: str
    label: str
    shown: str
    sentence: str
    verdict: str | None = None  # "pass" / "fail" against a threshold the user gave


@dataclass
class Table:
    name: str
    headers: list[str]
    rows: list[list[Any]]
    caption: str = ""


@dataclass
class Chart:
    name: str
    svg: str


@dataclass
class Section:
    title: str
    text: list[str] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)


# -- charts ------------------------------------------------------------------------------------
def svg(chart: Any) -> str:
    import vl_convert

    return vl_convert.vegalite_to_svg(chart.to_json())


# One colour per meaning on every page (the first category used to get the first colour, so
# "below k" was blue on one report and orange on the next).
COLOURS = {
    "below k": "#d62728",
    "k or more": "#1f77b4",
    "all": "#1f77b4",
    "checked": "#1f77b4",
    "kept": "#1f77b4",
    "pruned": "#9e9e9e",
}


def _colour(alt: Any, rows: list[dict], field: str) -> Any:
    present = list(dict.fromkeys(str(r[field]) for r in rows))
    domain = [c for c in COLOURS if c in present] + [c for c in present if c not in COLOURS]
    scale = alt.Scale(domain=domain, range=[COLOURS.get(c, "#ff7f0e") for c in domain])
    return alt.Color(f"{field}:N", title=field.replace("_", " "), scale=scale)


def _log_ticks(rows: list[dict], y: str) -> list[int]:
    """0 and the powers of ten up to the largest value: a symlog axis's own ticks crowd its top
    (40k, 20k, 10k, 0 over one another) and leave small counts unreadable."""
    top = max((float(r[y]) for r in rows), default=1.0)
    ticks, t = [0], 1
    while t <= top * 10:
        ticks.append(t)
        t *= 10
    return ticks


def bar(
    name: str,
    rows: list[dict],
    x: str,
    y: str,
    *,
    title: str,
    x_title: str,
    y_title: str,
    color: str | None = None,
    log_y: bool = False,
    ordinal_x: bool = True,
    y_domain: tuple[float, float] | None = None,
    by_height: bool = False,
    in_order: bool = False,
) -> Chart:
    import altair as alt

    y_scale = (
        alt.Scale(type="symlog")
        if log_y
        else alt.Scale(domain=list(y_domain))
        if y_domain is not None
        else alt.Undefined
    )
    # ",d", not "~s": Vega gives an SI format one prefix for every tick, so 1, 10 and 100 read "0k".
    y_axis = alt.Axis(values=_log_ticks(rows, y), format=",d") if log_y else alt.Undefined
    # short category labels (class sizes, column counts) read level, not turned 90 degrees
    short = ordinal_x and all(len(str(r[x])) <= 6 for r in rows)
    x_axis = alt.Axis(labelAngle=0) if short else alt.Undefined
    if not ordinal_x:
        # On a number line each bar spans its value +- 0.5: Vega drew 5-pixel bars from the value
        # on, so where a unit is narrower (sizes up to 487 on 640 pixels) each bar hid the one
        # after it, and a partition-size histogram read as a smooth decline.
        rows = [{**r, "_from": r[x] - 0.5, "_to": r[x] + 0.5} for r in rows]
    enc: dict[str, Any] = {
        # sizes on a number line start at 0 (Vega's nice domain began at -50)
        "x": alt.X(
            f"{x}:O" if ordinal_x else "_from:Q",
            title=x_title,
            axis=x_axis,
            scale=alt.Undefined if ordinal_x else alt.Scale(domainMin=0),
            # in_order: names in the rows' order (the QIDs as given, as the table beside it), not A-Z
            sort="-y" if by_height else None if in_order else alt.Undefined,
        ),
        "y": alt.Y(f"{y}:Q", title=y_title + (" (log scale)" if log_y else ""), scale=y_scale, axis=y_axis),
        "tooltip": [f"{x}:{'O' if ordinal_x else 'Q'}", f"{y}:Q"] + ([f"{color}:N"] if color else []),
    }
    if not ordinal_x:  # a range on x and on y (from 0): a vertical bar, as Vega draws one by default
        enc["x2"] = alt.X2("_to:Q")
        enc["y2"] = alt.datum(0)
    if color:
        enc["color"] = _colour(alt, rows, color)
    chart = alt.Chart(alt.Data(values=rows)).mark_bar().encode(**enc).properties(title=title, width=640, height=240)
    return Chart(name, svg(chart))


def points(name: str, rows: list[dict], x: str, y: str, color: str, *, title: str, x_title: str, y_title: str) -> Chart:
    import altair as alt

    chart = (
        alt.Chart(alt.Data(values=rows))
        .mark_point(filled=True, size=60)
        .encode(
            x=alt.X(f"{x}:Q", title=x_title),
            y=alt.Y(f"{y}:Q", title=y_title),
            color=_colour(alt, rows, color),
            tooltip=[f"{x}:Q", f"{y}:Q", f"{color}:N", "combination:N"],
        )
        .properties(title=title, width=640, height=240)
    )
    return Chart(name, svg(chart))


# -- helpers -----------------------------------------------------------------------------------
def pct(x: float) -> str:
    """A share as a percentage with two decimals; one too small for them keeps two significant
    digits (sdcMicro's global risk of 3.3e-7 read "0.00 %", as if nothing were at risk)."""
    percent = 100 * x
    if percent == 0 or abs(percent) >= 0.005 or not math.isfinite(percent):
        return f"{percent:.2f} %"
    return f"{percent:.{1 - math.floor(math.log10(abs(percent)))}f} %"


def fmt(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:.6g}" if math.isfinite(x) else str(x)
    if isinstance(x, int) and not isinstance(x, bool):
        return f"{x:,}"
    return "" if x is None else str(x)


def value_text(x: Any) -> str:
    """A data value as its table holds it, for the tables of values (summary and report): NULL
    where it is missing (None, NaN, NaT, pandas' NA); text as written, but quoted where it would
    read as another value ('' beside a NULL shown blank, 'NULL', edge spaces); a number without
    thousands separators (:func:`fmt` showed a zip 10001 as "10,001"), a float in full."""
    if is_missing(x):
        return "NULL"
    if isinstance(x, str):
        if not x or x != x.strip() or x.strip().upper() == "NULL":
            return f"'{x}'"
        return x
    if isinstance(x, float):
        return repr(x)
    return str(x)


def verdict(ok: bool | None) -> str | None:
    return None if ok is None else ("pass" if ok else "fail")


def cut_caption(n_rows: int, what: str) -> str:
    """What a table cut at MAX_TABLE_ROWS says it left out ("" when it is whole)."""
    return f"The first {MAX_TABLE_ROWS:,} of {n_rows:,} {what}." if n_rows > MAX_TABLE_ROWS else ""


def histogram_rows(histogram: dict, k: int | None) -> list[dict]:
    rows = []
    for size, classes in sorted(((int(s), int(c)) for s, c in histogram.items())):
        at_risk = k is not None and size < k
        rows.append(
            {
                "class_size": size,
                "classes": classes,
                "records": size * classes,
                "below_k": "below k" if at_risk else ("k or more" if k is not None else "all"),
            }
        )
    return rows


def class_sections(histogram: dict, k: int | None) -> list[Section]:
    rows = histogram_rows(histogram, k)
    if not rows:
        return []
    spread = rows[-1]["classes"] and max(r["classes"] for r in rows) / max(1, min(r["classes"] for r in rows))
    color = "below_k" if k is not None else None
    ordinal = len(rows) <= 30  # beyond that the sizes go on a number line: labels would overlap
    return [
        Section(
            "Equivalence classes",
            [
                "Each bar counts the classes (rows sharing every quasi-identifier value) of one size. A record in a "
                "class of size s is one of s indistinguishable rows: an attacker who knows its quasi-identifiers "
                "singles it out with probability 1/s."
            ],
            [
                bar(
                    "class_size_histogram",
                    rows,
                    "class_size",
                    "classes",
                    title="Classes by size",
                    x_title="class size",
                    y_title="classes",
                    color=color,
                    log_y=spread > 100,
                    ordinal_x=ordinal,
                ),
                bar(
                    "records_at_risk",
                    rows,
                    "class_size",
                    "records",
                    title="Records by the size of their class",
                    x_title="class size",
                    y_title="records",
                    color=color,
                    ordinal_x=ordinal,
                ),
            ],
            [
                Table(
                    "class_sizes",
                    ["class size", "classes", "records"],
                    [[r["class_size"], r["classes"], r["records"]] for r in rows][:MAX_TABLE_ROWS],
                    caption=cut_caption(len(rows), "class sizes"),
                )
            ],
        )
    ]


def step_line(
    name: str, rows: list[dict], x: str, y: str, *, title: str, x_title: str, y_title: str, rule: float | None = None
) -> Chart:
    """A step line of ``y`` against ``x`` (both on 0..1 scales; between two points the left one's
    value, as a share of records riskier than x holds up to the next risk), with a vertical rule
    at ``rule``."""
    import altair as alt

    base = (
        alt.Chart(alt.Data(values=rows))
        .mark_line(interpolate="step-after", point=True)
        .encode(
            x=alt.X(f"{x}:Q", title=x_title, scale=alt.Scale(domain=[0, 1])),
            y=alt.Y(f"{y}:Q", title=y_title, scale=alt.Scale(domain=[0, 1])),
            tooltip=[f"{x}:Q", f"{y}:Q"],
        )
    )
    chart: Any = base
    if rule is not None:
        chart = base + alt.Chart(alt.Data(values=[{"at": rule}])).mark_rule(strokeDash=[4, 4]).encode(x="at:Q")
    return Chart(name, svg(chart.properties(title=title, width=640, height=240)))
