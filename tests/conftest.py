"""Shared fixtures: the ``backend`` fixture runs a test on DuckDB, SQLite and PostgreSQL.

PostgreSQL runs when PRIVRISK_PG_URL is set; with PRIVRISK_REQUIRE_PG=1 (as in .ci/run) a missing
server fails the suite instead of skipping it.
"""

from __future__ import annotations

import os

import pytest

from backends import make_backend, pg_url

BACKENDS = ["duckdb", "sqlite", "postgres"]


@pytest.fixture(scope="session", params=BACKENDS)
def backend(request):
    name = request.param
    if name == "postgres" and not pg_url():
        if os.environ.get("PRIVRISK_REQUIRE_PG") == "1":
            pytest.fail("PRIVRISK_REQUIRE_PG=1 but PRIVRISK_PG_URL is not set: no PostgreSQL server")
        pytest.skip("PostgreSQL: set PRIVRISK_PG_URL (bash .ci/run starts a server)")
    b = make_backend(name)
    yield b
    _assert_sources_untouched(b)
    b.close()


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


@pytest.fixture
def duck():
    """A fresh DuckDB backend (for DuckDB-only behaviour: files, row order)."""
    b = make_backend("duckdb")
    yield b
    _assert_sources_untouched(b)
    b.close()


def _assert_sources_untouched(b):
    """The read-only guarantee over the whole suite: every table a test created as input has the
    row count and value hash it had when it was created, after all the tests that used it."""
    changed = b.changed_sources()
    assert not changed, f"{b.name}: source tables changed by the suite: {changed}"
