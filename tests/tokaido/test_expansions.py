"""The Crossroads and Matsuri expansions: what the solo rulebook changes at setup, the Automas' 5 more
points from the start to the final tally, the reminders, and the choices kept with the game."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.tokaido import Setup, TokaidoGame, replay
from companion.games.tokaido.wording import REMINDERS
from tests.tokaido.test_game import ON_ROAD, play_journey
from tests.tokaido import said, said_at_setup

CROSSROADS = replace(ON_ROAD, crossroads=True)


def test_off_by_default_and_no_reminders():
    game = TokaidoGame(ON_ROAD)
    assert not ON_ROAD.crossroads and not ON_ROAD.matsuri
    assert said_at_setup(game)[0] == "Green: her colour token and 1 coin. +1 → 1."
    assert game.scores() == {"green": 1, "purple": 1}


def test_with_the_crossroads_each_automa_starts_with_five_more_points():
    game = TokaidoGame(CROSSROADS)
    assert game.scores() == {"green": 6, "purple": 6}
    assert said_at_setup(game)[:3] == [REMINDERS["crossroads"],
                                      "Green: her colour token and 1 coin. +1, Crossroads +5 → 6.",
                                      "Purple: her colour token and 1 coin. +1, Crossroads +5 → 6."]


def test_the_crossroads_reminder_says_the_setup_steps_of_the_rulebook():
    assert REMINDERS["crossroads"].startswith("Crossroads: choose your Traveler.")
    for words in ("only 3 cards of each added type", "Amulets", "Legendary Objects", "Calligraphy", "at random"):
        assert words in REMINDERS["crossroads"]


def test_the_difficulty_cards_score_on_top_of_the_crossroads_points():
    lines = said_at_setup(TokaidoGame(replace(CROSSROADS, level=5)))
    assert lines[3].startswith("Green: ") and "Difficulty Level card" in lines[3] and lines[3].endswith("+1 → 7.")


@pytest.mark.parametrize("seed", range(3))
def test_the_final_tally_keeps_the_five_points_and_says_where_they_come_from(seed):
    base, _ = play_journey(ON_ROAD, seed)
    game, events = play_journey(CROSSROADS, seed)  # the same journey: the points do not change where she stops
    assert game.scores() == {c: s + 5 for c, s in base.scores().items()}
    assert game.final is not None and game.final["scores"] == game.scores()
    tally = said(replay(CROSSROADS, events[:-1]), events[-1])
    assert tally[-2:] == [f"{c.title()}: {game.scores()[c]} points (5 of them from the Crossroads setup)."
                          for c in ("green", "purple")]
    assert said(replay(ON_ROAD, events[:-1]), events[-1])[-1] == f"Purple: {base.scores()['purple']} points."


def test_with_the_matsuri_she_puts_the_top_matsuri_card_into_play():
    lines = said_at_setup(TokaidoGame(replace(ON_ROAD, matsuri=True)))
    assert lines[0] == REMINDERS["matsuri"]
    assert "put the top Matsuri card into play" in REMINDERS["matsuri"] and "ruling T10" in REMINDERS["matsuri"]
    both = said_at_setup(TokaidoGame(replace(CROSSROADS, matsuri=True)))
    assert both[:2] == [REMINDERS["crossroads"], REMINDERS["matsuri"]]


def test_the_expansions_are_kept_in_the_header_and_older_headers_read_as_without():
    setup = replace(CROSSROADS, matsuri=True)
    header = setup.to_json()
    assert header["crossroads"] is True and header["matsuri"] is True
    assert Setup.from_json(header) == setup
    older = {k: v for k, v in ON_ROAD.to_json().items() if k not in ("crossroads", "matsuri")}
    assert Setup.from_json(older) == ON_ROAD
