"""What the table is asked next in a game of Age of Innovation, as buttons to tap (``line_games.choices``): her
community card and her cards' areas when the app has not seen them, the round's tile, whose turn, her turn's
counts, the end's points."""
from __future__ import annotations

from itertools import combinations
from typing import Optional

from companion.line_games.choices import Choice, Step, numbers

from ..buildings import PLURAL
from ..cards import BONUSES, MOST_ACTIONS, MOST_POINTS, MOST_STEPS
from ..disciplines import DISCIPLINES
from ..game import END_QUESTIONS, AoiGame
from ..levels import CARDS
from ..wording import question_text
from ..owner import MOST_KNOWLEDGE, MOST_TILE_POINTS

ACTION_CHOICES = ((Choice("Community", "community"), Choice("Invention", "invention"), Choice("Points X", "points-x"))
                  + tuple(Choice(f"{n} points", f"points-{n}") for n in range(1, MOST_POINTS + 1))
                  + tuple(Choice(a.title(), a) for a in ("build", "upgrade", "cover", "scholar", "step")))
DIRECTIONS = tuple(Choice(f"→ {n}", f">{n}") for n in range(1, MOST_STEPS + 1)) \
    + tuple(Choice(f"← {n}", f"<{n}") for n in range(1, MOST_STEPS + 1))
SUPPORT_STEPS = (
    Step("Support area: build from her", (Choice("Marked buildings", "marked"), Choice("Unmarked buildings", "unmarked"))),
    Step("Support area: the merge symbol?", (Choice("Merge", "merge"), Choice("No merge", ""))),
    Step("Support area: terrain-priority row", (Choice("Row A", "a"), Choice("Row B", "b"))),
    Step("Support area: the direction arrow and its number", DIRECTIONS),
    Step("Support area: the scholar symbol", (Choice("Scoring tile", "tile"), Choice("Catch up", "catchup"))),
    Step("Support area: the arrowed round bonus", tuple(Choice(b.title(), b) for b in BONUSES)),
    Step("The pass area (top right)", (Choice("Pass icon", "| pass"), Choice("No pass icon", "| -"))),
)
DIGIT_TENS = 30  # the tens of an end count: 0 to 290 points


def area_step(parts: list[str]) -> Optional[Step]:
    """A card's areas tapped part by part: its actions (then Done), its support symbols, its pass area. None once
    the card is complete."""
    if "|" not in parts:
        done = (Choice("Done", "|"),) if parts else ()
        more = ACTION_CHOICES if len(parts) < MOST_ACTIONS else ()
        return Step("Action area, top to bottom: tap each action, then Done", more + done)
    asked = len(parts) - parts.index("|") - 1
    return SUPPORT_STEPS[asked] if asked < len(SUPPORT_STEPS) else None


def _community(parts: list[str]) -> Optional[Step]:
    if "/" not in [p.split()[-1] for p in parts]:
        first = "community " if not parts else ""
        icons = tuple(Choice(d.title(), f"{first}{d}") for d in DISCIPLINES) if len(parts) < MOST_KNOWLEDGE else ()
        return Step("Her community card: tap each knowledge icon's discipline (top left), then Done",
                    icons + (Choice("Done", f"{first}/"),))
    actions = [Choice(c.text, c.part) for c in ACTION_CHOICES if c.part != "community"]
    after = parts[[p.split()[-1] for p in parts].index("/") + 1:]
    return Step("Her community action, in reading order: tap each action, then Done",
                (tuple(actions) if len(after) < MOST_ACTIONS else ()) + ((Choice("Done", "", ends=True),) if after
                                                                       else ()))


def _numbers(game: AoiGame, prefix: str) -> tuple[Choice, ...]:
    """The cards the table may have drawn for her, a button each."""
    return tuple(Choice(str(n), f"{prefix}card {n}") for n in CARDS if game.deck.can_draw(n))


