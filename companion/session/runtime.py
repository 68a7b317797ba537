"""One game at the table: the session, the camera table's sync, the panel's buttons and LEDs.

The app and the headless session are two faces of a ``TableRuntime``: every change to the game goes
through it (a move entered, an Automa's move played, undo, a move seen on the table, a button
pressed), and after each the panel's LEDs are set here, from the game and the sync's alert. The notes
the Home screen lists (round, phase, final score) are kept by ``TableSession`` with every event it
saves. Call it from one thread: the camera's settles come from ``CameraFollower``'s thread, so a face
hands them over to its own (the app on Kivy's main thread, the headless session on its loop).

With ``table_dice``, each die whose value a person confirmed for a move becomes one of the table's examples
(``companion.session.dice_learning``), and the undo of that move takes it back. So does each die a person's
answer to the mismatch alert tells the type and value of (``companion.games.automata.sync.answers``), cut from the frame the
settled table was read in: accepting the table is taken back with the move it played; "The camera misread",
which plays nothing, with the next move (any undo before that too).

With ``rolls``, each roll read from the table is kept in the table's reader record with what the game took
(``companion.session.roll_trust``), and a roll with a die of a type the reader has not yet earned this table's
trust for is shown for one confirmation (``confirm_roll``: Confirm on the panel, a tap, a ``confirm`` line).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional, Sequence

import numpy as np

from hardware.panel import Panel, PanelEvent
from vision.examples import DieExample
from vision.readings import CONFIDENCE_THRESHOLD, ReadingsByZone

from ..games.automata.automa import AutomaDecision
from ..games.automata.rules import Action, IllegalAction, Roll
from ..games.automata.sync import SyncStep, TableSync
from ..games.automata.sync.answers import ToldDie
from .dice_learning import ConfirmedDie, TableDiceLearner
from .roll_trust import Read, RollKeeper
from .table import Outcome, TableSession


@dataclass(frozen=True)
class Pressed:
    """What a button press did: the move it undid or played (``outcome``), or, for Confirm while the table
    is to roll, that the dice rolled are to be entered (``asks_roll``). Neither: nothing to do now."""

    outcome: Optional[Outcome] = None
    asks_roll: bool = False


class TableRuntime:
    """``session`` at the table, with ``panel`` (optional). ``sync`` is set while a camera follows the table;
    ``table_dice`` while the dice a person confirms are to teach the reader (a camera reads them)."""

    def __init__(self, session: TableSession, panel: Optional[Panel] = None) -> None:
        self.session = session
        self.panel = panel
        self.sync: Optional[TableSync] = None
        self.table_dice: Optional[TableDiceLearner] = None
        self.rolls: Optional[RollKeeper] = None
        # (an undo to fewer actions in the game takes them back, the learner, the examples confirmed)
        self._taught: list[tuple[int, TableDiceLearner, tuple[DieExample, ...]]] = []
        self._settled_frame: Optional[np.ndarray] = None  # the frame the last settled table was read in
        self.show_leds()

    # -- moves ----------------------------------------------------------------------------------

    def submit(self, action: Action | str, confirmed: Sequence[ConfirmedDie] = ()) -> Outcome:
        """Play ``action``; the dice a person ``confirmed`` for it (a roll's values) become examples of the
        table's dice once it is played."""
        shown = self._shown_roll()
        outcome = self.session.submit(action)
        if outcome.ok:
            self._teach(confirmed, len(self.session.game.actions))
            rolls = [a for a in self.session.game.actions[-1:] if isinstance(a, Roll)]
            # the roll shown for confirmation, entered by a person as read or corrected; any other roll entered by a
            # person was not read, and tells only whether a roll undone was misread
            self._kept(rolls, shown[1] if shown is not None and rolls and rolls[0].seat == shown[0] else ())
        return self._shown(outcome)

    def acknowledge_automa(self) -> Outcome:
        """Play the Automa's decision once the person at the table has carried it out."""
        return self._shown(self.session.acknowledge_automa())

    def play_automas(self) -> Iterator[tuple[AutomaDecision, Outcome]]:
        """The Automa seats' moves, each saved as it is played, until a person or the table is to act."""
        for played in self.session.play_automas():
            self.show_leds()
            yield played

    def undo(self, through_automas: bool = False) -> Outcome:
        """Take back the last decision (``TableSession.undo``), and the examples confirmed with the moves it
        takes back."""
        outcome = self.session.undo(through_automas)
        played = len(self.session.game.actions)
        if self.rolls is not None:
            self.rolls.undone(played)
        while self._taught and self._taught[-1][0] > played:
            _, learner, examples = self._taught.pop()
            learner.take_back(examples)
        return self._shown(outcome)

    def _teach(self, confirmed: Sequence[ConfirmedDie], taken_back_below: int) -> None:
        """``confirmed`` become examples of the table's dice, until an undo leaves fewer than ``taken_back_below``
        actions in the game."""
        if confirmed and self.table_dice is not None:
            self._taught.append((taken_back_below, self.table_dice, self.table_dice.add(confirmed)))

    # -- following a camera table ---------------------------------------------------------------

    def follow_table(self, min_confidence: float = CONFIDENCE_THRESHOLD,
                     rolls: Optional[RollKeeper] = None) -> TableSync:
        """Follow a calibrated camera table from now on; its rolls come from the table. ``min_confidence``:
        a die's value read with less is unsure (the engine's value stands, a roll waits for a person). ``rolls``:
        the table's reader record, which says which rolls play by themselves; without it, every sure roll does."""
        self.session.take_rolls_from_table()
        self.rolls = rolls
        self.sync = TableSync(self.session, min_confidence=min_confidence,
                              trusts=rolls.trusts if rolls is not None else None)
        self._settled_frame = None
        self.show_leds()
        return self.sync

    def stop_following(self) -> None:
        self.sync = None
        self.show_leds()

    def table_settled(self, readings_by_zone: ReadingsByZone, frame: Optional[np.ndarray] = None) -> SyncStep:
        """The table came to rest: play the placement or roll it shows, or raise the alert. ``frame``: the frame
        the dice were read in (BGR), where the dice a person's answer to the alert tells are cut from; without
        it, the answers teach nothing."""
        sync = self._following()
        step = sync.observe(readings_by_zone)
        self._settled_frame = frame
        self._kept([a for a, o in zip(step.moves, step.played) if o.ok], None)
        return self._shown(step)

    def recheck(self) -> Optional[SyncStep]:
        """After a move entered by tap: compare the last settled table again, but only while an alert or a
        choice is waiting (it may be resolved now). Otherwise the next settle tells, so a move tapped
        before the die is moved raises no alert."""
        if self.sync is None or (self.sync.alert is None and self.sync.pending_choice is None):
            return None
        return self._shown(self.sync.recheck())

    def accept_table(self) -> tuple[Outcome, ...]:
        """Take the table into the game (the alert's legal option); the dice it accepts as read become examples."""
        sync = self._following()
        told = sync.accepted_dice()
        accepted = sync.alert.accept if sync.alert is not None else ()
        outcomes = sync.accept()
        self._kept([a for a, o in zip(accepted, outcomes) if o.ok], None)
        if all(o.ok for o in outcomes):
            self._teach(self._confirmed(told), len(self.session.game.actions))
        return self._shown(outcomes)

    def camera_misread(self) -> SyncStep:
        """A person says the table is as the game has it: the alert's differences are the camera's error. The
        dice misread become examples of the values the game has, taken back with the next move."""
        sync = self._following()
        told = sync.misread_dice()
        step = sync.camera_misread()
        self._teach(self._confirmed(told), len(self.session.game.actions) + 1)
        if self.rolls is not None:
            self.rolls.misread(told)
        return self._shown(step)

    def _confirmed(self, told: Sequence[ToldDie]) -> list[ConfirmedDie]:
        """The dice ``told``, where the camera saw them in the last settled table (none without its frame)."""
        if self._settled_frame is None:
            return []
        return [ConfirmedDie.of(self._settled_frame, die.reading, die.die_type, die.value, die.colour) for die in told]

    def choose_seen(self, index: int = 0) -> tuple[Outcome, ...]:
        """Play one of the moves the table could show."""
        sync = self._following()
        chosen = sync.pending_choice.moves[index] if sync.pending_choice is not None \
            and 0 <= index < len(sync.pending_choice.moves) else ()
        outcomes = sync.choose(index)
        self._kept([a for a, o in zip(chosen, outcomes) if o.ok], None)
        return self._shown(outcomes)

    def roll_to_confirm(self) -> Optional[Roll]:
        """The roll the table shows, waiting for a person's one confirmation, or None."""
        pending = self.sync.pending_choice if self.sync is not None else None
        rolls = [a for a in pending.proposal if isinstance(a, Roll)] if pending is not None else []
        return rolls[0] if rolls else None

    def confirm_roll(self) -> tuple[Outcome, ...]:
        """Play the roll shown for confirmation, as read (one press of Confirm, one tap, a ``confirm`` line)."""
        if self.roll_to_confirm() is None:
            raise IllegalAction("sync", "No roll from the table waits to be confirmed")
        return self.choose_seen(0)

    def _shown_roll(self) -> Optional[tuple[str, tuple[Read, ...]]]:
        """The seat and dice read of the roll shown for confirmation, where a reader record is kept."""
        roll = self.roll_to_confirm()
        if roll is None or self.rolls is None or self.sync is None:
            return None
        return roll.seat, self.sync.read_roll(roll)

    def _kept(self, played: Sequence[Action], read: Optional[tuple[Read, ...]]) -> None:
        """The rolls among ``played`` (just played) kept in the reader record; ``read``: how the camera read them,
        or None to read each from the last settled table."""
        if self.rolls is None or self.sync is None:
            return
        actions = self.session.game.actions
        for roll in (a for a in played if isinstance(a, Roll)):
            at = next((i for i in range(len(actions) - 1, -1, -1) if actions[i] == roll), None)
            if at is not None:
                self.rolls.played(at + 1, roll, self.sync.read_roll(roll) if read is None else read)

    def _following(self) -> TableSync:
        if self.sync is None:
            raise ValueError("No camera follows this table")
        return self.sync

    # -- the panel ------------------------------------------------------------------------------

    def press(self, event: PanelEvent) -> Pressed:
        """A button: Undo takes back the last move; Confirm plays the Automa's move, or asks for the roll
        the table is to make. A seat button asks nothing of the game."""
        if event.kind == "undo":
            return Pressed(self.undo())
        if event.kind == "confirm":
            if self.session.automa_decision() is not None:
                return Pressed(self.acknowledge_automa())
            if self.roll_to_confirm() is not None:
                outcomes = self.confirm_roll()
                return Pressed(outcomes[-1] if outcomes else None)
            if self.session.upcoming_state().is_chance_node:
                return Pressed(asks_roll=True)
        return Pressed()

    def show_leds(self) -> None:
        """Solid: the seat to move (the Automa LED for an Automa's); blinking: the seats an alert or a move
        seen on the table concerns."""
        if self.panel is None:
            return
        state = self.session.upcoming_state()
        kinds = [spec.kind for spec in self.session.seats]
        turn = None if state.is_over else state.turn
        attention = self.sync.needs_attention if self.sync is not None else frozenset()
        automa_turn = turn is not None and kinds[turn] == "automa"
        self.panel.show(None if turn is None or automa_turn or turn >= self.panel.seats else turn + 1,
                        needs_attention=[s + 1 for s in attention if kinds[s] != "automa" and s < self.panel.seats],
                        automa_turn=automa_turn,
                        automa_attention=any(kinds[s] == "automa" for s in attention))

    def _shown(self, result):
        """``result``, once the LEDs show the game it leaves."""
        self.show_leds()
        return result
