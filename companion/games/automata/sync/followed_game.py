"""What the sync asks of the game it follows: the state where the next decision is taken, and a move played.

``TableSession`` is one; the sync sits below the session, so it names only what it calls.
"""
from __future__ import annotations

from typing import Optional, Protocol

from ..rules import Action, State


class MoveOutcome(Protocol):
    """The answer to a move submitted: whether it was played (and saved), as which event, or why not."""

    @property
    def ok(self) -> bool: ...

    @property
    def event(self) -> Optional[int]: ...

    @property
    def reason(self) -> str:
        """Why it was refused, in plain words ('' when it was played)."""
        ...

    @property
    def refusal(self) -> str:
        """The reason with the rule it cites."""
        ...


class FollowedGame(Protocol):
    """The game a camera table is kept together with."""

    def upcoming_state(self) -> State:
        """The state once the chance events the game supplies itself are played."""
        ...

    def submit(self, action: Action) -> MoveOutcome:
        """Check, save and play ``action``; a refusal changes nothing."""
        ...
