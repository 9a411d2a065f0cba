"""DuckDB, natively (the embedded default): a ``duckdb`` connection."""

from __future__ import annotations

import _imp
import os
import re
import shlex
import threading
import warnings
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, cast

import duckdb

from ..errors import InvalidInputError, QueryError
from ..given import is_pandas_frame, outside_utf8, shown
from ..sql.dialects import get_dialect
from ..sql.render import quote_identifier, sql_literal
from . import CatalogEntry
from .cancel import RunGuard
from .common import (
    duckdb_url_parts,
    fetched,
    first_line,
    is_in_memory,
    parquet_dataset_files,
    partition_folders,
    path_kind,
    refuse_one_name_columns,
    refuse_partition_clash,
    run_lock,
)


class DuckDBEngine:
    """A DuckDB connection: opened here (in memory or a file) or the caller's."""

    dialect = get_dialect("duckdb")
    reads_frames = True

    def __init__(self, con: Any, *, owns: bool):
        self.con = con
        self.owns = owns
        self.run_lock = run_lock(con)  # a DuckDB connection refuses a second call while one runs
        # Statements commit one by one unless the caller opened a transaction (Source.run_atomically
        # joins it then).
        self.autocommit = True
        self.version = duckdb.__version__
        # A database opened here: (the folder it spills into, whether that existed).
        self.spill_folder: tuple[str, bool] | None = None
        self._frames: dict[str, Any] = {}  # registered DataFrames, asked only when DuckDB fails to read one
        self._cursors: set[Any] = set()  # the probes' cursors (_probing): a cancel interrupts them too
        self._cursors_lock = threading.Lock()
        # The settings a run needs (insertion order kept, DuckDB's own progress bar off) are the
        # dialect's run_settings: set for the run and restored, never left on a caller's connection.

    # -- talking ------------------------------------------------------------------------------
    def run(self, sql: str, fetch: bool | str) -> Any:
        try:
            return fetched(self.con.execute(sql), fetch)
        except duckdb.Error as e:
            if "CSV Error" in str(e):
                # A bad value past the rows DuckDB's sniffer sampled: the input is at fault (exit 2).
                lines = str(e).splitlines()
                file = next((x.split("=", 1)[1].strip() for x in lines if x.strip().startswith("file =")), "?")
                raise InvalidInputError(
                    _not_utf8(file, e)
                    or f"bad CSV input in {file!r}: {first_line(e).split(': ', 1)[-1]} "
                    "(the column's type was sniffed from the first rows)"
                ) from e
            if "Python Conversion Failure" in str(e):  # read lazily: a frame's value only fails once scanned
                said = next(filter(None, (_text_not_in_utf8(frame) for frame in self._frames.values())), None)
                if said is not None:
                    raise InvalidInputError(said) from e
            raise

    def cancel(self) -> None:
        self.con.interrupt()
        with self._cursors_lock:
            for cursor in self._cursors:
                cursor.interrupt()

    @contextmanager
    def _probing(self) -> Iterator[Any]:
        """A cursor of the connection for what may fail as a matter of course (a CSV's types
        checked against its late rows, a DataFrame DuckDB may refuse): a connection of the same
        database in a transaction of its own, so that a failure there aborts no transaction of
        the caller's (DuckDB aborts one at any failed statement, and has no savepoints). What it
        reads is files and frames, the same from any connection."""
        cursor = self.con.cursor()
        with self._cursors_lock:
            self._cursors.add(cursor)
        try:
            yield cursor
        finally:
            with self._cursors_lock:
                self._cursors.discard(cursor)
            cursor.close()

    def query_progress(self) -> float | None:
        # -1 when no statement runs, or the run's progress tracking is off (Dialect.progress_run_settings)
        percent = self.con.query_progress()
        return percent if percent >= 0 else None

    def abandon(self) -> None:
        pass  # in-process: interrupt() always reaches it

    def watch(self, guard: RunGuard) -> None:
        pass

    def unwatch(self) -> None:
        pass

    def in_open_transaction(self) -> bool:
        # Each statement outside a transaction is one of its own: two reads of the transaction
        # id agree only inside one. Our own connection never has one open.
        if self.owns:
            return False
        read = "SELECT current_transaction_id()"
        return self.con.execute(read).fetchall() == self.con.execute(read).fetchall()

    # -- catalog ------------------------------------------------------------------------------
    def find_relation(self, database: str | None, schema: str | None, name: str) -> CatalogEntry | None:
        # `a.b` is schema a (of any attached database) or database a's schema main, as DuckDB
        # reads it; `a.b.c` is database a's schema b; an unqualified name is looked up where
        # DuckDB looks first: TEMP, then the current database and schema, then elsewhere.
        rows = self.con.execute(
            "SELECT database_name, schema_name, name, is_view FROM ("
            " SELECT database_name, schema_name, table_name AS name, false AS is_view FROM duckdb_tables()"
            " UNION ALL SELECT database_name, schema_name, view_name, true FROM duckdb_views() WHERE NOT internal)"
            " WHERE lower(name) = lower($name)"
            " AND ($database IS NULL OR lower(database_name) = lower($database))"
            " AND ($schema IS NULL OR lower(schema_name) = lower($schema)"
            " OR ($database IS NULL AND lower(database_name) = lower($schema) AND schema_name = 'main'))"
            " ORDER BY CASE WHEN database_name = 'temp' THEN 0"
            " WHEN database_name = current_database() AND schema_name = current_schema() THEN 1 ELSE 2 END ASC,"
            " database_name ASC, schema_name ASC",  # ASC: a caller's default_order may be desc
            {"name": name, "database": database, "schema": schema},
        ).fetchall()
        exact = [r for r in rows if r[2] == name] or rows
        if not exact:
            return None
        real_database, real_schema, real_name, is_view = exact[0]
        qualifiers = tuple(p for p in (database, schema) if p is not None)
        return CatalogEntry(qualifiers, real_name, None, (real_database, real_schema, real_name), bool(is_view))

    def table_names(self) -> list[str]:
        return [
            r[0]
            for r in self.con.execute(
                "SELECT table_name FROM duckdb_tables() UNION SELECT view_name FROM duckdb_views() WHERE NOT internal"
            ).fetchall()
        ]

    def read_files(
        self, files: dict[str, tuple[str, str]], encoding: str = "utf-8"
    ) -> dict[str, tuple[str, bool] | BaseException]:
        """Each file's reader: ``read_parquet``, or ``read_csv`` with the options DuckDB's sniffer
        detects pinned (a CSV file's text in ``encoding``: utf-8 or latin-1). The sniffer runs on
        one thread, about 30 ms for a 30k-row file: several CSV files are sniffed side by side,
        each on its own cursor (a cursor is a connection of the same database, so nothing it reads
        differs). Every file is read on a cursor (:meth:`_probing`). Nothing is registered."""
        out: dict[str, tuple[str, bool] | BaseException] = {}

        def read(label: str, kind: str, connection: Any) -> None:
            try:
                if (not_utf8 := _name_not_in_utf8(label)) is not None:
                    raise InvalidInputError(f"cannot read {label!r}: {not_utf8}")
                path = _literal(_literal_path(label))
                if kind == "csv":
                    out[label] = (_pinned_csv_reader(path, _sniff_csv(label, connection, encoding)), False)
                elif os.path.isdir(label):
                    out[label] = (_dataset_reader(label, connection), False)
                else:
                    refuse_one_name_columns(parquet_columns(label, connection), f"{label!r}:")
                    # A folder `year=2024` in the path is no column of the file (DuckDB's default reads it as one).
                    out[label] = (f"read_parquet({path}, hive_partitioning = false)", False)
            except BaseException as e:  # raised by the caller when it reaches this file, in its order
                out[label] = e

        csv = [label for label, (kind, _name) in files.items() if kind == "csv"]
        # Not while Python's import lock is held: a sniff thread's first import (gzip, a codec)
        # would wait for it. A Ctrl-C that CPython swallows inside its import machinery leaves the
        # main thread holding it for good, and the command hung, deaf to Ctrl-C and SIGTERM.
        if len(csv) > 1 and not _imp.lock_held():

            def on_cursor(label: str) -> None:
                with self._probing() as cursor:
                    read(label, "csv", cursor)

            threads = [threading.Thread(target=on_cursor, args=(label,), daemon=True) for label in csv]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        for label, (kind, _name) in files.items():
            if label not in out:
                with self._probing() as cursor:
                    read(label, kind, cursor)
        return out

    def describe(self, sql: str, label: str) -> tuple[tuple[str, str], ...]:
        try:
            rows = self.con.execute(f"DESCRIBE SELECT * FROM {sql}").fetchall()
        except duckdb.Error as e:
            raise InvalidInputError(f"cannot read {label!r}: {first_line(e)}") from e
        return tuple((r[0], r[1]) for r in rows)

    def unlisted_table_folder(self, container: tuple[str, ...], table: str) -> str | None:
        return None  # a table is the catalog's alone

    def leftover_table_folder(self, container: tuple[str, ...], table: str) -> str | None:
        return None

    def wait_for_stopped_tasks(self, within: float) -> None:
        pass  # a statement the database cancelled has ended when the driver returns

    def files_folder(self) -> str | None:
        return None  # COPY writes the file itself

    def left_after_a_kill(self) -> dict | None:
        if self.spill_folder is None:
            return None  # a caller's connection is theirs
        folder, existed = self.spill_folder
        return {"spill": folder, "made": not existed}

    def spilled_by(self, pid: int) -> list[str]:
        # DuckDB clears its spill files at close, never for a process killed before it: at the
        # next open of the file they are still there (tested with DuckDB 2.0).
        (folder,) = self.con.execute("SELECT current_setting('temp_directory')").fetchone() or ("",)
        return spill_files(folder, lambda owner: owner == int(pid))

    def spill_left(self) -> tuple[str, list[str]] | None:
        row = self.con.execute(
            "SELECT path, readonly, current_setting('temp_directory') FROM duckdb_databases()"
            " WHERE database_name = current_database()"
        ).fetchone()
        if row is None or not row[0] or row[1] or os.path.abspath(row[2]) != os.path.abspath(row[0] + ".tmp"):
            return None  # in memory, read-only (others may have it open too), or a folder one chose
        return row[2], spill_files(row[2], lambda owner: owner != os.getpid())

    def forgets_tables_at_close(self) -> bool:
        return False

    def output_container(self, label: str, given: list[str]) -> tuple[str, ...]:
        # CREATE TABLE a.t: schema a of the current database, else database a's schema main.
        rows = self.con.execute(
            "SELECT s.database_name, s.schema_name, d.readonly FROM duckdb_schemas() s"
            " JOIN duckdb_databases() d ON d.database_name = s.database_name"
            " WHERE CASE $parts"
            " WHEN 0 THEN s.database_name = current_database() AND s.schema_name = current_schema()"
            " WHEN 1 THEN (s.database_name = current_database() AND lower(s.schema_name) = lower($a))"
            "          OR (lower(s.database_name) = lower($a) AND s.schema_name = 'main')"
            " ELSE lower(s.database_name) = lower($a) AND lower(s.schema_name) = lower($b) END"
            " ORDER BY s.database_name <> current_database() ASC",  # ASC: a caller's default_order may be desc
            {"parts": len(given), "a": given[0] if given else None, "b": given[1] if len(given) > 1 else None},
        ).fetchall()
        if not rows:
            where = (
                f"no schema {given[0]!r} in the current database, nor a database of that name"
                if len(given) == 1
                else f"no schema {given[1]!r} in a database {given[0]!r}"
            )
            raise InvalidInputError(f"output {label!r}: {where}")
        database, schema, read_only = rows[0]
        if database in ("temp", "system"):
            raise InvalidInputError(
                f"output {label!r}: database {database!r} holds DuckDB's TEMP and system "
                "objects; name a table of an attached or the current database"
            )
        if read_only:
            raise InvalidInputError(f"output {label!r}: database {database!r} is attached read-only")
        return database, schema

    def staging_candidates(self, container: tuple[str, ...] | None) -> list[tuple[tuple[str, ...], str]]:
        rows = self.con.execute(
            "SELECT database_name, schema_name, table_name FROM duckdb_tables()"
            " WHERE NOT temporary AND table_name LIKE 'privrisk\\_%\\_staging' ESCAPE '\\'"
        ).fetchall()
        return [((d, s), n) for d, s, n in rows]

    def view_definition(self, identity: tuple) -> str | None:
        database, schema, name = identity
        rows = self.con.execute(
            "SELECT sql FROM duckdb_views() WHERE database_name = $d AND schema_name = $s AND view_name = $n",
            {"d": database, "s": schema, "n": name},
        ).fetchall()
        return rows[0][0] if rows else None

    def input_files(self, relation_sql: str) -> list[str]:
        return []  # the views' text names them (source/view_chain.py)

    def register_frame(self, name: str, frame: Any) -> None:
        """``frame`` as a view named ``name``; a pandas column DuckDB cannot read is named, and a
        column of Python objects is read as its values are (:func:`_objects_as_values`). Tried on
        a cursor first (:meth:`_probing`): a refused frame aborted a caller's open transaction."""
        if isinstance(frame, duckdb.DuckDBPyRelation):  # it reads its connection's tables, which no cursor sees
            readable = kept = frame
        else:
            with self._probing() as cursor:
                readable, kept = _readable_frame(cursor, frame)
        self.con.register(name, readable)
        self._frames[name] = kept

    def unregister_frame(self, name: str) -> None:
        self._frames.pop(name, None)
        self.con.unregister(name)

    def close(self) -> None:
        if self.owns:
            self.con.close()


