"""What a caller passes, read as pandas and numpy users pass it: column names as any list-like
(a list, tuple, pandas Index or Series, numpy array) and whole numbers as any integer type
(numpy's included) or a float without a fraction; and whether a path given names a file that can be
read or made (the system's reason where not). Refusals are InvalidInputError naming the option."""

from __future__ import annotations

import contextlib
import numbers
import os
import re
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .errors import InvalidInputError


def home_expanded(value: Any) -> Any:
    """A path written from the home folder (``~/adult.csv``), expanded as pandas and DuckDB expand
    it: it was "no such file" where ``pd.read_csv`` read it. Anything else as given (a URL, a
    table name, a DataFrame, ``~user/x``)."""
    if isinstance(value, Path):
        return Path(home_expanded(str(value)))
    # ~/ only: a table may be called ~root, which ~user's reading would make the folder /root
    if isinstance(value, str) and (value == "~" or value.startswith(("~/", "~" + os.sep))):
        return os.path.expanduser(value)
    return value


def refuse_a_removed_working_folder() -> None:
    """Refuse to work from a working folder that was removed after the process entered it (a
    terminal left in a folder another removed): every relative path is then meaningless, and
    os.path.abspath raised FileNotFoundError, a traceback, wherever one was first resolved."""
    try:
        os.getcwd()
    except FileNotFoundError:
        where = os.environ.get("PWD")  # the shell's word for it, where that is gone too (else another's)
        where = where if where and not os.path.isdir(where) else None
        raise InvalidInputError(
            f"the working folder{f' {where!r}' if where else ''} was removed after this process entered it: "
            "change to a folder that exists (cd) and run again"
        ) from None


def too_long_a_path(path: str) -> str | None:
    """Why no file can have the (new) ``path`` when its name or the whole path is longer than
    the folder's file system takes (255 and 4,095 bytes on Linux), else None. Such a name failed
    after the run's work (exit 3, or a traceback for a release file)."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        name_max, path_max = os.pathconf(folder, "PC_NAME_MAX"), os.pathconf(folder, "PC_PATH_MAX")
    except (OSError, ValueError):  # no such folder (said elsewhere), or a system that does not say
        name_max, path_max = 255, 4096
    name, whole = len(os.fsencode(os.path.basename(path))), len(os.fsencode(os.path.abspath(path)))
    if name > name_max:
        return f"its name is {name} bytes long, more than the {name_max} a file name may have there"
    if whole >= path_max:
        return f"it is {whole} bytes long, more than the {path_max - 1} a path may have"
    return None


def unreachable(path: str) -> str | None:
    """The system's reason ``path`` names no file where it is not that nothing has that name (a
    folder on the way this user may not enter: 'permission denied'), else None."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError, ValueError):
        return None
    except OSError as e:
        return (e.strerror or str(e)).lower()
    return None


def why_no_new_file(path: str, *, probe: bool = True) -> str | None:
    """Why no file can be written at ``path`` (a file a run makes or replaces; links followed), in
    words that follow the path in a message, else None. Each of these failed after the run's work
    (exit 3, or a traceback) until asked here, before any. ``probe=False``: the caller makes its own
    checks first and probes the folder after them (:func:`no_file_can_be_made`)."""
    if "\x00" in path:  # os.path raised ValueError ('embedded null byte'); DuckDB cut the name there
        return "a path cannot hold a NUL character"
    target = os.path.realpath(path)  # a symlink's target (a chain of them too)
    folder = os.path.dirname(target)
    if os.path.isdir(target):
        return "it is a directory"
    if not os.path.isdir(folder):
        return f"folder {path_shown(folder)} {'is not a folder' if os.path.exists(folder) else 'does not exist'}"
    if (too_long := too_long_a_path(target)) is not None:
        return f"no file can have this path: {too_long}"
    if (why_not := unreachable(target)) is not None:  # a link to itself
        return f"no file can be written there: {why_not}"
    exists = os.path.exists(target)
    if exists and not os.access(target, os.W_OK) or not exists and not os.access(folder, os.W_OK):
        return "not writable"
    return no_file_can_be_made(folder) if probe else None


def no_file_can_be_made(folder: str) -> str | None:
    """Why no new file can be made in ``folder`` ("cannot create a file in '/proc' (Permission
    denied)", the system's words in brackets), else None: made (and dropped) to know. The
    permission bits do not tell (root passes them, a read-only mount or /proc does not take a
    file): without the probe such a folder failed after the run's work, in a traceback. An unnamed file where the system makes one (nothing to remove, nothing a kill
    leaves), else a named one."""
    unnamed = unnamed_file(folder)
    if unnamed is not None:
        os.close(unnamed)
        return None
    try:
        fd, probe = tempfile.mkstemp(prefix=".privrisk-", suffix=".probe", dir=folder)
    except OSError as e:
        return f"cannot create a file in {path_shown(folder)} ({e.strerror or e})"
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(probe)
    return None


