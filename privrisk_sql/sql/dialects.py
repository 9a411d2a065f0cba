"""Backend differences as data: one :class:`Dialect` record per backend.

Templates live in ``templates/default`` and are written once in portable SQL; a dialect only
overrides the few macros in ``_functions.sql.j2`` that are not portable (rounding, logs, datetime
flooring, decimal-digit detection). The search order is ``templates/<name>/`` then
``templates/default/``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from .types import TypeClass


@dataclass(frozen=True)
class CastTypes:
    """Type names a template writes in ``CAST(x AS ...)`` (the ``t`` global of the templates):
    MariaDB casts to DOUBLE, SIGNED and CHAR where the others take the standard names."""

    double: str = "DOUBLE PRECISION"
    bigint: str = "BIGINT"
    integer: str = "INTEGER"
    text: str = "TEXT"


@dataclass(frozen=True)
class Dialect:
    name: str  # our name and the template override folder
    sqlglot: str  # sqlglot dialect used to quote identifiers and parse rendered SQL
    aliases: tuple[str, ...]  # SQLAlchemy ``engine.dialect.name`` values that map here
    natural_row_order: bool  # a table scan returns rows in insertion order (positions are defined)
    reads_files: bool  # can read CSV/Parquet paths in place
    # The sqlglot dialect whose generator writes identifiers and scalar (non-date) literals: "" is
    # sqlglot's generic generator, chosen only where its output is the dialect's own character for
    # character (tests/test_render.py checks it on hostile names and values). Loading sqlglot's
    # DuckDB generator costs 20-40 ms per process (it parses SQL in its class body), 3% of a
    # 30k-row mpUCCs run. Dates and timestamps always go through the dialect's own generator.
    sqlglot_writer: str
    # Rows "in any order" are numbered by sorting their values (Spark, whose ROW_NUMBER needs an
    # ORDER BY: templates/spark/_functions.sql.j2): an order that no read order moves, which
    # mpUCCs' dedup keeps there (its value-ordered shape hung tests/test_cancel.py on Spark).
    any_order_sorts_values: bool = False
    # Session settings for the length of one run, restored afterwards: (name, value) pairs.
    # PostgreSQL: JIT off (docs/decisions/postgres-jit-off.md). DuckDB: rows keep their insertion
    # order (mpUCCs' syn_idx/ori_idx are positions).
    run_settings: tuple[tuple[str, str], ...] = ()
    # Those of run_settings a catalog look-up reads by: a caller's look-up outside a run
    # (Source.relation, find_table) sets them for its length too, and no others (a DuckDB
    # connection whose configuration is locked still looks its tables up).
    lookup_settings: tuple[str, ...] = ()
    # The same, for comfort or speed only: left as they are where the database refuses them (a
    # DuckDB connection whose configuration is locked). DuckDB: its own progress bar off, which
    # would interleave with ours on stderr. MariaDB: hash joins buffer up to 128 MiB, sized to
    # what each join needs, and a GROUP BY's internal table stays in memory up to 64 MiB
    # (docs/decisions/mariadb-join-buffer.md).
    optional_run_settings: tuple[tuple[str, str], ...] = ()
    # In place of those of the same name where the command draws its elapsed-time line
    # (progress.ElapsedLine): DuckDB tracks the running query's progress (query_progress) and
    # prints nothing itself. Not set otherwise: a run asked for no progress pays nothing for it.
    progress_run_settings: tuple[tuple[str, str], ...] = ()
    # Session settings while strict Mondrian writes its output, one join of every input row to
    # its code tuple's labels on the six codes; restored after that statement. PostgreSQL:
    # merge joins off (docs/decisions/postgres-merge-join-off.md).
    output_join_settings: tuple[tuple[str, str], ...] = ()
    # Session settings while strict Mondrian cuts at most small_work_rows code tuples (its levels:
    # a dozen statements of a few ms each), restored before the output statement reads the input.
    # DuckDB: one thread; its second one only added CPU time there, no speed
    # (docs/decisions/duckdb-one-thread-for-small-work.md). DuckDB's threads is the database's,
    # not the connection's: other connections to the same database share the one thread meanwhile.
    # Spark: 8 shuffle partitions, for the session (its other threads' statements see them too).
    small_work_settings: tuple[tuple[str, str], ...] = ()
    small_work_rows: int = 0
    # Session settings while Mondrian cuts, measures and labels its work tables, restored before
    # the output. PostgreSQL: nested loops off; with no statistics on TEMP tables it took the
    # sides of a t-closeness cut for one row and looped over them (374 x 229,066 rows: 37 s of a
    # statement, 55 s of a 3,000-row run that takes a second; MariaDB and SQLite 1 s), and the
    # quality statement over four hierarchies took 19.6 s of 20.3:
    # docs/decisions/postgres-nested-loops-off-in-mondrian-work.md.
    work_join_settings: tuple[tuple[str, str], ...] = ()
    # mpUCCs groups a batch of combinations in one scan with GROUPING SETS, instead of one
    # GROUP BY per combination joined by UNION ALL: on Spark each branch is jobs of its own (16-18x
    # slower per batch); on DuckDB the GROUPING SETS scan is 2x slower, on PostgreSQL no faster
    # (docs/decisions/spark-mpuccs-grouping-sets.md).
    grouping_sets_batches: bool = False
    # The most parts a table name may have: DuckDB database.schema.table (attached databases);
    # SQLite database.table (attached databases are its schemas); PostgreSQL schema.table (a
    # connection sees one database).
    name_parts: int = 2
    # A session-level lock a run holds while its staging table exists (privrisk_sql/staging.py),
    # so that a later run can prove the owner of a staging table gone: (take, try, release)
    # statements, {key} the run's number; ``try`` returns one row, true when the lock was free.
    staging_lock: tuple[str, str, str] | None = None
    # Whether a run may drop staging tables of runs not alive in this process with no lock to
    # prove it (DuckDB: a database file has one writing process at a time).
    sweeps_unlocked: bool = False
    # A run killed outright leaves its server session working (a statement runs on until it ends,
    # a staging table stays): the watch that outlives it (source/reaper.py) ends the session and
    # drops the run's tables. The query naming this session (one row, column id; MariaDB's
    # statement cancel names it too), and the statement ending another ({session_id}, an integer).
    session_id_query: str | None = None
    end_session: str | None = None
    # A query telling whether this session may create a table in schema {schema} (one row, column
    # ok), asked before a run that writes: without it the refusal came after every Mondrian level.
    create_privilege: str | None = None
    # When create_privilege says no, creating an empty table decides (MariaDB: wildcard database
    # grants and --skip-grant-tables are not in the catalog it reads); with no create_privilege,
    # it always decides (SQLite: a file opened read-only, ?mode=ro, refused the output after
    # every Mondrian level). PostgreSQL's answer is exact, and a failed CREATE would abort a
    # caller's open transaction.
    create_privilege_probe: bool = False
    # Whether this session may rename and drop the tables it creates, which the publish does (its
    # staging table renamed into place): (a statement renaming table {a} to {b}, neither of
    # which exists, the server's refusal's text). The server checks the privileges before it
    # looks for the table, so the statement fails either way and makes nothing. MariaDB: a user
    # with CREATE and INSERT but not ALTER and DROP failed at the publish, after every Mondrian
    # level, and could not drop the staging table, a copy of the release. A role's grants count
    # (the catalog lists only a user's own). PostgreSQL: a table's owner may rename and drop it.
    publish_privilege_probe: tuple[str, str] | None = None
    # The database's refusal of any write because this session may not write at all, a text of
    # its error (PostgreSQL: a standby, default_transaction_read_only; MariaDB: a server run
    # --read-only, for a user without READ ONLY ADMIN). It comes at a run's first TEMP table,
    # before its work: the user's to act on (exit 2), not the database failing (exit 3).
    read_only_refusal: str | None = None
    # Why this session may not write (one row, column why: NULL when it may), asked before a run
    # that writes a table: PostgreSQL took risk's whole work, then refused --classes' table.
    read_only_session: str | None = None
    # What a table name's container is called in messages, and whether its names ignore case
    # (SQLite's attached databases: main, MAIN; a quoted PostgreSQL schema name keeps its case).
    container_kind: str = "schema"
    container_names_ignore_case: bool = False
    # Schemas (lower case) that hold the system catalog, never searched for staging tables.
    system_schemas: tuple[str, ...] = ()
    # How the running statement is cancelled: "interrupt" (DuckDB's connection), "driver" (the
    # DBAPI connection's cancel_safe, psycopg), "progress_handler" (SQLite polls the run guard),
    # "statement" (a second session asks running_query for the statement this session runs now,
    # {connection_id} from session_id_query, and cancels that one with cancel_statement,
    # {query_id}: a statement that ended meanwhile is not there to cancel, and the next one is
    # never hit by a cancel meant for the last), "tag" (Spark: the jobs of the run's tag).
    cancel_by: str = "driver"
    running_query: str | None = None
    cancel_statement: str | None = None
    # Reading and writing one session setting: {name} is our own setting's name (never user
    # text), {name_literal} and {value} SQL literals, {typed} a number bare and text as a
    # literal, {raw} the value as it is; the read returns one row, column value.
    # None: the dialect has no settings privrisk_sql changes.
    read_setting: str | None = None
    write_setting: str | None = None
    # The server-side statement time limit set just past a run's timeout, should the client's
    # cancel not arrive: (setting name, its units per second, the largest value it takes).
    statement_timeout: tuple[str, float, float] | None = None
    # The driver takes connect_timeout (seconds), bounded by the run's timeout.
    connect_timeout: bool = False
    # The driver's arguments for a connection opened from a URL: sqlite3's would refuse use from
    # any thread but the one that opened it, where runs from many threads take turns (Source.guarded).
    connect_args: tuple[tuple[str, Any], ...] = ()
    # Python functions are registered on each connection (SQLite: privrisk_sql/sqlite_functions.py).
    python_functions: bool = False
    cast_types: CastTypes = CastTypes()
    # Columns may be declared without a type (SQLite; read as text). Elsewhere a type the driver
    # does not know (MariaDB's POINT) is unsupported, never text.
    typeless_columns: bool = False
    # The columns of a table as rows of Field and Type (SHOW COLUMNS' names), {table} its quoted,
    # qualified name, where SQLAlchemy's reflection misreads names (MariaDB: a backtick in a
    # column name came back doubled). None: SQLAlchemy's inspector.
    columns_query: str | None = None
    # Column types as the catalog spells them (lower case) that read as another type.
    type_aliases: tuple[tuple[str, str], ...] = ()
    # Where the server lists a session's TEMPORARY tables nowhere (MariaDB before 11.2: neither
    # SHOW TABLES nor information_schema), a name no listing holds is asked for by this statement
    # ({table} its quoted name), whose "Create Table" text begins CREATE TEMPORARY TABLE for one
    # (a sequence answers too, as a plain table). A caller's TEMPORARY table was "not found".
    # None: the listings hold them.
    temporary_table_query: str | None = None
    # The schemas an unqualified table name is looked up in, in the database's own order (columns
    # name, and temporary: the session's own schema): SQLite's temp, main, then attached
    # databases; PostgreSQL's temporary schema, then its search_path. None: the default schema
    # only. A TEMP view in the caller's SQLite connection, or a table in the second schema of
    # search_path, was "table not found" where the database's own SELECT reads it.
    lookup_schemas: str | None = None
    # A table found by an unqualified name is written with its schema (the default one): a CTE of
    # ours named like it (shares, value_cdf, ...) is otherwise read in its place, as SQLite reads
    # every name of a WITH list ("circular reference: shares") and MariaDB a later one's ("Unknown
    # column"). DuckDB and PostgreSQL read a CTE only after its definition.
    qualify_default_schema: bool = False
    # A text literal holding a backslash is written with this prefix and the backslash doubled
    # (PostgreSQL: E'a\\b'), which reads the same whatever the session says: under the caller's
    # standard_conforming_strings = off, 'm\' ended no string (a syntax error, or a value misread).
    escape_string_prefix: str | None = None
    # How a staged output gets its name. None: ALTER TABLE ... RENAME TO, in one transaction
    # with the DROP of a table replaced (DDL is transactional). Else a statement renaming
    # ({pairs}: "a TO b, c TO d", fully qualified) several tables at once, atomically, for a
    # database whose DDL commits on its own (MariaDB): the replaced table is renamed away in the
    # same statement, then dropped.
    rename_tables: str | None = None
    # Work tables are TEMP tables of the session (False: Spark has none; they are tables of the
    # current database named privrisk_<run>_..., which the read-only guard lets the run write).
    temp_tables: bool = True
    # BEGIN/COMMIT make statements one (False: Spark; a published output is renamed into place).
    transactions: bool = True
    # The statements that begin a transaction whose reads all see one state of the database,
    # for a run that writes no table (Statements._begin_snapshot). SQLite's BEGIN takes its
    # snapshot at the first read; without WAL it keeps writers out until the end, as each long
    # statement of the run already did. DuckDB's guards another connection of this process (its
    # file takes one writing process); the probes that may fail there run on a cursor
    # (DuckDBEngine._probing), as a failed statement aborts a DuckDB transaction. Empty: none
    # (Spark has no transactions). docs/guides/backends.md
    snapshot: tuple[str, ...] = ()
    # A NUL character can reach its text (PostgreSQL's text cannot hold one: it cut the SQL text
    # short; Python's sqlite3 refuses a statement containing one).
    text_holds_nul: bool = True
    # A column of an unsupported type (no QID: a column copied into a release, a key) is compared
    # by its text: its distinct values counted, its rows ordered, its MIN taken. PostgreSQL's json,
    # xml, point and other geometric types have no equality ("could not identify an equality
    # operator"), its uuid no MIN (15: "function min(uuid) does not exist"). MariaDB compares a
    # POINT's bytes and refuses its CAST to CHAR; DuckDB and Spark 4 compare every type (a MAP too).
    unsupported_as_text: bool = False
    # The longest identifier it keeps, in bytes of UTF-8 (None: no limit that matters). A longer one
    # is cut silently (PostgreSQL: 63 bytes) or refused after the work (MariaDB: 64 characters,
    # counted here as bytes to stay on the safe side), so every name a run creates is checked first.
    max_identifier_bytes: int | None = None
    # The most tables one statement may join (None: no limit that matters): MariaDB and MySQL 61,
    # SQLite 64. Mondrian's labels join three per text QID, so they are built in pieces there.
    max_join_tables: int | None = None
    # Table names the database refuses by its own rule: (regular expression searched in the name,
    # why). Checked before any work: the database refused them at the publish, after all of it.
    refused_table_names: tuple[tuple[str, str], ...] = ()
    # What other than a table or view holds a name a new table would take in a schema ({schema} a
    # literal, {schema_name} the quoted identifier, {name} a literal): rows with column what
    # ("an index"). The rename that publishes the output failed on it after the run's work
    # (PostgreSQL's indexes, sequences and types, SQLite's indexes, MariaDB's sequences).
    name_taken_query: str | None = None
    # DATE and TIMESTAMP hold 'infinity' and '-infinity' (DuckDB, PostgreSQL; isfinite() tells).
    infinite_dates: bool = False
    # (type as the catalog names it, type to cast to): the date types isfinite() takes only through
    # a cast. DuckDB's TIMESTAMPTZ_NS (a pandas time-zone-aware datetime written to Parquet) has no
    # isfinite() of its own; a cast keeps ±infinity. Only these are cast: a far DATE overflows one.
    finite_check_casts: tuple[tuple[str, str], ...] = ()
    # DOUBLE holds inf and -inf (all but MariaDB; fn.is_infinite tells).
    infinite_floats: bool = True
    # The type classes (TypeClass values) whose columns can hold values of another kind, checked
    # (fn.outside_type) before a metric computes with them: SQLite keeps any value in any column
    # ('yes' in a BOOLEAN, 'x' in a REAL, 'oops' in a DATE, bytes in a TEXT); MariaDB's BOOLEAN
    # is a TINYINT(1), -128..127. Mondrian labelled SQLite's 'yes' false; mpUCCs failed on 'x' mid-run
    # (docs/decisions/declared-types-and-their-values.md).
    loose_types: tuple[str, ...] = ()
    # What depends on table {table} of schema {schema} (of database {database} where names have
    # three parts; literals; rows, column dependent) that the database will not drop the table
    # under (PostgreSQL: views, foreign keys, functions; DuckDB and MariaDB: foreign keys): a
    # replace that would fail at its very end, or on MariaDB leave the old table under a staging
    # name, is refused before any work. A view elsewhere names its table and reads the new one.
    table_dependents: str | None = None
    # The tables whose rows a table {table} of schema {schema} also holds, at any depth, as
    # schema_name, table_name: PostgreSQL's partitions and inheritance children. Reading the table
    # reads them; dropping it drops its partitions. `--table part --output part_2 --replace` (a
    # partition of part) replaced the partition and took its rows out of the input table.
    table_parts: str | None = None
    # The files of this machine a foreign table {table} of schema {schema} reads, as path rows:
    # PostgreSQL's file_fdw tables (their filename). No output file may be one of them: `--json
    # people.csv` wrote its report over the file a file_fdw table read.
    table_files: str | None = None
    # Whether this session may drop the table {schema}.{table} that a replace drops (literals; one
    # row, columns ok and owner). PostgreSQL: its owner or the schema's may (a role of theirs, a
    # superuser); anyone else's DROP failed at the publish, after the run's work.
    drop_privilege: str | None = None
    # Settings held while a staged output takes its name (SQLite: legacy_alter_table, so that the
    # rename does not reject the views that name the replaced table, which then read the new one).
    publish_settings: tuple[tuple[str, str], ...] = ()
    # The files this session's databases live in (one column, path; none for in-memory ones):
    # a report written over one of them destroyed the database (html= of a Python call).
    database_files: str | None = None
    # The files a database file keeps beside it, as suffixes of its path (DuckDB's write-ahead log,
    # SQLite's journals): part of the database, so never a path an output of the run may take.
    database_companions: tuple[str, ...] = ()
    # How the rows of a run's output query are written to a file (Mondrian's release.parquet),
    # by format (metrics/destinations.py): {query} the query, {path} the file as SQL; and how
    # they are read back from it to be checked before the file gets its name ({path}, a
    # relation; the file's name tells neither its format nor its compression). Empty: the
    # database writes no files.
    file_outputs: tuple[tuple[str, str], ...] = ()
    file_read_backs: tuple[tuple[str, str], ...] = ()
    # The database writes {path} as a folder of part files (Spark: the query coalesced into one
    # partition, so one part file), in Engine.files_folder; that one part file is read back
    # ({path}, and {path_identifier} the path as a quoted identifier) and becomes the file.
    file_outputs_are_folders: bool = False
    # (setting, value): files are written only where the session has that setting at that value
    # (a caller's DuckDB connection with file access turned off), checked before any work.
    file_writes_need: tuple[str, str] | None = None
    # The way to read many CSV files as one table (a folder of part files, a shell pattern),
    # which privrisk_sql does not (its checks read one file): {duckdb_pattern} is their
    # absolute pattern as DuckDB's string literal, {python_pattern} and {parquet} as Python's
    # (the folder Parquet files could go to). DuckDB's way, a view in a database file, is
    # anyone's; Spark's own reader is at hand where Spark is the engine.
    many_csv_way_out: str = (
        "a table is one CSV file or a folder of Parquet files; concatenate them, or make a DuckDB view over "
        "them in a database file (CREATE VIEW t AS SELECT * FROM read_csv({duckdb_pattern})) and pass --db FILE "
        "--table t (Python: src=FILE, table='t')"
    )

    def compares_as_text(self, type_class: TypeClass) -> bool:
        """A column of this type class is compared by its text (:attr:`unsupported_as_text`)."""
        return self.unsupported_as_text and type_class is TypeClass.UNSUPPORTED

    @property
    def qualified_form(self) -> str:
        """How a fully qualified table name reads here, for messages."""
        return "database.schema.table" if self.name_parts == 3 else f"{self.container_kind.split()[-1]}.table"


# DuckDB's COPY ... (FORMAT csv, HEADER true) as it writes: comma, double quotes doubled inside.
_CSV_AS_WRITTEN = "header = true, delim = ',', quote = '\"', escape = '\"', all_varchar = true"


DIALECTS: dict[str, Dialect] = {
    d.name: d
    for d in (
        Dialect(
            "duckdb",
            "duckdb",
            ("duckdb",),
            natural_row_order=True,
            reads_files=True,
            sqlglot_writer="",
            name_parts=3,
            sweeps_unlocked=True,
            cancel_by="interrupt",
            database_files="SELECT path FROM duckdb_databases() WHERE path IS NOT NULL AND path <> ''",
            database_companions=(".wal",),
            # USE_TMP_FILE false: the path is already a file with no name (OutputFile), named once
            # whole; DuckDB's own temporary file beside it would have a name a kill -9 leaves
            file_outputs=(
                ("parquet", "COPY (\n{query}\n) TO {path} (FORMAT parquet, USE_TMP_FILE false)"),
                ("csv", "COPY (\n{query}\n) TO {path} (FORMAT csv, HEADER true, USE_TMP_FILE false)"),
                (
                    "csv.gz",
                    "COPY (\n{query}\n) TO {path} (FORMAT csv, HEADER true, COMPRESSION gzip, USE_TMP_FILE false)",
                ),
            ),
            file_writes_need=("enable_external_access", "true"),
            # read as COPY wrote it (not as a sniffer guesses), every column as text: the checks
            # count rows and partitions, and a value read back as a guessed type could fail to parse
            file_read_backs=(
                ("parquet", "read_parquet({path})"),
                ("csv", "read_csv({path}, " + _CSV_AS_WRITTEN + ", compression = 'none')"),
                ("csv.gz", "read_csv({path}, " + _CSV_AS_WRITTEN + ", compression = 'gzip')"),
            ),
            infinite_dates=True,
            finite_check_casts=(("TIMESTAMPTZ_NS", "TIMESTAMPTZ"),),
            # Rows keep their insertion order (mpUCCs' positions); ORDER BY means ascending, NULLs
            # last, as the templates are written: a caller's default_order = 'desc' turned every
            # window and cut around (other t, other mpUCCs matches, Mondrian never ending).
            run_settings=(
                ("preserve_insertion_order", "true"),
                ("default_order", "asc"),
                ("default_null_order", "nulls_last"),
            ),
            optional_run_settings=(("enable_progress_bar", "false"),),
            progress_run_settings=(("enable_progress_bar", "true"), ("enable_progress_bar_print", "false")),
            small_work_settings=(("threads", "1"),),
            small_work_rows=150_000,
            snapshot=("BEGIN TRANSACTION",),
            read_setting="SELECT current_setting({name_literal}) AS value",
            write_setting="SET {name} = {typed}",
            table_dependents="""
