"""The HTML report (``--html``, ``html=``) opened in a real headless Chromium (Debian's package):
the charts are in the DOM after the page's script ran, the headline numbers are the run's, no
script error reached the console, nothing is fetched from the network. A screenshot of each report
is kept (in $PRIVRISK_ARTIFACTS when set, as .ci/run does, else the test's tmp folder)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import warnings
from html import unescape
from pathlib import Path

import pandas as pd
import pytest

import privrisk_sql as pr

from backends import FIXTURES, mondrian_keeping_all

ADULT = FIXTURES / "adult"
HAND = FIXTURES / "handcheck"


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("PRIVRISK_REQUIRE_CHROMIUM") == "1":
            pytest.fail("PRIVRISK_REQUIRE_CHROMIUM=1 but no chromium on PATH (apt-get install chromium)")
        pytest.skip("Chromium: apt-get install chromium (bash .ci/run installs it)")
    return found


def _browser(page: Path, screenshot: Path | None = None) -> tuple[str, str]:
    """(DOM after scripts ran, console log) of ``page`` in headless Chromium; a screenshot too."""
    args = [
        _chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--enable-logging=stderr",
        "--v=0",
        f"--user-data-dir={page.parent / 'chromium-profile'}",
    ]
    dom = subprocess.run([*args, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    if screenshot is not None:
        shot = subprocess.run(
            [*args, "--window-size=1280,2000", f"--screenshot={screenshot}", page.as_uri()],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert shot.returncode == 0 and screenshot.stat().st_size > 10_000, shot.stderr[-2000:]
    return dom.stdout, dom.stderr


def _artifacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PRIVRISK_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "privrisk_sql.cli", *args], capture_output=True, text=True)


def _offline(text: str) -> None:
    """Nothing on the page is fetched: no src/href/url()/@import pointing outside it."""
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
    assert "@import" not in text and not re.search(r"url\(\s*['\"]?(https?:)?//", text)


CASES = {
    "mpuccs": (
        [
            "--ori",
            str(ADULT / "ori.csv"),
            "--syn",
            str(ADULT / "syn.csv"),
            "--columns",
            "age,sex,race,education",
            "--n-cols",
            "1,2,3",
            "--fail-above",
            "0.5",
        ],
        ["identified_by_size", "search_tree", "identified_by_combination"],
        lambda j: f"{100 * j['global']['identification_rate']:.2f} %",
    ),
    "kanon": (
        ["--table", str(ADULT / "ori.csv"), "--qids", "age,sex,race", "--sensitive", "income,education", "--k", "5"],
        ["class_size_histogram", "records_at_risk"],
        lambda j: f"{j['k_anonymity']:,}",
    ),
    "cavg": (
        ["--table", str(ADULT / "ori.csv"), "--qids", "age,sex", "--k", "5"],
        ["class_size_histogram", "records_at_risk"],
        lambda j: f"{j['cavg']:.6g}",
    ),
    "mondrian": (
        [
            "--table",
            str(ADULT / "ori.csv"),
            "--qids",
            "age,sex,race,education_num",
            "--k",
            "10",
            "--output",
            "released",
        ],
        ["ncp", "partition_sizes"],
        lambda j: f"{j['partitions']:,}",
    ),
    "risk": (
        ["--table", str(ADULT / "ori.csv"), "--qids", "age,sex,race,education", "--population-size", "300000"],
        ["risk_curve", "class_size_histogram"],
        lambda j: f"{100 * j['prosecutor']['average_risk']:.2f} %",
    ),
}


@pytest.mark.parametrize("command", sorted(CASES))
def test_report_opens_in_chromium_with_the_runs_numbers(command, tmp_path):
    args, charts, headline = CASES[command]
    page, out = tmp_path / f"{command}.html", tmp_path / f"{command}.json"
    db = ["--db", str(tmp_path / "w.duckdb")] if command == "mondrian" else []
    r = _cli(command, *args, *db, "--json", str(out), "--html", str(page))
    assert r.returncode == 0, r.stderr
    text = page.read_text(encoding="utf-8")
    assert page.stat().st_size < 3_000_000
    _offline(text)
    dom, console = _browser(page, _artifacts(tmp_path) / f"report-{command}.png")
    assert 'data-ready="1"' in dom  # the page's own script ran to its end
    assert "Uncaught" not in console and "SyntaxError" not in console
    for chart in charts:
        m = re.search(rf'data-chart="{chart}">\s*<svg[^>]*>(.*?)</svg>', dom, re.S)
        assert m and ("<path" in m.group(1) or "<rect" in m.group(1)), chart  # drawn, not an empty box
    shown = re.search(
        r'class="number[^"]*" data-key="[a-z_]+"><div class="label">[^<]*</div><div class="value">([^<]*)', dom
    ).group(1)
    assert shown == headline(json.loads(out.read_text()))
    assert "credentials" not in text and "password" not in text.lower()


def test_values_of_identified_rows_only_when_asked(tmp_path):
    base = ["mpuccs", "--ori", str(HAND / "ori.csv"), "--syn", str(HAND / "syn.csv"), "--quiet"]
    plain, valued = tmp_path / "plain.html", tmp_path / "values.html"
    assert _cli(*base, "--html", str(plain)).returncode == 0
    assert _cli(*base, "--html", str(valued), "--html-values").returncode == 0
    assert 'data-table="identified_values"' not in plain.read_text()
    page = valued.read_text()
    assert 'data-table="identified_values"' in page
    rows = re.search(r'data-table="identified_values">(.*?)</table>', page, re.S).group(1)
    assert ">z<" in rows  # the hand-checked case identifies the row whose a is 'z'


def test_bad_html_path_is_refused_before_any_work(tmp_path):
    r = _cli(
        "cavg", "--table", str(HAND / "ori.csv"), "--qids", "a", "--k", "2", "--html", str(tmp_path / "nope" / "r.html")
    )
    assert r.returncode == 2 and "does not exist" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    copy = tmp_path / "ori.csv"
    copy.write_bytes((HAND / "ori.csv").read_bytes())
    r = _cli("cavg", "--table", str(copy), "--qids", "a", "--k", "2", "--html", str(copy))
    assert r.returncode == 2 and "is the input" in r.stderr
    assert copy.read_bytes() == (HAND / "ori.csv").read_bytes()
    r = _cli("cavg", "--table", str(HAND / "ori.csv"), "--qids", "a", "--k", "2", "--html", "-")
    assert r.returncode == 2 and "--html: '-' is not a file" in r.stderr
    with pytest.raises(pr.InvalidInputError, match="html: '-' is not a file"):
        pr.cavg(None, str(HAND / "ori.csv"), ["a"], 2, html="-")


def test_python_api_pages_notebook_display_and_dataframes(tmp_path):
    import duckdb

    con = duckdb.connect(str(tmp_path / "w.duckdb"))
    con.execute(f"CREATE TABLE people AS SELECT * FROM read_csv('{ADULT / 'ori.csv'}')")
    src = pr.connect(con)
    page = tmp_path / "k.html"
    k = pr.kanon(src, "people", ["age", "sex"], sensitive="income", k=3, html=page)
    assert "<svg" in page.read_text() and 'data-key="k_anonymity"' in page.read_text()
    m = pr.mpuccs(src, "people", str(ADULT / "syn.csv"), columns=["age", "sex", "race"], n_cols=[1, 2])
    c = pr.cavg(src, "people", ["age", "sex"], 3)
    mo = mondrian_keeping_all(src, "people", ["age", "education_num"], 10, "people_k10")
    for result in (k, m, c, mo):
        fragment = result._repr_html_()
        assert "<svg" in fragment and "<html" not in fragment  # the same charts, no page around them
        assert result.to_dict()
    assert list(k.to_pandas().columns) == list(k.to_dict())
    assert m.to_pandas()["identification_rate"].iloc[0] == m.to_dict()["global"]["identification_rate"]
    assert c.to_pandas()["cavg"].iloc[0] == c.cavg
    head = mo.to_pandas(limit=5)
    assert len(head) == 5 and {"age_lo", "age_hi", "partition_id"} <= set(head.columns)
    assert len(mo.to_pandas()) == con.execute("SELECT COUNT(*) FROM people").fetchone()[0]
    assert sum(mo.partition_sizes.values()) == mo.partitions
    with pytest.raises(pr.InvalidInputError, match="limit"):
        mo.to_pandas(limit=-1)
    # A closed Source raised DuckDB's "Connection already closed!": now what to pass instead.
    src.close()
    with pytest.raises(pr.InvalidInputError, match="'people_k10' was written through is closed: pass an open one"):
        mo.to_pandas(limit=1)
    con.close()
    with pr.connect(str(tmp_path / "w.duckdb")) as reopened:
        assert len(mo.to_pandas(limit=3, src=reopened)) == 3


@pytest.mark.parametrize("sensitive", [["income"], ["income", "education"]])
def test_kanon_page_says_what_each_risk_is_and_formats_every_cell(tmp_path, sensitive):
    """kanon's "average re-identification risk" said "the mean over records" of pycanon's mean over
    classes; recursive (c,l) and alpha (k) were Python reprs, empty cells with one sensitive column,
    and the column was labelled "sensitive" (issue 40). Both averages now, each named for what it
    is; every cell a formatted value; the columns by their names, in the notebook display too."""
    r = pr.kanon(None, str(ADULT / "ori.csv"), ["age", "sex", "race"], sensitive=sensitive)
    page = tmp_path / "k.html"
    pr.kanon(None, str(ADULT / "ori.csv"), ["age", "sex", "race"], sensitive=sensitive, html=page)
    dom, _ = _browser(page)
    for html in (dom, r._repr_html_()):
        assert "average re-identification risk (over records)" in html
        assert "average re-identification risk (over classes)" in html
        assert f"{100 * r['avg_reid_risk_records']:.2f} %" in html and f"{100 * r['avg_reid_risk']:.2f} %" in html
        table = re.search(r'data-table="sensitive".*?</table>', html, re.S).group(0)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", table, re.S)
        assert cells and all(c.strip() for c in cells), cells
        assert "{" not in table and "&#39;" not in table  # no dict repr
        assert "l = 1" in table and "α = " in table
        for name in sensitive:
            assert f">{name}<" in table


def test_a_meaning_keeps_its_colour_and_small_counts_their_ticks():
    """ "below k" was blue on one report and orange on the next (the first category took the first
    colour), and a log axis's ticks collided at its top (issue 40)."""
    from privrisk_sql.report.parts import COLOURS, _log_ticks, bar

    for first in ("below k", "k or more"):
        rows = [
            {"class_size": 1, "classes": 5, "below_k": "below k"},
            {"class_size": 9, "classes": 3, "below_k": "k or more"},
        ]
        rows.sort(key=lambda r: r["below_k"] != first)
        svg = bar("c", rows, "class_size", "classes", title="t", x_title="x", y_title="y", color="below_k").svg
        assert COLOURS["below k"] in svg and COLOURS["k or more"] in svg
    assert _log_ticks([{"n": 40_000}, {"n": 3}], "n") == [0, 1, 10, 100, 1_000, 10_000, 100_000]


