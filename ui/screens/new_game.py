"""New game: which game to play, one button for each game registered (``companion.games.registry``), each on
to its setup. Layout in new_game.kv."""
from __future__ import annotations

from kivy.properties import ColorProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.registry import by_lines, game_named, registered

from .. import kv
from .common import CompanionScreen


class GameChoice(BoxLayout):
    """A registered game's button and its line (style in new_game.kv)."""

    title = StringProperty("")
    about = StringProperty("")
    colour = ColorProperty((0.20, 0.55, 0.35, 1))
    kind = StringProperty("")
    screen = ObjectProperty(None)


class NewGameScreen(CompanionScreen):
    def on_kv_post(self, base_widget) -> None:
        for name in registered():
            game = game_named(name)
            self.ids.choices.add_widget(GameChoice(title=game.title, about=game.about, colour=game.colour,
                                                           kind=name, screen=self))

    def choose(self, kind: str) -> None:
        """A game played by lines goes on to its setup form, prefilled as the latest game of its kind; Automata
        to its seats (Setup)."""
        if not by_lines(kind):
            self.app.go("setup")
        elif self.started(lambda: self.app.controller.set_up_other_game(kind), "Cannot set up this game"):
            self.app.go("other_setup")


kv.load_beside(__file__)
