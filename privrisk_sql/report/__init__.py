"""Reports people look at: one self-contained HTML page per run (``--html``, ``html=``), and the
same charts when a result shows itself in a notebook (``_repr_html_``).

The page comes from ``templates/report/report.html.j2``; its charts are Vega-Lite specs built
with Altair and rendered to inline SVG by vl-convert, so the file opens offline and nothing is
fetched from the network. Values of the data (an identified row's values) appear only when asked
(``values=True``, ``--html-values``): the page may travel further than the data.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import functools
import platform
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInputError
from ..given import described
from .parts import fmt

if TYPE_CHECKING:
    import jinja2


class Displayed:
    """What every result shares: the report's charts in a notebook, and a one-row DataFrame of
    :meth:`to_dict` (results with tables of their own override :meth:`to_pandas`)."""

    def to_dict(self) -> dict:  # pragma: no cover - every result defines it
        raise NotImplementedError

    def to_json_payload(self) -> dict:
        """What ``--json`` writes: :meth:`to_dict` unless a result has a faster encoding of its own."""
        return self.to_dict()

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
    # data the page shows only when values were asked for (kanon's and cavg's smallest classes
    # below k); never a parameter of the run
    shown_values: Any = None
    # the warnings the run gave (the command line's on stderr, a Python call's as Python's): a page
    # read alone said nothing of a column copied as it is, or of ori and syn being one table
    warnings: tuple[str, ...] = ()


def _parameter(value: Any) -> str:
    """A run's parameter as a reader writes it, never a Python repr (['age', 'sex'], False)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_parameter(v)}" for k, v in value.items()) or "none"
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):  # --hierarchy zip=mask
        return f"{value[0]}={_parameter(value[1])}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_parameter(v) for v in value) or "none"
    return fmt(value)


@functools.cache
def _environment() -> jinja2.Environment:
    import jinja2  # with sqlglot, most of a start: loaded by a report, not by every command

    from ..sql.render import templates_dir

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir() / "report")),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["cell"] = fmt
    return env


def report_html(result: Any, info: RunInfo | None = None, *, values: bool = False, standalone: bool = True) -> str:
    """The report of ``result`` as HTML: a whole page (``standalone``) or the fragment a notebook shows."""
    from .. import __version__
    from ..registry import metric_of

    metric = metric_of(result)
    numbers, sections = metric.part("report").sections(result, info, values)
    run: list[tuple[str, str]] = []
    subtitle = ""
    if info is not None:
        inputs = ", ".join(f"{role} {label}" for role, label in info.inputs.items())
        subtitle = f"{inputs} on {info.database}"
        run = [
            ("command", f"privrisk-sql {info.command}"),
            *((f"input ({role})", v) for role, v in info.inputs.items()),
            ("database", info.database),
            *((f"parameter {k}", _parameter(v)) for k, v in info.parameters.items() if v is not None),
            *((f"threshold {k.replace('_', '-')}", fmt(v)) for k, v in info.thresholds.items() if v is not None),
            ("started", info.started.isoformat(timespec="seconds")),
            ("duration", "" if info.seconds is None else f"{info.seconds:.2f} s"),
            ("privrisk_sql", __version__),
            ("python", platform.python_version()),
            ("report values", "shown" if values else "not shown"),
        ]
    return (
        _environment()
        .get_template("report.html.j2")
        .render(
            standalone=standalone,
            title=metric.title,
            subtitle=subtitle,
            metric=metric.name,
            headline=numbers,
            warnings=list(info.warnings) if info is not None else [],
            sections=sections,
            run=run,
            version=__version__,
        )
    )


def write_report(result: Any, info: RunInfo | None, path: Any, *, values: bool = False) -> None:
    """Write the page to ``path`` (a path or an :class:`~privrisk_sql.report.output_file.OutputFile`),
    by the same safe writer as ``--json``: all of it or nothing."""
    from .output_file import OutputFile

    out = path if isinstance(path, OutputFile) else OutputFile.checked(str(Path(path)), option="html", stdout=False)
    out.write(report_html(result, info, values=values))


def inputs_of(**tables: Any) -> dict[str, str]:
    """Input labels for the page: table names and file names as given, a DataFrame by its type."""
    return {
        role: t if isinstance(t, str) else (str(t) if isinstance(t, Path) else type(t).__name__)
        for role, t in tables.items()
    }


def checked_html(html: Any, *tables: Any) -> Any:
    """``html=`` of a metric call checked before any work (None when no page is wanted): a
    folder that does not exist, or the path of an input file, is refused naming it."""
    if html is None:
        return None
    if isinstance(html, bool) or not isinstance(html, (str, Path)):
        # str() of anything was taken for a file name: html=True wrote a page called 'True'
        raise InvalidInputError(f"html must be the path of the page to write (a str or a Path), got {described(html)}")
    from .output_file import OutputFile, input_files

    return OutputFile.checked(str(html), inputs=input_files(*tables), option="html", stdout=False)


def check_not_a_database(page: Any, source: Any) -> None:
    """Once the Source is open, before any work: the page from :func:`checked_html` is none of its
    database files. A Python call's ``html=`` naming the DuckDB file it read replaced the
    database with the report (the CLI checks ``--db``; a Python Source may be any connection)."""
    if page is not None:  # only the comparison: the path itself was checked (and its folder probed)
        page.refuse_inputs(source.database_files(), "html")
        source.writes_files(page)  # nor a file the input reads through views


@contextlib.contextmanager
def noting_warnings(page: Any) -> Iterator[list[str]]:
    """The warnings a metric call gives while it works, for its page (``page`` from
    :func:`checked_html`; none noted when no page is written), each shown as ever once the work
    ends: a page from ``html=`` said nothing of what the call warned of (the command line's
    page lists its warnings too)."""
    noted: list[str] = []
    if page is None:
        yield noted
        return
    recording = warnings.catch_warnings(record=True)  # the caller's filters apply as ever
    caught = recording.__enter__()
    try:
        yield noted
    finally:
        recording.__exit__(None, None, None)
        for w in caught or ():
            noted.append(str(w.message))
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno, source=w.source)


def after_run(
    result: Any,
    out: Any,
    values: bool,
    command: str,
    database: str,
    inputs: dict[str, Any],
    parameters: dict[str, Any],
    started: dt.datetime,
    seconds: float,
    shown_values: Any = None,
    noted: list[str] | None = None,
) -> None:
    """Write the page of a finished metric call to ``out`` (from :func:`checked_html`), if any,
    with the warnings ``noted`` (:func:`noting_warnings`)."""
    if out is not None:
        info = RunInfo(command, inputs_of(**inputs), database, parameters, {}, started, seconds, shown_values)
        write_report(result, dataclasses.replace(info, warnings=tuple(noted or ())), out, values=values)


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)
