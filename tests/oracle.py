"""An independent pandas implementation of the k-anonymity family (textbook definitions),
written from docs/metrics/kanon.md without looking at the SQL. NULL is a value (dropna=False)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd


def classes(df: pd.DataFrame, qids):
    return df.groupby(qids, dropna=False, sort=False)


def size_metrics(df, qids):
    sizes = classes(df, qids).size()
    return {
        "k_anonymity": int(sizes.min()),
        "n_classes": int(len(sizes)),
        "discernibility": int((sizes ** 2).sum()),
        "avg_reid_risk": float((1 / sizes).mean()),
        "max_reid_risk": 1 / int(sizes.min()),
    }


def sensitive_metrics(df, qids, sa, ordered: bool):
    n = len(df)
    p = df[sa].value_counts(dropna=False) / n
    out = {"l": [], "alpha": [], "H": [], "beta": [], "delta": [], "t": [], "c": []}
    values = sorted(p.index.dropna()) if ordered else None
    for _, g in classes(df, qids):
        q = g[sa].value_counts(dropna=False) / len(g)
        out["l"].append(len(q))
        out["alpha"].append(q.max())
        out["H"].append(-(q * np.log(q)).sum())
        pq = p[q.index]
        out["beta"].append(((q - pq) / pq).max())
        out["delta"].append(np.abs(np.log(q / pq)).max())
        if ordered:
            qf = np.cumsum([q.get(v, 0.0) for v in values])
            pf = np.cumsum([p[v] for v in values])
            out["t"].append(np.abs(qf - pf).sum() / (len(values) - 1) if len(values) > 1 else 0.0)
        else:
            out["t"].append(0.5 * sum(abs(q.get(v, 0.0) - p[v]) for v in p.index))
        counts = sorted(g[sa].value_counts(dropna=False).tolist(), reverse=True)
        out["c"].append(counts)
    l = min(out["l"])
    c = None if l <= 1 else max(math.floor(cs[0] / sum(cs[l - 1:])) + 1 for cs in out["c"])
    return {
        "l_diversity": l,
        "alpha": max(out["alpha"]),
        "entropy_l_diversity": math.exp(min(out["H"])),
        "recursive_c": c,
        "basic_beta_likeness": max(out["beta"]),
        "enhanced_beta_likeness": min(max(out["beta"]), -math.log(p.min())),
        "delta_disclosure": max(out["delta"]),
        "t_closeness": max(out["t"]),
    }
