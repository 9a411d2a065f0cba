"""The k-anonymity family (docs/metrics/kanon.md), each check one aggregate query in the database.

Size-based checks (k, discernibility, re-identification risks, class-size histogram) come from the
class-size histogram. Checks on a sensitive attribute (SA) run one query per attribute over the
``GROUP BY qids, sa`` counts: distinct l, alpha, entropy l, basic/enhanced beta, delta, and
equal-distance t-closeness together; recursive (c,l) and ordered-distance t-closeness on their own.

Textbook definitions are used where pycanon differs (documented in the README):

* ``entropy_l_diversity`` is ``exp(min_E H(E))`` as a float; pycanon truncates it to an int
  (a class with two equally frequent values gives exp(ln 2) = 1.999... -> 1).
* ``recursive_c_l`` sorts counts descending (r1 >= ... >= rm) and reports the smallest integer c
  with r1 < c * (r_l + ... + r_m); pycanon sorts ascending (counts 5,1,1: textbook c = 6, pycanon 1).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ... import report
from ...errors import InvalidInputError
from ...given import described, flag, mapping, optional_names, ordered_categories
from ...progress import elapsed_line
from ...source import Relation, Source, opened
from ...sql.types import TypeClass
from .. import riskiest
from ..classes import (
    ClassSizes,
    check_rows,
    class_sizes,
    compared_as_bytes,
    refuse_values_outside_order,
    refuse_values_outside_type,
    resolve_qids,
    text_as_bytes_sql,
    validate_k,
    validate_qids,
)
from ..queries import ClassQueries

SENSITIVE_KEYS = [
    "alpha_k",
    "l_diversity",
    "entropy_l_diversity",
    "recursive_c_l",
    "t_closeness",
    "basic_beta_likeness",
    "enhanced_beta_likeness",
    "delta_disclosure",
]


def discernibility_best_effort(n_rows: int, k: int) -> int | None:
    """Smallest discernibility of any k-anonymous partition of n rows (None when k > n).

    q = floor(n/k) classes, the n - qk extra rows spread as evenly as possible:
    (q - r)·b² + r·(b+1)² with b = floor(n/q), r = n mod q. (k_anonymization's formula is wrong
    when n mod k > q: n=5, k=3 gives 23, but the only 3-anonymous partition costs 25.)
    """
    q = n_rows // k
    if q == 0:
        return None
    b, r = divmod(n_rows, q)
    return (q - r) * b * b + r * (b + 1) * (b + 1)


def size_metrics(sizes: ClassSizes, k: int | None) -> dict:
    """Everything that depends only on class sizes."""
    hist = sizes.histogram
    n, n_classes = sizes.n_rows, sizes.n_classes
    out = {
        "k_anonymity": sizes.min_size,
        "n_rows": n,
        "n_classes": n_classes,
        "discernibility": sum(size * size * count for size, count in hist.items()),
        # pycanon average_rir: mean over classes of 1/|E|; max: 1/min|E|
        "avg_reid_risk": math.fsum(count / size for size, count in hist.items()) / n_classes,
        # ARX's and sdcMicro's average: the mean over records of 1/|E| = classes / records
        "avg_reid_risk_records": n_classes / n,
        "max_reid_risk": 1.0 / sizes.min_size,
        "class_size_histogram": {str(size): hist[size] for size in sorted(hist)},
        "excluded_rows": sizes.excluded_rows,
    }
    if k is not None:
        out["k"] = k
        below = riskiest.classes_below(hist, k)
        out["classes_below_k"] = sum(c for _, c in below)
        out["records_below_k"] = sum(s * c for s, c in below)
        out["discernibility_best_effort"] = discernibility_best_effort(n, k)
    return out


class KanonQueries(ClassQueries):
    """Renders the k-anonymity family's statements for one dialect (pure: no database)."""

    def _ctx(self, relation_sql, qids, sensitive, exclude_null_qids, **extra):
        named, aliases = self.work_columns(relation_sql, [*qids, sensitive])
        return dict(
            relation=named,
            qids=[aliases[q] for q in qids],
            sensitive=aliases[sensitive],
            exclude_null_qids=exclude_null_qids,
            **extra,
        )

    def sensitive_class_stats(self, relation_sql, qids, sensitive, exclude_null_qids=False) -> str:
        return self._r(
            "kanon/sensitive_class_stats.sql.j2", **self._ctx(relation_sql, qids, sensitive, exclude_null_qids)
        )

    def recursive_c(self, relation_sql, qids, sensitive, l, exclude_null_qids=False) -> str:
        return self._r(
            "kanon/recursive_c.sql.j2", **self._ctx(relation_sql, qids, sensitive, exclude_null_qids, l=int(l))
        )

    def classes_below_l(self, relation_sql, qids, sensitive, l) -> str:
        """The classes with fewer than ``l`` distinct sensitive values (dbt's l_diversity failing
        rows), the QIDs under work names (privrisk_c0, ...)."""
        return self._r("kanon/classes_below_l.sql.j2", **self._ctx(relation_sql, qids, sensitive, False, l=int(l)))

    def classes_beyond_t(self, relation_sql, qids, sensitive, max_t, ordered, order=None) -> str:
        """The classes further than ``max_t`` from the table (dbt's t_closeness failing rows), by
        the ordered distance where ``ordered``, the QIDs under work names (privrisk_c0, ...)."""
        return self._r(
            "kanon/classes_beyond_t.sql.j2",
            **self._ctx(
                relation_sql, qids, sensitive, False, max_t=float(max_t), ordered=ordered, order=list(order or [])
            ),
        )

    def t_closeness_ordered(self, relation_sql, qids, sensitive, exclude_null_qids=False, order=None) -> str:
        """t with the ordered distance: over a numeric attribute's values, or over a text one's
        places in ``order`` (its values, lowest first, compared byte by byte)."""
        return self._r(
            "kanon/t_closeness_ordered.sql.j2",
            **self._ctx(relation_sql, qids, sensitive, exclude_null_qids, order=list(order or [])),
        )


