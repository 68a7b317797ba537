"""The end of a game offers the next level to a person who beat the Automas' level three games in a row, Automata's
Score screen and every other game's (only offered: the next game is set up as the person chooses)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.session.table import SeatSpec
from sim.app_driver import pump, screenshot, texts
from sim.played_games import play_as_automa, play_to_the_end

SEATS = [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Bot", 1)]


def finish_a_game(app, seed: int):
    app.controller.new_game(SEATS, seed)
    play_as_automa(app.controller.session)
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


def test_every_game_with_levels_offers_the_next_one_at_its_end(app):
    """Euphoria's screen at the end of a game: its person won the last three against her level (intermediate)."""
    store = app.controller.store
    screen = app.manager.get_screen("other")
    offered = []
    for seed in range(3):
        play_to_the_end(store, "euphoria", seed)
        app.controller.resume_other_game(store.latest_game_id("euphoria"))
        app.go("other")
        pump(2)
        assert screen.over
        offered.append(screen.offer_text)
    assert offered == ["", "", "Person 1 has won 3 games in a row against the Euphoria Automa of level intermediate: "
                               "try level experienced next game?"]
    assert offered[-1] in texts(screen)
