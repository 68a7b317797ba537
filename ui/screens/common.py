"""What the screens share: the app whose game, camera and settings they show, drawn afresh as each is
entered; a game opened or a move's outcome shown; and, on the screens of play, the panel's buttons."""
from __future__ import annotations

from typing import Callable

from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen

from companion.session.table import Outcome
from companion.store import StoreError
from hardware.panel import PanelEvent

from ..dialogs import alert


class CompanionScreen(Screen):
    """A screen of the app. It pulls what it shows from ``app`` (its controller, camera and settings)
    each time it is entered, in ``refresh``; its layout is in the .kv file beside its module."""

    app = ObjectProperty(None)

    def on_pre_enter(self, *args) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Show what there is to show now."""

    def panel_pressed(self, event: PanelEvent) -> None:
        """A button of the panel, pressed while this screen is shown: nothing but on the screens of play."""

    def open_game(self, start: Callable[[], object], camera_on: bool, refused: str) -> None:
        """``start()`` a new or saved game, then show what it waits for (why not, under ``refused``)."""
        if self.started(start, refused):
            self.app.camera.wanted = camera_on
            self.app.show_next()

    def open_other_game(self, start: Callable[[], object], refused: str) -> None:
        """``start()`` a game played by lines (a registered game), then show its screen."""
        if self.started(start, refused):
            self.app.go("other")

    @staticmethod
    def started(start: Callable[[], object], refused: str) -> bool:
        try:
            start()
        except (ValueError, StoreError) as exc:
            alert(refused, str(exc))
            return False
        return True

    def played(self, outcome: Outcome, refused: str = "Not played") -> None:
        """After a move or an undo: the screen of what the table waits for now, or why it was refused."""
        if not outcome.ok:
            alert(refused, outcome.reason)
            return
        self.app.show_next()

    def undo(self) -> None:
        self.played(self.app.controller.undo(), "Nothing to undo")


class PlayScreen(CompanionScreen):
    """The Table and Automa screens: while one is shown the panel's buttons act on the game."""

    def panel_pressed(self, event: PanelEvent) -> None:
        runtime = self.app.controller.runtime
        if runtime is None:
            return
        pressed = runtime.press(event)
        if pressed.asks_roll:
            self.enter_roll()
        elif pressed.outcome is not None:
            self.played(pressed.outcome, "Nothing to undo" if event.kind == "undo" else "Not played")

    def enter_roll(self) -> None:
        """Confirm while the table is to roll: the Table screen asks for the dice rolled."""