# What pandas infers for a column of Python objects (infer_dtype) that DuckDB reads as it is
# (or refuses by its type, naming it). "date" and "datetime" are checked value by value below.
_OBJECTS_DUCKDB_READS = frozenset({"boolean", "time", "timedelta", "bytes", "period", "empty"})


def _readable_frame(con: Any, frame: Any) -> tuple[Any, Any]:
    """What to register for ``frame`` (itself, or a copy DuckDB reads as its values are) and the
    frame kept to name a value DuckDB fails on later; tried on ``con``, where it leaves nothing.
    InvalidInputError naming the column DuckDB cannot read."""
    probe = "privrisk_frame_probe"

    def readable(candidate: Any) -> Any:
        con.register(probe, candidate)
        try:
            return _objects_as_values(con, probe, candidate)
        finally:
            con.unregister(probe)

    try:
        return readable(frame), frame
    except duckdb.Error:
        if (said := _text_not_in_utf8(frame)) is not None:  # a category of such a value fails here
            raise InvalidInputError(said) from None
        arrow_ready = _objects_arrow_reads(frame)
        if arrow_ready is not None:
            try:
                return readable(arrow_ready), arrow_ready
            except duckdb.Error:
                pass  # another column's fault: named below
        column = _unreadable_column(con, frame)
        if column is None:
            raise
        raise InvalidInputError(
            f"column {column[0]!r} of the {type(frame).__name__} has the type {column[1]}, which DuckDB cannot read: "
            "convert it first (to text, for example)"
        ) from None


