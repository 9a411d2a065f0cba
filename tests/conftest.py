"""Shared fixtures: the ``backend`` fixture runs a test on DuckDB, SQLite, PostgreSQL and MariaDB.

PostgreSQL runs when PRIVRISK_PG_URL is set, MariaDB when PRIVRISK_MYSQL_URL is; with
PRIVRISK_REQUIRE_PG=1 / PRIVRISK_REQUIRE_MYSQL=1 (as in .ci/run) a missing server fails the suite
instead of skipping it.
"""

from __future__ import annotations

import os

import pytest

from backends import make_backend, pg_url, server_url, spark_available

# Spark runs as its own step (pytest -m spark in .ci/run): a local session in the test process.
BACKENDS = ["duckdb", "sqlite", "postgres", "mysql", pytest.param("spark", marks=pytest.mark.spark)]
_SERVERS = {
    "postgres": ("PostgreSQL", "PRIVRISK_PG_URL", "PRIVRISK_REQUIRE_PG"),
    "mysql": ("MariaDB", "PRIVRISK_MYSQL_URL", "PRIVRISK_REQUIRE_MYSQL"),
}


# The Spark step runs the backend tests that matter for an engine (the list: every PETsARD
# reference case, the k-anonymity oracle, Mondrian against the reference implementation, hostile
# names, cancellation, atomic output), not all of them: a statement costs 0.1-1.6 s on a local
# session whatever the data, and the whole suite there takes over an hour. The rest is deselected
# (pytest reports the count); every test here runs on the other backends.
# Where parameters only repeat a path Spark already took (Mondrian's rank-by-rank fallback finds the
# cuts all_ranks finds; SIGINT and SIGTERM share one handler), one of them runs. SPARK_LEFT_OUT
# takes back what a pattern chose but another test already covers there; the step has to fit
# .ci/run's 45 minutes with the main step (docs/contributing/add-a-backend.md, "Spark"); it does
# not, and smaller inputs would not make it (docs/decisions/ci-spark-step-time.md).
SPARK_TESTS = (
    "test_reference_cases.py::test_sql_case_equals_petsard*",
    "test_reference_cases.py::test_ieee_nan*",
    "test_reference_cases.py::test_without_a_key_nothing_depends*",
    # details=False's counting statement, on two cases (every case runs on the other backends)
    "test_reference_cases.py::test_sql_case_without_details_counts_the_same?spark-handcheck?",
    "test_reference_cases.py::test_sql_case_without_details_counts_the_same?spark-gen_plain_prec1_alpha15?",
    "test_handcheck.py::*",
    "test_kanon.py::*",
    "test_case_insensitive.py::*",
    "test_read_only.py::*",
    "test_source.py::*",
    "test_spark.py::*",
    "test_dbt.py::test_dbt_spark",
    "test_cancel.py::test_timeout_cancels_the_running_statement*",
    "test_cancel.py::test_ctrl_c_and_sigterm_cancel_and_exit_3?spark-mondrian-SIGTERM?",
    "test_cancel.py::test_ctrl_c_and_sigterm_cancel_and_exit_3?spark-mpuccs-SIGINT?",
    "test_cancel.py::test_cli_timeout_exits_3?spark-mondrian?",
    'test_hostile_names.py::test_hostile_names_everywhere?spark-a"b?',
    "test_hostile_names.py::test_hostile_names_everywhere?spark-back`tick?",
    "test_hostile_names.py::test_hostile_names_everywhere?spark-new*line?",
    "test_bad_input.py::test_unsupported_types_are_named*",
    "test_bad_input.py::test_a_views_column_of_null_alone*",
    "test_bad_input.py::test_mpuccs_reads_a_text_column_null_in_every_row*",
    # strict with the interpolated median, and relaxed
    "test_mondrian.py::test_partitions_equal_reference?spark-10-interp-False-all_ranks?",
    "test_mondrian.py::test_partitions_equal_reference?spark-7-lower-True-all_ranks?",
    "test_mondrian.py::test_output_is_k_anonymous*",
    "test_mondrian.py::test_hand_*",
    "test_mondrian.py::test_interrupted_run_leaves_nothing*",
    "test_mondrian.py::test_existing_output_refused_then_replaced*",
    "test_mondrian.py::test_output_names_the_database_refuses*",
    "test_mondrian.py::test_a_replaced_output_keeps_the_views*",
    "test_mondrian.py::test_dates_timestamps*",
    "test_mondrian.py::test_labels_only_writes_the_same_partitions_and_labels_without_bounds?spark-False?",
    "test_dbt.py::test_a_where_config_filters_the_rows_checked?spark?",
    "test_dbt.py::test_nan_is_missing_as_in_the_library?spark?",
    "test_dbt.py::test_l_diversity_and_t_closeness_equal_the_oracle?spark?",
    "test_dbt.py::test_the_audit_records_l_and_t_per_sensitive_column?spark?",
    "test_mondrian.py::test_case_insensitive_column_is_cut_on_its_bytes*",
    # l (distinct) and t (ordered and equal distance) by hand; against the reference on the others
    "test_mondrian_privacy.py::test_k_alone_discloses_l_and_t_do_not*",
    "test_mondrian_privacy.py::test_t_zero_cuts_where_each_side_holds_the_tables_distribution*",
    "test_mondrian_hierarchy.py::test_a_day_level_over_dates_is_the_dates_themselves*",
    "test_mondrian_privacy.py::test_boolean_with_its_majority_last_is_cut*",
    "test_mondrian_privacy.py::test_category_labels_are_sets*",
    "test_mondrian_privacy.py::test_output_keeps_the_users_types*",
    "test_mondrian_privacy.py::test_t_closeness_over_text_in_a_given_order_on_every_backend*",
    "test_mondrian_privacy.py::test_negative_zero_is_labelled_as_zero_on_every_engine?spark-4-False?",
    "test_mondrian_hierarchy.py::test_uneven_tree_by_hand*",
    "test_mondrian_hierarchy.py::test_the_database_walks_the_values_up*",
    "test_mondrian_hierarchy.py::test_built_interval_and_date_hierarchies_equal_the_reference*",
    # NULL as a leaf under a built tree's root (its label NULL, its node NULL-safe on the way)
    "test_mondrian_hierarchy.py::test_null_is_a_leaf_of_its_own_under_the_root_with_nulls_separate?spark-age-*",
    # risk: the hand-checked sample in its population (every model, one run) and its tables
    # (the weight checks are one plain scan, tested on the other backends: left out for the budget)
    "test_risk.py::test_hand_checked_sample_in_population*",
    "test_risk.py::test_records_and_classes_tables_by_hand*",
    # the one-row look at a population (its own statement) and the disjoint check after the pairs
    "test_risk.py::test_a_population_with_no_one_in_it_is_refused*",
    "test_risk.py::test_a_population_table_larger_than_population_size_is_warned_of_on_every_backend?spark-census?",
    # Spark's own spelling of inf in the check (one cheap query)
    "test_mondrian.py::test_infinite_floats_are_refused_by_name_before_work?spark-separate?",
    # a release file: Parquet written, CSV refused by name
    "test_mondrian.py::test_an_output_named_like_a_file_is_a_file_on_duckdb_and_refused_as_such_elsewhere?spark-*",
)
SPARK_LEFT_OUT = (
    # the oracle on Adult and German credit; Wage's pycanon numbers alone take a minute
    "test_kanon.py::test_family_equals_pycanon_and_oracle?spark-wage_islr?",
    # the rename step's Ctrl-C is the timeout's path (one handler); the split step's Ctrl-C runs
    "test_mondrian.py::test_interrupted_run_leaves_nothing?spark-rename-ctrl-c?",
)


