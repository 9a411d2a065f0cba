"""An independent, in-memory Mondrian of the same rules (docs/metrics/mondrian.md), written from the spec with
numpy and recursion instead of SQL and levels. Tests compare partitions (sets of row keys) with
privrisk_sql's; benchmarks/mondrian_vs_reference.py times it as the in-memory baseline.

Rules: a partition of n >= 2k rows is cut on the QID with the widest normalized range
(max - min) / global range (tight to its rows; ties: more distinct values, then QID position);
lower median s = smallest value with cumulative count >= floor(n/2) ("interp": mean of the two
middle values); rows <= s go left; the cut is allowable iff both sides have >= k rows; else the
next QID is tried. Relaxed: the widest QID, rows sorted by (value, row order), first floor(n/2)
rows go left.

Categories (text without a given order, booleans): width and NCP (distinct values - 1) /
(distinct values overall - 1), NULL one of them; cut at the boundary between sorted values whose
left count is nearest n/2 (the lower on a tie), in strict and interp mode alike; so is any QID
of exactly two values (NULL one of them).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd


class Encoded(NamedTuple):
    codes: np.ndarray  # rows x QIDs, float64
    scale: np.ndarray  # per QID: range of the non-NULL codes, 1 where that is 0 (a category: values - 1)
    categorical: np.ndarray | None = None  # per QID: cut and measured as a category
    trees: dict | None = None  # QID position -> RefTree (a generalization hierarchy)


class RefTree:
    """A hierarchy as paths from the root, written for the tests from the spec: a leaf's code is
    its depth-first position (1-based), a node's NCP is 0 for a value, else its leaves / all leaves."""

    def __init__(self, rows):
        self.paths = {}  # value -> path from the root (a tuple of labels)
        order = []
        for row in rows:
            path = tuple(reversed([c.strip() for c in row]))
            self.paths[path[-1]] = path
            order.append(path)
        # depth first: children in order of first appearance
        first = {}
        for path in order:
            for depth in range(1, len(path) + 1):
                first.setdefault(path[:depth], len(first))
        self.leaves = sorted(
            self.paths, key=lambda v: [first[self.paths[v][:d]] for d in range(1, len(self.paths[v]) + 1)]
        )
        self.code = {v: i + 1 for i, v in enumerate(self.leaves)}
        self.value = {c: v for v, c in self.code.items()}

    def node(self, code, depth):
        return self.paths[self.value[int(code)]][: depth + 1]

    def is_value(self, node):
        return node in self.paths.values()

    def lowest_common(self, values):
        """The path of the lowest node above all of ``values`` (a partition's label)."""
        paths = [self.paths[v] for v in values]
        depth = 0
        while all(len(p) > depth for p in paths) and len({p[depth] for p in paths}) == 1:
            depth += 1
        return paths[0][:depth]

    def share(self, node):
        if self.is_value(node):
            return 0.0
        return sum(1 for p in self.paths.values() if p[: len(node)] == node) / len(self.leaves)


def encode(
    df: pd.DataFrame, qids, nulls: str = "error", order: dict | None = None, hierarchies: dict | None = None
) -> Encoded:
    """QIDs as float64 codes: numbers, epoch seconds, 0/1, or 1-based rank in sorted/given order.
    NULL (nulls="separate") is one scale below the smallest value and not part of the range."""
    order = order or {}
    trees = {i: RefTree(hierarchies[q]) for i, q in enumerate(qids) if q in (hierarchies or {})}
    cols, scales, categorical = [], [], []
    for i, q in enumerate(qids):
        s = df[q]
        is_category = False
        if i in trees:
            code = s.map(trees[i].code).astype(float)
        elif pd.api.types.is_bool_dtype(s) or (
            s.dtype == object and s.dropna().map(type).eq(bool).all() and s.notna().any()
        ):
            code = s.map({True: 1.0, False: 0.0})
            is_category = True
        elif pd.api.types.is_datetime64_any_dtype(s):
            code = (s - pd.Timestamp("1970-01-01")).dt.total_seconds()
        elif pd.api.types.is_numeric_dtype(s):
            code = s.astype(float)
        else:
            values = order.get(q) or sorted(s.dropna().unique())
            rank = {v: i + 1 for i, v in enumerate(values)}
            code = s.map(rank).astype(float)
            is_category = q not in order
        code = code.to_numpy(dtype=float)
        present = code[~np.isnan(code)]
        if is_category:
            n_values = np.unique(present).size + int(present.size < code.size)
            scale = float(max(n_values - 1, 1))
            null_code = -1.0
        else:
            scale = present.max() - present.min() if present.size and present.max() > present.min() else 1.0
            null_code = present.min() - scale if present.size else 0.0
        if present.size < code.size:
            if nulls != "separate":
                raise ValueError(f"NULL in {q}")
            code = np.where(np.isnan(code), null_code, code)
        cols.append(code)
        scales.append(scale)
        categorical.append(is_category)
    return Encoded(np.column_stack(cols), np.array(scales), np.array(categorical), trees)


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


def _balanced_cut(v: np.ndarray):
    """(s, rows <= s) of a category: the boundary whose left count is nearest n/2 (lower on a tie)."""
    values, counts = np.unique(v, return_counts=True)
    cl = np.cumsum(counts)[:-1]  # a boundary after each value but the last
    n = int(counts.sum())
    j = int(np.argmin(np.abs(2 * cl - n)))  # argmin takes the first (lower) of equal distances
    return values[j], int(cl[j])


