"""Files a command writes (``--json`` today, every file output to come): checked before any work,
written whole at the end.

The rules, in the order they are applied:

* ``-`` is standard output.
* A symlink is followed: its target is what gets written (the link stays a link).
* A path that exists and is not a regular file (``/dev/null``, a FIFO, a terminal, a pipe reached
  as ``/dev/stdout``) is written in place, as named: replacing it would turn a device into a file
  or leave a FIFO's reader with nothing.
* A regular file, or a path that does not exist yet, is replaced atomically: the text goes to a
  file in the same folder that has no name yet (Linux's O_TMPFILE), which is then given the path
  (linked, or linked under a temporary name and renamed over it). A reader never sees half a
  file, a kill (even -9) mid-write leaves nothing behind, and the file keeps its permission bits.
  Where the system has no unnamed files (macOS, NFS), a named temporary file takes their place,
  which a kill -9 mid-write leaves.

Refused before any work, as :class:`InvalidInputError` naming the path: an empty path, a folder
that does not exist, a path that is a directory, a folder the process cannot write to or make a
file in (tried with a probe file), a path that is the same file as one of the run's inputs
(its CSV/Parquet files or its database file), and a path inside a Parquet dataset folder it reads.
"""

from __future__ import annotations

import contextlib
import errno
import fnmatch
import os
import re
import secrets
import shlex
import signal
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from ..errors import InvalidInputError, OutputWriteError
from ..given import (
    home_expanded,
    is_url,
    no_file_can_be_made,
    path_shown,
    refuse_a_removed_working_folder,
    why_no_new_file,
)
from ..given import unnamed_file as _unnamed_file  # a name of this module: a test makes it give none


