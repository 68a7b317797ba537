"""The table's own dice as the app keeps them: enrolled at calibration, learnt from the values confirmed in
play (and unlearnt by undo), loaded when the dice reader is built, cleared from Settings."""
from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from calibration.table_dice import load_table_dice, table_dice_path
from companion.games.automata.rules import Roll, sample_chance
from companion.session import SeatSpec, TableSession, follower
from companion.session.dice_learning import ConfirmedDie, TableDiceLearner
from companion.session.enrolment import Enrolment
from companion.session.rolls import expected_roll
from companion.session.runtime import TableRuntime
from companion.store import GameStore
from vision import synth
from vision.examples import EXAMPLES_PER_FACE, example_from_frame
from vision.readings import FACES, DieReading

from ..sync.test_table_sync import rolled_table, two_dice_of_a_kind

SIZE = 60.0


def rendered_roll(dice, seed: int = 0):
    """A frame of ``dice`` ((type, value, colour), in a row) and a reading of each where it lies, as read."""
    rng = np.random.default_rng(seed)
    specs = [synth.DieSpec(t, v, c, (50.0 + 90 * k, 60.0), rotation=float(rng.uniform(0, 360)), size=SIZE)
             for k, (t, v, c) in enumerate(dice)]
    frame, _ = synth.render_scene(specs, synth.make_background(rng, 90 * len(dice) + 20, 120, kind="felt"), rng=rng)
    readings = [DieReading(s.die_type, s.value, s.colour, s.centre, [], 0.9, 0.6, 0.9,
                           bbox=(s.centre[0] - SIZE / 2, s.centre[1] - SIZE / 2, s.centre[0] + SIZE / 2,
                                 s.centre[1] + SIZE / 2))
                for s in specs]
    return frame, readings


class Reader:
    """A dice reader that records what it was taught."""

    def __init__(self) -> None:
        self.taught = None

    def learn(self, dice) -> None:
        self.taught = [(e.die_type, e.value, e.colour) for e in dice.examples]

    def forget(self) -> None:
        self.taught = None


def saved(profile):
    dice, message = load_table_dice(profile)
    assert message is None
    return [(e.die_type, e.value, e.colour) for e in dice.examples]


# -- enrolment at calibration ---------------------------------------------------------------------

def test_enrolment_asks_the_taught_colours_dice_and_saves_each_confirmed_one(learner, profile):
    reader = learner.reader = Reader()
    enrolment = Enrolment(learner, ["red", "blue"])
    assert enrolment.colour == "red"
    frame, readings = rendered_roll([("d6", 2, "red"), ("d8", 5, "blue"), ("d4", 3, "red")])
    assert enrolment.take(frame, readings) == 2  # the blue die waits for blue's turn
    assert (enrolment.current.die_type, enrolment.current.value) == ("d6", 2)
    enrolment.confirm("d6", 2)  # one tap: the value read
    enrolment.confirm("d4", 4)  # the reading was wrong: the person says what it shows
    assert enrolment.current is None
    assert saved(profile) == [("d6", 2, "red"), ("d4", 4, "red")]
    assert reader.taught == saved(profile)
    example = learner.dice.examples[0]
    assert example.reader_crop.shape == (64, 64) and example.reader_crop.std() > 10  # the die, not the felt


def test_a_roll_of_the_whole_set_is_read_as_the_set_s_types(learner):
    """Where every die of the colour's set is found, a die read as a type the set has too many of is read as the
    type it lacks, and asked with that type's value."""
    from tests.vision.test_known_types import joint

    enrolment = Enrolment(learner, ["red"], {"d4": 1, "d6": 1})
    frame, readings = rendered_roll([("d4", 3, "red"), ("d6", 5, "red")])
    readings[0] = dataclasses.replace(readings[0], die_type="d6", value=6,
                                      type_value_probabilities=joint(("d6", 6), other=("d4", 3)))
    assert enrolment.take(frame, readings) == 2
    assert (enrolment.current.die_type, enrolment.current.value) == ("d4", 3)
    for unknown in (Enrolment(learner, ["red"], {"d4": 2, "d6": 1}), Enrolment(learner, ["red"])):
        assert unknown.take(frame, readings) == 2  # not the whole set found, or no set told: as read
        assert (unknown.current.die_type, unknown.current.value) == ("d6", 6)