def _card(game: AoiGame, parts: list[str]) -> Optional[Step]:
    """The card the table drew (``card N``, or ``next card N`` as her turn starts), then its areas the first time
    the app sees it."""
    if not parts:
        return Step("Draw her next card: its number", _numbers(game, ""))
    number = int(parts[0].split()[-1])
    return None if number in game.known else area_step(parts[1:])


def _turn(game: AoiGame, parts: list[str]) -> Optional[Step]:
    """Her turn or your pass. Where the table draws her card, her turn starts with the card's number: one tap."""
    if parts:
        return _card(game, parts) if parts[0].startswith("next card") else None
    you_pass = "You pass" if game.setup.players == 1 else "One of you passes"
    yours = () if game.you_passed else (Choice(you_pass, "passed"),)
    if game.she_passed:
        return Step("Her turn, or your pass", yours)
    if game.draws_at_turn():
        return Step("Her turn: draw her card and tap its number (or your pass)", _numbers(game, "next ") + yours)
    return Step("Her turn, or your pass", (Choice("Her turn", "next"),) + yours)


END_COUNTS = {"knowledge": "Her knowledge scoring", "area": "Her area scoring",
              "communityscore": "Her community card's end scoring", "extra": "Her value on the extra tile",
              "score": "Your final score", "partnerscore": "Your partner's final score"}


def _end(key: str, parts: list[str]) -> Optional[Step]:
    if not parts:
        return Step(f"{END_COUNTS[key]}: its tens", tuple(Choice(f"{10 * t}–{10 * t + 9}", f"{key} {t}")
                                                          for t in range(DIGIT_TENS)))
    return Step(f"{END_COUNTS[key]}: the points", tuple(Choice(f"{int(parts[0].split()[1]) * 10 + u}", str(u))
                                                        for u in range(10))) if len(parts) == 1 else None


def _ties(disciplines: tuple[str, ...]) -> tuple[Choice, ...]:
    """A button for each discipline, then for each set of them that tie: one tap, ties included."""
    return tuple(Choice(" + ".join(d.title() for d in tied), f"gap {' '.join(tied)}")
                 for size in range(1, len(disciplines) + 1) for tied in combinations(disciplines, size))


def _question(game: AoiGame, parts: list[str]) -> Optional[Step]:
    question = game.question()
    assert question is not None
    if parts:
        return None
    key = question.key
    text = question_text(question, game.support_card(), game.setup.players)
    if key == "gap":
        return Step(text, _ties(question.about))
    if key == "type":
        return Step(text, tuple(Choice(PLURAL[k][:-1].title() if k != "university" else "University", f"type {k}")
                                for k in question.about))
    return Step(text, numbers(range(question.least, question.most + 1), f"{key} "))


def _tile(game: AoiGame, parts: list[str]) -> Optional[Step]:
    """The round's tile: one of the card file's, or its points and colour."""
    question = "This round's tile: her points (bottom right)"
    tiles = game.unused_tiles()
    if not parts:
        if not tiles:
            return Step(question, numbers(range(MOST_TILE_POINTS + 1), "tile "))
        return Step("This round's tile", tuple(Choice(f"{name}: {points} · {colour.title()}", f"tile {name}",
                                                      ends=True) for name, (points, colour) in tiles.items())
                    + (Choice("Not in the file", "tile"),))
    if parts == ["tile"]:
        return Step(question, numbers(range(MOST_TILE_POINTS + 1)))
    if len(parts) == (3 if parts[0] == "tile" else 2):
        return None
    return Step("The colour of its Automa symbol", tuple(Choice(d.title(), d) for d in DISCIPLINES))


def next_step(game: AoiGame, parts: list[str]) -> Optional[Step]:
    """What to tap next, given the parts of the line tapped so far; None when it is complete."""
    waiting = game.waiting_for()
    if waiting == "over":
        return None
    if waiting == "community":
        return _community(parts)
    if waiting == "tile":
        return _tile(game, parts)
    if waiting == "turn":
        return _turn(game, parts)
    if waiting == "card":
        return _card(game, parts)
    if waiting in END_QUESTIONS:
        return _end(waiting, parts)
    return _question(game, parts)
