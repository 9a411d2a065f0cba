"""``privrisk-sql``: command-line interface. Parses and validates arguments, nothing else.

Exit codes: 0 ok, 1 a user-set threshold breached, 2 bad input or usage, 3 database error, --timeout
or Ctrl-C (the running query is cancelled on the database and work tables are dropped first).
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import io
import json
import logging
import os
import re
import signal
import sys
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn

from ..errors import (
    InvalidInputError,
    OutputWriteError,
    PrivriskError,
    QueryError,
    QueryTimeoutError,
    TerminatedError,
    UnsupportedFeatureError,
)
from ..progress import end_open_line
from ..registry import BY_NAME, METRICS, Metric
from ..report.json_text import EncodedRecords
from ..report.output_file import OutputFile, input_files
from ..report.printable import printable, summary_shown

EXIT_OK, EXIT_THRESHOLD, EXIT_USAGE, EXIT_DATABASE = 0, 1, 2, 3
EXIT_BROKEN_PIPE = 120  # Python's own exit status when standard output cannot be flushed at exit


def one_line(text: str) -> str:
    """A message on one line, safe on a terminal, without passwords: a line break inside a name (a
    column called 'a\\nb') shown as \\n, other control characters (ESC, BEL) escaped, and a
    database URL's password as ***."""
    from ..engines.common import redacted

    return printable(redacted(text))


# What float() reads after a minus sign. argparse takes only -1 and -.5 for a value, so
# `--min-entropy-delta -1e-3` or `-inf` was "expected one argument" (no option of ours looks so).
_NEGATIVE_NUMBER = re.compile(r"^-(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$|^-(inf|infinity|nan)$", re.IGNORECASE)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line naming the culprit (usage stays under --help)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NEGATIVE_NUMBER

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[no-untyped-def, override]
        self._given = list(sys.argv[1:] if args is None else args)  # what error() may point into
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        if message.startswith("the following arguments are required"):
            message += self._misspelt()
        elif message.endswith(": expected one argument"):
            message += self._dash_value(message)
        elif message.startswith("ambiguous option: "):
            message += self._elsewhere(message.split(" ")[2].split("=", 1)[0])
        self.exit(EXIT_USAGE, f"privrisk-sql: error: {one_line(message)} (see {self.prog} --help)\n")

    def _dash_value(self, message: str) -> str:
        """The way to give a value that starts with '-' (a column named -x), which argparse reads
        as the next option: `--qids -x` said only "expected one argument"."""
        option = message.split(":", 1)[0].removeprefix("argument ").split("/")[-1]
        given = getattr(self, "_given", [])
        for token, following in zip(given, given[1:]):
            if (token == option or token.startswith("--") and option.startswith(token)) and following.startswith("-"):
                return f" (a value starting with '-' is written {option}={following})"
        return ""

    def _elsewhere(self, option: str) -> str:
        """The commands of which ``option`` is an option: `kanon --t 0.2` (Mondrian's t; kanon's
        is --max-t) was only "ambiguous option: --t could match --table, --timeout"."""
        siblings: dict[str, argparse.ArgumentParser] = getattr(self, "siblings", {})
        elsewhere = [name for name, p in siblings.items() if option in p._option_string_actions]
        command = self.prog.rsplit(" ", 1)[-1]
        return f"; {option} is an option of {', '.join(elsewhere)}, not of {command}" if elsewhere else ""

    def _misspelt(self) -> str:
        """An option given that this parser does not know: `--tabel t.csv` was only "the
        following arguments are required: --table", as argparse checks those first."""
        known = [o for o in self._option_string_actions if o.startswith("--")]
        for token in getattr(self, "_given", []):
            option = token.split("=", 1)[0]
            if not option.startswith("--") or any(k.startswith(option) for k in known):
                continue  # a value, an option, or an abbreviation argparse takes
            meant = _option_meant(self, option)
            command = self.prog.rsplit(" ", 1)[-1]
            return f"; {option} is not an option of {command}" + (f" (did you mean {meant}?)" if meant else "")
        return ""