SELECT DISTINCT 'foreign key ' || constraint_name || ' of table ' || schema_name || '.' || table_name AS dependent
FROM duckdb_constraints()
WHERE constraint_type = 'FOREIGN KEY' AND database_name = {database} AND schema_name = {schema}
  AND lower(referenced_table) = lower({table}) AND table_name <> {table}
ORDER BY 1""",
        ),
        Dialect(
            "sqlite",
            "sqlite",
            ("sqlite",),
            natural_row_order=True,
            reads_files=False,
            sqlglot_writer="sqlite",
            snapshot=("BEGIN TRANSACTION",),
            container_kind="attached database",
            refused_table_names=((r"(?i)^sqlite_", "SQLite keeps names beginning 'sqlite_' for its own tables"),),
            create_privilege_probe=True,
            name_taken_query="SELECT 'an index' AS what FROM {schema_name}.sqlite_master"
            " WHERE type = 'index' AND lower(name) = lower({name})",
            container_names_ignore_case=True,
            cancel_by="progress_handler",
            connect_args=(("check_same_thread", False),),
            python_functions=True,
            typeless_columns=True,
            lookup_schemas="SELECT name, name = 'temp' AS temporary FROM pragma_database_list"
            " ORDER BY CASE name WHEN 'temp' THEN 0 WHEN 'main' THEN 1 ELSE 2 END, seq",
            qualify_default_schema=True,
            loose_types=("integer", "float", "boolean", "date", "timestamp", "text"),
            text_holds_nul=False,
            max_join_tables=64,
            read_setting="SELECT {name} AS value FROM pragma_{name}",
            write_setting="PRAGMA {name} = {typed}",
            # A table scan in storage order (mpUCCs' positions): a caller's connection with
            # reverse_unordered_selects on numbered the rows backwards (other matches). Results
            # read by column name: full_column_names on named them "table.column" (KeyError).
            run_settings=(
                ("reverse_unordered_selects", "0"),
                ("full_column_names", "0"),
                ("short_column_names", "1"),
            ),
            lookup_settings=("full_column_names", "short_column_names"),
            publish_settings=(("legacy_alter_table", "1"),),
            database_files="SELECT file AS path FROM pragma_database_list WHERE file <> ''",
            database_companions=("-journal", "-wal", "-shm"),
        ),
        Dialect(
            "postgres",
            "postgres",
            ("postgresql", "postgres"),
            natural_row_order=False,
            reads_files=False,
            sqlglot_writer="postgres",
            snapshot=("BEGIN ISOLATION LEVEL REPEATABLE READ",),
            # current_schemas(true): the temporary schema first (if the session has one), then
            # search_path; pg_catalog left out (no user table is looked for there)
            lookup_schemas="SELECT s.name, s.name = (SELECT nspname FROM pg_namespace WHERE oid = pg_my_temp_schema())"
            " AS temporary FROM unnest(current_schemas(true)) WITH ORDINALITY AS s(name, n)"
            " WHERE s.name <> 'pg_catalog' ORDER BY s.n",
            # jit off (docs/decisions/postgres-jit-off.md); floats as text in their shortest exact
            # form, as PostgreSQL 12+ writes them by default (a caller's extra_float_digits = 0
            # cut them to 15 digits: other figures, other Mondrian labels).
            run_settings=(("jit", "off"), ("extra_float_digits", "1")),
            escape_string_prefix="E",
            infinite_dates=True,
            output_join_settings=(("enable_mergejoin", "off"),),
            work_join_settings=(("enable_nestloop", "off"),),
            staging_lock=(
                "SELECT pg_advisory_lock({key})",
                "SELECT pg_try_advisory_lock({key}) AS free",
                "SELECT pg_advisory_unlock({key})",
            ),
            session_id_query="SELECT pg_backend_pid() AS id",
            end_session="SELECT pg_terminate_backend({session_id})",
            create_privilege="SELECT has_schema_privilege({schema}, 'CREATE') AS ok",
            read_only_refusal="in a read-only transaction",
            # A standby's transactions are all read-only: one setting tells both.
            read_only_session="SELECT CASE WHEN pg_is_in_recovery() THEN 'the server is a standby, in recovery'"
            " WHEN current_setting('transaction_read_only') = 'on' THEN"
            " 'transaction_read_only is on: default_transaction_read_only, set for this role, database or server'"
            " END AS why",
            # A table's row type takes its name too; an array type in the way is moved by PostgreSQL.
            name_taken_query="SELECT CASE c.relkind WHEN 'S' THEN 'a sequence' WHEN 'c' THEN 'a composite type'"
            " ELSE 'an index' END AS what FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = {schema} AND c.relname = {name} AND c.relkind IN ('i', 'I', 'S', 'c')"
            " UNION ALL SELECT 'a type' FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace"
            " WHERE n.nspname = {schema} AND t.typname = {name} AND t.typrelid = 0"
            " AND NOT (t.typcategory = 'A' AND t.typelem <> 0)",
            system_schemas=("information_schema", "pg_catalog"),
            read_setting="SELECT current_setting({name_literal}, true) AS value",
            write_setting="SELECT set_config({name_literal}, {value}, false)",
            statement_timeout=("statement_timeout", 1000.0, 2**31 - 1),  # an int of ms: 24.8 days
            connect_timeout=True,
            text_holds_nul=False,
            unsupported_as_text=True,
            max_identifier_bytes=63,
            drop_privilege="SELECT pg_has_role(c.relowner, 'USAGE') OR pg_has_role(n.nspowner, 'USAGE') AS ok,"
            " pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = {schema} AND c.relname = {table}",
            # The objects DROP TABLE would refuse to drop it for: a normal dependency on the table
            # or its row type, less its own constraints and rules (dropped with it).
            table_dependents="""
