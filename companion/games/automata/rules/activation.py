"""The Activation Phase: activating a group onto an action space, or forfeiting."""
from __future__ import annotations

from functools import lru_cache
from typing import Optional, Sequence

from . import flow, pools
from .actions import Action, ActivationTurn, Create, Die, Forfeit, Group, Research, Scavenge, Sell, Upgrade
from .errors import IllegalAction
from .memo import Memo
from .state import SeatState, State
from .vocabulary import AREA_NAMES, DIE_INDEX


def group_sum(state: State, seat: SeatState, group: Group, area: str) -> int:
    """The sum of a group's values plus the seat's Leg bonus for this action (R19)."""
    total = sum_bonus(state, seat, area)
    for _, value in group:
        total += value
    return total


def sum_bonus(state: State, seat: SeatState, area: str) -> int:
    """What the seat's Leg cards add to the sum of any group it activates on ``area`` (R19)."""
    bonus = 0
    for card_id in seat.cards:
        ability = state.rules.cards[card_id].ability
        if ability.get("kind") == "sum_bonus" and ability["area"] == area:
            bonus += ability["amount"]
    return bonus


def free_space(state: State, area: str) -> Optional[int]:
    slots = state.spaces.get(area)
    if slots is None:
        return None
    for i, slot in enumerate(slots):
        if slot is None:
            return i
    return None


def upgrade_cost(state: State, d4: int, d6: int, total: int) -> int:
    rules = state.rules
    base = d4 * rules.upgrade_cost["d4"] + d6 * rules.upgrade_cost["d6"]
    return max(0, base + rules.upgrade_modifier(total))


# ---- checks ----------------------------------------------------------------------------------

def _check_group(state: State, seat_index: int, area: str, group: Group) -> None:
    staged = state.staged_dice(seat_index, area)
    name = AREA_NAMES[area]
    if not pools.contains(staged, group):
        raise IllegalAction("Rulebook: Taking actions, grouping, and sums",
                            f"Those dice are not all {state.seats[seat_index].colour}'s dice on the {name} staging area")
    if not any(v == state.initiative for _, v in group):
        raise IllegalAction("R9", f"A group must include a die showing {state.initiative}, the current initiative")


def _check_space(state: State, area: str) -> None:
    if area in state.spaces and free_space(state, area) is None:
        raise IllegalAction("Rulebook: Taking actions, grouping, and sums",
                            f"Every {AREA_NAMES[area]} action space is taken: forfeit instead (+1 gear)")


def check(state: State, seat_index: int, action: ActivationTurn) -> None:
    seat = state.seats[seat_index]
    rules = state.rules
    if isinstance(action, Forfeit):
        if action.area not in rules.areas:
            raise IllegalAction("Rulebook: Forfeit", f"'{action.area}' is not a staging area")
        if not any(v == state.initiative for _, v in state.staged_dice(seat_index, action.area)):
            raise IllegalAction("Rulebook: Forfeit",
                                f"{seat.colour} can forfeit only an area holding one of its dice showing {state.initiative}")
        return
    area = action.area
    _check_group(state, seat_index, area, action.group)
    _check_space(state, area)
    total = group_sum(state, seat, action.group, area)
    if isinstance(action, Scavenge):
        if rules.scavenge_gears(total) == 0:
            raise IllegalAction("R12", f"Scavenge with a sum of {total} gives nothing: forfeit instead (+1 gear)")
    elif isinstance(action, Create):
        _check_create(state, seat, action, total)
    elif isinstance(action, Upgrade):
        _check_upgrade(state, seat, action, total)
    elif isinstance(action, Research):
        _check_research(state, seat, action, total)
    elif isinstance(action, Sell):
        _check_sell(state, action)