def test_enrolment_asks_only_for_faces_that_still_want_examples(learner):
    enrolment = Enrolment(learner, ["red"])
    frame, readings = rendered_roll([("d6", 2, "red")] * (EXAMPLES_PER_FACE + 1) + [("d6", 1, "red")])
    assert enrolment.take(frame, readings) == EXAMPLES_PER_FACE + 1  # three twos, and the one
    while enrolment.current is not None:
        enrolment.confirm(enrolment.current.die_type, enrolment.current.value)
    assert enrolment.take(frame, readings[:1]) == 0  # the two has its examples
    d6 = next(p for p in enrolment.progress("red") if p.die_type == "d6")
    assert not d6.learnt and d6.words() == f"D6 {EXAMPLES_PER_FACE + 1}/{6 * EXAMPLES_PER_FACE}"
    assert d6.short.count(1) == EXAMPLES_PER_FACE - 1 and 2 not in d6.short


@pytest.mark.slow
def test_once_a_type_is_learnt_every_other_colour_rolls_its_dice_once(learner):
    enrolment = Enrolment(learner, ["red", "blue"])
    for die_type, faces in FACES.items():
        dice = [(die_type, v, "red") for v in range(1, faces + 1) for _ in range(EXAMPLES_PER_FACE)]
        frame, readings = rendered_roll(dice)
        enrolment.take(frame, readings)
        while enrolment.current is not None:
            enrolment.confirm(enrolment.current.die_type, enrolment.current.value)
    assert enrolment.taught("red") and not enrolment.done
    assert enrolment.colour == "blue"  # red is taught: blue is next
    assert [p.words() for p in enrolment.progress("blue")] == ["D4: roll once", "D6: roll once", "D8: roll once"]
    frame, readings = rendered_roll([("d4", 1, "blue"), ("d4", 1, "blue"), ("d6", 6, "blue"), ("d8", 8, "red")])
    assert enrolment.take(frame, readings) == 3  # every blue die of the roll, whatever its face
    enrolment.confirm("d4", 1)
    enrolment.skip()  # no die, or one the person cannot tell
    enrolment.confirm("d6", 6)
    assert learner.counts("blue") == {"d4": 1, "d6": 1, "d8": 0}
    assert not enrolment.taught("blue")
    frame, readings = rendered_roll([("d4", 2, "blue"), ("d8", 3, "blue")])
    assert enrolment.take(frame, readings) == 1  # blue has a D4 example now; its D8s are still to roll
    enrolment.confirm("d8", 3)
    assert enrolment.done


# -- learning from play ---------------------------------------------------------------------------

def confirmed(die_type: str, value: int, colour: str) -> ConfirmedDie:
    frame, readings = rendered_roll([(die_type, value, colour)])
    return ConfirmedDie.of(frame, readings[0], die_type, value, colour)


def roll_of(state, rng):
    """The roll the table is to make, with values drawn; its first die as the person confirmed it."""
    colour, _ = expected_roll(state)
    roll = sample_chance(state, rng)
    assert isinstance(roll, Roll)
    die_type, value = roll.dice[0]
    return roll, confirmed(die_type, value, colour)


