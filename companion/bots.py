"""Reference bots: test opponents for the Automa, not the product's Automa.

* ``RandomBot`` picks uniformly among the legal actions.
* ``GreedyBot`` looks one step ahead: it plays the legal action whose resulting state has
  the best score estimate (``companion.automa.valuation.estimate``). Rerolls lead to a
  chance node and cost a gear, so it never rerolls; its lookahead is bounded by
  ``max_candidates``.

Every bot has ``decide(state) -> Action`` and never returns an action outside
``legal_actions(state)``.
"""
from __future__ import annotations

import random
from typing import Dict, Optional, Type

from .automa.valuation import estimate
from .rules import Action, CardReroll, Reroll, State, apply_action, legal_actions


class RandomBot:
    kind = "random"

    def __init__(self, colour: str, seed: int = 0) -> None:
        self.colour = colour
        self.rng = random.Random(f"random:{colour}:{seed}")

    def decide(self, state: State) -> Action:
        return self.rng.choice(legal_actions(state))


class GreedyBot:
    kind = "greedy"

    def __init__(self, colour: str, seed: int = 0, max_candidates: int = 400) -> None:
        self.colour = colour
        self.max_candidates = max_candidates

    def decide(self, state: State) -> Action:
        seat = state.turn
        actions = legal_actions(state)
        best: Optional[Action] = None
        best_value = float("-inf")
        for action in actions[: self.max_candidates]:
            if isinstance(action, (Reroll, CardReroll)):
                continue  # its value is a chance event, not a state to estimate
            value = estimate(apply_action(state, action), seat)
            if value > best_value:
                best, best_value = action, value
        return best if best is not None else actions[0]


BOTS: Dict[str, Type] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(kind: str, colour: str, seed: int = 0):
    """A reference bot by name ("random" or "greedy")."""
    try:
        return BOTS[kind](colour, seed)
    except KeyError:
        raise ValueError(f"unknown bot '{kind}': choose from {', '.join(BOTS)}") from None
