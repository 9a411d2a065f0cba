"""The dbt package, proven with a real `dbt build` (dbt-core 1.11, dbt-duckdb) on the example project
in fixtures/dbt_project, and on PostgreSQL through dbt-postgres: passing and failing thresholds, exit
codes, audit rows, and dbt's numbers equal to the Python library's on the same tables."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlparse

import duckdb
import pytest

import privrisk_sql as pr

from backends import FIXTURES, pg_url

DBT = Path(sys.executable).with_name("dbt")
QIDS = ["age_band", "sex"]

if not DBT.exists():
    if os.environ.get("PRIVRISK_REQUIRE_DBT") == "1":
        raise RuntimeError(f"PRIVRISK_REQUIRE_DBT=1 but {DBT} is missing: pip install -e '.[dev]'")
    pytest.skip("dbt is not installed (pip install -e '.[dev]')", allow_module_level=True)


def _dbt(project: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(DBT), *args, "--profiles-dir", str(project), "--project-dir", str(project)],
        cwd=project,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A copy of the example project whose packages.yml points at `privrisk-sql dbt-path`."""
    root = tmp_path_factory.mktemp("dbt") / "project"
    shutil.copytree(FIXTURES / "dbt_project", root, ignore=shutil.ignore_patterns("target", "dbt_packages", "logs"))
    path = subprocess.run([str(DBT.with_name("privrisk-sql")), "dbt-path"], capture_output=True, text=True, check=True)
    package = Path(path.stdout.strip())
    assert (package / "dbt_project.yml").is_file() and package.is_absolute()
    (root / "packages.yml").write_text(f"packages:\n  - local: {package}\n")
    os.environ["PRIVRISK_DBT_DUCKDB"] = str(root / "example.duckdb")
    deps = _dbt(root, "deps")
    assert deps.returncode == 0, deps.stdout + deps.stderr
    return root


@pytest.fixture(scope="module")
def built(project):
    r = _dbt(project, "build")
    assert r.returncode == 0, r.stdout[-3000:]
    return project


def _db(project):
    return duckdb.connect(str(project / "example.duckdb"))


def _audit(project):
    con = _db(project)
    try:
        return con.execute(
            "SELECT metric, value, threshold, status FROM privrisk_audit ORDER BY run_at, metric"
        ).fetchall()
    finally:
        con.close()


def test_build_passes_and_audits(built):
    rows = _audit(built)
    assert [r[0] for r in rows[-2:]] == ["cavg", "k_anonymity"] and all(r[3] == "pass" for r in rows[-2:])
    con = _db(built)
    try:
        src = pr.Source(con)
        kan = pr.kanon(src, "adult_release", QIDS, k=5)
        cavg = pr.cavg(src, "adult_release", QIDS, k=5)
        assert rows[-1][1] == kan["k_anonymity"] == 6 and rows[-1][2] == 5
        assert rows[-2][1] == pytest.approx(cavg.cavg) and rows[-2][2] == 20
        # the Python model ran privrisk_sql on the dbt session: same numbers as a direct call
        model = con.execute("SELECT total_identified, identification_rate FROM adult_mpuccs").fetchall()[0]
        direct = pr.mpuccs(
            src, "adult_ori", "adult_syn", columns=["age", "sex", "race", "education", "occupation"], n_cols=[1, 2, 3]
        ).global_.iloc[0]
        assert model == (direct["total_identified"], pytest.approx(direct["identification_rate"]))
    finally:
        con.close()


def test_k_anonymity_breach_fails_run_and_is_recorded(built):
    before = len(_audit(built))
    r = _dbt(built, "build", "--vars", "{k_required: 7}")
    assert r.returncode == 1
    assert "k_anonymity = 6 breaches threshold 7" in r.stdout
    assert "PRIVACY THRESHOLD BREACHED" in r.stdout and "stays materialized" in r.stdout
    rows = _audit(built)
    assert len(rows) == before + 2 and ("k_anonymity", 6.0, 7.0, "fail") in rows[-2:]


def test_audit_records_the_average_risk_and_fails_above_it(built):
    """The post-hook audited k and CAVG only (issue 38's gap): with max_average_risk it records
    ARX's prosecutor average risk (classes / records, as pr.risk computes it) and fails above it."""
    before = len(_audit(built))
    r = _dbt(built, "build", "--select", "adult_release", "--vars", "{audit_max_average_risk: 0.01}")
    assert r.returncode == 1 and "average_risk = 0.013 breaches threshold 0.01" in r.stdout
    rows = _audit(built)
    assert len(rows) == before + 3
    con = _db(built)
    try:
        expected = pr.risk(pr.Source(con), "adult_release", QIDS).prosecutor["average_risk"]
    finally:
        con.close()
    assert expected == pytest.approx(26 / 2000)
    ((metric, value, threshold, status),) = [row for row in rows[-3:] if row[0] == "average_risk"]
    assert value == pytest.approx(expected) and threshold == 0.01 and status == "fail"
    bad = _dbt(built, "build", "--select", "adult_release", "--vars", "{audit_max_average_risk: abc}")
    assert bad.returncode != 0 and "max_average_risk must be a number in [0, 1], got abc" in bad.stdout


def test_stored_failures_equal_library(built):
    t = _dbt(built, "test", "--select", "adult_release", "--vars", "{k_required: 7}", "--store-failures")
    assert t.returncode == 1
    con = _db(built)
    try:
        tables = dict(
            con.execute(
                "SELECT table_name, schema_name FROM duckdb_tables() WHERE table_name LIKE 'privrisk_k_anonymity%'"
            ).fetchall()
        )
        assert len(tables) == 1
        name, schema = next(iter(tables.items()))
        got = sorted(con.execute(f'SELECT age_band, sex, class_size FROM "{schema}"."{name}"').fetchall())
        expected = pr.k_anonymity_failures(pr.Source(con), "adult_release", QIDS, 7)
        assert got == sorted(map(tuple, expected.itertuples(index=False)))
    finally:
        con.close()


def test_cavg_threshold(built):
    ok = _dbt(built, "test", "--select", "adult_release")
    assert ok.returncode == 0, ok.stdout[-2000:]
    bad = _dbt(built, "test", "--select", "adult_release", "--vars", "{max_cavg: 10}")
    assert bad.returncode == 1 and "cavg_at_most" in bad.stdout


def test_singling_out_rate_test_equals_library(built):
    con = _db(built)
    try:
        lib = pr.singling_out_rate(pr.Source(con), "adult_ori", "adult_syn", ["age", "education", "occupation"])
    finally:
        con.close()
    assert lib.matches == 205 and lib.rate == pytest.approx(0.1025)
    ok = _dbt(built, "test", "--select", "adult_ori")
    assert ok.returncode == 0
    bad = _dbt(built, "test", "--select", "adult_ori", "--vars", "{max_singling_out_rate: 0.1}")
    assert bad.returncode == 1 and f"Got {lib.matches} results" in bad.stdout
    warn = _dbt(
        built, "test", "--select", "adult_ori", "--vars", "{max_singling_out_rate: 0.1, singling_out_severity: warn}"
    )
    assert warn.returncode == 0 and "WARN" in warn.stdout