def _option_meant(parser: argparse.ArgumentParser, option: str) -> str | None:
    """The option of ``parser`` a letter or two away from ``option`` (a typo, not a word), if any."""
    import difflib

    own_options = [o for o in parser._option_string_actions if o.startswith("--")]
    return next(iter(difflib.get_close_matches(option, own_options, n=1, cutoff=0.75)), None)


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each command's name and its own parser."""
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices


def _refuse_unrecognized(parser: argparse.ArgumentParser, command: str, extras: list[str]) -> NoReturn:
    """argparse's "unrecognized arguments", from the command's own parser (its --help is the one
    to read), with the option meant where one is a letter or two away, or the commands that have
    it (`mondrian --read-only`: Mondrian writes, so it has no --read-only)."""
    commands = _commands(parser)
    own: argparse.ArgumentParser = commands[command]
    message = f"unrecognized arguments: {' '.join(extras)}"
    option = next((e.split("=", 1)[0] for e in extras if e.startswith("--")), None)
    if option is not None:
        elsewhere = [name for name, p in commands.items() if option in p._option_string_actions]
        meant = _option_meant(own, option)
        if elsewhere:
            message += f" (an option of {', '.join(elsewhere)}, not of {command})"
        elif meant:
            message += f" (did you mean {meant}?)"
    own.error(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="privrisk-sql", description="Privacy-risk metrics computed inside your database.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command")  # none named: main() lists them

    for metric in METRICS:
        command = sub.add_parser(
            metric.name,
            help=metric.help,
            description=metric.help + ".",
            epilog=f"example:\n  {metric.example}" if metric.example else None,
            formatter_class=argparse.RawDescriptionHelpFormatter,  # the example on its own line, as written
        )
        _given_once(metric.part("command").add_arguments, command)

    cleanup_help = (
        "list and drop the staging tables killed runs left in --db (on Spark, their work tables too; "
        "on a DuckDB file, what they spilled to disk)"
    )
    cl = sub.add_parser("cleanup", help=cleanup_help, description=cleanup_help + ".")
    cl.add_argument("--db", required=True, help="SQLAlchemy URL, Spark (sc://, spark://, local[N]) or .duckdb path")
    cl.add_argument("--dry-run", action="store_true", help="only list them")
    _given_once(lambda p: None, cl)

    dbt_help = "print the absolute path of the bundled dbt package 'privrisk' (for packages.yml)"
    sub.add_parser("dbt-path", help=dbt_help, description=dbt_help + ".")
    for command_parser in sub.choices.values():
        command_parser.siblings = sub.choices  # type: ignore[attr-defined]  # what _elsewhere looks through
    return parser


class _Once(argparse._StoreAction):
    """A single-valued option given twice is an error, not the last one silently (a repeated
    --db ran against the second database with no word)."""

    def __call__(self, parser, namespace, values, option_string=None):
        seen = namespace.__dict__.setdefault("_given", set())
        if self.dest in seen:
            parser.error(f"{option_string} given twice; give it once")
        seen.add(self.dest)
        super().__call__(parser, namespace, values, option_string)


def _given_once(add_arguments, p: argparse.ArgumentParser) -> None:
    """Add a command's options, then make each single-valued one refuse a second value
    (repeatable ones, --order and --hierarchy, append and stay repeatable)."""
    add_arguments(p)
    for action in p._actions:
        if type(action) is argparse._StoreAction and action.option_strings:
            action.__class__ = _Once


def _version() -> str:
    from .. import __version__

    return __version__


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


