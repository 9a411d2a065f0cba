"""``privrisk-sql``: command-line interface. Parses and validates arguments, nothing else.

Exit codes: 0 ok, 1 a user-set threshold breached, 2 bad input or usage, 3 database error.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import warnings
from typing import Sequence

from .errors import InvalidInputError, PrivriskError, QueryError, UnsupportedFeatureError
from .progress import ProgressBar
from .source import connect, echo_to_stderr

EXIT_OK, EXIT_THRESHOLD, EXIT_USAGE, EXIT_DATABASE = 0, 1, 2, 3


def _name_list(text: str) -> list[str]:
    names = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not n for n in names):
        raise argparse.ArgumentTypeError(f"expected comma-separated names, got {text!r}")
    return names


def _n_cols(text: str):
    """``2`` is the int 2; ``1,2,3`` (or ``2,``) a list of sizes."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    try:
        sizes = [int(p) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer or comma-separated integers, got {text!r}") from None
    if not sizes or any(s < 1 for s in sizes):
        raise argparse.ArgumentTypeError(f"combination sizes must be integers >= 1, got {text!r}")
    return sizes[0] if "," not in text else sizes


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number in [0, 1], got {text!r}") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"expected a number in [0, 1], got {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="privrisk-sql", description="Privacy-risk metrics computed inside your database.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    m = sub.add_parser("mpuccs", help="mpUCCs singling-out risk of a synthetic table against the original")
    m.add_argument("--ori", required=True, help="original table (name in --db, or a CSV/Parquet path)")
    m.add_argument("--syn", required=True, help="synthetic table (name in --db, or a CSV/Parquet path)")
    m.add_argument("--db", default=None, help="database: SQLAlchemy URL or .duckdb path (default: in-memory DuckDB)")
    m.add_argument("--columns", type=_name_list, help="columns to evaluate, in this order (default: all)")
    m.add_argument("--n-cols", type=_n_cols, help="combination sizes: 2, or 1,2,3 (default: all sizes)")
    m.add_argument("--min-entropy-delta", type=float, default=0.0, help="prune when entropy gain <= this (default 0.0)")
    m.add_argument("--field-decay-factor", type=float, default=0.5, help="weight factor**(size-1), in (0, 1] (default 0.5)")
    m.add_argument("--renyi-alpha", type=float, default=2.0, help="order of the Rényi entropy, >= 0 (default 2.0)")
    m.add_argument("--numeric-precision", type=int, help="round floats to N decimals (default: detect from ori)")
    m.add_argument("--datetime-precision", help="floor timestamps to D/H/T/s/ms/us/ns (default: detect from ori)")
    m.add_argument("--nulls", choices=["sql", "petsard"], default="sql",
                   help="NULL semantics: sql (NULL equals NULL) or petsard (PETsARD's per-dtype rules)")
    m.add_argument("--key", help="column giving the input order; never evaluated; details carry its values")
    m.add_argument("--json", metavar="OUT", help="write the full result as JSON to OUT ('-' for stdout)")
    m.add_argument("--fail-above", type=_rate, metavar="RATE", help="exit 1 when the identification rate exceeds RATE")
    m.add_argument("--show-sql", action="store_true", help="print every SQL statement to stderr as it runs")
    m.add_argument("--quiet", action="store_true", help="no summary on stdout")
    return parser


def _version() -> str:
    from . import __version__

    return __version__


def _run_mpuccs(args: argparse.Namespace) -> int:
    from .metrics.mpuccs import mpuccs

    src = connect(args.db)
    if args.show_sql:
        src.echo = echo_to_stderr
    bar = ProgressBar()
    try:
        result = mpuccs(
            src, args.ori, args.syn, columns=args.columns, n_cols=args.n_cols,
            min_entropy_delta=args.min_entropy_delta, field_decay_factor=args.field_decay_factor,
            renyi_alpha=args.renyi_alpha, numeric_precision=args.numeric_precision,
            datetime_precision=args.datetime_precision, nulls=args.nulls, key=args.key,
            progress=bar, empty_sizes="error",
        )
    finally:
        bar.close()
        src.close()
    payload = result.to_dict()
    if args.json:
        text = json.dumps(payload, indent=2, allow_nan=False)
        if args.json == "-":
            sys.stdout.write(text + "\n")
        else:
            with open(args.json, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
    if not args.quiet and args.json != "-":
        _print_mpuccs_summary(payload)
    rate = payload["global"]["identification_rate"]
    if args.fail_above is not None and rate > args.fail_above:
        sys.stderr.write(f"privrisk-sql: identification rate {rate:.4f} exceeds --fail-above {args.fail_above}\n")
        return EXIT_THRESHOLD
    return EXIT_OK


def _print_mpuccs_summary(payload: dict) -> None:
    g = payload["global"]
    lines = [
        "mpUCCs singling-out risk",
        f"  synthetic rows (de-duplicated)   {g['total_syn_records']}",
        f"  original rows (de-duplicated)    {g['total_ori_records']}",
        f"  identified synthetic rows        {g['total_identified']}",
        f"  identification rate              {g['identification_rate']:.6f}",
        f"  weighted identification rate     {g['weighted_identification_rate']:.6f}",
        f"  combinations checked / pruned    {g['total_combinations_checked']} / {g['total_combinations_pruned']}",
        f"  numeric / datetime precision     {g['config_numeric_precision']} / {g['config_datetime_precision']}",
    ]
    top = sorted((t for t in payload["tree"] if t["mpuccs_collision_cnt"]), key=lambda t: (-t["mpuccs_collision_cnt"], t["check_order"]))[:10]
    if top:
        lines.append("  combinations that identify most rows:")
        lines.append(f"    {'collisions':>10}  {'uniques':>8}  combination")
        for t in top:
            lines.append(f"    {t['mpuccs_collision_cnt']:>10}  {t['mpuccs_cnt']:>8}  {', '.join(t['field_combo'])}")
    print("\n".join(lines))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="privrisk-sql: %(message)s")
    warnings.simplefilter("default")
    warnings.showwarning = lambda msg, *a, **k: sys.stderr.write(f"privrisk-sql: warning: {msg}\n")
    try:
        if args.command == "mpuccs":
            return _run_mpuccs(args)
    except (InvalidInputError, UnsupportedFeatureError) as e:
        sys.stderr.write(f"privrisk-sql: error: {e}\n")
        return EXIT_USAGE
    except QueryError as e:
        sys.stderr.write(f"privrisk-sql: database error: {e}\n")
        return EXIT_DATABASE
    except PrivriskError as e:
        sys.stderr.write(f"privrisk-sql: error: {e}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("privrisk-sql: interrupted\n")
        return EXIT_DATABASE
    parser.error(f"unknown command {args.command!r}")
    return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
