"""Pure SQL rendering for mpUCCs: one method per template, no database access.

Every statement a run executes comes from here, so ``--show-sql`` and the golden-SQL tests see
exactly what the database sees.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ...sql.types import TypeClass
from ..queries import Queries
from .plan import DATETIME_UNITS

# A combination is grouped by one packed BIGINT only while every key stays below this; SQLite
# silently turns a larger integer into a float. Above it, the code columns themselves are grouped.
PACKED_KEY_LIMIT = 2**62
# The coded rows tag ori's rids with this (side_rid = rid + side * SIDE_OFFSET): a side's rids stay below it.
SIDE_OFFSET = 2**40
# A timestamp's finest non-zero part, tried from the finest: the part it differs from when floored
# to, and the unit (plan.DATETIME_UNITS) it then has; none of them: a day ("D", no flooring).
_FINEST_PARTS = (("second", "us"), ("minute", "s"), ("hour", "T"), ("day", "H"))
# GROUPING_ID is a bit per grouping column in a BIGINT: a GROUPING SETS batch groups at most this many.
GROUPING_ID_BITS = 62


@dataclass
class WorkColumn:
    """An evaluated column: its safe alias in the work tables and how it is preprocessed."""

    alias: str  # c0, c1, ... in the TEMP tables
    name: str  # display name (syn's spelling)
    ori_name: str
    syn_name: str
    type_class: TypeClass  # class both sides are treated as
    ori_class: TypeClass
    syn_class: TypeClass = TypeClass.FLOAT
    round: int | None = None  # decimals (half to even), float-like columns only
    floor: str | None = None  # DATE_TRUNC part, timestamp columns only
    has_syn_nulls: bool = False  # syn holds NULLs here (an integer column with gaps is float in pandas)
    # The side's column holds no value though it has a type (a CSV column empty in every row,
    # which DuckDB's sniffer reads as text): its NULLs are read in the other side's type.
    ori_empty: bool = False
    syn_empty: bool = False

    @property
    def nan_is_unique(self) -> bool:
        """PETsARD's float NaN rule applies: float-like, or integer with gaps (§6.1)."""
        return self.type_class is TypeClass.FLOAT or (self.type_class is TypeClass.INTEGER and self.has_syn_nulls)


