"""Her four disciplines on the knowledge board and how she picks one to rise in [L484–523].

The disciplines are one row, counted left to right in reading order (B2); she never passes 12 (B5) and needs no
city key for 8 [L492]."""
from __future__ import annotations

from typing import Mapping, Optional, Sequence

DISCIPLINES = ("banking", "law", "engineering", "medicine")  # the knowledge board, left to right
TOP = 12


def options(levels: Mapping[str, int]) -> list[str]:
    """The disciplines she can rise in: "ohne Markierungsstein auf Stufe 12" — her own marker (B5)."""
    return [d for d in DISCIPLINES if levels[d] < TOP]


def at_zero(levels: Mapping[str, int], among: Sequence[str]) -> list[str]:
    """Catch-up I [L496, L518]: those where her marker is on 0; none: they all stay (B4)."""
    return [d for d in among if levels[d] == 0] or list(among)


def tile_choice(colour: Optional[str], among: Sequence[str]) -> Optional[str]:
    """The scoring tile's symbol colour as a discipline [L494]; None when it is not an option."""
    return colour if colour in among else None
