"""The stateful follower the session calls after each settle: plays what the table shows, keeps alerts.

It plays proposed placements and rolls, keeps the alert until the table or the engine is put
right, remembers a person's word that the camera misread, flags dice turned in place, and keeps
the panel's LEDs blinking for the seats concerned while an alert lasts.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Callable, Dict, FrozenSet, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from ..rules import Action, IllegalAction, Place, Roll, State
from .explain import Moves
from .in_place import (DieSpot, Group, Turned, dice_by_group, die_spots, expected_group, group_of,
                       turned_in_place)
from .leds import show_on_panel
from .locations import expected_dice, vouched_dice
from .observe import Misreading, ObservedTable, differences
from .report import SyncReport, sync_table
from .settle import settle_unsure_readings
from .wording import describe_turned

AUTOMATIC_MOVES = (Place, Roll)  # played without a tap when they are the only explanation
ReadingsByZone = Mapping[str, Iterable[object]]


def _guessed_placement(moves: Moves, observed: ObservedTable, colours: Sequence[str]) -> bool:
    """A placement of a die of a seat and type whose unsure values could be read more than one way."""
    return any(isinstance(a, Place) and (colours.index(a.seat), a.die[0]) in observed.guessed for a in moves)


def _unsure_roll(moves: Moves, observed: ObservedTable) -> bool:
    """A roll read with an unsure value: the engine cannot vouch for new values, so a person confirms it."""
    return any(isinstance(a, Roll) for a in moves) and bool(observed.unsure_values.get("available"))


@dataclass
class SyncStep:
    """What one settle led to: the report, and the outcomes of moves played without a tap."""

    report: SyncReport
    played: Tuple[object, ...] = ()
    alert: Optional[SyncReport] = None


class Remembered(NamedTuple):
    """A group's dice as last read surely where they matched the game, and the engine's dice then."""

    dice: Tuple[DieSpot, ...]
    engine: Counter


class TableSync:
    """Keeps a camera table and a :class:`TableSession` together.

    ``session``: a TableSession (``upcoming_state``, ``submit``, ``seats``, ``chance``).
    ``readings_by_zone``: a function from a settled frame to readings grouped by zone
    (e.g. :func:`zone_reader`); tests may call :meth:`observe` with readings directly.
    ``panel``: optional; its LEDs show the turn, and blink for the seats an alert concerns.
    """

    def __init__(self, session, readings_by_zone: Optional[Callable[[object], ReadingsByZone]] = None,
                 panel=None, auto_play: bool = True, min_confidence: float = 0.0) -> None:
        self.session = session
        self.readings_by_zone = readings_by_zone
        self.panel = panel
        self.auto_play = auto_play
        self.min_confidence = min_confidence
        self.alert: Optional[SyncReport] = None
        self.pending_choice: Optional[SyncReport] = None
        self.misreadings: List[Misreading] = []
        self._last_seen: Optional[ReadingsByZone] = None
        self._placed: Dict[Group, Remembered] = {}
        # At a camera table the dice on the table are the rolls: the camera supplies them.
        session.chance.seeded.discard("roll")

    def after_settle(self, frame) -> SyncStep:
        if self.readings_by_zone is None:
            raise ValueError("TableSync was built without a reader: call observe() with readings by zone")
        return self.observe(self.readings_by_zone(frame))

    def observe(self, readings_by_zone: ReadingsByZone) -> SyncStep:
        self._last_seen = readings_by_zone
        state = self.session.upcoming_state()
        observed = self._corrected(state, ObservedTable.from_zones(readings_by_zone, state.colours,
                                                                   self.min_confidence))
        report = sync_table(state, observed)
        played: Tuple[object, ...] = ()
        self.pending_choice = None
        if report.proposal and self.auto_play and all(isinstance(a, AUTOMATIC_MOVES) for a in report.proposal) \
                and not _unsure_roll(report.proposal, observed) \
                and not _guessed_placement(report.proposal, observed, state.colours):
            played = tuple(self.submit(action) for action in report.proposal)
            if all(o.ok for o in played):
                report = sync_table(self.session.upcoming_state(), observed)
        elif report.moves:
            self.pending_choice = report
        report = self._in_place(report, readings_by_zone)
        self.alert = report if report.mismatches else None
        self.show_leds()
        return SyncStep(report, played, self.alert)

    def _in_place(self, report: SyncReport, readings_by_zone: ReadingsByZone) -> SyncReport:
        """``report``, or an alert for the dice turned in place (``turned_in_place``) in groups the engine has
        not changed since their dice were remembered. A group is remembered whenever all its dice are read
        surely and match the engine's, unless a person's word on a misreading concerns it."""
        state = self.session.upcoming_state()
        expected = expected_dice(state)
        now = dice_by_group(die_spots(readings_by_zone, state.colours, self.min_confidence))
        turned: List[Turned] = []
        if not report.mismatches:
            for group, dice in sorted(now.items()):
                then = self._placed.get(group)
                if then is not None and then.engine == expected_group(expected, group):
                    turned += turned_in_place(then.dice, dice)
        left_out = {Group(location, die.seat, die.die_type)
                    for m in self.misreadings for location, die in m.seen + m.actual}
        left_out |= {group_of(t.now.zone, t.now.die) for t in turned}
        for group in set(now) | set(self._placed):
            dice, engine = now.get(group, []), expected_group(expected, group)
            if group not in left_out and all(d.sure for d in dice) and Counter(d.die for d in dice) == engine:
                self._placed[group] = Remembered(tuple(dice), engine)
        if turned:
            self.pending_choice = None
            return replace(report, mismatches=tuple(describe_turned(turned, state.colours)), moves=(),
                           accept_options=())
        return report

    def recheck(self) -> Optional[SyncStep]:
        """Compare the last settled table again (after a move entered by tap); None before any settle."""
        return None if self._last_seen is None else self.observe(self._last_seen)

    def camera_misread(self) -> SyncStep:
        """A person says the table is as the game has it: what the alert lists is the camera's error.
        It is remembered while those dice stay where they are, and the table is compared again."""
        if self.alert is None or self._last_seen is None:
            raise IllegalAction("sync", "There is no mismatch to put down to the camera")
        state = self.session.upcoming_state()
        expected = expected_dice(state)
        observed = self._corrected(state, ObservedTable.from_zones(self._last_seen, state.colours,
                                                                   self.min_confidence))
        missing, extra = differences(expected, observed)  # ``_corrected`` has settled the unsure values
        if missing or extra:
            self.misreadings.append(Misreading(tuple(extra), tuple(missing)))
        self._placed = {}  # a die the alert said was turned was misread: nothing read here is to be trusted
        step = self.observe(self._last_seen)
        self._placed = {}
        return step

    def _corrected(self, state: State, observed: ObservedTable) -> ObservedTable:
        """The table with the misreadings people pointed out corrected; those that no longer hold are dropped."""
        expected = expected_dice(state)
        observed = settle_unsure_readings(vouched_dice(state, expected), observed)
        self.misreadings = [m for m in self.misreadings if m.holds(expected, observed)]
        for misreading in self.misreadings:
            observed = misreading.correct(observed)
        return observed

    def accept(self) -> Tuple[object, ...]:
        """Take the table into the engine (the alert's legal option); the session checks it again."""
        if self.alert is None or not self.alert.accept:
            raise IllegalAction("sync", "There is no legal move that matches the table: put the table back instead")
        outcomes = tuple(self.submit(action) for action in self.alert.accept)
        if all(o.ok for o in outcomes):
            self.alert = None
        self.show_leds()
        return outcomes

    def choose(self, index: int = 0) -> Tuple[object, ...]:
        """Play one of several moves the table could show (or the proposal, when it was not played)."""
        source = self.pending_choice
        if source is None or not 0 <= index < len(source.moves):
            raise IllegalAction("sync", "There is no move from the table to choose")
        outcomes = tuple(self.submit(action) for action in source.moves[index])
        if all(o.ok for o in outcomes):
            self.pending_choice = None
        self.show_leds()
        return outcomes

    def submit(self, action: Action):
        """Submit to the session (which plays the seeded order and deal before a table roll)."""
        return self.session.submit(action)

    @property
    def needs_attention(self) -> FrozenSet[int]:
        """Seat indexes (from 0) whose LEDs blink: those the alert concerns, else the seat to move."""
        if self.alert is None and self.pending_choice is None:
            return frozenset()
        seats = self.alert.seats_concerned if self.alert else frozenset()
        known = frozenset(s for s in seats if s is not None)
        if known:
            return known
        turn = self.session.upcoming_state().turn
        return frozenset() if turn is None else frozenset({turn})

    def show_leds(self) -> None:
        """Set the panel: the turn, and blinking for the seats an alert concerns."""
        if self.panel is not None:
            show_on_panel(self.panel, self.session.upcoming_state().turn,
                          [spec.kind for spec in self.session.seats], self.needs_attention)


def zone_reader(finder, read: Callable, profile=None) -> Callable[[object], Dict[str, List[object]]]:
    """frame -> readings by zone, from a ``ZoneFinder`` and a reader such as ``vision.reader.read_dice``
    (called as ``read(frame, profile, ignore=marker_regions, die_size=...)``: the markers' paper is never a
    die, and the markers tell how large the dice are)."""
    def readings_by_zone(frame) -> Dict[str, List[object]]:
        found = finder.find(frame)
        return found.placed(read(frame, profile, **found.reader_hints()))
    return readings_by_zone
