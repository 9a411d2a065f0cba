"""Where a table a run makes goes: a table of the database (:class:`TableOutput`), or on DuckDB a
file (:class:`TableFile`: Mondrian's release ``output="released.parquet"``, risk's records and
classes). A file is written by the database straight from the run's query, into a file that has
no name yet (report.output_file); the rows are then read back from it and checked, and only then
does it get its path. The file is there whole or not at all, no table of it is held anywhere
(a release of 10M rows took 4.6 GB when it was first made a table in memory), and the user's
database gets no table."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..engines.common import file_format
from ..errors import InvalidInputError, QueryError, QueryTimeoutError


def as_file_path(value: Any) -> Any:
    """``Path("released.parquet")`` as its text, as pandas' ``to_parquet`` takes it; anything
    else as given (a Path naming no file kind is refused as a table name)."""
    if isinstance(value, os.PathLike) and file_format(os.fspath(value)) is not None:
        return os.fspath(value)
    return value


class Destination(Protocol):
    """Where a run's table goes (:class:`TableOutput`, :class:`TableFile`)."""

    @property
    def described(self) -> str:
        """How messages name it: "table 'x'", "file 'x.parquet'"."""
        ...

    @property
    def label(self) -> str:
        """Its name as the user gave it."""
        ...

    def write(
        self,
        source: Any,
        build: Callable[[str | None], str],
        check: Callable[[str], None],
        settings: Sequence[tuple[str, str]] = (),
    ) -> None:
        """Write the rows of ``build(target)`` (the statement that creates table ``target``, or
        with None the bare query) complete or not at all, under the session ``settings``;
        ``check(relation_sql)`` reads what was written before it gets its name, and raises to
        refuse it."""
        ...


@dataclass(frozen=True)
class TableOutput:
    """A table of the database: built under a staging name, checked, renamed into place
    (Source.write_staged)."""

    table: Any  # source.OutputTable
    replace: bool

    @property
    def described(self) -> str:
        return f"table {self.table.label!r}"

    @property
    def label(self) -> str:
        return self.table.label

    def write(
        self,
        source: Any,
        build: Callable[[str | None], str],
        check: Callable[[str], None],
        settings: Sequence[tuple[str, str]] = (),
    ) -> None:
        def create(staging: str) -> None:
            with source.settings(settings):
                source.execute(build(staging))

        source.write_staged(self.table, create, check, replace=self.replace)