# A newcomer's `pytest` runs the core: every metric on DuckDB and SQLite, in a few minutes. The
# matrix behind it is marked `full` here and runs with `pytest -m full` (.ci/run runs both, and
# the Spark step): the server backends (PostgreSQL, MariaDB, whose tests skip without a server
# anyway), the real dbt builds, the reports in a real Chromium, the benchmarks' small runs, and
# the slowest oracle cases (pycanon on Wage alone takes over a minute).
FULL_MODULES = ("test_dbt.py", "test_reports.py", "test_mariadb.py", "test_benchmarks.py")
FULL_FIXTURES = ("pg", "maria")
FULL_TESTS = (
    "test_kanon.py::test_family_equals_pycanon_and_oracle?*wage_islr?",
    "test_reference_cases.py::*?sqlite-wage_islr*",
    "test_reference_cases.py::*?sqlite-adult_qid_ncols123*",
    "test_reference_cases.py::test_grouping_by_code_columns_equals_packed_keys?sqlite-*",
)


# Left out on the server backends only (every case still runs on DuckDB and SQLite): the largest
# reference cases, run twice by the details=False equivalence test, added three minutes to the
# full step; the smaller cases there run the same statements.
SERVER_LEFT_OUT = tuple(
    f"test_reference_cases.py::test_sql_case_without_details_counts_the_same?{server}-{case}?"
    for server in ("postgres", "mysql")
    for case in ("adult_qid_ncols123", "adult_qid_sizes12_delta", "wage_islr_all_default")
)