def _objects_as_values(con: Any, view: str, frame: Any) -> Any:
    """The pandas ``frame``, with each column of Python objects that DuckDB reads as numbers (or
    dates) as its values are. DuckDB picks such a column's type from a sample of its values,
    every other row of 2,000: ``[1, 1.5]`` repeated was INTEGER, 1.5 read as 2; ints and then
    ``"x"`` failed the run (exit 3, "could not convert string 'x' to INT32"), and so did an int
    past INT32 after smaller ones. So such a column is scanned (about 10 ms per million values):
    whole numbers are Int64 (text past its range), numbers with fractions float64, and values
    of several kinds with a word among them text, each value as str() spells it. A column DuckDB
    reads as text already holds each value as text: it is only asked what it holds (pandas'
    infer_dtype), and where that is not text alone, warned of two values spelt alike. A shallow
    copy when anything changes; the caller's frame is never changed."""
    if not is_pandas_frame(frame):
        return frame
    from pandas.api.types import infer_dtype

    types = [row[1] for row in con.execute(f"DESCRIBE {quote_identifier(view, DuckDBEngine.dialect)}").fetchall()]
    readable = None
    for i, dtype in enumerate(frame.dtypes):
        if not _numpy_objects(dtype) or i >= len(types):
            continue
        column = frame.iloc[:, i]
        try:
            kind = infer_dtype(column, skipna=True)
            if types[i] == "VARCHAR":  # read as text already: only 7 beside "7" is worth a word
                if kind not in ("string", "empty"):
                    _warn_of_values_spelt_alike(column, column.dropna(), column.astype("string"))
                continue
            as_read = column if kind in _OBJECTS_DUCKDB_READS else _object_values(column, kind)
        except (TypeError, ValueError, ArithmeticError) as e:  # an object whose str() fails, say
            raise InvalidInputError(
                f"column {str(frame.columns[i])!r} of the DataFrame holds a value that cannot be read "
                f"({type(e).__name__}: {e}): convert the column first (to text, for example)"
            ) from None
        if as_read is column:
            continue
        if readable is None:
            readable = frame.copy(deep=False)
        readable.isetitem(i, as_read)
    return frame if readable is None else readable


def _text_not_in_utf8(frame: Any) -> str | None:
    """Which value of a pandas ``frame`` is text UTF-8 cannot spell (a byte read through
    surrogateescape), said whole, else None. DuckDB's own words ('Python Conversion Failure:
    cannot encode str as UTF-8') named neither column nor row. Arrow and polars hold UTF-8 only.
    Asked only after DuckDB failed: a scan of every text value in Python."""
    if not is_pandas_frame(frame):
        return None
    for i, dtype in enumerate(frame.dtypes):
        if dtype.kind != "O":  # objects, pandas' text and categories
            continue
        column = frame.iloc[:, i]
        for row, value in column.items():
            if isinstance(value, str) and not value.isascii() and (what := outside_utf8(value)) is not None:
                return (
                    f"column {str(frame.columns[i])!r} of the DataFrame, row {row!r}: the value {shown(value)} holds "
                    f"{what}, which is no text: clean it (.str.encode('utf-8', 'surrogateescape').str.decode('utf-8', "
                    "'replace'), say)"
                )
    return None


def _numpy_objects(dtype: Any) -> bool:
    """Whether a pandas column's ``dtype`` is numpy's object dtype (Python objects): pandas' own
    (category, string) have a kind "O" too."""
    return dtype.kind == "O" and type(dtype).__module__.startswith("numpy")


def _objects_arrow_reads(frame: Any) -> Any:
    """A pandas ``frame`` holding an Arrow-typed column (``pd.ArrowDtype``, as
    ``read_parquet(dtype_backend="pyarrow")`` gives), with each column of Python objects that
    pyarrow cannot convert as :func:`_object_values` reads it; None for any other frame, or when
    no column changes. DuckDB reads such a frame whole through pyarrow, which refuses objects of
    several kinds (1 beside "a"): the run failed naming no column, even one that was no QID."""
    if not is_pandas_frame(frame):
        return None
    import pandas as pd
    import pyarrow as pa
    from pandas.api.types import infer_dtype

    if not any(isinstance(dtype, pd.ArrowDtype) for dtype in frame.dtypes):
        return None
    readable = None
    for i, dtype in enumerate(frame.dtypes):
        if not _numpy_objects(dtype):
            continue
        column = frame.iloc[:, i]
        try:
            pa.array(column, from_pandas=True)
            continue
        except (pa.lib.ArrowException, TypeError, ValueError):
            pass  # read below as DuckDB reads the column alone
        try:
            as_read = _object_values(column, infer_dtype(column, skipna=True))
        except (TypeError, ValueError, ArithmeticError):
            continue  # an object whose str() fails: _objects_as_values names it
        if as_read is not column:
            if readable is None:
                readable = frame.copy(deep=False)
            readable.isetitem(i, as_read)
    return readable


def _object_values(column: Any, kind: str) -> Any:
    """A column of Python objects (pandas ``kind``) as DuckDB should read it: itself where its
    values are of one kind DuckDB reads whole, else Int64, float64 or text (as DuckDB itself
    reads such a column when its sample sees a word: 7 and "7" are one value)."""
    import datetime

    values = column.dropna()
    if kind == "date" and all(type(v) is datetime.date for v in values):
        return column  # a datetime among dates (infer_dtype calls both "date") was cut to its day
    if kind == "datetime" and len({v.tzinfo is None for v in values}) == 1:
        return column  # aware and naive together failed the run
    if kind == "decimal":
        # DuckDB's DECIMAL width comes from its sample: 1.123 after 1.1 was read as 1.1. Up to 15
        # significant digits a double keeps every decimal apart (and 1.10 equal to 1.1).
        if all(v.is_finite() and len(v.normalize().as_tuple().digits) <= 15 for v in values):
            return column.astype("float64")
        return column.map(lambda v: v if v is None or v != v else str(v.normalize())).astype("string")
    if kind in ("integer", "mixed-integer") and not any(isinstance(v, str) for v in values):
        try:
            return column.astype("Int64")
        except (OverflowError, TypeError, ValueError):
            pass  # past Int64's range: exact as text
    elif kind in ("floating", "mixed-integer-float"):
        return column.astype("float64")
    as_text = column.astype("string")
    _warn_of_values_spelt_alike(column, values, as_text)
    return as_text


def _warn_of_values_spelt_alike(column: Any, values: Any, as_text: Any) -> None:
    """Values of several kinds read as text, two of them spelt alike (``7`` and ``"7"``): pandas
    counts two values, the database one, so a class grew without a word and its k was overstated.
    ``values``: the column's values without its missing ones."""
    try:
        merged = as_text.nunique() < values.nunique()
    except TypeError:  # lists, dicts: pandas cannot count them, so no count of its grew
        return
    if merged:
        alike = _spelt_alike(values)
        if alike is not None:
            warnings.warn(
                f"column {str(column.name)!r} of the DataFrame holds values of several kinds, read as text: "
                f"{alike[0]!r} and {alike[1]!r} are one value there, where pandas counts two; convert the "
                "column first (astype(str), or to numbers) if they are not the same",
                stacklevel=2,
            )


