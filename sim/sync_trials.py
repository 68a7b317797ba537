"""Synthetic rounds at a camera table, scored: does the sync see every move, flag every
planted mismatch, and stay quiet when the table is right?

A game is played by a random policy through a real :class:`TableSession`. Placements,
rolls and activations happen only on the (simulated) table and must be recognised by
:class:`TableSync`; gear-paid changes are tapped in first, as a person would. After some
settles a mismatch is planted, must be flagged, and is then put back.
"""
from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

import numpy as np

from calibration.colour import TABLE_TOO_CLOSE, calibrate_from_samples, samples_from_frame, table_colour
from calibration.layout import TRAY, default_layout, seat_zone, standard_zone_names
from companion.games.automata.rules import (
    ACTIVATION_TYPES, CardReroll, Forfeit, Phase, Place, Reroll, State, apply_action, legal_actions, sample_chance,
)
from companion.session import SeatSpec, TableSession
from companion.session.follower import ZoneReader
from companion.store import GameStore
from companion.games.automata.sync import TableSync, zone_location
from sim.physical_table import PhysicalTable
from sim.table_scene import TableScene, calibration_dice, render_table
from vision.readings import ColourProfile
from vision.synth import SceneStyle, make_background
from vision.zones import ZoneFinder

Observe = Callable[[PhysicalTable], Mapping[str, Sequence[object]]]
PLANTS = ("missing", "extra", "wrong_value", "wrong_zone")
STAGING = tuple(zone for zone in standard_zone_names() if zone.startswith("staging."))


@dataclass
class TrialCounts:
    placements: int = 0
    placements_recognised: int = 0
    placements_to_confirm: int = 0  # read right, but from a guessed value: proposed for a person's tap
    rolls: int = 0
    rolls_recognised: int = 0
    rolls_to_confirm: int = 0  # read right, but unsure: proposed for a person's tap
    misreads_told: int = 0  # alerts a person put down to the camera (the table was right)
    activations: int = 0
    activations_recognised: int = 0
    clean_settles: int = 0
    false_mismatches: int = 0
    clean_doubts: int = 0  # clean settles that named a die for a person to look at (a line, not an alert)
    rounds: int = 0
    planted: Counter = field(default_factory=Counter)
    flagged: Counter = field(default_factory=Counter)
    kind_named: Counter = field(default_factory=Counter)
    looked_at: Counter = field(default_factory=Counter)  # planted, not flagged, but the die named to look at
    failures: list[str] = field(default_factory=list)

    def add(self, other: "TrialCounts") -> None:
        for name, value in vars(other).items():
            mine = getattr(self, name)
            if isinstance(value, Counter):
                mine.update(value)
            elif isinstance(value, list):
                mine.extend(value)
            else:
                setattr(self, name, mine + value)


def exact_observer(table: PhysicalTable) -> Mapping[str, Sequence[object]]:
    return table.readings_by_zone()


def play_game(seed: int, store_path: Path, seats: Sequence[str] = ("red", "blue"), max_rounds: int = 2,
              plant_rate: float = 0.25, observe: Observe = exact_observer, scene=None,
              tray_share: float = 0.7, double_place_rate: float = 0.15, min_confidence: float = 0.0) -> TrialCounts:
    """One game at a simulated table; ``min_confidence``: the reader's threshold, under which a value is unsure."""
    counts = TrialCounts()
    rng = np.random.default_rng(seed)
    policy = random.Random(seed)
    with GameStore(store_path) as store:
        session = TableSession.new(store, [SeatSpec(c) for c in seats], seed=seed, table_rolls=True)
        sync = TableSync(session, min_confidence=min_confidence)
        table = PhysicalTable(seats, rng, scene, tray_share)
        table.follow(session.upcoming_state())
        while True:
            state = session.upcoming_state()
            if state.is_over or state.round > max_rounds:
                counts.rounds += state.round if state.is_over else max_rounds
                return counts
            if state.is_chance_node:
                _roll(state, session, sync, table, observe, rng, counts)
            else:
                _decide(state, session, sync, table, observe, policy, counts, double_place_rate)
            if policy.random() < plant_rate and not session.upcoming_state().is_chance_node:
                _plant(session, sync, table, observe, policy, counts)


def _settle_clean(sync: TableSync, table: PhysicalTable, observe: Observe, counts: TrialCounts, what: str):
    step = sync.observe(observe(table))
    counts.clean_settles += 1
    if step.report.doubts and not step.report.mismatches:
        counts.clean_doubts += 1
    if step.report.mismatches:
        counts.false_mismatches += 1
        counts.failures.append(f"{what}: {step.report.summary()}")
    return step


