"""A game played by lines at the table (one registered in ``companion.games.registry``), kept in the same store
as Automata's games.

The header is the game's setup (with ``"game": KIND``); every line the table gives that the
game accepts is an event, committed before its answer is shown, so the Automas' decisions,
which follow from the events, are saved as they are made. Undo is the store's ``undo`` event;
resume replays the events that stand.
"""
from __future__ import annotations

import copy
import logging
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ..session.protocol import FinalScore, game_to_resume
from ..store import GameStore, NothingToUndo, StoreError
from ..games.registry import kind_named
from .choices import Step
from .kinds import EventRefused, GameKind, TableGame, replayed

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Answer:
    ok: bool
    event: Optional[int] = None
    lines: list[str] = field(default_factory=list)
    reason: str = ""


class GameSession:
    def __init__(self, store: GameStore, game_id: str, kind: GameKind, game: TableGame) -> None:
        self.store = store
        self.game_id = game_id
        self.kind = kind
        self.game = game

    @classmethod
    def new(cls, store: GameStore, kind_name: str, setup: Any) -> "GameSession":
        chosen = kind_named(kind_name)
        game = chosen.new_game(setup)  # checks the setup before anything is stored
        session = cls(store, store.create_game(setup.to_json()), chosen, game)
        session._save_notes()
        return session

    @classmethod
    def resume(cls, store: GameStore, kind_name: str, game_id: Optional[str] = None) -> "GameSession":
        """Load a game of this kind (its latest when ``game_id`` is None) and replay its events."""
        chosen = kind_named(kind_name)
        game_id = game_to_resume(store, kind_name, game_id)
        return cls(store, game_id, chosen, cls._replay(store, game_id, chosen, store.header(game_id)))

    @staticmethod
    def _replay(store: GameStore, game_id: str, chosen: GameKind, header: dict,
                events: Optional[list[str]] = None) -> Any:
        """The game after ``events`` (those that stand in the store by default)."""
        try:
            return replayed(chosen, header, store.effective_events(game_id) if events is None else events)
        except EventRefused as exc:
            raise StoreError(f"Game {game_id} cannot be replayed: {exc}. The events before it are intact.") from None

    @property
    def over(self) -> bool:
        return self.game.waiting_for() == "over"

    def next_step(self, parts: Sequence[str]) -> Optional[Step]:
        """What the table is asked next (``GameKind.next_step``)."""
        return self.kind.next_step(self.game, parts)

    def snapshot(self) -> dict[str, Any]:
        return self.game.to_json()

    def submit(self, line: str) -> Answer:
        """Play a line on a copy of the game, save it with the notes it leaves, then keep the copy."""
        event = " ".join(line.split())
        scratch = copy.deepcopy(self.game)
        try:
            lines = [self.kind.words(said) for said in scratch.play(event)]
        except self.kind.refused as refused:
            return Answer(False, reason=str(refused))
        try:
            number = self.store.append_all(self.game_id, [event], meta=self._notes(scratch))
        except StoreError as exc:
            return Answer(False, reason=f"Not saved, so not played: {exc}")
        self.game = scratch
        return Answer(True, number, lines)

    def undo(self, lines: int = 1) -> Answer:
        """Take back the last ``lines`` events given, in one step saved whole."""
        try:
            standing = self.store.effective_events(self.game_id)
            if not standing:
                return Answer(False, reason="There is nothing to undo")
            lines = min(lines, len(standing))
            before = self._replay(self.store, self.game_id, self.kind, self.store.header(self.game_id),
                                  standing[:-lines])
            number = self.store.append_all(self.game_id, ["undo"] * lines, meta=self._notes(before))
        except NothingToUndo:
            return Answer(False, reason="There is nothing to undo")
        except StoreError as exc:
            return Answer(False, reason=f"Not saved, so not undone: {exc}")
        self.game = before
        return Answer(True, number)

    def prompt(self) -> str:
        return self.game.prompt()

    def setup_lines(self) -> list[str]:
        """What to do at the table before the first event, in lines."""
        return [self.kind.words(said) for said in self.game.setup_events()]

    def final_score(self) -> Optional[FinalScore]:
        """The Automas' points and the winners once the game is over; None before."""
        if self.game.waiting_for() != "over":
            return None
        return self.game.scores(), self.game.winners()

    def _notes(self, game: Any) -> dict[str, Any]:
        """The notes the list of saved games shows of ``game``."""
        return {"game": self.kind.name, "waiting_for": game.waiting_for()}

    def _save_notes(self) -> None:
        """The notes of a game just started; a failure is logged and the game goes on."""
        try:
            self.store.set_meta(self.game_id, self._notes(self.game))
        except StoreError as exc:
            log.warning("the notes of game %s were not saved: %s", self.game_id, exc)
