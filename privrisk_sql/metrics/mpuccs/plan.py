"""Pure parts of mpUCCs (docs/metrics/mpuccs.md): which combinations, in which order, with which base;
Rényi entropy from a group-size histogram; precision rules. No database here."""

from __future__ import annotations

import datetime as dt
import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ...errors import InvalidInputError
from ...given import described, whole_number


@dataclass(frozen=True)
class Combination:
    """One candidate column combination, its columns as indices into the priority order."""

    check_order: int  # 1-based position in bitmask order, restricted to the evaluated sizes
    positions: tuple[int, ...]  # indices into the priority order, ascending
    base: tuple[int, ...] | None  # the prefix it is compared with for pruning (§5)

    @property
    def size(self) -> int:
        return len(self.positions)


def evaluated_sizes(n_cols, k: int) -> tuple[list[int], list[int]]:
    """Sizes to evaluate (sorted) and requested sizes dropped because they exceed ``k`` (§1)."""
    if n_cols is None:
        return list(range(1, k + 1)), []
    requested = [n_cols] if isinstance(n_cols, int) else list(n_cols)  # as normalize_n_cols left it
    kept = sorted({s for s in requested if s <= k})
    dropped = sorted({s for s in requested if s > k})
    return kept, dropped


def normalize_n_cols(n_cols):
    """Validate ``n_cols`` (None, a whole number, or a list-like of them, each >= 1; numpy's
    integers too) and return it as None, an int or a list of ints."""
    if n_cols is None:
        return None
    single = whole_number(n_cols) is not None  # 2, numpy.int64(2), 2.0
    if not single and (isinstance(n_cols, (str, bytes)) or not isinstance(n_cols, Iterable)):  # True: neither
        raise InvalidInputError(f"n_cols must be an integer or a list of integers, got {described(n_cols)}")
    given = [n_cols] if single else list(n_cols)  # a list, tuple, range, numpy array
    if not given:
        raise InvalidInputError("n_cols is an empty list: give at least one combination size")
    sizes = []
    for v in given:
        size = whole_number(v)
        if size is None or size < 1:
            raise InvalidInputError(f"n_cols: combination sizes must be integers >= 1, got {described(v)}")
        sizes.append(size)
    return sizes[0] if single else sizes


def count_combinations(k: int, sizes: Sequence[int]) -> int:
    """How many combinations of ``k`` columns the evaluated sizes give (without listing them)."""
    return sum(math.comb(k, s) for s in set(sizes))


def estimate_seconds(k: int, sizes: Sequence[int], measured: Sequence[tuple[int, float]]) -> float:
    """How long a run over ``k`` columns and ``sizes`` takes in all, from the levels done so far,
    ``measured`` as (size, seconds) in the order run. A combination of a size not yet run costs as
    much more than the last level's as the last level's cost per combination passed the one
    before's, per column more (its statements group more columns, and more of its combinations
    hold unique rows to match), and never less than the dearest level measured (a small level
    pays a statement's fixed costs over few combinations). Pruned combinations are counted as
    evaluated: pruning makes a run shorter. Measured against runs by
    benchmarks/mpuccs_time_estimate.py (docs/metrics/mpuccs.md)."""
    cost = [(size, seconds / math.comb(k, size)) for size, seconds in measured]
    last_size, last_cost = cost[-1]
    slope = 0.0
    if len(cost) > 1:
        before_size, before_cost = cost[-2]
        slope = max(0.0, (last_cost - before_cost) / (last_size - before_size))
    dearest = max(c for _, c in cost)
    done = {size for size, _ in measured}
    rest = sum(math.comb(k, s) * max(dearest, last_cost + slope * (s - last_size)) for s in set(sizes) - done)
    return sum(seconds for _, seconds in measured) + rest


def check_order(positions: Sequence[int], sizes: Sequence[int]) -> int:
    """1-based rank of a combination in PETsARD's order (§3): its bitmask's rank among all
    bitmasks over ``k`` columns whose popcount is an evaluated size. Counted, not enumerated:
    for each set bit from the highest down, the smaller masks that agree above it and have a 0
    there hold any ``s - ones`` of the lower ``bit`` bits."""
    size_set = set(sizes)
    rank, ones = 0, 0
    for bit in sorted(positions, reverse=True):
        rank += sum(math.comb(bit, s - ones) for s in size_set if s - ones >= 0)
        ones += 1
    return rank + 1


