"""Argument types and the option groups the metrics' commands share (``--db``, ``--json``,
``--html``, ``--timeout``, ...). Each metric's ``command.py`` adds its own options with these."""

from __future__ import annotations

import argparse
import re

from .. import given

DB_HELP = (
    "database: SQLAlchemy URL, Spark (sc://HOST:PORT Spark Connect, spark://HOST:PORT a standalone master, "
    "local[N]) or .duckdb path (default: in-memory DuckDB)"
)


def comma_separated(text: str) -> list[str]:
    """The parts of ``a, b,"c, d"`` (:func:`privrisk_sql.given.comma_separated`), a malformed quote
    an argument error."""
    try:
        return given.comma_separated(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def name_list(text: str) -> list[str]:
    names = comma_separated(text)
    if not text.strip():
        raise argparse.ArgumentTypeError(f"expected comma-separated names, got {text!r}")
    if any(not n for n in names):
        raise argparse.ArgumentTypeError(f"expected comma-separated names, got {text!r}: {_where_empty(names)}")
    return names


def _where_empty(names: list[str]) -> str:
    # The first empty part, placed by its neighbours: a stray comma is easier to find named.
    i = names.index("")
    if i == 0:
        return "a name is empty before the first comma"
    if i == len(names) - 1:
        return f"a name is empty after the last comma (after {names[i - 1]!r})"
    return f"a name is empty between {names[i - 1]!r} and {names[i + 1]!r}"


def n_cols(text: str):
    """``2`` is the int 2; ``1,2,3`` (or ``2,``) a list of sizes, and so is ``1-3``, as a run
    writes its sizes ("sizes 1-15"): a range of sizes, ends included, alone or among others."""
    sizes: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        span = _SIZE_RANGE.fullmatch(part)
        if span:
            low, high = int(span.group(1)), int(span.group(2))
            if low > high:
                raise argparse.ArgumentTypeError(
                    f"a range of sizes runs from the smaller to the larger, got {part!r} in {text!r}"
                )
            sizes += range(low, high + 1)
            continue
        try:
            sizes += [int(part)] if part else []
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected an integer, comma-separated integers or a range (1-3), got {text!r}"
            ) from None
    if not sizes or any(s < 1 for s in sizes):
        raise argparse.ArgumentTypeError(f"combination sizes must be integers >= 1, got {text!r}")
    return sizes[0] if "," not in text and not _SIZE_RANGE.fullmatch(text.strip()) else sizes


_SIZE_RANGE = re.compile(r"(\d+)\s*-\s*(\d+)")


def rate(text: str) -> float:
    """A number in [0, 1]."""
    return _fraction(text, above_zero=False)


def share(text: str) -> float:
    """A number in (0, 1]: a threshold on risks, where 0 would flag every record."""
    return _fraction(text, above_zero=True)


def _fraction(text: str, *, above_zero: bool) -> float:
    interval = "(0, 1]" if above_zero else "[0, 1]"
    within = (lambda v: 0 < v <= 1) if above_zero else (lambda v: 0 <= v <= 1)
    return _checked(text, float, within, f"a number in {interval}")


def _checked(text: str, convert, ok, expected: str, unreadable: str | None = None):
    """``convert(text)`` when ``ok`` holds for it, else an argument error "expected EXPECTED"
    (UNREADABLE where the text is no number at all). NaN fails every comparison, so every
    ``ok`` written as one refuses it."""
    try:
        value = convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {unreadable or expected}, got {text!r}") from None
    if not ok(value):
        raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
    return value


def finite(text: str) -> float:
    return _checked(text, float, lambda v: abs(v) < float("inf"), "a finite number", unreadable="a number")


def number(text: str) -> float:
    """Any number but NaN (infinities too: the API takes them), where a bare ``float`` would let
    ``nan`` through to an error that names the API's parameter, not the option."""
    return _checked(text, float, lambda v: v == v, "a number")


