"""Reference bots: test opponents for the Automa, not the product's Automa.

* ``RandomBot`` picks uniformly among the legal actions.
* ``GreedyBot`` looks one step ahead: it plays the legal action whose resulting state has
  the best score estimate (``companion.games.automata.automa.valuation.estimate``). Rerolls lead to a
  chance node and cost a gear, so it never rerolls; its lookahead is bounded by
  ``max_candidates``.
* ``SearchBot`` ("mcts:N", "strong") searches N sampled playouts per decision, each played
  at random to the end of the round: the strong reference player.

Every bot has ``decide(state) -> Action`` and never returns an action outside
``legal_actions(state)``.
"""
from __future__ import annotations

import math
import random
from typing import Callable, Optional, Protocol

from .games.automata.automa.valuation import estimate
from .games.automata.rules import Action, CardReroll, Phase, Place, Reroll, State, apply_action, legal_actions, sample_chance

MARGIN_SCALE = 25.0  # points of estimated lead at a round's end that count as a near-certain win
PLACE_SHARE = 0.8  # share of a playout's random choices made among the Place actions alone
ROUND_ENDS = (Phase.RESET, Phase.OVER)  # where a playout stops: the round is scored, the next not dealt
STRONG_PLAYOUTS = 1000  # the "strong" budget: about 200 ms a decision on one core (docs/automa.md)


class Bot(Protocol):
    """A reference player: one legal action for the seat to act."""

    kind: str
    colour: str

    def decide(self, state: State) -> Action: ...


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
        seat = state.acting_seat
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


class SearchBot:
    """Monte Carlo search over the engine: UCB1 at the root, random playouts to the round's end.

    The root's candidates are the ``width`` best actions by the one-step estimate, plus every
    reroll (the greedy bot cannot value a chance event; sampled playouts can). Each playout
    applies a candidate, then lets every seat play random legal actions (a Place four times in
    five, else any), sampling chance events from the bot's seeded RNG, until the round ends (the
    Reset) or the game does, and values that position by the searching seat's estimate minus the
    best other seat's (``tanh`` of the margin, so one runaway sample cannot swamp the mean). Scoring at the
    round's end sees every staged die activated, where a few decisions' lookahead stopped with
    dice still staged; random playouts cost no estimate per step, so many more fit in a
    decision. The budget is ``playouts`` per decision, not a time, so a game replays the same
    on any machine.
    """

    kind = "mcts"

    def __init__(self, colour: str, seed: int = 0, playouts: int = 64, width: int = 8,
                 exploration: float = 0.7) -> None:
        self.colour = colour
        self.playouts = playouts
        self.width = width
        self.exploration = exploration
        self.rng = random.Random(f"mcts:{colour}:{seed}")

    def decide(self, state: State) -> Action:
        seat = state.acting_seat
        candidates = self._candidates(state, seat)
        if len(candidates) == 1:
            return candidates[0]
        visits = [0] * len(candidates)
        totals = [0.0] * len(candidates)
        for n in range(self.playouts):
            i = n if n < len(candidates) else self._ucb_choice(visits, totals, n)  # each candidate once first
            visits[i] += 1
            totals[i] += self._playout(apply_action(state, candidates[i]), seat)
        best = max(range(len(candidates)), key=lambda k: (visits[k], totals[k] / max(1, visits[k])))
        return candidates[best]

    def _ucb_choice(self, visits: list[int], totals: list[float], n: int) -> int:
        log_n = math.log(n)
        return max(range(len(visits)), key=lambda k: totals[k] / visits[k]
                   + self.exploration * math.sqrt(log_n / visits[k]))

    def _candidates(self, state: State, seat: int) -> list[Action]:
        actions = legal_actions(state)
        if len(actions) == 1:
            return actions
        rerolls = [a for a in actions if isinstance(a, (Reroll, CardReroll))]
        rest = [a for a in actions if not isinstance(a, (Reroll, CardReroll))]
        rest.sort(key=lambda a: estimate(apply_action(state, a), seat), reverse=True)
        return rest[: self.width] + rerolls

    def _playout(self, state: State, seat: int) -> float:
        return margin_value(self.play_to_round_end(state), seat)

    def play_to_round_end(self, state: State) -> State:
        """Every seat plays random legal actions until the round is scored (or the game)."""
        while state.phase not in ROUND_ENDS:
            action = sample_chance(state, self.rng) if state.is_chance_node else self._random_action(state)
            state = apply_action(state, action)
        return state

    def _random_action(self, state: State) -> Action:
        """Mostly a random Place: uniform play would spend its gears on ±1s and combines no one makes."""
        actions = legal_actions(state)
        if self.rng.random() < PLACE_SHARE:
            actions = [a for a in actions if isinstance(a, Place)] or actions
        return self.rng.choice(actions)


def margin_value(state: State, seat: int) -> float:
    """In (-1, 1): tanh of the seat's estimated lead over the best other seat."""
    mine = estimate(state, seat)
    best_other = max(estimate(state, other) for other in range(len(state.seats)) if other != seat)
    return math.tanh((mine - best_other) / MARGIN_SCALE)


BOTS: dict[str, Callable[[str, int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}
BOT_NAMES = "random, greedy, mcts:N (N playouts a decision), strong"


def make_bot(kind: str, colour: str, seed: int = 0) -> Bot:
    """A reference bot by name: "random", "greedy", "mcts:N" or "strong"."""
    if kind == "strong":
        return SearchBot(colour, seed, playouts=STRONG_PLAYOUTS)
    name, _, budget = kind.partition(":")
    if name == "mcts" and budget.isdigit() and int(budget) > 0:
        return SearchBot(colour, seed, playouts=int(budget))
    try:
        return BOTS[kind](colour, seed)
    except KeyError:
        raise ValueError(f"unknown bot '{kind}': choose from {BOT_NAMES}") from None
