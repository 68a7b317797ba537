"""The Score screen offers the next level to a person who beat the Automas' level three games in a row (only
offered: the next game is set up as the person chooses)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.session.table import SeatSpec
from sim.app_driver import pump, screenshot
from tests.session.strong_person import play_as_level_6

SEATS = [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Bot", 1)]


def finish_a_game(app, seed: int):
    app.controller.new_game(SEATS, seed)
    play_as_level_6(app.controller.session)
    app.show_next()
    pump(2)
    return app.manager.get_screen("score")


@pytest.mark.slow
def test_the_third_win_in_a_row_offers_the_next_level(app, tmp_path):
    assert [finish_a_game(app, seed).offer_text for seed in range(2)] == ["", ""]
    screen = finish_a_game(app, 2)
    assert app.manager.current == "score"
    assert screen.offer_text == ("Ann has won 3 games in a row against the Automata Automa of level 1: "
                                 "try level 2 next game?")
    shot = Path(os.environ.get("LEVEL_OFFER_SHOT", tmp_path / "score-offer.png"))
    assert screenshot(shot).stat().st_size > 0