def non_negative(text: str) -> float:
    """A number >= 0 (infinity included)."""
    return _checked(text, float, lambda v: v >= 0, "a number >= 0")


def decimals(text: str) -> int:
    """A number of decimal places, 0 to 10."""
    return _checked(text, int, lambda v: 0 <= v <= 10, "an integer from 0 to 10")


def optional_name_list(text: str) -> list[str]:
    return [] if not text.strip() else name_list(text)


def order(text: str) -> tuple[str, list[str]]:
    column, eq, values = text.partition("=")
    if not eq or not column.strip() or not values:
        raise argparse.ArgumentTypeError(f"expected COL=V1,V2,..., got {text!r}")
    return column.strip(), comma_separated(values)


def order_arg(p: argparse.ArgumentParser, help: str) -> None:
    """``--order COL=V1,V2,...``, repeatable: a column's values, lowest first."""
    p.add_argument("--order", action="append", type=order, default=[], metavar="COL=V1,V2,...", help=help)


def once_per_column(option: str, pairs: list[tuple[str, object]]) -> None:
    """A repeatable ``COL=...`` option names each column once (InvalidInputError otherwise)."""
    from ..errors import InvalidInputError

    seen: set[str] = set()
    for column, _ in pairs:
        if column in seen:
            raise InvalidInputError(f"{option} given twice for {column!r}")
        seen.add(column)


def hierarchy(text: str) -> tuple[str, str]:
    column, eq, path = text.partition("=")
    if not eq or not column.strip() or not path.strip():
        raise argparse.ArgumentTypeError(f"expected COL=PATH, got {text!r}")
    return column.strip(), path.strip()


def positive_int(text: str) -> int:
    return _checked(text, int, lambda v: v >= 1, "an integer >= 1")


def seconds(text: str) -> float:
    return _checked(text, float, lambda v: 0 < v < float("inf"), "a number of seconds > 0")


def encoding(text: str) -> str:
    from ..engines.common import csv_encoding  # only when given: not for --help
    from ..errors import InvalidInputError

    try:
        return csv_encoding(text)
    except InvalidInputError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("csv encoding ")) from None


def safety_args(p: argparse.ArgumentParser, *, writes: bool = False) -> None:
    p.add_argument(
        "--encoding",
        type=encoding,
        default="utf-8",
        metavar="ENC",
        help="the text encoding of the CSV files read (tables, hierarchies): utf-8 (default) or latin-1 (ISO-8859-1)",
    )
    p.add_argument("--html", metavar="OUT", help="also write a self-contained HTML report of the run to OUT")
    if writes:  # mondrian writes its output table: --read-only could never run it
        p.set_defaults(read_only=False)
    else:
        p.add_argument(
            "--read-only",
            action="store_true",
            help="only read: DuckDB opened read-only with external access off (input files excepted), "
            "every statement checked to write nothing but this run's TEMP tables",
        )
    p.add_argument(
        "--timeout",
        type=seconds,
        metavar="SECONDS",
        help="cancel the running query and exit 3 when the command takes longer than this",
    )


def table_args(p: argparse.ArgumentParser, *, exclude_nulls: bool = True) -> None:
    p.add_argument(
        "--table", required=True, help="table name in --db, or a CSV/Parquet path (or a folder of Parquet files)"
    )
    p.add_argument("--qids", type=name_list, required=True, help="quasi-identifier columns, comma-separated")
    p.add_argument(
        "--db",
        default=None,
        help="SQLAlchemy URL, Spark (sc://, spark://, local[N]) or .duckdb path (default: in-memory DuckDB)",
    )
    if exclude_nulls:
        p.add_argument(
            "--exclude-null-qids",
            action="store_true",
            help="drop rows with a NULL quasi-identifier (default: NULL is a value)",
        )
    p.add_argument("--json", metavar="OUT", help="write the result as JSON to OUT ('-' for stdout)")
    p.add_argument("--show-sql", action="store_true", help="print every SQL statement to stderr as it runs")
    p.add_argument("--quiet", action="store_true", help="no summary on stdout")
