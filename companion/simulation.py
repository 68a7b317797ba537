"""Random-legal playouts: the engine's own stress test and the simulate command."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Sequence

from .games.automata.rules import COLOURS, IllegalAction, State, apply_action, legal_actions, new_game, sample_chance, score


@dataclass
class Playout:
    final: State
    actions: int
    illegal_moves: int


def random_playout(colours: Sequence[str], rng: random.Random) -> Playout:
    """Play one game choosing uniformly among the legal actions; chance from ``rng``."""
    state = new_game(colours)
    actions = illegal = 0
    while not state.is_over:
        options = legal_actions(state)  # none at a chance node
        action = rng.choice(options) if options else sample_chance(state, rng)
        try:
            state = apply_action(state, action)
        except IllegalAction:
            illegal += 1  # a legal action refused: an engine defect, counted and reported
            break
        actions += 1
    return Playout(state, actions, illegal)


def simulate(seats: int, games: int, seed: int) -> dict:
    rng = random.Random(seed)
    colours = COLOURS[:seats]
    totals: list[int] = [0] * seats
    actions = illegal = 0
    started = time.perf_counter()
    for _ in range(games):
        playout = random_playout(colours, rng)
        actions += playout.actions
        illegal += playout.illegal_moves
        for i, seat in enumerate(score(playout.final).seats):
            totals[i] += seat.total
    elapsed = time.perf_counter() - started
    return {
        "games": games,
        "seats": seats,
        "seed": seed,
        "games_per_second": round(games / elapsed, 2) if elapsed else None,
        "mean_scores": {c: round(t / games, 3) for c, t in zip(colours, totals)},
        "mean_actions_per_game": round(actions / games, 2),
        "illegal_moves": illegal,
    }
