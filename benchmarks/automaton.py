"""Random turns of Automaton played by taps, as the touchscreen asks them, with 2 to 4 robots: every state checked
(no robot off the board, no two robots on one square, damage and destruction agreeing, no boost in two turns
running, no program carried out beyond its allowance), each game replayed from its lines to the same state, and
the taps of each robot's turn counted (its arrows, Done, and its target or hold fire; the panel's Confirm not).

    python benchmarks/automaton.py [--turns 10000] [--seed 1]
"""
from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time
from collections import Counter

# This folder holds files named like the packages they measure: keep it off the import path.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

from companion.games.automaton import (  # noqa: E402
    CORNERS, COLOURS, AutomatonGame, Design, RobotSetup, Setup, allowance, distance, replay)
from companion.games.automaton.events import Event, Moved  # noqa: E402
from companion.games.automaton.table import choices  # noqa: E402
from companion.line_games.choices import line_of  # noqa: E402

NAMES = ("ann", "bob", "cat", "dan")
MOST_TURNS = 80  # a game still going after these many turns is left there


def random_setup(rng: random.Random) -> Setup:
    count = rng.randint(2, 4)
    designs = [Design(*rng.sample(COLOURS, 3)) for _ in range(count)]
    crowd = rng.choice((range(8), range(2, 6), None))  # anywhere, the centre 4×4 (more collisions), the corners
    squares = list(CORNERS[:count]) if crowd is None else rng.sample([(f, r) for f in crowd for r in crowd], count)
    return Setup(tuple(RobotSetup(n, d, s) for n, d, s in zip(NAMES, designs, squares)), rng.randrange(10**6))


def tapped(game: AutomatonGame, rng: random.Random) -> tuple[str, int]:
    """A line tapped at random among the buttons asked (no corrections), and its taps."""
    parts: list[str] = []
    while (step := choices.next_step(game, parts)) is not None:
        choice = rng.choice(step.choices)
        parts.append(choice.part)
        if choice.ends:
            break
    return line_of(parts), len(parts)


def problems(game: AutomatonGame, boosts_before: dict[str, tuple[bool, bool]], said: list[Event]) -> list[str]:
    """What is wrong with the state after a line (``boosts_before``: each robot's boosts used the turn before)."""
    found = []
    robots = [r for r in game.robots.values() if not r.destroyed]
    if any(not (0 <= r.square[0] < 8 and 0 <= r.square[1] < 8) for r in robots):
        found.append("off the board")
    if len({r.square for r in robots}) != len(robots):
        found.append("two robots on one square")
    if any((r.damage >= r.qualities.hardness) != r.destroyed for r in game.robots.values()):
        found.append("damage and destruction disagree")
    for event in said:
        if isinstance(event, Moved):
            robot = game.robots[event.robot]
            most = allowance(robot.qualities.movement, robot.qualities.move_boost and not boosts_before[event.robot][0])
            if len(event.carried) > most or distance(event.path[0], event.end) > most + 1:
                found.append("moved beyond its allowance")
            if robot.move_boost_used and boosts_before[event.robot][0]:
                found.append("movement boost in two turns running")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    turns = games = robot_turns = taps = over_bound = unreplayed = 0
    illegal: Counter[str] = Counter()
    collisions: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    started = time.perf_counter()
    while turns < args.turns:
        setup = random_setup(rng)
        game, lines, games = AutomatonGame(setup), [], games + 1
        used = {n: (False, False) for n in game.robots}  # each robot's boosts used in the turn before this one
        turn_taps: dict[str, int] = {}
        turn_steps: dict[str, int] = {}
        while game.waiting_for() != "over" and game.turn <= MOST_TURNS and turns < args.turns:
            line, count = tapped(game, rng)
            turn, words = game.turn, line.split()
            if words[0] in game.robots:
                turn_taps[words[0]] = turn_taps.get(words[0], 0) + count
                if not game.moved:
                    turn_steps[words[0]] = len([w for w in words[1:] if w != "stay"])
            said = game.play(line)
            lines.append(line)
            illegal.update(problems(game, used, said))
            collisions.update(e.collision for e in said if isinstance(e, Moved) and e.collision)
            if game.turn == turn and game.waiting_for() != "over":
                continue
            turns += 1
            for name, robot in game.robots.items():
                if robot.range_boost_used and used[name][1]:
                    illegal["range boost in two turns running"] += 1
                used[name] = (robot.move_boost_used, robot.range_boost_used)
            for name, tapped_now in turn_taps.items():
                robot_turns += 1
                taps += tapped_now
                over_bound += tapped_now > turn_steps[name] + 2
            turn_taps, turn_steps = {}, {}
        ends["won" if game.winners() else "drawn" if game.waiting_for() == "over" else "unfinished"] += 1
        if replay(setup, lines).to_json() != game.to_json():
            unreplayed += 1
    elapsed = time.perf_counter() - started
    print(json.dumps({
        "turns": turns, "games": games, "seconds": round(elapsed, 2), "illegal_states": sum(illegal.values()),
        "problems": dict(illegal), "games_not_replayed_the_same": unreplayed,
        "mean_taps_per_robot_turn": round(taps / robot_turns, 3), "robot_turns": robot_turns,
        "robot_turns_over_steps_plus_2_taps": over_bound, "collisions": dict(collisions), "ends": dict(ends),
    }))


if __name__ == "__main__":
    main()
