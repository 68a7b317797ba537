"""The game store: every game as a header plus an append-only list of events, in SQLite.

Events are the engine's text notation and are stored as given. ``undo`` is an event like any
other (nothing is ever deleted); :meth:`GameStore.effective_events` applies it. An event is
committed (WAL, ``synchronous=FULL``) before :meth:`GameStore.append` returns, so a caller that
acknowledges only after ``append`` never acknowledges something a power cut can take back.
"""
from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Optional, Sequence

from .errors import NothingToUndo, StoreCorrupted, StoreError, UnknownGame
from .record import UNDO, dump_record, effective, parse_record
from .recovery import (
    Recovery, check_database, has_backups, is_corruption, is_foreign, read_only_uri, recover, take_backup,
)
from .schema import SCHEMA, SCHEMA_VERSION

log = logging.getLogger(__name__)


AUTOMATA = "automata"


def game_kind(header: dict[str, Any]) -> str:
    """Which game a stored game is: its header's ``game``; headers written before other games
    were kept have none and are Automata."""
    return str(header.get("game", AUTOMATA))


@dataclass(frozen=True)
class GameSummary:
    """One line of the games list."""

    id: str
    created_at: datetime
    updated_at: datetime
    header: dict[str, Any]
    meta: dict[str, Any]
    event_count: int   # every event recorded, undos included
    action_count: int  # actions that stand once undos are applied

    @property
    def kind(self) -> str:
        return game_kind(self.header)


def _utc(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, timezone.utc)


def _to_json(value: dict[str, Any], what: str) -> str:
    if not isinstance(value, dict):
        raise StoreError(f"the {what} must be a dict, got {type(value).__name__}")
    try:
        return json.dumps(value)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"the {what} cannot be stored as JSON: {exc}") from None


