"""What every engine shares: reading a DBAPI cursor, error text, and what a ``--db`` value names."""

from __future__ import annotations

import contextlib
import os
import re
import threading
import weakref
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import InvalidInputError
from ..given import home_expanded

# A password in a URL's user part (//user:secret@) and secrets in its query (?password=...).
_USERINFO = re.compile(r"(//[^/@\s'\"]*?):([^@/\s'\"]*)@")
_SECRET_PARAMETER = re.compile(r"(?i)\b(password|passwd|pwd|pass|secret|token|api[_-]?key|access[_-]?key)=([^&\s'\"]*)")


# What a table argument's suffix says the file holds (a `.gz` after it is read decompressed).
FILE_SUFFIXES = {".csv": "csv", ".tsv": "csv", ".txt": "csv", ".parquet": "parquet", ".pq": "parquet"}


# The text encodings a CSV file may be read in (DuckDB's reader knows these two without an
# extension), by the names users write; Windows-1252 is not Latin-1 (0x80-0x9F: the euro sign,
# curly quotes), so it is refused with the way out rather than read with other characters.
CSV_ENCODINGS = {
    "utf-8": "utf-8",
    "utf8": "utf-8",
    "latin-1": "latin-1",
    "latin1": "latin-1",
    "iso-8859-1": "latin-1",
    "iso8859-1": "latin-1",
    "l1": "latin-1",
}


def csv_encoding(value: object) -> str:
    """The encoding ``value`` names, as :data:`CSV_ENCODINGS` spells it, or InvalidInputError."""
    name = str(value).strip().lower().replace("_", "-") if isinstance(value, str) else None
    if name not in CSV_ENCODINGS:
        raise InvalidInputError(
            f"csv encoding {value!r}: CSV files are read as utf-8 or latin-1 (ISO-8859-1); convert another "
            "to UTF-8 first (iconv -f CP1252 -t UTF-8 in.csv > out.csv for Windows-1252)"
        )
    return CSV_ENCODINGS[name]


# The file suffixes a table a run writes may take instead of a table's name (on DuckDB: Mondrian's
# release, risk's records and classes), and the format each names (Dialect.file_outputs).
WRITTEN_FILE_SUFFIXES = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv", ".csv.gz": "csv.gz"}


def file_format(output: Any) -> str | None:
    """The format an output option's value names by its suffix, or None for a table name."""
    if not isinstance(output, str):
        return None
    name = output.lower()
    return next((kind for suffix, kind in WRITTEN_FILE_SUFFIXES.items() if name.endswith(suffix)), None)


# Other kinds of file an output's name may mean (a table's name seldom ends so): told as files
# no run writes, not as a schema "out" that does not exist (out.json).
OTHER_FILE_SUFFIXES = (".json", ".jsonl", ".ndjson", ".xlsx", ".xls", ".feather", ".arrow", ".orc", ".avro", ".zip")


def output_kind(output: Any) -> str:
    """``"file"`` or ``"table"``: what an output option's value names, for messages and summaries."""
    return "file" if file_format(output) else "table"


def file_reader(table: str) -> str | None:
    """``"csv"`` or ``"parquet"`` by the suffix of ``table``; None for any other name."""
    name = table.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    return FILE_SUFFIXES.get(Path(name).suffix)


def parquet_dataset_files(folder: str | os.PathLike) -> list[str]:
    """The Parquet files of a dataset folder (as Spark writes one, Hive partitions `sex=F/` too),
    sorted by path: every `.parquet`/`.pq` file below it, skipping what Spark and Hive skip, any
    file or folder whose name starts with `_` or `.` (`_SUCCESS`, the `_temporary/` of a write
    in progress, `.crc` checksums)."""
    return list(_parquet_files_below(folder))


def _parquet_files_below(folder: str | os.PathLike) -> Iterator[str]:
    for root, folders, files in os.walk(os.fspath(folder)):
        folders[:] = sorted(f for f in folders if not f.startswith(("_", ".")))
        for f in sorted(files):
            if not f.startswith(("_", ".")) and Path(f).suffix.lower() in (".parquet", ".pq"):
                yield os.path.join(root, f)


