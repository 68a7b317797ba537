"""End-game scoring (R22–R25) with a per-seat breakdown."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from .state import State
from .vocabulary import DIE_INDEX


@dataclass(frozen=True)
class CardSet:
    cards: tuple[str, ...]
    colours: int
    vp: int


@dataclass(frozen=True)
class SeatScore:
    colour: str
    sets: tuple[CardSet, ...]
    sets_vp: int
    reserved_cards: tuple[str, ...]
    reserved_vp: int
    coins_vp: int
    dice: dict[str, int]
    dice_vp: int
    gears_vp: int
    card_points: tuple[tuple[str, int], ...]
    card_points_vp: int
    board_vp: int
    total: int


@dataclass(frozen=True)
class Score:
    seats: tuple[SeatScore, ...]
    winners: tuple[str, ...]
    shared: bool = field(default=False)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@lru_cache(maxsize=4096)
def _best_sets(counts: tuple[int, ...], values: tuple[int, ...], master: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Best partition of cards (counts by colour) into sets of different colours.

    ``master`` is the index of the Master Plan colour, which counts only in a set of every
    colour (R23). Returns the VP and the sets as tuples of colour indices. Kept for each
    hand: the bots' estimates score the same few hands over and over.
    """
    full = tuple(range(len(counts)))

    @lru_cache(maxsize=None)
    def best(remaining: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
        present = [i for i, n in enumerate(remaining) if n]
        if not present or present == [master]:
            return 0, ()
        top: tuple[int, tuple[tuple[int, ...], ...]] = (-1, ())
        first = next(i for i in present if i != master)  # every set holds a card of this colour or none uses it
        for mask in range(1, 1 << len(present)):
            chosen = tuple(present[j] for j in range(len(present)) if mask >> j & 1)
            if first not in chosen or (master in chosen and chosen != full):
                continue
            rest = tuple(n - (i in chosen) for i, n in enumerate(remaining))
            vp, sets = best(rest)
            if vp + values[len(chosen)] > top[0]:
                top = (vp + values[len(chosen)], (chosen,) + sets)
        skip = tuple(0 if i == first else n for i, n in enumerate(remaining))
        vp, sets = best(skip)  # leave the rest of this colour out of every set
        return top if top[0] >= vp else (vp, sets)

    return best(tuple(counts))


def _card_points(state: State, seat_index: int, owned: dict[str, int]) -> list[tuple[str, int]]:
    seat = state.seats[seat_index]
    points = []
    for card_id in seat.cards:
        ability = state.rules.cards[card_id].ability
        kind = ability.get("kind")
        if kind == "score":
            points.append((card_id, ability["vp"]))
        elif kind == "score_per_die":
            points.append((card_id, ability["vp"] * owned[ability["die"]]))
        elif kind == "score_per_gears":
            points.append((card_id, ability["vp"] * (seat.gears // ability["gears"])))
    return points


def owned_dice(state: State, seat_index: int) -> dict[str, int]:
    """R22: a seat owns its dice outside its Reserve."""
    rules = state.rules
    reserve = state.seats[seat_index].reserve
    return {t: rules.dice_per_seat[t] - reserve[i] for t, i in DIE_INDEX.items()}


def score_seat(state: State, seat_index: int) -> SeatScore:
    rules = state.rules
    seat = state.seats[seat_index]
    types = rules.card_types
    by_colour: list[list[str]] = [[] for _ in types]
    for card_id in seat.cards:
        by_colour[types.index(rules.cards[card_id].type)].append(card_id)
    vp, chosen = _best_sets(tuple(len(c) for c in by_colour), rules.set_values, types.index("master_plan"))
    taken = [0] * len(types)
    sets = []
    for colours in chosen:
        cards = []
        for i in colours:
            cards.append(by_colour[i][taken[i]])
            taken[i] += 1
        sets.append(CardSet(tuple(cards), len(colours), rules.set_values[len(colours)]))
    owned = owned_dice(state, seat_index)
    dice_vp = sum(owned[t] * rules.dice_vp[t] for t in owned)
    points = _card_points(state, seat_index, owned)
    reserved_vp = rules.reserved_card_vp * len(seat.reserved)
    coins_vp = seat.coins * rules.coin_vp
    gears_vp = seat.gears * rules.gear_vp
    card_vp = sum(p for _, p in points)
    board_vp = 0  # R17: the Research board's effect is not legible; default none
    total = vp + reserved_vp + coins_vp + dice_vp + gears_vp + card_vp + board_vp
    return SeatScore(seat.colour, tuple(sets), vp, tuple(seat.reserved), reserved_vp, coins_vp, owned, dice_vp,
                     gears_vp, tuple(points), card_vp, board_vp, total)


def score(state: State) -> Score:
    """The score of every seat and the winner, or the seats that share the win (R25)."""
    seats = tuple(score_seat(state, i) for i in range(len(state.seats)))
    best = max(s.total for s in seats)
    winners = tuple(s.colour for s in seats if s.total == best)
    return Score(seats, winners, len(winners) > 1)
