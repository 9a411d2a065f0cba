"""Resolving table arguments for a :class:`~privrisk_sql.source.Source`: a table or view of the
database (by the catalog, as the database would read the name), a CSV/Parquet path read in
place, or a DataFrame, to what goes after FROM and its real columns and types."""

from __future__ import annotations

import contextlib
import numbers
import os
import unicodedata
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engines.common import FILE_SUFFIXES, file_reader, path_kind, refuse_one_name_columns
from ..errors import InvalidInputError, UnsupportedFeatureError
from ..given import described, home_expanded, is_url, outside_utf8, unreachable
from ..sql.names import lookup_name, split_table_name
from ..sql.types import TypeClass, declared_without_a_type, type_class
from .statements import Statements

if TYPE_CHECKING:
    from ..sql.dialects import Dialect


@dataclass(frozen=True)
class Column:
    name: str  # real name, as the catalog spells it
    sql_type: str
    type_class: TypeClass

    @property
    def type_said(self) -> str:
        """The type as a message names it: an SQLite column declared with none, whose catalog says
        NULL (which read as "its values are NULL"), is told so."""
        return "declared without a type" if declared_without_a_type(self.sql_type) else self.sql_type


@dataclass(frozen=True)
class Relation:
    """A resolved table argument: what to put after FROM, and its columns."""

    label: str  # what the user passed, for messages
    sql: str  # quoted identifier or read_csv(...) call
    columns: tuple[Column, ...]
    is_file: bool
    # The catalog object the name resolved to (tables and views; None for files and DataFrames),
    # so that two spellings of one table (people, main.people, PEOPLE) compare equal.
    identity: tuple | None = None
    is_view: bool = False  # never replaced by an output: a view, a materialized or foreign table
    what: str = "view"  # which of those, for messages
    # A pandas DataFrame's named index levels: DuckDB reads the columns alone, so a QID named
    # like one is "not found", and the message says where it is.
    index_names: tuple[str, ...] = ()

    @property
    def may_collate(self) -> bool:
        """Its text columns may carry a declared collation (NOCASE, a nondeterministic one): a
        table or view of the database. Files and DataFrames hold plain values."""
        return self.identity is not None

    def column(self, name: str) -> Column:
        """The column called ``name``: exact match first, then ignoring case and Unicode
        normalization (a header spelled with a combining accent, NFD, and the same name typed
        with the accented letter, NFC, look alike): the one column that matches so."""
        if not isinstance(name, (str, numbers.Integral)):  # a frame's columns may be numbers
            # c.name == a DataFrame raised ValueError ("the truth value ... is ambiguous")
            raise InvalidInputError(f"a column name must be a text, got {described(name)} (for {self.label!r})")
        for c in self.columns:
            if c.name == name:
                return c
        folded = [c for c in self.columns if _folded(c.name) == _folded(str(name))]
        if len(folded) == 1:
            return folded[0]
        if len(folded) > 1:
            raise InvalidInputError(f"column {name!r} is ambiguous in {self.label!r}: {[c.name for c in folded]}")
        in_index = (
            f": {name!r} names its index, which DuckDB does not read as a column: pass df.reset_index()"
            if name in self.index_names
            else ""
        )
        raise InvalidInputError(
            f"column {name!r} not found in {self.label!r} (columns: {', '.join(_listed(c.name) for c in self.columns)})"
            + in_index
        )


# Compressions a table argument is not read in (gzip is: .csv.gz); a .csv.zst was "not a CSV/Parquet
# file" with no word of what is read.
_COMPRESSED = {".zst": "zstd", ".bz2": "bzip2", ".xz": "xz", ".zip": "zip", ".7z": "7-Zip"}


def _compressed_hint(table: str) -> str:
    """Where a name ends in a compression's suffix: that .gz is read, and how to get there."""
    path = Path(table)
    kind = _COMPRESSED.get(path.suffix.lower())
    if kind is None:
        return ", and those compressed with gzip (.csv.gz)"
    return f", and those compressed with gzip (.gz): decompress this {kind} file, or recompress it with gzip"


