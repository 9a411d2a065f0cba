"""Generalization hierarchies for Mondrian (docs/metrics/mondrian.md#hierarchies): read, checked
and laid out as rows the database can join.

A hierarchy is ARX's CSV: one row per value, ``value;level 1;level 2;...;root`` (``;`` or ``,``).
Rows may differ in length (empty cells at a row's end are padding): they are aligned at the
root, so a shorter row is a value nearer the root (an uneven tree, as qiyuangong/Basic_Mondrian's
files have). A UTF-8 byte-order mark (Excel's "CSV UTF-8") is skipped. A label names one node:
a group under two parents would put one label on two sets of values in the release (ARX refuses
such a file as "not a hierarchy"), so it is refused by line.

The leaves are numbered depth first (their *codes*), so every node covers a contiguous run of
codes; :meth:`Hierarchy.ancestor_rows` gives, per leaf and depth, the node there, which is all
the SQL needs to find a partition's node, its children and their labels. The database builds that
table itself from :meth:`Hierarchy.node_rows`, one row per node.
"""

from __future__ import annotations

import copy
import csv
import io
import math
import os
import re
import select
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import MAX_PREC, Decimal, InvalidOperation, localcontext
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...errors import InvalidInputError
from ...given import is_missing


@dataclass
class _Node:
    label: str
    children: dict[str, _Node] = field(default_factory=dict)
    is_value: bool = False


# The leaf NULL takes with nulls="separate" (Hierarchy.with_null_leaf): its code is the one every
# NULL of the column takes (the globals' null_code of a hierarchy QID), its label NULL.
NULL_CODE = 0


@dataclass(frozen=True)
class AncestorRow:
    """Leaf ``code``'s ancestor at ``depth`` (0 = the root): its place among its parent's
    children, its NCP (0 for a value, else its share of all values) and its label."""

    code: int
    depth: int
    child_no: int
    share: float
    parent_share: float
    label: str | None  # None: the NULL leaf's (with_null_leaf)


@dataclass(frozen=True)
class NodeRow:
    """One node of the tree as the database gets it: its id and its ``parent``'s (None at the
    root), its leaf ``code`` (None for a group), and the fields an :class:`AncestorRow` takes from it."""

    node: int
    parent: int | None
    code: int | None
    depth: int
    child_no: int
    share: float
    parent_share: float
    label: str | None  # None: the NULL leaf's (with_null_leaf)


# Levels a hierarchy may have: Mondrian descends one level per statement of a cut, and the tree
# is walked recursively here; a 3,000-level chain raised RecursionError (issue 41, defect 11).
MAX_LEVELS = 256


