"""``python -m privrisk_sql.cli``: the ``privrisk-sql`` command."""

from . import run

run()