def partition_folders(label: str, files: list[str]) -> dict[str, str]:
    """The partition folders of a dataset's part files, each name (lower case) with a folder of
    it (the last in path order: `sex=F`). Refused first, a dataset whose part files are not laid
    out as Spark writes one: at its top, or all in partition folders of the same names
    (`sex=F/`, `year=2024/sex=F/`). Elsewhere the engines part ways: DuckDB read a part in
    `2024/` and Spark skipped it (half the rows, without a word), or failed ("Unable to infer
    schema", "Conflicting directory structures")."""
    layouts: dict[tuple[str, ...], str] = {}
    folders: dict[str, str] = {}
    for f in files:
        relative = Path(os.path.relpath(f, label))
        names = []
        for folder in relative.parts[:-1]:
            name, is_partition, _value = folder.partition("=")
            if not is_partition or not name:
                raise InvalidInputError(
                    f"cannot read {label!r}: its part file {relative.as_posix()!r} is in the folder {folder!r}, "
                    "which is no partition folder (name=value); a dataset holds its part files at its top or "
                    "in partition folders"
                )
            names.append(name)
            folders[name.lower()] = folder
        layouts.setdefault(tuple(names), relative.as_posix())
    if len(layouts) > 1:
        (names_one, one), (names_other, other) = list(layouts.items())[:2]

        def spelled(names: tuple[str, ...]) -> str:
            return f"partition folders ({', '.join(names)})" if names else "no partition folder"

        raise InvalidInputError(
            f"cannot read {label!r}: its part files are in different partition folders: {other!r} is in "
            f"{spelled(names_other)} where {one!r} is in {spelled(names_one)}"
        )
    return folders


def refuse_partition_clash(label: str, folders: Mapping[str, str], columns: Iterable[str]) -> None:
    """Refuse a dataset with a partition folder (:func:`partition_folders`) named like a column
    of its part files: DuckDB and Spark alike read the folder's value over each row's own
    (`sex=F/` holding rows of both sexes was read as all F), without a word."""
    for column in columns:
        if column.lower() in folders:
            raise InvalidInputError(
                f"cannot read {label!r}: column {column!r} is both in its part files and a partition folder "
                f"({folders[column.lower()]!r}), whose value would be read over each row's own"
            )


def path_kind(table: Any) -> str | None:
    """How a table argument naming a path is read: ``"csv"`` or ``"parquet"`` for a file with
    one of :data:`FILE_SUFFIXES`, ``"parquet"`` for a folder holding Parquet files (a dataset);
    None when it names neither."""
    if isinstance(table, os.PathLike):
        table = os.fspath(table)
    if not isinstance(table, str) or not table:
        return None
    reader, path = file_reader(table), Path(table)
    if reader is not None and os.path.isfile(path):
        return reader
    if reader != "csv" and os.path.isdir(path) and next(_parquet_files_below(path), None) is not None:
        return "parquet"
    return None


def refuse_one_name_columns(names: Iterable[Any], whose: str) -> None:
    """Refuse two of ``names`` that DuckDB reads as one name (equal but for the case of ASCII
    letters: it folds those only), naming both and ``whose`` they are. DuckDB reads the second
    as NAME_1, so a column named after it silently meant the first."""
    seen: dict[str, str] = {}
    for name in map(str, names):
        key = name.encode().lower().decode()
        if key in seen and seen[key] == name:  # "which ignores case" would puzzle here
            raise InvalidInputError(
                f"{whose} column {name!r} appears twice (DuckDB would read the second as another name): "
                "rename one of them"
            )
        if key in seen:
            raise InvalidInputError(
                f"{whose} columns {seen[key]!r} and {name!r} are one name to DuckDB, which ignores case (it "
                "would read the second as another name): rename one of them"
            )
        seen[key] = name