def _spelt_alike(values: Any) -> tuple[Any, Any] | None:
    """Two values that ``str()`` spells alike but pandas tells apart (``7`` and ``"7"``), or None."""
    seen: dict[str, Any] = {}
    for value in values:
        first = seen.setdefault(str(value), value)
        if type(first) is not type(value) or first != value:
            return first, value
    return None


def _unreadable_column(con: Any, frame: Any) -> tuple[str, str] | None:
    """The name and type of the first column of a pandas or polars DataFrame (or LazyFrame) or an
    Arrow table that DuckDB cannot register (``period[M]``, ``halffloat``, ``decimal256``, polars' ``Int128``
    and ``Object``), None for anything else."""
    module, kind = type(frame).__module__, type(frame).__name__
    if is_pandas_frame(frame):
        columns = [
            (str(frame.columns[i]), str(frame.dtypes.iloc[i]), frame.iloc[:, [i]]) for i in range(frame.shape[1])
        ]
    elif module.startswith("pyarrow") and kind == "Table":
        columns = [(field.name, str(field.type), frame.select([i])) for i, field in enumerate(frame.schema)]
    elif module.startswith("polars") and kind == "DataFrame":  # by position: a name may read as a pattern
        columns = [(name, str(frame.dtypes[i]), frame.to_series(i).to_frame()) for i, name in enumerate(frame.columns)]
    elif module.startswith("polars") and kind == "LazyFrame":  # its schema: nothing collected but a failing column
        import polars as pl

        columns = [
            (name, str(t), frame.select(pl.nth(i))) for i, (name, t) in enumerate(frame.collect_schema().items())
        ]
    else:
        return None
    for name, kind, alone in columns:
        try:
            con.register("privrisk_column_probe", alone)
        except duckdb.Error:
            return name, kind
        finally:
            con.unregister("privrisk_column_probe")
    return None


def open_target(
    target: Any, *, read_only: bool, open_read_only: bool, timeout: float | None, files: Any
) -> DuckDBEngine:
    """The DuckDB engine for a target :func:`~privrisk_sql.engines.common.is_duckdb_target` claims."""
    engine = open_duckdb(target, read_only=read_only, open_read_only=open_read_only, files=files)
    if engine is None:  # pragma: no cover - is_duckdb_target and open_duckdb disagree
        raise InvalidInputError(f"not a DuckDB target: {type(target).__name__}")
    return engine