_CSV_PARTS = (".csv", ".tsv", ".csv.gz", ".tsv.gz")  # not .txt: a folder of notes is no table


def _many_csv_way_out(pattern: str, folder: str, dialect: Dialect) -> str:
    """How to read the CSV files ``pattern`` names (in ``folder``) as one table on ``dialect``
    (Dialect.many_csv_way_out): the paths made absolute (read from wherever the way is taken),
    written as literals the user can paste (a quote in a path doubled in SQL, escaped in Python)."""
    from ..sql.dialects import get_dialect
    from ..sql.render import sql_literal

    pattern, folder = os.path.abspath(pattern), os.path.abspath(folder)
    return dialect.many_csv_way_out.format(
        duckdb_pattern=sql_literal(pattern, get_dialect("duckdb")),
        python_pattern=repr(pattern),
        parquet=repr(str(Path(folder).with_suffix(".parquet") if Path(folder).name else Path(folder, "t.parquet"))),
    )


def _pattern_way_out(pattern: str, dialect: Dialect) -> str:
    """How to read the files a shell ``pattern`` names as one table: Parquet files by their folder
    (a folder of them is one table; read_csv, the CSV parts' way, fails on them), CSV files as
    :func:`_many_csv_way_out` says."""
    folder = os.path.dirname(pattern) or "."
    if not pattern.lower().endswith(".parquet"):
        return _many_csv_way_out(pattern, folder, dialect)
    if any(c in folder for c in "*?["):
        return "a folder of Parquet files is one table: put the files in one folder and pass the folder as --table"
    return (
        f"a folder of Parquet files is one table, every Parquet file in it: pass the folder "
        f"{os.path.abspath(folder)!r} as --table (in Python, as table), with any file the pattern leaves out moved away"
    )


def _folder_reason(folder: str, reader: str | None, dialect: Dialect) -> str:
    """Why a folder is no table: one of CSV files (Spark's df.write.csv writes such, named like
    a file, people.csv/) is told how to read them as one; else it holds no Parquet file."""
    with contextlib.suppress(OSError):
        parts = sorted(p.name for p in Path(folder).iterdir() if p.is_file() and p.name.lower().endswith(_CSV_PARTS))
        if parts:
            more = ", ..." if len(parts) > 1 else ""
            return f"a folder of CSV files ({parts[0]}{more}): " + _many_csv_way_out(
                os.path.join(folder, "*" + Path(parts[0]).suffix), folder, dialect
            )
    return "a folder holding no Parquet file" if reader != "csv" else "a folder: a CSV is read from one file"


def _home_path(table: Any) -> Any:
    """A table argument written from the home folder (``~/adult.csv``), expanded where it then names
    a file or folder (or a file by its suffix); a table called ``~x`` keeps its name."""
    expanded = home_expanded(table)
    if expanded is table or not isinstance(expanded, str):
        return expanded
    return expanded if file_reader(expanded) or os.path.exists(expanded) else table


def _refuse_frame_shape(frame: Any) -> None:
    """A pandas Series, and a DataFrame whose columns are a MultiIndex, named with the way out:
    DuckDB read a Series as one column called "value", and named each of the other's columns
    by its tuple ("('age', 'x')"), so that a QID was "not found" among names no one typed. And an
    Arrow RecordBatchReader, which is read once where a run reads its table more than once (its
    second statement failed: "has already been consumed", a database error, exit 3)."""
    module, kind = type(frame).__module__, type(frame).__name__
    if module.startswith("pyarrow") and kind == "RecordBatchReader":
        raise InvalidInputError(
            "table is an Arrow RecordBatchReader, which is read only once, and a run reads its table "
            "more than once: pass reader.read_all() (an Arrow table), or write it to Parquet and pass the path"
        )
    if not module.startswith("pandas"):
        return
    if kind == "Series":
        raise InvalidInputError(
            f"table is a pandas Series ({frame.name!r}), not a table: pass a DataFrame, series.to_frame()"
        )
    columns: Any = getattr(frame, "columns", None)
    if kind == "DataFrame" and getattr(columns, "nlevels", 1) > 1:
        first = ", ".join(repr(c) for c in list(columns)[:2])
        raise InvalidInputError(
            f"the DataFrame's columns have {columns.nlevels} levels ({first}, ...), which DuckDB reads as one name "
            "each: flatten them first, df.columns = ['_'.join(map(str, c)) for c in df.columns]"
        )


