"""The SQL of Mondrian, one pure function per statement shape (no database needed to print it).

Work tables (all TEMP, names from the run):
  tuples      strict mode: (rid, pid, n, c0, [vlo0, vhi0,] ..) the distinct QID code tuples of
              the input with their row count n and the original values behind numeric and
              temporal codes (rid numbers the tuples)
  rows        relaxed mode: the input's needed columns + a row number (the run's row key)
  rank maps   (val, code) per categorical QID
  W           (rid, pid, [n,] c0..) what the levels cut, every QID coded as a number, NULL
              given its own code; pid = partition. Strict: the tuples; relaxed: the rows
  done        tuples (rows) of final partitions, same columns
  globals     one row: per QID range, scale and the code NULL takes
  parts       final partitions: size, boxes in codes and original values, partition_id
  labels      per final partition: partition_id, <qid> lo/hi in the original type, display label
  tuple labels  strict mode: every code tuple with its partition's labels (what the output joins)
  per level   freq (frequency set per partition and QID), ranked (candidate dimensions),
              cuts (the chosen splits)
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...sql.types import TypeClass
from ..queries import Queries
from .hierarchy import NULL_CODE, NodeRow

RESERVED_PREFIX = "privrisk_"  # columns of the run's own (refused as user column names)
RID = RESERVED_PREFIX + "rid"  # row number of the input rows


# The words after which a statement names a table (or a derived one): MondrianQueries.label_groups.
_FROM_OR_JOIN = re.compile(r"\b(?:FROM|JOIN)\b", re.IGNORECASE)


@dataclass(frozen=True)
class MondrianDim:
    """One QID as Mondrian sees it. ``kind``: numeric, temporal (both cut at a median, labelled as
    ranges), ordinal (text in the user's ``order``: the same, by rank) or a category, cut at the
    most balanced boundary and labelled as the set of its values: nominal (text without an order)
    or boolean (docs/metrics/mondrian.md)."""

    index: int
    column: str  # real column name
    kind: str
    type_class: TypeClass
    map: str | None = None  # rank-map table of an ordinal QID
    has_nulls: bool = False  # nulls="separate" and the column has NULLs
    # SQL literal of the column's smallest value, subtracted before a number becomes its (double)
    # code, for types whose values a double cannot all tell apart (DECIMAL(20,1), HUGEINT): close
    # values far from 0 then keep distinct codes.
    origin: str | None = None
    two_values: bool = False  # the column holds exactly two values (NULL one of them)
    nodes: str | None = None  # a hierarchy's ancestor table (privrisk_sql/hierarchy.py)

    @property
    def is_float(self) -> bool:
        return self.type_class is TypeClass.FLOAT

    @property
    def is_text(self) -> bool:
        """Coded through a rank map (val, code, json_text) and matched by its bytes."""
        return self.kind in ("ordinal", "nominal", "hierarchy")

    @property
    def has_value_bounds(self) -> bool:
        """Its partitions' bounds are read in the original values (vlo, vhi): numbers and dates,
        also when cut along a hierarchy built for them (interval, date levels)."""
        return self.kind in ("numeric", "temporal") or (self.is_hierarchy and self.type_class is not TypeClass.TEXT)

    @property
    def is_categorical(self) -> bool:
        """Labelled as the set of its values, NCP by distinct values."""
        return self.kind in ("nominal", "boolean")

    @property
    def is_hierarchy(self) -> bool:
        """Cut into the children of its node, labelled with the node, NCP its share of values."""
        return self.kind == "hierarchy"

    @property
    def cut_as_category(self) -> bool:
        """Cut at the most balanced boundary: a category, or any column of two values (a 0/1
        integer), whose lower median would be its top value whenever that is the more frequent one."""
        return self.is_categorical or (self.two_values and not self.is_hierarchy)


@dataclass(frozen=True)
class SensitiveAttr:
    """A sensitive attribute of an l-diverse or t-close Mondrian run: carried through the levels
    as the code ``s<index>`` (mondrian_sensitive_code). ``ordered``: numeric, or text with an
    ``order`` (its values, lowest first), so t-closeness takes the ordered distance, as kanon does."""

    index: int
    column: str
    is_text: bool = False
    is_float: bool = False
    ordered: bool = False
    order: tuple[str, ...] = ()


@dataclass(frozen=True)
class Privacy:
    """The cut constraints beyond k (LeFevre et al.): distinct ``l`` and/or ``t``-closeness over
    ``sensitive``; ``work`` is the level's open tuples, ``shares`` the table's (the templates read
    both)."""

    sensitive: tuple[SensitiveAttr, ...]
    l: int | None = None
    t: float | None = None
    work: str = ""
    shares: str = ""

    @property
    def t_bound(self) -> str:
        """t as the SQL literal a side's distance is compared with, a hair below t, so that a
        release our doubles put at t exactly is not one kanon's doubles put above it; and never
        below half of kanon's 1e-12, under which it reads a distance as 0: a side holding the
        table's distribution passes t = 0, as kanon says its release does."""
        return repr(max(float(self.t) - 1e-12, 0.5e-12)) if self.t is not None else "NULL"


class MondrianQueries(Queries):
    """Renders every Mondrian statement for one dialect."""

    def distinct_values(self, relation: str, column: str) -> str:
        return self._r("mondrian/distinct_values.sql.j2", relation=relation, column=column)

    def numbered_rows(self, name: str, relation: str, columns: Sequence[str]) -> str:
        return self._r("mondrian/numbered_rows.sql.j2", name=name, relation=relation, columns=list(columns), rid=RID)

    def hierarchy_table(self, name: str) -> str:
        return self._r("mondrian/hierarchy_table.sql.j2", name=name)

    def hierarchy_tree_table(self, name: str) -> str:
        return self._r("mondrian/hierarchy_tree_table.sql.j2", name=name)

    def hierarchy_tree_rows(self, name: str, rows: Sequence[NodeRow]) -> str:
        return self._r("mondrian/hierarchy_tree_rows.sql.j2", name=name, rows=list(rows))

    def hierarchy_value_chain(self, name: str, tree: str) -> str:
        """(code, node) of every value of the tree: the first step up to the root."""
        return self._r("mondrian/hierarchy_value_chain.sql.j2", name=name, tree=tree)

    def hierarchy_parent_chain(self, name: str, chain: str, tree: str) -> str:
        """(code, parent) of every (code, node) of ``chain`` below the root: the next step up."""
        return self._r("mondrian/hierarchy_parent_chain.sql.j2", name=name, chain=chain, tree=tree)

    def hierarchy_ancestors_of_chain(self, name: str, chain: str, tree: str) -> str:
        """Into the ancestor table ``name``: the node of every (code, node) of ``chain``."""
        return self._r("mondrian/hierarchy_ancestors_of_chain.sql.j2", name=name, chain=chain, tree=tree)

    def rank_map_table(self, name: str, longest: int) -> str:
        """The (val, code, json_text) table of a text QID whose values have at most ``longest`` characters."""
        return self._r("mondrian/rank_map_table.sql.j2", name=name, longest=int(longest))

    def rank_map_rows(self, name: str, values: Sequence[tuple[str, int]]) -> str:
        """(value, rank) pairs; each value's JSON spelling is added here, for the set labels."""
        rows = [(v, code, json.dumps(v, ensure_ascii=False)[1:-1]) for v, code in values]
        return self._r("mondrian/rank_map_rows.sql.j2", name=name, rows=rows)

    def codes(self, name: str, rows: str, dims: Sequence[MondrianDim]) -> str:
        return self._r("mondrian/codes.sql.j2", name=name, rows=rows, dims=list(dims), rid=RID)

    def globals(self, name: str, work: str, dims: Sequence[MondrianDim]) -> str:
        return self._r("mondrian/globals.sql.j2", name=name, work=work, dims=list(dims), null_leaf_code=NULL_CODE)

    def code_tuples(
        self, name: str, relation: str, dims: Sequence[MondrianDim], sensitive: Sequence[SensitiveAttr] = ()
    ) -> str:
        return self._r(
            "mondrian/code_tuples.sql.j2", name=name, relation=relation, dims=list(dims), sensitive=list(sensitive)
        )

    def sensitive_shares(self, name: str, tuples: str, sensitive: Sequence[SensitiveAttr]) -> str:
        return self._r("mondrian/sensitive_shares.sql.j2", name=name, tuples=tuples, sensitive=list(sensitive))

    def unranked_values(self, work: str, dims: Sequence[MondrianDim], weighted: bool = False) -> str:
        """Per text QID in ``dims``, the rows of ``work`` without a code (NULL or unranked)."""
        return self._r("mondrian/unranked_values.sql.j2", work=work, dims=list(dims), weighted=weighted)

    def null_codes(
        self,
        name: str,
        work: str,
        globals_: str,
        dims: Sequence[MondrianDim],
        weighted: bool = False,
        sensitive: Sequence[SensitiveAttr] = (),
    ) -> str:
        return self._r(
            "mondrian/null_codes.sql.j2",
            name=name,
            work=work,
            globals=globals_,
            dims=list(dims),
            weighted=weighted,
            sensitive=list(sensitive),
        )

    def empty_like(self, name: str, like: str) -> str:
        return self._r("mondrian/empty_like.sql.j2", name=name, like=like)

    def frequencies(self, name: str, work: str, dims: Sequence[MondrianDim], weighted: bool = False) -> str:
        """``weighted``: ``work`` holds code tuples with a row count ``n`` (strict Mondrian)."""
        return self._r("mondrian/frequencies.sql.j2", name=name, work=work, dims=list(dims), weighted=weighted)

    def ranked_dims(
        self, name: str, freq: str, globals_: str, dims: Sequence[MondrianDim], k: int, prune: bool = False
    ) -> str:
        """``prune`` (strict Mondrian, lower median only): also drop the candidates whose cut the
        counts of their lowest and highest values show not allowable, where the dialect can read
        those counts (``fn.value_at_min``); the cuts found are the same either way."""
        return self._r(
            "mondrian/ranked_dims.sql.j2",
            name=name,
            freq=freq,
            globals=globals_,
            dims=list(dims),
            k=int(k),
            prune=prune,
        )

    def cuts(
        self,
        name: str,
        freq: str,
        ranked: str,
        k: int,
        dims: Sequence[MondrianDim],
        median: str = "lower",
        relaxed: bool = False,
        rnk: int = 1,
        all_ranks: bool = False,
        privacy: Privacy | None = None,
    ) -> str:
        """rnk 1 creates the cut table; rnk > 1 inserts the fallback cuts of that rank (``all_ranks``:
        of every rank >= rnk, each partition taking its best ranked allowable cut)."""
        return self._r(
            "mondrian/cuts.sql.j2",
            name=name,
            freq=freq,
            ranked=ranked,
            k=int(k),
            dims=list(dims),
            median=median,
            relaxed=relaxed,
            rnk=int(rnk),
            all_ranks=bool(all_ranks and rnk > 1),
            privacy=privacy,
        )

    def uncut_with_fallback(self, ranked: str, cuts: str, rnk: int) -> str:
        return self._r("mondrian/uncut_with_fallback.sql.j2", ranked=ranked, cuts=cuts, rnk=int(rnk))

    def final_rows(self, done: str, work: str, cuts: str) -> str:
        return self._r("mondrian/final_rows.sql.j2", done=done, work=work, cuts=cuts)

    def split_rows(
        self,
        name: str,
        work: str,
        cuts: str,
        dims: Sequence[MondrianDim],
        offset: int,
        relaxed: bool = False,
        weighted: bool = False,
        sensitive: Sequence[SensitiveAttr] = (),
        fan_out: int = 2,
    ) -> str:
        """Children of a cut take ids ``offset + fan_out * seq + side`` (side: 0/1, or the child's
        place among its node's children for a hierarchy cut)."""
        return self._r(
            "mondrian/split_rows.sql.j2",
            name=name,
            work=work,
            cuts=cuts,
            dims=list(dims),
            offset=int(offset),
            relaxed=relaxed,
            weighted=weighted,
            sensitive=list(sensitive),
            fan_out=int(fan_out),
        )

    def partitions(
        self, name: str, work: str, rows: str, globals_: str, dims: Sequence[MondrianDim], weighted: bool = False
    ) -> str:
        """``weighted``: ``work`` holds code tuples and ``rows`` is the tuples table (strict)."""
        return self._r(
            "mondrian/partitions.sql.j2",
            name=name,
            work=work,
            rows=rows,
            globals=globals_,
            dims=list(dims),
            rid=RID,
            weighted=weighted,
        )

    def value_sets(self, name: str, work: str, dims: Sequence[MondrianDim]) -> str:
        """Per final partition and category, its values as JSON array elements (the set labels)."""
        return self._r("mondrian/value_sets.sql.j2", name=name, work=work, dims=list(dims))

    def partition_sizes(self, partitions: str) -> str:
        return self._r("mondrian/partition_sizes.sql.j2", partitions=partitions)

    def quality(self, partitions: str, globals_: str, dims: Sequence[MondrianDim]) -> str:
        return self._r("mondrian/quality.sql.j2", partitions=partitions, globals=globals_, dims=list(dims))

    def partition_labels(
        self, name: str, partitions: str, globals_: str, dims: Sequence[MondrianDim], value_sets: str | None = None
    ) -> str:
        """``value_sets``: the table of :meth:`value_sets` (needed when a QID is a category)."""
        return self._r(
            "mondrian/partition_labels.sql.j2",
            name=name,
            partitions=partitions,
            globals=globals_,
            dims=list(dims),
            value_sets=value_sets,
        )

    def output(
        self,
        target: str | None,
        rows: str,
        work: str,
        labels: str,
        dims: Sequence[MondrianDim],
        keep: Sequence[str],
        keep_order: bool = False,
        labels_only: bool = False,
    ) -> str:
        """Relaxed mode: rows by row key. ``target`` is the already quoted (possibly
        schema-qualified) staging table name (None: the bare query, which a file is written from). ``keep_order``: in the input's order, where tables
        have one (the sort is a third of the statement at 1M rows: asked for, never paid by default).
        ``labels_only``: per QID its label alone, no bounds."""
        return self._r(
            "mondrian/output.sql.j2",
            target=target,
            rows=rows,
            work=work,
            labels=labels,
            dims=list(dims),
            keep=list(keep),
            rid=RID,
            in_input_order=keep_order and self.dialect.natural_row_order,
            labels_only=labels_only,
        )

    def written_partitions(self, target: str) -> str:
        """Partitions, rows and the smallest partition of the written (staging) table ``target``
        (already quoted)."""
        return self._r("mondrian/written_partitions.sql.j2", target=target)

    def label_groups(self, dims: Sequence[MondrianDim]) -> list[list[MondrianDim]]:
        """The QIDs in groups whose :meth:`partition_labels` one statement can join: one group but
        where the dialect joins at most so many tables (Dialect.max_join_tables) and the
        statement over every QID would join more (3 tables per text QID: 20 on MariaDB)."""
        limit = self.dialect.max_join_tables
        group = list(dims)
        if limit is None or len(group) == 1 or self._tables_joined(group) <= limit:
            return [group]
        half = len(group) // 2
        return self.label_groups(group[:half]) + self.label_groups(group[half:])

    def _tables_joined(self, dims: list[MondrianDim]) -> int:
        # Counted in the statement as rendered, not by a second account of the template's joins
        # that could drift from it: a table follows each FROM and JOIN (a derived table's FROM
        # counts one more, erring towards a piece too many). No parse: no failure, no cost.
        sql = self.partition_labels("privrisk_x_labels", "privrisk_x_parts", "privrisk_x_globals", dims, "s")
        return len(_FROM_OR_JOIN.findall(sql))

    def joined_labels(self, name: str, pieces: Sequence[str], groups: Sequence[Sequence[MondrianDim]]) -> str:
        """The :meth:`partition_labels` of ``groups`` (built into ``pieces``, one per group) as
        one table, its columns in the order one statement would have given them."""
        piece_of = {d.index: i for i, group in enumerate(groups) for d in group}
        dims = sorted((d for group in groups for d in group), key=lambda d: d.index)
        columns = [(d, piece_of[d.index]) for d in dims]
        return self._r("mondrian/joined_labels.sql.j2", name=name, pieces=list(pieces), columns=columns)

    def tuple_labels(
        self, name: str, work: str, labels: str, globals_: str, dims: Sequence[MondrianDim], distinct: bool = False
    ) -> str:
        """``distinct``: the tuples also hold sensitive codes, so a code tuple may repeat."""
        return self._r(
            "mondrian/tuple_labels.sql.j2",
            name=name,
            work=work,
            labels=labels,
            globals=globals_,
            dims=list(dims),
            distinct=distinct,
        )

    def output_by_codes(
        self,
        target: str | None,
        relation: str,
        tuples: str,
        globals_: str,
        dims: Sequence[MondrianDim],
        keep: Sequence[str],
        keep_order: bool = False,
        labels_only: bool = False,
    ) -> str:
        """Strict mode: the input's rows, coded again, matched to their code tuple's labels in
        ``tuples`` (:meth:`tuple_labels`); ``keep_order`` and ``labels_only`` as in :meth:`output`."""
        return self._r(
            "mondrian/output_by_codes.sql.j2",
            target=target,
            relation=relation,
            tuples=tuples,
            globals=globals_,
            dims=list(dims),
            keep=list(keep),
            rid=RID,
            in_input_order=keep_order and self.dialect.natural_row_order,
            labels_only=labels_only,
        )