def redacted(text: str) -> str:
    """``text`` with every password a database URL in it may carry replaced by ***: the user part
    of ``scheme://user:secret@host`` and secret query parameters (``?password=``), whatever the
    URL's shape, so no message, log line or report shows one."""
    text = _USERINFO.sub(r"\1:***@", text)
    return _SECRET_PARAMETER.sub(lambda m: f"{m.group(1)}=***", text)


def fetched(cursor: Any, fetch: bool | str) -> Any:
    """A DBAPI cursor's rows: None, tuples, or (fetch="records") dicts by column name."""
    if not fetch:
        return None
    rows = cursor.fetchall()
    if fetch == "records":
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, r)) for r in rows]
    # DuckDB's rows are tuples already: no copy of a large result (mpUCCs' events) for nothing.
    if type(rows) is list and (not rows or type(rows[0]) is tuple):
        return rows
    return [tuple(r) for r in rows]  # PyMySQL: a tuple of tuples; psycopg and sqlite3: lists of rows


def first_line(e: BaseException) -> str:
    """The line of an error's text that says what went wrong: its first, or for a Java error
    reaching Python through py4j (classic Spark) the Java exception's message, not py4j's
    "An error occurred while calling o33.sql." before it. DuckDB's CSV errors say where on
    their first line and why on a later one ("Invalid unicode ... not utf-8 encoded"): both."""
    text = str(getattr(e, "orig", None) or e).strip()
    if not text:
        return type(e).__name__
    lines = text.splitlines()
    if lines[0].startswith("An error occurred while calling "):
        java = next((line[2:].strip() for line in lines[1:] if line.startswith(": ")), "")
        message = _JAVA_CLASS.sub("", java, count=1)
        if message:
            return message
    if "CSV Error on Line" in lines[0]:
        why = next((x.strip() for x in lines[1:] if x.strip() and not x.startswith("Original Line:")), "")
        if why and not why.startswith("Possible Solution"):
            return f"{lines[0]}: {why}"
    return lines[0]


# `org.apache.spark.SparkException: ` before a Java exception's message.
_JAVA_CLASS = re.compile(r"^(?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*(?:Exception|Error): ")


_SPARK_URLS = ("sc://", "spark://")


def is_spark_target(target: Any) -> bool:
    """Whether ``target`` names Spark: a SparkSession, ``sc://``, ``spark://``, ``local[N]``."""
    if isinstance(target, str):
        return target.startswith(_SPARK_URLS) or target == "local" or target.startswith("local[")
    return type(target).__module__.startswith("pyspark.") and type(target).__name__ == "SparkSession"


_IN_MEMORY = ("", ":memory:")
_DUCKDB_URL = "duckdb://"


def duckdb_url_parts(url: str) -> tuple[str, str] | None:
    """A ``duckdb://`` URL's path and its settings after '?' (``duckdb:///w.duckdb?threads=1``:
    ``("w.duckdb", "threads=1")``; ``duckdb://`` and ``duckdb:///:memory:?...``: in memory), or None
    for any other target. A name in SQLAlchemy's host place (``duckdb://w.duckdb``) is refused
    where DuckDB opens it (it went to SQLAlchemy's duckdb dialect: a traceback)."""
    if not url.startswith(_DUCKDB_URL):
        return None
    rest, _, settings = url[len(_DUCKDB_URL) :].partition("?")
    # duckdb:///~/w.duckdb: DuckDB opens the home folder's file; our checks looked for '~/w.duckdb'
    return home_expanded(rest[1:] if rest.startswith("/") else rest), settings


def remove_spill(files: list[str], folder: str | None) -> None:
    """Spill files of processes killed outright (Engine.spilled_by, Engine.spill_left) removed, and
    their folder if that empties it (DuckDB made it for them; kept when anything else is there;
    None: a folder that was there before, kept)."""
    for file in files:
        with contextlib.suppress(OSError):
            os.remove(file)
    if folder is not None:
        with contextlib.suppress(OSError):
            os.rmdir(folder)