@dataclass(frozen=True)
class OutputFile:
    """Where one output goes: ``path`` as given, ``target`` the file that will be written."""

    path: str
    target: str | None  # None: standard output
    option: str = "--json"  # the option that named it, for messages

    @classmethod
    def checked(
        cls, path: str, *, inputs: Iterable[str | os.PathLike | None] = (), option: str = "--json", stdout: bool = True
    ) -> OutputFile:
        """Check ``path`` for writing; raises :class:`InvalidInputError` before any work is done.
        ``stdout``: '-' means standard output (else it is refused: the output must be a file)."""
        if path == "-":
            if not stdout:
                raise InvalidInputError(f"{option}: '-' is not a file; name the file to write")
            return cls(path, None, option)
        if not path or not path.strip():
            raise InvalidInputError(f"{option}: empty path")
        refuse_a_removed_working_folder()
        if is_url(path):  # "folder '/cwd/s3:/bucket' does not exist" before
            raise InvalidInputError(
                f"{option} {path!r} is a URL: files are written to this machine's file system only; "
                "name a local path, then copy the file there"
            )
        path = home_expanded(path)
        _refuse_another_kind(path, option)
        special = _special_file(path)
        if special is not None:  # a device, FIFO or pipe (/dev/stdout into a pipe): written in place, as named
            if not os.access(path, os.W_OK):
                raise InvalidInputError(f"{option} {path!r}: not writable")
            return cls(path, path, option)
        if (why_not := why_no_new_file(path, probe=False)) is not None:
            raise InvalidInputError(f"{option} {path_shown(path)}: {why_not}")
        target = os.path.realpath(path)
        out = cls(path, target, option)
        out.refuse_inputs(inputs, option)  # before the probe: not even a probe file goes into an input's folder
        if (why_not := no_file_can_be_made(os.path.dirname(target))) is not None:
            raise InvalidInputError(f"{option} {path_shown(path)}: {why_not}")
        return out

    def refuse_inputs(self, inputs: Iterable[str | os.PathLike | None], option: str) -> None:
        """Refuse, naming it, an input that is the file this output would write (a symlink or a
        hard link to it included), or a dataset folder it would write into (a file there is read
        as part of the dataset next time). Also for inputs known only later: a Source's database
        files."""
        if self.target is None:
            return
        for other in inputs:
            if other is None:
                continue
            if _same_file(self.target, os.fspath(other)):
                database = getattr(other, "database", None)  # a database's WAL or journal (engines.common)
                if database is not None:
                    raise InvalidInputError(
                        f"{option} {self.path!r} is a file of the database {database!r} (its log or journal): "
                        "writing it could destroy the database"
                    )
                raise InvalidInputError(
                    f"{option} {self.path!r} is the input {os.fspath(other)!r}: writing it would destroy the input"
                )
            if os.path.isdir(other) and _inside(self.target, os.fspath(other)):
                raise InvalidInputError(
                    f"{option} {self.path!r} is inside the input dataset {os.fspath(other)!r}: writing there "
                    "would change the input"
                )

    def refuse_reads(self, reads: Iterable[tuple[str, str]]) -> None:
        """Refuse, naming the chain, a path or pattern an input reads through views (``(text,
        chain)`` from view_chain.files_read_through; relative to the working directory, as DuckDB
        reads it) that is this file, or a pattern it would match: a view over 'data.parquet' and
        ``--output data.parquet --replace`` replaced the file the view reads. A pattern counts
        where it reads as one of files (a folder in it, or a suffix): a view's '*' or '?' is no
        pattern of every file here."""
        if self.target is None:
            return
        for text, chain in reads:
            path = os.path.abspath(os.path.expanduser(text))
            if any(c in text for c in "*?[") and _names_files(text):  # a new file matching it is read next time
                folder, pattern = os.path.split(path)  # the target is a real path: its folder's too
                if any(
                    fnmatch.fnmatchcase(self.target, p) for p in (path, os.path.join(os.path.realpath(folder), pattern))
                ):
                    raise InvalidInputError(
                        f"{self.option} {self.path!r} would be read by the input: {chain} -> {text!r}; writing "
                        "there would change the input: name a file elsewhere"
                    )
            elif _same_file(self.target, path):
                raise InvalidInputError(
                    f"{self.option} {self.path!r} is read by the input: {chain} -> {text!r}; writing it would "
                    "destroy the input: name another file"
                )

    def write(self, text: str) -> None:
        """Write ``text`` (a trailing newline is added) by the rules of the module docstring.

        Raises :class:`OutputWriteError` naming the option and path when the system refuses (a
        full disk: a traceback and exit 1 before). A standard output whose reader left (``| head``)
        raises BrokenPipeError, which the CLI ends quietly as Python does."""
        text += "\n"
        try:
            if self.target is None:
                sys.stdout.write(text)
                sys.stdout.flush()
                return
            try:
                mode = os.stat(self.target).st_mode
            except FileNotFoundError:
                mode = None
            if mode is not None and not stat.S_ISREG(mode):
                fd = _pipe_reader_awaited(self.target, self.option) if stat.S_ISFIFO(mode) else None
                with (
                    open(self.target, "w", encoding="utf-8") if fd is None else os.fdopen(fd, "w", encoding="utf-8")
                ) as fh:  # a device or FIFO: in place
                    fh.write(text)
                return
            self._replace(lambda tmp: _write_text(tmp, text), mode)
            return
        except OSError as e:
            if isinstance(e, BrokenPipeError) and self.target is None:
                raise
            raise self.not_written(e.strerror or str(e)) from e

    def not_written(self, why: str) -> OutputWriteError:
        """The error for this output that the system would not take (``why``: its words), saying
        that a file already there is as it was."""
        where = "standard output" if self.target is None else repr(self.path)
        kept = "; the file is as it was" if self.target is not None and os.path.isfile(self.target) else ""
        return OutputWriteError(f"cannot write {self.option} to {where}: {why}{kept}")

    def replace_with(self, fill: Callable[[str], None], *, keep_existing: bool = False) -> None:
        """Give the (regular, or new) file ``target`` whole new contents: ``fill(path)`` writes a
        file beside it that has no name yet (or a temporary one), which then gets the path,
        keeping an existing file's permission bits; ``fill`` raising leaves the path as it was.
        A table written by the database (a release.parquet) goes this way too. ``keep_existing``
        (the path was free when the run began): a file another process made there meanwhile is
        kept, and InvalidInputError raised (as for a table another session made:
        Source.write_staged)."""
        try:
            mode: int | None = os.stat(self.target or "").st_mode
        except FileNotFoundError:
            mode = None
        try:
            self._replace(fill, mode, keep_existing)
        except OSError as e:  # its folder removed during the run: a traceback (exit 1) before
            raise self.not_written(e.strerror or str(e)) from e

    def _replace(self, fill: Callable[[str], None], mode: int | None, keep_existing: bool = False) -> None:
        target = self.target or ""
        bits = stat.S_IMODE(mode) if mode is not None else 0o666 & ~_umask()
        unnamed = _unnamed_file(os.path.dirname(target))
        if unnamed is None:
            _replace_through_a_named_file(target, fill, bits, self._made_meanwhile if keep_existing else None)
            return
        try:  # written with no name, so a kill -9 leaves nothing; named once whole
            fill(_fd_path(unnamed))
            os.fchmod(unnamed, bits)
            _name_it(unnamed, target, self._made_meanwhile if keep_existing else None)
        finally:
            os.close(unnamed)

    def _made_meanwhile(self) -> InvalidInputError:
        return InvalidInputError(
            f"{self.option} {self.path!r} was created by another process while this run worked (it did not "
            "exist when the run began); nothing was written: pass replace=True (--replace) to overwrite it"
        )


def _fd_path(fd: int) -> str:
    """A path that opens the file ``fd`` is (this process's /proc link to it): what DuckDB's COPY
    and open() write to."""
    return f"/proc/self/fd/{fd}"