def _run_metric(metric: Metric, args: argparse.Namespace) -> int:
    """One metric's command: its checks, the run, then --json, --html, the summary and the threshold."""
    command = metric.part("command")
    _warned.clear()  # main() may run more than one command in a process (tests, a notebook)
    command.check(args)
    _checked_outputs(metric, args)
    with _opened(metric, args) as src, _stops_after_publish(src) as writing:
        src.writes_files(args.json_out, args.html_out)  # never a file the input reads through views
        result = command.compute(src, args)
        database = src.database_label
        payload = result.to_json_payload()
        if _warned:  # the run's warnings travel with its figures: a pipeline reading the JSON sees them
            payload = {**payload, "warnings": list(_warned)}
        try:
            # From the first file on, a stop waits for the others (moments of work): stopping
            # between them left the JSON of a command whose exit status said it had stopped.
            writing.extend(option for option, out in (("--json", args.json_out), ("--html", args.html_out)) if out)
            _write_json(payload, args.json_out)
            _write_html(metric, args, result, database)
            if summary_shown(args):
                text = metric.part("summary").summary(args, result, payload)
                _print_summary("\n".join(printable(line) for line in text.split("\n")))  # names may hold ESC or BEL
        except OutputWriteError as e:
            if not (src.published or src.published_files):
                raise
            # the outputs stand: say so, or a failed --json reads as a failed run
            raise OutputWriteError(f"{e} (the run's {_named_outputs(src)} written)") from e
    breached = command.breach(args, result, payload)
    if breached is not None:
        _say(f"privrisk-sql: {breached}")
        return EXIT_THRESHOLD
    return EXIT_OK


def _named_outputs(src: Any) -> str:
    """The outputs a run gave their names, as a sentence's subject: "table 'o' is", "tables 'r',
    'c' are", "file 'o.parquet' is"."""
    parts = []
    for kind, names in (("table", src.published), ("file", src.published_files)):
        if names:
            parts.append(f"{kind}{'s' if len(names) > 1 else ''} {', '.join(repr(n) for n in names)}")
    many = len(src.published) + len(src.published_files) > 1
    return f"{' and '.join(parts)} {'are' if many else 'is'}"


@contextlib.contextmanager
def _stops_after_publish(src: Any) -> Iterator[list[str]]:
    """Ctrl-C, SIGTERM and SIGHUP between the run's guarded parts: before an output is published
    (a table, a release file) or the command starts writing its files (the list yielded, which
    it fills) they stop the command as ever (exit 3); from then on (the run's guard records those
    that come during the publication itself) the command finishes its JSON, report and summary,
    moments of work, and says so: its exit status must say the output is there
    (docs/guides/security.md). The Source is closed inside, where a stop is recorded too: the
    run's work is done and written then (a Spark session takes a second or more to stop)."""
    from ..engines.cancel import STOP_NAMES, stop_reason, watched_signals

    writing: list[str] = []  # the command's own output files (--json, --html), once it writes them
    if threading.current_thread() is not threading.main_thread():
        yield writing
        return
    seen: list[int] = []
    seen_while_writing: list[int] = []  # of those, the stops that came while it wrote its files
    closing = False

    def strongest(signums: list[int]) -> str:
        """The stop that names what came: SIGTERM or SIGHUP over a Ctrl-C beside it."""
        return stop_reason(next((s for s in signums if s != signal.SIGINT), signums[0]))

    def on_signal(signum: int, frame: object) -> None:
        if src.published or src.published_files or writing or closing:
            seen.append(signum)
            if writing and not closing:
                seen_while_writing.append(signum)
        elif signum != signal.SIGINT:
            raise TerminatedError(f"terminated ({STOP_NAMES[stop_reason(signum)]})", signum=signum)
        else:
            raise KeyboardInterrupt

    old = {signum: signal.signal(signum, on_signal) for signum in watched_signals()}
    try:
        yield writing
        # Closed here, not after: a stop while a Spark session stopped met Python's default
        # handler (exit 143 after a published output)
        closing = True
        src.close()
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)
        if src.stopped_after_publish:  # recorded by the run's guard, during the publication
            name = STOP_NAMES[src.stopped_after_publish]
            _say(
                f"privrisk-sql: {name} arrived while the output was being published: it is published, "
                "and the command finished"
            )
        elif seen and (src.published or src.published_files):
            _say(
                f"privrisk-sql: {STOP_NAMES[strongest(seen)]} arrived after the output was published: it is "
                "published, and the command finished"
            )
        elif seen_while_writing:
            _say(
                f"privrisk-sql: {STOP_NAMES[strongest(seen_while_writing)]} arrived while the command wrote its "
                f"{' and '.join(writing)}: {'they are' if len(writing) > 1 else 'it is'} written, and the command "
                "finished"
            )
        elif seen:  # a reading run's: its results were all written before its session closed
            _say(
                f"privrisk-sql: {STOP_NAMES[strongest(seen)]} arrived while the command closed its session: "
                "its results were written, and the command finished"
            )


