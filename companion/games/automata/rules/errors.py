"""The project's error root, and the two ways the rules refuse what they are given."""
from __future__ import annotations


def cited(reason: str, rule: str) -> str:
    """A refusal as the table prints it: the reason, then the rule it rests on."""
    return f"{reason} [{rule}]" if rule else reason


class CompanionError(Exception):
    """The root of the project's errors about what it was given: an action, a line of notation, a
    game record, a named file, the settings, the Automa's deck, a zone layout or calibration.

    It lives here because ``companion.games.automata.rules`` is the bottom of the layers (docs/architecture.md).
    ``companion.store``, ``vision`` and ``hardware`` import nothing of the project, so their errors
    (``StoreError``, ``CameraUnavailable``, ``PanelUnavailable``...) stand apart from it.
    """


class IllegalAction(CompanionError, ValueError):
    """An action the rules refuse.

    ``rule`` names the ruling (``"R12"``) or rulebook section it breaks; ``reason`` is one
    plain sentence for a person at the table. The state it was applied to is unchanged.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(cited(reason, rule))
        self.rule = rule
        self.reason = reason


class NotationError(CompanionError, ValueError):
    """A line that is not an action in the notation of ``docs/notation.md``.

    A sibling of :class:`IllegalAction`, not a kind of it: the line was never an action the rules
    could judge. It is cited like a refusal, under the rule ``"notation"``.
    """

    rule = "notation"

    def __init__(self, reason: str) -> None:
        super().__init__(cited(reason, self.rule))
        self.reason = reason