def test_a_value_confirmed_in_play_becomes_an_example_and_its_undo_takes_exactly_it_back(tmp_path, learner, profile):
    rng = random.Random(1)
    with GameStore(tmp_path / "g.db") as store:
        runtime = TableRuntime(TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=3,
                                                table_rolls=True))
        runtime.table_dice = learner
        session = runtime.session
        first, die = roll_of(session.upcoming_state(), rng)
        assert runtime.submit(first, confirmed=[die]).ok
        kept = saved(profile)
        assert kept == [(die.die_type, die.value, die.colour)]
        while session.upcoming_state().is_chance_node:  # the other seat's first roll, read surely
            assert runtime.submit(sample_chance(session.upcoming_state(), rng)).ok
        while not session.upcoming_state().is_chance_node:  # moves, until the table rolls again
            assert runtime.submit(session.legal()[0]).ok
        later, die = roll_of(session.upcoming_state(), rng)
        assert runtime.submit(later, confirmed=[die]).ok
        assert len(saved(profile)) == 2
        assert runtime.undo().ok
        assert saved(profile) == kept and len(learner.dice.examples) == 1


def test_a_refused_move_teaches_nothing(tmp_path, learner, profile):
    with GameStore(tmp_path / "g.db") as store:
        runtime = TableRuntime(TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=3,
                                                table_rolls=True))
        runtime.table_dice = learner
        assert not runtime.submit(Roll("red", (("d8", 8),)), confirmed=[confirmed("d8", 8, "red")]).ok
        assert learner.dice.examples == [] and not table_dice_path(profile).exists()


# -- learning from the answers to the mismatch alert ------------------------------------------------

def as_seen(table, misread=None, value=None):
    """The frame of ``table`` and its dice as the camera reads them there (each with its box); ``misread``, one of
    its dice, read showing ``value``."""
    half = table.die_size / 2

    def read(reading):
        x, y = reading.centre
        shown = value if misread is not None and reading.centre == misread.centre else reading.value
        return dataclasses.replace(reading, value=shown, bbox=(x - half, y - half, x + half, y + half))

    return table.render().frame, {zone: [read(r) for r in readings] for zone, readings in table.readings_by_zone().items()}


def misreadable(table, seat):
    """A die of ``seat`` in the tray, and a value no die of its kind there shows (the camera's misreading of it
    can be told apart from the others)."""
    for die in table.dice:
        alike = {d.value for d in table.dice if (d.zone, d.seat, d.die_type) == ("tray", seat, die.die_type)}
        other = [v for v in range(1, FACES[die.die_type] + 1) if v not in alike]
        if die.zone == "tray" and die.seat == seat and other:
            return die, other[0]
    raise AssertionError("every value is shown")


def turned_for_a_minus_one(session, runtime, table):
    """A die of the seat to move turned down by one where it lies, as to pay for a -1, and the table settled:
    the alert offers the move. Its type and value before it was turned."""
    state = session.upcoming_state()
    die_type, value = next(d for d in state.seats[state.turn].available if d[1] > 1)
    turned = next(d for d in table.dice if d.seat == state.turn and (d.die_type, d.value) == (die_type, value))
    frame, seen = as_seen(table, turned, value - 1)
    assert runtime.table_settled(seen, frame).alert.accept
    return die_type, value


@pytest.mark.slow
def test_a_die_the_camera_misread_teaches_the_games_value_until_the_next_move_is_undone(tmp_path, learner, profile):
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, table, _panel = rolled_table(store)
        runtime.table_dice = learner
        seat = session.upcoming_state().turn
        die, wrong = misreadable(table, 1 - seat)
        frame, seen = as_seen(table, die, wrong)
        assert [m.kind for m in runtime.table_settled(seen, frame).alert.mismatches] == ["wrong_value"]
        assert not table_dice_path(profile).exists()
        runtime.camera_misread()
        colour = session.upcoming_state().colours[die.seat]
        assert saved(profile) == [(die.die_type, die.value, colour)]  # the game's value, not the one read
        assert learner.dice.examples[0].reader_crop.std() > 10  # cut where the die lies
        assert runtime.submit(session.legal()[0]).ok
        assert len(saved(profile)) == 1
        assert runtime.undo().ok  # the move after the answer
        assert saved(profile) == []


