"""The game store: durable events, undo as an event, games list, JSONL records."""
from __future__ import annotations

import json
import sqlite3
import threading

import pytest

from companion.store import (
    GameStore,
    NothingToUndo,
    RecordFormatError,
    StoreError,
    UnknownGame,
)

HEADER = {"rules_version": 1, "seats": ["red", "blue"], "seed": 42}


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as opened:
        yield opened


def test_events_are_numbered_kept_in_order_and_survive_reopening(tmp_path):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    game = store.create_game(HEADER)
    assert store.append(game, "red place d6:5 scavenge") == 1
    assert store.append(game, "blue place d4:2 build") == 2
    store.close()
    with GameStore(path) as reopened:
        assert reopened.events(game) == ["red place d6:5 scavenge", "blue place d4:2 build"]
        assert reopened.header(game) == HEADER
        assert reopened.recovery is None


def test_append_is_committed_before_it_returns(tmp_path, store):
    game = store.create_game(HEADER)
    store.append(game, "red place d6:5 scavenge")
    # A second, independent connection sees the event while the store is still open.
    with sqlite3.connect(store.path) as other:
        rows = other.execute("SELECT n, event FROM events WHERE game_id = ?", (game,)).fetchall()
    assert rows == [(1, "red place d6:5 scavenge")]


def test_database_runs_in_wal_mode_with_full_sync(store):
    assert store._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_undo_is_an_event_and_takes_back_the_latest_standing_action(store):
    game = store.create_game(HEADER)
    for event in ["a", "b", "undo", "c", "undo", "undo", "d"]:
        store.append(game, event)
    assert store.events(game) == ["a", "b", "undo", "c", "undo", "undo", "d"]
    assert store.effective_events(game) == ["d"]
    store.append(game, "undo")
    with pytest.raises(NothingToUndo, match="no action left to undo"):
        store.append(game, "undo")
    assert store.events(game)[-1] == "undo" and len(store.events(game)) == 8


def test_games_list_meta_and_latest(store):
    assert store.latest_game_id() is None and store.games() == []
    first = store.create_game(HEADER)
    second = store.create_game({**HEADER, "seed": 7})
    store.append(first, "a")
    store.append(first, "undo")
    store.append(first, "b")
    store.set_meta(first, {"round": 2})
    assert store.latest_game_id() == first
    summaries = {s.id: s for s in store.games()}
    assert [s.id for s in store.games()] == [first, second]
    assert summaries[first].event_count == 3 and summaries[first].action_count == 1
    assert summaries[first].meta == {"round": 2} and store.meta(first) == {"round": 2}
    assert summaries[second].header["seed"] == 7 and summaries[second].event_count == 0
    assert summaries[first].updated_at >= summaries[first].created_at


def test_unknown_game_and_bad_input_are_refused_with_a_reason(store):
    with pytest.raises(UnknownGame, match="no game with id 'nope'"):
        store.append("nope", "a")
    with pytest.raises(UnknownGame):
        store.events("nope")
    game = store.create_game(HEADER)
    with pytest.raises(StoreError, match="non-empty text"):
        store.append(game, "  ")
    with pytest.raises(StoreError, match="cannot be stored as JSON"):
        store.set_meta(game, {"when": object()})
    assert store.events(game) == []


def test_appends_from_several_threads_all_land(store):
    game = store.create_game(HEADER)

    def worker(tag: str) -> None:
        for i in range(10):
            store.append(game, f"{tag}{i}")

    threads = [threading.Thread(target=worker, args=(tag,)) for tag in "xyz"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    events = store.events(game)
    assert sorted(events) == sorted(f"{t}{i}" for t in "xyz" for i in range(10))


def test_export_then_import_round_trips_the_standing_actions(store):
    game = store.create_game(HEADER)
    for event in ["red place d6:5 scavenge", "oops", "undo", "blue place d4:2 build"]:
        store.append(game, event)
    text = store.export_jsonl(game)
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0] == {"type": "header", **HEADER}
    assert lines[1:] == [{"type": "action", "n": 1, "action": "red place d6:5 scavenge"},
                         {"type": "action", "n": 2, "action": "blue place d4:2 build"}]
    copy = store.import_jsonl(text)
    assert copy != game
    assert store.header(copy) == HEADER
    assert store.events(copy) == ["red place d6:5 scavenge", "blue place d4:2 build"]
    assert store.export_jsonl(copy) == text


GOOD_HEADER = '{"type": "header", "rules_version": 1, "seats": ["red"], "seed": 1}'


@pytest.mark.parametrize("text, message", [
    ("", "the game record is empty"),
    ('{"type": "action", "n": 1, "action": "a"}\n', 'line 1: expected the header object'),
    ('{"type": "header", "seats": [], "seed": 1}\n', "line 1: the header lacks rules_version"),
    (GOOD_HEADER + "\nnot json\n", "line 2: not valid JSON"),
    (GOOD_HEADER + "\n[1, 2]\n", "line 2: expected a JSON object"),
    (GOOD_HEADER + '\n{"type": "action", "n": 2, "action": "a"}\n', "line 2: expected action number n = 1, got 2"),
    (GOOD_HEADER + '\n{"type": "action", "n": 1, "action": "a"}\n{"type": "note"}\n',
     "line 3: expected an action object"),
    (GOOD_HEADER + '\n{"type": "action", "n": 1, "action": ""}\n', "line 2: expected the action as non-empty text"),
    (GOOD_HEADER + '\n{"type": "action", "n": 1, "action": "undo"}\n', "line 2: 'undo' cannot appear"),
])
def test_import_names_the_bad_line_and_stores_nothing(store, text, message):
    with pytest.raises(RecordFormatError) as info:
        store.import_jsonl(text)
    assert message in str(info.value)
    assert store.games() == []


def test_an_sqlite_file_of_something_else_is_left_alone(tmp_path):
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER)")
    with pytest.raises(StoreError, match="SQLite database of something else"):
        GameStore(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT name FROM sqlite_master").fetchall() == [("photos",)]


def test_events_and_the_notes_they_leave_are_written_together_or_not_at_all(store):
    game = store.create_game(HEADER)
    store.set_meta(game, {"round": 1})
    assert store.append_all(game, ["a", "b"], meta={"round": 2}) == 2
    assert store.events(game) == ["a", "b"] and store.meta(game) == {"round": 2}
    with pytest.raises(StoreError, match="cannot be stored as JSON"):
        store.append_all(game, ["c"], meta={"when": object()})
    with pytest.raises(NothingToUndo):
        store.append_all(game, ["undo", "undo", "undo"], meta={"round": 0})
    assert store.events(game) == ["a", "b"] and store.meta(game) == {"round": 2}
