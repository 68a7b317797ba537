"""New game: which game to play, one button for each game registered (``companion.games.registry``), each on
to its setup. Layout in new_game.kv."""
from __future__ import annotations

from kivy.properties import ColorProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.registry import game_named, registered

from .. import kv
from .common import CompanionScreen
from .game_screens import GameScreens


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
        """On to the setup of the game ``kind``: its seats (Automata), or its setup form prefilled as the latest
        game of it."""
        game_named(kind).set_up(GameScreens(self))


kv.load_beside(__file__)
