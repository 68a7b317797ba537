"""Score: a per-seat breakdown table, a bar chart of the totals by category, the winner or a
shared win. The score is saved with the game."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Sequence, Tuple

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.rules.scoring import Score, SeatScore

from .. import theme
from ..widgets import BarChart, Caption, ChartLegend
from .common import screen_body, top_bar

if TYPE_CHECKING:
    from ..app import CompanionApp

# (row title, SeatScore field); rows whose values are all zero are left out except these.
CATEGORIES: Tuple[Tuple[str, str], ...] = (
    ("Sets", "sets_vp"), ("Coins", "coins_vp"), ("Dice", "dice_vp"), ("Gears", "gears_vp"),
    ("Card points", "card_points_vp"), ("Board", "board_vp"), ("Reserved", "reserved_vp"),
)
ALWAYS = {"Sets", "Coins", "Dice", "Card points", "Reserved"}


def shown_categories(score: Score) -> List[Tuple[str, str]]:
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


def cell(text: str, width: int, bold: bool = False, colour=theme.TEXT, halign: str = "right") -> Label:
    label = Label(text=text, markup=True, font_size=theme.FONT_SMALL, bold=bold, color=colour, halign=halign,
                  valign="middle", size_hint=(None, None), width=width, height=30, shorten=True)
    label.text_size = (width - 4, 30)
    return label


class ScoreScreen(Screen):
    def __init__(self, app: "CompanionApp", **kwargs) -> None:
        super().__init__(name="score", **kwargs)
        self.app = app
        self.score: Score = None
        body = screen_body()
        bar, _ = top_bar("Final score", [("History", lambda: app.go("history")), ("Home", app.go_home)])
        body.add_widget(bar)
        content = BoxLayout(orientation="vertical", padding=(10, 6), spacing=6)
        self.winner = Caption(text="", font_size=theme.FONT_LARGE, halign="center")
        content.add_widget(self.winner)
        columns = BoxLayout(orientation="horizontal", spacing=10)
        self.table = GridLayout(size_hint=(None, None), spacing=(0, 2))
        self.table.bind(minimum_height=self.table.setter("height"), minimum_width=self.table.setter("width"))
        table_box = BoxLayout(orientation="vertical", size_hint_x=None, width=410)
        table_box.add_widget(self.table)
        table_box.add_widget(BoxLayout())
        columns.add_widget(table_box)
        self.chart_box = BoxLayout()
        columns.add_widget(self.chart_box)
        content.add_widget(columns)
        self.legend_box = BoxLayout(size_hint_y=None, height=28)
        content.add_widget(self.legend_box)
        self.saved = Caption(text="", font_size=theme.FONT_SMALL, color=theme.MUTED)
        content.add_widget(self.saved)
        body.add_widget(content)
        self.add_widget(body)

    def on_pre_enter(self, *args) -> None:
        self.refresh()

    def refresh(self) -> None:
        controller = self.app.controller
        if controller.session is None:
            return
        self.score = score = controller.final_score()
        names = [controller.seat_name(i) for i in range(len(score.seats))]
        self.winner.text = winner_line(score, names)
        categories = shown_categories(score)
        seat_w = max(62, min(90, (410 - 130) // len(score.seats)))
        self.table.clear_widgets()
        self.table.cols = 1 + len(score.seats)
        self.table.add_widget(cell("", 130, halign="left"))
        for i, seat in enumerate(score.seats):
            self.table.add_widget(cell(theme.seat_markup(seat.colour), seat_w))
        for title, field in categories:
            self.table.add_widget(cell(title, 130, colour=theme.MUTED, halign="left"))
            for seat in score.seats:
                self.table.add_widget(cell(cell_text(seat, title, field), seat_w))
        self.table.add_widget(cell("Total", 130, bold=True, halign="left"))
        for seat in score.seats:
            self.table.add_widget(cell(str(seat.total), seat_w, bold=True))
        self.chart_box.clear_widgets()
        series = [(seat.colour, f"{theme.seat_letter(seat.colour)} {names[i]}",
                   [getattr(seat, field) for _, field in categories]) for i, seat in enumerate(score.seats)]
        self.chart = BarChart([title for title, _ in categories], series)
        self.chart_box.add_widget(self.chart)
        self.legend_box.clear_widgets()
        self.legend_box.add_widget(ChartLegend([title for title, _ in categories]))
        self.saved.text = f"Saved with game {controller.session.game_id}. Sets and Reserved show how many in brackets."
