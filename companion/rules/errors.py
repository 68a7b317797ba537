"""The one exception an illegal action raises."""
from __future__ import annotations


def cited(reason: str, rule: str) -> str:
    """A refusal as the table prints it: the reason, then the rule it rests on."""
    return f"{reason} [{rule}]" if rule else reason


class IllegalAction(ValueError):
    """An action the rules refuse.

    ``rule`` names the ruling (``"R12"``) or rulebook section it breaks; ``reason`` is one
    plain sentence for a person at the table. The state it was applied to is unchanged.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(cited(reason, rule))
        self.rule = rule
        self.reason = reason


class NotationError(IllegalAction):
    """A line that is not an action in the notation of ``docs/notation.md``."""

    def __init__(self, reason: str) -> None:
        super().__init__("notation", reason)
