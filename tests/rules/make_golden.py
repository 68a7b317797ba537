"""Write the golden game records (run from the project root after an intended rules change).

    python -m tests.rules.make_golden

Games are played by a seeded policy that favours buying cards and selling dice, so the
records reach every kind of scoring; their final scores are frozen in ``golden/scores.json``.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from companion.games.automata.rules import Create, Game, Header, Place, Research, Sell, Upgrade, legal_actions, score

GOLDEN = Path(__file__).with_name("golden")
GAMES = {"two_seats": ("red", "blue"), "three_seats": ("green", "white", "red"), "four_seats": ("red", "blue", "green", "white")}
PREFERENCE = {Research: 5, Sell: 4, Upgrade: 3, Create: 3, Place: 2}


def preference(action) -> int:
    if isinstance(action, Research) and action.verb == "reserve":
        return 1
    return PREFERENCE.get(type(action), 0)


def play(colours, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(Header([{"colour": c} for c in colours], seed))
    while not game.state.is_over:
        if game.state.is_chance_node:
            game.play_chance()
            continue
        options = legal_actions(game.state)
        best = max(preference(a) for a in options)
        game.play(rng.choice([a for a in options if preference(a) == best]))
    return game


def main() -> None:
    scores = {}
    for seed, (name, colours) in enumerate(GAMES.items(), 1):
        game = play(colours, seed)
        (GOLDEN / f"{name}.jsonl").write_text(game.to_jsonl(), encoding="utf-8")
        scores[name] = {s.colour: s.total for s in score(game.state).seats}
    (GOLDEN / "scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
