"""A game at a calibrated camera table: rolls and a placement seen on the table are played
without a tap; a planted mismatch raises the alert with both ways out and blinks the seat's LED.

The camera is a synthetic source showing a rendered table with the zone markers; the dice
reader answers with the render's labels, so the tests do not depend on the reader's accuracy.
"""
from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from calibration.camera_settings import CameraSettings
from calibration.layout import default_layout
from calibration.profile import CalibrationProfile
from companion.games.automata.rules import apply_action, sample_chance
from companion.session.reader_trust import record_path
from companion.session.table import SeatSpec
from hardware.panel.base import LedMode
from sim.app_driver import wait_for
from sim.physical_table import PhysicalTable
from vision.readings import ColourProfile

from ..session.test_followed_session import trusted
from .table_scenes import ShownTable, two_seat_scene

LOCKED = CameraSettings((1280, 800), exposure_us=12000, colour_gains=(1.8, 1.5))


@pytest.fixture()
def followed(tmp_path, monkeypatch):
    """The app (not the demo) with a calibration profile, following a simulated camera table."""
    from companion.session import follower
    from sim.app_driver import build_app

    shown = ShownTable()
    monkeypatch.setattr(follower, "dice_reader", lambda table_dice=None: (shown.read_dice, ""))
    app = build_app(tmp_path / "games.sqlite3", demo=False, camera_on=True)
    colours = ColourProfile({"red": [(100.0, 180.0, 160.0)], "blue": [(90.0, 140.0, 90.0)]})
    CalibrationProfile(colours, default_layout(2), LOCKED).save(tmp_path / "calibration.json")
    trusted(tmp_path / "calibration.json")  # the table's sure rolls play by themselves
    app.camera.profile_path = tmp_path / "calibration.json"
    app.camera.source = shown.source()
    table = PhysicalTable(["red", "blue"], np.random.default_rng(4), two_seat_scene())
    yield app, table, shown
    app.teardown()


SEATS = [SeatSpec("red", name="Ann"), SeatSpec("blue", name="Ben")]


def rolled_on_table(app, table, seats=SEATS):
    """A new game followed by the camera, its first rolls made on the physical table: the state they lead to."""
    app.controller.new_game(seats, seed=4)
    app.camera.wanted = True
    app.show_next()
    target = app.controller.session.upcoming_state()
    while target.is_chance_node:
        target = apply_action(target, sample_chance(target, random.Random(1)))
    table.follow(target)
    return target


def start_rolled_game(app, table, shown):
    """A new game whose first rolls are read from the table (no tap, no roll dialog)."""
    target = rolled_on_table(app, table)
    assert app.controller.runtime.sync is not None and app.manager.current == "table"
    assert shown.cameras[-1].locked_with == LOCKED  # the camera runs with the calibrated settings
    shown.show(table.render())
    wait_for(lambda: app.controller.session.state == target, "the rolls seen on the table")
    return target


@pytest.mark.slow
def test_a_placement_seen_on_the_table_is_played_without_a_tap(followed):
    from sim.app_driver import open_popups

    app, table, shown = followed
    start_rolled_game(app, table, shown)
    session = app.controller.session
    state = session.upcoming_state()
    seat = state.turn
    die = state.seats[seat].available[0]
    table.move(seat, die, "staging.upgrade")
    shown.show(table.render())
    wait_for(lambda: session.state.staging.get("upgrade") == [(seat, die)], "the placement seen on the table")
    assert str(session.game.actions[-1]).startswith(f"{state.seats[seat].colour} place")
    assert open_popups() == []
    profile = app.camera.load_profile()
    assert shown.colours_asked == profile.colours  # the reader told the calibrated colours
    assert len(shown.ignored) == len(profile.layout.zones)  # and where the markers lie
    assert shown.die_size == pytest.approx(table.die_size, rel=0.1)  # and how large the dice are
    assert app.store.meta(session.game_id)["table_rolls"] is True
    next_seat = session.upcoming_state().turn
    assert app.panel.led_modes()[f"seat{next_seat + 1}"] is LedMode.ON


