"""TableSync in a TableRuntime with a real session and panel: placements played without a tap, alerts blink until
resolved."""
from __future__ import annotations

import dataclasses
import math
import random

import numpy as np
import pytest

from calibration.layout import default_layout
from companion.games.automata.rules import IllegalAction, apply_action, sample_chance
from companion.session import SeatSpec, TableSession
from companion.session.runtime import TableRuntime
from companion.store import GameStore
from companion.games.automata.sync import Doubt, ObservedTable, sync_table
from hardware.panel.base import LedMode
from hardware.panel.keyboard import KeyboardPanel
from sim.physical_table import PhysicalTable
from sim.table_scene import TableScene


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path / "games.db") as s:
        yield s


def rolled_table(store, seats=(SeatSpec("red"), SeatSpec("blue")), min_confidence=0.0):
    """A session whose first rolls were read from the table, and that table (its dice lie in their zones,
    so each reading has its spot)."""
    session = TableSession.new(store, list(seats), seed=4)
    panel = KeyboardPanel(len(seats))
    runtime = TableRuntime(session, panel)
    runtime.follow_table(min_confidence)
    scene = TableScene.arranged(default_layout(len(seats)), 1600, 1000)
    table = PhysicalTable([s.colour for s in seats], np.random.default_rng(4), scene)
    target = session.upcoming_state()
    while target.is_chance_node:
        target = apply_action(target, sample_chance(target, random.Random(1)))
    table.follow(target)
    step = runtime.table_settled(table.readings_by_zone())
    assert [o.ok for o in step.played] == [True, True] and step.report.in_sync
    assert session.state == target  # the rolls came from the table, not from the seed
    return session, runtime, table, panel


def test_a_placement_is_played_without_a_tap(store):
    session, runtime, table, panel = rolled_table(store)
    state = session.upcoming_state()
    seat = state.turn
    die = state.seats[seat].available[0]
    table.move(seat, die, "staging.upgrade")
    events = len(store.events(session.game_id))
    step = runtime.table_settled(table.readings_by_zone())
    assert [str(o) for o in step.report.mismatches] == [] and step.played[0].ok
    assert len(store.events(session.game_id)) == events + 1
    assert session.state.staging["upgrade"] == [(seat, die)]
    assert panel.led_modes()[f"seat{session.upcoming_state().turn + 1}"] is LedMode.ON


def test_a_mismatch_blinks_until_the_table_is_put_back(store):
    session, runtime, table, panel = rolled_table(store)
    turn = session.upcoming_state().turn
    other = 1 - turn
    knocked = next(d for d in table.dice if d.seat == other and d.zone == "tray")
    table.dice.remove(knocked)
    step = runtime.table_settled(table.readings_by_zone())
    assert step.alert is not None and [m.kind for m in step.alert.mismatches] == ["missing"]
    assert panel.led_modes()[f"seat{other + 1}"] is LedMode.BLINK
    with pytest.raises(IllegalAction, match="put the table back"):
        runtime.accept_table()  # a vanished die is no legal move
    table.dice.append(knocked)
    step = runtime.table_settled(table.readings_by_zone())
    assert step.alert is None and runtime.sync.alert is None
    assert panel.led_modes()[f"seat{other + 1}"] is LedMode.OFF


def test_accepting_the_table_plays_the_legal_change(store):
    session, runtime, table, panel = rolled_table(store)
    state = session.upcoming_state()
    seat = state.turn
    die = next(d for d in state.seats[seat].available if d[1] > 1)
    turned = next(d for d in table.dice if d.seat == seat and (d.die_type, d.value) == die)
    table.dice[table.dice.index(turned)] = turned.__class__(turned.zone, seat, die[0], die[1] - 1)
    step = runtime.table_settled(table.readings_by_zone())
    assert step.alert and step.alert.mismatches[0].kind == "wrong_value" and not step.played
    assert panel.led_modes()[f"seat{seat + 1}"] is LedMode.BLINK
    gears = state.seats[seat].gears
    outcomes = runtime.accept_table()
    assert all(o.ok for o in outcomes) and runtime.sync.alert is None
    assert session.state.seats[seat].gears == gears - 1  # a paid -1 (R6)
    assert runtime.table_settled(table.readings_by_zone()).report.in_sync
    assert panel.led_modes()[f"seat{seat + 1}"] is LedMode.ON