def _input_tables(metric: Metric, args: argparse.Namespace) -> dict[str, str]:
    """The input tables given, by option (risk's --population is optional)."""
    return {role: getattr(args, role) for role in metric.inputs if getattr(args, role, None) is not None}


def _standard_output_open(what: str) -> None:
    """Refuse, before any work, a command whose output goes to a standard output the shell
    closed (``>&-``: Python's ``sys.stdout`` is then None). A run ended in a traceback after all
    its work, its tables written; ``dbt-path`` printed nothing and succeeded."""
    if sys.stdout is None:
        raise InvalidInputError(f"standard output is closed (>&-): {what}")


def _checked_outputs(metric: Metric, args: argparse.Namespace) -> None:
    """Check every output path before any work (a bad one is exit 2 with nothing done)."""
    if args.json == "-":
        _standard_output_open("--json - has nowhere to go; name a file, or send it to /dev/null")
    elif not getattr(args, "quiet", False):
        _standard_output_open("the summary has nowhere to go; pass --quiet, or send it to /dev/null")
    tables = list(_input_tables(metric, args).values())
    from ..engines.common import database_files, file_format

    hierarchy_files = [path for _, path in getattr(args, "hierarchy", [])]  # read, so never written
    inputs = [*input_files(*tables), *database_files(args.db), *hierarchy_files]
    # `is not None`: an empty path given is refused by the check, not taken for "no output".
    args.json_out = OutputFile.checked(args.json, inputs=inputs) if args.json is not None else None
    args.html_out = (
        OutputFile.checked(args.html, inputs=inputs, option="--html", stdout=False) if args.html is not None else None
    )
    if args.json_out is not None and args.html_out is not None and args.json_out.target == args.html_out.target:
        raise InvalidInputError(f"--json and --html name the same file {args.html!r}")
    # What the run writes as files (a release.parquet) is never the JSON or the page written after it.
    for option in metric.outputs:
        path = getattr(args, option, None)
        if not isinstance(path, str) or file_format(path) is None:
            continue
        for out in (args.json_out, args.html_out):
            if out is not None and out.target == os.path.realpath(path):
                raise InvalidInputError(f"--{option} and {out.option} name the same file {path!r}")
    args.started = time.perf_counter()


# Options that are not parameters of the computation (the report lists the rest).
_NOT_PARAMETERS = {
    "_given",
    "command",
    "db",
    "json",
    "json_out",
    "html",
    "html_out",
    "html_values",
    "show_sql",
    "quiet",
    "started",
    "fail_above",
    "fail_below",
    "min_l",
    "max_t",
    "timeout",
    "read_only",
}


def _write_html(metric: Metric, args: argparse.Namespace, result: object, database: str) -> None:
    """The --html report of a finished command (after its JSON, by the same safe writer)."""
    if args.html_out is None:
        return
    from ..report import RunInfo, write_report

    inputs = _input_tables(metric, args)
    # `_name`s are a run's own state (a metric's fetched values, say), never parameters: a page
    # carried --show-values' classes as a 'parameter' row, values it had not been asked for
    parameters = {
        k: v
        for k, v in vars(args).items()
        if k not in _NOT_PARAMETERS
        and k not in metric.inputs
        and not k.startswith("_")
        and not (k == "encoding" and v == "utf-8")  # how CSV files are read: shown when it is not the default
    }
    thresholds = {
        k: getattr(args, k)
        for k in ("fail_above", "fail_below", "min_l", "max_t")
        if getattr(args, k, None) is not None
    }
    info = RunInfo(
        args.command,
        inputs,
        database,
        parameters,
        thresholds,
        seconds=time.perf_counter() - args.started,
        shown_values=getattr(args, "_shown_values", None),
        warnings=tuple(_warned),
    )
    write_report(result, info, args.html_out, values=getattr(args, "html_values", False))


