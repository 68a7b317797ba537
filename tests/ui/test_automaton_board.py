"""Automaton on the touchscreen: set up from Home by taps, its board drawn beside the question, a program tapped on
the arrow pad, Confirm moving the robots, a robot put on its square by tapping it on the drawn board."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from hardware.panel import LedMode
from sim.app_driver import pump, tap
from ui.automaton_board import MARGIN, AutomatonBoard


def screen(app):
    return app.manager.get_screen("other")


def lit(app) -> set[str]:
    return {led for led, mode in app.panel.led_modes().items() if mode is LedMode.ON}


@pytest.mark.slow
def test_a_turn_by_taps_with_the_board_drawn_and_a_square_corrected_on_it(app):
    tap("New game")
    tap("Automaton")
    tap("Start")  # Ann (rby) on a1 and Bob (gyr) on h8, the form's defaults
    assert app.manager.current == "other"
    board = screen(app).ids.board.children[0]
    assert isinstance(board, AutomatonBoard) and screen(app).board_height == AutomatonBoard.height_wanted
    assert lit(app) == {"seat1"}  # Ann's program is tapped
    for text in ("North", "North", "North"):  # MV 2 + boost: the line ends by itself
        tap(text)
    assert lit(app) == {"seat2"}
    tap("Done (stay)")
    assert screen(app).choices[0].text == "Move" and app.panel.key(" ")
    app._poll_panel(0)  # the panel's Confirm moves the robots
    game = app.controller.other.session.game
    assert game.robots["ann"].square == (0, 3) and game.last["paths"]["ann"] == ["a1", "a2", "a3", "a4"]
    tap("Bob")  # Bob put on another square: tapped on the drawn board
    side = board._side()
    assert board.on_touch_down(SimpleNamespace(x=board.x + MARGIN + 2.5 * side, y=board.y + MARGIN + 5.5 * side))
    pump()
    assert app.controller.other.session.game.robots["bob"].square == (2, 5)  # c6
    assert "Bob now stands on c6." in screen(app).said_text


def test_a_game_without_a_drawing_keeps_its_column_of_lines(app):
    from companion.games.tokaido import Setup
    from companion.line_games.session import GameSession
    from tests.tokaido.boards import INVENTED_ROAD

    GameSession.new(app.controller.store, "tokaido",
                    Setup(("green", "purple"), "blue", 4, 1, INVENTED_ROAD, ("blue", "green", "purple")))
    tap("New game")
    tap("Tokaido")
    tap("Start")
    assert screen(app).board_height == 0 and not screen(app).ids.board.children