def _check_create(state: State, seat: SeatState, action: Create, total: int) -> None:
    rules = state.rules
    count = action.d4 + action.d6
    if action.d4 < 0 or action.d6 < 0 or count == 0:
        raise IllegalAction("R12", "Create must make at least one die, or forfeit instead (+1 gear)")
    capacity = rules.create_capacity(total)
    if count > capacity:
        raise IllegalAction("R14", f"Create with a sum of {total} makes at most {capacity} dice, not {count}")
    for die_type, n in (("d4", action.d4), ("d6", action.d6)):
        have = seat.reserve[DIE_INDEX[die_type]]
        if n > have:
            raise IllegalAction("Rulebook: Create Action", f"{seat.colour} has {have} {die_type.upper()} in Reserve, not {n}")
    cost = action.d4 * rules.create_cost["d4"] + action.d6 * rules.create_cost["d6"]
    if cost > seat.gears:
        raise IllegalAction("R14", f"Those dice cost {cost} gears and {seat.colour} has {seat.gears}")


def _check_upgrade(state: State, seat: SeatState, action: Upgrade, total: int) -> None:
    in_group = {t: sum(1 for d, _ in action.group if d == t) for t in ("d4", "d6")}
    if action.d4 < 0 or action.d6 < 0 or action.d4 + action.d6 == 0:
        raise IllegalAction("R12", "Upgrade must improve at least one die, or forfeit instead (+1 gear)")
    for die_type, n, better in (("d4", action.d4, "d6"), ("d6", action.d6, "d8")):
        if n > in_group[die_type]:
            raise IllegalAction("Rulebook: Upgrade Action",
                                f"Only dice of the group can be improved: it has {in_group[die_type]} {die_type.upper()}, not {n}")
        have = seat.reserve[DIE_INDEX[better]]
        if n > have:
            raise IllegalAction("R13", f"{seat.colour} has {have} {better.upper()} in Reserve to replace {n} {die_type.upper()}")
    cost = upgrade_cost(state, action.d4, action.d6, total)
    if cost > seat.gears:
        raise IllegalAction("R13", f"That upgrade costs {cost} gears and {seat.colour} has {seat.gears}")


def _check_research(state: State, seat: SeatState, action: Research, total: int) -> None:
    card = state.rules.cards.get(action.card)
    if card is None:
        raise IllegalAction("R18", f"There is no card {action.card}")
    if action.verb == "reserve":
        if card.is_head:
            raise IllegalAction("R15", "Heads cannot be reserved")
        if action.card not in state.display:
            raise IllegalAction("Rulebook: Reserving Cards", f"{action.card} is not beside the Research board")
        return
    if action.card in state.heads and action.card != state.heads[0]:
        raise IllegalAction("R15", f"Heads are bought from the top of the pile only: {state.heads[0]} is on top")
    if not (action.card in state.display or action.card in seat.reserved or
            (state.heads and action.card == state.heads[0])):
        raise IllegalAction("Rulebook: Research Action", f"{action.card} is not on offer to {seat.colour}")
    if total < card.sum:
        raise IllegalAction("R15", f"{action.card} needs a sum of {card.sum}; the group sums to {total}")
    if seat.gears < card.gears:
        raise IllegalAction("R15", f"{action.card} costs {card.gears} gears and {seat.colour} has {seat.gears}")


def _check_sell(state: State, action: Sell) -> None:
    if action.space not in state.market:
        raise IllegalAction("R16", f"There is no {action.space} Market space")
    if state.market[action.space] is not None:
        raise IllegalAction("R16", f"The {action.space.upper()} Market space is taken until the Reset")
    if not any(t == action.space for t, _ in action.group):
        raise IllegalAction("R12", f"Selling at the {action.space.upper()} space needs a {action.space.upper()} in the group")


# ---- applying ------------------------------------------------------------------------------

def _leave_staging(state: State, seat_index: int, area: str, group: Group) -> None:
    left = state.staging[area][:]
    for die in group:
        left.remove((seat_index, die))
    state.staging = {**state.staging, area: left}


