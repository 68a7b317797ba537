"""Automata's five action boards as the table lays them out: each its name, its staging area with the dice placed
there (each seat's dice together after its letter, those of the current initiative outlined) and its action spaces
below. A space taken holds the dice moved there on its seat's colour; the Market's three, one per die type, show
the type they sell while free. Research has no action spaces: the Parts display lies beside it, with the Head
pile, as small cards."""
from __future__ import annotations

from typing import Optional, Sequence

from kivy.graphics import Color, Line, Rectangle

from companion.games.automata.rules import Phase, State

from . import theme
from .die_drawing import SIZE, outline
from .sheet import Sheet

TITLE_H = 24
SPACES_H = 46
PAD = 4
GAP = 2
GROUP_GAP = 6
LETTER_W = 17       # room for the widest seat letter, W, before its dice
SMALLEST = 22       # dice shrink so far, and no further, when a staging area is crowded
SPACE_DIE = 14      # a die on an action space: its type and seat, no value
BOARD: theme.RGBA = (0.20, 0.21, 0.25, 1)
SPACE: theme.RGBA = (0.14, 0.15, 0.18, 1)

Placed = tuple[int, float, int]  # index (a letter: -1), x from the left, row from the top


def flow(groups: Sequence[int], width: float, rows: int, size: float) -> Optional[list[list[Placed]]]:
    """Each group's letter and dice (``groups``: the dice of each) placed on rows ``width`` wide, a group starting a
    new row when it does not fit what is left of one; None when they need more than ``rows`` rows."""
    placed: list[list[Placed]] = []
    x, row = 0.0, 0
    for count in groups:
        if x > 0 and x + LETTER_W + count * (size + GAP) > width:
            x, row = 0.0, row + 1
        spots: list[Placed] = [(-1, x, row)]
        x += LETTER_W
        for index in range(count):
            if x + size > width:
                x, row = LETTER_W, row + 1
            spots.append((index, x, row))
            x += size + GAP
        x += GROUP_GAP
        placed.append(spots)
    return placed if row < rows else None


def paint_board(sheet: Sheet, state: State, area: str, x: float, y: float, width: float, height: float) -> None:
    """The board of ``area`` in the box whose bottom left corner is (x, y)."""
    Color(*BOARD)
    Rectangle(pos=(x, y), size=(width, height))
    top = y + height
    sheet.text(area.title(), theme.TEXT, x + PAD, top - TITLE_H / 2, bold=True, anchor="left")
    right = x + width - PAD
    if area == "research":
        right = sheet.text(f"deck {len(state.deck)}", theme.MUTED, right, top - TITLE_H / 2, anchor="right").box[0] - 6
    staging_top = top - TITLE_H
    left_out = _staging(sheet, state, area, x + PAD, y + SPACES_H + PAD, width - 2 * PAD,
                        staging_top - (y + SPACES_H + PAD))
    if left_out:
        sheet.text(f"+{left_out}", theme.ACCENT, right, top - TITLE_H / 2, bold=True, anchor="right")
    band = (x + PAD, y + PAD, width - 2 * PAD, SPACES_H - 2 * PAD)
    if area == "research":
        _offer(sheet, state, *band)
    else:
        _spaces(sheet, state, area, *band)


def _staging(sheet: Sheet, state: State, area: str, x: float, y: float, width: float, height: float) -> int:
    """The dice on the staging area; how many of them found no room (none but at a table far fuller than play
    makes one)."""
    seats = [s for s in range(len(state.seats)) if state.staged_dice(s, area)]
    groups = [state.staged_dice(s, area) for s in seats]
    counts = [len(g) for g in groups]
    size = float(SIZE)
    while (placed := flow(counts, width, _rows(height, size), size)) is None and size > SMALLEST:
        size -= 2
    if placed is None:  # more dice than a board holds: drawn at the smallest size, rows past its foot left out
        placed = flow(counts, width, len(counts) + sum(counts), size) or []
    rows = _rows(height, size)
    initiative = state.initiative if state.phase == Phase.ACTIVATE else None
    left_out = 0
    for seat, dice, spots in zip(seats, groups, placed):
        colour = state.seats[seat].colour
        for index, left, row in spots:
            if row >= rows:
                left_out += index >= 0
                continue
            bottom = y + height - (row + 1) * size - row * GAP
            if index < 0:
                sheet.text(theme.seat_letter(colour), theme.seat_rgba(colour), x + left, bottom + size / 2,
                           bold=True, anchor="left")
            else:
                die_type, value = dice[index]
                ring = theme.ACCENT if value == initiative else None
                sheet.die(die_type, value, colour, x + left, bottom, size, ring)
    return left_out