@pytest.mark.parametrize("log_y", [False, True])
def test_bars_on_a_number_line_never_overlap(log_y):
    """On a number line Vega drew 5-pixel bars from each value on: with partition sizes up to
    487 on 640 pixels each bar hid the next (size 11's 25 partitions behind size 10's and 12's
    45 and 43), and the Mondrian page's histogram read as a smooth decline."""
    from privrisk_sql.report.parts import bar

    counts = {10: 45, 11: 25, 12: 43, 13: 31, 14: 28, 15: 41, 487: 1}
    rows = [{"size": size, "n": n} for size, n in counts.items()]
    svg = bar("c", rows, "size", "n", title="t", x_title="x", y_title="y", ordinal_x=False, log_y=log_y).svg
    drawn = {}
    for path in re.findall(r'<path[^>]*aria-roledescription="bar"[^>]*>', svg):
        size = int(re.search(r"size: (\d+)", path).group(1))
        left, top, width, height = map(float, re.search(r' d="M([-\d.]+),([-\d.]+)h([-\d.]+)v([-\d.]+)', path).groups())
        drawn[size] = (left, width, height)
    assert sorted(drawn) == sorted(counts)
    ordered = [drawn[size] for size in sorted(drawn)]
    for (left, width, _), (next_left, _, _) in zip(ordered, ordered[1:]):
        assert left + width <= next_left + 1e-6  # side by side, never one over the next
    heights = {size: h for size, (_, _, h) in drawn.items()}
    assert heights[11] < heights[13] < heights[12] < heights[10]  # each as tall as its count says
    assert all(h > 0 for h in heights.values())


