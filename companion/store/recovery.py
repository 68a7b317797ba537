"""Keeping the game database safe: rotating backups, damage checks, and recovery.

Two backups sit beside the database: ``PATH.bak1`` (newest) and ``PATH.bak2`` (the one
before). When the database turns out damaged on open, it is moved aside (never deleted), the
newest backup that passes SQLite's integrity check is restored, and whatever the damaged
file still yields beyond the backup is salvaged game by game. The caller gets a
:class:`Recovery` whose ``message`` says what happened and what is lost.
"""
from __future__ import annotations

import logging
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

from .schema import SCHEMA

log = logging.getLogger(__name__)

BACKUP_COUNT = 2
CORRUPTION_CODES = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
EMPTY = "the file is empty"
SQLITE_HEADER = b"SQLite format 3\x00"


def backup_paths(path: Path) -> list[Path]:
    """Backups of ``path``, newest first."""
    return [path.with_name(f"{path.name}.bak{i}") for i in range(1, BACKUP_COUNT + 1)]


def has_backups(path: Path) -> bool:
    return any(backup.exists() for backup in backup_paths(path))


def is_foreign(path: Path) -> bool:
    """Whether the file at ``path`` is something other than a game database, damaged or not: it has bytes,
    they do not start as SQLite's do, and no backup of the companion's lies beside it. Such a file (a photo,
    notes) is never taken for damage, so never moved aside."""
    with open(path, "rb") as f:
        head = f.read(len(SQLITE_HEADER))
    return bool(head) and head != SQLITE_HEADER and not has_backups(path)


def read_only_uri(path: Path) -> str:
    """The URI that reads ``path`` without creating or changing any file. Where no program has the database
    open (no ``-wal`` file beside it) the file holds everything and is read alone (``immutable``: SQLite
    makes no ``-wal`` or ``-shm`` file, which a read-only connection could not remove); else through them."""
    uri = f"{path.absolute().as_uri()}?mode=ro"
    return uri if path.with_name(path.name + "-wal").exists() else uri + "&immutable=1"


def is_corruption(exc: sqlite3.Error) -> bool:
    """Whether SQLite's error means the file itself is damaged (not busy, not full)."""
    name = getattr(exc, "sqlite_errorname", "")
    return name in CORRUPTION_CODES or "malformed" in str(exc) or "not a database" in str(exc)


def check_database(path: Path, timeout_s: float = 5.0, read_only: bool = False) -> Optional[str]:
    """What is wrong with the database file, in SQLite's words, or None when it is sound.

    A file that does not exist is sound (it will be created). Errors that are not damage
    (the file is locked by another program, cannot be read) are raised as they are. With
    ``read_only`` the check creates and changes no file.
    """
    if not path.exists():
        return None
    if path.stat().st_size == 0:
        # Empty with no backup: a first start that stopped before writing anything.
        return EMPTY if has_backups(path) else None
    try:
        connection = (sqlite3.connect(read_only_uri(path), uri=True, timeout=timeout_s) if read_only
                      else sqlite3.connect(path, timeout=timeout_s))
        with closing(connection) as conn:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as exc:
        if is_corruption(exc):
            return str(exc)
        raise  # busy, locked, unreadable: not damage, and nothing to move aside
    if rows == [("ok",)]:
        return None
    problems = [line for row in rows for line in str(row[0]).splitlines() if not line.startswith("***")]
    more = f" and {len(problems) - 1} more problem(s)" if len(problems) > 1 else ""
    return f"integrity check: {problems[0] if problems else 'failed'}{more}"


def take_backup(conn: sqlite3.Connection, path: Path) -> Path:
    """Copy the open database to ``PATH.bak1``, moving the previous one to ``.bak2``.

    The copy is written beside the database and renamed into place, so a crash while backing
    up never leaves a half-written backup where a good one was.
    """
    newest, *older = backup_paths(path)
    temporary = path.with_name(f"{path.name}.bak-new")
    temporary.unlink(missing_ok=True)
    with closing(sqlite3.connect(temporary)) as target:
        conn.backup(target)
    for later, earlier in zip(reversed(older), reversed([newest, *older[:-1]])):
        if earlier.exists():
            os.replace(earlier, later)
    os.replace(temporary, newest)
    return newest