def kanon_sql(
    dialect,
    relation_sql: str,
    qids: Sequence[str],
    sensitive: Sequence[str] = (),
    numeric: Sequence[str] = (),
    text: Sequence[str] = (),
    floats: Sequence[str] = (),
) -> list[str]:
    """Every statement :func:`kanon` runs (recursive c shown with l = 2), for printing/review.
    ``text``: the text columns among qids and sensitive, which kanon compares byte by byte;
    ``floats``: the float ones, whose NaN kanon reads as missing (NULL)."""
    q = KanonQueries(dialect)
    relation_sql = text_as_bytes_sql(q.dialect, relation_sql, list(qids) + list(sensitive), text, floats)
    statements = [q.class_size_histogram(relation_sql, qids)]
    for s in sensitive:
        statements.append(q.sensitive_class_stats(relation_sql, qids, s))
        statements.append(q.recursive_c(relation_sql, qids, s, 2))
        if s in numeric:
            statements.append(q.t_closeness_ordered(relation_sql, qids, s))
    return statements


# The sensitive attributes t-closeness measures with the ordered distance (as pycanon).
ORDERED = (TypeClass.INTEGER, TypeClass.FLOAT)


def checked_orders(
    source: Source, rel: Relation, table: Any, sensitive: list[str], given: Mapping[str, tuple[str, ...]]
) -> dict[str, tuple[str, ...]]:
    """Each order keyed by its sensitive column's real name, for a text column only, listing every
    value the column holds (one it lacks is refused by name, before the heavy statements). A pandas
    ordered Categorical brings its categories as its order; one given wins (it comes later)."""
    orders: dict[str, tuple[str, ...]] = {}
    for name, values in {**ordered_categories(table, sensitive), **given}.items():
        col = rel.column(name)
        if col.name not in sensitive:  # pragma: no cover - the options record checked the names
            raise InvalidInputError(f"order (--order) given for {name!r}, which is not a sensitive column")
        if col.type_class is not TypeClass.TEXT:
            raise InvalidInputError(
                f"order (--order) given for {col.name!r}, but it is {col.type_said}: an order is for text "
                "values (numbers already have theirs, and a boolean's changes nothing)"
            )
        refuse_values_outside_order(source, rel, col.name, values)
        orders[col.name] = tuple(values)
    return orders


