"""The app's screens for setting up and resuming each registered game (``companion.line_games.kinds.Screens``): the
game, through the registry, says which of them it is played on, so New game and Home name no game."""
from __future__ import annotations

from .common import CompanionScreen

RESUME_REFUSED = "Cannot resume this game"


class GameScreens:
    """Opened from ``screen`` (New game or Home): its alert says why a game could not be set up or resumed."""

    def __init__(self, screen: CompanionScreen) -> None:
        self.screen = screen
        self.app = screen.app

    def set_up_seats(self) -> None:
        self.app.go("setup")

    def set_up_by_form(self, name: str) -> None:
        if self.screen.started(lambda: self.app.controller.set_up_other_game(name), "Cannot set up this game"):
            self.app.go("other_setup")

    def open_engine_game(self, game_id: str) -> None:
        self.screen.open_game(lambda: self.app.controller.resume(game_id), True, RESUME_REFUSED)

    def open_line_game(self, game_id: str) -> None:
        self.screen.open_other_game(lambda: self.app.controller.resume_other_game(game_id), RESUME_REFUSED)
