"""The game in words for the screens: the round and phase, a seat's cards by their short labels, and what each
card costs, needs and does (the details a tap on the Table's cards shows)."""
from __future__ import annotations

from typing import Sequence

from companion.games.automata.rules import Phase, Ruleset, SeatState, State, ability_text

from .controller import PHASE_NAMES


def status_line(state: State) -> str:
    """Round, phase and the current initiative."""
    parts = [f"Round {state.round}", PHASE_NAMES[state.phase]]
    if state.phase == Phase.ACTIVATE and state.initiative:
        parts.append(f"initiative {state.initiative}")
    return " · ".join(parts)


def cards_label(seat: SeatState) -> str:
    """A seat's cards by their short labels, then the reserved ones."""
    owned = " ".join(seat.cards)
    reserved = f"res {' '.join(seat.reserved)}" if seat.reserved else ""
    return " · ".join(part for part in (owned, reserved) if part)


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
