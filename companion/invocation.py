"""How a person calls this program again, for the hints that name one of its commands."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Optional

PROGRAM = "automata-companion"


def program(started_as: Optional[str] = None) -> str:
    """``automata-companion`` where the shell finds that name (an active venv, an install on the PATH);
    else the path it was started by, as it was typed (``.venv/bin/automata-companion`` after ``make run``).
    ``started_as``: that path (by default this process's)."""
    started = Path(started_as if started_as is not None else sys.argv[0])
    if started.name != PROGRAM:  # python -m companion.cli
        return PROGRAM
    found = shutil.which(PROGRAM)
    if found is not None and Path(found).resolve() == started.resolve():
        return PROGRAM
    return str(started)
