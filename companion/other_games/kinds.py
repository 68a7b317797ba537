"""The other games the companion runs the Automas of, each as its setup, game and refusal types."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, Sequence, Type

from ..games import euphoria, tokaido


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


class EventRefused(Exception):
    """An event a game cannot play: ``number`` (1-based, among the game's events), the event, and why."""

    def __init__(self, number: int, event: str, reason: str) -> None:
        super().__init__(f"event {number} '{event}' is refused ({reason})")
        self.number = number
        self.event = event
        self.reason = reason


def kind(name: str) -> GameKind:
    if name not in KINDS:
        raise ValueError(f"'{name}' is not a game the companion knows; choose automata, {', '.join(KINDS)}")
    return KINDS[name]


def replayed(chosen: GameKind, header: Dict[str, Any], events: Sequence[str]) -> Any:
    """The game of ``chosen`` kind set up by ``header`` after ``events``; raises :class:`EventRefused`."""
    game = chosen.new_game(chosen.setup_from_json(header))
    for number, event in enumerate(events, 1):
        try:
            game.play(event)
        except chosen.refused as exc:
            raise EventRefused(number, event, str(exc)) from None
    return game
