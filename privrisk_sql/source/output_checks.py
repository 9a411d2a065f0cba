"""What a :class:`~privrisk_sql.source.Source` checks of a table a run will create, before any
work: its name (the database's identifier limit and naming rules, nothing else holding it), its
schema (there, writable), and this user's right to create it, put it in place and replace the
table it would replace. Each was a failure after the run's work until it was asked first."""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence

from ..engines.common import OTHER_FILE_SUFFIXES, file_reader, first_line
from ..errors import InvalidInputError, QueryError
from ..given import table_name
from . import staging
from .relations import OutputTable, Relation, Relations
from .statements import WRITE_ELSEWHERE


class OutputChecks(Relations):
    """The checks of a new table's name and place, asked before the run's work."""

    def check_new_names(self, names: Sequence[str], what: str, advice: str = "choose a shorter name") -> None:
        """Every name a run will create (a table, its columns) fits the database's identifier limit:
        refused before any work, never cut short (PostgreSQL cut a 64-character output onto an
        existing table's name, and <qid>_gen to <qid>_ge). ``advice`` ends the message: what the
        user can change to shorten the name."""
        limit = self.dialect.max_identifier_bytes
        if limit is None:
            return
        for name in names:
            size = len(name.encode("utf-8"))
            if size > limit:
                raise InvalidInputError(
                    f"{what} {name!r} is {size} bytes long; {self.dialect.name} keeps at most {limit}: {advice}"
                )

    def _refuse_undroppable(self, existing: Relation, name: str, option: str) -> None:
        """A table to be replaced that this user may not drop (Dialect.drop_privilege) is refused
        now, naming its owner: its DROP failed at the publish, after the run's work."""
        rows = self._catalog_rows(self.dialect.drop_privilege, existing)
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
        rows = self.fetch_records(self._about_table(query, existing.identity))
        found = [str(r["dependent"]) for r in rows]
        if found:
            more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
            raise InvalidInputError(
                f"{option} {name!r} cannot be replaced: {', '.join(found[:3])}{more} "
                f"{'depends' if len(found) == 1 else 'depend'} on it, and {self.dialect.name} does not drop "
                f"a table others depend on: drop or change {'it' if len(found) == 1 else 'them'} first, "
                "or choose another name"
            )

    def output_table(self, name: str, option: str = "output") -> OutputTable:
        """Where a table a run creates goes, resolved before any work: the database and/or
        schema it names (else the current ones), which must exist and take new tables.
        InvalidInputError naming what is wrong (a malformed name, one the database would refuse,
        no such schema, a read-only database) instead of a failure after the run's work. The
        name is judged before the database is asked anything (a probe may create a table)."""
        table_name(name)
        try:
            *given, table = self.table_name_parts(name)
            self.check_new_names([table], f"{option} table name")
            for pattern, why in self.dialect.refused_table_names:
                if re.search(pattern, table):
                    raise InvalidInputError(f"{option} {name!r}: {why}; choose another name")
            container = self._catalog().output_container(name, given)
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
        self._check_session_writes(label)
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

    def _check_session_writes(self, label: str) -> None:
        """Refuse an output where this session may write nothing at all (a standby), before any
        work: the database refused the output's table after all of it."""
        query = self.dialect.read_only_session
        rows = [] if query is None else self._run(query, fetch="records", setting=True)
        if rows and rows[0]["why"] is not None:
            raise InvalidInputError(
                f"output {label!r}: this session may write no table ({rows[0]['why']}): {WRITE_ELSEWHERE}"
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
