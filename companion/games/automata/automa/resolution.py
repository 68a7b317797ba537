"""Priority lists: how one card pair turns a state into exactly one legal engine action.

Every decision follows the same shape, like the selection methods of the published Automa
rulebooks: start from the engine's legal actions of the kind wanted, apply the criteria of
the list in order (each keeps only the options that do best on it), and finish with the
support card's *direction selection*, which counts ``steps`` options in reading order (or
reverse), wrapping around. Direction selection always leaves exactly one option, and every
option came from ``legal_actions``, so resolution can neither pick an illegal action nor
get stuck.

A resolution returns the action and a *rule key* naming the list entry that decided it;
instructions and tests use the key.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Optional, Sequence, TypeVar

from ..rules import (
    AREAS, Action, CardAdjust, CardReroll, Combine, Create, Forfeit, Nudge, Phase, Place, Reroll, Research, Scavenge,
    Sell, State, Upgrade, legal_actions,
)
from ..rules.actions import Activation, Die, Modification
from .deck import ActionHalf, SupportHalf
from .valuation import card_value, gear_value

A = TypeVar("A")
Chosen = TypeVar("Chosen", bound=Action, covariant=True)
Criterion = Callable[[A], float]  # a criterion of a priority list over options of one kind: higher is better

LAST_ROUND = 5       # the Parts deck deals 15 cards, 3 a round
CREATE_UNTIL = 3     # new dice pay off only with rounds left to use them
GEARS_ENOUGH = 10    # it stops scavenging with this many gears



def _steps(table: Sequence[tuple[int, int]]) -> list[int]:
    """Sums at which an area's reward steps up (from a rules data table)."""
    return [low for low, _ in table[1:]]


@dataclass(frozen=True)
class Handicap:
    """Setup handicaps of a level: limits the Automa puts on itself."""

    max_modifications: int = 1   # modifications per deployment turn
    reserve: bool = True         # may reserve cards at all
    buys_heads: bool = True      # may buy Head cards


@dataclass(frozen=True)
class Resolved(Generic[Chosen]):
    action: Chosen
    rule: str


def select(options: Sequence[A], criteria: Sequence[Criterion[A]], support: SupportHalf) -> A:
    """Apply each criterion (higher is better) to the survivors, then direction selection."""
    survivors = list(options)
    for criterion in criteria:
        if len(survivors) == 1:
            break
        scored = [(criterion(o), o) for o in survivors]
        top = max(s for s, _ in scored)
        survivors = [o for s, o in scored if s == top]
    return direction_select(survivors, support)


def direction_select(options: Sequence[A], support: SupportHalf) -> A:
    """Count ``steps`` options from the first (or last) in reading order, wrapping around."""
    if not options:
        raise ValueError("direction selection needs at least one option")
    index = (support.steps - 1) % len(options)
    return options[index] if support.direction == "right" else options[-1 - index]


# ---- the Automa's view of its seat ------------------------------------------------------------

def staged(state: State, seat: int, area: str) -> list[Die]:
    return state.staged_dice(seat, area)


def research_target(state: State, seat: int, support: SupportHalf, handicap: Handicap) -> Optional[str]:
    """The card it saves dice for: a colour it lacks first, then the support card's colour order."""
    s = state.seats[seat]
    rules = state.rules
    owned = {rules.cards[c].type for c in s.cards}
    offers = list(state.display) + list(s.reserved)
    if state.heads and handicap.buys_heads:
        offers.append(state.heads[0])
    affordable = [c for c in offers if rules.cards[c].gears <= s.gears]
    if not affordable:
        return None

    def key(card_id: str) -> tuple[bool, int, int, str]:
        card = rules.cards[card_id]
        return (card.type in owned, support.colours.index(card.type), card.sum, card_id)

    return min(affordable, key=key)


def _thresholds(state: State, seat: int, area: str, support: SupportHalf, handicap: Handicap) -> list[int]:
    rules = state.rules
    if area == "scavenge":
        return _steps(rules.scavenge_table)
    if area == "create":
        return _steps(rules.create_table)
    if area == "upgrade":
        return [low for low, mod in rules.upgrade_modifier_table if mod < 0]
    if area == "research":
        target = research_target(state, seat, support, handicap)
        return [rules.cards[target].sum] if target else []
    return []


# ---- deployment: which area, which die ---------------------------------------------------------

