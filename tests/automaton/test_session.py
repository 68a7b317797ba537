"""Worked examples through the headless session (``session --game automaton``), as docs/automaton.md shows them:
every line answered, the referee's lines as the table reads them, ``state`` as JSON."""
from __future__ import annotations

import io
import json

import pytest

from companion.cli import build_parser
from companion.session.headless import run


def session(tmp_path, lines: list[str], *options: str) -> list[str]:
    args = build_parser().parse_args(["session", "--game", "automaton", "--db", str(tmp_path / "g.db"), "--new",
                                      *options])
    out = io.StringIO()
    assert run(args, io.StringIO("\n".join(lines + ["quit"]) + "\n"), out) == 0
    return out.getvalue().splitlines()


def test_the_robots_are_set_up_on_the_corners_with_their_qualities_and_the_boosts_of_turn_1(tmp_path):
    out = session(tmp_path, [])
    assert out[1:] == [
        "say Ann: small red, medium blue, large yellow. FP 2, HD 8, MV 2 (3 with boost), RG 1. On a1; "
        "X out 1 of the 3 extra boxes.",
        "say Bob: small green, medium yellow, large red. FP 4, HD 6, MV 2, RG 1 (2 with boost). On h8; "
        "X out 3 of the 3 extra boxes.",
        "say Turn 1: Ann 3 steps with its boost, range 1; Bob 2 steps, range 2 with its boost.",
        "ask turn 1: ann|bob STEPS... (each N, E, S or W; stay for none)"]


def test_a_head_on_collision_then_a_shot_and_the_state(tmp_path):
    """Ann (b4, E-E) and Bob (f4, W-W) both end their moves on d4: head-on, each back to the square it entered
    from (A10): Ann c4, Bob e4, 2 apart. Ann (RG 1) cannot reach; Bob (RG 1, boost) can, with the boost: 4
    damage (FP 4) → Ann 4/8 (A18)."""
    out = session(tmp_path, ["ann E E", "bob W W", "move", "bob fire ann", "fire", "state"],
                  "--robots", "ann:rby,bob:gyr", "--squares", "b4,f4")
    assert "say Ann: E-E → d4; head-on with Bob: ends c4." in out
    assert "say Bob: W-W → d4; head-on with Ann: ends e4." in out
    assert "say Ann: no target." in out and "say Bob can hit Ann (2, boost)." in out
    assert "say Bob hits Ann: 4 → Ann 4/8." in out
    assert "say Turn 2: Ann 3 steps with its boost, range 1; Bob 2 steps, range 1 (range boost used last turn)." in out
    state = json.loads(next(line for line in out if line.startswith("{")))
    assert state["robots"]["ann"]["square"] == "c4" and state["robots"]["bob"]["square"] == "e4"
    assert state["robots"]["ann"]["damage"] == 4 and state["robots"]["bob"]["range_boost_used"] is True
    assert state["waiting_for"] == "program ann" and state["turn"] == 2


def test_a_line_out_of_turn_is_refused_saying_what_is_awaited_and_undo_takes_back_a_program(tmp_path):
    out = session(tmp_path, ["fire", "ann N", "ann S", "undo", "ann S"])
    assert "refused waiting for turn 1: ann|bob STEPS... (each N, E, S or W; stay for none)" in out
    assert "refused ann's program is in: undo to change it" in out
    assert out.count("say Ann: program in (1 step).") == 2


def test_a_square_corrected_in_two_words_and_a_square_taken_refused(tmp_path):
    out = session(tmp_path, ["ann at c3", "bob at c3", "state"])
    assert "say Ann now stands on c3." in out and "refused another robot stands on c3" in out
    state = json.loads(next(line for line in out if line.startswith("{")))
    assert state["robots"]["ann"]["square"] == "c3" and state["robots"]["ann"]["start"] == "c3"


def test_the_end_is_said_as_for_every_game(tmp_path):
    """Bob on a2 hits Ann on a1 twice (4 + 4 = 8 = her HD): she is destroyed, Bob wins (A19)."""
    turn = ["ann stay", "bob stay", "move", "ann hold", "bob fire ann", "fire"]
    out = session(tmp_path, turn + turn, "--robots", "ann:rby,bob:gyr", "--squares", "a1,a2")
    assert "say Ann destroyed: take it off the board." in out and "say Bob is the last robot in play and wins." in out
    assert "over ann 0, bob 6: bob wins" in out


def test_a_robot_named_as_a_command_of_the_session_is_refused(tmp_path):
    from companion.games.automaton import Design, Setup

    for word in ("undo", "export", "move"):
        with pytest.raises(ValueError, match=f"'{word}' cannot name a robot"):
            Setup.at_corners([(word, Design.from_letters("rby")), ("bob", Design.from_letters("gyr"))])
