"""The table's own dice in the app: taught at Calibrate, learnt from a roll confirmed in play, loaded when
the camera starts, shown and cleared in Settings."""
from __future__ import annotations

import random
import shutil

import numpy as np
import pytest

from calibration.camera_settings import CameraSettings
from calibration.layout import default_layout
from calibration.profile import CalibrationProfile
from calibration.table_dice import load_table_dice, save_table_dice, table_dice_path
from companion.games.automata.rules import sample_chance
from companion.session.reader_trust import ReadDie, load_record, save_record
from companion.session.table import SeatSpec
from sim.app_driver import buttons, open_popups, pump, tap, texts, wait_for
from sim.table_scene import calibration_dice, render_table
from ui.screens.home import table_dice_line
from vision import synth
from vision.examples import DieExample, ExamplesRight, TableDice
from vision.readings import ColourProfile, DieReading

from .table_scenes import ReadingsFeed, ShownTable, two_seat_scene

COLOURS = ColourProfile({"red": [(100.0, 180.0, 160.0)], "blue": [(90.0, 140.0, 90.0)]})


@pytest.fixture()
def profile(tmp_path):
    path = tmp_path / "calibration.json"
    CalibrationProfile(COLOURS, default_layout(2), CameraSettings((1280, 800))).save(path)
    return path


def saved(profile):
    dice, message = load_table_dice(profile)
    assert message is None
    return [(e.die_type, e.value, e.colour) for e in dice.examples]


def save_examples(profile, *kinds):
    crop = np.full((64, 64), 128, np.uint8)
    save_table_dice(profile, TableDice(DieExample(t, v, "red", crop, crop) for t, v in kinds))


@pytest.mark.slow
def test_teaching_the_dice_asks_each_die_read_and_saves_what_the_person_says(app, profile, monkeypatch):
    from companion.session import follower

    rng = np.random.default_rng(3)
    scene = two_seat_scene()
    shown = ShownTable(render_table(scene, calibration_dice(scene, ["red", "blue"], rng, per_type=(1, 1, 1)), rng))
    monkeypatch.setattr(follower, "dice_reader", lambda table_dice=None: (shown.read_dice, ""))
    app.camera.profile_path, app.camera.source = profile, shown.source()
    app.go("teach-dice")
    screen = app.manager.get_screen("teach-dice")
    assert sorted(b.text for b in buttons(screen.ids.tabs)) == ["B Blue: roll once", "R Red: 54 to go"]
    tap("Read the dice")
    wait_for(lambda: not screen.busy, "the dice read")
    assert screen.asking and shown.colours_asked == COLOURS  # read with the calibrated colours
    red = sorted((r.die_type, r.value) for r in shown.rendered.readings() if r.colour == "red")
    asked = []
    while screen.asking:
        reading = screen.enrolment.current
        asked.append((reading.die_type, reading.value))
        big = [b for b in buttons(screen.ids.value_grid) if type(b).__name__ == "BigButton"]
        assert [b.text for b in big] == [str(reading.value)]  # the value read stands out: one tap confirms it
        if reading.die_type == "d8":
            tap("D4")  # the camera read the type wrong: the person picks the type, then the value
            assert sorted(b.text for b in buttons(screen.ids.value_grid)) == ["1", "2", "3", "4"]
            tap("2")
        else:
            big[0].trigger_action(0)
            pump(1)
    assert sorted(asked) == red  # the red dice, not the blue
    expected = [("d4", 2, "red") if t == "d8" else (t, v, "red") for t, v in asked]
    assert saved(profile) == expected
    assert "R Red" in screen.progress_text and "D4 2/12" in screen.progress_text
    assert "R Red: 51 to go" in [b.text for b in buttons(screen.ids.tabs)]


