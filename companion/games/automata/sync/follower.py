"""The stateful follower the runtime calls after each settle: plays what the table shows, keeps alerts.

It plays proposed placements and rolls, keeps the alert until the table or the engine is put
right, remembers a person's word that the camera misread, flags dice turned in place, and names
the seats an alert concerns (``needs_attention``, for the panel's LEDs).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import (
    Callable,
    NamedTuple,
    Optional,
    Sequence,
)

from vision.readings import ReadingsByZone

from ..rules import Action, IllegalAction, Place, Roll, State
from .answers import ToldDie, accepted_dice, misread_dice, read_roll, turned_dice
from .explain import Moves
from .followed_game import FollowedGame, MoveOutcome
from .in_place import (
    DieSpot,
    Group,
    Turned,
    dice_by_group,
    die_spots,
    expected_group,
    turned_in_place,
)
from .locations import Location, expected_dice, vouched_dice
from .observe import Differences, Misreading, ObservedTable, differences
from .report import SyncReport, sync_table
from .rolled_types import with_rolled_types
from .settle import settle_unsure_readings
from .wording import describe_turned

AUTOMATIC_MOVES = (Place, Roll)  # played without a tap when they are the only explanation


def _guessed_placement(moves: Moves, observed: ObservedTable, colours: Sequence[str]) -> bool:
    """A placement of a die of a seat and type whose unsure values could be read more than one way."""
    return any(isinstance(a, Place) and (colours.index(a.seat), a.die[0]) in observed.guessed for a in moves)


def _unsure_roll(moves: Moves, observed: ObservedTable) -> bool:
    """A roll read with an unsure value: the engine cannot vouch for new values, so a person confirms it."""
    return any(isinstance(a, Roll) for a in moves) and bool(observed.unsure_values.get("available"))


@dataclass
class SyncStep:
    """What one settle led to: the report, the moves played without a tap and their outcomes, the alert."""

    report: SyncReport
    played: tuple[MoveOutcome, ...] = ()
    alert: Optional[SyncReport] = None
    moves: Moves = ()  # the moves of ``played``, in its order


class Remembered(NamedTuple):
    """A group's dice as last read surely where they matched the game, and the engine's dice then."""

    dice: tuple[DieSpot, ...]
    engine: Counter


@dataclass(frozen=True)
class Expected:
    """The state where the next decision is taken and the engine's dice in it: worked out once for each state
    of the game, however often a settle, a recheck or the LEDs ask."""

    state: State
    dice: dict[Location, Counter]


class TableSync:
    """Keeps a camera table and a game (a :class:`FollowedGame`, such as ``TableSession``) together.

    ``session``: the game, whose rolls come from the table. :meth:`observe` takes the readings of each settled
    table grouped by zone. ``trusts``: whether the reader has earned this table's trust for a die type
    (``companion.session.reader_trust``); a roll with a die of a type it has not is shown, not played. None:
    every type is trusted.
    """

    def __init__(self, session: FollowedGame, auto_play: bool = True, min_confidence: float = 0.0,
                 trusts: Optional[Callable[[str], bool]] = None) -> None:
        self.session = session
        self.trusts = trusts
        self._expected: Optional[Expected] = None
        self.auto_play = auto_play
        self.min_confidence = min_confidence
        self.alert: Optional[SyncReport] = None
        self.pending_choice: Optional[SyncReport] = None
        self.misreadings: list[Misreading] = []
        self._last_seen: Optional[ReadingsByZone] = None
        self._turned: tuple[Turned, ...] = ()  # the dice the last table showed turned in place
        self._placed: dict[Group, Remembered] = {}

    def expected(self) -> Expected:
        """The game's upcoming state and its dice, computed again only once the game has changed."""
        state = self.session.upcoming_state()
        if self._expected is None or self._expected.state is not state:
            self._expected = Expected(state, expected_dice(state))
        return self._expected

    def observe(self, readings_by_zone: ReadingsByZone) -> SyncStep:
        expected = self.expected()
        state = expected.state
        readings_by_zone = with_rolled_types(readings_by_zone, state)
        self._last_seen = readings_by_zone
        self._turned = ()
        observed = self._corrected(expected, ObservedTable.from_zones(readings_by_zone, state.colours,
                                                                      self.min_confidence))
        report = sync_table(state, observed, expected.dice)
        played: tuple[MoveOutcome, ...] = ()
        moves: Moves = ()
        self.pending_choice = None
        if report.proposal and self.auto_play and all(isinstance(a, AUTOMATIC_MOVES) for a in report.proposal) \
                and not _unsure_roll(report.proposal, observed) and self._trusted(report.proposal) \
                and not _guessed_placement(report.proposal, observed, state.colours):
            moves = report.proposal
            played = tuple(self.submit(action) for action in moves)
            if all(o.ok for o in played):
                expected = self.expected()
                report = sync_table(expected.state, observed, expected.dice)
        elif report.moves:
            self.pending_choice = report
        report = self._in_place(report, readings_by_zone, self.expected())
        self.alert = report if report.mismatches else None
        return SyncStep(report, played, self.alert, moves)

    def _trusted(self, moves: Moves) -> bool:
        """Whether every die of every roll in ``moves`` is of a type the reader is trusted with at this table."""
        return self.trusts is None or all(self.trusts(die_type) for a in moves if isinstance(a, Roll)
                                          for die_type, _ in a.dice)

    def read_roll(self, roll: Roll) -> tuple[tuple[str, int, float], ...]:
        """Each die of ``roll`` as the last settled table read it (``answers.read_roll``); none before a settle."""
        if self._last_seen is None:
            return ()
        return read_roll(roll, self._last_seen, self.expected().state.colours)

    def _in_place(self, report: SyncReport, readings_by_zone: ReadingsByZone, expected_now: Expected) -> SyncReport:
        """``report``, or an alert for the dice turned in place (``turned_in_place``) in groups the engine has
        not changed since their dice were remembered. A group is remembered whenever all its dice are read
        surely and match the engine's, unless a person's word on a misreading concerns it."""
        state, expected = expected_now.state, expected_now.dice
        now = dice_by_group(die_spots(readings_by_zone, state.colours, self.min_confidence))
        turned: list[Turned] = []
        if not report.mismatches:
            for group, dice in sorted(now.items()):
                then = self._placed.get(group)
                if then is not None and then.engine == expected_group(expected, group):
                    turned += turned_in_place(then.dice, dice)
        left_out = {Group(location, die.seat, die.die_type)
                    for m in self.misreadings for location, die in m.seen + m.actual}
        left_out |= {t.now.group for t in turned}
        for group in set(now) | set(self._placed):
            dice, engine = now.get(group, []), expected_group(expected, group)
            if group not in left_out and all(d.sure for d in dice) and Counter(d.die for d in dice) == engine:
                self._placed[group] = Remembered(tuple(dice), engine)
        if turned:
            self._turned = tuple(turned)
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
        missing, extra = self._differences(self._last_seen)
        if missing or extra:
            self.misreadings.append(Misreading(tuple(extra), tuple(missing)))
        self._placed = {}  # a die the alert said was turned was misread: nothing read here is to be trusted
        step = self.observe(self._last_seen)
        self._placed = {}
        return step

    def misread_dice(self) -> tuple[ToldDie, ...]:
        """The dice whose true type and value ``camera_misread`` would tell, with their readings in the last
        settled table (``answers.misread_dice``); none without an alert."""
        if self.alert is None or self._last_seen is None:
            return ()
        colours = self.expected().state.colours
        if self._turned:
            return turned_dice(self._turned, self._last_seen, colours)
        missing, extra = self._differences(self._last_seen)
        return misread_dice(Misreading(tuple(extra), tuple(missing)), self._last_seen, colours)

    def accepted_dice(self) -> tuple[ToldDie, ...]:
        """The dice ``accept`` would confirm as the camera read them surely (those the engine does not have yet),
        with their readings in the last settled table (``answers.accepted_dice``); none without a move to accept.
        Where a person said the camera misread, which reading is which cannot be told: none is confirmed there."""
        if self.alert is None or not self.alert.accept or self._last_seen is None:
            return ()
        _missing, extra = self._differences(self._last_seen)
        misread_at = {location for m in self.misreadings for location, _ in m.seen + m.actual}
        return accepted_dice([located for located in extra if located.location not in misread_at], self._last_seen,
                             self.expected().state.colours, self.min_confidence)

    def _differences(self, last_seen: ReadingsByZone) -> Differences:
        """How the last settled table, corrected and with its unsure values settled, differs from the engine."""
        expected = self.expected()
        observed = self._corrected(expected, ObservedTable.from_zones(last_seen, expected.state.colours,
                                                                      self.min_confidence))
        return differences(expected.dice, observed)

    def _corrected(self, expected_now: Expected, observed: ObservedTable) -> ObservedTable:
        """The table with the misreadings people pointed out corrected; those that no longer hold are dropped."""
        expected = expected_now.dice
        observed = settle_unsure_readings(vouched_dice(expected_now.state, expected), observed)
        self.misreadings = [m for m in self.misreadings if m.holds(expected, observed)]
        for misreading in self.misreadings:
            observed = misreading.correct(observed)
        return observed

    def accept(self) -> tuple[MoveOutcome, ...]:
        """Take the table into the engine (the alert's legal option); the session checks it again."""
        if self.alert is None or not self.alert.accept:
            raise IllegalAction("sync", "There is no legal move that matches the table: put the table back instead")
        outcomes = tuple(self.submit(action) for action in self.alert.accept)
        if all(o.ok for o in outcomes):
            self.alert = None
        return outcomes

    def choose(self, index: int = 0) -> tuple[MoveOutcome, ...]:
        """Play one of several moves the table could show (or the proposal, when it was not played)."""
        source = self.pending_choice
        if source is None or not 0 <= index < len(source.moves):
            raise IllegalAction("sync", "There is no move from the table to choose")
        outcomes = tuple(self.submit(action) for action in source.moves[index])
        if all(o.ok for o in outcomes):
            self.pending_choice = None
        return outcomes

    def submit(self, action: Action) -> MoveOutcome:
        """Submit to the session (which plays the seeded order and deal before a table roll)."""
        return self.session.submit(action)

    @property
    def needs_attention(self) -> frozenset[int]:
        """Seat indexes (from 0) whose LEDs blink: those the alert concerns, else the seat to move, else (a roll
        read unsurely, waiting for a person) the seats whose roll it is."""
        if self.alert is None and self.pending_choice is None:
            return frozenset()
        seats = self.alert.seats_concerned if self.alert else frozenset()
        known = frozenset(s for s in seats if s is not None)
        if known:
            return known
        state = self.expected().state
        if state.turn is not None:
            return frozenset({state.turn})
        moves = self.pending_choice.moves if self.pending_choice is not None else ()
        return frozenset(state.colours.index(a.seat) for seq in moves for a in seq if isinstance(a, Roll))