def _roll(state: State, session, sync, table, observe, rng, counts) -> None:
    target, outcomes = state, []
    while target.is_chance_node:
        outcome = sample_chance(target, random.Random(int(rng.integers(1 << 30))))
        outcomes.append(outcome)
        target = apply_action(target, outcome)
    table.follow(target)
    counts.rolls += 1
    step = _settle_clean(sync, table, observe, counts, f"roll {outcomes}")
    if session.upcoming_state() == target:
        counts.rolls_recognised += 1
        return
    if sync.pending_choice is not None and sorted(map(str, sync.pending_choice.proposal)) == sorted(map(str, outcomes)):
        counts.rolls_to_confirm += 1  # a person taps to confirm what the camera read
    else:
        counts.failures.append(f"roll not recognised: {[str(o) for o in outcomes]}: {step.report.summary()}")
    for outcome in outcomes:
        sync.submit(outcome)
    _person_checks(sync, counts)


def _person_checks(sync: TableSync, counts: TrialCounts) -> None:
    """After the person's taps the game is what the table shows: an alert still up is the camera's
    error, and the person says so (the alert's "The camera misread")."""
    if sync.alert is None and sync.pending_choice is None:
        return
    step = sync.recheck()
    if step is not None and step.alert is not None:
        sync.camera_misread()
        counts.misreads_told += 1


def _decide(state: State, session, sync, table, observe, policy, counts, double_place_rate: float) -> None:
    actions = legal_actions(state)
    places = [a for a in actions if isinstance(a, Place)]
    if places and policy.random() < 0.8:
        action = policy.choice(places)
    else:
        action = policy.choice(actions)
    after = apply_action(state, action)
    if isinstance(action, Place):
        placed = [action]
        while policy.random() < double_place_rate and after.phase == Phase.DEPLOY and not after.is_chance_node:
            more = [a for a in legal_actions(after) if isinstance(a, Place)]
            placed.append(policy.choice(more))  # the next seat places before the table settles
            after = apply_action(after, placed[-1])
        table.follow(after)
        counts.placements += len(placed)
        step = _settle_clean(sync, table, observe, counts, " ".join(str(a) for a in placed))
        if step.played and step.report.in_sync and session.upcoming_state() == after:
            counts.placements_recognised += len(placed)
            return
        if sync.pending_choice is not None and list(sync.pending_choice.proposal) == placed:
            counts.placements_to_confirm += len(placed)  # a person taps to confirm what the camera read
            sync.choose(0)
        else:
            counts.failures.append(f"placements not recognised: {[str(a) for a in placed]}: {step.report.summary()}")
            for done in placed:
                session.submit(done)
        _person_checks(sync, counts)
    elif isinstance(action, ACTIVATION_TYPES + (Forfeit,)):
        table.follow(after)
        counts.activations += 1
        step = _settle_clean(sync, table, observe, counts, str(action))
        firsts = [seq[0] for seq in step.report.moves]
        if action in firsts:
            counts.activations_recognised += 1
            sync.choose(firsts.index(action))
        else:
            counts.failures.append(f"activation not recognised: {action}: {step.report.summary()}")
            session.submit(action)
            _person_checks(sync, counts)
    else:  # a paid change: tapped in first, then done on the table
        session.submit(action)
        if not isinstance(action, (Reroll, CardReroll)):
            table.follow(session.upcoming_state())
            _settle_clean(sync, table, observe, counts, str(action))
            _person_checks(sync, counts)


def _plant(session, sync, table: PhysicalTable, observe, policy, counts) -> None:
    state = session.upcoming_state()
    kind = policy.choice(PLANTS)
    staged = [z for z in STAGING if any(d.zone == z for d in table.dice)]
    if kind == "missing":
        die = table.plant_missing()
    elif kind == "extra":
        die = table.plant_extra([TRAY, *STAGING])
    elif kind == "wrong_value":
        die = table.plant_wrong_value([TRAY, *STAGING])
    else:
        spent = [seat_zone(s + 1, "spent") for s in range(len(state.seats))]
        die = table.plant_wrong_zone(staged + spent, list(STAGING))
    if die is None:
        return
    counts.planted[kind] += 1
    step = sync.observe(observe(table))
    if step.report.mismatches and not step.played:
        counts.flagged[kind] += 1
        if kind in {m.kind for m in step.report.mismatches}:
            counts.kind_named[kind] += 1
    else:
        if any(d.location == zone_location(die.zone) and d.read.kind == (die.seat, die.die_type)
               for d in step.report.doubts):
            counts.looked_at[kind] += 1
        named = step.report.doubts_summary(session.upcoming_state().colours)
        counts.failures.append(f"planted {kind} not flagged: {die}: {step.report.summary()}"
                               + (f" {named}" if named else ""))
    table.follow(session.upcoming_state())  # put the table back
    step = _settle_clean(sync, table, observe, counts, f"put back after {kind}")
    if sync.alert is not None or not step.report.in_sync:
        counts.failures.append(f"alert not cleared after putting back {kind}: {step.report.summary()}")
        _person_checks(sync, counts)


