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

from dataclasses import dataclass
from typing import Any, Dict, Optional, Union

from ..rules import Action
from ..rules.actions import Place, Scavenge
from ..rules.activation import group_sum
from ..rules.state import State
from .deck import DeckCycle, DeckData, default_deck
from .instructions import instruction
from .levels import Level, get_level
from .resolution import resolve

STATE_VERSION = 1


@dataclass(frozen=True)
class AutomaDecision:
    action: Action                # legal in the state it was decided for
    instruction: str              # at most 80 characters, for the person at the table
    card_pair: Dict[str, Any]     # {"action": face, "support": face}: plain data for the UI
    rule: str                     # the priority-list entry that decided

    def to_json(self) -> Dict[str, Any]:
        return {"action": str(self.action), "instruction": self.instruction, "card_pair": self.card_pair,
                "rule": self.rule}


class AutomaStateError(ValueError):
    """A saved Automa that cannot be restored (corrupt or from another deck file)."""


class Automa:
    def __init__(self, level: Union[int, str, Level], colour: str, seed: int = 0,
                 deck: Optional[DeckData] = None) -> None:
        self.level = level if isinstance(level, Level) else get_level(level)
        self.colour = colour
        self.seed = seed
        self.data = deck or default_deck()
        start, add_ins = self.level.build_decks(self.data, seed)
        self.deck = DeckCycle(start, add_ins, seed)
        self.modifications = 0      # made in the deployment turn in progress
        self.mid_turn = False       # the last decision was a modification: same pair, same turn
        self.decisions = 0

    def decide(self, state: State) -> AutomaDecision:
        seat = state.seat_index(self.colour)
        if seat is None or state.turn != seat or state.is_chance_node or state.is_over:
            raise ValueError(f"it is not the {self.colour} Automa's decision now")
        if not self.mid_turn:
            self.deck.next_turn()
            self.modifications = 0
        action_id, support_id = self.deck.pair  # type: ignore[misc]
        action_card, support_card = self.data.cards[action_id], self.data.cards[support_id]
        left = self.level.handicap.max_modifications - self.modifications
        resolved = resolve(state, seat, action_card.action, support_card.support, self.level.handicap, left)
        action = resolved.action
        is_modification = state.phase == "deploy" and not isinstance(action, Place)
        self.mid_turn = is_modification
        self.modifications += int(is_modification)
        self.decisions += 1
        gears = 0
        if isinstance(action, Scavenge):
            gears = state.rules.scavenge_gears(group_sum(state, state.seats[seat], action.group, "scavenge"))
        return AutomaDecision(action, instruction(action, self.colour, gears),
                              {"action": action_card.face(), "support": support_card.face()}, resolved.rule)

    # -- saving and restoring -----------------------------------------------------------------

    def to_json(self) -> Dict[str, Any]:
        return {"version": STATE_VERSION, "level": self.level.number, "colour": self.colour, "seed": self.seed,
                "deck": self.deck.to_json(), "modifications": self.modifications, "mid_turn": self.mid_turn,
                "decisions": self.decisions}

    @classmethod
    def from_json(cls, data: Dict[str, Any], deck: Optional[DeckData] = None) -> "Automa":
        try:
            if data.get("version") != STATE_VERSION:
                raise AutomaStateError(f"saved Automa has version {data.get('version')}, expected {STATE_VERSION}")
            automa = cls(int(data["level"]), str(data["colour"]), int(data["seed"]), deck)
            cycle = DeckCycle.from_json(data["deck"])
            unknown = [c for c in cycle.draw_pile + cycle.discards + [cycle.action, cycle.support]
                       if c is not None and c not in automa.data.cards]
            if unknown:
                raise AutomaStateError(f"saved Automa names cards this deck file lacks: {', '.join(unknown)}")
            automa.deck = cycle
            automa.modifications = int(data["modifications"])
            automa.mid_turn = bool(data["mid_turn"])
            automa.decisions = int(data["decisions"])
            return automa
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, AutomaStateError):
                raise
            raise AutomaStateError(f"saved Automa cannot be read: {exc}") from None