def _sensitive_metrics(
    source: Source,
    q: KanonQueries,
    rel: Relation,
    qids: list[str],
    sensitive: str,
    k_anonymity: int,
    exclude: bool,
    order: Sequence[str] | None = None,
) -> dict:
    stats = source.fetch_records(q.sensitive_class_stats(rel.sql, qids, sensitive, exclude))[0]
    alpha, min_entropy, beta, delta, emd_equal, min_p = (
        stats[c] for c in ("alpha", "min_entropy", "beta", "delta", "emd_equal", "min_p")
    )
    l = int(stats["l"])
    c = None
    if l > 1:
        c = int(source.fetch_records(q.recursive_c(rel.sql, qids, sensitive, l, exclude))[0]["c"])
    if takes_ordered_distance(rel, sensitive, order):
        t = source.fetch_records(q.t_closeness_ordered(rel.sql, qids, sensitive, exclude, order))[0]["t"]
        t = 0.0 if t is None else float(t)  # one distinct value: the class equals the table
    else:
        t = float(emd_equal)
    beta = float(beta)
    return {
        "alpha_k": {"alpha": float(alpha), "k": k_anonymity},
        "l_diversity": l,
        "entropy_l_diversity": math.exp(float(min_entropy)),
        "recursive_c_l": {"c": c, "l": l},
        "t_closeness": t,
        "basic_beta_likeness": beta,
        "enhanced_beta_likeness": min(beta, -math.log(float(min_p))),
        "delta_disclosure": float(delta),
    }


def resolved_columns(rel: Relation, qids: Sequence[str], sensitive: Sequence[str]) -> tuple[list[str], list[str]]:
    """The QIDs' and the sensitive columns' names as ``rel`` spells them; a column both is refused."""
    names = resolve_qids(rel, qids)
    sens_names = resolve_qids(rel, sensitive, "sensitive") if sensitive else []
    overlap = [s for s in sens_names if s in names]
    if overlap:
        raise InvalidInputError(f"column {overlap[0]!r} is both a quasi-identifier and sensitive")
    return names, sens_names


def takes_ordered_distance(rel: Relation, sensitive: str, order: Sequence[str] | None) -> bool:
    """Whether t-closeness over ``sensitive`` takes the ordered distance: numbers, or text in an order."""
    return rel.column(sensitive).type_class in ORDERED or bool(order)


def per_column(result: Mapping[str, Any], key: str, name: str) -> Any:
    """The figure ``key`` (``l_diversity``, ``t_closeness``, ...) of sensitive column ``name``: a
    result holds it plain for one sensitive column, keyed by column for several."""
    value = result[key]
    return value[name] if len(result["sensitive"]) > 1 else value


@dataclass(frozen=True)
class KanonOptions:
    """The k-anonymity family's options, validated once (:meth:`validated`) before any database work."""

    qids: tuple[str, ...]
    sensitive: tuple[str, ...]
    k: int | None
    exclude_null_qids: bool
    order: dict[str, tuple[str, ...]] = field(default_factory=dict)  # sensitive text -> its values, lowest first

    @classmethod
    def validated(
        cls,
        qids: Sequence[str],
        sensitive: Sequence[str] | str | None = None,
        k: int | None = None,
        exclude_null_qids: bool = False,
        order: Mapping[str, Sequence[str]] | None = None,
    ) -> KanonOptions:
        sens = optional_names(sensitive, "sensitive")
        orders: dict[str, tuple[str, ...]] = {}
        for name, values in mapping(order, "order", "{sensitive column: [its values, lowest first]}").items():
            if str(name).lower() not in {str(s).lower() for s in sens}:
                raise InvalidInputError(f"order (--order) given for {name!r}, which is not a sensitive column")
            listed = () if isinstance(values, (str, bytes, Mapping)) else tuple(values)
            if not listed or not all(isinstance(v, str) for v in listed):
                raise InvalidInputError(
                    f"order for {name!r} must list the column's values as text, lowest first, got {described(values)}"
                )
            twice = next((v for i, v in enumerate(listed) if v in listed[:i]), None)
            if twice is not None:
                raise InvalidInputError(f"order for {name!r} lists {twice!r} twice")
            orders[str(name)] = listed
        return cls(
            validate_qids(qids),
            sens,
            None if k is None else validate_k(k),
            flag(exclude_null_qids, "exclude_null_qids"),
            orders,
        )