SELECT DISTINCT CASE WHEN d.classid = 'pg_rewrite'::regclass
    THEN (SELECT CASE v.relkind WHEN 'm' THEN 'materialized view ' ELSE 'view ' END || v.oid::regclass::text
          FROM pg_rewrite r JOIN pg_class v ON v.oid = r.ev_class WHERE r.oid = d.objid)
    WHEN d.classid = 'pg_constraint'::regclass
    THEN (SELECT CASE k.contype WHEN 'f' THEN 'foreign key ' ELSE 'constraint ' END || quote_ident(k.conname)
                 || ' of table ' || k.conrelid::regclass::text
          FROM pg_constraint k WHERE k.oid = d.objid)
    ELSE pg_describe_object(d.classid, d.objid, d.objsubid) END AS dependent
FROM pg_depend d
JOIN pg_class c ON (d.refclassid = 'pg_class'::regclass AND d.refobjid = c.oid)
                OR (d.refclassid = 'pg_type'::regclass AND d.refobjid = c.reltype)
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = {schema} AND c.relname = {table} AND d.deptype = 'n'
  AND NOT (d.classid = 'pg_constraint'::regclass
           AND EXISTS (SELECT 1 FROM pg_constraint k WHERE k.oid = d.objid AND k.conrelid = c.oid))
  AND NOT (d.classid = 'pg_rewrite'::regclass
           AND EXISTS (SELECT 1 FROM pg_rewrite r WHERE r.oid = d.objid AND r.ev_class = c.oid))