class Hierarchy:
    """A checked hierarchy for one column; ``leaves`` in code order (code = position + 1)."""

    def __init__(self, column: str, rows: Iterable[list[str]], where: str):
        self.column, self.where = column, where
        # a built tree's column values, as read to build it (Mondrian's rank map needs them again)
        self.values_read: list[str] | None = None
        self.root: _Node | None = None
        self._null: _Node | None = None  # the NULL leaf under the root (with_null_leaf)
        self.nul_line: int | None = None  # the first line with a NUL character (a database's text may not hold it)
        # group label -> (its parent's label, None for the root; the line that placed it there)
        self._group_parents: dict[str, tuple[str | None, int]] = {}
        accepted, first = 0, (0, [""])  # the lines taken, and the first (a header's place)
        for line, row in enumerate(rows, 1):
            cells = [c.strip() for c in row]
            while cells and not cells[-1]:  # a spreadsheet pads the shorter rows of an uneven tree
                cells.pop()
            if not cells:
                continue
            if len(cells) > MAX_LEVELS:
                raise InvalidInputError(
                    f"hierarchy {where} for {column!r}, line {line}: {len(cells):,} levels; a "
                    f"hierarchy has at most {MAX_LEVELS}"
                )
            if self.nul_line is None and any("\x00" in c for c in cells):
                self.nul_line = line
            if any(not c for c in cells):
                raise InvalidInputError(f"hierarchy {where} for {column!r}, line {line}: an empty cell")
            path = list(reversed(cells))  # root first
            if self.root is None:
                self.root = _Node(path[0])
                self._group_parents[path[0]] = (None, line)
                first = (line, cells)
            elif path[0] != self.root.label:
                if accepted == 1 and first[1][0].casefold() == column.casefold():
                    raise InvalidInputError(
                        f"hierarchy {where} for {column!r}, line {first[0]}: {', '.join(map(repr, first[1]))} look "
                        "like a header; a hierarchy file has none (every line is value;level 1;...;root)"
                    )
                if len(cells) == 1 or not self.root.children:
                    # one cell on a line: a tab between cells, or a list of values with no levels
                    alone, at = (self.root.label, 1) if not self.root.children else (cells[0], line)
                    raise InvalidInputError(
                        f"hierarchy {where} for {column!r}, line {at}: "
                        f"{alone!r} stands alone, with no level above it; a line is value;level 1;...;root, "
                        "cells between ';' or ','"
                    )
                raise InvalidInputError(
                    f"hierarchy {where} for {column!r}, line {line}: root {path[0]!r}, "
                    f"but the lines before end in {self.root.label!r}; a hierarchy has one root"
                )
            self._add(path, line)
            accepted += 1
        if self.root is None:
            raise InvalidInputError(f"hierarchy {where} for {column!r} is empty")
        self.leaves: list[str] = []
        self._codes: dict[str, int] = {}
        self._number(self.root)
        self.fan_out = max(2, self._widest(self.root))

    def _add(self, path: list[str], line: int) -> None:
        node = self.root
        assert node is not None
        for depth, label in enumerate(path[1:], 1):
            if node.is_value:
                raise InvalidInputError(
                    f"hierarchy {self.where} for {self.column!r}, line {line}: {node.label!r} is a "
                    "value on another line, and a group here"
                )
            if depth < len(path) - 1:
                self._check_one_parent(label, node.label, line)
            node = node.children.setdefault(label, _Node(label))
        if node.is_value or node.children:
            what = "twice" if node.is_value else "as a value and as a group"
            raise InvalidInputError(
                f"hierarchy {self.where} for {self.column!r}, line {line}: {path[-1]!r} appears {what}"
            )
        node.is_value = True

    def _check_one_parent(self, group: str, parent: str, line: int) -> None:
        """Refuse a group label already placed under another parent (or naming the root)."""
        placed, first_line = self._group_parents.setdefault(group, (parent, line))
        if placed == parent:
            return
        where = "is the root" if placed is None else f"under {placed!r} on line {first_line}"
        raise InvalidInputError(
            f"hierarchy {self.where} for {self.column!r}, line {line}: group {group!r} is under "
            f"{parent!r} here and {where}; a label names one group (give the two groups two labels)"
        )

    def _number(self, node: _Node) -> None:
        if node.is_value:
            if node is not self.root and node.label in self._group_parents:  # a one-value tree's root is its value
                raise InvalidInputError(
                    f"hierarchy {self.where} for {self.column!r}: {node.label!r} is a value and "
                    f"also names a group (line {self._group_parents[node.label][1]}); a label names one node"
                )
            if node.label in self._codes:
                raise InvalidInputError(
                    f"hierarchy {self.where} for {self.column!r}: value {node.label!r} is under "
                    "two groups; a value has one place"
                )
            self.leaves.append(node.label)
            self._codes[node.label] = len(self.leaves)
        for child in node.children.values():
            self._number(child)

    def with_null_leaf(self) -> Hierarchy:
        """This tree with NULL as a value of its own, the first child of the root (nulls="separate"):
        a partition of NULLs alone is labelled NULL, one of NULLs and values the root. The values
        keep their codes (NULL's is NULL_CODE, below them all); each node's share of the values
        counts NULL as one, as a category's distinct values do."""
        assert self.root is not None
        if self.root.is_value:
            raise InvalidInputError(
                f"hierarchy {self.where} for {self.column!r} is a single value, with no root above it "
                "to hold NULL beside it; give the NULLs a value in a view, or drop the hierarchy"
            )
        tree = copy.copy(self)
        tree._null = _Node("", is_value=True)
        tree.root = _Node(self.root.label, {"": tree._null, **self.root.children})
        tree.fan_out = max(2, tree._widest(tree.root))
        return tree

    def _code_of(self, leaf: _Node) -> int:
        return NULL_CODE if leaf is self._null else self._codes[leaf.label]

    def _label_of(self, node: _Node) -> str | None:
        return None if node is self._null else node.label

    @property
    def _values(self) -> int:
        """The values a share is counted among: the leaves, and NULL's leaf where there is one."""
        return len(self.leaves) + (self._null is not None)

    def _widest(self, node: _Node) -> int:
        return max([len(node.children)] + [self._widest(c) for c in node.children.values()])

    def code(self, value: str) -> int | None:
        return self._codes.get(value)

    def ancestor_rows(self) -> list[AncestorRow]:
        """Per leaf, one row per depth from the root (0) down to the leaf itself."""
        assert self.root is not None
        self._child_no: dict[int, int] = {}
        self._counts: dict[int, int] = {}
        self._index_children(self.root, 0)
        rows: list[AncestorRow] = []
        self._rows(self.root, [], rows, self._values)
        return rows

    def node_rows(self, codes: set[int] | None = None) -> list[NodeRow]:
        """The tree's nodes, depth first, keeping only those above one of ``codes`` (all if None).
        The database joins each leaf up through ``parent`` to get :meth:`ancestor_rows`: a tree
        of V values and N nodes is N rows to send, not V x depth."""
        assert self.root is not None
        self._counts = {}
        rows: list[NodeRow] = []
        self._node_rows(self.root, None, 0, 0, 1.0, rows, codes)
        return rows

    def _node_rows(
        self,
        node: _Node,
        parent: int | None,
        depth: int,
        child_no: int,
        parent_share: float,
        rows: list[NodeRow],
        codes: set[int] | None,
    ) -> bool:
        code = self._code_of(node) if node.is_value else None
        share = 0.0 if node.is_value else self._leaf_count(node) / self._values
        at = len(rows)
        rows.append(NodeRow(at + 1, parent, code, depth, child_no, share, parent_share, self._label_of(node)))
        kept = code is not None and (node is self._null or codes is None or code in codes)
        for i, child in enumerate(node.children.values()):
            kept = self._node_rows(child, at + 1, depth + 1, i, share, rows, codes) or kept
        if not kept:
            del rows[at:]
        return kept

    def _index_children(self, node: _Node, no: int) -> None:
        self._child_no[id(node)] = no
        for i, child in enumerate(node.children.values()):
            self._index_children(child, i)

    def _leaf_count(self, node: _Node) -> int:
        """Values under ``node`` (itself if a value), counted once per node."""
        key = id(node)
        if key not in self._counts:
            self._counts[key] = int(node.is_value) + sum(self._leaf_count(c) for c in node.children.values())
        return self._counts[key]

    def _rows(self, node: _Node, chain: list[_Node], rows: list[AncestorRow], total: int) -> None:
        chain = chain + [node]
        if node.is_value:
            code = self._code_of(node)
            shares = [0.0 if n.is_value else self._leaf_count(n) / total for n in chain]
            for depth, n in enumerate(chain):
                rows.append(
                    AncestorRow(
                        code,
                        depth,
                        self._child_no[id(n)],
                        shares[depth],
                        shares[depth - 1] if depth else 1.0,
                        self._label_of(n),
                    )
                )
        for child in node.children.values():
            self._rows(child, chain, rows, total)


