"""The evenings' record: finished games of every kind read back by replay, and the next level offered to a person
who beat one three games in a row (only offered)."""
from __future__ import annotations

import pytest

from companion.session import SeatSpec, TableSession
from companion.session.evenings import Finished, Seat, finished_games, level_offers, offers_at_end
from companion.store import GameStore

from sim.played_games import play_as_automa, play_to_the_end


def ann_against(level: int, evening: str = "2026-11-28", won: bool = True, decided: bool = True) -> Finished:
    return Finished("automata", evening, (Seat("Ann", None, won, 50), Seat("Blue", str(level), not won, 40)), decided)


@pytest.mark.slow
def test_three_games_won_in_a_row_at_the_table_offer_the_next_level(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        for seed in range(3):
            session = TableSession.new(store, [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Bot", 1)],
                                       seed)
            play_as_automa(session)
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


def you_against(level: str) -> list[Finished]:
    return [Finished("aoi", "2026-11-28", (Seat("You", None, True, 90), Seat("Automa", level, False, 80)), True)] * 3


def test_a_level_known_by_its_name_offers_the_next_one_by_its_name():
    [offer] = level_offers(you_against("automalein"))
    assert offer.words == ("You have won 3 games in a row against the Age of Innovation Automa of level automalein: "
                           "try level automa next game?")


def test_the_hardest_level_beaten_offers_nothing_and_a_level_the_game_does_not_name_the_next_one():
    assert level_offers(you_against("alptraua")) == []
    assert level_offers([ann_against(7)] * 3) == []  # Automata's hardest
    [offer] = level_offers(you_against("house rules"))
    assert offer.words.endswith("try the next level next game?")


def test_a_game_s_end_offers_the_next_level_of_that_game_only(tmp_path):
    """Person 1 beat Euphoria's Automas three times in a row, Ann Automata's: each game's end says its own."""
    with GameStore(tmp_path / "g.db") as store:
        for seed in range(3):
            play_to_the_end(store, "euphoria", seed)
            session = TableSession.new(store, [SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Bot", 1)],
                                       seed)
            play_as_automa(session)
        euphoria = store.latest_game_id("euphoria")
        assert offers_at_end(store, euphoria) == ["Person 1 has won 3 games in a row against the Euphoria Automa of "
                                                  "level intermediate: try level experienced next game?"]
        assert offers_at_end(store, session.game_id) == ["Ann has won 3 games in a row against the Automata Automa "
                                                         "of level 1: try level 2 next game?"]
