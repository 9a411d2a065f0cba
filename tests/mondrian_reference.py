"""An independent, in-memory Mondrian of the same rules (docs/metrics/mondrian.md), written from the spec with
numpy and recursion instead of SQL and levels. Tests compare partitions (sets of row keys) with
privrisk_sql's; benchmarks/mondrian_vs_reference.py times it as the in-memory baseline.

Rules: a partition of n >= 2k rows is cut on the QID with the widest normalized range
(max - min) / global range (tight to its rows; ties: more distinct values, then QID position);
lower median s = smallest value with cumulative count >= floor(n/2) ("interp": mean of the two
middle values); rows <= s go left; the cut is allowable iff both sides have >= k rows; else the
next QID is tried. Relaxed: the widest QID, rows sorted by (value, row order), first floor(n/2)
rows go left.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd


class Encoded(NamedTuple):
    codes: np.ndarray  # rows x QIDs, float64
    scale: np.ndarray  # per QID: range of the non-NULL codes, 1 where that is 0


def encode(df: pd.DataFrame, qids, nulls: str = "error", order: dict | None = None) -> Encoded:
    """QIDs as float64 codes: numbers, epoch seconds, 0/1, or 1-based rank in sorted/given order.
    NULL (nulls="separate") is one scale below the smallest value and not part of the range."""
    order = order or {}
    cols, scales = [], []
    for q in qids:
        s = df[q]
        if pd.api.types.is_bool_dtype(s):
            code = s.astype(float)
        elif pd.api.types.is_datetime64_any_dtype(s):
            code = (s - pd.Timestamp("1970-01-01")).dt.total_seconds()
        elif pd.api.types.is_numeric_dtype(s):
            code = s.astype(float)
        else:
            values = order.get(q) or sorted(s.dropna().unique())
            rank = {v: i + 1 for i, v in enumerate(values)}
            code = s.map(rank).astype(float)
        code = code.to_numpy(dtype=float)
        present = code[~np.isnan(code)]
        scale = present.max() - present.min() if present.size and present.max() > present.min() else 1.0
        if present.size < code.size:
            if nulls != "separate":
                raise ValueError(f"NULL in {q}")
            code = np.where(np.isnan(code), present.min() - scale if present.size else 0.0, code)
        cols.append(code)
        scales.append(scale)
    return Encoded(np.column_stack(cols), np.array(scales))


def _median_cut(v: np.ndarray, median: str):
    """(s, rows <= s) of one dimension of a partition."""
    values, counts = np.unique(v, return_counts=True)
    cl = np.cumsum(counts)
    n = int(cl[-1])
    if median == "interp":
        a = values[np.argmax(2 * cl >= n)]
        b = values[np.argmax(2 * cl >= n + 1)]
        s = (a + b) / 2
        nl = int(cl[values <= s][-1])
    else:
        j = int(np.argmax(2 * cl >= n - 1))
        s, nl = values[j], int(cl[j])
    return s, nl


def mondrian_reference(encoded: Encoded, k: int, median: str = "lower", relaxed: bool = False) -> list[np.ndarray]:
    """Final partitions as arrays of row positions (0-based, input order)."""
    codes, scale = encoded
    n_rows, d = codes.shape
    done: list[np.ndarray] = []
    stack = [np.arange(n_rows)]
    while stack:
        rows = stack.pop()
        n = rows.size
        if n < 2 * k:
            done.append(rows)
            continue
        block = codes[rows]
        lo, hi = block.min(axis=0), block.max(axis=0)
        cands = [i for i in range(d) if hi[i] > lo[i]]
        width = {i: (hi[i] - lo[i]) / scale[i] for i in cands}
        nd = {i: np.unique(block[:, i]).size for i in cands}
        cands.sort(key=lambda i: (-width[i], -nd[i], i))
        if relaxed:
            if not cands:
                done.append(rows)
                continue
            v = block[:, cands[0]]
            order = np.lexsort((rows, v))
            stack.append(rows[order[n // 2:]])
            stack.append(rows[order[: n // 2]])
            continue
        for i in cands:
            v = block[:, i]
            s, nl = _median_cut(v, median)
            if nl >= k and n - nl >= k:
                stack.append(rows[v > s])
                stack.append(rows[v <= s])
                break
        else:
            done.append(rows)
    return done


def partition_sets(partitions, keys) -> set[frozenset]:
    """Partitions as a set of frozensets of row keys (order-free comparison)."""
    keys = np.asarray(keys)
    return {frozenset(keys[p].tolist()) for p in partitions}