def grid_size(count: int, width: float, height: float, largest: float, smallest: float) -> tuple[float, int]:
    """The largest size, from ``largest`` down to ``smallest``, at which ``count`` dice in rows fit ``width`` by
    ``height``, and how many go on a row."""
    size = float(largest)
    while True:
        per_row = max(int((width + GAP) // (size + GAP)), 1)
        if -(-count // per_row) * (size + GAP) - GAP <= height or size <= smallest:
            return size, per_row
        size -= 2


def _rows(height: float, size: float) -> int:
    return int((height + GAP) // (size + GAP))


def _spaces(sheet: Sheet, state: State, area: str, x: float, y: float, width: float, height: float) -> None:
    """The action spaces in a row: free ones empty (the Market's with the shape of the die they sell), each taken
    one on its seat's colour with its letter and the dice moved there."""
    slots = list(state.market.items()) if area == "market" else [("", s) for s in state.spaces.get(area, [])]
    if not slots:
        return
    slot_w = (width - (len(slots) - 1) * PAD) / len(slots)
    for i, (sells, slot) in enumerate(slots):
        left = x + i * (slot_w + PAD)
        Color(*SPACE)
        Rectangle(pos=(left, y), size=(slot_w, height))
        if slot is None:
            Color(*theme.MUTED)
            Line(rectangle=(left, y, slot_w, height), width=1, dash_length=4, dash_offset=3)
            if sells:
                side = height - 12
                Line(points=outline(sells, left + (slot_w - side) / 2, y + 6, side), close=True, width=1.2)
            continue
        seat, types = slot
        colour = state.seats[seat].colour
        r, g, b, _ = theme.seat_rgba(colour)
        Color(r, g, b, 0.30)
        Rectangle(pos=(left, y), size=(slot_w, height))
        Color(r, g, b, 1)
        Line(rectangle=(left, y, slot_w, height), width=1.4)
        sheet.text(theme.seat_letter(colour), theme.TEXT, left + 3, y + height / 2, bold=True, anchor="left")
        _space_dice(sheet, colour, types, left + LETTER_W + 3, y + 2, slot_w - LETTER_W - 5, height - 4)


def _space_dice(sheet: Sheet, colour: str, types: Sequence[str], x: float, y: float, width: float,
                height: float) -> None:
    """The dice on a space, small and without values, as many rows as they need (smaller when many)."""
    size, per_row = grid_size(len(types), width, height, SPACE_DIE, 6)
    rows = -(-len(types) // per_row)
    top = y + (height + rows * (size + GAP) - GAP) / 2
    for i, die_type in enumerate(types):
        row, column = divmod(i, per_row)
        sheet.die(die_type, None, colour, x + column * (size + GAP), top - (row + 1) * size - row * GAP, size)


def _offer(sheet: Sheet, state: State, x: float, y: float, width: float, height: float) -> None:
    """The Parts display, then the Head pile's top card (a pile: the edges of those under it)."""
    cards = list(state.display) + state.heads[:1]
    if not cards:
        return
    card_w = min(38.0, (width - 3 - (len(cards) - 1) * PAD) / len(cards))
    for i, card_id in enumerate(cards):
        is_head = i == len(state.display)
        sheet.card(card_id, x + i * (card_w + PAD) + (2 if is_head else 0), y + 3, card_w, height - 3,
                   pile=is_head and len(state.heads) > 1)
