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
        "discernibility": int((sizes**2).sum()),
        "avg_reid_risk": float((1 / sizes).mean()),
        "max_reid_risk": 1 / int(sizes.min()),
    }


_NULL = object()  # NULL (or NaN) as one value of a sensitive column: pandas cannot index by NaN


def sensitive_classes(df, qids, sa, ordered: bool) -> list[dict]:
    """Per equivalence class: its key (the QID values, as pandas groups them), size, distinct l,
    alpha, entropy H, beta, delta, t (None for a class of NULLs alone under the ordered distance)
    and its value counts, largest first."""
    n = len(df)
    marked = df[sa].astype(object).where(df[sa].notna(), _NULL)
    p = marked.value_counts() / n
    values = sorted(df[sa].dropna().unique()) if ordered else None
    pn = df[sa].value_counts(normalize=True)  # the table over its non-NULL values (ordered distance)
    out = []
    for key, g in classes(df, qids):
        q = marked[g.index].value_counts() / len(g)
        pq = p[q.index]
        t = None
        if ordered:  # EMD between distributions over the non-NULL values (a class of NULLs alone: none)
            qn = g[sa].value_counts(normalize=True)
            if len(qn):
                qf = np.cumsum([qn.get(v, 0.0) for v in values])
                pf = np.cumsum([pn[v] for v in values])
                t = np.abs(qf - pf).sum() / (len(values) - 1) if len(values) > 1 else 0.0
        else:
            t = 0.5 * sum(abs(q.get(v, 0.0) - p[v]) for v in p.index)
        out.append(
            {
                "key": key,
                "size": len(g),
                "l": len(q),
                "alpha": q.max(),
                "H": -(q * np.log(q)).sum(),
                "beta": ((q - pq) / pq).max(),
                "delta": np.abs(np.log(q / pq)).max(),
                "t": t,
                "counts": sorted(marked[g.index].value_counts().tolist(), reverse=True),
            }
        )
    return out


def sensitive_metrics(df, qids, sa, ordered: bool):
    marked = df[sa].astype(object).where(df[sa].notna(), _NULL)
    p = marked.value_counts() / len(df)
    per_class = sensitive_classes(df, qids, sa, ordered)
    l = min(r["l"] for r in per_class)
    c = None if l <= 1 else max(math.floor(r["counts"][0] / sum(r["counts"][l - 1 :])) + 1 for r in per_class)
    beta = max(r["beta"] for r in per_class)
    return {
        "l_diversity": l,
        "alpha": max(r["alpha"] for r in per_class),
        "entropy_l_diversity": math.exp(min(r["H"] for r in per_class)),
        "recursive_c": c,
        "basic_beta_likeness": beta,
        "enhanced_beta_likeness": min(beta, -math.log(p.min())),
        "delta_disclosure": max(r["delta"] for r in per_class),
        "t_closeness": max((r["t"] for r in per_class if r["t"] is not None), default=None),
    }


# -- re-identification risk (privrisk_sql/metrics/risk), from the published formulas -------------------
def risk_prosecutor(df: pd.DataFrame, qids, threshold: float) -> dict:
    """ARX's sample risks, record by record: each record's risk is 1 / the size of its class."""
    size = df.groupby(list(qids), dropna=False)[qids[0]].transform("size").astype(float)
    r = 1.0 / size
    return {
        "average_risk": r.mean(),
        "highest_risk": r.max(),
        "lowest_risk": r.min(),
        "records_at_highest_risk": (r == r.max()).mean(),
        "records_at_lowest_risk": (r == r.min()).mean(),
        "records_at_risk": (r > threshold).mean(),
        "sample_uniques": (size == 1).mean(),
        "success_rate": df.groupby(list(qids), dropna=False).ngroups / len(df),
        "average_risk_over_classes": (1.0 / df.groupby(list(qids), dropna=False).size()).mean(),
    }


def exact_hypergeometric_one(population: int, k: int, n: int):
    """P(X = 1), X ~ Hypergeometric(N, K, n), as an exact fraction: K * C(N-K, n-1) / C(N, n),
    the ratio of binomials expanded term by term (scipy's log-gamma form loses 5e-7 at N ~ 6e9)."""
    from fractions import Fraction

    p = Fraction(k * n, population)
    for j in range(k - 1):  # the other K-1 marked people all among the N-n undrawn
        p *= Fraction(population - n - j, population - 1 - j)
    return p


def risk_zayatz_fraction(df: pd.DataFrame, qids, population: int) -> float:
    """Zayatz's population uniques / N, in exact rational arithmetic."""
    from fractions import Fraction

    n = len(df)
    sizes = df.groupby(list(qids), dropna=False).size()
    hist = sizes.value_counts()
    u = len(sizes)
    total = sum(Fraction(int(c), u) * exact_hypergeometric_one(population, int(k), n) for k, c in hist.items())
    c1 = int(hist.get(1, 0))
    uniqueness = Fraction(c1, u) * exact_hypergeometric_one(population, 1, n) / total
    return float(c1 * uniqueness / Fraction(n, population) / population)


