"""New game: which game to play, Automata (on to Setup), Tokaido or Euphoria. Layout in new_game.kv."""
from __future__ import annotations

from companion.store import AUTOMATA

from .. import kv
from .common import CompanionScreen


class NewGameScreen(CompanionScreen):
    def choose(self, kind: str) -> None:
        """Automata goes on to Setup; Tokaido and Euphoria start at once, set up as the latest game of
        their kind (``companion.other_games.table.new_setup``), on their screen."""
        if kind == AUTOMATA:
            self.app.go("setup")
        else:
            self.open_other_game(lambda: self.app.controller.new_other_game(kind), "Cannot start this game")


kv.load_beside(__file__)
