"""``session --speak``: every registered game speaks the Automas' moves in the very words it shows for them."""
from __future__ import annotations

import io
import random
from typing import Optional

import pytest

from companion.cli import build_parser
from companion.games.registry import played_by_lines, registered
from companion.line_games import headless as line_headless
from companion.session import headless
from companion.store import GameStore
from tests.line_games.helpers import converse
from tests.line_games.test_surface import play_at_random, start


class Heard:
    """A speaker that writes down what it is asked to say."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.closed = False

    def say(self, text: str) -> None:
        self.lines.append(text)

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def heard(monkeypatch) -> Heard:
    voice = Heard()

    def open_speaker(enabled: bool) -> Heard:
        return voice if enabled else Heard()

    monkeypatch.setattr(headless, "open_speaker", open_speaker)
    monkeypatch.setattr(line_headless, "open_speaker", open_speaker)
    return voice


def test_every_registered_game_is_covered():
    assert set(registered()) == {"automata", *played_by_lines()}


def automata_game(tmp_path, *options: str) -> list[str]:
    """A game of two Automas, which plays itself to its end as the session starts."""
    out = io.StringIO()
    args = build_parser().parse_args(["session", "--db", str(tmp_path / "g.db"), "--new",
                                      "--seats", "blue:automa:2,red:automa:3", "--seed", "4", *options])
    assert headless.run(args, io.StringIO("quit\n"), out) == 0
    return out.getvalue().splitlines()


def test_automata_speaks_each_automa_move_as_the_automa_screen_shows_it(tmp_path, heard):
    lines = automata_game(tmp_path, "--speak")
    moves = [line for line in lines if line.startswith("automa ")]
    assert moves and len(heard.lines) == len(moves) and heard.closed
    assert heard.lines[0] == "Blue Automa: D6 showing 6 → Scavenge"  # its move: automa 5 blue place d6:6 scavenge
    assert all(said.startswith(("Blue Automa: ", "Red Automa: ")) for said in heard.lines)


def test_without_speak_nothing_is_said(tmp_path, heard):
    assert automata_game(tmp_path)[-1].startswith("over ")
    assert heard.lines == []


@pytest.mark.parametrize("name", played_by_lines())
def test_a_game_played_by_lines_speaks_its_say_lines(tmp_path, heard, name):
    """A random playthrough, then the same lines given to ``session --game NAME --speak`` from the same seed."""
    with GameStore(tmp_path / "first.db") as store:
        played = play_at_random(start(store, name, seed=3), random.Random(5))
    given = iter(played)

    def answer(asked: str, new: list[str]) -> Optional[str]:
        assert not any(line.startswith("refused") for line in new), new
        return next(given, None)

    lines = converse(["--game", name, "--db", str(tmp_path / "g.db"), "--new", "--seed", "3", "--speak"], answer)
    shown = [line[len("say "):] for line in lines if line.startswith("say ")]
    assert shown and heard.lines == shown and heard.closed


def test_the_app_takes_speak_too():
    assert build_parser().parse_args(["app", "--speak"]).speak is True
    assert build_parser().parse_args(["app"]).speak is False
