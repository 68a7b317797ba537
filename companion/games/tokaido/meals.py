"""The Meals at an Inn: 4 drawn and kept in the order drawn; each Automa, in order of arrival,
takes the cheapest left, the first drawn on ties; she pays nothing and scores 6 points."""
from __future__ import annotations

from typing import Optional, Sequence

MEALS_DRAWN = 4
YOU = "you"


def assign_meals(prices: Sequence[int], arrivals: Sequence[str],
                 your_pick: Optional[int] = None) -> dict[str, int]:
    """Which Meal (index into ``prices``) each Automa takes. ``arrivals`` names the Travelers in
    order of arrival, the person as ``you``; ``your_pick`` is the index of the Meal the person
    bought, or None if they bought none (they buy in their place in the order, like everyone)."""
    left: list[int] = list(range(len(prices)))
    taken: dict[str, int] = {}
    for traveler in arrivals:
        if traveler == YOU:
            if your_pick is not None:
                if your_pick not in left:
                    raise ValueError(f"Meal {your_pick + 1} is already taken")
                left.remove(your_pick)
            continue
        if not left:
            break
        cheapest = min(left, key=lambda i: (prices[i], i))
        taken[traveler] = cheapest
        left.remove(cheapest)
    return taken
