"""Tune the card faces of a new Automa pile by simulation: hill climbing against the search player.

    python benchmarks/tune_automa.py --pile steel --cards 10 --opponent mcts:100 --games 60 \
        --steps 40 --seed 1 --out /tmp/steel.json

A candidate is a pile of card faces (the fields of ``deck.json``'s cards) and the level's handicap
(modifications a turn, reserving). It plays ``--games`` seeded 2-seat games against ``--opponent``
as a level that draws a starting deck of 6 cards and two add-ins of 2 from that pile, and scores
its mean margin (its score less the opponent's). Each step changes one field of one card (or the
handicap) and keeps the change when the margin on the same seeds is higher. It starts from the
``--start-from`` pile (brass). Prints the best candidate as JSON; ``--out`` writes it too, ready to
be copied into ``companion/games/automata/automa/deck.json``.
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.automata.automa.deck import DATA_FILE, DIRECTIONS, MODIFY, DeckData, parse_card  # noqa: E402
from companion.games.automata.automa.harness import play_game  # noqa: E402
from companion.games.automata.automa.levels import Level  # noqa: E402
from companion.games.automata.automa.resolution import Handicap  # noqa: E402

Candidate = dict  # {"cards": [card faces], "handicap": {"max_modifications": int, "reserve": bool}}


def deck_with(candidate: Candidate, pile: str) -> DeckData:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    piles = {**raw["piles"], pile: f"{pile.title()}: tuned by simulation"}
    cards = {card_id: parse_card(card_id, c, piles) for card_id, c in raw["cards"].items()}
    for i, face in enumerate(candidate["cards"], 1):
        card_id = f"{pile[:2].upper()}{i}"
        cards[card_id] = parse_card(card_id, {**face, "pile": pile, "title": card_id}, piles)
    return DeckData(piles, cards, tuple(raw["levels"]))


def level_of(candidate: Candidate, pile: str, number: int = 7) -> Level:
    h = candidate["handicap"]
    return Level(number, "Tuned", "tuned", {pile: 6}, ({pile: 2}, {pile: 2}),
                 Handicap(int(h["max_modifications"]), bool(h["reserve"]), True), 0.0, 0.0)


def _margin(job: tuple[Candidate, str, str, int]) -> tuple[float, float]:
    candidate, pile, opponent, seed = job
    result = play_game(level_of(candidate, pile), [opponent], seed, deck_with(candidate, pile))
    if result.illegal_moves:
        raise RuntimeError(f"illegal move in game {seed}")
    return result.scores[0] - result.scores[1], result.wins[0]


def evaluate(pool: Pool, candidate: Candidate, pile: str, opponent: str, seeds: list[int]) -> dict:
    results = pool.map(_margin, [(candidate, pile, opponent, s) for s in seeds])
    margins = [m for m, _ in results]
    return {"margin": statistics.fmean(margins), "win_rate": statistics.fmean(w for _, w in results)}


def mutate(candidate: Candidate, rng: random.Random) -> tuple[Candidate, str]:
    """One change to one field: the neighbourhood the climb walks."""
    new = copy.deepcopy(candidate)
    if rng.random() < 0.08:
        h = new["handicap"]
        if rng.random() < 0.5:
            h["max_modifications"] = 3 if h["max_modifications"] == 2 else 2
        else:
            h["reserve"] = not h["reserve"]
        return new, f"handicap {h}"
    i = rng.randrange(len(new["cards"]))
    a, s = new["cards"][i]["action"], new["cards"][i]["support"]
    what = rng.choice(["focus", "focus", "focus", "judge", "die", "modify", "colours", "reserve", "steps",
                       "direction"])
    if what == "focus":
        j, k = rng.sample(range(len(a["focus"])), 2)
        a["focus"][j], a["focus"][k] = a["focus"][k], a["focus"][j]
    elif what == "judge":
        a["judge"] = "blind" if a["judge"] == "plan" else "plan"
    elif what == "die":
        a["die"] = "high" if a["die"] == "low" else "low"
    elif what == "modify":
        s["modify"] = rng.choice([m for m in MODIFY if m != s["modify"]])
    elif what == "colours":
        j, k = rng.sample(range(len(s["colours"])), 2)
        s["colours"][j], s["colours"][k] = s["colours"][k], s["colours"][j]
    elif what == "reserve":
        s["reserve"] = not s["reserve"]
    elif what == "steps":
        s["steps"] = rng.choice([n for n in (1, 2, 3) if n != s["steps"]])
    else:
        s["direction"] = rng.choice([d for d in DIRECTIONS if d != s["direction"]])
    return new, f"card {i + 1} {what}: {a if what in ('focus', 'judge', 'die') else s}"


def starting_candidate(pile: str, count: int) -> Candidate:
    """``pile``'s faces, with the handicap of the level whose starting deck is that pile alone (brass: level 6)."""
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    faces = [{"action": c["action"], "support": c["support"]} for c in raw["cards"].values() if c["pile"] == pile]
    level = next(lv for lv in raw["levels"] if set(lv["start"]) == {pile})["handicap"]
    return {"cards": [copy.deepcopy(faces[i % len(faces)]) for i in range(count)],
            "handicap": {"max_modifications": level["max_modifications"], "reserve": level["reserve"]}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pile", default="steel", help="the new pile's name")
    parser.add_argument("--start-from", default="brass", help="the pile whose faces the climb starts from")
    parser.add_argument("--cards", type=int, default=10)
    parser.add_argument("--opponent", default="mcts:100")
    parser.add_argument("--games", type=int, default=60, help="games per candidate (the same seeds for all)")
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--resume", type=Path, help="start from a candidate written by --out")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    seeds = [100_000 + args.seed * 1000 + g for g in range(args.games)]
    best = (json.loads(args.resume.read_text())["candidate"] if args.resume
            else starting_candidate(args.start_from, args.cards))
    started = time.perf_counter()
    with Pool(args.jobs) as pool:
        best_score = evaluate(pool, best, args.pile, args.opponent, seeds)
        print(f"start: margin {best_score['margin']:+.2f} win {best_score['win_rate']:.2f}", flush=True)
        for step in range(1, args.steps + 1):
            candidate, change = mutate(best, rng)
            score = evaluate(pool, candidate, args.pile, args.opponent, seeds)
            kept = score["margin"] > best_score["margin"]
            print(f"{step:3d} {'kept' if kept else '    '} margin {score['margin']:+.2f} win {score['win_rate']:.2f}"
                  f"  {change}", flush=True)
            if kept:
                best, best_score = candidate, score
            if args.out:
                args.out.write_text(json.dumps({"candidate": best, **best_score, "opponent": args.opponent,
                                                "games": args.games, "steps": step,
                                                "seconds": round(time.perf_counter() - started)}, indent=1))
    print(json.dumps({"candidate": best, **best_score}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
