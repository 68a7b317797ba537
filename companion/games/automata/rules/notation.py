"""Text notation for actions and chance outcomes: ``parse_action`` is the inverse of ``str``.

See ``docs/notation.md``. Parsing checks the form of a line only; whether the action is
legal is the engine's business.
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

from .actions import (
    Action, CardAdjust, CardReroll, Combine, Create, Deal, Die, Forfeit, Group, Nudge, Order,
    Place, Research, Reroll, Roll, Scavenge, Sell, Upgrade,
)
from .errors import NotationError
from .vocabulary import AREAS, DIE_TYPES

_DIE = re.compile(r"^(d4|d6|d8):([1-8])$")
_SIGNED = re.compile(r"^[+-][0-9]+$")
_COUNT = re.compile(r"^([1-9][0-9]*)(d4|d6)$")
_CARD = re.compile(r"^[A-Z][0-9]+$")


def parse_die(token: str) -> Die:
    match = _DIE.match(token)
    if not match:
        raise NotationError(f"'{token}' is not a die: write its type and value, like d6:5")
    return (match.group(1), int(match.group(2)))


def _group(tokens: Sequence[str], verb: str) -> Group:
    if not tokens:
        raise NotationError(f"'{verb}' needs at least one die, like d6:5")
    return tuple(sorted(parse_die(t) for t in tokens))


def _card(token: str) -> str:
    if not _CARD.match(token):
        raise NotationError(f"'{token}' is not a card name (like A1 or H2)")
    return token


def _area(token: str) -> str:
    if token not in AREAS:
        raise NotationError(f"'{token}' is not a staging area: one of {', '.join(AREAS)}")
    return token


def _signed(token: str) -> int:
    if not _SIGNED.match(token):
        raise NotationError(f"'{token}' is not a signed amount like +1 or -2")
    return int(token)


def _split_at(tokens: list[str], keyword: str, verb: str) -> tuple[list[str], list[str]]:
    if keyword not in tokens:
        raise NotationError(f"'{verb}' needs '{keyword}' after the dice")
    i = tokens.index(keyword)
    return tokens[:i], tokens[i + 1:]


def _counts(tokens: Sequence[str], verb: str) -> dict[str, int]:
    counts = {"d4": 0, "d6": 0}
    for token in tokens:
        match = _COUNT.match(token)
        if not match or counts[match.group(2)]:
            raise NotationError(f"'{verb}' takes counts like 2d4 1d6, not '{token}'")
        counts[match.group(2)] = int(match.group(1))
    if not tokens:
        raise NotationError(f"'{verb}' needs at least one count like 1d4")
    return counts


def _expect(tokens: Sequence[str], n: int, usage: str) -> None:
    if len(tokens) != n:
        raise NotationError(f"expected: {usage}")


def _place(seat: str, t: list[str]) -> Action:
    _expect(t, 2, "SEAT place DIE AREA")
    return Place(seat, parse_die(t[0]), _area(t[1]))


def _nudge(seat: str, t: list[str]) -> Action:
    _expect(t, 2, "SEAT nudge DIE +1|-1")
    return Nudge(seat, parse_die(t[0]), _signed(t[1]))


def _reroll(seat: str, t: list[str]) -> Action:
    _expect(t, 1, "SEAT reroll DIE")
    return Reroll(seat, parse_die(t[0]))


def _combine(seat: str, t: list[str]) -> Action:
    _expect(t, 3, "SEAT combine DIE +|- DIE")
    if t[1] not in "+-" or len(t[1]) != 1:
        raise NotationError("combine takes + or - between the two dice")
    return Combine(seat, parse_die(t[0]), 1 if t[1] == "+" else -1, parse_die(t[2]))


def _use(seat: str, t: list[str]) -> Action:
    if len(t) == 2:
        return CardReroll(seat, _card(t[0]), parse_die(t[1]))
    if len(t) not in (3, 5):
        raise NotationError("expected: SEAT use CARD DIE [+N|-N] [DIE +N|-N]")
    changes = tuple(sorted((parse_die(t[i]), _signed(t[i + 1])) for i in range(1, len(t), 2)))
    return CardAdjust(seat, _card(t[0]), changes)


def _scavenge(seat: str, t: list[str]) -> Action:
    return Scavenge(seat, _group(t, "scavenge"))


def _create(seat: str, t: list[str]) -> Action:
    dice, rest = _split_at(t, "make", "create")
    counts = _counts(rest, "make")
    return Create(seat, _group(dice, "create"), counts["d4"], counts["d6"])


def _upgrade(seat: str, t: list[str]) -> Action:
    dice, rest = _split_at(t, "raise", "upgrade")
    counts = _counts(rest, "raise")
    return Upgrade(seat, _group(dice, "upgrade"), counts["d4"], counts["d6"])


def _research(seat: str, t: list[str]) -> Action:
    if len(t) < 3 or t[-2] not in ("buy", "reserve"):
        raise NotationError("expected: SEAT research DIE... buy|reserve CARD")
    return Research(seat, _group(t[:-2], "research"), t[-2], _card(t[-1]))


def _sell(seat: str, t: list[str]) -> Action:
    dice, rest = _split_at(t, "at", "sell")
    if len(rest) != 1 or rest[0] not in DIE_TYPES:
        raise NotationError("sell ends with the Market space: at d4, at d6 or at d8")
    return Sell(seat, _group(dice, "sell"), rest[0])


def _forfeit(seat: str, t: list[str]) -> Action:
    _expect(t, 1, "SEAT forfeit AREA")
    return Forfeit(seat, _area(t[0]))


_SEAT_VERBS: dict[str, Callable[[str, list[str]], Action]] = {
    "place": _place, "nudge": _nudge, "reroll": _reroll, "combine": _combine, "use": _use,
    "scavenge": _scavenge, "create": _create, "upgrade": _upgrade, "research": _research,
    "sell": _sell, "forfeit": _forfeit,
}


def parse_action(line: str) -> Action:
    """Parse one line of notation; raises ``NotationError`` with a plain reason."""
    tokens = line.split()
    if not tokens:
        raise NotationError("the line is empty")
    head, rest = tokens[0], tokens[1:]
    if head == "order":
        if not rest:
            raise NotationError("expected: order SEAT SEAT...")
        return Order(tuple(rest))
    if head == "deal":
        return Deal(tuple(sorted(_card(c) for c in rest)))
    if head == "roll":
        if len(rest) < 2:
            raise NotationError("expected: roll SEAT DIE...")
        return Roll(rest[0], tuple(sorted(parse_die(d) for d in rest[1:])))
    if len(tokens) < 2 or tokens[1] not in _SEAT_VERBS:
        raise NotationError(
            f"'{line.strip()}' is not an action: start with a seat colour and a verb "
            f"({', '.join(_SEAT_VERBS)}), or with order, deal or roll"
        )
    return _SEAT_VERBS[tokens[1]](head, tokens[2:])
