"""Outputs of a :class:`~privrisk_sql.source.Source`: where a new table goes (checked before any
work), its staging table (privrisk_sql/source/staging.py), and the atomic publish under its name."""

from __future__ import annotations

import contextlib
import logging
import os
import re
import shutil
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence

from ..engines.common import OTHER_FILE_SUFFIXES, file_reader, first_line
from ..errors import InvalidInputError, QueryError
from ..given import table_name
from . import staging
from .relations import OutputTable, Relation, Relations

log = logging.getLogger("privrisk_sql")


class Outputs(Relations):
    """The part of a Source that creates tables: staging, then publish."""

    def check_new_names(self, names: Sequence[str], what: str) -> None:
        """Every name a run will create (a table, its columns) fits the database's identifier limit:
        refused before any work, never cut short (PostgreSQL cut a 64-character output onto an
        existing table's name, and <qid>_gen to <qid>_ge)."""
        limit = self.dialect.max_identifier_bytes
        if limit is None:
            return
        for name in names:
            size = len(name.encode("utf-8"))
            if size > limit:
                raise InvalidInputError(
                    f"{what} {name!r} is {size} bytes long; {self.dialect.name} keeps at most "
                    f"{limit}: choose a shorter name"
                )

    def new_output(self, name: str, reads: Sequence[Relation], *, replace: bool, option: str = "output") -> OutputTable:
        """The table a run will create, checked before any work: its database and schema take
        tables, it is none of the inputs ``reads`` nor read by them through views, not a view, and
        absent unless ``replace``. Staging tables that killed runs left there are swept."""
        from .view_chain import opaque_reads, read_through

        target = self.output_table(name)  # its database and schema exist and take tables
        self.check_new_names([target.name], f"{option} table name")
        for pattern, why in self.dialect.refused_table_names:
            if re.search(pattern, target.name):
                raise InvalidInputError(f"{option} {name!r}: {why}; choose another name")
        existing = self.find_table(target.lookup_name)  # where it will be created, nowhere else
        for rel in reads:
            if existing is not None and existing.identity == rel.identity:  # main.people is people
                raise InvalidInputError(f"{option} {name!r} is the input table {rel.label!r}; choose another name")
            if existing is not None:  # the input may read it through views: pv -> people
                for identity, chain in read_through(self, rel):
                    if identity == existing.identity:
                        raise InvalidInputError(
                            f"{option} {name!r} is read by the input: {' -> '.join(chain)}; choose another name"
                        )
            opaque = opaque_reads(self, rel) if existing is not None else []
            if opaque:  # what it reads may be the table the output would replace: no guess
                raise InvalidInputError(
                    f"{option} {name!r} exists and the input reads through {opaque[0]}, which "
                    "this check cannot see into (a function or macro may read any table): "
                    "choose a new name, or drop the table yourself if it is unrelated"
                )
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

    def _refuse_undroppable(self, existing: Relation, name: str, option: str) -> None:
        """A table to be replaced that this user may not drop (Dialect.drop_privilege) is refused
        now, naming its owner: its DROP failed at the publish, after the run's work."""
        query = self.dialect.drop_privilege
        if query is None or existing.identity is None:
            return
        *_, schema, table = existing.identity
        rows = self._run(
            query.format(schema=self.literal(schema), table=self.literal(table)), fetch="records", setting=True
        )
        if rows and not rows[0]["ok"]:
            raise InvalidInputError(
                f"{option} {name!r} cannot be replaced by this user: it belongs to {rows[0]['owner']!r}, and only "
                "a table's owner (or its schema's) may drop it; choose another name, or have its owner drop it"
            )

    def _refuse_dependents(self, existing: Relation, name: str, option: str) -> None:
        """A table to be replaced that the database will not drop, for the objects depending on it
        (Dialect.table_dependents), is refused now, naming them: not after the run's work."""
        query = self.dialect.table_dependents
        if query is None or existing.identity is None:
            return
        *database, schema, table = existing.identity
        rows = self.fetch_records(
            query.format(
                database=self.literal(database[0]) if database else "NULL",
                schema=self.literal(schema),
                table=self.literal(table),
            )
        )
        found = [str(r["dependent"]) for r in rows]
        if found:
            more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
            raise InvalidInputError(
                f"{option} {name!r} cannot be replaced: {', '.join(found[:3])}{more} "
                f"{'depends' if len(found) == 1 else 'depend'} on it, and {self.dialect.name} does not drop "
                f"a table others depend on: drop or change {'it' if len(found) == 1 else 'them'} first, "
                "or choose another name"
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

    def output_table(self, name: str) -> OutputTable:
        """Where a table a run creates goes, resolved before any work: the database and/or
        schema it names (else the current ones), which must exist and take new tables.
        InvalidInputError naming what is wrong (a malformed name, no such schema, a read-only
        database) instead of a failure after the run's work."""
        table_name(name)
        try:
            *given, table = self.table_name_parts(name)
            container = self.engine.output_container(name, given)
        except InvalidInputError as e:
            if file_reader(name) is not None or name.lower().endswith(OTHER_FILE_SUFFIXES):  # o.parquet: schema o
                raise InvalidInputError(
                    f"output {name!r} names a file of a kind no run writes: name a table, or on DuckDB a "
                    ".parquet, .pq, .csv or .csv.gz file"
                ) from e
            raise
        self._check_create_privilege(name, container)
        return OutputTable(name, container, table)

    def _check_name_free(self, label: str, target: OutputTable, option: str) -> None:
        """Refuse an output whose name something other than a table or view holds (an index, a
        sequence, a type), before any work: the publish's rename failed on it after all of it."""
        query = self.dialect.name_taken_query
        if query is None:
            return
        schema = target.container[-1]
        sql = query.format(schema=self.literal(schema), schema_name=self.quote(schema), name=self.literal(target.name))
        rows = self._run(sql, fetch="records", setting=True)
        if rows:
            raise InvalidInputError(
                f"{option} {label!r} is the name of {rows[0]['what']} in {self.dialect.container_kind} {schema!r}, "
                "which a table cannot share: choose another name"
            )

    def _check_create_privilege(self, label: str, container: tuple[str, ...]) -> None:
        """Refuse an output the user may not create, or not put in place, before any work. The
        catalog's answer is trusted when it says yes; when it says no, creating (and dropping)
        an empty table under a staging name decides: grants the catalog query cannot read
        (MariaDB's wildcard database grants, a server run with --skip-grant-tables) must not
        refuse a run that works. That probe drops its table, so the publish's privileges are
        asked first (a statement that makes nothing)."""
        kind, schema = self.dialect.container_kind, container[-1]
        may_not_publish = self._publish_privileges_denied(container)
        query = self.dialect.create_privilege
        rows = (
            [] if query is None else self._run(query.format(schema=self.literal(schema)), fetch="records", setting=True)
        )
        said_no = bool(rows) and not rows[0]["ok"]
        if said_no or (query is None and self.dialect.create_privilege_probe):
            refused = InvalidInputError(
                f"output {label!r}: this user may not create tables in {kind} {schema!r} "
                f"(no CREATE privilege); choose a {kind} it may write to"
            )
            if not self.dialect.create_privilege_probe or may_not_publish:
                raise refused
            probe = OutputTable(label, container, staging.staging_name(self._run_id)).sql(self.quote)
            try:
                self._run(f"CREATE TABLE {probe} (x INTEGER)", fetch=False, setting=True)
            except QueryError as e:
                if said_no:
                    raise refused from None
                raise InvalidInputError(  # no catalog to ask (SQLite): the database's own words
                    f"output {label!r}: {kind} {schema!r} takes no new table ({first_line(e)}): "
                    "open it for writing, or name another"
                ) from None
            self._run(f"DROP TABLE IF EXISTS {probe}", fetch=False, setting=True)
        if may_not_publish:
            raise InvalidInputError(
                f"output {label!r}: this user may not rename or drop tables in {kind} {schema!r} "
                f"(no {may_not_publish} privilege), which a run does to put its output in place (it is "
                f"built under a staging name): grant ALTER and DROP there, or choose a {kind} it may write to"
            )

    def _publish_privileges_denied(self, container: tuple[str, ...]) -> str | None:
        """The privileges the publish needs that the server refuses this user in ``container``
        ("DROP, ALTER"), asked by renaming a table that does not exist; None if it has them."""
        probe = self.dialect.publish_privilege_probe
        if probe is None:
            return None
        statement, refusal = probe
        a, b = (OutputTable("", container, staging.staging_name(uuid.uuid4().hex[:10])).sql(self.quote) for _ in "ab")
        try:
            self._run(statement.format(a=a, b=b), fetch=False, setting=True)
        except QueryError as e:
            if refusal in str(e):
                denied = re.search(r"([A-Z][A-Z ,]*) " + re.escape(refusal), str(e))
                return denied.group(1) if denied else "ALTER, DROP"
        return None  # refused for another reason: the table is not there

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
        found = self.engine.staging_candidates(container)
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
        folder = self.engine.leftover_table_folder(container, name)
        if folder is not None:
            if os.path.islink(folder):
                os.unlink(folder)  # the link alone, never what it points to
            else:
                shutil.rmtree(folder)

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

    def publish(self, output: OutputTable, staging_name: str, *, replace: bool) -> None:
        """Give the staged table ``staging_name`` (next to ``output``) the output's name, dropping
        a table of that name first when ``replace``: all of it takes effect or none (where DDL is
        not transactional, the replaced table is kept under a staging name until the new one has
        its name)."""
        self.check_stop()  # a stop that came before the point of no return stops the run
        guard = self._guard
        if guard is not None:
            guard.publishing = True
        try:
            self._publish(output, staging_name, replace=replace)
        finally:
            if guard is not None:
                guard.publishing = False
        if guard is not None:
            guard.published = True
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
