"""mpUCCs singling-out risk (docs/metrics/mpuccs.md, PETsARD 1.7 semantics) computed in the database.

The driver renders SQL, the source runs it, only aggregates come back:

1. one scan of ori for float precision, the first 100 datetimes for datetime precision (every
   datetime where the rows have no order: no key, Dialect.natural_row_order off);
2. ori and syn de-duplicated into TEMP tables (rounded/floored, numbered by first occurrence, or
   by their values where the rows have no order);
3. both coded into one TEMP table of integer codes (per-column dictionaries over both sides); one
   query over it gives the row counts and the column priority order (distinct syn values);
4. per combination size: group-size histograms of syn (entropy, pruning and mpuccs_cnt decided in
   Python), then one GROUP BY of a packed BIGINT key per surviving combination finds the syn-unique
   rows with exactly one ori match; each row's first such match per size is stored;
5. a GROUP BY per (row, size) and a small window turn those into PETsARD's identification events.
"""

from __future__ import annotations

import itertools
import logging
import math
import operator
import os
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ... import report
from ...errors import InvalidInputError, UnsupportedFeatureError
from ...given import choice, described, flag, whole_number
from ...source import Relation, Source, opened
from ...sql.types import TypeClass
from ..classes import check_key, refuse_values_outside_type
from . import plan as plan
from .options import MpuccsOptions, select_columns, work_columns
from .result import DETAIL_COLUMNS, MpuccsResult
from .sql import SIDE_OFFSET, MpuccsQueries

log = logging.getLogger("privrisk_sql")

# From this many combinations on, a run says at once how many there are and, after its first
# level, how long they would take (300 columns are 2^300 - 1 combinations: no run ends).
LARGE_RUN = 10_000
LEVEL_CHUNK = 4096  # combinations of one level taken at a time: memory never holds a whole level


