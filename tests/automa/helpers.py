"""Helpers for the Automa tests: seeded games, hand-set deployment states, forced card pairs."""
from __future__ import annotations

import random
from typing import Iterator, Sequence

from companion.games.automata.automa import Automa, AutomaDecision
from companion.games.automata.automa.deck import DeckCycle
from companion.bots import GreedyBot
from companion.games.automata.rules import Deal, Order, Roll, State, apply_action, legal_actions, new_game, sample_chance, score


def automa_decisions(level: int, seed: int, opponents: int = 1) -> Iterator[tuple[State, AutomaDecision]]:
    """Every (state, decision) of a blue Automa in one seeded game against greedy bots."""
    colours = ["blue", "red", "green", "white"][: opponents + 1]
    automa = Automa(level, "blue", seed)
    bots = [GreedyBot(c) for c in colours[1:]]
    rng = random.Random(seed)
    state = new_game(colours)
    while not state.is_over:
        if state.is_chance_node:
            state = apply_action(state, sample_chance(state, rng))
        elif state.turn == 0:
            decision = automa.decide(state)
            yield state, decision
            state = apply_action(state, decision.action)
        else:
            state = apply_action(state, bots[state.turn - 1].decide(state))


def blue_deploys(available: Sequence[tuple[str, int]], gears: int = 5, cards: Sequence[str] = (),
                 display: Sequence[str] = ("A3", "M1", "M2")) -> State:
    """Blue to deploy in round 1 with the given Available dice, gears and cards."""
    state = new_game(["blue", "red"])
    state = apply_action(state, Order(("blue", "red")))
    state = apply_action(state, Deal(tuple(sorted(display))))
    start = (("d4", 1), ("d4", 2), ("d4", 3), ("d6", 1), ("d6", 2))
    state = apply_action(state, Roll("blue", start))
    state = apply_action(state, Roll("red", start))
    state = state.copy()
    seat = state.seats[0]
    seat.available = sorted(available)
    seat.gears = gears
    seat.cards = sorted(cards)
    return state


def with_pair(automa: Automa, action_card: str, support_card: str) -> Automa:
    """Make the Automa's next turn use exactly this card pair."""
    cycle = DeckCycle.from_json({"seed": 0, "passes": 0, "draw_pile": [action_card], "add_ins": [],
                                 "discards": [], "action": None, "support": support_card, "turns": 0})
    automa.progress.deck = cycle
    automa.progress.mid_turn = False
    automa.pending = None
    return automa


def bot_game(bots, seed: int) -> tuple[list[int], list[str]]:
    """A seeded game between ``bots``: the final totals and every move, each checked against legal_actions."""
    rng = random.Random(seed)
    state = new_game([b.colour for b in bots])
    moves = []
    while not state.is_over:
        if state.is_chance_node:
            state = apply_action(state, sample_chance(state, rng))
            continue
        action = bots[state.turn].decide(state)
        assert action in legal_actions(state)
        moves.append(str(action))
        state = apply_action(state, action)
    return [s.total for s in score(state).seats], moves
