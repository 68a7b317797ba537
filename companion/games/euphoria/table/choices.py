"""What the table is asked next in a game of Euphoria, as buttons to tap (``line_games.choices``): the
Automas' worker dice, her card pair's faces, what the people tell between turns, the construction sites."""
from __future__ import annotations

from typing import Optional, Sequence

from companion.line_games.choices import Choice, Step, numbers
from ..board import MARKETS, market_name
from ..deck import ACTIONS
from ..factions import FACTIONS, NAMES
from ..game import BETWEEN_TURNS, EuphoriaGame
from ..setup import AUTOMAS

DIE = tuple(range(1, 7))


def _dice_steps(parts: list[str], head: str, names: Sequence[str]) -> Optional[Step]:
    if len(parts) == len(names):
        return None
    return Step(f"{names[len(parts)]}: its value", numbers(DIE, f"{head} " if not parts else ""))


BAZAAR_ARTIFACTS = (1, 2, 3)  # the artifacts of the New Antiques Bazaar a card's icon may point at


def card_face_steps(bazaar: bool) -> list[Step]:
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


def _card_faces(game: EuphoriaGame, parts: list[str], head: str) -> Optional[Step]:
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


def _euphoria_between(game: EuphoriaGame, parts: list[str]) -> Optional[Step]:
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
        return Step("The bumped worker's knowledge", numbers(DIE))
    return None if len(rest) == 3 else Step("The bumped worker rolled", numbers(DIE))


BETWEEN = (Choice("Market built", "built"), Choice("Worker bumped", "bump"), Choice("Allegiance", "allegiance"),
           Choice("A person won", "won"))


def next_step(game: EuphoriaGame, parts: list[str]) -> Optional[Step]:
    """What to tap next, given the parts of the line tapped so far; None when it is complete."""
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


def _sites(parts: list[str], game: EuphoriaGame) -> Optional[Step]:
    """Construction sites with a person's worker on them (the app knows the Automas'): none, or one or more
    markets, then Done."""
    named = [p.split()[-1] for p in parts]
    open_sites = [m for m in MARKETS if not game.table.board.is_built(m) and m not in named]
    choices = tuple(Choice(_market(m).text, f"{'' if parts else 'sites '}{m}") for m in open_sites)
    end = (Choice("Done", "", ends=True),) if parts else (Choice("None", "sites none", ends=True),)
    return Step("Construction sites with a person's worker on them (tap each, then Done)", end + choices)
