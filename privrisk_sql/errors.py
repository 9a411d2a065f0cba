"""Exception hierarchy: every error privrisk_sql raises derives from :class:`PrivriskError`.

The CLI maps :class:`InvalidInputError` to exit code 2 and :class:`QueryError` to exit code 3.
"""

from __future__ import annotations


class PrivriskError(Exception):
    """Root of all privrisk_sql errors."""


class InvalidInputError(PrivriskError, ValueError):
    """Bad user input (missing table/column, wrong parameter); raised before heavy SQL runs."""


class UnknownDialectError(InvalidInputError):
    """A backend name or SQLAlchemy dialect privrisk_sql does not know."""


class UnsupportedFeatureError(PrivriskError):
    """The backend cannot do what was asked (e.g. reading a CSV file outside DuckDB)."""


class InputChangedError(PrivriskError):
    """The input table changed while a run was reading it (rows added or removed between two of its
    statements, or its file removed, moved, appended to or replaced), so its result would not
    describe one state of the table; nothing was written."""


class OutputWriteError(PrivriskError):
    """A file the run writes (``--json``, ``--html``, a release or risk file, the summary on
    standard output) could not be written (a full disk, an I/O error): a regular file is left as
    it was; the run's work, and any table it published, stand. The CLI exits 3."""


class TerminatedError(KeyboardInterrupt):
    """SIGTERM (or SIGHUP) arrived during a run: handled as Ctrl-C is (the running statement
    cancelled on the database, work tables dropped), and a KeyboardInterrupt so that code stopping
    on Ctrl-C stops. ``signum`` is the signal that came, where known."""

    def __init__(self, message: str = "terminated", signum: int | None = None):
        super().__init__(message)
        self.signum = signum


class QueryError(PrivriskError):
    """The database refused or failed a statement; carries the SQL that failed."""

    def __init__(self, message: str, *, sql: str | None = None, dialect: str | None = None):
        super().__init__(message)
        self.sql = sql
        self.dialect = dialect


class QueryTimeoutError(QueryError):
    """The run took longer than its ``timeout``: the running statement was cancelled.

    ``cancelled_running_statement`` says whether the database stopped a statement mid-way (True) or
    the deadline passed between two statements (False)."""

    def __init__(
        self,
        message: str,
        *,
        sql: str | None = None,
        dialect: str | None = None,
        cancelled_running_statement: bool = False,
    ):
        super().__init__(message, sql=sql, dialect=dialect)
        self.cancelled_running_statement = cancelled_running_statement


class ReadOnlyViolationError(QueryError):
    """In ``read_only`` mode, a statement would have written something other than the run's TEMP tables."""
