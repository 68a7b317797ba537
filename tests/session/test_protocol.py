"""What both headless sessions (Automata's and the other games') do alike: every line is answered, a long
one is not echoed whole, the end of a game is said with its score and so is an undo that reopens it,
Ctrl-C ends quietly with the game saved, and --resume names the kind of game it finds."""
from __future__ import annotations

import io
import json
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Iterator, Optional

import pytest

from companion.cli import build_parser, main
from companion.games.euphoria import Setup as EuphoriaSetup
from companion.line_games.session import GameSession
from companion.games.automata.rules import Game, Header, score
from companion.session import SeatSpec, TableSession
from companion.session.headless import run
from companion.session.protocol import END_NEWS, INTERRUPTED, REOPENED
from companion.store import UNDO, GameStore, effective
from tests.line_games.test_store_kinds import ROAD_SETUP
from tests.session.test_headless_game import converse

ROOT = Path(__file__).resolve().parents[2]
JUNK = "x" * 100_000
WORKERS = "workers 3 5 1 6 2 2 4 5"


def session_lines(argv: list[str], lines: list[str]) -> list[str]:
    """What ``session ARGV`` prints, given ``lines`` on stdin."""
    out = io.StringIO()
    assert run(build_parser().parse_args(["session", *argv]), io.StringIO("".join(f"{x}\n" for x in lines)), out) == 0
    return out.getvalue().splitlines()


def answers(printed: list[str]) -> list[str]:
    """The answers of the other games' session: every line but the news, the questions and what to do."""
    return [line for line in printed if line.startswith(("ok ", "refused "))]


def test_every_line_of_the_automata_session_is_answered_and_a_long_one_is_cut(tmp_path):
    printed = session_lines(["--db", str(tmp_path / "g.db"), "--new", "--seats", "red,blue", "--seed", "1"],
                            ["", "   ", JUNK, "state"])
    assert printed[1] == printed[2] == ("refused An empty line: send an action or a command (quit ends the "
                                        "session) [notation]")
    assert printed[3].startswith("refused A line of 100000 characters") and len(printed[3]) < 200
    assert printed[3].endswith(" [notation]") and printed[4].startswith("{")


@pytest.mark.parametrize("game", ["tokaido", "euphoria"])
def test_every_line_of_the_line_games_session_is_answered_and_a_long_one_is_cut(tmp_path, game):
    options = ["--recruits", "icarus,subterra"] if game == "euphoria" else []
    printed = session_lines(["--game", game, "--db", str(tmp_path / "g.db"), "--new", *options], ["", JUNK])
    refused = answers(printed)
    assert refused[0] == "refused An empty line: send an action or a command (quit ends the session)"
    assert refused[1].startswith("refused A line of 100000 characters") and len(refused[1]) < 200
    assert printed[-1].startswith("ask ") and sum(line.startswith("ask ") for line in printed) == 3


def test_a_roll_sent_when_the_companion_rolls_says_what_the_table_waits_for(tmp_path):
    printed = session_lines(["--db", str(tmp_path / "g.db"), "--new", "--seats", "red,blue", "--seed", "1"],
                            ["state", "roll red d4:1"])
    turn = json.loads(printed[1])["turn"]
    colour = ["red", "blue"][turn]
    assert printed[2] == (f"refused The table is waiting for {colour}'s move: no roll is awaited now "
                          "[Rulebook: Game Round]")


def test_the_end_of_an_automata_game_is_said_once_with_the_score_and_its_undo_reopens_it(tmp_path):
    db = tmp_path / "g.db"
    rng = random.Random(3)
    printed: list[str] = []

    def speak(lines: list[str]) -> Optional[str]:
        printed.extend(lines)
        if any(line.startswith("reopened") for line in lines):
            return "score"
        if any(line.startswith("over ") for line in lines):
            return "undo"
        if printed[-1].startswith("{"):
            return None
        answer = [line for line in lines if not line.startswith(("automa ", *END_NEWS))][-1]
        return "legal" if answer.startswith(("game", "ok")) else rng.choice(json.loads(answer))

    converse(["--db", str(db), "--new", "--seats", "red,blue:automa:2", "--seed", "5"], speak)
    with GameStore(db) as store:
        game_id = store.latest_game_id()
        events, header = store.events(game_id), store.header(game_id)
    while events[-1] == UNDO:
        events.pop()
    ended = Game(Header.from_json(header))
    for event in effective(events):
        ended.play(event)
    final = score(ended.state)
    points = ", ".join(f"{seat.colour} {seat.total}" for seat in final.seats)
    winners = f"{final.winners[0]} wins" if len(final.winners) == 1 else "red and blue share the win"
    assert ended.state.is_over
    assert [line for line in printed if line.startswith("over ")] == [f"over {points}: {winners}"]
    assert printed[-3].startswith("ok ") and printed[-2] == REOPENED
    assert json.loads(printed[-1])["over"] is False