def test_a_log_axis_labels_its_small_ticks_as_numbers():
    """Vega gave a "~s" axis one SI prefix for every tick, so under 10k classes the ticks 1, 10
    and 100 all read "0k" (seen on the risk page's "Classes by size")."""
    import re

    from privrisk_sql.report.parts import bar

    rows = [{"class_size": s, "classes": n} for s, n in [(1, 20_000), (2, 3_000), (3, 150), (4, 12), (5, 1)]]
    svg = bar("c", rows, "class_size", "classes", title="t", x_title="x", y_title="y", log_y=True).svg
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    y_ticks = labels[labels.index("x") + 1 : labels.index("y (log scale)")]
    assert y_ticks == ["0", "1", "10", "100", "1,000", "10,000"]


def test_the_population_chart_shows_every_class_size_and_a_cut_table_says_so(tmp_path):
    """The population class-size chart kept the first 200 sizes (the tables' limit), so the largest
    population classes were missing from the picture without a word; the class-size table was cut
    at 200 rows without a caption."""
    import duckdb

    con = duckdb.connect()
    con.execute("CREATE TABLE s AS SELECT i AS q FROM range(250) t(i)")  # 250 classes of 1
    con.execute("CREATE TABLE p AS SELECT t.i AS q FROM range(250) t(i), range(250) u(j) WHERE u.j <= t.i")
    page = tmp_path / "r.html"
    r = pr.risk(pr.Source(con), "s", ["q"], population="p", html=str(page))
    assert len(r.population_class_sizes) == 250
    html = page.read_text()
    section = html[html.index("Population class sizes") :]
    chart = section[section.index("<svg") : section.index("</svg>")]
    assert chart.count('aria-roledescription="bar"') == 250
    assert "population_class_size: 250" in chart

    con.execute("CREATE TABLE many AS SELECT t.i AS q FROM range(1, 230) t(i), range(230) u(j) WHERE u.j < t.i")
    kanon_page = tmp_path / "k.html"
    pr.kanon(pr.Source(con), "many", ["q"], html=str(kanon_page))  # 229 class sizes: 1 .. 229
    assert "The first 200 of 229 class sizes." in kanon_page.read_text()


