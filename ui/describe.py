"""The game state in words for the screens (Kivy markup, seat letters always shown)."""
from __future__ import annotations

from typing import List, Sequence

from companion.rules.actions import die_text
from companion.rules.state import State

from .controller import PHASE_NAMES
from .theme import escape, seat_markup

AREAS = ("scavenge", "create", "upgrade", "research", "market")


def status_line(state: State) -> str:
    """Round, phase and the current initiative."""
    parts = [f"Round {state.round}", PHASE_NAMES.get(state.phase, state.phase)]
    if state.phase == "activate" and state.initiative:
        parts.append(f"initiative {state.initiative}")
    return " · ".join(parts)


def track(state: State, seats: Sequence[int]) -> str:
    return " ".join(seat_markup(state.seats[s].colour) for s in seats) or "—"


def tracks_lines(state: State) -> List[str]:
    """The turn order tracks: this round's Deployment, the Activation track, the next Deployment."""
    return [f"[b]Deployment[/b] {track(state, state.deploy_order)}",
            f"[b]Activation[/b] {track(state, state.activation_track)}",
            f"[b]Next round[/b] {track(state, state.deployment_track)}"]


def _slot_text(state: State, slot) -> str:
    seat, types = slot
    return f"{seat_markup(state.seats[seat].colour)} {' '.join(types)}"


def spaces_text(state: State, area: str) -> str:
    """Who holds the area's action spaces, then how many are free."""
    if area == "market":
        slots = [(f"{t.upper()} ", slot) for t, slot in state.market.items()]
    else:
        slots = [("", slot) for slot in state.spaces.get(area, [])]
    if not slots:
        return ""
    taken = [f"{prefix}{_slot_text(state, slot)}" for prefix, slot in slots if slot is not None]
    free = sum(1 for _, slot in slots if slot is None)
    if area == "market":
        free_text = " ".join(f"{prefix.strip()}" for prefix, slot in slots if slot is None)
        free_text = f"free {free_text}" if free_text else ""
    else:
        free_text = f"{free} free" if free else ""
    return ", ".join(taken + ([free_text] if free_text else []))


def area_line(state: State, area: str) -> str:
    """An area's staged dice by seat, then its action spaces (who holds them, how many free)."""
    by_seat: dict = {}
    for seat, die in state.staging.get(area, []):
        by_seat.setdefault(seat, []).append(die_text(die))
    staged = "  ".join(f"{seat_markup(state.seats[s].colour)} {' '.join(dice)}" for s, dice in sorted(by_seat.items()))
    spaces = spaces_text(state, area)
    space_text = f"  [color=b8bcc6]spaces:[/color] {spaces}" if spaces else ""
    return f"[b]{area.title()}[/b]: {staged or '[color=b8bcc6]no dice[/color]'}{space_text}"


def cards_line(state: State) -> str:
    head = state.heads[0] if state.heads else "none left"
    display = " ".join(state.display) or "empty"
    return f"[b]Parts display[/b]: {escape(display)}   [b]Top Head[/b]: {escape(head)}   [color=b8bcc6]deck {len(state.deck)}[/color]"


def seat_cells(state: State, seat: int, name: str) -> List[str]:
    """Seat, gears, coins, cards (and reserved ones): one row of the seats table."""
    s = state.seats[seat]
    cards = " ".join(s.cards) or "—"
    if s.reserved:
        cards += f" (res {' '.join(s.reserved)})"
    return [seat_markup(s.colour, name), str(s.gears), str(s.coins), escape(cards)]


def available_line(state: State) -> str:
    """Every seat's Available dice (rolled, not yet placed)."""
    parts = [f"{seat_markup(s.colour)} {' '.join(die_text(d) for d in s.available)}"
             for s in state.seats if s.available]
    return f"[b]Available[/b]: {'  '.join(parts) or '[color=b8bcc6]none[/color]'}"