def _listed(name: str) -> str:
    """A column name as a comma-separated list shows it, and as the CLI's lists take it: in
    double quotes when it holds a comma or a double quote or has edge spaces (``city, state`` in
    a list of ``city, state, age`` read as two columns)."""
    if "," in name or '"' in name or name != name.strip() or not name:
        return '"' + name.replace('"', '""') + '"'
    return name


def _folded(name: str) -> str:
    return unicodedata.normalize("NFC", name).lower()


@dataclass(frozen=True)
class OutputTable:
    """A table a run will create (:meth:`Source.output_table`): the database and/or schema it
    goes to, as the catalog names them, and its name as the user gave it."""

    label: str  # what the user passed, for messages
    container: tuple[str, ...]
    name: str

    def sql(self, quote: Callable[[str], str], name: str | None = None) -> str:
        """The qualified, quoted name of this table (or of ``name`` next to it)."""
        return ".".join(quote(p) for p in (*self.container, name or self.name))

    def may_be(self, other: OutputTable) -> bool:
        """Whether the two may be one table: the same container and name, compared ignoring case
        (one table on DuckDB, SQLite and Spark, and on MariaDB servers that fold table names)."""
        fold = [p.lower() for p in (*self.container, self.name)]
        return fold == [p.lower() for p in (*other.container, other.name)]

    @property
    def lookup_name(self) -> str:
        """This table's fully qualified name in the form :meth:`Source.find_table` reads."""
        return lookup_name((*self.container, self.name))


def _frame_column_names(frame: Any) -> Any:
    """A frame's column names: Arrow's column_names (its .columns are the arrays), a polars
    LazyFrame's schema (its .columns warns, as a potentially expensive resolution), else .columns
    (pandas, polars); () when it has none of them."""
    if callable(getattr(frame, "collect_schema", None)):
        return frame.collect_schema().names()
    names = getattr(frame, "column_names", None)
    return getattr(frame, "columns", ()) if names is None else names