def test_an_automa_seat_blinks_the_automa_led(store):
    session, runtime, table, panel = rolled_table(store, (SeatSpec("red"), SeatSpec("blue", kind="automa", level=1)))
    extra = table.add("staging.research", 1, "d8", 3)
    step = runtime.table_settled(table.readings_by_zone())
    assert step.alert and step.alert.mismatches[0].kind == "extra"
    assert panel.led_modes()["automa"] is LedMode.BLINK
    table.dice.remove(extra)
    assert runtime.table_settled(table.readings_by_zone()).report.in_sync
    assert panel.led_modes()["automa"] is not LedMode.BLINK


def first_rolls_on_the_table(store):
    """A followed session waiting for its first rolls, and the table's readings once they are made."""
    session = TableSession.new(store, [SeatSpec("red"), SeatSpec("blue")], seed=4)
    panel = KeyboardPanel(2)
    runtime = TableRuntime(session, panel)
    runtime.follow_table(min_confidence=0.6)
    table = PhysicalTable(["red", "blue"], np.random.default_rng(4))
    target = session.upcoming_state()
    while target.is_chance_node:
        target = apply_action(target, sample_chance(target, random.Random(1)))
    table.follow(target)
    return session, runtime, panel, target, table.readings_by_zone()


def test_a_roll_read_with_an_unsure_value_waits_for_a_person(store):
    session, runtime, panel, target, seen = first_rolls_on_the_table(store)
    seen["tray"][0] = dataclasses.replace(seen["tray"][0], value_confidence=0.3)
    step = runtime.table_settled(seen)
    assert step.played == () and runtime.sync.pending_choice is not None  # proposed, not played
    assert session.state.is_chance_node or session.state != target
    roller = session.upcoming_state().pending_rolls[0]
    assert panel.led_modes()[f"seat{roller + 1}"] is LedMode.BLINK  # a person is asked to confirm
    runtime.choose_seen(0)
    assert session.state == target
    assert panel.led_modes()[f"seat{roller + 1}"] is not LedMode.BLINK


def test_a_rolled_die_read_as_another_type_is_read_as_the_type_rolled_and_waits_for_a_person(store):
    """The engine knows the types in the roller's Available: a die read surely as another type is read again as
    the type left for it, unsure, so the roll is proposed for a person to confirm, not flagged as a mismatch."""
    from tests.vision.test_known_types import joint

    session, runtime, panel, target, seen = first_rolls_on_the_table(store)
    die = seen["tray"][0]
    taken_for = "d8" if die.die_type != "d8" else "d6"
    seen["tray"][0] = dataclasses.replace(die, die_type=taken_for, value=1, type_confidence=0.7, value_confidence=0.9,
                                          type_value_probabilities=joint((taken_for, 1), other=(die.die_type, die.value)))
    step = runtime.table_settled(seen)
    assert step.alert is None and step.played == () and runtime.sync.pending_choice is not None
    runtime.choose_seen(0)
    assert session.state == target


def test_a_die_the_camera_misreads_can_be_put_down_to_the_camera(store):
    session, runtime, table, panel = rolled_table(store)
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

    step = runtime.table_settled(seen())
    assert [m.kind for m in step.alert.mismatches] == ["wrong_value"]
    step = runtime.camera_misread()
    assert step.alert is None and step.report.in_sync and runtime.sync.alert is None
    # the misread die stays where it is: the next placement is still recognised
    state = session.upcoming_state()
    die = state.seats[seat].available[0]
    table.move(seat, die, "staging.upgrade")
    step = runtime.table_settled(seen())
    assert step.played and step.played[0].ok and step.alert is None
    # once the engine no longer has that die there, the word about it is dropped
    table.dice.remove(misread)
    runtime.table_settled(table.readings_by_zone())
    assert runtime.sync.misreadings == [] and runtime.sync.alert is not None


def test_there_is_nothing_to_put_down_to_the_camera_without_an_alert(store):
    session, runtime, table, panel = rolled_table(store)
    with pytest.raises(IllegalAction, match="no mismatch"):
        runtime.camera_misread()


def two_dice_of_a_kind(table, seat=None):
    """Two dice of one seat and type in the tray that show different values."""
    return next((a, b) for a in table.dice for b in table.dice
                if a.zone == b.zone == "tray" and a.seat == b.seat and a.die_type == b.die_type and a.value != b.value
                and seat in (None, a.seat))