def _csv_rows(text: str, delimiter: str, column: str, where: str) -> Iterator[list[str]]:
    """The file's rows; a line the csv module refuses (a cell over its 131,072-character limit, a
    quote left open) is bad input naming the file and line, not a _csv.Error."""
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            raise InvalidInputError(f"hierarchy {where} for {column!r}, line {reader.line_num}: {e}") from None
        yield row


# Hierarchies built for the user from the column's distinct values, by name (builder_of: mask,
# interval:W1,W2,..., date[:LEVELS]; a CSV file of such a name is given as ./mask): ARX's
# builders. `order:` is --order spelled as a hierarchy (the CLI's).
DATE_LEVELS = ("day", "month", "quarter", "year", "decade")  # each nested in the next
BUILDERS_HINT = " (nor is it a built hierarchy: mask, interval:W1,W2,..., date[:LEVELS], order:V1,V2,...)"


@dataclass(frozen=True)
class Builder:
    """A hierarchy to build from the column's values: ``mask`` (codes held as text),
    ``interval`` (numbers, bins of each width in ``widths``) or ``date`` (dates and timestamps,
    by ``levels``; none given: month and year, with the day first for a timestamp)."""

    name: str
    spec: str
    widths: tuple[Decimal, ...] = ()
    levels: tuple[str, ...] = ()

    def rows(self, column: str, values: Iterable[str], timestamps: bool = False) -> list[list[str]]:
        """The tree as ARX's rows (value;level 1;...;root), values in their natural order, so that
        the codes (depth first) follow it and a partition's node covers a run of neighbours."""
        if self.name == "mask":
            return masked_rows(values)
        if self.name == "interval":
            return interval_rows(column, values, self.widths)
        levels = self.levels or ("day", "month", "year")
        if not timestamps:
            # A date is its own day: that level would name each value a second time, which a
            # tree refuses ("a value and also names a group"); date:day,quarter is date:quarter.
            levels = tuple(x for x in levels if x != "day")
        return date_rows(column, values, levels)


