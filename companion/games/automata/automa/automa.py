"""The Automa: one seat played from a virtual card deck, every decision a legal engine action.

    automa = Automa(level=3, colour="blue", seed=7)
    decision = automa.decide(state)      # state.turn is the Automa's seat
    state = apply_action(state, decision.action)
    show(decision.instruction, decision.card_pair)

A *turn* is one deployment turn (at most the level's number of modifications, then a
placement) or one activation turn. A new card pair is drawn at the start of each turn; the
modifications of a deployment turn and its placement share one pair. Rolls (including the
outcome of a reroll) are chance events: they come from the table like anyone's.

``to_json``/``from_json`` carry the deck and the turn in progress, so a game resumed after a
power cut continues identically: the Automa is deterministic from (level, seed, decisions).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Optional, Union

from ..rules import Action, CompanionError, Phase, Place, Scavenge, State, group_sum
from .deck import DeckCycle, DeckData, default_deck
from .instructions import instruction
from .levels import Level, get_level
from .resolution import resolve

STATE_VERSION = 2


@dataclass(frozen=True)
class AutomaDecision:
    action: Action                # legal in the state it was decided for
    instruction: str              # at most 80 characters, for the person at the table
    card_pair: dict[str, Any]     # {"action": face, "support": face}: plain data for the UI
    rule: str                     # the priority-list entry that decided

    def to_json(self) -> dict[str, Any]:
        return {"action": str(self.action), "instruction": self.instruction, "card_pair": self.card_pair,
                "rule": self.rule}


class AutomaStateError(CompanionError, ValueError):
    """A saved Automa that cannot be restored (corrupt or from another deck file)."""


@dataclass
class _Progress:
    """Where the Automa stands: its deck and the deployment turn in progress."""

    deck: DeckCycle
    modifications: int = 0    # made in the deployment turn in progress
    mid_turn: bool = False    # the last decision was a modification: same pair, same turn
    decisions: int = 0

    def copy(self) -> "_Progress":
        return _Progress(DeckCycle.from_json(self.deck.to_json()), self.modifications, self.mid_turn, self.decisions)

    def to_json(self) -> dict[str, Any]:
        return {"deck": self.deck.to_json(), "modifications": self.modifications, "mid_turn": self.mid_turn,
                "decisions": self.decisions}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "_Progress":
        return cls(DeckCycle.from_json(data["deck"]), int(data["modifications"]), bool(data["mid_turn"]),
                   int(data["decisions"]))


def state_key(state: State) -> str:
    return hashlib.sha1(state.dumps().encode("utf-8")).hexdigest()


class Automa:
    """One Automa seat.

    ``decide`` may be called again for the same state (a screen redrawn, a decision shown and
    then acknowledged): it returns the same decision without drawing again. Asking about a new
    state takes the previous decision as played. So an Automa replayed over a game's history
    (one ``decide`` per state where it was to move) ends exactly where the original stood.
    """

    def __init__(self, level: Union[int, str, Level], colour: str, seed: int = 0,
                 deck: Optional[DeckData] = None) -> None:
        self.level = level if isinstance(level, Level) else get_level(level)
        self.colour = colour
        self.seed = seed
        self.data = deck or default_deck()
        start, add_ins = self.level.build_decks(self.data, seed)
        self.progress = _Progress(DeckCycle(start, add_ins, seed))
        self.pending: Optional[tuple[str, _Progress]] = None  # (state key, progress after that decision)

    @property
    def decisions(self) -> int:
        return (self.pending[1] if self.pending else self.progress).decisions

    def decide(self, state: State) -> AutomaDecision:
        seat = state.seat_index(self.colour)
        if seat is None or state.turn != seat or state.is_chance_node or state.is_over:
            raise ValueError(f"it is not the {self.colour} Automa's decision now")
        key = state_key(state)
        if self.pending is not None and self.pending[0] != key:
            self.progress = self.pending[1]  # a new state: the decision shown before was played
        after = self.progress.copy()
        decision = self._resolve(state, seat, after)
        self.pending = (key, after)
        return decision

    def _resolve(self, state: State, seat: int, progress: _Progress) -> AutomaDecision:
        if not progress.mid_turn:
            progress.deck.next_turn()
            progress.modifications = 0
        action_id, support_id = progress.deck.pair  # type: ignore[misc]
        action_card, support_card = self.data.cards[action_id], self.data.cards[support_id]
        left = self.level.handicap.max_modifications - progress.modifications
        resolved = resolve(state, seat, action_card.action, support_card.support, self.level.handicap, left)
        action = resolved.action
        is_modification = state.phase == Phase.DEPLOY and not isinstance(action, Place)
        progress.mid_turn = is_modification
        progress.modifications += int(is_modification)
        progress.decisions += 1
        gears = 0
        if isinstance(action, Scavenge):
            gears = state.rules.scavenge_gears(group_sum(state, state.seats[seat], action.group, "scavenge"))
        return AutomaDecision(action, instruction(action, self.colour, gears),
                              {"action": action_card.face(), "support": support_card.face()}, resolved.rule)

    # -- saving and restoring -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"version": STATE_VERSION, "level": self.level.number, "colour": self.colour, "seed": self.seed,
                "progress": self.progress.to_json(),
                "pending": None if self.pending is None else {"state": self.pending[0],
                                                              "progress": self.pending[1].to_json()}}

    @classmethod
    def from_json(cls, data: dict[str, Any], deck: Optional[DeckData] = None) -> "Automa":
        try:
            if data.get("version") != STATE_VERSION:
                raise AutomaStateError(f"saved Automa has version {data.get('version')}, expected {STATE_VERSION}")
            automa = cls(int(data["level"]), str(data["colour"]), int(data["seed"]), deck)
            automa.progress = _Progress.from_json(data["progress"])
            pending = data["pending"]
            automa.pending = None if pending is None else (str(pending["state"]), _Progress.from_json(pending["progress"]))
        except AutomaStateError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise AutomaStateError(f"saved Automa cannot be read: {exc!r}") from None
        progresses = [automa.progress] + ([automa.pending[1]] if automa.pending else [])
        for progress in progresses:
            cycle = progress.deck
            unknown = [c for c in cycle.draw_pile + cycle.discards + [cycle.action, cycle.support]
                       + [c for a in cycle.add_ins for c in a] if c is not None and c not in automa.data.cards]
            if unknown:
                raise AutomaStateError(f"saved Automa names cards this deck file lacks: {', '.join(unknown)}")
        return automa
