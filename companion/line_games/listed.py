"""A game played by lines as every registered game is seen (``RegisteredGame``): its saved games listed and its
records replayed the same way for each of them."""
from __future__ import annotations

from typing import Any

from .kinds import GameKind
from .records import replay_record


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

    def saved_line(self, header: dict[str, Any], meta: dict[str, Any]) -> str:
        """The game's title, whether it is finished, and its Automas (or, in a game without any, its seats)."""
        where = "finished" if meta.get("waiting_for") == "over" else "in play"
        automas = ", ".join(s["colour"].title() for s in header["seats"] if s["kind"] == "automa")
        who = f"Automas {automas}" if automas else ", ".join(s["colour"].title() for s in header["seats"])
        return f"{self.title}  ·  {where}\n{who}"

    def replay(self, text: str) -> dict[str, Any]:
        return replay_record(text)