def test_a_die_turned_in_place_is_flagged_where_a_misreading_hides_it_from_the_counts(store):
    session, runtime, table, panel = rolled_table(store)
    turned, other = two_dice_of_a_kind(table)
    table.dice[table.dice.index(turned)] = dataclasses.replace(turned, value=other.value)
    seen = table.readings_by_zone()
    k = next(i for i, r in enumerate(seen["tray"]) if r.centre == other.centre)
    seen["tray"][k] = dataclasses.replace(seen["tray"][k], value=turned.value)  # the camera misreads the other
    state = session.upcoming_state()
    assert sync_table(state, ObservedTable.from_zones(seen, state.colours)).in_sync  # the counts cannot tell
    step = runtime.table_settled(seen)
    assert step.alert is not None and not step.played
    assert [m.kind for m in step.alert.mismatches] == ["wrong_value", "wrong_value"]
    colour = state.colours[turned.seat]
    assert f"{colour.title()}'s {turned.die_type.upper()} in the roll tray (Available) shows {other.value} where it " \
           f"showed {turned.value}" in step.alert.summary()
    assert panel.led_modes()[f"seat{turned.seat + 1}"] is LedMode.BLINK
    table.dice[table.dice.index(dataclasses.replace(turned, value=other.value))] = turned  # turned back
    step = runtime.table_settled(table.readings_by_zone())
    assert step.alert is None and step.report.in_sync


def test_a_die_left_in_place_read_unsurely_and_unlikely_to_show_its_value_is_flagged(store):
    session, runtime, table, panel = rolled_table(store, min_confidence=0.8)
    die = next(d for d in table.dice if d.zone == "tray" and d.die_type == "d6")
    turned = dataclasses.replace(die, value=die.value % 6 + 1)
    table.dice[table.dice.index(die)] = turned

    def read_unsurely(odds_of_old_value):
        seen = table.readings_by_zone()
        k = next(i for i, r in enumerate(seen["tray"]) if r.centre == die.centre)
        odds = [(0.4 - odds_of_old_value) / 4] * 6
        odds[turned.value - 1], odds[die.value - 1] = 0.6, odds_of_old_value
        seen["tray"][k] = dataclasses.replace(seen["tray"][k], value_confidence=0.6, value_probabilities=tuple(odds))
        return seen

    state = session.upcoming_state()
    unlikely = read_unsurely(0.05)
    assert sync_table(state, ObservedTable.from_zones(unlikely, state.colours, 0.8)).in_sync  # the engine vouches
    step = runtime.table_settled(unlikely)
    assert step.alert and [m.kind for m in step.alert.mismatches] == ["wrong_value"]
    assert f"shows {turned.value} (unsure) where it showed {die.value}" in step.alert.summary()
    step = runtime.table_settled(read_unsurely(0.3))  # odds that leave the old value possible: the engine's value stands
    assert step.alert is None and step.report.in_sync


def test_an_unsure_value_the_game_stands_in_for_with_another_is_named_for_a_person_to_look_at(store):
    session, runtime, table, _ = rolled_table(store, min_confidence=0.8)
    die = next(d for d in table.dice if d.zone == "tray" and d.die_type == "d6")
    other = die.value % 6 + 1
    colour = session.upcoming_state().colours[die.seat]

    def odds_favouring(value):
        odds = [0.05] * 6
        odds[value - 1], odds[(other if value == die.value else die.value) - 1] = 0.55, 0.2
        return odds

    step = runtime.table_settled(read_unsurely(table.readings_by_zone(), "tray", die.centre, odds_favouring(other)))
    assert step.alert is None and step.report.in_sync  # the old value is still likely: the engine's stands
    assert step.report.doubts == (Doubt("available", (die.seat, "d6", other), die.value),)
    assert step.report.doubts_summary(session.upcoming_state().colours) == (
        f"{colour.title()}'s D6 in the roll tray (Available) looks like {other} to the camera, which is unsure; "
        f"the game has {die.value}.")
    step = runtime.table_settled(read_unsurely(table.readings_by_zone(), "tray", die.centre, odds_favouring(die.value)))
    assert step.report.in_sync and step.report.doubts == ()  # unsure, but reading what the game has


def read_unsurely(seen, zone, centre, odds):
    """``seen`` with the reading of the die at ``centre`` in ``zone`` made unsure, with these odds per value."""
    k = next(i for i, r in enumerate(seen[zone]) if r.centre == centre)
    best = max(range(len(odds)), key=odds.__getitem__)
    seen[zone][k] = dataclasses.replace(seen[zone][k], value=best + 1, value_confidence=odds[best],
                                        value_probabilities=tuple(odds))
    return seen