def _wants(state: State, seat: int, area: str, support: SupportHalf, handicap: Handicap) -> bool:
    """The condition of each area in a ``plan`` focus list."""
    s = state.seats[seat]
    mine = staged(state, seat, area)
    types = {t for t, _ in s.available}
    if area == "research":
        target = research_target(state, seat, support, handicap)
        return target is not None and sum(v for _, v in mine) < state.rules.cards[target].sum
    if area == "market":
        sellable = ("d8", "d6", "d4") if state.round >= LAST_ROUND else ("d8",)
        return any(state.market[t] is None and t in types and not any(d == t for d, _ in mine) for t in sellable)
    if area == "upgrade":
        d6 = sum(1 for t, _ in mine if t == "d6")
        d4 = sum(1 for t, _ in mine if t == "d4")
        if "d6" in types and s.reserve[2] > d6 and s.gears >= 2 * (d6 + 1) + d4:
            return True
        return "d4" in types and s.reserve[1] > d4 and s.gears >= d4 + 2 * d6 + 1
    if area == "create":
        return (state.round <= CREATE_UNTIL and s.reserve[0] >= 2 and s.gears >= 2
                and sum(v for _, v in mine) < state.rules.create_table[-1][0])
    return state.round < LAST_ROUND and s.gears < GEARS_ENOUGH  # scavenge


def _area_die_criteria(state: State, seat: int, area: str, half: ActionHalf, support: SupportHalf,
                       handicap: Handicap) -> list[Criterion[Place]]:
    """Which die goes to ``area``: the area's own rule, then the action card's die preference."""
    base = sum(v for _, v in staged(state, seat, area))
    high: Criterion[Place] = (lambda a: a.die[1]) if half.die == "high" else (lambda a: -a.die[1])
    if area == "market":
        rank = {"d8": 2, "d6": 1, "d4": 0}
        return [lambda a: rank[a.die[0]], lambda a: -a.die[1]]
    if area == "upgrade":
        rank = {"d6": 2, "d4": 1, "d8": 0}
        return [lambda a: rank[a.die[0]], lambda a: -a.die[1]]
    steps = _thresholds(state, seat, area, support, handicap)
    if steps:
        def reaches(a: Place) -> float:
            # completing the next step with the smallest die that does it
            total = base + a.die[1]
            hit = [t for t in steps if base < t <= total]
            return 100 - total if hit else 0
        return [reaches, high]
    return [high]


def resolve_placement(state: State, seat: int, places: Sequence[Place], half: ActionHalf,
                      support: SupportHalf, handicap: Handicap) -> Resolved[Place]:
    if half.judge == "blind":
        area = half.focus[0]
        options = [p for p in places if p.area == area]
        high: Criterion[Place] = (lambda a: a.die[1]) if half.die == "high" else (lambda a: -a.die[1])
        return Resolved(select(options, [high], support), "place.blind")
    for area in half.focus:
        if _wants(state, seat, area, support, handicap):
            options = [p for p in places if p.area == area]
            criteria = _area_die_criteria(state, seat, area, half, support, handicap)
            return Resolved(select(options, criteria, support), f"place.plan.{area}")
    # no area's condition holds: the highest die to the first area of the focus list
    options = [p for p in places if p.area == half.focus[0]]
    return Resolved(select(options, [lambda a: a.die[1]], support), "place.plan.fallback")


# ---- deployment: modifications -------------------------------------------------------------------

def resolve_modification(state: State, seat: int, actions: Sequence[Action], intended: Place,
                         support: SupportHalf, handicap: Handicap) -> Optional[Resolved[Modification]]:
    """One modification of the die about to be placed, if the support card allows one and it pays."""
    s = state.seats[seat]
    die, area = intended.die, intended.area
    if support.modify == "none":
        return None
    base = sum(v for _, v in staged(state, seat, area))
    total = base + die[1]
    steps = _thresholds(state, seat, area, support, handicap)
    short = min([t - total for t in steps if t > total], default=None)
    if support.modify == "nudge" and short in (1, 2):
        cards = [a for a in actions if isinstance(a, CardAdjust) and a.changes == ((die, short),)]
        if cards:
            return Resolved(select(cards, [], support), "modify.card_adjust")
        target = research_target(state, seat, support, handicap) if area == "research" else None
        reserve_gears = state.rules.cards[target].gears if target else 0  # keep the card's price
        if short == 1 and s.gears >= 1 + reserve_gears:
            nudges = [a for a in actions if isinstance(a, Nudge) and a.die == die and a.delta == 1]
            if nudges:
                return Resolved(nudges[0], "modify.nudge")
    if support.modify == "reroll" and area in ("scavenge", "research") and die[0] != "d4" and die[1] <= 2:
        card_rerolls = [a for a in actions if isinstance(a, CardReroll) and a.die == die]
        if card_rerolls:
            return Resolved(select(card_rerolls, [], support), "modify.card_reroll")
        if s.gears >= 3:
            rerolls = [a for a in actions if isinstance(a, Reroll) and a.die == die]
            if rerolls:
                return Resolved(rerolls[0], "modify.reroll")
    if support.modify == "combine" and short is not None and area in ("scavenge", "research"):
        combos = [a for a in actions if isinstance(a, Combine) and a.target == die and a.sign == 1
                  and a.spent[1] >= short]
        if combos:
            return Resolved(select(combos, [lambda a: -a.spent[1]], support), "modify.combine")
    return None


# ---- activation -----------------------------------------------------------------------------------