def _occupy(state: State, seat_index: int, area: str, types: Sequence[str]) -> None:
    index = free_space(state, area)
    if index is None:  # checked before: an action of a full area is never legal
        raise IllegalAction("Rulebook: Taking actions, grouping, and sums", f"Every {AREA_NAMES[area]} action space is taken")
    slots = state.spaces[area][:]
    slots[index] = (seat_index, tuple(sorted(types)))
    state.spaces = {**state.spaces, area: slots}


def apply(state: State, seat_index: int, action: ActivationTurn) -> None:
    seat = state.own_seat(seat_index)
    rules = state.rules
    if isinstance(action, Forfeit):
        kept = []
        for owner, die in state.staging[action.area]:
            if owner == seat_index:
                seat.spent[DIE_INDEX[die[0]]] += 1
            else:
                kept.append((owner, die))
        state.staging = {**state.staging, action.area: kept}
        seat.gears += rules.forfeit_gears
        flow.end_activation_turn(state, seat_index)
        return
    area = action.area
    group = action.group
    _leave_staging(state, seat_index, area, group)
    types = [die_type for die_type, _ in group]
    total = group_sum(state, seat, group, area)
    if isinstance(action, Scavenge):
        seat.gears += rules.scavenge_gears(total)
        _occupy(state, seat_index, area, types)
    elif isinstance(action, Create):
        seat.gears -= action.d4 * rules.create_cost["d4"] + action.d6 * rules.create_cost["d6"]
        for die_type, n in (("d4", action.d4), ("d6", action.d6)):
            seat.reserve[DIE_INDEX[die_type]] -= n
            seat.spent[DIE_INDEX[die_type]] += n
        _occupy(state, seat_index, area, types)
    elif isinstance(action, Upgrade):
        seat.gears -= upgrade_cost(state, action.d4, action.d6, total)
        n4, n6, n8 = (types.count(t) for t in ("d4", "d6", "d8"))
        improved = ["d4"] * (n4 - action.d4) + ["d6"] * (n6 - action.d6 + action.d4) + ["d8"] * (n8 + action.d6)
        seat.reserve[DIE_INDEX["d6"]] += action.d6 - action.d4
        seat.reserve[DIE_INDEX["d8"]] -= action.d6
        seat.reserve[DIE_INDEX["d4"]] += action.d4
        _occupy(state, seat_index, area, improved)
    elif isinstance(action, Research):
        for t in types:
            seat.spent[DIE_INDEX[t]] += 1
        if action.verb == "reserve":
            state.display = pools.without(state.display, [action.card])
            seat.reserved = sorted(seat.reserved + [action.card])
        else:
            seat.gears -= rules.cards[action.card].gears
            if action.card in state.display:
                state.display = pools.without(state.display, [action.card])
            elif action.card in seat.reserved:
                seat.reserved = pools.without(seat.reserved, [action.card])
            elif action.card in state.heads:
                state.heads = pools.without(state.heads, [action.card])
            seat.cards = sorted(seat.cards + [action.card])
    elif isinstance(action, Sell):
        sold = [t for t in types if t == action.space]
        unsold = tuple(sorted(t for t in types if t != action.space))
        reward = rules.sell_rewards[action.space]
        seat.reserve[DIE_INDEX[action.space]] += len(sold)
        seat.coins += reward["coins"] * len(sold)
        seat.gears += reward["gears"] * len(sold)
        for _ in range(reward["d4_to_spent"] * len(sold)):
            if seat.reserve[DIE_INDEX["d4"]]:
                seat.reserve[DIE_INDEX["d4"]] -= 1
                seat.spent[DIE_INDEX["d4"]] += 1
        state.market = {**state.market, action.space: (seat_index, unsold) if unsold else None}
    flow.end_activation_turn(state, seat_index)


# ---- generating ----------------------------------------------------------------------------

_FORFEITS: Memo[tuple[str, str], Forfeit] = Memo(lambda colour_area: Forfeit(*colour_area))