def builder_of(spec: Any) -> Builder | None:
    """The builder a hierarchy spec names (``mask``, ``interval:5,10,20``, ``date``,
    ``date:month,year``), None for a CSV path or rows; a malformed builder spec is bad input."""
    if not isinstance(spec, str):
        return None
    name, colon, args = spec.partition(":")
    if spec == "mask":
        return Builder("mask", spec)
    if name == "mask" and colon:  # read as a file name, it failed as a missing file
        raise InvalidInputError(
            f"hierarchy {spec!r}: mask takes no arguments (each level hides one more character from "
            f"the right); a CSV file of that name is given as ./{spec}"
        )
    if name == "interval":
        return Builder("interval", spec, widths=_widths(spec, args if colon else ""))
    if name == "date":
        return Builder("date", spec, levels=_date_levels(spec, args) if colon else ())
    return None


def _widths(spec: str, args: str) -> tuple[Decimal, ...]:
    """Interval widths: positive numbers, each a whole multiple of the one before, so that every
    bin lies inside one bin of the next level (a tree, not overlapping ranges)."""
    if not args.strip():
        raise InvalidInputError(f"hierarchy {spec!r}: give the bin widths, smallest first (interval:5,10,20)")
    widths: list[Decimal] = []
    for text in args.split(","):
        try:
            w = Decimal(text.strip())
        except InvalidOperation:
            raise InvalidInputError(f"hierarchy {spec!r}: width {text.strip()!r} is not a number") from None
        if not w.is_finite() or w <= 0:
            raise InvalidInputError(f"hierarchy {spec!r}: width {text.strip()!r} is not a positive number")
        if widths and w <= widths[-1]:
            raise InvalidInputError(
                f"hierarchy {spec!r}: width {text.strip()} is not wider than {widths[-1]} before it (widths go "
                "smallest first, each a whole multiple of the one before: interval:5,10,20)"
            )
        if widths and Fraction(w) % Fraction(widths[-1]) != 0:  # exact at any scale
            raise InvalidInputError(
                f"hierarchy {spec!r}: width {text.strip()} is not a whole multiple of "
                f"{widths[-1]} (each bin must lie inside one bin of the next level)"
            )
        widths.append(w)
    return tuple(widths)


def _date_levels(spec: str, args: str) -> tuple[str, ...]:
    levels = tuple(x.strip() for x in args.split(",") if x.strip())
    for x in levels:
        if x not in DATE_LEVELS:
            raise InvalidInputError(f"hierarchy {spec!r}: level {x!r} is not one of {', '.join(DATE_LEVELS)}")
    if not levels or list(levels) != sorted(set(levels), key=DATE_LEVELS.index):
        raise InvalidInputError(f"hierarchy {spec!r}: give levels once each, finest first ({', '.join(DATE_LEVELS)})")
    return levels