def _open_one(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    """A caller's connection, refused by name when it is closed (DuckDB's own "Connection already
    closed!" came from the first statement, a traceback of no typed error)."""
    try:
        with run_lock(con):  # another thread's run on it: wait for its turn (Source.guarded)
            con.execute("SELECT 1").fetchall()
    except duckdb.ConnectionException:
        raise InvalidInputError("the duckdb connection given is closed: pass an open one") from None
    return con


def open_duckdb(target: Any, *, read_only: bool, open_read_only: bool, files) -> DuckDBEngine | None:
    """A DuckDB engine for ``target``, or None when ``target`` is not DuckDB's."""
    if isinstance(getattr(target, "_cursor", None), duckdb.DuckDBPyConnection):
        # dbt-duckdb's Python-model `session` wraps the live DuckDB cursor: use that cursor.
        return DuckDBEngine(_open_one(target._cursor), owns=False)
    if isinstance(target, duckdb.DuckDBPyConnection):
        return DuckDBEngine(_open_one(target), owns=False)
    if target is not None and not isinstance(target, (str, Path)):
        return None
    for file in files:  # read_only names each to DuckDB (allowed_paths): a database error
        if (not_utf8 := _name_not_in_utf8(file)) is not None:
            raise InvalidInputError(f"cannot read {file!r}: {not_utf8}")
    url = "" if target is None else str(target)
    config: dict[str, Any] = {}
    if (parts := duckdb_url_parts(url)) is not None:
        if not url.startswith("duckdb:///") and parts[0]:
            raise InvalidInputError(
                f"--db {url!r}: a DuckDB URL names its file after three slashes, "
                f"{'duckdb:///' + parts[0]!r} (four before an absolute path)"
            )
        url, config = parts[0], _url_config(url, parts[1])
    elif "://" in url:
        return None
    if is_in_memory(url):
        try:
            con = duckdb.connect(":memory:", config=config)
        except duckdb.Error as e:
            raise _refused_setting(target, e) from e
        return _locked_down(_spilling_into_its_folder(DuckDBEngine(con, owns=True)), read_only, files)
    if "\\" in url and os.sep == "/":
        # DuckDB opens a database's path with each backslash read as a folder separator (its readers
        # of CSV and Parquet files do not): back\s.duckdb was back/s.duckdb, another file or none.
        raise InvalidInputError(
            f"--db {url!r}: DuckDB reads a backslash in a database's path as a folder separator "
            f"({url.replace(chr(92), '/')!r}); name a database file whose path has none"
        )
    if (not_utf8 := _name_not_in_utf8(url)) is not None:  # was a traceback: RuntimeError std::bad_cast
        raise InvalidInputError(f"--db {url!r}: {not_utf8}")
    if read_only and not os.path.isfile(url):
        # DuckDB would refuse too, with a less helpful message (and without read_only it would
        # create an empty database file here).
        raise InvalidInputError(f"read-only: DuckDB database file not found: {url!r}")
    _check_database_file(url)
    try:
        con = duckdb.connect(_own_name(url), read_only=open_read_only, config=config)
    except duckdb.Error as e:
        if config and any(w in str(e) for w in _REFUSED_SETTING):
            raise _refused_setting(target, e) from e
        raise QueryError(f"cannot open DuckDB database {url!r}: {e}", dialect="duckdb") from e
    return _locked_down(_spilling_into_its_folder(DuckDBEngine(con, owns=True)), read_only, files)


def _spilling_into_its_folder(engine: DuckDBEngine) -> DuckDBEngine:
    """``engine`` told the folder its DuckDB spills into (Engine.left_after_a_kill), and whether
    that existed before: read before any work, while nothing has spilled."""
    # fetchall: DuckDB 2 refuses more work on a connection after a fetchone() that left rows
    ((folder,),) = engine.con.execute("SELECT current_setting('temp_directory')").fetchall()
    if folder:  # '' turns spilling off; by default '.tmp' of the working folder, or '<file>.tmp'
        engine.spill_folder = (os.path.abspath(folder), os.path.exists(folder))
    return engine


def spill_files(folder: str, of: Callable[[int], bool]) -> list[str]:
    """The spill files in ``folder`` of the processes ``of`` picks: DuckDB names each
    ``duckdb_temp_<pid>_...`` after the process that wrote it."""
    try:
        names = os.listdir(folder) if folder else []
    except OSError:
        return []
    owners = {n: re.match(r"duckdb_temp_(\d+)_", n) for n in names}
    return [os.path.join(folder, n) for n, m in owners.items() if m is not None and of(int(m.group(1)))]


_REFUSED_SETTING = ("not recognized", "Invalid Input", "Conversion", "Parser Error", "Syntax Error")


def _refused_setting(target: Any, e: duckdb.Error) -> InvalidInputError:
    return InvalidInputError(f"--db {target!s}: a DuckDB setting it gives is refused: {first_line(e)}")


# Every DuckDB database file has these bytes after its 8-byte checksum (its main header).
_DUCKDB_MAGIC, _MAGIC_AT = b"DUCK", 8
# An SQLite database file's first 16 bytes: such a file under --db is read with an sqlite:/// URL.
_SQLITE_MAGIC = b"SQLite format 3\x00"


def _check_database_file(path: str) -> None:
    """An existing path DuckDB is to open as its database must be a DuckDB database file. DuckDB
    opens a CSV or Parquet file given there as a throwaway in-memory database, so an output
    written "into" it was gone with the run; other files and directories failed as database
    errors (exit 3) where the input is at fault (exit 2)."""
    where = Path(path)
    if not os.path.exists(where):
        return  # a new database: DuckDB creates it (the Source refuses it unless create=True)
    if os.path.isdir(where):
        dataset = "; a folder of Parquet files is read with --table" if path_kind(path) == "parquet" else ""
        raise InvalidInputError(f"--db {path!r} is a directory, not a DuckDB database file{dataset}")
    try:
        with where.open("rb") as f:
            head = f.read(max(_MAGIC_AT + len(_DUCKDB_MAGIC), len(_SQLITE_MAGIC)))
    except OSError as e:
        raise InvalidInputError(f"--db {path!r} cannot be read: {e.strerror}") from e
    if head.startswith(_SQLITE_MAGIC):
        raise InvalidInputError(
            f"--db {path!r} is not a DuckDB database file but an SQLite one: name it with a URL, "
            f"--db {'sqlite:///' + path!r}"
        )
    if head[_MAGIC_AT : _MAGIC_AT + len(_DUCKDB_MAGIC)] != _DUCKDB_MAGIC:
        raise InvalidInputError(
            f"--db {path!r} is not a DuckDB database file; a CSV or Parquet file is read with --table "
            "(a table in Python), and --db names a .duckdb file, new or existing, or a database URL"
        )


def _url_config(url: str, settings: str) -> dict[str, Any]:
    """``duckdb:///w.duckdb?memory_limit=2GB&threads=2`` (or ``duckdb://?...`` in memory): the
    DuckDB settings for the connection (as SQLAlchemy's duckdb dialect takes them), so that the
    command line can bound what DuckDB takes (benchmarks/wide_1m_memory.py: its default is 80 %
    of the machine's RAM)."""
    from urllib.parse import parse_qsl

    if not settings:
        return {}
    try:
        pairs = parse_qsl(settings, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise InvalidInputError(f"--db {url}: the settings after '?' are not name=value pairs joined by '&'") from None
    return dict(pairs)


def _locked_down(engine: DuckDBEngine, read_only: bool, files) -> DuckDBEngine:
    """read_only on a DuckDB opened here: no file outside ``files`` may be read or written, and
    the setting cannot be turned back on by any later statement."""
    if not read_only:
        return engine
    if files:
        # Each file by its path and by the spelling the readers get (_literal_path: glob characters escaped).
        read = [p for f in files for p in (parquet_dataset_files(f) if os.path.isdir(f) else [f])]
        spellings = dict.fromkeys(
            p for f in read for p in (str(Path(f).resolve()), _literal_path(str(Path(f).resolve())))
        )
        paths = ", ".join(sql_literal(p, engine.dialect) for p in spellings)
        engine.con.execute(f"SET allowed_paths = [{paths}]")
    engine.con.execute("SET enable_external_access = false")
    return engine


def _literal(value: Any) -> str:
    return sql_literal(value, DuckDBEngine.dialect)


def _literal_path(label: str) -> str:
    """A file's path as DuckDB's readers take it, naming that one file: they read a path as a glob,
    so p[1].csv read the neighbouring p1.csv. Each glob character becomes a class of itself. A
    leading ~ is kept a file's name (_own_name)."""
    return "".join(f"[{ch}]" if ch in "*?[" else ch for ch in _own_name(str(Path(label))))


def _name_not_in_utf8(path: str) -> str | None:
    """Why DuckDB cannot open ``path`` when its name is not UTF-8, else None: DuckDB takes UTF-8
    only (a database of such a name was a traceback, std::bad_cast; a CSV file 'Python Conversion
    Failure')."""
    said = outside_utf8(path)
    return (
        None
        if said is None
        else f"DuckDB takes a path in UTF-8 only, and this one holds {said}: rename the file, or link it under a name in UTF-8"
    )


def _own_name(path: str) -> str:
    """``path`` as DuckDB must be given it to open the file of that name here: a leading ~ is the
    home folder to DuckDB, even with no / after it (~t.duckdb was made as /roott.duckdb). ~/ is
    expanded before this, as pandas does, so a ~ left here begins a file's name: ./ keeps it one."""
    return "./" + path if path.startswith("~") else path


def _dataset_reader(label: str, connection: Any) -> str:
    """``read_parquet`` of a dataset folder's files (:func:`parquet_dataset_files`), its Hive
    partition folders (`sex=F/`) read as columns, as Spark reads them."""
    files = parquet_dataset_files(label)
    # DuckDB takes every `name=value` folder of a file's path as a partition, Spark only those
    # below the dataset: one above it would become a column the dataset does not have.
    above = [part for part in Path(label).resolve().parts if "=" in part]
    if above:
        raise InvalidInputError(
            f"cannot read {label!r}: DuckDB would read the folder {above[0]!r} of the dataset's own path as a "
            "partition column; read the dataset from a path without '=' in its folder names"
        )
    check_dataset(label, files, connection)
    return f"read_parquet([{_listed(files)}], hive_partitioning = true)"


def _listed(files: list[str]) -> str:
    """Files as the items of a DuckDB list literal, each naming that one file (glob characters escaped)."""
    return ", ".join(_literal(_literal_path(str(Path(f).resolve()))) for f in files)


def check_dataset(label: str, files: list[str], connection: Any) -> None:
    """What DuckDB and Spark alike would misread in a dataset folder, refused before any work
    from its files' footers (read through ``connection``, a DuckDB one; Spark's engine opens
    one for this): part files that disagree, columns one name apart, a partition folder named
    like a column, part files outside partition folders or in folders of other names."""
    folders = partition_folders(label, files)
    first = _refuse_disagreeing_parts(label, files, connection)
    columns = _top_level_names(first)
    refuse_one_name_columns(columns, f"{label!r}:")
    refuse_partition_clash(label, folders, columns)


def _refuse_disagreeing_parts(label: str, files: list[str], connection: Any) -> list[tuple]:
    """Refuse a dataset whose part files do not all have the first one's columns and types,
    naming the first that differs. DuckDB read such a dataset until the part that did not fit,
    then failed mid-run as a database error; Spark read a part without a column as NULLs.
    Returns the first part's schema, (name, type, children) per node, its root first."""
    try:
        rows = connection.execute(
            f"SELECT file_name, name, duckdb_type, num_children FROM parquet_schema([{_listed(files)}])"
        ).fetchall()
    except duckdb.Error as e:
        raise InvalidInputError(f"cannot read {label!r}: {first_line(e)}") from e
    schemas: dict[str, list[tuple]] = {}
    for file, *node in rows:
        schemas.setdefault(file, []).append(tuple(node))
    (first, expected), *others = [(file, nodes[1:]) for file, nodes in schemas.items()]  # [0]: the root

    def spelled(nodes: list[tuple]) -> str:
        return ", ".join(f"{name} {kind}" for name, kind, _ in nodes)

    for file, nodes in others:
        if nodes != expected:
            raise InvalidInputError(
                f"cannot read {label!r}: its part files have different columns: {file!r} has "
                f"({spelled(nodes)}) where {first!r} has ({spelled(expected)})"
            )
    return schemas[first]


# The rows DuckDB's sniffer reads to choose each column's type (its default, pinned so that
# _types_of_the_whole_file knows which files have rows past them).
SNIFFED_ROWS = 20_480


def _sniffed(label: str, connection: Any, fields: str, encoding: str, *, sample_size: int = SNIFFED_ROWS) -> tuple:
    """The ``fields`` (a literal list of sniff_csv's columns) DuckDB's sniffer finds in ``label``
    from its first ``sample_size`` rows (-1: every row), its text read in ``encoding``."""
    return connection.execute(
        f"SELECT {fields} FROM sniff_csv(?, sample_size = {int(sample_size)}, encoding = ?)",
        [_literal_path(label), encoding],
    ).fetchone()


def _sniff_csv(label: str, connection: Any, encoding: str = "utf-8") -> tuple:
    """What DuckDB's sniffer detects in the CSV file ``label`` (the options :func:`_pinned_csv_reader`
    pins), the file's text read in ``encoding``, which ends the tuple."""
    if _holds_no_text(label):
        # DuckDB reads it as one column "column0" and no rows: "column 'age' not found (columns: column0)".
        raise InvalidInputError(f"cannot read {label!r}: the file is empty (no header line, no rows)")
    try:
        fields = (
            "Delimiter, Quote, Escape, NewLineDelimiter, Comment, SkipRows, HasHeader, Columns, DateFormat, "
            "TimestampFormat"
        )
        row = (*_sniffed(label, connection, fields, encoding), encoding)
        if row[1] in ("", "(empty)") and not _fewer_lines_than(label, SNIFFED_ROWS) and _holds(label, b'"'):
            # No quoted value in the rows sampled, a '"' past them ("Ann, Jr.",c1): the pinned
            # reader had no quote character and refused the row as having one field too many.
            # Sniffed again from every row, as the file is standard CSV there
            # (docs/decisions/duckdb-csv-types-from-every-row.md: the check costs 5 ms per 100 MB).
            row = (*_sniffed(label, connection, fields, encoding, sample_size=-1), encoding)
        if int(row[5]):  # the sniffer skipped lines: a preamble, or rows that disagree with the header
            _refuse_ragged(label, row[0], row[1], encoding)
        if row[6]:  # the sniffer gives the header as DuckDB renamed it: the file's own is read here
            refuse_one_name_columns(_csv_header(label, row[0], row[1], encoding), f"{label!r}:")
        if row[4] not in ("", "(empty)"):
            _refuse_values_cut_by_comments(label, row[4], row[0], len(row[7]), encoding)
        return _types_of_the_whole_file(label, connection, row)
    except duckdb.Error as e:
        raise InvalidInputError(
            _not_utf8(label, e) or f"cannot read {label!r}: {_other_format(label) or first_line(e)}"
        ) from e


def _holds_no_text(label: str) -> bool:
    """The CSV file holds nothing but a byte-order mark and white space (a .gz: once decompressed)."""
    try:
        with _opened(label, text=False) as f:
            head = f.read(4096)
    except OSError:
        return False  # DuckDB's own read says what is wrong
    return len(head) < 4096 and not head.removeprefix(b"\xef\xbb\xbf").strip()


# A file's first bytes, and what the file is then: DuckDB's reader says "not utf-8 encoded".
_MAGIC = (
    (b"\x1f\x8b", "it is gzip-compressed: name it with .gz at the end (DuckDB decompresses a .gz file)"),
    (b"PK\x03\x04", "it is a ZIP archive (an Excel workbook is one): export the sheet as CSV"),
    (b"PAR1", "it is a Parquet file: name it with .parquet at the end"),
    # Excel's "Unicode Text" (and PowerShell's redirection) save UTF-16 with a byte-order mark.
    *(
        (bom, "it is UTF-16 text, and a CSV file is read as UTF-8: save it as 'CSV UTF-8' or convert it")
        for bom in (b"\xff\xfe", b"\xfe\xff")
    ),
)


def _not_utf8(label: str, e: Exception) -> str | None:
    """The message for a CSV file DuckDB found not to be UTF-8 (None for any other error),
    with the line and the ways out: its own "not utf-8 encoded" left the user with no option
    to name an encoding, and mid-run it read as a type sniffed wrong."""
    if "not utf-8 encoded" not in str(e) or _other_format(label):
        return None
    line = re.search(r"Line: (\d+)", str(e))
    return _not_utf8_message(label, int(line.group(1)) if line else None)


def _not_utf8_message(label: str, line: int | None) -> str:
    return (
        f"cannot read {label!r}: {f'line {line}' if line else 'it'} is not UTF-8 text, and a CSV file "
        "is read as UTF-8 unless told: a Latin-1 (ISO-8859-1) file is read with --encoding latin-1 "
        f"(Source(..., csv_encoding='latin-1')); another, convert it ({_conversion_command(label)})"
    )


def _conversion_command(label: str) -> str:
    """A shell line that writes ``label`` as UTF-8 to utf8.csv, from Windows-1252 (a superset of
    Latin-1's printable characters): a gzip file is decompressed first, iconv reads text."""
    quoted = shlex.quote(label)
    convert = "iconv -f CP1252 -t UTF-8"
    if label.lower().endswith(".gz"):
        return f"gzip -dc {quoted} | {convert} > utf8.csv"
    return f"{convert} {quoted} > utf8.csv"


def _other_format(label: str) -> str | None:
    """What the CSV file ``label`` is when its first bytes say it is no text (None otherwise)."""
    if label.lower().endswith(".gz"):
        return None
    try:
        with _opened(label, text=False) as f:
            head = f.read(4)
    except OSError:
        return None
    return next((what for magic, what in _MAGIC if head.startswith(magic)), None)


@dataclass(frozen=True)
class CsvDialect:
    """How DuckDB's sniffer reads a CSV file, for an engine that is told it (Spark reads commas
    unless told, 00501 as a number, and 01/02/2020 as text): the delimiter, quote and escape
    characters ('' for none), the character starting a comment line ('' for none), whether a
    quoted value holds a line break (Spark then needs its multiLine reading), the columns'
    names in file order (DuckDB's: it trims the header's spaces), the columns read as text,
    those read as BIGINT, those read as DATE or TIMESTAMP, and the file's date and timestamp formats (strftime; None
    where DuckDB parses ISO 8601)."""

    delimiter: str
    quote: str
    escape: str
    comment: str
    multiline: bool
    names: tuple[str, ...]
    text: frozenset[str]
    whole: frozenset[str]
    dated: Mapping[str, str]
    date_format: str | None
    timestamp_format: str | None


def csv_dialect(label: str, connection: Any, encoding: str = "utf-8") -> CsvDialect:
    """:class:`CsvDialect` of the CSV file ``label``, its columns typed as every row of the file
    fits (:func:`_types_of_the_whole_file`), as DuckDB reads them."""
    row = _sniff_csv(label, connection, encoding)
    if encoding == "utf-8":  # in Latin-1 every byte is a character
        _refuse_not_utf8(label)
    delimiter, quote, escape, comment = ("" if value == "(empty)" else value for value in (*row[:3], row[4]))
    text = [c["name"] for c in row[7] if c["type"] == "VARCHAR"]
    multiline = False
    # Only a quoted value can hold a line break: a file without the quote character needs no
    # pass over its text columns (0.1 s for a 1M-row file of 9; finding no quote, 0.03 s).
    if text and quote and _holds(label, quote.encode()):
        breaks = " OR ".join(
            f"strpos({quote_identifier(n, DuckDBEngine.dialect)}, chr({c})) > 0" for n in text for c in (10, 13)
        )
        reader = _pinned_csv_reader(_literal(_literal_path(label)), row)
        try:
            multiline = bool(
                connection.execute(f"SELECT COALESCE(bool_or({breaks}), false) FROM {reader}").fetchone()[0]
            )
        except duckdb.Error as e:
            raise InvalidInputError(f"cannot read {label!r}: {first_line(e)}") from e
    return CsvDialect(
        delimiter,
        quote,
        escape,
        comment,
        multiline,
        tuple(c["name"] for c in row[7]),
        frozenset(c["name"] for c in row[7] if c["type"] == "VARCHAR"),
        frozenset(c["name"] for c in row[7] if c["type"] == "BIGINT"),
        {c["name"]: c["type"] for c in row[7] if c["type"] in ("DATE", "TIMESTAMP")},
        row[8] or None,
        row[9] or None,
    )


def _refuse_not_utf8(label: str) -> None:
    """Refuse a CSV file that is not UTF-8 past the rows the sniffer read, naming the line, as
    DuckDB's own full read does: the engine told the dialect (Spark) decodes such bytes as U+FFFD,
    so "José" and "Josè" in a Latin-1 file became one value, and two people one class. One pass
    in Python, about 0.1 s for 100 MB."""
    import codecs

    decoder = codecs.getincrementaldecoder("utf-8")()
    lines_before = 1
    with _opened(label, text=False) as f:
        while True:
            chunk = f.read(1 << 20)
            try:
                decoder.decode(chunk, final=not chunk)
            except UnicodeDecodeError as e:  # e.object: the bytes held back from the chunk before, then this one
                raise InvalidInputError(
                    _not_utf8_message(label, lines_before + e.object.count(b"\n", 0, e.start))
                ) from e
            if not chunk:
                return
            lines_before += chunk.count(b"\n")


def _opened(label: str, *, text: bool, encoding: str = "utf-8") -> IO[Any]:
    """The file as DuckDB reads it: a ``.gz`` decompressed; as text in ``encoding``, a UTF-8 BOM
    is not part of the first field and line breaks are left to the reader (``csv`` takes them
    inside quotes)."""
    import gzip

    compressed = label.lower().endswith(".gz")
    if not text:
        return cast(IO[bytes], gzip.open(label, "rb")) if compressed else open(label, "rb")
    python_name = "utf-8-sig" if encoding == "utf-8" else encoding
    options: dict[str, Any] = {"encoding": python_name, "errors": "replace", "newline": ""}
    return gzip.open(label, "rt", **options) if compressed else open(label, **options)


def _csv_rows(label: str, delimiter: str, quote: str, encoding: str) -> Iterator[tuple[int, list[str]]]:
    """The file's non-blank rows with their line numbers, split in Python with the sniffed
    delimiter and quote."""
    import csv

    with _opened(label, text=True, encoding=encoding) as f:
        reader = csv.reader(f, delimiter=delimiter, quotechar=quote if len(quote) == 1 else '"')
        for row in reader:
            if row and (len(row) > 1 or row[0].strip()):
                yield reader.line_num, row


def _csv_header(label: str, delimiter: str, quote: str, encoding: str) -> list[str]:
    """The header's fields, as the file spells them (a delimiter of several characters, which
    Python's csv module cannot take, gives none: nothing to compare)."""
    if len(delimiter) != 1:
        return []
    return next((row for _, row in _csv_rows(label, delimiter, quote, encoding)), [])


def parquet_columns(label: str, connection: Any) -> list[str]:
    """A Parquet file's top-level column names, as the file spells them (DuckDB's reader renames)."""
    try:
        rows = connection.execute("SELECT name, num_children FROM parquet_schema(?)", [_literal_path(label)]).fetchall()
    except duckdb.Error as e:
        raise InvalidInputError(f"cannot read {label!r}: {first_line(e)}") from e
    return _top_level_names([(name, None, children) for name, children in rows])


def _top_level_names(nodes: list[tuple]) -> list[str]:
    """The top-level column names of a Parquet schema given as (name, type, children) nodes in
    schema order, its root first."""
    names, open_children = [], [int(nodes[0][2] or 0)] if nodes else []
    for name, _kind, children in nodes[1:]:  # schema order: each group's children follow it
        if len(open_children) == 1:
            names.append(name)
        open_children[-1] -= 1
        if children:
            open_children.append(int(children))
        while len(open_children) > 1 and open_children[-1] == 0:
            open_children.pop()
    return names


def _refuse_ragged(label: str, delimiter: str, quote: str, encoding: str) -> None:
    """A file whose rows do not all have the header's number of fields is bad input, naming the
    first such line: DuckDB's sniffer took the later rows' shape and skipped the header and the
    rows before them (100 three-field rows and 4 four-field rows read as 4 records). Only read
    here, in Python, when the sniffer skipped lines."""
    width = None
    for line, row in _csv_rows(label, delimiter if len(delimiter) == 1 else ",", quote, encoding):
        if width is None:
            width = len(row)
        elif len(row) != width:
            raise InvalidInputError(
                f"cannot read {label!r}: line {line} has {len(row)} fields where the first line has {width}"
            )


def _refuse_values_cut_by_comments(label: str, comment: str, delimiter: str, width: int, encoding: str) -> None:
    """A file with comment lines (``# exported ...``) whose rows also hold the comment character
    is bad input, naming the first such line: DuckDB reads everything after the character as a
    comment, quoted or not, so ``Apt #5`` and ``Apt #6`` were both ``Apt `` (two people made
    one, k = 2 reported where k = 1), and it skips a row whose first value starts with it
    (``#a,1``: a record gone). A line starting with the character is taken for a row when it
    holds as many fields as the header (``width``). Only read here, in Python, when the sniffer
    found comment lines."""
    with _opened(label, text=True, encoding=encoding) as f:
        for number, line in enumerate(f, start=1):
            if not line.startswith(comment):
                if comment in line:
                    raise InvalidInputError(
                        f"cannot read {label!r}: line {number} holds {comment!r} after its start, and DuckDB, "
                        f"which reads the file's lines starting with {comment!r} as comments, would cut its "
                        "value there: remove the comment lines"
                    )
            elif width > 1 and len(delimiter) == 1 and line.count(delimiter) == width - 1:
                raise InvalidInputError(
                    f"cannot read {label!r}: line {number} starts with {comment!r} and holds {width} fields, "
                    f"as a row does, and DuckDB, which reads the file's lines starting with {comment!r} as "
                    "comments, would skip it: remove the comment lines"
                )


def _pinned_csv_reader(path_sql: str, row: tuple) -> str:
    """``read_csv`` with the options DuckDB's sniffer detected (``row``), spelled out (``auto_detect=false``).

    Every query of a run reads the file again, and each auto-detecting read sniffs it again:
    about 30 ms of a 35 ms read of a 30k-row CSV. The sniffer is deterministic, so pinning its
    result once reads the same types and values.
    """
    delim, quote, escape, new_line, comment, skip, header, columns, date_format, ts_format, encoding = row

    def option(value: str) -> str:
        return _literal("" if value == "(empty)" else value)

    types = ", ".join(f"{_literal(c['name'])}: {_literal(c['type'])}" for c in columns)
    options = [
        path_sql,
        "auto_detect = false",
        # A folder `year=2024` in the path is no column of the file (DuckDB's default reads it as one).
        "hive_partitioning = false",
        f"delim = {option(delim)}",
        f"quote = {option(quote)}",
        f"escape = {option(escape)}",
        f"new_line = {option(new_line)}",
        f"comment = {option(comment)}",
        f"skip = {int(skip)}",
        f"header = {'true' if header else 'false'}",
        f"columns = {{{types}}}",
    ]
    if encoding != "utf-8":
        options.append(f"encoding = {_literal(encoding)}")
    if date_format:
        options.append(f"dateformat = {_literal(date_format)}")
    if ts_format:
        options.append(f"timestampformat = {_literal(ts_format)}")
    return f"read_csv({', '.join(options)})"


def _holds(label: str, needle: bytes) -> bool:
    """Whether the file (a compressed one as DuckDB reads it) holds ``needle``, read until it does."""
    if not label.lower().endswith(".gz"):
        import mmap

        # Mapped, not read in chunks: half the time (17 against 37 ms for 39 MB, no copy of the bytes).
        with open(label, "rb") as f:
            if os.fstat(f.fileno()).st_size == 0:
                return False
            with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
                return mapped.find(needle) >= 0
    tail = b""
    with _opened(label, text=False) as f:
        while chunk := f.read(1 << 20):
            if needle in tail + chunk[: len(needle) - 1] or needle in chunk:
                return True
            tail = chunk[-(len(needle) - 1) :] if len(needle) > 1 else b""
    return False


def _fewer_lines_than(label: str, n: int) -> bool:
    """Whether the file has fewer than ``n`` line breaks, read until it has that many (a
    compressed file's own bytes say nothing of its lines: it is read as it is read by DuckDB)."""
    seen = 0
    with _opened(label, text=False) as f:
        while chunk := f.read(1 << 20):
            seen += chunk.count(b"\n")
            if seen >= n:
                return False
    return True


def _types_of_the_whole_file(label: str, connection: Any, row: tuple, *, resniffed: bool = False) -> tuple:
    """The sniffed CSV options, with each column's type fitting every row of the file, not only
    the rows the sniffer sampled (:data:`SNIFFED_ROWS`):

    - a column sniffed as BIGINT holding a later value that is no whole number (``1.5``) is read
      as DOUBLE, as pandas and Spark read it: DuckDB cast ``1.5`` to 2, so a unique row joined
      the class of 2 (k = 63 reported where k = 1); one holding a whole number too large for
      BIGINT is read as HUGEINT (exact), where DuckDB refused it mid-run;
    - a column of numbers, dates or times holding a later value that is none (``unknown``) is
      read as text, as pandas and Spark read it (DuckDB refused the file, Spark read it);
    - a column sniffed as BOOLEAN is read as text unless the file spells its values true/false:
      DuckDB also takes yes/no, y/n, t/f, 1/0, and results would then show true/false where the
      file (and pandas, so PETsARD) say "yes"/"no".

    One pass over the file, the BIGINT columns read as DOUBLE (the cheapest read that sees a
    fraction: 0.15 s for 1M rows, as much as reading them as BIGINT), and only when the file has
    rows the sniffer did not see. Only when that pass meets a value its column's type cannot
    hold is the file sniffed once more, every row (1.5 s for 1M rows), for the columns that are
    text (docs/decisions/duckdb-csv-types-from-every-row.md)."""
    columns = list(row[7])
    if len(columns) == 1 and any(sep in columns[0]["name"] for sep in (",", ";", "\t")):
        # Rows with different numbers of fields: the sniffer gives up on the delimiter and reads
        # each line as one text value, so a 3-column file became 1 column and rows went wrong.
        raise InvalidInputError(
            f"cannot read {label!r}: its rows do not all have the same number of fields "
            f"(DuckDB read each line as one value, header {columns[0]['name']!r})"
        )
    booleans = [c["name"] for c in columns if c["type"] == "BOOLEAN"]
    typed = [c["name"] for c in columns if c["type"] not in ("VARCHAR", "BOOLEAN")]
    if typed and _fewer_lines_than(label, SNIFFED_ROWS):
        typed = []  # the sniffer saw every row: each fits its type
    if not booleans and not typed:
        return row
    whole = [c["name"] for c in columns if c["type"] == "BIGINT" and c["name"] in typed]
    duck = DuckDBEngine.dialect

    def q(name: str) -> str:
        return quote_identifier(name, duck)

    checks = [f"bool_and(lower(trim({q(n)})) IN ('true', 'false')) OR bool_and({q(n)} IS NULL)" for n in booleans]
    for n in whole:  # read as DOUBLE: NaN and infinities are no whole number (NaN compares above all)
        checks.append(f"COALESCE(bool_and({q(n)} = trunc({q(n)}) AND abs({q(n)}) < 9.2e18), true)")
        checks.append(f"COALESCE(bool_and({q(n)} = trunc({q(n)}) AND abs({q(n)}) < 1.7e38), true)")
    # Every other typed column parsed once (a column no query names is never parsed), so that a
    # value its type cannot hold is met here, before any work.
    checks.extend(f"count({q(n)}) >= 0" for n in typed if n not in whole)
    read_as = {**{n: "VARCHAR" for n in booleans}, **{n: "DOUBLE" for n in whole}}
    checked = [dict(c, type=read_as[c["name"]]) if c["name"] in read_as else c for c in columns]
    path = _literal(_literal_path(label))
    try:
        flags = iter(
            connection.execute(
                f"SELECT {', '.join(checks)} FROM {_pinned_csv_reader(path, (*row[:7], checked, *row[8:]))}"
            ).fetchone()
        )
    except duckdb.Error as e:
        if "CSV Error" not in str(e):
            raise
        text = set() if resniffed else _text_in_every_row(label, connection, typed, row[10])
        if not text:
            return row  # the read refuses the value, naming its line and the column's type
        as_text = [dict(c, type="VARCHAR") if c["name"] in text else c for c in columns]
        return _types_of_the_whole_file(label, connection, (*row[:7], as_text, *row[8:]), resniffed=True)
    retyped = {n: "VARCHAR" for n in booleans if not next(flags)}
    for n in whole:
        fits, huge = next(flags), next(flags)
        if not fits:
            retyped[n] = "HUGEINT" if huge else "DOUBLE"
    if not retyped:
        return row
    fixed = [dict(c, type=retyped[c["name"]]) if c["name"] in retyped else c for c in columns]
    return (*row[:7], fixed, *row[8:])


def _text_in_every_row(label: str, connection: Any, typed: list[str], encoding: str) -> set[str]:
    """Those of the ``typed`` columns that DuckDB's sniffer reads as text when it samples every
    row of the file: a later value that is no number or date (``unknown``, ``n/a``)."""
    columns = _sniffed(label, connection, "Columns", encoding, sample_size=-1)[0]
    return {c["name"] for c in columns if c["type"] == "VARCHAR" and c["name"] in typed}
