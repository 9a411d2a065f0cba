"""The result of an mpUCCs run (docs/reference/json.md): global, details and tree, as PETsARD's
evaluator returns them, and the details' JSON text written straight from the result tuples."""

from __future__ import annotations

from typing import Any

from ... import report
from ...errors import InvalidInputError
from ...report.json_text import JSON_ENCODERS, EncodedRecords, list_json, value_json
from ...report.json_text import jsonable as _jsonable

TREE_COLUMNS = [
    "check_order",
    "combo_size",
    "field_combo",
    "base_combo",
    "base_is_pruned",
    "combo_entropy",
    "base_entropy",
    "entropy_gain",
    "is_pruned",
    "mpuccs_cnt",
    "mpuccs_collision_cnt",
    "field_weighted",
    "total_weighted",
    "weighted_mpuccs_collision_cnt",
]
DETAIL_COLUMNS = ["combo_size", "syn_idx", "field_combo", "value_combo", "ori_idx"]


class MpuccsResult(report.Displayed):
    """Result of :func:`mpuccs`: three DataFrames, as PETsARD's evaluator returns them.

    Attributes:
        global_: one row (rates, counts, configuration echo).
        details: one row per identification event (``syn_idx``/``ori_idx`` are 0-based positions
            after de-duplication; ``field_combo`` and ``value_combo`` are tuples).
        tree: one row per combination checked, in check order.
        warnings: messages also issued as Python warnings (e.g. sizes dropped, empty syn).

    The DataFrames are built on first access (the CLI writes JSON without importing pandas). A run
    with ``details=False`` keeps no details: reading them is an error, and ``to_dict()`` leaves
    them out.
    """

    def __init__(
        self,
        global_record: dict,
        detail_records: list[tuple] | None,
        tree_records: list[dict],
        detail_columns: list[str],
        warnings: list[str],
    ):
        self._global, self._details, self._tree = global_record, detail_records, tree_records
        self._detail_columns = detail_columns
        self.warnings = warnings

    @property
    def global_(self):
        import pandas as pd

        return pd.DataFrame([self._global]).astype(object)

    @property
    def details(self):
        import pandas as pd

        return pd.DataFrame(self._kept_details(), columns=self._detail_columns)

    @property
    def details_kept(self) -> bool:
        """Whether the run kept its identification events (``details=True``, the default)."""
        return self._details is not None

    def _kept_details(self) -> list[tuple]:
        if self._details is None:
            raise InvalidInputError("this run kept no details (details=False): run it with details=True")
        return self._details

    @property
    def tree(self):
        import pandas as pd

        return pd.DataFrame(self._tree, columns=TREE_COLUMNS).astype(object)

    def to_pandas(self) -> Any:
        """The ``global_`` row (``details`` and ``tree`` are DataFrames of their own)."""
        return self.global_

    def to_dict(self, *, details: bool = True) -> dict:
        """JSON-ready dict ``{"global", "details", "tree"}``: combos as lists, dates as ISO strings,
        missing values as None. ``details=False`` leaves the (largest) details list out, as does a
        run that kept none."""
        out: dict[str, Any] = {"global": {k: _jsonable(v) for k, v in self._global.items()}}
        if details and self._details is not None:
            out["details"] = details_jsonable(self._details, self._detail_columns)
        out["tree"] = [{k: _jsonable(v) for k, v in row.items()} for row in self._tree]
        return out

    def to_json_payload(self) -> dict:
        """:meth:`to_dict` with ``details`` already encoded, one JSON text per record
        (:class:`~privrisk_sql.report.json_text.EncodedRecords`): what the CLI writes, at a third of the cost."""
        payload = self.to_dict(details=False)
        if self._details is None:
            return payload
        return {
            "global": payload["global"],
            "details": details_json(self._details, self._detail_columns),
            "tree": payload["tree"],
        }

    def __repr__(self) -> str:
        g = self._global
        return (
            f"MpuccsResult(identification_rate={g['identification_rate']!r}, "
            f"total_identified={g['total_identified']!r}, "
            f"details={'not kept' if self._details is None else len(self._details)}, tree={len(self._tree)})"
        )


def details_jsonable(rows: list[tuple], columns: list[str]) -> list[dict]:
    # Sizes and positions are already Python ints and names are str (built in _result): only
    # the values and keys from the database need converting. One dict display per row, no
    # per-row loop over the columns: 26k rows on a 30k-row pair.
    if len(columns) == len(DETAIL_COLUMNS):
        return [
            {
                "combo_size": size,
                "syn_idx": syn_idx,
                "field_combo": list(names),
                "value_combo": _jsonable(values),
                "ori_idx": ori_idx,
            }
            for size, syn_idx, names, values, ori_idx in rows
        ]
    return [
        {
            "combo_size": size,
            "syn_idx": syn_idx,
            "field_combo": list(names),
            "value_combo": _jsonable(values),
            "ori_idx": ori_idx,
            "syn_key": _jsonable(syn_key),
            "ori_key": _jsonable(ori_key),
        }
        for size, syn_idx, names, values, ori_idx, syn_key, ori_key in rows
    ]


def details_json(rows: list[tuple], columns: list[str]) -> EncodedRecords:
    # The records of details_jsonable, as json.dumps would write them (tests compare the two).
    # Per combination once: its names' text (26k records on a 30k-row pair, from about 110
    # combinations); per record the values through their type's encoder, inline (34 -> 31 ms).
    names_json: dict[tuple, str] = {}
    out = EncodedRecords()
    append = out.append
    encoder = JSON_ENCODERS.get
    with_keys = len(columns) > len(DETAIL_COLUMNS)
    for row in rows:
        size, syn_idx, names, values, ori_idx = row[:5]
        names_text = names_json.get(names)
        if names_text is None:
            names_text = names_json[names] = f', "field_combo": {list_json(names)}, "value_combo": ['
        text = (
            f'{{"combo_size": {size}, "syn_idx": {encoder(type(syn_idx), value_json)(syn_idx)}{names_text}'
            f"{', '.join([encoder(type(v), value_json)(v) for v in values])}], "
            f'"ori_idx": {encoder(type(ori_idx), value_json)(ori_idx)}'
        )
        if with_keys:
            text += f', "syn_key": {value_json(row[5])}, "ori_key": {value_json(row[6])}'
        append(text + "}")
    return out
