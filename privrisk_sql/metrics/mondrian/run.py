"""Mondrian k-anonymity inside the database (docs/metrics/mondrian.md): Python drives, the database cuts.

Strict Mondrian (LeFevre et al. 2006) with the standard choices: a partition is cut on the QID
with the widest normalized range (tight min/max of its rows; ties: more distinct values, then QID
position), at the lower median of the frequency set (``≤ s`` left, ``> s`` right, ties stay
together), falling back to the next dimension when the cut is not allowable (a side < k).

Strict Mondrian keeps rows with equal QID values together, so its levels cut the distinct QID
code tuples, grouped straight from the input and each weighted by its row count; when the output
is written, each input row is coded again and takes its tuple's partition (relaxed Mondrian cuts
a numbered TEMP copy of the rows). Level-synchronous: each tree level costs a constant number
of set-oriented statements over all open partitions at once (frequency sets, ranked candidate
dimensions, the medians of the best dimension, a fallback pass per further rank only while some
partition needs it, the rewrite of the partition ids), never one query per partition. The
output is built under a staging name, checked (every row once, no partition below k) and renamed
into place in one transaction, so it appears complete or not at all.
"""

from __future__ import annotations

import dataclasses
import decimal
import logging
import re
import warnings
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from ...errors import InputChangedError, InvalidInputError
from ...source import Relation, Source
from ...sql.types import TypeClass
from ..classes import (
    check_rows_and_ranges,
    distinct_values,
    likely_identifiers,
    refuse_values_outside_type,
    rows_alone_at_least,
)
from ..destinations import Destination
from .hierarchy import Hierarchy, NodeRow
from .options import KINDS, OutputShape
from .result import MondrianResult
from .sql import MondrianDim, MondrianQueries, Privacy

log = logging.getLogger("privrisk_sql")

_MAP_BATCH = 400  # rows per INSERT ... VALUES (SQLite caps compound selects at 500)
# Fallback cuts: when the candidates left to try have at most this many frequency rows in all, one
# statement tries every remaining rank at once; above it, rank by rank, so that a wide dimension
# (fnlwgt: ~1M distinct values) is only sorted for the partitions that reach its rank. 1M rows,
# 6 QIDs (benchmarks/mondrian_vs_reference.py data), whole run at k = 5/10/50: low-card QIDs
# 3.29/2.92/2.61 -> 2.60/2.49/2.23 s; with fnlwgt 8.81/7.39/5.95 -> 8.60/7.45/5.74 s (always one
# statement for all ranks: k=10 with fnlwgt 9.15 s).
ALL_RANKS_MAX_ROWS = 50_000


def _decimal_digits(sql_type: str) -> tuple[int | None, int] | None:
    """A DECIMAL/NUMERIC type's precision (None: unbounded) and scale; None for another type."""
    m = re.match(r"(DECIMAL|NUMERIC)\s*(?:\((\d+)(?:\s*,\s*(\d+))?)?", sql_type.upper())
    if m is None:
        return None
    return (int(m.group(2)) if m.group(2) else None), int(m.group(3) or 0)


def _wider_than_a_double(sql_type: str) -> bool:
    """DECIMAL/NUMERIC of more than 15 digits (or unbounded) and 128-bit integers: types whose
    values a double cannot all tell apart."""
    if re.match(r"U?HUGEINT", sql_type.upper()):
        return True
    digits = _decimal_digits(sql_type)
    return digits is not None and (digits[0] is None or digits[0] > 15)


def _origin_within(sql_type: str, lo: Any, hi: Any) -> Any:
    """The origin of a wide exact number's codes (x - origin): its minimum, unless the values
    span more than the type holds (HUGEINT from -2^127 to 2^127 - 1: 'Overflow in subtraction of
    INT128', exit 3), then the middle of the span, from which every code fits the type."""
    declared = _decimal_digits(sql_type)
    if sql_type.upper().startswith("HUGEINT"):
        digits, scale, most = 40, 0, 2**127 - 1
    elif declared is not None and declared[0] is not None:
        digits, scale = declared[0], declared[1]
        most = 10**digits - 1  # in units of the last digit
    else:  # UHUGEINT (x - its minimum is never below 0), an unbounded NUMERIC
        return lo
    exact = decimal.Context(prec=digits + 10)  # Decimal's default 28 digits rounded 38-digit values
    units = [int(Decimal(v).scaleb(scale, context=exact)) for v in (lo, hi)]
    span = units[1] - units[0]
    if span <= most:
        return lo
    middle = units[0] + (span + 1) // 2  # both ends within `most` of it
    return middle if scale == 0 else Decimal(middle).scaleb(-scale, context=exact)


