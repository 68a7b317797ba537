"""Crash safety of the headless session: SIGKILL at random moments, resume, compare.

    python tests/reliability/kill_resume.py --runs 500 [--seed 1] [--json]

Each run starts a headless session, plays a random legal game through its stdin, kills the
process with SIGKILL at random moments (sometimes while an action is in flight, sometimes
between commands), resumes it, and checks the resumed state against a mirror game played in
this process: it must equal the state after the last ``ok`` line, or, when the killed action
had been committed but not yet acknowledged, the state after that action. The event log must
match the mirror's exactly: nothing lost, nothing duplicated.
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
from typing import List, Optional

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.session import SeatSpec, TableSession  # noqa: E402
from companion.store import GameStore  # noqa: E402

COLOURS = ("red", "blue", "green", "white")


@dataclass
class RunResult:
    run: int
    ok: bool = True
    kills: int = 0
    in_flight_committed: int = 0
    in_flight_dropped: int = 0
    actions: int = 0
    problems: List[str] = field(default_factory=list)


class Session:
    """One headless session process."""

    def __init__(self, db: Path, args: List[str]) -> None:
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
        self.send(line)
        return self.proc.stdout.readline().strip()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def quit(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=10)


def one_run(run: int, seed: int, workdir: Path, max_actions: int) -> RunResult:
    rng = random.Random(f"{seed}:{run}")
    result = RunResult(run)
    seats = COLOURS[: rng.randint(2, 4)]
    db = workdir / f"run{run}.db"
    game_seed = rng.randrange(10**6)
    session = Session(db, ["--new", "--seats", ",".join(seats), "--seed", str(game_seed)])
    mirror_store = GameStore(workdir / f"mirror{run}.db")
    mirror = TableSession.new(mirror_store, [SeatSpec(c) for c in seats], game_seed)
    try:
        while result.actions < max_actions:
            legal = json.loads(session.ask("legal"))
            if not legal:
                break
            action = rng.choice(legal)
            moment = rng.random()
            if moment < 0.04:  # kill with the action in flight
                session.send(action)
                time.sleep(rng.random() * 0.01)
                session.kill()
                result.kills += 1
                session = resume(db, session.game_id, mirror, action, result)
            else:
                answer = session.ask(action)
                expected = mirror.submit(action)
                if answer != f"ok {expected.event}":
                    result.problems.append(f"'{action}': answered '{answer}', mirror event {expected.event}")
                    break
                result.actions += 1
                if moment > 0.97:  # kill between commands
                    session.kill()
                    result.kills += 1
                    session = resume(db, session.game_id, mirror, None, result)
        session.quit()
    except Exception as exc:  # a crash of the harness is a failed run, with its reason
        result.problems.append(f"{type(exc).__name__}: {exc}")
        if session.proc.poll() is None:
            session.kill()
    finally:
        mirror_store.close()
    result.ok = not result.problems
    return result


def resume(db: Path, game_id: str, mirror: TableSession, in_flight: Optional[str], result: RunResult) -> Session:
    session = Session(db, ["--resume", game_id])
    state = session.ask("state")
    if in_flight is not None and state != mirror.state.dumps():
        if mirror.submit(in_flight).ok:
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


def run_trials(runs: int, seed: int = 1, max_actions: int = 120) -> List[RunResult]:
    with tempfile.TemporaryDirectory() as tmp:
        return [one_run(i, seed, Path(tmp), max_actions) for i in range(runs)]


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="SIGKILL the headless session at random moments and resume it.")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-actions", type=int, default=120)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = run_trials(args.runs, args.seed, args.max_actions)
    summary = {
        "runs": len(results), "passed": sum(r.ok for r in results),
        "kills": sum(r.kills for r in results),
        "in_flight_committed": sum(r.in_flight_committed for r in results),
        "in_flight_dropped": sum(r.in_flight_dropped for r in results),
        "actions": sum(r.actions for r in results),
        "seconds": round(time.perf_counter() - started, 1),
        "problems": [f"run {r.run}: {p}" for r in results for p in r.problems],
    }
    print(json.dumps(summary, indent=None if args.json else 2))
    return 0 if summary["passed"] == summary["runs"] else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