@pytest.mark.slow
def test_a_new_calibration_asks_to_keep_or_start_the_dice_examples(app, tmp_path):
    from .test_calibrate_screen import calibrate

    scene = two_seat_scene()
    rng = np.random.default_rng(3)
    shown = ShownTable(render_table(scene, calibration_dice(scene, ["red", "blue"], rng), rng))
    profile = tmp_path / "calibration.json"
    save_examples(profile, ("d6", 3), ("d8", 1))
    calibrate(app, tmp_path, shown.source())
    popup = open_popups()[0]
    assert popup.title == "The dice examples from before"
    assert "2 examples" in " ".join(texts(popup)) and "D6 1, D8 1" in " ".join(texts(popup))
    tap("Keep them")
    assert saved(profile) == [("d6", 3, "red"), ("d8", 1, "red")]
    assert "Next: teach it the dice" in [b.text for b in buttons()]  # enabled: the colours are calibrated
    screen = app.manager.get_screen("calibrate")
    tap("Read the table")
    wait_for(lambda: not screen.busy, "the calibration")
    tap("Start a new set")
    assert not table_dice_path(profile).exists() and app.camera.table_dice().dice.examples == []


def test_settings_show_the_examples_and_clear_them_once_confirmed(app, profile):
    app.camera.profile_path = profile
    save_examples(profile, ("d4", 1), ("d4", 2), ("d6", 6))
    tap("Settings")
    assert "The table's dice examples: D4 2, D6 1, D8 0;" in " ".join(texts(open_popups()[0]))
    tap("Clear the dice examples")
    assert open_popups()[0].title == "Clear the dice examples?"
    tap("Keep them")
    assert len(saved(profile)) == 3
    tap("Clear the dice examples")
    tap("Clear them")
    assert saved(profile) == []
    shown = " ".join(texts(open_popups()[0]))
    assert "The table's dice examples: none yet" in shown
    assert "Clear the dice examples" not in [b.text for b in buttons()]


def test_settings_say_how_each_learnt_type_is_read_and_why():
    class Learner:
        """Enough D4 and D6 examples, weighed: the D4's read better by them, the D6's by the networks."""

        def counts(self):
            return {"d4": 12, "d6": 18, "d8": 3}

        def learnt(self, die_type):
            return die_type != "d8"

        def examples_right(self, die_type):
            return {"d4": ExamplesRight(0.4, 0.2), "d6": ExamplesRight(0.73, 0.9)}[die_type]

        def types_right(self):
            return None  # not every type learnt

    line = table_dice_line(Learner())
    assert line == ("The table's dice examples: D4 12, D6 18, D8 3 (in brackets, the share of them each way reads "
                    "right). Read by the examples: D4 values (40%, networks 20%). Read by the networks: D6 values "
                    "(90%, examples 73%).")
    Learner.types_right = lambda self: ExamplesRight(0.95, 0.8)
    assert "Read by the examples: D4 values (40%, networks 20%), die types (95%, networks 80%)." in table_dice_line(
        Learner())


@pytest.mark.slow
def test_a_roll_confirmed_in_play_teaches_the_camera_and_its_undo_unteaches_it(app, profile):
    from ui.camera_feed import Reading

    app.camera.profile_path = profile
    app.controller.new_game([SeatSpec("red"), SeatSpec("blue")], 3, True)
    app.show_next()
    app.controller.runtime.table_dice = app.camera.table_dice()  # as the camera sets it when it starts
    seat, types = app.controller.pending_roll()
    colour = app.controller.state.seats[seat].colour
    rng = np.random.default_rng(1)
    specs = [synth.DieSpec(t, 1, colour, (60.0 + 100 * k, 60.0), size=60.0) for k, t in enumerate(sorted(types))]
    frame, _ = synth.render_scene(specs, synth.make_background(rng, 100 * len(specs) + 20, 120, "felt"), rng=rng)

    def read():  # one die read unsurely (the first), the others surely
        return [Reading.of(DieReading(s.die_type, 1, colour, s.centre, [], 1.0, 0.4 if k == 0 else 0.95, 1.0,
                                      bbox=(s.centre[0] - 30, s.centre[1] - 30, s.centre[0] + 30, s.centre[1] + 30)),
                           frame)
                for k, s in enumerate(specs)]

    app.camera.feed = ReadingsFeed(read)
    tap("Enter the roll")
    assert any("not sure" in t for t in texts(open_popups()[0]))
    tap("3")  # it shows 3, not the 1 read
    app.camera.feed = None
    assert saved(profile) == [(sorted(types)[0], 3, colour)]
    example = app.camera.table_dice().dice.examples[0]
    assert example.reader_crop.std() > 10  # cut from the frame where the die lies
    runtime, draws = app.controller.runtime, random.Random(1)
    while app.controller.state.is_chance_node:  # the other seat's first roll, read surely
        assert runtime.submit(sample_chance(app.controller.state, draws)).ok
    while not app.controller.state.is_chance_node:  # moves, until the table rolls again
        assert runtime.submit(app.controller.session.legal()[0]).ok
    app.show_next()
    seat, types = app.controller.pending_roll()
    colour = app.controller.state.seats[seat].colour
    specs = [synth.DieSpec(t, 1, colour, (60.0 + 100 * k, 60.0), size=60.0) for k, t in enumerate(sorted(types))]
    frame, _ = synth.render_scene(specs, synth.make_background(rng, 100 * len(specs) + 20, 120, "felt"), rng=rng)
    app.camera.feed = ReadingsFeed(read)
    tap("Enter the roll")
    tap("2")
    app.camera.feed = None
    assert len(saved(profile)) == 2
    app.panel.key("u")  # the panel's Undo
    pump(3)
    assert saved(profile) == [(example.die_type, 3, example.colour)]


