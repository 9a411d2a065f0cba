"""``privrisk-sql mondrian``: its options, the run, and its threshold."""

from __future__ import annotations

import argparse

from ...cli import arguments as a


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--table",
        required=True,
        help="input table name in --db, or a CSV/Parquet path or a folder of Parquet files (only read)",
    )
    p.add_argument("--qids", type=a.name_list, required=True, help="quasi-identifier columns, comma-separated")
    p.add_argument("--k", type=a.positive_int, required=True, help="k (integer >= 1)")
    p.add_argument(
        "--output",
        required=True,
        help="name of the table to create in --db (schema.name; DuckDB also database.schema.name; double-quote a "
        "part to keep dots in it), or on DuckDB a file to write the release to: .parquet, .csv, .csv.gz",
    )
    p.add_argument(
        "--db",
        default=None,
        help="SQLAlchemy URL, Spark (sc://, spark://, local[N]) or .duckdb path; required for an output table "
        "(it is written there)",
    )
    p.add_argument(
        "--identifiers",
        type=a.name_list,
        default=[],
        help="direct identifiers (names, ids), comma-separated: left out of the output",
    )
    p.add_argument(
        "--keep",
        type=a.optional_name_list,
        help="other columns to copy as they are, comma-separated; '' for none; '*' for every column in no "
        "other role, unchecked (default: those, and one with a different value in every row stops "
        "the run: a likely identifier)",
    )
    p.add_argument("--replace", action="store_true", help="replace the output table (or file) if it exists")
    p.add_argument(
        "--median",
        choices=["lower", "interp"],
        default="lower",
        help="lower: frequency-set lower median, ties together (default); interp: numpy-style mean of the middle values",
    )
    p.add_argument("--relaxed", action="store_true", help="relaxed Mondrian (median rows may go to either side)")
    p.add_argument(
        "--nulls",
        choices=["error", "separate"],
        default="error",
        help="NULL in a QID: error (default) or separate (its own lowest value)",
    )
    a.order_arg(
        p,
        "order of a text QID's values: cut and labelled as ranges (repeatable; default: "
        "a category, labelled as the set of its values); of a text --sensitive column's: "
        "t-closeness takes the ordered distance over them",
    )
    p.add_argument(
        "--hierarchy",
        action="append",
        type=a.hierarchy,
        default=[],
        metavar="COL=PATH",
        help="generalization hierarchy of a QID: a CSV in ARX's format (value;level 1;...;root) for "
        "text; built for you: 'mask' (codes as text: 90071 -> 9007* -> 900** ...), "
        "'interval:5,10,20' (numbers: [20, 25) -> [20, 30) -> [20, 40)), 'date' or "
        "'date:month,year,decade' (dates: 2023-05 -> 2023; also day, quarter), "
        "'order:V1,V2,...' (as --order); repeatable; the QID is cut node by node and labelled "
        "with the node",
    )
    p.add_argument(
        "--sensitive", type=a.name_list, help="sensitive columns that --l and --t are about (always in the output)"
    )
    p.add_argument(
        "--l", type=a.positive_int, metavar="L", help="also distinct L-diverse partitions (a cut constraint)"
    )
    p.add_argument(
        "--t",
        type=a.rate,
        metavar="T",
        help="also T-close partitions (a cut constraint; ordered distance "
        "for numeric columns, equal distance otherwise)",
    )
    p.add_argument("--json", metavar="OUT", help="write the summary as JSON to OUT ('-' for stdout)")
    p.add_argument("--show-sql", action="store_true", help="print every SQL statement to stderr as it runs")
    p.add_argument("--quiet", action="store_true", help="no summary on stdout, no progress on stderr")
    p.add_argument(
        "--keep-order",
        action="store_true",
        help="write the rows in the input's order where tables have one (DuckDB, SQLite; a sort: "
        "default is no set order)",
    )
    p.add_argument(
        "--labels-only",
        action="store_true",
        help="per QID only <qid>_gen, the label (no _lo/_hi bounds): the columns a release shows",
    )
    a.safety_args(p, writes=True)


def check(args: argparse.Namespace) -> None:
    """Before any work: an output needs a database to live in, each column one order or hierarchy."""
    from ...engines.common import file_format, is_in_memory
    from ...errors import InvalidInputError
    from .hierarchy import builder_of

    # --db :memory: (or duckdb://) too: it wrote the table, said so and exited 0, the table lost.
    if is_in_memory(args.db) and file_format(args.output) is None:
        raise InvalidInputError(
            "mondrian writes its output table inside the database: give --db "
            "(a .duckdb path or an SQLAlchemy URL), or name a file as --output (released.parquet, "
            "released.csv); an in-memory DuckDB would lose a table"
        )
    for column, spec in args.hierarchy:  # a malformed builder (interval:5,7) is refused before the database opens
        try:
            builder_of(spec)
        except InvalidInputError as e:
            raise InvalidInputError(f"--hierarchy for {column!r}: {e}") from None
    for option, pairs in (("--order", args.order), ("--hierarchy", args.hierarchy)):
        a.once_per_column(option, pairs)


def compute(src, args: argparse.Namespace):
    from .driver import mondrian

    keep = "*" if args.keep == ["*"] else args.keep  # a column named * alone is kept from Python
    return mondrian(
        src,
        args.table,
        args.qids,
        args.k,
        args.output,
        keep=keep,
        replace=args.replace,
        median=args.median,
        relaxed=args.relaxed,
        nulls=args.nulls,
        order=dict(args.order),
        l=args.l,
        t=args.t,
        sensitive=args.sensitive,
        hierarchies=dict(args.hierarchy),
        identifiers=args.identifiers,
        progress=not args.quiet,
        keep_order=args.keep_order,
        labels_only=args.labels_only,
    )


def breach(args: argparse.Namespace, result, payload: dict) -> str | None:
    return None  # mondrian has no threshold: its k is a guarantee of the output