def mpuccs(
    src: Any,
    ori: str,
    syn: str,
    columns: Sequence[str] | None = None,
    n_cols: int | Sequence[int] | None = None,
    min_entropy_delta: float = 0.0,
    field_decay_factor: float = 0.5,
    renyi_alpha: float = 2.0,
    numeric_precision: int | None = None,
    datetime_precision: str | None = None,
    nulls: str = "sql",
    key: str | None = None,
    details: bool = True,
    batch_size: int = 32,
    progress: Any = "auto",
    empty_sizes: str = "warn",
    html: Any = None,
    html_values: bool = False,
) -> MpuccsResult:
    """mpUCCs singling-out risk of ``syn`` against ``ori``, computed inside the database.

    Args:
        src: a :class:`~privrisk_sql.Source`, or anything :func:`privrisk_sql.connect` takes
            (None = in-memory DuckDB).
        ori: the original table: a name in ``src``, a CSV/Parquet path, or (DuckDB) a pandas
            DataFrame or Arrow table (DuckDB reads files and frames in place).
        syn: the synthetic table, in the same forms.
        columns: columns to evaluate, in this order (ties in cardinality follow it); default all
            columns (which must be the same set on both sides).
        n_cols: combination sizes: None (all), an int, or a list; sizes above the column count
            are dropped with a warning.
        min_entropy_delta: prune a combination when its entropy gain over its base is <= this.
        field_decay_factor: weight of a size-s combination is factor**(s-1); in (0, 1].
        renyi_alpha: order of the Rényi entropy (>= 0).
        numeric_precision: decimals floats are rounded to (half to even); None = detect from ori.
        datetime_precision: unit timestamps are floored to (D, H, T, s, ms, us, ns); None = detect.
        nulls: ``"sql"`` (NULL equals NULL everywhere) or ``"petsard"`` (PETsARD's per-dtype rules).
        key: a column giving the input order; never evaluated; details also carry its values.
        details: keep the identification events (``details``, the largest part of the result,
            holding the identified rows' values); False counts them only: ``global_`` and ``tree``
            are the same, ``details`` is not kept and ``to_dict()`` leaves it out.
        batch_size: combinations per statement.
        progress: ``"auto"`` (default: a progress bar on stderr, in a terminal or a notebook, once a
            run takes over 2 s), ``False``/None for none, or a callable ``(done, total)`` called as
            combinations complete.
        empty_sizes: ``"warn"`` (PETsARD: nothing evaluated, rate 0) or ``"error"`` when every
            requested size exceeds the column count.
        html: also write the run's report there (one self-contained HTML page).
        html_values: show the identified records' values on that page (off: it may travel further
            than the data).

    Returns:
        :class:`MpuccsResult` with ``global_``, ``details`` and ``tree``.

    Example:
        >>> import privrisk_sql as pr
        >>> r = pr.mpuccs(None, "fixtures/handcheck/ori.csv", "fixtures/handcheck/syn.csv")  # doctest: +SKIP
        >>> r.global_["identification_rate"].iloc[0]  # doctest: +SKIP
        0.8
    """
    o = MpuccsOptions.validated(
        n_cols, min_entropy_delta, field_decay_factor, renyi_alpha, numeric_precision, datetime_precision, nulls
    )
    details, html_values = flag(details, "details"), flag(html_values, "html_values")
    choice(empty_sizes, ("warn", "error"), "empty_sizes")  # "erorr" warned, as "warn" does
    batch = whole_number(batch_size)
    if batch is None or batch < 1:  # int() of it raised ValueError or TypeError, 0 ran as 1
        raise InvalidInputError(f"batch_size must be an integer >= 1, got {described(batch_size)}")
    batch = min(batch, 2**31)  # more than any run has combinations (10**30 broke itertools.islice)
    if html_values and not details:
        raise InvalidInputError("html_values shows the identified records, which details=False does not keep")
    page = report.checked_html(html, ori, syn)
    started, clock = report.now(), time.perf_counter()
    from ...progress import ProgressBar, resolved

    drawing = resolved(progress, ProgressBar, "(done, total)")
    try:
        with report.noting_warnings(page) as noted, opened(src) as source:
            report.check_not_a_database(page, source)
            result = _Run(
                source,
                ori,
                syn,
                columns,
                o.n_cols,
                o.min_entropy_delta,
                o.field_decay_factor,
                o.renyi_alpha,
                o.numeric_precision,
                o.datetime_precision,
                o.datetime_unit,
                o.nulls,
                key,
                details,
                batch,
                drawing,
                empty_sizes,
            ).run()
            database = source.database_label
    finally:
        if isinstance(drawing, ProgressBar) and drawing is not progress:  # ours to close, not a caller's
            drawing.close()
    report.after_run(
        result,
        page,
        html_values,
        "mpuccs",
        database,
        {"ori": ori, "syn": syn},
        {
            "columns": None if columns is None else list(columns),
            "n_cols": o.n_cols,
            "min_entropy_delta": min_entropy_delta,
            "field_decay_factor": field_decay_factor,
            "renyi_alpha": renyi_alpha,
            "nulls": nulls,
            "key": key,
            "details": details,
        },
        started,
        time.perf_counter() - clock,
        noted=noted,
    )
    return result


