"""What the table is asked next in a game of Tokaido, as buttons to tap (``line_games.choices``): the Automa
card flipped, your move, the Meals drawn at an Inn, your counts at the end of the journey."""
from __future__ import annotations

from typing import Optional

from companion.line_games.choices import Choice, Step, numbers
from ..game import TokaidoGame
from ..meals import MEALS_DRAWN, YOU
from ..spaces import PANORAMA_LENGTH, SPACE_NAMES, SPACE_TYPES
from ..tally import ACHIEVEMENT_NAMES

MEAL_PRICES = (1, 2, 3)
END_COUNTS = tuple(range(21))
PANORAMA_FIRST = "Your Panorama, first:"


def _card_grid(prefix: str) -> tuple[Choice, ...]:
    """The 3x3 grid of an Automa card: range 1-3 by no icon, Temple, Inn."""
    return tuple(Choice(f"{r}" + (f" {SPACE_NAMES[icon]}" if icon else ""), f"{prefix}{r}" + (f" {icon}" if icon else ""))
                 for r in (1, 2, 3) for icon in ("", "temple", "inn"))


def next_step(game: TokaidoGame, parts: list[str]) -> Optional[Step]:
    """What to tap next, given the parts of the line tapped so far; None when it is complete."""
    waiting = game.waiting_for()
    if waiting == "over":
        return None
    panoramas = tuple(Choice(ACHIEVEMENT_NAMES[p].split()[0], f"first {p}", ends=True)
                      for p in PANORAMA_LENGTH if p not in game.achievements_taken)
    if waiting.startswith("card "):
        colour = waiting.split()[1]
        if parts:
            return None
        return Step(f"{colour.title()}'s turn: flip her Automa card and tap its range and icon", _card_grid("card "),
                    panoramas, PANORAMA_FIRST)
    if waiting == "go":
        if parts:
            return None
        spaces = game.setup.road.spaces  # type: ignore[union-attr]
        return Step("Your turn: tap the space you move to",
                    tuple(Choice(f"{n}: {SPACE_NAMES[spaces[p]]}", f"go {n}")
                          for n, p in enumerate(game.free_ahead(game.setup.you), 1)), panoramas, PANORAMA_FIRST)
    if waiting == "meals":
        return _meals(parts, game.you_came_before_an_automa(), "meals ")
    if waiting == "end":
        return _end(parts, "end ")
    return _tokaido_told(game, parts, panoramas)


def _meals(parts: list[str], pick_needed: bool, prefix: str = "") -> Optional[Step]:
    """The 4 Meal prices in the order drawn, then the person's pick when they arrived before an Automa."""
    prices = len(parts)
    if prices < MEALS_DRAWN:
        return Step(f"Meal {prices + 1} of {MEALS_DRAWN} drawn: its price", numbers(MEAL_PRICES, "" if prices else prefix))
    if prices == MEALS_DRAWN and pick_needed:
        return Step("You arrived before an Automa: which Meal did you buy?",
                    numbers(range(1, MEALS_DRAWN + 1), "took ") + (Choice("None", "took none"),))
    return None


def _end(parts: list[str], prefix: str = "") -> Optional[Step]:
    """Your four counts for the end achievements, then your Temple donations."""
    asked = ("Souvenirs", "Encounters", "Hot Springs", "Meal prices (their sum)", "coins given to the Temple")
    if len(parts) == len(asked):
        return None
    return Step(f"The journey is over. Your {asked[len(parts)]}", numbers(END_COUNTS, "" if parts else prefix))


def _tokaido_told(game: TokaidoGame, parts: list[str], panoramas: tuple[Choice, ...]) -> Optional[Step]:
    """Without a road model: the Automa, her card and the free spaces ahead; or the Meals or the end."""
    automas = game.setup.automas
    start = (tuple(Choice(f"{c.title()}'s card", f"{c} card") for c in automas)
             + (Choice("Meals at an Inn", "meals"), Choice("End of the journey", "end")))
    if not parts:
        return Step("Who moves? Tap the Automa whose card you flipped, or the Meals, or the end", start, panoramas,
                    PANORAMA_FIRST)
    head, rest = parts[0], parts[1:]
    if head == "end":
        return _end(rest)
    if head == "meals":  # the prices, the order of arrival, then the person's pick if needed
        prices, order = rest[:MEALS_DRAWN], [p.split()[-1] for p in rest[MEALS_DRAWN:MEALS_DRAWN + 3]]
        if len(prices) < MEALS_DRAWN:
            return _meals(prices, False)
        if len(order) < 3:
            return Step(f"Who arrived {('first', 'second', 'third')[len(order)]} at the Inn?",
                        tuple(Choice("You" if t == YOU else t.title(), f"{'' if order else 'order '}{t}")
                              for t in (YOU,) + automas if t not in order))
        return _meals(prices + rest[MEALS_DRAWN + 3:], order.index(YOU) < 2)
    # COLOUR card: the card, then the free spaces ahead, nearest first, up to her range or an Inn
    if len(rest) == 0:
        return Step(f"{head.split()[0].title()}'s card: tap its range and icon", _card_grid(""))
    reach = int(rest[0].split()[0])
    ahead = [p.split()[-1] for p in rest[1:]]
    if len(ahead) == reach or (ahead and ahead[-1] == "inn"):
        return None
    return Step(f"The {('nearest', 'second', 'third')[len(ahead)]} free space ahead of her",
                tuple(Choice(SPACE_NAMES[s], f"{'ahead ' if not ahead else ''}{s}") for s in SPACE_TYPES))