def unnamed_file(folder: str) -> int | None:
    """A new file in ``folder`` that has no name yet (Linux's O_TMPFILE; the kernel frees it if
    the process dies, even by kill -9, where a named temporary file stayed behind), open for
    writing; None where the system or the file system has none, or /proc is not there to reach it."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None or not os.path.isdir("/proc/self/fd"):
        return None
    try:
        return os.open(folder, flag | os.O_WRONLY, 0o600)
    except OSError:  # the file system has none (NFS, FUSE): a named temporary file instead
        return None


def is_url(value: Any) -> bool:
    """A text that names a place on another machine (``s3://bucket/x.parquet``, ``https://...``):
    a scheme of two or more letters, then ``://`` (``C:/`` is a path)."""
    return isinstance(value, str) and re.match(r"[A-Za-z][A-Za-z0-9+.-]+://", value) is not None


def mapping(value: Any, what: str, shape: str) -> Mapping:
    """``value`` as a mapping (None: an empty one), or InvalidInputError naming ``what`` and the
    ``shape`` expected: a list or a string there raised AttributeError ('list' object has no
    attribute 'items')."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidInputError(f"{what} must be a mapping {shape}, got {described(value)}")
    return value


def name_list(value: Any, what: str) -> tuple:
    """``value`` as a tuple of names: any iterable but a string or a mapping (``df.columns[1:3]``
    is one; ``"age"`` is a name, not a list of them)."""
    if isinstance(value, (str, bytes, Mapping)):
        raise InvalidInputError(f"{what} must be a list of column names, got {described(value)}")
    try:
        return tuple(value)
    except TypeError:
        raise InvalidInputError(f"{what} must be a list of column names, got {described(value)}") from None


def path_list(value: Any, what: str) -> tuple[str, ...]:
    """Paths where one path (a text or a ``pathlib.Path``) or a list-like of them may be given
    (``files``), each as text with ``~/`` expanded. A text was read letter by letter (each
    letter a path, the file named refused), and a Path or a number raised TypeError."""
    if value is None:
        return ()
    if isinstance(value, (str, os.PathLike)):
        value = (value,)
    if isinstance(value, (bytes, Mapping)) or not isinstance(value, Iterable):
        raise InvalidInputError(f"{what} must be a path or a list of paths, got {described(value)}")
    paths = []
    for item in value:
        text = os.fspath(item) if isinstance(item, (str, os.PathLike)) else None
        if not isinstance(text, str) or not text:  # a PathLike may give bytes
            raise InvalidInputError(f"{what} must be a path or a list of paths, got {described(item)} among them")
        if "\x00" in text:
            raise InvalidInputError(f"{what}: a path cannot hold a NUL character, got {path_shown(text)}")
        paths.append(str(home_expanded(text)))
    return tuple(paths)


def choice(value: Any, options: Sequence[str], what: str) -> str:
    """``value`` when it is one of the texts ``options``, else InvalidInputError naming ``what``
    and the options. A text is asked for first: ``x in ("lower", ...)`` with a DataFrame or an
    array compares every cell, and raised ValueError ("the truth value ... is ambiguous")."""
    if isinstance(value, str) and value in options:
        return value
    said = " or ".join(repr(o) for o in options) if len(options) <= 2 else f"one of {', '.join(options)}"
    raise InvalidInputError(f"{what} must be {said}, got {described(value)}")


def described(value: Any) -> str:
    """A value as an error names it, on one line: a text, a number or a short list of them as
    written (cut at 60 characters), anything else by its type. A DataFrame's repr runs to many
    lines, and a lazy relation's runs its query."""
    if isinstance(value, str):
        return shown(value)
    if _plain(value) or (
        isinstance(value, (list, tuple, set, frozenset)) and len(value) <= 1000 and all(map(_plain, value))
    ):
        text = repr(value)
        return text if len(text) <= 60 else text[:57] + "..."
    return f"a {type(value).__name__}"


def shown(text: str, width: int = 60) -> str:
    """``text`` quoted as Python writes it, its first ``width`` characters when longer, then
    '...' outside the quotes (a cut repr lost its closing quote)."""
    return repr(text) if len(text) <= width else f"{text[:width]!r}..."


def path_shown(path: str) -> str:
    """A path as a message names it: in full, quoted as Python writes it (one line, whatever it
    holds), so the user finds the file; cut only past the longest path a system takes. Cut at
    :func:`shown`'s 60 characters, a path in a test's folder lost the file's name."""
    return shown(path, 4096)


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (str, bytes, numbers.Number))


