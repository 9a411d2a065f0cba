"""``privrisk-sql kanon``: its options, the run, and its threshold."""

from __future__ import annotations

import argparse

from ...cli import arguments as a
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
    riskiest.add_argument(p)
    a.safety_args(p)


def check(args: argparse.Namespace) -> None:
    """--html-values' needs, one --order per column; the options record validates the rest before work."""
    riskiest.check(args)
    a.once_per_column("--order", args.order)


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
    if args.fail_below is not None and result["k_anonymity"] < args.fail_below:
        return f"k-anonymity {result['k_anonymity']} is below --fail-below {args.fail_below}"
    return None
