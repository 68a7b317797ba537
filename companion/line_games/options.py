"""What the games' options on the command line share."""
from __future__ import annotations

from typing import Optional


def words(text: Optional[str]) -> list[str]:
    """The comma-separated words of an option, lower case (``--automas Green,purple``: green, purple)."""
    return [w.strip().lower() for w in (text or "").split(",") if w.strip()]
