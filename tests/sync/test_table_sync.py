"""TableSync with a real session and panel: placements played without a tap, alerts blink until resolved."""
from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from calibration.table_sim import PhysicalTable
from companion.rules import IllegalAction, apply_action, sample_chance
from companion.session import SeatSpec, TableSession
from companion.session.sync import TableSync
from companion.store import GameStore
from hardware.panel.base import LedMode
from hardware.panel.keyboard import KeyboardPanel


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path / "games.db") as s:
        yield s


def rolled_table(store, seats=(SeatSpec("red"), SeatSpec("blue"))):
    """A session whose first rolls were read from the table, and that table."""
    session = TableSession.new(store, list(seats), seed=4)
    panel = KeyboardPanel(len(seats))
    sync = TableSync(session, panel=panel)
    table = PhysicalTable([s.colour for s in seats], np.random.default_rng(4))
    target = session.upcoming_state()
    while target.is_chance_node:
        target = apply_action(target, sample_chance(target, random.Random(1)))
    table.follow(target)
    step = sync.observe(table.readings_by_zone())
    assert [o.ok for o in step.played] == [True, True] and step.report.in_sync
    assert session.state == target  # the rolls came from the table, not from the seed
    return session, sync, table, panel


def test_a_placement_is_played_without_a_tap(store):
    session, sync, table, panel = rolled_table(store)
    state = session.upcoming_state()
    seat = state.turn
    die = state.seats[seat].available[0]
    table.move(seat, die, "staging.upgrade")
    events = len(store.events(session.game_id))
    step = sync.observe(table.readings_by_zone())
    assert [str(o) for o in step.report.mismatches] == [] and step.played[0].ok
    assert len(store.events(session.game_id)) == events + 1
    assert session.state.staging["upgrade"] == [(seat, die)]
    assert panel.led_modes()[f"seat{session.upcoming_state().turn + 1}"] is LedMode.ON


def test_a_mismatch_blinks_until_the_table_is_put_back(store):
    session, sync, table, panel = rolled_table(store)
    turn = session.upcoming_state().turn
    other = 1 - turn
    knocked = next(d for d in table.dice if d.seat == other and d.zone == "tray")
    table.dice.remove(knocked)
    step = sync.observe(table.readings_by_zone())
    assert step.alert is not None and [m.kind for m in step.alert.mismatches] == ["missing"]
    assert panel.led_modes()[f"seat{other + 1}"] is LedMode.BLINK
    with pytest.raises(IllegalAction, match="put the table back"):
        sync.accept()  # a vanished die is no legal move
    table.dice.append(knocked)
    step = sync.observe(table.readings_by_zone())
    assert step.alert is None and sync.alert is None
    assert panel.led_modes()[f"seat{other + 1}"] is LedMode.OFF


def test_accepting_the_table_plays_the_legal_change(store):
    session, sync, table, panel = rolled_table(store)
    state = session.upcoming_state()
    seat = state.turn
    die = next(d for d in state.seats[seat].available if d[1] > 1)
    turned = next(d for d in table.dice if d.seat == seat and (d.die_type, d.value) == die)
    table.dice[table.dice.index(turned)] = turned.__class__(turned.zone, seat, die[0], die[1] - 1)
    step = sync.observe(table.readings_by_zone())
    assert step.alert and step.alert.mismatches[0].kind == "wrong_value" and not step.played
    assert panel.led_modes()[f"seat{seat + 1}"] is LedMode.BLINK
    gears = state.seats[seat].gears
    outcomes = sync.accept()
    assert all(o.ok for o in outcomes) and sync.alert is None
    assert session.state.seats[seat].gears == gears - 1  # a paid -1 (R6)
    assert sync.observe(table.readings_by_zone()).report.in_sync
    assert panel.led_modes()[f"seat{seat + 1}"] is LedMode.ON


def test_an_automa_seat_blinks_the_automa_led(store):
    session, sync, table, panel = rolled_table(store, (SeatSpec("red"), SeatSpec("blue", kind="automa", level=1)))
    extra = table.add("staging.research", 1, "d8", 3)
    step = sync.observe(table.readings_by_zone())
    assert step.alert and step.alert.mismatches[0].kind == "extra"
    assert panel.led_modes()["automa"] is LedMode.BLINK
    table.dice.remove(extra)
    assert sync.observe(table.readings_by_zone()).report.in_sync
    assert panel.led_modes()["automa"] is not LedMode.BLINK


def test_an_unreadable_frame_is_refused_and_changes_nothing(store):
    from calibration.layout import default_layout
    from calibration.zones import ZoneFinder
    from companion.session.sync import zone_reader

    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=2)
    def no_dice(frame, profile, ignore=(), die_size=None):
        return []

    sync = TableSync(session, zone_reader(ZoneFinder(default_layout(2)), no_dice))
    before = len(store.events(session.game_id))
    with pytest.raises(ValueError, match="non-empty numpy image"):
        sync.after_settle(None)
    assert len(store.events(session.game_id)) == before and sync.alert is None


def test_a_roll_read_with_an_unsure_value_waits_for_a_person(store):
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=4)
    sync = TableSync(session, min_confidence=0.6)
    table = PhysicalTable(["red", "blue"], np.random.default_rng(4))
    target = session.upcoming_state()
    while target.is_chance_node:
        target = apply_action(target, sample_chance(target, random.Random(1)))
    table.follow(target)
    seen = table.readings_by_zone()
    seen["tray"][0] = dataclasses.replace(seen["tray"][0], value_confidence=0.3)
    step = sync.observe(seen)
    assert step.played == () and sync.pending_choice is not None  # proposed, not played
    assert session.state.is_chance_node or session.state != target
    sync.choose(0)
    assert session.state == target


def test_a_die_the_camera_misreads_can_be_put_down_to_the_camera(store):
    session, sync, table, panel = rolled_table(store)
    seat = session.upcoming_state().turn
    misread = next(d for d in table.dice if d.zone == "tray" and d.seat == 1 - seat and d.die_type == "d6")

    colour = session.upcoming_state().seats[misread.seat].colour

    def seen():
        """The table as the camera reads it: that one die with a wrong value."""
        by_zone = table.readings_by_zone()
        tray = by_zone["tray"]
        k = next(i for i, r in enumerate(tray) if (r.colour, r.die_type, r.value) == (colour, "d6", misread.value))
        tray[k] = dataclasses.replace(tray[k], value=misread.value % 6 + 1)
        return by_zone

    step = sync.observe(seen())
    assert [m.kind for m in step.alert.mismatches] == ["wrong_value"]
    step = sync.camera_misread()
    assert step.alert is None and step.report.in_sync and sync.alert is None
    # the misread die stays where it is: the next placement is still recognised
    state = session.upcoming_state()
    die = state.seats[seat].available[0]
    table.move(seat, die, "staging.upgrade")
    step = sync.observe(seen())
    assert step.played and step.played[0].ok and step.alert is None
    # once the engine no longer has that die there, the word about it is dropped
    table.dice.remove(misread)
    sync.observe(table.readings_by_zone())
    assert sync.misreadings == [] and sync.alert is not None


def test_there_is_nothing_to_put_down_to_the_camera_without_an_alert(store):
    session, sync, table, panel = rolled_table(store)
    with pytest.raises(IllegalAction, match="no mismatch"):
        sync.camera_misread()