ORDER BY 1""",
            table_parts="""
WITH RECURSIVE parts(oid) AS (
  SELECT i.inhrelid FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhparent
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = {schema} AND c.relname = {table}
  UNION
  SELECT i.inhrelid FROM pg_inherits i JOIN parts p ON i.inhparent = p.oid
)
SELECT n.nspname AS schema_name, c.relname AS table_name
FROM parts p JOIN pg_class c ON c.oid = p.oid JOIN pg_namespace n ON n.oid = c.relnamespace
ORDER BY 1, 2""",
            table_files="""
SELECT o.option_value AS path
FROM pg_foreign_table ft
JOIN pg_class c ON c.oid = ft.ftrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_foreign_server s ON s.oid = ft.ftserver
JOIN pg_foreign_data_wrapper w ON w.oid = s.srvfdw
CROSS JOIN LATERAL pg_options_to_table(ft.ftoptions) o
WHERE n.nspname = {schema} AND c.relname = {table} AND w.fdwname = 'file_fdw' AND o.option_name = 'filename'
ORDER BY 1""",
        ),
        # MariaDB (and MySQL's protocol): templates/mysql/_functions.sql.j2 holds its expressions.
        # sql_mode for a run: `||` concatenates (the templates' labels) and a bad value is an
        # error, not a warning and a truncated row.
        Dialect(
            "mysql",
            "mysql",
            ("mysql", "mariadb"),
            infinite_floats=False,
            loose_types=("boolean",),
            natural_row_order=False,
            reads_files=False,
            sqlglot_writer="mysql",
            # the next transaction's level (a session's SERIALIZABLE would lock the rows it reads)
            snapshot=("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", "START TRANSACTION WITH CONSISTENT SNAPSHOT"),
            container_kind="database",
            system_schemas=("information_schema", "mysql", "performance_schema", "sys"),
            run_settings=(
                ("sql_mode", "PIPES_AS_CONCAT,STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION"),
                ("join_cache_level", "4"),
                # A Mondrian label lists its categories by GROUP_CONCAT, which strict mode stops
                # past this many bytes (1 MiB by default; a caller's 16: "Row 2 was cut by
                # GROUP_CONCAT()"); literals compare in the collation the templates were written
                # for (a caller's utf8mb4_bin: "Illegal mix of collations").
                ("group_concat_max_len", str(1 << 30)),  # its most
                ("collation_connection", "utf8mb4_general_ci"),
                # A session's limit cut every result read back (kanon counted 853 of 2,000 rows) and
                # the catalog's columns, without a word: none, from a run's first look-up on.
                ("sql_select_limit", str((1 << 64) - 1)),  # none: the server's default
            ),
            lookup_settings=("sql_select_limit",),
            optional_run_settings=(
                ("join_buffer_space_limit", str(128 << 20)),
                ("join_buffer_size", str(128 << 20)),
                ("max_heap_table_size", str(64 << 20)),
                ("tmp_table_size", str(64 << 20)),
            ),
            cancel_by="statement",
            running_query="SELECT query_id FROM information_schema.processlist"
            " WHERE id = {connection_id} AND command = 'Query'",
            cancel_statement="KILL QUERY ID {query_id}",
            read_setting="SELECT @@SESSION.{name} AS value",
            write_setting="SET SESSION {name} = {typed}",
            statement_timeout=("max_statement_time", 1.0, 31_536_000),  # a year
            connect_timeout=True,
            max_identifier_bytes=64,
            max_join_tables=61,
            refused_table_names=(
                (r"[ \t\n\r\v\f]$", "MariaDB and MySQL refuse a table name that ends in white space"),
                (r"[\U00010000-\U0010FFFF]", "MariaDB and MySQL names hold no character past U+FFFF (an emoji)"),
            ),
            cast_types=CastTypes(double="DOUBLE", bigint="SIGNED", integer="SIGNED", text="CHAR"),
            rename_tables="RENAME TABLE {pairs}",
            qualify_default_schema=True,
            # information_schema shows a user its own privileges only.
            create_privilege_probe=True,
            publish_privilege_probe=("RENAME TABLE {a} TO {b}", "command denied"),
            # Error 1290; that probe meets it first (TEMP tables stay allowed: reads run)
            read_only_refusal="running with the --read-only option",
            name_taken_query="SELECT 'a sequence' AS what FROM information_schema.tables"
            " WHERE table_schema = {schema} AND BINARY table_name = {name} AND table_type = 'SEQUENCE'",
            create_privilege="SELECT (EXISTS (SELECT 1 FROM information_schema.user_privileges"
            " WHERE privilege_type = 'CREATE') OR EXISTS (SELECT 1 FROM"
            " information_schema.schema_privileges WHERE privilege_type = 'CREATE'"
            " AND table_schema = {schema})) AS ok",
            # What the session reads: a TEMPORARY table (listed nowhere) and one that hides a table
            # of its name included, which information_schema.columns left out or misread.
            columns_query="SHOW COLUMNS FROM {table}",
            # TINYINT(1) is how MariaDB stores a BOOLEAN: read as one, so that a boolean QID is a
            # category as on every other engine (with NULLs it was cut as a range of 3 numbers).
            type_aliases=(("tinyint(1)", "BOOLEAN"),),
            temporary_table_query="SHOW CREATE TABLE {table}",
            staging_lock=(
                "SELECT GET_LOCK(CONCAT('privrisk_', {key}), 10) AS taken",
                "SELECT IS_FREE_LOCK(CONCAT('privrisk_', {key})) AS free",
                "SELECT RELEASE_LOCK(CONCAT('privrisk_', {key})) AS released",
            ),
            session_id_query="SELECT CONNECTION_ID() AS id",
            end_session="KILL CONNECTION {session_id}",
            table_dependents="SELECT DISTINCT CONCAT('foreign key ', constraint_name, ' of table ',"
            " constraint_schema, '.', table_name) AS dependent FROM information_schema.referential_constraints"
            " WHERE unique_constraint_schema = {schema} AND referenced_table_name = {table}"
            " AND NOT (constraint_schema = {schema} AND table_name = {table}) ORDER BY 1",
        ),
        # Spark SQL (templates/spark/_functions.sql.j2): a database.table catalog, work tables as
        # Parquet tables, cancelled by job tag (privrisk_sql/engines/spark_engine.py).
        Dialect(
            "spark",
            "spark",
            ("spark",),
            natural_row_order=False,
            any_order_sorts_values=True,
            reads_files=True,
            sqlglot_writer="spark",
            container_kind="database",
            cancel_by="tag",
            temp_tables=False,
            transactions=False,
            cast_types=CastTypes(double="DOUBLE", bigint="BIGINT", integer="INT", text="STRING"),
            # The session catalog's rule (a metastore's too): a catalog of another kind set as the
            # default may take more, and is held to it all the same.
            refused_table_names=(
                (
                    r"[^A-Za-z0-9_]",
                    "Spark's session catalog takes only the letters A-Z, digits and _ in a table's name",
                ),
            ),
            # Few shuffle partitions while Mondrian cuts few code tuples: a level's statements
            # shuffle kilobytes, and 200 partitions' tasks cost more than the work
            # (docs/decisions/spark-few-shuffle-partitions-for-small-work.md).
            small_work_settings=(("spark.sql.shuffle.partitions", "8"),),
            small_work_rows=150_000,
            many_csv_way_out=(
                "a table is one CSV file or a folder of Parquet files; concatenate them, or write them as "
                "Parquet with Spark (spark.read.csv({python_pattern}, header=True, inferSchema=True)"
                ".write.parquet({parquet})) and pass that folder as --table; in Python, a temporary view "
                "over them (spark.read.csv(...).createOrReplaceTempView('t')) is read as table='t'"
            ),
            grouping_sets_batches=True,
            # Backslashes in text literals are escapes for the run, as sqlglot writes them: a
            # caller's session with escapedStringLiterals on read 'a\\\\b' as two backslashes
            # (an order's value "not in the order"). A backquoted name is a column, never a pattern:
            # a session with quotedRegexColumnNames on stopped every run (COUNT(`x`) "requires >= 1
            # parameters").
            run_settings=(
                ("spark.sql.parser.escapedStringLiterals", "false"),
                ("spark.sql.parser.quotedRegexColumnNames", "false"),
            ),
            read_setting="SET {name}",
            write_setting="SET {name}={raw}",  # SET takes the rest of the line as the value
            # A release file (Mondrian's output, risk's records and classes) in Parquet only: a
            # CSV Spark writes cannot be read back with its header by a relation of one statement.
            file_outputs=(
                (
                    "parquet",
                    "INSERT OVERWRITE DIRECTORY {path} USING parquet\nSELECT /*+ COALESCE(1) */ * FROM (\n{query}\n) AS release",
                ),
            ),
            file_read_backs=(("parquet", "parquet.{path_identifier}"),),
            file_outputs_are_folders=True,
        ),
    )
}


def get_dialect(name: str) -> Dialect:
    """Look a dialect up by our name or a SQLAlchemy dialect name (case-insensitive)."""
    from ..errors import UnknownDialectError

    key = name.lower()
    for d in DIALECTS.values():
        if key == d.name or key in d.aliases:
            return d
    known = sorted({n for d in DIALECTS.values() for n in (d.name, *d.aliases)})
    close = difflib.get_close_matches(key, known, n=1)
    hint = f" Did you mean {close[0]!r}?" if close else ""
    raise UnknownDialectError(f"Unknown dialect {name!r}.{hint} Supported: {', '.join(sorted(DIALECTS))}")
