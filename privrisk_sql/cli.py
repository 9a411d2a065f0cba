"""``privrisk-sql``: command-line interface. Parses and validates arguments, nothing else.

Exit codes: 0 ok, 1 a user-set threshold breached, 2 bad input or usage, 3 database error, --timeout
or Ctrl-C (the running query is cancelled on the database and work tables are dropped first).
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import json
import logging
import os
import sys
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from typing import NoReturn

from .errors import (
    InvalidInputError,
    PrivriskError,
    QueryError,
    QueryTimeoutError,
    TerminatedError,
    UnsupportedFeatureError,
)
from .json_text import EncodedRecords
from .output_file import OutputFile, input_files
from .progress import ProgressBar
from .registry import METRICS
from .source import connect, database_file, echo_to_stderr
from .summaries import cavg_summary, kanon_summary, mpuccs_summary

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


def _finite(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if value != value or value in (float("inf"), float("-inf")):  # NaN compares false with everything
        raise argparse.ArgumentTypeError(f"expected a finite number, got {text!r}")
    return value


def one_line(text: str) -> str:
    """A message on one line: a line break inside a name (a column called 'a\\nb') shown as \\n."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line naming the culprit (usage stays under --help)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"privrisk-sql: error: {one_line(message)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="privrisk-sql", description="Privacy-risk metrics computed inside your database.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    for metric in METRICS:
        _COMMANDS[metric.name][0](sub.add_parser(metric.name, help=metric.help))

    cl = sub.add_parser("cleanup", help="list and drop the staging tables killed runs left in --db")
    cl.add_argument("--db", required=True, help="SQLAlchemy URL, Spark (sc://, spark://, local[N]) or .duckdb path")
    cl.add_argument("--dry-run", action="store_true", help="only list them")

    sub.add_parser("dbt-path", help="print the absolute path of the bundled dbt package 'privrisk' (for packages.yml)")
    return parser


def _args_mpuccs(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ori", required=True, help="original table (name in --db, or a CSV/Parquet path)")
    p.add_argument("--syn", required=True, help="synthetic table (name in --db, or a CSV/Parquet path)")
    p.add_argument("--db", default=None, help="database: SQLAlchemy URL, Spark (sc://HOST:PORT Spark Connect, spark://HOST:PORT a standalone master, local[N]) or .duckdb path (default: in-memory DuckDB)")
    p.add_argument("--columns", type=_name_list, help="columns to evaluate, in this order (default: all)")
    p.add_argument("--n-cols", type=_n_cols, help="combination sizes: 2, or 1,2,3 (default: all sizes)")
    p.add_argument("--min-entropy-delta", type=float, default=0.0, help="prune when entropy gain <= this (default 0.0)")
    p.add_argument("--field-decay-factor", type=float, default=0.5, help="weight factor**(size-1), in (0, 1] (default 0.5)")
    p.add_argument("--renyi-alpha", type=float, default=2.0, help="order of the Rényi entropy, >= 0 (default 2.0)")
    p.add_argument("--numeric-precision", type=int, help="round floats to N decimals (default: detect from ori)")
    p.add_argument("--datetime-precision", help="floor timestamps to D/H/T/s/ms/us/ns (default: detect from ori)")
    p.add_argument("--nulls", choices=["sql", "petsard"], default="sql",
                   help="NULL semantics: sql (NULL equals NULL) or petsard (PETsARD's per-dtype rules)")
    p.add_argument("--key", help="column giving the input order; never evaluated; details carry its values")
    p.add_argument("--json", metavar="OUT", help="write the full result as JSON to OUT ('-' for stdout)")
    p.add_argument("--html-values", action="store_true",
                   help="show the identified records' values in the --html report (off: the page may travel further)")
    p.add_argument("--fail-above", type=_rate, metavar="RATE", help="exit 1 when the identification rate exceeds RATE")
    p.add_argument("--show-sql", action="store_true", help="print every SQL statement to stderr as it runs")
    p.add_argument("--quiet", action="store_true", help="no summary on stdout")
    _safety_args(p)


def _args_cavg(p: argparse.ArgumentParser) -> None:
    _table_args(p)
    p.add_argument("--k", type=_k, required=True, help="requested k (integer >= 1)")
    p.add_argument("--fail-above", type=_finite, metavar="CAVG", help="exit 1 when CAVG exceeds this value")
    _safety_args(p)


def _args_kanon(p: argparse.ArgumentParser) -> None:
    _table_args(p)
    p.add_argument("--sensitive", type=_name_list, help="sensitive columns (for l, t, beta, delta, alpha)")
    p.add_argument("--k", type=_k, help="requested k: adds classes/records below k")
    p.add_argument("--fail-below", type=_k, metavar="K", help="exit 1 when the table is not K-anonymous")
    _safety_args(p)


def _args_mondrian(p: argparse.ArgumentParser) -> None:
    p.add_argument("--table", required=True, help="input table name in --db, or a CSV/Parquet path (only read)")
    p.add_argument("--qids", type=_name_list, required=True, help="quasi-identifier columns, comma-separated")
    p.add_argument("--k", type=_k, required=True, help="k (integer >= 1)")
    p.add_argument("--output", required=True, help="name of the table to create in --db (schema.name; DuckDB also database.schema.name; double-quote a part to keep dots in it)")
    p.add_argument("--db", default=None, help="SQLAlchemy URL, Spark (sc://, spark://, local[N]) or .duckdb path; required (the output is written there)")
    p.add_argument("--keep", type=_optional_name_list, help="non-QID columns to copy, comma-separated; '' for none (default: all)")
    p.add_argument("--replace", action="store_true", help="replace the output table if it exists")
    p.add_argument("--median", choices=["lower", "interp"], default="lower",
                    help="lower: frequency-set lower median, ties together (default); interp: numpy-style mean of the middle values")
    p.add_argument("--relaxed", action="store_true", help="relaxed Mondrian (median rows may go to either side)")
    p.add_argument("--nulls", choices=["error", "separate"], default="error",
                    help="NULL in a QID: error (default) or separate (its own lowest value)")
    p.add_argument("--order", action="append", type=_order, default=[], metavar="COL=V1,V2,...",
                    help="order of a text QID's values: cut and labelled as ranges (repeatable; default: "
                         "a category, labelled as the set of its values)")
    p.add_argument("--hierarchy", action="append", type=_hierarchy, default=[], metavar="COL=PATH",
                   help="generalization hierarchy of a text QID, a CSV in ARX's format: value;level 1;...;root "
                        "(repeatable; the QID is cut node by node and labelled with the node)")
    p.add_argument("--sensitive", type=_name_list, help="sensitive columns that --l and --t are about")
    p.add_argument("--l", type=_k, metavar="L", help="also distinct L-diverse partitions (a cut constraint)")
    p.add_argument("--t", type=_rate, metavar="T", help="also T-close partitions (a cut constraint; ordered distance "
                                                        "for numeric columns, equal distance otherwise)")
    p.add_argument("--json", metavar="OUT", help="write the summary as JSON to OUT ('-' for stdout)")
    p.add_argument("--show-sql", action="store_true", help="print every SQL statement to stderr as it runs")
    _safety_args(p, writes=True)


def _optional_name_list(text: str) -> list[str]:
    return [] if not text.strip() else _name_list(text)


def _order(text: str) -> tuple[str, list[str]]:
    column, eq, values = text.partition("=")
    if not eq or not column.strip() or not values:
        raise argparse.ArgumentTypeError(f"expected COL=V1,V2,..., got {text!r}")
    return column.strip(), [v.strip() for v in values.split(",")]


def _hierarchy(text: str) -> tuple[str, str]:
    column, eq, path = text.partition("=")
    if not eq or not column.strip() or not path.strip():
        raise argparse.ArgumentTypeError(f"expected COL=PATH, got {text!r}")
    return column.strip(), path.strip()


def _k(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer >= 1, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected an integer >= 1, got {text!r}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, got {text!r}")
    return value


def _safety_args(p: argparse.ArgumentParser, *, writes: bool = False) -> None:
    p.add_argument("--html", metavar="OUT", help="also write a self-contained HTML report of the run to OUT")
    if writes:  # mondrian writes its output table: --read-only could never run it
        p.set_defaults(read_only=False)
    else:
        p.add_argument("--read-only", action="store_true",
                       help="only read: DuckDB opened read-only with external access off (input files excepted), "
                            "every statement checked to write nothing but this run's TEMP tables")
    p.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                   help="cancel the running query and exit 3 when the command takes longer than this")


def _table_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--table", required=True, help="table name in --db, or a CSV/Parquet path")
    p.add_argument("--qids", type=_name_list, required=True, help="quasi-identifier columns, comma-separated")
    p.add_argument("--db", default=None, help="SQLAlchemy URL, Spark (sc://, spark://, local[N]) or .duckdb path (default: in-memory DuckDB)")
    p.add_argument("--exclude-null-qids", action="store_true",
                   help="drop rows with a NULL quasi-identifier (default: NULL is a value)")
    p.add_argument("--json", metavar="OUT", help="write the result as JSON to OUT ('-' for stdout)")
    p.add_argument("--show-sql", action="store_true", help="print every SQL statement to stderr as it runs")
    p.add_argument("--quiet", action="store_true", help="no summary on stdout")


def _version() -> str:
    from . import __version__

    return __version__


def _run_mpuccs(args: argparse.Namespace) -> int:
    from .metrics.mpuccs import mpuccs

    bar = ProgressBar()
    with _opened(args) as src:
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
        database = src.database_label
    payload = result.to_json_payload()
    _write_json(payload, args.json_out)
    _write_html(args, result, database)
    if not args.quiet and args.json != "-":
        print(mpuccs_summary(payload))
    rate = payload["global"]["identification_rate"]
    if args.fail_above is not None and rate > args.fail_above:
        sys.stderr.write(f"privrisk-sql: identification rate {rate:.4f} exceeds --fail-above {args.fail_above}\n")
        return EXIT_THRESHOLD
    return EXIT_OK


def _dumps(payload: dict) -> str:
    """Indented JSON whose lists of records hold one compact record per line.

    json's ``indent=`` path is pure Python, about ten times slower than its C encoder: on 30k
    rows the mpuccs ``details`` list took longer to write than to compute. Records go through
    the C encoder, one per line, which still diffs and greps line by line.
    """
    record = json.JSONEncoder(allow_nan=False).encode  # one encoder for all records (dumps builds one per call)
    parts = []
    for key, value in payload.items():
        encoded = isinstance(value, EncodedRecords)
        if isinstance(value, list) and value and (encoded or all(isinstance(v, dict) for v in value)):
            text = "[\n    " + ",\n    ".join(value if encoded else map(record, value)) + "\n  ]"
        else:
            text = json.dumps(value, indent=2, allow_nan=False).replace("\n", "\n  ")
        parts.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}"


def _write_json(payload: dict, out: OutputFile | None) -> None:
    if out is not None:
        out.write(_dumps(payload))


def _checked_outputs(args: argparse.Namespace) -> None:
    """Check every output path before any work (a bad one is exit 2 with nothing done)."""
    tables = [args.ori, args.syn] if args.command == "mpuccs" else [args.table]
    hierarchy_files = [path for _, path in getattr(args, "hierarchy", [])]  # read, so never written
    inputs = [*input_files(*tables), database_file(args.db), *hierarchy_files]
    args.json_out = OutputFile.checked(args.json, inputs=inputs) if args.json else None
    args.html_out = OutputFile.checked(args.html, inputs=inputs, option="--html", stdout=False) if args.html else None
    if args.json_out is not None and args.html_out is not None and args.json_out.target == args.html_out.target:
        raise InvalidInputError(f"--json and --html name the same file {args.html!r}")
    args.started = time.perf_counter()


# Options that are not parameters of the computation (the report lists the rest).
_NOT_PARAMETERS = {"command", "db", "json", "json_out", "html", "html_out", "html_values", "show_sql", "quiet",
                   "started", "fail_above", "fail_below", "ori", "syn", "table", "timeout", "read_only"}


def _write_html(args: argparse.Namespace, result: object, database: str) -> None:
    """The --html report of a finished command (after its JSON, by the same safe writer)."""
    if args.html_out is None:
        return
    from .report import RunInfo, write_report

    inputs = {"ori": args.ori, "syn": args.syn} if args.command == "mpuccs" else {"table": args.table}
    parameters = {k: v for k, v in vars(args).items() if k not in _NOT_PARAMETERS}
    thresholds = {k: getattr(args, k) for k in ("fail_above", "fail_below") if getattr(args, k, None) is not None}
    info = RunInfo(args.command, inputs, database, parameters, thresholds, seconds=time.perf_counter() - args.started)
    write_report(result, info, args.html_out, values=getattr(args, "html_values", False))


@contextlib.contextmanager
def _opened(args):
    """The --db Source for one command (echoing with --show-sql), closed when the command ends."""
    tables = [args.ori, args.syn] if args.command == "mpuccs" else [args.table]
    path = database_file(args.db)
    # A missing --db file is refused by Source (create=False), so a typo leaves no stray file;
    # mondrian creates a database file that does not exist yet; if the run is refused or fails
    # before its output exists, the file holds nothing and is removed, not left behind.
    created = path is not None and args.command == "mondrian" and not os.path.exists(path)
    src = connect(args.db, read_only=args.read_only, timeout=args.timeout,
                  files=[t for t in tables if os.path.isfile(t)], create=args.command == "mondrian",
                  open_read_only=args.command != "mondrian")  # other readers may share the file
    if args.show_sql:
        src.echo = echo_to_stderr
    done = False
    try:
        yield src
        done = True
    finally:
        leave_file = done or not created or _output_written(src, args.output)
        src.close()
        if not leave_file:
            for leftover in (path, path + ".wal"):
                with contextlib.suppress(OSError):
                    os.remove(leftover)


def _output_written(src, output: str) -> bool:
    """Whether mondrian's output table exists (True when that cannot be told: keep the file)."""
    try:
        return src.table_exists(output)
    except Exception:
        return True


def _run_cavg(args: argparse.Namespace) -> int:
    from .metrics.cavg import cavg

    with _opened(args) as src:
        r = cavg(src, args.table, args.qids, args.k, exclude_null_qids=args.exclude_null_qids)
        database = src.database_label
    payload = r.to_dict()
    _write_json(payload, args.json_out)
    _write_html(args, r, database)
    if args.json != "-" and not args.quiet:
        print(cavg_summary(r, args.qids, args.exclude_null_qids))
    if args.fail_above is not None and r.cavg > args.fail_above:
        sys.stderr.write(f"privrisk-sql: CAVG {r.cavg:.6f} exceeds --fail-above {args.fail_above}\n")
        return EXIT_THRESHOLD
    return EXIT_OK


def _run_kanon(args: argparse.Namespace) -> int:
    from .metrics.kanon import kanon

    with _opened(args) as src:
        r = kanon(src, args.table, args.qids, args.sensitive, args.k, exclude_null_qids=args.exclude_null_qids)
        database = src.database_label
    _write_json(r, args.json_out)
    _write_html(args, r, database)
    if args.json != "-" and not args.quiet:
        print(kanon_summary(r, args.qids, args.sensitive or [], args.k))
    if args.fail_below is not None and r["k_anonymity"] < args.fail_below:
        sys.stderr.write(f"privrisk-sql: k-anonymity {r['k_anonymity']} is below --fail-below {args.fail_below}\n")
        return EXIT_THRESHOLD
    return EXIT_OK


def _run_mondrian(args: argparse.Namespace) -> int:
    from .metrics.mondrian import mondrian

    if args.db is None:
        raise InvalidInputError("mondrian writes its output table inside the database: give --db "
                                "(a .duckdb path or an SQLAlchemy URL); the default in-memory DuckDB would lose it")
    order = {}
    for column, values in args.order:
        if column in order:
            raise InvalidInputError(f"--order given twice for {column!r}")
        order[column] = values
    hierarchies: dict[str, str] = {}
    for column, path in args.hierarchy:
        if column in hierarchies:
            raise InvalidInputError(f"--hierarchy given twice for {column!r}")
        hierarchies[column] = path
    with _opened(args) as src:
        r = mondrian(src, args.table, args.qids, args.k, args.output, keep=args.keep, replace=args.replace,
                     median=args.median, relaxed=args.relaxed, nulls=args.nulls, order=order, l=args.l, t=args.t,
                     sensitive=args.sensitive, hierarchies=hierarchies)
        database = src.database_label
    payload = r.to_dict()
    _write_json(payload, args.json_out)
    _write_html(args, r, database)
    if args.json != "-":
        privacy = "".join(f" {name}={v}" for name, v in (("l", r.l), ("t", r.t)) if v is not None)
        about = f" on {', '.join(r.sensitive)}" if r.sensitive else ""
        lines = [f"Mondrian k={r.k}{privacy}{about}{' (relaxed)' if r.relaxed else ''} over {', '.join(args.qids)} "
                 f"-> table {r.output}",
                 f"  rows / partitions          {r.n_rows} / {r.partitions}",
                 f"  partition size min / max   {r.min_size} / {r.max_size}",
                 f"  cavg                       {r.cavg:.6f}",
                 f"  discernibility             {r.discernibility}",
                 f"  gcp                        {r.gcp:.6f}  (NCP per QID: "
                 + ", ".join(f"{c} {v:.4f}" for c, v in r.ncp.items()) + ")",
                 f"  levels / SQL statements    {r.levels} / {r.queries}"]
        for column, m in r.null_rows.items():
            lines.append(f"  NULL rows in {column}: {m} (a value of their own)")
        print("\n".join(lines))
    return EXIT_OK


def _run_cleanup(args: argparse.Namespace) -> int:
    """Staging tables (privrisk_sql/staging.py) of runs that are gone: listed, and dropped unless
    --dry-run. One whose run is still alive (its lock is held) is listed and kept."""
    src = connect(args.db)  # a missing database file is refused, not created
    try:
        # A cleanup is explicit: tables no lock can prove abandoned (SQLite) are dropped too.
        found = src.staging_tables()
        for container, name, abandoned in found:
            full = ".".join((*container, name))
            if not abandoned and src.dialect.staging_lock is not None:
                print(f"kept     {full} (its run is still running)")
            elif args.dry_run:
                print(f"found    {full}")
            else:
                src.drop_staging(container, name)
                print(f"dropped  {full}")
        if not found:
            print("no staging tables found")
    finally:
        src.close()
    return EXIT_OK


# Each registered metric's options and command (privrisk_sql/registry.py).
_COMMANDS: dict[str, tuple[Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]] = {
    m.name: (globals()[f"_args_{m.name}"], globals()[f"_run_{m.name}"]) for m in METRICS}


def _show_warning(message, *args, **kwargs) -> None:
    sys.stderr.write(f"privrisk-sql: warning: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="privrisk-sql: %(message)s")
    warnings.simplefilter("default")
    warnings.showwarning = _show_warning
    try:
        if args.command in _COMMANDS:
            _checked_outputs(args)
            return _COMMANDS[args.command][1](args)
        if args.command == "cleanup":
            return _run_cleanup(args)
        if args.command == "dbt-path":
            from .render import dbt_package_dir

            print(dbt_package_dir().resolve())
            return EXIT_OK
    except (InvalidInputError, UnsupportedFeatureError) as e:
        sys.stderr.write(f"privrisk-sql: error: {one_line(str(e))}\n")
        return EXIT_USAGE
    except QueryTimeoutError as e:
        sys.stderr.write(f"privrisk-sql: {one_line(str(e))} (--timeout {args.timeout:g}); work tables dropped\n")
        return EXIT_DATABASE
    except QueryError as e:
        sys.stderr.write(f"privrisk-sql: database error: {one_line(str(e))}\n")
        return EXIT_DATABASE
    except PrivriskError as e:
        sys.stderr.write(f"privrisk-sql: error: {one_line(str(e))}\n")
        return EXIT_USAGE
    except TerminatedError:
        sys.stderr.write("privrisk-sql: terminated (SIGTERM): the running query was cancelled, work tables dropped\n")
        return EXIT_DATABASE
    except KeyboardInterrupt:
        sys.stderr.write("privrisk-sql: interrupted (Ctrl-C): the running query was cancelled, work tables dropped\n")
        return EXIT_DATABASE
    parser.error(f"unknown command {args.command!r}")
    return EXIT_USAGE


def run(argv: Sequence[str] | None = None) -> NoReturn:
    """The ``privrisk-sql`` command: :func:`main`, then an exit that skips the interpreter's
    teardown (40 ms of a 1 s run; docs/decisions/cli-os-exit.md)."""
    code = main(argv)
    if threading.active_count() > 1:
        sys.exit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a closed pipe (| head): Python's own exit reports 120
            code = code or 120
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