def masked_rows(values: Iterable[str]) -> list[list[str]]:
    """ARX's masking hierarchy of codes: each level hides one more character from the right
    (90071 → 9007* → 900** → 90*** → 9**** → *****); codes of different lengths meet at a root ``*``,
    which is then a one-character code's last level (one label, one node).
    Built from the column's distinct values (those Mondrian reads anyway to rank a text QID)."""
    values = sorted({v for v in values if v is not None})
    lengths = {len(v) for v in values}
    rows = []
    for v in values:
        chain = [v] + [v[: len(v) - i] + "*" * i for i in range(1, len(v) + 1)]
        if (len(lengths) > 1 or not v) and chain[-1] != "*":
            chain.append("*")
        rows.append(chain)
    return rows


def _number_text(x: Decimal) -> str:
    return format(x.normalize(), "f") if x else "0"


def interval_rows(column: str, values: Iterable[str], widths: Sequence[Decimal]) -> list[list[str]]:
    """ARX's interval hierarchy: each value in the half-open bin ``[lo, lo + w)`` of each width
    (bins start at multiples of the width), then ``*``. ``values`` are the database's own text of
    the numbers, so the leaves match the column as the database spells it; Decimal keeps 0.1 + 0.2
    bins exact."""
    parsed = []
    for v in {v for v in values if v is not None}:
        try:
            x = Decimal(v)
        except InvalidOperation:
            raise InvalidInputError(f"hierarchy interval for {column!r}: value {v!r} is not a number") from None
        if not x.is_finite():
            raise InvalidInputError(
                f"hierarchy interval for {column!r}: value {v!r} lies in no interval; leave "
                "those rows out in a view, or give them a number"
            )
        parsed.append((x, v))
    rows = []
    # Exact at any number of digits: the floor of x / w as a Fraction, then only products and sums,
    # which terminate (Decimal's default 28 digits put 0.99...9 with 29 nines into the bin [1, 2)).
    with localcontext() as ctx:
        ctx.prec = MAX_PREC
        for x, v in sorted(parsed):
            chain = [v]
            for w in widths:
                lo = Decimal(math.floor(Fraction(x) / Fraction(w))) * w
                chain.append(f"[{_number_text(lo)}, {_number_text(lo + w)})")
            rows.append(chain + ["*"])
    return rows


_ISO_DATE = re.compile(r"^([+-]?\d{4,})-(\d{2})-(\d{2})")


def date_rows(column: str, values: Iterable[str], levels: Sequence[str]) -> list[list[str]]:
    """Date levels, finest first: day ``2023-05-03``, month ``2023-05``, quarter ``2023-Q2``, year
    ``2023``, decade ``2020s``, then ``*``. ``values`` are the database's text of the dates or
    timestamps (ISO: year-month-day first)."""
    parsed = []
    for v in {v for v in values if v is not None}:
        m = _ISO_DATE.match(v)
        if m is None:
            raise InvalidInputError(
                f"hierarchy date for {column!r}: value {v!r} is not an ISO date (YYYY-MM-DD...); "
                "a date that is infinite or spelled otherwise has no place in a date level"
            )
        parsed.append(((int(m.group(1)), int(m.group(2)), int(m.group(3))), v))
    rows = []
    for (y, mo, d), v in sorted(parsed):
        labels = {
            "day": f"{y:04d}-{mo:02d}-{d:02d}",
            "month": f"{y:04d}-{mo:02d}",
            "quarter": f"{y:04d}-Q{(mo - 1) // 3 + 1}",
            "year": f"{y:04d}",
            "decade": f"{y - y % 10:04d}s",
        }
        rows.append([v] + [labels[x] for x in levels] + ["*"])
    return rows


