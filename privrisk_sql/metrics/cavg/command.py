"""``privrisk-sql cavg``: its options, the run, and its threshold."""

from __future__ import annotations

import argparse

from ...cli import arguments as a
from .. import riskiest


def add_arguments(p: argparse.ArgumentParser) -> None:
    a.table_args(p)
    p.add_argument("--k", type=a.positive_int, required=True, help="requested k (integer >= 1)")
    p.add_argument("--fail-above", type=a.finite, metavar="CAVG", help="exit 1 when CAVG exceeds this value")
    riskiest.add_argument(p)
    a.safety_args(p)


def check(args: argparse.Namespace) -> None:
    """--html-values' needs; the options record validates the rest before work."""
    riskiest.check(args)


def compute(src, args: argparse.Namespace):
    from .driver import cavg

    result = cavg(src, args.table, args.qids, args.k, exclude_null_qids=args.exclude_null_qids, progress=not args.quiet)
    riskiest.fetch(src, args)
    return result


def breach(args: argparse.Namespace, result, payload: dict) -> str | None:
    if args.fail_above is not None and result.cavg > args.fail_above:
        return f"CAVG {result.cavg:.6f} exceeds --fail-above {args.fail_above}"
    return None