@contextlib.contextmanager
def _opened(metric: Metric, args: argparse.Namespace):
    """The --db Source for one command (echoing with --show-sql), closed when the command ends."""
    from ..engines.common import file_format
    from ..source import connect, creating, echo_to_stderr  # not for --help: sqlglot, jinja2

    tables = list(_input_tables(metric, args).values())
    # A missing --db file is refused by Source (create=False), so a typo leaves no stray file; a
    # run that writes a table there creates it, removed if the run ends before its output exists.
    # A release written to a file (--output r.parquet) writes no table into --db: nothing created.
    given = (getattr(args, option, None) for option in metric.outputs)
    outputs = [name for name in given if name and file_format(name) is None]
    writes = bool(outputs)

    def make(create: bool):
        return connect(
            args.db,
            read_only=args.read_only,
            timeout=args.timeout,
            files=input_files(*tables),
            create=create,
            open_read_only=not writes,
            csv_encoding=args.encoding,
        )  # other readers may share the file

    with creating(args.db, outputs, make) as src:
        if args.show_sql:
            src.echo = echo_to_stderr
        try:
            yield src
        except BaseException as e:
            if src.work_tables_left:  # what the stop's line says (main), never "dropped" then
                e.work_tables_left = list(src.work_tables_left)  # type: ignore[attr-defined]
            raise


def _run_cleanup(args: argparse.Namespace) -> int:
    """Staging tables (privrisk_sql/staging.py) of runs that are gone: listed, and dropped unless
    --dry-run. One whose run is still alive (its lock is held) is listed and kept."""
    from ..source import connect

    _standard_output_open("the list of what cleanup drops has nowhere to go; send it to /dev/null")
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
        _clean_spill(src, args.dry_run)
    finally:
        src.close()
    return EXIT_OK


def _clean_spill(src: Any, dry_run: bool) -> None:
    """What killed runs' DuckDB spilled for this database file (Engine.spill_left): a run into a
    file it did not create starts no watch, and DuckDB clears a process's spill files only at
    its close."""
    left = src.engine.spill_left()
    if not left or not left[1]:
        return
    from ..engines.common import remove_spill

    folder, files = left
    size = sum(os.path.getsize(f) for f in files if os.path.isfile(f))
    if not dry_run:
        remove_spill(files, folder)
    verb = "found" if dry_run else "removed"
    print(f"{verb:<8} {len(files)} file(s) killed runs spilled to disk, {size:,} bytes, in {folder}")


def _print_summary(text: str) -> None:
    """The summary on standard output, flushed, so that a refusal is told here (a full disk: exit
    3, naming it) rather than lost in the exit; a reader that left (``| head``) ends quietly."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputWriteError(f"cannot write the summary to standard output: {e.strerror or e}") from e


def _say(line: str) -> None:
    """A line on stderr. A stderr that refuses it (full, closed, a pipe whose reader left:
    `2>/dev/full`, `2>&1 | head`) loses the line, never the run or its exit status, as Python's
    own warnings do: a warning's OSError stopped an mpUCCs run (exit 1, nothing written)."""
    end_open_line()  # a progress line drawn in place on a terminal: this line starts below it
    try:
        sys.stderr.write(line + "\n")
    except (AttributeError, OSError, ValueError):
        pass


# The warnings of the command running, for its --html page as well as stderr.
_warned: list[str] = []


def _show_warning(message, *args, **kwargs) -> None:
    _warned.append(one_line(str(message)))
    _say(f"privrisk-sql: warning: {one_line(str(message))}")


class _OneLineFormatter(logging.Formatter):
    """Log lines as every message: one line, control characters escaped, no password."""

    def format(self, record: logging.LogRecord) -> str:
        return one_line(super().format(record))


def _work_tables(stop: BaseException) -> str:
    """What became of a stopped run's work tables: dropped, or (its server stopped answering on
    an engine without TEMP tables) left, and how to remove them."""
    left = getattr(stop, "work_tables_left", None)
    if not left:
        return "work tables dropped"
    return (
        f"{len(left)} work table(s) could not be dropped (the database stopped answering): "
        "privrisk-sql cleanup --db URL drops them once it answers again"
    )


