"""The Table screen's grid: the game at a glance, one column per seat and one row per thing on the
table (gears and coins, cards, Available dice while any are left, each staging area), the free
action spaces last. A seat's cards show by their short labels; a tap shows what each costs,
needs and does. Styles are in table.kv."""
from __future__ import annotations


from kivy.graphics import Color, Rectangle
from kivy.properties import ListProperty, NumericProperty, ObjectProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from . import describe, theme
from .dialogs import details
from .widgets import SeatBadge, TouchButton, touch_button


class GridCell(Label):
    """A cell of the grid: wraps within its column and grows to fit its text, at least
    ``min_height`` high (its text centred in the row)."""

    min_height = NumericProperty(22)


class GridTitle(GridCell):
    """A row's title, in the first column."""


class CardsButton(TouchButton):
    """A seat's cards by their short labels; a tap shows the details."""

    HEIGHT = 48


class TableGrid(GridLayout):
    """``state`` shown with the seats named by ``names``."""

    state = ObjectProperty(None, allownone=True)
    names = ListProperty()
    TITLE_W = 108
    SPACES_W = 96
    GAP = 4

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.bind(state=self.rebuild, names=self.rebuild, width=self.rebuild)

    def do_layout(self, *args) -> None:
        """Lay the cells out, then shade every other row so that a row reads across."""
        super().do_layout(*args)
        self.canvas.before.clear()
        with self.canvas.before:
            Color(*theme.PANEL)
            titles = [cell for cell in reversed(self.children) if isinstance(cell, GridTitle)]
            for title in titles[1::2]:
                Rectangle(pos=(self.x, title.y), size=(self.width, title.height))

    def seat_width(self, seats: int) -> float:
        return (self.width - self.TITLE_W - self.SPACES_W - self.GAP * (seats + 1)) / seats

    def rebuild(self, *_: object) -> None:
        self.clear_widgets()
        state = self.state
        if state is None or len(self.names) != len(state.seats):
            return
        seats = range(len(state.seats))
        seat_w = self.seat_width(len(state.seats))
        self.cols = len(state.seats) + 2

        def row(title: str, cells: list, last: str = "", height: float = 22) -> None:
            """A row as high as its tallest cell, every cell's text centred in it."""
            for cell in cells:
                cell.width = seat_w
            everything = [GridTitle(text=title, width=self.TITLE_W), *cells,
                          GridCell(text=last, width=self.SPACES_W, color=theme.MUTED)]
            texts = [cell for cell in everything if isinstance(cell, GridCell)]
            for cell in texts:
                cell.texture_update()
            height = max([height] + [cell.texture_size[1] for cell in texts])
            for cell in everything:
                if isinstance(cell, GridCell):
                    cell.min_height = height
                self.add_widget(cell)

        row("", [SeatBadge(colour=state.seats[s].colour, seat_name=self.names[s], font_size=theme.FONT_SMALL,
                           size_hint=(None, None), height=28) for s in seats], "Free spaces", height=28)
        row("Gears · coins", [GridCell(text=describe.money_text(state.seats[s])) for s in seats])
        row("Cards", [self._cards(s) for s in seats], height=CardsButton.HEIGHT)
        if any(seat.available for seat in state.seats):  # none in Activation: the row makes room
            row("Available", [GridCell(text=describe.dice_text(state.seats[s].available) or describe.NOTHING)
                              for s in seats])
        for area in state.rules.areas:
            row(area.title(), [GridCell(text=describe.area_cell(state, s, area)) for s in seats],
                describe.free_spaces(state, area))

    def _cards(self, seat: int) -> Label:
        """The seat's cards on a button that shows their details; a dash when it has none."""
        held = self.state.seats[seat]
        if not (held.cards or held.reserved):
            return GridCell(text=describe.NOTHING, min_height=CardsButton.HEIGHT)
        return touch_button(describe.cards_label(held), lambda: self.show_cards(seat), kind=CardsButton)

    def show_cards(self, seat: int) -> None:
        held = self.state.seats[seat]
        details(f"{theme.seat_letter(held.colour)} {self.names[seat]}: cards",
                describe.seat_cards_details(self.state.rules, held))
