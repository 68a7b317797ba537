"""New game: which game to play, Automata or Tokaido or Euphoria, each on to its setup. Layout in new_game.kv."""
from __future__ import annotations

from companion.store import AUTOMATA

from .. import kv
from .common import CompanionScreen


class NewGameScreen(CompanionScreen):
    def choose(self, kind: str) -> None:
        """Automata goes on to Setup; Tokaido and Euphoria to theirs, prefilled as the latest game of
        their kind."""
        if kind == AUTOMATA:
            self.app.go("setup")
        elif self.started(lambda: self.app.controller.set_up_other_game(kind), "Cannot set up this game"):
            self.app.go("other_setup")


kv.load_beside(__file__)
