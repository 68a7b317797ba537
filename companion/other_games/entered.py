"""The road models (Tokaido) and Automa decks (Euphoria) the owner has entered, wherever they were
entered: on the touchscreen, saved as plain files in a folder beside the game database (``roads/``,
``decks/``), or given on the command line (``session --new --road`` or ``--deck``), kept in the header
of each game started with one. Both are offered to every new game as one list."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Dict, List

from ..games.euphoria import DeckFileError, parse_deck
from ..store import GameStore
from ..games.tokaido import RoadFileError, parse_road
from ..user_files import UnusableFile, read_text, write_text

log = logging.getLogger(__name__)

FIELDS = {"tokaido": "road", "euphoria": "deck"}   # the header's field, and the setup form's row
FOLDERS = {"tokaido": "roads", "euphoria": "decks"}
# Each kind's text as the header keeps it: parsed and written again, so one road or deck saved as a
# file and kept in a header is the same text, offered once.
NORMAL: Dict[str, Callable[[str], str]] = {"tokaido": lambda text: parse_road(text).to_text(),
                                           "euphoria": lambda text: parse_deck(text).to_text()}


@dataclass(frozen=True)
class Entered:
    text: str            # the road or the deck, as the header keeps it
    last_used: datetime  # when a game with it was last played, or its file saved, whichever is later


def normal(kind_name: str, text: str) -> str:
    """The road or deck as the header keeps it (DeckFileError or RoadFileError when it is not one)."""
    return NORMAL[kind_name](text)


def folder(store: GameStore, kind_name: str) -> Path:
    """Where the roads or decks entered on the touchscreen are saved: beside the game database."""
    return store.path.parent / FOLDERS[kind_name]


def save_entered(store: GameStore, kind_name: str, text: str) -> Path:
    """Save a road or deck as the next numbered plain file of its folder (``roads/road-3.txt``);
    :class:`UnusableFile` saying in one line why it cannot be written."""
    place = folder(store, kind_name)
    try:
        place.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UnusableFile(f"{place}: cannot be made ({exc.strerror or exc})") from None
    stem = FIELDS[kind_name]
    number = 1 + max((int(p.stem.split("-")[-1]) for p in place.glob(f"{stem}-*.txt")
                      if p.stem.split("-")[-1].isdigit()), default=0)
    path = place / f"{stem}-{number}.txt"
    write_text(path, normal(kind_name, text).rstrip("\n") + "\n", f"{stem} file")
    return path


def entered(store: GameStore, kind_name: str) -> List[Entered]:
    """Each different road or deck of this kind, from the saved files and the saved games, the most
    recently saved or played first."""
    field = FIELDS[kind_name]
    found: Dict[str, Entered] = {}
    for game in store.games():  # most recently played first
        text = game.header.get(field) if game.kind == kind_name else None
        if text and text not in found:
            found[text] = Entered(text, game.updated_at)
    for saved in _saved_files(store, kind_name):
        if saved.text not in found or found[saved.text].last_used < saved.last_used:
            found[saved.text] = saved
    return sorted(found.values(), key=lambda e: e.last_used, reverse=True)


def _saved_files(store: GameStore, kind_name: str) -> List[Entered]:
    """The files of the folder that can be read; one that cannot is left out, with a log line why."""
    place = folder(store, kind_name)
    files: List[Entered] = []
    for path in sorted(place.glob("*.txt")) if place.is_dir() else ():
        try:
            text = normal(kind_name, read_text(path, f"{FIELDS[kind_name]} file"))
        except (UnusableFile, DeckFileError, RoadFileError) as exc:
            log.warning("%s: left out of the %ss offered: %s", path, FIELDS[kind_name], exc)
            continue
        files.append(Entered(text, datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)))
    return files
