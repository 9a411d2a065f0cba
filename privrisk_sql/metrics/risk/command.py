"""``privrisk-sql risk``: its options, the run, and its threshold."""

from __future__ import annotations

import argparse

from ...cli import arguments as a
from . import DEFAULT_THRESHOLD


def add_arguments(p: argparse.ArgumentParser) -> None:
    a.table_args(p, exclude_nulls=False)  # a NULL is a value of its QID, as in ARX and kanon
    p.add_argument(
        "--threshold",
        type=a.share,
        default=DEFAULT_THRESHOLD,
        help=f"a record is at risk when its risk exceeds this, in (0, 1] (default {DEFAULT_THRESHOLD})",
    )
    p.add_argument(
        "--population-size",
        type=a.positive_int,
        metavar="N",
        help="the table is a sample of N people: population uniqueness (Zayatz, Pitman, SNB, Dankar)",
    )
    p.add_argument(
        "--population",
        metavar="P",
        help="a population (or auxiliary/census) table in --db over the same QIDs: journalist and "
        "marketer risk, k-map, delta-presence",
    )
    p.add_argument(
        "--population-qids",
        type=a.name_list,
        metavar="X,Y,Z",
        help="the population's names of the QIDs, in --qids order (default: the same names)",
    )
    p.add_argument(
        "--population-count",
        metavar="COL",
        help="a column of the population counting the people each row stands for (a census table; whole numbers >= 0)",
    )
    p.add_argument("--weight", metavar="W", help="a column of sampling weights: sdcMicro's individual risk")
    p.add_argument(
        "--records",
        metavar="OUT",
        help="write a table OUT into --db: one row per record with its --key, class size and risks (on DuckDB "
        "OUT may be a file: .parquet, .csv, .csv.gz)",
    )
    p.add_argument("--key", metavar="ID", help="the column identifying a record in --records")
    p.add_argument(
        "--classes",
        metavar="OUT",
        help="write a table OUT into --db: the classes whose risk exceeds --threshold, with their values (or "
        "on DuckDB a file, as --records)",
    )
    p.add_argument("--replace", action="store_true", help="replace --records / --classes if they exist")
    p.add_argument("--fail-above", type=a.rate, metavar="R", help="exit 1 when the average prosecutor risk exceeds R")
    a.safety_args(p)


def check(args: argparse.Namespace) -> None:
    """Before any work: tables are written into a database that outlives the run; the options
    record (RiskOptions) validates the rest."""
    from ...engines.common import file_format, is_in_memory
    from ...errors import InvalidInputError

    tables = [t for t in (args.records, args.classes) if t is not None and file_format(t) is None]
    if tables and is_in_memory(args.db):  # --db :memory: too (the tables were written, then lost)
        raise InvalidInputError(
            "--records/--classes write tables inside the database: give --db (a .duckdb path "
            "or an SQLAlchemy URL), or name files (records.parquet, classes.csv); an "
            "in-memory DuckDB would lose tables"
        )
    given = [option for option, value in (("--records", args.records), ("--classes", args.classes)) if value]
    if given and args.read_only:  # a file too: DuckDB writes it, and --read-only turns its file access off
        raise InvalidInputError(
            f"{' and '.join(given)} {'write' if len(given) > 1 else 'writes'} a table or a file through the "
            "database, which --read-only forbids: drop --read-only, or "
            f"{'these options' if len(given) > 1 else 'that option'}"
        )


def compute(src, args: argparse.Namespace):
    from .driver import risk

    return risk(
        src,
        args.table,
        args.qids,
        threshold=args.threshold,
        population_size=args.population_size,
        population=args.population,
        population_qids=args.population_qids,
        population_count=args.population_count,
        weight=args.weight,
        records=args.records,
        key=args.key,
        classes=args.classes,
        replace=args.replace,
        progress=not args.quiet,
    )


def breach(args: argparse.Namespace, result, payload: dict) -> str | None:
    average = result.prosecutor["average_risk"]
    if args.fail_above is not None and average > args.fail_above:
        return f"average re-identification risk {average:.4f} exceeds --fail-above {args.fail_above}"
    return None
