"""A game: its header, the actions played, the states they led to, undo, and the record format.

The game record is JSON lines: a header object, then one action per line in notation::

    {"type": "header", "rules_version": "...", "seats": [{"colour": "red"}, ...], "seed": 7}
    {"type": "action", "n": 1, "action": "order blue red"}

Chance outcomes the table did not supply come from a random source seeded by the game's
seed and the number of actions so far, so a resumed game rolls exactly as it would have.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from .actions import Action
from .engine import apply_action, new_game, sample_chance
from .errors import CompanionError, IllegalAction, NotationError
from .notation import parse_action
from .ruleset import Ruleset, default_ruleset
from .state import State


class RecordError(CompanionError, ValueError):
    """A game record that cannot be read or replayed; ``line`` is 1-based."""

    def __init__(self, line: int, message: str, action: str = "", reason: str = "") -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.action = action
        self.reason = reason or message


@dataclass
class Header:
    seats: list[dict[str, Any]]
    seed: Optional[int] = None
    rules_version: str = field(default_factory=lambda: default_ruleset().version)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def colours(self) -> list[str]:
        return [s["colour"] for s in self.seats]

    def to_json(self) -> dict[str, Any]:
        return {**self.extra, "type": "header", "rules_version": self.rules_version, "seats": self.seats, "seed": self.seed}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Header":
        known = {"type", "rules_version", "seats", "seed"}
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, dict) and "colour" in s for s in seats):
            raise ValueError("the header needs 'seats': a list of objects with a 'colour'")
        return cls(seats=seats, seed=data.get("seed"), rules_version=data.get("rules_version", default_ruleset().version),
                   extra={k: v for k, v in data.items() if k not in known})


class Game:
    """A game in progress: ``play`` an action or a line of notation, ``undo`` the last one."""

    def __init__(self, header: Header, rules: Optional[Ruleset] = None) -> None:
        self.header = header
        self.rules = rules or default_ruleset()
        self.actions: list[Action] = []
        self.states: list[State] = [new_game(header.colours, self.rules)]

    @property
    def state(self) -> State:
        return self.states[-1]

    def copy(self) -> "Game":
        """An independent game with the same history (states are shared: they are never changed)."""
        new = Game.__new__(Game)
        new.header, new.rules = self.header, self.rules
        new.actions, new.states = self.actions[:], self.states[:]
        return new

    def play(self, action: Union[Action, str]) -> State:
        """Apply an action (or a notation line); raises ``IllegalAction`` (or ``NotationError`` for a line that
        is no action) and changes nothing if refused."""
        if isinstance(action, str):
            action = parse_action(action)
        new = apply_action(self.state, action)
        self.actions.append(action)
        self.states.append(new)
        return new

    def seeded_outcomes(self) -> list[Action]:
        """The seeded outcomes of the chance events ahead, up to the next decision (not played).

        Each outcome depends only on the seed and the number of actions before it, so the
        same game always rolls the same way, in any process, after any resume.
        """
        state, played, outcomes = self.state, len(self.actions), []
        while state.is_chance_node:
            outcome = sample_chance(state, random.Random(f"{self.header.seed}:{played}"))
            state = apply_action(state, outcome)
            outcomes.append(outcome)
            played += 1
        return outcomes

    def chance_outcome(self) -> Action:
        """The seeded outcome of the chance event the game waits for."""
        return sample_chance(self.state, random.Random(f"{self.header.seed}:{len(self.actions)}"))

    def play_chance(self) -> State:
        return self.play(self.chance_outcome())

    def undo(self) -> Action:
        if not self.actions:
            raise IllegalAction("undo", "There is nothing to undo")
        self.states.pop()
        return self.actions.pop()

    # -- the record ---------------------------------------------------------------------------

    def to_jsonl(self) -> str:
        lines = [json.dumps(self.header.to_json(), sort_keys=True)]
        lines += [json.dumps({"type": "action", "n": i, "action": str(a)}, sort_keys=True)
                  for i, a in enumerate(self.actions, 1)]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_jsonl(cls, text: str, rules: Optional[Ruleset] = None) -> "Game":
        """Replay a record; raises ``RecordError`` naming the first bad line."""
        rows = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
        if not rows:
            raise RecordError(1, "the record is empty: it needs a header line")
        objects = []
        for number, line in rows:
            try:
                objects.append((number, json.loads(line)))
            except json.JSONDecodeError as exc:
                raise RecordError(number, f"not JSON ({exc.msg})", line.strip()) from None
        number, first = objects[0]
        if not isinstance(first, dict) or first.get("type") != "header":
            raise RecordError(number, "the first line must be the header ({\"type\": \"header\", ...})")
        try:
            game = cls(Header.from_json(first), rules)
        except (ValueError, IllegalAction) as exc:
            raise RecordError(number, str(exc)) from None
        for number, row in objects[1:]:
            if not isinstance(row, dict) or not isinstance(row.get("action"), str):
                raise RecordError(number, "an action line needs {\"action\": \"...\"}")
            try:
                game.play(row["action"])
            except (IllegalAction, NotationError) as exc:
                raise RecordError(number, f"illegal action '{row['action']}': {exc}", row["action"], str(exc)) from None
        return game