def is_in_memory(target: Any) -> bool:
    """Whether ``target`` opens a new in-memory DuckDB: None, '', ':memory:', or a ``duckdb://``
    URL naming no file (``duckdb://``, ``duckdb:///:memory:``, with settings or not)."""
    if target is None:
        return True
    if not isinstance(target, str):
        return False
    parts = duckdb_url_parts(target)
    return (target if parts is None else parts[0]) in _IN_MEMORY


def is_duckdb_target(target: Any) -> bool:
    """Whether DuckDB opens ``target`` natively: in-memory, a duckdb connection (or dbt-duckdb's
    session wrapping one), a path, or a ``duckdb:///`` URL; never a Spark target."""
    if is_in_memory(target):
        return True
    if isinstance(target, Path) or (isinstance(target, str) and not is_spark_target(target)):
        url = str(target)
        return url.startswith(_DUCKDB_URL) or "://" not in url
    return any(
        type(t).__module__.split(".")[0] in ("duckdb", "_duckdb") for t in (target, getattr(target, "_cursor", None))
    )


class DatabaseCompanion(str):
    """The path of a file a database keeps beside its file ``database`` (its write-ahead log, a
    journal), for messages that name both."""

    database: str

    @classmethod
    def of(cls, database: str, suffix: str) -> DatabaseCompanion:
        companion = cls(database + suffix)
        companion.database = database
        return companion


def with_companions(paths: Iterable[str], companions: Iterable[str]) -> list[str]:
    """Database files ``paths`` and, after them, the files their engine keeps beside each one
    (``Dialect.database_companions``: suffixes of the path, a write-ahead log, a journal)."""
    paths, companions = list(paths), list(companions)
    return [*paths, *(DatabaseCompanion.of(path, suffix) for path in paths for suffix in companions)]


def database_files(target: Any) -> list[str]:
    """The local files a ``--db`` value's database is: its file (:func:`database_file`) and those
    its engine keeps beside it. An output written over any of them destroys or corrupts the database."""
    path = database_file(target)
    if path is None:
        return []
    from ..sql.dialects import get_dialect

    dialect = get_dialect("duckdb" if is_duckdb_target(target) else "sqlite")  # database_file names no other
    return with_companions([path], dialect.database_companions)


def database_file(target: Any) -> str | None:
    """The local file a ``--db`` value names: a DuckDB path (or ``duckdb:///path``) or a
    ``sqlite:///path`` URL; None for in-memory databases, servers and non-string targets."""
    if not isinstance(target, (str, Path)):
        return None
    url = str(target)
    if is_in_memory(url) or is_spark_target(url):
        return None
    if (parts := duckdb_url_parts(url)) is not None:  # ?memory_limit=...: DuckDB settings, not the path
        return parts[0] if url.startswith(_DUCKDB_URL + "/") else None  # duckdb://w.duckdb: refused on opening
    if "://" not in url:
        return home_expanded(url)
    import sqlalchemy as sa

    try:
        u = sa.engine.make_url(url)
    except Exception:  # bad URL: Source reports it
        return None
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    if u.database.startswith("file:"):  # a URI: file:x.db (its query is the URL's), an in-memory one
        path = u.database[len("file:") :].split("?", 1)[0]
        if not path or path == ":memory:" or u.query.get("mode") == "memory":
            return None
        return path
    return u.database


_RUN_LOCKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_RUN_LOCKS_BY_ID: dict[int, threading.RLock] = {}
_RUN_LOCKS_GUARD = threading.Lock()


def run_lock(connection: Any) -> threading.RLock:
    """The lock runs over ``connection`` take turns by (Source.guarded): one per connection
    object, so two Sources made from one caller's connection share it. Kept as long as the
    connection lives; for an object that takes no weak reference (a sqlite3 connection), by its
    id for good (a later object given the same id shares it: runs that need not wait, wait)."""
    with _RUN_LOCKS_GUARD:
        try:
            lock = _RUN_LOCKS.get(connection)
            if lock is None:
                lock = _RUN_LOCKS[connection] = threading.RLock()
            return lock
        except TypeError:  # no weak reference to it
            return _RUN_LOCKS_BY_ID.setdefault(id(connection), threading.RLock())
