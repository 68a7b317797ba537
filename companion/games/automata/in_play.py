"""Automata's engine session (``companion.session.table.TableSession``) as every registered game in play is seen
(``companion.line_games.kinds.GameInPlay``): a line is an action in the text notation, and what the table is asked
next is the legal decisions, one tap each."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from companion.line_games.choices import Choice, Step
from companion.session.table import Outcome, TableSession


class EngineGame:
    """``session``, lines in."""

    def __init__(self, session: TableSession) -> None:
        self.session = session

    @property
    def game_id(self) -> str:
        return self.session.game_id

    @property
    def over(self) -> bool:
        return self.session.state.is_over

    def next_step(self, parts: Sequence[str]) -> Optional[Step]:
        """The legal decisions where one is open (a roll awaited from the table is not one: nothing is asked)."""
        decisions = tuple(Choice(line, line, ends=True) for line in map(str, self.session.legal()))
        return Step("Your move?", decisions) if decisions and not parts else None

    def submit(self, line: str) -> Outcome:
        return self.session.submit(line)

    def undo(self) -> Outcome:
        return self.session.undo()

    def snapshot(self) -> dict[str, Any]:
        return self.session.state.to_json()
