"""Population uniqueness from a sample's frequency of frequencies (docs/metrics/risk.md).

The database returns only ``{class size i: number of classes c_i}``; these estimators run on that
small table. They follow ARX's models (ModelZayatz, ModelPitman, ModelSNB and Dankar's decision
rule in RiskModelPopulationUniqueness), written anew:

* Zayatz: the conditional probability that a sample unique is a population unique, from
  hypergeometric probabilities; computed as a product of ratios, so population sizes beyond
  2^31 (where ARX's int cast overflows) stay exact;
* Pitman: the maximum-likelihood (theta, alpha) of the Pitman sampling formula, solved from its
  closed-form score equations (digamma sums) from ARX's start, else from the likelihood's best
  point over a grid of alpha, then Gamma(theta+1)/Gamma(theta+alpha) * N^alpha;
* SNB: the slide negative binomial's (alpha, beta) from c_1 and c_2, with ARX's estimate of the
  number of non-empty population classes;
* Dankar: sampling fraction <= 0.1: Pitman if it gives a valid (non-zero, finite) estimate,
  else Zayatz; above 0.1: the smaller of Zayatz and SNB when SNB is valid, else Zayatz.

Every estimator returns ``(number of population uniques, None)`` or ``(None, reason)``: a model
that fails says so, never 0 silently.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Histogram = dict[int, int]  # class size -> classes


@dataclass(frozen=True)
class PopulationUniqueness:
    """Estimated population uniques by each model (a count of people and a fraction of N)."""

    size: int
    sampling_fraction: float
    uniques: dict[str, float | None]  # model -> number of population uniques (None: the model failed)
    reasons: dict[str, str] = field(default_factory=dict)  # model -> why it has no estimate
    dankar_model: str | None = None

    def fractions(self) -> dict[str, float | None]:
        return {m: (None if v is None else v / self.size) for m, v in self.uniques.items()}


def hypergeometric_one(population: int, successes: int, draws: int) -> float:
    """P(X = 1) for X ~ Hypergeometric(N=population, K=successes, n=draws): exactly one of the
    K marked people is drawn. K * n/N * prod_{j<K-1} (N-n-j)/(N-1-j), summed in logs."""
    return _hypergeometric_ones(population, [successes], draws)[0]


def _hypergeometric_ones(population: int, sizes: list[int], draws: int) -> list[float]:
    """:func:`hypergeometric_one` for every K of ``sizes`` at once: the product's factors are
    shared, so one cumulative sum of their logs (each a log1p, exact for any N) serves all."""
    import numpy as np

    n_, d = population, draws
    if d < 1 or d > n_:
        return [0.0] * len(sizes)
    largest = max(sizes)
    j = np.arange(max(largest - 1, 0), dtype=np.float64)
    undrawn = n_ - d - j  # places left for the j-th other marked person
    # log1p only where a place is left: np.where evaluates both sides, and log1p(-1.5) warned.
    drawn_share = np.where(undrawn > 0, (d - 1) / np.maximum(n_ - 1 - j, 1), 0.0)
    logs = np.where(undrawn > 0, np.log1p(-drawn_share), -np.inf)
    prefix = np.concatenate(([0.0], np.cumsum(logs)))  # prefix[m] = log of the product of m factors
    head = math.log(d) - math.log(n_)
    return [0.0 if k < 1 else math.exp(math.log(k) + head + prefix[k - 1]) for k in sizes]


def zayatz(hist: Histogram, n: int, population: int) -> tuple[float | None, str | None]:
    classes = sum(hist.values())
    c1 = hist.get(1, 0)
    sizes = sorted(hist)
    ones = dict(zip(sizes, _hypergeometric_ones(population, sizes, n)))
    total = math.fsum(c / classes * ones[size] for size, c in hist.items())
    if total <= 0:
        return None, "every hypergeometric probability is 0"
    uniqueness = (c1 / classes) * hypergeometric_one(population, 1, n) / total
    # At most N: a sample of uniques gives exactly N, which rounding made N(1 + 2e-16).
    return min(c1 * uniqueness / (n / population), float(population)), None


def _inverse_sum(theta: float, alpha: float, u: int) -> float:
    """sum_{i<u} 1 / (theta + i alpha) in closed form (digamma), alpha > 0; (u - 1) / theta at 0."""
    from scipy.special import digamma

    return float((digamma(theta / alpha + u) - digamma(theta / alpha + 1.0)) / alpha)


def _theta_score(inverse_sum: float, theta: float, n: int) -> float:
    """d log L / d theta, from :func:`_inverse_sum` at (theta, alpha)."""
    from scipy.special import digamma

    return inverse_sum - float(digamma(theta + n) - digamma(theta + 1.0))


def _score_root(score, low: float, rtol: float) -> float | None:
    """The root of a theta score that is positive at ``low`` and about (u - n) / theta for large
    theta (the bracket's top found by steps of 16); None where the score has no sign change."""
    from scipy.optimize import brentq

    high = 1.0
    while score(high) > 0 and high < 1e300:
        high *= 16
    if score(low) <= 0 or score(high) > 0:
        return None
    return float(brentq(score, low, high, xtol=1e-12, rtol=rtol))


def _pitman_equations(theta: float, alpha: float, sizes, counts, u: int, n: int) -> tuple[float, float]:
    """The Pitman likelihood's score equations, their sums in closed form (digamma); ``sizes``
    and ``counts``: numpy arrays of the class sizes above 1 and their numbers of classes."""
    from scipy.special import digamma

    s1 = _inverse_sum(theta, alpha, u)
    e1 = _theta_score(s1, theta, n)
    s2 = ((u - 1) - theta * s1) / alpha  # sum_{i<u} i/(theta+i*alpha)
    e2 = s2 - float(counts @ (digamma(sizes - alpha) - digamma(1.0 - alpha)))
    return float(e1), float(e2)


def _ewens_edge(sizes, counts, u: int, n: int) -> float | None:
    """theta of the likelihood's highest point on the edge alpha = 0 (Ewens' model), when the
    likelihood falls as alpha leaves 0 there: the score equations then have no root inside the
    model, and Pitman's estimate is not defined. None when it rises (a root lies inside, or the
    solver failed for another reason)."""
    from scipy.special import digamma

    if not 1 < u < n:
        return None
    # the theta score at alpha = 0, where the inverse sum is (u - 1) / theta: decreasing in theta
    theta = _score_root(lambda theta: _theta_score((u - 1) / theta, theta, n), 1e-12, rtol=1e-14)
    if theta is None:
        return None
    alpha_score = u * (u - 1) / (2 * theta) - float(counts @ (digamma(sizes) - digamma(1.0)))
    return theta if alpha_score <= 0 else None


def _log_likelihood(theta: float, alpha: float, sizes, counts, u: int, n: int) -> float:
    """The Pitman sampling formula's log-likelihood, less its terms free of (theta, alpha):
    sum_{i<u} log(theta + i alpha) - log (theta + 1)_{n-1} + sum_k c_k log (1 - alpha)_{k-1}."""
    from scipy.special import gammaln

    if alpha > 0:
        first = (u - 1) * math.log(alpha) + gammaln(theta / alpha + u) - gammaln(theta / alpha + 1.0)
    else:
        first = (u - 1) * math.log(theta)
    rising = gammaln(theta + n) - gammaln(theta + 1.0)
    return float(first - rising + counts @ (gammaln(sizes - alpha) - gammaln(1.0 - alpha)))


def _profile_maximum(sizes, counts, u: int, n: int) -> tuple[float, float] | None:
    """(theta, alpha) where the likelihood is highest among alpha = 0.025, 0.05, ..., 0.975, each
    with its best theta (the root of the theta score in (-alpha, inf), which is +inf at -alpha and
    about (u - n) / theta for large theta). A start for the score equations where ARX's start
    leads nowhere: 63 of 283 samples of the fixtures (1 to 3 QIDs) have their maximum inside the
    model while the solver from ARX's start wandered off (see docs/metrics/risk.md)."""
    import numpy as np

    if not 1 < u < n:
        return None
    best: tuple[float, float, float] | None = None
    for alpha in np.linspace(0.025, 0.975, 39):

        def theta_score(theta: float, alpha: float = float(alpha)) -> float:
            return _theta_score(_inverse_sum(theta, alpha, u), theta, n)

        theta = _score_root(theta_score, -alpha * (1 - 1e-9), rtol=1e-12)
        if theta is None:
            continue
        value = _log_likelihood(theta, float(alpha), sizes, counts, u, n)
        if math.isfinite(value) and (best is None or value > best[2]):
            best = (theta, float(alpha), value)
    return None if best is None else (best[0], best[1])


def _solved(start, sizes, counts, u: int, n: int):
    """The root of the score equations from ``start`` (scipy's hybrid Powell, 200 evaluations:
    a root is found in under 70 from ARX's start where one exists, on the fixtures; beyond that
    the solver wanders outside the model (theta < 0) and each call costs ~1 ms)."""
    from scipy.optimize import root

    return root(
        lambda x: _pitman_equations(x[0], x[1], sizes, counts, u, n),
        list(start),
        method="hybr",
        options={"xtol": 1e-14, "maxfev": 200},
    )


def _why_not(sol, sizes, counts, u: int, n: int) -> str | None:
    """Why the solver's answer is no estimate, or None when it is a root inside the model: both
    scores within 1e-6 of 0 (ARX's accuracy), whether or not the solver reached its own xtol."""
    theta, alpha = (float(v) for v in sol.x)
    said = "" if sol.success else f" ({' '.join(str(sol.message).split())})"
    if not all(math.isfinite(v) for v in (theta, alpha)):
        return f"the maximum-likelihood equations did not converge{said}"
    if theta < 0 or not 0 < alpha < 1:
        return f"the solution lies outside the model (theta={theta:.6g}, alpha={alpha:.6g})"
    if not max(abs(v) for v in _pitman_equations(theta, alpha, sizes, counts, u, n)) <= 1e-6:
        return f"the maximum-likelihood equations did not converge{said}"
    return None


def _restarted(sizes, counts, u: int, n: int) -> tuple[float, float] | None:
    """The root of the score equations inside the model, solved from :func:`_profile_maximum`."""
    start = _profile_maximum(sizes, counts, u, n)
    if start is None or start[0] < 0:
        return None
    try:
        sol = _solved(start, sizes, counts, u, n)
    except (ValueError, ZeroDivisionError, FloatingPointError):
        return None
    return None if _why_not(sol, sizes, counts, u, n) is not None else (float(sol.x[0]), float(sol.x[1]))


def pitman(hist: Histogram, n: int, population: int) -> tuple[float | None, str | None]:
    """Maximum-likelihood Pitman estimate, started where ARX starts its Newton-Raphson; where that
    start finds no root inside the model, started again at the likelihood's highest point over a
    grid of alpha (:func:`_profile_maximum`), as ARX starts again from its prepared values."""
    from scipy.special import gammaln

    u = sum(hist.values())
    if u == n:  # the likelihood, prod (theta + i alpha) / (theta + 1)_(n-1), tends to 1 as alpha -> 1
        return None, "every record of the sample is unique: the likelihood has no maximum (it grows toward alpha = 1)"
    c1 = float(hist.get(1, 0))
    c2 = float(hist.get(2, 0)) or 1.0  # ARX: an overestimate when there is no class of size 2
    c = c1 * (c1 - 1) / c2
    denominator = (2 * c1 * u + c1 * c) - n * c
    if denominator == 0:
        return None, "no starting point (degenerate frequencies)"
    theta0 = (n * u * c - c1 * (n - 1) * (2 * u + c)) / denominator
    alpha0 = (theta0 * (c1 - n) + (n - 1) * c1) / (n * u)
    import numpy as np

    # By size: the rows' order (the database's) must not move the last digits of the estimate.
    sizes = np.array([k for k in sorted(hist) if k != 1], dtype=np.float64)
    counts = np.array([hist[k] for k in sorted(hist) if k != 1], dtype=np.float64)
    try:
        sol = _solved((theta0, alpha0), sizes, counts, u, n)
    except (ValueError, ZeroDivisionError, FloatingPointError) as e:
        return None, f"the solver failed ({e})"
    failure = _why_not(sol, sizes, counts, u, n)
    if failure is None:
        theta, alpha = (float(v) for v in sol.x)
    else:
        found, edge = _restarted(sizes, counts, u, n), _ewens_edge(sizes, counts, u, n)
        if found is not None and (
            edge is None
            or _log_likelihood(found[0], found[1], sizes, counts, u, n)
            > _log_likelihood(edge, 0.0, sizes, counts, u, n)
        ):
            theta, alpha = found
        elif edge is not None:  # the reason, not the solver's words (Adult age, sex, race: "maxfev = 200")
            return None, (
                f"the likelihood is highest at alpha = 0, theta = {edge:.6g}: the edge of Pitman's model, "
                "where it gives no estimate, as in ARX"
            )
        else:
            return None, failure
    uniques = math.exp(gammaln(theta + 1) - gammaln(theta + alpha) + alpha * math.log(population))
    if not 0 < uniques <= population:
        return None, f"the estimate {uniques:.6g} is outside (0, N]"
    return uniques, None


def _snb_classes(hist: Histogram, u: int, c1: float, f: float) -> float:
    """ARX's estimate of the non-empty population classes. ARX subtracts 1 inside its second sum
    once per class size (``var2 += ... - 1``): kept, since its published figures rest on it.
    ARX's (1 - f)^i c (1 + f)^i is taken as c (1 - f^2)^i: the same number, where (1 + f)^i passed
    the largest double for classes above 7,447 at f = 0.1 (UCI Adult on marital status,
    relationship, workclass has one of 8,566: an OverflowError; in ARX's doubles 0 * Infinity, so
    no SNB estimate)."""
    v1 = v2 = v3 = v4 = 0.0
    f2 = f * f
    for size, c in sorted(hist.items()):  # by size, whatever order the rows came in
        weight = (1 - f) ** size * c
        v1 += size * f2 * (1 - f2) ** (size - 1) * c
        v2 += c * (1 - f2) ** size - 1
        v3 += weight
        v4 += size * f * (1 - f) ** (size - 1) * c
    return u + c1 * (v1 / v2) * (v3 / v4) ** 2


def _snb_equations(a: float, b: float, k: float, f: float, c1: float, c2: float) -> tuple[float, float]:
    d = (1 - f) * (1 - b)
    e1 = k * f * (b / (1 - d)) ** a * ((a * d) / (1 - d) + 1) - c1
    e2 = k * a * b**a * f * f * (1 - b) / 2 * (1 - d) ** (a + 2) * (2 - (1 - a) * d) - c2
    return e1, e2


def snb(hist: Histogram, n: int, population: int) -> tuple[float | None, str | None]:
    """Slide negative binomial, solved from ARX's 16 start values (0, 0.33, 0.66, 0.99 squared)."""
    from scipy.optimize import root

    u = sum(hist.values())
    c1, c2 = float(hist.get(1, 0)), float(hist.get(2, 0))
    f = n / population
    if f >= 1:
        return None, "the sample is the whole population"
    try:
        k = _snb_classes(hist, u, c1, f)
    except ZeroDivisionError:  # (1 - f)(1 + f) - 1 is 0 in floats below f = 1e-8 (a one-class sample)
        k = math.nan
    if not math.isfinite(k):
        return None, "the number of population classes could not be estimated"
    for a0 in (0.0, 0.33, 0.66, 0.99):
        for b0 in (0.0, 0.33, 0.66, 0.99):
            try:
                with _quiet():
                    sol = root(
                        lambda x: _snb_equations(x[0], x[1], k, f, c1, c2),
                        [a0, b0],
                        method="hybr",
                        options={"xtol": 1e-14},
                    )
            except (ValueError, ZeroDivisionError, OverflowError):
                continue
            a, b = (float(v) for v in sol.x)
            if not sol.success or not (math.isfinite(a) and math.isfinite(b)) or not 0 < b <= 1:
                continue
            residual = max(abs(v) for v in _snb_equations(a, b, k, f, c1, c2))
            if not math.isfinite(residual) or residual > 1e-6 * max(1.0, c1):
                continue
            uniques = k * b**a
            if 0 < uniques <= population:
                return uniques, None
    return None, "the equations have no solution from any of the 16 start values"


def _quiet():
    import numpy as np

    return np.errstate(all="ignore")


def estimate(hist: Histogram, n: int, population: int) -> PopulationUniqueness:
    """Every model's estimate and Dankar's choice for a sample of ``n`` records from ``population``."""
    f = n / population
    models = ("zayatz", "pitman", "snb", "dankar")
    if hist.get(1, 0) == 0:  # no sample uniques: no population uniques by any model
        return PopulationUniqueness(population, f, dict.fromkeys(models, 0.0), {}, None)
    uniques: dict[str, float | None] = {}
    reasons: dict[str, str] = {}
    for name, model in (("zayatz", zayatz), ("pitman", pitman), ("snb", snb)):
        with _quiet():
            value, why = model(hist, n, population)
        uniques[name] = value
        if why is not None:
            reasons[name] = why
    z, p, s = uniques["zayatz"], uniques["pitman"], uniques["snb"]
    if f <= 0.1:
        chosen = "pitman" if p else "zayatz"
    elif s:
        chosen = "zayatz" if (z is not None and z < s) else "snb"
    else:
        chosen = "zayatz"
    uniques["dankar"] = uniques[chosen]
    if uniques["dankar"] is None:
        reasons["dankar"] = f"its model ({chosen}) failed"
    return PopulationUniqueness(population, f, uniques, reasons, chosen)