@pytest.mark.slow
def test_a_mismatch_shows_both_ways_out_and_blinks_until_resolved(followed):
    from ui.dialogs import ACCEPT, PUT_BACK
    from sim.app_driver import buttons, open_popups, tap, texts

    app, table, shown = followed
    start_rolled_game(app, table, shown)
    session = app.controller.session
    state = session.upcoming_state()
    seat = state.turn
    die = next(d for d in state.seats[seat].available if d[1] > 1)
    turned = next(d for d in table.dice if d.seat == seat and (d.die_type, d.value) == die)
    table.dice[table.dice.index(turned)] = replace(turned, value=die[1] - 1)
    events = len(app.store.events(session.game_id))
    shown.show(table.render())
    wait_for(lambda: open_popups(), "the mismatch alert")
    popup = open_popups()[0]
    assert popup.title == "The table differs from the game"
    message = " ".join(texts(popup))
    assert f"shows {die[1] - 1}; the engine has {die[1]}" in message
    assert "To put the table back: Turn" in message and "Or accept the table as the move" in message
    assert {PUT_BACK, ACCEPT} <= {b.text for b in buttons()}
    assert app.panel.led_modes()[f"seat{seat + 1}"] is LedMode.BLINK
    assert len(app.store.events(session.game_id)) == events  # nothing played while it differs

    gears = state.seats[seat].gears
    tap(ACCEPT)
    assert session.state.seats[seat].gears == gears - 1  # a paid -1 (R6)
    assert open_popups() == [] and app.controller.runtime.sync.alert is None
    assert app.panel.led_modes()[f"seat{seat + 1}"] is not LedMode.BLINK
    examples = app.camera.table_dice().dice.examples  # the die accepted, cut from the camera's frame
    assert [(e.die_type, e.value, e.colour) for e in examples] == [(die[0], die[1] - 1, state.seats[seat].colour)]
    assert examples[0].reader_crop.std() > 10
    app.panel.key("u")  # the panel's Undo takes the acceptance back, and what it taught
    wait_for(lambda: session.state.seats[seat].gears == gears, "the undo")
    assert app.camera.table_dice().dice.examples == []


@pytest.mark.slow
def test_a_mismatch_put_back_on_the_table_clears_the_alert(followed):
    from ui.dialogs import ACCEPT, PUT_BACK
    from sim.app_driver import buttons, open_popups, tap

    app, table, shown = followed
    start_rolled_game(app, table, shown)
    other = 1 - app.controller.session.upcoming_state().turn
    knocked = next(d for d in table.dice if d.seat == other and d.zone == "tray")
    table.dice.remove(knocked)
    shown.show(table.render())
    wait_for(lambda: open_popups(), "the mismatch alert")
    shown_buttons = {b.text for b in buttons()}
    assert PUT_BACK in shown_buttons and ACCEPT not in shown_buttons  # a vanished die is no legal move
    tap(PUT_BACK)
    assert app.panel.led_modes()[f"seat{other + 1}"] is LedMode.BLINK  # until the table is put back
    table.dice.append(knocked)
    shown.show(table.render())
    wait_for(lambda: app.controller.runtime.sync.alert is None, "the table put back")
    assert open_popups() == []
    assert app.panel.led_modes()[f"seat{other + 1}"] is LedMode.OFF


@pytest.mark.slow
def test_a_die_the_camera_misreads_is_put_down_to_the_camera_with_one_tap(followed):
    from ui.dialogs import MISREAD
    from sim.app_driver import open_popups, tap

    app, table, shown = followed
    start_rolled_game(app, table, shown)
    other = 1 - app.controller.session.upcoming_state().turn
    hidden = next(d for d in table.dice if d.seat == other and d.zone == "tray")
    table.dice.remove(hidden)  # as if the camera could not see it
    shown.show(table.render())
    wait_for(lambda: open_popups(), "the mismatch alert")
    events = len(app.store.events(app.controller.session.game_id))
    tap(MISREAD)
    assert app.controller.runtime.sync.alert is None and open_popups() == []
    assert app.panel.led_modes()[f"seat{other + 1}"] is not LedMode.BLINK
    assert len(app.store.events(app.controller.session.game_id)) == events  # the game is unchanged
    assert app.camera.table_dice().dice.examples == []  # a die the camera did not see teaches nothing


@pytest.mark.slow
def test_without_a_profile_the_app_says_once_and_moves_stay_taps(followed):
    from sim.app_driver import close_popups, open_popups, texts

    app, table, shown = followed
    app.camera.profile_path.unlink()
    for seed in (4, 5):
        app.controller.new_game([SeatSpec("red"), SeatSpec("blue")], seed=seed)
        app.camera.wanted = True
        app.show_next()
        assert app.controller.runtime.sync is None and app.camera.feed is not None
        assert app.camera.feed.reading is not None and app.camera.feed.on_settled is None
        said = [p.title for p in open_popups()]
        assert said == (["Camera without calibration"] if seed == 4 else [])
        if seed == 4:
            assert any(t.startswith("The app rolls the dice") for t in texts(open_popups()[0]))
        close_popups()
        app.go_home()
    assert not app.controller.table_rolls  # the app's own rolls, as chosen in Setup


