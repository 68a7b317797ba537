"""An invented Automa deck (not the published cards): enough of each pile for every level."""
from __future__ import annotations

import itertools

ACTIONS = ("commodity", "artifact", "construct", "tunnel-breeze-bar", "commodity", "tunnel-sky-lounge", "construct")
FACTIONS = ("own", "icarus", "subterra", "wastelands", "euphoria")
PILE_SIZES = {"green": 12, "black": 3, "white": 3, "purple": 2}


def invented_deck_text() -> str:
    lines = ["# an invented deck for the tests", "retrieve-icon: commodity"]
    actions, factions = itertools.cycle(ACTIONS), itertools.cycle(FACTIONS)
    n = 0
    for pile, size in PILE_SIZES.items():
        for _ in range(size):
            n += 1
            extras = (" triangle" if n % 3 == 0 else "") + (f" bazaar-{n % 3 + 1}" if pile == "purple" else "")
            lines.append(f"{pile[0].upper()}{n:02d} {pile} {next(actions)} {next(actions)} "
                         f"{next(factions)} {next(factions)}{extras}")
    return "\n".join(lines) + "\n"
