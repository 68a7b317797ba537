"""The game state in words for the screens (Kivy markup, seat letters always shown), cut to the
cells of the Table screen's grid: one column per seat, one row per thing on the table."""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from companion.games.automata.rules import Phase, Ruleset, SeatState, State, ability_text

from .controller import PHASE_NAMES
from .theme import MUTED, escape, hex_of, seat_markup

NOTHING = "—"
NO_BREAK = "\u00a0"  # a space where a line must not break


def muted(text: str) -> str:
    return f"[color={hex_of(MUTED)}]{text}[/color]"


def status_line(state: State) -> str:
    """Round, phase and the current initiative."""
    parts = [f"Round {state.round}", PHASE_NAMES[state.phase]]
    if state.phase == Phase.ACTIVATE and state.initiative:
        parts.append(f"initiative {state.initiative}")
    return " · ".join(parts)


def track(state: State, seats: Sequence[int]) -> str:
    return " ".join(seat_markup(state.seats[s].colour) for s in seats) or NOTHING


def tracks_text(state: State) -> str:
    """The turn order tracks: this round's Deployment, the Activation track, the next Deployment."""
    return "   ".join(f"[b]{name}[/b] {track(state, seats)}" for name, seats in (
        ("Deployment", state.deploy_order), ("Activation", state.activation_track),
        ("Next round", state.deployment_track)))


def dice_text(dice: Sequence) -> str:
    """Dice by type, their values after it: ``d4: 1 1 3  d6: 5``; a line breaks only between types."""
    by_type: dict[str, list[int]] = {}
    for die_type, value in sorted(dice):
        by_type.setdefault(die_type, []).append(value)
    return "  ".join(f"{t}:{NO_BREAK}{NO_BREAK.join(str(v) for v in values)}" for t, values in by_type.items())


def money_text(seat: SeatState) -> str:
    return f"{seat.gears} · {seat.coins}"


def cards_label(seat: SeatState) -> str:
    """A seat's cards by their short labels, then the reserved ones."""
    owned = " ".join(seat.cards)
    reserved = f"res {' '.join(seat.reserved)}" if seat.reserved else ""
    return " · ".join(part for part in (owned, reserved) if part)


def counted(types: Sequence[str]) -> str:
    """Die types by count, as dice are counted: ``2d4 d6``."""
    return NO_BREAK.join(f"{n if n > 1 else ''}{t}" for t, n in sorted(Counter(types).items()))


def area_cell(state: State, seat: int, area: str) -> str:
    """One seat's dice on an area: those staged there, then those on an action space it took."""
    staged = dice_text(state.staged_dice(seat, area))
    if area == "market":
        taken = [f"{t.upper()}{NO_BREAK}space{NO_BREAK}{counted(slot[1])}" for t, slot in state.market.items()
                 if slot is not None and slot[0] == seat]
    else:
        taken = [f"space{NO_BREAK}{counted(slot[1])}" for slot in state.spaces.get(area, [])
                 if slot is not None and slot[0] == seat]
    parts = [staged] if staged else []
    return "  ".join(parts + [muted(t) for t in taken])


def free_spaces(state: State, area: str) -> str:
    """How many of an area's action spaces are free; the Market's by die type."""
    if area == "market":
        return " ".join(t.upper() for t, slot in state.market.items() if slot is None) or "none"
    slots = state.spaces.get(area, [])
    free = sum(1 for slot in slots if slot is None)
    return (str(free) if free else "none") if slots else ""


def offer_text(state: State) -> str:
    """The Parts display and the top Head, by their short labels, and what is left in the deck."""
    display = " ".join(state.display) or NOTHING
    head = state.heads[0] if state.heads else NOTHING
    return f"Display: {escape(display)}\nTop Head: {escape(head)} · deck {len(state.deck)}"


def card_details(rules: Ruleset, card_ids: Sequence[str]) -> list[str]:
    """Each card's type, the sum it needs and its gear cost on a line, its ability indented below
    (plain text)."""
    lines = []
    for card_id in card_ids:
        card = rules.cards[card_id]
        cost = f"{card.gears} gear{'' if card.gears == 1 else 's'}"
        lines += [f"{card_id} {card.type.replace('_', ' ').title()}: needs sum {card.sum}, costs {cost}",
                  f"      {ability_text(card.ability)}"]
    return lines


def seat_cards_details(rules: Ruleset, seat: SeatState) -> str:
    """What a seat's cards cost, need and do; the reserved ones under a line of their own."""
    lines = card_details(rules, seat.cards) or ["No cards bought yet."]
    if seat.reserved:
        lines += ["Reserved:"] + card_details(rules, seat.reserved)
    return "\n".join(lines)


def offer_details(state: State) -> str:
    """What the Parts display and the top Head cost, need and do."""
    lines = card_details(state.rules, state.display) or ["The Parts display is empty."]
    lines += ["Top Head:"] + (card_details(state.rules, state.heads[:1]) or ["none left"])
    return "\n".join(lines + [f"Parts left in the deck: {len(state.deck)}"])