@pytest.mark.slow
def test_a_damaged_profile_is_said_and_the_game_goes_on_without_it(followed):
    from sim.app_driver import open_popups

    app, table, shown = followed
    app.camera.profile_path.write_text("{not json")
    app.controller.new_game([SeatSpec("red"), SeatSpec("blue")], seed=4)
    app.camera.wanted = True
    app.show_next()
    assert app.controller.runtime.sync is None and app.manager.current == "table"
    assert [p.title for p in open_popups()] == ["Calibration profile not used"]
    assert app.camera.profile_path.read_text() == "{not json"  # left as it was, for a person to look at


def settle(app, table) -> None:
    """The table at rest, as the feed's reading thread hands it over (exact readings, no frame)."""
    from sim.app_driver import pump

    app.camera.feed.on_settled(table.readings_by_zone())
    pump(2)


@pytest.mark.slow
def test_an_activation_seen_on_the_table_waits_for_its_tap(followed):
    """Rolls and placements are played from the table alone; an activation is shown and tapped."""
    from companion.games.automata.rules import ACTIVATION_TYPES, Forfeit, Place, legal_actions
    from sim.app_driver import open_popups

    app, table, _shown = followed  # no frame is shown: the settles are handed over directly
    app.controller.new_game([SeatSpec("red"), SeatSpec("blue")], seed=4)
    app.camera.wanted = True
    app.show_next()
    session = app.controller.session
    chance = random.Random(2)
    while True:
        state = session.upcoming_state()
        if state.phase == "activate" and not state.is_chance_node:
            break
        if state.is_chance_node:
            after = apply_action(state, sample_chance(state, chance))
        else:
            after = apply_action(state, next(a for a in legal_actions(state) if isinstance(a, Place)))
        table.follow(after)
        settle(app, table)
        assert session.upcoming_state() == after, "a roll or a placement was not played from the table"
    activation = next(a for a in legal_actions(state) if isinstance(a, ACTIVATION_TYPES)
                      and not isinstance(a, Forfeit) and not apply_action(state, a).is_chance_node)
    table.follow(apply_action(state, activation))
    events = len(app.store.events(session.game_id))
    settle(app, table)
    assert len(app.store.events(session.game_id)) == events  # proposed, not played
    line = app.manager.get_screen("table").camera_line.text
    assert str(activation) in line and "Tap it below" in line
    assert app.panel.led_modes()[f"seat{state.turn + 1}"] is LedMode.BLINK
    assert open_popups() == []
    app.manager.get_screen("table").play(activation)  # the taps end in the same move
    assert app.controller.runtime.sync.pending_choice is None and app.camera.seen == ""
    assert str(activation) not in app.manager.get_screen("table").camera_line.text


@pytest.mark.slow
def test_a_die_the_camera_is_unsure_of_is_named_under_the_preview(followed):
    """The game's value stands in for an unsure reading of another value: no alert, but a person is told
    which die to look at."""
    from sim.app_driver import open_popups, pump

    app, table, _shown = followed
    target = rolled_on_table(app, table, [SeatSpec("red"), SeatSpec("blue")])
    settle(app, table)
    assert app.controller.session.upcoming_state() == target
    die = next(d for d in table.dice if d.zone == "tray" and d.die_type == "d6")
    other = die.value % 6 + 1
    odds = [0.05] * 6
    odds[other - 1], odds[die.value - 1] = 0.55, 0.2
    seen = table.readings_by_zone()
    k = next(i for i, r in enumerate(seen["tray"]) if r.centre == die.centre)
    seen["tray"][k] = replace(seen["tray"][k], value=other, value_confidence=0.55, value_probabilities=tuple(odds))
    app.camera.feed.on_settled(seen)
    pump(2)
    line = app.manager.get_screen("table").camera_line.text
    assert f"D6 in the roll tray (Available) looks like {other} to the camera" in line
    assert f"the game has {die.value}" in line
    assert open_popups() == [] and app.controller.session.upcoming_state() == target
    settle(app, table)  # read surely again: the line goes
    assert "looks like" not in app.manager.get_screen("table").camera_line.text


@pytest.mark.slow
def test_a_roll_an_unproven_reader_reads_is_played_by_one_tap(tmp_path, followed):
    app, table, shown = followed
    record_path(tmp_path / "calibration.json").unlink()  # a new table: its reader has proven nothing yet
    target = rolled_on_table(app, table)
    shown.show(table.render())
    wait_for(lambda: app.controller.runtime.roll_to_confirm() is not None, "the roll shown for confirmation")
    screen = app.manager.get_screen("table")
    wait_for(lambda: any(getattr(b, "text", "") == "Play the roll seen" for b in screen.choices.children),
             "the button that plays it")
    assert app.controller.session.state != target
    next(b for b in screen.choices.children if getattr(b, "text", "") == "Play the roll seen").dispatch("on_release")
    assert app.controller.session.state == target
