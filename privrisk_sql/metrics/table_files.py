"""A table a run writes (Mondrian's release, risk's records and classes) written to a file instead
(``output="released.parquet"``), where the database writes files (DuckDB): the run builds the
table in a scratch in-memory database of the session, then the database writes it to a
temporary file beside the path, which is renamed over it. The file is there whole or not at
all; the user's database gets no table."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..engines.common import file_format
from ..errors import InvalidInputError


@dataclass(frozen=True)
class TableFile:
    """Where a table goes as a file (checked by :meth:`checked` before any work), in which format,
    and the option that named it (``output``, ``records``, ``classes``)."""

    file: Any  # report.output_file.OutputFile
    kind: str
    option: str

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
        return cls(file, file_format(output) or "", option)

    def check_source(self, source: Any) -> None:
        """Once the Source is open: its database writes files, the Source may write (the scratch
        database is attached), and the path is none of the database's files."""
        if dict(source.dialect.file_outputs).get(self.kind) is None or source.dialect.scratch_database is None:
            raise InvalidInputError(
                f"{self.option} {self.file.path!r} names a file, which only DuckDB writes: on {source.dialect.name} "
                "name a table instead, then export it from there"
            )
        if source.read_only:
            raise InvalidInputError(
                f"the run writes its {self.option} {self.file.path!r}: it cannot run on a read_only Source"
            )
        self.file.refuse_inputs(source.database_files(), "output")

    @contextlib.contextmanager
    def scratch(self, source: Any) -> Iterator[str]:
        """The name the run's table takes (in a scratch database of the session, attached for the
        length of the block and detached after it, the table with it)."""
        alias = f"privrisk_{source.run_id}_{self.option}"
        attach, detach = source.dialect.scratch_database
        source.execute(attach.format(alias=source.quote(alias)))
        try:
            yield f"{alias}.main.{self.option}"
        finally:
            with contextlib.suppress(Exception):  # a stopped run: the session may be gone too
                source.execute(detach.format(alias=source.quote(alias)))

    def write(self, source: Any, table_sql: str) -> None:
        """The table as the file, written whole (:meth:`OutputFile.replace_with`)."""
        statement = dict(source.dialect.file_outputs)[self.kind]
        self.file.replace_with(lambda tmp: source.execute(statement.format(table=table_sql, path=source.literal(tmp))))


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


@contextlib.contextmanager
def scratch_tables(files: dict[str, TableFile], source: Any) -> Iterator[dict[str, str]]:
    """For the length of a run: each file's Source checked and its scratch table named (option ->
    the table the run writes in its place), all detached after the block."""
    for table_file in files.values():
        table_file.check_source(source)
    with contextlib.ExitStack() as stack:
        yield {option: stack.enter_context(table_file.scratch(source)) for option, table_file in files.items()}


def write_files(files: dict[str, TableFile], source: Any, tables: dict[str, str]) -> None:
    """Each table (option -> its SQL) written to its file."""
    for option, table_file in files.items():
        table_file.write(source, tables[option])
