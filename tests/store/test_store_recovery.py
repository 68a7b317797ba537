"""Damaged database files: a clear message, no crash loop, and the games from the backup."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from companion.store import GameStore, StoreCorrupted, StoreError, dump_record
from companion.store import recovery as recovery_module
from companion.store.recovery import backup_paths

HEADER = {"rules_version": 1, "seats": ["red", "blue"], "seed": 3}
PAD = " " + "x" * 150  # long events so that the file spans several pages


def build(path: Path) -> dict[str, list[str]]:
    """Three games with events, closed cleanly (so the backup holds everything)."""
    games: dict[str, list[str]] = {}
    with GameStore(path, backup_every=10) as store:
        for seed in range(3):
            events = [f"red place d6:{i} scavenge{PAD}" for i in range(25)]
            game = store.import_jsonl(dump_record({**HEADER, "seed": seed}, events[:-1]))
            store.append(game, events[-1])
            games[game] = events
    return games


def truncate_half(path: Path) -> None:
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size // 2)


def garbage_in_the_middle(path: Path) -> None:
    with open(path, "r+b") as f:
        f.seek(path.stat().st_size // 2)
        f.write(bytes(range(256)) * 16)


def zero_length(path: Path) -> None:
    path.write_bytes(b"")


def not_sqlite(path: Path) -> None:
    path.write_text("these are my holiday notes, not a database\n" * 50)


DAMAGE = {
    "truncated": (truncate_half, "malformed"),
    "garbage in the middle": (garbage_in_the_middle, ""),
    "zero length": (zero_length, "the file is empty"),
    "not SQLite": (not_sqlite, "file is not a database"),
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_damaged_file_is_moved_aside_and_games_come_back_from_the_backup(tmp_path, damage):
    path = tmp_path / "games.sqlite3"
    games = build(path)
    original = path.read_bytes()
    spoil, words = DAMAGE[damage]
    spoil(path)
    spoiled = path.read_bytes()

    store = GameStore(path)
    recovery = store.recovery
    assert recovery is not None
    message = recovery.message
    assert f"The game database {path} was damaged" in message
    assert words in message
    assert "backup taken at" in message and "(3 game(s))" in message
    assert recovery.damaged_copy.exists() and recovery.damaged_copy.read_bytes() == spoiled
    assert recovery.backup_used == backup_paths(path)[0]
    for game, events in games.items():
        assert store.events(game) == events
    # The store works on: new events land and are kept.
    game = next(iter(games))
    store.append(game, "blue pass")
    store.close()
    assert original != spoiled

    # No loop: the next start opens the restored file without any recovery.
    with GameStore(path) as again:
        assert again.recovery is None
        assert again.events(game)[-1] == "blue pass"
        assert {s.id for s in again.games()} == set(games)


def test_refusing_recovery_raises_a_clear_error_and_touches_nothing(tmp_path):
    path = tmp_path / "games.sqlite3"
    build(path)
    not_sqlite(path)
    before = path.read_bytes()
    with pytest.raises(StoreCorrupted, match=r"is damaged \(file is not a database\)"):
        GameStore(path, recover_damaged=False)
    assert path.read_bytes() == before


def test_a_damaged_newest_backup_falls_back_to_the_older_one(tmp_path):
    path = tmp_path / "games.sqlite3"
    games = build(path)
    newest, older = backup_paths(path)
    assert older.exists()
    not_sqlite(newest)
    zero_length(path)
    with GameStore(path) as store:
        assert store.recovery.backup_used == older
        # The older backup was taken before the newest: every game is there, perhaps shorter.
        for game, events in games.items():
            assert events[:len(store.events(game))] == store.events(game)


def test_without_any_usable_backup_the_list_starts_empty_and_says_so(tmp_path):
    path = tmp_path / "games.sqlite3"
    build(path)
    for backup in backup_paths(path):
        backup.unlink()
    truncate_half(path)  # still SQLite's, so a game database, damaged
    with GameStore(path) as store:
        assert "No usable backup was found" in store.recovery.message
        assert store.games() == []
        assert store.recovery.damaged_copy.exists()


def test_events_written_after_the_last_backup_are_salvaged_when_readable(tmp_path):
    """A crash leaves a damaged file and a stale backup; the readable rows of the damaged
    file fill in what the backup lacks."""
    path = tmp_path / "games.sqlite3"
    store = GameStore(path, backup_every=1000)
    long_game = store.import_jsonl(dump_record(HEADER, [f"red place d6:{i} scavenge{PAD}"
                                                        for i in range(300)]))
    recent = store.create_game({**HEADER, "seed": 9})  # the last backup is taken here
    for i in range(3):
        store.append(recent, f"blue move {i}")
    store._conn.close()  # the power goes: no closing backup
    with open(path, "r+b") as f:  # damage a page inside the long game's events
        f.seek(4096 * 5 + 100)
        f.write(b"\xff" * 3000)

    with GameStore(path) as reopened:
        assert reopened.recovery.games_salvaged == (recent,)
        assert f"read back from the damaged file: {recent}" in reopened.recovery.message
        assert reopened.events(recent) == ["blue move 0", "blue move 1", "blue move 2"]
        assert len(reopened.events(long_game)) == 300
        assert reopened.recovery.games_lost == ()
        assert reopened.recovery.message.endswith("No recorded event was found missing.")


def test_events_after_the_backup_that_cannot_be_read_back_are_named_as_lost(tmp_path):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path, backup_every=1000)
    game = store.create_game(HEADER)  # the last backup is taken here
    for i in range(300):
        store.append(game, f"red place d6:{i} scavenge{PAD}")
    store._conn.close()  # the power goes: no closing backup
    with open(path, "r+b") as f:  # damage the last page: the latest events
        f.seek(path.stat().st_size - 4096)
        f.write(b"\xff" * 4096)

    with GameStore(path) as reopened:
        assert reopened.recovery.games_lost == (game,)
        assert f"could not be read back and are lost: {game}" in reopened.recovery.message
        assert reopened.events(game) == []


def test_a_recovery_that_fails_halfway_leaves_the_damaged_file_where_it_was(tmp_path, monkeypatch):
    import sqlite3

    path = tmp_path / "games.sqlite3"
    games = build(path)
    not_sqlite(path)
    spoiled = path.read_bytes()

    def fail(*_args):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(recovery_module, "_salvage", fail)
    with pytest.raises(StoreCorrupted, match="could not be recovered"):
        GameStore(path)
    assert path.read_bytes() == spoiled
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3", "games.sqlite3.bak1",
                                                          "games.sqlite3.bak2"]
    monkeypatch.undo()
    with GameStore(path) as store:  # the next start recovers
        assert store.recovery is not None and {g.id for g in store.games()} == set(games)


def test_backups_rotate(tmp_path):
    path = tmp_path / "games.sqlite3"
    with GameStore(path, backup_every=2) as store:
        game = store.create_game(HEADER)
        newest, older = backup_paths(path)
        assert newest.exists() and not older.exists()
        store.append(game, "a")
        store.append(game, "b")  # second event: a backup; the first one moves to .bak2
        assert older.exists()
        shutil.copy(newest, tmp_path / "copy")
    with GameStore(tmp_path / "copy") as copy:
        assert copy.events(game) == ["a", "b"]
    assert not any(name.endswith(".bak-new") for name in os.listdir(tmp_path))


def test_an_empty_file_without_backups_is_a_fresh_start_not_damage(tmp_path):
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"")
    with GameStore(path) as store:
        assert store.recovery is None
        game = store.create_game(HEADER)
        store.append(game, "a")
    assert not list(tmp_path.glob("*.damaged-*"))


def test_a_locked_database_is_not_mistaken_for_damage(tmp_path):
    import sqlite3

    path = tmp_path / "games.sqlite3"
    build(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA journal_mode = DELETE")  # rollback journal: a writer locks readers out
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="cannot be opened: database is locked"):
            GameStore(path, timeout_s=0.1)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert path.exists() and not list(tmp_path.glob("*.damaged-*"))


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("content", [b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8,
                                     b"these are my holiday notes, not a database\n"], ids=["photo", "notes"])
def test_a_file_that_is_not_a_database_and_has_no_backups_is_refused_and_left_as_it_is(tmp_path, content):
    path = tmp_path / "photo.png"
    path.write_bytes(content)
    for create, read_only in ((True, False), (False, False), (False, True)):
        with pytest.raises(StoreError, match=r"photo.png is not a game database \(not an SQLite file"):
            GameStore(path, create=create, read_only=read_only)
    assert listing(tmp_path) == {"photo.png": content}


def test_read_only_never_creates_moves_or_writes_a_file(tmp_path):
    path = tmp_path / "games.sqlite3"
    games = build(path)
    before = listing(tmp_path)
    with GameStore(path, read_only=True) as store:
        assert {g.id for g in store.games()} == set(games)
        with pytest.raises(StoreError):
            store.append(next(iter(games)), "red pass")
    assert listing(tmp_path) == before

    not_sqlite(path)  # damaged, with its backups beside it: recovered only by a store that may write
    before = listing(tmp_path)
    with pytest.raises(StoreCorrupted, match="is damaged .* left as it was"):
        GameStore(path, read_only=True)
    assert listing(tmp_path) == before

    with pytest.raises(StoreError, match="There is no game database at"):
        GameStore(tmp_path / "new.sqlite3", read_only=True)
    assert listing(tmp_path) == before


def test_an_empty_file_becomes_a_database_only_for_a_store_that_creates_games(tmp_path):
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"")
    for read_only in (False, True):
        with pytest.raises(StoreError, match="is empty: it holds no saved game"):
            GameStore(path, create=False, read_only=read_only)
    assert listing(tmp_path) == {"games.sqlite3": b""}
    with GameStore(path) as store:
        assert store.games() == []
