"""``python -m privrisk_sql``: the ``privrisk-sql`` command, where the environment's scripts are
not on the PATH (a notebook's kernel, ``pipx run``-less installs), as ``python -m pytest`` is."""

from .entry_point import run

run()