def table_name(value: Any, what: str = "output") -> str:
    """A table name a run is to create: a string with something in it (None, '' and 5 are
    refused, before any connection is opened), that a database can spell."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInputError(f"{what} must be a table name, got {described(value)}")
    if (said := outside_utf8(value)) is not None:  # the driver's encoding error: a traceback, a new database left
        raise InvalidInputError(
            f"{what} {value!r}: a table's name is text, and this one holds {said}, which is no text"
        )
    return value


def outside_utf8(text: str) -> str | None:
    """What in ``text`` UTF-8 cannot spell, else None: a byte of a file name that is not UTF-8,
    which Python gives as a lone surrogate (\\udcff for 0xff), said as 'the byte 0xff'."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        code = ord(text[e.start])
        return f"the byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"the character {text[e.start]!r}"
    return None


def optional_names(value: Any, what: str) -> tuple:
    """Names where one name, a list-like of them or None (none) may be given (``sensitive``)."""
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else name_list(value, what)


def is_bool(value: Any) -> bool:
    """Python's bool or numpy's (``numpy.bool_``; named ``bool`` from numpy 2 on)."""
    return isinstance(value, bool) or (type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"))


def flag(value: Any, what: str) -> bool:
    """A yes/no option: True or False (numpy's bool too). Anything else is refused: "no" or
    "false" from a config file is a true value in Python, and replace="false" replaced a table."""
    if is_bool(value):
        return bool(value)
    raise InvalidInputError(f"{what} must be True or False, got {described(value)}")


def whole_number(value: Any) -> int | None:
    """``value`` as an int when it is a whole number (``10``, ``numpy.int64(10)``, ``10.0``); None
    for anything else, booleans included (``True`` is no count)."""
    if is_bool(value):
        return None
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real) and float(value).is_integer():
        return int(float(value))
    return None


def is_number(value: Any) -> bool:
    """A real number (numpy's floats and integers included), not a boolean."""
    return isinstance(value, numbers.Real) and not is_bool(value)


def is_missing(value: Any) -> bool:
    """Whether a value a caller or a frame gives stands for a missing one: None, a float NaN, and
    pandas' NA and NaT (told by their type's name, so that pandas need not be imported)."""
    return (
        value is None or (isinstance(value, float) and value != value) or type(value).__name__ in ("NAType", "NaTType")
    )


def comma_separated(text: str) -> list[str]:
    """The parts of ``a, b,"c, d"``: split at commas and trimmed, except that a part in double
    quotes is taken as it is, commas and edge spaces included (``""`` in it is one quote), as a
    CSV cell is: a value or a column name may hold a comma ("Some college, no degree")."""
    parts: list[str] = []
    i, n = 0, len(text)
    while True:
        while i < n and text[i] in " \t":
            i += 1
        if i < n and text[i] == '"':
            j, cell = i + 1, []
            while True:
                if j >= n:
                    raise ValueError(f"a double quote is not closed in {text!r}")
                if text[j] == '"' and text[j + 1 : j + 2] == '"':
                    cell.append('"')
                    j += 2
                elif text[j] == '"':
                    j += 1
                    break
                else:
                    cell.append(text[j])
                    j += 1
            while j < n and text[j] in " \t":
                j += 1
            if j < n and text[j] != ",":
                raise ValueError(f"expected a comma after the quoted {''.join(cell)!r} in {text!r}")
            parts.append("".join(cell))
        else:
            j = text.find(",", i)
            j = n if j < 0 else j
            parts.append(text[i:j].strip())
        if j >= n:
            return parts
        i = j + 1


def is_pandas_frame(value: Any) -> bool:
    """A pandas DataFrame, told by its class's module: an Arrow table or a polars frame never
    costs pandas' import."""
    return type(value).__module__.startswith("pandas") and type(value).__name__ == "DataFrame"


def ordered_categories(table: Any, names: Sequence[str]) -> dict[str, list[str]]:
    """Each of ``names`` (columns as the database names them: ``0`` is ``"0"``) that ``table``, a
    pandas DataFrame, holds as an *ordered* Categorical: name -> its categories as text, in the
    frame's order. Empty for anything else."""
    if not is_pandas_frame(table):
        return {}
    columns = {str(c): c for c in table.columns}
    found = {}
    for name in names:
        # a name the frame holds twice selects a DataFrame (no dtype): it is refused by name elsewhere
        dtype: Any = getattr(table[columns[name]], "dtype", None) if name in columns else None
        if getattr(dtype, "ordered", False):
            found[name] = [str(c) for c in dtype.categories]
    return found
