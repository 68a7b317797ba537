"""Random playthroughs of a game against her, tapped as the touchscreen builds each line, with the invariants of
issue 47 checked after every line and the taps of each of her turns counted: the benchmark
(``benchmarks/aoi_taps.py``) and a few in the tests.

A turn of hers is the taps from "Her turn" until she has done her card (or passed): the card numbers and areas the
table taps where it draws, and every count or choice her actions ask. The round's tile, your pass and the end's
points are not her turn's. Every answer is a button chosen at random among those offered."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.games.aoi import AoiGame, CardFile, Setup
from companion.games.aoi.buildings import BUILDINGS
from companion.games.aoi.disciplines import TOP
from companion.games.aoi.game import START_SCORE
from companion.games.aoi.table import AOI

MOST_LINES = 2000


@dataclass
class Played:
    taps: list[int] = field(default_factory=list)  # each of her turns
    broken: list[str] = field(default_factory=list)  # the invariants found broken, each once a line
    over: bool = False


def broken_invariants(game: AoiGame) -> list[str]:
    """Issue 47's invariants: her 14 cards each in one place (where the app draws), disciplines within 0–12, her
    supply never negative, her score never below her starting 20."""
    found = []
    if game.deck.drawn_by_app and game.deck.every_card() != list(range(1, 15)):
        found.append(f"cards {game.deck.every_card()}")
    if any(not 0 <= v <= TOP for v in game.her.levels.values()):
        found.append(f"disciplines {game.her.levels}")
    if any(v < 0 for v in game.her.pieces.supply.values()) or any(game.her.pieces.built[b] < 0 for b in BUILDINGS):
        found.append(f"supply {game.her.pieces.supply}")
    if game.her.score < START_SCORE:
        found.append(f"score {game.her.score}")
    return found


def tapped(game: AoiGame, rng: random.Random) -> tuple[str, int]:
    """A line tapped at random, and its taps."""
    parts: list[str] = []
    taps = 0
    while (step := AOI.next_step(game, parts)) is not None:
        choice = rng.choice(step.choices)
        parts.append(choice.part)
        taps += 1
        if choice.ends:
            break
    return " ".join(p for p in parts if p), taps


def play(level: str, seed: int, cards: CardFile, table_draws: bool = False) -> Played:
    game = AoiGame(Setup(level, seed, cards, table_draws))
    rng = random.Random(f"aoi-playthrough:{level}:{seed}")
    played = Played()
    turn = 0
    for _ in range(MOST_LINES):
        if game.waiting_for() == "over":
            played.over = True
            break
        line, taps = tapped(game, rng)
        hers = line.split()[0] == "next" or game.in_turn
        game.play(line)
        if hers:
            turn = turn + taps
            if not game.in_turn:
                played.taps.append(turn)
                turn = 0
        played.broken += broken_invariants(game)
    return played
