"""The ``privrisk-sql`` command's entry point (``[project.scripts]``): a Ctrl-C while Python loads
the command's modules (its first ~30 ms) ends in the one line a Ctrl-C gets later, not in a
traceback through the imports. Only this package's ``__init__`` (the errors and the registry, no
SQL layer) loads before this module can catch it."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

from .errors import InterruptedBeforeWork

# cli.EXIT_DATABASE, the status of a Ctrl-C later too: the CLI is what could not be loaded
EXIT_INTERRUPTED = 3


def run() -> NoReturn:
    """The ``privrisk-sql`` command: :func:`privrisk_sql.cli.run`, once loaded."""
    try:
        from .cli import run as run_command
    except KeyboardInterrupt:
        try:
            sys.stderr.write(f"privrisk-sql: {InterruptedBeforeWork()}\n")
            sys.stderr.flush()
        except (AttributeError, OSError, ValueError):  # no stderr, or one that refuses the line
            pass
        os._exit(EXIT_INTERRUPTED)
    run_command()
