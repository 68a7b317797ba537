"""Automaton at the touchscreen: each program on an arrow pad, each shot one tap, the move and the fire one button
the panel's Confirm takes, a square corrected in two taps; the LEDs on the robot being tapped; the setup form."""
from __future__ import annotations

import pytest

from companion.games.automaton import Design
from companion.games.automaton.table import AUTOMATON, choices
from companion.line_games.choices import line_of
from companion.line_games.setup_form import setup_form
from companion.store import GameStore

from .helpers import game, play


def tap(g, *texts: str) -> str:
    """The line tapped by the buttons' texts, checking each is offered; it must be complete after the last."""
    parts: list[str] = []
    for text in texts:
        step = choices.next_step(g, parts)
        assert step is not None, f"nothing asked before {text!r}"
        choice = next(c for c in step.choices + step.also if c.text == text)
        parts.append(choice.part)
        if choice.ends:
            break
    assert choice.ends or choices.next_step(g, parts) is None
    return line_of(parts)


def test_a_program_is_its_arrows_then_done_and_done_alone_stays():
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "h8"))
    assert tap(g, "North", "East", "Done") == "ann N E"
    assert tap(g, "Done (stay)") == "ann stay"


def test_the_line_ends_by_itself_at_the_designs_most_steps_so_a_full_program_needs_no_done():
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "h8"))  # Ann MV 2 + boost: 3 arrows; Bob MV 2: 2 arrows
    assert tap(g, "North", "North", "East") == "ann N N E"
    g.play("ann N N E")
    assert tap(g, "South", "West") == "bob S W"


def test_the_arrows_of_a_spent_boost_are_still_offered_so_the_referee_cuts_and_says_it():
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "h8"))
    play(g, "ann N N N", "bob stay", "move")
    assert "boost" not in choices.next_step(g, []).question
    assert tap(g, "North", "North", "North") == "ann N N N"


def test_move_and_fire_are_one_button_each_the_panels_confirm_takes():
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "a2"))
    play(g, "ann stay", "bob stay")
    assert [c.part for c in choices.next_step(g, []).choices] == ["move"]
    g.play("move")
    step = choices.next_step(g, [])
    assert [c.text for c in step.choices] == ["Bob (1)", "Hold fire"] and step.question == "Ann's shot"
    play(g, "ann fire bob", "bob hold")
    assert [c.part for c in choices.next_step(g, []).choices] == ["fire"]


def test_a_square_is_corrected_in_two_taps_among_the_free_squares():
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "h8"))
    assert tap(g, "Bob", "c4") == "bob at c4"
    step = choices.next_step(g, ["bob at"])
    assert len(step.choices) == 63 and "a1" not in [c.text for c in step.choices]


def test_the_leds_show_the_robot_being_tapped():
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "a2"))
    assert AUTOMATON.whose_turn(g, []).seat == 1
    g.play("ann stay")
    assert AUTOMATON.whose_turn(g, []).seat == 2
    play(g, "bob stay")
    assert AUTOMATON.whose_turn(g, []).seat is None  # Confirm moves them


@pytest.mark.parametrize("program", [(), ("N",), ("N", "E"), ("N", "E", "E")])
def test_a_robots_turn_takes_at_most_its_steps_plus_2_taps(program):
    """The arrows, Done while the pad still asks (not after the design's most steps), and a target or hold fire."""
    g = game(("ann", "rby", "a1"), ("bob", "ryb", "c2"))
    parts: list[str] = []
    for letter in program:
        parts.append(next(c.part for c in choices.next_step(g, parts).choices if c.part.endswith(letter)))
    if choices.next_step(g, parts) is not None:
        parts.append(next(c.part for c in choices.next_step(g, parts).choices if c.ends))
    taps = len(parts)
    play(g, line_of(parts), "bob stay", "move")
    if choices.next_step(g, []).question == "Ann's shot":
        taps += 1
    assert taps <= len(program) + 2
    assert taps == len(program) + (len(program) < 3) + bool(g.options.get("ann"))  # Ann MV 2 + boost: 3 arrows at most


def test_the_setup_form_taps_three_colours_per_robot(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        form = setup_form(store, "automaton")
        assert [r.key for r in form.rows()] == ["robots", "design ann", "design bob"] and form.problem() == ""
        form.tap("robots", "cat")
        assert form.problem() == "Tap Cat's three pyramid colours."
        for colour in ("g", "b", "r"):
            form.tap("design cat", colour)
        assert [o.text for o in form.rows()[3].options] == ["Blue M", "Red L", "Yellow", "Green S"]
        setup = form.setup(seed=1)
    assert [r.design for r in setup.robots][2] == Design("green", "blue", "red")
    assert [r.start for r in setup.robots] == [(0, 0), (7, 7), (7, 0)]