def test_reidentification_risk_test_equals_library(built):
    con = _db(built)
    try:
        lib = pr.risk(pr.Source(con), "adult_release", QIDS)
    finally:
        con.close()
    ok = _dbt(built, "test", "--select", "adult_release")
    assert ok.returncode == 0, ok.stdout[-2000:]
    just_below = lib.prosecutor["average_risk"] * 0.999  # the library's figure decides dbt's verdict
    bad = _dbt(built, "test", "--select", "adult_release", "--vars", json.dumps({"max_average_risk": just_below}))
    assert bad.returncode == 1 and "reidentification_risk" in bad.stdout
    at = _dbt(
        built,
        "test",
        "--select",
        "adult_release",
        "--vars",
        json.dumps({"max_average_risk": lib.prosecutor["average_risk"] * 1.001}),
    )
    assert at.returncode == 0, at.stdout[-2000:]
    text = _dbt(built, "test", "--select", "adult_release", "--vars", json.dumps({"max_average_risk": "abc"}))
    assert text.returncode != 0 and "max_average must be a number in [0, 1]" in text.stdout
    # a threshold of 0 put every record at risk where pr.risk and the CLI refuse it
    zero = _dbt(built, "test", "--select", "adult_release", "--vars", json.dumps({"risk_threshold": 0}))
    assert zero.returncode != 0 and "threshold must be a number in (0, 1], got 0" in zero.stdout
    con = _db(built)
    try:  # a small threshold, given as a var's text, is taken: dbt's verdict is the library's at it
        at_small = pr.risk(pr.Source(con), "adult_release", QIDS, threshold=0.01).prosecutor["records_at_risk"]
    finally:
        con.close()
    small = _dbt(built, "test", "--select", "adult_release", "--vars", json.dumps({"risk_threshold": "0.01"}))
    assert small.returncode == (1 if at_small > 0.5 else 0), (at_small, small.stdout[-2000:])


def test_quotes_in_names_and_non_numbers_are_handled(built):
    """adapter.quote rendered qid a"b as "a"b" (a parser error, and a way to rewrite the test's SQL);
    max: "abc" silently became 0.0 (issue 41, defect 18)."""
    ok = _dbt(built, "test", "--select", "quoted_release")
    assert ok.returncode == 0, ok.stdout[-2000:]
    bad = _dbt(built, "test", "--select", "quoted_release", "--vars", "{k_required: 7}")
    assert bad.returncode == 1 and "k_anonymity" in bad.stdout  # the quoted column is read: its classes fail
    # dbt writes the failure line itself; a test's own name (docs/guides/dbt.md) is how it says k
    assert "Failure in test quoted_release_k_anonymity_at_k_required" in bad.stdout
    text = _dbt(built, "test", "--select", "adult_release", "--vars", "{max_cavg: abc}")
    assert text.returncode != 0 and "max must be a number, got abc" in text.stdout


def test_run_operation_report(built):
    r = _dbt(
        built,
        "run-operation",
        "privrisk_report",
        "--args",
        json.dumps({"relation": "adult_release", "qids": QIDS, "k": 5}),
    )
    assert r.returncode == 0, r.stdout[-2000:]
    assert "k_anonymity=6 classes_below_k=0 records_below_k=0" in r.stdout


def test_bad_k_is_a_compile_error(built):
    r = _dbt(built, "test", "--select", "adult_release", "--vars", "{k_required: 0}")
    assert r.returncode != 0 and "k must be an integer >= 1" in r.stdout


_MISNAMED_SCHEMA = """version: 2
models:
  - name: misnamed_release
    data_tests:
      - privrisk.k_anonymity:
          name: misnamed_text
          arguments: {qids: sex, k: 2}
      - privrisk.k_anonymity:
          name: misnamed_empty
          arguments: {qids: [], k: 2}
      - privrisk.cavg_at_most:
          name: misnamed_typo
          arguments: {qids: [age_bnd, sex], k: 2, max: 5}
      - privrisk.reidentification_risk:
          name: misnamed_twice
          arguments: {qids: [sex, sex], max_average: 0.5}
      - privrisk.k_anonymity:
          name: misnamed_number
          arguments: {qids: [sex, 12], k: 2}
      - privrisk.singling_out_rate:
          name: misnamed_syn
          arguments: {syn_model: ref('adult_release'), columns: [sex, extra], max_rate: 0.5}
      - privrisk.k_anonymity:
          name: misnamed_other_case
          arguments: {qids: [SEX], k: 1}
      - privrisk.k_anonymity:
          name: unsupported_list
          arguments: {qids: [sex, tags], k: 2}
      - privrisk.reidentification_risk:
          name: unsupported_json
          arguments: {qids: [doc], max_average: 0.5}
      - privrisk.k_anonymity:
          name: misnamed_class_size
          arguments: {qids: [Class_Size, sex], k: 2}
"""


def test_misnamed_columns_are_compile_errors_naming_them(built):
    """qids: sex grouped by "s", "e", "x"; [] was a parser error; a typo was the database's binder
    error about SQL the user never wrote; [sex, sex] passed. Each is now a compile error naming the
    test, the argument and the column; a name in another case is taken, as the warehouse takes it.
    A column of a type the library refuses (a list, JSON) was grouped, and passed or failed, where
    `pr.kanon` says "unsupported type" (PostgreSQL: an error about equality on json). A QID
    called class_size was read as each class's size (DuckDB), and the test failed on it."""
    model, schema = built / "models" / "misnamed_release.sql", built / "models" / "misnamed_release.yml"
    model.write_text(
        "SELECT *, 1 AS extra, [1, 2] AS tags, CAST('{\"a\": 1}' AS JSON) AS doc, 1 AS class_size "
        "FROM {{ ref('adult_release') }}"
    )
    schema.write_text(_MISNAMED_SCHEMA)
    try:
        r = _dbt(built, "build", "--select", "misnamed_release")
    finally:
        model.unlink()
        schema.unlink()
    out = " ".join(r.stdout.split())
    assert r.returncode == 1 and "PASS=2" in out and "ERROR=9" in out, r.stdout[-3000:]
    for message in (
        "privrisk.k_anonymity: qids must be a list of column names, got the text 'sex' (a list of one: [sex])",
        "privrisk.k_anonymity: qids must name at least one column",
        "privrisk.cavg_at_most: qids: column 'age_bnd' is not in",
        "privrisk.reidentification_risk: qids: column 'sex' is listed twice",
        "privrisk.k_anonymity: qids must be a list of column names, got 12 in it",
        "privrisk.singling_out_rate: columns: column 'extra' is not in",
        "privrisk.k_anonymity: qids: column 'tags' has unsupported type INTEGER[]: a column of qids holds numbers, "
        "text, booleans, dates or timestamps; cast it to one in the model",
        "privrisk.reidentification_risk: qids: column 'doc' has unsupported type JSON",
        "privrisk.k_anonymity: qids: column 'Class_Size' has a name this test gives a column of its own "
        "(class_size); select it under another name in the model (Class_Size AS ...)",
    ):
        assert message in out, message
    assert "Binder Error" not in out and "Parser Error" not in out


def _pg_target(schema: str) -> tuple[str, dict]:
    """The server's URL and the environment the project's `postgres` target reads (or a skip)."""
    url = pg_url()
    if not url:
        if os.environ.get("PRIVRISK_REQUIRE_PG") == "1":
            pytest.fail("PRIVRISK_REQUIRE_PG=1 but no PostgreSQL")
        pytest.skip("no PostgreSQL (PRIVRISK_PG_URL)")
    u = urlparse(url.replace("+psycopg", ""))
    return url, {
        "PRIVRISK_DBT_PG_HOST": u.hostname,
        "PRIVRISK_DBT_PG_PORT": str(u.port or 5432),
        "PRIVRISK_DBT_PG_USER": u.username or "postgres",
        "PRIVRISK_DBT_PG_PASSWORD": u.password or "",
        "PRIVRISK_DBT_PG_DBNAME": (u.path or "/postgres").lstrip("/"),
        "PRIVRISK_DBT_PG_SCHEMA": schema,
    }


