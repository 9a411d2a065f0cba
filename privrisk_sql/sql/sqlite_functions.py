"""Functions SQLite lacks, registered on the connection (SQLite has no half-even rounding, and
its own printf is not C's for %.10f)."""

from __future__ import annotations

import sqlite3


def round_half_even(x, p):
    """numpy.round: multiply by 10**p in double precision, round half to even, divide."""
    if x is None:
        return None
    scale = 10.0 ** int(p)
    return round(float(x) * scale) / scale


def decimal_digits(x):
    """Decimals of ``'%.10f' % x`` after stripping trailing zeros (PETsARD's precision rule)."""
    if x is None:
        return None
    text = "%.10f" % float(x)
    if "." not in text:
        return 0
    return len(text.split(".")[1].rstrip("0"))


def register(con: sqlite3.Connection) -> None:
    con.create_function("privrisk_round_half_even", 2, round_half_even, deterministic=True)
    con.create_function("privrisk_decimal_digits", 1, decimal_digits, deterministic=True)
