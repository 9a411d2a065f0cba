"""Outputs of a :class:`~privrisk_sql.source.Source`: a new table checked before any work (here
against the run's inputs and the table it would replace; its name, place and this user's
rights in privrisk_sql/source/output_checks.py), its staging table (privrisk_sql/source/staging.py),
and the atomic publish under its name."""

from __future__ import annotations

import contextlib
import logging
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..errors import InvalidInputError, QueryError
from . import staging
from .output_checks import OutputChecks
from .relations import OutputTable, Relation
from .temp_tables import remove_leftover_folder

log = logging.getLogger("privrisk_sql")


class Outputs(OutputChecks):
    """The part of a Source that creates tables: staging, then publish; and the run's output
    files, which no input may read."""

    files_written: list[Any]  # the run's output files (Source's; :meth:`writes_files`)

    def writes_files(self, *files: Any) -> None:
        """Register the run's output files (OutputFile; None skipped) before it reads its inputs:
        an input that reads one of them through its views (a view over 'data.parquet', and
        ``--output data.parquet``) is then refused as it is resolved. Forgotten when the run ends."""
        self.files_written.extend(f for f in files if f is not None and f.target is not None)

    def _resolved(self, rel: Relation, frame: Any = None) -> Relation:
        """An input that reads one of the run's output files refused (OutputFile.refuse_reads):
        through views, through a DuckDB relation's query (``frame``), or (Spark) by its plan."""
        if not self.files_written:
            return rel
        from .view_chain import files_read_by_query, files_read_through

        reads = [(path, rel.label) for path in self._catalog().input_files(rel.sql)]  # Spark: its plan's files
        if type(frame).__name__ == "DuckDBPyRelation":
            try:
                reads += files_read_by_query(self, frame.sql_query(), "the DuckDB relation")
            except Exception:  # no text to read: the guard sees nothing behind it
                pass
        elif rel.is_view:  # its views' strings, its foreign tables' files
            reads += files_read_through(self, rel)
        for file in self.files_written:
            file.refuse_reads(reads)
        return rel

    def new_output(self, name: str, reads: Sequence[Relation], *, replace: bool, option: str = "output") -> OutputTable:
        """The table a run will create, checked before any work: its database and schema take
        tables, it is none of the inputs ``reads`` nor read by them through views, not a view, and
        absent unless ``replace``. Staging tables that killed runs left there are swept."""
        target = self.output_table(name, option)  # a name it takes, in a schema there that takes tables
        existing = self.find_table(target.lookup_name)  # where it will be created, nowhere else
        if existing is not None:
            for rel in reads:
                self._refuse_reaching_the_input(existing, rel, name, option)
        if existing is None:
            self._check_name_free(name, target, option)
            folder = self.engine.unlisted_table_folder(target.container, target.name)
            if folder is not None:
                raise InvalidInputError(
                    f"{option} {name!r}: the folder {folder!r} exists but no table of the session names it "
                    "(a table an earlier Spark session wrote, without a shared metastore?), and Spark will not "
                    "write a new table over it: remove the folder or choose another name"
                )
        if existing is not None and existing.is_view:
            raise InvalidInputError(
                f"{option} {name!r} is a {existing.what}; the run writes a table: drop the {existing.what} or "
                "choose another name"
            )
        if existing is not None and not replace:
            raise InvalidInputError(
                f"{option} table {name!r} already exists; pass replace=True (--replace) to overwrite it"
            )
        if existing is not None:
            self._refuse_undroppable(existing, name, option)
            self._refuse_dependents(existing, name, option)
        for container, staged, abandoned in self.staging_tables(target.container):
            if abandoned:
                self.drop_staging(container, staged)
                log.warning("dropped %s, the staging table of a run that was killed", ".".join((*container, staged)))
        return target

    def _refuse_reaching_the_input(self, existing: Relation, rel: Relation, name: str, option: str) -> None:
        """The existing table an output would replace refused where the input ``rel`` reads it:
        as itself, through views (pv -> people), as a partition of it (or one it holds), or
        possibly, through something no lookup follows."""
        from .view_chain import reads_of

        if existing.identity == rel.identity:  # main.people is people
            raise InvalidInputError(f"{option} {name!r} is the input table {rel.label!r}; choose another name")
        seen = reads_of(self, rel)
        for read in seen:
            if read.identity == existing.identity:
                raise InvalidInputError(
                    f"{option} {name!r} is read by the input: {' -> '.join(read.chain)}; choose another name"
                )
        parts = {found.identity for n in self.table_parts(existing) if (found := self.find_table(n))}
        for read in seen:
            if read.identity is not None and read.identity in parts:  # a partitioned table drops its partitions
                raise InvalidInputError(
                    f"{option} {name!r} holds {read.chain[-1]!r} (a partition or an inheriting table), "
                    f"which the input reads: {' -> '.join(read.chain)}; replacing it would take those rows "
                    "away: choose another name"
                )
        opaque = [" -> ".join(read.chain) for read in seen if read.identity is None]
        if opaque:  # what it reads may be the table the output would replace: no guess
            raise InvalidInputError(
                f"{option} {name!r} exists and the input reads through {opaque[0]}, which "
                "this check cannot see into (a function or macro may read any table): "
                "choose a new name, or drop the table yourself if it is unrelated"
            )

    def write_staged(
        self, target: OutputTable, create: Callable[[str], None], check: Callable[[str], None], *, replace: bool
    ) -> None:
        """Create ``target`` complete or not at all: ``create(staging_sql)`` builds it under this
        run's staging name, ``check(staging_sql)`` refuses it (raising) before it gets its name,
        then it is published atomically; on any failure the staging table is dropped."""
        with self.staging_run() as staging_name:
            staging_sql = target.sql(self.quote, staging_name)
            try:
                create(staging_sql)
                check(staging_sql)
                # Absent when checked before the work unless replace: present now, another session
                # created it meanwhile; the database's "already exists" (exit 3) said nothing of that.
                existed = self.table_exists(target.lookup_name)
                if existed and not replace:
                    raise _created_meanwhile(target)
                try:
                    self.publish(target, staging_name, replace=replace and existed)
                except QueryError:
                    if existed or not self._exists_now(target):
                        raise
                    if not replace:  # created between the look and the publish
                        raise _created_meanwhile(target) from None
                    self.publish(target, staging_name, replace=True)
            except BaseException:
                try:
                    self.execute(f"DROP TABLE IF EXISTS {staging_sql}")  # quoted by target.sql
                except Exception:  # pragma: no cover - the original error matters more
                    pass
                raise

    def _exists_now(self, target: OutputTable) -> bool:
        """Whether ``target`` exists, asked after a failed publish: False where the connection
        cannot answer (a caller's transaction the failure aborted), so the original error stands."""
        try:
            return self.table_exists(target.lookup_name)
        except Exception:
            return False

    @contextlib.contextmanager
    def staging_run(self) -> Iterator[str]:
        """This run's staging table name, its run marked alive (in this process, and by the
        dialect's lock for other sessions) for the length of the block."""
        staging.LIVE_RUNS.add(self._run_id)
        lock = self.dialect.staging_lock
        try:
            if lock is not None:
                self._run(lock[0].format(key=staging.lock_key(self._run_id)), fetch=True, setting=True)
            yield staging.staging_name(self._run_id)
        finally:
            staging.LIVE_RUNS.discard(self._run_id)
            if lock is not None:
                with contextlib.suppress(Exception):
                    self._run(lock[2].format(key=staging.lock_key(self._run_id)), fetch=True, setting=True)

    def staging_tables(self, container: tuple[str, ...] | None = None) -> list[tuple[tuple[str, ...], str, bool]]:
        """Staging tables in ``container`` (a schema, DuckDB: database and schema; None: all),
        as (container, name, abandoned). Abandoned: its run is alive neither in this process nor
        (where the dialect has one) by its lock; without a lock, only where the dialect says a
        run may tell (``sweeps_unlocked``), else False (only ``cleanup`` drops those)."""
        self.check_open()
        found = self._catalog().staging_candidates(container)
        out = []
        for where, name in found:
            run_id = self._left_by_run(name)
            if run_id is None or (container is not None and tuple(where) != tuple(container)):
                continue
            out.append((tuple(where), name, run_id not in staging.LIVE_RUNS and self._owner_gone(run_id)))
        return out

    def _left_by_run(self, name: str) -> str | None:
        """The run id of a table a killed run of ours can leave: its staging table, and where the
        engine has no TEMP tables (Spark) its work tables too; None for any other table."""
        return staging.staging_run_id(name) if self.dialect.temp_tables else staging.work_table_run_id(name)

    def _owner_gone(self, run_id: str) -> bool:
        lock = self.dialect.staging_lock
        if lock is None:
            return self.dialect.sweeps_unlocked
        key = staging.lock_key(run_id)
        free = self._run(lock[1].format(key=key), fetch="records", setting=True)
        if free and free[0]["free"]:
            self._run(lock[2].format(key=key), fetch=True, setting=True)
            return True
        return False

    def drop_staging(self, container: tuple[str, ...], name: str) -> None:
        """Drop one staging table (its name checked again: never anything but a staging table)."""
        if self._left_by_run(name) is None:
            raise InvalidInputError(f"{name!r} is not a privrisk_sql staging table")
        self._run(
            f"DROP TABLE IF EXISTS {'.'.join(self.quote(p) for p in (*container, name))}", fetch=False, setting=True
        )
        # Spark in this process: a killed run's table whose catalog died with it left its folder
        remove_leftover_folder(self.engine, container, name)

    def run_atomically(self, statements: list[str]) -> None:
        """Run statements as one transaction: all of them take effect or none.

        On a connection the caller handed over (an SQLAlchemy Connection or a duckdb connection)
        the statements run inside the caller's own transaction handling."""
        if not self.engine.autocommit or self.engine.in_open_transaction():
            for sql in statements:  # the caller's transaction: theirs to commit or roll back
                self.execute(sql)
            return
        self.execute("BEGIN")
        try:
            for sql in statements:
                self.execute(sql)
            self.execute("COMMIT")  # inside: a timeout or Ctrl-C caught just before it rolls back
        except BaseException:
            try:
                self.execute("ROLLBACK")
            except Exception:  # pragma: no cover - the original error matters more
                pass
            raise

    def file_published(self, path: str) -> None:
        """An output file of the run has its name: from here a stop no longer stops the run, as
        after a table's publication (a Mondrian release file stood under exit 3)."""
        self._mark_published()
        self.published_files.append(path)

    def _mark_published(self) -> None:
        if self._guard is not None:
            self._guard.published = True

    def publish(self, output: OutputTable, staging_name: str, *, replace: bool) -> None:
        """Give the staged table ``staging_name`` (next to ``output``) the output's name, dropping
        a table of that name first when ``replace``: all of it takes effect or none (where DDL is
        not transactional, the replaced table is kept under a staging name until the new one has
        its name)."""
        self.check_stop()  # a stop that came before the point of no return stops the run
        self.refuse_changed_inputs()
        guard = self._guard
        if guard is not None:
            guard.publishing = True
        try:
            self._publish(output, staging_name, replace=replace)
        finally:
            if guard is not None:
                guard.publishing = False
        self._mark_published()
        self.published.append(output.label)
        if self.engine.forgets_tables_at_close():
            # `--db 'local[N]' --output rel` said "-> table rel", and the next run's `--table rel`
            # found no table: the session's own catalog ended with the run, the rows stayed in a folder
            folder = self.engine.unlisted_table_folder(output.container, output.name)
            warnings.warn(
                f"output {output.label!r} is a table of the Spark session this run opened, whose own catalog "
                f"(no metastore) forgets it when the run ends: its rows stay in the folder {folder!r} (data "
                "files, Parquet by default), which a later run reads as a table (table=FOLDER, --table); to "
                "keep it a table, run on a Spark Connect server, a SparkSession of yours, or one with a metastore",
                stacklevel=2,
            )

    def _publish(self, output: OutputTable, staging_name: str, *, replace: bool) -> None:
        staged = output.sql(self.quote, staging_name)
        target = output.sql(self.quote)
        if self.dialect.transactions and self.dialect.rename_tables is None:
            statements = [f"DROP TABLE {target}"] if replace else []
            statements.append(f"ALTER TABLE {staged} RENAME TO {self.quote(output.name)}")
            with self.settings(self.dialect.publish_settings):
                self.run_atomically(statements)
            return
        pairs = [(staged, target)]
        replaced = None
        if replace:
            # The replaced table goes under a staging name of a run that never lives: should this
            # process die before the DROP, ``cleanup`` (or the next run's sweep) finds it.
            replaced = output.sql(self.quote, staging.staging_name(uuid.uuid4().hex[:10]))
            pairs.insert(0, (target, replaced))
        if self.dialect.rename_tables is not None:  # all pairs in one atomic statement (MariaDB)
            self.execute(self.dialect.rename_tables.format(pairs=", ".join(f"{a} TO {b}" for a, b in pairs)))
        else:  # one by one (Spark): between the two, the old table has the staging name
            for a, b in pairs:
                self.execute(f"ALTER TABLE {a} RENAME TO {b}")
        if replaced is not None:
            self.execute(f"DROP TABLE {replaced}")


def _created_meanwhile(target: OutputTable) -> InvalidInputError:
    return InvalidInputError(
        f"table {target.label!r} was created by another session while this run worked (it did not exist "
        "when the run began); nothing was written: pass replace=True (--replace) to overwrite it, or choose "
        "another name"
    )