def _only(options: Sequence[Activation], kind: type[A]) -> list[A]:
    """The options of one kind (every option of an area is of that area's kind)."""
    return [a for a in options if isinstance(a, kind)]


def _area_option(state: State, seat: int, area: str, options: Sequence[Activation], support: SupportHalf,
                 handicap: Handicap) -> tuple[Optional[Activation], str]:
    """The one option the Automa takes on ``area`` (None: it forfeits there)."""
    s = state.seats[seat]
    if not options:
        return None, f"activate.{area}.none"
    if area == "scavenge":
        return select(_only(options, Scavenge), [lambda a: len(a.group), lambda a: sum(v for _, v in a.group)],
                      support), "activate.scavenge.all"
    if area == "create":
        late = state.round >= 4
        d6s: Criterion[Create] = (lambda a: a.d6) if not late and s.gears >= 8 else (lambda a: -a.d6)
        return select(_only(options, Create), [lambda a: a.d4 + a.d6, d6s, lambda a: len(a.group)], support), \
            "activate.create.most"
    if area == "upgrade":
        return select(_only(options, Upgrade), [lambda a: a.d6, lambda a: a.d4, lambda a: len(a.group)], support), \
            "activate.upgrade.most"
    if area == "market":
        rank = {"d8": 2, "d6": 1, "d4": 0}
        sells = _only(options, Sell)
        if state.round < LAST_ROUND:  # a D4 sells for 2 coins: worth it only when no round is left
            sells = [a for a in sells if a.space != "d4"]
        if not sells:
            return None, "activate.market.keep"
        return select(sells, [lambda a: rank[a.space], lambda a: sum(1 for t, _ in a.group if t == a.space),
                              lambda a: -len(a.group)], support), "activate.market.best"
    buys = [a for a in options if isinstance(a, Research) and a.verb == "buy"]
    if not handicap.buys_heads:
        buys = [a for a in buys if not state.rules.cards[a.card].is_head]
    if buys:
        gv = gear_value(state)
        values = {c: card_value(state, seat, c) - state.rules.cards[c].gears * gv for c in {a.card for a in buys}}
        best = max(values.values())
        if best > 0:
            return select(buys, [lambda a: round(values[a.card], 6),
                                 lambda a: -support.colours.index(state.rules.cards[a.card].type),
                                 lambda a: -len(a.group), lambda a: -sum(v for _, v in a.group)], support), \
                "activate.research.buy"
    reserves = [a for a in options if isinstance(a, Research) and a.verb == "reserve"]
    if reserves and support.reserve and handicap.reserve and state.round <= 3 and not s.reserved:
        owned = {state.rules.cards[c].type for c in s.cards}
        fresh = [a for a in reserves if state.rules.cards[a.card].type not in owned]
        if fresh:
            return select(fresh, [lambda a: -support.colours.index(state.rules.cards[a.card].type),
                                  lambda a: -len(a.group)], support), "activate.research.reserve"
    return None, "activate.research.none"


def resolve_activation(state: State, seat: int, actions: Sequence[Action], half: ActionHalf,
                       support: SupportHalf, handicap: Handicap) -> Resolved[Activation | Forfeit]:
    by_area: dict[str, list[Activation]] = {}
    forfeits: dict[str, Forfeit] = {}
    for a in actions:
        if isinstance(a, Forfeit):
            forfeits[a.area] = a
        elif isinstance(a, (Scavenge, Create, Upgrade, Research, Sell)):  # all the others of an activation turn
            by_area.setdefault(a.area, []).append(a)
    chosen: dict[str, tuple[Activation | Forfeit, str]] = {}
    for area in forfeits:
        option, rule = _area_option(state, seat, area, by_area.get(area, []), support, handicap)
        chosen[area] = (option, rule) if option is not None else (forfeits[area], f"forfeit.{rule.split('.', 1)[1]}")
    # an action before a forfeit, then the focus order; areas not in the focus keep reading order
    order = {area: i for i, area in enumerate(half.focus)}
    best_area = min(chosen, key=lambda a: (isinstance(chosen[a][0], Forfeit), order.get(a, len(AREAS)),
                                           AREAS.index(a)))
    action, rule = chosen[best_area]
    return Resolved(action, rule)


def resolve(state: State, seat: int, half: ActionHalf, support: SupportHalf, handicap: Handicap,
            modifications_left: int) -> Resolved[Action]:
    """The Automa's action for the seat to move, from its card pair."""
    actions = legal_actions(state)
    if not actions:
        raise ValueError("the Automa was asked to decide where no decision is open")
    if state.phase != Phase.DEPLOY:
        return resolve_activation(state, seat, actions, half, support, handicap)
    places = [a for a in actions if isinstance(a, Place)]
    intended = resolve_placement(state, seat, places, half, support, handicap)
    if modifications_left > 0:
        mod = resolve_modification(state, seat, actions, intended.action, support, handicap)
        if mod is not None:
            return mod
    return intended
