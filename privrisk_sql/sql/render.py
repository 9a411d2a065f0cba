"""Jinja rendering of the SQL templates, one cached environment per dialect.

Identifiers only ever reach SQL through the ``quote`` filter (sqlglot quoting for the dialect) and
values through the ``literal`` filter (sqlglot literals), so no user text is pasted into SQL.
"""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import jinja2
from sqlglot import exp

from .compiled_templates import OPTIONS, PrecompiledLoader, template_from
from .dialects import Dialect

# The package's own folder (a wheel installs it as plain files; importlib.resources would cost an
# import of its own at every start for the same path).
_PACKAGE = Path(__file__).resolve().parent.parent


def templates_dir() -> Path:
    """Folder holding ``default/`` and the per-dialect overrides.

    In a wheel the templates are packaged as ``privrisk_sql/templates``; in a source checkout
    (editable install, tests) they sit at the repository root.
    """
    packaged = _PACKAGE / "templates"
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent / "templates"


def dbt_package_dir() -> Path:
    """The ``privrisk`` dbt package (``dbt/privrisk`` in a checkout, packaged in the wheel).

    Its ``macros/privrisk_shared.sql`` holds plain-Jinja macros the templates import too, so dbt
    and the library run the same SQL."""
    packaged = _PACKAGE / "dbt" / "privrisk"
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent / "dbt" / "privrisk"


def quote_identifier(name: str, dialect: Dialect) -> str:
    """Quote one identifier for ``dialect`` (every character kept, quotes escaped)."""
    return _quoted(str(name), dialect.sqlglot_writer)


@functools.lru_cache(maxsize=4096)
def _quoted(name: str, sqlglot_dialect: str) -> str:
    # A run quotes the same few names thousands of times; sqlglot takes ~0.1 ms each.
    return exp.to_identifier(name, quoted=True).sql(dialect=sqlglot_dialect)


def sql_literal(value, dialect: Dialect) -> str:
    """Render a Python value (None, bool, int, float, str) as a SQL literal for ``dialect``."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if type(value) is int:  # what sqlglot writes for any int, without its ~0.1 ms per call
        return str(value)
    if isinstance(value, float) and value != value:
        raise ValueError("NaN cannot be rendered as a SQL literal")
    if type(value) is str:
        if dialect.escape_string_prefix is not None and "\\" in value:
            escaped = value.replace("\\", "\\\\").replace("'", "''")
            return f"{dialect.escape_string_prefix}'{escaped}'"
        return _cached_literal(value, dialect.sqlglot_writer)
    if type(value) is float:  # by its repr: -0.0 == 0.0 would share one cache entry
        return _cached_literal(repr(value), dialect.sqlglot_writer, as_float=True)
    writer = dialect.sqlglot if isinstance(value, (dt.date, dt.time)) else dialect.sqlglot_writer
    return exp.convert(value).sql(dialect=writer)


@functools.lru_cache(maxsize=65536)
def _cached_literal(text: str, sqlglot_dialect: str, as_float: bool = False) -> str:
    # A hierarchy's rows repeat their labels and shares: a 50,000-leaf tree rendered a million
    # literals, ~25 s of sqlglot uncached (benchmarks/mondrian_hierarchy_scale.py).
    return exp.convert(float(text) if as_float else text).sql(dialect=sqlglot_dialect)


def function_layers(root: Path, dialect_name: str) -> list[Path]:
    """The ``_functions.sql.j2`` files of a dialect, its own first, then the default one."""
    return [
        path
        for path in (root / dialect_name / "_functions.sql.j2", root / "default" / "_functions.sql.j2")
        if path.exists()
    ]


class _Functions:
    """The ``fn`` namespace of the templates: a macro of ``templates/<dialect>/_functions.sql.j2``
    when that dialect overrides it, else the one of ``templates/default/_functions.sql.j2``.
    Dialect files therefore hold only what is not portable."""

    def __init__(self, env: jinja2.Environment, dialect: Dialect):
        root = templates_dir()
        self._layers = [
            template_from(
                env, path.relative_to(root).as_posix(), path.read_text(encoding="utf-8"), str(path), None
            ).module
            for path in function_layers(root, dialect.name)
        ]

    def __getattr__(self, name: str):
        for module in self._layers:
            if hasattr(module, name):
                return getattr(module, name)
        raise AttributeError(f"no SQL function macro {name!r}")


@functools.cache
def environment(dialect: Dialect) -> jinja2.Environment:
    """The dialect's Jinja environment; templates load from their shipped compiled modules
    (compiled_templates.py) when those match their source."""
    root = templates_dir()
    loader = PrecompiledLoader(
        jinja2.ChoiceLoader(
            [
                jinja2.FileSystemLoader(str(root / dialect.name)),
                jinja2.FileSystemLoader(str(root / "default")),
                jinja2.FileSystemLoader(str(dbt_package_dir() / "macros")),
            ]
        )
    )
    env = jinja2.Environment(loader=loader, undefined=jinja2.StrictUndefined, **OPTIONS)
    # pass_context keeps Jinja from folding a filter of a constant into the compiled code, which
    # would make that code the dialect's: one shipped module serves every dialect.
    env.filters["quote"] = jinja2.pass_context(lambda _, name: quote_identifier(name, dialect))
    env.filters["literal"] = jinja2.pass_context(lambda _, value: sql_literal(value, dialect))
    env.globals["dialect"] = dialect.name
    # Before fn: its macros are compiled with the globals there are.
    env.globals["t"] = dialect.cast_types
    env.globals["q"] = lambda name: quote_identifier(name, dialect)  # the quoting function shared macros take
    env.globals["lit"] = lambda value: sql_literal(value, dialect)  # and their literal function
    env.globals["fn"] = _Functions(env, dialect)
    return env


def render(template: str, dialect: Dialect, **context) -> str:
    """Render ``template`` (e.g. ``"group_size_histograms.sql.j2"``) for ``dialect``."""
    sql = environment(dialect).get_template(template).render(**context)
    return "\n".join(line.rstrip() for line in sql.strip().splitlines() if line.strip())
