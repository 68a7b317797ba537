"""The evenings' record: finished games of every kind read back by replay, and the next level offered to a person
who beat one three games in a row (only offered)."""
from __future__ import annotations

import pytest

from companion.session import SeatSpec, TableSession
from companion.session.evenings import Finished, Seat, finished_games, level_offers
from companion.store import GameStore

from .strong_person import play_as_level_6


def ann_against(level: int, evening: str = "2026-11-28", won: bool = True, decided: bool = True) -> Finished:
    return Finished("automata", evening, (Seat("Ann", None, won, 50), Seat("Blue", str(level), not won, 40)), decided)


@pytest.mark.slow
def test_three_games_won_in_a_row_at_the_table_offer_the_next_level(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        for seed in range(3):
            session = TableSession.new(store, [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Bot", 1)],
                                       seed)
            play_as_level_6(session)
            games, in_play, unreadable = finished_games(store)
            offers = level_offers(games)
            assert (len(games), in_play, unreadable) == (seed + 1, 0, [])
            assert [seat.won for seat in games[-1].seats] == [True, False]
            assert bool(offers) == (seed == 2)  # the third win in a row
        [offer] = offers
        assert (offer.name, offer.game, offer.level) == ("Ann", "automata", "1")
        assert offer.words == "Ann has won 3 games in a row against the Automata Automa of level 1: try level 2 next game?"


def test_a_loss_or_another_level_among_the_last_three_offers_nothing():
    assert level_offers([ann_against(2), ann_against(2, won=False), ann_against(2), ann_against(2)]) == []
    assert level_offers([ann_against(2), ann_against(2), ann_against(3)]) == []
    assert level_offers([ann_against(3, won=False), ann_against(2), ann_against(2), ann_against(2)])[0].level == "2"


def test_a_game_that_names_no_winner_neither_breaks_nor_makes_a_streak():
    games = [ann_against(2), ann_against(2, won=False, decided=False), ann_against(2), ann_against(2)]
    assert [offer.level for offer in level_offers(games)] == ["2"]


def test_a_level_known_by_its_name_offers_the_next_level_in_words():
    games = [Finished("aoi", "2026-11-28", (Seat("You", None, True, 90), Seat("Automa", "automalein", False, 80)),
                      True)] * 3
    [offer] = level_offers(games)
    assert offer.words == ("You have won 3 games in a row against the Age of Innovation Automa of level automalein: "
                           "try the next level next game?")