@pytest.mark.slow
def test_two_dice_misread_in_one_place_teach_nothing(tmp_path, learner, profile):
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, table, _panel = rolled_table(store)
        runtime.table_dice = learner
        seat = session.upcoming_state().turn
        die, wrong = misreadable(table, seat)
        other, other_wrong = misreadable(table, 1 - seat)
        frame, seen = as_seen(table, die, wrong)
        k = next(i for i, r in enumerate(seen["tray"]) if r.centre == other.centre)
        seen["tray"][k] = dataclasses.replace(seen["tray"][k], value=other_wrong)
        assert len(runtime.table_settled(seen, frame).alert.mismatches) == 2
        runtime.camera_misread()
        assert runtime.sync.alert is None
        assert learner.dice.examples == [] and not table_dice_path(profile).exists()


@pytest.mark.slow
def test_two_dice_read_swapped_where_they_lie_teach_each_its_own_value(tmp_path, learner, profile):
    """The dice an alert says were turned in place lie where the camera remembered them: put down to the camera,
    each reading at its spot teaches the value remembered there (the game's)."""
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, table, _panel = rolled_table(store)
        runtime.table_dice = learner
        one, other = two_dice_of_a_kind(table)
        frame, seen = as_seen(table)
        tray = seen["tray"]
        for die, shown in ((one, other.value), (other, one.value)):
            k = next(i for i, r in enumerate(tray) if r.centre == die.centre)
            tray[k] = dataclasses.replace(tray[k], value=shown)
        assert [m.kind for m in runtime.table_settled(seen, frame).alert.mismatches] == ["wrong_value", "wrong_value"]
        runtime.camera_misread()
        colour = session.upcoming_state().colours[one.seat]
        assert sorted(saved(profile)) == sorted([(one.die_type, one.value, colour), (other.die_type, other.value, colour)])
        taught = {e.value: e.reader_crop for e in learner.dice.examples}
        for die in (one, other):  # each value learnt from the crop of the die that shows it
            cut = example_from_frame(frame, die.die_type, die.value, colour, die.centre, table.die_size)
            assert np.array_equal(taught[die.value], cut.reader_crop)


@pytest.mark.slow
def test_a_die_misread_as_another_of_its_kind_teaches_nothing(tmp_path, learner, profile):
    """Which of the two dice read alike was misread, the camera cannot tell."""
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, table, _panel = rolled_table(store)
        runtime.table_dice = learner
        die, other = two_dice_of_a_kind(table)
        frame, seen = as_seen(table, die, other.value)
        assert [m.kind for m in runtime.table_settled(seen, frame).alert.mismatches] == ["wrong_value"]
        runtime.camera_misread()
        assert runtime.sync.alert is None
        assert learner.dice.examples == [] and not table_dice_path(profile).exists()


@pytest.mark.slow
def test_accepting_the_table_teaches_the_value_read_and_its_undo_takes_it_back(tmp_path, learner, profile):
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, table, _panel = rolled_table(store)
        runtime.table_dice = learner
        state = session.upcoming_state()
        die_type, value = turned_for_a_minus_one(session, runtime, table)
        assert all(o.ok for o in runtime.accept_table())
        assert saved(profile) == [(die_type, value - 1, state.colours[state.turn])]
        assert runtime.undo().ok
        assert saved(profile) == [] and learner.dice.examples == []


@pytest.mark.slow
def test_accepting_where_a_misreading_was_put_down_to_the_camera_teaches_nothing_there(tmp_path, learner, profile):
    """The camera's word and the person's differ there: which reading is which cannot be told."""
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, table, _panel = rolled_table(store)
        state = session.upcoming_state()
        misread, wrong = misreadable(table, 1 - state.turn)
        frame, seen = as_seen(table, misread, wrong)
        runtime.table_settled(seen, frame)
        runtime.camera_misread()
        runtime.table_dice = learner
        die_type, value = next(d for d in state.seats[state.turn].available if d[1] > 1)
        turned = next(d for d in table.dice if d.seat == state.turn and (d.die_type, d.value) == (die_type, value))
        table.dice[table.dice.index(turned)] = dataclasses.replace(turned, value=value - 1)
        frame, seen = as_seen(table, misread, wrong)
        assert runtime.table_settled(seen, frame).alert.accept
        assert all(o.ok for o in runtime.accept_table())
        assert learner.dice.examples == [] and not table_dice_path(profile).exists()


