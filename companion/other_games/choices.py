"""What the table is asked next in a game of Tokaido or Euphoria, as buttons to tap.

A line of the game (``card 2 temple``, ``workers 3 5 1 6 2 2 4 5``) is built from the parts
tapped so far; :func:`next_step` says what is asked for the next part, or None once the line is
complete. So the touchscreen needs no keyboard and knows nothing of either game's words.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Tuple

from ..games.euphoria import AUTOMAS, EuphoriaGame
from ..games.euphoria.board import MARKETS, market_name
from ..games.euphoria.deck import ACTIONS
from ..games.euphoria.factions import FACTIONS, NAMES
from ..games.euphoria.game import BETWEEN_TURNS
from ..games.tokaido import TokaidoGame
from ..games.tokaido.meals import MEALS_DRAWN, YOU
from ..games.tokaido.spaces import PANORAMA_LENGTH, SPACE_NAMES, SPACE_TYPES
from ..games.tokaido.tally import ACHIEVEMENT_NAMES

MEAL_PRICES = (1, 2, 3)
END_COUNTS = tuple(range(21))
DIE = tuple(range(1, 7))
PANORAMA_FIRST = "Your Panorama, first:"


@dataclass(frozen=True)
class Choice:
    text: str   # the button's words
    part: str   # what it adds to the line ("" adds nothing)
    ends: bool = False  # the line is complete once this is chosen, whatever the steps would ask


@dataclass(frozen=True)
class Step:
    question: str
    choices: Tuple[Choice, ...]
    also: Tuple[Choice, ...] = ()  # at the start of a line: what may be told besides the question
    also_label: str = ""           # what those are


def _numbers(values: Sequence[int], prefix: str = "") -> Tuple[Choice, ...]:
    return tuple(Choice(str(v), f"{prefix}{v}") for v in values)


def next_step(game: Any, parts: Sequence[str]) -> Optional[Step]:
    """What to tap next, given the parts of the line tapped so far; None when it is complete."""
    if isinstance(game, TokaidoGame):
        return _tokaido(game, list(parts))
    if isinstance(game, EuphoriaGame):
        return _euphoria(game, list(parts))
    raise TypeError(f"not a game of Tokaido or Euphoria: {type(game).__name__}")


def line_of(parts: Sequence[str]) -> str:
    return " ".join(p for p in parts if p)


# -- Tokaido ---------------------------------------------------------------------------------

def _card_grid(prefix: str) -> Tuple[Choice, ...]:
    """The 3x3 grid of an Automa card: range 1-3 by no icon, Temple, Inn."""
    return tuple(Choice(f"{r}" + (f" {SPACE_NAMES[icon]}" if icon else ""), f"{prefix}{r}" + (f" {icon}" if icon else ""))
                 for r in (1, 2, 3) for icon in ("", "temple", "inn"))


def _tokaido(game: TokaidoGame, parts: List[str]) -> Optional[Step]:
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


def _meals(parts: List[str], pick_needed: bool, prefix: str = "") -> Optional[Step]:
    """The 4 Meal prices in the order drawn, then the person's pick when they arrived before an Automa."""
    prices = len(parts)
    if prices < MEALS_DRAWN:
        return Step(f"Meal {prices + 1} of {MEALS_DRAWN} drawn: its price", _numbers(MEAL_PRICES, "" if prices else prefix))
    if prices == MEALS_DRAWN and pick_needed:
        return Step("You arrived before an Automa: which Meal did you buy?",
                    _numbers(range(1, MEALS_DRAWN + 1), "took ") + (Choice("None", "took none"),))
    return None


def _end(parts: List[str], prefix: str = "") -> Optional[Step]:
    """Your four counts for the end achievements, then your Temple donations."""
    asked = ("Souvenirs", "Encounters", "Hot Springs", "Meal prices (their sum)", "coins given to the Temple")
    if len(parts) == len(asked):
        return None
    return Step(f"The journey is over. Your {asked[len(parts)]}", _numbers(END_COUNTS, "" if parts else prefix))


def _tokaido_told(game: TokaidoGame, parts: List[str], panoramas: Tuple[Choice, ...]) -> Optional[Step]:
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


# -- Euphoria ---------------------------------------------------------------------------------

def _dice_steps(parts: List[str], head: str, names: Sequence[str]) -> Optional[Step]:
    if len(parts) == len(names):
        return None
    return Step(f"{names[len(parts)]}: its value", _numbers(DIE, f"{head} " if not parts else ""))


BAZAAR_ARTIFACTS = (1, 2, 3)  # the artifacts of the New Antiques Bazaar a card's icon may point at


