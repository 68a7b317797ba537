"""A game of Tokaido or Euphoria at the touchscreen: the line being tapped, part by part, and what
the Automas last said, around the stored :class:`GameSession`. No Kivy here."""
from __future__ import annotations

from typing import Any, List, Optional

from hardware.panel import Panel, PanelEvent

from ..euphoria.game import QUESTIONS
from ..store import GameStore, game_kind
from . import leds
from .choices import Choice, Step, line_of, next_step
from .session import Answer, GameSession

# Euphoria's questions in the middle of a card pair: their answers' lines add to the pair's lines
MID_TURN = tuple(QUESTIONS)
ASKED = frozenset(QUESTIONS.values())  # the headless session's wording of them, asked here by the step


class OtherGameTable:
    """What the screen of an other game shows and does: the question, its buttons, the parts of
    the line tapped so far, the lines the Automas last said; choosing, taking back, undoing; and,
    with a ``panel``, its buttons, its LEDs showing whose turn it is after every change."""

    def __init__(self, session: GameSession, said: Optional[List[str]] = None, panel: Optional[Panel] = None) -> None:
        self.session = session
        self.parts: List[str] = []
        self.said: List[str] = list(said or [])
        self.refusal = ""
        self.panel = panel
        self._mid_turn = False  # the lines said so far belong to a card pair not yet resolved
        self.show_leds()

    @classmethod
    def new(cls, store: GameStore, kind_name: str, setup: Any, panel: Optional[Panel] = None) -> "OtherGameTable":
        """A new game of ``setup`` (``companion.other_games.setup_form``)."""
        session = GameSession.new(store, kind_name, setup)
        return cls(session, session.game.setup_lines(), panel)

    @classmethod
    def resume(cls, store: GameStore, game_id: str, panel: Optional[Panel] = None) -> "OtherGameTable":
        return cls(GameSession.resume(store, game_kind(store.header(game_id)), game_id), panel=panel)

    @property
    def title(self) -> str:
        return self.session.kind.title

    @property
    def over(self) -> bool:
        return self.session.game.waiting_for() == "over"

    def step(self) -> Optional[Step]:
        return next_step(self.session.game, self.parts)

    def tapped(self) -> str:
        """The line so far, as the game will be told it."""
        return line_of(self.parts)

    def choose(self, choice: Choice) -> Optional[Answer]:
        """Add a part; once the line is complete, play it (the Answer), else None."""
        self.parts.append(choice.part)
        self.refusal = ""
        if not choice.ends and self.step() is not None:
            self.show_leds()
            return None
        return self._told(self.session.submit(line_of(self.parts)))

    def back(self) -> None:
        """Take back the last part tapped of the line not yet played."""
        if self.parts:
            self.parts.pop()
        self.show_leds()

    def undo(self) -> Answer:
        """Take back the line being tapped, else the last line played."""
        if self.parts:
            self.parts = []
            self.refusal = ""
            self.show_leds()
            return Answer(True)
        answer = self.session.undo()
        self.said = ["Undone: the last thing told is taken back."] if answer.ok else self.said
        self.refusal = "" if answer.ok else answer.reason
        self.show_leds()
        return answer

    def confirm(self) -> Optional[Answer]:
        """The panel's Confirm: the one choice asked when there is only one (Euphoria's next)."""
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
            leds.show(self.panel, leds.whose_turn(self.session.game, self.parts))

    def _told(self, answer: Answer) -> Answer:
        self.parts = []
        if answer.ok:
            lines = [line for line in answer.lines if line not in ASKED]
            self.said = (self.said if self._mid_turn else []) + lines
            self.refusal = ""
            self._mid_turn = self.session.game.waiting_for() in MID_TURN
        else:
            self.refusal = answer.reason
        self.show_leds()
        return answer

    def status(self) -> str:
        """The Automas' scores (Tokaido) or authority tokens left (Euphoria), in one line."""
        state = self.session.game.to_json()
        automas = state["automas"]
        if self.session.kind.name == "tokaido":
            return "  ·  ".join(f"{c.title()} {a['score']} points" for c, a in automas.items())
        return "  ·  ".join(f"{c.title()} ({a['faction'].title()}) {a['tokens']}"
                            for c, a in automas.items()) + " tokens"
