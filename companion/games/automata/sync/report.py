"""The comparison of the table with the engine: in sync, a move the table shows, or mismatches.

:func:`sync_table` is a pure function over the engine state and the dice seen per location. It
answers with a :class:`SyncReport`:

* *in sync*: the table shows what the engine expects (where an unsure reading took the engine's
  value and the two differ, it is kept as a :class:`Doubt`, for a person to look at);
* *a move*: the difference is exactly what a normal legal move does (a die taken from the
  roll tray to a staging area, a roll, an activation); it is proposed, and a placement or a
  roll can be played without a tap;
* *mismatches*: anything else, each with a plain sentence and what to do to put the table
  back; where a legal action (checked by the engine) would make the engine match the table,
  e.g. a paid +1, it is offered as the other way out ("accept the table").
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Mapping, Optional, Sequence

from vision.readings import DieReading

from ..rules import State
from .explain import NORMAL_MOVES, Moves, explanations, placement_chains
from .locations import Location, expected_dice, vouched_dice
from .observe import Doubt, ObservedTable, differences
from .settle import settle_unsure_readings
from .wording import Mismatch, describe, doubt_sentence


@dataclass(frozen=True)
class SyncReport:
    mismatches: tuple[Mismatch, ...] = ()
    moves: tuple[Moves, ...] = ()          # normal moves the table shows (one = the proposal)
    accept_options: tuple[Moves, ...] = ()  # legal ways to make the engine match the table
    tracked: frozenset[Location] = frozenset()
    uncertain: tuple[DieReading, ...] = ()
    doubts: tuple[Doubt, ...] = ()  # unsure readings the engine's values stood in for, where they differ

    @property
    def in_sync(self) -> bool:
        return not self.mismatches and not self.moves

    @property
    def proposal(self) -> Moves:
        """The move to play: set only when exactly one normal move explains the table."""
        return self.moves[0] if len(self.moves) == 1 else ()

    @property
    def accept(self) -> Moves:
        return self.accept_options[0] if self.accept_options else ()

    @property
    def seats_concerned(self) -> frozenset[Optional[int]]:
        return frozenset(m.seat for m in self.mismatches)

    def summary(self) -> str:
        """One plain paragraph for the screen."""
        if self.in_sync:
            return "The table matches the game."
        if not self.mismatches:
            if self.proposal:
                return "Seen: " + "; ".join(str(a) for a in self.proposal) + "."
            return "The table shows one of several moves: " + " | ".join(
                "; ".join(str(a) for a in seq) for seq in self.moves) + ". Which one?"
        lines = [m.sentence for m in self.mismatches]
        lines.append("To fix it, put the table back: " + " ".join(m.put_back for m in self.mismatches))
        if self.accept:
            lines.append("Or accept the table as the move: " + "; ".join(str(a) for a in self.accept) + ".")
        return " ".join(lines)

    def doubts_summary(self, colours: Sequence[str], most: int = 2) -> str:
        """What the camera was unsure of where the game's values stood in for its readings ('' when nothing),
        at most ``most`` dice named (a line under the camera preview has room for two)."""
        named = [doubt_sentence(doubt, colours) for doubt in self.doubts[:most]]
        more = len(self.doubts) - most
        return " ".join(named + ([f"And {more} more {'die' if more == 1 else 'dice'} like that."] if more > 0 else []))


def sync_table(state: State, observed: ObservedTable,
               expected: Optional[Mapping[Location, Counter]] = None) -> SyncReport:
    """Compare the table with the engine; see the module docstring for the three answers. ``expected``: the
    engine's dice (``expected_dice(state)``), where the caller has them already."""
    if expected is None:
        expected = expected_dice(state)
    observed = settle_unsure_readings(vouched_dice(state, expected), observed)
    missing, extra = differences(expected, observed)
    read = SyncReport(tracked=observed.tracked, uncertain=observed.uncertain, doubts=observed.doubts)
    if not missing and not extra:
        return read
    seats = {die.seat for _, die in missing + extra}
    at_table = {seat for seat in seats if seat is not None}
    every_seat_known = len(at_table) == len(seats)  # no die differs of a colour not at the table
    found = explanations(state, observed, at_table) if every_seat_known else []
    if not found and every_seat_known:
        found = placement_chains(state, observed)
    normal = tuple(seq for seq in found if all(isinstance(a, NORMAL_MOVES) for a in seq))
    if normal:
        return replace(read, moves=normal)
    return replace(read, mismatches=tuple(describe(missing, extra, state.colours)), accept_options=tuple(found))