@pytest.mark.slow
def test_the_demos_rendered_dice_teach_nothing(tmp_path, profile, monkeypatch):
    """Neither a roll confirmed nor an answer to the mismatch alert: the demo's runtime has no table's dice."""
    from companion.session import follower
    from sim.app_driver import build_app

    monkeypatch.setattr(follower, "dice_reader", lambda table_dice=None: (lambda frame, **hints: [], ""))
    app = build_app(tmp_path / "games.sqlite3", demo=True, camera_on=True)
    try:
        app.camera.profile_path = profile
        app.controller.new_game([SeatSpec("red"), SeatSpec("blue")], 3, True)
        app.show_next()
        assert app.camera.feed is not None and app.controller.runtime.table_dice is None
    finally:
        app.teardown()
    assert not table_dice_path(profile).exists()


@pytest.mark.slow
def test_the_camera_starts_with_the_saved_examples_or_says_why_not(tmp_path, profile, monkeypatch):
    from companion.session import follower
    from sim.app_driver import build_app

    taught = []
    shown = ShownTable(render_table(two_seat_scene(), [], np.random.default_rng(1)))
    monkeypatch.setattr(follower, "dice_reader", lambda table_dice=None: (taught.append(table_dice) or shown.read_dice,
                                                                         ""))
    app = build_app(tmp_path / "games.sqlite3", demo=False, camera_on=True)
    try:
        app.camera.profile_path, app.camera.source = profile, shown.source()
        save_examples(profile, ("d6", 4))
        app.controller.new_game([SeatSpec("red"), SeatSpec("blue")], 3)
        app.show_next()
        assert taught[-1] is app.camera.table_dice() and saved(profile) == [("d6", 4, "red")]
        assert taught[-1].dice.examples[0].value == 4 and app.controller.runtime.table_dice is taught[-1]
        assert open_popups() == []
        app.go_home()
        other = profile.with_name("other.json")  # another table, whose examples file is damaged
        shutil.copy(profile, other)
        table_dice_path(other).write_bytes(b"damaged")
        app.camera.profile_path = other
        app.show_next()
        popup = open_popups()[0]
        assert popup.title == "The table's dice examples not used"
        assert "other.dice.npz" in " ".join(texts(popup)) and "read without the table's examples" in " ".join(
            texts(popup))
        assert taught[-1].dice.examples == [] and app.camera.feed is not None  # the game goes on, plain reader
    finally:
        app.teardown()


def test_settings_show_the_readers_record_and_reset_it(app, profile):
    app.camera.profile_path = profile
    record = load_record(profile, app.settings.vision.confidence_threshold)
    record.add([ReadDie("d6", 3, 0.99, 3)] * 412)
    save_record(profile, record)
    tap("Settings")
    shown = " ".join(texts(open_popups()[0]))
    assert "D6: 412 sure readings since the last error, lower bound 99.1%: plays by itself" in shown
    assert "D8: 0 sure readings since the last error, lower bound 0.0%: each roll is confirmed" in shown
    tap("Reset the reader's record")
    assert load_record(profile, app.settings.vision.confidence_threshold).dice == []
    assert "D6: 0 sure readings" in " ".join(texts(open_popups()[0]))
    assert "Reset the reader's record" not in [b.text for b in buttons()]