def test_the_risk_page_has_every_figure_the_summary_has(tmp_path):
    """With a population table the page showed k-map alone of the journalist's, marketer's and
    delta-presence figures the summary prints, and sdcMicro's global risk of 3.3e-7 as "0.00 %"."""
    from privrisk_sql.report.parts import pct

    page = tmp_path / "r.html"
    adult = ADULT
    r = pr.risk(
        None,
        str(adult / "syn.csv"),
        ["age", "sex", "race"],
        population=str(adult / "ori.csv"),
        weight="fnlwgt",
        html=str(page),
    )
    dom, _ = _browser(page)
    section = dom[dom.index("An attacker holding the population") :]
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", section[: section.index("</table>")])
    j, d = r.journalist, r.delta_presence
    assert cells == [
        "journalist", f"records at risk (&gt; {r.threshold:g})", pct(j["records_at_risk"]),
        "journalist", "highest risk", pct(j["highest_risk"]),
        "journalist", "success rate", pct(j["success_rate"]),
        "marketer", "success rate", pct(r.marketer["success_rate"]),
        "delta-presence", "least .. greatest", f"{d['min']:.6g} .. {d['max']:.6g}",
    ]  # fmt: skip
    missing = r.population_classes["classes_missing_from_population"]
    assert f"{missing:,} classes are missing from the population" in section
    individual = dom[dom.index("Individual risk (sdcMicro)") :]
    shown = re.findall(r"<td[^>]*>([^<]*)</td>", individual[: individual.index("</table>")])
    assert shown[1] == f"{r.individual['expected_reidentifications']:.6g}"
    assert shown[3] == pct(r.individual["global_risk"]) and shown[3] != "0.00 %"


@pytest.mark.parametrize("pid", ["'P' || (1000 + row_number() OVER ())", "10000 + row_number() OVER ()"])
def test_mpuccs_report_names_identified_rows_by_their_keys(tmp_path, pid):
    """With a key the JSON names the identified rows by it; the page showed row positions (issue 40).
    A whole-number key is shown as it is: 10017 was '10,017', a count's separator."""
    import duckdb

    con = duckdb.connect()
    con.execute(f"CREATE TABLE ori AS SELECT {pid} AS pid, * FROM read_csv('{ADULT / 'ori.csv'}') LIMIT 3000")
    con.execute("CREATE TABLE syn AS SELECT * FROM ori WHERE age % 2 = 0")
    page = tmp_path / "m.html"
    r = pr.mpuccs(
        pr.Source(con),
        "ori",
        "syn",
        columns=["age", "sex", "race", "education"],
        n_cols=[1, 2],
        key="pid",
        html=str(page),
        html_values=True,
    )
    first = r.to_dict()["details"][0]
    text = page.read_text(encoding="utf-8")
    assert "syn key" in text and "ori key" in text and "syn_idx" not in text
    assert f">{first['syn_key']}<" in text