class InterruptedBeforeWork(KeyboardInterrupt):
    """A Ctrl-C while the command built its parser or parsed its arguments: nothing was read or
    written yet (the entry point, privrisk_sql/entry_point.py, says so in one line)."""


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args, extras = parser.parse_known_args(argv)
    except KeyboardInterrupt:
        raise InterruptedBeforeWork from None
    if args.command is None:  # argparse said "the following arguments are required: command"
        parser.error(f"name a command: {', '.join(_commands(parser))}")
    if extras:
        _refuse_unrecognized(parser, args.command, extras)
    handler = logging.StreamHandler()
    handler.setFormatter(_OneLineFormatter("privrisk-sql: %(message)s"))
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
    warnings.simplefilter("default")
    # As Python's own default: a Ctrl-C that cuts an import short leaves the file it read open,
    # and its ResourceWarning was a second line ("unclosed file <...pyc>") under the stop's one.
    warnings.simplefilter("ignore", ResourceWarning)
    warnings.showwarning = _show_warning
    try:
        if args.command in BY_NAME:
            return _run_metric(BY_NAME[args.command], args)
        if args.command == "cleanup":
            return _run_cleanup(args)
        if args.command == "dbt-path":
            from ..sql.render import dbt_package_dir

            _standard_output_open("the package's path has nowhere to go")
            print(dbt_package_dir().resolve())
            return EXIT_OK
    except (InvalidInputError, UnsupportedFeatureError) as e:
        _say(f"privrisk-sql: error: {one_line(str(e))}")
        return EXIT_USAGE
    except OutputWriteError as e:
        _say(f"privrisk-sql: error: {one_line(str(e))}")
        return EXIT_DATABASE
    except BrokenPipeError:
        # standard output's reader left (| head): end quietly, as Python's own exit does
        return EXIT_BROKEN_PIPE
    except QueryTimeoutError as e:
        _say(f"privrisk-sql: {one_line(str(e))} (--timeout {args.timeout:g}); {_work_tables(e)}")
        return EXIT_DATABASE
    except QueryError as e:
        left = getattr(e, "work_tables_left", None)
        _say(f"privrisk-sql: database error: {one_line(str(e))}{'; ' + _work_tables(e) if left else ''}")
        return EXIT_DATABASE
    except PrivriskError as e:
        _say(f"privrisk-sql: error: {one_line(str(e))}")
        return EXIT_USAGE
    except TerminatedError as e:
        said = str(e) if str(e).startswith("terminated (") else "terminated (SIGTERM)"
        _say(f"privrisk-sql: {said}: the running query was cancelled, {_work_tables(e)}")
        return EXIT_DATABASE
    except KeyboardInterrupt as e:
        _say(f"privrisk-sql: interrupted (Ctrl-C): the running query was cancelled, {_work_tables(e)}")
        return EXIT_DATABASE
    parser.error(f"unknown command {args.command!r}")
    return EXIT_USAGE


def _stdout_spells_any_name() -> None:
    """A standard output whose encoding cannot spell a name (PYTHONIOENCODING=ascii, a locale of
    another code page) writes it as ``\\xe9``, as Python writes stderr: the summary of a table
    with a column 'séx' ended in a traceback (UnicodeEncodeError, exit 1) after the run's work.
    JSON on standard output is ASCII whatever the names hold (json's ensure_ascii)."""
    if isinstance(sys.stdout, io.TextIOWrapper) and sys.stdout.errors == "strict":
        sys.stdout.reconfigure(errors="backslashreplace")


def run(argv: Sequence[str] | None = None) -> NoReturn:
    """The ``privrisk-sql`` command: :func:`main`, then an exit that skips the interpreter's
    teardown (40 ms of a 1 s run; docs/decisions/cli-os-exit.md)."""
    _stdout_spells_any_name()
    code = main(argv)
    # a daemon thread (Spark's py4j) ends with the process either way; the full teardown of a
    # Spark run took 0.8 s, in which a SIGTERM killed a finished command (exit 143)
    if any(not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        sys.exit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a closed pipe (| head): Python's own exit reports 120
            code = code or 120
    os._exit(code)
