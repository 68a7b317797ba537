"""The other games the companion runs the Automas of, each as its setup, game and refusal types."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, Type

from .. import euphoria, tokaido


@dataclass(frozen=True)
class GameKind:
    name: str
    title: str
    setup_from_json: Callable[[Dict[str, Any]], Any]
    new_game: Callable[[Any], Any]  # a setup -> the game before any event
    refused: Type[Exception]        # what the game raises for an event it cannot play


KINDS: Dict[str, GameKind] = {
    "tokaido": GameKind("tokaido", "Tokaido", tokaido.Setup.from_json, tokaido.TokaidoGame, tokaido.Refused),
    "euphoria": GameKind("euphoria", "Euphoria", euphoria.Setup.from_json, euphoria.EuphoriaGame, euphoria.Refused),
}


def kind(name: str) -> GameKind:
    if name not in KINDS:
        raise ValueError(f"'{name}' is not a game the companion knows; choose automata, {', '.join(KINDS)}")
    return KINDS[name]
