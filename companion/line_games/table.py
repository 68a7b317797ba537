"""A game played by lines at the touchscreen: the line being tapped, part by part, and what the Automas last
said, around the stored :class:`GameSession`; what is asked, whose turn it is and what the camera looks for are
the game's own (``GameKind``). No Kivy here."""
from __future__ import annotations

from typing import Any, Callable, Optional

from hardware.panel import Panel, PanelEvent
from vision.readings import ReadingsByZone

from ..store import GameStore, game_kind
from . import leds
from .camera_look import LookThen
from .choices import Choice, Step, line_of
from .kinds import TableCheck
from .session import Answer, GameSession

TAP_INSTEAD = Choice("No: tap them", "")  # the camera's reading of a roll refused: the dice are tapped
READING_ROLL = "The camera is reading her roll. Wait a moment, or tap her dice."
NO_PICTURE = "The camera gave no picture: the Automas' dice are not checked."


class OtherGameTable:
    """What the screen of an other game shows and does: the question, its buttons, the parts of
    the line tapped so far, the lines the Automas last said; choosing, taking back, undoing; and,
    with a ``panel``, its buttons, its LEDs showing whose turn it is after every change.

    With a camera (``look``, for a game whose camera looks for something) an Automa's roll is read from the table
    and confirmed with one tap, and the Automas' dice are checked as their turn starts; what the
    camera could not read, or where the table differs from the game, is ``camera_line``. A look may
    hand its readings on later (the screen's looks run on a thread of their own): until then her dice
    can be tapped, and readings for a question no longer asked are dropped."""

    def __init__(self, session: GameSession, said: Optional[list[str]] = None, panel: Optional[Panel] = None,
                 look: Optional[LookThen] = None) -> None:
        self.session = session
        self.parts: list[str] = []
        self.said: list[str] = list(said or [])
        self.refusal = ""
        self.panel = panel
        self.look = look if session.kind.camera is not None else None
        self._check_line = ""  # where the Automas' dice differ from the game's, as their turn started
        self._roll_line = ""   # the camera reading her roll, or why it could not
        self._mid_turn = False  # the lines said so far belong to a card pair not yet resolved
        self._camera_step: Optional[Step] = None  # the camera's roll to confirm, read once per question
        self._looked = False
        self._tapping = False   # the camera's roll was refused: the dice are tapped
        self._moves = 0         # lines played or undone: a look's readings count only until the next one
        self.show_leds()

    @classmethod
    def new(cls, store: GameStore, kind_name: str, setup: Any, panel: Optional[Panel] = None,
            look: Optional[LookThen] = None) -> "OtherGameTable":
        """A new game of ``setup`` (``companion.line_games.setup_form``)."""
        session = GameSession.new(store, kind_name, setup)
        return cls(session, session.setup_lines(), panel, look)

    @classmethod
    def resume(cls, store: GameStore, game_id: str, panel: Optional[Panel] = None,
               look: Optional[LookThen] = None) -> "OtherGameTable":
        return cls(GameSession.resume(store, game_kind(store.header(game_id)), game_id), panel=panel, look=look)

    @property
    def title(self) -> str:
        return self.session.kind.title

    @property
    def over(self) -> bool:
        return self.session.game.waiting_for() == "over"

    def step(self) -> Optional[Step]:
        if not self.parts and not self._tapping:
            camera = self._camera_roll()
            if camera is not None:
                return camera
        return self.session.kind.next_step(self.session.game, self.parts)

    def _camera_roll(self) -> Optional[Step]:
        """The roll the camera read, to confirm; looked at once per question asked."""
        if self.look is None or self._looked:
            return self._camera_step
        self._looked = True
        if self._camera().rolling(self.session.game):
            self._roll_line = READING_ROLL
            self._take_look(self._read_roll)
        return self._camera_step

    def _read_roll(self, placed: Optional[ReadingsByZone]) -> None:
        self._roll_line = ""
        roll = self._camera().roll(self.session.game, placed)
        if roll is None:
            return
        if roll.values is None:
            self._roll_line = f"The camera could not read her roll: {roll.why}. Tap her dice."
            return
        shown = " ".join(map(str, roll.values))
        self._camera_step = Step(f"The camera read her roll: {shown}. Right?",
                                 (Choice(f"Yes: {shown}", roll.line(), ends=True), TAP_INSTEAD))

    def _checks(self, line: str) -> bool:
        """Whether ``line`` starts the Automas' turn, when the camera checks their dice against the game's."""
        return self.look is not None and self._camera().checks(line)

    def _camera(self) -> TableCheck:
        """What the game's camera looks for (there is a look only where it looks for something)."""
        assert self.session.kind.camera is not None
        return self.session.kind.camera

    def _show_check(self, placed: Optional[ReadingsByZone], expected: Any) -> None:
        found = self._camera().differences(placed, expected) if placed is not None else [NO_PICTURE]
        self._check_line = " ".join(["Camera:", *found]) if found else ""

    def _take_look(self, then: Callable[[Optional[ReadingsByZone]], None]) -> None:
        """A look whose readings go to ``then``, unless a line was played or undone before they came."""
        asked_at = self._moves

        def deliver(placed: Optional[ReadingsByZone]) -> None:
            if self._moves == asked_at:
                then(placed)
        assert self.look is not None
        self.look(deliver)

    @property
    def camera_line(self) -> str:
        """What the camera found amiss at the turn's start, then what it is doing with her roll."""
        return " ".join(line for line in (self._check_line, self._roll_line) if line)

    def tapped(self) -> str:
        """The line so far, as the game will be told it."""
        return line_of(self.parts)

    def choose(self, choice: Choice) -> Optional[Answer]:
        """Add a part; once the line is complete, play it (the Answer), else None."""
        self.refusal = ""
        if choice is TAP_INSTEAD:
            self._tapping = True
            self.show_leds()
            return None
        self.parts.append(choice.part)
        if not choice.ends and self.step() is not None:
            self.show_leds()
            return None
        line = line_of(self.parts)
        self._check_line = self._roll_line = ""
        expected = self._camera().expected(self.session.game) if self._checks(line) else None
        answer = self._told(self.session.submit(line))
        if expected is not None:
            self._take_look(lambda placed: self._show_check(placed, expected))
        return answer

    def back(self) -> None:
        """Take back the last part tapped of the line not yet played."""
        if self.parts:
            self.parts.pop()
        else:
            self._tapping = False
        self.show_leds()

    def undo(self) -> Answer:
        """Take back the line being tapped, else the last turn played: its lines, as the game counts them
        (``GameKind.turn_lines``; a line for most games)."""
        if self.parts or self._tapping:
            self.parts = []
            self.refusal = ""
            self._tapping = False
            self.show_leds()
            return Answer(True)
        lines = self.session.kind.turn_lines(self.session.game)
        answer = self.session.undo(lines)
        self._asked_anew()
        self._check_line = self._roll_line = ""
        undone = "the last turn is" if lines > 1 else "the last thing told is"
        self.said = [f"Undone: {undone} taken back."] if answer.ok else self.said
        self.refusal = "" if answer.ok else answer.reason
        self.show_leds()
        return answer

    def confirm(self) -> Optional[Answer]:
        """The panel's Confirm: the one choice asked when there is only one."""
        step = self.step()
        if step is None or len(step.choices) != 1:
            return None
        return self.choose(step.choices[0])

    def press(self, event: PanelEvent) -> Optional[Answer]:
        """A button of the panel: Undo undoes, Confirm confirms; a seat button asks nothing of the game."""
        if event.kind == "undo":
            return self.undo()
        if event.kind == "confirm":
            return self.confirm()
        return None

    def show_leds(self) -> None:
        if self.panel is not None:
            leds.show(self.panel, self.session.kind.whose_turn(self.session.game, self.parts))

    def _asked_anew(self) -> None:
        """The game moved on or back: the camera looks again at the next roll asked."""
        self._looked, self._camera_step, self._tapping = False, None, False
        self._moves += 1

    def _told(self, answer: Answer) -> Answer:
        self.parts = []
        if answer.ok:
            self._asked_anew()
            self.said = (self.said if self._mid_turn else []) + answer.lines
            self.refusal = ""
            self._mid_turn = self.session.kind.mid_turn(self.session.game)
        else:
            self.refusal = answer.reason
        self.show_leds()
        return answer

    def status(self) -> str:
        """The game's standing in one line (``GameKind.status``)."""
        return self.session.kind.status(self.session.game)