def test_the_end_of_a_euphoria_game_is_said_the_same_way_and_its_undo_reopens_it(tmp_path):
    printed = session_lines(["--game", "euphoria", "--db", str(tmp_path / "g.db"), "--new", "--recruits",
                             "icarus,subterra"], [WORKERS, "allegiance black", "allegiance black", "won 1", "undo",
                                                  "allegiance white"])
    assert printed.count("over black 2, white 0: person 1 wins") == 1
    end = printed.index("over black 2, white 0: person 1 wins")
    assert printed[end + 1] == "ask The game is over"
    assert printed[end + 3] == REOPENED
    assert printed[end + 2].startswith("ok ") and printed[-1] != "ask The game is over"


def _ctrl_c_as_at_a_terminal() -> None:
    """Ctrl-C's signal as a terminal delivers it: a test run started in the background of a script inherits it
    ignored, and Python then never turns it into KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
def test_ctrl_c_ends_the_session_quietly_and_the_game_is_saved(tmp_path):
    db = tmp_path / "g.db"
    session = subprocess.Popen([sys.executable, "-m", "companion.cli", "session", "--db", str(db), "--new",
                                "--seats", "red,blue", "--seed", "1"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                               preexec_fn=_ctrl_c_as_at_a_terminal)
    game_id = session.stdout.readline().split()[1]
    session.stdin.write("legal\n")
    session.stdin.flush()
    move = json.loads(session.stdout.readline())[0]
    session.stdin.write(move + "\n")
    session.stdin.flush()
    assert session.stdout.readline().startswith("ok ")
    session.send_signal(signal.SIGINT)
    session.wait(timeout=60)
    out, err = session.communicate(timeout=60)
    assert (session.returncode, out, err) == (INTERRUPTED, "", "")
    with GameStore(db) as store:
        assert move in store.effective_events(game_id)


def interrupted_after(lines: list[str]) -> Iterator[str]:
    yield from (f"{line}\n" for line in lines)
    raise KeyboardInterrupt


def test_ctrl_c_ends_the_line_games_session_quietly_too(tmp_path):
    db = tmp_path / "g.db"
    args = build_parser().parse_args(["session", "--game", "euphoria", "--db", str(db), "--new",
                                      "--recruits", "icarus,subterra"])
    out = io.StringIO()
    assert run(args, interrupted_after([WORKERS]), out) == INTERRUPTED
    with GameStore(db) as store:
        assert store.events(store.latest_game_id()) == [WORKERS]


def line_games_only(db: Path) -> None:
    with GameStore(db) as store:
        GameSession.new(store, "tokaido", ROAD_SETUP)


def automata_only(db: Path) -> None:
    with GameStore(db) as store:
        TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=1)


@pytest.mark.parametrize("saved,options,said", [
    (line_games_only, [], "There is no saved game of Automata to resume; the latest game is of Tokaido: "
                           "resume it with --game tokaido"),
    (automata_only, ["--game", "euphoria"], "There is no saved game of Euphoria to resume; the latest game is of "
                                            "Automata: resume it with --game automata"),
])
def test_resuming_the_latest_game_names_the_kind_of_the_one_saved(tmp_path, capsys, saved, options, said):
    db = tmp_path / "g.db"
    saved(db)
    assert main(["session", "--db", str(db), "--resume", "latest", *options]) == 2
    assert capsys.readouterr().err == f"error: {said}\n"


@pytest.mark.parametrize("options", [["--seats", "red,green"], ["--seed", "4", "--table-rolls"],
                                     ["--game", "euphoria", "--recruits", "icarus,subterra", "--people", "2"]])
def test_options_that_set_up_a_new_game_are_refused_with_resume(tmp_path, capsys, options):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=1)
        GameSession.new(store, "euphoria", EuphoriaSetup(recruits=("icarus", "subterra")))
        events = {g.id: store.events(g.id) for g in store.games()}
    assert main(["session", "--db", str(db), "--resume", "latest", *options]) == 2
    err = capsys.readouterr().err
    given = [o for o in options if o.startswith("--") and o != "--game"]
    assert err == f"error: {', '.join(given)} set up a new game (--new); a resumed game keeps its own\n"
    with GameStore(db) as store:
        assert {g.id: store.events(g.id) for g in store.games()} == events