class Sensitive(NamedTuple):
    """A sensitive column for l and t: its values as codes (NaN = NULL) and whether it is numeric
    (ordered distance over its non-NULL values, as kanon; else equal distance, NULL a value)."""

    codes: np.ndarray
    ordered: bool


def sensitive_codes(df: pd.DataFrame, column: str) -> Sensitive:
    s = df[column]
    ordered = pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s)
    values = sorted(s.dropna().unique())
    rank = {v: i + 1 for i, v in enumerate(values)}
    return Sensitive(s.map(rank).to_numpy(dtype=float), bool(ordered))


def _l_and_t_hold(side: np.ndarray, sensitive, l: int | None, t: float | None) -> bool:
    for a in sensitive:
        v = a.codes[side]
        keyed = np.where(np.isnan(v), -1.0, v)  # NULL a value of its own
        if l is not None and np.unique(keyed).size < l:
            return False
        if t is None:
            continue
        if a.ordered:
            every = a.codes[~np.isnan(a.codes)]
            present = v[~np.isnan(v)]
            values = np.unique(every)
            if present.size == 0 or values.size < 2:
                continue
            cdf_all = np.searchsorted(np.sort(every), values, side="right") / every.size
            cdf_side = np.searchsorted(np.sort(present), values, side="right") / present.size
            distance = np.abs(cdf_side - cdf_all).sum() / (values.size - 1)
        else:
            every = np.where(np.isnan(a.codes), -1.0, a.codes)
            values, counts = np.unique(every, return_counts=True)
            here = dict(zip(*np.unique(keyed, return_counts=True)))
            distance = 0.5 * sum(abs(here.get(x, 0) / keyed.size - c / every.size) for x, c in zip(values, counts))
        if distance > max(t - 1e-12, 0.5e-12):  # the library's bound (Privacy.t_bound)
            return False
    return True


def mondrian_reference(
    encoded: Encoded,
    k: int,
    median: str = "lower",
    relaxed: bool = False,
    sensitive=(),
    l: int | None = None,
    t: float | None = None,
) -> list[np.ndarray]:
    """Final partitions as arrays of row positions (0-based, input order). ``sensitive``
    (:func:`sensitive_codes`), ``l``, ``t``: a cut is allowable only if both sides also hold
    at least l distinct values and are t-close to the whole table, per sensitive column."""
    codes, scale, categorical, trees = encoded
    trees = trees or {}
    n_rows, d = codes.shape
    categorical = np.zeros(d, dtype=bool) if categorical is None else categorical
    done: list[np.ndarray] = []
    stack = [(np.arange(n_rows), {i: 0 for i in trees})]  # rows, depth of each hierarchy's node
    while stack:
        rows, depths = stack.pop()
        n = rows.size
        if n < 2 * k:
            done.append(rows)
            continue
        block = codes[rows]
        lo, hi = block.min(axis=0), block.max(axis=0)
        nodes = {i: trees[i].node(block[0, i], depths[i]) for i in trees}
        cands = [i for i in range(d) if (not trees[i].is_value(nodes[i]) if i in trees else hi[i] > lo[i])]
        children = {i: pd.Series([trees[i].node(c, depths[i] + 1) for c in block[:, i]]) for i in cands if i in trees}
        nd = {i: (children[i].nunique() if i in trees else np.unique(block[:, i]).size) for i in cands}
        width = {
            i: (
                trees[i].share(nodes[i])
                if i in trees
                else ((nd[i] - 1) if categorical[i] else (hi[i] - lo[i])) / scale[i]
            )
            for i in cands
        }
        cands.sort(key=lambda i: (-width[i], -nd[i], i))
        if relaxed:
            if not cands:
                done.append(rows)
                continue
            v = block[:, cands[0]]
            order = np.lexsort((rows, v))
            stack.append((rows[order[n // 2 :]], depths))
            stack.append((rows[order[: n // 2]], depths))
            continue
        for i in cands:
            if i in trees:  # Basic Mondrian: one child per non-empty child node, each >= k
                groups = [rows[(children[i] == c).to_numpy()] for c in children[i].unique()]
                if min(g.size for g in groups) >= k and all(_l_and_t_hold(g, sensitive, l, t) for g in groups):
                    for g in groups:
                        stack.append((g, {**depths, i: depths[i] + 1}))
                    break
                continue
            v = block[:, i]
            two_values = np.unique(codes[:, i]).size == 2  # cut like a category (NULL a value)
            s, nl = _balanced_cut(v) if categorical[i] or two_values else _median_cut(v, median)
            if (
                nl >= k
                and n - nl >= k
                and (
                    not sensitive
                    or (_l_and_t_hold(rows[v <= s], sensitive, l, t) and _l_and_t_hold(rows[v > s], sensitive, l, t))
                )
            ):
                stack.append((rows[v > s], depths))
                stack.append((rows[v <= s], depths))
                break
        else:
            done.append(rows)
    return done


def partition_sets(partitions, keys) -> set[frozenset]:
    """Partitions as a set of frozensets of row keys (order-free comparison)."""
    keys = np.asarray(keys)
    return {frozenset(keys[p].tolist()) for p in partitions}


def released_groups(release: pd.DataFrame, key: str = "id") -> set[frozenset]:
    """A release's partitions (rows of one ``partition_id``) as a set of frozensets of ``key``,
    to compare with :func:`partition_sets`."""
    return {frozenset(g[key].tolist()) for _, g in release.groupby("partition_id")}