class Relations(Statements):
    """The part of a Source that resolves table arguments."""

    _frames: list[str]
    csv_encoding: str  # of the CSV files read (Source's csv_encoding)

    def _resolved(self, rel: Relation, frame: Any = None) -> Relation:
        """A hook on each input as it is resolved (``frame``: the object a frame relation was
        made of): Outputs checks it reads none of the run's output files."""
        return rel

    def relations(self, *tables: str) -> list[Relation]:
        """:meth:`relation` of each table, the files among them read side by side where the
        engine can (DuckDB sniffs the two CSV inputs of mpUCCs on two threads). Errors are raised
        in ``tables`` order."""
        self.check_open()
        tables = tuple(_home_path(t) for t in tables)
        # Named as files by their suffix (a folder without one may be shadowed by a table: read later).
        files = [t for t in dict.fromkeys(t for t in tables if isinstance(t, str)) if file_reader(t) and path_kind(t)]
        read = self._read_files(files) if self.dialect.reads_files and len(files) > 1 else {}
        return [self._relation(t, read.get(t) if isinstance(t, str) else None) for t in tables]

    def _read_files(self, labels: list[str]) -> dict[str, str | BaseException]:
        """What to put after FROM for each file (or the error reading it): the engine's reader;
        a view the engine registers for it is dropped with the run's DataFrames."""
        files = {
            label: (path_kind(label) or "", f"privrisk_{self._run_id}_file{len(self._frames) + i}")
            for i, label in enumerate(labels)
        }
        out: dict[str, str | BaseException] = {}
        results = self._catalog().read_files(files, self.csv_encoding)
        guard = self._guard
        if guard is not None and guard.pending():  # a timeout or Ctrl-C cut a read short: not the file's fault
            self._stopped(guard, f"(reading {', '.join(map(repr, labels))})", mid_statement=True)
        for label, result in results.items():
            if isinstance(result, tuple):
                sql, registered = result
                if registered:
                    self._frames.append(files[label][1])
                self._note_file_read(label)
                out[label] = sql
            else:
                out[label] = result
        return out

    def relation(self, table: str) -> Relation:
        """Resolve a table name, a CSV/Parquet path or (DuckDB) a DataFrame; raise InvalidInputError
        naming it if missing."""
        self.check_open()
        with self._settings_for_lookup():
            return self._relation(_home_path(table), None)

    def _relation(self, table: str, read: str | BaseException | None) -> Relation:
        if isinstance(table, Path):
            table = str(table)
        if not isinstance(table, str):
            return self._frame_relation(table)
        if not table:
            raise InvalidInputError("table must be a table name, a CSV/Parquet path or a DataFrame, got ''")
        # A path named as a file by its suffix is read as one; a folder of Parquet files without
        # a suffix only when the database has no table of that name (asked first: a table named
        # like a large folder beside it is not looked for in that folder). A name that is no
        # folder here costs no catalog look-up beyond the one that reads it.
        reader = file_reader(table)
        if reader is not None:
            kind = path_kind(table)
        else:
            kind = path_kind(table) if os.path.isdir(table) and self.find_table(table) is None else None
        if kind is not None:
            if not self.dialect.reads_files:
                raise UnsupportedFeatureError(
                    f"{table}: CSV/Parquet paths are read by DuckDB and Spark; load the file into {self.dialect.name} first"
                )
            found = read if read is not None else self._read_files([table])[table]
            if isinstance(found, BaseException):
                raise found
            sql = found
            if reader is not None and self.find_table(table) is not None:  # it shadows a table of that name: say so
                warnings.warn(
                    f"{table!r} is both a file and a table of the database: the file was read "
                    f"(name the table in double quotes, '\"{table}\"', to read the table)",
                    stacklevel=4,
                )
            return Relation(table, sql, self._describe_query(sql, table), is_file=True)
        try:
            rel = self._catalog_relation(table)
        except InvalidInputError as e:
            if not str(e).startswith("table not found"):
                raise
            # Both readings, whichever the user meant: a typo in a file's suffix (cps1988.cvs) and a
            # missing .csv get the same message.
            if is_url(table):  # a folder "s3:" was looked for
                why = (
                    "a URL: files are read from this machine's file system only; copy it here, or load it "
                    "into a table of the database"
                )
            elif os.path.isdir(table):
                why = _folder_reason(table, reader, self.dialect)
            elif any(c in table for c in "*?[") and not os.path.exists(table):
                why = "file names are not expanded from a pattern: " + _pattern_way_out(table, self.dialect)
            elif reader is not None and os.path.exists(table):
                why = "it is not a regular file"
            elif (why_not := unreachable(table)) is not None:
                why = f"it cannot be reached: {why_not}"
            elif reader is not None:
                why = "no such file"
            elif (said := outside_utf8(table)) is not None:
                why = f"no such file, and a table's name is text: this one holds {said}, which is no text"
            elif os.path.isfile(table):
                why = (
                    f"a file of that name exists, but only {', '.join(sorted(FILE_SUFFIXES))} files are read"
                    f"{_compressed_hint(table)}"
                )
            elif table == "-" or os.path.exists(table):
                # '-', /dev/stdin, a FIFO: "no such file" before. A run reads its input in several
                # statements, and a stream can be read once.
                why = "standard input, a pipe or a device is read once, and a run reads its input several times: save it to a file"
            else:
                why = "no such file" + self._forgotten_table(table)
            raise InvalidInputError(
                f"table not found: {table!r}: neither a table of the database nor a "
                f"CSV/Parquet file ({why}){self._did_you_mean(table)}"
            ) from None
        return self._resolved(rel)

    def _forgotten_table(self, table: str) -> str:
        """``; the folder ... holds``: where a table of this name keeps its rows though no table of
        the catalog names it (Spark's own catalog forgot a table an earlier session wrote)."""
        folder = None
        with contextlib.suppress(Exception):
            container = self._catalog().output_container(table, [])
            folder = self.engine.unlisted_table_folder(container, table)
        if folder is None:
            return ""
        return (
            f"; the folder {folder!r} holds the rows of a table of that name an earlier Spark session wrote, "
            f"which its own catalog forgot when that session ended: read the folder (table={folder!r}, --table)"
        )

    def _did_you_mean(self, table: str) -> str:
        """`` (did you mean 'people'?)``: the nearest table or view names and, for a path, the
        nearest readable files beside it; empty when nothing is near or the catalog cannot be read."""
        import difflib

        names: dict[str, str] = {}  # compared by their last part: a long path's prefix matches anything
        with contextlib.suppress(Exception):
            names.update((n, n) for n in self._catalog().table_names() if not n.startswith("privrisk_"))
        path = Path(table)
        if file_reader(table) is not None or str(path.parent) not in ("", "."):
            with contextlib.suppress(OSError):
                names.update(
                    (p.name, str(path.parent / p.name) if str(path.parent) not in ("", ".") else p.name)
                    for p in path.parent.iterdir()
                    if p.is_file() and file_reader(p.name) is not None
                )
        near = difflib.get_close_matches(path.name or table, list(names), n=3, cutoff=0.75)
        return f" (did you mean {' or '.join(repr(names[n]) for n in near)}?)" if near else ""

    def _frame_relation(self, frame: Any) -> Relation:
        """A pandas DataFrame, an Arrow table or anything else DuckDB's ``register`` takes (polars),
        read in place (no copy): registered as a view of this connection under a run name, and
        unregistered with the run's TEMP tables."""
        kind = type(frame).__name__
        if frame is None or isinstance(frame, (bytes, int, float, bool)):
            raise InvalidInputError(f"table must be a table name, a CSV/Parquet path or a DataFrame, got {kind}")
        if not self.engine.reads_frames:
            raise UnsupportedFeatureError(
                f"a {kind} is read by DuckDB; load it into {self.dialect.name} first (for example with DataFrame.to_sql)"
            )
        _refuse_frame_shape(frame)
        name = f"privrisk_{self._run_id}_frame{len(self._frames)}"
        try:
            self.engine.register_frame(name, frame)
        except InvalidInputError:  # a column of the frame, named
            raise
        except Exception as e:  # DuckDB cannot scan this object
            if kind == "DuckDBPyRelation":  # duckdb.sql(...) lives on DuckDB's default connection
                raise InvalidInputError(
                    "a DuckDB relation is read on the connection that made it: pass that connection as the "
                    "source (privrisk_sql.connect(con); for duckdb.sql(...), duckdb.default_connection()), or its rows as a "
                    "table (relation.arrow())"
                ) from e
            if kind in ("DataFrame", "Table"):  # a frame it reads in general, but not this one
                for column in _frame_column_names(frame):  # DuckDB's own word was std::bad_cast
                    if isinstance(column, str) and (what := outside_utf8(column)) is not None:
                        raise InvalidInputError(
                            f"column {column!r} of the {kind}: its name holds {what}, which is no text: rename it"
                        ) from e
                said = " ".join(str(e).split())
                raise InvalidInputError(f"DuckDB cannot read this {kind}: {said}") from e
            raise InvalidInputError(
                f"table must be a table name, a CSV/Parquet path or a DataFrame, got {kind} "
                "(DuckDB reads pandas DataFrames and Arrow tables)"
            ) from e
        self._frames.append(name)
        refuse_one_name_columns(_frame_column_names(frame), f"the {kind}'s")
        sql = self.quote(name)
        index = getattr(frame, "index", None)  # pandas; Arrow and polars have none
        names = tuple(str(n) for n in getattr(index, "names", ()) if n is not None)
        return self._resolved(
            Relation(kind, sql, self._describe_query(sql, kind), is_file=False, index_names=names), frame
        )

    def _describe_query(self, sql: str, label: str) -> tuple[Column, ...]:
        return tuple(Column(n, t, type_class(t)) for n, t in self._catalog().describe(sql, label))

    def _catalog_relation(self, table: str) -> Relation:
        """A table or view of the database (not a file); InvalidInputError when there is none."""
        if outside_utf8(table) is not None:  # no catalog holds it: the driver's encoding error was a traceback
            raise InvalidInputError(f"table not found: {table!r}")
        for database, schema, name in self._name_candidates(table):
            entry = self._catalog().find_relation(database, schema, name)
            if entry is None:
                continue
            sql = ".".join(self.quote(p) for p in (*entry.qualifiers, entry.name))
            columns = (
                self._describe_query(sql, table)
                if entry.columns is None
                else tuple(Column(n, t, type_class(t)) for n, t in entry.columns)
            )
            return Relation(
                table, sql, columns, is_file=False, identity=entry.identity, is_view=entry.is_view, what=entry.what
            )
        raise InvalidInputError(f"table not found: {table!r}")

    def table_name_parts(self, name: str) -> list[str]:
        """The dotted parts of a table name (:func:`~privrisk_sql.sql.names.split_table_name`), at
        most as many as this database's names have; InvalidInputError naming it otherwise."""
        parts = split_table_name(name)
        most = self.dialect.name_parts
        if len(parts) > most:
            raise InvalidInputError(
                f"table name {name!r} has {len(parts)} parts; {self.dialect.name} names have "
                f"at most {most} ({self.dialect.qualified_form})"
            )
        return parts

    def _name_candidates(self, table: str) -> Iterator[tuple[str | None, str | None, str]]:
        """(database, schema, name) readings of a table argument, in the order they are tried:
        the whole text as one name (a table may be called ``a.b``), then its dotted parts (split
        only if the whole text names nothing, so a malformed reading never hides a real table)."""
        yield None, None, table
        parts = self.table_name_parts(table)
        if len(parts) == 1 and parts[0] != table:
            yield None, None, parts[0]  # '"People"'
        elif len(parts) == 2:
            yield None, parts[0], parts[1]
        elif len(parts) == 3:
            yield parts[0], parts[1], parts[2]

    def find_table(self, table: str) -> Relation | None:
        """The table or view of that name (same lookup rules as :meth:`relation`, files aside),
        or None when there is none."""
        self.check_open()
        try:
            with self._settings_for_lookup():
                return self._catalog_relation(table)
        except InvalidInputError:
            return None

    def table_exists(self, table: str) -> bool:
        """Whether a table or view of that name exists (same lookup rules as :meth:`relation`)."""
        return self.find_table(table) is not None

    def view_definition(self, view: Relation) -> str | None:
        """The SQL text of a view of the database, as its catalog keeps it (None if unknown)."""
        if not view.is_view or view.identity is None:
            return None
        return self._catalog().view_definition(view.identity)

    def table_parts(self, table: Relation) -> list[str]:
        """The tables whose rows a table's also are (Dialect.table_parts: PostgreSQL's partitions
        and inheritance children, at any depth), as quoted lookup names: reading the table reads
        them, and dropping it drops its partitions."""
        if table.is_view:
            return []
        rows = self._catalog_rows(self.dialect.table_parts, table)
        return [lookup_name((r["schema_name"], r["table_name"])) for r in rows]

    def table_files(self, table: Relation) -> list[str]:
        """The files of this machine a foreign table reads (Dialect.table_files: PostgreSQL's
        file_fdw tables), which no output file may be."""
        return [str(r["path"]) for r in self._catalog_rows(self.dialect.table_files, table)]

    def _catalog_rows(self, query: str | None, table: Relation) -> list[dict[str, Any]]:
        """The rows of a Dialect query about a catalogued table; none where the dialect has no
        such query or the relation no catalog identity (a file, a DataFrame)."""
        if query is None or table.identity is None:
            return []
        # a catalog lookup, not a statement of the work (as the inspector's lookups of a view)
        return self._run(self._about_table(query, table.identity), fetch="records", setting=True)

    def _about_table(self, query: str, identity: tuple) -> str:
        """A Dialect query about an existing table, its {database} (NULL where names have no
        database part), {schema} and {table} filled in as literals."""
        *database, schema, table = identity
        return query.format(
            database=self.literal(database[0]) if database else "NULL",
            schema=self.literal(schema),
            table=self.literal(table),
        )
