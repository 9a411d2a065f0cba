"""``privrisk-sql mpuccs``: its options, the run, and its threshold."""

from __future__ import annotations

import argparse

from ...cli import arguments as a
from ...errors import InvalidInputError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--ori", required=True, help="original table (name in --db, a CSV/Parquet path, or a folder of Parquet files)"
    )
    p.add_argument(
        "--syn", required=True, help="synthetic table (name in --db, a CSV/Parquet path, or a folder of Parquet files)"
    )
    p.add_argument(
        "--db",
        default=None,
        help="database: SQLAlchemy URL, Spark (sc://HOST:PORT Spark Connect, spark://HOST:PORT a standalone master, local[N]) or .duckdb path (default: in-memory DuckDB)",
    )
    p.add_argument("--columns", type=a.name_list, help="columns to evaluate, in this order (default: all)")
    p.add_argument("--n-cols", type=a.n_cols, help="combination sizes: 2, 1,2,3 or 1-3 (default: all sizes)")
    p.add_argument(
        "--min-entropy-delta", type=a.number, default=0.0, help="prune when entropy gain <= this (default 0.0)"
    )
    p.add_argument(
        "--field-decay-factor", type=a.share, default=0.5, help="weight factor**(size-1), in (0, 1] (default 0.5)"
    )
    p.add_argument(
        "--renyi-alpha", type=a.non_negative, default=2.0, help="order of the Rényi entropy, >= 0 (default 2.0)"
    )
    p.add_argument("--numeric-precision", type=a.decimals, help="round floats to N decimals (default: detect from ori)")
    p.add_argument(
        "--datetime-precision",
        type=datetime_unit,
        help="floor timestamps to D/H/T/s/ms/us/ns (default: detect from ori)",
    )
    p.add_argument(
        "--nulls",
        choices=["sql", "petsard"],
        default="sql",
        help="NULL semantics: sql (NULL equals NULL) or petsard (PETsARD's per-dtype rules)",
    )
    p.add_argument("--key", help="column giving the input order; never evaluated; details carry its values")
    p.add_argument("--json", metavar="OUT", help="write the full result as JSON to OUT ('-' for stdout)")
    p.add_argument(
        "--html-values",
        action="store_true",
        help="show the identified records' values in the --html report (off: the page may travel further)",
    )
    p.add_argument(
        "--no-details",
        dest="details",
        action="store_false",
        help="count the identified records only: --json holds global and tree, not the details "
        "(one record per identification, with its values)",
    )
    p.add_argument("--fail-above", type=a.rate, metavar="RATE", help="exit 1 when the identification rate exceeds RATE")
    p.add_argument("--show-sql", action="store_true", help="print every SQL statement to stderr as it runs")
    p.add_argument("--quiet", action="store_true", help="no summary on stdout, no progress on stderr")
    a.safety_args(p)


def datetime_unit(text: str) -> str:
    """The unit as given, once known to be one (an argument error naming the option otherwise)."""
    from ...errors import InvalidInputError
    from .plan import canonical_datetime_unit

    try:
        canonical_datetime_unit(text)
    except InvalidInputError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("datetime_precision ")) from None
    return text


def check(args: argparse.Namespace) -> None:
    """What argparse cannot see: options that contradict each other (the options record
    validates the rest before work)."""
    if args.html_values and not args.details:
        raise InvalidInputError("--html-values shows the identified records, which --no-details does not keep")


def compute(src, args: argparse.Namespace):
    from ...progress import ProgressBar
    from .driver import mpuccs

    bar = ProgressBar()  # --quiet silences it, as Mondrian's --quiet does its status line
    try:
        return mpuccs(
            src,
            args.ori,
            args.syn,
            columns=args.columns,
            n_cols=args.n_cols,
            min_entropy_delta=args.min_entropy_delta,
            field_decay_factor=args.field_decay_factor,
            renyi_alpha=args.renyi_alpha,
            numeric_precision=args.numeric_precision,
            datetime_precision=args.datetime_precision,
            nulls=args.nulls,
            key=args.key,
            details=args.details,
            progress=None if args.quiet else bar,
            empty_sizes="error",
        )
    finally:
        bar.close()


def breach(args: argparse.Namespace, result, payload: dict) -> str | None:
    rate = payload["global"]["identification_rate"]
    if args.fail_above is not None and rate > args.fail_above:
        return f"identification rate {rate:.4f} exceeds --fail-above {args.fail_above}"
    return None
