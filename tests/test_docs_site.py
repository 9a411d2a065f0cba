"""The docs site: its code blocks run, its links stay inside the repository, and the README is a
front page (at most 15,000 bytes).

Every ```bash block line that starts with ``privrisk-sql`` runs through the CLI, and every
```python block runs, in a folder holding ``fixtures`` (a link to the repository's) and
``warehouse.duckdb`` with the tables the examples name (``people``, ``people_syn``,
``class_counts``). ```console blocks (install commands) are shown, not run.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import duckdb
import pytest

import privrisk_sql as pr
from privrisk_sql.cli import main

from backends import FIXTURES, ROOT

DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
BLOCK = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```", re.S | re.M)


def _blocks(kind: str) -> list[tuple[str, int, str]]:
    found = []
    for page in [*PAGES, ROOT / "README.md"]:
        text = page.read_text()
        for i, m in enumerate(BLOCK.finditer(text)):
            if m.group(1) == kind:
                found.append((str(page.relative_to(ROOT)), i, m.group(2)))
    return found


@pytest.fixture(scope="module")
def docs_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("docs")
    (folder / "fixtures").symlink_to(FIXTURES)
    con = duckdb.connect(str(folder / "warehouse.duckdb"))
    adult = FIXTURES / "mondrian" / "adult_2k.csv"
    # people: Adult rows with a zip-like code and a disease-like sensitive column
    con.execute(f"""CREATE TABLE people AS SELECT id, age, CAST(hours_per_week % 7 AS INTEGER) AS zip, sex,
                    race, income AS disease FROM read_csv('{adult}')""")
    con.execute("CREATE TABLE people_syn AS SELECT * FROM people WHERE id % 3 <> 0")
    con.execute("CREATE TABLE class_counts AS SELECT age, sex, COUNT(*) AS n FROM people GROUP BY ALL")
    con.close()
    return folder


BASH = [
    (page, i, line)
    for page, i, block in _blocks("bash")
    for line in block.splitlines()
    if line.startswith("privrisk-sql ")
]
PYTHON = _blocks("python")


def test_blocks_are_found():
    assert len(BASH) >= 3 and len(PYTHON) >= 4


@pytest.mark.parametrize("page,index,line", BASH, ids=[f"{p}#{i}" for p, i, _ in BASH])
def test_bash_block_runs(docs_folder, monkeypatch, page, index, line):
    monkeypatch.chdir(docs_folder)
    args = shlex.split(line)[1:]
    if "--db" not in args and args[0] != "mondrian":
        args += ["--quiet"] if args[0] == "mpuccs" else []
    assert main(args) == 0, line


@pytest.mark.parametrize("page,index,code", PYTHON, ids=[f"{p}#{i}" for p, i, _ in PYTHON])
def test_python_block_runs(docs_folder, monkeypatch, page, index, code):
    monkeypatch.chdir(docs_folder)
    _drop_written_tables(docs_folder)  # the tables a page's bash blocks wrote, one after another
    src = pr.connect(str(docs_folder / "warehouse.duckdb"))
    namespace = {"pr": pr, "src": src, "__name__": "docs_example"}
    try:
        exec(compile(code, f"{page} block {index}", "exec"), namespace)
    finally:
        src.close()
        _drop_written_tables(docs_folder)


def _drop_written_tables(docs_folder):
    """A Python example starts from the fixture's three tables, whichever examples ran before it:
    one that writes a table writes it once (a -k selection runs the pages' blocks in another
    order; a page's bash blocks build on each other, so they are not reset)."""
    con = duckdb.connect(str(docs_folder / "warehouse.duckdb"))
    for (name,) in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE table_name NOT IN ('people', 'people_syn', 'class_counts')"
    ).fetchall():
        con.execute(f'DROP TABLE "{name}"')
    con.close()


def test_readme_is_a_front_page():
    assert len((ROOT / "README.md").read_bytes()) <= 15_000


REFERENCE = re.compile(r"SPEC_KANON|SPEC_MPUCCS|DESIGN\.md|\.\./shared")


def _repository_files():
    """Files of the checkout outside .git, virtualenvs, built and run-time folders. os.walk, not
    rglob: .ci/run's Spark step writes beside this test, and a folder gone mid-walk is skipped."""
    skipped = {".git", ".venv", "benchmarks", "site", "out", "spark-warehouse", "metastore_db"}
    for folder, dirs, files in os.walk(ROOT):
        if Path(folder) == ROOT:
            dirs[:] = [d for d in dirs if d not in skipped]
        for name in files:
            yield Path(folder) / name


def test_every_reference_points_inside_the_repository():
    """No code, template, test, doc or config cites the shared folder or its documents."""
    offenders = []
    for path in _repository_files():
        if path.suffix not in {".py", ".j2", ".md", ".toml", ".sql", ".yml"} or "PROVENANCE" in path.name:
            continue
        for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if REFERENCE.search(line) and path.name != "test_docs_site.py":
                offenders.append(f"{path.relative_to(ROOT)}:{n}")
    assert offenders == []


def test_relative_links_in_docs_resolve():
    broken = []
    for page in [*PAGES, ROOT / "README.md"]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text()):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} -> {target}")
    assert broken == []


def test_decision_records_are_linked_from_the_code():
    """Each decision record is cited by the line of code it explains (the package's, or the
    tests' for a decision about the suite)."""
    code = [*(ROOT / "privrisk_sql").rglob("*.py"), *(ROOT / "templates").rglob("*.j2"), *(ROOT / "tests").glob("*.py")]
    sources = "\n".join(p.read_text() for p in code)
    for record in (DOCS / "decisions").glob("*.md"):
        assert f"docs/decisions/{record.name}" in sources, record.name


def test_backend_table_lists_the_registered_dialects():
    """The backend table of docs/guides/backends.md names exactly the dialects of
    privrisk_sql.sql.dialects.DIALECTS, each once."""
    from privrisk_sql.sql.dialects import DIALECTS

    text = (ROOT / "docs" / "guides" / "backends.md").read_text(encoding="utf-8")
    table = text.split("| backend |", 1)[1].split("\n\n", 1)[0]
    names = [line.split("|")[1].strip() for line in table.splitlines()[2:] if line.startswith("|")]
    assert sorted(names) == sorted(DIALECTS) and len(names) == len(set(names))


LIST_LINE = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+\S")


def _list_lines(text: str) -> int:
    """Lines of a Markdown page that start a list item, outside fenced code."""
    count, fenced = 0, False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and LIST_LINE.match(line):
            count += 1
    return count


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_markdown_list_renders_as_a_list(page):
    """13 bullet lists on 10 pages rendered as run-on paragraphs (no blank line before them) and
    `mkdocs build --strict` said nothing (issue 40): the page, rendered by Python-Markdown with
    the site's extensions, has one <li> per list line of its source."""
    import markdown
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    extensions = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    html = markdown.markdown(page.read_text(), extensions=extensions)
    assert html.count("<li>") == _list_lines(page.read_text()), "a list without a blank line before it?"
