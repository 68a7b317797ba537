"""Score: a per-seat breakdown table, a bar chart of the totals by category, the winner or a
shared win. The score is saved with the game. Layout in score.kv."""
from __future__ import annotations

from typing import Sequence

from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.label import Label

from companion.games.automata.rules import Score, SeatScore

from .. import kv, theme
from ..widgets import SeatBadge
from .common import CompanionScreen

# (row title, SeatScore field); rows whose values are all zero are left out except these.
CATEGORIES: tuple[tuple[str, str], ...] = (
    ("Sets", "sets_vp"), ("Coins", "coins_vp"), ("Dice", "dice_vp"), ("Gears", "gears_vp"),
    ("Card points", "card_points_vp"), ("Board", "board_vp"), ("Reserved", "reserved_vp"),
)
ALWAYS = {"Sets", "Coins", "Dice", "Card points", "Reserved"}


def shown_categories(score: Score) -> list[tuple[str, str]]:
    return [(title, field) for title, field in CATEGORIES
            if title in ALWAYS or any(getattr(s, field) for s in score.seats)]


def cell_text(seat: SeatScore, title: str, field: str) -> str:
    value = getattr(seat, field)
    if title == "Sets" and seat.sets:
        return f"{value} ({len(seat.sets)})"
    if title == "Reserved" and seat.reserved_cards:
        return f"{value} ({len(seat.reserved_cards)})"
    return str(value)


def winner_line(score: Score, names: Sequence[str]) -> str:
    by_colour = {s.colour: (names[i], s.total) for i, s in enumerate(score.seats)}
    winners = [f"{theme.seat_markup(c, by_colour[c][0])}" for c in score.winners]
    points = by_colour[score.winners[0]][1]
    if score.shared:
        return f"Shared win: {' and '.join(winners)} with {points} points"
    return f"Winner: {winners[0]} with {points} points"


class ScoreCell(Label):
    """One cell of the breakdown table (style in score.kv)."""


class ScoreScreen(CompanionScreen):
    TITLE_W = 130
    TABLE_W = 410
    GAP = 6  # between the table's columns

    score = ObjectProperty(None, allownone=True)
    winner_text = StringProperty("")
    saved_text = StringProperty("")
    offer_text = StringProperty("")  # the next level offered to a person who beat one three games in a row
    categories = ListProperty()  # the category titles shown
    series = ListProperty()      # (seat colour, seat name, values by category) for the chart

    def refresh(self) -> None:
        controller = self.app.controller
        if controller.session is None:
            return
        self.score = score = controller.final_score()
        names = [controller.seat_name(i) for i in range(len(score.seats))]
        self.winner_text = winner_line(score, names)
        categories = shown_categories(score)
        self._fill_table(score, categories)
        self.categories = [title for title, _ in categories]
        self.series = [(seat.colour, names[i], [getattr(seat, field) for _, field in categories])
                       for i, seat in enumerate(score.seats)]
        self.saved_text = f"Saved with game {controller.session.game_id}. Sets and Reserved show how many in brackets."
        self.offer_text = "\n".join(controller.level_offers(controller.session.game_id))

    def _fill_table(self, score: Score, categories: list[tuple[str, str]]) -> None:
        """A column of category titles, then one column per seat under the seat's badge."""
        table = self.ids.table
        seats = len(score.seats)
        seat_w = max(62, min(90, (self.TABLE_W - self.TITLE_W - self.GAP * seats) // seats))
        table.clear_widgets()
        table.cols = 1 + len(score.seats)
        table.add_widget(ScoreCell(text="", width=self.TITLE_W))
        for seat in score.seats:
            table.add_widget(SeatBadge(colour=seat.colour, font_size=theme.FONT_SMALL, size_hint=(None, None),
                                       width=seat_w, height=30))
        for title, field in categories:
            table.add_widget(ScoreCell(text=title, width=self.TITLE_W, color=theme.MUTED, halign="left"))
            for seat in score.seats:
                table.add_widget(ScoreCell(text=cell_text(seat, title, field), width=seat_w))
        table.add_widget(ScoreCell(text="Total", width=self.TITLE_W, bold=True, halign="left"))
        for seat in score.seats:
            table.add_widget(ScoreCell(text=str(seat.total), width=seat_w, bold=True))


kv.load_beside(__file__)
