"""New game: which game to play, Automata or one of the games registered (``companion.games.registry``), each
on to its setup. Layout in new_game.kv; a button for each registered game is added below Automata's."""
from __future__ import annotations

from kivy.factory import Factory

from companion.games.registry import kind_named, registered
from companion.store import AUTOMATA

from .. import kv
from .common import CompanionScreen


class NewGameScreen(CompanionScreen):
    def on_kv_post(self, base_widget) -> None:
        for name in registered():
            kind = kind_named(name)
            self.ids.choices.add_widget(Factory.GameChoice(title=kind.title, about=kind.about, colour=kind.colour,
                                                           kind=name, screen=self))

    def choose(self, kind: str) -> None:
        """Automata goes on to Setup; another game to its own, prefilled as the latest game of its kind."""
        if kind == AUTOMATA:
            self.app.go("setup")
        elif self.started(lambda: self.app.controller.set_up_other_game(kind), "Cannot set up this game"):
            self.app.go("other_setup")


kv.load_beside(__file__)
