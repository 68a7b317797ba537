"""The direction count of a support card [L286–296]: from the option "am weitesten links oben" (→ top left) count
as many options as the number, in reading order (>) or reversed from the bottom right (<), wrapping past the last
("springe zurück"). Hex rows are read top to bottom, each left to right; a single row left to right (B2)."""
from __future__ import annotations


def counted(count: int, options: int) -> int:
    """The option chosen, as its place (1 = the first counted) among ``options`` in the arrow's order."""
    if options < 1 or count < 1:
        raise ValueError("counting needs at least one option and a count of at least one")
    return (count - 1) % options + 1