@dataclass(frozen=True)
class TableFile:
    """Where a table goes as a file (checked by :meth:`checked` before any work), in which format,
    and the option that named it (``output``, ``records``, ``classes``)."""

    file: Any  # report.output_file.OutputFile
    kind: str
    option: str
    replace: bool = False

    @classmethod
    def checked(cls, output: str, replace: bool, inputs: list[str], page: Any, option: str = "output") -> TableFile:
        """Refused before any work, naming the path: what OutputFile refuses (a missing folder, a
        directory, an input or a file inside an input dataset), what is no regular file (a FIFO),
        a file that exists without ``replace``, and the path of the run's own page."""
        from ..report.output_file import OutputFile

        file = OutputFile.checked(output, inputs=inputs, option=option, stdout=False)
        if file.target is not None and os.path.exists(file.target) and not os.path.isfile(file.target):
            # a FIFO or a device is written in place by OutputFile: a release replaces a file
            raise InvalidInputError(f"{option} {output!r} is not a regular file: name a file to write the table to")
        if page is not None and page.target is not None and os.path.realpath(page.target) == file.target:
            raise InvalidInputError(f"{option} {output!r} is also the page (html): name two files")
        if not replace and file.target is not None and os.path.exists(file.target):
            raise InvalidInputError(
                f"{option} file {output!r} already exists; pass replace=True (--replace) to overwrite it"
            )
        return cls(file, file_format(output) or "", option, replace)

    def check_source(self, source: Any) -> None:
        """Once the Source is open: its database writes files, the Source may write, and the path
        is none of the database's files."""
        kinds = [kind for kind, _ in source.dialect.file_outputs]
        if self.kind not in kinds:
            if not kinds:
                raise InvalidInputError(
                    f"{self.option} {self.file.path!r} names a file, which only DuckDB and Spark write: on "
                    f"{source.dialect.name} name a table instead, then export it from there"
                )
            raise InvalidInputError(
                f"{self.option} {self.file.path!r} names a {self.kind} file: {source.dialect.name} writes a file "
                f"as {' or '.join(kinds)} only; name a .{kinds[0]} file, or a table and export it from there"
            )
        if source.dialect.file_outputs_are_folders and source.engine.files_folder() is None:
            raise InvalidInputError(
                f"{self.option} {self.file.path!r} names a file, which {source.dialect.name} writes on its own "
                "machine here (a server's session, or a warehouse elsewhere): name a table instead, or run Spark "
                "in this process (--db local[N])"
            )
        if source.read_only:
            raise InvalidInputError(
                f"the run writes its {self.option} {self.file.path!r}: it cannot run on a read_only Source"
            )
        needed = source.dialect.file_writes_need
        current = source.setting(needed[0]) if needed is not None else None
        if needed is not None and current is not None and str(current).lower() != needed[1]:
            # the COPY failed after the run's work, naming a path the user never wrote
            raise InvalidInputError(
                f"the run writes its {self.option} {self.file.path!r}, but this {source.dialect.name} session has "
                f"{needed[0]} = {current} (no file may be written): name a table instead, or pass a connection "
                "that may write files"
            )
        self.file.refuse_inputs(source.database_files(), "output")
        source.writes_files(self.file)  # nor a file the input reads through views

    @property
    def described(self) -> str:
        return f"file {self.file.path!r}"

    @property
    def label(self) -> str:
        return self.file.path

    def write(
        self,
        source: Any,
        build: Callable[[str | None], str],
        check: Callable[[str], None],
        settings: Sequence[tuple[str, str]] = (),
    ) -> None:
        """The rows of the query ``build(None)`` written by the database (Dialect.file_outputs)
        into the file with no name yet, read back from it (Dialect.file_read_backs) for
        ``check``, then given the path (:meth:`OutputFile.replace_with`): an existing file is
        replaced only with ``replace``, also one another process made while the run worked."""
        copy = dict(source.dialect.file_outputs)[self.kind]
        read_back = dict(source.dialect.file_read_backs)[self.kind]
        query = build(None)

        def run_copy(path: str) -> None:
            # --show-sql and the log print the COPY with the path the database writes to (the
            # unnamed file's /proc link): a comment says whose it is. repr keeps a newline in
            # the user's path from ending the comment.
            named = f"-- {path!r} is the {self.option} file {self.file.path!r}, named once whole\n"
            with source.settings(settings):
                try:
                    source.execute(named + copy.format(query=query, path=source.literal(path)))
                except QueryError as e:  # a full disk: the database named its /proc link, not the file
                    if isinstance(e, QueryTimeoutError) or path not in str(e):
                        raise
                    raise self.file.not_written(_system_reason(str(e), path)) from e

        def fill(path: str) -> None:
            run_copy(path)
            check(read_back.format(path=source.literal(path)))
            source.refuse_changed_inputs()  # before the file gets its name

        def fill_from_a_folder(path: str) -> None:
            # The database writes a folder (Spark); its one part file is read back and copied
            # into the file with no name yet. The folder is named as a work table of the run in
            # the warehouse: a killed run's watch and `cleanup` remove it, and a stopped run's end
            # too, once the tasks still writing there have stopped (TempTables.drop_temps).
            folder = os.path.join(source.engine.files_folder(), source.temp_name(f"{self.option}_file"))
            try:
                run_copy(folder)
                part = _one_part_file(folder, self.kind, self.file.path)
                check(read_back.format(path=source.literal(part), path_identifier=source.quote(part)))
                source.refuse_changed_inputs()  # before the file gets its name
                try:
                    shutil.copyfile(part, path)
                except OSError as e:  # a full disk: what the file had, it keeps
                    raise self.file.not_written(e.strerror or str(e)) from e
            finally:
                shutil.rmtree(folder, ignore_errors=True)

        chosen = fill_from_a_folder if source.dialect.file_outputs_are_folders else fill
        self.file.replace_with(chosen, keep_existing=not self.replace)
        source.file_published(self.file.path)


def _system_reason(message: str, path: str) -> str:
    """What a database said went wrong with the file at ``path`` ('Could not write file "PATH":
    No space left on device' gives the words after it), else its whole message, the path left
    out (the /proc link of a file with no name yet means nothing to the user)."""
    said = re.search(re.escape(path) + r'\\?"?:\s*([^"\\{}]+)', message)
    return said.group(1).strip() if said else message.replace(path, "the file")


def _one_part_file(folder: str, kind: str, label: str) -> str:
    """The one data file of a folder a database wrote (Spark: part-00000-....snappy.parquet
    beside _SUCCESS and checksums), refused by name when there is none here or more than one."""
    try:
        parts = sorted(name for name in os.listdir(folder) if name.startswith("part-") and name.endswith(kind))
    except FileNotFoundError:
        parts = []
    if len(parts) != 1:
        raise InvalidInputError(
            f"the file {label!r} was written as {len(parts)} part files in {folder!r}, not one: name a table "
            "instead, then export it from there"
        )
    return os.path.join(folder, parts[0])


def checked_files(named: dict[str, Any], replace: bool, inputs: list[str], page: Any) -> dict[str, TableFile]:
    """The options (``{"records": "r.parquet", "classes": "c"}``) that name files, each checked
    before any work (:meth:`TableFile.checked`), and never two of them one file."""
    files = {
        option: TableFile.checked(value, replace, inputs, page, option)
        for option, value in named.items()
        if file_format(value) is not None
    }
    seen: dict[str, str] = {}
    for option, table_file in files.items():
        other = seen.setdefault(table_file.file.target, option)
        if other != option:
            raise InvalidInputError(f"{other} and {option} name the same file {table_file.file.path!r}: name two files")
    return files


def check_sources(files: dict[str, TableFile], source: Any) -> None:
    """Each file's :meth:`TableFile.check_source`, once the Source is open and before any work."""
    for table_file in files.values():
        table_file.check_source(source)
