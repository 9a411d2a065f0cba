"""Text for a terminal: a value or name from the data with its control characters escaped."""

from __future__ import annotations


def printable(text: str) -> str:
    """``text`` with its control characters escaped (\\n, \\r, \\x1b, \\x07, ...): a column
    name holding an escape sequence must not clear or retitle the user's terminal, and a value
    holding a line break must stay on its row."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
