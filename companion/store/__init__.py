"""Persistent games: an append-only event log per game in SQLite, with backups and recovery."""
from .database import AUTOMATA, GameStore, GameSummary, game_kind
from .errors import NothingToUndo, RecordFormatError, StoreCorrupted, StoreError, UnknownGame
from .record import UNDO, dump_record, effective, parse_record
from .recovery import Recovery

__all__ = [
    "AUTOMATA", "GameStore", "GameSummary", "game_kind", "Recovery", "UNDO", "dump_record", "effective", "parse_record",
    "NothingToUndo", "RecordFormatError", "StoreCorrupted", "StoreError", "UnknownGame",
]
