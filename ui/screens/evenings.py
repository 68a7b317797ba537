"""Evenings, on Home: what ``stats`` says of the games finished at this table, as charts: who played and won, how
each Automa level fared against the people evening by evening, the mean scores by category. One chart at a time,
Players, Levels or Scores; the last two for the game chosen, of those the games database holds. Layout in
evenings.kv."""
from __future__ import annotations

from typing import Any, Optional

from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.session.evenings_report import report
from companion.store import StoreError

from .. import kv, theme
from ..evening_charts import LevelsChart, PlayersChart, ScoresChart
from ..evening_series import game_title, level_games, level_series, player_rows, score_bars, score_games
from ..widgets import TouchButton
from .common import CompanionScreen

PLAYERS, LEVELS, SCORES = "Players", "Levels", "Scores"
NOTHING_YET = "No finished games yet."
NOTHING_YET_MORE = ("A game played to its end is counted here: who played and won, how each Automa level fares "
                    "against you evening by evening, and the mean scores.")
NOTES = {PLAYERS: "Games played by each person; the part won in gold.",
         LEVELS: "How often each Automa level beat the people, evening by evening (games that name a winner).",
         SCORES: "Mean scores, the people's (solid) and the Automas' (pale)."}
NONE_FOR = {LEVELS: "No Automa has played a game that names a winner against a person yet.",
            SCORES: "No game has kept points yet."}


class ViewButton(TouchButton):
    """A button choosing what the screen shows, lit while it is chosen (style in evenings.kv)."""

    chosen = BooleanProperty(False)


class EveningsScreen(CompanionScreen):
    view = StringProperty(PLAYERS)
    game = StringProperty("")      # the game whose levels or scores are shown
    games = ListProperty()         # the games there is something of to show in this view
    empty = BooleanProperty(True)  # no finished game in the database
    message = StringProperty(NOTHING_YET)  # in place of the charts
    note = StringProperty("")      # what the chart shows, and the next levels offered
    summary = StringProperty("")   # the games finished, by game (over the players' chart)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data: Optional[dict[str, Any]] = None

    def refresh(self) -> None:
        try:
            self.data = report(self.app.controller.store)
        except StoreError as exc:
            self.data, self.empty = None, True
            self.message = theme.escape(f"The saved games cannot be read: {exc}")
            return
        finished = self.data["games"]["finished"]
        self.empty = not finished
        self.message = (f"[size={theme.FONT_LARGE}][b]{NOTHING_YET}[/b][/size]\n\n{NOTHING_YET_MORE}" if self.empty
                        else "")
        self.summary = "Games finished: " + ", ".join(f"{game_title(g)} {n}" for g, n in finished.items())
        self.show(self.view)

    def show(self, view: str, game: str = "") -> None:
        """Show the chart of ``view``, of ``game`` (the one shown so far, else the first) where it is a game's."""
        self.view = view
        if self.data is None or self.empty:
            return
        self.games = {LEVELS: level_games, SCORES: score_games}.get(view, lambda _data: [])(self.data)
        kept = [g for g in (game, self.game) if g in self.games]
        self.game = (kept or self.games or [""])[0]
        self._lay_out_games()
        players, levels, scores = self.charts
        players.rows = player_rows(self.data) if view == PLAYERS else []
        levels.series = level_series(self.data, self.game) if view == LEVELS else []
        scores.bars = score_bars(self.data, self.game) if view == SCORES else []
        offers = [o["words"] for o in self.data["offers"] if o["game"] == self.game] if view == LEVELS else []
        self.note = "\n".join([theme.escape(NOTES[view])]
                              + [f"[color={theme.hex_of(theme.ACCENT)}]{theme.escape(o)}[/color]" for o in offers])
        self.message = NONE_FOR[view] if view in NONE_FOR and not self.games else ""

    @property
    def charts(self) -> tuple[PlayersChart, LevelsChart, ScoresChart]:
        return self.ids.players, self.ids.levels, self.ids.scores

    def _lay_out_games(self) -> None:
        row = self.ids.game_row
        row.clear_widgets()
        for game in self.games:
            button = ViewButton(text=game_title(game), chosen=game == self.game)
            button.bind(on_release=lambda _b, g=game: self.show(self.view, g))
            row.add_widget(button)


kv.load_beside(__file__)
