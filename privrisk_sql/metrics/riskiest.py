"""The riskiest classes of a class metric (kanon and cavg with a k): the sizes of the classes below
k in the summary, always; their QID values only when the user asks, on the terminal
(``--show-values``) or on the HTML page (``--html-values``, ``html_values=True``): values of the
smallest classes are the table's most identifying rows, and a page travels further than a terminal."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

SHOWN = 10  # classes listed with --show-values, smallest first


def add_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--show-values",
        action="store_true",
        help=f"also print the QID values of the {SHOWN} smallest classes below k (they single people out)",
    )
    p.add_argument(
        "--html-values",
        action="store_true",
        help=f"also show the QID values of the {SHOWN} smallest classes below k in the --html report "
        "(off: the page may travel further than the data)",
    )


def check(args: argparse.Namespace) -> None:
    """Before any work: values need a k to be below, and the summary or the page to be shown on
    (without them --show-values printed nothing, as if no class were below k)."""
    from ..errors import InvalidInputError
    from ..report.printable import summary_shown

    if getattr(args, "show_values", False):
        if args.k is None:
            raise InvalidInputError("--show-values lists the classes below k: give --k")
        if not summary_shown(args):
            raise InvalidInputError(
                "--show-values prints the values in the summary, which --quiet (or --json -) leaves out: drop one"
            )
    if getattr(args, "html_values", False):
        if args.k is None:
            raise InvalidInputError("--html-values lists the classes below k: give --k")
        if args.html is None:
            raise InvalidInputError("--html-values without --html: there is no page to show the values on")


def checked_html_values(html_values: bool, page: Any, k: int | None) -> None:
    """``html_values=True`` of a Python call, before any work: it needs the page and a k."""
    from ..errors import InvalidInputError
    from ..given import flag

    if flag(html_values, "html_values") and (page is None or k is None):
        raise InvalidInputError("html_values needs html= and k= (the page lists the classes below k)")


def smallest(src: Any, table: Any, qids: Any, k: int) -> Any:
    """The :data:`SHOWN` smallest classes below k and their QID values (a DataFrame)."""
    from .release_checks import k_anonymity_failures

    return k_anonymity_failures(src, table, qids, k).head(SHOWN)


def fetch(src: Any, args: argparse.Namespace) -> None:
    """With --show-values or --html-values and a k: the classes below k, smallest first, kept on
    ``args`` for the summary (``_riskiest``) and for the page (``_shown_values``; the CLI hands it
    to the report as data shown only with --html-values, never as a parameter of the run)."""
    show, page = getattr(args, "show_values", False), getattr(args, "html_values", False)
    frame = smallest(src, args.table, args.qids, args.k) if (show or page) and args.k is not None else None
    args._riskiest = frame if show else None
    args._shown_values = frame if page else None


def shown_sections(info: Any, values: bool) -> list:
    """The page's table of the smallest classes, when the report was asked for values and the
    run fetched them (``RunInfo.shown_values``); none otherwise."""
    if not values or info is None or info.shown_values is None:
        return []
    return [section(info.shown_values)]


def _laid_out(frame: Any) -> tuple[list[str], list[tuple[int, list[Any]]]]:
    """The QID names and (size, values) per class of the frame :func:`smallest` returns, read by
    position, for the terminal and the page alike: the table's names head it (a QID typed AGE is
    age), and a QID may itself be called class_size."""
    qids = [str(c) for c in frame.columns[:-1]]
    return qids, [(int(row.iloc[-1]), list(row.iloc[:-1])) for _, row in frame.iterrows()]


def section(frame: Any) -> Any:
    """The page's table of the smallest classes below k and their values (``frame``: the QIDs,
    then ``class_size``, as :func:`~privrisk_sql.metrics.release_checks.k_anonymity_failures` lays
    them out)."""
    from ..report.parts import Section, Table, fmt, value_text

    qids, classes = _laid_out(frame)
    rows = [[fmt(size), *(value_text(v) for v in values)] for size, values in classes]
    return Section(
        "The smallest classes below k and their values",
        [
            "Shown because the report was asked for values (--html-values): this page now holds data. Each row is "
            "a class of fewer than k records that share these quasi-identifier values, the smallest first."
        ],
        tables=[Table("classes_below_k_values", ["class size", *qids], rows)],
    )


SIZES_SHOWN = 10  # class sizes below k the summary lists; the JSON's histogram has them all


def classes_below(histogram: Mapping[Any, int], k: int) -> list[tuple[int, int]]:
    """(class size, classes of that size) for the sizes below k, smallest first; ``histogram``
    maps a size (an int, or its text as the JSON has it) to its count of classes."""
    return sorted((int(size), int(n)) for size, n in histogram.items() if int(size) < k)


def below_k_card(histogram: Mapping[Any, int], k: int, why: str) -> Any:
    """The page's card of the records in classes below k (red when there are any); ``why`` ends
    the sentence "In N classes: ..." that says what they mean for this metric."""
    from ..report.parts import Number, fmt, verdict

    below = classes_below(histogram, k)
    records = sum(size * n for size, n in below)
    return Number(
        "records_below_k",
        f"records in classes below k = {k}",
        fmt(records),
        f"In {sum(n for _, n in below):,} classes: {why}" if records else "Every class holds at least k rows.",
        verdict(records == 0),
    )


def lines(histogram: Mapping[Any, int], k: int | None, riskiest: Any) -> list[str]:
    """Summary lines: the classes below k by size, then (with --show-values) their values
    (``riskiest``: the frame :func:`smallest` returns)."""
    if k is None:
        return []
    below = classes_below(histogram, k)
    if not below:
        return []
    # The smallest sizes, the riskiest: at k = 1000 on Adult the line listed 139 sizes (1,100 characters).
    shown, rest = below[:SIZES_SHOWN], below[SIZES_SHOWN:]
    more = f"; {len(rest):,} more sizes, up to {rest[-1][0]:,} (--json has each)" if rest else ""
    out = [
        "  classes below k by size "
        + ", ".join(f"{size}: {n:,}" for size, n in shown)
        + more
        + ("" if riskiest is not None else "  (--show-values prints the smallest)")
    ]
    if riskiest is not None and len(riskiest):
        from ..report.parts import value_text
        from ..report.printable import printable

        # Escaped before the widths are taken: a line break in a value ('12 Main St\nParis') stays in its row.
        qids, classes = _laid_out(riskiest)
        cells = [["size", *map(printable, qids)]] + [
            [str(size), *(printable(value_text(v)) for v in values)] for size, values in classes
        ]
        widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
        out.append(f"  the {len(riskiest)} smallest classes (their values single people out: keep this output private)")
        out += ["    " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    return out
