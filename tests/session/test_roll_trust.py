"""The reader earns this table's trust: rolls read from the table are kept with what the game took, and a roll of
a die type not yet trusted is shown once and played by one confirmation."""
from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pytest

from calibration.layout import default_layout
from companion.games.automata.rules import Roll, apply_action, sample_chance
from companion.games.automata.sync.answers import ToldDie
from companion.session import SeatSpec, TableSession
from companion.session.headless import answer_followed
from companion.session.reader_trust import ReadDie, ReaderRecord, record_path
from companion.session.roll_trust import RollKeeper
from companion.session.runtime import TableRuntime
from companion.store import GameStore
from hardware.panel import PanelEvent
from hardware.panel.keyboard import KeyboardPanel
from sim.physical_table import PhysicalTable
from sim.table_scene import TableScene

SURE = 0.9


def proven(*die_types: str) -> list[ReadDie]:
    """Enough right sure readings of each of ``die_types`` for it to play by itself."""
    return [ReadDie(t, 2, 1.0, 2) for t in die_types for _ in range(381)]


def first_rolls(store, keeper: RollKeeper):
    """A new game followed by a camera with ``keeper``, and its first rolls lying on the table, not yet seen."""
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=4)
    runtime = TableRuntime(session, KeyboardPanel(2))
    runtime.follow_table(SURE, rolls=keeper)
    table = PhysicalTable(["red", "blue"], np.random.default_rng(4), TableScene.arranged(default_layout(2), 1600, 1000))
    target = session.upcoming_state()
    while target.is_chance_node:
        target = apply_action(target, sample_chance(target, random.Random(1)))
    table.follow(target)
    return session, runtime, table.readings_by_zone(), target


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path / "games.db") as s:
        yield s


def test_a_right_roll_shown_for_confirmation_takes_exactly_one_press(store):
    keeper = RollKeeper(ReaderRecord(SURE))
    session, runtime, seen, target = first_rolls(store, keeper)
    step = runtime.table_settled(seen)
    assert step.played == () and runtime.roll_to_confirm() is not None
    assert runtime.press(PanelEvent("confirm")).outcome.ok
    assert session.state == target and runtime.roll_to_confirm() is None
    assert len(keeper.record.dice) == 10 and all(d.right for d in keeper.record.dice)
    assert keeper.record.standing("d4").since_error == 6


def test_a_right_roll_shown_takes_one_confirm_line_in_the_headless_session(store):
    session, runtime, seen, target = first_rolls(store, RollKeeper(ReaderRecord(SURE)))
    runtime.table_settled(seen)
    said, _step = answer_followed(runtime, "confirm")
    assert said.startswith("ok ") and session.state == target
    said, _step = answer_followed(runtime, "confirm")
    assert said.startswith("refused ") and "[sync]" in said


def test_once_proven_a_sure_roll_plays_by_itself(store):
    keeper = RollKeeper(ReaderRecord(SURE, proven("d4", "d6")))
    session, runtime, seen, target = first_rolls(store, keeper)
    step = runtime.table_settled(seen)
    assert [o.ok for o in step.played] == [True, True] and session.state == target
    assert keeper.record.standing("d6").since_error == 381 + 4


def test_a_type_not_proven_holds_the_roll_for_confirmation(store):
    keeper = RollKeeper(ReaderRecord(SURE, proven("d4")))  # the rolls have D6s too
    _session, runtime, seen, _target = first_rolls(store, keeper)
    assert runtime.table_settled(seen).played == () and runtime.roll_to_confirm() is not None


def test_a_roll_a_person_corrects_counts_the_die_changed_wrong_and_withdraws_trust(store):
    keeper = RollKeeper(ReaderRecord(SURE, proven("d6")))
    session, runtime, seen, _target = first_rolls(store, keeper)
    runtime.table_settled(seen)
    shown = runtime.roll_to_confirm()
    corrected = tuple(("d6", 6) if die == ("d6", 4) else die for die in shown.dice)
    assert runtime.submit(Roll(shown.seat, corrected)).ok
    standing = keeper.record.standing("d6")
    assert (standing.since_error, standing.trusted) == (0, False)
    assert [d for d in keeper.record.dice if not d.right] == [ReadDie("d6", 4, 1.0, 6)]


ROLL = Roll("red", (("d4", 1), ("d6", 4)))
READ = (("d4", 1, 1.0), ("d6", 4, 1.0))


def test_a_wrong_reading_found_late_by_an_undo_withdraws_trust():
    keeper = RollKeeper(ReaderRecord(SURE, proven("d6")))
    keeper.played(5, ROLL, READ)
    keeper.undone(4)
    assert len(keeper.record.dice) == 381  # the roll undone is out of the record until it is played again
    keeper.played(5, Roll("red", (("d4", 1), ("d6", 2))), ())  # the same roll, entered with another D6 value
    assert keeper.record.dice[-1] == ReadDie("d6", 4, 1.0, 2)
    assert not keeper.trusts("d6")


def test_an_undo_that_is_no_misread_counts_nothing():
    keeper = RollKeeper(ReaderRecord(SURE, proven("d6")))
    keeper.played(5, ROLL, READ)
    keeper.undone(4)
    keeper.played(5, ROLL, READ)  # read again alike
    assert keeper.record.standing("d6").since_error == 382
    keeper.undone(4)
    keeper.played(5, Roll("blue", (("d6", 2),)), ())  # something else played there
    assert keeper.record.standing("d6").since_error == 381 and keeper.trusts("d6")


def test_the_camera_misread_a_die_of_the_last_roll_withdraws_trust():
    keeper = RollKeeper(ReaderRecord(SURE, proven("d6")))
    keeper.played(5, ROLL, READ)
    keeper.misread([ToldDie(SimpleNamespace(value=4), "d6", 3, "red")])
    assert keeper.record.dice[-1] == ReadDie("d6", 4, 1.0, 3) and not keeper.trusts("d6")


def test_the_record_starts_again_after_a_new_calibration(tmp_path):
    profile = tmp_path / "calibration.json"
    profile.write_text('{"colours": "first"}')
    keeper = RollKeeper.open(profile, SURE)
    keeper.record.add(proven("d6"))
    keeper.played(5, ROLL, READ)  # saved beside the profile
    assert record_path(profile).exists() and RollKeeper.open(profile, SURE).trusts("d6")
    profile.write_text('{"colours": "calibrated anew"}')
    assert RollKeeper.open(profile, SURE).record.dice == []


def test_a_reset_forgets_the_record():
    keeper = RollKeeper(ReaderRecord(SURE, proven("d6")))
    keeper.reset()
    assert keeper.record.dice == [] and not keeper.trusts("d6")
