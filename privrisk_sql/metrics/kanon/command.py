"""``privrisk-sql kanon``: its options, the run, and its threshold."""

from __future__ import annotations

import argparse

from ...cli import arguments as a
from ...errors import InvalidInputError
from .. import riskiest


def add_arguments(p: argparse.ArgumentParser) -> None:
    a.table_args(p)
    p.add_argument("--sensitive", type=a.name_list, help="sensitive columns (for l, t, beta, delta, alpha)")
    a.order_arg(
        p,
        "the values of a text sensitive column, lowest first: t-closeness takes the ordered "
        "distance over them (repeatable; default: the equal distance, as for any text)",
    )
    p.add_argument("--k", type=a.positive_int, help="requested k: adds classes/records below k")
    p.add_argument("--fail-below", type=a.positive_int, metavar="K", help="exit 1 when the table is not K-anonymous")
    p.add_argument(
        "--min-l",
        type=a.positive_int,
        metavar="L",
        help="exit 1 when a class holds fewer than L distinct values of a --sensitive column",
    )
    p.add_argument(
        "--max-t",
        type=a.rate,
        metavar="T",
        help="exit 1 when a class of a --sensitive column lies further than T from the table (t-closeness)",
    )
    riskiest.add_argument(p)
    a.safety_args(p)


def check(args: argparse.Namespace) -> None:
    """--html-values' needs, one --order per column, --min-l and --max-t a --sensitive column; the
    options record validates the rest before work."""
    riskiest.check(args)
    a.once_per_column("--order", args.order)
    for option, value in (("--min-l", args.min_l), ("--max-t", args.max_t)):
        if value is not None and not args.sensitive:
            raise InvalidInputError(f"{option} measures the sensitive columns: name them with --sensitive")


def compute(src, args: argparse.Namespace):
    from .driver import kanon

    result = kanon(
        src,
        args.table,
        args.qids,
        args.sensitive,
        args.k,
        exclude_null_qids=args.exclude_null_qids,
        order=dict(args.order),
        progress=not args.quiet,
    )
    riskiest.fetch(src, args)
    return result


def breach(args: argparse.Namespace, result, payload: dict) -> str | None:
    breaches = []
    if args.fail_below is not None and result["k_anonymity"] < args.fail_below:
        breaches.append(f"k-anonymity {result['k_anonymity']} is below --fail-below {args.fail_below}")
    from .driver import per_column  # here, not at the top: --help imports this module, not the driver's SQL layer

    for name in result["sensitive"]:
        l, t = per_column(result, "l_diversity", name), per_column(result, "t_closeness", name)
        if args.min_l is not None and l < args.min_l:
            breaches.append(f"l-diversity of {name!r} is {l}, below --min-l {args.min_l}")
        if args.max_t is not None and t > args.max_t:
            breaches.append(f"t-closeness of {name!r} is {t:.6g}, above --max-t {args.max_t:g}")
    return "; ".join(breaches) or None
