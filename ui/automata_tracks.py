"""The round, its phase and the turn order board: this round's Deployment track, the Activation track and the next
round's Deployment track, each a row of spots holding the seats' pawns in the order they took them."""
from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line

from companion.games.automata.rules import Phase, State

from . import theme
from .canvas_text import text_width
from .controller import PHASE_NAMES
from .sheet import Sheet

TRACKS = (("Deploy", "deploy_order"), ("Activate", "activation_track"), ("Next", "deployment_track"))
LINE_H = 22
ROW_H = 30
PAWN = 26


def tracks_width(seats: int) -> float:
    """The width the turn order board takes at ``seats`` seats."""
    return _label_width() + seats * (PAWN + 4)


def _label_width() -> float:
    return max(text_width(name) for name, _ in TRACKS) + 6


def paint_tracks(sheet: Sheet, state: State, x: float, y: float, width: float, height: float) -> None:
    """The round and phase on top (the initiative in Activation), then the three tracks, in the box whose bottom
    left corner is (x, y)."""
    top = y + height
    sheet.text(f"Round {state.round} · {PHASE_NAMES[state.phase]}", theme.TEXT, x, top - LINE_H / 2, bold=True,
               anchor="left", width=width)
    if state.phase == Phase.ACTIVATE and state.initiative:
        sheet.text(f"Initiative {state.initiative}", theme.ACCENT, x, top - LINE_H * 1.5, anchor="left")
    label_w = _label_width()
    for row, (name, attribute) in enumerate(TRACKS):
        middle = top - 2 * LINE_H - (row + 0.5) * ROW_H
        sheet.text(name, theme.MUTED, x, middle, anchor="left")
        order: list[int] = getattr(state, attribute)
        for spot in range(len(state.seats)):
            left, bottom = x + label_w + spot * (PAWN + 4), middle - PAWN / 2
            Color(*theme.MUTED)
            Line(rounded_rectangle=(left, bottom, PAWN, PAWN, 5), width=1)
            if spot < len(order):
                colour = state.seats[order[spot]].colour
                Color(*theme.seat_rgba(colour))
                Ellipse(pos=(left + 1, bottom + 1), size=(PAWN - 2, PAWN - 2))
                sheet.text(theme.seat_letter(colour), theme.ink_on(colour), left + PAWN / 2, middle, bold=True)