def test_mondrian_page_says_every_guarantee_and_no_repr(tmp_path):
    """The headline said "5-anonymous" but not "2-diverse" when --l 2 was asked, and the run's
    table showed Python reprs (['age', 'sex'], False) (issue 40)."""
    page = tmp_path / "m.html"
    r = _cli(
        "mondrian",
        "--db",
        str(tmp_path / "w.duckdb"),
        "--table",
        str(ADULT / "ori.csv"),
        "--qids",
        "age,sex,race",
        "--k",
        "5",
        "--l",
        "2",
        "--sensitive",
        "income",
        "--output",
        "o",
        "--hierarchy",
        "race=order:White,Black,Asian-Pac-Islander,Amer-Indian-Eskimo,Other",
        "--html",
        str(page),
    )
    assert r.returncode == 0, r.stderr
    text = page.read_text(encoding="utf-8")
    assert "is 5-anonymous and 2-diverse (sensitive: income) on its" in text
    run = text.split("The run")[1]
    assert "parameter qids</th><td>age, sex, race<" in run.replace("\n", "") or "age, sex, race" in run
    assert "[&#39;" not in run and "False" not in run and "[]" not in run
    sample = text.split("A sample of the output")[1].split("</table>")[0]
    assert "age_gen" in sample and "partition_id" in sample and sample.count("<tr") == 6  # header + 5 rows
    assert "income" not in sample  # a kept column holds the input's values: never in the sample


def test_the_notebook_shows_what_the_file_shows():
    """The notebook display dropped the below-k card and its colouring (issue 40): it had no run
    info to read k from; the result's own k is used."""
    from privrisk_sql.report.parts import COLOURS

    r = pr.kanon(None, str(ADULT / "ori.csv"), ["age", "sex", "race"], ["income"], k=5)
    html = r._repr_html_()
    assert "records in classes below k = 5" in html and COLOURS["below k"] in html
    assert ">income<" in html  # the sensitive column by its name


def test_classes_below_k_and_their_values_in_chromium(tmp_path):
    """kanon --html-values (issue 40): the smallest classes below k are a table on the page, every
    cell a value after the page's script ran (sortable tables are redrawn by it)."""
    page = tmp_path / "kanon-values.html"
    r = _cli(
        "kanon",
        "--table",
        str(ADULT / "ori.csv"),
        "--qids",
        "age,sex,race",
        "--k",
        "5",
        "--html",
        str(page),
        "--html-values",
    )
    assert r.returncode == 0, r.stderr
    dom, console = _browser(page, _artifacts(tmp_path) / "report-kanon-values.png")
    assert 'data-ready="1"' in dom and "Uncaught" not in console
    table = re.search(r'data-table="classes_below_k_values">(.*?)</table>', dom, re.S).group(1)
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", table)
    assert heads[:4] == ["class size", "age", "sex", "race"]
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", table)
    assert len(cells) == 40 and all(c.strip() for c in cells) and cells[0] == "1"


def test_the_ncp_chart_lists_the_qids_in_the_order_of_its_table():
    """The Mondrian page's NCP chart sorted the QIDs A to Z (age, education_num, race, sex) while
    the table beside it lists them as given (age, sex, race, education_num)."""
    import duckdb

    qids = ["sex", "race", "age", "education_num"]
    con = duckdb.connect()
    r = pr.mondrian(con, str(FIXTURES / "mondrian" / "adult_2k.csv"), qids, 10, "released", keep=["id"])
    page = r._repr_html_()
    chart = re.search(r'data-chart="ncp">\s*<svg[^>]*>(.*?)</svg>', page, re.S).group(1)
    labels = [t for t in re.findall(r"<text[^>]*>([^<]*)</text>", chart) if t in qids]
    assert labels == qids, labels
    table = page[page.index("<table", page.index('data-chart="ncp"')) :]
    assert [q for q in re.findall(r"<td[^>]*>([^<]*)</td>", table) if q in qids][:4] == qids


