"""Text for a terminal: a value or name from the data with its control characters escaped."""

from __future__ import annotations

from typing import Any


def printable(text: str) -> str:
    """``text`` with its control characters escaped (\\n, \\r, \\x1b, \\x07, ...): a column
    name holding an escape sequence must not clear or retitle the user's terminal, and a value
    holding a line break must stay on its row."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def summary_shown(args: Any) -> bool:
    """Whether a command prints its summary on the terminal: not with ``--quiet``, nor with
    ``--json -`` (standard output then carries the JSON alone). The CLI decides by it, and
    ``--show-values`` is refused without it (its values go in the summary)."""
    return not getattr(args, "quiet", False) and getattr(args, "json", None) != "-"