class KanonResult(report.Displayed, dict):
    """The k-anonymity family's values: a dict keyed as the JSON output is (``r["k_anonymity"]``),
    whose values also read as attributes (``r.k_anonymity``)."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def to_dict(self) -> dict:
        """A plain dict of the values (what ``--json`` writes)."""
        return dict(self)


def kanon(
    src: Any,
    table: str,
    qids: Sequence[str],
    sensitive: Sequence[str] | str | None = None,
    k: int | None = None,
    *,
    exclude_null_qids: bool = False,
    order: Mapping[str, Sequence[str]] | None = None,
    html: Any = None,
    html_values: bool = False,
    progress: Any = "auto",
) -> KanonResult:
    """The k-anonymity family for ``table``'s ``qids`` (and sensitive attributes).

    Args:
        src: a Source or anything :func:`privrisk_sql.connect` takes (None = in-memory DuckDB).
        table: a table name in ``src``, a CSV/Parquet path, or (DuckDB) a pandas DataFrame or
            Arrow table, read in place.
        qids: quasi-identifier columns.
        sensitive: one sensitive column or a list; SA-dependent values are one number for one
            attribute, else a dict keyed by attribute (None without any).
        k: optional requested k: adds ``classes_below_k``, ``records_below_k`` and
            ``discernibility_best_effort``.
        exclude_null_qids: drop rows with a NULL QID everywhere (reported in ``excluded_rows``).
        order: for a text sensitive attribute whose values have an order (income bands, levels),
            its values lowest first: t-closeness then takes the ordered distance over their places
            (``{"income": ["low", "mid", "high"]}``); every value the column holds must be listed.
        html: also write the run's report there (one self-contained HTML page).
        html_values: with the QID values of the smallest classes below ``k`` on that page (off:
            the page may travel further than the data).
        progress: ``"auto"`` (default: on stderr, in a terminal or a notebook, once the run has
            taken 2 s, the statement running, how far it is where the database says (DuckDB),
            and the time: ``kanon: statement 3 running, 45% done, 12s elapsed``), True, or False.

    Returns:
        a :class:`KanonResult` (a dict) with ``k_anonymity``, ``alpha_k``, ``l_diversity``, ``entropy_l_diversity``,
        ``recursive_c_l``, ``t_closeness``, ``basic_beta_likeness``, ``enhanced_beta_likeness``,
        ``delta_disclosure``, ``discernibility``, ``avg_reid_risk``, ``max_reid_risk``,
        ``class_size_histogram`` and counts.
    """
    o = KanonOptions.validated(qids, sensitive, k, exclude_null_qids, order)
    qids, sens_list, k, exclude_null_qids = list(o.qids), list(o.sensitive), o.k, o.exclude_null_qids
    page = report.checked_html(html, table)
    riskiest.checked_html_values(html_values, page, k)
    started, clock = report.now(), time.perf_counter()
    with report.noting_warnings(page) as noted, opened(src) as source, elapsed_line(progress, "kanon", source):
        report.check_not_a_database(page, source)
        database = source.database_label
        rel = source.relation(table)
        names, sens_names = resolved_columns(rel, qids, sens_list)
        check_rows(source, rel, names + sens_names, "the k-anonymity family")
        # SQLite's text in an INTEGER column would be ranked above every number (pycanon: text)
        refuse_values_outside_type(source, rel, sens_names, "t-closeness (the ordered distance)", ORDERED)
        orders = checked_orders(source, rel, table, sens_names, o.order)
        rel = compared_as_bytes(source.dialect, rel, names + sens_names)
        sizes = class_sizes(source, rel, names, exclude_null_qids)
        out = size_metrics(sizes, k)
        q = KanonQueries(source.dialect)
        per_sa = {
            s: _sensitive_metrics(source, q, rel, names, s, sizes.min_size, exclude_null_qids, orders.get(s))
            for s in sens_names
        }
        shown = riskiest.smallest(source, table, names, k) if html_values and k is not None else None
    for key in SENSITIVE_KEYS:
        if not per_sa:
            out[key] = None
        elif len(per_sa) == 1:
            out[key] = next(iter(per_sa.values()))[key]
        else:
            out[key] = {s: m[key] for s, m in per_sa.items()}
    out["sensitive"] = sens_names  # the report and the notebook name the columns with it
    result = KanonResult(out)
    report.after_run(
        result,
        page,
        html_values,
        "kanon",
        database,
        {"table": table},
        {
            "qids": list(qids),
            "sensitive": sens_list,
            "k": k,
            "exclude_null_qids": exclude_null_qids,
            **({"order": {n: list(v) for n, v in o.order.items()}} if o.order else {}),
        },
        started,
        time.perf_counter() - clock,
        shown,
        noted=noted,
    )
    return result