def _name_it(fd: int, target: str, refused: Callable[[], Exception] | None = None) -> None:
    """Give the unnamed file ``fd`` the name ``target``: a link, when nothing has that name;
    else a link under a temporary name renamed over it (atomic; the file is whole by then), or
    with ``refused``, that error raised."""
    root = os.open("/", os.O_RDONLY)
    try:
        # src_dir_fd makes Python call linkat(AT_SYMLINK_FOLLOW), which links the file the /proc
        # link points to; plain link() would try to link the /proc link itself (EXDEV).
        def link(name: str) -> None:
            os.link(_fd_path(fd), name, src_dir_fd=root, follow_symlinks=True)

        try:
            link(target)
            return
        except FileExistsError:
            if refused is not None:
                raise refused() from None
        folder = os.path.dirname(target)
        for _ in range(100):
            tmp = os.path.join(folder, f".privrisk-{secrets.token_hex(6)}.tmp")
            try:
                link(tmp)
                break
            except FileExistsError:
                continue
        else:  # pragma: no cover - 100 names of 48 random bits taken
            raise FileExistsError(f"no free temporary name in {folder!r}")
        try:
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    finally:
        os.close(root)


def _replace_through_a_named_file(
    target: str, fill: Callable[[str], None], bits: int, refused: Callable[[], Exception] | None = None
) -> None:
    """Where no unnamed file can be made: a temporary file beside ``target``, renamed over it
    (a kill -9 mid-write leaves that file); with ``refused``, that error instead where a file
    has the name by then (looked at just before the rename)."""
    fd, tmp = tempfile.mkstemp(prefix=".privrisk-", suffix=".tmp", dir=os.path.dirname(target))
    os.close(fd)
    try:
        fill(tmp)
        os.chmod(tmp, bits)  # mkstemp makes 0600 files: keep an existing file's bits, give a new one the umask's
        if refused is not None and os.path.lexists(target):
            raise refused()
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _write_text(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())


# What --json and --html write, and the suffixes of the files they do not write: the two swapped
# (--json r.html --html r.json) wrote each into the other's name, and --html r.pdf a page no PDF
# viewer opens.
_KINDS = {"--json": ("JSON", ".json"), "--html": ("an HTML page", ".html"), "html": ("an HTML page", ".html")}
_OTHER_KINDS = {".json": "--json", ".html": "--html", ".htm": "--html", ".pdf": "", ".png": "", ".svg": ""}


def _refuse_another_kind(path: str, option: str) -> None:
    """Refuse, before any work, a --json or --html path named as a file of another kind."""
    suffix = os.path.splitext(path)[1].lower()
    if option not in _KINDS or suffix not in _OTHER_KINDS or _KINDS.get(_OTHER_KINDS[suffix]) == _KINDS[option]:
        return
    what, own = _KINDS[option]
    meant = _OTHER_KINDS[suffix]
    way_out = f"did you mean {meant} {shlex.quote(path)}?" if meant and option.startswith("--") else f"name it {own}"
    raise InvalidInputError(f"{option} {path!r} names a {suffix} file, and {option} writes {what}: {way_out}")


def _pipe_reader_awaited(path: str, option: str) -> int:
    """The named pipe ``path`` opened for writing once a process reads it (``cat pipe`` started
    after the command too). open() waited for a reader in the kernel, after the run's work, when
    a stop is recorded for the files to be finished: with no reader the command hung for good,
    deaf to Ctrl-C and SIGTERM. Here a stop ends the wait: OutputWriteError, naming it."""
    from ..engines.cancel import watched_signals  # SIGHUP left alone under nohup, as a run leaves it

    stopped: list[int] = []
    main = threading.current_thread() is threading.main_thread()
    old = {s: signal.signal(s, lambda signum, frame: stopped.append(signum)) for s in watched_signals()} if main else {}
    try:
        while True:
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as e:
                if e.errno != errno.ENXIO:  # ENXIO: no reader yet
                    raise
            else:
                os.set_blocking(fd, True)
                return fd
            if stopped:
                name = signal.Signals(stopped[0]).name
                raise OutputWriteError(
                    f"cannot write {option} to {path!r}: {name} came while the command waited for a process "
                    "to read this pipe"
                )
            time.sleep(0.05)
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def _special_file(path: str) -> int | None:
    """The mode of what ``path`` names when that is neither a regular file nor a folder (a device,
    a FIFO, a pipe reached through /dev/stdout or /proc/self/fd/1), else None. Followed through
    links by stat itself: realpath turns /proc/self/fd/1 of a pipe into 'pipe:[...]', no path."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # ValueError: a NUL in it (refused after this)
        return None
    return None if stat.S_ISREG(mode) or stat.S_ISDIR(mode) else mode


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist: compare where they would be
        return os.path.realpath(a) == os.path.realpath(b)


def _names_files(pattern: str) -> bool:
    """Whether a glob pattern reads as one of file paths: a folder in it, or a suffix."""
    return "/" in pattern or os.sep in pattern or re.search(r"\.[\w*?\[\]-]+$", pattern) is not None


def _inside(path: str, folder: str) -> bool:
    folder = os.path.realpath(folder)
    return os.path.commonpath([os.path.realpath(path), folder]) == folder


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def input_files(*candidates: object) -> list[str]:
    """The candidates that name an existing local file or folder (table arguments that are
    paths; a folder may be a Parquet dataset, and is not searched here to tell)."""
    named = [str(home_expanded(c)) for c in candidates if isinstance(c, (str, Path))]
    return [c for c in named if os.path.exists(c)]
