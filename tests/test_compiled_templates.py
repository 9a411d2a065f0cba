"""The SQL templates' shipped compiled modules: loaded by privrisk_sql/sql/compiled_templates.py,
written by privrisk_sql/sql/compile_templates.py."""

from __future__ import annotations

import jinja2
import pytest

from privrisk_sql.sql import compile_templates, compiled_templates, render
from privrisk_sql.sql.dialects import DIALECTS


def test_shipped_modules_match_the_templates():
    """Fails after a template is edited until the modules are written again (the message says how)."""
    assert compile_templates.main(["--check"]) == 0


def test_every_template_of_every_dialect_has_its_module():
    shipped = {p.stem for p in compiled_templates.FOLDER.glob("t*.py")}
    for name in DIALECTS:
        for template, source in compile_templates.template_sources(name):
            assert compiled_templates.module_name(template, source) in shipped, (name, template)


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_a_fresh_environment_compiles_nothing(dialect, monkeypatch):
    """Every template a run renders comes from its module: Jinja's compiler is never called."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"compiled from source: {args[1:2]}")

    monkeypatch.setattr(jinja2.Environment, "compile", refuse)
    env = render.environment.__wrapped__(DIALECTS[dialect])  # type: ignore[attr-defined]
    for template, _ in compile_templates.template_sources(dialect):
        if not template.endswith("_functions.sql.j2"):  # those load as fn, with the environment
            env.get_template(template)


def test_an_edited_template_is_compiled_from_its_source():
    env = render.environment(DIALECTS["duckdb"])
    t = compiled_templates.template_from(env, "mpuccs/any.sql.j2", "SELECT {{ 'a b' | quote }}", None, None)
    assert t.render() == 'SELECT "a b"'


def test_dialects_in_one_process_keep_their_own_quoting():
    """One module serves every dialect; each environment runs its code in a namespace of its own
    (a module imported once and shared would end up quoting for the last dialect that loaded it)."""

    def empty_like(dialect: str) -> str:
        return render.render("mondrian/empty_like.sql.j2", DIALECTS[dialect], name="n m", like="s t")

    duck, my = empty_like("duckdb"), empty_like("mysql")
    assert '"s t"' in duck and "`s t`" in my
    assert empty_like("duckdb") == duck and empty_like("spark").count("`s t`") == 1