@lru_cache(maxsize=4096)
def _groups(staged: tuple[Die, ...], initiative: int) -> tuple[tuple[Group, int], ...]:
    """Each group of ``staged`` holding a die showing ``initiative`` (R9), with the sum of its values."""
    return tuple((group, sum(v for _, v in group)) for group in pools.sub_multisets(staged)
                 if any(v == initiative for _, v in group))


def legal(state: State, seat_index: int) -> list[Action]:
    """Every activation and forfeit of the seat to move, in a fixed order."""
    seat = state.seats[seat_index]
    initiative = state.initiative
    actions: list[Action] = []
    for area in state.rules.areas:
        staged = []
        shows_initiative = False
        for owner, die in state.staging[area]:
            if owner == seat_index:
                staged.append(die)
                shows_initiative = shows_initiative or die[1] == initiative
        if not shows_initiative:
            continue
        groups = _groups(tuple(staged), initiative)
        forfeit = _FORFEITS[seat.colour, area]
        if area in state.spaces and free_space(state, area) is None:
            actions.append(forfeit)
            continue
        bonus = sum_bonus(state, seat, area)
        if bonus:
            groups = tuple((group, total + bonus) for group, total in groups)
        actions += _OPTIONS[area](state, seat, groups)
        actions.append(forfeit)
    return actions


Sums = tuple[tuple[Group, int], ...]  # groups, each with the sum it activates with


def _scavenge_options(state: State, seat: SeatState, groups: Sums) -> list[Action]:
    out: list[Action] = []
    for group, total in groups:
        if state.rules.scavenge_gears(total):
            out.append(Scavenge(seat.colour, group))
    return out


def _create_options(state: State, seat: SeatState, groups: Sums) -> list[Action]:
    rules = state.rules
    cost4, cost6 = rules.create_cost["d4"], rules.create_cost["d6"]
    out: list[Action] = []
    for group, total in groups:
        capacity = rules.create_capacity(total)
        for d4 in range(min(capacity, seat.reserve[0]) + 1):
            for d6 in range(min(capacity - d4, seat.reserve[1]) + 1):
                if d4 + d6 and d4 * cost4 + d6 * cost6 <= seat.gears:
                    out.append(Create(seat.colour, group, d4, d6))
    return out


def _upgrade_options(state: State, seat: SeatState, groups: Sums) -> list[Action]:
    rules = state.rules
    cost4, cost6 = rules.upgrade_cost["d4"], rules.upgrade_cost["d6"]
    out: list[Action] = []
    for group, total in groups:
        have4 = have6 = 0
        for die_type, _ in group:
            if die_type == "d4":
                have4 += 1
            elif die_type == "d6":
                have6 += 1
        modifier = rules.upgrade_modifier(total)
        for d4 in range(min(have4, seat.reserve[1]) + 1):
            for d6 in range(min(have6, seat.reserve[2]) + 1):
                if d4 + d6 and max(0, d4 * cost4 + d6 * cost6 + modifier) <= seat.gears:  # upgrade_cost
                    out.append(Upgrade(seat.colour, group, d4, d6))
    return out


def _research_options(state: State, seat: SeatState, groups: Sums) -> list[Action]:
    cards = state.rules.cards
    offers = sorted(state.display + seat.reserved) + state.heads[:1]
    display = sorted(state.display)
    out: list[Action] = []
    for group, total in groups:
        for card_id in offers:
            card = cards[card_id]
            if total >= card.sum and seat.gears >= card.gears:
                out.append(Research(seat.colour, group, "buy", card_id))
        for card_id in display:
            out.append(Research(seat.colour, group, "reserve", card_id))
    return out


def _sell_options(state: State, seat: SeatState, groups: Sums) -> list[Action]:
    free = [space for space in state.rules.market_spaces if state.market[space] is None]
    out: list[Action] = []
    for group, _ in groups:
        for space in free:
            for die_type, _ in group:
                if die_type == space:
                    out.append(Sell(seat.colour, group, space))
                    break
    return out


_OPTIONS = {"scavenge": _scavenge_options, "create": _create_options, "upgrade": _upgrade_options,
            "research": _research_options, "market": _sell_options}
