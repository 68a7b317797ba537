"""Every registered game held to the one surface: through the registry (``RegisteredGame.start``, ``resume``), a
random playthrough by taps (what each game asks next), each line saved; undo; resume; export and replay. Automata,
played by its engine session, is held to it as the games played by lines are. Countdown, a tiny game registered
only here (``tiny_game``), shows that a game is its package plus one registry line."""
from __future__ import annotations

import io
import json
import random
from typing import Iterator

import pytest

from companion.cli import build_parser
from companion.games.registry import (
    game_named, kind_named, played_by_lines, register_game, registered, unregister_game,
)
from companion.line_games.kinds import GameInPlay
from companion.line_games.records import replay_record
from companion.line_games.session import GameSession
from companion.session.headless import run
from companion.store import GameStore
from sim.played_games import tapped_line

TINY = "countdown"
LINES = 60  # lines tapped at most in a playthrough
TRIES = 20  # random lines tried before one is taken
OPTIONS = {"automata": ["--seats", "red,blue:automa:2"]}  # a game's options it cannot start without


@pytest.fixture(autouse=True)
def tiny_game_registered() -> Iterator[None]:
    register_game(TINY, "tests.line_games.tiny_game:COUNTDOWN")
    yield
    unregister_game(TINY)


GAMES = registered() + (TINY,)


def play_at_random(game: GameInPlay, rng: random.Random) -> list[str]:
    """Lines tapped at random until the game asks nothing or ``LINES`` are played; the lines the game took."""
    played: list[str] = []
    for _ in range(LINES):
        for _ in range(TRIES):
            line = tapped_line(game, rng)
            if line is None:
                return played
            answer = game.submit(line)
            if answer.ok:
                played.append(line)
                break
            assert answer.reason, f"{line!r} refused without a reason"
        else:
            pytest.fail(f"{TRIES} lines tapped at random were all refused")
    return played


def start(store: GameStore, name: str, seed: int) -> GameInPlay:
    """A new game of ``name`` through the registry, set up as its options on the command line set it up by
    default."""
    args = build_parser().parse_args(["session", "--game", name, "--db", str(store.path), "--new", "--seed", str(seed),
                                      *OPTIONS.get(name, [])])
    return game_named(name).start(store, args)


def in_order_within(lines: list[str], events: list[str]) -> bool:
    """Whether ``lines`` are saved among ``events`` in their order (a game may save chance events of its own
    between them)."""
    saved = iter(events)
    return all(any(event == line for event in saved) for line in lines)


@pytest.mark.parametrize("name", GAMES)
def test_a_random_playthrough_is_saved_line_by_line_and_resumes_and_replays_the_same(tmp_path, name):
    rng = random.Random(5)
    with GameStore(tmp_path / "g.db") as store:
        game = start(store, name, seed=3)
        played = play_at_random(game, rng)
        assert played and in_order_within(played, store.effective_events(game.game_id))
        resumed = game_named(name).resume(store, game.game_id)
        assert resumed.snapshot() == game.snapshot()
        replayed = game_named(name).replay(store.export_jsonl(game.game_id))
        assert replayed["state"] == game.snapshot() and replayed["over"] == game.over


@pytest.mark.parametrize("name", GAMES)
def test_undo_takes_back_the_lines_played_and_a_refusal_changes_nothing(tmp_path, name):
    rng = random.Random(8)
    with GameStore(tmp_path / "g.db") as store:
        game = start(store, name, seed=4)
        before = game.snapshot()
        assert not game.undo().ok  # nothing to undo yet
        first = tapped_line(game, rng)
        assert first is not None and game.submit(first).ok
        after_first = game.snapshot()
        play_at_random(game, rng)
        while game.undo().ok:
            pass
        assert game.snapshot() == before
        assert not game.submit("no such line at all").ok and game.snapshot() == before
        assert game_named(name).resume(store, game.game_id).snapshot() == before
        assert game.submit(first).ok and game.snapshot() == after_first


@pytest.mark.parametrize("name", played_by_lines() + (TINY,))
def test_a_game_played_by_lines_says_its_status_and_whose_turn_it_is(tmp_path, name):
    with GameStore(tmp_path / "g.db") as store:
        args = build_parser().parse_args(["session", "--game", name, "--db", str(store.path), "--new", "--seed", "3"])
        session = GameSession.new(store, name, kind_named(name).setup_from_args(args))
        play_at_random(session, random.Random(5))
        assert session.kind.status(session.game)  # a status line for the screen
        session.kind.whose_turn(session.game, [])


def test_a_game_registered_is_played_headless_with_its_own_options_and_exported(tmp_path):
    """The tiny game's options come from its kind; ``export`` writes a record ``replay`` reads."""
    record = tmp_path / "countdown.jsonl"
    args = build_parser().parse_args(["session", "--game", TINY, "--db", str(tmp_path / "g.db"), "--new",
                                      "--start", "5"])
    out = io.StringIO()
    assert run(args, io.StringIO(f"take 4\ntake 1\nexport {record}\nquit\n"), out) == 0
    lines = out.getvalue().splitlines()
    assert "refused 'take 4' is not a move: take 1, take 2 or take 3" in lines
    assert "say The Automa takes 4: 0 left." not in lines and "say The Automa takes 1: 3 left." in lines
    assert f"ok exported {record}" in lines
    replayed = replay_record(record.read_text())
    assert replayed["game"] == TINY and replayed["state"]["left"] == 3 and not replayed["over"]
    assert json.loads(record.read_text().splitlines()[0])["start"] == 5


def test_an_unknown_game_is_refused_naming_the_games_there_are():
    with pytest.raises(ValueError, match="'chess' is not a game the companion knows; choose automata, tokaido"):
        kind_named("chess")


def test_automata_is_registered_as_every_game_is_and_replays_its_record_through_the_registry(tmp_path):
    from companion.games.registry import game_named, registered
    from companion.session.table import SeatSpec, TableSession

    assert registered()[0] == "automata" and "automata" not in played_by_lines()
    with pytest.raises(ValueError, match="'automata' is not a game played by lines; those are tokaido, euphoria"):
        kind_named("automata")
    with GameStore(tmp_path / "g.db") as store:
        session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue", "automa", level=2)], seed=3)
        for _ in range(6):
            assert session.submit(session.legal()[0]).ok
        replayed = game_named("automata").replay(store.export_jsonl(session.game_id))
    assert replayed["state"] == session.state.to_json() and replayed["over"] is False
    assert replayed["actions"] == len(session.game.actions)