class MpuccsQueries(Queries):
    """Renders the mpUCCs statements for one dialect."""

    def float_decimal_digits(self, relation_sql: str, columns: Sequence[str]) -> str:
        return self._r("mpuccs/float_decimal_digits.sql.j2", relation=relation_sql, columns=list(columns))

    def finest_datetime_units(self, relation_sql: str, columns: Sequence[str]) -> str:
        """One row: per column ``unit_<i>``, the finest part of any value (an index of plan.DATETIME_UNITS)."""
        return self._r(
            "mpuccs/finest_datetime_units.sql.j2",
            relation=relation_sql,
            columns=list(columns),
            ladder=[(part, DATETIME_UNITS.index(unit)) for part, unit in _FINEST_PARTS],
        )

    def first_non_null_values(
        self,
        relation_sql: str,
        column: str,
        key: str | None,
        limit: int = 100,
        key_as_text: bool = False,
        key_ties: bool = False,
    ) -> str:
        """``key_as_text``: the key's rows ordered by its text (Dialect.unsupported_as_text);
        ``key_ties``: a text key ordered by its bytes where its collation ties two values."""
        return self._r(
            "mpuccs/first_non_null_values.sql.j2",
            relation=relation_sql,
            column=column,
            key=key,
            limit=limit,
            key_as_text=key_as_text,
            key_ties=key_ties,
        )

    def deduplicated_rows(
        self,
        target: str,
        relation_sql: str,
        columns: Sequence[WorkColumn],
        side: str,
        key: str | None,
        as_bytes: bool = True,
        key_as_text: bool = False,
        key_ties: bool = False,
        other_relation_sql: str | None = None,
        in_value_order: bool = False,
    ) -> str:
        """``in_value_order``: the rows have no order (no key, Dialect.natural_row_order off):
        they are numbered by their values, text by its bytes (NULL where the engine sorts it).
        ``as_bytes``: the relation may declare collations (a table): its text is compared byte
        by byte, as pandas (PETsARD) does, not as a NOCASE or nondeterministic collation would.
        ``other_relation_sql``: the other side's relation, whose column types the NULLs of an
        empty column take (WorkColumn.ori_empty / syn_empty).
        ``key_as_text``: the key ordered and kept as its text (Dialect.unsupported_as_text);
        ``key_ties``: a text key ordered by its bytes where its collation ties two values."""
        cols = []
        for c in columns:
            name, own_class = (c.ori_name, c.ori_class) if side == "ori" else (c.syn_name, c.syn_class)
            empty = c.ori_empty if side == "ori" else c.syn_empty
            cols.append(
                {
                    "alias": c.alias,
                    "source": name,
                    # a NULL of the other side's type: its column, in a subquery of no row
                    "null_of": (c.syn_name if side == "ori" else c.ori_name) if empty else None,
                    "round": c.round,
                    "floor": c.floor,
                    "float": c.type_class is TypeClass.FLOAT and own_class is TypeClass.FLOAT,
                    "text": as_bytes and own_class is TypeClass.TEXT,
                    # already bytes where `text` is; a relation without collations still orders by them
                    "order_as_bytes": not as_bytes and own_class is TypeClass.TEXT,
                }
            )
        return self._r(
            "mpuccs/deduplicated_rows.sql.j2",
            target=target,
            relation=relation_sql,
            columns=cols,
            key=key,
            key_as_text=key_as_text,
            key_ties=key_ties,
            other=other_relation_sql,
            in_value_order=in_value_order,
        )

    def coded_rows(self, target: str, syn: str, ori: str, columns: Sequence[str]) -> str:
        return self._r(
            "mpuccs/coded_rows.sql.j2", target=target, syn=syn, ori=ori, columns=list(columns), side_offset=SIDE_OFFSET
        )

    def coded_column_stats(self, coded: str, columns: Sequence[str]) -> str:
        return self._r("mpuccs/coded_column_stats.sql.j2", table=coded, columns=list(columns))

    @staticmethod
    def combo_spec(
        combo_id: int, columns: Sequence[WorkColumn], nulls: str, max_codes: dict[str, int] | None = None
    ) -> dict:
        """Template context for one combination (columns in priority order).

        With ``nulls="petsard"`` (docs/metrics/mpuccs.md) a NULL in a float-like column makes a syn row
        a group of its own, and so does a NULL timestamp when the combination has only datetime
        columns. With ``max_codes`` (alias -> largest code in the coded rows) the combination is
        keyed by one packed BIGINT when every key fits below 2**62 (SQLite turns a larger integer
        into a float): ``weights`` holds each column's multiplier.
        """
        singleton = []
        if nulls == "petsard":
            singleton = [c.alias for c in columns if c.nan_is_unique]
            if all(c.type_class.is_datetime for c in columns):
                singleton = [c.alias for c in columns]
        weights = None
        if max_codes is not None:
            radix = [max_codes[c.alias] + 1 for c in columns]  # digits 0 (NULL) .. max
            if math.prod(radix) < PACKED_KEY_LIMIT:
                weights = [math.prod(radix[i + 1 :]) for i in range(len(radix))]
        return {
            "id": combo_id,
            "columns": [c.alias for c in columns],
            "singleton_if_null": singleton,
            "weights": weights,
        }

    def group_size_histograms(self, coded: str, combos: Sequence[dict]) -> str:
        grouping = self._grouping_sets(combos)
        if grouping is not None:
            return self._r("mpuccs/group_size_histograms_by_grouping_sets.sql.j2", table=coded, grouping=grouping)
        return self._r("mpuccs/group_size_histograms.sql.j2", table=coded, combos=list(combos))

    def _grouping_sets(self, combos: Sequence[dict]) -> dict | None:
        """A batch as one GROUPING SETS scan where the dialect prefers it (Dialect.grouping_sets_batches):
        ``columns`` grouped (in first-use order), ``sets`` (each combination's columns) and ``ids``
        ((GROUPING_ID of its set, combination id) pairs); None for the UNION ALL shape, also when a
        combination follows PETsARD's NULL rules (its keys are no plain columns) or the batch
        groups more columns than GROUPING_ID has bits."""
        if not self.dialect.grouping_sets_batches or any(c["singleton_if_null"] for c in combos):
            return None
        columns = list(dict.fromkeys(a for c in combos for a in c["columns"]))
        if len(columns) > GROUPING_ID_BITS:
            return None
        # GROUPING_ID(c1, ..., cn): bit n-i set when ci is not grouped in the row's set (c1 highest).
        ids = [
            (sum(1 << (len(columns) - 1 - i) for i, a in enumerate(columns) if a not in c["columns"]), c["id"])
            for c in combos
        ]
        return {"columns": columns, "sets": [c["columns"] for c in combos], "ids": ids}

    def unique_match_table(self, target: str) -> str:
        return self._r("mpuccs/unique_match_table.sql.j2", target=target)

    def syn_unique_ori_matches(self, target: str, coded: str, combos: Sequence[dict], size: int, radix: int) -> str:
        """Insert each syn row's first one-to-one match among ``combos`` (all of ``size`` columns),
        packed as ``combo * radix + ori_rid``. A combination with PETsARD NULL rules
        (``singleton_if_null``) is matched by window counts, any other by one GROUP BY."""
        grouping = self._grouping_sets(combos)
        return self._r(
            "mpuccs/syn_unique_ori_matches.sql.j2"
            if grouping is None
            else "mpuccs/syn_unique_ori_matches_by_grouping_sets.sql.j2",
            target=target,
            coded=coded,
            combos=list(combos),
            grouping=grouping,
            size=size,
            radix=radix,
            side_offset=SIDE_OFFSET,
        )

    def event_matches(self, target: str, matches: str) -> str:
        return self._r("mpuccs/event_matches.sql.j2", target=target, matches=matches)

    def identification_counts(self, events: str, radix: int) -> str:
        """Per combination (``combo_start`` = combo * radix) its events, and the syn rows identified."""
        return self._r("mpuccs/identification_counts.sql.j2", events=events, radix=radix)

    def identification_events(
        self, events: str, syn: str, ori: str, columns: Sequence[tuple[str, Sequence[int]]], key: bool, radix: int
    ) -> str:
        """``columns``: (alias, ids of the combinations using it) per column, in work-column order."""
        cols = [{"alias": alias, "starts": [combo * radix for combo in combos]} for alias, combos in columns]
        return self._r(
            "mpuccs/identification_events.sql.j2", events=events, syn=syn, ori=ori, columns=cols, key=key, radix=radix
        )
