"""The tables of the game database."""

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    header TEXT NOT NULL,
    meta TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games (id),
    n INTEGER NOT NULL,
    event TEXT NOT NULL,
    recorded_at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
"""
