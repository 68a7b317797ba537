"""Automata's table drawn, as the Table screen shows it (registered in ``ui.boards``): the five action boards across
the top as the table lays them out, and under them each seat's place (its name on its colour, its gears and coins,
its cards on a button that shows what each costs, needs and does, its Available dice) beside the turn order board.
A tap on a board chooses its area when a move asks for one; a tap on the cards beside Research shows them.

It fits 800×480 at four seats without scrolling: dice on a crowded staging area or pool shrink, never below the size
their 18 px values read at."""
from __future__ import annotations

from functools import partial
from typing import Callable, Optional, Sequence

from kivy.graphics import Color, Ellipse, Line, RoundedRectangle
from kivy.uix.widget import Widget

from companion.games.automata.rules import State

from . import describe, theme
from .automata_areas import SMALLEST, SPACES_H, grid_size, paint_board
from .automata_tracks import paint_tracks, tracks_width
from .canvas_text import Box
from .dialogs import details
from .die_drawing import SIZE
from .moves import AREA_TITLES
from .sheet import Sheet
from .widgets import TouchButton, touch_button

GAP = 6
SEATS_H = 142      # a seat's place: its badge, its cards and money, two rows of Available dice
BADGE_H = 28
CARDS_H = 48       # the cards button: a touch target
MONEY_W = 50
GEAR: theme.RGBA = (0.62, 0.64, 0.68, 1)
COIN: theme.RGBA = (0.95, 0.80, 0.25, 1)


class CardsButton(TouchButton):
    """A seat's cards by their short labels; a tap shows what each costs, needs and does."""


