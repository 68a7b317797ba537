"""The road models (Tokaido) and Automa decks (Euphoria) the owner has entered, as the saved games
keep them: each game's header holds the text of the road or deck it was started with, so a file
given once (``session --new --road`` or ``--deck``) is offered again to every new game."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Dict, List

from ..store import GameStore

FIELDS = {"tokaido": "road", "euphoria": "deck"}


@dataclass(frozen=True)
class Entered:
    text: str            # the road or the deck, as the header keeps it
    last_used: datetime  # when a game with it was last played


def entered(store: GameStore, kind_name: str) -> List[Entered]:
    """Each different road or deck of the saved games of this kind, the most recently played first."""
    field = FIELDS[kind_name]
    found: Dict[str, Entered] = {}
    for game in store.games():  # most recently played first
        text = game.header.get(field) if game.kind == kind_name else None
        if text and text not in found:
            found[text] = Entered(text, game.updated_at)
    return list(found.values())
