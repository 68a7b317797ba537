"""The panel's LEDs at a camera table: the seat to move lit, the seats the table needs blinking."""
from __future__ import annotations

from typing import Collection, Optional, Sequence


def show_on_panel(panel, turn: Optional[int], kinds: Sequence[str], attention: Collection[int]) -> None:
    """``turn`` and ``attention``: seat indexes from 0; ``kinds``: each seat's "person" or "automa"."""
    automa_turn = turn is not None and kinds[turn] == "automa"
    people = [s + 1 for s in attention if kinds[s] != "automa" and s < panel.seats]
    panel.show(None if turn is None or automa_turn or turn >= panel.seats else turn + 1,
               needs_attention=people, automa_turn=automa_turn,
               automa_attention=any(kinds[s] == "automa" for s in attention))