def card_face_steps(bazaar: bool) -> List[Step]:
    """The questions of an Automa card's faces, in the order of a deck file's line after the pile:
    each row's action, each row's faction icon, the ▲ and, with ``bazaar``, the Bazaar icon. The
    parts tapped are the file's words ("" for no ▲ and no Bazaar icon)."""
    asked = [Step(f"{c.title()}'s action (right half)", tuple(Choice(a.replace("-", " ").title(), a) for a in ACTIONS))
             for c in AUTOMAS] + [
        Step(f"{c.title()}'s faction icon (left half)", tuple(Choice(NAMES.get(f, "Own faction"), f)
                                                              for f in FACTIONS + ("own",))) for c in AUTOMAS]
    asked.append(Step("Does the left half show a ▲?", (Choice("▲ yes", "triangle"), Choice("No ▲", ""))))
    if bazaar:
        asked.append(Step("The Bazaar icon", (Choice("None", ""),)
                          + tuple(Choice(str(n), f"bazaar-{n}") for n in BAZAAR_ARTIFACTS)))
    return asked


def _card_faces(game: EuphoriaGame, parts: List[str], head: str) -> Optional[Step]:
    asked = card_face_steps(game.setup.bazaar)
    if len(parts) == len(asked):
        return None
    step = asked[len(parts)]
    if not parts:  # the people have played when the new card is drawn: what they did may be told first
        return Step(step.question, tuple(Choice(c.text, f"{head} {c.part}") for c in step.choices), BETWEEN,
                    "Between turns:")
    return step


def _market(market_id: str) -> Choice:
    name = market_name(market_id).removeprefix("the ").removesuffix(" market")
    return Choice(name[0].upper() + name[1:], market_id)


def _euphoria_between(game: EuphoriaGame, parts: List[str]) -> Optional[Step]:
    """What the people tell between turns: a market built, a worker bumped, an allegiance, a person's win."""
    head, rest = parts[0], parts[1:]
    if head == "built":
        return None if rest else Step("Which market was built?", tuple(_market(m) for m in MARKETS))
    if head == "allegiance":
        return None if rest else Step("Whose faction's allegiance?", tuple(Choice(c.title(), c) for c in AUTOMAS))
    if head == "won":
        return None if rest else Step("Who placed their last authority token?",
                                      tuple(Choice(f"Person {n}", str(n)) for n in range(1, game.setup.people + 1)))
    # bump: whose worker, its knowledge, then the die rolled
    if not rest:
        return Step("Whose worker was bumped?", tuple(Choice(c.title(), c) for c in AUTOMAS))
    if len(rest) == 1:
        return Step("The bumped worker's knowledge", _numbers(DIE))
    return None if len(rest) == 3 else Step("The bumped worker rolled", _numbers(DIE))


BETWEEN = (Choice("Market built", "built"), Choice("Worker bumped", "bump"), Choice("Allegiance", "allegiance"),
           Choice("A person won", "won"))


def _euphoria(game: EuphoriaGame, parts: List[str]) -> Optional[Step]:
    if parts and parts[0] in BETWEEN_TURNS:
        return _euphoria_between(game, parts)
    waiting = game.waiting_for()
    if waiting == "over":
        return None
    if waiting == "workers":
        return _dice_steps(parts, "workers", [f"{c.title()}'s worker {n} of 4" for c in AUTOMAS for n in range(1, 5)])
    if waiting == "roll":
        count = game.dice_to_roll()
        return _dice_steps(parts, "roll", [f"Her retrieved die {n} of {count}" for n in range(1, count + 1)]) \
            if count else (None if parts else Step("She retrieved no dice", (Choice("OK", "roll", ends=True),)))
    if waiting == "next":
        return None if parts else Step("When the people have played: the Automas' turn",
                                       (Choice("Automas' turn", "next"),), BETWEEN, "Between turns:")
    if waiting in ("card", "support"):
        return _card_faces(game, parts, waiting)
    if waiting == "completes":
        return None if parts else Step("Did her worker complete that market's construction?",
                                       (Choice("Yes", "completes yes"), Choice("No", "completes no")))
    return _sites(parts, game)


def _sites(parts: List[str], game: EuphoriaGame) -> Optional[Step]:
    """Construction sites with a person's worker on them (the app knows the Automas'): none, or one or more
    markets, then Done."""
    named = [p.split()[-1] for p in parts]
    open_sites = [m for m in MARKETS if not game.table.board.is_built(m) and m not in named]
    choices = tuple(Choice(_market(m).text, f"{'' if parts else 'sites '}{m}") for m in open_sites)
    end = (Choice("Done", "", ends=True),) if parts else (Choice("None", "sites none", ends=True),)
    return Step("Construction sites with a person's worker on them (tap each, then Done)", end + choices)