class _Run:
    def __init__(
        self,
        source: Source,
        ori,
        syn,
        columns,
        n_cols,
        delta,
        decay,
        alpha,
        numeric_precision,
        datetime_precision,
        dt_unit,
        nulls,
        key,
        details,
        batch_size,
        progress,
        empty_sizes,
    ):
        self.src = source
        self.ori_rel, self.syn_rel = source.relations(ori, syn)
        self.names = select_columns(self.ori_rel, self.syn_rel, columns, key)
        self.all_columns = columns is None
        self.cols = work_columns(source, self.ori_rel, self.syn_rel, self.names)
        self.key = key
        # Positions are defined (a key, or an engine that reads a table in its order). Where they
        # are not, the rows are numbered by their values and datetime precision looks at every value.
        self.rows_have_order = key is not None or source.dialect.natural_row_order
        self.details = details
        self.n_cols, self.delta, self.decay, self.alpha = n_cols, delta, decay, alpha
        self.numeric_precision, self.datetime_precision, self.dt_unit = numeric_precision, datetime_precision, dt_unit
        self.nulls = nulls
        self.batch_size = max(1, int(batch_size))
        self.progress = progress
        self.warnings: list[str] = []
        self.sizes, dropped = plan.evaluated_sizes(n_cols, len(self.cols))
        count = f"{len(self.cols)} column{'s' if len(self.cols) != 1 else ''}"
        if dropped and not self.sizes and empty_sizes == "error":
            raise InvalidInputError(f"n_cols: every size {dropped} exceeds the {count}; nothing to evaluate")
        if dropped:
            self._warn(f"n_cols: sizes {dropped} exceed the {count} and are skipped")
        self.q = MpuccsQueries(source.dialect)
        if _same_input(self.ori_rel, self.syn_rel):
            self._warn(
                f"{self.ori_rel.label!r} is given as both ori and syn: every row unique on some columns "
                "matches itself, so the rate says nothing about a synthetic table"
            )

    def _warn(self, message: str) -> None:
        self.warnings.append(message)
        warnings.warn(message, stacklevel=4)

    # -- preprocessing --------------------------------------------------------------------
    def _precisions(self) -> tuple[int | None, str | None]:
        """Rounding decimals and flooring unit applied to both tables, per §2.1 and §2.2."""
        floats = [c for c in self.cols if c.type_class is TypeClass.FLOAT]
        if self.numeric_precision is not None:
            digits = self.numeric_precision
        else:
            ori_floats = [c.ori_name for c in floats if c.ori_class is TypeClass.FLOAT and not c.ori_empty]
            digits = 0
            if ori_floats:
                row = self.src.fetch(self.q.float_decimal_digits(self.ori_rel.sql, ori_floats))[0]
                digits = min(10, max([int(d) for d in row if d is not None] or [0]))
            digits = digits if digits > 0 else None
        for c in floats:
            c.round = digits
        if self.dt_unit is not None:
            unit = self.dt_unit
        else:
            unit = "D"
            stamps = [c.ori_name for c in self.cols if c.ori_class is TypeClass.TIMESTAMP and not c.ori_empty]
            if stamps and not self.rows_have_order:  # no first 100 values: every value is looked at
                ranks = self.src.fetch_records(self.q.finest_datetime_units(self.ori_rel.sql, stamps))[0]
                unit = plan.DATETIME_UNITS[max(int(ranks[f"unit_{i}"] or 0) for i in range(len(stamps)))]
            elif stamps:
                order = self._key_order(self.ori_rel)
                for name in stamps:
                    sql = self.q.first_non_null_values(self.ori_rel.sql, name, self.key, **order)
                    values = [r[0] for r in self.src.fetch(sql)]
                    unit = max(unit, plan.detect_datetime_unit(values), key=plan.DATETIME_UNITS.index)
            unit = None if unit == "D" else unit
        if unit is not None:
            part = plan.SQL_TRUNC_PART[unit]
            for c in self.cols:
                # DATE values have nothing below a day to floor.
                if part is not None and c.type_class is TypeClass.TIMESTAMP:
                    c.floor = part
        return digits, unit

    def _load(self, rel: Relation, side: str) -> str:
        target = self.src.temp_name(side)
        self.src.execute(
            self.q.deduplicated_rows(
                target,
                rel.sql,
                self.cols,
                side,
                self.key,
                as_bytes=rel.may_collate,
                other_relation_sql=(self.syn_rel if side == "ori" else self.ori_rel).sql,
                # where the engine's "any order" already sorts the values, its shape as it was
                in_value_order=not self.rows_have_order and not self.src.dialect.any_order_sorts_values,
                **self._key_order(rel),
            )
        )
        return target

    def _key_order(self, rel: Relation) -> dict[str, bool]:
        """How the key orders the rows: by its text where the database cannot order its type
        (PostgreSQL has no MIN of a uuid and no order of a json: Dialect.unsupported_as_text), and
        a text key by its bytes within a tie of its collation (MariaDB's utf8mb4_general_ci called
        'k01' and 'K01' equal, and their rows took either order, run to run)."""
        if self.key is None:
            return {"key_as_text": False, "key_ties": False}
        kind = rel.column(self.key).type_class
        return {
            "key_as_text": self.src.dialect.compares_as_text(kind),
            "key_ties": rel.may_collate and kind is TypeClass.TEXT,
        }

    # -- main -----------------------------------------------------------------------------
    def run(self) -> MpuccsResult:
        if self.key is not None:  # the key orders the rows: it must name one each, on both sides
            for rel in (self.ori_rel, self.syn_rel):
                check_key(self.src, rel, rel.column(self.key).name)
        # Rounding and flooring compute with numbers and timestamps; booleans are compared as they are.
        computed = (TypeClass.INTEGER, TypeClass.FLOAT, TypeClass.DATE, TypeClass.TIMESTAMP)
        for rel, names in (
            (self.ori_rel, [c.ori_name for c in self.cols]),
            (self.syn_rel, [c.syn_name for c in self.cols]),
        ):
            refuse_values_outside_type(self.src, rel, names, "mpUCCs", computed)
        digits, unit = self._precisions()
        syn_t = self._load(self.syn_rel, "syn")
        ori_t = self._load(self.ori_rel, "ori")
        # Integer codes for the values of both sides: every GROUP BY below hashes one BIGINT.
        coded_t = self.src.temp_name("coded")
        aliases = [c.alias for c in self.cols]
        self.src.execute(self.q.coded_rows(coded_t, syn_t, ori_t, aliases))
        stats = {
            name: int(v or 0)
            for name, v in self.src.fetch_records(self.q.coded_column_stats(coded_t, aliases))[0].items()
        }
        n_syn, n_ori = stats["n_syn"], stats["n_ori"]
        distinct = {c.alias: stats[f"distinct_{c.alias}"] for c in self.cols}
        max_codes = {c.alias: stats[f"max_{c.alias}"] for c in self.cols}
        if n_syn == 0:
            self._warn(f"{self.syn_rel.label!r} has no rows: identification rate is 0")
        elif n_ori == 0:
            self._warn(f"{self.ori_rel.label!r} has no rows: no synthetic row can match, identification rate is 0")
        for c in self.cols:
            # pandas reads an integer column with gaps as float64: PETsARD's NaN rule applies.
            c.has_syn_nulls = stats[f"nulls_{c.alias}"] > 0
            if n_syn and distinct[c.alias] == 0:
                # PETsARD evaluates it (the numbers stay PETsARD's), but it is rarely what was meant.
                self._warn(f"column {c.name!r} is NULL in every row of {self.syn_rel.label!r}")
        if self.all_columns and n_syn > 1:
            for c in self.cols:
                # an id evaluated as a QID: every record unique on it alone (NULL a value: one may lack it)
                if distinct[c.alias] + (1 if c.has_syn_nulls else 0) == n_syn:
                    self._warn(
                        f"column {c.name!r} has a different value in every row of {self.syn_rel.label!r} "
                        "(a likely direct identifier), so every record is unique on it alone; leave it out "
                        "by naming the other columns in --columns (columns=[...]), or pass it as --key"
                    )
        # §2.4: priority by distinct non-null syn values, descending; ties keep the column order.
        prio = sorted(self.cols, key=lambda c: -distinct[c.alias])

        k = len(prio)
        total = plan.count_combinations(k, self.sizes)
        # A match is stored as combo * radix + ori_rid in one BIGINT (see unique_match_table).
        radix = max(n_ori, 1)
        if max(n_syn, n_ori) >= SIDE_OFFSET:  # the coded rows tag a side by adding SIDE_OFFSET to its rids
            raise UnsupportedFeatureError(
                f"{max(n_syn, n_ori):,} distinct rows on one side are too many to number; at most {SIDE_OFFSET - 1:,}"
            )
        if (total + 1) * radix >= 2**62:
            raise UnsupportedFeatureError(
                f"{total:,} combinations of {n_ori} original rows are too many to number in a BIGINT; "
                "pass fewer columns or smaller n_cols (--n-cols)"
            )
        if total >= LARGE_RUN:
            self._announce(
                f"{total:,} combinations of {k} columns to check (sizes {_sizes_text(self.sizes)}); "
                "limit the sizes with n_cols (--n-cols 1,2,3) or the columns with --columns"
            )
        if self.progress is not None:
            self.progress(0, total)
        matches_t = self.src.temp_name("matches")
        self.src.execute(self.q.unique_match_table(matches_t))
        tally = _Tally(total, self.progress, self.src.check_stop)
        entropy: dict[tuple, float] = {}  # this level's and the previous level's (bases) only
        pruned: set[tuple] = set()  # likewise
        checked: list[_Checked] = []  # every combination, as decided (the tree)
        matched: list[plan.Combination] = []  # combinations whose one-to-one matches were looked for
        n_pruned = 0

        def spec(c: plan.Combination) -> dict:
            return self.q.combo_spec(c.check_order, [prio[i] for i in c.positions], self.nulls, max_codes)

        measured: list[tuple[int, float]] = []  # (size, seconds) of the levels done: the time estimate's data
        for position, size in enumerate(self.sizes):
            level_started = time.monotonic()
            level_entropy: dict[tuple, float] = {}
            level_pruned: set[tuple] = set()
            for chunk in _batches(plan.level(k, size, self.sizes), LEVEL_CHUNK, self.src.check_stop):
                todo = []
                for c in chunk:
                    if c.base is not None and c.base in pruned:
                        level_pruned.add(c.positions)  # inherited: pruned with its base, never evaluated
                        checked.append(_Checked(c, None, None, True, True, 0))
                    else:
                        todo.append(c)
                syn_unique: dict[tuple, int] = {}
                for batch in _batches(todo, self.batch_size):
                    hist: dict[int, list] = {c.check_order: [] for c in batch}
                    sql = self.q.group_size_histograms(coded_t, [spec(c) for c in batch])
                    for row in self.src.fetch_records(sql):
                        hist[int(row["combo"])].append((row["group_size"], row["n_groups"]))
                    for c in batch:
                        level_entropy[c.positions] = plan.renyi_entropy(hist[c.check_order], n_syn, self.alpha)
                        syn_unique[c.positions] = sum(int(n) for s, n in hist[c.check_order] if int(s) == 1)
                survivors = []
                for c in todo:
                    e = level_entropy[c.positions]
                    base_e = None if c.base is None else entropy[c.base]
                    if base_e is not None and e - base_e <= self.delta:
                        level_pruned.add(c.positions)
                        checked.append(_Checked(c, e, base_e, False, True, 0))  # mpuccs_cnt: survivors only
                    else:
                        survivors.append(c)
                        checked.append(
                            _Checked(c, e, base_e, None if c.base is None else False, False, syn_unique[c.positions])
                        )
                # A survivor whose histogram has no group of size 1 has no syn-unique row, so no
                # one-to-one match: its grouping of both sides is skipped (13 of 102 on the 30k pair).
                to_match = [c for c in survivors if syn_unique[c.positions]]
                tally.add(len(chunk) - len(to_match))
                for batch in _batches(to_match, self.batch_size):
                    self.src.execute(
                        self.q.syn_unique_ori_matches(matches_t, coded_t, [spec(c) for c in batch], size, radix)
                    )
                    matched.extend(batch)
                    tally.add(len(batch))
            measured.append((size, time.monotonic() - level_started))
            if total >= LARGE_RUN and position == _estimate_after(k, self.sizes):
                self._announce_estimate(k, measured, total)
            n_pruned += len(level_pruned)
            entropy, pruned = level_entropy, level_pruned

        events_t = self.src.temp_name("events")
        self.src.execute(self.q.event_matches(events_t, matches_t))
        sizes = {c.check_order: c.size for c in matched}
        if not self.details:  # counted in the database: no event row, no value comes back
            counts = self.src.fetch_records(self.q.identification_counts(events_t, radix))
            collisions = {int(r["combo_start"]) // radix: int(r["n_events"]) for r in counts}
            identified = int(counts[0]["identified"]) if counts else 0
            return self._result(
                total, n_pruned, checked, prio, [], collisions, identified, sizes, n_syn, n_ori, digits, unit
            )
        using: dict[str, list[int]] = {c.alias: [] for c in self.cols}  # alias -> combinations it gives values to
        for combo in matched:
            for i in combo.positions:
                using[prio[i].alias].append(combo.check_order)
        sql = self.q.identification_events(events_t, syn_t, ori_t, list(using.items()), self.key is not None, radix)
        # By position, not by name: the rows are (combo * radix + ori_rid, syn_rid, [syn_key, ori_key,]
        # one value per alias), and as dicts 26k such rows cost 85 ms against 34 ms (DuckDB, 11 columns).
        events = self.src.fetch(sql)
        detail_rows, collisions, identified = self._events(matched, prio, events, radix)
        return self._result(
            total, n_pruned, checked, prio, detail_rows, collisions, identified, sizes, n_syn, n_ori, digits, unit
        )

    def _announce_estimate(self, k: int, measured: list[tuple[int, float]], total: int) -> None:
        done = sum(math.comb(k, size) for size, _ in measured)
        spent = sum(seconds for _, seconds in measured)
        growing = "" if len(measured) > 1 or len(self.sizes) == 1 else ", or more: larger combinations take longer"
        self._announce(
            f"the first {done:,} combinations (sizes {_sizes_text([s for s, _ in measured])}) took "
            f"{spent:.2f} s: all {total:,} would take about "
            f"{_duration(plan.estimate_seconds(k, self.sizes, measured))}{growing}"
        )

    def _announce(self, message: str) -> None:
        """A note on stderr now (through logging: the CLI prints it at once), not a warning of the result."""
        log.warning("mpUCCs: %s", message)

    # -- results --------------------------------------------------------------------------
    def _events(self, matched, prio, events, radix) -> tuple[list[tuple], dict[int, int], int]:
        """The details' rows (in DETAIL_COLUMNS order) of the event rows, the events per
        combination, and the syn rows identified."""
        names = [c.name for c in prio]
        alias_index = {c.alias: i for i, c in enumerate(self.cols)}
        value_offset = 4 if self.key is not None else 2  # after first_match, syn_rid[, syn_key, ori_key]
        positions_known = self.rows_have_order  # a local: read once per event below
        # Per combination once, not per event (26k events on a 30k-row pair): its size, its names
        # and a getter of its values out of an event row. Details are tuples in DETAIL_COLUMNS order.
        by_id = {}
        for c in matched:
            where = [value_offset + alias_index[prio[i].alias] for i in c.positions]
            pick = operator.itemgetter(*where) if len(where) > 1 else _one_tuple(where[0])
            by_id[c.check_order] = (c.size, tuple(names[i] for i in c.positions), pick)
        collisions: dict[int, int] = {}
        detail_rows: list[tuple] = []
        append = detail_rows.append
        syn_rids = set()
        for row in events:
            combo_id, ori_rid = divmod(int(row[0]), radix)
            syn_rid: int | None = int(row[1])
            size, field_combo, pick = by_id[combo_id]
            collisions[combo_id] = collisions.get(combo_id, 0) + 1
            syn_rids.add(syn_rid)
            if not positions_known:
                syn_rid = ori_rid = None
            if self.key is None:
                append((size, syn_rid, field_combo, pick(row), ori_rid))
            else:
                append((size, syn_rid, field_combo, pick(row), ori_rid, row[2], row[3]))
        return detail_rows, collisions, len(syn_rids)

    def _result(
        self, total, n_pruned, checked, prio, detail_rows, collisions, identified, sizes, n_syn, n_ori, digits, unit
    ) -> MpuccsResult:
        names = [c.name for c in prio]
        tree_rows = []
        for r in sorted(checked, key=lambda r: r.combo.check_order):
            c, e, base_e = r.combo, r.entropy, r.base_entropy
            w = plan.field_weight(c.size, self.decay)
            has_base = c.base is not None
            n_coll = collisions.get(c.check_order, 0)
            tree_rows.append(
                {
                    "check_order": c.check_order,
                    "combo_size": c.size,
                    "field_combo": tuple(names[i] for i in c.positions),
                    "base_combo": tuple(names[i] for i in c.base) if has_base else None,
                    "base_is_pruned": r.base_pruned,
                    "combo_entropy": e,
                    "base_entropy": base_e,
                    "entropy_gain": None if e is None or base_e is None else e - base_e,
                    "is_pruned": r.pruned if has_base else None,
                    "mpuccs_cnt": r.unique,
                    "mpuccs_collision_cnt": n_coll,
                    "field_weighted": w,
                    "total_weighted": w,
                    "weighted_mpuccs_collision_cnt": n_coll * w,
                }
            )
        detail_columns = DETAIL_COLUMNS + (["syn_key", "ori_key"] if self.key is not None else [])
        size_weight = {s: plan.field_weight(s, self.decay) for s in self.sizes}
        glob = {
            "total_syn_records": n_syn,
            "total_ori_records": n_ori,
            "total_identified": identified,
            "identification_rate": identified / n_syn if n_syn else 0.0,
            "weighted_identification_rate": _weighted_total(collisions, sizes, size_weight) / n_syn if n_syn else 0.0,
            "total_combinations_checked": total,
            "total_combinations_pruned": n_pruned,
            "config_n_cols": str(self.n_cols),
            "config_min_entropy_delta": self.delta,
            "config_field_decay_factor": self.decay,
            "config_renyi_alpha": self.alpha,
            "config_numeric_precision": digits,
            "config_datetime_precision": self.datetime_precision if self.datetime_precision is not None else unit,
        }
        return MpuccsResult(glob, detail_rows if self.details else None, tree_rows, detail_columns, self.warnings)


@dataclass(frozen=True)
class _Checked:
    """One combination as the run decided it: the tree's row before names and collisions."""

    combo: plan.Combination
    entropy: float | None  # None: pruned with its base, never evaluated (inherited)
    base_entropy: float | None  # None: no base, or inherited
    base_pruned: bool | None  # None: no base
    pruned: bool
    unique: int  # mpuccs_cnt: syn-unique value combinations, for the combinations not pruned


def _same_input(a: Relation, b: Relation) -> bool:
    """The same catalog table, or the same file, under any spelling."""
    if a.identity is not None:
        return a.identity == b.identity
    if a.is_file and b.is_file:
        try:
            return os.path.samefile(a.label, b.label)
        except OSError:
            return False
    return a.sql == b.sql


def _weighted_total(collisions: dict[int, int], sizes: dict[int, int], size_weight: dict[int, float]) -> float:
    """The sum of every event's weight, exactly rounded once (as math.fsum over the events gives
    it), from the events per combination: the same float whether or not the events are kept."""
    exact = sum((Fraction(size_weight[sizes[combo]]) * n for combo, n in collisions.items()), Fraction(0))
    return float(exact)


def _one_tuple(index: int):
    """Like ``operator.itemgetter(index)``, but a 1-tuple (itemgetter of several gives a tuple)."""
    return lambda row: (row[index],)


def _batches(items: Iterable, size: int, check_stop: Callable[[], None] | None = None) -> Iterator[list]:
    """Lists of up to ``size`` items, taken lazily from ``items`` (checking for a stop before each)."""
    it = iter(items)
    while True:
        if check_stop is not None:
            check_stop()
        batch = list(itertools.islice(it, size))
        if not batch:
            return
        yield batch


class _Tally:
    """Combinations done so far, reported to the progress callback; checks for a stop each time."""

    def __init__(self, total: int, progress, check_stop: Callable[[], None]):
        self.total, self.progress, self.check_stop = total, progress, check_stop
        self.done = 0

    def add(self, n: int) -> None:
        if n:
            self.done += n
            if self.progress is not None:
                self.progress(self.done, self.total)
        self.check_stop()


def _estimate_after(k: int, sizes: Sequence[int]) -> int:
    """After which level (its position in ``sizes``) a large run estimates its time: the third,
    whose cost per combination against the second's says how cost grows with size (the first two
    take a few hundredths of a second, too little to time), or the last of the first three that
    has one and holds fewer than LARGE_RUN combinations (a wide table's second level can take
    minutes)."""
    after = 0
    for position in (1, 2):
        if position >= len(sizes) or math.comb(k, sizes[position]) >= LARGE_RUN:
            break
        after = position
    return after


def _sizes_text(sizes: Sequence[int]) -> str:
    if len(sizes) > 2 and list(sizes) == list(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]}-{sizes[-1]}"
    return ", ".join(map(str, sizes))


def _duration(seconds: float) -> str:
    """Seconds as a person reads them: 40 s, 12 min, 3.5 h, 41 days, 2.1e+05 years."""
    for unit, length in (("years", 365.25 * 86400), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= 2 * length:
            value = seconds / length
            return f"{value:.3g} {unit}" if value < 1e6 else f"{value:.2g} {unit}"
    return f"{seconds:.0f} s"