@pytest.mark.parametrize("command", ["cavg", "kanon"])
@pytest.mark.parametrize("qids, k", [(["age", "sex", "race"], 5), (["sex"], 5)])
def test_the_page_says_how_many_records_are_in_classes_below_k(tmp_path, command, qids, k):
    """CAVG 45.2 at k = 5 on Adult's age and sex, beside 15 records in 9 classes below k (11.9 and
    424 records in 190 classes on age, sex, race): the page had the average alone, and the classes
    below k were a red sliver of its chart. kanon's card, built apart, was never coloured and read
    "In 0 classes: these rows would have to be generalized" when there were none."""
    page = tmp_path / "c.html"
    getattr(pr, command)(None, str(ADULT / "ori.csv"), qids, k=k, html=page)
    df = pd.read_csv(ADULT / "ori.csv")
    sizes = df.groupby(qids, dropna=False).size()
    below = sizes[sizes < k]
    card = re.search(r'<div class="number (\w+)" data-key="records_below_k">(.*?)</div>\n', page.read_text(), re.S)
    assert card is not None
    assert f'<div class="value">{int(below.sum()):,}</div>' in card.group(2)
    if len(below):
        why = "CAVG averages over every class" if command == "cavg" else "these rows would have to be generalized"
        assert card.group(1) == "fail" and f"In {len(below):,} classes: {why}" in card.group(2)
    else:
        assert card.group(1) == "pass" and "Every class holds at least k rows." in card.group(2)


def test_a_table_wider_than_the_page_scrolls_in_its_box_not_the_page(tmp_path):
    """Mondrian's sample of the output over QIDs with long names (63 characters) was wider than
    the page, and the whole page scrolled sideways (seen in headless Chromium): every table now
    sits in a box that scrolls on its own."""
    import duckdb

    df = pd.read_csv(ADULT / "ori.csv").head(2000)
    long = {"age": "age_of_the_respondent_at_the_time_of_the_1994_census_interview"}
    page = tmp_path / "m.html"
    pr.mondrian(duckdb.connect(), df.rename(columns=long), [long["age"], "sex"], 10, "o", keep=[], html=page)
    text = page.read_text()
    tables = re.findall(r"(.{0,30})<table class=\"sortable\" data-table=\"(\w+)\">", text)
    assert {name for _, name in tables} >= {"ncp", "output_sample"}
    assert all(before.endswith('<div class="table-wrap">') for before, _ in tables)
    assert ".privrisk-report .table-wrap { overflow-x: auto; max-width: 100%; }" in text


def test_the_command_lines_page_lists_the_runs_warnings(tmp_path, capsys):
    """The page said nothing of what the run warned of on stderr (ori and syn one table, a column
    copied as it is that singles rows out): a reviewer reading the page alone never saw it."""
    from privrisk_sql.cli import main

    page = tmp_path / "m.html"
    ori = str(ADULT / "ori.csv")
    assert main(["mpuccs", "--ori", ori, "--syn", ori, "--columns", "age,sex", "--html", str(page), "--quiet"]) == 0
    said = [line.removeprefix("privrisk-sql: warning: ") for line in capsys.readouterr().err.splitlines()]
    assert any("is given as both ori and syn" in line for line in said)
    box = re.search(r'<div class="warnings" data-warnings="(\d+)">.*?<ul>(.*?)</ul>', page.read_text(), re.S)
    assert box is not None and int(box.group(1)) == len(said)
    assert [unescape(li) for li in re.findall(r"<li>(.*?)</li>", box.group(2))] == said
    quiet = tmp_path / "k.html"
    assert main(["kanon", "--table", ori, "--qids", "age,sex", "--html", str(quiet), "--quiet"]) == 0
    assert 'class="warnings"' not in quiet.read_text()


def test_a_python_calls_page_lists_its_warnings_and_they_are_still_given(tmp_path):
    """html= wrote a page silent on what the call warned of (k = 1 asks nothing; a column copied as
    it is singles rows out); the warnings still reach the caller, as Python's do."""
    import duckdb

    page = tmp_path / "m.html"
    with pytest.warns(UserWarning) as caught:
        pr.mondrian(duckdb.connect(), str(ADULT / "ori.csv"), ["age", "sex"], 1, "o", html=page)
    given = [str(w.message) for w in caught]
    assert any(g.startswith("k=1 with no l or t") for g in given)
    assert any(g.startswith("column 'fnlwgt' of") for g in given)
    box = re.search(r'<div class="warnings" data-warnings="(\d+)">.*?<ul>(.*?)</ul>', page.read_text(), re.S)
    assert box is not None and [unescape(li) for li in re.findall(r"<li>(.*?)</li>", box.group(2))] == given
    quiet = tmp_path / "c.html"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pr.cavg(None, str(ADULT / "ori.csv"), ["age", "sex"], 5, html=quiet)
    assert 'class="warnings"' not in quiet.read_text()
