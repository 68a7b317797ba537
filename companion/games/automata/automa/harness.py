"""The simulation harness: seeded games of an Automa level against reference bots.

Seat 0 is the measured Automa; the other seats are reference bots ("greedy", "random",
"mcts:N", "strong": ``companion.bots.make_bot``) or "automa" (another Automa of the same level
with its own colour and seed). Every decision is applied through
the engine; an action the engine refuses is counted as an illegal move and ends that game.
"""
from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any, NamedTuple, Optional, Sequence, Union

from companion.bots import BOT_NAMES, Bot, make_bot
from ..rules import Action, IllegalAction, apply_action, new_game, sample_chance, score
from .automa import Automa
from .deck import DeckData
from .levels import Level

COLOURS = ("blue", "red", "green", "white")


@dataclass
class GameResult:
    scores: list[int]
    wins: list[float]          # 1, or a share of it on a tie (R25)
    illegal_moves: int
    automa_decisions: int
    automa_seconds: list[float]


def play_game(level: Level, opponents: Sequence[str], seed: int, deck: Optional[DeckData] = None) -> GameResult:
    """One seeded game; ``deck``: the card faces the Automa draws from (the shipped ones by default)."""
    kinds = ["automa"] + list(opponents)
    colours = COLOURS[: len(kinds)]
    players: list[Union[Automa, Bot]] = []
    for i, (kind, colour) in enumerate(zip(kinds, colours)):
        players.append(Automa(level, colour, seed * 10 + i, deck) if kind == "automa" else make_bot(kind, colour, seed * 10 + i))
    rng = random.Random(f"table:{seed}")
    state = new_game(colours)
    illegal = 0
    timings: list[float] = []
    while not state.is_over:
        if state.is_chance_node:
            state = apply_action(state, sample_chance(state, rng))
            continue
        player = players[state.acting_seat]
        started = time.perf_counter()
        action: Action = player.decide(state).action if isinstance(player, Automa) else player.decide(state)
        elapsed = time.perf_counter() - started
        if state.turn == 0:
            timings.append(elapsed)
        try:
            state = apply_action(state, action)
        except IllegalAction:
            illegal += 1
            break
    totals = [s.total for s in score(state).seats]
    return GameResult(totals, win_shares(totals), illegal, len(timings), timings)


def win_shares(totals: Sequence[int]) -> list[float]:
    """1 for the winner; tied seats share the win (R25), so each counts a part of it."""
    best = max(totals)
    winners = sum(1 for t in totals if t == best)
    return [1.0 / winners if t == best else 0.0 for t in totals]


def wilson_interval(wins: float, n: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson interval of a win rate of ``wins`` in ``n`` games (a shared win counting its part)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


class _Spread(NamedTuple):
    mean: float
    std: float
    ci95: tuple[float, float]


def _spread(values: Sequence[float]) -> _Spread:
    n = len(values)
    mean = statistics.fmean(values)
    std = statistics.stdev(values) if n > 1 else 0.0
    half = 1.96 * std / math.sqrt(n) if n > 1 else 0.0
    return _Spread(mean, std, (mean - half, mean + half))


def _is_bot(kind: str) -> bool:
    try:
        make_bot(kind, COLOURS[0])
    except ValueError:
        return False
    return True


def simulate(level: Level, opponents: Sequence[str], games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` seeded games; the report the ``automa-sim`` command prints."""
    if not 1 <= len(opponents) <= 3 or not all(o == "automa" or _is_bot(o) for o in opponents):
        raise ValueError(f"opponents: 1 to 3 of {BOT_NAMES}, automa; got {', '.join(opponents) or 'none'}")
    kinds = ["automa"] + list(opponents)
    scores: list[list[int]] = [[] for _ in kinds]
    wins = [0.0] * len(kinds)
    illegal = 0
    timings: list[float] = []
    started = time.perf_counter()
    for g in range(games):
        result = play_game(level, opponents, seed + g)
        illegal += result.illegal_moves
        timings += result.automa_seconds
        for i, (s, w) in enumerate(zip(result.scores, result.wins)):
            scores[i].append(s)
            wins[i] += w
    wall = time.perf_counter() - started
    seats = []
    for i, kind in enumerate(kinds):
        spread = _spread(scores[i])
        seats.append({"kind": kind, "colour": COLOURS[i], "mean_score": round(spread.mean, 3),
                      "score_std": round(spread.std, 3), "score_ci95": [round(x, 3) for x in spread.ci95],
                      "win_rate": round(wins[i] / games, 4), "win_rate_ci95": wilson_interval(wins[i], games)})
    automa_time = sum(timings)
    return {
        "level": {"number": level.number, "name": level.name},
        "opponents": list(opponents),
        "games": games,
        "seed": seed,
        "seats": seats,
        "illegal_moves": illegal,
        "automa_decisions": len(timings),
        "decisions_per_second": round(len(timings) / automa_time, 1) if automa_time else None,
        "decision_ms_median": round(statistics.median(timings) * 1000, 4) if timings else None,
        "decision_ms_p95": round(sorted(timings)[int(0.95 * (len(timings) - 1))] * 1000, 4) if timings else None,
        "wall_seconds": round(wall, 2),
    }