def _full(item) -> bool:
    import fnmatch

    test = item.nodeid.split("/")[-1]
    params = getattr(getattr(item, "callspec", None), "params", {})
    return (
        test.split("::")[0] in FULL_MODULES
        or any(f in item.fixturenames for f in FULL_FIXTURES)
        or params.get("backend") in _SERVERS
        or params.get("engine") in _SERVERS
        or any(fnmatch.fnmatchcase(test, pattern) for pattern in FULL_TESTS)
    )


def pytest_collection_modifyitems(config, items):
    import fnmatch

    for item in items:
        if item.get_closest_marker("spark") is None and _full(item):
            item.add_marker(pytest.mark.full)

    def chosen(item) -> bool:
        test = item.nodeid.split("/")[-1]
        if any(fnmatch.fnmatchcase(test, pattern) for pattern in SERVER_LEFT_OUT):
            return False
        if item.get_closest_marker("spark") is None:
            return True
        return any(fnmatch.fnmatchcase(test, pattern) for pattern in SPARK_TESTS) and not any(
            fnmatch.fnmatchcase(test, pattern) for pattern in SPARK_LEFT_OUT
        )

    dropped = [item for item in items if not chosen(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if chosen(item)]


def require_server(name: str) -> None:
    """Skip a test of a server backend that is not running here, or fail it when required."""
    if name == "spark":
        require_spark()
        return
    if name not in _SERVERS or server_url(name):
        return
    kind, url_var, require_var = _SERVERS[name]
    if os.environ.get(require_var) == "1":
        pytest.fail(f"{require_var}=1 but {url_var} is not set: no {kind} server")
    pytest.skip(f"{kind}: set {url_var} (bash .ci/run starts a server)")


def require_spark() -> None:
    """Skip a Spark test where no local session can start (no pyspark, no Java), or fail it
    with PRIVRISK_REQUIRE_SPARK=1 (as in .ci/run)."""
    why = spark_available()
    if why is None:
        return
    if os.environ.get("PRIVRISK_REQUIRE_SPARK") == "1":
        pytest.fail(f"PRIVRISK_REQUIRE_SPARK=1 but {why}")
    pytest.skip(f"Spark: {why}")


@pytest.fixture(scope="session", params=BACKENDS)
def backend(request):
    name = request.param
    require_server(name)
    b = make_backend(name)
    yield b
    _assert_sources_untouched(b)
    b.close()
    _assert_server_left_as_found(b)


@pytest.fixture
def pg():
    """A fresh PostgreSQL backend (for PostgreSQL-only behaviour: roles, session settings)."""
    if not pg_url():
        if os.environ.get("PRIVRISK_REQUIRE_PG") == "1":
            pytest.fail("PRIVRISK_REQUIRE_PG=1 but PRIVRISK_PG_URL is not set")
        pytest.skip("PostgreSQL: set PRIVRISK_PG_URL")
    b = make_backend("postgres")
    yield b
    b.close()
    _assert_server_left_as_found(b)


@pytest.fixture
def maria():
    """A fresh MariaDB backend (for MariaDB-only behaviour: users, RENAME TABLE)."""
    require_server("mysql")
    b = make_backend("mysql")
    yield b
    _assert_sources_untouched(b)
    b.close()
    _assert_server_left_as_found(b)


@pytest.fixture
def duck():
    """A fresh DuckDB backend (for DuckDB-only behaviour: files, row order)."""
    b = make_backend("duckdb")
    yield b
    _assert_sources_untouched(b)
    b.close()


def _assert_server_left_as_found(b):
    """What a test makes on a server it drops: the server holds the tables and views it held when
    the test's backend opened (a test that wrote a fixed name, 'anon', left it after every run)."""
    assert not getattr(b, "left", []), f"{b.name}: tables the tests left on the server: {b.left}"


def _assert_sources_untouched(b):
    """The read-only guarantee over the whole suite: every table a test created as input has the
    row count and value hash it had when it was created, after all the tests that used it."""
    changed = b.changed_sources()
    assert not changed, f"{b.name}: source tables changed by the suite: {changed}"