def _drop_pg_schemas(schema: str) -> None:
    """Drop a test's PostgreSQL schema and the one dbt stores its failures in."""
    import sqlalchemy as sa

    engine = sa.create_engine(_pg_target(schema)[0])
    with engine.connect() as c:
        for name in (schema, f"{schema}_dbt_test__audit"):
            c.exec_driver_sql(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        c.commit()
    engine.dispose()


def test_dbt_postgres(project):
    url, env = _pg_target("privrisk_dbt_test")
    # Python models are a dbt-duckdb feature: the rest of the project runs on PostgreSQL
    ok = _dbt(project, "build", "--target", "postgres", "--exclude", "adult_mpuccs", env=env)
    assert ok.returncode == 0, ok.stdout[-3000:]
    bad = _dbt(
        project, "build", "--target", "postgres", "--exclude", "adult_mpuccs", "--vars", "{k_required: 7}", env=env
    )
    assert bad.returncode == 1
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.connect() as c:
            rows = c.exec_driver_sql(
                "SELECT metric, value, threshold, status FROM privrisk_dbt_test.privrisk_audit ORDER BY run_at, metric"
            ).fetchall()
            src = pr.Source(c)
            lib = pr.kanon(src, "privrisk_dbt_test.adult_release", QIDS, k=5)
            c.exec_driver_sql("DROP SCHEMA privrisk_dbt_test CASCADE")
            c.commit()
    finally:
        engine.dispose()
    assert [tuple(r) for r in rows[-4:]] == [
        ("cavg", pytest.approx(rows[-4][1]), 20.0, "pass"),
        ("k_anonymity", 6.0, 5.0, "pass"),
        ("cavg", pytest.approx(rows[-2][1]), 20.0, "pass"),
        ("k_anonymity", 6.0, 7.0, "fail"),
    ]
    assert lib["k_anonymity"] == 6


_CI_MODEL = """
{% set ci = 'COLLATE "privrisk_test_ci"' if target.type == 'postgres' else 'COLLATE NOCASE' %}
SELECT id, band, CAST(city AS VARCHAR) {{ ci }} AS city
FROM (VALUES (1, 'a', 'Paris'), (2, 'a', 'Paris'), (3, 'a', 'Paris'), (4, 'a', 'PARIS'),
             (5, 'b', 'Lyon'), (6, 'b', 'Lyon'), (7, 'b', 'lyon'), (8, 'b', 'lyon')) v(id, band, city)
"""
_CI_SCHEMA = """version: 2
models:
  - name: ci_release
    config: {materialized: table}
    data_tests:
      - privrisk.k_anonymity:
          arguments: {qids: [band, city], k: 2}
"""


@pytest.mark.parametrize("target", ["duckdb", "postgres"])
def test_case_insensitive_column_is_checked_on_its_bytes(project, target):
    """A text QID declared case-insensitive: 'Paris' x3 and 'PARIS' x1 are two classes in the rows
    a user releases, so k = 2 fails with PARIS's class of 1, on dbt as in the library (before, the
    warehouse's GROUP BY merged them into one class of 4 and the test passed)."""
    env = {}
    if target == "postgres":
        import sqlalchemy as sa

        url, env = _pg_target("privrisk_dbt_ci")
        engine = sa.create_engine(url)
        with engine.connect() as c:
            c.exec_driver_sql(
                'CREATE COLLATION IF NOT EXISTS "privrisk_test_ci" '
                "(provider = icu, locale = 'und-u-ks-level2', deterministic = false)"
            )
            c.commit()
    model, schema = project / "models" / "ci_release.sql", project / "models" / "ci_release.yml"
    model.write_text(_CI_MODEL)
    schema.write_text(_CI_SCHEMA)
    try:
        args = ["--target", target] if target == "postgres" else []
        run = _dbt(project, "run", "--select", "ci_release", *args, env=env)
        assert run.returncode == 0, run.stdout[-2000:]
        test = _dbt(project, "test", "--select", "ci_release", "--store-failures", *args, env=env)
        assert test.returncode == 1 and "Got 1 result" in test.stdout, test.stdout[-2000:]
        if target == "duckdb":
            con = _db(project)
            try:
                assert con.execute("SELECT COUNT(DISTINCT city) FROM ci_release").fetchall()[0][0] == 2  # it merges
                name, schema_name = con.execute(
                    "SELECT table_name, schema_name FROM duckdb_tables() "
                    "WHERE table_name LIKE 'privrisk_k_anonymity_ci%'"
                ).fetchall()[0]
                stored = con.execute(f'SELECT band, city, class_size FROM "{schema_name}"."{name}"').fetchall()
                lib = pr.k_anonymity_failures(pr.Source(con), "ci_release", ["band", "city"], 2)
            finally:
                con.close()
        else:
            with engine.connect() as c:
                schema_name, name = c.execute(
                    sa.text(
                        "SELECT table_schema, table_name FROM information_schema.tables "
                        "WHERE table_schema LIKE :s AND table_name LIKE :t"
                    ),
                    {"s": "privrisk_dbt_ci%", "t": "privrisk_k_anonymity_ci%"},
                ).fetchall()[0]
                stored = c.exec_driver_sql(f'SELECT band, city, class_size FROM "{schema_name}"."{name}"').fetchall()
                lib = pr.k_anonymity_failures(pr.Source(c), "privrisk_dbt_ci.ci_release", ["band", "city"], 2)
        assert [tuple(r) for r in lib.itertuples(index=False)] == [("a", "PARIS", 1)]
        assert [tuple(r) for r in stored] == [("a", "PARIS", 1)]
    finally:
        model.unlink()
        schema.unlink()
        if target == "postgres":
            with engine.connect() as c:
                for name in ("privrisk_dbt_ci", "privrisk_dbt_ci_dbt_test__audit"):
                    c.exec_driver_sql(f"DROP SCHEMA IF EXISTS {name} CASCADE")
                c.commit()
            engine.dispose()


def _target_env(project: Path, target: str, schema: str) -> dict:
    """The environment a test's dbt run takes for ``target`` (duckdb, postgres or spark), its
    tables in ``schema`` on the servers (Spark required on its step)."""
    if target == "postgres":
        return _pg_target(schema)[1]
    if target == "spark":
        from conftest import require_spark

        require_spark()
        return _spark_env(project, schema)
    return {}


def _spark_env(project: Path, schema: str) -> dict:
    """dbt-spark's environment: its warehouse and its JVM's temporary folder in ``project``. Its
    Hive session makes ``<java.io.tmpdir>/<session id>_resources`` and leaves it when dbt ends
    (five such folders in /tmp after each CI Spark step, 2026-11-29)."""
    jvm_tmp = project / "jvm-tmp"
    jvm_tmp.mkdir(exist_ok=True)
    return {
        "PRIVRISK_DBT_SPARK_WAREHOUSE": str(project / "spark-warehouse"),
        "PRIVRISK_DBT_SPARK_SCHEMA": schema,
        "SPARK_SUBMIT_OPTS": f"-Djava.io.tmpdir={jvm_tmp}",
    }


def _hive_resources() -> set[str]:
    return {p.name for p in Path(tempfile.gettempdir()).glob("*_resources")}


_WHERE_MODEL = """
SELECT id, band, sex
FROM (VALUES (1, 'a', 'M'), (2, 'a', 'M'), (3, 'a', 'F'), (4, 'b', 'M'), (5, 'b', 'M'),
             (6, 'b', 'F'), (7, 'b', 'F')) v(id, band, sex)
"""
_WHERE_SCHEMA = """version: 2
models:
  - name: where_release
    config: {materialized: table}
    data_tests:
      - privrisk.k_anonymity:
          name: where_all_rows
          arguments: {qids: [band], k: 2}
      - privrisk.k_anonymity:
          name: where_women
          arguments: {qids: [band], k: 2}
          config: {where: "sex = 'F'"}
      - privrisk.reidentification_risk:
          name: where_men_risk
          arguments: {qids: [band], max_average: 0.4}
          config: {where: "sex = 'M'"}
"""


@pytest.mark.parametrize("target", ["duckdb", "postgres", pytest.param("spark", marks=pytest.mark.spark)])
def test_a_where_config_filters_the_rows_checked(project, target):
    """dbt's `where` test config (dbt passes the model as the text of a subquery) was a compilation
    error, "'str object' has no attribute 'render'", in every privrisk test. Now the rows it keeps
    are the rows checked: band a has one woman, so k = 2 fails on women alone and passes on
    everyone; the men's average risk is 1/2 (two classes of 2 rows), everyone's 2/7."""
    env = _target_env(project, target, "privrisk_dbt_where")
    model, schema = project / "models" / "where_release.sql", project / "models" / "where_release.yml"
    model.write_text(_WHERE_MODEL)
    schema.write_text(_WHERE_SCHEMA)
    try:
        args = ["--target", target] if target != "duckdb" else []
        r = _dbt(project, "build", "--select", "where_release", "--store-failures", *args, env=env)
        out = " ".join(r.stdout.split())
        assert r.returncode == 1 and "PASS=2" in out and "ERROR=2" in out, r.stdout[-3000:]
        assert "FAIL 1 where_women" in out and "FAIL 1 where_men_risk" in out
        assert "Compilation Error" not in r.stdout
        if target == "duckdb":
            con = _db(project)
            try:
                name, schema_name = con.execute(
                    "SELECT table_name, schema_name FROM duckdb_tables() WHERE table_name = 'where_women'"
                ).fetchall()[0]
                assert con.execute(f'SELECT band, class_size FROM "{schema_name}"."{name}"').fetchall() == [("a", 1)]
                risk = con.execute(f'SELECT average_risk FROM "{schema_name}"."where_men_risk"').fetchall()
                assert risk == [(0.5,)]
            finally:
                con.close()
    finally:
        model.unlink()
        schema.unlink()
        if target == "postgres":
            _drop_pg_schemas("privrisk_dbt_where")


_NAN_MODEL = """
{% set dbl = 'DOUBLE' if target.type == 'spark' else 'DOUBLE PRECISION' %}
SELECT id, band, CAST(x AS {{ dbl }}) AS x
FROM (VALUES (1, 'a', 'NaN'), (2, 'a', NULL), (3, 'a', '1.5'), (4, 'a', '1.5'), (5, 'b', '2'),
             (6, 'b', '2'), (7, 'b', 'NaN'), (8, 'b', 'NaN')) v(id, band, x)
"""
_NAN_SCHEMA = """version: 2
models:
  - name: nan_release
    config: {materialized: table}
    data_tests:
      - privrisk.k_anonymity:
          name: nan_k_2
          arguments: {qids: [band, x], k: 2}
      - privrisk.reidentification_risk:
          name: nan_risk
          arguments: {qids: [band, x], max_average: 0.4}
"""


@pytest.mark.parametrize("target", ["duckdb", "postgres", pytest.param("spark", marks=pytest.mark.spark)])
def test_nan_is_missing_as_in_the_library(project, target):
    """NaN in a float QID is a missing value, one class with NULL, in the library (docs: the
    missing-value policy, as pandas has it). The dbt tests kept NaN apart from NULL, as DuckDB,
    PostgreSQL and Spark group them: band a's NaN and NULL rows were two classes of 1, so k = 2
    failed where `pr.kanon` and `pr.k_anonymity_failures` find k = 2, and the average risk was
    5/8 where the library's is 4/8 (above max_average 0.4 either way: its stored row tells)."""
    env = _target_env(project, target, "privrisk_dbt_nan")
    model, schema = project / "models" / "nan_release.sql", project / "models" / "nan_release.yml"
    model.write_text(_NAN_MODEL)
    schema.write_text(_NAN_SCHEMA)
    try:
        args = ["--target", target] if target != "duckdb" else []
        r = _dbt(project, "build", "--select", "nan_release", "--store-failures", *args, env=env)
        out = " ".join(r.stdout.split())
        assert "PASS nan_k_2" in out, r.stdout[-3000:]
        assert r.returncode == 1 and "FAIL 1 nan_k_2" not in out and "FAIL 1 nan_risk" in out, r.stdout[-3000:]
        if target == "duckdb":
            con = _db(project)
            try:
                schema_name = con.execute(
                    "SELECT schema_name FROM duckdb_tables() WHERE table_name = 'nan_risk'"
                ).fetchall()[0][0]
                stored = con.execute(f'SELECT average_risk FROM "{schema_name}"."nan_risk"').fetchall()
                lib = pr.kanon(pr.Source(con), "nan_release", ["band", "x"])
                assert (
                    lib["k_anonymity"] == 2
                    and [] == pr.k_anonymity_failures(pr.Source(con), "nan_release", ["band", "x"], 2).values.tolist()
                )
            finally:
                con.close()
            assert stored == [(0.5,)] and lib["avg_reid_risk_records"] == 0.5
    finally:
        model.unlink()
        schema.unlink()
        if target == "postgres":
            _drop_pg_schemas("privrisk_dbt_nan")


_EPHEMERAL_MODEL = """{{ config(materialized="ephemeral") }}
SELECT age_band, sex FROM {{ ref('adult_release') }}
"""
_EPHEMERAL_SCHEMA = """version: 2
models:
  - name: eph_release
    data_tests:
      - privrisk.k_anonymity:
          name: eph_k_6
          arguments: {qids: [age_band, sex], k: 6}
      - privrisk.k_anonymity:
          name: eph_k_7
          arguments: {qids: [age_band, sex], k: 7}
"""


@pytest.mark.parametrize("target", ["duckdb", "postgres"])
def test_an_ephemeral_model_is_checked(built, target):
    """A test on an ephemeral model (a CTE dbt puts in the test's query) was a compile error: its
    columns, read from a relation that does not exist, were none, so "column 'age_band' is not in
    __dbt__cte__eph_release (its columns: )". Now the query checks it as written: the smallest
    class of adult_release is 6, so k = 6 passes and k = 7 fails with one class, as on the model."""
    env, args = ({}, []) if target == "duckdb" else (_pg_target("privrisk_dbt_eph")[1], ["--target", "postgres"])
    if target == "postgres":  # the model the ephemeral one reads, in that schema
        for step in (["seed"], ["run", "--select", "adult_release"]):
            made = _dbt(built, *step, *args, env=env)
            assert made.returncode == 0, made.stdout[-3000:]
    model, schema = built / "models" / "eph_release.sql", built / "models" / "eph_release.yml"
    model.write_text(_EPHEMERAL_MODEL)
    schema.write_text(_EPHEMERAL_SCHEMA)
    try:
        r = _dbt(built, "test", "--select", "eph_release", *args, env=env)
    finally:
        model.unlink()
        schema.unlink()
        if target == "postgres":
            _drop_pg_schemas("privrisk_dbt_eph")
    out = " ".join(r.stdout.split())
    assert r.returncode == 1 and "PASS eph_k_6" in out and "FAIL 1 eph_k_7" in out, r.stdout[-3000:]
    assert "Compilation Error" not in out


_EMPTY_MODEL = """{{ config(
    materialized="table",
    post_hook="{{ privrisk.privrisk_audit(qids=['sex'], k=2, max_average_risk=0.5) }}"
) }}
SELECT * FROM {{ ref('adult_release') }} WHERE 1 = 0
"""


@pytest.mark.parametrize("target", ["duckdb", "postgres"])
def test_an_empty_model_is_named_and_dbt_empty_skips_the_audit(project, tmp_path, target):
    """`dbt build --empty` (every model built with no rows, to check its SQL) failed on the
    post-hook: "k_anonymity = 0 breaches threshold 5". It now skips the audit and writes no row.
    A model built empty for real is named, with no audit row: its smallest class was recorded as
    k = 0, and max_average_risk divided 0 by 0 (the library refuses an empty table too)."""
    if target == "postgres":
        env = _pg_target("privrisk_dbt_empty")[1]
        args = ["--target", "postgres"]
    else:
        env, args = {"PRIVRISK_DBT_DUCKDB": str(tmp_path / "empty.duckdb")}, []
    model = project / "models" / "empty_release.sql"
    try:
        dry = _dbt(project, "build", "--empty", "--exclude", "adult_mpuccs", *args, env=env)
        assert dry.returncode == 0, dry.stdout[-3000:]
        assert "privrisk_audit: skipped for" in dry.stdout and "BREACHED" not in dry.stdout
        model.write_text(_EMPTY_MODEL)
        real = _dbt(project, "build", "--select", "empty_release", *args, env=env)
        out = " ".join(real.stdout.split())
        assert real.returncode == 1, real.stdout[-3000:]
        assert "PRIVACY AUDIT NOT POSSIBLE" in out and "has no rows, so there is nothing to measure" in out
        assert "division" not in out.lower() and "BREACHED" not in out
        if target == "duckdb":
            con = duckdb.connect(str(tmp_path / "empty.duckdb"))
            try:  # neither run wrote an audit row (the table was never made)
                assert (
                    con.execute("SELECT COUNT(*) FROM duckdb_tables() WHERE table_name = 'privrisk_audit'").fetchone()[
                        0
                    ]
                    == 0
                )
            finally:
                con.close()
    finally:
        model.unlink(missing_ok=True)
        if target == "postgres":
            _drop_pg_schemas("privrisk_dbt_empty")


_AUDITING_INTO = """{{ config(
    materialized="table",
    post_hook="{{ privrisk.privrisk_audit(qids=['sex'], k=1, audit_table=var('audit_into')) }}"
) }}
SELECT sex, CAST(NULL AS VARCHAR(100)) AS model, CAST(NULL AS TIMESTAMP) AS run_at, CAST(NULL AS VARCHAR(100)) AS metric,
       CAST(NULL AS DOUBLE PRECISION) AS value, CAST(NULL AS DOUBLE PRECISION) AS threshold, CAST(NULL AS VARCHAR(10)) AS status
FROM {{ ref('adult_release') }}
"""


@pytest.mark.parametrize("target", ["duckdb", "postgres"])
def test_the_audit_writes_only_into_an_audit_table(project, tmp_path, target):
    """`audit_table=` naming the model itself, or another table that is no audit table: the
    audit's INSERT went into it. A model that happens to hold the audit's columns took an audit
    row (its other columns NULL) without a word; any other table failed on the database's own
    words ("does not have a column with name model"). Now a compile error names the table, and
    the table is as the model built it."""
    if target == "postgres":
        env = _pg_target("privrisk_dbt_into")[1]
        args = ["--target", "postgres"]
    else:
        env, args = {"PRIVRISK_DBT_DUCKDB": str(tmp_path / "into.duckdb")}, []
    model = project / "models" / "audited_into.sql"
    try:
        model.write_text(_AUDITING_INTO)
        for step in (["seed"], ["run", "--select", "adult_release"]):
            base = _dbt(project, *step, *args, env=env)
            assert base.returncode == 0, base.stdout[-3000:]
        for into, says in (("audited_into", "is the model itself"), ("adult_release", "is not an audit table")):
            r = _dbt(project, "run", "--select", "audited_into", "--vars", f"{{audit_into: {into}}}", *args, env=env)
            out = " ".join(r.stdout.split())
            assert r.returncode == 1, r.stdout[-3000:]
            assert f"privrisk.privrisk_audit: audit_table '{into}' {says}" in out, out[-2000:]
        if target == "duckdb":
            con = duckdb.connect(str(tmp_path / "into.duckdb"))
            try:  # no audit row in either: the failed model rolled back, adult_release as built
                tables = {t for (t,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
                assert {"adult_release", "adult_ori"} <= tables
                if "audited_into" in tables:
                    assert con.execute("SELECT COUNT(*) FROM audited_into WHERE model IS NOT NULL").fetchone()[0] == 0
                assert con.execute("SELECT COUNT(*) FROM adult_release WHERE sex IS NULL").fetchone()[0] == 0
            finally:
                con.close()
    finally:
        model.unlink(missing_ok=True)
        if target == "postgres":
            _drop_pg_schemas("privrisk_dbt_into")


@pytest.mark.spark
def test_dbt_spark(project):
    """dbt-spark (method: session, a local Spark inside dbt): the same pass, fail, audit rows and
    stored failures as on DuckDB, read back from the warehouse's Parquet files and checked against
    the library run on Spark over the same files."""
    from conftest import require_spark

    require_spark()
    from backends import spark_session

    warehouse = project / "spark-warehouse"
    env = _spark_env(project, "privrisk_dbt_spark")
    resources_before = _hive_resources()
    # Python models are a dbt-duckdb feature: the rest of the project runs on Spark
    ok = _dbt(project, "build", "--target", "spark", "--exclude", "adult_mpuccs", env=env)
    assert ok.returncode == 0, ok.stdout[-3000:]
    bad = _dbt(project, "build", "--target", "spark", "--exclude", "adult_mpuccs", "--vars", "{k_required: 7}", env=env)
    assert bad.returncode == 1
    assert "k_anonymity = 6 breaches threshold 7" in bad.stdout and "PRIVACY THRESHOLD BREACHED" in bad.stdout
    failed = _dbt(
        project,
        "test",
        "--target",
        "spark",
        "--select",
        "adult_release",
        "--vars",
        "{k_required: 7}",
        "--store-failures",
        env=env,
    )
    assert failed.returncode == 1
    assert _hive_resources() == resources_before, "dbt-spark's Hive left its folder in the system's temp folder"

    spark = spark_session()
    schema = warehouse / "privrisk_dbt_spark.db"
    rows = [
        tuple(r)
        for r in spark.sql(
            f"SELECT metric, value, threshold, status FROM parquet.`{schema / 'privrisk_audit'}`"
            " ORDER BY run_at, metric"
        ).collect()
    ]
    assert [r for r in rows if r[0] == "k_anonymity"] == [
        ("k_anonymity", 6.0, 5.0, "pass"),
        ("k_anonymity", 6.0, 7.0, "fail"),
    ]
    assert [r[3] for r in rows if r[0] == "cavg"] == ["pass", "pass"]
    release = spark.read.parquet(str(schema / "adult_release"))
    src = pr.Source(spark)
    assert pr.kanon(src, release, QIDS, k=5)["k_anonymity"] == 6
    assert [r for r in rows if r[0] == "cavg"][0][1] == pytest.approx(pr.cavg(src, release, QIDS, k=5).cavg)
    stored = [p for p in warehouse.glob("*/privrisk_k_anonymity*") if p.is_dir()]
    assert len(stored) == 1, stored
    got = sorted(tuple(r) for r in spark.read.parquet(str(stored[0])).select(*QIDS, "class_size").collect())
    expected = pr.k_anonymity_failures(src, release, QIDS, 7)
    assert got == sorted(map(tuple, expected.itertuples(index=False))) and got


# Two QIDs, a text and a number sensitive column, with NULLs in both (the text's NULL is a value of
# its own; the number's NULL rows are left out of the ordered distance, as privrisk-sql kanon does).
_SENSITIVE_ROWS = [
    ("a", "F", "flu", 30),
    ("a", "F", "flu", 40),
    ("a", "F", "cold", 50),
    ("a", "M", "flu", 30),
    ("a", "M", "flu", 30),
    ("b", "F", "cancer", 90),
    ("b", "F", "flu", 30),
    ("b", "F", None, None),
    ("b", "M", "cold", 60),
    ("b", "M", "cold", 70),
    ("b", "M", "flu", None),
    ("c", "F", "flu", 40),
]


def _sql_value(v) -> str:
    return "NULL" if v is None else f"'{v}'" if isinstance(v, str) else str(v)


def _sensitive_model() -> str:
    rows = ", ".join(f"({', '.join(_sql_value(v) for v in r)})" for r in _SENSITIVE_ROWS)
    return (
        '{{ config(materialized="table") }}\n'
        "SELECT band, sex, disease, CAST(salary AS INTEGER) AS salary\n"
        f"FROM (VALUES {rows}) v(band, sex, disease, salary)\n"
    )


_DISEASE_ORDER = ["cold", "flu", "cancer"]


def _oracle_classes(sa: str, ordered: bool, order: list[str] | None = None, band_not: str = "") -> dict[tuple, dict]:
    import pandas as pd

    from oracle import sensitive_classes

    df = pd.DataFrame(_SENSITIVE_ROWS, columns=["band", "sex", "disease", "salary"])
    df = df[df["band"] != band_not].reset_index(drop=True)  # a test's `where` config
    if order:  # a text column in an order is its places in it
        df[sa] = df[sa].map({v: i for i, v in enumerate(order)})
    return {r["key"]: r for r in sensitive_classes(df, ["band", "sex"], sa, ordered)}


@pytest.mark.parametrize("target", ["duckdb", "postgres", pytest.param("spark", marks=pytest.mark.spark)])
def test_l_diversity_and_t_closeness_equal_the_oracle(project, target):
    """dbt's l_diversity and t_closeness tests fail with exactly the classes the pandas oracle
    (tests/oracle.py, from the textbook definitions) puts below l or above t: the equal distance
    over a text column, the ordered one over numbers; each passes at the oracle's worst class, which
    is the figure `pr.kanon` reports (the same macros)."""
    text, number = _oracle_classes("disease", False), _oracle_classes("salary", True)
    in_order = _oracle_classes("disease", True, _DISEASE_ORDER)
    min_l = min(r["l"] for r in text.values())
    t_text = sorted(r["t"] for r in text.values())
    t_number = sorted(r["t"] for r in number.values() if r["t"] is not None)
    mid_number = (t_number[1] + t_number[2]) / 2  # between two classes' t: a threshold some pass
    t_order = sorted(r["t"] for r in in_order.values() if r["t"] is not None)
    mid_order = (t_order[-2] + t_order[-1]) / 2
    # dbt's `where` config: the rows it keeps are the table the distance is measured against
    kept = _oracle_classes("disease", True, _DISEASE_ORDER, band_not="c")
    t_kept = sorted(r["t"] for r in kept.values() if r["t"] is not None)
    mid_kept = (t_kept[0] + t_kept[1]) / 2
    tests = {
        "sens_l_2": ("l_diversity", "disease", "l", 2),
        "sens_l_at_min": ("l_diversity", "disease", "l", min_l),
        "sens_t_text_below": ("t_closeness", "disease", "t", t_text[-1] * (1 - 1e-9)),
        "sens_t_text_at": ("t_closeness", "disease", "t", t_text[-1] * (1 + 1e-9)),
        "sens_t_number_mid": ("t_closeness", "salary", "t", mid_number),
        "sens_t_number_at": ("t_closeness", "salary", "t", t_number[-1] * (1 + 1e-9)),
        # names in another case, read as the model spells them (PostgreSQL found no column "BAND")
        "sens_l_2_upper": ("l_diversity", "DISEASE", "l", 2),
        "sens_t_number_mid_upper": ("t_closeness", "Salary", "t", mid_number),
        # a text column's places in an order (kanon --order): the ordered distance
        "sens_t_order_mid": ("t_closeness", "disease", "t", mid_order),
        "sens_l_2_where": ("l_diversity", "disease", "l", 2),
        "sens_t_order_where": ("t_closeness", "disease", "t", mid_kept),
    }
    expected_failures = {
        "sens_l_2": sum(r["l"] < 2 for r in text.values()),
        "sens_l_at_min": 0,
        "sens_t_text_below": sum(r["t"] > t_text[-1] * (1 - 1e-9) for r in text.values()),
        "sens_t_text_at": 0,
        "sens_t_number_mid": sum(t > mid_number for t in t_number),
        "sens_t_number_at": 0,
    }
    expected_failures["sens_t_order_mid"] = sum(t > mid_order for t in t_order)
    assert expected_failures["sens_t_order_mid"] != sum(t > mid_order for t in t_text)  # the order tells
    expected_failures["sens_l_2_upper"] = expected_failures["sens_l_2"]
    expected_failures["sens_l_2_where"] = sum(
        r["l"] < 2 for r in _oracle_classes("disease", False, band_not="c").values()
    )
    expected_failures["sens_t_order_where"] = sum(t > mid_kept for t in t_kept)
    assert expected_failures["sens_l_2_where"] == 1
    expected_failures["sens_t_number_mid_upper"] = expected_failures["sens_t_number_mid"]
    assert expected_failures["sens_l_2"] == 2 and 0 < expected_failures["sens_t_number_mid"] < len(t_number)
    schema_yml = "version: 2\nmodels:\n  - name: sensitive_release\n    data_tests:\n" + "".join(
        f"      - privrisk.{test}:\n          name: {name}\n"
        f"          arguments: {{qids: {'[BAND, Sex]' if name.endswith('_upper') else '[band, sex]'}, sensitive: {sa}, "
        f"{arg}: {float(value) if arg == 't' else int(value)!r}"
        f"{', order: ' + json.dumps(_DISEASE_ORDER) if name.startswith('sens_t_order') else ''}}}\n"
        + ("          config: {where: \"band <> 'c'\"}\n" if name.endswith("_where") else "")
        for name, (test, sa, arg, value) in tests.items()
    )
    env = _target_env(project, target, "privrisk_dbt_sensitive")
    model, schema = project / "models" / "sensitive_release.sql", project / "models" / "sensitive_release.yml"
    model.write_text(_sensitive_model())
    schema.write_text(schema_yml)
    try:
        args = ["--target", target] if target != "duckdb" else []
        r = _dbt(project, "build", "--select", "sensitive_release", "--store-failures", *args, env=env)
        out = " ".join(r.stdout.split())
        for name, n in expected_failures.items():
            assert (f"FAIL {n} {name}" if n else f"PASS {name}") in out, (name, r.stdout[-4000:])
        assert r.returncode == 1
        if target == "duckdb":
            con = _db(project)
            try:
                stored = {}
                for name in ("sens_l_2", "sens_t_number_mid"):
                    schema_name = con.execute(
                        "SELECT schema_name FROM duckdb_tables() WHERE table_name = ?", [name]
                    ).fetchall()[0][0]
                    stored[name] = con.execute(f'SELECT * FROM "{schema_name}"."{name}"').fetchall()
                lib = pr.kanon(pr.Source(con), "sensitive_release", ["band", "sex"], sensitive=["disease", "salary"])
            finally:
                con.close()
            assert sorted(stored["sens_l_2"]) == sorted(
                (*key, row["size"], row["l"]) for key, row in text.items() if row["l"] < 2
            )
            got = {(band, sex): t for band, sex, t in stored["sens_t_number_mid"]}
            want = {key: row["t"] for key, row in number.items() if row["t"] is not None and row["t"] > mid_number}
            assert got.keys() == want.keys() and all(got[k] == pytest.approx(want[k], abs=1e-12) for k in got)
            assert lib["l_diversity"]["disease"] == min_l
            assert lib["t_closeness"]["disease"] == pytest.approx(t_text[-1], abs=1e-12)
            con = _db(project)
            try:
                lib_order = pr.kanon(
                    pr.Source(con), "sensitive_release", ["band", "sex"], "disease", order={"disease": _DISEASE_ORDER}
                )
            finally:
                con.close()
            assert lib_order["t_closeness"] == pytest.approx(t_order[-1], abs=1e-12)
            assert lib["t_closeness"]["salary"] == pytest.approx(t_number[-1], abs=1e-12)
    finally:
        model.unlink()
        schema.unlink()
        if target == "postgres":
            _drop_pg_schemas("privrisk_dbt_sensitive")


def test_a_profile_sorting_descending_gets_the_oracles_t(project, tmp_path):
    """dbt-duckdb's profile `settings` are the session's, which no run of ours sets back: with
    `default_order: desc` every ORDER BY the macros did not say ASC ran descending, and the
    ordered t came out another. The shared macros say ASC: the same failures as the oracle's."""
    number = _oracle_classes("salary", True)
    in_order = _oracle_classes("disease", True, _DISEASE_ORDER)
    t_number = sorted(r["t"] for r in number.values() if r["t"] is not None)
    t_order = sorted(r["t"] for r in in_order.values() if r["t"] is not None)
    tests = {  # thresholds between two classes' t, so that some pass and some fail
        "desc_t_number": ("salary", float(t_number[1] + t_number[2]) / 2, t_number, ""),
        "desc_t_order": (
            "disease",
            float(t_order[-2] + t_order[-1]) / 2,
            t_order,
            f", order: {json.dumps(_DISEASE_ORDER)}",
        ),
    }
    profiles = (project / "profiles.yml").read_text()
    duckdb_output = "      threads: 1\n"  # the first output's (duckdb) last line
    assert profiles.index(duckdb_output) < profiles.index("type: postgres")
    (tmp_path / "profiles.yml").write_text(
        profiles.replace(duckdb_output, duckdb_output + "      settings: {default_order: desc}\n", 1)
    )
    model, schema = project / "models" / "sensitive_release.sql", project / "models" / "sensitive_release.yml"
    model.write_text(_sensitive_model())
    schema.write_text(
        "version: 2\nmodels:\n  - name: sensitive_release\n    data_tests:\n"
        + "".join(
            f"      - privrisk.t_closeness:\n          name: {name}\n"
            f"          arguments: {{qids: [band, sex], sensitive: {sa}, t: {t!r}{order}}}\n"
            for name, (sa, t, _, order) in tests.items()
        )
    )
    try:
        r = subprocess.run(
            [str(DBT), "build", "--select", "sensitive_release", "--profiles-dir", str(tmp_path)],
            cwd=project,
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, "DBT_PROJECT_DIR": str(project)},
        )
    finally:
        model.unlink()
        schema.unlink()
    out = " ".join(r.stdout.split())
    for name, (_, t, ts, _) in tests.items():
        failing = sum(x > t for x in ts)
        assert 0 < failing < len(ts) and f"FAIL {failing} {name}" in out, (name, r.stdout[-3000:])


_SENSITIVE_MISTAKES_SCHEMA = """version: 2
models:
  - name: sensitive_mistakes
    data_tests:
      - privrisk.l_diversity:
          name: sens_missing
          arguments: {qids: [age_band, sex], sensitive: incme, l: 2}
      - privrisk.t_closeness:
          name: sens_list
          arguments: {qids: [age_band, sex], sensitive: [income], t: 0.5}
      - privrisk.t_closeness:
          name: sens_is_qid
          arguments: {qids: [age_band, sex], sensitive: SEX, t: 0.5}
      - privrisk.l_diversity:
          name: sens_reserved
          arguments: {qids: [distinct_values, sex], sensitive: income, l: 2}
      - privrisk.t_closeness:
          name: sens_unsupported
          arguments: {qids: [age_band, sex], sensitive: tags, t: 0.5}
      - privrisk.l_diversity:
          name: sens_fine
          arguments: {qids: [age_band, sex], sensitive: income, l: 1}
      - privrisk.t_closeness:
          name: sens_order_lacks
          arguments: {qids: [age_band, sex], sensitive: income, t: 0.5, order: ['<=50K']}
      - privrisk.t_closeness:
          name: sens_order_numbers
          arguments: {qids: [sex], sensitive: age_band, t: 0.5, order: ['1', '2']}
      - privrisk.t_closeness:
          name: sens_order_fine
          arguments: {qids: [age_band, sex], sensitive: income, t: 1, order: ['<=50K', '>50K']}
  - name: sensitive_ephemeral
    config: {materialized: ephemeral}
    data_tests:
      - privrisk.t_closeness:
          name: sens_ephemeral
          arguments: {qids: [age_band, sex], sensitive: income, t: 0.5}
"""


def test_l_diversity_and_t_closeness_mistakes_are_errors_naming_them(built):
    """Each mistake in the arguments of l_diversity and t_closeness is a compile error naming the
    test, the argument and the column (as the other tests' are), before any SQL runs; a threshold
    out of range stops the run at parse time (as a bad k does)."""
    models = built / "models"
    (models / "sensitive_mistakes.sql").write_text(
        "SELECT *, [1, 2] AS tags, 1 AS distinct_values FROM {{ ref('adult_release') }}"
    )
    (models / "sensitive_ephemeral.sql").write_text("SELECT * FROM {{ ref('adult_release') }}")
    (models / "sensitive_mistakes.yml").write_text(_SENSITIVE_MISTAKES_SCHEMA)
    try:
        r = _dbt(built, "build", "--select", "sensitive_mistakes", "sensitive_ephemeral")
    finally:
        for name in ("sensitive_mistakes.sql", "sensitive_ephemeral.sql", "sensitive_mistakes.yml"):
            (models / name).unlink()
    out = " ".join(r.stdout.split())
    assert r.returncode == 1 and "PASS=3" in out and "ERROR=8" in out, r.stdout[-3000:]
    for message in (
        "privrisk.l_diversity: sensitive: column 'incme' is not in",
        "privrisk.t_closeness: sensitive must be one column name, got ['income']",
        "privrisk.t_closeness: sensitive column 'SEX' is also one of the qids",
        "privrisk.l_diversity: qids: column 'distinct_values' has a name this test gives a column of its own "
        "(class_size, distinct_values)",
        "privrisk.t_closeness: sensitive: column 'tags' has unsupported type INTEGER[]: a column of sensitive",
        "is ephemeral, so the type of 'income', which decides the distance (numbers: ordered, else equal), "
        "cannot be read before the query runs",
        "privrisk.t_closeness: value '>50K' of sensitive column 'income' is not in the order given for it",
        "privrisk.t_closeness: order given for 'age_band', which holds numbers: an order is for text values",
    ):
        assert message in out, message
    assert "Binder Error" not in out and "Parser Error" not in out


@pytest.mark.parametrize(
    ("test", "argument", "message"),
    [
        ("t_closeness", "t: 1.5", "privrisk.t_closeness: t must be a number in [0, 1], got 1.5"),
        ("t_closeness", "t: abc", "privrisk.t_closeness: t must be a number in [0, 1], got abc"),
        ("l_diversity", "l: 0", "privrisk.l_diversity: l must be an integer >= 1, got 0"),
        ("l_diversity", "l: 2.5", "privrisk.l_diversity: l must be an integer >= 1, got 2.5"),
        ("t_closeness", "t: 0.5, order: '<=50K'", "privrisk.t_closeness: order must list the values of 'income'"),
        ("t_closeness", "t: 0.5, order: [a, a]", "privrisk.t_closeness: order lists 'a' twice"),
    ],
)
def test_l_and_t_out_of_range_stop_the_run(built, test, argument, message):
    model, schema = built / "models" / "sensitive_thresholds.sql", built / "models" / "sensitive_thresholds.yml"
    model.write_text("SELECT * FROM {{ ref('adult_release') }}")
    schema.write_text(
        "version: 2\nmodels:\n  - name: sensitive_thresholds\n    data_tests:\n"
        f"      - privrisk.{test}:\n          arguments: {{qids: [age_band, sex], sensitive: income, {argument}}}\n"
    )
    try:
        r = _dbt(built, "test", "--select", "sensitive_thresholds")
    finally:
        model.unlink()
        schema.unlink()
    assert r.returncode != 0 and message in " ".join(r.stdout.split()), r.stdout[-2000:]


# A sensitive column whose name the audit writes into its metric: a quote and a backslash, which
# ended Spark's string literal early (a parser error after the model was built).
_HOSTILE_SENSITIVE = "dis'ease\\"


@pytest.mark.parametrize("target", ["duckdb", "postgres", pytest.param("spark", marks=pytest.mark.spark)])
def test_the_audit_records_l_and_t_per_sensitive_column(project, target):
    """The post-hook with `sensitive`, `min_l` and `max_t` appends l_diversity(<column>) and
    t_closeness(<column>) rows equal to the pandas oracle's worst class (the figures `pr.kanon`
    reports), and fails the run, with the rows on record, when one breaches its threshold. The
    text column's name holds a quote and a backslash, written into the metric as it is."""
    text, number = _oracle_classes("disease", False), _oracle_classes("salary", True)
    min_l = min(r["l"] for r in text.values())
    t_text = max(r["t"] for r in text.values())
    t_number = max(r["t"] for r in number.values() if r["t"] is not None)
    env = _target_env(project, target, "privrisk_dbt_sensitive_audit")
    sens = _HOSTILE_SENSITIVE
    hook = (
        "{{ privrisk.privrisk_audit(qids=['band', 'sex'], k=1, sensitive=[var('sens'), 'salary'], "
        "min_l=var('min_l', 1), max_t=var('max_t', 1), order={var('sens'): var('sens_order', none)}) }}"
    )
    model = project / "models" / "sensitive_audit.sql"
    model.write_text(
        _sensitive_model()
        .replace('materialized="table"', f'materialized="table", post_hook="{hook}"')
        .replace("SELECT band, sex, disease,", "SELECT band, sex, disease AS {{ adapter.quote(var('sens')) }},")
    )

    def run(**more):
        args = ["--target", target] if target != "duckdb" else []
        return _dbt(
            project, "run", "--select", "sensitive_audit", "--vars", json.dumps({"sens": sens, **more}), *args, env=env
        )

    try:
        ok = run()
        assert ok.returncode == 0, ok.stdout[-3000:]
        bad = run(min_l=2)
        out = " ".join(bad.stdout.split())
        assert bad.returncode == 1 and f"l_diversity({sens}) = {min_l} breaches threshold 2" in out, out[-2000:]
        ordered = run(sens_order=_DISEASE_ORDER)
        assert ordered.returncode == 0, ordered.stdout[-3000:]
        wrong = run(max_t=2)
        assert wrong.returncode == 1 and "max_t must be a number in [0, 1], got 2" in " ".join(wrong.stdout.split())
        query = (
            "SELECT metric, value, threshold, status FROM {schema}privrisk_audit "
            "WHERE model = 'sensitive_audit' ORDER BY run_at, metric"
        )
        if target == "duckdb":
            con = _db(project)
            try:
                rows = con.execute(query.format(schema="")).fetchall()
                lib = pr.kanon(pr.Source(con), "sensitive_audit", ["band", "sex"], sensitive=[sens, "salary"])
            finally:
                con.close()
            assert lib["l_diversity"][sens] == min_l
            assert lib["t_closeness"]["salary"] == pytest.approx(t_number, abs=1e-12)
        elif target == "spark":
            from backends import spark_session

            audit = project / "spark-warehouse" / "privrisk_dbt_sensitive_audit.db" / "privrisk_audit"
            rows = [tuple(r) for r in spark_session().sql(query.format(schema=f"parquet.`{audit}` AS ")).collect()]
        else:
            import sqlalchemy as sa

            engine = sa.create_engine(_pg_target("privrisk_dbt_sensitive_audit")[0])
            with engine.connect() as c:
                rows = [tuple(r) for r in c.exec_driver_sql(query.format(schema="privrisk_dbt_sensitive_audit."))]
            engine.dispose()
        by_metric: dict[str, list] = {}
        for metric, value, threshold, status in rows:
            by_metric.setdefault(metric, []).append((value, threshold, status))
        assert [s for _, _, s in by_metric[f"l_diversity({sens})"]] == ["pass", "fail", "pass"]
        assert all(v == min_l for v, _, _ in by_metric[f"l_diversity({sens})"])
        t_order = max(r["t"] for r in _oracle_classes("disease", True, _DISEASE_ORDER).values() if r["t"] is not None)
        assert [v for v, _, _ in by_metric[f"t_closeness({sens})"]] == [
            pytest.approx(t_text, abs=1e-12),
            pytest.approx(t_text, abs=1e-12),
            pytest.approx(t_order, abs=1e-12),
        ]
        assert all(v == pytest.approx(t_number, abs=1e-12) for v, _, _ in by_metric["t_closeness(salary)"])
        assert by_metric["k_anonymity"] and len(by_metric["t_closeness(salary)"]) == 3
    finally:
        model.unlink()
        if target == "postgres":
            _drop_pg_schemas("privrisk_dbt_sensitive_audit")


def test_a_name_matching_two_columns_in_all_but_case_is_refused(project):
    """PostgreSQL keeps "Sex" and sex apart: qids [SEX] matches both in all but case, so the test
    cannot know which the user meant (it read neither before: column "SEX" does not exist)."""
    env = _target_env(project, "postgres", "privrisk_dbt_two_cases")
    model, schema = project / "models" / "two_cases.sql", project / "models" / "two_cases.yml"
    model.write_text(
        '{{ config(materialized="table") }}\n'
        "SELECT * FROM (VALUES (1, 'a', 'b'), (2, 'a', 'b')) v(id, \"Sex\", sex)\n"
    )
    schema.write_text(
        "version: 2\nmodels:\n  - name: two_cases\n    data_tests:\n"
        "      - privrisk.k_anonymity:\n          name: two_cases_upper\n          arguments: {qids: [SEX], k: 2}\n"
        "      - privrisk.k_anonymity:\n          name: two_cases_exact\n          arguments: {qids: [Sex], k: 2}\n"
    )
    try:
        r = _dbt(project, "build", "--select", "two_cases", "--target", "postgres", env=env)
    finally:
        model.unlink()
        schema.unlink()
        _drop_pg_schemas("privrisk_dbt_two_cases")
    out = " ".join(r.stdout.split())
    assert r.returncode == 1 and "PASS two_cases_exact" in out, r.stdout[-3000:]
    assert "privrisk.k_anonymity: qids: column 'SEX' matches Sex and sex of" in out, r.stdout[-3000:]
    assert "in all but case; name one as it is spelt" in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ("sensitive=['income'], max_t=1, order={'sex': ['Female', 'Male']}", "order must map sensitive columns"),
        ("sensitive=['income']", "sensitive is given but neither min_l nor max_t"),
        ("min_l=2", "min_l and max_t measure a sensitive column: give sensitive"),
        ("sensitive=['income'], min_l=0", "privrisk.privrisk_audit: min_l must be an integer >= 1, got 0"),
    ],
)
def test_the_audits_sensitive_arguments_are_checked(built, arguments, message):
    """The post-hook's sensitive, min_l, max_t and order: a mistake fails the model with a line
    naming it, before any audit row is written (an order for a column not audited was ignored)."""
    model = built / "models" / "audit_mistake.sql"
    hook = f"{{{{ privrisk.privrisk_audit(qids=['age_band'], k=1, {arguments}) }}}}"
    model.write_text(
        f'{{{{ config(materialized="table", post_hook="{hook}") }}}}\nSELECT * FROM {{{{ ref(\'adult_release\') }}}}\n'
    )
    try:
        r = _dbt(built, "run", "--select", "audit_mistake")
    finally:
        model.unlink()
    assert r.returncode == 1 and message in " ".join(r.stdout.split()), r.stdout[-2000:]
    con = _db(built)
    try:
        assert con.execute("SELECT COUNT(*) FROM privrisk_audit WHERE model = 'audit_mistake'").fetchone() == (0,)
    finally:
        con.close()
