"""The SQL templates compiled ahead of time: Python modules shipped in ``privrisk_sql/_compiled_sql``.

Compiling a Jinja template (lex, parse, generate Python, ``compile``) costs about 4 ms, paid again
by every process for every template it renders; running the code of the module Jinja would have
generated costs a fraction of that, and less again where Python caches its bytecode
(docs/decisions/precompiled-templates.md has the figures).

A template's module is named by a hash of what decides its code: the Jinja version, the
environment's options, the template's name and its source. A template edited since the modules
were written, or another Jinja, simply finds no module and is compiled from source as before;
``tests/test_compiled_templates.py`` fails until the modules are written again with::

    python -m privrisk_sql.sql.compile_templates --write

(compile_templates.py writes them; this module only loads them.)
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Callable, MutableMapping
from pathlib import Path
from types import CodeType
from typing import Any

import jinja2

PACKAGE = "privrisk_sql._compiled_sql"
FOLDER = Path(__file__).resolve().parent.parent / "_compiled_sql"
# The options that change the code Jinja generates (render.environment passes these).
OPTIONS: dict[str, Any] = {
    "trim_blocks": True,
    "lstrip_blocks": True,
    "keep_trailing_newline": False,
    "autoescape": False,
}


def module_name(name: str, source: str) -> str:
    """The module a template's code is shipped in: a hash of everything that decides that code."""
    key = "\0".join([jinja2.__version__, repr(sorted(OPTIONS.items())), name, source])
    return "t" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]


def _shipped_code(name: str, source: str) -> CodeType | None:
    """The code object of the template's shipped module (Python reads it from its bytecode cache),
    or None. The module is never imported: each environment runs the code in a namespace of its
    own, as Jinja does for a template it compiled, so two dialects in one process never share one."""
    spec = importlib.util.find_spec(f"{PACKAGE}.{module_name(name, source)}")
    if spec is None or spec.loader is None:
        return None
    return spec.loader.get_code(spec.name)  # type: ignore[attr-defined]


def template_from(
    env: jinja2.Environment,
    name: str,
    source: str,
    filename: str | None,
    uptodate: Callable[[], bool] | None,
    globals: MutableMapping[str, Any] | None = None,
) -> jinja2.Template:
    """The template from its shipped module when there is one for this exact source, else compiled."""
    code = _shipped_code(name, source) or env.compile(source, name, filename)
    return env.template_class.from_code(env, code, env.make_globals(globals), uptodate)


class PrecompiledLoader(jinja2.BaseLoader):
    """Finds sources with ``inner``; loads each template from its shipped module when it matches."""

    def __init__(self, inner: jinja2.BaseLoader):
        self.inner = inner

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str | None, Any]:
        return self.inner.get_source(environment, template)

    def list_templates(self) -> list[str]:
        return self.inner.list_templates()

    def load(
        self, environment: jinja2.Environment, name: str, globals: MutableMapping[str, Any] | None = None
    ) -> jinja2.Template:
        source, filename, uptodate = self.inner.get_source(environment, name)
        return template_from(environment, name, source, filename, uptodate, globals)
