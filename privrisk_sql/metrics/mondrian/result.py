"""The summary of a Mondrian run (docs/reference/json.md): what --json writes and the notebook shows."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from ... import report
from ...engines.common import file_format
from ...errors import InvalidInputError
from ...given import described, whole_number


@dataclass(frozen=True)
class MondrianResult(report.Displayed):
    """Summary of a Mondrian run; the anonymized rows are in the table ``output``.

    ``ncp`` is per QID the mean normalized certainty penalty over rows (0 = exact, 1 = whole
    range); ``gcp`` their mean (qiyuangong prints 100 * gcp as "NCP %")."""

    output: str
    n_rows: int
    k: int
    partitions: int
    min_size: int
    max_size: int
    cavg: float
    discernibility: int
    ncp: dict[str, float]
    gcp: float
    levels: int
    queries: int
    null_rows: dict[str, int] = field(default_factory=dict)
    median: str = "lower"
    relaxed: bool = False
    l: int | None = None  # distinct l-diversity required of every partition (with sensitive)
    t: float | None = None  # t-closeness required of every partition (with sensitive)
    sensitive: list[str] = field(default_factory=list)
    partition_sizes: dict[int, int] = field(default_factory=dict)  # size -> number of partitions
    identifiers: list[str] = field(default_factory=list)  # left out of the output by their role
    labelled_as_sets: list[str] = field(default_factory=list)  # text QIDs with neither order nor hierarchy
    # QIDs with a hierarchy that no partition left at its root (their NCP is 1): every cut of the
    # root needs each child to hold k rows, and one sparse child blocks it
    uncut_hierarchies: list[str] = field(default_factory=list)
    # Where the output went, for to_pandas: the caller's Source (or URL), the qualified name.
    _where: Any = field(default=None, repr=False, compare=False)
    _output_lookup: str | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        """The summary as a JSON-ready dict (what ``--json`` writes; partition sizes as strings,
        as JSON keys are, so ``to_dict() == json.loads(output)``)."""
        d = {
            f.name: dict(v) if isinstance(v := getattr(self, f.name), dict) else v
            for f in dataclasses.fields(self)
            if not f.name.startswith("_")
        }
        d["partition_sizes"] = {str(size): n for size, n in sorted(self.partition_sizes.items())}
        return d

    def to_pandas(self, limit: int | None = None, *, src: Any = None) -> Any:
        """The output table's rows as a DataFrame (the first ``limit`` of them, in no set order
        where the database has none), read from ``src`` (default: where the run wrote it)."""
        import pandas as pd

        from ...source import connect

        rows = whole_number(limit)
        if limit is not None and (rows is None or rows < 0 or isinstance(limit, float)):
            raise InvalidInputError(f"limit must be an integer >= 0, got {described(limit)}")
        limit = rows
        target = src if src is not None else self._where
        if target is None and file_format(self._output_lookup) is None:
            raise InvalidInputError("this result does not know where its output was written: pass src=")
        source = connect(target)  # a release file: read by an in-memory DuckDB (or src)
        if source.closed:  # else DuckDB's "Connection already closed!" with no word of what to pass
            raise InvalidInputError(
                f"the Source the output {self.output!r} was written through is closed: pass an open one, "
                "to_pandas(src=privrisk_sql.connect(...))"
            )
        try:
            table = source.relation(self._output_lookup or self.output)
            sql = f"SELECT * FROM {table.sql}" + ("" if limit is None else f" LIMIT {int(limit)}")
            return pd.DataFrame.from_records(source.fetch_records(sql), columns=[c.name for c in table.columns])
        finally:
            if source is not target:
                source.close()