def fill_ancestor_table(s: Source, q: MondrianQueries, rows: list[NodeRow], nodes: str, stem: str) -> None:
    """Fill the ancestor table ``nodes`` (MondrianQueries.hierarchy_table: per value code and
    depth, the node there) from a tree's node rows: the rows are sent once, then every value is
    walked up to the root, one join per level, in the database."""
    tree = s.temp_name(f"tree{stem}")
    s.execute(q.hierarchy_tree_table(tree))
    for start in range(0, len(rows), _MAP_BATCH):
        s.execute(q.hierarchy_tree_rows(tree, rows[start : start + _MAP_BATCH]))
    chain = s.temp_name(f"chain{stem}_0")
    s.execute(q.hierarchy_value_chain(chain, tree))
    for step in range(1, max(r.depth for r in rows) + 1):
        s.execute(q.hierarchy_ancestors_of_chain(nodes, chain, tree))
        parents = s.temp_name(f"chain{stem}_{step}")
        s.execute(q.hierarchy_parent_chain(parents, chain, tree))
        s.drop_temp(chain)
        chain = parents
    s.execute(q.hierarchy_ancestors_of_chain(nodes, chain, tree))  # the links that reached the root
    s.drop_temp(chain)
    s.drop_temp(tree)


class MondrianRun:
    """One Mondrian run: owns the names of its work tables and the statement sequence."""

    def __init__(
        self,
        source: Source,
        rel: Relation,
        qids: list[str],
        keep: list[str],
        k: int,
        output: Destination,
        replace: bool,
        median: str,
        relaxed: bool,
        nulls: str,
        orders: dict[str, list],
        privacy: Privacy | None = None,
        trees: dict[str, Hierarchy] | None = None,
        unroled: Sequence[str] = (),
        progress: Callable[[int, int], None] | None = None,
        shape: OutputShape | None = None,
    ):
        self.s, self.rel, self.qids, self.keep, self.k = source, rel, qids, keep, k
        self.progress = progress
        self.shape = shape or OutputShape()
        self.unroled = list(unroled)
        self.output, self.replace, self.median, self.relaxed, self.nulls = output, replace, median, relaxed, nulls
        self.orders = orders
        self.privacy = privacy
        self.sensitive = privacy.sensitive if privacy else ()
        self.q = MondrianQueries(source.dialect)
        self.trees = dict(trees or {})  # a QID with NULLs gets its tree with a NULL leaf (_validate_rows)
        # a cut of a hierarchy node has up to fan_out children: the children's partition ids step by it
        self.fan_out = max([2] + [h.fan_out for h in self.trees.values()])
        self.dims = [
            MondrianDim(
                i,
                c.name,
                "hierarchy" if c.name in self.trees else "ordinal" if c.name in orders else KINDS[c.type_class],
                c.type_class,
            )
            for i, c in enumerate(rel.column(q) for q in qids)
        ]

    def _ranged_columns(self) -> list[str]:
        """The numeric QIDs whose values a double may not tell apart: wide exact numbers, and
        integers (64 bits hold more than a double's 2^53)."""
        return [
            d.column
            for d in self.dims
            if d.kind == "numeric"
            and (d.type_class is TypeClass.INTEGER or _wider_than_a_double(self.rel.column(d.column).sql_type))
        ]

    def _set_origins(self, ranges: dict[str, tuple]) -> None:
        """The minimum of each wide exact number, and of each integer reaching past 2^53 (a BIGINT
        of nanoseconds: near 2^62 six values were one code, and one partition), so that its codes
        are taken relative to it (MondrianDim.origin)."""
        origins = {}
        for d in self.dims:
            lo, hi = ranges.get(d.column, (None, None))
            if lo is None:
                continue
            sql_type = self.rel.column(d.column).sql_type
            if _wider_than_a_double(sql_type):
                origins[d.index] = _origin_within(sql_type, lo, hi)
            elif max(abs(int(lo)), abs(int(hi))) > 2**53 and int(hi) - int(lo) < 2**63:  # no overflow in x - lo
                origins[d.index] = lo
        self.dims = [
            dataclasses.replace(d, origin=self.s.literal(origins[d.index])) if d.index in origins else d
            for d in self.dims
        ]

    def run(self) -> MondrianResult:
        s, q = self.s, self.q
        first_statement = s.statements
        n_rows, missing, ranges = self._validate_rows()
        self._set_origins(ranges)
        self._build_rank_maps()
        if any(missing.values()):  # only reachable with nulls="separate"
            self.dims = [dataclasses.replace(d, has_nulls=missing[d.column] > 0) for d in self.dims]
        globals_ = s.temp_name("globals")
        # `originals`: where the partitions' bounds in the original values are read from
        small_work: Sequence[tuple[str, str]] = ()
        if self.relaxed:  # rows with equal values may be split: cut the rows themselves
            originals = s.temp_name("rows")
            s.execute(q.numbered_rows(originals, self.rel.sql, self.keep + self.qids))
            work = s.temp_name("w0")
            s.execute(q.codes(work, originals, self.dims))
            self._check_ranked(work, missing, weighted=False)
            s.execute(q.globals(globals_, work, self.dims))
            self._mark_two_values(globals_)
            if any(d.has_nulls for d in self.dims):
                coded, work = work, s.temp_name("w")
                s.execute(q.null_codes(work, coded, globals_, self.dims))
                s.drop_temp(coded)
        else:  # strict: cut the distinct code tuples (docs/decisions/mondrian-tuple-cutting.md)
            originals = s.temp_name("tuples")
            s.execute(q.code_tuples(originals, self.rel.sql, self.dims, self.sensitive))
            self._check_ranked(originals, missing, weighted=True)
            self._share_sensitive(originals)
            s.execute(q.globals(globals_, originals, self.dims))
            small_work = self._small_work_settings(self._mark_two_values(globals_))
            work = s.temp_name("w")
            s.execute(q.null_codes(work, originals, globals_, self.dims, weighted=True, sensitive=self.sensitive))
        small_work = (*small_work, *s.dialect.work_join_settings)
        # every statement over the work tables, up to the output: the small-work settings (strict),
        # the dialect's for joining work tables (Dialect.work_join_settings)
        with s.settings(small_work, optional=True):
            work, levels = self._partition(work, globals_, weighted=not self.relaxed)
            parts = s.temp_name("parts")
            s.execute(q.partitions(parts, work, originals, globals_, self.dims, weighted=not self.relaxed))
            quality = s.fetch_records(q.quality(parts, globals_, self.dims))[0]
            sizes = {int(r["size"]): int(r["partitions"]) for r in s.fetch_records(q.partition_sizes(parts))}
            value_sets = None
            if any(d.is_categorical for d in self.dims):
                value_sets = s.temp_name("sets")
                s.execute(q.value_sets(value_sets, work, self.dims))
            labels = s.temp_name("labels")
            groups = q.label_groups(self.dims)
            if len(groups) == 1:
                s.execute(q.partition_labels(labels, parts, globals_, self.dims, value_sets))
            else:  # more joins than the database takes in one statement
                pieces = [s.temp_name(f"labels{i}") for i in range(len(groups))]
                for piece, group in zip(pieces, groups):
                    s.execute(q.partition_labels(piece, parts, globals_, group, value_sets))
                s.execute(q.joined_labels(labels, pieces, groups))
                for piece in pieces:
                    s.drop_temp(piece)
            if not self.relaxed:  # what the output joins: every code tuple with its partition's labels
                labels, partition_labels = s.temp_name("tuple_labels"), labels
                s.execute(
                    q.tuple_labels(labels, work, partition_labels, globals_, self.dims, distinct=bool(self.sensitive))
                )
        n_parts, min_size, max_size, dm = (
            int(quality[c]) for c in ("partitions", "min_size", "max_size", "discernibility")
        )
        self._write_output(originals, work, labels, globals_, n_rows, n_parts)
        ncp = {d.column: float(quality[f"ncp{d.index}"]) / n_rows for d in self.dims}
        queries = s.statements - first_statement
        log.info("mondrian: %d rows -> %d partitions in %d levels, %d statements", n_rows, n_parts, levels, queries)
        return MondrianResult(
            output=self.output.label,
            n_rows=n_rows,
            k=self.k,
            partitions=n_parts,
            min_size=min_size,
            max_size=max_size,
            cavg=n_rows / (n_parts * self.k),
            discernibility=dm,
            ncp=ncp,
            gcp=sum(ncp.values()) / len(ncp),
            levels=levels,
            queries=queries,
            null_rows={c: m for c, m in missing.items() if m},
            median=self.median,
            relaxed=self.relaxed,
            partition_sizes=sizes,
            l=self.privacy.l if self.privacy else None,
            t=self.privacy.t if self.privacy else None,
            sensitive=[a.column for a in self.sensitive],
            # only where some label is a set (NCP > 0): a category cut to single values reads as it is
            labelled_as_sets=[d.column for d in self.dims if d.kind == "nominal" and ncp[d.column] > 0],
            uncut_hierarchies=[d.column for d in self.dims if d.kind == "hierarchy" and ncp[d.column] >= 1 - 1e-9],
        )

    def _mark_two_values(self, globals_: str) -> int:
        """Columns of exactly two values are cut like categories (MondrianDim.cut_as_category);
        returns the number of rows (strict: code tuples) the levels start from."""
        row = self.s.fetch_records(f"SELECT * FROM {self.s.quote(globals_)}")[0]
        self.dims = [dataclasses.replace(d, two_values=int(row[f"values{d.index}"]) == 2) for d in self.dims]
        return int(row["n"])

    def _small_work_settings(self, n_tuples: int) -> Sequence[tuple[str, str]]:
        """The dialect's settings for strict Mondrian's statements over its code tuples (the
        levels, partitions and labels: Dialect.small_work_settings), when there are that few."""
        dialect = self.s.dialect
        return dialect.small_work_settings if n_tuples <= dialect.small_work_rows else ()

    def _share_sensitive(self, tuples: str) -> None:
        """The table's shares of each sensitive value (for t), and l checked against the number
        of distinct values there are: a table with fewer has no l-diverse partition at all."""
        if self.privacy is None:
            return
        shares = self.s.temp_name("shares")
        self.s.execute(self.q.sensitive_shares(shares, tuples, self.sensitive))
        self.privacy = dataclasses.replace(self.privacy, shares=shares)
        if self.privacy.l is None:
            return
        for a in self.sensitive:
            found = int(self.s.fetch_records(self.q.count_rows(f"{self.s.quote(shares)} WHERE j = {a.index}"))[0]["n"])
            if found < self.privacy.l:
                raise InvalidInputError(
                    f"column {a.column!r} of {self.rel.label!r} has {found} distinct value(s), "
                    f"fewer than l={self.privacy.l}: no l-diverse partition exists"
                )

    def _validate_rows(self) -> tuple[int, dict[str, int], dict[str, tuple]]:
        """One cheap scan before any work table: empty or one-row table, all-NULL QID or sensitive
        column (kanon refuses one, so a release constrained by it could not be checked), n < k,
        NULL QIDs (refused with nulls="error"; with "separate", a leaf of its own in a hierarchy)."""
        sensitive = [a.column for a in self.sensitive]
        n_rows, missing, ranges = check_rows_and_ranges(
            self.s, self.rel, self.qids + sensitive, "k-anonymization", self._ranged_columns()
        )
        missing = {q: missing[q] for q in self.qids}
        label = self.rel.label
        if n_rows < self.k:
            raise InvalidInputError(
                f"table {label!r} has {n_rows} rows, fewer than k={self.k}: no k-anonymous partition exists"
            )
        for column, m in missing.items():
            # A float's NaN is missing as NULL is (check_rows): the message names both.
            values = (
                "NULL or NaN value(s)" if self.rel.column(column).type_class is TypeClass.FLOAT else "NULL value(s)"
            )
            if m and self.nulls == "error":
                place = (
                    "a value of its own under its hierarchy's root" if column in self.trees else "its own lowest value"
                )
                raise InvalidInputError(
                    f"column {column!r} of {label!r} has {m} {values}; pass nulls='separate' "
                    f"(--nulls separate) to treat NULL as {place}"
                )
            if m and column in self.trees:
                self.trees[column] = self.trees[column].with_null_leaf()
                self.fan_out = max(self.fan_out, self.trees[column].fan_out)
        self._refuse_infinite_values()
        refuse_values_outside_type(self.s, self.rel, self.qids + sensitive, "k-anonymization")
        n_all, distinct = distinct_values(self.s, self.rel, self.unroled)
        for column in likely_identifiers(n_all, distinct)[:1]:
            raise InvalidInputError(
                f"column {column!r} of {label!r} has a different value in every row (a likely direct identifier) "
                f"and no role: drop it with --identifiers {column!r} (identifiers=[...]) or copy it as is with "
                "--keep (keep=[...])"
            )
        for column, v in distinct.items():
            # Adult's fnlwgt: 21,648 values in 32,561 rows, so 10,735 rows or more alone on it,
            # copied as they are into a release k-anonymous on its QIDs alone.
            alone = rows_alone_at_least(n_all, v)
            if alone:
                warnings.warn(
                    f"column {column!r} of {label!r} (no role: copied as it is) has {v:,} distinct values in "
                    f"{n_all:,} rows, so at least {alone:,} rows ({alone / n_all:.0%}) hold a value no other row "
                    "holds, which singles each of them out in the release: give it a role (--identifiers to "
                    "drop it, --keep to copy it on purpose)",
                    stacklevel=2,
                )
        return n_rows, missing, ranges

    def _refuse_infinite_values(self) -> None:
        """'infinity' in a date and inf in a float have no place on a cut line or in a range's
        bounds: refused by name, before work. A float's inf made its column's range infinite, so
        its NCP read 0 whatever its cuts, and with nulls='separate' the code of NULL (the minimum
        less the range) was -inf, the code of -inf too: the output had rows twice."""
        dates = [d.column for d in self.dims if d.kind == "temporal"] if self.s.dialect.infinite_dates else []
        floats = [d.column for d in self.dims if d.kind == "numeric" and d.type_class is TypeClass.FLOAT]
        floats = floats if self.s.dialect.infinite_floats else []
        if not dates and not floats:
            return
        cast_to = dict(self.s.dialect.finite_check_casts)
        casts = {c: cast_to[t] for c in dates if (t := self.rel.column(c).sql_type.upper()) in cast_to}
        row = self.s.fetch_records(self.q.infinite_counts(self.rel.sql, dates + floats, floats, casts))[0]
        for i, column in enumerate(dates + floats):
            found = int(row[f"infinite_{i}"] or 0)
            if not found:
                continue
            if column in floats:
                raise InvalidInputError(
                    f"column {column!r} of {self.rel.label!r} holds {found} infinite value(s) (inf or -inf), "
                    "which no range can bound: leave those rows out (a view WHERE ... BETWEEN ...) or give "
                    "them a real number"
                )
            raise InvalidInputError(
                f"column {column!r} of {self.rel.label!r} holds {found} infinite value(s) "
                "('infinity' or '-infinity'), which no range can bound: leave those rows out (a view "
                "WHERE isfinite(...)) or give them a real date"
            )

    def _build_rank_maps(self) -> None:
        """(value, rank) tables for text QIDs: the user's order, else Python's sort of the values."""
        dims = []
        for d in self.dims:
            if not d.is_text:
                dims.append(d)
                continue
            tree = self.trees.get(d.column)
            if tree is not None and tree.values_read is not None:  # read a moment ago, to build it
                dims.append(self._hierarchy_tables(d, tree.values_read))
                continue
            present = [r[0] for r in self.s.fetch(self.q.distinct_values(self.rel.sql, d.column))]
            if tree is not None:
                dims.append(self._hierarchy_tables(d, present))
                continue
            if d.column in self.orders:
                order = self.orders[d.column]
                unknown = sorted(set(present) - set(order), key=str)
                if unknown:
                    raise InvalidInputError(
                        f"value {unknown[0]!r} of column {d.column!r} is not in the given order"
                        + (f" (and {len(unknown) - 1} more)" if len(unknown) > 1 else "")
                    )
                values = order
            else:
                values = sorted(present)
            name = self.s.temp_name(f"map{d.index}")
            self.s.execute(self.q.rank_map_table(name, max((len(str(v)) for v in values), default=0)))
            ranked = [(v, i + 1) for i, v in enumerate(values)]
            for start in range(0, len(ranked), _MAP_BATCH):
                self.s.execute(self.q.rank_map_rows(name, ranked[start : start + _MAP_BATCH]))
            dims.append(dataclasses.replace(d, map=name))
        self.dims = dims

    def _hierarchy_tables(self, d: MondrianDim, present: list) -> MondrianDim:
        """A hierarchy's rank map (its values in depth-first order) and ancestor table."""
        tree = self.trees[d.column]  # NULL, if the column holds it, is a leaf of its own (_validate_rows)
        missing = sorted(v for v in present if tree.code(v) is None)
        if missing:
            # A file's cells are read trimmed, so ' Bachelors' (raw UCI Adult) was "not in" a file
            # that spelled it so, with no word of why: the value with edge spaces is named first.
            spaced = [v for v in missing if isinstance(v, str) and v != v.strip()]
            first = (spaced or missing)[0]
            why = (
                ": a hierarchy's cells are read without leading and trailing spaces"
                + (f" ({first.strip()!r} is in it)" if tree.code(first.strip()) is not None else "")
                + f"; trim the column in a view, TRIM({self.s.quote(d.column)}), and pass the view"
                if spaced
                else ""
            )
            raise InvalidInputError(
                f"value {first!r} of column {d.column!r} is not in its hierarchy {tree.where}"
                + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else "")
                + why
            )
        # only the values the column holds, and their ancestors, are sent: a national tree of
        # 40,000 postcodes over a region's table is a few hundred rows (codes and shares stay the tree's)
        codes = {c for c in map(tree.code, present) if c is not None}
        name = self.s.temp_name(f"map{d.index}")
        ranked = [(v, i + 1) for i, v in enumerate(tree.leaves) if i + 1 in codes]
        self.s.execute(self.q.rank_map_table(name, max((len(v) for v, _ in ranked), default=0)))
        for start in range(0, len(ranked), _MAP_BATCH):
            self.s.execute(self.q.rank_map_rows(name, ranked[start : start + _MAP_BATCH]))
        nodes = self.s.temp_name(f"nodes{d.index}")
        self.s.execute(self.q.hierarchy_table(nodes))
        fill_ancestor_table(self.s, self.q, tree.node_rows(codes), nodes, str(d.index))
        return dataclasses.replace(d, map=name, nodes=nodes)

    def _check_ranked(self, work: str, missing: dict[str, int], weighted: bool) -> None:
        """Every non-NULL value of a text QID found its rank (one aggregate over the codes)."""
        text = [d for d in self.dims if d.is_text]
        if not text:
            return
        counts = self.s.fetch_records(self.q.unranked_values(work, text, weighted))[0]
        for d in text:
            unranked = int(counts[f"uncoded{d.index}"] or 0) - missing[d.column]
            if unranked:
                col = self.rel.column(d.column)
                raise InvalidInputError(
                    f"column {d.column!r} of {self.rel.label!r} ({col.type_said}): {unranked} row(s) did not match "
                    "any of its distinct values compared as text, byte by byte; the database compares this type "
                    "in its own way: cast it to a plain text type in a view and pass the view"
                )

    def _partition(self, work: str, globals_: str, weighted: bool = False) -> tuple[str, int]:
        """Cut level by level until no open partition has an allowable cut; returns the table
        holding every row (``weighted``: every code tuple, with its row count ``n``) with its
        final partition, and the number of levels that cut."""
        s, q = self.s, self.q
        done = s.temp_name("done")
        s.execute(q.empty_like(done, work))
        offset, level = 1, 0  # partition ids below offset are taken
        prune = self.median == "lower" and not self.relaxed  # the rule ranked_dims' pruning assumes
        while True:
            freq = s.temp_name(f"freq{level}")
            s.execute(q.frequencies(freq, work, self.dims, weighted))
            ranked = s.temp_name(f"ranked{level}")
            s.execute(q.ranked_dims(ranked, freq, globals_, self.dims, self.k, prune=prune))
            cuts = s.temp_name(f"cuts{level}")
            privacy = dataclasses.replace(self.privacy, work=work) if self.privacy else None
            s.execute(q.cuts(cuts, freq, ranked, self.k, self.dims, self.median, self.relaxed, privacy=privacy))
            for rnk in range(2, len(self.dims) + 1) if not self.relaxed else ():
                fallback = s.fetch_records(q.uncut_with_fallback(ranked, cuts, rnk))[0]
                uncut, candidate_rows = int(fallback["uncut"]), int(fallback["candidate_rows"])
                if not uncut:
                    break  # no uncut partition has a candidate of this rank (nor of any higher one)
                all_ranks = candidate_rows <= ALL_RANKS_MAX_ROWS
                s.execute(
                    q.cuts(
                        cuts,
                        freq,
                        ranked,
                        self.k,
                        self.dims,
                        self.median,
                        rnk=rnk,
                        all_ranks=all_ranks,
                        privacy=privacy,
                    )
                )
                if all_ranks:
                    break
            n_cuts = int(s.fetch_records(q.count_rows(s.quote(cuts)))[0]["n"])
            s.execute(q.final_rows(done, work, cuts))
            nxt = None
            if n_cuts:
                nxt = s.temp_name(f"w{level + 1}")
                s.execute(
                    q.split_rows(
                        nxt, work, cuts, self.dims, offset, self.relaxed, weighted, self.sensitive, self.fan_out
                    )
                )
            for t in (freq, ranked, cuts, work):
                s.drop_temp(t)
            log.info("mondrian level %d: %d cuts", level, n_cuts)
            if self.progress is not None:
                self.progress(level + 1, n_cuts)
            if nxt is None:
                return done, level
            work = nxt
            offset += self.fan_out * (n_cuts + 1)
            level += 1

    def _write_output(self, rows: str, work: str, labels: str, globals_: str, n_rows: int, n_parts: int) -> None:
        """Write the output where it goes (a table: under a staging name, renamed into place once
        checked; a file: checked as read back, named once whole). ``rows``: the numbered input
        rows (relaxed mode; strict mode reads the input); ``labels``: per partition (relaxed),
        per code tuple (strict: MondrianQueries.tuple_labels)."""
        s, q = self.s, self.q

        def build(target: str | None) -> str:
            if self.relaxed:
                return q.output(
                    target, rows, work, labels, self.dims, self.keep, self.shape.keep_order, self.shape.labels_only
                )
            return q.output_by_codes(
                target,
                self.rel.sql,
                labels,
                globals_,
                self.dims,
                self.keep,
                self.shape.keep_order,
                self.shape.labels_only,
            )

        self.output.write(
            s,
            build,
            lambda written: self._check_written(written, n_rows, n_parts),
            settings=() if self.relaxed else s.dialect.output_join_settings,
        )

    def _check_written(self, written_sql: str, n_rows: int, n_parts: int) -> None:
        """The written table (or file) before it gets its name: every input row once, every
        partition there and none smaller than k. Strict mode reads the input twice (code tuples,
        then the output), so rows changed in between would otherwise go unnoticed."""
        written = self.s.fetch_records(self.q.written_partitions(written_sql))[0]
        written_parts, written_rows, smallest = (int(written[c] or 0) for c in ("n_parts", "n_rows", "smallest"))
        if (written_rows, written_parts) != (n_rows, n_parts) or smallest < self.k:
            raise InputChangedError(
                f"table {self.rel.label!r} changed during the run: it had {n_rows} rows in {n_parts} partitions, "
                f"the output would have {written_rows} rows in {written_parts} (smallest {smallest}, k={self.k}); "
                "nothing was written"
            )
