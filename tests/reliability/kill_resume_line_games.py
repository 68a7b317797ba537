"""Crash safety of the headless sessions of the games played by lines (``companion.games.registry``): SIGKILL at
random moments, resume, compare. ``kill_resume.py`` runs these trials with those of Automata:

    python tests/reliability/kill_resume.py --game tokaido euphoria --runs 20 [--seed 1]

Tokaido and Euphoria are played with a road model and a deck, by the lines their own tests make; any other
game registered, set up by its options' defaults, by lines tapped at random as the touchscreen builds them.

As ``kill_resume.py`` does for Automata: each run plays a game through a session process's
stdin, with a mirror game in this process fed the same lines, kills the process (sometimes with
a line in flight, sometimes between lines), resumes it and checks that its state equals the
mirror's after the last ``ok`` (or after the line in flight, when that was saved before the
kill), and that the saved events are exactly the mirror's.
"""
from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

from companion.cli import build_parser
from companion.games.euphoria import Setup as EuphoriaSetup, parse_deck
from companion.games.registry import kind_named
from companion.line_games.session import GameSession
from companion.store import GameStore
from companion.games.tokaido import Setup as TokaidoSetup, parse_road
from tests.euphoria.decks import invented_deck_text
from tests.euphoria.test_game import answer_for
from sim.played_games import tapped_line
from tests.tokaido.boards import INVENTED_ROAD_TEXT
from tests.tokaido.test_game import event_for

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 80  # the lines a run plays at most


class Process:
    """One headless session process of another game."""

    def __init__(self, args: list[str]) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "session", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, cwd=ROOT)
        first = self.proc.stdout.readline().split()
        if len(first) != 2 or first[0] != "game":
            raise RuntimeError(f"the session did not start: {first} {self.proc.stderr.read()}")
        self.game_id = first[1]
        self.read_to_ask()

    def read_to_ask(self) -> list[str]:
        lines = []
        while not (line := self.proc.stdout.readline()).startswith("ask ") and line:
            lines.append(line.strip())
        return lines

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def ask(self, line: str) -> list[str]:
        self.send(line)
        return self.read_to_ask()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def quit(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=10)


def next_line(game: str, mirror: GameSession, rng: random.Random, said: list[str]) -> Optional[str]:
    if mirror.game.waiting_for() == "over":
        return None
    if game == "tokaido":
        return event_for(mirror.game, rng)
    if game != "euphoria":
        return tapped_line(mirror, rng)
    if mirror.game.waiting_for() == "workers":
        return "workers " + " ".join(str(rng.randint(1, 6)) for _ in range(8))
    return answer_for(mirror.game, rng, said)


def one_run(game: str, run: int, seed: int, workdir: Path, max_lines: int) -> tuple[list[str], int]:
    """The problems found in one run (none when the resumed sessions always matched the mirror),
    and how many times the session was killed."""
    rng = random.Random(f"{game}:{seed}:{run}")
    game_seed = rng.randrange(10**6)
    db = workdir / f"{game}{run}.db"
    if game == "tokaido":
        road = workdir / "road.txt"
        road.write_text(INVENTED_ROAD_TEXT)
        options = ["--road", str(road), "--order", "blue,green,purple"]
        setup = TokaidoSetup(("green", "purple"), "blue", 4, game_seed, parse_road(INVENTED_ROAD_TEXT),
                             ("blue", "green", "purple"))
    elif game == "euphoria":
        deck = workdir / "deck.txt"
        deck.write_text(invented_deck_text())
        options = ["--deck", str(deck), "--recruits", "icarus,subterra"]
        setup = EuphoriaSetup("intermediate", game_seed, ("icarus", "subterra"), deck=parse_deck(invented_deck_text()))
    else:  # set up by its options' defaults, as the session process sets it up
        options = []
        setup = kind_named(game).setup_from_args(build_parser().parse_args(
            ["session", "--game", game, "--db", str(db), "--new", "--seed", str(game_seed)]))
    common = ["--game", game, "--db", str(db)]
    session = Process(common + ["--new", *options, "--seed", str(game_seed)])
    problems: list[str] = []
    said: list[str] = []
    kills = 0
    with GameStore(workdir / f"mirror-{game}{run}.db") as mirror_store:
        mirror = GameSession.new(mirror_store, game, setup)
        for _ in range(max_lines):
            line = next_line(game, mirror, rng, said)
            if line is None:
                break
            moment = rng.random()
            in_flight = None
            if moment < 0.05:
                session.send(line)
                time.sleep(rng.random() * 0.01)
                in_flight = line
            else:
                answer = session.ask(line)
                accepted = mirror.submit(line)
                said += accepted.lines
                if not answer or answer[0] != f"ok {accepted.event}":
                    problems.append(f"'{line}': answered {answer[:1]}, mirror event {accepted.event}")
                    break
            if in_flight is not None or moment > 0.95:
                session.kill()
                kills += 1
                session = Process(common + ["--resume", session.game_id])
                state = json.loads(session.ask("state")[0])
                if in_flight is not None and state != mirror.game.to_json():
                    said += mirror.submit(in_flight).lines
                if state != mirror.game.to_json():
                    problems.append(f"after '{line}' the resumed state differs from the mirror's")
                with GameStore(db) as store:
                    if store.effective_events(session.game_id) != mirror_store.effective_events(mirror.game_id):
                        problems.append(f"after '{line}' the saved events differ from the mirror's")
                if problems:
                    break
        session.quit()
    return problems, kills


def run_trials(game: str, runs: int, seed: int = 1, max_lines: int = MAX_LINES) -> tuple[list[str], int]:
    """Every problem of ``runs`` runs, and the kills they made."""
    problems, kills = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            found, killed = one_run(game, run, seed, Path(tmp), max_lines)
            problems += [f"run {run}: {p}" for p in found]
            kills += killed
    return problems, kills