def test_dice_read_surely_are_remembered_while_another_part_of_the_table_differs(store):
    session, runtime, table, panel = rolled_table(store, min_confidence=0.8)
    seat = session.upcoming_state().turn
    die = next(d for d in session.upcoming_state().seats[seat].available if d[0] == "d6")
    placed = table.move(seat, die, "staging.upgrade")
    unsure = [0.06] * 6
    unsure[placed.value - 1] = 0.7
    step = runtime.table_settled(read_unsurely(table.readings_by_zone(), "staging.upgrade", placed.centre, unsure))
    assert step.played and step.played[0].ok and step.report.in_sync  # remembered as unsure: not its spot
    knocked = next(d for d in table.dice if d.seat == 1 - seat and d.zone == "tray")
    table.dice.remove(knocked)
    assert runtime.table_settled(table.readings_by_zone()).alert is not None  # the placed die is read surely now
    table.dice.append(knocked)
    turned = [0.1] * 6
    turned[placed.value - 1], turned[placed.value % 6] = 0.05, 0.55  # turned by one, read unsurely
    step = runtime.table_settled(read_unsurely(table.readings_by_zone(), "staging.upgrade", placed.centre, turned))
    assert step.alert and [m.kind for m in step.alert.mismatches] == ["wrong_value"]
    assert f"on the Upgrade staging area shows {placed.value % 6 + 1} (unsure) where it showed {placed.value}" \
        in step.alert.summary()


def test_dice_moved_about_in_their_zone_are_not_taken_for_turned_dice(store):
    session, runtime, table, panel = rolled_table(store)
    first, second = two_dice_of_a_kind(table)
    # the second die is pushed into the first one's place, the first to a free place in the tray
    table.dice.remove(first)
    table.dice[table.dice.index(second)] = dataclasses.replace(second, centre=first.centre)
    moved = table.add("tray", first.seat, first.die_type, first.value)
    assert math.dist(moved.centre, second.centre) > table.die_size  # not a swap: one place is left empty
    step = runtime.table_settled(table.readings_by_zone())
    assert step.alert is None and step.report.in_sync


def test_a_die_read_wrongly_in_place_can_be_put_down_to_the_camera(store):
    session, runtime, table, panel = rolled_table(store)
    first, second = two_dice_of_a_kind(table)
    seen = table.readings_by_zone()
    for k, r in enumerate(seen["tray"]):  # both read as each other's value: the counts still match
        if r.centre in (first.centre, second.centre):
            swapped = second.value if r.centre == first.centre else first.value
            seen["tray"][k] = dataclasses.replace(r, value=swapped)
    assert runtime.table_settled(seen).alert is not None
    step = runtime.camera_misread()
    assert step.alert is None and runtime.sync.alert is None and runtime.sync.misreadings == []
    assert runtime.table_settled(table.readings_by_zone()).report.in_sync  # read right again: no alert either


def test_a_settle_works_out_the_upcoming_state_and_the_dice_once_for_each_state_of_the_game(store, monkeypatch):
    """The seeded chance events ahead are replayed from the seed, and the engine's dice gathered, once for each
    state the game is in during a settle (before and after the placement it plays), not once for each question."""
    from companion.games.automata.rules import Game
    from companion.games.automata.sync import follower

    session, runtime, table, _panel = rolled_table(store)
    state = session.upcoming_state()
    seat = state.turn
    table.move(seat, state.seats[seat].available[0], "staging.upgrade")
    calls = {"seeded": 0, "dice": 0}

    def counted(name, work):
        def call(*args, **kwargs):
            calls[name] += 1
            return work(*args, **kwargs)
        return call

    monkeypatch.setattr(Game, "seeded_outcomes", counted("seeded", Game.seeded_outcomes))
    monkeypatch.setattr(follower, "expected_dice", counted("dice", follower.expected_dice))
    step = runtime.table_settled(table.readings_by_zone())
    assert [o.ok for o in step.played] == [True] and step.alert is None
    # the state before was worked out at the last settle; the placement's is replayed once, as it is saved
    assert calls == {"seeded": 1, "dice": 1}


def test_a_move_played_from_the_table_is_saved_with_the_notes_it_leaves(store):
    session, runtime, table, _panel = rolled_table(store)
    state = session.upcoming_state()
    seat = state.turn
    table.move(seat, state.seats[seat].available[0], "staging.upgrade")
    store.set_meta(session.game_id, {"round": 0, "phase": "stale"})
    assert runtime.table_settled(table.readings_by_zone()).played[0].ok
    assert store.meta(session.game_id)["phase"] == str(session.state.phase)
