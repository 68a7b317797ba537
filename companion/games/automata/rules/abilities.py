"""A card's ability in words, as the rules page and the screens print it."""
from __future__ import annotations

from typing import Any, Mapping


def ability_text(ability: Mapping[str, Any]) -> str:
    """One line for a card's ability (R19): ``↻`` scores at the end, ``↗`` is used by exhausting the card."""
    kind = ability.get("kind")
    if kind == "score":
        return f"↻ +{ability['vp']} VP"
    if kind == "score_per_die":
        return f"↻ +{ability['vp']} VP per {ability['die'].upper()} owned"
    if kind == "score_per_gears":
        return f"↻ +{ability['vp']} VP per {ability['gears']} gears held"
    if kind == "plus_minus":
        if ability["dice"] == 1:
            return f"↗ exhaust: ±{ability['amount']} to one Available die"
        return f"↗ exhaust: ±{ability['amount']} to up to {ability['dice']} different Available dice"
    if kind == "reroll":
        return "↗ exhaust: reroll one Available die"
    if kind == "sum_bonus":
        return f"passive: +{ability['amount']} to the sum of your {ability['area'].title()} activations"
    return "none (counts only in a complete set)"
