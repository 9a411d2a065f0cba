"""Writes (``--write``) or checks (``--check``) the SQL templates' compiled modules that
compiled_templates.py loads: every template of every dialect, as that dialect's environment
loads it (docs/decisions/precompiled-templates.md).

    python -m privrisk_sql.sql.compile_templates --write
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

from .compiled_templates import FOLDER, module_name
from .dialects import DIALECTS
from .render import environment, function_layers, templates_dir

# The dbt package's macro file the templates import (its other files hold dbt-only tags).
SHARED_MACROS = ("privrisk_shared.sql",)


def template_sources(dialect_name: str) -> Iterator[tuple[str, str]]:
    """(name, source) of every SQL template a run in this dialect can load, as it loads them."""
    env = environment(DIALECTS[dialect_name])
    names = [
        n for n in env.list_templates() if (n.endswith(".sql.j2") and n != "_functions.sql.j2") or n in SHARED_MACROS
    ]
    root = templates_dir()
    for name in names:
        yield name, env.loader.get_source(env, name)[0]  # type: ignore[union-attr]
    for path in function_layers(root, dialect_name):
        yield path.relative_to(root).as_posix(), path.read_text(encoding="utf-8")


def generated_modules() -> dict[str, str]:
    """File name -> Python source, for every template of every dialect."""
    modules: dict[str, str] = {}
    for dialect_name in sorted(DIALECTS):
        env = environment(DIALECTS[dialect_name])
        for name, source in template_sources(dialect_name):
            code = env.compile(source, name, raw=True)
            file = module_name(name, source) + ".py"
            if modules.setdefault(file, code) != code:
                # the same source compiled differently for another dialect: the hash would hide it
                raise RuntimeError(f"template {name!r} compiles differently per dialect ({dialect_name})")
    return modules


def main(argv: list[str]) -> int:
    """``--write``: replace the shipped modules with freshly generated ones; ``--check``: exit 1
    when they differ."""
    modules = generated_modules()
    present = {p.name: p.read_text(encoding="utf-8") for p in FOLDER.glob("t*.py")}
    if "--write" in argv:
        for stale in set(present) - set(modules):
            (FOLDER / stale).unlink()
        for file, code in modules.items():
            if present.get(file) != code:
                (FOLDER / file).write_text(code, encoding="utf-8")
        print(f"{len(modules)} template modules in {FOLDER}")
        return 0
    differ = sorted(set(present) ^ set(modules)) + sorted(
        f for f in modules if f in present and present[f] != modules[f]
    )
    if differ:
        print(
            f"{len(differ)} template module(s) out of date; run: python -m privrisk_sql.sql.compile_templates --write"
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