def pitman_maximum_likelihood(hist: dict, n: int) -> tuple[float, float]:
    """(theta, alpha) maximising the Pitman sampling formula's log-likelihood of a sample with
    ``hist`` (class size -> number of classes) and n records, by direct search (Nelder-Mead from
    several starts) over 0 <= alpha < 1, theta > -alpha; no score equations, no closed forms:
    log L = sum_{i<u} log(theta + i alpha) - log[(theta+1)_{n-1}] + sum_k c_k log[(1-alpha)_{k-1}]."""
    from scipy.optimize import minimize
    from scipy.special import gammaln

    u = sum(hist.values())
    i = np.arange(1, u, dtype=float)
    k, c = (np.array(v, dtype=float) for v in zip(*hist.items()))

    def minus_log_l(x):
        theta, alpha = x
        if not (0 <= alpha < 1 and theta > -alpha):
            return math.inf
        rising = gammaln(theta + n) - gammaln(theta + 1)
        sizes = c @ (gammaln(k - alpha) - gammaln(1 - alpha))
        return -(np.sum(np.log(theta + i * alpha)) - rising + sizes)

    starts = [(t, a) for t in (10.0, 1000.0) for a in (0.0, 0.2, 0.5, 0.8)]
    # fatol above the rounding of a sum of thousands of logs (about 1e-11 at ARX's Adult, -log L
    # 1.1e5): at 1e-12 two of the eight starts ran their 20,000 iterations for the same maximum,
    # 36 of the 37 seconds the ARX test took; the maximum found is the same to the last digit.
    opts = {"maxiter": 20_000, "xatol": 1e-10, "fatol": 1e-9}
    best = min((minimize(minus_log_l, s, method="Nelder-Mead", options=opts) for s in starts), key=lambda r: r.fun)
    return float(best.x[0]), float(best.x[1])


def risk_journalist(sample: pd.DataFrame, pop: pd.DataFrame, qids, threshold: float) -> dict:
    """ARX's journalist and marketer risk from the two tables' class sizes, counted over tuples of
    the values (NULL a value; pandas' merge would infer the keys' dtypes again and refuse)."""
    from collections import Counter

    def counts(frame: pd.DataFrame) -> Counter:
        rows = frame[list(qids)].astype(object).itertuples(index=False, name=None)
        return Counter(tuple("<NULL>" if pd.isna(v) else v for v in row) for row in rows)

    fs, fp = counts(sample), counts(pop)
    m = pd.DataFrame([(f, max(fp.get(key, 0), f)) for key, f in fs.items()], columns=["f", "F"], dtype=float)
    n = m["f"].sum()
    marketer = (m["f"] / m["F"]).sum() / n
    return {
        "records_at_risk": m.loc[1 / m["F"] > threshold, "f"].sum() / n,
        "highest_risk": 1 / m["F"].min(),
        "lowest_risk": 1 / m["F"].max(),
        "success_rate": max(len(m) / m["F"].sum(), marketer),
        "marketer": marketer,
        "k": int(m["F"].min()),
        "delta_min": (m["f"] / m["F"]).min(),
        "delta_max": (m["f"] / m["F"]).max(),
    }


def individual_risk_50_digits(f: int, big_f: float) -> float:
    """sdcMicro's indivRisk (approx) closed forms, in 50-digit decimal arithmetic from the exact F
    (a record alone in its own population, F <= f, has 1/f): no cancellation where F is near f."""
    from decimal import Decimal, localcontext

    if big_f <= f:
        return 1 / f
    with localcontext() as ctx:
        ctx.prec = 50
        p = Decimal(f) / Decimal(big_f)
        q = 1 - p
        if f == 1:
            return float(p / q * (1 / p).ln())
        if f == 2:
            return float(p / q - (p / q) ** 2 * (1 / p).ln())
        return float(p / (f - q))


def risk_individual(df: pd.DataFrame, qids, weight: str, threshold: float) -> dict:
    """sdcMicro's indivRisk (approx) record by record from f_k and F_k = sum of weights."""
    g = df.groupby(list(qids), dropna=False)
    f = g[weight].transform("size").astype(int)
    big_f = g[weight].transform("sum").astype(float)
    r = pd.Series([individual_risk_50_digits(a, b) for a, b in zip(f, big_f)], index=df.index)
    return {"expected_reidentifications": r.sum(), "global_risk": r.mean(), "records_above": (r > threshold).mean()}