class AutomataBoard(Widget):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.state: Optional[State] = None
        self.names: list[str] = []
        self.pick: Optional[Callable[[str], bool]] = None
        self.sheet = Sheet()
        self.area_boxes: dict[str, Box] = {}
        self.cards_buttons: dict[int, TouchButton] = {}
        self.bind(pos=self._draw, size=self._draw)

    def show(self, state: State, pick: Optional[Callable[[str], bool]] = None, names: Sequence[str] = ()) -> None:
        """Draw ``state``, its seats named ``names``; ``pick`` is told the title of an area tapped (true when it was
        a choice offered)."""
        self.state, self.pick = state, pick
        self.names = list(names) or [seat.colour.title() for seat in state.seats]
        self.clear_widgets()
        self.cards_buttons = {}
        for seat, held in enumerate(state.seats):
            if held.cards or held.reserved:
                button = touch_button("", partial(self.show_cards, seat), kind=CardsButton,
                                      font_size=theme.FONT_SMALL, size_hint=(None, None), height=CARDS_H)
                self.cards_buttons[seat] = button
                self.add_widget(button)
        self._draw()

    def show_cards(self, seat: int) -> None:
        assert self.state is not None
        held = self.state.seats[seat]
        details(f"{theme.seat_letter(held.colour)} {self.names[seat]}: cards",
                describe.seat_cards_details(self.state.rules, held))

    def show_offer(self) -> None:
        assert self.state is not None
        details("On offer", describe.offer_details(self.state))

    def on_touch_down(self, touch: object) -> bool:
        if self.state is None or not self.collide_point(*touch.pos):  # type: ignore[attr-defined]
            return False
        if super().on_touch_down(touch):
            return True
        x, y = touch.pos  # type: ignore[attr-defined]
        for area, (left, bottom, width, height) in self.area_boxes.items():
            if left <= x <= left + width and bottom <= y <= bottom + height:
                if area == "research" and y <= bottom + SPACES_H:
                    self.show_offer()
                    return True
                return self.pick is not None and self.pick(AREA_TITLES[area])
        return False

    def _draw(self, *_: object) -> None:
        self.canvas.before.clear()
        self.sheet = Sheet()
        state = self.state
        if state is None:
            return
        areas = state.rules.areas
        board_w = (self.width - (len(areas) - 1) * GAP) / len(areas)
        boards_y = self.y + SEATS_H + GAP
        boards_h = self.height - SEATS_H - GAP
        seats = len(state.seats)
        tracks_w = tracks_width(len(theme.SEAT_RGBA))  # as wide at every table, for the round and phase
        seat_w = (self.width - tracks_w - seats * GAP) / seats
        with self.canvas.before:
            self.area_boxes = {}
            for i, area in enumerate(areas):
                box = (self.x + i * (board_w + GAP), boards_y, board_w, boards_h)
                self.area_boxes[area] = box
                paint_board(self.sheet, state, area, *box)
            for seat in range(seats):
                self._seat(seat, self.x + seat * (seat_w + GAP), self.y, seat_w, SEATS_H)
            paint_tracks(self.sheet, state, self.right - tracks_w, self.y, tracks_w, SEATS_H)

    def _seat(self, seat: int, x: float, y: float, width: float, height: float) -> None:
        """A seat's place: its badge (outlined while it is to act), its cards and money, its Available dice."""
        assert self.state is not None
        held = self.state.seats[seat]
        colour, top = held.colour, y + height
        Color(*theme.seat_rgba(colour))
        RoundedRectangle(pos=(x, top - BADGE_H), size=(width, BADGE_H), radius=[6])
        if seat == self.state.turn:
            Color(*theme.ACCENT)
            Line(rounded_rectangle=(x - 2, y - 2, width + 4, height + 4, 6), width=1.5)
        self.sheet.text(f"{theme.seat_letter(colour)}  {self.names[seat]}", theme.ink_on(colour), x + width / 2,
                        top - BADGE_H / 2, bold=True, width=width - 8)
        row_y = top - BADGE_H - 4 - CARDS_H
        button = self.cards_buttons.get(seat)
        if button is not None:
            button.pos, button.width = (x, row_y), width - MONEY_W - 4
            button.text, button.text_size = describe.cards_label(held), (button.width - 12, None)
            button.texture_update()
            if button.texture_size[1] > CARDS_H:  # more than two lines: counted instead
                button.text = counted_cards(held.cards, held.reserved)
        else:
            self.sheet.text("no cards", theme.MUTED, x + 4, row_y + CARDS_H / 2, anchor="left")
        money_x = x + width - MONEY_W
        _gear(money_x + 9, row_y + CARDS_H * 0.75)
        self.sheet.text(str(held.gears), theme.TEXT, money_x + 22, row_y + CARDS_H * 0.75, anchor="left")
        _coin(money_x + 9, row_y + CARDS_H * 0.25)
        self.sheet.text(str(held.coins), theme.TEXT, money_x + 22, row_y + CARDS_H * 0.25, anchor="left")
        pool_top = row_y - 4
        size, per_row = grid_size(len(held.available), width, pool_top - y, SIZE, SMALLEST)
        for i, (die_type, value) in enumerate(held.available):
            row, column = divmod(i, per_row)
            self.sheet.die(die_type, value, colour, x + column * (size + 2), pool_top - (row + 1) * size - row * 2,
                           size)


def counted_cards(cards: Sequence[str], reserved: Sequence[str]) -> str:
    """A seat's cards by their count, for a hand too long for its button."""
    owned = f"{len(cards)} card{'' if len(cards) == 1 else 's'}" if cards else ""
    kept = f"{len(reserved)} reserved" if reserved else ""
    return " · ".join(part for part in (owned, kept) if part)


def _gear(x: float, y: float) -> None:
    """A gear: a ring with six teeth, centred on (x, y)."""
    Color(*GEAR)
    Line(circle=(x, y, 5.5), width=2.2)
    for angle in range(0, 360, 60):
        Line(circle=(x, y, 8.5, angle - 12, angle + 12), width=2)


def _coin(x: float, y: float) -> None:
    Color(*COIN)
    Ellipse(pos=(x - 8, y - 8), size=(16, 16))
    Color(0.70, 0.55, 0.10, 1)
    Line(circle=(x, y, 5.5), width=1.2)
