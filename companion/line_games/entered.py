"""The texts a game has entered once (``GameKind.entered``: a road model, an Automa deck), wherever they were
entered: on the touchscreen, saved as plain files in a folder beside the game database (``roads/``,
``decks/``), or given on the command line (``session --new --road`` or ``--deck``), kept in the header
of each game started with one. Both are offered to every new game as one list."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from ..games.registry import kind_named
from ..store import GameStore
from ..user_files import UnusableFile, read_text, write_text
from .kinds import EnteredText

log = logging.getLogger(__name__)

@dataclass(frozen=True)
class Entered:
    text: str            # the road or the deck, as the header keeps it
    last_used: datetime  # when a game with it was last played, or its file saved, whichever is later


def _entered(kind_name: str) -> EnteredText:
    entered_text = kind_named(kind_name).entered
    if entered_text is None:
        raise ValueError(f"a game of {kind_named(kind_name).title} has no text entered once")
    return entered_text


def normal(kind_name: str, text: str) -> str:
    """The road or deck as the header keeps it (a ValueError saying why when it is not one)."""
    return _entered(kind_name).normal(text)


def folder(store: GameStore, kind_name: str) -> Path:
    """Where the roads or decks entered on the touchscreen are saved: beside the game database."""
    return store.path.parent / _entered(kind_name).folder


def save_entered(store: GameStore, kind_name: str, text: str) -> Path:
    """Save a road or deck as the next numbered plain file of its folder (``roads/road-3.txt``);
    :class:`UnusableFile` saying in one line why it cannot be written."""
    place = folder(store, kind_name)
    try:
        place.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UnusableFile(f"{place}: cannot be made ({exc.strerror or exc})") from None
    stem = _entered(kind_name).field
    number = 1 + max((int(p.stem.split("-")[-1]) for p in place.glob(f"{stem}-*.txt")
                      if p.stem.split("-")[-1].isdigit()), default=0)
    path = place / f"{stem}-{number}.txt"
    write_text(path, normal(kind_name, text).rstrip("\n") + "\n", f"{stem} file")
    return path


def entered(store: GameStore, kind_name: str) -> list[Entered]:
    """Each different road or deck of this kind, from the saved files and the saved games, the most
    recently saved or played first."""
    field = _entered(kind_name).field
    found: dict[str, Entered] = {}
    for game in store.games():  # most recently played first
        text = game.header.get(field) if game.kind == kind_name else None
        if text and text not in found:
            found[text] = Entered(text, game.updated_at)
    for saved in _saved_files(store, kind_name):
        if saved.text not in found or found[saved.text].last_used < saved.last_used:
            found[saved.text] = saved
    return sorted(found.values(), key=lambda e: e.last_used, reverse=True)


def _saved_files(store: GameStore, kind_name: str) -> list[Entered]:
    """The files of the folder that can be read; one that cannot is left out, with a log line why."""
    place = folder(store, kind_name)
    files: list[Entered] = []
    for path in sorted(place.glob("*.txt")) if place.is_dir() else ():
        try:
            text = normal(kind_name, read_text(path, f"{_entered(kind_name).field} file"))
        except ValueError as exc:  # an UnusableFile too
            log.warning("%s: left out of the %ss offered: %s", path, _entered(kind_name).field, exc)
            continue
        files.append(Entered(text, datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)))
    return files