@dataclass(frozen=True)
class Recovery:
    """What happened when a damaged database was found on open."""

    database: Path
    problem: str
    damaged_copy: Path
    backup_used: Optional[Path]
    backup_time: Optional[datetime]
    games_restored: tuple[str, ...]
    games_salvaged: tuple[str, ...]
    # Games whose latest events the damaged file no longer gives back; None when it gives
    # nothing back, so that what it held beyond the backup is unknown.
    games_lost: Optional[tuple[str, ...]]
    backups_damaged: tuple[Path, ...] = ()

    @property
    def message(self) -> str:
        """One line: what was damaged, what was restored, and what is lost."""
        parts = [f"The game database {self.database} was damaged ({self.problem}). "
                 f"It was moved to {self.damaged_copy}."]
        parts += [f"The backup {backup} was damaged too." for backup in self.backups_damaged]
        if self.backup_used is not None:
            when = self.backup_time.strftime("%Y-%m-%d %H:%M:%S UTC") if self.backup_time else "?"
            parts.append(f"The backup taken at {when} was restored "
                         f"({len(self.games_restored)} game(s)).")
        else:
            parts.append("No usable backup was found.")
        if self.games_salvaged:
            parts.append(f"Events of {len(self.games_salvaged)} game(s) were read back from the "
                         f"damaged file: {', '.join(self.games_salvaged)}.")
        parts.append(self._loss())
        return " ".join(parts)

    def _loss(self) -> str:
        if self.games_lost == ():
            return "No recorded event was found missing."
        if self.games_lost:
            return (f"The latest events of {len(self.games_lost)} game(s) could not be read back and are "
                    f"lost: {', '.join(self.games_lost)}; check them before going on.")
        if self.backup_used is not None:
            return ("Events recorded after that backup could not be read back and may be lost; check the "
                    "latest game before going on.")
        return "Games the damaged file no longer yields are lost."


def recover(path: Path, problem: str) -> Recovery:
    """Rebuild the damaged database beside it from the best material left, then move the damaged
    file aside and the rebuilt one into its place.

    Until those last renames nothing is changed: a recovery that fails or is cut short leaves the
    damaged file where it was, so the next start finds it and recovers again.
    """
    rebuilt = path.with_name(f"{path.name}.recovering")
    rebuilt.unlink(missing_ok=True)
    try:
        backup_used, backups_damaged = _newest_sound_backup(path)
        restored: tuple[str, ...] = ()
        if backup_used is not None:
            with closing(sqlite3.connect(backup_used)) as source, closing(sqlite3.connect(rebuilt)) as target:
                source.backup(target)
                restored = tuple(row[0] for row in target.execute("SELECT id FROM games ORDER BY rowid"))
        salvaged, lost = _salvage(path, rebuilt) if problem != EMPTY else ((), None)
    except BaseException:
        rebuilt.unlink(missing_ok=True)
        raise

    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    damaged = path.with_name(f"{path.name}.damaged-{stamp}")
    os.replace(path, damaged)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            os.replace(companion, damaged.with_name(damaged.name + suffix))
    os.replace(rebuilt, path)
    backup_time = (datetime.fromtimestamp(backup_used.stat().st_mtime, timezone.utc)
                   if backup_used is not None else None)
    recovery = Recovery(path, problem, damaged, backup_used, backup_time, restored, salvaged, lost,
                        backups_damaged)
    log.info("store: %s", recovery.message)  # the caller shows it: a warning here would say it twice
    return recovery


def _newest_sound_backup(path: Path) -> tuple[Optional[Path], tuple[Path, ...]]:
    """The newest backup that passes the integrity check, and the damaged ones newer than it."""
    damaged: list[Path] = []
    for candidate in backup_paths(path):
        if candidate.exists():
            if check_database(candidate) is None:
                return candidate, tuple(damaged)
            damaged.append(candidate)
    return None, tuple(damaged)


def _salvage(damaged: Path, rebuilt: Path) -> tuple[tuple[str, ...], Optional[tuple[str, ...]]]:
    """Copy from the damaged file every game whose rows can still be read and that the rebuilt
    database lacks or holds fewer events of.

    Returns the ids of those games, and of the games the damaged file had played on beyond the
    rebuilt database but no longer gives back whole (None when its list of games is unreadable).
    """
    salvaged: list[str] = []
    lost: list[str] = []
    try:
        source = sqlite3.connect(f"{damaged.absolute().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return (), None
    with closing(source), closing(sqlite3.connect(rebuilt)) as target:
        target.executescript(SCHEMA)
        try:
            games = source.execute("SELECT id, created_at, updated_at, header, meta FROM games").fetchall()
        except sqlite3.Error:
            return (), None
        for game_id, created_at, updated_at, header, meta in games:
            try:
                events = source.execute("SELECT n, event, recorded_at FROM events WHERE game_id = ? "
                                        "ORDER BY n", (game_id,)).fetchall()
                whole = [n for n, _, _ in events] == list(range(1, len(events) + 1))  # no unreadable rows
            except sqlite3.Error:
                events, whole = [], False
            kept = target.execute("SELECT updated_at FROM games WHERE id = ?", (game_id,)).fetchone()
            have = [row[0] for row in target.execute(
                "SELECT event FROM events WHERE game_id = ? ORDER BY n", (game_id,))]
            more = kept is None or len(events) > len(have)
            if whole and more and [e for _, e, _ in events[:len(have)]] == have:
                with target:
                    target.execute("INSERT OR REPLACE INTO games (id, created_at, updated_at, header, meta) "
                                   "VALUES (?, ?, ?, ?, ?)", (game_id, created_at, updated_at, header, meta))
                    target.executemany("INSERT OR REPLACE INTO events (game_id, n, event, recorded_at) "
                                       "VALUES (?, ?, ?, ?)", [(game_id, *row) for row in events])
                salvaged.append(game_id)
            elif kept is None or updated_at > kept[0]:
                lost.append(game_id)
    return tuple(salvaged), tuple(lost)
