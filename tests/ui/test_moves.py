"""Moves by taps and the game controller, without Kivy."""
from __future__ import annotations

import random

import pytest

from companion.games.automata.rules import CHANCE_TYPES, Forfeit, Place
from companion.session.table import SeatSpec
from companion.store import GameStore
from ui.controller import AUTOMA, OVER, PERSON, ROLL, GameController
from ui.moves import FORFEIT, MODIFY, MoveChooser, path_of


@pytest.fixture()
def controller(tmp_path):
    store = GameStore(tmp_path / "games.sqlite3")
    yield GameController(store)
    store.close()


def tap_to(chooser: MoveChooser, action):
    """Follow the taps that lead to ``action``; returns what the last tap gives."""
    result = None
    for label in path_of(action):
        assert label in chooser.options(), (label, chooser.options())
        result = chooser.choose(label)
    return result


def test_every_legal_move_is_reached_by_its_own_taps_through_a_whole_game(controller):
    controller.new_game([SeatSpec("red"), SeatSpec("blue"), SeatSpec("green")], seed=11)
    rng = random.Random(3)
    kinds = set()
    while controller.next_step() != OVER:
        legal = controller.session.legal()
        paths = [tuple(path_of(a)) for a in legal]
        assert len(set(paths)) == len(paths)  # no two moves behind the same taps
        for action in rng.sample(legal, min(4, len(legal))):
            assert tap_to(MoveChooser(legal), action) == action
        chooser = MoveChooser(legal)
        while (chosen := chooser.choose(rng.choice(chooser.options()))) is None:
            pass
        kinds.add(type(chosen).__name__)
        assert controller.submit(chosen).ok
    assert {"Place", "Forfeit"} <= kinds and kinds & {"Scavenge", "Create", "Upgrade", "Research", "Sell"}


def test_deployment_asks_die_then_area_with_modify_last(controller):
    controller.new_game([SeatSpec("red"), SeatSpec("blue")], seed=2)
    chooser = MoveChooser(controller.session.legal())
    options = chooser.options()
    assert options[-1] == MODIFY and FORFEIT not in options
    die = options[0]
    assert chooser.prompt("deploy") == "Pick a die to place"
    assert chooser.choose(die) is None
    assert chooser.prompt("deploy") == f"Place {die} on which area?"
    areas = chooser.options()
    assert "Scavenge" in areas
    move = chooser.choose("Scavenge")
    assert isinstance(move, Place) and move.area == "scavenge" and f"{move.die[0]}:{move.die[1]}" == die
    assert chooser.path == []


def test_back_and_unknown_choice(controller):
    controller.new_game([SeatSpec("red"), SeatSpec("blue")], seed=2)
    chooser = MoveChooser(controller.session.legal())
    top = chooser.options()
    chooser.choose(MODIFY)
    assert chooser.prompt("deploy") == "Modify which die?"
    chooser.back()
    assert chooser.options() == top
    with pytest.raises(KeyError, match="not a choice"):
        chooser.choose("market")


def test_forfeit_is_offered_in_activation(controller):
    controller.new_game([SeatSpec("red"), SeatSpec("blue")], seed=5)
    while controller.state.phase != "activate":
        chooser = MoveChooser(controller.session.legal())
        die = chooser.options()[0]
        chooser.choose(die)
        assert controller.submit(chooser.choose(chooser.options()[0])).ok
    chooser = MoveChooser(controller.session.legal())
    assert FORFEIT in chooser.options()
    chooser.choose(FORFEIT)
    move = chooser.choose(chooser.options()[0])
    assert isinstance(move, Forfeit)


def test_controller_steps_and_saved_notes(controller, tmp_path):
    controller.new_game([SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Bot", 2)], seed=7,
                        table_rolls=True)
    assert controller.next_step() == ROLL
    seat, types = controller.pending_roll()
    assert sorted(types) == sorted(t for t, n in zip(("d4", "d6", "d8"), controller.state.seats[seat].spent)
                                   for _ in range(n))
    assert controller.submit(controller.roll_action(seat, [(t, 1) for t in types])).ok
    meta = controller.store.meta(controller.session.game_id)
    assert meta["round"] == 1 and meta["table_rolls"] is True
    assert meta["seats"] == ["Ann (red)", "Bot (blue, Automa)"]
    resumed = GameController(controller.store)
    resumed.resume(controller.session.game_id)
    assert resumed.table_rolls and resumed.history() == controller.history()
    while controller.next_step() == ROLL:
        seat, types = controller.pending_roll()
        assert controller.submit(controller.roll_action(seat, [(t, 2) for t in types])).ok
    assert controller.next_step() in (PERSON, AUTOMA)


def test_automa_plays_what_it_shows_and_matches_a_resumed_game(controller):
    controller.new_game([SeatSpec("blue", "automa", "Bot", 4), SeatSpec("red"), SeatSpec("green", "automa", "Cog", 6)],
                        seed=9)
    rng = random.Random(1)
    checked = 0
    while controller.next_step() != OVER and checked < 60:
        if controller.next_step() == AUTOMA:
            shown = controller.automa_decision()
            assert controller.automa_decision() == shown  # asking again shows the same pair
            if checked % 10 == 0:  # a game resumed here decides the same
                resumed = GameController(controller.store)
                resumed.resume(controller.session.game_id)
                assert resumed.automa_decision() == shown
                assert resumed.session.automa_decision() == shown
            assert controller.acknowledge_automa().ok
            decisions = [a for a in controller.session.game.actions if not isinstance(a, CHANCE_TYPES)]
            assert decisions[-1] == shown.action  # then the rolls of a new round, when it starts one
            checked += 1
        else:
            assert controller.submit(rng.choice(controller.session.legal())).ok
    assert checked >= 20


def test_a_game_without_a_seed_gets_one_of_its_own(controller):
    first = controller.new_game([SeatSpec("red"), SeatSpec("blue")]).game.header.seed
    second = controller.new_game([SeatSpec("red"), SeatSpec("blue")]).game.header.seed
    assert isinstance(first, int) and first != second
    assert controller.store.header(controller.session.game_id)["seed"] == second
