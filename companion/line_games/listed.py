"""A game played by lines as every registered game is seen (``RegisteredGame``): its saved games listed and its
records replayed the same way for each of them."""
from __future__ import annotations

import argparse
from typing import IO, Any, Optional

from companion.store import GameStore

from .kinds import GameKind, Screens
from .records import replay_record
from .session import GameSession


class ListedByLines:
    """``kind`` as the New game and Home screens, the headless session and ``replay`` see it."""

    def __init__(self, kind: GameKind) -> None:
        self.kind = kind

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def title(self) -> str:
        return self.kind.title

    @property
    def about(self) -> str:
        return self.kind.about

    @property
    def colour(self) -> tuple[float, float, float, float]:
        return self.kind.colour

    @property
    def levels(self) -> tuple[str, ...]:
        return self.kind.levels

    def set_up(self, screens: Screens) -> None:
        screens.set_up_by_form(self.name)

    def open(self, screens: Screens, game_id: str) -> None:
        screens.open_line_game(game_id)

    def serve(self, args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
        from .headless import run

        return run(args, stdin, stdout)

    def saved_line(self, header: dict[str, Any], meta: dict[str, Any]) -> str:
        """The game's title, whether it is finished, and its Automas (or, in a game without any, its seats)."""
        where = "finished" if meta.get("waiting_for") == "over" else "in play"
        automas = ", ".join(s["colour"].title() for s in header["seats"] if s["kind"] == "automa")
        who = f"Automas {automas}" if automas else ", ".join(s["colour"].title() for s in header["seats"])
        return f"{self.title}  ·  {where}\n{who}"

    def replay(self, text: str) -> dict[str, Any]:
        return replay_record(text)

    def start(self, store: GameStore, args: argparse.Namespace) -> GameSession:
        return GameSession.new(store, self.name, self.kind.setup_from_args(args))

    def resume(self, store: GameStore, game_id: Optional[str]) -> GameSession:
        return GameSession.resume(store, self.name, game_id)