class GameStore:
    """All games in one SQLite file, with two rotating backups beside it.

    Opening a damaged file does not fail: the file is moved aside, the newest sound backup is
    restored and :attr:`recovery` says what happened (show ``recovery.message`` to the
    person). With ``recover_damaged=False`` a damaged file raises :class:`StoreCorrupted`
    instead. A file that is not a game database at all (:func:`is_foreign`) is refused and left
    as it is. ``create``: a missing file (or an empty one, which a first start stopped early
    leaves) becomes a new database; without it, it is refused. ``read_only``: nothing is ever
    created, moved or written (a damaged file is refused). ``timeout_s``: how long to wait for
    another program holding the file. Safe to share between threads.
    """

    def __init__(self, path: Path | str, backup_every: int = 20, recover_damaged: bool = True,
                 timeout_s: float = 5.0, create: bool = True, read_only: bool = False):
        self.path = Path(path)
        self.backup_every = backup_every
        self.recovery: Optional[Recovery] = None
        self.read_only = read_only
        # what games are stamped with as they are made and played (the time now; a record of evenings gone by,
        # built for the screens' pictures and tests, sets another)
        self.clock: Callable[[], float] = time.time
        self._lock = threading.RLock()
        self._events_since_backup = 0
        self._check_file(create and not read_only)

        try:
            problem = check_database(self.path, timeout_s, read_only)
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"The game database {self.path} cannot be opened: {exc}") from None
        if problem is not None:
            if read_only:
                raise StoreCorrupted(f"The game database {self.path} is damaged ({problem}); it was left as it "
                                     f"was. Resume a game from it (session --resume, or the app) to restore "
                                     f"its latest backup.")
            if not recover_damaged:
                raise StoreCorrupted(f"The game database {self.path} is damaged ({problem}). "
                                     f"Open it with recovery to restore the latest backup.")
            try:
                self.recovery = recover(self.path, problem)
            except (sqlite3.Error, OSError) as exc:
                raise StoreCorrupted(f"The game database {self.path} is damaged ({problem}) and "
                                     f"could not be recovered ({exc}); it was left as it was. Move it away "
                                     f"by hand; the backups beside it are {self.path.name}.bak1 and .bak2.") from None
        try:
            self._conn = (sqlite3.connect(read_only_uri(self.path), uri=True, timeout=timeout_s,
                                          isolation_level=None, check_same_thread=False) if read_only
                          else sqlite3.connect(self.path, timeout=timeout_s, isolation_level=None,
                                               check_same_thread=False))
        except sqlite3.Error as exc:
            raise self._failure(exc, "be opened") from None
        try:
            self._check_schema(new=not read_only)  # before anything is written to a file of something else
            if not read_only:
                self._conn.execute("PRAGMA journal_mode = WAL")
                self._conn.execute("PRAGMA synchronous = FULL")
                self._conn.execute("PRAGMA foreign_keys = ON")
                self._conn.executescript(SCHEMA)
                self._conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except (sqlite3.Error, StoreError) as exc:
            self._conn.close()
            raise (exc if isinstance(exc, StoreError) else self._failure(exc, "be opened")) from None

    def _check_file(self, create: bool) -> None:
        """Refuse, before anything is opened, a path that cannot hold this store's games."""
        if self.path.is_dir():
            raise StoreError(f"The game database {self.path} is a folder, not a file")
        if not self.path.exists():
            if not create:
                raise StoreError(f"There is no game database at {self.path}")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return
        try:
            foreign = is_foreign(self.path)
        except OSError as exc:
            raise StoreError(f"The game database {self.path} cannot be read: {exc.strerror or exc}") from None
        if foreign:
            raise StoreError(f"{self.path} is not a game database (not an SQLite file, and no backup of one "
                             f"beside it); it was left as it is")
        if not create and self.path.stat().st_size == 0 and not has_backups(self.path):
            raise StoreError(f"{self.path} is empty: it holds no saved game")

    # --- plumbing -----------------------------------------------------------------------

    def _check_schema(self, new: bool = False) -> None:
        """Refuse a database of something else, or of a newer companion; ``new``: one without tables will get
        this store's."""
        tables = {row[0] for row in self._conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "games" not in tables and (tables or not new):
            if not tables:
                raise StoreError(f"{self.path} holds no saved game")
            raise StoreError(f"{self.path} is an SQLite database of something else (tables: "
                             f"{', '.join(sorted(tables))}); choose another storage.db_path")
        version = self._conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer version of the companion "
                             f"(schema {version}, this one knows {SCHEMA_VERSION})")

    def _failure(self, exc: sqlite3.Error, doing: str) -> StoreError:
        if is_corruption(exc):
            return StoreCorrupted(f"The game database {self.path} is damaged ({exc}) and could not "
                                  f"{doing}. Restart the app: it will restore the latest backup.")
        return StoreError(f"The game database {self.path} could not {doing}: {exc}")

    @contextmanager
    def _transaction(self, doing: str) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed (and synced) when the block ends."""
        with self._lock:
            self._require_open()
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self._conn
                except BaseException:
                    self._conn.execute("ROLLBACK")
                    raise
                self._conn.execute("COMMIT")
            except sqlite3.Error as exc:
                raise self._failure(exc, doing) from None

    def _require_open(self) -> None:
        if self._conn is None:
            raise StoreError(f"The game database {self.path} is closed")

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            self._require_open()
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise self._failure(exc, "be read") from None

    def _require(self, conn: sqlite3.Connection, game_id: str) -> None:
        if conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            raise UnknownGame(f"no game with id {game_id!r}")

    def backup(self) -> Path:
        """Take a backup now (``PATH.bak1``, the previous one becomes ``.bak2``)."""
        with self._lock:
            try:
                check = self._conn.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise StoreCorrupted(f"The game database {self.path} is damaged ({check}); the "
                                         f"backups were left as they are. Restart the app to recover.")
                written = take_backup(self._conn, self.path)
            except sqlite3.Error as exc:
                raise self._failure(exc, "be backed up") from None
            except OSError as exc:
                raise StoreError(f"The backup of {self.path} could not be written: {exc}") from None
            self._events_since_backup = 0
            return written

    def close(self) -> None:
        """Back up what changed since the last backup, then close the file."""
        with self._lock:
            if self._conn is None:
                return
            if self._events_since_backup:
                self.backup()
            self._conn.close()
            self._conn = None  # type: ignore[assignment]

    def __enter__(self) -> "GameStore":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- games --------------------------------------------------------------------------

    def create_game(self, header: dict[str, Any], events: Sequence[str] = ()) -> str:
        """Start a new game with this header (the engine's; stored as given), and the events it
        already has (an imported record). Returns its id."""
        header_json = _to_json(header, "game header")
        game_id = uuid.uuid4().hex[:12]
        now = self.clock()
        with self._transaction("record the new game") as conn:
            conn.execute("INSERT INTO games (id, created_at, updated_at, header) VALUES (?, ?, ?, ?)",
                         (game_id, now, now, header_json))
            conn.executemany("INSERT INTO events (game_id, n, event, recorded_at) VALUES (?, ?, ?, ?)",
                             [(game_id, n, event, now) for n, event in enumerate(events, start=1)])
        self.backup()
        return game_id

    def append(self, game_id: str, event: str) -> int:
        """Record one event and return its number (1-based, undos counted).

        Returns only once the event is committed to disk. An ``undo`` with no action left to
        take back is refused with :class:`NothingToUndo`.
        """
        return self.append_all(game_id, [event])

    def append_all(self, game_id: str, events: list[str], meta: Optional[dict[str, Any]] = None) -> int:
        """Record several events in one transaction (all or none), with the game's notes as they
        stand after them (``meta``: replaces the notes, as :meth:`set_meta` does); returns the last number."""
        if not events or not all(isinstance(e, str) and e.strip() for e in events):
            raise StoreError(f"events must be non-empty text, got {events!r}")
        meta_json = None if meta is None else _to_json(meta, "game meta")
        with self._lock:
            with self._transaction("record the event") as conn:
                self._require(conn, game_id)
                if UNDO in events:
                    standing = len(effective(row[0] for row in conn.execute(
                        "SELECT event FROM events WHERE game_id = ? ORDER BY n", (game_id,))))
                    for event in events:
                        standing += -1 if event == UNDO else 1
                        if standing < 0:
                            raise NothingToUndo(f"game {game_id}: there is no action left to undo")
                n = conn.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]
                now = self.clock()
                conn.executemany("INSERT INTO events (game_id, n, event, recorded_at) VALUES (?, ?, ?, ?)",
                                 [(game_id, n + i, e, now) for i, e in enumerate(events, 1)])
                conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
                if meta_json is not None:
                    conn.execute("UPDATE games SET meta = ? WHERE id = ?", (meta_json, game_id))
                n += len(events)
            self._events_since_backup += len(events)
            if self._events_since_backup >= self.backup_every:
                self.backup()
            return n

    def events(self, game_id: str) -> list[str]:
        """Every event of the game in the order recorded, undos included."""
        with self._lock:
            self._require_readable(game_id)
            return [row[0] for row in self._read(
                "SELECT event FROM events WHERE game_id = ? ORDER BY n", (game_id,))]

    def effective_events(self, game_id: str) -> list[str]:
        """The actions that stand: :meth:`events` with every undo applied."""
        return effective(self.events(game_id))

    def header(self, game_id: str) -> dict[str, Any]:
        rows = self._read("SELECT header FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise UnknownGame(f"no game with id {game_id!r}")
        return json.loads(rows[0][0])

    def meta(self, game_id: str) -> dict[str, Any]:
        """The session's notes on the game (current round, final scores...)."""
        rows = self._read("SELECT meta FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise UnknownGame(f"no game with id {game_id!r}")
        return json.loads(rows[0][0])

    def set_meta(self, game_id: str, meta: dict[str, Any]) -> None:
        """Replace the game's notes (a small JSON-able dict)."""
        meta_json = _to_json(meta, "game meta")
        with self._transaction("record the game notes") as conn:
            self._require(conn, game_id)
            conn.execute("UPDATE games SET meta = ? WHERE id = ?", (meta_json, game_id))

    def games(self) -> list[GameSummary]:
        """Every game, most recently played first."""
        with self._lock:
            rows = self._read("SELECT id, created_at, updated_at, header, meta FROM games "
                              "ORDER BY updated_at DESC, rowid DESC")
            all_events: dict[str, list[str]] = {}
            for game_id, event in self._read("SELECT game_id, event FROM events ORDER BY game_id, n"):
                all_events.setdefault(game_id, []).append(event)
        return [GameSummary(game_id, _utc(created), _utc(updated), json.loads(header), json.loads(meta),
                            len(all_events.get(game_id, [])), len(effective(all_events.get(game_id, []))))
                for game_id, created, updated, header, meta in rows]

    def latest_game_id(self, kind: Optional[str] = None) -> Optional[str]:
        """The game played most recently (of that kind of game, when given), or None when there is none."""
        if kind is None:
            rows = self._read("SELECT id FROM games ORDER BY updated_at DESC, rowid DESC LIMIT 1")
            return rows[0][0] if rows else None
        rows = self._read("SELECT id, header FROM games ORDER BY updated_at DESC, rowid DESC")
        return next((game_id for game_id, header in rows if game_kind(json.loads(header)) == kind), None)

    def _require_readable(self, game_id: str) -> None:
        if not self._read("SELECT 1 FROM games WHERE id = ?", (game_id,)):
            raise UnknownGame(f"no game with id {game_id!r}")

    # --- game records -------------------------------------------------------------------

    def export_jsonl(self, game_id: str) -> str:
        """The game as a JSONL game record: header line, then the actions that stand."""
        return dump_record(self.header(game_id), self.effective_events(game_id))

    def import_jsonl(self, text: str) -> str:
        """Check a JSONL game record and store it as a new game; returns the new id.

        Raises :class:`RecordFormatError` naming the first bad line; nothing is stored then.
        """
        header, actions = parse_record(text)
        return self.create_game(header, actions)
