"""Mondrian's release written to a file (``output="released.parquet"``), where the database writes
files (DuckDB): the run builds its output table in a scratch in-memory database of the session,
then the database writes it to a temporary file beside the path, which is renamed over it. The
file is there whole or not at all; the user's database gets no table."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...errors import InvalidInputError

# The file suffixes a release is written in, and the format each names (Dialect.file_outputs).
FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv", ".csv.gz": "csv.gz"}


def release_format(output: Any) -> str | None:
    """The format ``output`` names by its suffix, or None for a table name."""
    if not isinstance(output, str):
        return None
    name = output.lower()
    return next((kind for suffix, kind in FORMATS.items() if name.endswith(suffix)), None)


@dataclass(frozen=True)
class ReleaseFile:
    """Where a release goes (checked by :meth:`checked` before any work) and in which format."""

    file: Any  # report.output_file.OutputFile
    kind: str

    @classmethod
    def checked(cls, output: str, replace: bool, inputs: list[str], page: Any) -> ReleaseFile:
        """Refused before any work, naming the path: what OutputFile refuses (a missing folder, a
        directory, an input or a file inside an input dataset), what is no regular file (a FIFO),
        a file that exists without ``replace``, and the path of the run's own page."""
        from ...report.output_file import OutputFile

        file = OutputFile.checked(output, inputs=inputs, option="output", stdout=False)
        if file.target is not None and os.path.exists(file.target) and not os.path.isfile(file.target):
            # a FIFO or a device is written in place by OutputFile: a release replaces a file
            raise InvalidInputError(f"output {output!r} is not a regular file: name a file to write the release to")
        if page is not None and page.target is not None and os.path.realpath(page.target) == file.target:
            raise InvalidInputError(f"output {output!r} is also the page (html): name two files")
        if not replace and file.target is not None and os.path.exists(file.target):
            raise InvalidInputError(
                f"output file {output!r} already exists; pass replace=True (--replace) to overwrite it"
            )
        return cls(file, release_format(output) or "")

    def check_source(self, source: Any) -> None:
        """Once the Source is open: its database writes files, the Source may write (the scratch
        database is attached), and the path is none of the database's files."""
        if dict(source.dialect.file_outputs).get(self.kind) is None or source.dialect.scratch_database is None:
            raise InvalidInputError(
                f"output {self.file.path!r} names a file, which DuckDB writes; on {source.dialect.name} the "
                "output is a table: name one, then export it from there"
            )
        if source.read_only:
            raise InvalidInputError(
                f"mondrian writes its output {self.file.path!r}: it cannot run on a read_only Source"
            )
        self.file.refuse_inputs(source.database_files(), "output")

    @contextlib.contextmanager
    def scratch(self, source: Any) -> Iterator[str]:
        """The name the run's output table takes (in a scratch database of the session, attached
        for the length of the block and detached after it, the table with it)."""
        alias = f"privrisk_{source.run_id}_release"
        attach, detach = source.dialect.scratch_database
        source.execute(attach.format(alias=source.quote(alias)))
        try:
            yield f"{alias}.main.release"
        finally:
            with contextlib.suppress(Exception):  # a stopped run: the session may be gone too
                source.execute(detach.format(alias=source.quote(alias)))

    def write(self, source: Any, table_sql: str) -> None:
        """The table as the file: written to a temporary file beside it, renamed over it."""
        from ...report.output_file import current_umask

        target = self.file.target
        folder = os.path.dirname(target)
        fd, tmp = tempfile.mkstemp(prefix=".privrisk-", suffix=".tmp", dir=folder)
        os.close(fd)
        try:
            statement = dict(source.dialect.file_outputs)[self.kind]
            source.execute(statement.format(table=table_sql, path=source.literal(tmp)))
            mode = os.stat(target).st_mode if os.path.exists(target) else None
            # mkstemp makes 0600 files: keep a replaced file's bits, give a new one the umask's.
            os.chmod(tmp, stat.S_IMODE(mode) if mode is not None else 0o666 & ~current_umask())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