@pytest.mark.slow
@pytest.mark.parametrize("with_dice, with_frame", [(False, True), (True, False)])
def test_without_the_tables_dice_or_the_frame_the_answers_teach_nothing(tmp_path, learner, profile, with_dice,
                                                                        with_frame):
    """The demo's rendered dice teach nothing: its camera gives the runtime no ``table_dice``."""
    with GameStore(tmp_path / "g.db") as store:
        session, runtime, table, _panel = rolled_table(store)
        runtime.table_dice = learner if with_dice else None
        die, wrong = misreadable(table, session.upcoming_state().turn)
        frame, seen = as_seen(table, die, wrong)
        assert runtime.table_settled(seen, frame if with_frame else None).alert is not None
        runtime.camera_misread()
        assert runtime.sync.alert is None
        assert learner.dice.examples == [] and not table_dice_path(profile).exists()


# -- the reader at start, and Settings ------------------------------------------------------------

@pytest.mark.slow
def test_the_reader_built_at_start_reads_with_the_saved_examples(learner, profile):
    """Every face confirmed one higher than it shows: only a reader that learnt the examples reads so."""
    shown = [(v, rendered_roll([("d6", v, "red")])) for v in range(1, 7)]
    learner.add([ConfirmedDie.of(frame, readings[0], "d6", v % 6 + 1, "red")
                 for v, (frame, readings) in shown for _ in range(EXAMPLES_PER_FACE)])
    reopened, message = TableDiceLearner.open(profile, background=False)
    assert message is None
    read, why = follower.dice_reader(reopened)
    assert why == "" and read.__self__ is reopened.reader
    assert reopened.reader.table_values.knows("d6") and not reopened.reader.table_values.knows("d8")
    assert reopened.reader.table_values.types == ("d4", "d6", "d8")  # D4s and D8s are still read


def test_a_damaged_examples_file_gives_its_line_and_the_plain_reader(profile):
    table_dice_path(profile).write_bytes(b"PK\x03\x04 not really a zip")
    learner, message = TableDiceLearner.open(profile, background=False)
    assert "calibration.dice.npz" in message and "read without the table's examples" in message
    assert "\n" not in message
    read, _ = follower.dice_reader(learner)
    assert learner.reader.table_values is None


def test_clearing_leaves_no_example_saved_or_learnt(learner, profile):
    reader = learner.reader = Reader()
    learner.add([confirmed("d4", 2, "green")])
    assert reader.taught == [("d4", 2, "green")]
    learner.clear()
    assert saved(profile) == [] and reader.taught is None and learner.counts() == {"d4": 0, "d6": 0, "d8": 0}


def test_a_new_calibration_keeps_the_old_set_or_starts_afresh(learner, profile):
    learner.add([confirmed("d4", 2, "green")])
    learner.start_new(keep_old=True)
    assert [e.value for e in learner.dice.examples] == [2]
    learner.start_new(keep_old=False)
    assert learner.dice.examples == [] and not table_dice_path(profile).exists()


def test_teaching_in_the_background_ends_with_the_latest_set(profile):
    learner = TableDiceLearner.open(profile)[0]
    reader = Reader()
    learner.teach(reader)
    for value in (1, 2, 3):
        learner.add([confirmed("d4", value, "red")])
    learner.wait()
    assert reader.taught == [("d4", 1, "red"), ("d4", 2, "red"), ("d4", 3, "red")]
