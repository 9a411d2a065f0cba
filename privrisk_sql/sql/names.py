"""User-given table names, split into their parts (``database.schema.table``).

A name is split on dots, as SQL reads it. A part that starts with a double quote is quoted: it
runs to the closing quote (``""`` inside it is one quote) and may hold dots, so ``"q3.final"`` is
one part. A double quote anywhere else is an ordinary character, so names that contain one
(``it"s``) are taken as they are. Parts are kept as typed: case is not folded here (every part is
quoted when it is written into SQL, through sqlglot).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import InvalidInputError


def split_table_name(name: str) -> list[str]:
    """``"a.b.c"`` -> ``["a", "b", "c"]``; ``'"x.y".z'`` -> ``["x.y", "z"]``.

    Raises InvalidInputError naming ``name`` for an empty part (``a..b``, ``.a``, ``a.``, ``""``),
    an unclosed quoted part or text between a closing quote and the next dot."""
    parts: list[str] = []
    i, n = 0, len(name)
    while True:
        if name.startswith('"', i):
            end = i + 1
            while True:
                end = name.find('"', end)
                if end < 0:
                    raise InvalidInputError(f"table name {name!r} has an unclosed double quote")
                if not name.startswith('""', end):
                    break
                end += 2  # an escaped quote inside the quoted part
            part = name[i + 1 : end].replace('""', '"')
            i = end + 1
            if i < n and name[i] != ".":
                raise InvalidInputError(f"table name {name!r}: a quoted part must end at a dot or at the end")
        else:
            dot = name.find(".", i)
            end = n if dot < 0 else dot
            part, i = name[i:end], end
        if not part:
            raise InvalidInputError(f"table name {name!r} has an empty part")
        parts.append(part)
        if i >= n:
            return parts
        i += 1  # past the dot
        if i >= n:
            raise InvalidInputError(f"table name {name!r} has an empty part")


def lookup_name(parts: Iterable[object]) -> str:
    """The parts of a table name written back as one name :func:`split_table_name` reads as those
    parts: each double-quoted (``["x.y", "z"]`` -> ``'"x.y"."z"'``)."""
    return ".".join('"' + str(p).replace('"', '""') + '"' for p in parts)
