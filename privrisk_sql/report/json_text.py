"""JSON text of result records, byte for byte what ``json``'s C encoder writes, at a third of its cost.

``JSONEncoder.encode`` spends about 2 µs per call setting itself up; the mpUCCs ``details`` of a
30k-row pair are 26k small records, so encoding them one by one cost more than computing them.
Here each value goes straight to the formatter of its exact type (``float.__repr__``, the C string
escaper, ...), and anything else (NaN, Decimal, dates, subclasses) through the same conversion and
encoder as the generic path, so the text is identical (tests compare it with ``json``'s).
"""

from __future__ import annotations

import datetime as dt
import decimal
import json
import math
from collections.abc import Callable, Iterable
from json.encoder import encode_basestring_ascii
from typing import Any

_ENCODE = json.JSONEncoder(allow_nan=False).encode  # json.dumps's defaults, NaN refused


class EncodedRecords(list):
    """A list of records already encoded as JSON text (one ``str`` per record).

    The CLI's JSON writer puts each on its own line as is."""


def _float(value: float) -> str:
    # value - value is 0.0 only for finite floats; NaN (-> null) and inf (-> "Infinity") take the slow path.
    return float.__repr__(value) if value - value == 0.0 else _slow(value)


def _date(value: dt.date) -> str:
    return '"' + value.isoformat() + '"'


def _slow(value: Any) -> str:
    return _ENCODE(jsonable(value))  # the conversion to_dict() applies


# The encoder of each exact type; value_json (the generic path) for any other.
JSON_ENCODERS: dict[type, Callable[[Any], str]] = {
    str: encode_basestring_ascii,
    int: int.__repr__,
    float: _float,
    bool: lambda v: "true" if v else "false",
    type(None): lambda v: "null",
    dt.date: _date,  # exact type only: datetime (a date subclass) keeps its time via _slow
}


def value_json(value: Any) -> str:
    """JSON text of one value as ``to_dict()`` would give it to ``json.dumps``."""
    return JSON_ENCODERS.get(type(value), _slow)(value)


def list_json(values: Iterable[Any]) -> str:
    """JSON text of a sequence as a list (tuples included)."""
    by_type = JSON_ENCODERS
    return "[" + ", ".join([by_type.get(type(v), _slow)(v) for v in values]) + "]"


_AS_IS = frozenset({str, int, bool, type(None)})


def jsonable(value: Any) -> Any:
    """``value`` as json can write it: tuples as lists, dates as ISO strings, NaN as None.

    JSON has no infinity and no exact decimal: +/-inf become the strings ``"Infinity"`` and
    ``"-Infinity"`` (as protobuf's JSON mapping writes them; they are values, not missing), and a
    Decimal becomes the string of its exact digits (``"123456789012345678.5"``), which no JSON
    reader rounds to a float. NaN is missing: ``null``."""
    # Exact-type checks first: to_dict converts every value of every details row (26k rows and
    # 220k values on a 30k-row pair), and the isinstance chain alone took a tenth of a second.
    kind = type(value)
    if kind in _AS_IS:
        return value
    if kind is tuple or kind is list:
        return [v if type(v) in _AS_IS else jsonable(v) for v in value]
    if isinstance(value, (bool, int, str)):  # subclasses (IntEnum, str-based types)
        return value
    if isinstance(value, (tuple, list)):
        return [jsonable(v) for v in value]
    if isinstance(value, float):
        if math.isnan(value):
            return None
        return value if not math.isinf(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, decimal.Decimal):
        if value.is_nan():
            return None
        if value.is_infinite():
            return "Infinity" if value > 0 else "-Infinity"
        return format(value, "f")  # exact digits, never an exponent
    if isinstance(value, (dt.date, dt.datetime, dt.time)):  # pandas Timestamp is a datetime
        return value.isoformat()
    if hasattr(value, "item"):  # numpy scalar
        return jsonable(value.item())
    return str(value)