def read_hierarchy(
    column: str, spec: Any, encoding: str = "utf-8", check_stop: Callable[[], None] = lambda: None
) -> Hierarchy:
    """A hierarchy from a CSV path (``;`` or ``,`` between cells; its text in ``encoding``, the
    run's, as its tables' CSV files) or from rows already read. ``check_stop`` raises a stop
    asked for while a pipe's writer is waited on (a run acts on Ctrl-C at its own points)."""
    if isinstance(spec, (str, Path)):
        path = Path(spec)
        try:
            # Excel's "CSV UTF-8" starts with a BOM
            text = _file_text(path, check_stop).decode("utf-8-sig" if encoding == "utf-8" else encoding)
        except _NoWriter:
            raise InvalidInputError(
                f"hierarchy for {column!r}: {str(path)!r} is a pipe with nothing in it and no process writing to "
                "it: start the one that writes it first (or give <(command)), or save the hierarchy to a file"
            ) from None
        except OSError as e:
            # a bare word that is no file was likely meant as a builder ('intervals:5', 'dates')
            hint = (
                BUILDERS_HINT if isinstance(spec, str) and isinstance(e, FileNotFoundError) and "/" not in spec else ""
            )
            raise InvalidInputError(
                f"hierarchy for {column!r}: cannot read {str(path)!r}: {e.strerror}{hint}"
            ) from None
        except UnicodeDecodeError:
            raise InvalidInputError(
                f"hierarchy for {column!r}: {str(path)!r} is not UTF-8 text (a Latin-1 file: --encoding latin-1, "
                "csv_encoding='latin-1', reads it as the run's CSV files)"
            ) from None
        first = text.split("\n", 1)[0]
        delimiter = ";" if ";" in first or "," not in first else ","
        return Hierarchy(column, _csv_rows(text, delimiter, column, repr(str(path))), repr(str(path)))
    if hasattr(spec, "itertuples"):  # a pandas DataFrame (pd.read_csv of an ARX file): its rows, not its labels
        spec = spec.itertuples(index=False, name=None)
    elif callable(getattr(spec, "iter_rows", None)):  # polars: its rows, where iterating gives its columns
        spec = spec.iter_rows()
    if isinstance(spec, Iterable):
        rows = list(spec)
        given_text = next((row for row in rows if isinstance(row, str)), None)
        if given_text is not None:  # ['mask'] was the rows of a one-node tree: "value '10th' is not in its hierarchy"
            raise InvalidInputError(
                f"hierarchy rows for {column!r} are lists of cells (value, level 1, ..., root), got the text "
                f"{given_text!r:.40} as a row; a CSV path or a built hierarchy ('mask', 'interval:5,10') is given alone"
            )
        return Hierarchy(column, ([_cell_text(c) for c in row] for row in rows), "(given as rows)")
    raise InvalidInputError(f"hierarchy for {column!r}: expected a CSV path or rows, got {type(spec).__name__}")


class _NoWriter(Exception):
    """A named pipe (FIFO) that no process has open for writing."""


def _file_text(path: Path, check_stop: Callable[[], None]) -> bytes:
    """The bytes of the file ``path``. A pipe (a named FIFO, the shell's <(command)) is read as it
    comes, without ever waiting in the kernel: open() waited for a writer, a read for the writer's
    next bytes, and inside a run Ctrl-C and SIGTERM are acted on at the run's own points, so a pipe
    nothing wrote to hung the command for good, deaf to both. Between waits ``check_stop`` runs."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            os.set_blocking(fd, True)
            with os.fdopen(os.dup(fd), "rb") as f:
                return f.read()
        chunks: list[bytes] = []
        while True:
            try:
                chunk = os.read(fd, 1 << 16)
            except BlockingIOError:  # a writer, nothing more written yet
                check_stop()
                select.select([fd], [], [], 0.1)
                continue
            if not chunk:  # the end: at once, no writer at all
                if not chunks:
                    raise _NoWriter
                return b"".join(chunks)
            chunks.append(chunk)
    finally:
        os.close(fd)


def _cell_text(cell: Any) -> str:
    """A given cell as text; a missing one (None, NaN, pandas' NA: how a frame pads the shorter
    rows of an uneven tree) is empty, as an empty cell of a file is, never the text 'None'."""
    if is_missing(cell):
        return ""
    return str(cell)
