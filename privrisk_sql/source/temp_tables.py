"""The TEMP work tables of a :class:`~privrisk_sql.source.Source`'s run: named by the run, dropped
with it (also on a timeout, Ctrl-C or SIGTERM), with the DataFrames it registered."""

from __future__ import annotations

import contextlib
import os
import shutil
from typing import Any

from . import staging
from .statements import Statements


class TempTables(Statements):
    """The part of a Source that owns the run's TEMP tables."""

    _temps: list[str]
    _frames: list[str]
    work_tables_left: list[str]  # work tables (not TEMP) a run could not drop: its server stopped answering

    def temp_name(self, stem: str) -> str:
        """A fresh name for a TEMP work table of this run (dropped by :meth:`drop_temps`). Where
        the engine has no TEMP tables (Spark) the name carries the run's tag too, so that
        ``privrisk-sql cleanup`` can tell a table a killed run left from a user's
        (:func:`~privrisk_sql.source.staging.work_table_run_id`)."""
        prefix = f"privrisk_{self._run_id}_" if self.dialect.temp_tables else staging.run_prefix(self._run_id)
        name = prefix + stem
        self._temps.append(name)
        return name

    def drop_temp(self, name: str) -> None:
        """Drop one TEMP table of this run now (a run that is done with it), and forget it."""
        self.execute(f"DROP TABLE IF EXISTS {self.quote(name)}")
        self._temps.remove(name)

    def drop_temps(self, after_stop: bool = False) -> None:
        """Drop every TEMP table this source created and unregister its DataFrames (errors
        ignored: the session may be gone); ``after_stop``: the run was stopped or failed, so a
        table's write may have been cut off mid-way (only then can it leave a folder behind)."""
        while self._frames:
            name = self._frames.pop()
            with contextlib.suppress(Exception):
                self.engine.unregister_frame(name)
        while self._temps:
            name = self._temps.pop()
            try:
                self._run(f"DROP TABLE IF EXISTS {self.quote(name)}", fetch=False)
                if after_stop:  # Spark in this process: a write stopped mid-way leaves its folder
                    # with no table in the catalog to drop (a later run would read it as the rows)
                    remove_leftover_folder(self.engine, (), name)
            except Exception:  # the session may be gone: a TEMP table went with it, a table did not
                if not self.dialect.temp_tables:
                    self.work_tables_left.append(name)


def remove_leftover_folder(engine: Any, container: tuple[str, ...], name: str) -> None:
    """Remove the folder table ``name`` left where no catalog will (Engine.leftover_table_folder;
    ``()``: the session's current database), if there is one: a link alone, never what it points to."""
    folder = engine.leftover_table_folder(container, name)
    if folder is None:
        return
    if os.path.islink(folder):
        os.unlink(folder)
    else:
        shutil.rmtree(folder)
