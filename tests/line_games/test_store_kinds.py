"""Games of Tokaido and Euphoria live in the same store as Automata's: databases written before
them still open, and each kind resumes only as itself."""
from __future__ import annotations

import sqlite3

import pytest

from companion.games.euphoria import Setup as EuphoriaSetup
from companion.line_games.session import GameSession
from companion.session import SeatSpec, TableSession
from companion.store import GameStore, StoreError
from companion.games.tokaido import Setup as TokaidoSetup
from tests.tokaido.boards import INVENTED_ROAD

ROAD_SETUP = TokaidoSetup(("green", "purple"), "blue", seed=3, road=INVENTED_ROAD,
                          leaving_order=("blue", "green", "purple"))


def test_a_database_of_automata_games_only_still_opens_and_its_games_are_automata(tmp_path):
    db = tmp_path / "games.sqlite3"
    with GameStore(db) as store:
        automata = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue", "automa", level=2)], seed=1).game_id
    with sqlite3.connect(db) as raw:  # the header as written before other games were kept: no "game" key
        assert "game" not in raw.execute("SELECT header FROM games").fetchone()[0]
    with GameStore(db) as store:
        assert [g.kind for g in store.games()] == ["automata"]
        assert TableSession.resume(store).game_id == automata


def test_latest_of_each_kind_and_no_kind_resumed_as_another(tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as store:
        automata = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue", "automa", level=2)], seed=1).game_id
        tokaido = GameSession.new(store, "tokaido", ROAD_SETUP).game_id
        euphoria = GameSession.new(store, "euphoria", EuphoriaSetup(recruits=("icarus", "subterra"))).game_id
        assert store.latest_game_id() == euphoria
        assert store.latest_game_id("automata") == automata and store.latest_game_id("tokaido") == tokaido
        assert TableSession.resume(store).game_id == automata  # "latest" for Automata skips the others
        with pytest.raises(StoreError, match="is a game of Tokaido, not Automata: resume it with --game tokaido"):
            TableSession.resume(store, tokaido)
        with pytest.raises(StoreError, match="is a game of Euphoria, not Tokaido"):
            GameSession.resume(store, "tokaido", euphoria)
        assert sorted(g.kind for g in store.games()) == ["automata", "euphoria", "tokaido"]


def test_each_event_is_saved_before_it_is_answered_and_undo_and_resume_replay_it(tmp_path):
    db = tmp_path / "games.sqlite3"
    with GameStore(db) as store:
        session = GameSession.new(store, "tokaido", ROAD_SETUP)
        assert session.submit("go 2").ok
        answer = session.submit("card 1")
        assert answer.lines == ["Green: 1st space, the Shop. Give her a Souvenir card. +1 → 2."]
        assert store.events(session.game_id) == ["go 2", "card 1"]
        assert not session.submit("card 9").ok and store.events(session.game_id) == ["go 2", "card 1"]
        assert session.undo().ok and session.game.waiting_for() == "card green"
        assert session.submit("card 3 temple").ok
        state = session.game.to_json()
    with GameStore(db) as store:
        resumed = GameSession.resume(store, "tokaido")
        assert resumed.game.to_json() == state
        assert resumed.undo().ok and resumed.undo().ok and resumed.game.waiting_for() == "go"
        assert not resumed.undo().ok  # nothing left to undo
