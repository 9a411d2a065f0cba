"""Staging tables: where a run builds a table it writes (Mondrian's output) before renaming it,
and how a later run tells one left behind by a killed run from anything else.

A staging table is named ``privrisk_<run id>_<tag>_staging``, the tag being the first 8 hex digits
of a SHA-256 of the run id: a user's table matches only if it was named so on purpose. It is
*abandoned* when its run is not alive:

* a run of this process registers its id in :data:`LIVE_RUNS` for its length;
* on PostgreSQL a run holds a session advisory lock keyed by its id while it writes (the server
  releases it when the session ends, however it ends); a sweep takes the lock to prove the owner
  gone (``Dialect.staging_lock``);
* a DuckDB file has one writing process at a time, so an opened file's staging tables of runs not
  in this process are abandoned;
* SQLite files may be written by several processes and hold no such lock: only an explicit
  ``privrisk-sql cleanup`` drops them there, never a run.
"""

from __future__ import annotations

import hashlib
import re

LIVE_RUNS: set[str] = set()
_NAME = re.compile(r"privrisk_([0-9a-f]{10})_([0-9a-f]{8})_staging")
# A work table where the engine has no TEMP tables (Spark): the run's prefix, then what it holds.
_WORK_NAME = re.compile(r"privrisk_([0-9a-f]{10})_([0-9a-f]{8})_[a-z0-9_]+")


def _tag(run_id: str) -> str:
    return hashlib.sha256(f"privrisk_sql staging {run_id}".encode()).hexdigest()[:8]


def run_prefix(run_id: str) -> str:
    """What every table run ``run_id`` names starts with: its id and the id's tag."""
    return f"privrisk_{run_id}_{_tag(run_id)}_"


def staging_name(run_id: str) -> str:
    """The staging table name of run ``run_id``."""
    return run_prefix(run_id) + "staging"


def staging_run_id(name: str) -> str | None:
    """The run id a staging table name carries, or None when ``name`` is not one of ours."""
    return _tagged_run_id(_NAME, name)


def work_table_run_id(name: str) -> str | None:
    """The run id a work table's name carries (Spark's work tables are tables: a process killed
    outright leaves them, and ``cleanup`` finds them by this), or None when not one of ours."""
    return _tagged_run_id(_WORK_NAME, name)


def _tagged_run_id(pattern: re.Pattern[str], name: str) -> str | None:
    m = pattern.fullmatch(name)
    if m is None or m.group(2) != _tag(m.group(1)):
        return None
    return m.group(1)


def lock_key(run_id: str) -> int:
    """The run's advisory-lock key: its id read as a 40-bit number (fits any BIGINT)."""
    return int(run_id, 16)
