"""Crash safety of the headless session of every game registered: SIGKILL at random moments, resume, compare.

    python tests/reliability/kill_resume.py [--game NAME ...] [--runs 20] [--seed 1] [--max-actions N] [--json]
    python tests/reliability/kill_resume.py --game automata --runs 500 [--solo]

Runs the trials on each game named (every game registered in ``companion.games.registry`` by default) and prints,
for each, its runs, its kills and the problems found; exits 1 when any was. A game played by lines is tried by
``kill_resume_line_games.py``; Automata, played by its engine session, here:

Each run starts a headless session, plays a random legal game through its stdin, kills the
process with SIGKILL at random moments (sometimes while an action is in flight, sometimes
between commands), resumes it, and checks the resumed state against a mirror game played in
this process: it must equal the state after the last ``ok`` line and the Automa moves that
follow it, or, when the killed action had been committed but not yet acknowledged, the state
after that action and its Automa moves. The event log must match the mirror's exactly: nothing
lost, nothing duplicated. Every ``automa`` line printed must be one the mirror played, once and
in order; a kill may cut off at most one of them (saved, not yet printed).

With ``--solo`` every table of Automata is one person and one to three Automas of random levels; without it, two to
four people.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.games.automata.rules import COLOURS  # noqa: E402
from companion.games.registry import played_by_lines, registered  # noqa: E402
from companion.session import SeatSpec, TableSession  # noqa: E402
from companion.session.protocol import END_NEWS  # noqa: E402
from companion.store import GameStore  # noqa: E402
from tests.reliability.kill_resume_line_games import MAX_LINES, run_trials as line_trials  # noqa: E402

AUTOMA_PREFIX = "automa "
MAX_ACTIONS = 120  # the person's actions a run of Automata plays at most


@dataclass
class RunResult:
    run: int
    ok: bool = True
    kills: int = 0
    in_flight_committed: int = 0
    in_flight_dropped: int = 0
    actions: int = 0
    automa_moves: int = 0
    finished: bool = False  # played to the end of the game
    automa_lines: list[str] = field(default_factory=list)  # as printed, by every process of the run
    problems: list[str] = field(default_factory=list)


class Session:
    """One headless session process; the ``automa`` lines it prints are kept in ``automa_lines``."""

    def __init__(self, db: Path, args: list[str], automa_lines: list[str]) -> None:
        self.automa_lines = automa_lines
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "session", "--db", str(db), *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        )
        first = self.proc.stdout.readline().split()
        if len(first) != 2 or first[0] != "game":
            raise RuntimeError(f"the session did not start: {first} {self.proc.stderr.read()}")
        self.game_id = first[1]

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def ask(self, line: str) -> str:
        """The answer to ``line``: the next line that is not news (an Automa's move, the end of the game)."""
        self.send(line)
        while (answer := self.proc.stdout.readline()).startswith((AUTOMA_PREFIX, *END_NEWS)):
            if answer.startswith(AUTOMA_PREFIX):
                self.automa_lines.append(answer.strip())
        return answer.strip()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.automa_lines.extend(line.strip() for line in self.proc.stdout.read().splitlines(keepends=True)
                                 if line.startswith(AUTOMA_PREFIX) and line.endswith("\n"))

    def quit(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=10)


def table(rng: random.Random, solo: bool) -> list[SeatSpec]:
    colours = COLOURS[: rng.randint(2, 4)]
    if not solo:
        return [SeatSpec(c) for c in colours]
    person = rng.randrange(len(colours))
    return [SeatSpec(c) if i == person else SeatSpec(c, "automa", level=rng.randint(1, 6))
            for i, c in enumerate(colours)]


def seats_option(seats: list[SeatSpec]) -> str:
    return ",".join(s.colour if s.kind == "person" else f"{s.colour}:automa:{s.level}" for s in seats)


def mirror_automas(mirror: TableSession, expected: list[str]) -> None:
    """Play the mirror's Automa moves, as the session does after each answer, and note their lines."""
    for decision, outcome in mirror.play_automas():
        expected.append(f"{AUTOMA_PREFIX}{outcome.event} {decision.action}")


def one_run(run: int, seed: int, workdir: Path, max_actions: int, solo: bool = False) -> RunResult:
    rng = random.Random(f"{seed}:{run}")
    result = RunResult(run)
    seats = table(rng, solo)
    db = workdir / f"run{run}.db"
    game_seed = rng.randrange(10**6)
    session = Session(db, ["--new", "--seats", seats_option(seats), "--seed", str(game_seed)], result.automa_lines)
    mirror_store = GameStore(workdir / f"mirror{run}.db")
    mirror = TableSession.new(mirror_store, seats, game_seed)
    mirror.play_seeded()
    expected: list[str] = []
    mirror_automas(mirror, expected)
    try:
        while result.actions < max_actions:
            legal = json.loads(session.ask("legal"))
            if not legal:
                result.finished = mirror.state.is_over
                break
            action = rng.choice(legal)
            moment = rng.random()
            if moment < 0.04:  # kill with the action in flight
                session.send(action)
                time.sleep(rng.random() * 0.01)
                session.kill()
                result.kills += 1
                session = resume(db, session.game_id, mirror, action, result, expected)
            else:
                answer = session.ask(action)
                accepted = mirror.submit(action)
                if answer != f"ok {accepted.event}":
                    result.problems.append(f"'{action}': answered '{answer}', mirror event {accepted.event}")
                    break
                mirror_automas(mirror, expected)
                result.actions += 1
                if moment > 0.97:  # kill between commands (the Automas may be moving)
                    session.kill()
                    result.kills += 1
                    session = resume(db, session.game_id, mirror, None, result, expected)
        session.quit()
        result.automa_lines.extend(line.strip() for line in session.proc.stdout if line.startswith(AUTOMA_PREFIX))
        check_automa_lines(result, expected)
    except Exception as exc:  # a crash of the harness is a failed run, with its reason
        result.problems.append(f"{type(exc).__name__}: {exc}")
        if session.proc.poll() is None:
            session.kill()
    finally:
        mirror_store.close()
    result.ok = not result.problems
    return result


def check_automa_lines(result: RunResult, expected: list[str]) -> None:
    result.automa_moves = len(expected)
    printed = result.automa_lines
    if len(set(printed)) != len(printed) or printed != [line for line in expected if line in set(printed)]:
        result.problems.append("the automa lines printed are not the mirror's Automa moves, once each, in order")
    if len(expected) - len(printed) > result.kills:
        result.problems.append(f"{len(expected) - len(printed)} Automa moves were never printed "
                               f"({result.kills} kills)")


def resume(db: Path, game_id: str, mirror: TableSession, in_flight: Optional[str], result: RunResult,
           expected: list[str]) -> Session:
    session = Session(db, ["--resume", game_id], result.automa_lines)
    state = session.ask("state")
    if in_flight is not None and state != mirror.state.dumps():
        if mirror.submit(in_flight).ok:
            mirror_automas(mirror, expected)
            result.in_flight_committed += 1
            result.actions += 1
    elif in_flight is not None:
        result.in_flight_dropped += 1
    if state != mirror.state.dumps():
        result.problems.append("the resumed state differs from the state after the last acknowledged action")
    with GameStore(db) as store:
        if store.effective_events(game_id) != mirror.store.effective_events(mirror.game_id):
            result.problems.append("the event log differs from the acknowledged events (lost or duplicated)")
    return session


def run_trials(runs: int, seed: int = 1, max_actions: int = MAX_ACTIONS, solo: bool = False) -> list[RunResult]:
    with tempfile.TemporaryDirectory() as tmp:
        return [one_run(i, seed, Path(tmp), max_actions, solo) for i in range(runs)]


def automata_report(runs: int, seed: int, max_actions: int, solo: bool) -> dict:
    results = run_trials(runs, seed, max_actions, solo)
    return {
        "runs": len(results), "passed": sum(r.ok for r in results),
        "kills": sum(r.kills for r in results),
        "in_flight_committed": sum(r.in_flight_committed for r in results),
        "in_flight_dropped": sum(r.in_flight_dropped for r in results),
        "actions": sum(r.actions for r in results),
        "automa_moves": sum(r.automa_moves for r in results),
        "games_finished": sum(r.finished for r in results),
        "problems": [f"run {r.run}: {p}" for r in results for p in r.problems],
    }


def report(game: str, runs: int, seed: int, max_actions: Optional[int], solo: bool) -> dict:
    """The trials of ``game``: its runs, kills, problems and seconds (and more of Automata's)."""
    started = time.perf_counter()
    if game in played_by_lines():
        problems, kills = line_trials(game, runs, seed, max_actions or MAX_LINES)
        found = {"runs": runs, "kills": kills, "problems": problems}
    else:
        found = automata_report(runs, seed, max_actions or MAX_ACTIONS, solo)
    return {**found, "seconds": round(time.perf_counter() - started, 1)}


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="SIGKILL the headless session at random moments and resume it.")
    parser.add_argument("--game", nargs="+", choices=registered(), default=list(registered()),
                        help="the games to try (every game registered when not given)")
    parser.add_argument("--runs", type=int, default=20, help="the runs of each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-actions", type=int, help=f"the lines a run plays at most (Automata {MAX_ACTIONS}, the others {MAX_LINES})")
    parser.add_argument("--solo", action="store_true", help="one person and one to three Automas at every table")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    reports = {game: report(game, args.runs, args.seed, args.max_actions, args.solo) for game in args.game}
    print(json.dumps(reports, indent=None if args.json else 2))
    return 1 if any(r["problems"] for r in reports.values()) else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