def base_size(size: int, sizes: Sequence[int]) -> int | None:
    """The size of a combination's base (§5): the largest evaluated size below it, if any."""
    smaller = [s for s in sizes if s < size]
    return max(smaller) if smaller else None


def level(k: int, size: int, sizes: Sequence[int]) -> Iterator[Combination]:
    """The combinations of one size, produced one at a time (a level of 40 columns has up to
    C(40, 20) = 1.4e11 of them: never listed whole), each with its check order and base."""
    prefix = base_size(size, sizes)
    for combo in itertools.combinations(range(k), size):
        yield Combination(check_order(combo, sizes), combo, combo[:prefix] if prefix else None)


def plan_combinations(k: int, sizes: Sequence[int]) -> list[Combination]:
    """All combinations of the evaluated sizes in check order (for small ``k``: tests, docs)."""
    return sorted((c for s in sorted(set(sizes)) for c in level(k, s, sizes)), key=lambda c: c.check_order)


def renyi_entropy(histogram: Iterable[tuple[int, int]], n_rows: int, alpha: float) -> float:
    """Normalised Rényi entropy of a grouping (§4) from (group_size, n_groups) pairs.

    ``-log2(sum p_g^alpha + 1e-10) / log2(G)``; 0 when there is at most one group. Uses
    ``math.fsum`` on integer aggregates so equal partitions give bit-identical values.
    """
    pairs = [(int(size), int(count)) for size, count in histogram]
    groups = sum(count for _, count in pairs)
    if groups <= 1 or n_rows <= 0:
        return 0.0
    total = math.fsum(count * (size / n_rows) ** alpha for size, count in pairs)
    return -math.log2(total + 1e-10) / math.log2(groups)


def field_weight(size: int, decay: float) -> float:
    """w(C) = 1 for one column, decay^(size-1) otherwise (§7)."""
    return 1.0 if size == 1 else decay ** (size - 1)


# Datetime precision, coarse to fine. PETsARD's spelling of each detected unit (§2.2).
DATETIME_UNITS = ["D", "H", "T", "s", "ms", "us", "ns"]
_UNIT_ALIASES = {
    "d": "D",
    "day": "D",
    "days": "D",
    "h": "H",
    "hour": "H",
    "hours": "H",
    "t": "T",
    "min": "T",
    "minute": "T",
    "minutes": "T",
    "s": "s",
    "sec": "s",
    "second": "s",
    "seconds": "s",
    "l": "ms",
    "ms": "ms",
    "milli": "ms",
    "millisecond": "ms",
    "milliseconds": "ms",
    "u": "us",
    "us": "us",
    "micro": "us",
    "microsecond": "us",
    "microseconds": "us",
    "n": "ns",
    "ns": "ns",
    "nano": "ns",
    "nanosecond": "ns",
    "nanoseconds": "ns",
}
# SQL DATE_TRUNC part per unit; ns is below DuckDB's microsecond resolution (nothing to floor).
SQL_TRUNC_PART = {
    "D": "day",
    "H": "hour",
    "T": "minute",
    "s": "second",
    "ms": "millisecond",
    "us": "microsecond",
    "ns": None,
}


def canonical_datetime_unit(unit: str) -> str:
    """PETsARD's case-insensitive unit aliases (§2.2) mapped to D/H/T/s/ms/us/ns."""
    key = unit.strip().lower() if isinstance(unit, str) else None
    if key not in _UNIT_ALIASES:
        raise InvalidInputError(
            f"datetime_precision {described(unit)} is not a unit (use one of D, H, T/min, s, ms, us, ns)"
        )
    return _UNIT_ALIASES[key]


def detect_datetime_unit(values: Iterable) -> str:
    """Finest non-zero component among values (§2.2): ns/us/s/T/H, else D. ``ms`` is never
    returned, as in PETsARD (a value with milliseconds has non-zero microseconds)."""
    rank = 0
    for v in values:
        if isinstance(v, str):  # SQLite keeps timestamps as ISO text
            try:
                v = dt.datetime.fromisoformat(v)
            except ValueError:
                continue
        if not isinstance(v, dt.datetime):
            continue  # DATE values carry no time part
        nanos = getattr(v, "nanosecond", 0)
        if nanos:
            return "ns"
        if v.microsecond:
            unit = "us"
        elif v.second:
            unit = "s"
        elif v.minute:
            unit = "T"
        elif v.hour:
            unit = "H"
        else:
            continue
        rank = max(rank, DATETIME_UNITS.index(unit))
    return DATETIME_UNITS[rank]