def rates(counts: TrialCounts) -> dict[str, float]:
    def share(a: int, b: int) -> float:
        return a / b if b else float("nan")

    planted = sum(counts.planted.values())
    return {
        "placement_recognition": share(counts.placements_recognised, counts.placements),
        "placement_read_right_to_confirm": share(counts.placements_to_confirm, counts.placements),
        "roll_recognition": share(counts.rolls_recognised, counts.rolls),
        "roll_read_right_to_confirm": share(counts.rolls_to_confirm, counts.rolls),
        "activation_recognition": share(counts.activations_recognised, counts.activations),
        "planted_flagged": share(sum(counts.flagged.values()), planted),
        "planted_kind_named": share(sum(counts.kind_named.values()), planted),
        "planted_flagged_or_named_to_look_at": share(sum(counts.flagged.values()) + sum(counts.looked_at.values()),
                                                     planted),
        "clean_settles_naming_a_die_to_look_at": share(counts.clean_doubts, counts.clean_settles),
        "false_mismatch_rate": share(counts.false_mismatches, counts.clean_settles),
    }


@dataclass
class CalibratedTable:
    """A table scene, its zone finder, the mat under it and the colour profile calibrated on it."""

    scene: TableScene
    finder: ZoneFinder
    profile: ColourProfile
    background: np.ndarray
    mats_laid: int  # 1, or more where calibration said a colour looked like the mat


def calibrated_table(colours: Sequence[str], width: int, height: int, rng: np.random.Generator,
                     style: SceneStyle, most_mats: int = 10) -> CalibratedTable:
    """A felt table calibrated as a person would: each seat's dice in its Available zone, one frame;
    where calibration warns that a player's dice look like the table, the person lays another mat."""
    scene = TableScene.arranged(default_layout(len(colours)), width, height)
    finder = ZoneFinder(scene.layout)
    for mats in range(1, most_mats + 1):
        background = make_background(rng, width, height, "felt")
        frame = render_table(scene, calibration_dice(scene, colours, rng), rng, style, background).frame
        zones = finder.find(frame)
        result = calibrate_from_samples(samples_from_frame(frame, zones, colours),
                                        table=table_colour(frame, zones, colours))
        if min(result.check.table.values()) >= TABLE_TOO_CLOSE:
            break
    return CalibratedTable(scene, finder, result.profile, background, mats)


def rendered_observer(finder, colour_of=None, style=None, bump_deg: float = 0.0, bump_px: float = 0.0,
                      rng: np.random.Generator = None, read=None, profile=None, background=None) -> Observe:
    """Readings through a rendered frame: markers found by ``finder`` (a ZoneFinder kept across
    frames), the camera bumped by up to ``bump_deg`` / ``bump_px``. With ``read`` (e.g.
    ``vision.reader.read_dice``) every die is read from the pixels with the colour ``profile``;
    without it, dice are at their labelled places with owner colours read from the pixels by
    ``colour_of`` (e.g. from a calibrated profile). ``background``: the table's mat (else the table's own)."""
    from sim.table_scene import move_camera

    rng = rng or np.random.default_rng(0)
    read_zones = ZoneReader(finder, functools.partial(read, profile=profile)) if read is not None else None

    def observe(table: PhysicalTable) -> Mapping[str, Sequence[object]]:
        rendered = table.render(style, background)
        if bump_deg or bump_px:
            rendered = move_camera(rendered, float(rng.uniform(-bump_deg, bump_deg)),
                                   (float(rng.uniform(-bump_px, bump_px)), float(rng.uniform(-bump_px, bump_px))))
        if read_zones is not None:
            return read_zones(rendered.frame)
        return finder.find(rendered.frame).placed(rendered.readings(colour_of))

    return observe
